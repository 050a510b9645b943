// Emulated evdev devices for tests that drive real libinput (issue 4): what a kernel input
// device looks like (name, ids, event bits, axes with resolution, udev properties), parsed from
// an EVEMU recording or built by hand, and rendered into the two files umockdev needs: a
// device description (sysfs + udev, umockdev-record's text format) and the answers to evdev's
// query ioctls (umockdev's text ioctl format).
import Foundation

/// evdev numbers used by the fixtures (linux/input-event-codes.h).
public enum EV {
    public static let syn = 0x00, key = 0x01, rel = 0x02, abs = 0x03, msc = 0x04, sw = 0x05
    public static let led = 0x11, snd = 0x12, rep = 0x14, ff = 0x15
    public static let synReport = 0x00
    public static let absX = 0x00, absY = 0x01, absPressure = 0x18
    public static let absMTSlot = 0x2f, absMTPositionX = 0x35, absMTPositionY = 0x36
    public static let absMTTrackingID = 0x39, absMTPressure = 0x3a
    public static let btnLeft = 0x110, btnToolFinger = 0x145, btnToolQuintTap = 0x148
    public static let btnTouch = 0x14a, btnToolDoubleTap = 0x14d, btnToolTripleTap = 0x14e
    public static let btnToolQuadTap = 0x14f
    public static let propPointer = 0x00, propButtonPad = 0x02
    /// Highest code per event type, as the kernel sizes its bitmasks (KEY_MAX, ABS_MAX, …).
    static let maxCode: [Int: Int] = [syn: 0x0f, key: 0x2ff, rel: 0x0f, abs: 0x3f, msc: 0x07, sw: 0x10,
                                      led: 0x0f, snd: 0x07, ff: 0x7f]
}

/// One axis of an evdev device (struct input_absinfo).
public struct AbsAxis: Hashable, Sendable {
    public var minimum: Int32, maximum: Int32, fuzz: Int32, flat: Int32
    /// Units per millimetre (0 when the device does not say).
    public var resolution: Int32
    public var value: Int32
    public init(minimum: Int32, maximum: Int32, fuzz: Int32 = 0, flat: Int32 = 0, resolution: Int32 = 0, value: Int32 = 0) {
        self.minimum = minimum; self.maximum = maximum; self.fuzz = fuzz; self.flat = flat
        self.resolution = resolution; self.value = value
    }
}

/// A kernel evdev device as libinput sees it.
public struct EvdevDevice: Sendable {
    public var name: String
    public var bus: UInt16, vendor: UInt16, product: UInt16, version: UInt16
    public var properties: Set<Int>
    /// Event type → supported codes (the type itself is implied by having codes; EV_SYN is added).
    public var codes: [Int: Set<Int>]
    public var axes: [Int: AbsAxis]
    /// udev properties, as udev's builtin input_id and hwdb rules would set them.
    public var udev: [String: String]
    /// The machine's DMI modalias (libinput's quirks match on it), when recorded.
    public var dmi: String?

    public init(name: String, bus: UInt16 = 0x18, vendor: UInt16 = 0x6cb, product: UInt16 = 0x1,
                version: UInt16 = 0x100, properties: Set<Int> = [], codes: [Int: Set<Int>],
                axes: [Int: AbsAxis] = [:], udev: [String: String]) {
        self.name = name; self.bus = bus; self.vendor = vendor; self.product = product
        self.version = version; self.properties = properties; self.codes = codes; self.axes = axes
        self.udev = udev
    }

    public var slotCount: Int {
        guard let slot = axes[EV.absMTSlot] else { return 1 }
        return Int(slot.maximum) + 1
    }

    // MARK: umockdev rendering

    /// The device description: the event node, its parent input device, udev properties.
    public func umockdevDescription(eventNumber n: Int) -> String {
        let minor = 64 + n
        var eventNode = """
        P: /devices/virtual/input/input\(n)/event\(n)
        N: input/event\(n)
        E: DEVNAME=/dev/input/event\(n)
        E: MAJOR=13
        E: MINOR=\(minor)
        E: SUBSYSTEM=input

        """
        for (key, value) in udev.sorted(by: { $0.key < $1.key }) { eventNode += "E: \(key)=\(value)\n" }
        eventNode += "A: dev=13:\(minor)\nL: device=../../input\(n)\n"
        let product = [bus, vendor, product, version].map { String($0, radix: 16) }.joined(separator: "/")
        var parent = """
        P: /devices/virtual/input/input\(n)
        E: SUBSYSTEM=input
        E: NAME="\(name)"
        E: PRODUCT=\(product)
        E: PROP=\(String(properties.reduce(UInt64(0)) { $0 | 1 << UInt64($1) }, radix: 16))

        """
        for (key, value) in udev.sorted(by: { $0.key < $1.key }) { parent += "E: \(key)=\(value)\n" }
        parent += "A: name=\(name)\nA: properties=\(properties.sorted().map(String.init).joined(separator: " "))\n"
        var text = eventNode + "\n" + parent + "\n"
        if let dmi {
            text += "P: /devices/virtual/dmi/id\nE: SUBSYSTEM=dmi\nE: MODALIAS=\(dmi)\nA: modalias=\(dmi)\n\n"
        }
        return text
    }

    /// Answers to the query ioctls libevdev sends when libinput opens the node.
    public func umockdevIoctls(eventNumber n: Int) -> String {
        var lines = ["@DEV /dev/input/event\(n)"]
        func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02X", $0) }.joined() }
        func le<T: FixedWidthInteger>(_ v: T) -> [UInt8] { withUnsafeBytes(of: v.littleEndian) { Array($0) } }
        var types = Set(codes.filter { !$0.value.isEmpty }.keys)
        types.insert(EV.syn)
        lines.append("EVIOCGBIT(0) 8 " + hex(bitmask(types, bytes: 8)))
        var nameBytes = Array(name.utf8.prefix(254)); let nameLength = nameBytes.count + 1
        nameBytes += [UInt8](repeating: 0, count: 255 - nameBytes.count)
        lines.append("EVIOCGNAME(0) \(nameLength) " + hex(nameBytes))
        lines.append("EVIOCGPHYS(0) 1 " + hex([UInt8](repeating: 0, count: 255)))
        lines.append("EVIOCGUNIQ(0) 1 " + hex([UInt8](repeating: 0, count: 255)))
        lines.append("EVIOCGID 0 " + hex(le(bus) + le(vendor) + le(product) + le(version)))
        lines.append("EVIOCGVERSION 0 " + hex(le(UInt32(0x010001))))
        lines.append("EVIOCGPROP(0) 8 " + hex(bitmask(properties, bytes: 8)))
        for type in [EV.rel, EV.abs, EV.led, EV.key, EV.sw, EV.msc, EV.ff, EV.snd] {
            let bytes = max(8, ((EV.maxCode[type]! + 1) + 63) / 64 * 8)
            lines.append("EVIOCGBIT(\(type)) \(bytes) " + hex(bitmask(codes[type] ?? [], bytes: bytes)))
        }
        lines.append("EVIOCGKEY(0) 96 " + hex([UInt8](repeating: 0, count: 96)))
        lines.append("EVIOCGLED(0) 8 " + hex([UInt8](repeating: 0, count: 8)))
        lines.append("EVIOCGSW(0) 8 " + hex([UInt8](repeating: 0, count: 8)))
        for (code, a) in axes.sorted(by: { $0.key < $1.key }) {
            let info = le(a.value) + le(a.minimum) + le(a.maximum) + le(a.fuzz) + le(a.flat) + le(a.resolution)
            lines.append((code == 0 ? "EVIOCGABS 0 " : "EVIOCGABS(\(code)) 0 ") + hex(info))
        }
        for code in axes.keys.sorted() where code > EV.absMTSlot {
            let initial: Int32 = code == EV.absMTTrackingID ? -1 : 0
            let slots = (0..<256).flatMap { _ in le(initial) }   // libevdev asks for MAX_SLOTS (256) values
            lines.append("EVIOCGMTSLOTS(0) 0 " + hex(le(UInt32(code)) + slots))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func bitmask(_ bits: Set<Int>, bytes: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: bytes)
        for b in bits where b / 8 < bytes { out[b / 8] |= UInt8(1 << (b % 8)) }
        return out
    }
}
