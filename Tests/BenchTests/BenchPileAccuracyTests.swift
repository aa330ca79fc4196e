import Foundation
import XCTest
import Dynamics
import Playback
import Scenes
@testable import Bench

/// Scene C's accuracy measurement (``PileAccuracy``): the overlap geometry against values from geometry alone and
/// against the solver's own contact points, a tiny pile that settles, the CSV columns, and the same definitions in the
/// Box2D v3 peer and in docs/benchmarks.md. Never timings.
final class BenchPileAccuracyTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..")
        .standardized

    /// Two 10 x 10 pt boxes whose centers are `offset` apart, colliding, without gravity.
    private func twoBoxes(_ offset: Vector2, angle: Double = 0) -> Scene {
        var s = Scene()
        var b = Catalog.item("b", center: Vector2(100, 100) + offset, size: Vector2(10, 10))
        b.definition.angle = angle
        s.items = [Catalog.item("a", center: Vector2(100, 100), size: Vector2(10, 10)), b]
        s.behaviors = [.collision(SceneCollision(items: ["a", "b"]))]
        return s
    }

    func testOverlapIsThePenetrationDepthFromGeometry() {
        // Side by side 8 pt apart: 10 − 8 = 2 pt; offset sideways too, still 2 (the least axis); 11 apart: none.
        XCTAssertEqual(
            PileAccuracy.maxOverlap(SceneRun(scene: twoBoxes(Vector2(8, 0))).world, segments: []), 2, accuracy: 1e-12)
        XCTAssertEqual(
            PileAccuracy.maxOverlap(SceneRun(scene: twoBoxes(Vector2(8, 3))).world, segments: []), 2, accuracy: 1e-12)
        XCTAssertEqual(PileAccuracy.maxOverlap(SceneRun(scene: twoBoxes(Vector2(0, 11))).world, segments: []), 0)
        // A box turned 45° whose corner (5√2 from its center) dips 1 pt below the floor y = 667: 1 pt; a box 2 pt
        // past a wall x = 0: 3 pt (its 5 pt half width minus the 2 pt it has left inside).
        var s = Scene()
        var tilted = Catalog.item("t", center: Vector2(50, 667 - 5 * 2.0.squareRoot() + 1), size: Vector2(10, 10))
        tilted.definition.angle = .pi / 4
        s.items = [tilted, Catalog.item("w", center: Vector2(2, 300), size: Vector2(10, 10))]
        let floor = [(Vector2(0, 667), Vector2(400, 667))], wall = [(Vector2(0, -10_000), Vector2(0, 667))]
        let world = SceneRun(scene: s).world
        XCTAssertEqual(PileAccuracy.maxOverlap(world, segments: floor), 1, accuracy: 1e-12)
        XCTAssertEqual(PileAccuracy.maxOverlap(world, segments: wall), 3, accuracy: 1e-12)
    }

    /// The geometric overlap is what the solver's contact points say (−separation of the deepest touching point), for
    /// two boxes pushed apart over a frame and for a falling pile, in both profiles.
    func testOverlapAgreesWithTheSolversContactPoints() {
        func deepestContact(_ world: World) -> Double { world.contactPoints().map { -$0.separation }.max() ?? 0 }
        for profile in SolverProfile.allCases {
            var pair = twoBoxes(Vector2(8, 0))
            pair.profile = profile
            let world = SceneRun(scene: pair).world
            world.stepFrame()
            let overlap = PileAccuracy.maxOverlap(world, segments: [])
            XCTAssertGreaterThan(overlap, 0.1, "\(profile): still overlapping after one frame")
            XCTAssertEqual(overlap, deepestContact(world), accuracy: 1e-6, "\(profile)")

            let pile = Benchmark.scene("C", n: 20, profile: profile, subSteps: 2)
            let piled = SceneRun(scene: pile).world
            piled.allowsSleeping = false
            for frame in 1...40 {
                piled.stepFrame()
                if frame % 10 == 0 {
                    XCTAssertEqual(
                        PileAccuracy.maxOverlap(piled, segments: PileAccuracy.segments(of: pile)),
                        max(0, deepestContact(piled)), accuracy: 0.02, "\(profile) frame \(frame)")
                }
            }
        }
    }

    /// Twenty boxes settle well before the cap with an overlap of at most the solver's slop and little energy left.
    func testTinyPileSettlesWithLittleOverlap() {
        let p = PileAccuracy.measure(n: 20, profile: .uikit)
        XCTAssertNotNil(p.settleTime)
        XCTAssertLessThan(p.settleTime ?? .infinity, 5)
        XCTAssertGreaterThanOrEqual(p.settledMaxOverlap, 0)
        XCTAssertLessThan(p.settledMaxOverlap, 1, "uikit keeps contacts within about its 0.5 pt slop")
        XCTAssertGreaterThanOrEqual(p.fallMaxOverlap, 0)
        XCTAssertLessThan(p.fallMaxOverlap, 5)
        XCTAssertLessThan(p.endKineticEnergy, 0.5 * 0.01 * 5 * 5, "below a 10 x 10 box at the settling speed")
        XCTAssertEqual(
            p.simulated, p.settleTime! + PileAccuracy.settleHold + PileAccuracy.settledWindow - 1.0 / 60, accuracy: 1e-9
        )
        XCTAssertFalse(p.contactLimitExceeded)
        // A cap shorter than the settling: "not settled", the settled window after the cap.
        let capped = PileAccuracy.measure(n: 20, profile: .uikit, settleCap: 1)
        XCTAssertNil(capped.settleTime)
        XCTAssertEqual(capped.simulated, 2, accuracy: 1e-9)
        let row = Benchmark.Result(scene: "C", n: 20, subSteps: 2, frames: 1, profile: "uikit", ns: 1, pile: capped)
        XCTAssertEqual(row.settleText, ">1")
    }

    func testPileUpToOption() throws {
        let spec = Benchmark.spec(program: "dynsim-bench", command: nil)
        XCTAssertNil(
            try Benchmark.options(try spec.parse(["C"]), command: nil).pileUpTo,
            "the default: 1000 boxes, none with --frames")
        XCTAssertEqual(
            try Benchmark.options(try spec.parse(["C", "--pile-up-to", "4000"]), command: nil).pileUpTo, 4000)
        XCTAssertThrowsError(try spec.parse(["--pile-up-to", "-1"]))
    }

    func testCSVColumnsAreAppendedAndFilledForC() {
        XCTAssertTrue(
            Benchmark.Result.csvHeader.hasPrefix(
                "scene,N,engine,profile,substeps,frames,ns_per_body_step,energy_error,period_error,"),
            "older readers keep their columns")
        XCTAssertTrue(Benchmark.Result.csvHeader.hasSuffix(",fall_max_overlap,settled_max_overlap,settle_time,end_ke"))
        let pile = PileAccuracy(
            fallMaxOverlap: 2.25, settledMaxOverlap: 0.5, settleTime: 1.5, endKineticEnergy: 3.85e-5,
            simulated: 3.5, cap: 20)
        let row = Benchmark.Result(
            scene: "C", n: 100, subSteps: 2, frames: 10, profile: "uikit", ns: 1234.5, pile: pile)
        XCTAssertEqual(row.csvRow, "C,100,dynsim,uikit,2,10,1234.5,,,2.25,0.5,1.500,3.850e-05")
        XCTAssertEqual(row.nsPerBodyFrame, 2469)
        var unsettled = pile
        unsettled.settleTime = nil
        XCTAssertTrue(
            Benchmark.Result(scene: "C", n: 100, subSteps: 2, frames: 10, profile: "uikit", ns: 1, pile: unsettled)
                .csvRow.hasSuffix(",>20,3.850e-05"))
        let a = Benchmark.Result(scene: "A", n: 3, subSteps: 2, frames: 2, profile: "uikit", ns: 1, energyError: 0.5)
        XCTAssertEqual(
            a.csvRow.split(separator: ",", omittingEmptySubsequences: false).count,
            Benchmark.Result.csvHeader.split(separator: ",").count)
        // With --frames (a quick run) C has no pile columns; the table shows both normalizations.
        let quick = Benchmark.run("C", n: 3, profile: .uikit, repeats: 1, frames: 2)
        XCTAssertNil(quick.pile)
        XCTAssertTrue(quick.csvRow.hasSuffix(",,,,,,"))
        XCTAssertTrue(Benchmark.Result.tableHeader.contains("ns/body-step ns/body-frame"))
    }

    /// The Box2D v3 peer states the same thresholds and windows, and docs/benchmarks.md states them and the columns.
    func testPeerAndDocsUseTheSameDefinitionsAsTheBench() throws {
        let peer = try String(
            contentsOf: Self.root.appendingPathComponent("Benchmarks/peers/box2d_v3_bench.py"), encoding: .utf8)
        func constant(_ name: String) -> Double? {
            for line in peer.split(separator: "\n") where line.hasPrefix(name + " = ") {
                return Double(line.dropFirst(name.count + 3).prefix { !$0.isWhitespace })
            }
            return nil
        }
        XCTAssertEqual(constant("SETTLE_SPEED"), PileAccuracy.settleSpeed)
        XCTAssertEqual(constant("SETTLE_HOLD"), PileAccuracy.settleHold)
        XCTAssertEqual(constant("FALL_WINDOW"), PileAccuracy.fallWindow)
        XCTAssertEqual(constant("SETTLE_CAP"), PileAccuracy.settleCap)
        XCTAssertEqual(constant("SETTLED_WINDOW"), PileAccuracy.settledWindow)
        XCTAssertTrue(
            peer.contains(
                Benchmark.Result.csvHeader.replacingOccurrences(
                    of: "period_error,", with: "period_error,\"\n          \"")),
            "the peer prints dynsim's header")
        let doc = try String(contentsOf: Self.root.appendingPathComponent("docs/benchmarks.md"), encoding: .utf8)
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
        XCTAssertTrue(doc.contains("`" + Benchmark.Result.csvHeader + "`"), "docs/benchmarks.md names the CSV columns")
        for phrase in [
            "below \(Int(PileAccuracy.settleSpeed)) pt/s", "for \(Int(PileAccuracy.settleHold)) s",
            "the first \(Int(PileAccuracy.fallWindow)) s", "\(Int(PileAccuracy.settleCap)) s cap",
            "\(Int(PileAccuracy.settledWindow)) s after", "--pile-up-to", "up to \(Benchmark.defaultPileUpTo) boxes",
        ] {
            XCTAssertTrue(doc.contains(phrase), "docs/benchmarks.md: \(phrase)")
        }
    }
}
