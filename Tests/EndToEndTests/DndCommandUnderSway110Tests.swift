// `lodestone dnd` under Debian 13's sway 1.10 (wlroots 0.18; issue 33.4; I2, G11), driven like a
// person as under sway 1.7 (DndCommandUnderSwayTests): the same seven window-to-window steps,
// and the report must say what README's "who chose the action" row says for sway — keys held
// before the press reach only the source and decide there, Ctrl or Escape pressed mid-drag
// reach neither window and change nothing (compositor-ignores-modifiers), the refusing zone
// cancels, ask alone ends in the target letting go.
import Testing
import TestSupport

@Suite("lodestone dnd under sway 1.10 (Debian 13; issue 33; I2, G11)", .serialized, .debian13)
struct DndCommandUnderSway110Tests {
    @Test("all seven window-to-window steps, driven like a person: the report matches README's sway row, with the diagnoses it implies")
    func sevenSteps() throws {
        let root = try Debian13Root.require("sway", at: "1.10")
        let suite = DndCommandUnderSwayTests()
        let (json, markdown) = try suite.run(DndCommandUnderSwayTests.sevenSteps, root: root)
        try suite.expectSwayRow(json, markdown)
        try suite.expectEscape(json, markdown)
    }
}
