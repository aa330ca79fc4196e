import XCTest
import IO
@testable import Traces

/// Reading a trace CSV checks each row as it streams in: the first bad line is reported without reading the rest.
final class TraceReadingTests: XCTestCase {
    private func message(_ text: String, minRows: Int = 2) -> String { message(Array(text.utf8), minRows: minRows) }

    private func message(_ bytes: [UInt8], minRows: Int = 2) -> String {
        do {
            _ = try Trace(bytes, fileName: "r.csv", minRows: minRows)
            return "read"
        } catch {
            return "\(error)"
        }
    }

    /// `t` not increasing at line 3, then 200,000 rows and an unclosed quote at the end (which a reader that parsed
    /// the whole file first reported instead): line 3 is named.
    func testTNotIncreasingAtLine3IsReportedBeforeTheRest() {
        var text = "t,a,b\n0,1,2\n0,1,2\n"
        for k in 1...200_000 { text += "\(k),1,2\n" }
        text += "200001,\"3,4\n"
        XCTAssertEqual(message(text), "r.csv: line 3, column 1 (t): must increase, got 0 after 0")
    }

    /// Two errors in one file: the earlier line's is reported; the row count is checked at the end.
    func testTheEarlierLinesErrorWins() {
        XCTAssertEqual(
            message("t,x\n0,1\n1,abc\n2,3,4\n"), #"r.csv: line 3, column 2 (x): must be a number, got "abc""#)
        XCTAssertEqual(message("t,x\n0,1,2\n1,abc\n"), "r.csv: line 2: has 3 fields, the header has 2")
        XCTAssertEqual(
            message("t,x\n0,1e16\n", minRows: 3), "r.csv: line 2, column 2 (x): must be within ±1e15, got 1e16")
        XCTAssertEqual(message("t,x\n0,1\n", minRows: 3), "r.csv: has 1 row, needs at least 3")
        XCTAssertEqual(message("t,x\n", minRows: 1), "r.csv: has 0 rows, needs at least 1")
        // Text that is not UTF-8 is found as its record is read, so a bad number before it wins.
        XCTAssertEqual(message(Array("t,x\n0,1\n1,".utf8) + [0xFF]), "r.csv: line 3: is not UTF-8 text")
        XCTAssertEqual(
            message(Array("t,x\n0,1\n1,abc\n2,".utf8) + [0xFF]),
            #"r.csv: line 3, column 2 (x): must be a number, got "abc""#)
    }

    /// Text columns are still decided by the first row; a file with none numeric after t says so at its header.
    func testTextColumnsAreDecidedByTheFirstRow() throws {
        let trace = try Trace(Array("t,state,x\n0,idle,1\n1,2,2\n".utf8), fileName: "r.csv", minRows: 2)
        XCTAssertEqual(trace.textColumns, ["state"])
        XCTAssertEqual(trace.times, [0, 1])
        XCTAssertEqual(trace.columns.map(\.name), ["x"])
        XCTAssertEqual(trace.column("x"), [1, 2])
        XCTAssertEqual(message("t,x\n0,1\n1,idle\n"), #"r.csv: line 3, column 2 (x): must be a number, got "idle""#)
        XCTAssertEqual(
            message("t,state\n0,idle\n1,run\n"),
            "r.csv: line 2, column 2 (state): must be a number (no column after t holds one on the first row), got \"idle\""
        )
        XCTAssertEqual(message("t\n0\n1\n"), "r.csv: line 1: has no column after t")
        XCTAssertEqual(message(""), "r.csv: is empty: expected a header row such as t,value")
        XCTAssertEqual(message("x,t\n"), #"r.csv: line 1, column 1: must be t (a time column in seconds), got "x""#)
        XCTAssertEqual(message("t,x,x\n0,1,2\n"), #"r.csv: line 1, column 3: repeats the column "x""#)
    }
}
