// The compositor's globals as `lodestone check` reports them (issue 21.4): connect, one
// roundtrip, the advertised interfaces with their versions, disconnect. No window.
public enum CompositorGlobals {
    /// The globals of the compositor at `name` ($WAYLAND_DISPLAY when nil) and their highest
    /// advertised versions.
    public static func read(display name: String? = nil) throws(ConnectError) -> [String: UInt32] {
        let display = try Display(name: name)
        let registry = Registry(display: display)
        if case .failure(let why) = display.roundtrip() {
            throw ConnectError(display: display.name, reason: "the first roundtrip failed: \(why)")
        }
        return registry.advertised
    }
}
