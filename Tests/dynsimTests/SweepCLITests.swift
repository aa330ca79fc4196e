import Foundation
import XCTest

/// `dynsim sweep` end to end: the table's bytes for any --jobs, failed runs as rows, and bad input refused before
/// anything is written.
final class SweepCLITests: XCTestCase, CLIRunner {
    static let spring = """
        {"duration": 2, "layers": [{"name": "a", "position": [100, 0]}],
         "animations": [{"layer": "a", "type": "spring", "keyPath": "position.x", "fromValue": 0, "toValue": 100,
                         "mass": 1, "stiffness": 100, "damping": 10}]}
        """

    func scene() throws -> URL {
        let dir = try temporaryDirectory()
        let file = dir.appendingPathComponent("spring.json")
        try SweepCLITests.spring.write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    /// One job and two write the same bytes, CSV and JSON Lines; the table has a row per run in plan order.
    func testJobsGiveTheSameBytes() throws {
        let file = try scene().path
        for format in ["csv", "jsonl"] {
            let args = [
                "sweep", file, "--vary", "animations[0].stiffness=50:200:4", "--vary", "animations[0].damping=5,10",
                "--metric", "settle:a.position.x:1:100", "--metric", "max:a.position.x", "--format", format,
            ]
            let one = try dynsim(args + ["--jobs", "1"]), two = try dynsim(args + ["--jobs", "2"])
            XCTAssertEqual(one.status, 0, one.stderr)
            XCTAssertEqual(one.stdout, two.stdout, format)
            XCTAssertEqual(one.stdout.split(separator: "\n").count, format == "csv" ? 9 : 8, one.stdout)
        }
        let csv = try dynsim([
            "sweep", file, "--vary", "animations[0].stiffness=50,200", "--metric", "final:a.position.x",
        ])
        XCTAssertEqual(
            csv.stdout.split(separator: "\n").first,
            "run,id,animations[0].stiffness,final:a.position.x,status")
        XCTAssertTrue(csv.stdout.split(separator: "\n")[1].hasPrefix("0,"), csv.stdout)
        XCTAssertTrue(csv.stdout.split(separator: "\n")[1].hasSuffix(",50,100,ok"), csv.stdout)
    }

    /// A run `dynsim run` would refuse is a row with its reason; the exit status counts the failed runs.
    func testAFailedRunIsARow() throws {
        let r = try dynsim([
            "sweep", "bouncing-ball", "--vary", "items[0].center[1]=100,660,670", "--metric", "event:begin",
            "--duration", "2",
        ])
        XCTAssertEqual(r.status, 2, r.stderr)
        let rows = r.stdout.split(separator: "\n")
        XCTAssertEqual(rows.count, 4)
        XCTAssertTrue(rows[1].hasSuffix(",ok"), r.stdout)
        XCTAssertTrue(rows[2].contains("overlaps the reference bounds by 17 pt at the start"), r.stdout)
        XCTAssertTrue(r.stderr.contains("2 of 3 runs failed"), r.stderr)
    }

    /// Bad input is named, exits 64 or 65, and writes nothing.
    func testBadInputIsRefusedBeforeAnythingIsWritten() throws {
        let file = try scene()
        let out = file.deletingLastPathComponent().appendingPathComponent("table.csv").path
        let cases: [([String], Int32, String)] = [
            (
                ["--vary", "animations[0].stifness=1,2"], 65,
                "animations[0].stifness: unknown field, did you mean \"stiffness\"?"
            ),
            (["--vary", "animations[0].keyPath=1,2"], 64, "animations[0].keyPath holds \"position.x\", not a number"),
            (
                ["--vary", "animations[0].stiffness=1,-2"], 65,
                "animations[0].stiffness: must be from 1e-9 to 1e9, got -2"
            ),
            (["--vary", "animations[0].stiffness=1:1:3"], 64, "an empty range (from equals to)"),
            (
                ["--vary", "animations[0].stiffness=1,2", "--timings", out], 64,
                "is the same file as the table's output"
            ),
            (
                ["--vary", "animations[0].stiffness=1,2", "--timings", out + ".journal"], 64,
                "is the table's journal"
            ),
            (
                ["--vary", "animations[0].stiffness=1,2", "--keep-runs", directoryOf(out)], 64,
                "is in the --keep-runs folder"
            ),
            // Between whole ends, a value a whole-number field refuses.
            (["--vary", "subSteps=1:10:3"], 65, "subSteps: must be a whole number"),
            (
                ["--vary", "animations[0].stiffness=uniform(1,2)", "--samples", "3"], 64,
                "--seed: random values need --seed S"
            ),
            (["--vary", "animations[3].stiffness=1,2"], 64, "animations[3]: no such element (animations has 1)"),
            (
                ["--vary", "animations[0].stiffness=1,2", "--metric", "max:a.nothing"], 64,
                "\"a.nothing\" is not a column of the run"
            ),
            // Numbers are decimal, as JSON writes them (Swift's Double("0x10") is 16).
            (["--vary", "animations[0].stiffness=0x10"], 64, "\"0x10\" is not a decimal number within ±1e9"),
            (
                ["--vary", "animations[0].stiffness=1,2", "--metric", "settle:a.position.x:0x1"], 64,
                "settle needs a positive band"
            ),
            (
                ["--vary", "animations[0].stiffness=1,2", "--metric", "event:bogus"], 64,
                "event names an events file's kind: one of begin, end, rest, start, stop, complete, gesture"
            ),
            // 2^53 is the first whole number a JSON sweep file cannot hold exactly beside its neighbour.
            (
                ["--vary", "animations[0].stiffness=uniform(1,2)", "--samples", "3", "--seed", "9007199254740992"], 64,
                "--seed: must be a whole number from 0 to 9007199254740991"
            ),
            (
                ["--vary", "animations[0].stiffness=uniform(1,2)", "--samples", "0", "--seed", "1"], 64,
                "--samples: must be a whole number from 1 to 1000000, got \"0\""
            ),
            // An index past Int's range is past the array's end, and is echoed cut short.
            (
                ["--vary", "animations[99999999999999999999999999999].stiffness=1,2"], 64,
                "animations[99999999999999999999…]: no such element (animations has 1)"
            ),
        ]
        for (args, status, message) in cases {
            let r = try dynsim(["sweep", file.path, "--output", out] + args)
            XCTAssertEqual(r.status, status, "\(args): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains(message), "\(args): \(r.stderr)")
            XCTAssertEqual(r.stdout, "")
            XCTAssertFalse(FileManager.default.fileExists(atPath: out), "\(args): wrote \(out)")
        }
    }

    /// `--plan` prints the runs and their ids without running them; the same seed gives the same plan.
    func testPlan() throws {
        let file = try scene().path
        let args = [
            "sweep", file, "--vary", "animations[0].stiffness=lhs(10,100)", "--samples", "4", "--seed", "9", "--plan",
        ]
        let a = try dynsim(args), b = try dynsim(args)
        XCTAssertEqual(a.status, 0, a.stderr)
        XCTAssertEqual(a.stdout, b.stdout)
        let rows = a.stdout.split(separator: "\n")
        XCTAssertEqual(rows.first, "run,id,animations[0].stiffness")
        XCTAssertEqual(rows.count, 5)
        XCTAssertEqual(Set(rows.dropFirst().map { $0.split(separator: ",")[1].count }), [16], "16-digit ids")
        // JSON Lines: the same runs, ids and values, and no status (nothing has run).
        let jsonl = try dynsim(args + ["--format", "jsonl"])
        XCTAssertEqual(jsonl.status, 0, jsonl.stderr)
        let expected = rows.dropFirst().map { row in
            let c = row.split(separator: ",")
            return "{\"run\":\(c[0]),\"id\":\"\(c[1])\",\"animations[0].stiffness\":\(c[2])}"
        }
        XCTAssertEqual(jsonl.stdout.split(separator: "\n").map(String.init), expected)
    }

    /// An output that cannot be written exits 74, which no count of failed runs takes, and the files are opened
    /// before the first run: nothing runs (no progress line) and nothing is left behind.
    func testAnOutputThatCannotBeWrittenIs74() throws {
        let file = try scene().path
        let dir = file.split(separator: "/").dropLast().joined(separator: "/")
        let sweep = ["sweep", file, "--vary", "animations[0].stiffness=50:200:20", "--metric", "max:a.position.x"]
        let full = try dynsim(sweep + ["--output", "/dev/full"])
        XCTAssertEqual(full.status, 74, full.stderr)
        XCTAssertTrue(full.stderr.contains("No space left on device"), full.stderr)
        XCTAssertFalse(full.stderr.contains("dynsim: sweep "), "ran before failing: \(full.stderr)")
        let timings = try dynsim(sweep + ["--output", "/\(dir)/t.csv", "--timings", "/\(dir)/nodir/x.csv"])
        XCTAssertEqual(timings.status, 74, timings.stderr)
        XCTAssertTrue(timings.stderr.contains("--timings: "), timings.stderr)
        XCTAssertFalse(timings.stderr.contains("dynsim: sweep "), "ran before failing: \(timings.stderr)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: "/\(dir)/t.csv"))
        // A timings file that fails at the end (a full device) leaves no table either.
        let late = try dynsim(sweep + ["--output", "/\(dir)/late.csv", "--timings", "/dev/full"])
        XCTAssertEqual(late.status, 74, late.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: "/\(dir)/late.csv"), "no table when --timings failed")
        let missing = try dynsim(sweep + ["--output", "/\(dir)/nodir/t.csv"])
        XCTAssertEqual(missing.status, 74, missing.stderr)
        // A kept run's copy that cannot be written ends the sweep with 74, not a failed run's row.
        let kept = "/\(dir)/kept"
        try FileManager.default.createDirectory(atPath: kept + "/run-000003.csv", withIntermediateDirectories: true)
        let copy = try dynsim(sweep + ["--output", "/\(dir)/k.csv", "--keep-runs", kept, "--jobs", "1"])
        XCTAssertEqual(copy.status, 74, copy.stderr)
        XCTAssertTrue(copy.stderr.contains("--keep-runs: "), copy.stderr)
        XCTAssertTrue(copy.stderr.contains("run-000003.csv"), copy.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: "/\(dir)/k.csv"), "no table passed off as complete")
        XCTAssertTrue(FileManager.default.fileExists(atPath: "/\(dir)/k.csv.journal"), "the finished runs are kept")
    }
}

/// Shards, merges and resuming: each must give the bytes of one uninterrupted sweep.
final class SweepShardCLITests: XCTestCase, CLIRunner {
    /// 1, 7 and 16 shards merged are the one-process table byte for byte; a merge with a shard missing, or with a
    /// run in two parts, exits 65 naming the runs and writes nothing.
    func testShardsMergeToTheWholeTable() throws {
        let dir = try temporaryDirectory()
        let sweep = [
            "sweep", "pendulum", "--vary", "items[0].center[0]=100:300:13", "--metric", "max:bob.vy", "--duration",
            "0.5",
        ]
        let whole = try dynsim(sweep)
        XCTAssertEqual(whole.status, 0, whole.stderr)
        for n in [1, 7, 16] {
            let parts = dir.appendingPathComponent("parts\(n)").path
            for i in 0..<n {
                let r = try dynsim(sweep + ["--shard", "\(i)/\(n)", "--output", parts])
                XCTAssertEqual(r.status, 0, r.stderr)
            }
            // Rerunning a shard rewrites the same part.
            XCTAssertEqual(try dynsim(sweep + ["--shard", "0/\(n)", "--output", parts]).status, 0)
            let merged = try dynsim(["sweep", "merge", parts])
            XCTAssertEqual(merged.status, 0, merged.stderr)
            XCTAssertEqual(merged.stdout, whole.stdout, "\(n) shards")
        }
        let parts7 = dir.appendingPathComponent("parts7")
        try FileManager.default.removeItem(at: parts7.appendingPathComponent("part-00003-of-00007.json"))
        let out = dir.appendingPathComponent("table.csv").path
        let missing = try dynsim(["sweep", "merge", parts7.path, "--output", out])
        XCTAssertEqual(missing.status, 65)
        XCTAssertTrue(missing.stderr.contains("2 run(s) missing: 3, 10 (of 13)"), missing.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))
        // Shard 3 of 7 again, and shard 0 of 16 too: runs 0 and 16 ... in two parts.
        XCTAssertEqual(try dynsim(sweep + ["--shard", "3/7", "--output", parts7.path]).status, 0)
        XCTAssertEqual(try dynsim(sweep + ["--shard", "0/16", "--output", parts7.path]).status, 0)
        let twice = try dynsim(["sweep", "merge", parts7.path])
        XCTAssertEqual(twice.status, 65)
        XCTAssertTrue(twice.stderr.contains("1 run(s) in more than one part: 0"), twice.stderr)
        // The merge never writes over a part it reads.
        let parts1 = dir.appendingPathComponent("parts1")
        let over = try dynsim([
            "sweep", "merge", parts1.path, "--output", parts1.appendingPathComponent("part-00000-of-00001.csv").path,
        ])
        XCTAssertEqual(over.status, 64)
        XCTAssertTrue(over.stderr.contains("which the merge reads; choose another file"), over.stderr)
        // A manifest's total past the run limit is refused before anything is allocated for it.
        let manifest = parts1.appendingPathComponent("part-00000-of-00001.json")
        let text = try String(contentsOf: manifest, encoding: .utf8).replacingOccurrences(
            of: "\"total\": 13", with: "\"total\": 1000000000000000000")
        try text.write(to: manifest, atomically: true, encoding: .utf8)
        let huge = try dynsim(["sweep", "merge", parts1.path])
        XCTAssertEqual(huge.status, 65)
        XCTAssertTrue(huge.stderr.contains("total: must be at most 1000000 runs"), huge.stderr)
        // A total edited to another (small) number is named with both values, each part by its name.
        let parts2 = dir.appendingPathComponent("parts2")
        for i in 0..<2 { XCTAssertEqual(try dynsim(sweep + ["--shard", "\(i)/2", "--output", parts2.path]).status, 0) }
        let second = parts2.appendingPathComponent("part-00001-of-00002.json")
        try String(contentsOf: second, encoding: .utf8).replacingOccurrences(of: "\"total\": 13", with: "\"total\": 12")
            .write(to: second, atomically: true, encoding: .utf8)
        let total = try dynsim(["sweep", "merge", parts2.path])
        XCTAssertEqual(total.status, 65)
        XCTAssertTrue(
            total.stderr.contains(
                "part-00001-of-00002.csv: its manifest's total is \"12\", part-00000-of-00002.csv's is \"13\""),
            total.stderr)
        let bad = try dynsim(sweep + ["--shard", "3/3", "--output", parts7.path])
        XCTAssertEqual(bad.status, 64)
        XCTAssertTrue(bad.stderr.contains("--shard: i must be from 0 to n - 1 (2), got \"3/3\""), bad.stderr)
    }

    /// A sweep stopped by SIGINT leaves its journal and no table; `--resume` finishes it with the uninterrupted bytes.
    func testInterruptedThenResumedIsTheWholeTable() throws {
        let dir = try temporaryDirectory()
        let sweep = [
            "sweep", "boxes", "--vary", "behaviors[0].gravityDirection[1]=0.5:2:40", "--metric", "max:box0.vy",
            "--duration", "0.5", "--jobs", "2",
        ]
        let table = dir.appendingPathComponent("t.csv"), journal = dir.appendingPathComponent("t.csv.journal")
        let child = try Child(CLITests.binary.path, sweep + ["--output", table.path], stdout: .null, stderr: .null)
        var lines = 0
        for _ in 0..<600 where lines < 4 {
            usleep(20_000)
            lines = ((try? String(contentsOf: journal, encoding: .utf8)) ?? "").split(separator: "\n").count
        }
        child.send(SIGINT)
        let end = child.finish().termination
        XCTAssertNotEqual(end.status, 0, "stopped by the signal")
        XCTAssertFalse(FileManager.default.fileExists(atPath: table.path), "no partial table")
        var text = try String(contentsOf: journal, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false
        ).map(String.init)
        XCTAssertTrue(text.count - 1 >= 4 && text.count - 1 < 41, "\(text.count - 1) journal lines")
        // A finished row edited by hand (its metric), its line's check left as it was: that run and the ones after
        // it run again, with a warning naming the line.
        var fields = text[3].split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(fields.count, 3, text[3])
        var cells = fields[2].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        cells[cells.count - 2] = "12345"
        fields[2] = cells.joined(separator: ",")
        text[3] = fields.joined(separator: "\t")
        try text.joined(separator: "\n").write(to: journal, atomically: true, encoding: .utf8)
        let resumed = try dynsim(sweep + ["--output", table.path, "--resume"])
        XCTAssertEqual(resumed.status, 0, resumed.stderr)
        XCTAssertTrue(
            resumed.stderr.contains("line 4 is not a finished run's row as the sweep wrote it"), resumed.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: journal.path), "the journal goes with the sweep done")
        let whole = try dynsim(sweep)
        XCTAssertEqual(try String(contentsOf: table, encoding: .utf8), whole.stdout)
        let again = try dynsim(sweep + ["--output", table.path, "--resume"])
        XCTAssertEqual(again.status, 64)
        XCTAssertTrue(again.stderr.contains("--resume: no journal to resume"), again.stderr)
    }
}

/// The whole-run metrics, comparisons against a reference, and the runs kept as files.
final class SweepMetricCLITests: XCTestCase, CLIRunner {
    /// `precise` keeps the pendulum's energy and its rod's length: against the swing energy m g L (1 − cos θ0) =
    /// 1 × 1000 × 100 × 0.5 (the built-in: mass 1, 100 pt rod, released at 60°), its energy metric is below 1e-4, and
    /// the rod's length error below 1e-9 pt.
    func testEnergyAndConstraintInPrecise() throws {
        let r = try dynsim([
            "sweep", "pendulum", "--vary", "duration=1,2", "--metric", "energy", "--metric", "constraint", "--profile",
            "precise",
        ])
        XCTAssertEqual(r.status, 0, r.stderr)
        for row in r.stdout.split(separator: "\n").dropFirst() {
            let cells = row.split(separator: ",", omittingEmptySubsequences: false)
            let energy = try XCTUnwrap(Double(cells[3])), constraint = try XCTUnwrap(Double(cells[4]))
            XCTAssertLessThan(energy / (1 * 1000 * 100 * 0.5), 1e-4, String(row))
            XCTAssertLessThan(constraint, 1e-9, String(row))
        }
        let bad = try dynsim(["sweep", "pendulum", "--vary", "duration=1,2", "--metric", "energy:bob"])
        XCTAssertEqual(bad.status, 64)
        XCTAssertTrue(bad.stderr.contains("energy is the whole run's: it takes no subject"), bad.stderr)
    }

    /// Against a reference that is the run itself the difference is 0 and it passes; against the same run moved
    /// 0.5 pt (an offset the test makes) the difference is 0.5 and a 0.1 tolerance fails. Kept runs are the bytes
    /// `dynsim run` writes.
    func testCompareAgainstAReferenceAndKeptRuns() throws {
        let dir = try temporaryDirectory()
        let run = try dynsim(["run", "pendulum", "--duration", "1"])
        let reference = dir.appendingPathComponent("ref.csv"), moved = dir.appendingPathComponent("moved.csv")
        try run.stdout.write(to: reference, atomically: true, encoding: .utf8)
        let lines = run.stdout.split(separator: "\n")
        let column = lines[0].split(separator: ",").firstIndex(of: "bob.x")!
        let shifted = lines.dropFirst().map { line -> String in
            var cells = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            cells[column] = String(Double(cells[column])! + 0.5)
            return cells.joined(separator: ",")
        }
        try ([String(lines[0])] + shifted).joined(separator: "\n").appending("\n").write(
            to: moved, atomically: true, encoding: .utf8)
        let kept = dir.appendingPathComponent("runs")
        let r = try dynsim([
            "sweep", "pendulum", "--vary", "duration=1", "--metric", "compare:bob.x:\(reference.path)", "--metric",
            "passes:bob.x:\(reference.path):0", "--metric", "compare:bob.x:\(moved.path)", "--metric",
            "passes:bob.x:\(moved.path):0.1", "--keep-runs", kept.path,
        ])
        XCTAssertEqual(r.status, 0, r.stderr)
        let cells = r.stdout.split(separator: "\n")[1].split(separator: ",")
        XCTAssertEqual(cells[3], "0")
        XCTAssertEqual(cells[4], "1")
        XCTAssertEqual(try XCTUnwrap(Double(cells[5])), 0.5, accuracy: 1e-9)
        XCTAssertEqual(cells[6], "0")
        XCTAssertEqual(
            try String(contentsOf: kept.appendingPathComponent("run-000000.csv"), encoding: .utf8), run.stdout)
        let missing = try dynsim([
            "sweep", "pendulum", "--vary", "duration=1", "--metric", "compare:nope:\(reference.path)",
        ])
        XCTAssertEqual(missing.status, 65)
        XCTAssertTrue(missing.stderr.contains("has no numeric column \"nope\" to compare"), missing.stderr)
    }
}

/// docs/sweep.md's examples run as written and print what the page shows.
final class SweepDocsCLITests: XCTestCase, CLIRunner {
    /// The page's first command prints the page's table; its sweep file gives the same table.
    func testThePagesExamples() throws {
        let page = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("../../docs/sweep.md").standardized, encoding: .utf8)
        let blocks = page.components(separatedBy: "```").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        let shown = try XCTUnwrap(blocks.first { $0.hasPrefix("sh\n$ dynsim sweep card.json") })
        let lines = shown.split(separator: "\n").dropFirst()
        let table = lines.drop { !$0.hasPrefix("run,") }.joined(separator: "\n") + "\n"
        let scene = try XCTUnwrap(blocks.first { $0.hasPrefix("json\n{\"duration\"") }).dropFirst(5)
        let sweepFile = try XCTUnwrap(blocks.first { $0.hasPrefix("json\n{\"scene\": \"card.json\"") }).dropFirst(5)
        let dir = try temporaryDirectory()
        try String(scene).write(to: dir.appendingPathComponent("card.json"), atomically: true, encoding: .utf8)
        try String(sweepFile).write(
            to: dir.appendingPathComponent("card-sweep.json"), atomically: true, encoding: .utf8)
        let command = lines.prefix { !$0.hasPrefix("run,") }.joined(separator: " ").replacingOccurrences(
            of: "\\", with: "")
        let args = command.split(separator: " ").dropFirst(2).map { $0.replacingOccurrences(of: "'", with: "") }
        let r = try dynsim(args, cwd: dir)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout, table)
        let f = try dynsim(["sweep", "card-sweep.json"], cwd: dir)
        XCTAssertEqual(f.status, 0, f.stderr)
        XCTAssertEqual(f.stdout, table)
    }
}

/// The folder part of a path (`/a/b` for `/a/b/c.csv`).
func directoryOf(_ path: String) -> String { URL(fileURLWithPath: path).deletingLastPathComponent().path }
