import XCTest
import Scenes
@testable import Bench

/// `dynsim bench drift` (issue 19): scene B's worst energy error over one minute and over the whole run.
final class ChainDriftBenchTests: XCTestCase {
    func testDriftRowsReportTheWorstErrorOverOneMinuteAndOverTheRun() throws {
        let o = try Benchmark.options(try Benchmark.spec(program: "dynsim", command: "bench")
            .parse(["drift", "--sizes", "3", "--profile", "precise", "--frames", "4000"]), command: "bench")
        XCTAssertEqual(o.scenes, ["drift"])
        // 3 links, 4000 frames (a little over a minute): two rows, the second's window containing the first's.
        let rows = Benchmark.chainDrift(n: 3, profile: .precise, frames: 4000)
        XCTAssertEqual(rows.map(\.scene), ["B-drift", "B-drift"])
        XCTAssertEqual(rows.map(\.frames), [3600, 4000])
        let first = try XCTUnwrap(rows[0].energyError), whole = try XCTUnwrap(rows[1].energyError)
        XCTAssertGreaterThan(first, 0)
        XCTAssertLessThanOrEqual(first, whole)
        XCTAssertLessThan(whole, 0.01, "precise B 3: energy error \(whole) of the swing energy")
    }
}
