// Shared-memory buffers: each buffer's pixels live in a sealed memfd mapped into our address
// space and handed to the compositor as a wl_shm_pool/wl_buffer (foot's shm.c is the model).
import CWayland
import CShim
#if canImport(Glibc)
import Glibc
#endif

/// A size in buffer pixels.
public struct PixelSize: Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    public init(width: Int, height: Int) { self.width = width; self.height = height }
    public var description: String { "\(width)x\(height)" }
}

/// A rectangle in buffer pixels.
public struct BufferRect: Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int
    public init(x: Int, y: Int, width: Int, height: Int) { self.x = x; self.y = y; self.width = width; self.height = height }
    public init(size: PixelSize) { self.init(x: 0, y: 0, width: size.width, height: size.height) }
    public var isEmpty: Bool { width <= 0 || height <= 0 }
    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public func intersection(_ r: BufferRect) -> BufferRect? {
        let nx = max(x, r.x), ny = max(y, r.y)
        let nw = min(maxX, r.maxX) - nx, nh = min(maxY, r.maxY) - ny
        return nw > 0 && nh > 0 ? BufferRect(x: nx, y: ny, width: nw, height: nh) : nil
    }
    public func contains(_ r: BufferRect) -> Bool { x <= r.x && y <= r.y && maxX >= r.maxX && maxY >= r.maxY }
    public func union(_ r: BufferRect) -> BufferRect {
        let nx = min(x, r.x), ny = min(y, r.y)
        return BufferRect(x: nx, y: ny, width: max(maxX, r.maxX) - nx, height: max(maxY, r.maxY) - ny)
    }
    public var description: String { "\(width)x\(height)+\(x)+\(y)" }
}

/// Memory for one buffer plus, under a compositor, its wl_buffer. The public face is the
/// pixels; the compositor-side part stays internal.
public final class BufferStorage {
    /// Premultiplied ARGB8888 (pixman's a8r8g8b8 / wl_shm ARGB8888), `stride` bytes per row.
    public let pixels: UnsafeMutableRawPointer
    public let size: PixelSize
    public let stride: Int
    /// wl_buffer*, nil for storage made by a test allocator.
    let wlBuffer: OpaquePointer?
    private let release: () -> Void

    package init(pixels: UnsafeMutableRawPointer, size: PixelSize, stride: Int, wlBuffer: OpaquePointer?, release: @escaping () -> Void) {
        self.pixels = pixels; self.size = size; self.stride = stride; self.wlBuffer = wlBuffer; self.release = release
    }

    deinit { release() }
}

/// Makes buffer storage. The chain's only dependency, so tests can hand it plain memory and
/// play the compositor's part (release) themselves.
public protocol BufferAllocator: AnyObject {
    /// `released` must be called whenever the compositor releases the buffer.
    func makeStorage(size: PixelSize, released: @escaping () -> Void) throws(SystemError) -> BufferStorage
}

/// Allocates wl_shm buffers, one sealed memfd each.
final class ShmAllocator: BufferAllocator {
    private let shm: OpaquePointer
    private var serial = 0

    init(shm: OpaquePointer) { self.shm = shm }

    /// Boxes the release closure as the wl_buffer's user data.
    private final class ReleaseBox {
        let released: () -> Void
        init(_ r: @escaping () -> Void) { released = r }
    }

    nonisolated(unsafe) private static let bufferListener = makeListener(wl_buffer_listener(
        release: { data, _ in object(data, as: ReleaseBox.self).released() }))

    func makeStorage(size: PixelSize, released: @escaping () -> Void) throws(SystemError) -> BufferStorage {
        let stride = size.width * 4
        let bytes = stride * size.height
        serial += 1
        let fd = try Sys.sealedMemfd(name: "lodestone-shm-\(serial)", size: bytes).get()
        defer { Sys.close(fd) }   // the mapping and the compositor's pool keep the memory alive
        let pixels = try Sys.mapShared(fd: fd, size: bytes).get()
        let pool = wl_shm_create_pool(shm, fd, Int32(bytes))!
        let buffer = wl_shm_pool_create_buffer(pool, 0, Int32(size.width), Int32(size.height), Int32(stride),
                                               WL_SHM_FORMAT_ARGB8888.rawValue)!
        wl_shm_pool_destroy(pool)
        let box = ReleaseBox(released)
        let boxData = Unmanaged.passRetained(box).toOpaque()
        wl_buffer_add_listener(buffer, ShmAllocator.bufferListener, boxData)
        return BufferStorage(pixels: pixels, size: size, stride: stride, wlBuffer: buffer) {
            wl_buffer_destroy(buffer)
            Sys.unmap(pixels, size: bytes)
            Unmanaged<ReleaseBox>.fromOpaque(boxData).release()
        }
    }
}
