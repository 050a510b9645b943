// What each compositor suite checks of `--state-out`'s `cursor` and `data_device` (issue 19, the
// docs/compositors.md's rows "cursor theme or shape" and "data device"), and of the
// "compositor lacks" warnings Lodestone writes once per missing global.
import Foundation
import Testing
import TestSupport

extension AppState {
    /// `cursor.drawn_by` (lodestone or compositor) and `cursor.compositor_cursor` (hidden, a
    /// theme cursor's name, nil before the pointer entered).
    var cursor: (drawnBy: String?, compositor: String?)? {
        guard let c = json["cursor"] as? [String: Any] else { return nil }
        return (c["drawn_by"] as? String, c["compositor_cursor"] as? String)
    }

    /// `cursor.shape_manager`: the version wp_cursor_shape_manager_v1 was bound at (nil: not
    /// offered, issue 32.2).
    var cursorShapeManager: Int? { (json["cursor"] as? [String: Any])?["shape_manager"] as? Int }

    /// `data_device`: wl_data_device_manager's advertised and bound versions and whether the
    /// seat has its device.
    var dataDevice: (offered: Int?, bound: Int?, device: Bool)? {
        guard let d = json["data_device"] as? [String: Any] else { return nil }
        return (d["offered"] as? Int, d["bound"] as? Int, d["device"] as? Bool ?? false)
    }
}

enum CompositorChecks {
    /// The interfaces named by "compositor lacks INTERFACE:" lines in `stderr`, in order
    /// (duplicates kept: each must appear once).
    static func lacked(in stderr: String) -> [String] {
        stderr.split(separator: "\n").compactMap { line in
            guard let r = line.range(of: "compositor lacks ") else { return nil }
            return line[r.upperBound...].split(separator: ":").first.map(String.init)
        }
    }

    /// Lodestone hid the compositor's cursor over its window and draws its own pointer: waits
    /// for a state line saying so (the pointer must have entered the window).
    @discardableResult
    static func waitForOwnPointer(_ state: StateLog, timeout: Double = 10) throws -> AppState {
        try state.waitFor("Lodestone drawing its own pointer, the compositor's hidden", timeout: timeout, settled: false) { s in
            s.cursor.map { $0.drawnBy == "lodestone" && $0.compositor == "hidden" } ?? false
        }
    }

    /// The data device as measured: offered at `offered`, bound at `bound`, a device on the seat
    /// when there is one.
    static func expectDataDevice(_ s: AppState, offered: Int = 3, bound: Int = 3, device: Bool = true,
                                 sourceLocation: SourceLocation = #_sourceLocation) {
        let d = s.dataDevice
        #expect(d?.offered == offered && d?.bound == bound && d?.device == device,
                "data_device \(String(describing: s.json["data_device"]))", sourceLocation: sourceLocation)
    }
}
