// TEMPORARY (foundation's Display.swift has these): removed on merge.
func makeListener<T>(_ value: T) -> UnsafeMutablePointer<T> {
    let p = UnsafeMutablePointer<T>.allocate(capacity: 1)
    p.initialize(to: value)
    return p
}
@inline(__always)
func object<T: AnyObject>(_ data: UnsafeMutableRawPointer?, as: T.Type = T.self) -> T {
    Unmanaged<T>.fromOpaque(data!).takeUnretainedValue()
}
@inline(__always)
func userData(_ object: AnyObject) -> UnsafeMutableRawPointer {
    Unmanaged.passUnretained(object).toOpaque()
}
