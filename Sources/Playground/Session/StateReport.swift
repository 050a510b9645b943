// `lodestone --state-out FILE`: one JSON line per committed frame saying what the frame shows,
// so a test (or a curious person) can check the program's state beside its pixels. Small and
// private (SPEC T3): element ids, rects, effect and accessory kinds, drop and activation
// results — never a label, typed key or text of any kind. The line format is documented in
// `lodestone --help` (--state-out).
import InputProtocol
import PointerEngine

/// What the window learned from its compositor (issue 19): how the pointer is drawn and the
/// data device. Filled by the program from WaylandClient; each line reports it.
public struct CompositorFacts: Sendable, Equatable {
    /// Whether Lodestone paints the pointer into its own frames.
    public var drawsOwnPointer: Bool
    /// What the compositor was last asked to show over the window: "hidden", a theme cursor's
    /// name or "no theme cursor"; nil before the pointer first entered (or with no seat).
    public var compositorCursor: String?
    /// wl_data_device_manager's advertised and bound versions (nil: not offered, too old).
    public var dataDeviceOffered: UInt32?, dataDeviceBound: UInt32?
    /// Whether the seat has its wl_data_device (none without a seat).
    public var hasDataDevice: Bool
    /// Who draws the window's controls: "client", "server" or "none" (issue 32.1, W1); nil
    /// before the first configure.
    public var decorations: String?
    /// The toplevel's states from the newest configure, by name.
    public var windowStates: [String] = []
    /// The window geometry sent (xdg_surface.set_window_geometry, surface points): x, y, width,
    /// height; nil before the first.
    public var windowGeometry: [Int]?

    /// The toplevel's states of its last configure (`activated`, `maximized`, `suspended` …).
    public var toplevelStates: [String] = []
    /// wl_seat's bound version (nil: no seat) and the scroll direction the seat said last
    /// (`natural`, `traditional`; from wl_seat 9's axis_relative_direction; nil: not said).
    public var seatVersion: UInt32?, scrollDirection: String?
    /// How the compositor's cursor was last set: "cursor-shape-v1" or "xcursor" (issue 32.2);
    /// nil while hidden. The bound wp_cursor_shape_manager_v1 version (nil: not bound).
    public var cursorSource: String?, cursorShapeVersion: UInt32?
    /// wl_surface.preferred_buffer_scale and _transform (wl_compositor 6), nil until sent.
    public var preferredBufferScale: Int32?, preferredBufferTransform: UInt32?

    public init(drawsOwnPointer: Bool, compositorCursor: String?, dataDeviceOffered: UInt32?, dataDeviceBound: UInt32?, hasDataDevice: Bool) {
        self.drawsOwnPointer = drawsOwnPointer; self.compositorCursor = compositorCursor
        self.dataDeviceOffered = dataDeviceOffered; self.dataDeviceBound = dataDeviceBound; self.hasDataDevice = hasDataDevice
    }
}

/// Builds state lines from a session's frame.
public enum StateReport {
    /// The JSON line (no trailing newline) for the frame `frame` of `session`, committed as
    /// frame `number` at buffer `scale` on a surface of `size` points (the window's, which the
    /// compositor chooses: a test waits for the size it configured before reading positions).
    /// `cacheBytes`: what the window's render cache holds (its images fill up to their bound
    /// over a long run; a live soak subtracts them from the resident size, issue 19).
    /// `facts`: the compositor's cursor and data device, as `cursor` and `data_device`.
    public static func line(_ session: PlaygroundSession, frame f: Frame, number: Int, scale: Double, size: Size,
                            cacheBytes: Int? = nil, facts: CompositorFacts? = nil) -> String {
        var o = JSONLine()
        o.int("frame", number)
        o.number("scale", scale)
        o.raw("size", "[\(num(size.width)),\(num(size.height))]")
        o.int("time_us", Int(f.time.rawValue))
        // The time the frame's animations were sampled at: time_us, or with the window's
        // AnimationClock.frames the last frame drawn for the frame callback (issue 8).
        o.int("animation_time_us", Int(session.engine.animationTime.rawValue))
        o.raw("pointer", object { p in
            p.raw("at", point(f.pointer.logicalPosition))
            p.raw("drawn", point(f.pointer.position))
            p.number("opacity", f.pointer.opacity)
            let box = f.pointer.layers.reduce(Rect.zero) { $0.union($1.bounds) }
            p.raw("bounds", rect(box))
        })
        o.raw("hovered", session.engine.hovered.map { "\($0.rawValue)" } ?? "null")
        o.raw("effects", array(f.effects) { e in
            object { x in
                x.int("element", Int(e.element.rawValue))
                x.string("kind", e.kind.rawValue)
                x.number("progress", e.progress)
                x.number("scale", e.contentScale)
                x.raw("frame", rect(e.elementFrame))
                x.raw("content", rect(e.contentRect))
                x.raw("platter", e.platter.map { rect($0.rect) } ?? "null")
                x.raw("shadow", e.shadow.map { rect($0.rect) } ?? "null")
            }
        })
        o.raw("accessories", array(f.accessories.filter { $0.opacity > 0 }) { a in
            object { x in
                x.string("glyph", glyphName(a.glyph))
                x.raw("center", point(a.center))
                x.number("size", a.size)
                x.number("opacity", a.opacity)
            }
        })
        o.raw("drag", f.drag.map { d in
            object { x in
                x.raw("items", ids(d.items))
                x.string("operation", d.operation?.rawValue ?? "none")
                x.string("input", d.input.rawValue)
                x.raw("preview", rect(d.previewRect))
            }
        } ?? "null")
        o.raw("band", f.bandSelection.map { rect($0.rect) } ?? "null")
        // What the band does, named by operation: the keys that ask for it depend on the
        // conventions (I1).
        o.raw("band_operation", f.bandSelection.map { JSONWriter.quoted($0.operation.rawValue) } ?? "null")
        // The part drawn: inside the collection's viewport (I1).
        o.raw("band_visible", f.bandSelection.flatMap(\.visibleRect).map { rect($0) } ?? "null")
        o.raw("selection", ids(session.engine.scene.selection.sorted()))
        o.raw("menu", f.contextMenu.map { m in
            object { x in
                x.raw("element", m.element.map { "\($0.rawValue)" } ?? "null")
                x.raw("at", point(m.origin))
                x.raw("frame", rect(m.frame)) // inside the window (G9)
                x.int("items", m.items.count) // how many, never their titles (T3)
                x.raw("disabled", "[" + m.disabled.sorted().map(String.init).joined(separator: ",") + "]")
                // A drop's menu: whether its keys reach it (issue 30.5), the hint shown when not.
                x.raw("keys", session.dropMenuKeys.map { JSONWriter.quoted($0.rawValue) } ?? "null")
                x.raw("hint", session.state.menuHint.map { _ in "true" } ?? "false")
            }
        } ?? "null")
        // Each scroll container's content offset (G1, G10: which way and how far it scrolled).
        o.raw("offsets", object { x in
            for c in f.containers { x.raw("\(c.element.rawValue)", "[\(num(c.transform.offset.dx)),\(num(c.transform.offset.dy))]") }
        })
        let reveals = f.elementStates.filter { session.layout[$0.element]?.kind == .revealingControls }
        o.raw("revealed", object { x in
            for s in reveals { x.number("\(s.element.rawValue)", s.revealOpacity) }
        })
        var drops: [String] = [], activations: [String] = []
        for out in session.outputs {
            switch out {
            case .dropped(let items, let on, let op, let input):
                drops.append(object { x in
                    x.raw("items", ids(items)); x.int("target", Int(on.rawValue))
                    x.string("operation", op.rawValue); x.string("input", input.rawValue)
                })
            case .activated(let id, let input, let n):
                activations.append(object { x in
                    x.int("element", Int(id.rawValue)); x.string("input", input.rawValue); x.int("clicks", n)
                })
            default: break
            }
        }
        o.raw("drops", "[" + drops.joined(separator: ",") + "]")
        o.raw("activations", "[" + activations.joined(separator: ",") + "]")
        // The Tabs card (I6, issue 30.5): the tab shown, the open ones left to right, the closed
        // ones newest last (what Reopen Closed Tab brings back), by index in the tab names.
        if session.isShowcase {
            let t = session.state
            o.raw("tabs", object { x in
                x.int("shown", t.tab)
                x.raw("open", "[" + t.slots.map(String.init).joined(separator: ",") + "]")
                x.raw("closed", "[" + t.closeOrder.map(String.init).joined(separator: ",") + "]")
            })
        }
        // Each scrubber's playhead, seconds, and whether its media plays (I3).
        o.raw("playback", object { x in
            for s in f.scrubbers {
                let t = session.engine.playhead(of: s.element) ?? 0
                let playing = session.engine.isPlaying(s.element)
                x.raw("\(s.element.rawValue)", object { y in y.number("time", t); y.raw("playing", playing ? "true" : "false") })
            }
        })
        o.string("conventions", session.engine.settings.conventions.rawValue)
        o.raw("animating", f.isAnimating ? "true" : "false")
        // The showcase's layout for the window's size (issue 17.1): columns of cards, whether
        // the HUD docks or shows as a panel, and how far the cards' content view scrolled.
        o.raw("layout", session.geometry.map { g in
            object { x in
                x.raw("size", "[\(num(g.size.width)),\(num(g.size.height))]")
                x.int("columns", g.columns)
                x.number("card_width", g.cardWidth)
                x.raw("content_frame", "[\(num(g.content.minX)),\(num(g.content.minY)),\(num(g.content.width)),\(num(g.content.height))]")
                x.raw("hud_docked", g.hudDocked ? "true" : "false")
                x.raw("hud_shown", g.hudShown ? "true" : "false")
                x.string("sidebar", g.sidebar.rawValue)
                let offset = f.containers.first { $0.element == Showcase.ID.content }?.transform.offset ?? .zero
                x.number("content_offset", offset.dy)
                x.number("content_max_offset", g.maximumOffset)
            }
        } ?? "null")
        o.raw("external_drag", session.externalDrag.map(externalDrag) ?? "null")
        o.raw("external_drop", session.lastExternalDrop.map { d in
            object { x in
                x.raw("target", d.target.map { "\($0.rawValue)" } ?? "null")
                var w = JSONWriter(); w.write(.string(d.mimeType))
                x.raw("mime_type", w.text)
                x.raw("operation", d.operation.map { "\"\($0.rawValue)\"" } ?? "null")
                switch d.outcome {
                case .success(let n):
                    x.int("bytes", n)
                    if let digest = d.digest { x.string("digest", digest) }
                    if let us = d.readMicros { x.int("read_us", us) }
                case .failure(let e): var m = JSONWriter(); m.write(.string(e.message)); x.raw("error", m.text)
                }
            }
        } ?? "null")
        o.int("external_drop_count", session.externalDropCount)
        // What each drop target shows of the last drop into it (nil: none yet), in order.
        o.raw("dropped_in", "[" + Showcase.ID.dropTargets.indices.map { i in
            session.state.droppedIn[i].map(JSONWriter.quoted) ?? "null" }.joined(separator: ",") + "]")
        o.raw("drag_out", session.outgoingDrag.map(dragOut) ?? "null")
        // Whether a key change reached this window while a drag between applications went on
        // (issue 18.4: under wlroots none does once the compositor has the drag).
        o.raw("external_keys_reached", session.externalKeysReached ? "true" : "false")
        // What the HUD tells of keys during a drag between applications (issue 30.6), nil: nothing.
        o.raw("keys_note", session.hud.external?.keysNote.map(JSONWriter.quoted) ?? "null")
        // Who chose the action of the drag between applications (issue 30.6): the HUD's "by".
        o.raw("chosen_by", session.hud.external?.chooser.map(JSONWriter.quoted) ?? "null")
        o.raw("last_drag_out", session.lastOutgoingDrag.map(dragOut) ?? "null")
        o.raw("removed", ids(session.removedItems.sorted()))
        // What is still in progress (G7): the engine's view (a button or touch held, a drag, band,
        // gesture, scrub …) and the interactions that hold it, by name (a live soak checks both at
        // its end, issue 19).
        o.raw("engine_active", session.engine.isActive ? "true" : "false")
        if let cacheBytes { o.int("render_cache_bytes", cacheBytes) }
        if let facts {
            // Who draws the pointer and what the compositor shows (issue 19's "cursor" column).
            o.raw("cursor", object { x in
                x.string("drawn_by", facts.drawsOwnPointer ? "lodestone" : "compositor")
                x.raw("compositor_cursor", facts.compositorCursor.map(JSONWriter.quoted) ?? "null")
                x.raw("source", facts.cursorSource.map(JSONWriter.quoted) ?? "null")
                x.raw("shape_manager", facts.cursorShapeVersion.map { "\($0)" } ?? "null")
            })
            o.raw("data_device", object { x in
                x.raw("offered", facts.dataDeviceOffered.map { "\($0)" } ?? "null")
                x.raw("bound", facts.dataDeviceBound.map { "\($0)" } ?? "null")
                x.raw("device", facts.hasDataDevice ? "true" : "false")
            })
            // The toplevel's configure states; while `suspended` no frame is drawn (issue 32.4):
            // the line that says so is written when it begins.
            o.raw("toplevel", object { x in
                x.raw("states", "[" + facts.toplevelStates.map(JSONWriter.quoted).joined(separator: ",") + "]")
                x.raw("suspended", facts.toplevelStates.contains("suspended") ? "true" : "false")
            })
            o.raw("seat", object { x in
                x.raw("version", facts.seatVersion.map { "\($0)" } ?? "null")
                x.raw("scroll_direction", facts.scrollDirection.map(JSONWriter.quoted) ?? "null")
            })
            o.raw("preferred_buffer", object { x in
                x.raw("scale", facts.preferredBufferScale.map { "\($0)" } ?? "null")
                x.raw("transform", facts.preferredBufferTransform.map { "\($0)" } ?? "null")
            })
            o.raw("decorations", facts.decorations.map(JSONWriter.quoted) ?? "null")
            o.raw("window_states", "[" + facts.windowStates.map(JSONWriter.quoted).joined(separator: ",") + "]")
            o.raw("window_geometry", facts.windowGeometry.map { "[" + $0.map(String.init).joined(separator: ",") + "]" } ?? "null")
        }
        // The window's own controls (issue 32.1, W1): buttons and resize regions, surface points.
        o.raw("window_controls", array(windowControls(session)) { c in
            object { x in x.string("kind", c.kind); x.raw("frame", rect(c.frame)) }
        })
        o.raw("active", "[" + session.engine.interactions.filter(\.isActive).map { JSONWriter.quoted($0.name) }.joined(separator: ",") + "]")
        return o.text
    }

    /// The window's buttons and resize regions (kind "resize-EDGE") the showcase shows.
    static func windowControls(_ session: PlaygroundSession) -> [(kind: String, frame: Rect)] {
        guard let g = session.geometry else { return [] }
        return g.windowButtonFrames.map { ($0.0.rawValue, $0.1) } + g.chrome.edgeFrames(size: g.size).map { ("resize-" + $0.0.rawValue, $0.1) }
    }

    /// A drag of one of our items carried by the compositor (issue 18.2): what the source
    /// offers, what the protocol answered, what was read (sizes and digests, never the data).
    static func dragOut(_ d: OutgoingDrag) -> String {
        func json(_ v: JSONValue) -> String { var w = JSONWriter(); w.write(v); return w.text }
        return object { x in
            x.int("item", Int(d.item.rawValue))
            x.string("input", d.input.rawValue)
            x.raw("mime_types", json(.array(d.mimeTypes.map { .string($0) })))
            x.raw("source_operations", json(.array(DragOperation.allCases.filter(d.sourceOperations.contains).map { .string($0.rawValue) })))
            x.raw("accepted_type", d.acceptedType.map { json(.string($0)) } ?? "null")
            x.raw("negotiated", d.negotiated.map { "\"\($0.rawValue)\"" } ?? "null")
            x.raw("negotiated_at_us", d.negotiatedAt.map { "\($0.rawValue)" } ?? "null")
            x.string("phase", d.phase.rawValue)
            x.raw("result", d.result.map { json(.string($0)) } ?? "null")
            x.raw("drop_performed", d.dropPerformed ? "true" : "false")
            x.raw("uncarried", d.uncarried ? "true" : "false")
            x.raw("home", d.droppedHome ? "true" : "false")
            x.raw("sent", array(d.sent) { s in
                object { y in
                    y.raw("mime_type", json(.string(s.mimeType)))
                    y.int("bytes", s.bytes)
                    y.string("digest", s.digest)
                }
            })
        }
    }

    /// An offer from another application (issue 18.3): its types and source operations, and
    /// the window's answer where it is.
    static func externalDrag(_ d: ExternalDrag) -> String {
        func json(_ v: JSONValue) -> String { var w = JSONWriter(); w.write(v); return w.text }
        func operations(_ set: Set<DragOperation>) -> String {
            json(.array(DragOperation.allCases.filter(set.contains).map { .string($0.rawValue) }))
        }
        return object { x in
            x.int("offer", Int(d.offer))
            x.raw("mime_types", json(.array(d.mimeTypes.map { .string($0) })))
            x.raw("source_operations", operations(d.sourceOperations))
            x.raw("at", point(d.position))
            x.raw("target", d.answer.target.map { "\($0.rawValue)" } ?? "null")
            x.raw("accepted_type", d.answer.mimeType.map(JSONWriter.quoted) ?? "null")
            x.raw("operations", operations(d.answer.operations))
            x.raw("preferred", d.answer.preferred.map { JSONWriter.quoted($0.rawValue) } ?? "null")
            x.raw("negotiated", d.negotiated.map { JSONWriter.quoted($0.rawValue) } ?? "null")
            x.raw("negotiated_at_us", d.negotiatedAt.map { "\($0.rawValue)" } ?? "null")
        }
    }

    static func glyphName(_ g: AccessoryGlyph) -> String {
        switch g {
        case .arrow: "arrow"
        case .plus: "plus"
        case .circleSlash: "circleSlash"
        case .link: "link"
        case .path: "path"
        }
    }

    static func object(_ fill: (inout JSONLine) -> Void) -> String {
        var o = JSONLine()
        fill(&o)
        return o.text
    }

    static func array<T>(_ items: [T], _ each: (T) -> String) -> String {
        "[" + items.map(each).joined(separator: ",") + "]"
    }

    static func ids(_ items: [ElementID]) -> String { "[" + items.map { "\($0.rawValue)" }.joined(separator: ",") + "]" }
    static func point(_ p: Point) -> String { "[\(num(p.x)),\(num(p.y))]" }
    static func rect(_ r: Rect) -> String { "[\(num(r.minX)),\(num(r.minY)),\(num(r.width)),\(num(r.height))]" }

    /// A finite number with at most 3 decimals (JSON has no NaN or infinity: those become 0).
    static func num(_ v: Double) -> String {
        guard v.isFinite else { return "0" }
        let r = (v * 1000).rounded() / 1000
        return r == r.rounded() && abs(r) < 1e15 ? "\(Int(r))" : "\(r)"
    }
}

/// A JSON object written member by member, without spaces (one line per frame). Every name
/// and string goes through `JSONWriter`, the project's one JSON writer, so each is escaped;
/// `raw` takes a value this file (or `JSONWriter`) already wrote.
struct JSONLine {
    private var members: [String] = []
    var text: String { "{" + members.joined(separator: ",") + "}" }
    mutating func raw(_ name: String, _ json: String) { members.append(JSONWriter.quoted(name) + ":" + json) }
    mutating func int(_ name: String, _ v: Int) { raw(name, "\(v)") }
    mutating func number(_ name: String, _ v: Double) { raw(name, StateReport.num(v)) }
    mutating func string(_ name: String, _ v: String) { raw(name, JSONWriter.quoted(v)) }
}
