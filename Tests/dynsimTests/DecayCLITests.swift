import Foundation
import XCTest

/// `dynsim decay` end to end: values against arithmetic written here, and bad input refused with exit 64.
final class DecayCLITests: XCTestCase, CLIRunner {
    func testInfoAndRows() throws {
        let info = try dynsim(["decay", "--velocity", "1000", "--info"])
        XCTAssertEqual(info.status, 0, info.stderr)
        let rows = Dictionary(
            uniqueKeysWithValues: info.stdout.split(separator: "\n").dropFirst().map {
                let p = $0.split(separator: ",")
                return (String(p[0]), String(p[1]))
            })
        XCTAssertEqual(Double(rows["restingPoint"]!)!, 0.998 / 0.002, accuracy: 1e-9)
        XCTAssertEqual(Double(rows["duration"]!)!, log(0.5 / 499) / log(0.998) / 1000, accuracy: 1e-9)
        let fast = try dynsim(["decay", "--velocity", "-1000", "--from", "50", "--deceleration-rate", "fast", "--info"])
        XCTAssertTrue(
            fast.stdout.contains("\nrestingPoint,-49\n") || fast.stdout.contains("restingPoint,-48.99999"), fast.stdout)
        let cont = try dynsim(["decay", "--velocity", "1000", "--model", "continuous", "--rate", "10", "--until", "1"])
        XCTAssertEqual(cont.status, 0, cont.stderr)
        let lines = cont.stdout.split(separator: "\n")
        XCTAssertEqual(lines.first, "t,value,velocity")
        XCTAssertEqual(lines.count, 12)
        let last = lines.last!.split(separator: ",").map { Double($0)! }
        let k = 1000 * log(0.998)
        XCTAssertEqual(last[0], 1)
        XCTAssertEqual(last[1], 1000 * (pow(0.998, 1000) - 1) / k, accuracy: 1e-9)
        XCTAssertEqual(last[2], 1000 * pow(0.998, 1000), accuracy: 1e-9)
        let android = try dynsim(["decay", "--velocity", "1000", "--model", "android", "--info"])
        XCTAssertTrue(android.stdout.contains("restingPoint,194.3"), android.stdout)
    }

    func testBadInputExits64NamingTheOption() throws {
        for (args, message) in [
            (
                ["--velocity", "1000", "--deceleration-rate", "1.5"],
                "--deceleration-rate: must be between 0 and 1 (exclusive), got 1.5"
            ),
            (
                ["--velocity", "1000", "--deceleration-rate", "0"],
                "--deceleration-rate: must be between 0 and 1 (exclusive), got 0"
            ),
            (
                ["--velocity", "1000", "--deceleration-rate", "slow"],
                "--deceleration-rate: must be normal, fast or a number"
            ),
            (["--velocity", "nan"], "--velocity:"),
            (["--velocity", "inf"], "--velocity:"),
            ([], "--velocity: required"),
            (["--velocity", "1", "--model", "ios"], "--model:"),
            (
                ["--velocity", "1000", "--model", "flutter", "--deceleration-rate", "fast"],
                "--deceleration-rate: UIScrollView's rate applies to the per-millisecond and continuous models, not to flutter"
            ),
            (["--velocity", "1e15", "--model", "android"], "--velocity: this fling coasts"),
        ] {
            let r = try dynsim(["decay"] + args)
            XCTAssertEqual(r.status, 64, "\(args)")
            XCTAssertEqual(r.stdout, "", "\(args)")
            XCTAssertTrue(r.stderr.contains("dynsim: error: " + message), "\(args): \(r.stderr)")
        }
    }

    /// `view`'s flings: a bare --versus MODEL of another platform leaves UIScrollView's rate behind; a name given twice
    /// in one --versus is refused; `export flutter` at a rate whose drag underflows is refused, and `all` says why in
    /// Flutter's place.
    func testFlingOptionsAcrossModels() throws {
        let dir = try temporaryDirectory()
        let page = dir.appendingPathComponent("f.html").path
        let ok = try dynsim([
            "view", "--velocity", "1000", "--deceleration-rate", "fast", "--versus", "android", "--output", page,
        ])
        XCTAssertEqual(ok.status, 0, ok.stderr)
        let twice = try dynsim([
            "view", "--velocity", "1000", "--versus", "model=flutter model=motion", "--output", page,
        ])
        XCTAssertEqual(twice.status, 64)
        XCTAssertTrue(twice.stderr.contains("--versus: --model: given twice"), twice.stderr)
        let flutter = try dynsim(["export", "flutter", "--velocity", "1000", "--deceleration-rate", "0.1"])
        XCTAssertEqual(flutter.status, 64)
        XCTAssertTrue(flutter.stderr.contains("--deceleration-rate: Flutter's drag"), flutter.stderr)
        let all = try dynsim(["export", "all", "--velocity", "1000", "--deceleration-rate", "0.1"])
        XCTAssertEqual(all.status, 0, all.stderr)
        XCTAssertTrue(all.stdout.contains("Flutter's drag, c^1000"), all.stdout)
        let until = try dynsim(["view", "--velocity", "1000", "--until", "200000", "--output", page])
        XCTAssertEqual(until.status, 64)
        XCTAssertTrue(until.stderr.contains("--until: at most 100000 s for a page, got 200000"), until.stderr)
    }
}
