// What `lodestone check` reports of each device (issue 21.4): libinput's configuration as it is
// now (after Lodestone's own settings were applied), read through libinput_device_config_*_get_*.
import Glibc
import InputProtocol

/// One device's libinput configuration; nil for an option the device does not have.
public struct LibinputDeviceConfiguration: Hashable, Sendable {
    public var name: String
    public var sysname: String
    public var tapToClick: Bool?
    public var naturalScroll: Bool?
    /// "two-finger", "edge", "on-button-down", "none"
    public var scrollMethod: String?
    /// "button-areas", "clickfinger", "none"
    public var clickMethod: String?
    public var disableWhileTyping: Bool?
    public init(name: String, sysname: String) { self.name = name; self.sysname = sysname }
}

extension LibinputBackend {
    /// The configuration of every device present, by the device id its events carry.
    public var deviceConfigurations: [(DeviceID, LibinputDeviceConfiguration)] {
        deviceRefs.map { ($0.id, $0.device.configuration) }
    }
}

/// Which libinput this process runs (libinput has no version call).
public enum LibinputBuild {
    /// `libinput --version` when the tools are installed, else the loaded library's file name
    /// (libinput.so.10.13.0: the soname's version, not the release).
    public static var version: String? {
        if let pipe = popen("libinput --version 2>/dev/null", "r") {
            var buffer = [CChar](repeating: 0, count: 64)
            let line = fgets(&buffer, Int32(buffer.count), pipe) != nil
                ? String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
            let status = pclose(pipe)
            let v = line.filter { !$0.isNewline }
            if status == 0, !v.isEmpty { return v }
        }
        // The mapped library, from /proc/self/maps.
        guard let maps = fopen("/proc/self/maps", "r") else { return nil }
        defer { fclose(maps) }
        var buffer = [CChar](repeating: 0, count: 4096)
        while fgets(&buffer, Int32(buffer.count), maps) != nil {
            let line = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if let name = line.split(separator: "/").last, name.hasPrefix("libinput.so") {
                return "library " + name.filter { !$0.isNewline }
            }
        }
        return nil
    }
}
