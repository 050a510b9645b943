// Why a step failed (issue 21.3): rules that compare what the compositor's seat delivered with
// what libinput saw, the device's libinput configuration and the compositor's globals. Each rule
// has an id, a one-line cause and a remedy; GestureCheckTests has a test per rule.
import InputProtocol

/// A device as the check saw it.
public struct CheckDevice: Hashable, Sendable {
    public var source: CheckSource
    public var id: DeviceID
    public var name: String
    public var capabilities: DeviceCapabilities
    /// libinput's configuration of the device, when libinput was read (nil: not known).
    public var configuration: DeviceConfiguration?
    public init(source: CheckSource, id: DeviceID, name: String, capabilities: DeviceCapabilities,
                configuration: DeviceConfiguration? = nil) {
        self.source = source; self.id = id; self.name = name; self.capabilities = capabilities
        self.configuration = configuration
    }
    /// The devices of `events` as their device_added named them, each once, with libinput's
    /// configuration (by name) for those libinput read.
    public static func seen(in events: [SourcedEvent], configurations: [String: DeviceConfiguration] = [:]) -> [CheckDevice] {
        var devices: [CheckDevice] = []
        for s in events {
            if case .deviceAdded(let name, let caps) = s.event.kind,
               !devices.contains(where: { $0.source == s.source && $0.id == s.event.device }) {
                devices.append(CheckDevice(source: s.source, id: s.event.device, name: name, capabilities: caps,
                                           configuration: s.source == .libinput ? configurations[name] : nil))
            }
        }
        return devices
    }

    /// A touchpad: gestures, or (a semi-mt or protocol-A pad, which libinput gives no gestures)
    /// a pointer with libinput's tap option.
    public var isTouchpad: Bool {
        capabilities.contains(.pointer) && (capabilities.contains(.gesture) || configuration?.tapToClick != nil)
    }
}

/// libinput's configuration of a device (libinput_device_config_*_get_*); nil: the device has
/// no such option.
public struct DeviceConfiguration: Hashable, Sendable {
    public var tapToClick: Bool?
    public var naturalScroll: Bool?
    /// "two-finger", "edge", "on-button-down", "none"
    public var scrollMethod: String?
    /// "button-areas", "clickfinger", "none"
    public var clickMethod: String?
    public var disableWhileTyping: Bool?
    /// Three-finger drag in this process's libinput context: "off", "3 fingers", "4 fingers"
    /// (the compositor's context has its own); nil where the device or the libinput has none.
    public var threeFingerDrag: String?
    public init(tapToClick: Bool? = nil, naturalScroll: Bool? = nil, scrollMethod: String? = nil,
                clickMethod: String? = nil, disableWhileTyping: Bool? = nil, threeFingerDrag: String? = nil) {
        self.tapToClick = tapToClick; self.naturalScroll = naturalScroll; self.scrollMethod = scrollMethod
        self.clickMethod = clickMethod; self.disableWhileTyping = disableWhileTyping; self.threeFingerDrag = threeFingerDrag
    }
}

extension DeviceConfiguration {
    /// `threeFingerDrag` where the loaded libinput predates the option.
    public static let threeFingerDragUnknown = "not in this libinput (1.28 added it)"
}

/// What the compositor is, as far as the check can tell.
public struct CompositorInfo: Hashable, Sendable {
    /// "sway 1.7", "weston", … nil: not knowable.
    public var name: String?
    /// The advertised globals and their versions (nil: no compositor was read).
    public var globals: [String: UInt32]?
    public init(name: String? = nil, globals: [String: UInt32]? = nil) { self.name = name; self.globals = globals }
    /// The compositor's name as far as its globals and the session say: private protocols
    /// (weston_*, org_kde_kwin_*, gtk_shell1 of mutter, zwlr_* of wlroots) and $SWAYSOCK /
    /// $XDG_CURRENT_DESKTOP. nil: not knowable.
    public static func guessName(globals: [String: UInt32], environment: [String: String]) -> String? {
        let names = globals.keys
        if names.contains(where: { $0.hasPrefix("weston_") }) { return "weston" }
        if names.contains("gtk_shell1") { return "Mutter (GNOME)" }
        // wlroots offers two org_kde_kwin_* globals of its own (idle, server decoration), and
        // KWin 6 some zwlr_* ones: Plasma's own protocols decide first, then wlroots'.
        if names.contains(where: { $0.hasPrefix("org_kde_plasma") || $0.hasPrefix("kde_output_device") || $0.hasPrefix("org_kde_kwin_outputdevice") }) {
            return "KWin (KDE Plasma)"
        }
        if names.contains(where: { $0.hasPrefix("zwlr_") }) {
            return environment["SWAYSOCK"] != nil ? "sway" : "a wlroots compositor"
        }
        if names.contains(where: { $0.hasPrefix("org_kde_kwin") }) { return "KWin (KDE Plasma)" }
        return environment["XDG_CURRENT_DESKTOP"].flatMap { $0.isEmpty ? nil : $0 }
    }
    public var isSway: Bool { name?.lowercased().hasPrefix("sway") ?? false }
    /// sway's version from the name ("sway 1.7.1" → 1, 7); nil when not said.
    public var swayVersion: (major: Int, minor: Int)? {
        guard isSway, let n = name?.split(separator: " ").dropFirst().first else { return nil }
        let parts = n.split(separator: ".").compactMap { Int($0) }
        return parts.count >= 2 ? (parts[0], parts[1]) : nil
    }
    public var isWeston: Bool { name?.lowercased().hasPrefix("weston") ?? false }
    public var offersPointerGestures: Bool? { globals.map { $0["zwp_pointer_gestures_v1"] != nil } }
}

public struct Diagnosis: Hashable, Sendable {
    public enum Severity: String, Hashable, Sendable { case problem, note }
    public var id: String
    /// The step it explains (nil: the whole check).
    public var step: StepName?
    public var severity: Severity
    public var cause: String
    public var remedy: String
}

/// Everything the rules read.
public struct CheckFindings: Sendable {
    public var input: CheckInput
    public var compositor: CompositorInfo
    public var devices: [CheckDevice]
    public var results: [StepResult]
    /// Whether libinput was read at all (`--input libinput|both`, or a libinput trace).
    public var libinputRead: Bool
    /// Whether the compositor's seat was read.
    public var compositorRead: Bool
    /// Why libinput could not be read beside the seat (`--input wayland` in the window), when
    /// it was tried: the nodes it was denied (nil: not denied, or not tried).
    public var libinputDenied: [String]?
    public init(input: CheckInput, compositor: CompositorInfo, devices: [CheckDevice], results: [StepResult],
                libinputRead: Bool, compositorRead: Bool, libinputDenied: [String]? = nil) {
        self.input = input; self.compositor = compositor; self.devices = devices; self.results = results
        self.libinputRead = libinputRead; self.compositorRead = compositorRead; self.libinputDenied = libinputDenied
    }
    func result(_ s: StepName) -> StepResult? { results.first { $0.step == s } }
    func failed(_ s: StepName) -> Bool {
        guard let r = result(s) else { return false }
        if case .passed = r.outcome { return false }
        return true
    }
    /// The touchpads libinput reads (issue 30.10: a compositor's seat pointer offers gestures
    /// whatever its device is, so it is never evidence of a touchpad).
    var touchpads: [CheckDevice] { devices.filter { $0.source == .libinput && $0.isTouchpad } }
    /// Whether the step was tried and did not pass: failed, or skipped after its time ran out or
    /// with S (not a step the check never ran: ended, interrupted, no input, not applicable).
    func triedWithoutPassing(_ s: StepName) -> Bool {
        switch result(s)?.outcome {
        case .failed?: true
        case .skipped(let why)?:
            switch why {
            case .timeout, .nothingForIt, .key, .nothingRecorded: true
            default: false
            }
        default: false
        }
    }
}

public struct DiagnosisRule: Sendable {
    public var id: String
    public var check: @Sendable (CheckFindings) -> [Diagnosis]
}

public enum Diagnoses {
    static let gestureSteps: [StepName] = [.scroll, .pinch, .rotate, .smartZoom, .swipe3, .swipe4, .hold, .tap]

    public static let rules: [DiagnosisRule] = [
        DiagnosisRule(id: "no-compositor-input") { f in
            // A compositor with no seat at all (weston's headless backend): nothing can arrive.
            let seatSilent = f.results.allSatisfy { ($0.tally[.compositor]?.all ?? 0) == 0 }
            if f.input != .libinput, f.compositorRead, seatSilent, let globals = f.compositor.globals, globals["wl_seat"] == nil,
               f.results.contains(where: { if case .passed = $0.outcome { false } else { true } }) {
                let who = f.compositor.name.map { " (\($0))" } ?? ""
                return [Diagnosis(id: "no-compositor-input", step: nil, severity: .problem,
                                  cause: "No input from the compositor\(who): it offers no seat (no wl_seat global), so no pointer, keyboard or touch reaches this window.",
                                  remedy: "Use `--input libinput` to read the devices directly (you need read access to /dev/input), or run the check in a session whose compositor has your devices.")]
            }
            // A compositor was read, libinput delivered, the seat never did (weston without a seat).
            guard f.input != .libinput, f.compositorRead, f.libinputRead, seatSilent,
                  f.results.contains(where: { ($0.tally[.libinput]?.all ?? 0) > 0 }) else { return [] }
            return [Diagnosis(id: "no-compositor-input", step: nil, severity: .problem,
                              cause: "No input from the compositor: its seat delivered nothing while libinput saw your devices.",
                              remedy: "Use `--input libinput` to read the devices directly (you need read access to /dev/input).")]
        },
        DiagnosisRule(id: "no-touchpad") { f in
            guard f.libinputRead, f.touchpads.isEmpty, gestureSteps.contains(where: f.failed) else { return [] }
            return [Diagnosis(id: "no-touchpad", step: nil, severity: .problem,
                              cause: "No touchpad found: no device libinput reads has gestures or tapping.",
                              remedy: "Check the touchpad is enabled (a function key, or the firmware setting) and shown by `libinput list-devices`; semi-mt and protocol-A pads give no gestures.")]
        },
        DiagnosisRule(id: "libinput-denied") { f in
            guard let denied = f.libinputDenied, gestureSteps.contains(where: f.failed) else { return [] }
            let nodes = denied.isEmpty ? "the input devices" : denied.joined(separator: ", ")
            return [Diagnosis(id: "libinput-denied", step: nil, severity: .problem,
                              cause: "libinput cannot read \(nodes): permission denied, so the check cannot tell whether there is a touchpad or what it sends before the compositor.",
                              remedy: "Add your user to the `input` group (`sudo usermod -aG input $USER`, then log out and in) and run the check again.")]
        },
        DiagnosisRule(id: "no-gestures") { f in
            let steps = [StepName.pinch, .rotate, .swipe3, .swipe4, .hold].filter(f.failed)
            guard f.libinputRead, !steps.isEmpty, !f.touchpads.isEmpty,
                  !f.touchpads.contains(where: { $0.capabilities.contains(.gesture) }) else { return [] }
            let names = f.touchpads.map { "“\($0.name)”" }.joined(separator: ", ")
            return [Diagnosis(id: "no-gestures", step: steps[0], severity: .problem,
                              cause: "\(names) gives no multi-finger gestures: libinput tracks too few fingers on it (a semi-mt or protocol-A touchpad).",
                              remedy: "Nothing to set: pinch, swipe and hold need a touchpad that reports each finger; scrolling and tapping still work.")]
        },
        DiagnosisRule(id: "no-pointer-gestures") { f in
            guard f.input == .wayland, f.compositor.offersPointerGestures == false else { return [] }
            let steps = [StepName.pinch, .rotate, .swipe3, .swipe4, .hold].filter(f.failed)
            guard !steps.isEmpty else { return [] }
            let who = f.compositor.name.map { "Your compositor (\($0))" } ?? "Your compositor"
            return [Diagnosis(id: "no-pointer-gestures", step: steps[0], severity: .problem,
                              cause: "\(who) offers no pointer-gestures (zwp_pointer_gestures_v1): pinch, swipe and hold come only through the libinput backend.",
                              remedy: "Use `--input libinput` (or `both`).")]
        },
        DiagnosisRule(id: "hold-not-forwarded") { f in
            // Issue 30.10: sway before 1.8 never forwards holds; with no libinput to compare
            // (no access, or no hold seen there), a hold step that got nothing from it is that.
            if f.input == .wayland, f.compositor.isSway, let v = f.compositor.swayVersion, v.major < 1 || v.major == 1 && v.minor < 8,
               f.triedWithoutPassing(.hold), let r = f.result(.hold), (r.tally[.compositor]?.begins(.hold) ?? 0) == 0,
               (r.tally[.libinput]?.begins(.hold) ?? 0) == 0 {
                return [Diagnosis(id: "hold-not-forwarded", step: .hold, severity: .problem,
                                  cause: "The compositor (\(f.compositor.name ?? "sway")) delivered no hold: sway before 1.8 does not forward holds, the likely cause.",
                                  remedy: "Use `--input libinput` (it needs read access to /dev/input: the `input` group), or sway 1.8 or later.")]
            }
            guard f.input == .wayland, f.failed(.hold), let r = f.result(.hold),
                  let seen = r.tally[.libinput], seen.begins(.hold) > 0,
                  (r.tally[.compositor]?.begins(.hold) ?? 0) == 0 else { return [] }
            let fingers = seen.gestureBegins.keys.filter { $0.hasPrefix("hold ") }.sorted().first?.dropFirst(5) ?? "2"
            let version = f.compositor.globals?["zwp_pointer_gestures_v1"]
            // sway 1.8 forwards holds: only an older (or unknown) sway is named as the cause.
            let oldSway = f.compositor.swayVersion.map { $0.major == 1 && $0.minor < 8 || $0.major < 1 } ?? true
            let why = f.compositor.isSway ? (oldSway ? " (sway before 1.8 does not)" : "")
                : version.map { $0 < 3 ? " (its pointer-gestures is version \($0); holds need 3)" : "" } ?? ""
            return [Diagnosis(id: "hold-not-forwarded", step: .hold, severity: .problem,
                              cause: "libinput saw a \(fingers)-finger hold; the compositor did not forward it\(why).",
                              remedy: "Use `--input libinput`.")]
        },
        DiagnosisRule(id: "three-finger-drag-takes-swipes") { f in
            // Issue 32.6: libinput 1.28's three-finger drag, turned on in the compositor's own
            // libinput context, makes three (or four) fingers a left-button drag: the seat
            // delivers a button and motion, never a swipe. Any libinput: the evidence is what
            // the seat delivered (this process's own context has the option at its default, off).
            var out: [Diagnosis] = []
            for (step, n) in [(StepName.swipe3, 3), (.swipe4, 4)] where f.triedWithoutPassing(step) {
                guard f.input != .libinput, let r = f.result(step), let seat = r.tally[.compositor],
                      seat.begins(.swipe, fingers: n) == 0, seat.buttons.contains(.left) else { continue }
                let seen = (r.tally[.libinput]?.begins(.swipe, fingers: n) ?? 0) > 0
                out.append(Diagnosis(id: "three-finger-drag-takes-swipes", step: step, severity: .problem,
                                     cause: "Your compositor turned the \(n)-finger swipes into a left-button drag\(seen ? " (libinput saw swipes; the seat delivered a button)" : " (the seat delivered a button, no swipe)"): its three-finger drag, libinput 1.28's option, is on.",
                                     remedy: "Turn three-finger drag off in your compositor's touchpad settings (labwc: `<threeFingerDrag>no</threeFingerDrag>`; sway: the input's three-finger drag option, shown by `swaymsg -t get_inputs`), or use `--input libinput` to see the swipes here."))
            }
            return out
        },
        DiagnosisRule(id: "desktop-takes-swipes") { f in
            var out: [Diagnosis] = []
            for (step, n) in [(StepName.swipe3, 3), (.swipe4, 4)] where f.failed(step) {
                guard let r = f.result(step), f.input != .libinput,
                      let seen = r.tally[.libinput], seen.begins(.swipe, fingers: n) > 0,
                      (r.tally[.compositor]?.begins(.swipe, fingers: n) ?? 0) == 0,
                      r.tally[.compositor]?.buttons.contains(.left) != true, // three-finger drag's instead
                      f.compositor.offersPointerGestures != false else { continue }
                let vertical = seen.swipes.filter { $0.fingers == n }.allSatisfy { abs($0.travel.dy) > abs($0.travel.dx) }
                let which = n == 3 ? (vertical ? "Three-finger vertical swipes" : "Three-finger swipes") : "Four-finger swipes"
                out.append(Diagnosis(id: "desktop-takes-swipes", step: step, severity: .problem,
                                     cause: "\(which) are taken by your desktop: libinput saw them, the seat never delivered them.",
                                     remedy: "Free them in your desktop's gesture settings (GNOME: they are fixed; KDE: System Settings › Touchpad gestures; sway: remove its `bindgesture swipe:\(n):…`), or use `--input libinput` to see them here."))
            }
            return out
        },
        DiagnosisRule(id: "tap-disabled") { f in
            guard f.failed(.tap) || f.failed(.smartZoom) else { return [] }
            let off = f.touchpads.filter { $0.configuration?.tapToClick == false }
            return off.map { d in
                Diagnosis(id: "tap-disabled", step: .tap, severity: .problem,
                          cause: "Tap-to-click is off for “\(d.name)” (libinput's tap option, off by default).",
                          remedy: "Turn it on: libinput option `libinput_device_config_tap_set_enabled` (`lodestone check --input libinput --tap on` tries it here); sway: `input type:touchpad tap enabled`; GNOME: `gsettings set org.gnome.desktop.peripherals.touchpad tap-to-click true`; KDE: System Settings › Touchpad › Tapping.")
            }
        },
        DiagnosisRule(id: "two-finger-scroll-off") { f in
            guard f.failed(.scroll) else { return [] }
            return f.touchpads.compactMap { d in
                guard let m = d.configuration?.scrollMethod, m != "two-finger" else { return nil }
                return Diagnosis(id: "two-finger-scroll-off", step: .scroll, severity: .problem,
                                 cause: "Two-finger scrolling is off for “\(d.name)”: its scroll method is \(m).",
                                 remedy: "Set the scroll method to two-finger: sway `input type:touchpad scroll_method two_finger`; GNOME `gsettings set org.gnome.desktop.peripherals.touchpad two-finger-scrolling-enabled true`; KDE: System Settings › Touchpad › Scrolling.")
            }
        },
        DiagnosisRule(id: "natural-scrolling") { f in
            guard f.result(.scroll) != nil else { return [] }
            let configured = f.touchpads.contains { $0.configuration?.naturalScroll == true }
            // The stream says it where libinput's option is on, or where the compositor's wl_seat 9
            // said its axis values are inverted (axis_relative_direction), in any step: the
            // direction is announced once, before the first scroll that shows it.
            let said = f.results.flatMap { r in r.tally.compactMap { $0.value.scrollDirection == .natural ? $0.key : nil } }
            guard configured || !said.isEmpty else { return [] }
            let evidence = configured ? "libinput's natural-scroll option is on for the touchpad"
                : said.contains(.compositor) ? "the compositor said so: wl_pointer.axis_relative_direction inverted"
                : "libinput's natural-scroll option is on"
            return [Diagnosis(id: "natural-scrolling", step: .scroll, severity: .note,
                              cause: "Natural scrolling is on: content follows your fingers (\(evidence)).",
                              remedy: "If you expected the other direction: sway `input type:touchpad natural_scroll disabled`; GNOME `gsettings set org.gnome.desktop.peripherals.touchpad natural-scroll false`; KDE: System Settings › Touchpad › Invert scroll direction.")]
        },
        DiagnosisRule(id: "wheel-no-value120") { f in
            guard let r = f.result(.wheel), let t = r.tally[f.input == .libinput ? .libinput : .compositor],
                  t.wheelEvents > 0, t.wheelWithValue120 == 0 else { return [] }
            return [Diagnosis(id: "wheel-no-value120", step: .wheel, severity: .note,
                              cause: "The wheel's events carry no value120 (the compositor's wl_pointer is older than version 8).",
                              remedy: "Nothing to fix: Lodestone scrolls one detent per click. A compositor with wl_pointer 8 (sway 1.8, GNOME 44, KDE 5.27) sends high-resolution values.")]
        },
        DiagnosisRule(id: "wheel-low-resolution") { f in
            guard let r = f.result(.wheel) else { return [] }
            let tallies = r.tally.values.filter { $0.wheelWithValue120 > 0 }
            guard !tallies.isEmpty, tallies.allSatisfy({ $0.wheelFractional == 0 }) else { return [] }
            return [Diagnosis(id: "wheel-low-resolution", step: .wheel, severity: .note,
                              cause: "This mouse has no high-resolution wheel: every value120 was a whole detent (120).",
                              remedy: "Nothing to fix: scrolling moves one detent at a time.")]
        },
        DiagnosisRule(id: "wrong-finger-count") { f in
            var out: [Diagnosis] = []
            for (step, n) in [(StepName.swipe3, 3), (.swipe4, 4)] where f.failed(step) {
                guard let r = f.result(step) else { continue }
                let counts = Set(r.tally.values.flatMap { $0.swipes.map(\.fingers) }.filter { $0 != n })
                guard !counts.isEmpty, !r.tally.values.contains(where: { $0.swipes.contains { $0.fingers == n } }) else { continue }
                out.append(Diagnosis(id: "wrong-finger-count", step: step, severity: .problem,
                                     cause: "Swipes arrived with \(counts.sorted().map(String.init).joined(separator: ", ")) fingers, not \(n).",
                                     remedy: n == 4 ? "Use four fingers; a touchpad that tracks fewer slots (2 on many PS/2 pads) cannot give four-finger swipes." : "Use \(n) fingers."))
            }
            return out
        },
    ]

    /// Every rule that applies, in rule order.
    public static func diagnose(_ f: CheckFindings) -> [Diagnosis] { rules.flatMap { $0.check(f) } }
}
