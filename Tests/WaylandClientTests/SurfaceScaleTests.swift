// The scale policy: integer buffer scale from outputs, fractional-scale-v1 through a viewport.
import Testing
@testable import WaylandClient

@Suite("Surface scale")
struct SurfaceScaleTests {
    @Test("integer: the largest scale of the outputs the surface is on")
    func integerFromEnteredOutputs() {
        #expect(SurfaceScale.resolve(preferred120: nil, hasViewport: true, entered: [1, 2], all: [1, 2, 3]) == .integer(2))
        #expect(SurfaceScale.resolve(preferred120: nil, hasViewport: false, entered: [], all: [1, 3]) == .integer(3),
                "before entering any output: the largest of all")
        #expect(SurfaceScale.resolve(preferred120: nil, hasViewport: false, entered: [], all: []) == .integer(1))
    }

    @Test("fractional only with a viewport", arguments: [(UInt32(180), 1.5), (150, 1.25), (240, 2.0)])
    func fractional(preferred: UInt32, factor: Double) {
        #expect(SurfaceScale.resolve(preferred120: preferred, hasViewport: true, entered: [2], all: [2]) == .fractional(factor))
        #expect(SurfaceScale.resolve(preferred120: preferred, hasViewport: false, entered: [2], all: [2]) == .integer(2))
    }

    @Test("wl_compositor 6 (issue 32.5): preferred_buffer_scale decides where fractional scale is absent, over the outputs' guess; fractional still wins with a viewport")
    func preferredBufferScale() {
        // cage 0.2 at output scale 2: no fractional-scale, the surface told 2 before entering.
        #expect(SurfaceScale.resolve(preferred120: nil, hasViewport: false, preferredBufferScale: 2, entered: [], all: [1]) == .integer(2))
        // The compositor's word over the outputs (a mirrored 1× and 2× pair: it picks 1).
        #expect(SurfaceScale.resolve(preferred120: nil, hasViewport: false, preferredBufferScale: 1, entered: [1, 2], all: [1, 2]) == .integer(1))
        #expect(SurfaceScale.resolve(preferred120: 180, hasViewport: true, preferredBufferScale: 2, entered: [2], all: [2]) == .fractional(1.5))
        // Not told (or a nonsense 0): the outputs, as before.
        #expect(SurfaceScale.resolve(preferred120: nil, hasViewport: false, preferredBufferScale: 0, entered: [3], all: [3]) == .integer(3))
        #expect(SurfaceScale.resolve(preferred120: nil, hasViewport: false, preferredBufferScale: nil, entered: [2], all: [2]) == .integer(2))
    }

    @Test("buffer sizes: logical × n, or logical × scale rounded half away from zero")
    func bufferSizes() {
        #expect(SurfaceScale.integer(2).bufferSize(logical: (676, 453)) == PixelSize(width: 1352, height: 906))
        // 453 × 1.5 = 679.5 → 680; 675 × 1.25 = 843.75 → 844
        #expect(SurfaceScale.fractional(1.5).bufferSize(logical: (675, 453)) == PixelSize(width: 1013, height: 680))
        #expect(SurfaceScale.fractional(1.25).bufferSize(logical: (675, 1)) == PixelSize(width: 844, height: 1))
    }
}
