// The diagnosis rules of `lodestone check` (issue 21.3): one test per rule id, each with the
// case it names and a near miss it must not name.
@testable import GestureCheck
import InputProtocol
import Testing

func report(_ s: Stream, _ steps: [StepName], input: CheckInput, compositor: CompositorInfo = CompositorInfo(),
            configurations: [String: DeviceConfiguration] = [:]) -> CheckReport {
    CheckReport.replay(s.events, steps: steps, input: input, compositor: compositor, configurations: configurations)
}

func ids(_ r: CheckReport) -> [String] { r.diagnoses.map(\.id) }

let touchpad = DeviceCapabilities([.pointer, .gesture])
let sway17 = CompositorInfo(name: "sway 1.7", globals: ["wl_seat": 7, "zwp_pointer_gestures_v1": 3, "wl_compositor": 4])

@Suite("Check diagnoses: each rule names its cause (issue 21.3)")
struct DiagnosisTests {
    @Test("Every rule id is unique and has a test here")
    func ruleIds() {
        let all = Diagnoses.rules.map(\.id)
        #expect(Set(all).count == all.count)
        #expect(all == ["no-compositor-input", "no-touchpad", "libinput-denied", "no-gestures", "no-pointer-gestures", "hold-not-forwarded",
                        "three-finger-drag-takes-swipes", "desktop-takes-swipes", "tap-disabled", "two-finger-scroll-off", "natural-scrolling",
                        "wheel-no-value120", "wheel-low-resolution", "wrong-finger-count"])
    }

    @Test("hold-not-forwarded: libinput saw a 2-finger hold, sway's seat did not (sway before 1.8)")
    func holdNotForwarded() {
        var s = Stream(.libinput)
        s.add(.deviceAdded(name: "Pad", capabilities: touchpad))
        s.hold(2, seconds: 0.8)
        let r = report(s, [.hold], input: .wayland, compositor: sway17)
        #expect(r.result(.hold)?.outcome != .passed)
        let d = r.diagnoses.first { $0.id == "hold-not-forwarded" }
        #expect(d?.cause == "libinput saw a 2-finger hold; the compositor did not forward it (sway before 1.8 does not).")
        #expect(d?.remedy == "Use `--input libinput`.")
        // sway 1.8 forwards holds: not named as the cause there (nor is an unnamed one blamed).
        let sway18 = CompositorInfo(name: "sway 1.8.1", globals: sway17.globals)
        #expect(sway18.swayVersion?.major == 1 && sway18.swayVersion?.minor == 8 && sway17.swayVersion?.minor == 7)
        #expect(report(s, [.hold], input: .wayland, compositor: sway18).diagnoses.first { $0.id == "hold-not-forwarded" }?.cause
                == "libinput saw a 2-finger hold; the compositor did not forward it.")
        #expect(CompositorInfo(name: "sway", globals: [:]).swayVersion == nil)
        // The seat forwarding it too: passes, no diagnosis.
        s.hold(2, seconds: 0.8, from: .compositor)
        #expect(!ids(report(s, [.hold], input: .wayland, compositor: sway17)).contains("hold-not-forwarded"))
    }

    @Test("hold-not-forwarded under sway before 1.8 without libinput evidence: a hold step that got no hold is that, likely (issue 30.10)")
    func holdNotForwardedUnseen() {
        var s = Stream(.compositor)
        s.add(.deviceAdded(name: "seat0 pointer", capabilities: touchpad))
        let r = report(s, [.hold], input: .wayland, compositor: sway17)
        #expect(r.result(.hold)?.outcome == .skipped(.nothingRecorded))
        let d = r.diagnoses.first { $0.id == "hold-not-forwarded" }
        #expect(d?.cause == "The compositor (sway 1.7) delivered no hold: sway before 1.8 does not forward holds, the likely cause.")
        #expect(d?.remedy.hasPrefix("Use `--input libinput`") == true)
        // Not under sway 1.8, not with --input libinput, not when the step never ran.
        #expect(!ids(report(s, [.hold], input: .wayland, compositor: CompositorInfo(name: "sway 1.8", globals: sway17.globals))).contains("hold-not-forwarded"))
        #expect(!ids(report(s, [.hold], input: .libinput, compositor: sway17)).contains("hold-not-forwarded"))
        let ended = CheckFindings(input: .wayland, compositor: sway17, devices: [],
                                  results: [StepRun(.hold, input: .wayland, start: Timestamp(rawValue: 0)).finish(at: Timestamp(rawValue: 1), skip: .ended)],
                                  libinputRead: false, compositorRead: true)
        #expect(!Diagnoses.diagnose(ended).map(\.id).contains("hold-not-forwarded"))
    }

    @Test("libinput-denied: libinput could not read the devices beside the seat: the `input` group (issue 30.10)")
    func libinputDenied() {
        let pinch = StepRun(.pinch, input: .wayland, start: Timestamp(rawValue: 0)).finish(at: Timestamp(rawValue: 1), skip: .timeout(seconds: 1))
        let denied = CheckFindings(input: .wayland, compositor: sway17, devices: [], results: [pinch],
                                   libinputRead: false, compositorRead: true, libinputDenied: ["/dev/input/event3"])
        let d = Diagnoses.diagnose(denied).first { $0.id == "libinput-denied" }
        #expect(d?.cause.hasPrefix("libinput cannot read /dev/input/event3: permission denied") == true)
        #expect(d?.remedy.contains("`input` group") == true)
        var readable = denied
        readable.libinputDenied = nil
        #expect(!Diagnoses.diagnose(readable).map(\.id).contains("libinput-denied"))
    }

    @Test("no-pointer-gestures: weston has no zwp_pointer_gestures_v1; pinch only through libinput")
    func noPointerGestures() {
        var s = Stream(.compositor)
        s.add(.deviceAdded(name: "seat0", capabilities: .pointer))
        let weston = CompositorInfo(name: "weston", globals: ["wl_seat": 7])
        let r = report(s, [.pinch, .swipe3], input: .wayland, compositor: weston)
        #expect(ids(r) == ["no-pointer-gestures"])
        #expect(r.diagnoses[0].cause.hasPrefix("Your compositor (weston) offers no pointer-gestures"))
        #expect(r.diagnoses[0].remedy.contains("--input libinput"))
        #expect(!ids(report(s, [.pinch], input: .wayland, compositor: sway17)).contains("no-pointer-gestures"))
        #expect(!ids(report(s, [.pinch], input: .libinput, compositor: weston)).contains("no-pointer-gestures"))
    }

    @Test("no-compositor-input: the seat delivered nothing while libinput did (weston without a seat)")
    func noCompositorInput() {
        var s = Stream(.libinput)
        s.add(.deviceAdded(name: "Pad", capabilities: touchpad))
        s.pinch(to: 1.5)
        let r = report(s, [.pinch], input: .both, compositor: CompositorInfo(name: "weston", globals: ["wl_compositor": 4]))
        #expect(ids(r).first == "no-compositor-input")
        s.add(.pointerEnter(position: .zero), from: .compositor)
        #expect(!ids(report(s, [.pinch], input: .both, compositor: CompositorInfo(globals: [:]))).contains("no-compositor-input"))
    }

    @Test("no-compositor-input: a compositor with no wl_seat (weston headless), libinput not read at all")
    func noSeat() {
        let weston = CompositorInfo(name: "weston", globals: ["wl_compositor": 4, "xdg_wm_base": 3])
        let idle = CheckFindings(input: .wayland, compositor: weston, devices: [],
                                 results: [StepRun(.pinch, input: .wayland, start: Timestamp(rawValue: 0))
                                    .finish(at: Timestamp(rawValue: 300_000), skip: .timeout(seconds: 0.3))],
                                 libinputRead: false, compositorRead: true)
        let d = Diagnoses.diagnose(idle)
        // First (weston also lacks pointer-gestures: that rule follows).
        #expect(d.map(\.id) == ["no-compositor-input", "no-pointer-gestures"])
        #expect(d.first?.cause == "No input from the compositor (weston): it offers no seat (no wl_seat global), so no pointer, keyboard or touch reaches this window.")
        #expect(d.first?.remedy.hasPrefix("Use `--input libinput`") == true)
        // With a seat, a silent check is no such diagnosis (the user did nothing).
        var seated = idle
        seated.compositor.globals?["wl_seat"] = 7
        #expect(!Diagnoses.diagnose(seated).map(\.id).contains("no-compositor-input"))
        // --input libinput does not ask the compositor for input.
        var direct = idle
        direct.input = .libinput
        #expect(!Diagnoses.diagnose(direct).map(\.id).contains("no-compositor-input"))
    }

    @Test("no-touchpad: libinput read, no device with gesture capability, a gesture step failed")
    func noTouchpad() {
        var s = Stream(.libinput)
        s.add(.deviceAdded(name: "Mouse", capabilities: .pointer))
        #expect(ids(report(s, [.pinch], input: .libinput)) == ["no-touchpad"])
        #expect(ids(report(s, [.wheel], input: .libinput)) == [], "a wheel step needs no touchpad")
        var t = Stream(.libinput)
        t.add(.deviceAdded(name: "Pad", capabilities: touchpad))
        #expect(!ids(report(t, [.pinch], input: .libinput)).contains("no-touchpad"))
        // The window (issue 30.10): the compositor's seat pointer offers gestures whatever its
        // device is; it is no touchpad libinput reads.
        s.add(.deviceAdded(name: "seat0 pointer", capabilities: touchpad), from: .compositor)
        #expect(ids(report(s, [.pinch], input: .libinput)) == ["no-touchpad"])
    }

    @Test("no-gestures: a touchpad (tapping, no gesture capability: semi-mt) cannot pinch")
    func noGestures() {
        var s = Stream(.libinput)
        s.add(.deviceAdded(name: "AlpsPS/2 ALPS GlidePoint", capabilities: .pointer))
        let semiMT = ["AlpsPS/2 ALPS GlidePoint": DeviceConfiguration(tapToClick: false)]
        let r = report(s, [.pinch, .tap], input: .libinput, configurations: semiMT)
        #expect(ids(r) == ["no-gestures", "tap-disabled"])
        #expect(r.diagnoses[0].cause == "“AlpsPS/2 ALPS GlidePoint” gives no multi-finger gestures: libinput tracks too few fingers on it (a semi-mt or protocol-A touchpad).")
        var t = Stream(.libinput)
        t.add(.deviceAdded(name: "Pad", capabilities: touchpad))
        #expect(!ids(report(t, [.pinch], input: .libinput)).contains("no-gestures"))
    }

    @Test("desktop-takes-swipes: 3-finger vertical swipes at libinput, none at the seat")
    func desktopTakesSwipes() {
        var s = Stream(.libinput)
        s.add(.deviceAdded(name: "Pad", capabilities: touchpad))
        s.swipe(3, dx: 0, dy: -100)
        s.swipe(3, dx: 0, dy: 100)
        let r = report(s, [.swipe3], input: .wayland, compositor: sway17)
        let d = r.diagnoses.first { $0.id == "desktop-takes-swipes" }
        #expect(d?.cause == "Three-finger vertical swipes are taken by your desktop: libinput saw them, the seat never delivered them.")
        #expect(d?.remedy.contains("bindgesture swipe:3") == true)
        var t = s
        t.swipe(3, dx: 0, dy: -100, from: .compositor)
        #expect(!ids(report(t, [.swipe3], input: .wayland, compositor: sway17)).contains("desktop-takes-swipes"))
    }

    @Test("three-finger-drag-takes-swipes (issue 32.6): libinput saw a 3-finger swipe, the seat a left-button drag; desktop-takes-swipes then stays quiet")
    func threeFingerDragTakesSwipes() {
        var s = Stream(.libinput)
        s.add(.deviceAdded(name: "Pad", capabilities: touchpad))
        s.add(.deviceAdded(name: "seat0 pointer", capabilities: touchpad), from: .compositor)
        s.swipe(3, dx: 120, dy: 0)
        s.add(.button(.left, pressed: true), from: .compositor)
        for k in 1...10 { s.add(.motion(position: InputPoint(x: 100 + Double(12 * k), y: 200), delta: InputVector(dx: 12, dy: 0), unaccelerated: InputVector(dx: 12, dy: 0)), from: .compositor) }
        s.add(.button(.left, pressed: false), from: .compositor)
        let r = report(s, [.swipe3], input: .both, compositor: sway17)
        let d = r.diagnoses.first { $0.id == "three-finger-drag-takes-swipes" }
        #expect(d?.step == .swipe3)
        #expect(d?.cause == "Your compositor turned the 3-finger swipes into a left-button drag (libinput saw swipes; the seat delivered a button): its three-finger drag, libinput 1.28's option, is on.")
        #expect(d?.remedy.contains("threeFingerDrag") == true)
        #expect(!ids(r).contains("desktop-takes-swipes"))
        // Without libinput to compare: the seat's button drag alone says it.
        var seatOnly = Stream(.compositor)
        seatOnly.add(.deviceAdded(name: "seat0 pointer", capabilities: touchpad))
        seatOnly.click(.left)
        #expect(report(seatOnly, [.swipe3], input: .wayland, compositor: sway17).diagnoses.first { $0.id == "three-finger-drag-takes-swipes" }?.cause
                .contains("(the seat delivered a button, no swipe)") == true)
        // Near misses: the seat delivered the swipe; or only libinput was read.
        var t = s
        t.swipe(3, dx: 120, dy: 0, from: .compositor)
        #expect(!ids(report(t, [.swipe3], input: .both, compositor: sway17)).contains("three-finger-drag-takes-swipes"))
        #expect(!ids(report(s, [.swipe3], input: .libinput)).contains("three-finger-drag-takes-swipes"))
    }

    @Test("the three-finger drag option's names (libinput_config_3fg_drag_state), and the report's row for it")
    func threeFingerDragNames() {
        #expect(CheckReport.configurationText(DeviceConfiguration(threeFingerDrag: "3 fingers")).last == "three-finger drag 3 fingers")
        #expect(CheckReport.configurationText(DeviceConfiguration()).last == "three-finger drag n/a")
        #expect(CheckReport.configurationText(DeviceConfiguration(threeFingerDrag: DeviceConfiguration.threeFingerDragUnknown)).last
                == "three-finger drag not in this libinput (1.28 added it)")
    }

    @Test("tap-disabled: the touchpad's libinput tap option is off; names libinput, sway, GNOME and KDE settings")
    func tapDisabled() {
        var s = Stream(.libinput)
        s.add(.deviceAdded(name: "Pad", capabilities: touchpad))
        s.click(.left)
        let off = ["Pad": DeviceConfiguration(tapToClick: false)]
        let r = report(s, [.tap], input: .libinput, configurations: off)
        #expect(ids(r) == ["tap-disabled"])
        let d = r.diagnoses[0]
        #expect(d.cause == "Tap-to-click is off for “Pad” (libinput's tap option, off by default).")
        for part in ["libinput_device_config_tap_set_enabled", "input type:touchpad tap enabled",
                     "org.gnome.desktop.peripherals.touchpad tap-to-click", "Touchpad › Tapping"] {
            #expect(d.remedy.contains(part), "remedy names \(part)")
        }
        #expect(ids(report(s, [.tap], input: .libinput, configurations: ["Pad": DeviceConfiguration(tapToClick: true)])) == [])
    }

    @Test("two-finger-scroll-off: the scroll step failed and the pad scrolls by edge")
    func twoFingerScrollOff() {
        var s = Stream(.libinput)
        s.add(.deviceAdded(name: "Pad", capabilities: touchpad))
        #expect(ids(report(s, [.scroll], input: .libinput, configurations: ["Pad": DeviceConfiguration(scrollMethod: "edge")])) == ["two-finger-scroll-off"])
        #expect(ids(report(s, [.scroll], input: .libinput, configurations: ["Pad": DeviceConfiguration(scrollMethod: "two-finger")])) == [])
    }

    @Test("natural-scrolling: a note when libinput's natural scroll is on (from the configuration or the stream)")
    func naturalScrolling() {
        var s = Stream(.libinput)
        s.add(.deviceAdded(name: "Pad", capabilities: touchpad))
        s.add(.scrollDirection(.natural))
        s.scroll(.vertical, total: 100)
        let r = report(s, [.scroll], input: .libinput)
        #expect(ids(r) == ["natural-scrolling"])
        #expect(r.diagnoses[0].severity == .note
                && r.diagnoses[0].cause == "Natural scrolling is on: content follows your fingers (libinput's natural-scroll option is on).")
        var t = Stream(.libinput)
        t.add(.deviceAdded(name: "Pad", capabilities: touchpad))
        t.add(.scrollDirection(.traditional))
        #expect(ids(report(t, [.scroll], input: .libinput)) == [])
    }

    @Test("natural-scrolling under a wl_seat 9 compositor (G1, issue 32.3): its axis_relative_direction is the evidence; traditional names nothing")
    func naturalScrollingFromTheSeat() {
        var s = Stream(.compositor)
        s.add(.deviceAdded(name: "seat0 pointer", capabilities: touchpad))
        s.add(.scrollDirection(.compositor))
        s.add(.scrollDirection(.natural))
        s.scroll(.vertical, total: 100)
        let r = report(s, [.scroll], input: .wayland)
        #expect(ids(r) == ["natural-scrolling"])
        #expect(r.diagnoses.first?.cause
                == "Natural scrolling is on: content follows your fingers (the compositor said so: wl_pointer.axis_relative_direction inverted).")
        var t = Stream(.compositor)
        t.add(.deviceAdded(name: "seat0 pointer", capabilities: touchpad))
        t.add(.scrollDirection(.traditional))
        t.scroll(.vertical, total: 100)
        #expect(!ids(report(t, [.scroll], input: .wayland)).contains("natural-scrolling"))
    }

    @Test("wheel: no value120 at all (wl_pointer < 8); whole detents only (no high-resolution wheel)")
    func wheel() {
        var s = Stream()
        s.add(.scroll(source: .wheel, axis: .vertical, value: 15, value120: nil, stop: false))
        #expect(ids(report(s, [.wheel], input: .wayland)) == ["wheel-no-value120"])
        var t = Stream()
        t.add(.scroll(source: .wheel, axis: .vertical, value: 15, value120: 120, stop: false))
        t.add(.scroll(source: .wheel, axis: .vertical, value: 15, value120: 240, stop: false))
        let r = report(t, [.wheel], input: .wayland)
        #expect(r.result(.wheel)?.outcome == .passed)
        #expect(ids(r) == ["wheel-low-resolution"])
        #expect(r.diagnoses[0].cause == "This mouse has no high-resolution wheel: every value120 was a whole detent (120).")
        t.add(.scroll(source: .wheel, axis: .vertical, value: 2, value120: 15, stop: false))
        #expect(ids(report(t, [.wheel], input: .wayland)) == [])
    }

    @Test("wrong-finger-count: four-finger swipes asked, only three-finger ones came")
    func wrongFingerCount() {
        var s = Stream()
        s.swipe(3, dx: 100, dy: 0)
        let r = report(s, [.swipe4], input: .wayland)
        #expect(ids(r) == ["wrong-finger-count"])
        #expect(r.diagnoses[0].cause == "Swipes arrived with 3 fingers, not 4.")
    }

    @Test("The compositor's name from its private globals and the session, or not knowable")
    func compositorName() {
        #expect(CompositorInfo.guessName(globals: ["wl_seat": 7, "weston_capture_v1": 1], environment: [:]) == "weston")
        #expect(CompositorInfo.guessName(globals: ["zwlr_layer_shell_v1": 4], environment: ["SWAYSOCK": "/run/sway.sock"]) == "sway")
        #expect(CompositorInfo.guessName(globals: ["zwlr_layer_shell_v1": 4], environment: [:]) == "a wlroots compositor")
        #expect(CompositorInfo.guessName(globals: ["gtk_shell1": 5], environment: [:]) == "Mutter (GNOME)")
        #expect(CompositorInfo.guessName(globals: ["org_kde_kwin_blur_manager": 1], environment: [:]) == "KWin (KDE Plasma)")
        // sway 1.7 offers org_kde_kwin_idle and org_kde_kwin_server_decoration_manager (wlroots).
        let sway17: [String: UInt32] = ["org_kde_kwin_idle": 1, "org_kde_kwin_server_decoration_manager": 1, "zwlr_layer_shell_v1": 4, "wl_seat": 7]
        #expect(CompositorInfo.guessName(globals: sway17, environment: ["SWAYSOCK": "/run/sway.sock"]) == "sway")
        #expect(CompositorInfo.guessName(globals: sway17, environment: [:]) == "a wlroots compositor")
        // KWin 6 offers zwlr_layer_shell_v1 beside Plasma's own.
        #expect(CompositorInfo.guessName(globals: ["zwlr_layer_shell_v1": 4, "org_kde_plasma_shell": 8, "org_kde_kwin_blur_manager": 1],
                                         environment: [:]) == "KWin (KDE Plasma)")
        #expect(CompositorInfo.guessName(globals: ["wl_seat": 7], environment: [:]) == nil)
        #expect(CompositorInfo.guessName(globals: ["wl_seat": 7], environment: ["XDG_CURRENT_DESKTOP": "Hyprland"]) == "Hyprland")
    }
}
