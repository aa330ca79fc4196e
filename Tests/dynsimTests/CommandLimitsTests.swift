import Foundation
import XCTest
@testable import dynsim
import IO
import Scenes
import Shell

/// docs/limits.md's command-line rows against the code, both ways: each row's value equals the constant the code
/// checks, each such constant has a row, and each limit holds at its boundary (accepted at it, or just inside where
/// the value is derived, such as a natural frequency; refused just past it, the message naming the limit).
final class CommandLimitsTests: XCTestCase {
    /// Row name → the constant the code checks.
    static let constants: [String: Double] = [
        "curveSamples": Double(Limits.maxCurveSamples), "curveAt": Limits.maxCurveInput,
        "springUntil": Limits.maxSpringUntil, "springParameters": Limits.maxSpringParameter,
        "exportSettling": Limits.maxExportSettling, "viewUntil": Limits.maxViewUntil,
        "minNaturalFrequency": Limits.minNaturalFrequency, "maxNaturalFrequency": Limits.maxNaturalFrequency,
        "dampingRatio": Limits.maxDampingRatio, "minExportError": Limits.minExportError,
        "maxExportError": Limits.maxExportError, "linearPoints": Double(Limits.maxLinearPoints),
        "sweepRuns": Double(Limits.maxSweepRuns), "bakeValues": Double(Limits.maxBakeValues),
        "traceValue": Limits.maxTraceValue, "traceFileBytes": Double(Limits.maxTraceBytes),
        "pageSamples": Double(Limits.maxPageSamples), "pageValues": Double(Limits.maxPageValues),
        "curveControl": Limits.maxCurveControl, "curveSteps": Double(Limits.maxCurveSteps),
    ]

    /// The rows of docs/limits.md: name → the value's text.
    static func rows() throws -> [String: String] {
        let text = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("../../docs/limits.md").standardized, encoding: .utf8)
        var out: [String: String] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            out[cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))] = cells[1]
        }
        return out
    }

    func testEveryCommandLineRowEqualsItsConstant() throws {
        let rows = try CommandLimitsTests.rows()
        for (name, value) in CommandLimitsTests.constants {
            XCTAssertEqual(rows[name].flatMap(Double.init), value, "docs/limits.md: \(name)")
        }
    }

    private func refusal(_ args: [String], file: StaticString = #filePath, line: UInt = #line) -> String {
        do {
            _ = try parseCommand(args)
            XCTFail("\(args) parsed", file: file, line: line)
        } catch let e as UsageError {
            return e.message
        } catch {
            XCTFail("\(args): \(error)", file: file, line: line)
        }
        return ""
    }

    /// Limits checked while parsing: at the limit parsed, past it refused with the limit in the message.
    func testParsedLimitsHoldBothWays() throws {
        let info = ["--info"]
        // Natural frequency: √(1 / 1e12) = 1e-6 and √(1e12 / 1) = 1e6 rad/s, at the limits; then just past them.
        XCTAssertNoThrow(try parseCommand(["spring", "--stiffness", "1", "--mass", "1e12", "--damping", "1"] + info))
        XCTAssertTrue(
            refusal(["spring", "--stiffness", "0.9999", "--mass", "1e12", "--damping", "1"] + info)
                .contains("must be from 1e-6 to 1e6 rad/s"))
        XCTAssertNoThrow(try parseCommand(["spring", "--stiffness", "1e12", "--mass", "1", "--damping", "1"] + info))
        XCTAssertTrue(
            refusal(["spring", "--stiffness", "1e12", "--mass", "0.9999", "--damping", "1"] + info)
                .contains("must be from 1e-6 to 1e6 rad/s"))
        // Damping ratio, also through view and export (one parser).
        XCTAssertNoThrow(try parseCommand(["spring", "--damping-ratio", "1e6", "--response", "1"] + info))
        XCTAssertEqual(
            refusal(["spring", "--damping-ratio", "1.0001e6", "--response", "1"] + info),
            "spring: the damping ratio must be at most 1e6, got 1000100")
        XCTAssertTrue(
            refusal(["export", "css", "--damping-ratio", "1.0001e6", "--response", "1"]).contains("at most 1e6"))
        // --max-error.
        for e in ["1e-6", "0.1"] {
            XCTAssertNoThrow(
                try parseCommand(["export", "css", "--damping-ratio", "1", "--response", "1", "--max-error", e]))
        }
        for e in ["9.99e-7", "0.1001"] {
            XCTAssertEqual(
                refusal(["export", "css", "--damping-ratio", "1", "--response", "1", "--max-error", e]),
                "--max-error: must be from 1e-6 to 0.1, got \(e)")
        }
        // Values on the command line.
        XCTAssertNoThrow(try parseCommand(["compare", "a.csv", "b.csv", "--tolerance", "1e15"]))
        XCTAssertEqual(
            refusal(["compare", "a.csv", "b.csv", "--tolerance", "1.0001e15"]),
            "--tolerance: must be from 0 to 1e15, got 1000100000000000")
        XCTAssertNoThrow(try parseCommand(["fit", "spring", "a.csv", "--to", "-1e15"]))
        XCTAssertEqual(
            refusal(["fit", "spring", "a.csv", "--to", "-1.0001e15"]),
            "--to: must be within ±1e15, got -1000100000000000")
        XCTAssertNoThrow(
            try parseCommand(["spring", "--damping-ratio", "1", "--response", "1", "--initial-velocity", "1e15"]))
        XCTAssertEqual(
            refusal(["spring", "--damping-ratio", "1", "--response", "1", "--initial-velocity", "1.0001e15"]),
            "--initial-velocity: must be within ±1e15, got 1000100000000000")
        // curve's control values and steps.
        XCTAssertNoThrow(try parseCommand(["curve", "0.5,1e9,0.5,-1e9"]))
        XCTAssertEqual(refusal(["curve", "0.5,1.0001e9,0.5,0"]), "curve: y1 must be within ±1e9, got 1000100000")
        XCTAssertNoThrow(try parseCommand(["curve", "steps(1000000)"]))
        XCTAssertEqual(
            refusal(["curve", "steps(1000001)"]),
            "steps: must be steps(N) or steps(N, position) with N from 1 to 1000000, got \"steps(1000001)\"")
    }

    /// Limits checked when the command runs (by the binary): the settling of an export, a view page's length, a
    /// linear()'s points, a trace's values and size.
    func testRunTimeLimitsHoldBothWays() throws {
        // A critically damped spring from rest settles (within 0.1%) when (1 + x) e^-x = 0.001, x = ω t: x by bisection.
        var lo = 1.0, hi = 20.0
        for _ in 0..<200 { let mid = (lo + hi) / 2; if (1 + mid) * exp(-mid) > 0.001 { lo = mid } else { hi = mid } }
        func response(settling: Double) -> String { NumberFormat.shortest(2 * .pi * settling / lo) }
        let inside = try CLITests.dynsim([
            "export", "core-animation", "--damping-ratio", "1", "--response", response(settling: 0.999e6),
        ])
        XCTAssertEqual(inside.status, 0, inside.stderr)
        let past = try CLITests.dynsim([
            "export", "core-animation", "--damping-ratio", "1", "--response", response(settling: 1.001e6),
        ])
        XCTAssertEqual(past.status, 64)
        XCTAssertTrue(past.stderr.contains("--until: required, this spring does not settle within 1e6 s"), past.stderr)
        // view's page length: --until 100000 accepted, just past refused.
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("dynsim-limits-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        let page = dir.appendingPathComponent("p.html").path
        let long = try CLITests.dynsim([
            "view", "--damping-ratio", "1", "--response", "1", "--until", "100000", "--output", page,
        ])
        XCTAssertEqual(long.status, 0, long.stderr)
        let tooLong = try CLITests.dynsim([
            "view", "--damping-ratio", "1", "--response", "1", "--until", "100000.5", "--output", page,
        ])
        XCTAssertEqual(tooLong.status, 64)
        XCTAssertTrue(
            tooLong.stderr.contains("--until: must be at most 100000 s for a page, got 100000.5"), tooLong.stderr)
        // linear(): a refusal names the cap; a long accepted one stays within it.
        let many = try CLITests.dynsim(["export", "css", "--damping-ratio", "0.002", "--response", "1"])
        XCTAssertEqual(many.status, 64)
        XCTAssertTrue(
            many.stderr.contains(
                "more than the \(Limits.maxLinearPoints) a linear() may have here; give a larger --max-error, or --until"
            ), many.stderr)
        let ok = try CLITests.dynsim(["export", "css", "--damping-ratio", "0.05", "--response", "0.5"])
        XCTAssertEqual(ok.status, 0, ok.stderr)
        let points =
            ok.stdout.split(separator: "linear(").last?.split(separator: ")").first?.split(separator: ",").count ?? 0
        XCTAssertTrue(points > 100 && points <= Limits.maxLinearPoints, "\(points) points")
        // A trace's values: 1e15 read, just past it refused naming the line and column.
        let at = dir.appendingPathComponent("at.csv"), over = dir.appendingPathComponent("over.csv")
        try "t,value\n0,0\n1,1e15\n".write(to: at, atomically: true, encoding: .utf8)
        try "t,value\n0,0\n1,1.0001e15\n".write(to: over, atomically: true, encoding: .utf8)
        XCTAssertEqual(try CLITests.dynsim(["compare", at.path, at.path]).status, 0)
        let big = try CLITests.dynsim(["compare", over.path, at.path])
        XCTAssertEqual(big.status, 65)
        XCTAssertTrue(big.stderr.contains("line 3, column 2 (value): must be within ±1e15, got 1.0001e15"), big.stderr)
        // A trace's size: a (sparse) file of exactly 64 MiB is read (and then refused for its content, zeros), one
        // byte more is refused before reading.
        let huge = dir.appendingPathComponent("huge.csv")
        XCTAssertTrue(FileManager.default.createFile(atPath: huge.path, contents: nil))
        let handle = try FileHandle(forWritingTo: huge)
        try handle.truncate(atOffset: UInt64(Limits.maxTraceBytes))
        try handle.close()
        let read = try CLITests.dynsim(["fit", "spring", huge.path])
        XCTAssertEqual(read.status, 65)
        XCTAssertFalse(read.stderr.contains("must be at most"), read.stderr)
        let handle2 = try FileHandle(forWritingTo: huge)
        try handle2.truncate(atOffset: UInt64(Limits.maxTraceBytes + 1))
        try handle2.close()
        let refused = try CLITests.dynsim(["fit", "spring", huge.path])
        XCTAssertEqual(refused.status, 65)
        XCTAssertTrue(
            refused.stderr.contains("must be at most 64 MiB (67108864 bytes), got 67108865 bytes"), refused.stderr)
    }
}
