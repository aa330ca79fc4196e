import Foundation
import IO
import XCTest
@testable import Replay

/// Reading a sweep's table for `dynsim view SWEEP.csv` (SweepResults) and the page's choice of metric and axes.
final class SweepResultsTests: XCTestCase {
    let csv = """
        run,id,items[0].center[0],items[0].center[1],max:bob.vy,final:bob.x,status
        0,d3d27b269e4d19fe,100,100,390.7848589692906,106.4979261087055,ok
        1,e3c0cf6900a2b9a0,100,150,,168.4859445291739,ok
        2,36595e92fad98a7f,200,100,,,"diverged: bob left the world"

        """

    private func read(_ text: String, _ file: String = "s.csv") throws -> SweepResults {
        try SweepResults(Array(text.utf8), fileName: file)
    }

    /// The message a table is refused with.
    private func refusal(_ text: String, _ file: String = "s.csv") -> String {
        do {
            _ = try read(text, file)
            return "read"
        } catch let e as InputError {
            return e.description
        } catch {
            return "\(error)"
        }
    }

    func testACSVTableIsReadAsDynsimSweepWritesIt() throws {
        let t = try read(csv)
        XCTAssertEqual(t.paths, ["items[0].center[0]", "items[0].center[1]"])
        XCTAssertEqual(t.metrics, ["max:bob.vy", "final:bob.x"])
        XCTAssertEqual(t.runs.count, 3)
        XCTAssertEqual(
            t.runs[0],
            SweepResults.Run(
                run: 0, id: "d3d27b269e4d19fe", values: [100, 100], metrics: [390.7848589692906, 106.4979261087055],
                status: "ok"))
        XCTAssertEqual(t.runs[1].metrics, [nil, 168.4859445291739])
        XCTAssertEqual(t.runs[2].status, "diverged: bob left the world")
        XCTAssertTrue(SweepResults.looksLikeTable(Array(csv.utf8)))
        XCTAssertFalse(SweepResults.looksLikeTable(Array("{\"items\": []}".utf8)))
    }

    func testJSONLinesAreReadTheSame() throws {
        let jsonl = """
            {"run":0,"id":"d3d27b269e4d19fe","items[0].center[0]":100,"items[0].center[1]":100,"max:bob.vy":390.7848589692906,"final:bob.x":106.4979261087055,"status":"ok"}
            {"run":1,"id":"e3c0cf6900a2b9a0","items[0].center[0]":100,"items[0].center[1]":150,"max:bob.vy":null,"final:bob.x":168.4859445291739,"status":"ok"}
            {"run":2,"id":"36595e92fad98a7f","items[0].center[0]":200,"items[0].center[1]":100,"max:bob.vy":null,"final:bob.x":null,"status":"diverged: bob left the world"}

            """
        XCTAssertTrue(SweepResults.looksLikeTable(Array(jsonl.utf8)))
        XCTAssertEqual(try read(jsonl, "s.jsonl"), try read(csv))
    }

    /// Bad tables name the file, the line and the field (exit 65 from the CLI).
    func testBadTablesAreRefusedNamingFileLineAndField() {
        let head = "run,id,a.x,max:b.y,status\n"
        let cases: [(String, String)] = [
            ("", "s.csv: is empty"),
            (head, "s.csv: has a header but no rows"),
            ("t,bob.x\n0,1\n", "s.csv: line 1: a sweep table's header is run,id,"),
            (head + "0,abc,1,2\n", "s.csv: line 2: has 4 fields, the header 5"),
            (head + "0,abc,x,2,ok\n", "s.csv: line 2, column 3 (a.x): must be a finite number, got \"x\""),
            (head + "0,abc,1,1e999,ok\n", "s.csv: line 2, column 4 (max:b.y): must be a finite number"),
            (head + "-1,abc,1,2,ok\n", "s.csv: line 2, column 1 (run): must be a run's index"),
            (head + "0,,1,2,ok\n", "s.csv: line 2, column 2 (id): must be the run's id"),
            (head + "0,abc,1,2,\n", "s.csv: line 2, column 5 (status): must be ok or why the run failed"),
            ("run,id,max:b.y,a.x,status\n0,i,1,2,ok\n", "s.csv: line 1, column 4: a varied field after a metric"),
            ("run,id,a.x,a.x,max:b.y,status\n", "s.csv: line 1, column 4: repeats the column \"a.x\""),
            (head + "0,abc,1,\"2,ok\n", "s.csv: line 2: "),
        ]
        for (text, start) in cases {
            let m = refusal(text)
            XCTAssertTrue(m.hasPrefix(start), "\(text.debugDescription): \(m)")
        }
        let j = "{\"run\":0,\"id\":\"i\",\"a.x\":1,\"max:b.y\":2,\"status\":\"ok\"}\n"
        XCTAssertTrue(
            refusal(j + "{\"run\":1,\"id\":\"i\",\"a.x\":\"1\",\"max:b.y\":2,\"status\":\"ok\"}\n", "s.jsonl")
                .hasPrefix("s.jsonl: line 2, key \"a.x\": must be a number or null, got \"1\""))
        XCTAssertTrue(
            refusal(j + "{\"run\":1,\"id\":\"i\",\"max:b.y\":2,\"status\":\"ok\"}\n", "s.jsonl")
                .hasPrefix("s.jsonl: line 2: has the keys run,id,max:b.y,status, the first line"))
        XCTAssertTrue(refusal(j + "{\"run\":1,\n", "s.jsonl").hasPrefix("s.jsonl: line 2: column"))
    }

    /// A run index twice (two tables joined, a part merged twice) is refused naming both lines, CSV and JSON Lines.
    func testARunTwiceIsRefusedNamingBothLines() {
        let head = "run,id,a.x,max:b.y,status\n"
        XCTAssertEqual(
            refusal(head + "0,i,1,2,ok\n1,j,1,2,ok\n\n2,k,1,2,ok\n1,l,1,2,ok\n"),
            "s.csv: line 6, column 1 (run): repeats run 1 of line 3; a sweep table has each run once")
        // The earlier line's error wins: the repeat at line 3 is reported, not the bad value at line 4.
        XCTAssertEqual(
            refusal(head + "0,i,1,2,ok\n0,j,1,2,ok\n2,k,x,2,ok\n"),
            "s.csv: line 3, column 1 (run): repeats run 0 of line 2; a sweep table has each run once")
        func line(_ run: Int) -> String { "{\"run\":\(run),\"id\":\"i\",\"a.x\":1,\"max:b.y\":2,\"status\":\"ok\"}\n" }
        XCTAssertEqual(
            refusal(line(3) + line(4) + "\n" + line(3), "s.jsonl"),
            "s.jsonl: line 4, key \"run\": repeats run 3 of line 1; a sweep table has each run once")
        XCTAssertEqual(try read(line(3) + line(4), "s.jsonl").runs.map(\.run), [3, 4])
    }

    /// A table without a metric column (a sweep without --metric, or --plan's listing) says so.
    func testATableWithNoMetricColumnIsRefusedClearly() {
        let m = refusal("run,id,a.x,status\n0,i,1,ok\n")
        XCTAssertTrue(m.hasPrefix("s.csv: line 1: no metric column: a sweep table has one per --metric"), m)
        XCTAssertTrue(refusal("run,id,a.x\n0,i,1\n").hasPrefix("s.csv: line 1: a sweep table's header is"))
    }

    func testTheChoiceMustNameTheTablesColumns() throws {
        let t = try read(csv)
        XCTAssertNil(SweepPage.problem(SweepPage.Choice(metric: "final:bob.x", x: "items[0].center[1]"), in: t))
        XCTAssertEqual(
            SweepPage.problem(SweepPage.Choice(metric: "max:bob.x"), in: t),
            "--metric: not a metric of the table (\"max:bob.vy\", \"final:bob.x\"), got \"max:bob.x\"")
        XCTAssertEqual(
            SweepPage.problem(SweepPage.Choice(y: "items[1].x"), in: t),
            "--y: not a varied field of the table (\"items[0].center[0]\", \"items[0].center[1]\"), got \"items[1].x\"")
        XCTAssertEqual(
            SweepPage.problem(SweepPage.Choice(x: "items[0].center[0]", y: "items[0].center[0]"), in: t),
            "--y: must differ from --x, both \"items[0].center[0]\"")
    }

    /// The page carries the table's numbers as it wrote them (shortest round-trip text) and the choice.
    func testThePageCarriesTheTableAndTheChoice() throws {
        let html = SweepPage.html(
            try read(csv), label: "s.csv", scene: nil, choice: SweepPage.Choice(metric: "final:bob.x"))
        XCTAssertTrue(
            html.contains(
                #"[0,"d3d27b269e4d19fe",[100,100],[390.7848589692906,106.4979261087055],"ok"],[1,"e3c0cf6900a2b9a0",[100,150],[null,168.4859445291739],"ok"]"#
            ))
        XCTAssertTrue(
            html.contains(
                #""scene":"","choice":{"metric":"final:bob.x","x":"items[0].center[0]","y":"items[0].center[1]"}"#))
        XCTAssertFalse(html.contains("danvk/dygraphs"), "a sweep's page needs no plotting library")
    }
}
