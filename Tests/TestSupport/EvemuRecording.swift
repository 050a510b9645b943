// EVEMU recordings (evemu-record's text format): a device description (N: name, I: ids,
// P: property bits, B: event bits, A: axes) followed by E: event lines. Real touchpad
// recordings are replayed through real libinput with the emulated-device fixture.
import Foundation

public struct EvemuError: Error, CustomStringConvertible {
    public var file: String, line: Int, reason: String
    public var description: String { "\(file):\(line): \(reason)" }
}

public struct EvemuRecording: Sendable {
    public var device: EvdevDevice
    /// Event frames with their times relative to the first event, in seconds.
    public var frames: [EvdevFrame]

    /// Parses `path`; `descriptionPath` pairs an events-only file with its `.desc` file.
    public init(path: String, descriptionPath: String? = nil) throws {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let description = try descriptionPath.map { try String(contentsOfFile: $0, encoding: .utf8) } ?? text
        device = try EvemuRecording.parseDevice(description, file: descriptionPath ?? path)
        frames = try EvemuRecording.parseEvents(text, file: path)
    }

    static func parseDevice(_ text: String, file: String) throws -> EvdevDevice {
        var name = "", ids: [UInt16] = [0, 0, 0, 0]
        var propBytes: [UInt8] = [], typeBytes: [Int: [UInt8]] = [:]
        var axes: [Int: AbsAxis] = [:]
        var dmi: String?
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = String(raw)
            func fail(_ why: String) -> EvemuError { EvemuError(file: file, line: index + 1, reason: why) }
            if line.hasPrefix("# DMI: ") { dmi = String(line.dropFirst(7)); continue }
            guard line.count > 3, line.dropFirst().hasPrefix(": ") else { continue }
            let body = line.dropFirst(3)
            let fields = body.split(separator: " ").map(String.init)
            switch line.first {
            case "N": name = String(body)
            case "I":
                guard fields.count == 4 else { throw fail("I: wants bus vendor product version") }
                ids = try fields.map { guard let v = UInt16($0, radix: 16) else { throw fail("bad id \($0)") }; return v }
            case "P": propBytes += try fields.map { guard let v = UInt8($0, radix: 16) else { throw fail("bad byte \($0)") }; return v }
            case "B":
                guard let type = Int(fields.first ?? "", radix: 16) else { throw fail("bad event type") }
                typeBytes[type, default: []] += try fields.dropFirst().map {
                    guard let v = UInt8($0, radix: 16) else { throw fail("bad byte \($0)") }; return v
                }
            case "A":
                let numbers = fields.prefix(6)
                guard numbers.count >= 5, let code = Int(numbers[0], radix: 16) else { throw fail("A: wants code min max fuzz flat [resolution]") }
                let v = try numbers.dropFirst().map { guard let n = Int32($0) else { throw fail("bad number \($0)") }; return n }
                axes[code] = AbsAxis(minimum: v[0], maximum: v[1], fuzz: v[2], flat: v[3], resolution: v.count > 4 ? v[4] : 0)
            default: continue
            }
        }
        guard !name.isEmpty else { throw EvemuError(file: file, line: 1, reason: "no N: device name line") }
        func bits(_ bytes: [UInt8]) -> Set<Int> {
            var out = Set<Int>()
            for (i, byte) in bytes.enumerated() { for b in 0..<8 where byte & (1 << b) != 0 { out.insert(i * 8 + b) } }
            return out
        }
        var codes: [Int: Set<Int>] = [:]
        for (type, bytes) in typeBytes where type != EV.syn {
            let set = bits(bytes)
            if !set.isEmpty { codes[type] = set }
        }
        let properties = bits(propBytes)
        // What udev's input_id builtin and libinput's rules would add on a real system.
        var udev = ["ID_INPUT": "1"]
        let keys = codes[EV.key] ?? []
        if keys.contains(EV.btnToolFinger), axes[EV.absX] != nil, !properties.contains(0x01) {
            udev["ID_INPUT_TOUCHPAD"] = "1"
            let apple = ids[1] == 0x05ac
            udev["ID_INPUT_TOUCHPAD_INTEGRATION"] = (ids[0] != 0x03 || apple) ? "internal" : "external"
        } else if keys.contains(EV.btnLeft) {
            udev["ID_INPUT_MOUSE"] = "1"
        }
        if keys.contains(30) { udev["ID_INPUT_KEY"] = "1"; udev["ID_INPUT_KEYBOARD"] = "1" }
        // 90-libinput-fuzz-override.rules: the kernel's fuzz moves to a udev property.
        for (code, axis) in axes where axis.fuzz != 0 {
            udev[String(format: "LIBINPUT_FUZZ_%02x", code)] = String(axis.fuzz)
            axes[code]!.fuzz = 0
        }
        var device = EvdevDevice(name: name, bus: ids[0], vendor: ids[1], product: ids[2], version: ids[3],
                                 properties: properties, codes: codes, axes: axes, udev: udev)
        device.dmi = dmi
        return device
    }

    static func parseEvents(_ text: String, file: String) throws -> [EvdevFrame] {
        var frames: [EvdevFrame] = []
        var pending: [EvdevEvent] = []
        var base: Double?
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where raw.hasPrefix("E: ") {
            let fields = raw.dropFirst(3).split(whereSeparator: { $0 == " " || $0 == "\t" }).prefix(4)
            guard fields.count == 4, let time = Double(fields[fields.startIndex]),
                  let type = Int(fields[fields.startIndex + 1], radix: 16),
                  let code = Int(fields[fields.startIndex + 2], radix: 16),
                  let value = Int32(fields[fields.startIndex + 3]) else {
                throw EvemuError(file: file, line: index + 1, reason: "E: wants time type code value")
            }
            if base == nil { base = time }
            pending.append(EvdevEvent(type: type, code: code, value: value))
            if type == EV.syn && code == EV.synReport {
                frames.append(EvdevFrame(time: time - base!, events: pending))
                pending = []
            }
        }
        return frames
    }
}
