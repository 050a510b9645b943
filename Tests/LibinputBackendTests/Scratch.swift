import Testing
import Foundation
import TestSupport

@Test func scratchRoute() throws {
    let rec = try EvemuRecording(path: "/work/shared/recordings/lenovo-t480-synaptics-tm3276/pinch_out_2")
    let dev = EmulatedDevice(rec.device, eventNumber: 5)
    var script = EmulatedScript()
    script.append(rec.frames, to: dev.node)
    try dev.device.umockdevDescription(eventNumber: 5).write(toFile: "/tmp/scratch.umockdev", atomically: true, encoding: .utf8)
    try dev.device.umockdevIoctls(eventNumber: 5).write(toFile: "/tmp/scratch.ioctl", atomically: true, encoding: .utf8)
    try script.render().write(toFile: "/tmp/scratch.script", atomically: true, encoding: .utf8)
}
