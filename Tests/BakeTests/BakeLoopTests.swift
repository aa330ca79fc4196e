import Foundation
import Dynamics
import Playback
import Scenes
import XCTest

@testable import Bake

/// The loop closes through dynsim itself: a bake written as a scene (`--target scene`) and run through dynsim's own
/// Core Animation model reproduces the original run within the bound, at every 1 ms row (here the bouncing ball in both
/// profiles; Tests/Bake/loop.sh does the swinging view and the buttons that drop and spread too, with the release
/// binary). The expected values are the original run's own columns, read here independently of the bake's object
/// code.
final class BakeLoopTests: XCTestCase {
    /// The run's columns at `rate` (all of them).
    func rows(_ scene: Scene, rate: Double) throws -> (columns: [String], values: [[Double]]) {
        var s = scene
        s.rate = rate
        s.columns = nil
        let run = SceneRun(scene: s)
        var values = [[Double]](repeating: [], count: run.columns.count)
        try run.run { row in for k in row.values.indices { values[k].append(row.values[k]) } }
        return (run.columns, values)
    }

    /// Each object's (x, y, angle in radians) columns in the original run, as docs/scene-format.md names them:
    /// items `.x`, `.y`, `.angle`; subviews their place on the screen, `.root.position.x`, `.y`, `.root.rotation.z`.
    static let objects: [String: [(name: String, x: String, y: String, angle: String)]] = [
        "swinging-view": [("view", "view.x", "view.y", "view.angle")],
        "bouncing-ball": [("ball", "ball.x", "ball.y", "ball.angle")],
        "drop-and-spread": (0..<5).map {
            ("b\($0)", "b\($0).root.position.x", "b\($0).root.position.y", "b\($0).root.rotation.z")
        },
    ]

    func testTheSceneTargetRunThroughDynsimReproducesTheRun() throws {
        for name in ["bouncing-ball"] {
            for profile in SolverProfile.allCases {
                var scene = try XCTUnwrap(Catalog.scene(named: name))
                scene.profile = profile
                let bake = try Bake.make(scene: scene, source: name, tolerance: BakeTolerance())
                let text = SceneTarget.write(bake, report: [])
                let baked = try SceneDecoder(fileName: "bake.json") { _ in [] }.decode(Array(text.utf8))
                let original = try rows(scene, rate: 1000), replay = try rows(baked, rate: 1000)
                XCTAssertEqual(original.values[0].count, replay.values[0].count)
                func column(_ r: (columns: [String], values: [[Double]]), _ c: String) throws -> [Double] {
                    try XCTUnwrap(r.columns.firstIndex(of: c).map { r.values[$0] }, c)
                }
                for o in Self.objects[name]! {
                    let pairs = [(o.x, o.name + ".position.x"), (o.y, o.name + ".position.y")]
                    for (expected, actual) in pairs {
                        let e = try column(original, expected), a = try column(replay, actual)
                        let worst = zip(e, a).map { abs($0 - $1) }.max()!
                        XCTAssertLessThanOrEqual(worst, 0.5, "\(name) \(profile) \(actual)")
                    }
                    let e = try column(original, o.angle), a = try column(replay, o.name + ".transform.rotation.z")
                    let worst = zip(e, a).map { abs(remainder($0 - $1, 2 * .pi)) * 180 / .pi }.max()!
                    XCTAssertLessThanOrEqual(worst, 0.5, "\(name) \(profile) rotation")
                }
            }
        }
    }

    /// The bound holds over a seeded sweep of E from 0.01 to 10 pt on the swinging view: the keyframes, evaluated
    /// here by their own definition (value plus change times the cubic-Bézier easing, the curve solved in this test),
    /// stay within E of the run at every 1 ms row, and the keys thin out as E grows.
    func testTheBoundHoldsOverASeededSweepOfE() throws {
        let scene = try XCTUnwrap(Catalog.scene(named: "swinging-view"))
        let run = try rows(scene, rate: Bake.sceneSampleRate)
        let x = run.values[run.columns.firstIndex(of: "view.x")!], times = run.values[0]
        var seed: UInt64 = 0x5EED
        var bounds = [0.01, 10.0]
        for _ in 0..<4 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            bounds.append(0.01 * pow(1000, Double(seed >> 11) / Double(1 << 53)))  // log-uniform in [0.01, 10)
        }
        var keys: [(Double, Int)] = []
        for e in bounds {
            // The reduction Bake.make applies to each channel, on the run's x column at the bake's sample rate.
            let c = KeyframeReduction.reduce(property: .x, times: times, values: x, maxError: e)
            var worst = 0.0
            for (t, v) in zip(times, x) { worst = max(worst, abs(Self.evaluate(c, at: t) - v)) }
            XCTAssertLessThanOrEqual(worst, e, "E \(e): \(c.times.count) keys")
            XCTAssertEqual(worst, c.maxError, accuracy: 1e-9 * max(1, e), "the stated error is the measured one")
            keys.append((e, c.times.count))
        }
        keys.sort { $0.0 < $1.0 }
        XCTAssertGreaterThan(keys.first!.1, keys.last!.1, "\(keys)")
    }

    /// The swinging view's 601 rows at 60 Hz, at the default bounds: at least 10 times fewer keys per property.
    func testEconomy() throws {
        let scene = try XCTUnwrap(Catalog.scene(named: "swinging-view"))
        let bake = try Bake.make(scene: scene, source: "swinging-view", tolerance: BakeTolerance())
        for c in bake.objects[0].channels {
            XCTAssertLessThanOrEqual(c.times.count * 10, 601, "\(c.property): \(c.times.count) keys")
        }
    }

    /// A segment's value by the shared keyframe model, with the cubic Bézier's x solved by bisection here (not by
    /// the Springs curve the bake uses).
    static func evaluate(_ c: BakeChannel, at t: Double) -> Double {
        guard t > c.times[0] else { return c.values[0] }
        guard t < c.times.last! else { return c.values.last! }
        let k = c.times.lastIndex { $0 <= t }!
        let u = (t - c.times[k]) / (c.times[k + 1] - c.times[k])
        let e = c.easings[k]
        func bez(_ p1: Double, _ p2: Double, _ s: Double) -> Double {
            3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s
        }
        var lo = 0.0, hi = 1.0
        for _ in 0..<100 {
            let mid = (lo + hi) / 2
            if bez(e.x1, e.x2, mid) < u { lo = mid } else { hi = mid }
        }
        return c.values[k] + (c.values[k + 1] - c.values[k]) * bez(e.y1, e.y2, (lo + hi) / 2)
    }
}
