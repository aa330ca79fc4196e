import XCTest
import Scenes
@testable import Bench
import Playback
import Dynamics

/// `dynsim bench drift` (issue 19): scene B's worst energy error over one minute and over the whole run.
final class ChainDriftBenchTests: XCTestCase {
    func testDriftRowsReportTheWorstErrorOverOneMinuteAndOverTheRun() throws {
        let o = try Benchmark.options(
            try Benchmark.spec(program: "dynsim", command: "bench")
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

    /// `precise`'s held step makes frames dearer once the fastest motion has been seen, so its A and B rows are timed
    /// over the same minute their error is read from: the row's frames are that minute's 3600, and its error is the
    /// one a run of 3600 frames leaves (worked out here from the energies, the swing measured from the hanging chain).
    func testPreciseChainIsTimedOverTheMinuteItsErrorIsReadFrom() throws {
        let row = Benchmark.run("B", n: 3, profile: .precise, repeats: 1)
        XCTAssertEqual(row.frames, 3600)
        let world = SceneRun(scene: Benchmark.scene("B", n: 3, profile: .precise)).world
        world.allowsSleeping = false
        let e0 = world.mechanicalEnergy()
        // Hanging straight down from the anchor at y = 100, link k 15 (k + 1) pt below it, gravity 1000 pt/s² (+y down).
        let hanging = (0..<3).reduce(0.0) { $0 - world.items[$1].mass * 1000 * (100 + 15 * Double($1 + 1)) }
        for _ in 0..<3600 { world.stepFrame() }
        let error = abs(world.mechanicalEnergy() - e0) / abs(e0 - hanging)
        XCTAssertEqual(try XCTUnwrap(row.energyError), error, accuracy: 1e-15)
        // Frames asked for are kept (a quick run).
        XCTAssertEqual(Benchmark.run("B", n: 3, profile: .precise, repeats: 1, frames: 20).frames, 20)
    }
}
