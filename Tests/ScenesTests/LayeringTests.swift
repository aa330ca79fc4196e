import Foundation
import XCTest

/// Scenes is what a scene IS: no file, process or thread calls (design notes §1). Files are read through IO by the CLI
/// and reach the decoder through its injected `readFile`; signals, exit codes and the benchmark runner's threads live in
/// the executables and the Bench target. This test reads Scenes' sources and fails on any such call in code.
final class LayeringTests: XCTestCase {
    static let forbidden = ["fopen", "open", "write", "read", "signal", "exit", "FileManager", "Thread", "ProcessInfo",
                            "pipe", "fread", "fwrite", "stat", "unlink", "rename", "getpid"]

    func testScenesMakesNoFileProcessOrThreadCalls() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/Scenes").standardized
        let files = try FileManager.default.contentsOfDirectory(atPath: sources.path).filter { $0.hasSuffix(".swift") }
        XCTAssertGreaterThan(files.count, 5, "found Scenes' sources at \(sources.path)")
        // A call: the name not preceded by a letter, digit, '_', '.' or `func ` (a method such as JSONWriter.write, or
        // its declaration, is not a system call), followed by '(' or, for types, a '.'.
        let pattern = try NSRegularExpression(pattern: #"(?<![\w.])(?<!func )(\#(LayeringTests.forbidden.joined(separator: "|")))\s*[(.]"#)
        // The pattern itself: it must see these calls, and not a declaration or a qualified method.
        for call in ["guard let f = fopen(path, mode)", "_ = FileManager.default", "Thread.detachNewThread {", "exit(1)"] {
            XCTAssertNotNil(pattern.firstMatch(in: call, range: NSRange(call.startIndex..., in: call)), call)
        }
        for other in ["public static func write(_ value: JSON)", "JSONWriter.write(json)", "let opened = 1"] {
            XCTAssertNil(pattern.firstMatch(in: other, range: NSRange(other.startIndex..., in: other)), other)
        }
        var found: [String] = []
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                // Code only: not comments, not string literals' contents.
                var code = String(line)
                if let comment = code.range(of: "//") { code = String(code[..<comment.lowerBound]) }
                code = code.replacingOccurrences(of: #""([^"\\]|\\.)*""#, with: "\"\"", options: .regularExpression)
                let range = NSRange(code.startIndex..., in: code)
                if let m = pattern.firstMatch(in: code, range: range) {
                    found.append("\(file):\(n + 1): \((code as NSString).substring(with: m.range))")
                }
            }
        }
        XCTAssertEqual(found, [], "file, process or thread calls in Scenes")
    }
}
