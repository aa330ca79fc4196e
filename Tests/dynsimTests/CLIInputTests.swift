import Foundation
import XCTest

/// Black-box tests of what goes in and what may come out: JSON Lines, bad scene files, inputs past the limits, bench's
/// bounds, bad flags, the timing commands and help. The files a run writes are CLIInputFileTests'.
final class CLIInputTests: XCTestCase, CLIRunner {
    func testJSONLinesFormat() throws {
        let r = try dynsim(["pendulum", "--format", "jsonl", "--duration", "0.05"])
        XCTAssertEqual(r.status, 0)
        let lines = r.stdout.split(separator: "\n")
        XCTAssertEqual(lines.count, 4)
        XCTAssertTrue(lines[0].hasPrefix("{\"t\":0,\"bob.x\":"), String(lines[0]))
    }

    func testBadSceneFilesExit65BeforeAnyRow() throws {
        let dir = try temporaryDirectory()
        var cases: [(String, String)] = [
            (
                #"{"items": [{"name": "v", "center": [1, 2], "size": [100, -3]}]}"#,
                "items[0].size: must be positive, got -3"
            ),
            (
                #"{"items": [{"name": "v", "center": [1, 2]}], "rate": 0}"#,
                "rate: must be positive and at most 100000 Hz, got 0"
            ),
            (#"{"items": [{"name": "v", "center": [1, 2]}], "wat": 0}"#, "wat: unknown field"),
            (#"{"items": [{"name": "v", "center": [1, 2]"#, "line 1, column 42: malformed JSON"),
            (
                #"{"items": [{"name": "v", "center": [1, 2]}], "behaviors": [{"type": "attachment", "item": "v", "drag": {"csv": "pan.csv"}}]}"#,
                "pan.csv: line 3: time goes backwards (after 1), got 0.5"
            ),
        ]
        cases.append(
            (
                #"{"items": [{"name": "v", "center": [187.5, 660]}], "behaviors": [{"type": "collision", "items": ["v"], "translatesReferenceBoundsIntoBoundary": true}]}"#,
                "items[0]: overlaps the reference bounds by 42 pt at the start, got center [187.5, 660]"
            ))
        cases.append(
            (
                #"{"items": [{"name": "v", "center": [1, 2], "collisionBoundsType": "path", "collisionBoundingPath": [[0, 0], [10, 10], [10, 0], [0, 10]]}]}"#,
                "items[0].collisionBoundingPath: must be a convex, non-self-intersecting polygon"
            ))
        // Gesture scripts: times going backwards, an unknown target, NaN.
        let views = #""views": [{"name": "root", "frame": [0, 0, 375, 667]}]"#
        let move =
            #""action": {"animate": {"duration": 0.2, "changes": [{"view": "root", "property": "alpha", "value": 0.5}]}}"#
        cases.append(
            (
                #"{\#(views), "gestures": [{"name": "tap", "type": "tap", "view": "root", "touches": [[1, 5, 5], [0.5, 5, 5]], \#(move)}]}"#,
                "gestures[0].touches[1][0]: time goes backwards (after 1), got 0.5"
            ))
        cases.append(
            (
                #"{\#(views), "gestures": [{"name": "tap", "type": "tap", "view": "ghost", "touches": [[1, 5, 5]], \#(move)}]}"#,
                #"gestures[0].view: no such view, got "ghost""#
            ))
        cases.append(
            (
                #"{\#(views), "gestures": [{"name": "tap", "type": "tap", "view": "root", "touches": [[1, NaN, 5]], \#(move)}]}"#,
                "gestures[0].touches[0][1]: must be a finite number, got NaN"
            ))
        // `bounds` names the reference bounds in events: a boundary may not take it.
        cases.append(
            (
                #"{"items": [{"name": "a", "center": [100, 100]}], "behaviors": [{"type": "collision", "items": ["a"], "boundaries": [{"identifier": "bounds", "from": [0, 500], "to": [300, 500]}]}]}"#,
                #"behaviors[0].boundaries[0].identifier: "bounds" names the reference bounds in events"#
            ))
        try "t,x,y\n1,0,0\n0.5,1,1\n".write(
            to: dir.appendingPathComponent("pan.csv"), atomically: true, encoding: .utf8)
        for (k, (text, expected)) in cases.enumerated() {
            let file = dir.appendingPathComponent("scene\(k).json")
            try text.write(to: file, atomically: true, encoding: .utf8)
            let r = try dynsim(["run", file.path])
            XCTAssertEqual(r.status, 65, text)
            XCTAssertEqual(r.stdout, "", text)
            XCTAssertTrue(r.stderr.hasPrefix("dynsim: error: "), r.stderr)
            XCTAssertTrue(r.stderr.contains(expected), "\(r.stderr) should contain \(expected)")
            if !expected.hasPrefix("pan.csv") { XCTAssertTrue(r.stderr.contains(file.path + ": "), r.stderr) }
        }
        let missing = try dynsim(["run", dir.appendingPathComponent("nope.json").path])
        XCTAssertEqual(missing.status, 65)
        XCTAssertEqual(missing.stdout, "")
    }

    func testScenesPastTheInputLimitsExit65BeforeBeingRead() throws {
        let dir = try temporaryDirectory()
        // A sparse file one byte over 64 MiB: refused from its size, before a byte is read.
        let big = dir.appendingPathComponent("big.json")
        XCTAssertTrue(FileManager.default.createFile(atPath: big.path, contents: nil))
        XCTAssertEqual(truncate(big.path, off_t(64 << 20) + 1), 0)
        let r = try dynsim(["run", big.path])
        XCTAssertEqual(r.status, 65)
        XCTAssertEqual(r.stdout, "")
        XCTAssertEqual(
            r.stderr, "dynsim: error: \(big.path): must be at most 64 MiB (67108864 bytes), got 67108865 bytes\n")
        // A pipe has no size: refused once more than the limit has arrived.
        let piped = try shell("head -c 67108865 /dev/zero | \"$DYNSIM\" run /dev/stdin")
        XCTAssertEqual(piped.status, 65)
        XCTAssertEqual(
            piped.stderr,
            "dynsim: error: /dev/stdin: must be at most 64 MiB (67108864 bytes), got more than 67108864 bytes\n")
        // 100,001 items: refused by count before any is decoded (the last one is not even valid).
        let items = dir.appendingPathComponent("items.json")
        try ("{\"items\": [" + String(repeating: "{\"center\": [1, 2]},", count: 100_000) + "{\"center\": 0}]}")
            .write(to: items, atomically: true, encoding: .utf8)
        let many = try dynsim(["run", items.path])
        XCTAssertEqual(many.status, 65)
        XCTAssertEqual(many.stderr, "dynsim: error: \(items.path): items: must hold at most 100000 items, got 100001\n")
        // A drag CSV past the limit is named, with the field of the scene that names it.
        XCTAssertTrue(
            FileManager.default.createFile(atPath: dir.appendingPathComponent("drag.csv").path, contents: nil))
        XCTAssertEqual(truncate(dir.appendingPathComponent("drag.csv").path, off_t(64 << 20) + 1), 0)
        let scene = dir.appendingPathComponent("drag.json")
        try
            #"{"items": [{"name": "v", "center": [1, 2]}], "behaviors": [{"type": "attachment", "item": "v", "drag": {"csv": "drag.csv"}}]}"#
            .write(to: scene, atomically: true, encoding: .utf8)
        let drag = try dynsim(["run", scene.path])
        XCTAssertEqual(drag.status, 65)
        XCTAssertEqual(
            drag.stderr,
            "dynsim: error: \(scene.path): behaviors[0].drag.csv: must be at most 64 MiB (67108864 bytes), got 67108865 bytes\n"
        )
    }

    /// `bench C --frames F --pile-up-to N` measures C's overlap and settling (an untimed run of its own, whatever
    /// --frames says); --pile-up-to used to be ignored without a word there. Without it, --frames (a quick run) skips it.
    func testBenchPileUpToAppliesWithFrames() throws {
        let dir = try temporaryDirectory()
        func row(_ extra: [String]) throws -> [Substring] {
            let r = try dynsim(
                [
                    "bench", "C", "--sizes", "3", "--frames", "2", "--repeats", "1", "--profile", "uikit", "--csv",
                    "c.csv",
                ] + extra, cwd: dir)
            XCTAssertEqual(r.status, 0, r.stderr)
            let rows = try String(contentsOf: dir.appendingPathComponent("c.csv"), encoding: .utf8).split(
                separator: "\n")
            XCTAssertEqual(rows.count, 2, "\(rows)")
            return rows.last?.split(separator: ",", omittingEmptySubsequences: false) ?? []
        }
        let asked = try row(["--pile-up-to", "3"])
        XCTAssertEqual(asked.count, 13, "\(asked)")
        XCTAssertEqual(
            Array(asked.prefix(6)), ["C", "3", "dynsim", "uikit", "2", "2"], "the timed run kept its 2 frames")
        XCTAssertFalse(
            asked.suffix(4).contains(""), "fall_max_overlap,settled_max_overlap,settle_time,end_ke filled: \(asked)")
        XCTAssertEqual(try row([]).suffix(4), ["", "", "", ""], "a quick run without --pile-up-to measures no pile")
        XCTAssertEqual(try row(["--pile-up-to", "2"]).suffix(4), ["", "", "", ""], "3 boxes are over the limit")
    }

    /// drift at scene B's sizes (up to 1000 links) for 10 million frames: over the 1e9 body-frame bound. Its --csv
    /// directory does not exist, so were the options taken the run would stop at once (exit 1), not run for hours.
    static let driftTooLong = ["bench", "drift", "--frames", "10000000", "--csv", "/nonexistent-dir/drift.csv"]

    /// drift's default 36000 frames at 100000 links (3.6e9 body-frames) is held to the bound --frames is.
    func testDriftsDefaultFramesAreBounded() throws {
        let r = try dynsim(["bench", "drift", "--sizes", "100000", "--csv", "/nonexistent-dir/drift.csv"])
        XCTAssertEqual(r.status, 64, r.stderr)
        XCTAssertTrue(
            r.stderr.hasPrefix(
                "dynsim: error: --sizes: drift runs 36000 frames unless --frames says otherwise, and N x frames must be at most 1e9 body-frames; give --frames up to 10000 or sizes up to 27777, got \"100000\"\n"
            ), r.stderr)
        XCTAssertEqual(
            try dynsim([
                "bench", "drift", "--sizes", "100000", "--frames", "10000", "--csv", "/nonexistent-dir/drift.csv",
            ]).status, 1,
            "within the bound: taken (and stopped at once by the missing directory)")
    }

    func testBadFlagsExit64WithUsage() throws {
        for args in [
            ["--rate", "0"], ["--rate", "-5"], ["--rate", "nan"], ["--duration", "-1"], ["--profile", "fast"],
            ["--format", "xml"], ["--bogus"], ["run", "pendulum", "extra"], ["scenes", "nope"], ["--rate"],
            ["no-such-scene"], ["--rate", "0x10"], ["--duration", "1000000", "--rate", "1000"],
            ["--output", "/tmp/dynsim-same.csv", "--events", "/tmp/./dynsim-same.csv"],
            ["bench", "--repeats", "0"], ["bench", "D"], ["bench", "A", "--box-skin"],
            ["bench", "B", "--pile-up-to", "10"],
            ["bench", "A", "A"], ["bench", "A", "--sizes", "10,10"], ["bench", "timing", "--sizes", "10"],
            ["bench", "timing", "--substeps", "2"], ["bench", "timing", "--frames", "10"],
            ["bench", "pendulum", "--frames", "10"], ["bench", "timing", "--profile", "uikit"],
            ["bench", "pendulum", "--repeats", "5"], Self.driftTooLong,
        ] {
            let r = try dynsim(args)
            XCTAssertEqual(r.status, 64, "\(args)")
            XCTAssertEqual(r.stdout, "", "\(args)")
            XCTAssertTrue(r.stderr.hasPrefix("dynsim: error: "), "\(args): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains("USAGE:"), "\(args): \(r.stderr)")
        }
        let r = try dynsim(["--rate", "-5"])
        XCTAssertTrue(
            r.stderr.hasPrefix("dynsim: error: --rate: must be positive and at most 100000 Hz, got -5\n"), r.stderr)
        let b = try dynsim(["bench", "--repeats", "0"])
        XCTAssertTrue(b.stderr.hasPrefix("dynsim: error: --repeats: must be from 1 to 1000, got \"0\"\n"), b.stderr)
        // A benchmark named twice: what came twice and everything given, as a size given twice is reported (it used
        // to say only `benchmark given twice, got "A"`, as if A alone had been given).
        let twice = try dynsim(["bench", "A", "pendulum", "A"])
        XCTAssertTrue(
            twice.stderr.hasPrefix("dynsim: error: benchmarks: A given twice, got \"A pendulum A\"\n"), twice.stderr)
        let skin = try dynsim(["bench", "A", "--box-skin"])
        XCTAssertTrue(skin.stderr.hasPrefix("dynsim: error: --box-skin: applies to scene C only"), skin.stderr)
        let sizes = try dynsim(["bench", "timing", "--sizes", "10"])
        XCTAssertTrue(
            sizes.stderr.hasPrefix("dynsim: error: --sizes: applies to scenes A, B, C and drift only"), sizes.stderr)
        let profile = try dynsim(["bench", "timing", "--profile", "uikit"])
        XCTAssertTrue(
            profile.stderr.hasPrefix("dynsim: error: --profile: applies to scenes A, B, C, pendulum and drift only"),
            profile.stderr)
        let repeats = try dynsim(["bench", "pendulum", "--repeats", "5"])
        XCTAssertTrue(
            repeats.stderr.hasPrefix("dynsim: error: --repeats: applies to scenes A, B, C and timing only"),
            repeats.stderr)
        let drift = try dynsim(Self.driftTooLong)
        XCTAssertTrue(
            drift.stderr.hasPrefix(
                "dynsim: error: --frames: N x frames must be at most 1e9 body-frames (largest N 1000), got \"10000000\"\n"
            ),
            drift.stderr)
    }

    func testSpringCommand() throws {
        // The seed spring at the issue's published times, through the CLI.
        let r = try dynsim(["spring", "--mass", "2", "--stiffness", "30", "--damping", "7", "--at", "0.1,0.5,1,2,5"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let rows = r.stdout.split(separator: "\n")
        XCTAssertEqual(rows.first, "t,value,velocity")
        let values = rows.dropFirst().map { Double($0.split(separator: ",")[1])! }
        for (v, e) in zip(values, [0.0661520304, 0.8565176331, 1.1924470086, 0.9665722898, 1.0000808018]) {
            XCTAssertEqual(v, e, accuracy: 1e-9)
        }
        // Without --until: 0 to the settling duration at 60 Hz, ending exactly there, inside the 0.1% band.
        let full = try dynsim(["spring", "--damping-ratio", "0.5", "--response", "0.4", "--from", "10", "--to", "20"])
        let last = full.stdout.split(separator: "\n").last!.split(separator: ",").map { Double($0)! }
        XCTAssertEqual(abs(last[1] - 20), 0.01, accuracy: 1e-9)
        let info = try dynsim(["spring", "--perceptual-duration", "0.5", "--bounce", "0.3", "--info"])
        XCTAssertTrue(info.stdout.hasPrefix("name,value\nmass,1\nstiffness,157.91"), info.stdout)
        XCTAssertTrue(info.stdout.contains("\nregime,underdamped\n"))
    }

    func testCurveCommand() throws {
        let r = try dynsim(["curve", "easeInEaseOut", "--samples", "101"])
        XCTAssertEqual(r.status, 0)
        let rows = r.stdout.split(separator: "\n")
        XCTAssertEqual(rows.count, 102)
        XCTAssertEqual(rows[51], "0.5,0.5")
        let at = try dynsim(["curve", "0.5,1,0.5,1", "--at", "-1,0.5,2"])
        XCTAssertEqual(at.stdout, "t,value\n-1,-2\n0.5,0.875\n2,1\n")
        let steps = try dynsim(["curve", "steps(4, jump-start)", "--at", "0,0.5,1"])
        XCTAssertEqual(steps.stdout, "t,value\n0,0.25\n0.5,0.75\n1,1\n")
    }

    func testBadTimingInputExits64NamingFlagAndValue() throws {
        let cases: [([String], String)] = [
            (["spring", "--mass", "0", "--stiffness", "30", "--damping", "7"], "--mass: must be positive, got 0"),
            (["spring", "--mass", "-2", "--stiffness", "30", "--damping", "7"], "--mass: must be positive, got -2"),
            (["spring", "--stiffness", "0", "--damping", "7"], "--stiffness: must be positive, got 0"),
            (["spring", "--stiffness", "30", "--damping", "-1"], "--damping: must be >= 0, got -1"),
            (["spring", "--stiffness", "nan", "--damping", "1"], "--stiffness: must be a decimal number, got \"nan\""),
            (["spring", "--stiffness", "30", "--damping", "0"], "--until: required for an undamped spring"),
            (["spring", "--stiffness", "30", "--damping", "1", "--response", "1"], "give one parameter family"),
            (
                ["spring", "--perceptual-duration", "1", "--bounce", "-1"],
                "--bounce: must be greater than -1 and at most 1, got -1"
            ),
            (["curve", "1.5,0,0.5,1"], "curve: x1 must be in [0, 1], got 1.5"),
            (["curve", "0.5,0,-0.1,1"], "curve: x2 must be in [0, 1], got -0.1"),
            (["curve", "0.5,NaN,0.5,1"], "curve: y1 must be a decimal number, got \"NaN\""),
            (
                ["curve", "easeInEaseOut", "--samples", "1"],
                "--samples: must be a whole number from 2 to 10000000, got \"1\""
            ),
            (["curve", "bogus"], "curve: must be a name"),
        ]
        for (args, expected) in cases {
            let r = try dynsim(args)
            XCTAssertEqual(r.status, 64, "\(args)")
            XCTAssertEqual(r.stdout, "", "\(args)")
            XCTAssertTrue(r.stderr.hasPrefix("dynsim: error: " + expected), "\(args): \(r.stderr)")
        }
    }

    func testExtremeTimingInputNeverCrashesOrHangs() throws {
        // Inputs that once trapped, hung or overflowed (found by a new-user pass): each must end with a usage error or
        // output, quickly, and never a signal or nan.
        let cases: [[String]] = [
            ["spring", "--stiffness", "100", "--damping", "10", "--to", "5e-324"],
            ["spring", "--stiffness", "1", "--damping", "1e-20"],
            ["spring", "--stiffness", "1", "--damping", "1e-16"],
            ["spring", "--damping-ratio", "1e-308", "--response", "1"],
            ["spring", "--stiffness", "100", "--damping", "10", "--until", "1e308"],
            ["spring", "--stiffness", "100", "--damping", "10", "--at", "1e308"],
            ["spring", "--perceptual-duration", "1", "--bounce", "-0.999999999"],
            ["spring", "--stiffness", "1e-9", "--damping", "1e12", "--mass", "1e12"],
            ["curve", "steps(3)", "--at", "1e308"],
            ["curve", "0.5,1e9,0.5,-1e9", "--at", "1e300"],
            ["curve", "steps(3,)"],
            ["curve", "linear", "--samples", "5", "--samples", "6"],
        ]
        for args in cases {
            let r = try dynsim(args)
            XCTAssertTrue(r.status == 0 || r.status == 64, "\(args): status \(r.status), \(r.stderr)")
            XCTAssertFalse(r.stdout.contains("nan") || r.stdout.contains("inf"), "\(args)")
        }
    }

    func testHelpVersionAndSceneList() throws {
        let help = try dynsim(["--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.contains("USAGE: dynsim"))
        XCTAssertEqual(help.stderr, "")
        XCTAssertEqual(try dynsim(["run", "--help"]).status, 0)
        let version = try dynsim(["--version"])
        XCTAssertTrue(version.stdout.hasPrefix("dynsim "))
        let list = try dynsim(["scenes"])
        for name in ["swinging-view", "pendulum", "double-pendulum"] { XCTAssertTrue(list.stdout.contains(name)) }
    }
}
