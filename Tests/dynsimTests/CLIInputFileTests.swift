import Foundation
import XCTest

/// Black-box tests of the files a run writes: outputs that would overwrite an input or the program, one file under
/// two names, and outputs that cannot be opened, replaced or written.
final class CLIInputFileTests: XCTestCase, CLIRunner {
    /// A scene in a new folder that reads two CSV files: a drag's and a tap gesture's.
    private func sceneReadingTwoCSVFiles() throws -> (dir: URL, scene: URL, drag: URL, taps: URL) {
        let dir = try temporaryDirectory()
        let scene = dir.appendingPathComponent("scene.json"), drag = dir.appendingPathComponent("drag.csv")
        let taps = dir.appendingPathComponent("taps.csv")
        try #"""
        {"duration": 1, "items": [{"name": "v", "center": [100, 300]}],
         "behaviors": [{"type": "attachment", "item": "v", "drag": {"csv": "drag.csv"}}],
         "views": [{"name": "root", "frame": [0, 0, 375, 667]}],
         "gestures": [{"name": "tap", "type": "tap", "view": "root", "csv": "taps.csv",
                       "action": {"animate": {"duration": 0.2, "changes": [{"view": "root", "property": "alpha", "value": 0.5}]}}}]}
        """#.write(to: scene, atomically: true, encoding: .utf8)
        try "t,x,y\n0,100,200\n0.5,150,200\n".write(to: drag, atomically: true, encoding: .utf8)
        try "t,x,y\n0.25,10,10\n".write(to: taps, atomically: true, encoding: .utf8)
        return (dir, scene, drag, taps)
    }

    /// `--output` and `--events` naming a file the run reads (the scene, a drag CSV, a gesture CSV), by its own path,
    /// a symbolic link, a hard link or another spelling: exit 64 with the usage, and every file byte for byte as it was.
    func testOutputsNeverWriteOverAFileTheRunReads() throws {
        let (dir, scene, drag, taps) = try sceneReadingTwoCSVFiles()
        let link = dir.appendingPathComponent("link.json"), hard = dir.appendingPathComponent("hard.json")
        XCTAssertEqual(symlink("scene.json", link.path), 0)
        XCTAssertEqual(Glibc.link(scene.path, hard.path), 0)
        let files = [scene, drag, taps]
        let before = try files.map { try Data(contentsOf: $0) }
        let listing = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        // The scene is valid: written elsewhere, it runs.
        let ok = try dynsim(["run", scene.path, "--output", dir.appendingPathComponent("rows.csv").path])
        XCTAssertEqual(ok.status, 0, ok.stderr)
        try FileManager.default.removeItem(at: dir.appendingPathComponent("rows.csv"))

        let cases: [(args: [String], cwd: URL?, message: String)] = [
            (
                ["--output", scene.path], nil,
                "--output: \(scene.path) is the scene file this run reads; choose another file"
            ),
            (
                ["--output", link.path], nil,
                "--output: \(link.path) is the scene file this run reads (\(scene.path)); choose another file"
            ),
            (
                ["--output", hard.path], nil,
                "--output: \(hard.path) is the scene file this run reads (\(scene.path)); choose another file"
            ),
            (
                ["--events", scene.path], nil,
                "--events: \(scene.path) is the scene file this run reads; choose another file"
            ),
            (
                ["--output", dir.appendingPathComponent("rows.csv").path, "--events", link.path], nil,
                "--events: \(link.path) is the scene file this run reads (\(scene.path)); choose another file"
            ),
            (
                ["--output", drag.path], nil,
                "--output: \(drag.path) is a CSV file this run reads (drag.csv, named in \(scene.path)); choose another file"
            ),
            (
                ["--output", taps.path], nil,
                "--output: \(taps.path) is a CSV file this run reads (taps.csv, named in \(scene.path)); choose another file"
            ),
            (
                ["--events", "./taps.csv"], dir,
                "--events: ./taps.csv is a CSV file this run reads (taps.csv, named in \(scene.path)); choose another file"
            ),
        ]
        for c in cases {
            let r = try dynsim(["run", scene.path] + c.args, cwd: c.cwd)
            XCTAssertEqual(r.status, 64, "\(c.args): \(r.stderr)")
            XCTAssertEqual(r.stdout, "", "\(c.args)")
            XCTAssertTrue(r.stderr.hasPrefix("dynsim: error: " + c.message + "\n"), "\(c.args): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains("USAGE:"), "\(c.args): \(r.stderr)")
            XCTAssertEqual(try files.map { try Data(contentsOf: $0) }, before, "\(c.args)")
            XCTAssertEqual(
                try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted(), listing,
                "\(c.args): nothing written")
        }
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link.path), "scene.json")
    }

    /// --output and --events naming one file under two names: refused (exit 64, the usage) before anything is written,
    /// whether the names are two descriptors' (`/dev/stdout` and `/dev/fd/1` used to pass: their link targets differ
    /// while the file is one), a link and its target, a hard link, two spellings of a file not yet there, a dangling
    /// link and the file it would create, or a descriptor and the file the shell opened it on. Two different
    /// descriptors the shell sent to one place (`--events /dev/stderr 2>&1`) are two outputs, and run.
    func testOutputAndEventsNamingOneFileAreRefused() throws {
        let dir = try temporaryDirectory()
        try "kept\n".write(to: dir.appendingPathComponent("a.csv"), atomically: true, encoding: .utf8)
        XCTAssertEqual(symlink("a.csv", dir.appendingPathComponent("soft.csv").path), 0)
        XCTAssertEqual(
            Glibc.link(dir.appendingPathComponent("a.csv").path, dir.appendingPathComponent("hard.csv").path), 0)
        XCTAssertEqual(symlink("new.csv", dir.appendingPathComponent("dangling.csv").path), 0)
        let listing = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        for (output, events) in [
            ("x.csv", "x.csv"), ("/dev/stdout", "/dev/fd/1"), ("/dev/fd/1", "/proc/self/fd/1"),
            ("/dev/stderr", "/dev/fd/2"),
            ("a.csv", "soft.csv"), ("hard.csv", "a.csv"), ("./a.csv", "a.csv"), ("./b.csv", "b.csv"),
            (dir.path + "/b.csv", "b.csv"), ("dangling.csv", "new.csv"), ("a.csv", "../\(dir.lastPathComponent)/a.csv"),
        ] {
            let r = try dynsim(
                ["run", "bouncing-ball", "--duration", "0.1", "--output", output, "--events", events], cwd: dir)
            XCTAssertEqual(r.status, 64, "\(output) \(events): \(r.stderr)")
            XCTAssertEqual(r.stdout, "", "\(output) \(events)")
            XCTAssertTrue(
                r.stderr.hasPrefix(
                    "dynsim: error: --events: \(events) is the same file as --output \(output); choose another file\nUSAGE:"
                ),
                "\(output) \(events): \(r.stderr)")
            XCTAssertEqual(
                try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted(), listing,
                "\(output) \(events): nothing written")
            XCTAssertEqual(try String(contentsOf: dir.appendingPathComponent("a.csv"), encoding: .utf8), "kept\n")
        }
        // stdout on a file, and --events naming that file: one file (its identity), refused.
        let onFile = try shell(
            "cd \"\(dir.path)\" && \"$DYNSIM\" run bouncing-ball --duration 0.1 --output /dev/stdout --events out.csv > out.csv"
        )
        XCTAssertEqual(onFile.status, 64, onFile.stderr)
        XCTAssertTrue(
            onFile.stderr.hasPrefix(
                "dynsim: error: --events: out.csv is the same file as --output /dev/stdout; choose another file\n"),
            onFile.stderr)
        // Two descriptors the shell sent to one pipe: the user's plumbing, as `>f 2>&1` is; both are written.
        let both = try shell(
            "\"$DYNSIM\" run bouncing-ball --duration 0.1 --output /dev/stdout --events /dev/stderr 2>&1 | grep -c '^t,'"
        )
        XCTAssertEqual(both.status, 0, both.stderr)
        XCTAssertEqual(both.stdout, "2\n", "the rows' and the events' headers")
        // Without --output the rows go to stdout: --events naming the file stdout is on would lose the rows (the
        // events' rename replaces them) or mix them in, so it is refused too; /dev/null takes both harmlessly.
        for (events, redirect) in [
            ("rows.csv", "> rows.csv"), ("/dev/stdout", "> rows.csv"), ("./rows.csv", "> rows.csv"),
        ] {
            let r = try shell(
                "cd \"\(dir.path)\" && \"$DYNSIM\" run bouncing-ball --duration 0.1 --events \(events) \(redirect)")
            XCTAssertEqual(r.status, 64, "\(events): \(r.stderr)")
            XCTAssertTrue(
                r.stderr.hasPrefix(
                    "dynsim: error: --events: \(events) is the same file as the rows' output (stdout); choose another file, or give the rows --output\n"
                ), r.stderr)
            XCTAssertEqual(
                try String(contentsOf: dir.appendingPathComponent("rows.csv"), encoding: .utf8), "",
                "\(events): nothing written")
        }
        let discarded = try shell("\"$DYNSIM\" run bouncing-ball --duration 0.1 --events /dev/null > /dev/null")
        XCTAssertEqual(discarded.status, 0, discarded.stderr)
        let apart = try shell(
            "cd \"\(dir.path)\" && \"$DYNSIM\" run bouncing-ball --duration 0.1 --events events.csv > rows.csv && head -c 2 rows.csv events.csv"
        )
        XCTAssertEqual(apart.status, 0, apart.stderr)
        XCTAssertEqual(apart.stdout, "==> rows.csv <==\nt,\n==> events.csv <==\nt,", "two files, each with its header")
    }

    /// A run's output that cannot be opened is named by its option, as `bench --csv`'s is: a directory, or a name
    /// ending in a slash.
    func testRunOutputFailuresNameTheOption() throws {
        let dir = try temporaryDirectory()
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("out"), withIntermediateDirectories: false)
        for (flag, path, problem) in [
            ("--output", "out", "is a directory"),
            ("--events", "a.csv/", "cannot create the output file (No such file or directory)"),
        ] {
            let r = try dynsim(["run", "bouncing-ball", "--duration", "0.1", flag, path], cwd: dir)
            XCTAssertEqual(r.status, 1, r.stderr)
            XCTAssertEqual(r.stderr, "dynsim: error: \(flag): \(problem), got \"\(path)\"\n")
        }
    }

    /// An output never replaces the program that is running: a copy of dynsim asked to write its CSV or its rows over
    /// itself refuses (exit 1, naming the option) and is still the program after.
    func testOutputsNeverReplaceTheRunningProgram() throws {
        let dir = try temporaryDirectory()
        let copy = dir.appendingPathComponent("self")
        try FileManager.default.copyItem(at: CLITests.binary, to: copy)
        let before = try Data(contentsOf: copy)
        for args in [
            ["bench", "A", "--sizes", "2", "--frames", "1", "--repeats", "1", "--profile", "uikit", "--csv", "self"],
            ["run", "bouncing-ball", "--duration", "0.1", "--output", "./self"],
        ] {
            let r = CLITests.collect(try Child(copy.path, args, directory: dir.path))
            XCTAssertEqual(r.status, 1, "\(args): \(r.stderr)")
            let flag = args.contains("--csv") ? "--csv" : "--output", path = args.last!
            XCTAssertEqual(
                r.stderr, "dynsim: error: \(flag): is the program that is running; name another file, got \"\(path)\"\n"
            )
        }
        XCTAssertEqual(try Data(contentsOf: copy), before, "the program's file is untouched")
    }

    /// bench's outputs: a tiny run's table and CSV.
    func testBenchWritesItsTableAndCSV() throws {
        // A tiny benchmark run through the CLI: a table and the CSV file (its timings are not checked here).
        let csv = FileManager.default.temporaryDirectory.appendingPathComponent("dynsim-bench-\(getpid()).csv")
        let run = try dynsim([
            "bench", "A", "--sizes", "2", "--frames", "2", "--repeats", "1", "--profile", "uikit", "--csv", csv.path,
        ])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("\nA              2      uikit"), run.stdout)
        let rows = try String(contentsOf: csv, encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(
            rows.first,
            "scene,N,engine,profile,substeps,frames,ns_per_body_step,energy_error,period_error,fall_max_overlap,settled_max_overlap,settle_time,end_ke"
        )
        XCTAssertTrue(rows.last?.hasPrefix("A,2,dynsim,uikit,2,2,") ?? false)
        try? FileManager.default.removeItem(at: csv)
    }

    /// A bench CSV path that cannot be created, or too much work, fails before any benchmark runs, naming the
    /// option and the path (or the value).
    func testBenchCSVThatCannotBeCreatedFailsBeforeAnyRun() throws {
        // A CSV path that cannot be created fails before any benchmark runs; too much work is a usage error.
        let bad = try dynsim([
            "bench", "A", "--sizes", "2", "--frames", "2", "--repeats", "1", "--csv", "/nonexistent-dir/x.csv",
        ])
        XCTAssertEqual(bad.status, 1)
        XCTAssertEqual(bad.stdout, "", "nothing was measured")
        // The option is named, the path given once, as the value (the path used to come twice and --csv not at all).
        XCTAssertEqual(
            bad.stderr,
            "dynsim: error: --csv: cannot create the output file (\(String(cString: strerror(ENOENT)))), got \"/nonexistent-dir/x.csv\"\n"
        )
        let huge = try dynsim(["bench", "C", "--sizes", "100000", "--frames", "1000000"])
        XCTAssertEqual(huge.status, 64)
        XCTAssertTrue(
            huge.stderr.hasPrefix(
                "dynsim: error: --frames: N x frames must be at most 1e9 body-frames (largest N 100000), got \"1000000\""
            ), huge.stderr)
    }

    /// A bench CSV path that exists but cannot be replaced is refused with the file's or its folder's reason.
    func testBenchCSVThatCannotBeReplacedGivesTheReason() throws {
        // A file that exists but cannot be replaced: the reason is the file's (not writable) or its directory's (no new
        // file can be made there), never "the output file cannot be created" as if the file were missing.
        if FileManager.default.fileExists(atPath: "/proc/version") {
            let proc = try dynsim([
                "bench", "A", "--sizes", "2", "--frames", "2", "--repeats", "1", "--csv", "/proc/version",
            ])
            XCTAssertEqual(proc.status, 1)
            XCTAssertEqual(proc.stdout, "", "nothing was measured")
            XCTAssertTrue(proc.stderr.hasPrefix("dynsim: error: --csv: "), proc.stderr)
            XCTAssertTrue(proc.stderr.hasSuffix(", got \"/proc/version\"\n"), proc.stderr)
            XCTAssertEqual(
                proc.stderr.components(separatedBy: "/proc/version").count, 2, "the path once: \(proc.stderr)")
            XCTAssertFalse(proc.stderr.contains("cannot create the output file"), proc.stderr)
            XCTAssertTrue(
                proc.stderr.contains("cannot open for writing (")
                    || proc.stderr.contains("cannot create a file in /proc to replace it ("),
                proc.stderr)
        }
        if geteuid() != 0 {
            // A read-only file (root could replace it): the file's own reason. A short folder, so the message quotes
            // the whole path (a quoted path is cut at 60 characters).
            var template = Array("/tmp/dsXXXXXX".utf8CString)
            let dir = URL(fileURLWithPath: String(cString: try XCTUnwrap(mkdtemp(&template))))
            addTeardownBlock {
                chmod(dir.path, 0o755); try? FileManager.default.removeItem(at: dir)
            }
            let locked = dir.appendingPathComponent("locked.csv")
            XCTAssertTrue(
                FileManager.default.createFile(
                    atPath: locked.path, contents: Data("kept\n".utf8), attributes: [.posixPermissions: 0o444]))
            XCTAssertEqual(chmod(dir.path, 0o555), 0)
            defer { chmod(dir.path, 0o755) }
            let ro = try dynsim(["bench", "A", "--sizes", "2", "--frames", "2", "--repeats", "1", "--csv", locked.path])
            XCTAssertEqual(ro.status, 1)
            XCTAssertEqual(
                ro.stderr,
                "dynsim: error: --csv: cannot open for writing (\(String(cString: strerror(EACCES)))), got \"\(locked.path)\"\n"
            )
            XCTAssertEqual(try String(contentsOf: locked, encoding: .utf8), "kept\n")
        }
    }

    /// A device that cannot take the output fails naming the option or the file.
    func testWritingToAFullDeviceFailsNamingIt() throws {
        // Writing to /dev/full (a device: written, never replaced) fails with exit 1 naming it.
        if FileManager.default.fileExists(atPath: "/dev/full") {
            let full = try dynsim([
                "bench", "A", "--sizes", "2", "--frames", "1", "--repeats", "1", "--profile", "uikit", "--csv",
                "/dev/full",
            ])
            XCTAssertEqual(full.status, 1)
            XCTAssertEqual(
                full.stderr,
                "dynsim: error: --csv: cannot write (\(String(cString: strerror(ENOSPC)))), got \"/dev/full\"\n")
            var info = stat()
            XCTAssertEqual(stat("/dev/full", &info), 0)
            XCTAssertEqual(info.st_mode & S_IFMT, S_IFCHR, "/dev/full is still a device")
            let events = try dynsim(["run", "bouncing-ball", "--duration", "0.5", "--events", "/dev/full"])
            XCTAssertEqual(events.status, 1)
            XCTAssertTrue(
                events.stderr.hasPrefix("dynsim: error: /dev/full: cannot write"),
                "names the events file: \(events.stderr)")
        }
    }

    /// --output and --events naming one file through a symbolic link are refused.
    func testOutputAndEventsThroughASymlinkAreRefused() throws {
        // --output and --events naming one file through a symbolic link: refused before anything is written.
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("dynsim-alias-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let same = dir.appendingPathComponent("same.csv").path, link = dir.appendingPathComponent("link.csv").path
        XCTAssertEqual(symlink(same, link), 0)
        let alias = try dynsim(["run", "bouncing-ball", "--output", same, "--events", link])
        XCTAssertEqual(alias.status, 64)
        XCTAssertTrue(
            alias.stderr.hasPrefix(
                "dynsim: error: --events: \(link) is the same file as --output \(same); choose another file\n"),
            alias.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: same), "nothing written")
    }
}
