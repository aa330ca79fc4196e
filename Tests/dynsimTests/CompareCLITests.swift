import Foundation
import XCTest

/// `dynsim compare` and `dynsim fit` from the outside, on runs the binary writes.
final class CompareCLITests: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("dynsim-compare-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    @discardableResult
    private func dynsim(_ args: [String]) throws -> CLITests.Result { try CLITests.dynsim(args, cwd: dir) }

    private func rows(_ csv: String) -> [[String: String]] {
        let lines = csv.split(separator: "\n").map {
            $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        }
        return lines.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(lines[0], $0)) }
    }

    func testARunAgainstItselfAndAShiftedCopy() throws {
        XCTAssertEqual(try dynsim(["run", "pendulum", "--output", "a.csv"]).status, 0)
        var r = try dynsim(["compare", "a.csv", "a.csv", "--format", "csv"])
        XCTAssertEqual(r.status, 0, r.stderr)
        for row in rows(r.stdout) {
            XCTAssertEqual(row["max"], "0")
            XCTAssertEqual(row["rms"], "0")
        }
        // bob.y shifted by 0.5 pt in every row: max = RMS = 0.5 there, 0 elsewhere; with --tolerance 0.4 it is over.
        let text = try String(contentsOf: dir.appendingPathComponent("a.csv"), encoding: .utf8)
        var lines = text.split(separator: "\n").map(String.init)
        let column = lines[0].split(separator: ",").firstIndex(of: "bob.y")!
        for k in 1..<lines.count {
            var f = lines[k].split(separator: ",").map(String.init)
            f[column] = "\(Double(f[column])! + 0.5)"
            lines[k] = f.joined(separator: ",")
        }
        try (lines.joined(separator: "\n") + "\n").write(
            to: dir.appendingPathComponent("b.csv"), atomically: true, encoding: .utf8)
        r = try dynsim(["compare", "a.csv", "b.csv", "--format", "csv", "--tolerance", "0.4"])
        XCTAssertEqual(r.status, 1, r.stderr)
        for row in rows(r.stdout) {
            let expected = row["column"] == "bob.y" ? 0.5 : 0
            XCTAssertEqual(Double(row["max"]!)!, expected, accuracy: 1e-9, row["column"]!)
            XCTAssertEqual(Double(row["rms"]!)!, expected, accuracy: 1e-9, row["column"]!)
            XCTAssertEqual(row["passed"], row["column"] == "bob.y" ? "false" : "true")
        }
    }

    /// 30 Hz and 120 Hz precise runs: ACTUAL (30 Hz) read by cubic Hermite with its velocities at EXPECTED's (120 Hz)
    /// times is within Hermite's remainder, H⁴ max|f⁗| / 384 with H = 1/30 s, max|f⁗| taken from the 120 Hz rows'
    /// fourth differences (10% above it, for that estimate's own O(h²) error).
    func testRatesAgreeWithinTheInterpolationError() throws {
        XCTAssertEqual(
            try dynsim(["run", "pendulum", "--profile", "precise", "--rate", "120", "--output", "p120.csv"]).status, 0)
        XCTAssertEqual(
            try dynsim(["run", "pendulum", "--profile", "precise", "--rate", "30", "--output", "p30.csv"]).status, 0)
        let r = try dynsim([
            "compare", "p120.csv", "p30.csv", "--columns", "bob.x,bob.y", "--format", "csv", "--tolerance", "1",
        ])
        XCTAssertEqual(r.status, 0, r.stderr)
        let fine = rows(try String(contentsOf: dir.appendingPathComponent("p120.csv"), encoding: .utf8))
        for row in rows(r.stdout) {
            XCTAssertEqual(row["interpolation"], "hermite")
            let x = fine.map { Double($0[row["column"]!]!)! }, h = 1.0 / 120
            var d4 = 0.0
            for k in 0..<(x.count - 4) {
                let a: Double = x[k] + x[k + 4], b: Double = 4 * (x[k + 1] + x[k + 3]), c: Double = 6 * x[k + 2]
                d4 = max(d4, abs(a - b + c))
            }
            d4 /= pow(h, 4)
            let bound = 1.1 * pow(1.0 / 30, 4) * d4 / 384
            XCTAssertLessThanOrEqual(Double(row["max"]!)!, bound, "\(row["column"]!): bound \(bound)")
        }
    }

    func testTheOtherProfileOverATightToleranceNamesTheColumnAndTime() throws {
        XCTAssertEqual(try dynsim(["run", "pendulum", "--output", "u.csv"]).status, 0)
        XCTAssertEqual(try dynsim(["run", "pendulum", "--profile", "precise", "--output", "p.csv"]).status, 0)
        let r = try dynsim(["compare", "u.csv", "p.csv", "--tolerance", "0.001", "--columns", "bob.x"])
        XCTAssertEqual(r.status, 1)
        let line = try XCTUnwrap(r.stdout.split(separator: "\n").first { $0.hasPrefix("bob.x ") })
        XCTAssertTrue(line.hasSuffix("OVER"), String(line))
        XCTAssertTrue(r.stdout.contains("1 of 1 columns over the tolerance"), r.stdout)
        let csv = try dynsim([
            "compare", "u.csv", "p.csv", "--tolerance", "0.001", "--columns", "bob.x", "--format", "csv",
        ])
        XCTAssertEqual(Double(rows(csv.stdout)[0]["firstOver"]!)!, 1.0 / 60, accuracy: 1e-9)
    }

    func testBadInput() throws {
        try "t,value\n0,1\n1,2\n".write(to: dir.appendingPathComponent("two.csv"), atomically: true, encoding: .utf8)
        try "t,value\n0,1\n1,2\n0.5,3\n".write(
            to: dir.appendingPathComponent("back.csv"), atomically: true, encoding: .utf8)
        var r = try dynsim(["fit", "spring", "two.csv"])
        XCTAssertEqual(r.status, 65)
        XCTAssertEqual(r.stderr, "dynsim: error: two.csv: has 2 rows, needs at least 3\n")
        r = try dynsim(["fit", "spring", "back.csv"])
        XCTAssertEqual(r.status, 65)
        XCTAssertEqual(r.stderr, "dynsim: error: back.csv: line 4, column 1 (t): must increase, got 0.5 after 1\n")
        r = try dynsim(["compare", "back.csv", "two.csv"])
        XCTAssertEqual(r.status, 65)
        r = try dynsim(["compare", "two.csv"])
        XCTAssertEqual(r.status, 64)
        r = try dynsim(["compare", "two.csv", "two.csv", "--output", "two.csv"])
        XCTAssertEqual(r.status, 64)
        r = try dynsim(["compare", "two.csv", "two.csv", "--output", "/nonexistent-dir/x.csv"])
        XCTAssertEqual(r.status, 74, r.stderr)
        r = try dynsim(["fit", "wave", "two.csv"])
        XCTAssertEqual(r.status, 64)
    }

    /// `--columns a,a` printed a's row twice, which a reader of the CSV or JUnit report would take for two checks: a
    /// column given twice is a usage error naming it; one EXPECTED column against two ACTUAL columns is two rows.
    func testAColumnGivenTwiceIsAUsageError() throws {
        try "t,x,y\n0,1,2\n1,1,2\n".write(to: dir.appendingPathComponent("e.csv"), atomically: true, encoding: .utf8)
        for (columns, named) in [("x,x", "x"), ("x,y,x=x", "x"), ("y=x,y=x", "y=x")] {
            let r = try dynsim(["compare", "e.csv", "e.csv", "--columns", columns, "--format", "csv"])
            XCTAssertEqual(r.status, 64, columns)
            XCTAssertEqual(r.stdout, "", columns)
            XCTAssertTrue(
                r.stderr.hasPrefix("dynsim: error: --columns: \(named) given twice, got \"\(columns)\"\n"), r.stderr)
            XCTAssertTrue(r.stderr.contains("USAGE:"), r.stderr)
        }
        let r = try dynsim(["compare", "e.csv", "e.csv", "--columns", "x,y=x,y", "--format", "csv"])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertEqual(
            rows(r.stdout).map { [$0["column"]!, $0["actualColumn"]!] }, [["x", "x"], ["y", "x"], ["y", "y"]])
    }

    /// A malformed --columns item is shown within the whole value (`a,,b` used to be reported as `got ""`).
    func testAnEmptyColumnItemQuotesTheWholeValue() throws {
        try "t,a,b\n0,1,2\n1,1,2\n".write(to: dir.appendingPathComponent("e.csv"), atomically: true, encoding: .utf8)
        for (columns, got) in [
            ("a,,b", #"an empty item in "a,,b""#), ("a,", #"an empty item in "a,""#), (",a", #"an empty item in ",a""#),
            ("a,=b", #""=b" in "a,=b""#), ("a=", #""a=""#),
        ] {
            let r = try dynsim(["compare", "e.csv", "e.csv", "--columns", columns])
            XCTAssertEqual(r.status, 64, columns)
            XCTAssertEqual(r.stdout, "", columns)
            XCTAssertTrue(
                r.stderr.hasPrefix("dynsim: error: --columns: each must be NAME or NAME=OTHER, got \(got)\nUSAGE:"),
                r.stderr)
        }
    }

    /// `t` is the time axis, not a column to compare: named in --columns (either side of a pair) it is refused as such,
    /// not reported as a column the file lacks (`e.csv has no numeric column "t"`, which the file's header contradicts).
    func testTimeAxisInColumnsIsRefusedAsTheAxis() throws {
        try "t,a,b\n0,1,2\n1,1,2\n".write(to: dir.appendingPathComponent("e.csv"), atomically: true, encoding: .utf8)
        for columns in ["t", "t,a", "a,b=t", "t=a"] {
            let r = try dynsim(["compare", "e.csv", "e.csv", "--columns", columns])
            XCTAssertEqual(r.status, 64, columns)
            XCTAssertEqual(r.stdout, "", columns)
            XCTAssertTrue(
                r.stderr.hasPrefix(
                    "dynsim: error: --columns: t is the time axis (ACTUAL is read at EXPECTED's times), not a column to compare, got \"\(columns)\"; leave it out\nUSAGE:"
                ), r.stderr)
        }
        // A column whose name merely contains t is a column.
        try "t,tt,t.x\n0,1,2\n1,1,2\n".write(to: dir.appendingPathComponent("f.csv"), atomically: true, encoding: .utf8)
        let r = try dynsim(["compare", "f.csv", "f.csv", "--columns", "tt,t.x"])
        XCTAssertEqual(r.status, 0, r.stderr)
    }

    /// A truncated ACTUAL, a column ACTUAL lacks, and values past 1e15 are differences or bad input, never a pass.
    func testTruncatedMissingAndHugeAreNotPasses() throws {
        XCTAssertEqual(try dynsim(["run", "pendulum", "--output", "a.csv"]).status, 0)
        XCTAssertEqual(try dynsim(["run", "pendulum", "--duration", "0.05", "--output", "short.csv"]).status, 0)
        var r = try dynsim(["compare", "a.csv", "short.csv", "--columns", "bob.x"])
        XCTAssertEqual(r.status, 1, r.stdout)
        XCTAssertTrue(r.stdout.contains("PARTIAL") && r.stdout.contains("4 of 601 rows compared"), r.stdout)
        try "t,bob.x,extra\n0,1,2\n10,1,2\n".write(
            to: dir.appendingPathComponent("e.csv"), atomically: true, encoding: .utf8)
        try "t,bob.x\n0,1\n10,1\n".write(to: dir.appendingPathComponent("g.csv"), atomically: true, encoding: .utf8)
        r = try dynsim(["compare", "e.csv", "g.csv"])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stdout.contains("MISSING"), r.stdout)
        r = try dynsim(["compare", "e.csv", "g.csv", "--columns", "bob.x,wheel"])
        XCTAssertEqual(r.status, 64)
        XCTAssertTrue(r.stderr.contains(#"--columns: e.csv has no numeric column "wheel""#), r.stderr)
        try "t,x\n0,1e200\n1,1e200\n".write(to: dir.appendingPathComponent("h.csv"), atomically: true, encoding: .utf8)
        r = try dynsim(["compare", "h.csv", "h.csv", "--format", "csv"])
        XCTAssertEqual(r.status, 65)
        XCTAssertEqual(r.stderr, "dynsim: error: h.csv: line 2, column 2 (x): must be within ±1e15, got 1e200\n")
        // A name no XML may hold (U+FFFF) is replaced in the JUnit report.
        try "t,\u{FFFF}a\n0,1\n1,2\n".write(to: dir.appendingPathComponent("u.csv"), atomically: true, encoding: .utf8)
        r = try dynsim(["compare", "u.csv", "u.csv", "--format", "junit"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertFalse(r.stdout.unicodeScalars.contains { $0.value == 0xFFFF })
        XCTAssertTrue(r.stdout.contains("name=\"\u{FFFD}a\""), r.stdout)
    }

    func testFitSpringOnARecordingOfTheCLIsOwnSpring() throws {
        // dynsim spring writes t,value,velocity; fit reads its value column.
        XCTAssertEqual(
            try dynsim([
                "spring", "--damping-ratio", "0.5", "--response", "0.4", "--from", "0", "--to", "300", "--rate", "60",
                "--until", "1.5",
            ]).status, 0)
        let spring = try dynsim([
            "spring", "--damping-ratio", "0.5", "--response", "0.4", "--from", "0", "--to", "300", "--rate", "60",
            "--until", "1.5",
        ])
        try spring.stdout.write(to: dir.appendingPathComponent("s.csv"), atomically: true, encoding: .utf8)
        let r = try dynsim(["fit", "spring", "s.csv", "--column", "value"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let fit = rows(r.stdout)
        XCTAssertEqual(Double(fit.first { $0["name"] == "dampingRatio" }!["value"]!)!, 0.5, accuracy: 1e-5)
        XCTAssertEqual(Double(fit.first { $0["name"] == "response" }!["value"]!)!, 0.4, accuracy: 1e-5)
    }

    /// `fit decay` on a flick written here by UIScrollView's recurrence (each ms v *= c, then x += v), in a dynsim run's
    /// shape (another column beside it): the rate, velocity and resting point come back; its first 60 ms cannot tell
    /// the rate (exit 1, rows on stdout, notes on stderr); a field that is not a number is a bad trace (exit 65).
    func testFitDecayOnAFlickWrittenHere() throws {
        var x = 100.0, v = 2.0, csv = "t,scroll.y,scroll.x\n0,100,7\n"
        for ms in 1...2500 {
            v *= 0.998
            x += v
            if ms % 16 == 0 { csv += "\(Double(ms) / 1000),\(x),7\n" }
        }
        try csv.write(to: dir.appendingPathComponent("flick.csv"), atomically: true, encoding: .utf8)
        var r = try dynsim(["fit", "decay", "flick.csv", "--column", "scroll.y"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let fit = rows(r.stdout)
        func value(_ name: String) -> Double { Double(fit.first { $0["name"] == name }!["value"]!)! }
        XCTAssertEqual(fit.map { $0["name"]! }.prefix(4), ["decelerationRate", "velocity", "from", "restingPoint"])
        XCTAssertEqual(value("decelerationRate"), 0.998, accuracy: 1e-9)
        XCTAssertEqual(value("velocity"), 2000, accuracy: 1e-5)
        XCTAssertEqual(value("restingPoint"), 100 + 2 * 0.998 / 0.002, accuracy: 1e-6)
        let short = csv.split(separator: "\n").prefix(5).joined(separator: "\n") + "\n"
        try short.write(to: dir.appendingPathComponent("short.csv"), atomically: true, encoding: .utf8)
        r = try dynsim(["fit", "decay", "short.csv", "--column", "scroll.y"])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.stdout.hasPrefix("name,value,low,high\ndecelerationRate,"), r.stdout)
        XCTAssertTrue(r.stderr.contains("dynsim: note: short.csv: has 4 rows; telling a deceleration rate"), r.stderr)
        XCTAssertTrue(r.stderr.contains("the trace cannot tell the deceleration"), r.stderr)
        try "t,value\n0,0\n0.016,3\n0.032,abc\n0.048,8\n".write(
            to: dir.appendingPathComponent("bad.csv"), atomically: true, encoding: .utf8)
        r = try dynsim(["fit", "decay", "bad.csv"])
        XCTAssertEqual(r.status, 65)
        XCTAssertTrue(r.stderr.hasPrefix("dynsim: error: bad.csv: line 4, column 2 (value)"), r.stderr)
    }
}

/// `dynsim bench --substeps`: the work–precision sweep runs each profile at each sub-step count, and the precise
/// pendulum's period error falls as the square of the step (RATTLE is second order): 4 sub-steps give about a quarter
/// of 2's.
final class BenchSubStepsTests: XCTestCase {
    func testPrecisePendulumConvergesAtSecondOrder() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("dynsim-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try CLITests.dynsim(
            ["bench", "pendulum", "--profile", "precise", "--substeps", "2,4", "--csv", "b.csv"], cwd: dir)
        XCTAssertEqual(r.status, 0, r.stderr)
        let rows = try String(contentsOf: dir.appendingPathComponent("b.csv"), encoding: .utf8).split(separator: "\n")
            .dropFirst()
            .map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        XCTAssertEqual(rows.map { $0[4] }, ["2", "4"])
        let e2 = abs(Double(rows[0][8])!), e4 = abs(Double(rows[1][8])!)
        XCTAssertEqual(e2 / e4, 4, accuracy: 0.4, "period errors \(e2) and \(e4)")
    }
}
