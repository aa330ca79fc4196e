import Foundation
import XCTest
import Dynamics
@testable import Scenes
import Playback
import IO

/// Runs a scene through the real writer and returns the output bytes.
func output(_ scene: Scene, format: OutputFormat = .csv) throws -> [UInt8] {
    var out: [UInt8] = []
    let run = SceneRun(scene: scene)
    let writer = RowWriter(format: format, columns: run.columns) { out += $0 }
    try writer.header()
    try run.run { try writer.row($0.values, texts: $0.texts) }
    try writer.finish()
    return out
}

/// A parsed CSV: header and numeric rows; quoted text fields are kept apart in `texts` (NaN in `rows`).
struct Table {
    var header: [String]
    var rows: [[Double]]
    var texts: [[String?]] = []

    init(_ text: String) {
        let lines = text.split(separator: "\n").map(String.init)
        header = lines[0].split(separator: ",").map(String.init)
        rows = []
        for line in lines.dropFirst() {
            var fields: [String] = [], quoted: [Bool] = [], current = "", inQuotes = false, wasQuoted = false
            var chars = Array(line)[...]
            while let c = chars.popFirst() {
                if inQuotes {
                    if c == "\"" {
                        if chars.first == "\"" { current.append("\""); chars.removeFirst() } else { inQuotes = false }
                    } else {
                        current.append(c)
                    }
                } else if c == "\"" {
                    inQuotes = true; wasQuoted = true
                } else if c == "," {
                    fields.append(current); quoted.append(wasQuoted); current = ""; wasQuoted = false
                } else {
                    current.append(c)
                }
            }
            fields.append(current); quoted.append(wasQuoted)
            rows.append(zip(fields, quoted).map { $1 ? .nan : Double($0)! })
            texts.append(zip(fields, quoted).map { $1 ? $0 : nil })
        }
    }

    init(bytes: [UInt8]) { self.init(String(decoding: bytes, as: UTF8.self)) }

    func column(_ name: String) -> Int { header.firstIndex(of: name)! }
}

/// The repository's Tests/Fixtures directory.
let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures")

func fixture(_ name: String) throws -> Table {
    Table(try String(contentsOf: fixtures.appendingPathComponent(name), encoding: .utf8))
}

/// Decodes a scene and refuses what a run refuses before its first row (``SceneRun/scriptRejections(fileName:)``), as
/// `dynsim run` does.
func decode(_ text: String, file: String = "scene.json", files: [String: String] = [:]) throws -> Scene {
    let scene = try SceneDecoder(fileName: file) { name in
        guard let body = files[name] else {
            throw InputError(file: name, path: "", message: "cannot read the file, got \"\(name)\"")
        }
        return Array(body.utf8)
    }.decode(Array(text.utf8))
    if let problem = SceneRun(scene: scene).scriptRejections(fileName: file).first { throw problem }
    return scene
}

/// The largest position or angle difference between `scene`'s rows and a Box2D fixture's, up to `until` seconds.
func worstDifference(
    _ scene: Scene, fixture name: String, until: Double, file: StaticString = #filePath,
    line: UInt = #line
) throws -> Double {
    let golden = try fixture(name)
    let ours = Table(bytes: try output(scene))
    XCTAssertEqual(ours.header, golden.header, file: file, line: line)
    var worst = 0.0
    var compared = 0
    for (a, b) in zip(ours.rows, golden.rows) where a[0] <= until + 1e-9 {
        XCTAssertEqual(a[0], b[0], accuracy: 1e-12, file: file, line: line)
        for name in golden.header where name.hasSuffix(".x") || name.hasSuffix(".y") || name.hasSuffix(".angle") {
            let k = golden.column(name)
            worst = max(worst, abs(a[k] - b[k]))
        }
        compared += 1
    }
    XCTAssertEqual(compared, Int((until * 60).rounded()) + 1, "rows compared", file: file, line: line)
    print("uikit vs Box2D 2.4.1, \(name): worst position difference \(worst) pt over \(until) s")
    return worst
}
