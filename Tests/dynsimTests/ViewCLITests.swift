import Foundation
import XCTest
@testable import dynsim
import Playback

/// `dynsim view` from the outside: determinism, the README's still, refusals, spring pages, and its docs.
final class ViewCLITests: XCTestCase {
    /// The binary's runner (CLITests').
    enum cli {
        static func dynsim(_ args: [String], cwd: URL? = nil) throws -> CLITests.Result {
            try CLITests.dynsim(args, cwd: cwd)
        }
    }
    var dir: URL!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("dynsim-view-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..")
        .standardized

    private func read(_ name: String) throws -> Data { try Data(contentsOf: dir.appendingPathComponent(name)) }

    /// The JSON a page carries.
    private func payload(_ html: Data) throws -> [String: Any] {
        let text = String(decoding: html, as: UTF8.self)
        let start = try XCTUnwrap(text.range(of: #"<script type="application/json" id="dynsim-data">"#))
        let end = try XCTUnwrap(text.range(of: "</script>", range: start.upperBound..<text.endIndex))
        return try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(text[start.upperBound..<end.lowerBound].utf8)) as? [String: Any])
    }

    func testPagesAreTheSameBytesRunAfterRunAndNameWhatTheyHold() throws {
        for name in ["a.html", "b.html"] {
            let r = try cli.dynsim(["view", "card-flip", "--output", name], cwd: dir)
            XCTAssertEqual(r.status, 0, r.stderr)
            XCTAssertEqual(r.stderr, "dynsim: wrote \(name) (\(try read(name).count) bytes)\n")
        }
        XCTAssertEqual(try read("a.html"), try read("b.html"))
        let p = try payload(try read("a.html"))
        XCTAssertEqual(p["kind"] as? String, "scene")
        XCTAssertEqual(p["rows"] as? Int, 241)
        XCTAssertEqual((p["layers"] as? [[String: Any]])?.first?["name"] as? String, "card")
        // The default output: NAME.html in the current directory.
        XCTAssertEqual(try cli.dynsim(["view", "pendulum"], cwd: dir).status, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir.appendingPathComponent("pendulum.html").path))
    }

    /// The README opens with docs/swinging-view.svg, made by the command beside it.
    func testTheReadmesStillIsWhatItsCommandDraws() throws {
        let readme = try String(contentsOf: ViewCLITests.root.appendingPathComponent("README.md"), encoding: .utf8)
        XCTAssertTrue(
            readme.hasPrefix("# dynsim\n\n![The swinging view, every 50th row of its 10 s run](docs/swinging-view.svg)")
        )
        XCTAssertTrue(readme.contains("`dynsim view swinging-view --svg docs/swinging-view.svg`"))
        XCTAssertEqual(try cli.dynsim(["view", "swinging-view", "--svg", "s.svg"], cwd: dir).status, 0)
        XCTAssertEqual(
            try read("s.svg"), try Data(contentsOf: ViewCLITests.root.appendingPathComponent("docs/swinging-view.svg")),
            "run: dynsim view swinging-view --svg docs/swinging-view.svg")
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: dir.appendingPathComponent("swinging-view.html").path),
            "--svg alone writes the still only")
    }

    func testRefusals() throws {
        try Data("{\"items\": [{\"name\": \"a\", \"center\": [100, 100]}]}".utf8).write(
            to: dir.appendingPathComponent("s.json"))
        let scene = try read("s.json")
        var r = try cli.dynsim(["view", "s.json", "--output", "s.json"], cwd: dir)
        XCTAssertEqual(r.status, 64)
        XCTAssertTrue(r.stderr.contains("--output: s.json is the scene file this run reads"), r.stderr)
        XCTAssertEqual(try read("s.json"), scene)
        try Data("t,a.x\n0,100\n".utf8).write(to: dir.appendingPathComponent("run.csv"))
        r = try cli.dynsim(["view", "s.json", "--overlay", "run.csv", "--svg", "run.csv"], cwd: dir)
        XCTAssertEqual(r.status, 64)
        XCTAssertTrue(r.stderr.contains("--svg: run.csv is a file this command reads (run.csv)"), r.stderr)
        r = try cli.dynsim(["view", "s.json", "--plot", "a.x,a.wheel"], cwd: dir)
        XCTAssertEqual(r.status, 64)
        XCTAssertTrue(
            r.stderr.contains(
                #"--plot: not a column of s.json (dynsim run s.json | head -1 lists them), got "a.wheel""#), r.stderr)
        r = try cli.dynsim(
            ["view", "s.json", "--overlay", "run.csv", "--overlay", "missing.csv", "--output", "o.html"], cwd: dir)
        XCTAssertEqual(r.status, 65, r.stderr)
        XCTAssertTrue(r.stderr.hasPrefix("dynsim: error: missing.csv: "), r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("o.html").path))
        r = try cli.dynsim(["view", "--curve", "easeIn", "--damping-ratio", "0.5"], cwd: dir)
        XCTAssertEqual(r.status, 64)
        r = try cli.dynsim(
            ["view", "--damping-ratio", "0.5", "--response", "0.4", "--versus", "damping-ratio=-1 response=0.4"],
            cwd: dir)
        XCTAssertEqual(r.status, 64)
        XCTAssertTrue(r.stderr.contains("--versus: --damping-ratio: must be >= 0, got -1"), r.stderr)
        r = try cli.dynsim(["view", "pendulum", "--every", "3"], cwd: dir)
        XCTAssertEqual(r.status, 64)
        for (a, b) in [("same.x", "same.x"), ("./same.y", "same.y"), ("-", "-"), ("-", "/dev/stdout")] {
            r = try cli.dynsim(["view", "pendulum", "--output", a, "--svg", b], cwd: dir)
            XCTAssertEqual(r.status, 64, "\(a) \(b)")
            // Both names as given (once only --svg's: "both name \"/dev/stdout\"" for --output -).
            XCTAssertTrue(
                r.stderr.contains(
                    "--svg: must differ from --output, both name one file (--output \"\(a)\", --svg \"\(b)\")"),
                r.stderr)
        }
        r = try cli.dynsim(["view", "--curve", "linear", "--versus", "junk"], cwd: dir)
        XCTAssertEqual(r.status, 64)
        XCTAssertTrue(r.stderr.hasPrefix("dynsim: error: --versus: "), r.stderr)
        XCTAssertTrue(r.stderr.contains("USAGE: dynsim view"), r.stderr)
        r = try cli.dynsim(["view", "--curve", "linear", "--versus", ""], cwd: dir)
        XCTAssertTrue(r.stderr.contains(#"--versus: must not be empty, got """#), r.stderr)
    }

    /// An undamped spring never settles: with --until it is drawn (its settling time "never"); without, a usage error.
    func testUndampedSpring() throws {
        var r = try cli.dynsim(
            ["view", "--mass", "1", "--stiffness", "100", "--damping", "0", "--until", "2", "--output", "u.html"],
            cwd: dir)
        XCTAssertEqual(r.status, 0, r.stderr)
        let curves = try XCTUnwrap(try payload(try read("u.html"))["curves"] as? [[String: Any]])
        XCTAssertTrue(curves[0]["settle"] is NSNull)
        r = try cli.dynsim(["view", "--mass", "1", "--stiffness", "100", "--damping", "0"], cwd: dir)
        XCTAssertEqual(r.status, 64)
        XCTAssertTrue(r.stderr.contains("--until: required"), r.stderr)
    }

    /// Two springs overlaid: the overshoot each page marks is the closed form's, e^(−ζπ/√(1−ζ²)) of the distance.
    func testSpringPageMarksTheOvershootOfEachSpring() throws {
        let r = try cli.dynsim(
            [
                "view", "--damping-ratio", "0.5", "--response", "0.4", "--from", "0", "--to", "300",
                "--versus", "damping-ratio=0.2 response=0.4 from=0 to=300", "--output", "s.html",
            ], cwd: dir)
        XCTAssertEqual(r.status, 0, r.stderr)
        let curves = try XCTUnwrap(try payload(try read("s.html"))["curves"] as? [[String: Any]])
        XCTAssertEqual(curves.count, 2)
        for (curve, zeta) in zip(curves, [0.5, 0.2]) {
            let peak = try XCTUnwrap(curve["peak"] as? [Double])
            let expected = 300 * (1 + exp(-zeta * .pi / (1 - zeta * zeta).squareRoot()))
            XCTAssertEqual(peak[1], expected, accuracy: 1e-9)
            // ... at half the damped period: response / √(1 − ζ²) / 2.
            XCTAssertEqual(peak[0], 0.4 / (1 - zeta * zeta).squareRoot() / 2, accuracy: 1e-9)
        }
    }

    /// Flings side by side: each curve rests where its own formula, written here, puts it, and stops when its rule
    /// says; a --versus that is neither a model nor fling options, or a spring option beside --velocity, is refused.
    func testDecayPageDrawsEachFlingToItsRestingPoint() throws {
        var r = try cli.dynsim(
            [
                "view", "--velocity", "1000", "--versus", "continuous", "--versus", "flutter", "--versus",
                "model=per-millisecond deceleration-rate=fast", "--versus", "motion", "--output", "d.html",
            ], cwd: dir)
        XCTAssertEqual(r.status, 0, r.stderr)
        let page = try payload(try read("d.html"))
        XCTAssertEqual(page["kind"] as? String, "spring")
        let curves = try XCTUnwrap(page["curves"] as? [[String: Any]])
        XCTAssertEqual(
            curves.map { $0["label"] as? String },
            ["per-millisecond 0.998", "continuous 0.998", "flutter", "per-millisecond 0.99", "motion"])
        // The recurrence each millisecond: v *= c, then x += v (v in pt/ms), summed until nothing is left.
        func recurrence(_ c: Double) -> Double {
            var x = 0.0, v = 1.0
            while v > 1e-18 { v *= c; x += v }
            return x
        }
        let dragTime = log(1e-3 / 1000) / log(0.135)
        let expected: [(to: Double, settle: Double)] = [
            (recurrence(0.998), log(0.5 / recurrence(0.998)) / log(0.998) / 1000),
            (-1 / log(0.998), log(0.5 / (-1 / log(0.998))) / log(0.998) / 1000),
            (1000 * (pow(0.135, dragTime) - 1) / log(0.135), dragTime),
            (recurrence(0.99), log(0.5 / recurrence(0.99)) / log(0.99) / 1000),
            (800, 0.325 * log(800 / 0.5)),
        ]
        for (curve, e) in zip(curves, expected) {
            XCTAssertEqual(try XCTUnwrap(curve["to"] as? Double), e.to, accuracy: 1e-9, "\(curve)")
            XCTAssertEqual(try XCTUnwrap(curve["settle"] as? Double), e.settle, accuracy: 1e-9, "\(curve)")
        }
        XCTAssertEqual(page["rows"] as? Int, Int(240 * expected[2].settle) + 1, "until the last one stops")
        for (args, message) in [
            (["--versus", "ios"], "--versus: a fling model ("),
            (["--versus", "rate=3"], "--versus: --rate: not a fling option here"),
            (["--versus", "deceleration-rate=2"], "--versus: --deceleration-rate: must be between 0 and 1"),
            (["--damping-ratio", "0.5"], "--damping-ratio: a spring or curve option beside --velocity"),
            (["--deceleration-rate", "0.9999999999999"], "--until: a fling here stops after"),
            (["--rate", "30"], "--rate: applies to a scene's run, not to a spring, curve or fling"),
        ] {
            r = try cli.dynsim(["view", "--velocity", "1000"] + args, cwd: dir)
            XCTAssertEqual(r.status, 64, "\(args)")
            XCTAssertTrue(r.stderr.contains("dynsim: error: " + message), "\(args): \(r.stderr)")
        }
        r = try cli.dynsim(["view", "--model", "android"], cwd: dir)
        XCTAssertTrue(r.stderr.contains("--model: applies to a fling; give --velocity V too"), r.stderr)
    }

    /// docs/view.md names every option and every URL parameter the page reads.
    func testDocsNameEveryOptionAndURLParameter() throws {
        let doc = try String(contentsOf: ViewCLITests.root.appendingPathComponent("docs/view.md"), encoding: .utf8)
        // The page's script, every module of it (Sources/Replay/Web/*.js).
        let web = ViewCLITests.root.appendingPathComponent("Sources/Replay/Web")
        let js = try FileManager.default.contentsOfDirectory(atPath: web.path).filter { $0.hasSuffix(".js") }.sorted()
            .map { try String(contentsOf: web.appendingPathComponent($0), encoding: .utf8) }.joined(separator: "\n")
        let pattern = try NSRegularExpression(pattern: #"params\.(?:get|has)\('(\w+)'\)"#)
        let names = Set(
            pattern.matches(in: js, range: NSRange(js.startIndex..., in: js)).map {
                String(js[Range($0.range(at: 1), in: js)!])
            })
        XCTAssertGreaterThanOrEqual(names.count, 8)
        for name in names { XCTAssertTrue(doc.contains("`\(name)="), "docs/view.md: the URL parameter \(name)") }
        for option in viewSpec.options {
            XCTAssertTrue(
                doc.contains(option.name) || option.name.hasPrefix("--mass")
                    || [
                        "--stiffness", "--damping", "--bounce", "--perceptual-duration", "--from", "--to",
                        "--relative-velocity", "--initial-velocity", "--until", "--response", "--damping-ratio",
                    ].contains(option.name), "docs/view.md: \(option.name)")
        }
        XCTAssertTrue(helpText(nil).contains("view"))
        XCTAssertTrue(helpText("view").contains("--overlay RUN.csv"))
    }

    /// A sweep's table is a page of its own, not a scene: its options are checked against the table (64), a bad table
    /// exits 65 naming the file, line and field and writes no page, and scene options are refused beside it.
    func testASweepTableIsViewedAndBadOnesAreRefused() throws {
        let sweep = try cli.dynsim(
            [
                "sweep", "pendulum", "--vary", "items[0].center[0]=100,200", "--vary", "items[0].center[1]=100,150",
                "--metric", "max:bob.vy", "--duration", "0.2", "--output", "s.csv",
            ], cwd: dir)
        XCTAssertEqual(sweep.status, 0, sweep.stderr)
        let r = try cli.dynsim(["view", "s.csv", "--scene", "pendulum", "--y", "items[0].center[0]"], cwd: dir)
        XCTAssertEqual(r.status, 0, r.stderr)
        let p = try payload(try read("s.html"))
        XCTAssertEqual(p["kind"] as? String, "sweep")
        XCTAssertEqual(p["scene"] as? String, "pendulum")
        XCTAssertEqual((p["runs"] as? [Any])?.count, 4)
        let choice = try XCTUnwrap(p["choice"] as? [String: Any])
        XCTAssertEqual(choice["x"] as? String, "items[0].center[1]", "--y the first field: x is the other")
        XCTAssertEqual(choice["y"] as? String, "items[0].center[0]")
        for (args, status, message) in [
            (["view", "s.csv", "--metric", "max:bob.x"], 64, "--metric: not a metric of the table"),
            (
                ["view", "s.csv", "--plot", "bob.x"], 64,
                "--plot: applies to a scene's run, not to a sweep table (s.csv)"
            ),
            (["view", "pendulum", "--metric", "max:bob.x"], 64, "--metric: applies to a sweep table's page"),
            (["view", "s.csv", "--output", "s.csv"], 64, "--output"),
        ] {
            let bad = try cli.dynsim(args, cwd: dir)
            XCTAssertEqual(bad.status, Int32(status), "\(args): \(bad.stderr)")
            XCTAssertTrue(bad.stderr.contains(message), "\(args): \(bad.stderr)")
        }
        try "run,id,a.x,max:b.y,status\n0,i,1,2,ok\n1,j,x,2,ok\n".write(
            to: dir.appendingPathComponent("bad.csv"), atomically: true, encoding: .utf8)
        try "run,id,a.x,status\n0,i,1,ok\n".write(
            to: dir.appendingPathComponent("plain.csv"), atomically: true, encoding: .utf8)
        try "run,id,a.x,max:b.y,status\n0,i,1,2,ok\n1,j,1,2,ok\n0,i,1,2,ok\n".write(
            to: dir.appendingPathComponent("twice.csv"), atomically: true, encoding: .utf8)
        for (file, message) in [
            ("bad.csv", "bad.csv: line 3, column 3 (a.x): must be a finite number, got \"x\""),
            ("plain.csv", "plain.csv: line 1: no metric column"),
            (
                "twice.csv",
                "twice.csv: line 4, column 1 (run): repeats run 0 of line 2; a sweep table has each run once"
            ),
        ] {
            let bad = try cli.dynsim(["view", file, "--output", "bad.html"], cwd: dir)
            XCTAssertEqual(bad.status, 65, bad.stderr)
            XCTAssertTrue(bad.stderr.contains(message), bad.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("bad.html").path))
        }
    }
}

/// `view SCENE --svg F --output P` simulates the scene once: one recording feeds the still and the page (it ran the
/// scene twice, once for each).
final class ViewRunsOnceTests: XCTestCase {
    func testAPageAndAStillFromOneRun() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("dynsim-once-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        let page = dir.appendingPathComponent("p.html").path, still = dir.appendingPathComponent("s.svg").path
        guard
            case .view(let options) = try parseCommand([
                "view", "pendulum", "--duration", "0.5", "--svg", still, "--output", page,
            ])
        else {
            return XCTFail("not a view")
        }
        let before = SceneRun.runsStarted
        XCTAssertEqual(view(options), 0)
        XCTAssertEqual(SceneRun.runsStarted - before, 1, "simulations for a page and a still")
        XCTAssertTrue(FileManager.default.fileExists(atPath: page) && FileManager.default.fileExists(atPath: still))
    }
}

/// What `view` says on stderr: a written file's name with control characters escaped (an escape sequence in a name
/// once reached the terminal raw), and an --until past the page's limit named as such (it once said the spring does
/// not settle, for one that settles in a second).
final class ViewMessagesTests: XCTestCase {
    func testWrittenNamesAreEscapedAndUntilIsNamed() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("dynsim-names-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        let name = "e\u{1B}[2Jsc.svg"
        let r = try CLITests.dynsim(["view", "spring", "--duration", "0.2", "--svg", name], cwd: dir)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("dynsim: wrote e\\u001b[2Jsc.svg ("), r.stderr)
        XCTAssertFalse(r.stderr.contains("\u{1B}"), "no raw escape on stderr")
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir.appendingPathComponent(name).path))
        let far = try CLITests.dynsim(
            ["view", "--damping-ratio", "0.5", "--response", "0.4", "--until", "100000.0001"], cwd: dir)
        XCTAssertEqual(far.status, 64)
        XCTAssertTrue(far.stderr.contains("--until: must be at most 100000 s for a page, got 100000.0001"), far.stderr)
    }

}
