// Key repeat for navigation keys (SPEC G10): a held arrow, Page Up/Down, Space, Home or End
// presses again after the keyboard's delay, then at its rate, as the desktop's own apps do.
// Repeats are timer events: the engine fires them in `advance(to:)` at their exact times and
// shows the next one in `nextDeadline`, so a live window wakes for it and a replay repeats
// the same. Nothing repeats without a keyboard's `KeyRepeat` (wl_keyboard.repeat_info, or the
// libinput backend's desktop default): a trace without one replays as it was recorded.
import InputProtocol

struct KeyRepeater: Sendable {
    /// Each keyboard's repeat, from its `keyRepeat` event.
    var rates: [DeviceID: KeyRepeat] = [:]
    /// The key that repeats, on which keyboard, and when it presses next.
    private(set) var held: (key: KeyCode, device: DeviceID, next: Timestamp, interval: TimeSpan)?

    /// The keys that repeat: the ones that move through content (G10). Modifiers never do,
    /// and text keys arrive as placeholders with nothing to repeat.
    static func repeats(_ key: KeyCode) -> Bool {
        switch KeyNames.name(of: key) {
        case "up", "down", "left", "right", "pageup", "pagedown", "space", "home", "end": true
        default: false
        }
    }

    /// When the held key presses next; nil while none repeats.
    var deadline: Timestamp? { held?.next }

    /// A key went down or up. Another key's press, or the held key's release, ends the repeat
    /// (a keyboard's focus loss releases its keys first); a press of a repeating key on a
    /// keyboard whose rate is not 0 starts one.
    mutating func key(_ key: KeyCode, pressed: Bool, device: DeviceID, now: Timestamp) {
        if pressed {
            held = nil
            guard Self.repeats(key), let r = rates[device], r.rate > 0 else { return }
            // A press every 1/rate seconds, never closer than a microsecond.
            let interval = max(TimeSpan(microseconds: 1), .milliseconds(1000 / Double(r.rate)))
            held = (key, device, now + .milliseconds(Double(max(0, r.delay))), interval)
        } else if let h = held, h.key == key, h.device == device {
            held = nil
        }
    }

    /// The keyboard went away: what it held stops repeating.
    mutating func removeDevice(_ device: DeviceID) {
        rates[device] = nil
        if held?.device == device { held = nil }
    }

    /// The repeat at `deadline` happens: returns the key and schedules the next one.
    mutating func fire() -> KeyCode? {
        guard var h = held else { return nil }
        h.next = h.next + h.interval
        held = h
        return h.key
    }
}
