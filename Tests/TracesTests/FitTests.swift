import Foundation
import XCTest
@testable import Traces

/// `dynsim fit` on synthetic recordings: springs evaluated here in closed form (not dynsim's), 0 → 300 pt at 60 Hz,
/// with seeded Gaussian noise of σ = 0.5 pt.
final class FitTests: XCTestCase {
    /// SplitMix64 (Steele, Lea, Flood 2014) and Box–Muller: reproducible noise.
    struct Noise {
        var state: UInt64
        mutating func uniform() -> Double {
            state &+= 0x9E3779B97F4A7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9
            z = (z ^ (z >> 27)) &* 0x94D049BB133111EB
            return Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
        }
        mutating func gaussian() -> Double {
            let u = max(uniform(), 1e-300), v = uniform()
            return (-2 * log(u)).squareRoot() * cos(2 * .pi * v)
        }
    }

    /// Mass 1, k = (2π/R)², c = 4πζ/R, released at rest at 0 toward 300: the closed forms.
    static func spring(_ z: Double, _ r: Double, _ t: Double) -> Double {
        let w0 = 2 * .pi / r, y0 = -300.0
        if abs(z - 1) < 1e-12 { return 300 + exp(-w0 * t) * (y0 + w0 * y0 * t) }
        if z < 1 {
            let wd = w0 * (1 - z * z).squareRoot()
            return 300 + exp(-z * w0 * t) * (y0 * cos(wd * t) + z * w0 * y0 / wd * sin(wd * t))
        }
        let s = (z * z - 1).squareRoot(), r1 = -w0 * (z - s), r2 = -w0 * (z + s)
        let a = -r2 * y0 / (r1 - r2)
        return 300 + a * exp(r1 * t) + (y0 - a) * exp(r2 * t)
    }

    /// A recording: 60 Hz for 1.5 s or three responses, whichever is longer.
    static func recording(_ z: Double, _ r: Double, seed: UInt64) -> ([Double], [Double]) {
        var noise = Noise(state: seed)
        let n = Int(max(1.5, 3 * r) * 60) + 1
        let t = (0..<n).map { Double($0) / 60 }
        return (t, t.map { spring(z, r, $0) + 0.5 * noise.gaussian() })
    }

    func testFiveSpringsComeBackWithinTwoPercent() throws {
        for (z, r) in [(0.3, 0.2), (0.6, 0.4), (1.0, 0.6), (1.5, 1.0), (0.8, 0.3)] {
            let (t, v) = FitTests.recording(z, r, seed: 42)
            let f = try SpringFit(times: t, values: v, from: nil, to: nil, label: "trace.csv")
            XCTAssertEqual(f.dampingRatio.value, z, accuracy: 0.02 * z, "ζ \(z), R \(r)")
            XCTAssertEqual(f.response.value, r, accuracy: 0.02 * r, "ζ \(z), R \(r)")
            XCTAssertLessThan(abs(f.rmsResidual - 0.5), 0.1, "the residual is the noise")
            XCTAssertEqual(f.stiffness.value, pow(2 * .pi / f.response.value, 2), accuracy: 1e-9 * f.stiffness.value)
        }
    }

    /// Over 100 seeds the reported 95% intervals hold the true damping ratio and response 90 to 99 times.
    func testIntervalsCoverTheTruthAboutNinetyFivePercent() throws {
        var zHits = 0, rHits = 0
        for seed in 1...100 {
            let (t, v) = FitTests.recording(0.6, 0.5, seed: UInt64(seed) * 7919)
            let f = try SpringFit(times: t, values: v, from: nil, to: nil, label: "trace.csv")
            if f.dampingRatio.low <= 0.6 && 0.6 <= f.dampingRatio.high { zHits += 1 }
            if f.response.low <= 0.5 && 0.5 <= f.response.high { rHits += 1 }
        }
        print("fit spring: 95% intervals held the damping ratio \(zHits) and the response \(rHits) times of 100")
        XCTAssertTrue((90...99).contains(zHits), "\(zHits)")
        XCTAssertTrue((90...99).contains(rHits), "\(rHits)")
    }

    /// easeInEaseOut (0.42, 0, 0.58, 1) sampled at 61 points with noise σ = 0.005 of the distance: the fitted curve
    /// within 0.005 of the true one everywhere (its control points need not match).
    func testCurveFitFollowsEaseInEaseOut() throws {
        func bezier(_ p: [Double], _ x: Double) -> Double {
            // Bisection on the parametric x(s), then y(s): independent of dynsim's Newton solver.
            func b(_ a: Double, _ c: Double, _ s: Double) -> Double {
                3 * (1 - s) * (1 - s) * s * a + 3 * (1 - s) * s * s * c + s * s * s
            }
            var lo = 0.0, hi = 1.0
            for _ in 0..<60 { let mid = (lo + hi) / 2; if b(p[0], p[2], mid) < x { lo = mid } else { hi = mid } }
            return b(p[1], p[3], (lo + hi) / 2)
        }
        let truth = [0.42, 0.0, 0.58, 1.0]
        var noise = Noise(state: 2024)
        let t = (0...60).map { Double($0) / 60 * 0.4 }
        let v = t.map { 100 + 200 * (bezier(truth, $0 / 0.4) + 0.005 * noise.gaussian()) }
        let f = try CurveFit(times: t, values: v, from: 100, to: 300, label: "ease.csv")
        var worst = 0.0
        for k in 0...1000 {
            let x = Double(k) / 1000
            worst = max(worst, abs(bezier([f.curve.x1, f.curve.y1, f.curve.x2, f.curve.y2], x) - bezier(truth, x)))
        }
        print(
            "fit curve: cubic-bezier(\(f.curve.x1), \(f.curve.y1), \(f.curve.x2), \(f.curve.y2)), within \(worst) of easeInEaseOut"
        )
        XCTAssertLessThanOrEqual(worst, 0.005)
        XCTAssertEqual(f.duration, 0.4, accuracy: 1e-12)
    }

    /// The fit works on a unit scale: a trace in units of 1e-12 gives the same spring; pure noise says it is poorly
    /// determined.
    func testScaleAndNoise() throws {
        let (t, v) = FitTests.recording(0.6, 0.5, seed: 5)
        let f = try SpringFit(times: t, values: v.map { $0 * 1e-12 }, from: nil, to: nil, label: "tiny.csv")
        XCTAssertEqual(f.dampingRatio.value, 0.6, accuracy: 0.012)
        XCTAssertEqual(f.to.value, 300e-12, accuracy: 3e-12)
        XCTAssertTrue(f.notes.isEmpty, "\(f.notes)")
        var noise = Noise(state: 9)
        let g = try SpringFit(times: t, values: t.map { _ in noise.gaussian() }, from: nil, to: nil, label: "noise.csv")
        XCTAssertFalse(g.notes.isEmpty, "pure noise should be flagged")
    }

    func testTooFewRowsAndNoMotionAreRefused() {
        XCTAssertThrowsError(
            try SpringFit(times: [0, 1, 2], values: [0, 1, 2], from: nil, to: nil, label: "short.csv")
        ) {
            XCTAssertEqual("\($0)", "short.csv: has 3 rows; fitting 5 parameters needs at least 6")
        }
        XCTAssertThrowsError(
            try SpringFit(
                times: [0, 1, 2, 3, 4, 5, 6], values: Array(repeating: 2, count: 7), from: nil, to: nil,
                label: "flat.csv"))
        XCTAssertThrowsError(
            try CurveFit(times: [0, 1, 2, 3, 4], values: [1, 2, 3, 2, 1], from: nil, to: nil, label: "c.csv"))
    }

    /// Issue repros, each traced here in closed form: a push from rest and back (ζ 0.6, R 0.8 s, v0 1000, 60 Hz for
    /// 1 s) once fitted a 59 Hz spring aliased onto the samples (ζ 0.0127, R 0.0169 s) with full confidence, in seconds
    /// and in milliseconds alike; an undamped swing (0 → 300 and back, R 0.5 s) came out ζ 22, R 0.006 s.
    func testANudgeAndAnUndampedSwingAreFoundNotAliased() throws {
        let w = 2 * Double.pi / 0.8, z = 0.6, wd = w * (1 - z * z).squareRoot()
        let t = (0...60).map { Double($0) / 60 }
        let nudge = t.map { 1000 / wd * exp(-z * w * $0) * sin(wd * $0) }
        for scale in [1.0, 1000] {
            let f = try SpringFit(times: t.map { $0 * scale }, values: nudge, from: nil, to: nil, label: "nudge.csv")
            XCTAssertEqual(f.dampingRatio.value, 0.6, accuracy: 1e-9)
            XCTAssertEqual(f.response.value, 0.8 * scale, accuracy: 1e-9 * scale)
            XCTAssertEqual(f.initialVelocity.value, 1000 / scale, accuracy: 1e-6 / scale)
            XCTAssertFalse(f.cannotTell, "\(f.notes)")
        }
        let swing = t.map { 300 * (1 - cos(4 * .pi * $0)) }
        let u = try SpringFit(times: t, values: swing, from: nil, to: nil, label: "u.csv")
        XCTAssertEqual(u.dampingRatio.value, 0, accuracy: 1e-9)
        XCTAssertEqual(u.response.value, 0.5, accuracy: 1e-9)
        XCTAssertFalse(u.cannotTell, "\(u.notes)")
    }

    /// What the data cannot tell is said, not answered: a step (0 → 100 at once) once got ζ 0.6 with rms 14.5 and no
    /// note; pure noise got no note from the curve fit.
    func testAStepAndNoiseCannotTell() throws {
        let t = (0...60).map { Double($0) / 60 }
        let step = try SpringFit(times: t, values: t.map { $0 == 0 ? 0 : 100 }, from: nil, to: nil, label: "step.csv")
        XCTAssertTrue(step.cannotTell, "\(step.notes)")
        var noise = Noise(state: 11)
        let curve = try CurveFit(times: t, values: t.map { _ in noise.gaussian() }, from: 0, to: 1, label: "noise.csv")
        XCTAssertTrue(curve.cannotTell, "\(curve.notes)")
        let spring = try SpringFit(
            times: t, values: t.map { _ in noise.gaussian() }, from: nil, to: nil, label: "noise.csv")
        XCTAssertTrue(spring.cannotTell, "\(spring.notes)")
        // A pure exponential 300 (1 − e^(−24 t)) is a critically damped spring (ζ 1, R 2π/24, v0 7200) and also every
        // overdamped spring's slow mode: once exit 0 with blank intervals for ζ and R. Now it either says it cannot
        // tell, or its intervals hold the critically damped spring.
        let exponential = try SpringFit(
            times: t, values: t.map { 300 * (1 - exp(-24 * $0)) }, from: nil, to: nil, label: "exp.csv")
        XCTAssertTrue(
            exponential.cannotTell
                || (exponential.dampingRatio.low <= 1 && 1 <= exponential.dampingRatio.high
                    && exponential.response.low <= 2 * .pi / 24 && 2 * .pi / 24 <= exponential.response.high),
            "\(exponential.dampingRatio) \(exponential.response) \(exponential.notes)")
        // Timestamps from an epoch (1e8 s): the times' own rounding bounds what the intervals may claim; they hold
        // the truth (once R [0.29999998314, 0.29999999763] for 0.3).
        let w = 2 * Double.pi / 0.3, z = 0.7, wd = w * (1 - z * z).squareRoot()
        let local = (0..<240).map { Double($0) / 120 }
        let epoch = try SpringFit(
            times: local.map { 1e8 + $0 },
            values: local.map {
                300 + exp(-z * w * $0) * (-300 * cos(wd * $0) - z * w * 300 / wd * sin(wd * $0))
            }, from: nil, to: nil, label: "epoch.csv")
        XCTAssertTrue(
            epoch.cannotTell || (epoch.response.low <= 0.3 && 0.3 <= epoch.response.high), "\(epoch.response)")
        XCTAssertTrue(
            epoch.cannotTell || (epoch.dampingRatio.low <= 0.7 && 0.7 <= epoch.dampingRatio.high),
            "\(epoch.dampingRatio)")
    }

    /// A long trace costs a bounded number of passes over it, whatever its length (issue 30: 10,000 rows took 2.5 s,
    /// 50,000 took 11.5 s, 200,000 over 60 s, as Levenberg–Marquardt ran up to 300 iterations on every row; now it
    /// searches on at most 4,000 rows, then polishes on all for at most 10 iterations: 1 + 10 × (8 + 30) + 8 passes).
    /// (Tests/Fit/long.py checks that long traces' fits stay right, on the release build.)
    func testLongTracesCostBoundedPassesAndStayRight() throws {
        for n in [5_000, 12_000] {
            // A damped oscillation, which no timing curve follows (the search crawls): bounded all the same.
            let t = (0..<n).map { 2 * Double($0) / Double(n - 1) }
            let wobble = t.map { 100 * (1 - exp(-5 * $0) * cos(10 * $0)) }
            let misfit = try CurveFit(times: t, values: wobble, from: nil, to: nil, label: "w.csv")
            XCTAssertTrue(misfit.cannotTell)
            XCTAssertLessThanOrEqual(misfit.passes, 1 + 10 * (8 + 30) + 8, "\(n) rows")
        }
    }
}

/// `dynsim compare`'s time matching: times a few ulps apart are one time.
final class ComparisonTimeTests: XCTestCase {
    /// Times built by adding 0.1 thirty times end at 3.0000000000000013; a trace sampled at k / 10 ends at 3. Each of
    /// the first trace's rows is within ACTUAL's span to the ulp, so every row is compared and the column passes (it was
    /// PARTIAL, 30 of 31 rows, with both spans printed as "3").
    func testTimesAFewUlpsApartMatch() throws {
        var added: [Double] = [0]
        for _ in 0..<30 { added.append(added.last! + 0.1) }
        XCTAssertNotEqual(added.last!, 3.0)
        let exact = (0...30).map { Double($0) / 10 }
        let expected = Trace(label: "added.csv", times: added, columns: [("x", added.map { 2 * $0 })])
        let actual = Trace(label: "exact.csv", times: exact, columns: [("x", exact.map { 2 * $0 })])
        let c = try Comparison(expected: expected, actual: actual, columns: nil, tolerance: 1e-9)
        XCTAssertEqual(c.columns[0].rows, 31)
        XCTAssertTrue(c.passed, c.text)
        // A real gap is still a gap, and the message prints the spans in full.
        let short = Trace(
            label: "short.csv", times: Array(exact.dropLast()), columns: [("x", exact.dropLast().map { 2 * $0 })])
        let d = try Comparison(expected: expected, actual: short, columns: nil, tolerance: 1e-9)
        XCTAssertFalse(d.passed)
        XCTAssertTrue(d.junit.contains("added.csv: 0 to 3.0000000000000013 s"), d.junit)
    }
}
