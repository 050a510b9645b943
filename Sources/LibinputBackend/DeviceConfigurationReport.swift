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
    /// Three-finger drag (libinput 1.28): "off", "3 fingers", "4 fingers"; nil where the device
    /// has no such option or the loaded libinput predates it (`ThreeFingerDrag.isAvailable`).
    public var threeFingerDrag: String?
    public init(name: String, sysname: String) { self.name = name; self.sysname = sysname }
}

/// libinput 1.28's three-finger drag (issue 32.6), looked up in the loaded library at run time:
/// this project builds against Debian 12's libinput 1.22, which has no such option, and the same
/// binary then reads it where a newer libinput is loaded (Debian 13's 1.28).
public enum ThreeFingerDrag {
    private typealias Count = @convention(c) (OpaquePointer?) -> Int32
    private typealias Enabled = @convention(c) (OpaquePointer?) -> UInt32
    private static let functions: (count: Count, enabled: Enabled)? = {
        let all = UnsafeMutableRawPointer(bitPattern: 0) // RTLD_DEFAULT: every loaded library
        guard let c = dlsym(all, "libinput_device_config_3fg_drag_get_finger_count"),
              let e = dlsym(all, "libinput_device_config_3fg_drag_get_enabled") else { return nil }
        return (unsafeBitCast(c, to: Count.self), unsafeBitCast(e, to: Enabled.self))
    }()

    /// Whether the loaded libinput has the option (1.28 and later).
    public static var isAvailable: Bool { functions != nil }

    /// The option's state for a device, nil where the option or the device's support is absent.
    static func state(of device: OpaquePointer) -> String? {
        guard let f = functions, f.count(device) >= 3 else { return nil }
        return name(enabled: f.enabled(device))
    }

    /// libinput_config_3fg_drag_state by name: 0 disabled, 1 three fingers, 2 four fingers.
    public static func name(enabled: UInt32) -> String {
        switch enabled {
        case 1: "3 fingers"
        case 2: "4 fingers"
        default: "off"
        }
    }
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
