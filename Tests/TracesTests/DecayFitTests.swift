import Foundation
import XCTest
@testable import Traces

/// `dynsim fit decay` on synthetic flicks: UIScrollView's recurrence run here (each millisecond v *= c, then x += v),
/// sampled every 16 ms, with seeded Gaussian noise of σ = 0.3 pt.
final class DecayFitTests: XCTestCase {
    /// A recorded flick from 0 at `v0` pt/s and rate `c`, every `step` ms for `duration` s, and its resting point.
    static func flick(
        c: Double, v0: Double, duration: Double, step: Int = 16, sigma: Double = 0.3, seed: UInt64
    ) -> (t: [Double], x: [Double], rest: Double) {
        var noise = FitTests.Noise(state: seed)
        var x = 0.0, v = v0 / 1000, values = [0.0]
        for _ in 0..<Int(duration * 1000) {
            v *= c
            x += v
            values.append(x)
        }
        let rows = Array(Swift.stride(from: 0, to: values.count, by: step))
        return (
            rows.map { Double($0) / 1000 }, rows.map { values[$0] + sigma * noise.gaussian() },
            v0 / 1000 * c / (1 - c)
        )
    }

    /// `normal` and `fast`, recorded until they rest, over 10 seeds each: every fit is told, within twice its 95%
    /// interval of the truth (never confidently wrong) and narrow (ln c to ±1%); the intervals of the rate, velocity and
    /// resting point hold the truth in at least 8 of the 10.
    func testNormalAndFastComeBackInsideTheirIntervals() throws {
        for (c, v0, duration) in [(0.998, 1500.0, 3.5), (0.99, 3000.0, 0.7)] {
            var hits = (rate: 0, velocity: 0, rest: 0)
            for seed in 1...10 {
                let (t, x, rest) = DecayFitTests.flick(c: c, v0: v0, duration: duration, seed: UInt64(seed) * 104_729)
                let f = try DecayFit(times: t, values: x, from: nil, to: nil, label: "flick.csv")
                XCTAssertFalse(f.cannotTell, "\(c): \(f.notes)")
                let r = f.decelerationRate
                if r.low <= c && c <= r.high { hits.rate += 1 }
                if f.velocity.low <= v0 && v0 <= f.velocity.high { hits.velocity += 1 }
                if f.restingPoint.low <= rest && rest <= f.restingPoint.high { hits.rest += 1 }
                let halfWidth = (log(r.high) - log(r.low)) / 2
                XCTAssertLessThan(abs(log(r.value) - log(c)), 2 * halfWidth, "\(c), seed \(seed): \(r)")
                XCTAssertLessThan(halfWidth, 0.01 * abs(log(c)), "\(c), seed \(seed)")
                XCTAssertLessThan(abs(f.rmsResidual - 0.3), 0.1, "the residual is the noise")
            }
            XCTAssertGreaterThanOrEqual(hits.rate, 8, "\(c)")
            XCTAssertGreaterThanOrEqual(hits.velocity, 8, "\(c)")
            XCTAssertGreaterThanOrEqual(hits.rest, 8, "\(c)")
        }
    }

    /// Over 100 seeds the 95% interval of the rate holds 0.998 90 to 100 times.
    func testTheRatesIntervalCoversTheTruthAboutNinetyFivePercent() throws {
        var hits = 0
        for seed in 1...100 {
            let (t, x, _) = DecayFitTests.flick(c: 0.998, v0: 1000, duration: 3.5, seed: UInt64(seed) * 7919)
            let f = try DecayFit(times: t, values: x, from: nil, to: nil, label: "flick.csv")
            if f.decelerationRate.low <= 0.998 && 0.998 <= f.decelerationRate.high { hits += 1 }
        }
        XCTAssertGreaterThanOrEqual(hits, 90)
    }

    /// With the release value and the resting point given, only the rate is fitted, and it comes back.
    func testFixedEnds() throws {
        let (t, x, rest) = DecayFitTests.flick(c: 0.995, v0: 1000, duration: 1.5, seed: 3)
        let f = try DecayFit(times: t, values: x, from: 0, to: rest, label: "flick.csv")
        XCTAssertFalse(f.cannotTell, "\(f.notes)")
        XCTAssertEqual(f.restingPoint.value, rest)
        XCTAssertTrue(f.decelerationRate.low <= 0.995 && 0.995 <= f.decelerationRate.high, "\(f.decelerationRate)")
    }

    /// The first 80 ms of a flick at `normal` bend by about 6 pt under 0.5 pt of noise: ln c's interval is far
    /// wider than ±10%, so the rate is not told. Seven rows are too few whatever they show.
    func testTooShortAndTooFewRowsCannotTell() throws {
        let (t, x, _) = DecayFitTests.flick(c: 0.998, v0: 1000, duration: 0.08, step: 8, sigma: 0.5, seed: 5)
        let short = try DecayFit(times: t, values: x, from: nil, to: nil, label: "short.csv")
        XCTAssertTrue(short.cannotTell)
        XCTAssertTrue(short.notes.contains { $0.contains("the 95% interval of ln c is ±") }, "\(short.notes)")
        let (t7, x7, _) = DecayFitTests.flick(c: 0.99, v0: 3000, duration: 0.6, step: 100, sigma: 0, seed: 1)
        XCTAssertEqual(t7.count, 7)
        let few = try DecayFit(times: t7, values: x7, from: nil, to: nil, label: "few.csv")
        XCTAssertTrue(few.cannotTell)
        XCTAssertTrue(few.notes.contains { $0.contains("has 7 rows") }, "\(few.notes)")
        // A straight line never decelerates: the rate sits at the slow bound.
        let line = try DecayFit(
            times: (0..<50).map { Double($0) / 60 }, values: (0..<50).map { Double($0) * 10 }, from: nil, to: nil,
            label: "line.csv")
        XCTAssertTrue(line.cannotTell)
    }

    /// Samples a nanosecond apart read as seconds: no rate per millisecond in (0, 1) fits them, and the fit says so.
    func testSamplesTooCloseForARatePerMillisecondCannotTell() throws {
        let t = (0..<100).map { Double($0) * 1e-9 }
        let x = (0..<100).map { 499 * (1 - pow(0.998, 16 * Double($0))) }
        let f = try DecayFit(times: t, values: x, from: nil, to: nil, label: "dt.csv")
        XCTAssertTrue(f.cannotTell)
        XCTAssertTrue(
            f.notes.contains {
                $0.contains("not a rate per millisecond in (0, 1)") || $0.contains("not finite or past")
            },
            "\(f.notes)")
    }

    /// Fewer rows than the fit's parameters + 1, or a trace that never moves, are bad traces (thrown, exit 65).
    func testBadTracesThrow() {
        XCTAssertThrowsError(try DecayFit(times: [0, 1, 2], values: [0, 1, 1.5], from: nil, to: nil, label: "a.csv"))
        XCTAssertThrowsError(
            try DecayFit(times: [0, 1, 2, 3, 4], values: [2, 2, 2, 2, 2], from: nil, to: nil, label: "b.csv"))
    }
}
