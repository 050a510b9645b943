// One headless sway with an injected seat and Lodestone's playground in it, its state log in a
// scratch directory: what the suites that bring peers beside Lodestone start with.
import Foundation
import TestSupport

class LodestoneDesk {
    let sway: Sway
    let seat: SeatInjector
    let app: ChildProcess
    let state: StateLog
    let scratch: TemporaryDirectory
    /// Lodestone's window as sway tiled it last.
    var lodestone: Sway.WindowInfo

    /// sway's output `width` × `height`, sway's borders off and the pointer never warped;
    /// Lodestone with `--state-out` and its pointer never hidden, waited for until it settled.
    init(width: Int, height: Int, prefix: String) throws {
        (sway, seat) = try Sway.startWithInjectedSeat(output: .init(width: width, height: height),
                                                      config: ["default_border none", "mouse_warping none"])
        scratch = try TemporaryDirectory(prefix: prefix)
        state = StateLog(path: scratch.file("state.jsonl"))
        app = try Lodestone.launch(["--state-out", state.path, "--auto-hide", "never"], on: sway)
        lodestone = try sway.waitForSettledWindow(appID: "lodestone")
    }

    deinit { app.stop() }
}
