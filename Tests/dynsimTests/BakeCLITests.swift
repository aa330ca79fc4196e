import Foundation
import XCTest

/// `dynsim bake` end to end: the report, the run-file input, and bad input refused with nothing written.
final class BakeCLITests: XCTestCase, CLIRunner {
    /// Bad input is named, exits 64 or 65, and writes nothing.
    func testBadInputIsRefusedBeforeAnythingIsWritten() throws {
        let dir = try temporaryDirectory()
        let out = dir.appendingPathComponent("out.json").path
        let one = dir.appendingPathComponent("one.csv")
        try "t,a.x,a.y,a.angle\n0,1,2,3\n".write(to: one, atomically: true, encoding: .utf8)
        let points = dir.appendingPathComponent("points.csv")
        try "t,anchor.x,anchor.y\n0,1,2\n1,2,3\n".write(to: points, atomically: true, encoding: .utf8)
        // Two rows a million seconds apart: re-sampled every millisecond, a billion samples.
        let far = dir.appendingPathComponent("far.csv")
        try "t,a.x,a.y,a.angle\n0,1,2,3\n1000000,1,2,3\n".write(to: far, atomically: true, encoding: .utf8)
        let cases: [([String], Int32, String)] = [
            (["swinging-view", "--max-error", "0"], 64, "--max-error: must be a positive number of points"),
            (["swinging-view", "--max-error", "-1"], 64, "--max-error: must be a positive number of points"),
            (["swinging-view", "--max-error", "nan"], 64, "--max-error: must be a decimal number, got \"nan\""),
            (["swinging-view", "--max-rotation-error", "inf"], 64, "--max-rotation-error: must be a decimal number"),
            (["swinging-view", "--objects", "nobody"], 64, "--objects: no object \"nobody\" in swinging-view"),
            (["swinging-view", "--objects", "view,view"], 64, "--objects: \"view\" is named twice"),
            // touch-frame's box changes size: refused when chosen (by default every object is).
            (["touch-frame"], 65, "touch-frame: box's width changes during the run (100 to 220)"),
            (
                ["card-flip"], 64,
                "--target: card turns out of the screen's plane (a 3D transform: rotation about x or y, or m34)"
            ),
            ([one.path], 65, "one.csv: has 1 row, needs at least 2"),
            ([points.path], 65, "points.csv: has no object columns to bake"),
            // 1000 samples a second of the 100 boxes' columns for 60 s: past the values a bake holds.
            (["boxes", "--duration", "60"], 65, "more than 20000000 values; bake a shorter run"),
            ([far.path], 65, "far.csv: baking it holds 1000000002 samples"),
        ]
        for (args, status, message) in cases {
            let target = args.contains("--target") ? [] : ["--target", "lottie"]
            let r = try dynsim(["bake"] + args + target + ["--output", out])
            XCTAssertEqual(r.status, status, "\(args): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains(message), "\(args): \(r.stderr)")
            XCTAssertEqual(r.stdout, "")
            XCTAssertFalse(FileManager.default.fileExists(atPath: out), "\(args): wrote \(out)")
        }
        let none = try dynsim(["bake", "swinging-view"])
        XCTAssertEqual(none.status, 64)
        XCTAssertTrue(none.stderr.contains("--target: name the player"), none.stderr)
        let all = try dynsim(["bake", "swinging-view", "--target", "all"])
        XCTAssertEqual(all.status, 64)
        XCTAssertTrue(all.stderr.contains("--target all writes one file per target: give --output DIR"), all.stderr)
    }

    /// The report names each object's keys and measured error, within the bound; a run file bakes as the scene does.
    /// A scroll view bakes still; its content moves where it shows on the screen (contentOffset.y goes 0 → 599, so
    /// row0's center goes from y 75 to 75 − 599).
    func testAScrollViewBakesStillAndItsContentMoves() throws {
        let dir = try temporaryDirectory()
        let out = dir.appendingPathComponent("f.css").path
        let r = try dynsim(["bake", "scroll-flick", "--target", "css", "--objects", "feed,row0", "--output", out])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("dynsim: feed y: 2 keys, max error 0 pt"), r.stderr)
        let keys = r.stderr.split(separator: "\n").first { $0.hasPrefix("dynsim: row0 y: ") }
        let count = keys.flatMap { Int($0.split(separator: " ")[3]) } ?? 0
        XCTAssertGreaterThan(count, 2, r.stderr)
        let css = try String(contentsOfFile: out, encoding: .utf8)
        XCTAssertTrue(css.contains("-524px") || css.contains("-524.0"), "row0 ends at y 75 − 599")
    }

    /// A run file's sublayer screen columns (`card.root.position.x`) and a scroll view's offset are no objects of
    /// their own: the scene a bake writes from it runs.
    func testARunFilesScreenColumnsAreNoObjects() throws {
        let dir = try temporaryDirectory()
        let run = dir.appendingPathComponent("ct.csv").path, baked = dir.appendingPathComponent("ct.json").path
        XCTAssertEqual(try dynsim(["run", "card-throw", "--output", run]).status, 0)
        let b = try dynsim(["bake", run, "--target", "scene", "--output", baked])
        XCTAssertEqual(b.status, 0, b.stderr)
        XCTAssertFalse(b.stderr.contains("card.root"), b.stderr)
        let r = try dynsim(["run", baked, "--duration", "0.1"])
        XCTAssertEqual(r.status, 0, r.stderr)
    }

    func testReportAndRunFile() throws {
        let r = try dynsim(["bake", "bouncing-ball", "--target", "scene", "--max-error", "0.25"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("\"keyPath\": \"position.y\""), r.stdout)
        let line = try XCTUnwrap(r.stderr.split(separator: "\n").first { $0.hasPrefix("dynsim: ball y: ") })
        let error = try XCTUnwrap(Double(line.split(separator: " ")[7]))
        XCTAssertLessThanOrEqual(error, 0.25, String(line))
        let dir = try temporaryDirectory()
        let csv = dir.appendingPathComponent("ball.csv")
        let run = try dynsim(["run", "bouncing-ball", "--duration", "2"])
        try run.stdout.write(to: csv, atomically: true, encoding: .utf8)
        let fromFile = try dynsim(["bake", csv.path, "--target", "scene"])
        XCTAssertEqual(fromFile.status, 0, fromFile.stderr)
        XCTAssertTrue(fromFile.stderr.contains("ball y: "), fromFile.stderr)
        // An object that cannot be baked is left out with --objects, and the rest bakes.
        let rest = try dynsim(["bake", "touch-frame", "--target", "css", "--objects", "root"])
        XCTAssertEqual(rest.status, 0, rest.stderr)
        let twice = try dynsim(["bake", csv.path, "--target", "scene", "--rate", "30"])
        XCTAssertEqual(twice.status, 64)
        XCTAssertTrue(twice.stderr.contains("--rate: a run file is baked as it is"), twice.stderr)
    }
}
