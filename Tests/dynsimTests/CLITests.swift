import Foundation
import XCTest

/// Black-box tests: run the built `dynsim` binary and read its pipes to EOF before waiting for exit.
final class CLITests: XCTestCase, CLIRunner {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static var binary: URL {
        // The test bundle sits in the build products directory next to the executable.
        var dir = Bundle.main.bundleURL
        for _ in 0..<3 {
            if FileManager.default.fileExists(atPath: dir.appendingPathComponent("dynsim").path) { break }
            dir = dir.deletingLastPathComponent()
        }
        return dir.appendingPathComponent("dynsim")
    }

    /// Runs the binary with `args` (in `cwd`), reading both pipes to EOF (see ``Child``).
    @discardableResult
    static func dynsim(_ args: [String], cwd: URL? = nil) throws -> Result {
        collect(try Child(CLITests.binary.path, args, directory: cwd?.path))
    }

    /// Reads the child's pipes to EOF, then waits for it to end; fails the test when it ran past its time limit.
    static func collect(_ child: Child) -> Result {
        let (termination, out, err) = child.finish()
        XCTAssertFalse(termination.timedOut, "killed for running too long: \(child.command)")
        return Result(
            status: termination.status, stdout: String(decoding: out, as: UTF8.self),
            stderr: String(decoding: err, as: UTF8.self))
    }

    /// One-character paths (Foundation's deletingLastPathComponent traps on some on Linux): a scene file named `s`,
    /// `--output x`, `--events e` and bench's `--csv c`, in the current directory, all work.
    func testOneCharacterPaths() throws {
        let dir = try temporaryDirectory()
        let scene = try dynsim(["scenes", "pendulum"])
        try scene.stdout.write(to: dir.appendingPathComponent("s"), atomically: true, encoding: .utf8)
        let r = try dynsim(["run", "s", "--duration", "0.1", "--output", "x", "--events", "e"], cwd: dir)
        XCTAssertEqual(r.status, 0, r.stderr)
        let rows = try String(contentsOf: dir.appendingPathComponent("x"), encoding: .utf8)
        XCTAssertEqual(rows.split(separator: "\n").count, 8, "header and 7 rows")
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir.appendingPathComponent("e").path))
        let b = try dynsim(["bench", "timing", "--repeats", "1", "--csv", "c"], cwd: dir)
        XCTAssertEqual(b.status, 0, b.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir.appendingPathComponent("c").path))
        // `-h` where a value belongs is a missing value, not a file name.
        let h = try dynsim(["run", "pendulum", "--output", "-h"], cwd: dir)
        XCTAssertEqual(h.status, 64)
        XCTAssertTrue(h.stderr.contains("--output: missing value, got the option \"-h\""), h.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("-h").path))
        // A spring refused for its row count writes nothing to stdout (the header neither).
        let sp = try dynsim(["spring", "--stiffness", "30", "--damping", "0", "--until", "1e9", "--rate", "1e5"])
        XCTAssertEqual(sp.status, 64)
        XCTAssertEqual(sp.stdout, "")
    }

    /// A CSV's contents errors name the file that was read: the scene's directory joined to the name it gives, not a
    /// same-named file beside the user.
    func testCSVErrorsNameTheFileRead() throws {
        let dir = try temporaryDirectory()
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try "t,x,y\n0,1,2\n".write(to: dir.appendingPathComponent("drag.csv"), atomically: true, encoding: .utf8)
        try "t,x,y\n0,abc,2\n".write(to: dir.appendingPathComponent("sub/drag.csv"), atomically: true, encoding: .utf8)
        try
            #"{"items": [{"name": "v", "center": [100, 100]}], "behaviors": [{"type": "attachment", "item": "v", "drag": {"csv": "drag.csv"}}]}"#
            .write(to: dir.appendingPathComponent("sub/s.json"), atomically: true, encoding: .utf8)
        let r = try dynsim(["run", "sub/s.json"], cwd: dir)
        XCTAssertEqual(r.status, 65)
        XCTAssertTrue(
            r.stderr.hasPrefix("dynsim: error: sub/drag.csv: line 2, field x: must be a number, got \"abc\""), r.stderr)
    }

    /// `dynsim schema` prints a draft 2020-12 schema; printed scenes name it.
    func testSchemaCommand() throws {
        let r = try dynsim(["schema"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let schema = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        XCTAssertEqual(schema?["$schema"] as? String, "https://json-schema.org/draft/2020-12/schema")
        XCTAssertNotNil((schema?["$defs"] as? [String: Any])?["animation"])
        let scene = try dynsim(["scenes", "pendulum"])
        XCTAssertTrue(scene.stdout.hasPrefix("{\n  \"$schema\": \"dynsim.schema.json\","), scene.stdout)
    }

    func testNoArgumentsRunsTheDefaultScene() throws {
        let r = try dynsim([])
        XCTAssertEqual(r.status, 0)
        XCTAssertEqual(r.stderr, "")
        let lines = r.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.first, "t,view.x,view.y,view.angle,view.vx,view.vy,view.omega,anchor.x,anchor.y")
        XCTAssertEqual(lines.count, 1 + 601 + 1)  // header, 601 rows, final newline
        XCTAssertEqual(lines[601].split(separator: ",").first, "10")
        XCTAssertFalse(r.stdout.contains("nan") || r.stdout.contains("inf"))
    }

    func testHeadEndsQuietly() throws {
        let r = try shell("\"$DYNSIM\" | head -3; echo \"status=${PIPESTATUS[0]}\"")
        let lines = r.stdout.split(separator: "\n")
        XCTAssertEqual(lines.count, 4, r.stdout)
        XCTAssertEqual(lines.last, "status=0")
        XCTAssertEqual(r.stderr, "")
    }

    /// Output files are never the wrong file: with stdout closed (`>&-`) the first output file used to become
    /// descriptor 1 and take in the table or rows meant for stdout, kept with exit 0; a read-only file in a writable
    /// directory used to be replaced; a name too long for its directory used to fail only after all the work.
    func testOutputFilesSurviveClosedStdoutReadOnlyFilesAndLongNames() throws {
        let dir = try temporaryDirectory()
        let q = "cd \"\(dir.path)\" && "
        // stdout closed: writing to it fails (EBADF) as it does without an output file, and no file is left.
        let bench = try shell(
            q + "\"$DYNSIM\" bench A --sizes 2 --frames 2 --repeats 1 --csv c.csv >&-; echo \"status=$?\" >&2")
        XCTAssertTrue(bench.stderr.hasSuffix("status=1\n"), bench.stderr)
        let run = try shell(q + "\"$DYNSIM\" run swinging-view --events ev.csv >&-; echo \"status=$?\" >&2")
        XCTAssertTrue(run.stderr.hasSuffix("status=1\n"), run.stderr)
        XCTAssertTrue(run.stderr.contains("stdout: cannot write"), run.stderr)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: dir.path), [], "no file passed off as complete")
        // A name longer than the directory allows fails before anything is measured.
        let long = String(repeating: "x", count: 300) + ".csv"
        let tooLong = try dynsim([
            "bench", "A", "--sizes", "2", "--frames", "2", "--repeats", "1", "--csv",
            dir.appendingPathComponent(long).path,
        ])
        XCTAssertEqual(tooLong.status, 1)
        XCTAssertEqual(tooLong.stdout, "", "nothing was measured")
        XCTAssertTrue(
            tooLong.stderr.contains(
                "--csv: cannot create the output file (\(String(cString: strerror(ENAMETOOLONG))))"), tooLong.stderr)
        // A read-only file in a directory anyone may write to is kept: as an unprivileged user (nobody, through
        // setpriv, when these tests run as root) the run is refused before it starts.
        let locked = dir.appendingPathComponent("locked.csv")
        XCTAssertTrue(
            FileManager.default.createFile(
                atPath: locked.path, contents: Data("kept\n".utf8), attributes: [.posixPermissions: 0o444]))
        XCTAssertEqual(chmod(dir.path, 0o777), 0)
        let command = "\"$DYNSIM\" bench A --sizes 2 --frames 2 --repeats 1 --csv locked.csv"
        let asUser: String
        if geteuid() == 0 {
            guard FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else { return }
            XCTAssertEqual(chown(locked.path, 65534, 65534), 0)
            asUser = "setpriv --reuid=65534 --regid=65534 --clear-groups " + command
        } else {
            asUser = command
        }
        let ro = try shell(q + asUser)
        XCTAssertEqual(ro.status, 1, ro.stderr)
        XCTAssertEqual(ro.stdout, "", "nothing was measured")
        XCTAssertEqual(
            ro.stderr,
            "dynsim: error: --csv: cannot open for writing (\(String(cString: strerror(EACCES)))), got \"locked.csv\"\n"
        )
        XCTAssertEqual(try String(contentsOf: locked, encoding: .utf8), "kept\n")
    }

    /// Runs dynsim in `cwd` with stdout a pipe whose only reading end is closed before the run starts (deterministic:
    /// the very first write meets EPIPE); returns the exit status and stderr.
    func runWithClosedStdout(_ args: [String], cwd: URL) throws -> (status: Int32, stderr: String) {
        let r = CLITests.collect(try Child(CLITests.binary.path, args, directory: cwd.path, stdout: .closedPipe))
        return (r.status, r.stderr)
    }

    /// `dynsim bench --csv FILE | head`: the table's reader may go, but FILE is output the user asked for, so the
    /// benchmarks go on and FILE is written whole (it used to be dropped, with exit 0).
    func testBenchCSVIsWrittenWhenStdoutClosesEarly() throws {
        let dir = try temporaryDirectory()
        let header =
            "scene,N,engine,profile,substeps,frames,ns_per_body_step,energy_error,period_error,fall_max_overlap,settled_max_overlap,settle_time,end_ke"
        func rows(_ file: URL) throws -> [String] {
            let text = try String(contentsOf: file, encoding: .utf8)
            XCTAssertTrue(text.hasSuffix("\n"), text)
            // Each row's first two columns: scene,N.
            return text.split(separator: "\n").map { $0.split(separator: ",").prefix(2).joined(separator: ",") }
        }
        // Deterministic: stdout is a pipe whose only reading end is closed before the run starts, so the very first
        // line meets EPIPE.
        let csv = dir.appendingPathComponent("closed.csv")
        let closed = try runWithClosedStdout(
            ["bench", "A", "--sizes", "2,3", "--frames", "2", "--repeats", "1", "--csv", csv.path], cwd: dir)
        XCTAssertEqual(closed.status, 0)
        XCTAssertEqual(closed.stderr, "", "a closed pipe ends the table quietly")
        XCTAssertEqual(
            try rows(csv), ["scene,N", "A,2", "A,3", "A,2", "A,3"], "header, then uikit and precise at both sizes")
        XCTAssertEqual(
            try String(contentsOf: csv, encoding: .utf8).split(separator: "\n").first.map(String.init), header)
        // The pipeline as a user types it (the reader may go before or after the last line: FILE is whole either way).
        let r = try shell(
            "cd \"\(dir.path)\" && \"$DYNSIM\" bench A --sizes 10 --frames 60 --repeats 1 --csv out.csv | head -c 10; s=${PIPESTATUS[0]}; echo; echo \"status=$s\""
        )
        XCTAssertEqual(r.stdout, "scene     \nstatus=0\n")
        XCTAssertEqual(r.stderr, "")
        XCTAssertEqual(try rows(dir.appendingPathComponent("out.csv")), ["scene,N", "A,10", "A,10"])
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted(), ["closed.csv", "out.csv"],
            "no temporary file left")
        // Without --csv there is nothing more to make: the run ends at the closed pipe, quietly.
        let bare = try shell(
            "\"$DYNSIM\" bench A --sizes 10 --frames 60 --repeats 1 | head -c 10; s=${PIPESTATUS[0]}; echo; echo \"status=$s\""
        )
        XCTAssertEqual(bare.stdout, "scene     \nstatus=0\n")
        XCTAssertEqual(bare.stderr, "")
    }

    /// `dynsim run --events FILE | head`: the rows' reader may go, but FILE is output the user asked for, so the run
    /// goes on and FILE is written whole (it used to be dropped, with exit 0); the same for `--output FILE` when the
    /// events go to a pipe that closes (that was exit 1, "broken pipe", and no FILE).
    func testRunEventsAreWrittenWhenStdoutClosesEarly() throws {
        let dir = try temporaryDirectory()
        func text(_ name: String) throws -> String {
            try String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)
        }
        // The whole outputs, from a run whose stdout is read to the end: a header and ten events (five bounces).
        let rows = try dynsim(["run", "bouncing-ball", "--events", "expected-events.csv"], cwd: dir)
        XCTAssertEqual(rows.status, 0, rows.stderr)
        let events = try text("expected-events.csv")
        XCTAssertEqual(events.split(separator: "\n").count, 11, events)
        // Rows to the closed stdout: the events file is still written whole, quietly, exit 0.
        let e = try runWithClosedStdout(["run", "bouncing-ball", "--events", "events.csv"], cwd: dir)
        XCTAssertEqual(e.status, 0)
        XCTAssertEqual(e.stderr, "", "a closed pipe ends the rows quietly")
        XCTAssertEqual(try text("events.csv"), events)
        // Events to the closed stdout: the rows file is still written whole.
        let o = try runWithClosedStdout(
            ["run", "bouncing-ball", "--output", "rows.csv", "--events", "/dev/stdout"], cwd: dir)
        XCTAssertEqual(o.status, 0)
        XCTAssertEqual(o.stderr, "")
        XCTAssertEqual(try text("rows.csv"), rows.stdout)
        // Both to stdout (rows there without --output): one file for two tables, refused before the run (below).
        let both = try runWithClosedStdout(["run", "bouncing-ball", "--events", "/dev/stdout"], cwd: dir)
        XCTAssertEqual(both.status, 64)
        XCTAssertTrue(
            both.stderr.hasPrefix("dynsim: error: --events: /dev/stdout is the same file as the rows' output (stdout)"),
            both.stderr)
        // The pipeline as a user types it (the reader may go before or after the last row: FILE is whole either way).
        let r = try shell(
            "cd \"\(dir.path)\" && \"$DYNSIM\" run bouncing-ball --events out.csv | head -c 10; s=${PIPESTATUS[0]}; echo; echo \"status=$s\""
        )
        XCTAssertEqual(r.stdout, "t,ball.x,b\nstatus=0\n")
        XCTAssertEqual(r.stderr, "")
        XCTAssertEqual(try text("out.csv"), events)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted(),
            ["events.csv", "expected-events.csv", "out.csv", "rows.csv"], "no temporary file left")
    }

    func testRowsStreamWhileTheRunGoesOn() throws {
        // A very long run: the first rows must reach the reader long before the run could finish.
        let p = try Child(
            CLITests.binary.path, ["run", "pendulum", "--duration", "50000", "--rate", "1000"], stderr: .null)
        let first = p.readStdout(upTo: 1000)
        XCTAssertTrue(p.isRunning, "the run should still be going")
        XCTAssertTrue(String(decoding: first, as: UTF8.self).hasPrefix("t,bob.x"))
        p.send(SIGKILL)
        p.wait()
    }

    func testPrintedSceneRunsByteIdentically() throws {
        let dir = try temporaryDirectory()
        for name in ["swinging-view", "pendulum", "double-pendulum"] {
            let json = try dynsim(["scenes", name])
            XCTAssertEqual(json.status, 0)
            let file = dir.appendingPathComponent("\(name).json")
            try json.stdout.write(to: file, atomically: true, encoding: .utf8)
            let builtin = try dynsim(["run", name, "--duration", "3"])
            let fromFile = try dynsim(["run", file.path, "--duration", "3"])
            XCTAssertEqual(builtin.status, 0)
            XCTAssertEqual(fromFile.stdout, builtin.stdout, name)
            XCTAssertGreaterThan(builtin.stdout.count, 1000)
        }
    }

    func testTwoRunsAreByteIdenticalAndProfilesDiffer() throws {
        let a = try dynsim(["--profile", "precise", "--duration", "2"])
        let b = try dynsim(["--profile", "precise", "--duration", "2"])
        let c = try dynsim(["--profile", "uikit", "--duration", "2"])
        XCTAssertEqual(a.stdout, b.stdout)
        XCTAssertNotEqual(a.stdout, c.stdout)
    }

    func testOutputFileAppearsOnlyWhenComplete() throws {
        let dir = try temporaryDirectory()
        let out = dir.appendingPathComponent("swing.csv")
        let ok = try dynsim(["run", "--rate", "30", "--output", out.path])
        XCTAssertEqual(ok.status, 0)
        XCTAssertEqual(ok.stdout, "")
        XCTAssertEqual(try String(contentsOf: out, encoding: .utf8).split(separator: "\n").count, 302)
        // A failing write (a full device) exits 1 with the reason. (testSignalLeavesNoPartialFile covers the temporary
        // file; PlaybackTests cover divergence, which valid scenes within the input limits no longer reach.)
        if FileManager.default.fileExists(atPath: "/dev/full") {
            let r = try dynsim(["run", "--output", "/dev/full"])
            XCTAssertEqual(r.status, 1)
            XCTAssertTrue(r.stderr.hasPrefix("dynsim: error: /dev/full: cannot write"), r.stderr)
        }
        // A file that cannot be created is named once, by its option.
        let missing = try dynsim(["run", "--output", "/nonexistent-dir/x.csv"])
        XCTAssertEqual(missing.status, 1)
        XCTAssertEqual(
            missing.stderr,
            "dynsim: error: --output: cannot create the output file (\(String(cString: strerror(ENOENT)))), got \"/nonexistent-dir/x.csv\"\n"
        )
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted(), ["swing.csv"])
    }

    func testOutputThroughSymlinksAndDevices() throws {
        let dir = try temporaryDirectory()
        // A symbolic link (here dangling) is followed: its target receives the file, the link stays a link.
        let link = dir.appendingPathComponent("link.csv")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "real.csv")
        XCTAssertEqual(try dynsim(["pendulum", "--duration", "1", "--output", link.path]).status, 0)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link.path), "real.csv")
        XCTAssertEqual(
            try String(contentsOf: dir.appendingPathComponent("real.csv"), encoding: .utf8)
                .split(separator: "\n").count, 62)
        // A device is written, not replaced.
        XCTAssertEqual(try dynsim(["pendulum", "--duration", "1", "--output", "/dev/null"]).status, 0)
        let type = try FileManager.default.attributesOfItem(atPath: "/dev/null")[.type] as? FileAttributeType
        XCTAssertEqual(type, .typeCharacterSpecial)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted(), ["link.csv", "real.csv"])
    }

    /// Whether the run `pid` has its output open in `dir` within 2 s: the run is under way. On Linux the output is an
    /// unnamed file (O_TMPFILE), seen only among the process's descriptors (`/proc/PID/fd`, a link to `DIR/#N
    /// (deleted)`); elsewhere a temporary `*.partial` file in `dir`.
    func waitForPartialFile(in dir: URL, pid: pid_t) throws -> Bool {
        let folder = dir.resolvingSymlinksInPath().path
        for _ in 0..<100 {
            if try FileManager.default.contentsOfDirectory(atPath: dir.path).contains(where: {
                $0.hasSuffix(".partial")
            }) {
                return true
            }
            let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []
            for fd in fds {
                if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\(fd)"),
                    target.hasPrefix(folder + "/")
                {
                    return true
                }
            }
            usleep(20_000)
        }
        return false
    }

    /// SIGKILL cannot be handled, so no handler removes anything: the output is an unnamed file (O_TMPFILE) that never
    /// had a name, and nothing is left in the folder. A crash or a kill once left `.dynsim-PID-N-0.partial` behind.
    func testSIGKILLLeavesNothingBehind() throws {
        let dir = try temporaryDirectory()
        let p = try Child(
            CLITests.binary.path,
            [
                "run", "pendulum", "--duration", "50000", "--output", dir.appendingPathComponent("out.csv").path,
                "--events", dir.appendingPathComponent("ev.csv").path,
            ],
            stdout: .null, stderr: .null)
        XCTAssertTrue(try waitForPartialFile(in: dir, pid: p.pid))
        p.send(SIGKILL)
        XCTAssertEqual(p.wait(), Child.Termination(status: 128 + SIGKILL, signal: SIGKILL))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), [])
        // A partial file another run left when killed (named as dynsim names them, for a process that is gone) is
        // removed by the next run that writes in that folder.
        let stale = dir.appendingPathComponent(".dynsim-\(p.pid)-0-0.partial")
        try Data("half".utf8).write(to: stale)
        XCTAssertEqual(
            try dynsim(["pendulum", "--duration", "1", "--output", dir.appendingPathComponent("p.csv").path]).status, 0)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["p.csv"])
    }

    func testSignalLeavesNoPartialFile() throws {
        let dir = try temporaryDirectory()
        let p = try Child(
            CLITests.binary.path,
            ["run", "pendulum", "--duration", "50000", "--output", dir.appendingPathComponent("out.csv").path],
            stdout: .null, stderr: .null)
        XCTAssertTrue(try waitForPartialFile(in: dir, pid: p.pid))
        p.send(SIGTERM)
        XCTAssertEqual(
            p.wait(), Child.Termination(status: 128 + SIGTERM, signal: SIGTERM),
            "the handler removes the file, then SIGTERM ends the run")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), [])
    }

    /// A signal dynsim was started ignoring stays ignored (`nohup dynsim run ...`: SIGHUP), where it used to end the
    /// run; the signals it was not ignoring still remove the temporary file and end it.
    func testSignalsStartedIgnoredStayIgnored() throws {
        let dir = try temporaryDirectory()
        let p = try Child(
            "/bin/bash",
            ["-c", "trap '' HUP; exec \"$0\" run pendulum --duration 50000 --output out.csv", CLITests.binary.path],
            directory: dir.path, stdout: .null, stderr: .null)
        XCTAssertTrue(try waitForPartialFile(in: dir, pid: p.pid))
        p.send(SIGHUP)
        usleep(300_000)
        XCTAssertTrue(p.isRunning, "SIGHUP was ignored when dynsim started, as nohup leaves it")
        p.send(SIGTERM)
        XCTAssertEqual(p.wait().signal, SIGTERM)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), [])
    }

    func testSlowRunsStreamTheirFirstRowsAtOnce() throws {
        // 1e-6 s frames x 100 sub-steps: each 1/60 s row takes ~1.7 million sub-steps. The header and first rows must
        // not wait for a 64 KiB buffer to fill.
        let dir = try temporaryDirectory()
        let scene = dir.appendingPathComponent("slow.json")
        try #"{"timeStep": 1e-6, "subSteps": 100, "duration": 0.9, "items": [{"name": "b", "center": [0, 0]}]}"#
            .write(to: scene, atomically: true, encoding: .utf8)
        let p = try Child(CLITests.binary.path, [scene.path], stderr: .null)
        let header = p.readStdout(upTo: 10)
        XCTAssertTrue(p.isRunning)
        XCTAssertEqual(String(decoding: header, as: UTF8.self), "t,b.x,b.y,")
        p.send(SIGKILL)
        p.wait()
    }
}
