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
                ["--vary", "animations[0].stiffness=uniform(1,2)", "--samples", "3"], 64,
                "--seed: random values need --seed S"
            ),
            (["--vary", "animations[3].stiffness=1,2"], 64, "animations[3]: no such element (animations has 1)"),
            (
                ["--vary", "animations[0].stiffness=1,2", "--metric", "max:a.nothing"], 64,
                "\"a.nothing\" is not a column of the run"
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
    }
}
