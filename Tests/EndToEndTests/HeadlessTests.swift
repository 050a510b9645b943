// `make demo` without a compositor: lodestone renders the first frame headless at scale 1
// and 2, prints the PNG paths, and the PNGs show the layout.
import Testing
import TestSupport

@Suite("Headless rendering without a compositor")
struct HeadlessTests {
    @Test("no compositor reachable: PNGs at scale 1 and 2 showing the layout")
    func headlessFallback() throws {
        let out = try TemporaryDirectory(prefix: "lodestone-headless")
        let runtime = try TemporaryDirectory(prefix: "lodestone-noruntime")
        let app = try Lodestone.launch(["--first-frame", "--out", out.path], on: nil,
                                       environment: ["XDG_RUNTIME_DIR": runtime.path, "WAYLAND_DISPLAY": "wayland-absent"])
        #expect(try app.wait(timeout: 10) == .exited(0))
        #expect(app.stderr.contains("rendering headless"))
        let paths = app.stdoutLines
        #expect(paths == ["\(out.path)/first-frame@1x.png", "\(out.path)/first-frame@2x.png"])
        for (path, scale) in zip(paths, [1.0, 2.0]) {
            let image = try Image(contentsOfPNG: path)
            #expect(image.width == Int(720 * scale) && image.height == Int(480 * scale))
            let wrong = FirstFrameLayout.mismatches(in: image, origin: (0, 0), scale: scale)
            #expect(wrong.count == 0, "\(path): e.g. \(wrong.prefix(5))")
        }
    }
}
