// `lodestone dnd` with another application at one end (issue 33; I2, G11): what the steps
// `other-app` (Lodestone's item carried into it) and `into-target` (its drag onto Lodestone's
// zone) learn about that application and the compositor, from the events a `DndCase` records.
// Sizes and types only: never the bytes themselves (T3).

/// One wl_data_source.send the source served: the type the peer asked for, the bytes it took,
/// and whether it took them all (false: it closed the pipe first, or never read in time).
public struct DndSend: Sendable, Equatable {
    public var type: String
    public var bytes: Int
    public var complete: Bool
}

extension DndCase {
    /// The type the destination last said it would take (wl_data_source.target) up to the
    /// drop, nil: none (or the source heard no target event).
    public var peerAcceptedType: String? {
        let drop = first(.source, { $0 == .dropPerformed })?.t ?? .infinity
        for e in events.reversed() where e.side == .source && e.t <= drop {
            if case .peerAccepted(let type) = e.kind { return type }
        }
        return nil
    }

    /// Whether the source heard any wl_data_source.target.
    public var heardTarget: Bool { first(.source, { if case .peerAccepted = $0 { true } else { false } }) != nil }

    /// Every send the source served, in order.
    public var sends: [DndSend] {
        events.compactMap { e in
            guard e.side == .source, case .sent(let type, let n, let complete) = e.kind else { return nil }
            return DndSend(type: type, bytes: n, complete: complete)
        }
    }

    /// The target called wl_data_offer.finish.
    public var targetFinished: Bool { first(.target, { $0 == .finish }) != nil }

    /// What `other-app` and `into-target` say instead of the window-to-window summary.
    var peerSummary: String? {
        switch step {
        case .otherApp: otherAppSummary
        case .intoTarget: intoTargetSummary
        default: nil
        }
    }

    private var otherAppSummary: String {
        var parts: [String] = []
        if first(.target, { $0 == .drop }) != nil { parts.append("dropped on Lodestone's own target, not another application") }
        if first(.source, { $0 == .dropPerformed }) == nil {
            parts.append("no drop: \(result == .cancelled ? "cancelled before a drop" : "the drag did not end")")
        } else {
            parts.append(peerAcceptedType.map { "the destination accepted \($0)" } ?? "the destination accepted no type")
            if let chosen { parts.append("chose \(chosen.rawValue)") } else { parts.append("no action chosen") }
            let sent = sends
            if sent.isEmpty {
                parts.append("read nothing")
            } else {
                parts.append("took " + sent.map { "\($0.bytes) bytes of \($0.type)\($0.complete ? "" : " (not all)")" }.joined(separator: ", "))
            }
            switch result {
            case .finished:
                parts.append("finished" + (dropToFinished.map { " \(fmt($0 * 1000, decimals: 0)) ms after the drop" } ?? ""))
            case .cancelled: parts.append("cancelled after the drop")
            case .none: parts.append("neither finished nor cancelled within \(fmt(gaveUpAfter ?? 0, decimals: 0)) s of the drop")
            }
        }
        return parts.joined(separator: ", ") + ": " + (verdict == .asExpected ? "as expected" : "expected a finished drop")
    }

    private var intoTargetSummary: String {
        var parts: [String] = []
        let types = peerTypes.isEmpty ? "no types" : peerTypes.count == 1 ? "1 type" : "\(peerTypes.count) types"
        parts.append("the other application offered \(types) with \(offered.isEmpty ? "no actions" : offered.map(\.rawValue).joined(separator: "|"))")
        if let chosen { parts.append("\(chosen.rawValue) chosen by \(decidedBy.rawValue)") } else { parts.append("no action chosen") }
        if let n = readBytes { parts.append("\(n) bytes of \(acceptedType ?? "?") read") }
        if first(.target, { $0 == .drop }) == nil, let left = leftWithoutDrop {
            parts.append(leftOverZone ? "the drag left over the zone without a drop (its source ended it)"
                : "the drag left without a drop and did not come back within \(fmt(left, decimals: 0)) s")
        }
        parts.append(targetFinished ? "finished" : "not finished")
        return parts.joined(separator: ", ") + ": " + (verdict == .asExpected ? "as expected" : "expected a finished drop")
    }
}
