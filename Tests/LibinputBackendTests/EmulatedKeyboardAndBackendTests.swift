// Keyboard modifiers through xkbcommon, key privacy, the two libinput backends, and the
// permission message, all with real libinput on emulated devices (SPEC G10, T1, T3; issue 4).
import Foundation
import InputProtocol
import Testing
import TestSupport

/// evdev key codes the scenarios type (linux/input-event-codes.h).
enum Key {
    static let leftAlt = 56, leftShift = 42, a = 30, s = 31, one = 2, pageDown = 109, capsLock = 58
}

@Suite("libinput backend: keyboard, backends, permissions (G10, T1, T3)", .serialized,
       .enabled(if: Harness.unavailable == nil, "emulated-device route unavailable: \(Harness.unavailable ?? "")"))
struct EmulatedKeyboardAndBackendTests {
    @Test("G10/T3: Alt held on the keyboard gives the alt modifier; letters and digits arrive only as placeholders",
          arguments: Backend.allCases)
    func altWithLetters(backend: Backend) throws {
        var kbd = KeyboardScript()
        kbd.key(Key.leftAlt, pressed: true)
        for k in [Key.a, Key.s, Key.one] { kbd.tap(k) }
        kbd.tap(Key.pageDown)
        kbd.key(Key.leftAlt, pressed: false)
        let device = EmulatedDevice(.keyboard(), eventNumber: 3)
        var script = EmulatedScript()
        script.append(kbd.frames, to: device.node)
        let run = try Harness.run([device], script, backend: backend, options: [], settle: 0.2)

        let keys = run.events.compactMap { e -> (KeyCode, Bool)? in if case .key(let k, let p) = e.kind { (k, p) } else { nil } }
        #expect(keys.count == 10)
        #expect(keys.first?.0 == KeyCode(rawValue: UInt32(Key.leftAlt)), "modifier keys keep their identity")
        #expect(keys.filter { $0.0 == .placeholder }.count == 6, "a, s, 1: pressed and released, as placeholders")
        #expect(keys.contains { $0.0 == KeyCode(rawValue: UInt32(Key.pageDown)) }, "navigation keys keep their identity")
        #expect(!keys.contains { [Key.a, Key.s, Key.one].map(UInt32.init).contains($0.0.rawValue) })

        let modifiers = run.events.compactMap { e -> ModifierState? in if case .modifiers(let m) = e.kind { m } else { nil } }
        #expect(modifiers.map(\.effective) == [.alt, []], "alt on with the key, off with its release")
        #expect(modifiers.first?.depressed == .alt)
        // Every placeholder key happened while alt was in effect.
        var alt = false
        for e in run.events {
            if case .modifiers(let m) = e.kind { alt = m.effective.contains(.alt) }
            if case .key(.placeholder, _) = e.kind { #expect(alt) }
        }
    }

    func typeCapsLock(environment: [String: String]) throws -> EventsRun {
        var kbd = KeyboardScript()
        kbd.tap(Key.capsLock)
        let device = EmulatedDevice(.keyboard(), eventNumber: 3)
        var script = EmulatedScript()
        script.append(kbd.frames, to: device.node)
        return try Harness.run([device], script, settle: 0.2, environment: environment)
    }

    @Test("G10: the keymap comes from the RMLVO defaults and honours XKB_DEFAULT_*: with ctrl:nocaps Caps Lock is a Control")
    func rmlvoFromEnvironment() throws {
        func states(_ run: EventsRun) -> [ModifierState] {
            run.events.compactMap { if case .modifiers(let m) = $0.kind { m } else { nil } }
        }
        let plain = try typeCapsLock(environment: ["XKB_DEFAULT_OPTIONS": ""])
        #expect(states(plain).last?.locked == .capsLock, "plain keymap: Caps Lock locks")
        let nocaps = try typeCapsLock(environment: ["XKB_DEFAULT_OPTIONS": "ctrl:nocaps"])
        #expect(states(nocaps).map(\.effective) == [.control, []], "ctrl:nocaps: Caps Lock acts as Control")
    }

    @Test("G10: a keymap that cannot be compiled gives one clear message naming the XKB_DEFAULT_* values; keys still flow")
    func badKeymap() throws {
        let run = try typeCapsLock(environment: ["XKB_DEFAULT_LAYOUT": "no-such-layout"])
        let messages = run.stderr.split(separator: "\n").filter { $0.contains("cannot compile the xkb keymap") }
        #expect(messages.count == 1, "\(run.stderr)")
        #expect(messages.first?.contains("XKB_DEFAULT_LAYOUT=no-such-layout") == true)
        #expect(run.events.contains { if case .key(KeyCode(rawValue: UInt32(Key.capsLock)), true) = $0.kind { true } else { false } })
        #expect(!run.events.contains { if case .modifiers = $0.kind { true } else { false } })
    }

    @Test("T1: the udev and path backends give the same stream for the same touch input")
    func udevMatchesPath() throws {
        var pad = TouchpadScript()
        pad.down([MM(42, 35), MM(58, 35)])
        pad.pinch(to: 1.8, rotate: 30, duration: 0.4)
        pad.up()
        pad.rest(0.1)
        pad.down([MM(43, 20), MM(57, 20)])
        pad.translate(by: MM(0, 25), duration: 0.3)
        pad.up()
        let path = try Harness.touchpad(pad, backend: .path)
        let udev = try Harness.touchpad(pad, backend: .udev)
        // Acceleration depends on wall-clock timing; everything else must match exactly.
        func shape(_ run: EventsRun) -> [String] {
            run.events.map { e in
                switch e.kind {
                case .gesture(let g):
                    "\(g.kind) \(g.phase) \(g.fingers) scale \(g.scale) rotation \(g.rotation) \(g.cancelled)"
                case .scroll(let s, let a, let v, let v120, let stop): "scroll \(s) \(a) \(v) \(String(describing: v120)) \(stop)"
                case .motion: "motion"
                default: "\(e.kind)"
                }
            }
        }
        #expect(path.count(.pinch, .begin) == 1 && path.scrollEventCount > 3)
        // libinput names a starved reader ("… your system is too slow") on stderr.
        #expect(shape(path) == shape(udev), "libinput said: \(path.stderr) | \(udev.stderr)")
    }

    @Test("The path backend turns EACCES into one clear message",
          .enabled(if: getuid() == 0, "needs root to run lodestone as an unprivileged user"))
    func permissionDenied() throws {
        // lodestone runs as nobody; the emulated node is a root-only pty, as /dev/input/event*
        // is root:input 0660 on a real system.
        let device = EmulatedDevice(.touchpad(), eventNumber: 7)
        // A copy uid 65534 may run: the checkout may be in a private (0700) directory (issue 16.1).
        let staging = try TemporaryDirectory(prefix: "lodestone-eacces")
        let program = try Lodestone.copy(Harness.lodestone, runnableByOthersIn: staging)
        let command = [program, "events", "--backend", "libinput", "--json", "--device", device.node]
        let (lines, stderr, status) = try EmulatedInput.run(
            devices: [device], script: EmulatedScript(), command: command, readyToken: "\"device_added\"",
            readyCount: 1, settle: 0, driverOptions: ["--as-user", "65534", "--timeout-ms", "3000"], acceptedStatus: [1])
        #expect(status == 1 && lines.isEmpty)
        let messages = stderr.split(separator: "\n").filter { $0.hasPrefix("lodestone") }
        #expect(messages.count == 1, "one message, not a stack: \(stderr)")
        #expect(stderr.contains("cannot open \(device.node): permission denied"))
        #expect(stderr.contains("add your user to the `input` group or run `lodestone` with --input wayland"))
        withExtendedLifetime(staging) {}
    }

    /// Two fingers moving 25 mm down the pad in 0.3 s, then lifting: a finger scroll.
    static func twoFingersDown() -> TouchpadScript {
        var pad = TouchpadScript()
        pad.down([MM(43, 20), MM(57, 20)])
        pad.translate(by: MM(0, 25), duration: 0.3)
        pad.up()
        return pad
    }

    @Test("Device settings go through libinput's config API; natural scrolling flips the scroll direction, unsupported options say so once")
    func deviceSettings() throws {
        let pad = Self.twoFingersDown()
        let plain = try Harness.touchpad(pad, options: ["--natural-scroll", "off"])
        let natural = try Harness.touchpad(pad, options: ["--natural-scroll", "on", "--scroll-method", "on-button-down"])
        let down = plain.scrolls.filter { $0.axis == .vertical }.map(\.value).reduce(0, +)
        let flipped = natural.scrolls.filter { $0.axis == .vertical }.map(\.value).reduce(0, +)
        #expect(down > 10 && flipped < -10, "plain \(down), natural \(flipped)")
        #expect(natural.stderr.components(separatedBy: "does not support scroll method on-button-down").count == 2,
                "one message for the unsupported option: \(natural.stderr)")
        #expect(!plain.stderr.contains("does not support"))
    }

    @Test("G1 (issue 16.2): the playground's natural scrolling is libinput's touchpad option, and the stream says which direction applied")
    func naturalScrollingIsTheDeviceOption() throws {
        let pad = Self.twoFingersDown()
        let natural = try Harness.touchpad(pad, options: ["--natural-scrolling", "on"])
        let traditional = try Harness.touchpad(pad, options: ["--natural-scrolling", "off"])
        let untouched = try Harness.touchpad(pad)
        func direction(_ r: EventsRun) -> [ScrollDirection] {
            r.events.compactMap { if case .scrollDirection(let d) = $0.kind { d } else { nil } }
        }
        func vertical(_ r: EventsRun) -> Double { r.scrolls.filter { $0.axis == .vertical }.map(\.value).reduce(0, +) }
        #expect(direction(natural) == [.natural])
        #expect(direction(traditional) == [.traditional])
        #expect(direction(untouched) == [.traditional]) // libinput's default for a touchpad: off
        // Fingers moving down: content follows them with the option on (the values say "up"),
        // and the values are libinput's own: nothing downstream inverts them.
        #expect(vertical(traditional) > 10 && vertical(natural) < -10, "traditional \(vertical(traditional)), natural \(vertical(natural))")
        #expect(abs(vertical(traditional) + vertical(natural)) < 0.01 * abs(vertical(traditional)))
        // The direction comes right after the device's device_added.
        let added = try #require(natural.events.firstIndex { if case .deviceAdded = $0.kind { true } else { false } })
        #expect(natural.events[added + 1].kind == .scrollDirection(.natural))
    }

    @Test("Tap-to-click follows the setting: a one-finger tap clicks only when it is on")
    func tapToClick() throws {
        var pad = TouchpadScript()
        pad.down([MM(50, 35)])
        pad.rest(0.05)
        pad.up()
        pad.rest(0.4)
        let on = try Harness.touchpad(pad, options: ["--tap", "on"])
        let off = try Harness.touchpad(pad, options: ["--tap", "off"])
        #expect(on.buttons.map { "\($0.0) \($0.1)" } == ["left true", "left false"])
        #expect(off.buttons.isEmpty)
    }
}

@Suite("Record and replay of a libinput stream (T1, T2, T3)",
       .enabled(if: Harness.unavailable == nil, "emulated-device route unavailable: \(Harness.unavailable ?? "")"))
struct LibinputRecordReplayTests {
    @Test("T2: `events --backend libinput --json` and `record --input libinput` write a trace that `lodestone replay` reads back event for event",
          arguments: [["events", "--backend", "libinput", "--json"], ["record", "--input", "libinput", "--out", "-"]])
    func roundTrip(subcommand: [String]) throws {
        var pad = TouchpadScript()
        pad.down([MM(42, 35), MM(58, 35)])
        pad.pinch(to: 1.8, rotate: 20, duration: 0.3)
        pad.up()
        let device = EmulatedDevice(.touchpad(), eventNumber: 7)
        var script = EmulatedScript()
        script.append(pad.frames, to: device.node)
        let command = [Harness.lodestone] + subcommand + ["--device", device.node]
        let (lines, _, _) = try EmulatedInput.run(devices: [device], script: script, command: command,
                                                  readyToken: "\"device_added\"", readyCount: 1)
        let recorded = try Harness.decode(lines)
        #expect(recorded.contains { if case .gesture(let g) = $0.kind { g.kind == .pinch } else { false } })
        #expect(lines.first?.contains("\"redacted\"") == true, "private by default (T3)")

        let file = FileManager.default.temporaryDirectory.appendingPathComponent("lodestone-libinput-\(getpid())-\(UUID().uuidString).trace")
        try (lines.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let replay = try Harness.capture([Harness.lodestone, "replay", file.path, "--json"])
        #expect(replay.status == 0)
        let replayed = try Harness.decode(replay.stdout.split(separator: "\n").map(String.init))
        #expect(replayed == recorded)
    }
}
