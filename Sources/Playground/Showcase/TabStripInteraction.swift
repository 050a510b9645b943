// The showcase's tab bar when a tab closes (SPEC I6, issue 17.7): the closed tab leaves the
// bar. The app state moves the tabs to their new slots at once (so the next × is under the
// pointer at once, for closing several in a row); this draws the change: the closed tab
// shrinks and fades where it was while the tabs after it slide in from the right. The slot the
// bar no longer needs answers nothing (tab and ×), in hit tests as on screen.
import PointerEngine

package struct TabStripInteraction: Interaction {
    typealias ID = Showcase.ID
    package var name: String { "tab strip" }
    /// How long a closing tab takes to leave, seconds (GTK's and Safari's tab close: ~¼ s).
    package static let closeDuration = 0.25
    /// The note the interaction emits when a closing tab has left (`ShowcaseState.closing` ends).
    package static let closedNote = "tab closed"

    /// How many slots of the bar show a tab.
    var open = Showcase.tabNames.count
    /// The slot the closed tab left, and when.
    var closing: (slot: Int, start: Timestamp)?
    /// The elements this put in `scene.disabled` (the reveal interaction keeps its own there).
    var disabled: Set<ElementID> = []

    package init() {}

    /// The app tells it what closed (`close`, `reopen`). While a slot is empty it looks at the
    /// pointer's moves and presses only to keep that slot's × out of reach: the reveal
    /// interaction (run before it) takes a revealed × out of `scene.disabled`.
    package var interests: InteractionInterests { disabled.isEmpty ? [] : [.pointerMoved, .pointerPressed, .touchDown] }
    package mutating func handle(_ event: InteractionEvent, context ctx: inout InteractionContext, now: Timestamp) -> InteractionResponse {
        guard wants(event) else { return .ignored }
        for id in disabled { ctx.scene.disabled.insert(id) }
        return .ignored
    }
    package var isActive: Bool { false }
    package var isAnimating: Bool { closing != nil }

    /// The tab in `slot` closed at `now` (the app state has moved the later tabs down a slot).
    mutating func close(slot: Int, now: Timestamp, _ ctx: inout InteractionContext) {
        guard ctx.layout[ID.tabBar] != nil, open > 0 else { return }
        if closing != nil { finish(&ctx) }
        open -= 1
        closing = (min(slot, open), now)
        place(0, &ctx)
    }

    /// A closed tab came back (the app state put it in its slot): one more slot answers.
    mutating func reopen(_ ctx: inout InteractionContext) {
        guard ctx.layout[ID.tabBar] != nil else { return }
        if closing != nil { finish(&ctx) }
        open = min(open + 1, Showcase.tabNames.count)
        place(nil, &ctx)
    }

    package mutating func advance(to now: Timestamp, context ctx: inout InteractionContext) {
        guard let c = closing else { return }
        let t = now.seconds(since: c.start) / Self.closeDuration
        if t >= 1 { finish(&ctx) } else { place(t, &ctx) }
    }

    package mutating func cancel(context ctx: inout InteractionContext, now: Timestamp) {
        if closing != nil { finish(&ctx) } // a new layout: the tabs at their slots
    }

    mutating func finish(_ ctx: inout InteractionContext) {
        closing = nil
        place(nil, &ctx)
        ctx.emit(.note(Self.closedNote, ID.tabBar))
    }

    static func ids(_ slot: Int) -> [ElementID] { [ID.tabs[slot], ID.tabCloseGroups[slot], ID.tabCloses[slot]] }

    /// The drawn frames at time fraction `t` of the close (nil: at rest) and the slots that answer.
    mutating func place(_ t: Double?, _ ctx: inout InteractionContext) {
        for slot in ID.tabs.indices {
            for id in Self.ids(slot) {
                ctx.scene.frameOverrides[id] = nil
                if slot >= open {
                    ctx.scene.disabled.insert(id)
                    disabled.insert(id)
                } else if disabled.remove(id) != nil, id != ID.tabCloses[slot] {
                    // (A reopened tab's × stays out of reach until the reveal interaction shows
                    // it again: which of the two last hid it is not known here.)
                    ctx.scene.disabled.remove(id)
                }
            }
        }
        guard let t, let c = closing, let first = ctx.layout[ID.tabs[0]]?.frame, let second = ctx.layout[ID.tabs[1]]?.frame else { return }
        // Ease out (fast, then settling), as GTK's tab animations do.
        let e = 1 - (1 - t) * (1 - t) * (1 - t)
        let pitch = second.minX - first.minX
        // The slot left over draws the leaving tab where it was, shrinking to nothing.
        if open < ID.tabs.count, let was = ctx.layout[ID.tabs[c.slot]]?.frame {
            let w = was.width * (1 - e)
            ctx.scene.frameOverrides[ID.tabs[open]] = Rect(x: was.midX - w / 2, y: was.minY, width: w, height: was.height)
        }
        // The tabs after it come from one slot to the right.
        for slot in c.slot..<open {
            for id in Self.ids(slot) {
                if let f = ctx.layout[id]?.frame { ctx.scene.frameOverrides[id] = f.offsetBy(Vector(pitch * (1 - e), 0)) }
            }
        }
    }
}
