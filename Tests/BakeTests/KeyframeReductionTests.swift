import Foundation
import XCTest

@testable import Bake

/// The reduction against closed forms: a damped spring and a sine, sampled at 1000 Hz.
final class KeyframeReductionTests: XCTestCase {
    /// x(t) of an underdamped spring from 0 to 100 (mass 1, stiffness 200, damping 4), released at rest.
    static func spring(_ t: Double) -> Double {
        let k = 200.0, c = 4.0, wn = k.squareRoot(), z = c / (2 * wn), wd = wn * (1 - z * z).squareRoot()
        return 100 - 100 * exp(-z * wn * t) * (cos(wd * t) + z * wn / wd * sin(wd * t))
    }

    /// The report's figure is rounded up, so it is never below the error it states (4 significant digits).
    func testTheReportedErrorIsRoundedUp() {
        var seed: UInt64 = 7
        for _ in 0..<2000 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let x = pow(10, Double(seed >> 11) / Double(1 << 53) * 12 - 8)
            let shown = Double(BakeReport.roundedUp(x))!
            XCTAssertGreaterThanOrEqual(shown, x)
            XCTAssertLessThanOrEqual(shown, x * 1.0011, "\(x)")
        }
        XCTAssertEqual(BakeReport.roundedUp(0.40648), "0.4065")
        XCTAssertEqual(BakeReport.roundedUp(0.5), "0.5")
    }

    func testAFreeSpringStaysWithinTheBoundWithAtMostTwoKeysPerHalfCycle() {
        let times = (0...3000).map { Double($0) / 1000 }
        let values = times.map(Self.spring)
        for e in [0.01, 0.1, 0.5, 2] {
            let c = KeyframeReduction.reduce(property: .x, times: times, values: values, maxError: e)
            // The bound, measured here independently of the channel's own figure, on a grid 4x finer.
            var worst = 0.0
            for i in 0...12000 {
                let t = Double(i) / 4000
                worst = max(worst, abs(c.value(at: t) - Self.spring(t)))
            }
            XCTAssertLessThanOrEqual(c.maxError, e, "e \(e)")
            // Between 1 ms samples the spring moves at most ~1.5 pt; the bound is stated at the samples.
            XCTAssertLessThanOrEqual(worst, e * 1.05 + 1e-9, "e \(e): \(c.times.count) keys")
            // Half cycles of the spring above the bound: the time between its extremes is π/ωd.
            let wd = (200.0).squareRoot() * (1 - 0.02).squareRoot()
            let halfCycles = Int((3.0 / (Double.pi / wd)).rounded(.up))
            if e >= 0.5 { XCTAssertLessThanOrEqual(c.times.count - 1, 2 * halfCycles, "e \(e)") }
            print("e \(e): \(c.times.count) keys, measured \(c.maxError)")
        }
    }
}
