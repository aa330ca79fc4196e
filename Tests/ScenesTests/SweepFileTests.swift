import IO
import XCTest

@testable import Scenes

/// Sweep files: read by their field tables, their docs tables generated, and each field's range held.
final class SweepFileTests: XCTestCase {
    func decode(_ text: String) throws -> SweepFile { try SweepFile.decode(Array(text.utf8), fileName: "sweep.json") }

    func message(_ text: String) -> String {
        do {
            _ = try decode(text)
            return "accepted"
        } catch { return "\(error)" }
    }

    func testReadsAFile() throws {
        let f = try decode(
            #"{"scene": "card.json", "vary": [{"path": "a", "values": [50, 1e2]}, {"path": "b", "values": "0:1:3"}], "metrics": ["max:x"], "zip": true, "samples": 3, "seed": 9, "duration": 2, "rate": 30, "profile": "precise"}"#
        )
        XCTAssertEqual(f.scene, "card.json")
        XCTAssertEqual(f.vary.map(\.path), ["a", "b"])
        XCTAssertEqual(f.vary.map(\.values), ["50,100", "0:1:3"])
        XCTAssertEqual(f.metrics, ["max:x"])
        XCTAssertEqual(
            [f.zip, f.samples == 3, f.seed == 9, f.duration == 2, f.rate == 30], [true, true, true, true, true])
        XCTAssertEqual(f.profile, .precise)
    }

    /// Each bad field is named with its value; each range holds at both ends.
    func testBadFieldsAreNamed() {
        let base = #""scene": "s.json", "vary": [{"path": "a", "values": "1,2"}]"#
        XCTAssertEqual(message("{\(base), \"duration\": 1000000}"), "accepted")
        XCTAssertEqual(message("{\(base), \"duration\": -1}"), "sweep.json: duration: must be from 0 to 1e6 s, got -1")
        XCTAssertEqual(message("{\(base), \"samples\": 1000000}"), "accepted")
        // The seed's range (2^53 − 1, what a JSON file holds exactly) reaches past the format's ±1e9.
        XCTAssertEqual(message("{\(base), \"seed\": 9007199254740991}"), "accepted")
        XCTAssertTrue(message("{\(base), \"seed\": 9007199254740992}").contains("seed: must be"))
        XCTAssertEqual(
            message("{\(base), \"samples\": 0}"), "sweep.json: samples: must be from 1 to 1e6, got 0")
        XCTAssertEqual(
            message("{\(base), \"rate\": 0}"), "sweep.json: rate: must be positive and at most 100000 Hz, got 0")
        XCTAssertEqual(
            message("{\(base), \"profile\": \"fast\"}"),
            "sweep.json: profile: must be \"uikit\" or \"precise\", got \"fast\"")
        XCTAssertEqual(
            message(#"{"vary": [{"path": "a", "values": "1"}]}"#),
            "sweep.json: scene: is required (a built-in scene's name or a scene file), got nothing")
        XCTAssertEqual(
            message(#"{"scene": "s", "vary": [{"path": "a", "values": [1, "x"]}]}"#),
            "sweep.json: vary[0].values[1]: must be a finite number within ±1e9, got \"x\"")
        XCTAssertEqual(
            message(#"{"scene": "s", "vary": [{"path": "a", "values": "1"}], "metric": []}"#).prefix(47),
            "sweep.json: metric: unknown field, did you mean")
    }

    /// docs/sweep.md's tables are the generated ones (`python3 Tests/Docs/field_tables.py BIN` writes them).
    func testTheDocsTablesAreTheGeneratedOnes() throws {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../docs")
            .standardized
        let text = try String(contentsOf: docs.appendingPathComponent("sweep.md"), encoding: .utf8)
        for (kind, table) in SweepFileFields.markdown {
            let start = try XCTUnwrap(text.range(of: "<!-- fields: \(kind) -->\n"), "docs/sweep.md: no \(kind) table")
            let end = try XCTUnwrap(text.range(of: "\n<!-- end fields -->", range: start.upperBound..<text.endIndex))
            XCTAssertEqual(String(text[start.upperBound..<end.lowerBound]), table, "docs/sweep.md: \(kind)")
        }
    }
}
