// JSON → `PointerStyle`: effect, shape (rounded rect, ellipse, beam, SVG-like path, system
// cursor), accessories and annotations. Angles are degrees in the file, radians in the model.
import InputProtocol
import PointerEngine

enum StyleReader {
    static func style(_ n: JSONNode) throws(LayoutSchemaError) -> PointerStyle {
        let o = try ObjectReader(n, "\"style\"", allowed: ["effect", "shape", "accessories", "annotations"])
        var s = PointerStyle()
        if let e = o["effect"] { s.effect = try effect(e) }
        if let sh = o["shape"] { s.shape = try shape(sh) }
        if let a = o["accessories"] {
            for item in try Values.array(a, "\"accessories\"") { s.accessories.append(try accessory(item)) }
        }
        if let a = o["annotations"] {
            for item in try Values.array(a, "\"annotations\"") {
                let r = try ObjectReader(item, "an annotation", allowed: ["text", "angle", "offset"])
                s.annotations.append(PointerAnnotation(try Values.string(try r.required("text"), "\"text\""),
                                                       at: try position(r, defaultAngle: 45)))
            }
        }
        return s
    }

    static func effect(_ n: JSONNode) throws(LayoutSchemaError) -> PointerEffect {
        if case .string(let name) = n.value {
            switch name {
            case "highlight": return .highlight
            case "lift": return .lift
            case "hover": return .hover(HoverEffect())
            case "automatic": return .automatic
            case "none": return .none
            default:
                let names = ["highlight", "lift", "hover", "automatic", "none"]
                let hint = Spelling.closest(to: name, in: names).map { " (did you mean \"\($0)\"?)" } ?? ""
                throw LayoutSchemaError("unknown effect \"\(name)\"\(hint); one of \(names.joined(separator: ", "))", n.position)
            }
        }
        let o = try ObjectReader(n, "\"effect\"", allowed: ["hover"])
        let h = try ObjectReader(try o.required("hover"), "\"hover\"", allowed: ["scale", "tint", "tintColor", "shadow"])
        return .hover(HoverEffect(scale: try h.number("scale", default: 1, range: 0.1...10),
                                  tint: try h.enumeration("tint", TintMode.self) ?? .overlay,
                                  tintColor: try h["tintColor"].map { c throws(LayoutSchemaError) in try Values.color(c, "\"tintColor\"") },
                                  hasShadow: try h.bool("shadow", default: false)))
    }

    static func shape(_ n: JSONNode) throws(LayoutSchemaError) -> PointerShape {
        let o = try ObjectReader(n, "\"shape\"", allowed: ["roundedRect", "ellipse", "beam", "path", "system"])
        guard o.members.count == 1, let m = o.members.first else {
            throw LayoutSchemaError("\"shape\" needs exactly one of roundedRect, ellipse, beam, path, system", n.position)
        }
        switch m.key {
        case "roundedRect":
            let r = try ObjectReader(m.value, "\"roundedRect\"", allowed: ["size", "cornerRadius"])
            let size = try r["size"].map { s throws(LayoutSchemaError) in try Values.numbers(s, "\"size\"", count: 2, range: 0...10_000) }
            return .roundedRect(size: size.map { Size($0[0], $0[1]) }, cornerRadius: try r.number("cornerRadius", default: 0, range: 0...10_000))
        case "ellipse":
            let r = try ObjectReader(m.value, "\"ellipse\"", allowed: ["size"])
            let size = try Values.numbers(try r.required("size"), "\"size\"", count: 2, range: 0...10_000)
            return .ellipse(size: Size(size[0], size[1]))
        case "beam":
            let r = try ObjectReader(m.value, "\"beam\"", allowed: ["length", "axis"])
            return .beam(length: try Values.number(try r.required("length"), "\"length\"", range: 1...1_000),
                         axis: try r.enumeration("axis", BeamAxis.self) ?? .vertical)
        case "path":
            let r = try ObjectReader(m.value, "\"path\"", allowed: ["d", "lineWidth", "filled"])
            let d = try r.required("d")
            return .path(PointerPath(commands: try PathReader.commands(try Values.string(d, "\"d\""), at: d.position),
                                     lineWidth: try r.number("lineWidth", default: 0, range: 0...100),
                                     isFilled: try r.bool("filled", default: true)))
        default: // "system" (the allowed list above admits nothing else)
            return .system(try Values.enumeration(m.value, "\"system\"", SystemCursor.self))
        }
    }

    static func accessory(_ n: JSONNode) throws(LayoutSchemaError) -> PointerAccessory {
        let o = try ObjectReader(n, "an accessory", allowed: ["glyph", "angle", "offset", "path", "orient"])
        let g = try o.required("glyph")
        let glyph: AccessoryGlyph
        switch try Values.string(g, "\"glyph\"") {
        case "arrow": glyph = .arrow
        case "plus": glyph = .plus
        case "circleSlash": glyph = .circleSlash
        case "link": glyph = .link
        case "path":
            let p = try o.required("path")
            glyph = .path(PointerPath(commands: try PathReader.commands(try Values.string(p, "\"path\""), at: p.position)))
        case let other:
            throw LayoutSchemaError("unknown glyph \"\(other)\"; one of arrow, plus, circleSlash, link, path", g.position)
        }
        return PointerAccessory(glyph, at: try position(o, defaultAngle: 0), orientsToPosition: try o.bool("orient", default: true))
    }

    static func position(_ o: ObjectReader, defaultAngle: Double) throws(LayoutSchemaError) -> AccessoryPosition {
        AccessoryPosition(angle: try o.number("angle", default: defaultAngle, range: -360...360) * .pi / 180,
                          offset: try o.number("offset", default: 4, range: 0...100))
    }
}

/// SVG-like path data with absolute commands: "M x y", "L x y", "Q cx cy x y",
/// "C c1x c1y c2x c2y x y", "Z". Numbers separated by spaces or commas.
enum PathReader {
    static func commands(_ d: String, at position: SourcePosition) throws(LayoutSchemaError) -> [PathCommand] {
        var tokens: [String] = []
        var current = ""
        for ch in d {
            if ch == " " || ch == "," || ch == "\n" || ch == "\t" {
                if !current.isEmpty { tokens.append(current); current = "" }
            } else if "MLQCZmlqcz".contains(ch) {
                if !current.isEmpty { tokens.append(current); current = "" }
                tokens.append(String(ch))
            } else {
                current.append(ch)
            }
        }
        if !current.isEmpty { tokens.append(current) }
        var out: [PathCommand] = []
        var i = 0
        func numbers(_ n: Int, for c: String) throws(LayoutSchemaError) -> [Double] {
            guard i + n <= tokens.count else { throw LayoutSchemaError("path: \"\(c)\" needs \(n) numbers", position) }
            var v: [Double] = []
            for t in tokens[i..<i + n] {
                guard let x = Double(t), x.isFinite, abs(x) <= 10_000 else { throw LayoutSchemaError("path: \"\(t)\" is not a number", position) }
                v.append(x)
            }
            i += n
            return v
        }
        while i < tokens.count {
            let c = tokens[i]
            i += 1
            switch c {
            case "M": let v = try numbers(2, for: c); out.append(.move(Point(v[0], v[1])))
            case "L": let v = try numbers(2, for: c); out.append(.line(Point(v[0], v[1])))
            case "Q": let v = try numbers(4, for: c); out.append(.quad(control: Point(v[0], v[1]), to: Point(v[2], v[3])))
            case "C":
                let v = try numbers(6, for: c)
                out.append(.cubic(control1: Point(v[0], v[1]), control2: Point(v[2], v[3]), to: Point(v[4], v[5])))
            case "Z": out.append(.close)
            default: throw LayoutSchemaError("path: unknown command \"\(c)\" (absolute M, L, Q, C, Z only)", position)
            }
        }
        guard case .move? = out.first else { throw LayoutSchemaError("path must start with \"M\"", position) }
        return out
    }
}
