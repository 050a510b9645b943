import Foundation

enum FileManagerShim {
    static func write(_ text: String, to path: String) {
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
    }
}
