import XCTest
@testable import dynsim
import Bench

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
        expected.rate = 30
        expected.profile = .precise
        XCTAssertEqual(try parseCommand(["run", "pendulum", "--rate", "30", "--profile=precise"]), .run(expected))
        XCTAssertEqual(try parseCommand(["pendulum", "--rate=30", "--profile", "precise"]), .run(expected))
        XCTAssertEqual(usage(["run", "--rate", "30", "--rate", "60"]), "--rate: given twice, got \"60\"")
        XCTAssertEqual(usage(["run", "--rate=0"]), "--rate: must be positive and at most 100000 Hz, got 0")
        XCTAssertEqual(usage(["run", "--output", "--events", "e.csv"]), "--output: missing value, got the option \"--events\"")
        XCTAssertEqual(usage(["run", "--bogus"]), "unknown option, got \"--bogus\"")
    }

    func testSpringAndCurve() throws {
        guard case .spring(let s) = try parseCommand(["spring", "--mass=2", "--stiffness", "30", "--damping=7"]) else {
            return XCTFail("not a spring")
        }
        XCTAssertEqual(s.spring.mass, 2)
        XCTAssertEqual(s.spring.stiffness, 30)
        XCTAssertEqual(usage(["spring", "--stiffness", "3", "--stiffness", "4", "--damping", "1"]), "--stiffness: given twice, got \"4\"")
        guard case .curve(let c) = try parseCommand(["curve", "easeIn", "--samples=3"]) else { return XCTFail("not a curve") }
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
        XCTAssertEqual(usage(["bench", "--repeats", "2", "--repeats=3"]), "--repeats: given twice")
    }
}
