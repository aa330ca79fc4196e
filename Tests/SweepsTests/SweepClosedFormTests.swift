import Foundation
import IO
import Scenes
import XCTest

@testable import Sweeps

/// A sweep's metrics against the damped oscillator's closed form (mass 1, from 0 to 100 at rest): the test computes
/// the motion itself, x(t) = 100 + e^(−ζω₀t)(…) for each of the three damping regimes, never from the code under test.
final class SweepClosedFormTests: XCTestCase {
    static let scene = """
        {"duration": 4, "layers": [{"name": "a", "position": [100, 0]}],
         "animations": [{"layer": "a", "type": "spring", "keyPath": "position.x", "fromValue": 0, "toValue": 100,
                         "mass": 1, "stiffness": 100, "damping": 10}]}
        """

    /// The spring's position at `t`: stiffness `k`, damping `c`, mass 1, from 0 at rest toward 100.
    static func position(_ t: Double, k: Double, c: Double) -> Double {
        let w0 = k.squareRoot(), zeta = c / (2 * k.squareRoot())
        if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            return 100 - 100 * exp(-zeta * w0 * t) * (cos(wd * t) + zeta * w0 / wd * sin(wd * t))
        }
        if zeta == 1 { return 100 - 100 * exp(-w0 * t) * (1 + w0 * t) }
        let s = (zeta * zeta - 1).squareRoot(), r1 = -w0 * (zeta - s), r2 = -w0 * (zeta + s)
        let a = -100 * r2 / (r2 - r1)
        return 100 + a * exp(r1 * t) + (-100 - a) * exp(r2 * t)
    }

    func sweep() throws -> Sweep {
        let base = try JSONParser.parse(Array(SweepClosedFormTests.scene.utf8))
        let plan = try SweepPlan(axes: [
            SweepAxis(path: "animations[0].stiffness", values: .list([50, 100, 200])),
            SweepAxis(path: "animations[0].damping", values: .list([5, 10, 15, 20])),
        ])
        let metrics = try ["settle:a.position.x:1:100", "overshoot:a.position.x:100"].map(SweepMetric.init(parsing:))
        return Sweep(base: base, plan: plan, metrics: metrics) { json in
            try SceneDecoder(fileName: "spring.json") { _ in [] }.decode(json)
        }
    }

    /// A 3 × 4 grid of stiffness and damping (under-, critically and overdamped among them): each settling time into
    /// a 1 pt band is within one output row (1/60 s) of the closed form's (the last time it is more than 1 pt from
    /// 100, found on a 10 µs grid), and each overshoot is within 1e-9 of the closed form's largest excess over 100 at
    /// the same row times.
    func testSettlingAndOvershootMatchTheDampedOscillator() throws {
        let s = try sweep()
        try s.check()
        var results: [SweepResult] = []
        try s.run(jobs: 2) { _, r in results.append(r) }
        XCTAssertEqual(results.count, 12)
        for (point, r) in zip(s.plan.points, results) {
            let (k, c) = (point[0], point[1])
            XCTAssertNil(r.failure)
            var lastOutside = 0.0
            for i in 0...400_000 {
                let t = Double(i) * 1e-5
                if abs(SweepClosedFormTests.position(t, k: k, c: c) - 100) > 1 { lastOutside = t }
            }
            let settle = try XCTUnwrap(r.metrics[0], "k \(k), c \(c): settles within the run")
            XCTAssertEqual(settle, lastOutside, accuracy: 1.0 / 60, "k \(k), c \(c): settling time")
            let overshoot = (0...240).map { SweepClosedFormTests.position(Double($0) / 60, k: k, c: c) - 100 }.max()!
            XCTAssertEqual(try XCTUnwrap(r.metrics[1]), max(0, overshoot), accuracy: 1e-9, "k \(k), c \(c): overshoot")
        }
        // The grid holds all three regimes: ζ = c / (2√k) below, at and above 1.
        let zetas = s.plan.points.map { $0[1] / (2 * $0[0].squareRoot()) }
        XCTAssertTrue(zetas.contains { $0 < 1 } && zetas.contains(1) && zetas.contains { $0 > 1 })
    }

    /// One job and two give the same results in the same order.
    func testJobsDoNotChangeTheResults() throws {
        let s = try sweep()
        var one: [SweepResult] = [], two: [SweepResult] = []
        try s.run(jobs: 1) { _, r in one.append(r) }
        try s.run(jobs: 2) { _, r in two.append(r) }
        XCTAssertEqual(one, two)
        XCTAssertEqual(Set(one.map(\.id)).count, 12, "a distinct id per run")
    }
}
