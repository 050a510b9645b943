// JSON → `Layout`: the element schema of docs/layout-format.md, one reader per part.
import InputProtocol
import PointerEngine

struct LayoutReader {
    let file: String?
    private var layout = Layout(size: Size(0, 0))
    private var names: [ElementID: String] = [:]
    private var positions: [ElementID: SourcePosition] = [:]
    private var behavesLike: [ElementID: ElementKind] = [:]
    private var ids: [String: ElementID] = [:]
    private var next: Int32 = 1

    /// Surface sizes beyond this are surely a mistake.
    static let maximumCoordinate = 1_000_000.0 // pt
    static let elementMembers = [
        "id", "kind", "frame", "cornerRadius", "bezel", "label", "hitPadding", "zIndex", "enabled", "style",
        "text", "scroll", "drop", "draggable", "scrubber", "graph", "resizeAxis", "reveal", "contextMenu",
        "behavesLike", "children",
    ]

    init(file: String?) { self.file = file }

    mutating func document(_ root: JSONNode) throws(LayoutSchemaError) -> LayoutDocument {
        let doc = try ObjectReader(root, "the layout", allowed: ["format", "version", "size", "elements"])
        if let f = try doc.string("format"), f != LayoutFile.formatName {
            throw LayoutSchemaError("\"format\" must be \"\(LayoutFile.formatName)\", found \"\(f)\"", doc["format"]!.position)
        }
        let version = try doc.required("version")
        let v = try Values.number(version, "\"version\"")
        guard v == Double(LayoutFile.version) else {
            throw LayoutSchemaError("unsupported version \(v == v.rounded() && abs(v) < 1e9 ? String(Int(v)) : String(v)); this Lodestone reads version \(LayoutFile.version)", version.position)
        }
        let size = try Values.numbers(try doc.required("size"), "\"size\"", count: 2, range: 1...Self.maximumCoordinate)
        layout = Layout(size: Size(size[0], size[1]))
        for e in try Values.array(try doc.required("elements"), "\"elements\"") { try element(e, parent: nil) }
        return LayoutDocument(layout: layout, names: names, positions: positions, behavesLike: behavesLike, file: file)
    }

    private mutating func element(_ node: JSONNode, parent: ElementID?) throws(LayoutSchemaError) {
        let o = try ObjectReader(node, "an element", allowed: Self.elementMembers)
        let kind = try Values.enumeration(try o.required("kind"), "\"kind\"", ElementKind.self)
        let id = ElementID(next)
        next += 1
        let name = try o.string("id") ?? "\(kind.rawValue)\(id.rawValue)"
        if ids[name] != nil { throw LayoutSchemaError("element id \"\(name)\" is used twice", o["id"]?.position ?? node.position) }
        ids[name] = id
        let f = try Values.numbers(try o.required("frame"), "\"frame\" of \(name)", count: 4,
                                   range: -Self.maximumCoordinate...Self.maximumCoordinate)
        guard f[2] >= 0, f[3] >= 0 else { throw LayoutSchemaError("\"frame\" of \(name) has a negative size", o["frame"]!.position) }
        var traits = ElementTraits()
        traits.text = try o["text"].map { n throws(LayoutSchemaError) in try text(n) }
        traits.scroll = try o["scroll"].map { n throws(LayoutSchemaError) in try scroll(n) }
        traits.drop = try o["drop"].map { n throws(LayoutSchemaError) in try drop(n) }
        traits.isDraggable = try o.bool("draggable", default: false)
        traits.scrubber = try o["scrubber"].map { n throws(LayoutSchemaError) in
            let s = try ObjectReader(n, "\"scrubber\"", allowed: ["duration"])
            return ScrubberConfiguration(duration: try Values.number(try s.required("duration"), "\"duration\"", range: 0...1e7))
        }
        traits.graph = try o["graph"].map { n throws(LayoutSchemaError) in try graph(n) }
        traits.resizeAxis = try o.enumeration("resizeAxis", ResizeAxis.self)
        traits.reveal = try o.enumeration("reveal", RevealBehaviour.self)
        if let menu = o["contextMenu"] {
            var entries: [String] = []
            for (i, m) in try Values.array(menu, "\"contextMenu\"").enumerated() { entries.append(try Values.string(m, "\"contextMenu\"[\(i)]")) }
            traits.contextMenu = entries
        }
        let padding = try o["hitPadding"].map { n throws(LayoutSchemaError) in try Values.number(n, "\"hitPadding\"", range: 0...1_000) }
        let z = try o.number("zIndex", default: 0, range: -1e6...1e6)
        guard z == z.rounded() else { throw LayoutSchemaError("\"zIndex\" must be a whole number", o["zIndex"]!.position) }
        let e = Element(id: id, kind: kind, frame: Rect(x: f[0], y: f[1], width: f[2], height: f[3]),
                        cornerRadius: try o.number("cornerRadius", default: 0, range: 0...Self.maximumCoordinate),
                        hasBezel: try o.bool("bezel", default: false), label: try o.string("label") ?? "",
                        style: try o["style"].map { n throws(LayoutSchemaError) in try StyleReader.style(n) },
                        hitPadding: padding, zIndex: Int(z), isEnabled: try o.bool("enabled", default: true), traits: traits)
        do { try layout.add(e, parent: parent) } catch { throw LayoutSchemaError(error.description, node.position) }
        names[id] = name
        positions[id] = node.position
        if let like = o["behavesLike"] { behavesLike[id] = try Values.enumeration(like, "\"behavesLike\"", ElementKind.self) }
        if let children = o["children"] {
            for c in try Values.array(children, "\"children\" of \(name)") { try element(c, parent: id) }
        }
    }

    private func text(_ n: JSONNode) throws(LayoutSchemaError) -> TextMetrics {
        let o = try ObjectReader(n, "\"text\"", allowed: ["lineHeight", "vertical", "firstLineOffset"])
        return TextMetrics(lineHeight: try Values.number(try o.required("lineHeight"), "\"lineHeight\"", range: 1...1_000),
                           isVertical: try o.bool("vertical", default: false),
                           firstLineOffset: try o.number("firstLineOffset", default: 0, range: -1e6...1e6))
    }

    private func scroll(_ n: JSONNode) throws(LayoutSchemaError) -> ScrollConfiguration {
        let o = try ObjectReader(n, "\"scroll\"", allowed: ["contentSize", "axes", "paged", "minZoom", "maxZoom", "rotation", "edgeEffect", "offset"])
        let size = try Values.numbers(try o.required("contentSize"), "\"contentSize\"", count: 2, range: 0...Self.maximumCoordinate)
        let axes: ScrollAxes
        switch try o.string("axes") ?? "vertical" {
        case "vertical": axes = .vertical
        case "horizontal": axes = .horizontal
        case "both": axes = .both
        case let other: throw LayoutSchemaError("\"axes\" must be \"vertical\", \"horizontal\" or \"both\", found \"\(other)\"", o["axes"]!.position)
        }
        let minZoom = try o.number("minZoom", default: 1, range: 0.01...100)
        let maxZoom = try o.number("maxZoom", default: minZoom, range: 0.01...100)
        guard maxZoom >= minZoom else { throw LayoutSchemaError("\"maxZoom\" \(maxZoom) is below \"minZoom\" \(minZoom)", o["maxZoom"]!.position) }
        let offset = try o["offset"].map { n throws(LayoutSchemaError) in try Values.numbers(n, "\"offset\"", count: 2) } ?? [0, 0]
        return ScrollConfiguration(contentSize: Size(size[0], size[1]), axes: axes, isPaged: try o.bool("paged", default: false),
                                   minimumZoom: minZoom, maximumZoom: maxZoom, allowsRotation: try o.bool("rotation", default: false),
                                   edgeEffect: try o.enumeration("edgeEffect", ScrollEdgeEffectStyle.self) ?? .soft,
                                   initialOffset: Vector(offset[0], offset[1]))
    }

    private func drop(_ n: JSONNode) throws(LayoutSchemaError) -> DropPolicy {
        let o = try ObjectReader(n, "\"drop\"", allowed: ["accepts"])
        guard let accepts = o["accepts"] else { return DropPolicy() }
        var ops = Set<DragOperation>()
        for (i, a) in try Values.array(accepts, "\"accepts\"").enumerated() {
            ops.insert(try Values.enumeration(a, "\"accepts\"[\(i)]", DragOperation.self))
        }
        return DropPolicy(accepts: ops)
    }

    private func graph(_ n: JSONNode) throws(LayoutSchemaError) -> GraphAxes {
        let o = try ObjectReader(n, "\"graph\"", allowed: ["x", "y", "xUnit", "yUnit", "plotInsets"])
        let x = try Values.numbers(try o.required("x"), "\"x\"", count: 2), y = try Values.numbers(try o.required("y"), "\"y\"", count: 2)
        guard x[0] <= x[1], y[0] <= y[1] else { throw LayoutSchemaError("graph ranges must be [low, high]", n.position) }
        var insets = PlotInsets.zero
        if let p = o["plotInsets"] {
            let v = try Values.numbers(p, "\"plotInsets\"", count: 4)
            guard v.allSatisfy({ $0 >= 0 }) else { throw LayoutSchemaError("graph plotInsets must be [top, left, bottom, right], each ≥ 0", p.position) }
            insets = PlotInsets(top: v[0], left: v[1], bottom: v[2], right: v[3])
        }
        return GraphAxes(x: x[0]...x[1], y: y[0]...y[1], xUnit: try o.string("xUnit") ?? "", yUnit: try o.string("yUnit") ?? "",
                         plotInsets: insets)
    }
}
