import Foundation
import XCTest

/// Messages that named the wrong thing (each once did, found by a new user): the fix they give must be the one that
/// applies, and a documented form must parse.
final class MessageTests: XCTestCase {
    func testVersusTakesOptionsWithTheirDashes() throws {
        let dir = try temporaryDirectory()
        let page = dir.appendingPathComponent("v.html").path
        let r = try CLITests.dynsim([
            "view", "--damping-ratio", "0.5", "--response", "0.4",
            "--versus", "--damping-ratio=0.9 --response=0.3", "--output", page,
        ])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: page))
    }

    func testFitCurveWithEqualEndsSaysTheyMustDiffer() throws {
        let dir = try temporaryDirectory()
        let trace = dir.appendingPathComponent("fc.csv")
        try Data("t,value\n0,10\n1,10.5\n2,11\n3,12\n4,13\n5,14\n".utf8).write(to: trace)
        let r = try CLITests.dynsim(["fit", "curve", trace.path, "--from", "10", "--to", "10"])
        XCTAssertEqual(r.status, 65)
        XCTAssertTrue(r.stderr.contains("give --from and --to that differ"), r.stderr)
    }

    func testExportCSSBlamesUntilWhenUntilIsTheTrouble() throws {
        let r = try CLITests.dynsim(["export", "css", "--damping-ratio", "0.5", "--response", "0.4", "--until", "1e9"])
        XCTAssertEqual(r.status, 64)
        XCTAssertTrue(r.stderr.hasPrefix("dynsim: error: --until: "), r.stderr)
    }

    /// A distance too small for a progress of full precision (1e-300 once crashed in the number formatter, SIGILL).
    func testExportCSSRefusesADistanceTooSmall() throws {
        for to in ["1e-300", "1e-307"] {
            let r = try CLITests.dynsim([
                "export", "css", "--damping-ratio", "0.5", "--response", "0.5", "--from", "0", "--to", to,
            ])
            XCTAssertEqual(r.status, 64, r.stderr)
            XCTAssertTrue(r.stderr.contains("--to: the distance"), r.stderr)
        }
        let far = try CLITests.dynsim([
            "export", "css", "--damping-ratio", "0.5", "--response", "0.5", "--from", "1e14", "--to", "100000000000001",
        ])
        XCTAssertEqual(far.status, 64, far.stderr)
        XCTAssertTrue(far.stderr.contains("animate an offset from 0"), far.stderr)
    }

    private func temporaryDirectory() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("dynsim-messages-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        return dir
    }
}
