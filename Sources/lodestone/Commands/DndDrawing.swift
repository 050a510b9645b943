// `lodestone dnd` (issue 33; I2, G11): both windows drawn (the hint, the item, the zone) and
// their `--state-out` lines.
import GestureCheck
import InputProtocol
import PixmanRenderer
import PointerEngine
import WaylandClient

extension DndWindows {
    // MARK: drawing and state

    func redraw() {
        source?.setNeedsDisplay()
        target?.setNeedsDisplay()
    }

    var stepName: String? { options.steps.indices.contains(index) ? options.steps[index].rawValue : nil }

    /// The hint: what to do now (or the case's result, or the end).
    func hint(isSource: Bool) -> [String] {
        if done { return ["Done: \(plural(cases.count, "case")).", "Enter or Esc closes; the report is written."] }
        guard let step = stepName.flatMap(DndStep.init(rawValue:)) else { return ["Waiting for both windows…"] }
        var lines = ["Step \(index + 1) of \(options.steps.count): \(step.rawValue)"]
        if let shown { lines += Self.wrap("Result: " + shown.summary, width: 52) } else {
            lines += Self.wrap(step.instruction(convention, inTarget: !isSource), width: 52)
            lines.append(step == .escape ? "S skips, Enter starts again; Esc ends before the press." : "S skips, Enter starts again, Esc ends.")
        }
        return lines
    }

    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = [], line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, line.count + word.count + 1 > width { lines.append(line); line = "" }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    func draw(_ ctx: DrawContext, isSource: Bool) {
        let b = ctx.buffer
        guard let canvas = Canvas(pixels: b.pixels, width: b.size.width, height: b.size.height, stride: b.stride,
                                  scale: ctx.scale, cache: cache) else { return }
        canvas.clear(Color(hex: isSource ? 0xF2F2F7 : 0xEEF6EE))
        let strip = isSource ? strips.source : strips.target
        var y = 28.0 + (strip?.contentTop ?? 0)
        canvas.draw(isSource ? "Source" : "Target", font: .system(17, bold: true), at: Point(x: 16, y: y), Color(hex: 0x1C1C1E))
        for line in hint(isSource: isSource) {
            y += 20
            canvas.draw(line, font: .system(13), at: Point(x: 16, y: y), Color(hex: 0x3A3A3C))
        }
        let frame: Rect
        if isSource {
            frame = Self.itemFrame(ctx.logicalSize, top: strip?.contentTop ?? 0)
            // Dimmed while it is carried, and in into-target (nothing to drag from here).
            let dragging = dataSource != nil || stepName == DndStep.intoTarget.rawValue
            canvas.fill(.roundedRect(cornerRadius: 12), in: frame, Color(hex: 0x0A84FF, alpha: dragging ? 0.35 : 1))
            canvas.draw("item", font: .system(15, bold: true), at: Point(x: frame.midX - 16, y: frame.midY + 5), Color(hex: 0xFFFFFF))
        } else {
            frame = Self.zoneFrame(ctx.logicalSize, top: strip?.contentTop ?? 0)
            let lit = overTarget && accepted?.type != nil
            let refusing = current?.step == .refuse || targetEscaped
            let (fill, edge) = lit ? (0x34C759, 0x248A3D) : refusing ? (0xFF3B30, 0xC0271D) : (0xD1D1D6, 0x8E8E93)
            canvas.fill(.roundedRect(cornerRadius: 14), in: frame, Color(hex: UInt32(fill), alpha: lit ? 0.5 : 0.6))
            canvas.stroke(.roundedRect(cornerRadius: 14), in: frame, lineWidth: 2, Color(hex: UInt32(edge)))
            let label = refusing ? "refusing zone" : "drop zone"
            canvas.draw(label, font: .system(15, bold: true), at: Point(x: frame.midX - Double(label.count) * 4.3, y: frame.midY + 5), Color(hex: 0x1C1C1E))
            if let lastRead {
                canvas.draw("Read: " + lastRead, font: .system(12), at: Point(x: frame.minX, y: frame.maxY + 20), Color(hex: 0x3A3A3C))
            }
        }
        strip?.draw(ctx)
        if isSource { frames.source += 1 } else { frames.target += 1 }
        writeState(isSource: isSource, frame: frame, size: ctx.logicalSize)
        if !started, frames.source > 0, frames.target > 0 { startTimer?.arm(after: 0.001) }
    }

    func writeState(isSource: Bool, frame f: Rect, size: (width: Int, height: Int)) {
        func num(_ v: Double) -> String { fmt(v, decimals: 1) }
        let rect = "[\(num(f.minX)),\(num(f.minY)),\(num(f.width)),\(num(f.height))]"
        var line = "{\"window\":\"\(isSource ? "source" : "target")\",\"frame\":\(isSource ? frames.source : frames.target)"
        line += ",\"size\":[\(size.width),\(size.height)],\"content_top\":\(num((isSource ? strips.source : strips.target)?.contentTop ?? 0)),\"\(isSource ? "item" : "zone")\":\(rect)"
        line += ",\"step\":\(stepName.map(JSONWriter.quoted) ?? "null"),\"step_index\":\(index),\"cases\":\(cases.count)"
        line += ",\"phase\":\"\(done ? "done" : current == nil ? (shown == nil ? "waiting" : "result") : dataSource == nil ? "ready" : "dragging")\""
        // Where the pointer is in this window (nil: elsewhere), so a driver can find the windows.
        let window = isSource ? source : target
        if let p = pointer, let w = window, client.seat?.pointer?.focusedWindow === w {
            line += ",\"pointer\":[\(num(p.x)),\(num(p.y))]"
        } else {
            line += ",\"pointer\":null"
        }
        // The type is the peer's own name for it (any bytes): quoted as JSON.
        if !isSource { line += ",\"over\":\(overTarget),\"accepted_type\":\(accepted?.type.map(JSONWriter.quoted) ?? "null")" }
        stateLine(line + "}")
    }
}
