// The layout tree: elements, their parents, scroll containers and paint (z) order.

/// What went wrong building a layout, naming the element.
public enum LayoutError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Two elements share this identifier.
    case duplicateID(ElementID)
    /// An element names a parent that is not in the layout.
    case unknownParent(ElementID, parent: ElementID)
    /// An element's frame is not finite or has a negative size.
    case invalidFrame(ElementID, Rect)
    public var description: String {
        switch self {
        case .duplicateID(let id): "element \(id): id used twice"
        case .unknownParent(let id, let parent): "element \(id): parent \(parent) does not exist (parents come first)"
        case .invalidFrame(let id, let r): "element \(id): frame \(r) has a negative or non-finite size"
        }
    }
}

/// A node of the tree used to build a layout in code.
public struct LayoutNode: Sendable {
    /// The element at this node.
    public var element: Element
    /// Its children, in document order (drawn and hit-tested in front of it).
    public var children: [LayoutNode]
    /// A node of `element` with `children`.
    public init(_ element: Element, _ children: [LayoutNode] = []) {
        self.element = element; self.children = children
    }
}

/// The elements on one surface, as a tree. Elements inside a scroll container (`kind
/// .isScrollContainer` with `traits.scroll`) have frames in that container's content space
/// (points at zoom 1, origin = content top-left); all others use the space of their nearest
/// scroll container ancestor, or surface points when there is none.
public struct Layout: Sendable {
    /// Surface size, points.
    public var size: Size
    /// Every element in document order (parents before children).
    public private(set) var elements: [Element] = []
    /// Top-level elements in document order.
    public private(set) var roots: [ElementID] = []
    @usableFromInline var slots: [ElementID: Int] = [:]

    /// An empty layout of `size`.
    public init(size: Size) { self.size = size }

    /// A layout of `size` from a tree of nodes; throws `LayoutError` naming the first bad element.
    public init(size: Size, _ nodes: [LayoutNode]) throws(LayoutError) {
        self.size = size
        func add(_ n: LayoutNode, parent: ElementID?, into l: inout Layout) throws(LayoutError) {
            try l.add(n.element, parent: parent)
            for c in n.children { try add(c, parent: n.element.id, into: &l) }
        }
        for n in nodes { try add(n, parent: nil, into: &self) }
    }

    /// Adds `element` as the last child of `parent` (or as a top-level element).
    public mutating func add(_ element: Element, parent: ElementID? = nil) throws(LayoutError) {
        guard slots[element.id] == nil else { throw .duplicateID(element.id) }
        let f = element.frame
        guard f.width >= 0, f.height >= 0, f.minX.isFinite, f.minY.isFinite, f.width.isFinite, f.height.isFinite
        else { throw .invalidFrame(element.id, f) }
        var e = element
        e.children = []
        e.parent = parent
        if let parent {
            guard let ps = slots[parent] else { throw .unknownParent(element.id, parent: parent) }
            elements[ps].children.append(e.id)
        } else {
            roots.append(e.id)
        }
        slots[e.id] = elements.count
        elements.append(e)
    }

    /// The number of elements.
    public var count: Int { elements.count }

    /// The element with identifier `id`, nil if none.
    public subscript(id: ElementID) -> Element? {
        guard let s = slots[id] else { return nil }
        return elements[s]
    }

    /// One property of an element without copying the whole element (hot paths).
    @inlinable public func property<T>(of id: ElementID, _ key: KeyPath<Element, T>) -> T? {
        guard let s = slots[id] else { return nil }
        return elements[s][keyPath: key]
    }

    /// Replaces an element's app-editable properties (frame, style, traits …); structure is kept.
    public mutating func update(_ element: Element) {
        guard let s = slots[element.id] else { return }
        var e = element
        e.children = elements[s].children
        e.parent = elements[s].parent
        elements[s] = e
    }

    /// The nearest ancestor that is a scroll container (with `traits.scroll`), if any.
    public func scrollContainer(of id: ElementID) -> ElementID? {
        var p = self[id]?.parent
        while let pid = p, let pe = self[pid] {
            if pe.isScrollContainer { return pid }
            p = pe.parent
        }
        return nil
    }

    /// The nearest ancestor whose kind is a bar (SPEC M2), if the element's parent is one.
    public func bar(of id: ElementID) -> ElementID? {
        guard let p = self[id]?.parent, let pe = self[p], pe.kind.isBar else { return nil }
        return p
    }

    /// Every element in paint order (back to front): document order, siblings sorted by
    /// `zIndex` (stable), children after their parent.
    public var paintOrder: [ElementID] {
        var out: [ElementID] = []
        out.reserveCapacity(elements.count)
        func visit(_ ids: [ElementID]) {
            let sorted = ids.enumerated().sorted { a, b in
                let za = self[a.element]!.zIndex, zb = self[b.element]!.zIndex
                return za != zb ? za < zb : a.offset < b.offset
            }
            for (_, id) in sorted {
                out.append(id)
                visit(self[id]!.children)
            }
        }
        visit(roots)
        return out
    }
}

extension Element {
    /// A scroll container: its children live in its content space.
    public var isScrollContainer: Bool { kind.isScrollContainer && traits.scroll != nil }
}
