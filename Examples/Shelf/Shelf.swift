// The example's engine side (issue 34.4): a shelf of fruit rows, three buttons and a basket to
// drop rows on, as a `Layout` rebuilt whenever the app's state changes, and the engine's outputs
// turned into that state. PointerEngine only: this file builds alone in another package.
import PointerEngine

struct Shelf {
    static let add = ElementID(1), sort = ElementID(2), clear = ElementID(3)
    static let list = ElementID(10), basket = ElementID(11)
    static let names = ["Apple", "Banana", "Cherry", "Date", "Elderberry", "Fig", "Grape", "Kiwi", "Lemon", "Mango"]

    var size: Size
    var rows = Array(names.prefix(6))
    var basket: [String] = []
    var engine: Engine

    init(size: Size) {
        self.size = size
        engine = Engine(layout: Layout(size: size))
        engine.setLayout(layout())
    }

    /// Row `k`'s element: ids from 100, in the list's content.
    static func row(_ k: Int) -> ElementID { ElementID(Int32(100 + k)) }

    /// Buttons along the top, the list on the left, the basket on the right (M1: hit padding
    /// and magnetism come with the kinds).
    func layout() -> Layout {
        func button(_ id: ElementID, _ k: Int, _ label: String) -> LayoutNode {
            LayoutNode(Element(id: id, kind: .button, frame: Rect(x: 16 + Double(k) * 92, y: 14, width: 80, height: 32),
                               cornerRadius: 8, hasBezel: true, label: label))
        }
        let listFrame = Rect(x: 16, y: 62, width: size.width * 0.55 - 24, height: size.height - 78)
        // A scroll view's content is laid out in its own coordinates.
        let rowNodes = rows.indices.map { k in
            LayoutNode(Element(id: Self.row(k), kind: .row, frame: Rect(x: 0, y: Double(k) * 44, width: listFrame.width, height: 44),
                               label: rows[k], traits: ElementTraits(isDraggable: true)))
        }
        let content = Size(width: listFrame.width, height: max(Double(rows.count) * 44, listFrame.height))
        let list = Element(id: Self.list, kind: .scrollView, frame: listFrame, cornerRadius: 10,
                           traits: ElementTraits(scroll: ScrollConfiguration(contentSize: content)))
        let basket = Element(id: Self.basket, kind: .dropTarget,
                             frame: Rect(x: size.width * 0.55 + 8, y: 62, width: size.width * 0.45 - 24, height: size.height - 78),
                             cornerRadius: 14, label: basket.isEmpty ? "Basket" : "Basket: " + basket.joined(separator: ", "),
                             traits: ElementTraits(drop: DropPolicy(accepts: [.move, .copy])))
        let nodes = [button(Self.add, 0, "Add"), button(Self.sort, 1, "Sort"), button(Self.clear, 2, "Clear"),
                     LayoutNode(list, rowNodes), LayoutNode(basket)]
        // The ids and frames above are valid by construction.
        return (try? Layout(size: size, nodes)) ?? Layout(size: size)
    }

    /// Sends one input event to the engine and applies what it decided; the lines to report.
    mutating func handle(_ event: InputEvent) -> [String] { engine.handle(event); return applyOutputs() }

    /// Moves the engine's time on (animations, deadlines); the lines to report.
    mutating func advance(to now: Timestamp) -> [String] { engine.advance(to: now); return applyOutputs() }

    mutating func resize(to size: Size) {
        self.size = size
        engine.setLayout(layout())
    }

    private mutating func applyOutputs() -> [String] {
        var lines: [String] = [], changed = false
        for output in engine.drainOutputs() {
            switch output {
            case .activated(Self.add, _, _):
                rows.append(Self.names[rows.count % Self.names.count]); changed = true
                lines.append("added \(rows.last!)")
            case .activated(Self.sort, _, _):
                rows.sort(); changed = true
                lines.append("sorted")
            case .activated(Self.clear, _, _):
                basket.removeAll(); changed = true
                lines.append("basket emptied")
            case let .dropped(items, Self.basket, operation, _):
                let picked = items.map { Int($0.rawValue) - 100 }.filter { rows.indices.contains($0) }
                basket += picked.map { rows[$0] }
                if operation == .move { rows = rows.indices.filter { !picked.contains($0) }.map { rows[$0] } }
                changed = true
                lines.append("\(operation) \(picked.count) to basket: \(basket.joined(separator: ", "))")
            default:
                break
            }
        }
        if changed { engine.setLayout(layout()) }
        return lines
    }
}
