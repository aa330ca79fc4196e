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
        ] {
            let r = try dynsim(["decay"] + args)
            XCTAssertEqual(r.status, 64, "\(args)")
            XCTAssertEqual(r.stdout, "", "\(args)")
            XCTAssertTrue(r.stderr.contains("dynsim: error: " + message), "\(args): \(r.stderr)")
        }
    }
}
