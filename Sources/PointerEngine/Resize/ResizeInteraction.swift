// Resizing an element by its handles (SPEC A1 arrows along the axis, A3 a live width × height
// annotation). The resized element is the handle's nearest preceding sibling that is not a
// handle; its handles follow its edges.

/// Drag a resize handle to resize its element.
package struct ResizeInteraction: Interaction {
    package var name: String { "resize" }
    /// The element can not shrink below this, points.
    package static let minimumSize = Size(48, 32)

    struct Drag: Hashable, Sendable {
        var handle: ElementID
        var target: ElementID
        var axis: ResizeAxis
        var start: Point
        var startFrame: Rect
        var handles: [ElementID: Rect]
    }
    var drag: Drag?

    package init() {}

    package var isActive: Bool { drag != nil }

    package mutating func handle(_ event: InteractionEvent, context: inout InteractionContext, now: Timestamp) -> InteractionResponse {
        switch event {
        case .pointerPressed(.left, let p, let hit?, _):
            guard let h = context.layout[hit], h.kind == .resizeHandle, let target = resizedElement(of: h, in: context.layout),
                  let tf = context.layout[target]?.frame else { return .ignored }
            var handles: [ElementID: Rect] = [:]
            for id in context.layout[h.parent ?? hit]?.children ?? [] where context.layout[id]?.kind == .resizeHandle {
                if resizedElement(of: context.layout[id]!, in: context.layout) == target { handles[id] = context.layout[id]!.frame }
            }
            drag = Drag(handle: hit, target: target, axis: h.traits.resizeAxis ?? .horizontal, start: p, startFrame: tf, handles: handles)
            return .captured
        case .pointerMoved(let p, _), .touchMoved(_, let p, _):
            guard let d = drag else { return .ignored }
            let v = p - d.start
            var f = d.startFrame
            if d.axis != .vertical { f.size.width = max(d.startFrame.width + v.dx, ResizeInteraction.minimumSize.width) }
            if d.axis != .horizontal { f.size.height = max(d.startFrame.height + v.dy, ResizeInteraction.minimumSize.height) }
            f.size.width = f.size.width.rounded(); f.size.height = f.size.height.rounded()
            apply(f, d, &context)
            return .handled
        case .pointerReleased(.left, _, _), .touchUp:
            guard drag != nil else { return .ignored }
            drag = nil
            return .released
        case .deviceRemoved, .touchCancel:
            // The device went away mid-resize (its release never comes): revert (G7). Found by
            // the soak: a press taken while another interaction held the capture left the
            // resize active forever once its mouse was unplugged.
            guard drag != nil else { return .ignored }
            cancel(context: &context, now: now)
            return .released
        default:
            return .ignored
        }
    }

    /// Moves the element's frame and its handles (overrides in the scene, so a cancel reverts).
    func apply(_ f: Rect, _ d: Drag, _ context: inout InteractionContext) {
        context.scene.frameOverrides[d.target] = f
        let dx = f.maxX - d.startFrame.maxX, dy = f.maxY - d.startFrame.maxY
        for (id, r) in d.handles {
            guard let axis = context.layout[id]?.traits.resizeAxis else { continue }
            var o = r
            switch axis {
            case .horizontal: o = r.offsetBy(Vector(dx, (f.height - d.startFrame.height) / 2))
            case .vertical: o = r.offsetBy(Vector((f.width - d.startFrame.width) / 2, dy))
            case .diagonal, .antiDiagonal: o = r.offsetBy(Vector(dx, dy))
            }
            context.scene.frameOverrides[id] = o
        }
    }

    package mutating func cancel(context: inout InteractionContext, now: Timestamp) {
        guard let d = drag else { return }
        context.scene.frameOverrides[d.target] = nil
        for id in d.handles.keys { context.scene.frameOverrides[id] = nil }
        drag = nil
    }

    package func pointerRequest(context: InteractionContext) -> PointerRequest? {
        guard let d = drag, let f = context.scene.frameOverrides[d.target] ?? context.layout[d.target]?.frame else { return nil }
        return PointerRequest(accessories: PointerAccessory.resizeArrows(d.axis),
                              annotations: [PointerAnnotation("\(Int(f.width)) × \(Int(f.height))")])
    }

    func resizedElement(of handle: Element, in layout: Layout) -> ElementID? {
        guard let p = handle.parent, let siblings = layout[p]?.children, let i = siblings.firstIndex(of: handle.id) else { return nil }
        return siblings[..<i].last { layout[$0]?.kind != .resizeHandle }
    }
}
