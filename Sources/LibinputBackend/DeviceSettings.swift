// Device configuration from Lodestone's settings, applied through libinput's config API when a
// device appears. An option a device does not support gives one clear message, not an error.

/// What the user asked for; nil leaves libinput's (or the device's) default.
public struct DeviceSettings: Hashable, Sendable {
    /// LIBINPUT_CONFIG_SCROLL_*
    public enum ScrollMethod: String, Hashable, Sendable, CaseIterable {
        case none
        case twoFinger = "two-finger"
        case edge
        case onButtonDown = "on-button-down"
    }

    /// LIBINPUT_CONFIG_ACCEL_PROFILE_*
    public enum AccelProfile: String, Hashable, Sendable, CaseIterable {
        case flat
        case adaptive
    }

    public var tapToClick: Bool?
    /// Natural scrolling on every pointer device (`lodestone libinput-events --natural-scroll`).
    public var naturalScroll: Bool?
    /// Natural scrolling on touchpads only (the playground's `naturalScrolling`, G1), as desktops
    /// set it: mice and trackpoints keep libinput's default. `naturalScroll` wins when both are set.
    public var touchpadNaturalScroll: Bool?
    public var scrollMethod: ScrollMethod?
    public var accelProfile: AccelProfile?
    /// -1 (slowest) … 1 (fastest), libinput's normalized speed.
    public var accelSpeed: Double?
    public var disableWhileTyping: Bool?

    public init(tapToClick: Bool? = nil, naturalScroll: Bool? = nil, touchpadNaturalScroll: Bool? = nil,
                scrollMethod: ScrollMethod? = nil, accelProfile: AccelProfile? = nil, accelSpeed: Double? = nil,
                disableWhileTyping: Bool? = nil) {
        self.tapToClick = tapToClick; self.naturalScroll = naturalScroll; self.touchpadNaturalScroll = touchpadNaturalScroll
        self.scrollMethod = scrollMethod
        self.accelProfile = accelProfile; self.accelSpeed = accelSpeed; self.disableWhileTyping = disableWhileTyping
    }

    public var isEmpty: Bool { self == DeviceSettings() }

    /// Applies every set option to a pointer device; returns one message per option that the
    /// device does not support or refused.
    func apply(to device: DeviceRef) -> [String] {
        var steps: [(String, ConfigOutcome)] = []
        if let on = tapToClick { steps.append(("tap-to-click", device.setTapToClick(on))) }
        if let on = naturalScroll ?? (device.capabilities.contains(.gesture) ? touchpadNaturalScroll : nil) {
            steps.append(("natural scrolling", device.setNaturalScroll(on)))
        }
        if let m = scrollMethod { steps.append(("scroll method \(m.rawValue)", device.setScrollMethod(m))) }
        if let p = accelProfile { steps.append(("acceleration profile \(p.rawValue)", device.setAccelProfile(p))) }
        if let s = accelSpeed {
            steps.append(("acceleration speed \(s)", (-1...1).contains(s) ? device.setAccelSpeed(s) : .invalid))
        }
        if let on = disableWhileTyping { steps.append(("disable-while-typing", device.setDisableWhileTyping(on))) }
        return steps.compactMap { option, outcome in
            switch outcome {
            case .applied: nil
            case .unsupported: "\(device.sysname) “\(device.name)” does not support \(option); setting ignored"
            case .invalid: "\(device.sysname) “\(device.name)” refused \(option) (out of range); setting ignored"
            }
        }
    }
}
