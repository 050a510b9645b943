// Helpers for the interaction component tests: milliseconds as timestamps, tolerant comparison,
// an interaction wrapper that forwards to another.
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

/// Forwards everything to `base`, noting whether time ever ran backwards for it (an earlier
/// time than one it already saw). `everyEvent`: declares interest in every event (the default
/// of `Interaction.interests`), so the engine offers it every event, as before the masks;
/// otherwise `base`'s interests.
struct Forwarding: Interaction {
    var base: any Interaction
    var everyEvent = false
    var latest = Timestamp(rawValue: 0)
    var wentBack = false
    var name: String { base.name }
    mutating func saw(_ t: Timestamp) {
        if t < latest { wentBack = true }
        latest = max(latest, t)
    }
    mutating func handle(_ event: InteractionEvent, context: inout InteractionContext, now: Timestamp) -> InteractionResponse {
        saw(now)
        return base.handle(event, context: &context, now: now)
    }
    mutating func advance(to now: Timestamp, context: inout InteractionContext) {
        saw(now)
        base.advance(to: now, context: &context)
    }
    mutating func cancel(context: inout InteractionContext, now: Timestamp) {
        saw(now)
        base.cancel(context: &context, now: now)
    }
    mutating func relayout(from old: InteractionContext, context: inout InteractionContext, now: Timestamp) {
        saw(now)
        base.relayout(from: old, context: &context, now: now)
    }
    var isActive: Bool { base.isActive }
    var isAnimating: Bool { base.isAnimating }
    func pointerRequest(context: InteractionContext) -> PointerRequest? { base.pointerRequest(context: context) }
    func contribute(to frame: inout Frame, context: InteractionContext) { base.contribute(to: &frame, context: context) }
    /// Every event, and whether the interaction covers the window now (an open menu, issue
    /// 30.5: that is what it does, not an event it asks for).
    var interests: InteractionInterests { everyEvent ? InteractionInterests.all.union(base.interests.intersection(.covering)) : base.interests }
    func covers(_ p: Point) -> Bool { base.covers(p) }
}
