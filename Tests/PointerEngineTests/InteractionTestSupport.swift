// Helpers for the interaction component tests: milliseconds as timestamps, tolerant comparison.
import InputProtocol
@testable import PointerEngine

/// The timestamp `ms` milliseconds after the stream origin.
func ms(_ ms: Double) -> Timestamp { .milliseconds(ms) }

/// |a − b| ≤ tolerance.
func near(_ a: Double, _ b: Double, _ tolerance: Double = 1e-6) -> Bool { abs(a - b) <= tolerance }

extension InputEvent {
    static func at(_ t: Double, _ kind: InputEventKind, device: UInt32 = 1) -> InputEvent {
        InputEvent(time: ms(t), device: DeviceID(device), kind)
    }
}
