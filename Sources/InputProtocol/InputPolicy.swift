// Which source feeds the stream (`--input`, the settings file's `inputBackend`): one type for the
// setting and for the merge that carries it out (InputPipeline's InputMerger; issue 34.7).

/// Where Lodestone's input comes from.
public enum InputPolicy: String, Hashable, Sendable, CaseIterable {
    /// The compositor's seat (wl_pointer, wl_touch, pointer gestures).
    case wayland
    /// Gestures and modifiers from libinput on the devices directly (needs the `input` group),
    /// pointer position, buttons and scrolling from the compositor.
    case libinput
    /// Everything the compositor offers; libinput fills in the gesture kinds it does not send.
    case both
}
