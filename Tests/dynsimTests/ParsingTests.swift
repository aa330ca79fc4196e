import XCTest
@testable import dynsim
import Bench
import Shell

/// Parsing as a pure function of the arguments, for every subcommand: valid input, a refusal, `--opt=value`, and a
/// repeated option (a mistake, never "the last one wins").
final class ParsingTests: XCTestCase {
    private func usage(_ args: [String], file: StaticString = #filePath, line: UInt = #line) -> String? {
        do {
            _ = try parseCommand(args)
            XCTFail("\(args) parsed", file: file, line: line)
            return nil
        } catch let e as UsageError {
            return e.message
        } catch {
            XCTFail("\(args): \(error)", file: file, line: line)
            return nil
        }
    }

    func testRun() throws {
        var expected = RunOptions()
        expected.scene = "pendulum"
        expected.settings.rate = 30
        expected.settings.profile = .precise
        XCTAssertEqual(try parseCommand(["run", "pendulum", "--rate", "30", "--profile=precise"]), .run(expected))
        XCTAssertEqual(try parseCommand(["pendulum", "--rate=30", "--profile", "precise"]), .run(expected))
        XCTAssertEqual(usage(["run", "--rate", "30", "--rate", "60"]), "--rate: given twice, got \"60\"")
        XCTAssertEqual(usage(["run", "--rate=0"]), "--rate: must be positive and at most 100000 Hz, got 0")
        XCTAssertEqual(
            usage(["run", "--output", "--events", "e.csv"]), "--output: missing value, got the option \"--events\"")
        XCTAssertEqual(usage(["run", "--bogus"]), "unknown option, got \"--bogus\"")
    }

    func testSpringAndCurve() throws {
        guard case .spring(let s) = try parseCommand(["spring", "--mass=2", "--stiffness", "30", "--damping=7"]) else {
            return XCTFail("not a spring")
        }
        XCTAssertEqual(s.spring.mass, 2)
        XCTAssertEqual(s.spring.stiffness, 30)
        XCTAssertEqual(
            usage(["spring", "--stiffness", "3", "--stiffness", "4", "--damping", "1"]),
            "--stiffness: given twice, got \"4\"")
        guard case .curve(let c) = try parseCommand(["curve", "easeIn", "--samples=3"]) else {
            return XCTFail("not a curve")
        }
        XCTAssertEqual(c.samples, 3)
        XCTAssertEqual(usage(["curve", "easeIn", "--at", "0.5", "--at=0.6"]), "--at: given twice, got \"0.6\"")
    }

    func testScenesAndBench() throws {
        XCTAssertEqual(try parseCommand(["scenes"]), .listScenes)
        XCTAssertEqual(try parseCommand(["scenes", "pendulum"]), .showScene("pendulum"))
        XCTAssertNotNil(usage(["scenes", "nope"]))
        guard case .bench(let b) = try parseCommand(["bench", "A", "--sizes=10,20", "--repeats", "2"]) else {
            return XCTFail("not bench")
        }
        XCTAssertEqual(b.sizes, [10, 20])
        XCTAssertEqual(b.repeats, 2)
        XCTAssertEqual(usage(["bench", "--repeats", "2", "--repeats=3"]), "--repeats: given twice, got \"3\"")
    }

    // Each refusal of each command, as the option tables generate them.

    /// The refusals of run and scenes.
    func testRunAndScenesRefusals() {
        let cases: [([String], String)] = [
            // run
            (["run", "--duration", "-1"], "--duration: must be from 0 to 1e6 s, got -1"),
            (["run", "--duration=abc"], "--duration: must be a decimal number, got \"abc\""),
            (["run", "--profile", "fast"], "--profile: must be uikit or precise, got \"fast\""),
            (["run", "--format=xml"], "--format: must be csv or jsonl, got \"xml\""),
            (["run", "--output="], "--output: must be a file path, got \"\""),
            (["run", "--events", ""], "--events: must be a file path, got \"\""),
            (["run", "a.json", "b.json"], "only one scene per run, got \"b.json\" after \"a.json\""),
            (["run", "--rate"], "--rate: missing value"),
            (["-x"], "unknown option, got \"-x\""),
            // scenes
            (["scenes", "a", "b"], "no built-in scene named that (dynsim scenes lists them), got \"a\""),
            (["scenes", "pendulum", "spring"], "scenes takes at most one name, got \"spring\""),
            (["scenes", "--all"], "unknown option, got \"--all\""),
        ]
        for (args, message) in cases { XCTAssertEqual(usage(args), message, "\(args)") }
    }

    /// The refusals of spring.
    func testSpringRefusals() {
        let cases: [([String], String)] = [
            // spring
            (
                ["spring"],
                "give a spring: --mass/--stiffness/--damping, --damping-ratio/--response or --perceptual-duration/--bounce, got none"
            ),
            (["spring", "--stiffness", "0", "--damping", "1"], "--stiffness: must be positive, got 0"),
            (
                ["spring", "--damping-ratio", "0.5", "--stiffness", "3"],
                "give one parameter family, got --stiffness, --damping-ratio"
            ),
            (["spring", "--damping-ratio", "0.5"], "--response: required with this parameter family, got nothing"),
            (
                ["spring", "--perceptual-duration", "1", "--bounce", "-1"],
                "--bounce: must be greater than -1 and at most 1, got -1"
            ),
            (
                ["spring", "--stiffness", "1", "--damping", "0"],
                "--until: required for an undamped spring (it never settles), got nothing"
            ),
            (
                ["spring", "--stiffness", "1", "--damping", "1", "--at", "1,x"],
                "--at: must be a decimal number, got \"x\""
            ),
            (
                ["spring", "--stiffness", "1", "--damping", "1", "--at", "-1"],
                "--at: times must be from 0 to 1e9 s, got -1"
            ),
            (["spring", "--stiffness", "1", "--damping", "1", "--info=yes"], "--info: takes no value, got \"yes\""),
            (["spring", "--stiffness", "1", "--damping", "1", "--info", "--info"], "--info: given twice"),
            (
                [
                    "spring", "--stiffness", "1", "--damping", "1", "--initial-velocity", "1", "--relative-velocity",
                    "1",
                ],
                "--relative-velocity: give either --initial-velocity or --relative-velocity, got both"
            ),
            (
                ["spring", "--stiffness", "1", "--damping", "1", "--from", "1e16"],
                "--from: must be within ±1e15, got 1e16"
            ),
        ]
        for (args, message) in cases { XCTAssertEqual(usage(args), message, "\(args)") }
    }

    /// The refusals of curve and bench, and whole numbers in every command that reads them.
    func testCurveBenchAndWholeNumberRefusals() {
        let cases: [([String], String)] = [
            // curve
            (
                ["curve"],
                "give a curve: a name (linear, easeIn, easeOut, easeInEaseOut, default), X1,Y1,X2,Y2 or steps(N, position), got nothing"
            ),
            (["curve", "easeIn", "linear"], "only one curve, got \"linear\" too"),
            (["curve", "easeIn", "--samples", "1"], "--samples: must be a whole number from 2 to 10000000, got \"1\""),
            (
                ["curve", "easeIn", "--samples", "3", "--at", "0.5"],
                "--samples: give either --samples or --at, got both"
            ),
            (["curve", "2,0,1,1"], "curve: x1 must be in [0, 1], got 2"),
            // bench
            (["bench", "Z"], "unknown benchmark (A, B, C, pendulum, timing or drift), got \"Z\""),
            (["bench", "--sizes", "1,,2"], "--sizes: must be whole numbers from 1 to 100000, got \"1,,2\""),
            (["bench", "--csv="], "--csv: must be a file path, got \"\""),
            // Whole numbers take no '+' (as decimals do not), in lists and alone, in every option that reads them.
            (["bench", "--sizes", "+10"], "--sizes: must be whole numbers from 1 to 100000, got \"+10\""),
            (["bench", "--substeps", "2,+4"], "--substeps: must be whole numbers from 1 to 64, got \"2,+4\""),
            (["bench", "--repeats", "+3"], "--repeats: must be from 1 to 1000, got \"+3\""),
            (["bench", "--frames", " 60"], "--frames: must be from 1 to 10000000, got \" 60\""),
            (
                ["curve", "easeIn", "--samples", "+3"],
                "--samples: must be a whole number from 2 to 10000000, got \"+3\""
            ),
            (
                ["view", "pendulum", "--svg", "x.svg", "--every", "+2"],
                "--every: must be a whole number of rows from 1, got \"+2\""
            ),
        ]
        for (args, message) in cases { XCTAssertEqual(usage(args), message, "\(args)") }
    }

    /// The refusals of compare and help.
    func testCompareAndHelpRefusals() {
        let cases: [([String], String)] = [
            // compare: a column given twice would only repeat its row (NAME and NAME=NAME are one column).
            (["compare", "e.csv", "a.csv", "--columns", "x,x"], "--columns: x given twice, got \"x,x\""),
            (["compare", "e.csv", "a.csv", "--columns", "x,y,x=x"], "--columns: x given twice, got \"x,y,x=x\""),
            (["compare", "e.csv", "a.csv", "--columns", "x=v,y,x=v"], "--columns: x=v given twice, got \"x=v,y,x=v\""),
            // help
            (["help", "fly"], "unknown command, got \"fly\""),
            (["help", "run", "curve"], "help takes at most one command, got \"curve\""),
        ]
        for (args, message) in cases { XCTAssertEqual(usage(args), message, "\(args)") }
    }

    /// `--opt=value` and `--opt value` parse the same in every command; `-h` anywhere asks for that command's help.
    func testEqualsFormAndHelpEverywhere() throws {
        XCTAssertEqual(
            try parseCommand(["spring", "--stiffness=30", "--damping=7", "--mass=2", "--at=0,0.5"]),
            try parseCommand(["spring", "--stiffness", "30", "--damping", "7", "--mass", "2", "--at", "0,0.5"]))
        XCTAssertEqual(
            try parseCommand(["curve", "--at=0.25", "easeOut"]), try parseCommand(["curve", "easeOut", "--at", "0.25"]))
        XCTAssertEqual(
            try parseCommand(["bench", "--profile=uikit", "A"]), try parseCommand(["bench", "A", "--profile", "uikit"]))
        XCTAssertEqual(try parseCommand(["run", "--output=--odd"]), try parseCommand(["--output=--odd"]))
        for command in ["run", "scenes", "spring", "curve", "bench", "help"] {
            XCTAssertEqual(try parseCommand([command, "-h"]), .help(command))
            XCTAssertEqual(try parseCommand(["help", command]), .help(command))
        }
        // After `--` every argument is positional: a scene file whose name starts with a dash.
        guard case .run(let dashed) = try parseCommand(["run", "--rate", "30", "--", "-odd.json"]) else {
            return XCTFail("not a run")
        }
        XCTAssertEqual(dashed.scene, "-odd.json")
        XCTAssertEqual(dashed.settings.rate, 30)
        XCTAssertEqual(
            usage(["run", "--", "a.json", "b.json"]), "only one scene per run, got \"b.json\" after \"a.json\"")
        XCTAssertEqual(try parseCommand(["--help"]), .help(nil))
        XCTAssertEqual(try parseCommand(["--version"]), .version)
    }

    /// Every command's help is its table's: each option and argument is listed with its help, in table order, and the
    /// help's USAGE is what a usage error prints.
    func testHelpIsGeneratedFromEachTable() {
        for (name, spec) in commandSpecs {
            let help = helpText(name)
            // The usage names every option of the table (hand-written usage lines once left out view's
            // --relative-velocity), each as a whole word.
            let usageWords = Set(
                spec.usage.joined(separator: " ").split(whereSeparator: { " []()|=,".contains($0) }).map(String.init))
            for option in spec.options where option.name != "--help" {
                XCTAssertTrue(usageWords.contains(option.name), "\(name): \(option.name) missing from the usage")
            }
            var last = help.startIndex
            for option in spec.options {
                guard let at = help.range(of: "\n  " + option.name, range: last..<help.endIndex) else {
                    XCTFail("\(name): \(option.name) missing or out of order in help"); continue
                }
                last = at.upperBound
                let words = option.help.split(separator: " ").prefix(3).joined(separator: " ")
                XCTAssertTrue(help.contains(words), "\(name): \(option.name)'s help")
            }
            for argument in spec.arguments {
                XCTAssertTrue(help.contains("  " + argument.name), "\(name): \(argument.name)")
            }
            XCTAssertTrue(help.contains("USAGE: " + spec.usage[0]), name)
            XCTAssertTrue(usageText(name).hasPrefix("USAGE: " + spec.usage[0]), name)
            for line in help.split(separator: "\n") { XCTAssertLessThanOrEqual(line.count, 120, "\(name): \(line)") }
        }
        let top = helpText(nil)
        for name in commandOrder { XCTAssertTrue(top.contains("\n  " + name), name) }
    }

    /// The command-line limits docs/limits.md states, at their boundary: accepted at the limit, refused past it.
    func testCommandLineLimitsFromTheDocs() throws {
        let text = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("../../docs/limits.md").standardized, encoding: .utf8)
        func limit(_ name: String) -> String {
            let line = text.split(separator: "\n").first { $0.hasPrefix("| `\(name)`") }!
            return line.split(separator: "|")[1].trimmingCharacters(in: .whitespaces)
        }
        XCTAssertEqual(limit("curveSamples"), "10000000")
        XCTAssertNoThrow(try parseCommand(["curve", "linear", "--samples", limit("curveSamples")]))
        XCTAssertEqual(
            usage(["curve", "linear", "--samples", "10000001"]),
            "--samples: must be a whole number from 2 to 10000000, got \"10000001\"")
        XCTAssertEqual(limit("curveAt"), "1e6")
        XCTAssertNoThrow(try parseCommand(["curve", "linear", "--at", "-1e6,1e6"]))
        XCTAssertEqual(usage(["curve", "linear", "--at", "1000001"]), "--at: inputs must be within ±1e6, got 1000001")
        XCTAssertEqual(limit("springUntil"), "1e9")
        XCTAssertNoThrow(try parseCommand(["spring", "--stiffness", "1", "--damping", "1", "--until", "1e9"]))
        XCTAssertEqual(
            usage(["spring", "--stiffness", "1", "--damping", "1", "--until", "1.1e9"]),
            "--until: must be from 0 to 1e9 s, got 1100000000")
        XCTAssertEqual(limit("springParameters"), "1e12")
        XCTAssertNoThrow(try parseCommand(["spring", "--stiffness", "1e12", "--mass", "1e12", "--damping", "1"]))
        XCTAssertEqual(
            usage(["spring", "--stiffness", "1.1e12", "--damping", "1"]),
            "--stiffness: must be at most 1e12, got 1100000000000")
        XCTAssertEqual(limit("rate"), "100000")
        XCTAssertNoThrow(try parseCommand(["run", "--rate", "100000"]))
        XCTAssertEqual(limit("duration"), "1000000")
        XCTAssertEqual(usage(["run", "--duration", "1000000.5"]), "--duration: must be from 0 to 1e6 s, got 1000000.5")
    }
}
