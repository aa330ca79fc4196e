import XCTest
import Scenes
@testable import Bench
import Shell

/// The benchmark catalog's arguments, scenes and accuracy oracle (never its timings: speed is measured by the
/// benchmarks themselves, not by tests).
final class BenchmarkTests: XCTestCase {
    func testExactPeriodMatchesThePublishedEllipticIntegral() {
        // K(m = 1/2) = 1.8540746773013719 (Abramowitz & Stegun, table 17.1): T = 4 √(L/g) K for θ₀ = 90°.
        XCTAssertEqual(
            Benchmark.exactPeriod(length: 100, gravity: 1000, amplitude: .pi / 2),
            4 * 0.1.squareRoot() * 1.8540746773013719, accuracy: 1e-12)
        // Small amplitude: 2π √(L/g).
        XCTAssertEqual(
            Benchmark.exactPeriod(length: 100, gravity: 1000, amplitude: 1e-6), 2 * .pi * 0.1.squareRoot(),
            accuracy: 1e-9)
    }

    private func parse(_ args: [String]) throws -> Benchmark.Options {
        try Benchmark.options(try Benchmark.spec(program: "dynsim-bench", command: nil).parse(args), command: nil)
    }

    func testArgumentsAreParsed() throws {
        let o = try parse([
            "B", "C", "--sizes", "5,7", "--profile", "uikit", "--repeats", "2", "--frames", "3", "--csv", "x.csv",
        ])
        XCTAssertEqual(o.scenes, ["B", "C"])
        XCTAssertEqual(o.sizes, [5, 7])
        XCTAssertEqual(o.profiles, [.uikit])
        XCTAssertEqual(o.repeats, 2)
        XCTAssertEqual(o.frames, 3)
        XCTAssertEqual(o.csv, "x.csv")
        XCTAssertEqual(try parse([]).scenes, ["A", "B", "C", "pendulum", "timing"])
    }

    /// Bad values, too much work, and a benchmark, size or sub-step count given twice: each refused with its message.
    func testBadArgumentsAreRefused() {
        let cases: [([String], String)] = [
            (["D"], #"unknown benchmark (A, B, C, pendulum, timing or drift), got "D""#),
            (["--sizes", "0"], #"--sizes: must be whole numbers from 1 to 100000, got "0""#),
            (["--repeats"], "--repeats: missing value"),
            (
                ["--frames=100000", "--sizes", "100000"],
                #"--frames: N x frames must be at most 1e9 body-frames (largest N 100000), got "100000""#
            ),
            // drift runs scene B's sizes (up to 1000 links) unless --sizes says otherwise.
            (
                ["drift", "--frames", "10000000"],
                #"--frames: N x frames must be at most 1e9 body-frames (largest N 1000), got "10000000""#
            ),
            (
                ["timing", "drift", "--frames", "1000001"],
                #"--frames: N x frames must be at most 1e9 body-frames (largest N 1000), got "1000001""#
            ),
            (["--profile", "fast"], #"--profile: must be uikit, precise or both, got "fast""#),
            // A benchmark, size or sub-step count given twice would only repeat its rows.
            (["A", "B", "A"], #"benchmarks: A given twice, got "A B A""#),
            (["A", "--sizes", "10,20,10"], #"--sizes: 10 given twice, got "10,20,10""#),
            (["A", "--substeps", "2,2"], #"--substeps: 2 given twice, got "2,2""#),
        ]
        for (args, message) in cases {
            XCTAssertThrowsError(try parse(args)) { XCTAssertEqual("\($0)", message) }
        }
    }

    /// An option none of the chosen benchmarks uses is refused, not ignored; with one benchmark that uses it, it is
    /// taken.
    func testOptionsApplyOnlyToTheBenchmarksThatUseThem() throws {
        let cases: [([String], String)] = [
            (
                ["timing", "--sizes", "10"],
                "--sizes: applies to scenes A, B, C and drift only; add one of them to the scenes or leave the option out"
            ),
            (
                ["pendulum", "timing", "--sizes", "10"],
                "--sizes: applies to scenes A, B, C and drift only; add one of them to the scenes or leave the option out"
            ),
            (
                ["timing", "--substeps", "2"],
                "--substeps: applies to scenes A, B, C, pendulum and drift only; add one of them to the scenes or leave the option out"
            ),
            (
                ["timing", "--profile", "uikit"],
                "--profile: applies to scenes A, B, C, pendulum and drift only; add one of them to the scenes or leave the option out"
            ),
            (
                ["timing", "--frames", "100"],
                "--frames: applies to scenes A, B, C and drift only; add one of them to the scenes or leave the option out"
            ),
            (
                ["pendulum", "timing", "--frames", "100"],
                "--frames: applies to scenes A, B, C and drift only; add one of them to the scenes or leave the option out"
            ),
            (
                ["pendulum", "--repeats", "5"],
                "--repeats: applies to scenes A, B, C and timing only; add one of them to the scenes or leave the option out"
            ),
            (
                ["pendulum", "drift", "--repeats", "5"],
                "--repeats: applies to scenes A, B, C and timing only; add one of them to the scenes or leave the option out"
            ),
            (
                ["A", "--pile-up-to", "5"],
                "--pile-up-to: applies to scene C only; add C to the scenes or leave the option out"
            ),
        ]
        for (args, message) in cases {
            XCTAssertThrowsError(try parse(args)) { XCTAssertEqual("\($0)", message) }
        }
        // With one benchmark that uses it, the option is taken.
        XCTAssertEqual(try parse(["timing", "drift", "--sizes", "10"]).sizes, [10])
        XCTAssertEqual(try parse(["pendulum", "timing", "--substeps", "4"]).subSteps, [4])
        XCTAssertEqual(try parse(["pendulum", "timing", "--profile", "precise"]).profiles, [.precise])
        XCTAssertEqual(try parse(["timing", "drift", "--frames", "4000"]).frames, 4000)
        XCTAssertEqual(
            try parse(["drift", "--frames", "1000000"]).frames, 1_000_000, "1000 links x 1e6 frames: 1e9, the bound")
        XCTAssertEqual(
            try parse(["drift", "--sizes", "10", "--frames", "10000000"]).frames, 10_000_000, "--sizes replaces B's")
        XCTAssertEqual(try parse(["pendulum", "timing", "--repeats", "5"]).repeats, 5)
        XCTAssertEqual(try parse(["drift", "B", "--repeats", "5"]).repeats, 5)
        XCTAssertEqual(
            try parse(["--sizes", "10", "--substeps", "4", "--frames", "5", "--profile", "uikit"]).sizes, [10],
            "the default run has A, B and C")
    }

    func testScenesHaveTheirSizesAndTheChainHangsLinkToLink() {
        XCTAssertEqual(Benchmark.scene("A", n: 7, profile: .uikit).items.count, 7)
        let chain = Benchmark.scene("B", n: 5, profile: .precise)
        XCTAssertEqual(chain.items.count, 5)
        XCTAssertEqual(chain.profile, .precise)
        XCTAssertEqual(chain.anchorNames, ["anchor"], "one anchor; the other links hang from each other")
        XCTAssertEqual(Benchmark.scene("C", n: 9, profile: .uikit).items.count, 9)
        // A short run yields a row with a finite cost and, for the pendulums, an energy error.
        let r = Benchmark.run("A", n: 3, profile: .uikit, repeats: 1, frames: 2)
        XCTAssertEqual(
            r.csvRow.split(separator: ",", omittingEmptySubsequences: false).count,
            Benchmark.Result.csvHeader.split(separator: ",").count)
        XCTAssertTrue(r.ns.isFinite && r.ns > 0)
        XCTAssertNotNil(r.energyError)
    }

    /// `dynsim bench` and `dynsim-bench` share one help text, each with its own name in USAGE; table rows stay
    /// aligned under the header even for the longest scene name.
    func testHelpNamesTheCommandAndTableColumnsLineUp() {
        XCTAssertTrue(
            Benchmark.spec(program: "dynsim-bench", command: nil).help.contains(
                "USAGE: dynsim-bench [A|B|C|pendulum|timing|drift ...]"))
        XCTAssertTrue(
            Benchmark.spec(program: "dynsim", command: "bench").help.contains(
                "USAGE: dynsim bench [A|B|C|pendulum|timing|drift ...]"))
        let row = Benchmark.Result(
            scene: "spring-sample", n: 1, subSteps: 0, frames: 10, profile: "closed-form", ns: 17.9)
        let header = Benchmark.Result.tableHeader
        for column in ["N", "profile", "frames"] {
            let at = header.range(of: " " + column + " ")!.lowerBound.utf16Offset(in: header) + 1
            XCTAssertEqual(Array(row.tableRow)[at - 1], " ", "\(column) starts a column")
            XCTAssertNotEqual(Array(row.tableRow)[at], " ", "\(column) has a value under it")
        }
    }
}
