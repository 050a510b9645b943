// wl_keyboard → InputProtocol key and modifier events (SPEC G10, T3). The modifier state comes
// from an xkb_state kept in sync with the compositor's keymap and wl_keyboard.modifiers. A bad
// keymap is reported once and the keyboard is ignored until a good one arrives; the client
// keeps running.
import CWayland
import InputProtocol

final class KeyboardInput {
    /// wl_keyboard*
    let proxy: OpaquePointer
    let version: UInt32
    private let emit: (InputEventKind, EventTime) -> Void
    private let report: (String) -> Void
    private(set) var keymap: Keymap?
    private(set) var keymapError: KeymapError?
    /// Keys per second and delay before repeating, in ms (wl_keyboard.repeat_info, v4).
    private(set) var repeatInfo: (rate: Int32, delay: Int32)?
    private(set) var focused = false
    /// The wl_surface* with the keyboard focus (nil: none of this client's).
    private(set) var focusedSurface: OpaquePointer?
    /// The keyboard focus came to one of this client's surfaces (true) or left (false).
    var onFocus: ((Bool) -> Void)?
    private var lastModifiers = ModifierState.none
    /// Keys pressed while focused, released for the engine when focus leaves.
    private var held: [UInt32] = []

    init(proxy: OpaquePointer, report: @escaping (String) -> Void, emit: @escaping (InputEventKind, EventTime) -> Void) {
        self.proxy = proxy
        self.emit = emit
        self.report = report
        version = wl_proxy_get_version(proxy)
        wl_keyboard_add_listener(proxy, KeyboardInput.listener, userData(self))
    }

    /// The keyboard went away: its held keys are released and no modifier stays in effect,
    /// so nothing downstream keeps a stale Alt (SPEC G7).
    func destroy() {
        releaseHeld()
        if lastModifiers != .none {
            lastModifiers = .none
            emit(.modifiers(.none), .none)
        }
        if version >= 3 { wl_keyboard_release(proxy) } else { wl_keyboard_destroy(proxy) }
    }

    private func keymap(format: UInt32, fd: Int32, size: UInt32) {
        switch Keymap.load(format: format, fd: fd, size: Int(size)) {
        case .success(let k):
            keymap = k
            keymapError = nil
        case .failure(let error):
            keymap = nil
            keymapError = error
            report("ignoring the keyboard: \(error)")
        }
    }

    private func enter(_ surface: OpaquePointer?) {
        focused = true
        focusedSurface = surface
        onFocus?(true)
        // The pressed-keys array of enter is not replayed: those presses began elsewhere. The
        // modifiers event that follows enter carries the state that matters.
    }

    private func leave() {
        focused = false
        focusedSurface = nil
        releaseHeld()
        // Held modifiers are no longer ours to know; locks (Caps, Num) stay as they were.
        let state = ModifierState(locked: lastModifiers.locked)
        if state != lastModifiers {
            lastModifiers = state
            emit(.modifiers(state), .none)
        }
        onFocus?(false)
    }

    private func key(time: UInt32, key: UInt32, state: UInt32) {
        guard keymap != nil else { return }
        let pressed = state == WL_KEYBOARD_KEY_STATE_PRESSED.rawValue
        if pressed { held.append(key) } else { held.removeAll { $0 == key } }
        emit(.key(KeyCode(rawValue: key), pressed: pressed), .milliseconds(time))
    }

    /// The compositor's key repeat (G10): rate 0 means keys do not repeat. Negative values
    /// break the protocol: reported, and read as no repeat.
    private func repeatInfo(rate: Int32, delay: Int32) {
        if rate < 0 || delay < 0 { report("wl_keyboard.repeat_info with a negative rate \(rate) or delay \(delay): keys will not repeat") }
        let r = (rate: max(0, min(rate, Int32(TraceLimits.keyRepeatRate.upperBound))),
                 delay: max(0, min(delay, Int32(TraceLimits.keyRepeatDelay.upperBound))))
        repeatInfo = r
        emit(.keyRepeat(KeyRepeat(rate: rate < 0 || delay < 0 ? 0 : Int(r.rate), delay: Int(r.delay))), .none)
    }

    private func modifiers(depressed: UInt32, latched: UInt32, locked: UInt32, group: UInt32) {
        guard let keymap else { return }
        let state = keymap.update(depressed: depressed, latched: latched, locked: locked, group: group)
        guard state != lastModifiers else { return }
        lastModifiers = state
        emit(.modifiers(state), .none)
    }

    private func releaseHeld() {
        for key in held.reversed() {
            emit(.key(KeyCode(rawValue: key), pressed: false), .none)
        }
        held.removeAll()
    }

    nonisolated(unsafe) private static let listener = makeListener(wl_keyboard_listener(
        keymap: { data, _, format, fd, size in object(data, as: KeyboardInput.self).keymap(format: format, fd: fd, size: size) },
        enter: { data, _, _, surface, _ in object(data, as: KeyboardInput.self).enter(surface) },
        leave: { data, _, _, _ in object(data, as: KeyboardInput.self).leave() },
        key: { data, _, _, time, key, state in object(data, as: KeyboardInput.self).key(time: time, key: key, state: state) },
        modifiers: { data, _, _, depressed, latched, locked, group in
            object(data, as: KeyboardInput.self).modifiers(depressed: depressed, latched: latched, locked: locked, group: group)
        },
        repeat_info: { data, _, rate, delay in object(data, as: KeyboardInput.self).repeatInfo(rate: rate, delay: delay) }))
}
