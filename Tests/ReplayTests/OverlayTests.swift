import XCTest
import Scenes
@testable import Replay

/// Overlay CSVs: what each kind reads, and what each bad file says (the file, the line, the column, the fix).
final class OverlayTests: XCTestCase {
    let columns = ["t", "bob.x", "bob.y", "label.text"]

    private func read(_ text: String) throws -> Overlay {
        try Overlay(
            Array(text.utf8), fileName: "run.csv", sceneName: "pendulum", columns: columns, textColumns: ["label.text"])
    }

    private func message(_ text: String) -> String {
        do { _ = try read(text); return "no error" } catch { return "\(error)" }
    }

    func testKinds() throws {
        let run = try read("t,bob.x,label.text\n0,1,\"a, \"\"quoted\"\"\nline\"\n0.5,2,b\n")
        XCTAssertEqual(run.kind, .run)
        XCTAssertEqual(run.times, [0, 0.5])
        XCTAssertEqual(run.columns.map(\.name), ["bob.x"])
        XCTAssertEqual(run.columns[0].values, [1, 2])
        XCTAssertEqual(try read("\u{FEFF}t,x,y\r\n0,1,2\r\n").kind, .point)
        XCTAssertEqual(try read("t,value\n0,1\n\n1,2\n").kind, .series)
    }

    func testBadFilesNameTheLineAndColumn() {
        XCTAssertEqual(
            message("x,bob.x\n0,1\n"),
            #"run.csv: line 1, column 1: must be t (a run of the scene, or a trace t,x,y or t,value), got "x""#)
        XCTAssertEqual(message("t,bob.x,bob.y\n0,1,2\n0.5,1\n"), "run.csv: line 3: has 2 fields, the header has 3")
        XCTAssertTrue(
            message("t,bob.x,wheel.x\n0,1,2\n").hasPrefix("run.csv: line 1, column 3: not a column of pendulum"))
        XCTAssertEqual(message("t,bob.x,bob.x\n0,1,2\n"), #"run.csv: line 1, column 3: repeats the column "bob.x""#)
        XCTAssertEqual(message("t,bob.x\n0,nan\n"), #"run.csv: line 2, column 2 (bob.x): must be a number, got "nan""#)
        XCTAssertEqual(
            message("t,value\n1,0\n0.5,1\n"), "run.csv: line 3, column 1 (t): must not decrease, got 0.5 after 1")
        XCTAssertEqual(message("t,value\n0,\"1\n"), "run.csv: line 2: a quoted field is not closed")
        XCTAssertEqual(message("t,t\n0,0\n"), #"run.csv: line 1, column 2: repeats the column "t""#)
        XCTAssertEqual(
            message("t\n0\n"),
            "run.csv: line 1: has only t: give the columns to draw after it (t,x,y, t,value or the scene's)")
        XCTAssertEqual(
            message("t,value\n0,1e308\n"), "run.csv: line 2, column 2 (value): must be within ±1e15, got 1e308")
        XCTAssertEqual(message(""), "run.csv: is empty: expected a header row such as t,x,y")
        XCTAssertEqual(message("t,x,y\n"), "run.csv: has a header but no rows")
        XCTAssertEqual(message("t,value\n0,\u{FF}\n").hasPrefix("run.csv: line 2"), true)
    }
}
