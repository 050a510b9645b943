// lodestone-fuzz: fuzz targets for everything that reads untrusted input (issue 8) — the trace
// decoder (SPEC T4), the layout loader (issue 7) and the keymap loader (G10). Built two ways:
// - plain (every `swift build`): `lodestone-fuzz TARGET FILE...` runs each file through the
//   target once: how a crash input is replayed after the fix;
// - instrumented (`scripts/fuzz`: ASan + SanitizerCoverage, -D LODESTONE_FUZZER, linked with
//   libFuzzer's no-main runtime): `lodestone-fuzz TARGET [libFuzzer options] [CORPUS...]` runs
//   libFuzzer on the target through LLVMFuzzerRunDriver.
// A target never crashes on bad input, it gets an error value: a crash, a sanitizer report or a
// failed round-trip check is a bug.
import InputProtocol
import LayoutKit
import WaylandClient
#if canImport(Glibc)
import Glibc
#endif

enum FuzzTargets {
    static let all: [String: @Sendable ([UInt8]) -> Void] = [
        "trace": trace,
        "layout": layout,
        "keymap": keymap,
    ]

    /// Any bytes decode or fail with a line; what decodes re-encodes to text that decodes to the
    /// same trace (the encoder and the decoder agree on every value the decoder accepts).
    static func trace(_ bytes: [UInt8]) {
        guard let trace = try? TraceDecoder.decode(bytes) else { return }
        let text: String
        do { text = try trace.encoded() } catch { fatalError("a decoded trace does not re-encode: \(error)") }
        do {
            let again = try TraceDecoder.decode(text)
            if again != trace { fatalError("the trace round trip differs") }
        } catch {
            fatalError("a re-encoded trace does not decode: \(error)")
        }
    }

    static func layout(_ bytes: [UInt8]) {
        _ = try? LayoutFile.parse(String(decoding: bytes, as: UTF8.self), file: "fuzz")
    }

    static func keymap(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { _ = Keymap.compile($0) }
    }

    nonisolated(unsafe) static var selected: ([UInt8]) -> Void = { _ in }

    static func usage() -> Never {
        let names = all.keys.sorted().joined(separator: "|")
        Diagnostics.emit("usage: lodestone-fuzz \(names) FILE...   (fuzzer build: [libFuzzer options] [CORPUS...])\n")
        exit(2)
    }
}

#if LODESTONE_FUZZER
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<Int32>,
                         _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                         _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Int32
#endif

@main
struct FuzzMain {
    static func main() {
        var args = CommandLine.arguments
        guard args.count >= 2, let target = FuzzTargets.all[args[1]] else { FuzzTargets.usage() }
        FuzzTargets.selected = target
        // xkbcommon reports every bad keymap on stderr; a fuzzer makes millions.
        setenv("XKB_LOG_LEVEL", "critical", 0)
        #if LODESTONE_FUZZER
        // libFuzzer sees its own options and corpus directories: drop the target name.
        args.remove(at: 1)
        var cArgs: [UnsafeMutablePointer<CChar>?] = args.map { strdup($0) } + [nil]
        var argc = Int32(args.count)
        let status = cArgs.withUnsafeMutableBufferPointer { buf -> Int32 in
            var argv = buf.baseAddress
            return LLVMFuzzerRunDriver(&argc, &argv) { data, size in
                FuzzTargets.selected(size == 0 || data == nil ? [] : Array(UnsafeBufferPointer(start: data, count: size)))
                return 0
            }
        }
        exit(status)
        #else
        guard args.count >= 3 else { FuzzTargets.usage() }
        for path in args.dropFirst(2) {
            guard let f = fopen(path, "rb") else {
                Diagnostics.emit("lodestone-fuzz: cannot open \(path)\n")
                exit(1)
            }
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 65536)
            while true {
                let n = fread(&chunk, 1, chunk.count, f)
                if n == 0 { break }
                bytes += chunk[0..<n]
            }
            fclose(f)
            FuzzTargets.selected(bytes)
            print("\(path): ok")
        }
        #endif
    }
}
