// docs/architecture.md kept true to the code (issue 20.8): every `Sources/…` path it cites, every
// file name in backticks or in a diagram, and every type (and `Type.member`) it names must exist,
// and every target in Sources/ has its own section. The page and the sources are read from the
// package root (SourceTree, SourceRulesTests.swift); a rename that leaves the map behind fails here.
import Foundation
import Testing

enum ArchitectureDoc {
    static let page = "docs/architecture.md"
    /// The trees a cited file may live in, besides the package root's own files.
    static let trees = ["Sources", "Tests", "Modules", "Protocols", "docs", "scripts"]
    /// What a cited file name may end with.
    static let fileExtensions = ["swift", "md", "c", "h", "json", "trace", "png", "sh", "modulemap"]

    /// What the code has: its files and directories (relative to the root) and its declarations.
    struct Code {
        var files: [String] = []
        var directories: Set<String> = []
        /// Every type declared or extended in Sources/ or Tests/.
        var types: Set<String> = []
        /// Per type: the members declared in the files that declare or extend it.
        var members: [String: Set<String>] = [:]
        /// Swift targets (the directories of Sources/): named, not declared.
        var targets: Set<String> = []

        func hasFile(_ name: String) -> Bool {
            if name.contains("/") {
                let path = name.hasSuffix("/") ? String(name.dropLast()) : name
                return files.contains(path) || directories.contains(path) || files.contains { $0.hasSuffix("/" + path) }
                    || directories.contains { $0.hasSuffix("/" + path) }
            }
            return files.contains { $0 == name || $0.hasSuffix("/" + name) } || directories.contains { $0 == name || $0.hasSuffix("/" + name) }
        }
    }

    static func walk(_ relative: String, into code: inout Code) {
        for e in SourceTree.entries(SourceTree.root + "/" + relative) {
            let path = relative + "/" + e.name
            if e.isDirectory { code.directories.insert(path); walk(path, into: &code) } else { code.files.append(path) }
        }
    }

    /// The checkout as the page may cite it.
    static let code: Code = {
        var code = Code()
        for e in SourceTree.entries(SourceTree.root) where !e.isDirectory { code.files.append(e.name) }
        for t in trees { code.directories.insert(t); walk(t, into: &code) }
        code.targets = Set(SourceTree.targets)
        for file in code.files where file.hasSuffix(".swift") && (file.hasPrefix("Sources/") || file.hasPrefix("Tests/")) {
            guard let text = try? String(contentsOfFile: SourceTree.root + "/" + file, encoding: .utf8) else {
                Issue.record("cannot read \(file)")
                continue
            }
            let (types, members) = declarations(in: text)
            code.types.formUnion(types)
            for t in types { code.members[t, default: []].formUnion(members) }
        }
        return code
    }()

    /// The types a Swift text declares or extends, and the members (functions, properties,
    /// enum cases) it declares.
    static func declarations(in text: String) -> (types: Set<String>, members: Set<String>) {
        let typeKinds: Set<String> = ["struct", "class", "enum", "protocol", "typealias", "actor", "extension"]
        let memberKinds: Set<String> = ["func", "var", "let"]
        var types: Set<String> = [], members: Set<String> = []
        for whole in text.split(separator: "\n") {
            // The code of the line, without its comment (a `//` inside a string is cut too: it
            // only hides that line's declarations).
            let line = whole.range(of: "//").map { whole[..<$0.lowerBound] } ?? whole
            let words = words(of: line)
            for (i, w) in words.enumerated() where i + 1 < words.count {
                let next = words[i + 1]
                if typeKinds.contains(w), next.first?.isUppercase == true { types.insert(next) }
                if memberKinds.contains(w), next.first.map({ $0.isLowercase || $0 == "_" }) == true { members.insert(next) }
                if w == "init" { members.insert("init") }
            }
            // Each `case ` that starts a clause: at the line's start, after a space or a brace.
            var from = line.startIndex
            while let r = line.range(of: "case ", range: from..<line.endIndex) {
                let before = r.lowerBound == line.startIndex ? nil : line[line.index(before: r.lowerBound)]
                if before == nil || before == " " || before == "\t" || before == "{" {
                    members.formUnion(enumCases(String(line[r.upperBound...])))
                }
                from = r.upperBound
            }
        }
        return (types, members)
    }

    /// The names an enum's `case` line declares: `a, b(Int, label: T), c = 3`. A switch's
    /// `case .a:`, `case let x` or `case (.a, .b):` declares nothing.
    static func enumCases(_ list: String) -> [String] {
        guard let first = list.first, first.isLowercase || first == "_", !list.hasPrefix("let "), !list.hasPrefix("var ") else { return [] }
        var names: [String] = [], depth = 0, item = ""
        func end() {
            let name = item.drop { $0 == " " }.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            if !name.isEmpty { names.append(String(name)) }
            item = ""
        }
        for c in list {
            if c == "(" { depth += 1 } else if c == ")" { depth -= 1 }
            if depth == 0, c == ":" || c == "{" || c == "}" { break }
            if depth == 0, c == "," { end() } else { item.append(c) }
        }
        end()
        return names
    }

    /// Identifier-like words of a line: letters, digits and underscores; everything else separates.
    static func words(of line: Substring) -> [String] {
        line.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).map(String.init)
    }

    /// The runs of `line` made of `allowed` characters.
    static func runs(of line: String, allowed: (Character) -> Bool) -> [String] {
        line.split(whereSeparator: { !allowed($0) }).map(String.init)
    }

    static func isPathCharacter(_ c: Character) -> Bool {
        c.isLetter || c.isNumber || "_-+./".contains(c)
    }

    /// The file names in a piece of text: path-like runs ending in a known extension.
    static func fileNames(in text: String) -> [String] {
        runs(of: text, allowed: isPathCharacter).compactMap { run in
            var r = Substring(run)
            while let last = r.last, last == "." || last == "/" { r = r.dropLast() }
            while r.hasPrefix("./") { r = r.dropFirst(2) }
            guard let dot = r.lastIndex(of: "."), fileExtensions.contains(String(r[r.index(after: dot)...])),
                  r[..<dot].last.map({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "+" }) == true else { return nil }
            return String(r)
        }
    }

    /// `Sources/…` paths anywhere in a line (prose, code, diagrams).
    static func sourcePaths(in line: String) -> [String] {
        runs(of: line, allowed: isPathCharacter).compactMap { run -> String? in
            guard let range = run.range(of: "Sources/"), range.lowerBound == run.startIndex else { return nil }
            var r = Substring(run)
            while let last = r.last, last == "." || last == "/" { r = r.dropLast() }
            return String(r)
        }
    }

    /// `Type` and `Type.member` names: a word starting with a capital letter, optionally followed
    /// by `.member` (a member starting with a lower-case letter; file extensions are not members).
    static func typeNames(in text: String) -> [(type: String, member: String?)] {
        let chars = Array(text)
        var out: [(String, String?)] = []
        var i = 0
        func isWord(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "_" }
        while i < chars.count {
            guard chars[i].isUppercase, i == 0 || !(isWord(chars[i - 1]) || chars[i - 1] == "." || chars[i - 1] == "/") else {
                i += 1
                continue
            }
            var j = i
            while j < chars.count, isWord(chars[j]) { j += 1 }
            let type = String(chars[i..<j])
            var member: String?
            if j + 1 < chars.count, chars[j] == ".", chars[j + 1].isLowercase {
                var k = j + 1
                while k < chars.count, isWord(chars[k]) { k += 1 }
                member = String(chars[(j + 1)..<k])
                j = k
            }
            if let m = member, fileExtensions.contains(m) { member = nil; i = j; continue }
            // A file name's stem or a path's part is no type name.
            if j < chars.count, chars[j] == "/" || chars[j] == "." && member == nil && j + 1 < chars.count && chars[j + 1].isLetter {
                i = j
                continue
            }
            out.append((type, member))
            i = j
        }
        return out
    }

    /// A name the code must declare: a type (with its member), unless it is a target's name.
    static func check(_ name: (type: String, member: String?), in code: Code, at where_: String, into problems: inout [String]) {
        if code.targets.contains(name.type), name.member == nil { return }
        guard code.types.contains(name.type) else {
            problems.append("\(where_): `\(name.type)` is no type declared in Sources/ or Tests/")
            return
        }
        if let m = name.member, !(code.members[name.type]?.contains(m) ?? false) {
            problems.append("\(where_): `\(name.type).\(m)`: \(name.type) has no member \(m) (in the files that declare or extend it)")
        }
    }

    /// Whether a code span names types (`InputEvent`, `KeyPrivacy.apply`, `Engine.handle(_:now:)`),
    /// not a command, a flag or a file.
    static func isTypeSpan(_ span: String) -> Bool {
        guard let first = span.first, first.isUppercase, fileNames(in: span).isEmpty else { return false }
        let head = span.prefix { $0 != "(" }
        return head.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
    }

    /// Everything wrong with a page, one line per problem, each naming the page's line.
    static func problems(of text: String, page: String = page, code: Code = code) -> [String] {
        var problems: [String] = []
        var fenced = false
        var sections: Set<String> = []
        for (n, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = String(raw), at = "\(page):\(n + 1)"
            if line.hasPrefix("```") { fenced.toggle(); continue }
            for path in sourcePaths(in: line) where !code.hasFile(path) {
                problems.append("\(at): \(path) does not exist")
            }
            if fenced {
                // A diagram: its file names and its `Type.member` names.
                for f in fileNames(in: line) where !code.hasFile(f) { problems.append("\(at): no file \(f)") }
                for name in typeNames(in: line) where name.member != nil { check(name, in: code, at: at, into: &problems) }
                continue
            }
            if line.hasPrefix("### `"), line.hasSuffix("`") {
                let name = String(line.dropFirst(5).dropLast())
                sections.insert(name)
                if !code.targets.contains(name) { problems.append("\(at): section for `\(name)`, which is no target in Sources/") }
                continue
            }
            let parts = line.split(separator: "`", omittingEmptySubsequences: false)
            if parts.count % 2 == 0 { problems.append("\(at): a code span runs past the end of the line (the check reads spans line by line)") }
            for (k, part) in parts.enumerated() where k % 2 == 1 {
                let span = String(part)
                // (`Sources/…` paths were checked above, wherever they stand.)
                for f in fileNames(in: span) where !f.hasPrefix("Sources/") && !code.hasFile(f) { problems.append("\(at): no file \(f)") }
                if isTypeSpan(span) {
                    for name in typeNames(in: String(span.prefix { $0 != "(" })) { check(name, in: code, at: at, into: &problems) }
                }
            }
        }
        if fenced { problems.append("\(page): a fenced block is not closed") }
        for t in code.targets.sorted() where !sections.contains(t) {
            problems.append("\(page): no section \"### `\(t)`\" describes the target Sources/\(t)")
        }
        return problems
    }
}

@Suite("docs/architecture.md matches the code (issue 20.8)")
struct ArchitectureDocTests {
    @Test("every path, file, type and member the page cites exists, and every target in Sources/ has its section")
    func pageMatchesCode() throws {
        let text = try String(contentsOfFile: SourceTree.root + "/" + ArchitectureDoc.page, encoding: .utf8)
        let code = ArchitectureDoc.code
        #expect(code.targets.contains("PointerEngine") && code.types.contains("Engine") && code.files.contains("Package.swift"),
                "the checkout was not read: \(code.targets.sorted()), \(code.files.count) files")
        // The page is the map: it cites files in every module and draws the two paths.
        #expect(ArchitectureDoc.fileNames(in: text).count > 100, "the page cites almost no files")
        for problem in ArchitectureDoc.problems(of: text) { Issue.record("\(problem)") }
    }

    @Test("a missing path, file, type, member or target section is named with its line")
    func badCitationsAreCaught() {
        var code = ArchitectureDoc.Code()
        code.files = ["Sources/PointerEngine/Engine/Engine.swift", "Sources/PixmanRenderer/Painter.swift"]
        code.directories = ["Sources", "Sources/PointerEngine", "Sources/PointerEngine/Engine", "Sources/PixmanRenderer"]
        code.targets = ["PointerEngine", "PixmanRenderer"]
        code.types = ["Engine", "Painter"]
        code.members = ["Engine": ["handle", "describe"], "Painter": ["pointer"]]
        let page = """
        ### `PointerEngine`
        `Sources/PointerEngine/Engine/Engine.swift` and `Engine/Engine.swift`: `Engine.handle(_:now:)`, `Painter`.
        The frame painter is `Sources/PixmanRenderer/FramePainter.swift` (see `NOTES-renderer.md`).
        `FramePainter` draws it; `Engine.paint` too.
        ### `Renderer`
        ```text
        Engine.describe → Painter.pointer          PixmanRenderer/Painter.swift
        Engine.motion → FramePainter.draw          PixmanRenderer/FramePainter.swift
        ```
        """
        let problems = ArchitectureDoc.problems(of: page, page: "page", code: code)
        #expect(problems == [
            "page:3: Sources/PixmanRenderer/FramePainter.swift does not exist",
            "page:3: no file NOTES-renderer.md",
            "page:4: `FramePainter` is no type declared in Sources/ or Tests/",
            "page:4: `Engine.paint`: Engine has no member paint (in the files that declare or extend it)",
            "page:5: section for `Renderer`, which is no target in Sources/",
            "page:8: no file PixmanRenderer/FramePainter.swift",
            "page:8: `Engine.motion`: Engine has no member motion (in the files that declare or extend it)",
            "page:8: `FramePainter` is no type declared in Sources/ or Tests/",
            "page: no section \"### `PixmanRenderer`\" describes the target Sources/PixmanRenderer",
        ], "\(problems)")
    }

    @Test("declarations are read from Swift text: types and extensions, functions, properties and every case of a list")
    func declarationReader() {
        let (types, members) = ArchitectureDoc.declarations(in: """
        public struct Engine: Sendable {
            public mutating func handle(_ event: InputEvent, now: Timestamp) {}
            static let tapSlop = 10.0
            var log: String?
        }
        extension Canvas { func measure() {} }
        enum GestureKindC { case swipe, pinch, hold }
        enum RawEvent {
            case gesture(DeviceKey, time: UInt64, kind: GestureKindC), ignored(DeviceKey)
            case stop = 3 // case comment
        }
        switch x {
        case .swipe: break
        case let .hold(y), .pinch(y): print(y)
        }
        // case commented(Int)
        """)
        #expect(types == ["Engine", "Canvas", "GestureKindC", "RawEvent"])
        #expect(members == ["handle", "tapSlop", "log", "measure", "swipe", "pinch", "hold", "gesture", "ignored", "stop"])
    }
}
