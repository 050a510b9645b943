// The showcase's app state behind its looks (chosen segment, tabs, playing video, drops …):
// changed by the engine's outputs, read by ShowcaseContent.
import PointerEngine
import PixmanRenderer

/// The showcase's own state, changed by the engine's outputs (activations, drops, seeks).
public struct ShowcaseState: Hashable, Sendable {
    public var segment = 0
    /// The tab shown (its index in `Showcase.tabNames`; the last one closed when none is open).
    public var tab = 0
    /// The tabs closed (gone from the bar), and the order they closed in (the newest last:
    /// "Reopen Closed Tab" brings it back, I6).
    public var closedTabs: Set<Int> = []
    public var closeOrder: [Int] = []
    /// The tab each slot of the bar shows, left to right: the open tabs in their order.
    public var slots = Array(Showcase.tabNames.indices)
    /// The tab leaving the bar while it animates out (TabStripInteraction).
    public var closing: Int?
    public var sidebarRow = 0
    public var isPlaying = false
    /// Drops made, newest last: (item label, target label, operation).
    public var drops: [String] = []
    /// What each drop target last took from another application (ExternalDrop.summary), by
    /// the target's index in `Showcase.ID.dropTargets`: shown in the target (issue 18.3).
    public var droppedIn: [Int: String] = [:]
    public var activations = 0
    /// Said under the open menu when its keys cannot reach it (issue 30.5): nil when they can.
    public var menuHint: String?
    public init() {}

    /// Applies one engine output.
    public mutating func apply(_ output: EngineOutput, layout: Layout) {
        typealias ID = Showcase.ID
        switch output {
        case .activated(let id, _, _):
            activations += 1
            if let i = ID.segments.firstIndex(of: id) { segment = i }
            if let k = ID.tabs.firstIndex(of: id), k < slots.count { tab = slots[k] }
            if let k = ID.tabCloses.firstIndex(of: id), k < slots.count { closeTab(slot: k) }
            if let i = ID.sidebarRows.firstIndex(of: id) { sidebarRow = i }
            if id == ID.play { isPlaying.toggle() }
        case .dropped(let items, let on, let op, let input):
            let names = items.compactMap { layout[$0]?.label }.joined(separator: ", ")
            drops.append("\(op) \(names) → \(layout[on]?.label ?? "?") by \(input)")
            if drops.count > 16 { drops.removeFirst(drops.count - 16) }
        case .menuItemChosen(let e, let i):
            if e == ID.video, i == 0 { isPlaying.toggle() }
            if let e, e == ID.tabBar || ID.tabs.contains(e), Showcase.tabMenu.indices.contains(i) { tabMenu(Showcase.tabMenu[i], on: e) }
        case .note(let n, _) where n == TabStripInteraction.closedNote:
            closing = nil
        default:
            break
        }
    }
}

extension ShowcaseState {
    /// The tab in `slot` closes: it leaves the bar and the later tabs move down a slot. The
    /// selection moves to the tab that takes its place, else the one before it, as in Safari
    /// and GTK; closing the last one leaves the bar empty (GTK's tab view without pages), and
    /// the tab bar's menu can reopen it.
    mutating func closeTab(slot: Int) {
        let t = slots.remove(at: slot)
        closedTabs.insert(t)
        closeOrder.append(t)
        closing = t
        if tab == t, !slots.isEmpty { tab = slots[min(slot, slots.count - 1)] }
    }

    /// An entry of the tab bar's menu chosen on `element` (a tab, or the bar: the tab shown).
    mutating func tabMenu(_ title: String, on element: ElementID) {
        let k = Showcase.ID.tabs.firstIndex(of: element).flatMap { $0 < slots.count ? $0 : nil } ?? slots.firstIndex(of: tab)
        switch title {
        case Showcase.closeTab:
            if let k { closeTab(slot: k) }
        case Showcase.closeOtherTabs:
            guard let k else { return }
            let keep = slots[k]
            // From the right, so that each slot still names its tab; the nearest closes last
            // and is the first "Reopen Closed Tab" brings back.
            for slot in slots.indices.reversed() where slot != k { closeTab(slot: slot) }
            tab = keep
        case Showcase.reopenClosedTab:
            reopenTab()
        default:
            break
        }
    }

    /// The tab bar's menu entries with nothing to act on now (I6): drawn dimmed, not choosable.
    public var disabledMenuEntries: Set<String> {
        var off: Set<String> = []
        if !canReopenTab { off.insert(Showcase.reopenClosedTab) }
        if slots.count < 2 { off.insert(Showcase.closeOtherTabs) }
        if slots.isEmpty { off.insert(Showcase.closeTab) }
        return off
    }

    /// "Reopen Closed Tab" (I6): the newest closed tab comes back to its place and is shown.
    mutating func reopenTab() {
        guard let t = closeOrder.popLast() else { return }
        closedTabs.remove(t)
        slots.append(t)
        slots.sort()
        tab = t
        if closing == t { closing = nil }
    }

    /// Whether "Reopen Closed Tab" has a tab to reopen.
    public var canReopenTab: Bool { !closeOrder.isEmpty }
}

