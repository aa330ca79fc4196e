import Foundation
import XCTest
import Springs

/// UIScrollView's deceleration and each platform's fling, against arithmetic written here (never the code under test).
final class DecayTests: XCTestCase {
    /// v0 = 1000 pt/s at `normal`: 0.998/0.002 = 499 pt per millisecond (the WWDC 2018 projection), and
    /// −1/(1000 ln 0.998) · 1000 = 499.4998 pt continuously (0.1% farther); `fast`: 0.99/0.01 = 99, 99.4992.
    func testRestingPoints() {
        let v0 = 1000.0
        XCTAssertEqual(Decay(rate: Decay.normal).distance(velocity: v0), 499.0, accuracy: 1e-9)
        XCTAssertEqual(Decay(rate: Decay.fast).distance(velocity: v0), 99.0, accuracy: 1e-9)
        XCTAssertEqual(
            Decay(rate: Decay.normal, model: .continuous).distance(velocity: v0), -v0 / (1000 * log(0.998)),
            accuracy: 1e-9)
        XCTAssertEqual(Decay(rate: Decay.normal, model: .continuous).distance(velocity: v0), 499.5, accuracy: 0.001)
        XCTAssertEqual(Decay(rate: Decay.fast, model: .continuous).distance(velocity: v0), 99.5, accuracy: 0.001)
        XCTAssertEqual(Decay().restingPoint(from: 100, velocity: -v0), 100 - 499, accuracy: 1e-9)
        // The projection as WWDC 2018 session 803 writes it: (v0/1000) · c / (1 − c).
        let c = 0.998
        XCTAssertEqual(Decay().restingPoint(from: 0, velocity: 2500), 2500 / 1000 * c / (1 - c), accuracy: 1e-9)
    }

    /// Within 0.5 pt of rest: per millisecond 499·0.998ⁿ = 0.5 at n = ln(0.5/499)/ln 0.998 = 3449.4 ms; continuously
    /// 499.4998·0.998^(1000t) = 0.5 at 3.4499 s: both 3.45 s to the hundredth.
    func testTimeUntilHalfAPointIsLeft() {
        let perMs = Decay().timeUntilDistanceLeft(below: 0.5, velocity: 1000)
        XCTAssertEqual(perMs, log(0.5 / 499) / log(0.998) / 1000, accuracy: 1e-12)
        XCTAssertEqual(perMs, 3.45, accuracy: 0.001)
        let cont = Decay(model: .continuous).timeUntilDistanceLeft(below: 0.5, velocity: 1000)
        XCTAssertEqual(cont, log(0.5 / (-1 / log(0.998))) / log(0.998) / 1000, accuracy: 1e-12)
        XCTAssertEqual(cont, 3.45, accuracy: 0.001)
        // What is left there is 0.5 pt, by the closed form.
        let x = Decay().value(at: perMs, from: 0, velocity: 1000)
        XCTAssertEqual(499 - x, 0.5, accuracy: 1e-9)
        // Velocity: 1000 · 0.998^(1000t) = 1 pt/s at ln(0.001)/ln(0.998) ms = 3.4504 s.
        XCTAssertEqual(
            Decay().timeUntilVelocity(below: 1, velocity: -1000), log(0.001) / log(0.998) / 1000, accuracy: 1e-12)
        XCTAssertEqual(Decay().timeUntilVelocity(below: 2000, velocity: 1000), 0)
    }

    /// The recurrence run here millisecond by millisecond (v *= c, then x += v) and the closed form agree to 1e-9 of
    /// the distance at every millisecond, at both rates.
    func testRecurrenceMatchesTheClosedFormEveryMillisecond() {
        for c in [0.998, 0.99] {
            let decay = Decay(rate: c)
            let v0 = 1000.0, x0 = 12.0
            var x = x0, v = v0 / 1000
            let total = decay.distance(velocity: v0)
            var worst = 0.0
            for n in 1...8000 {
                v *= c
                x += v
                let t = Double(n) / 1000
                worst = max(worst, abs(decay.value(at: t, from: x0, velocity: v0) - x))
                XCTAssertEqual(decay.velocity(at: t, velocity: v0), v * 1000, accuracy: 1e-9 * v0)
            }
            XCTAssertLessThan(worst, 1e-9 * total, "rate \(c)")
            // The step function is the same recurrence.
            var s = (value: x0, velocityPerMillisecond: v0 / 1000)
            for _ in 0..<10 {
                s = Decay.step(value: s.value, velocityPerMillisecond: s.velocityPerMillisecond, rate: c)
            }
            XCTAssertEqual(s.value, decay.value(at: 0.01, from: x0, velocity: v0), accuracy: 1e-12)
        }
    }

    /// The continuous model's slope is its velocity (central differences), starting at exactly v0.
    func testContinuousVelocityIsTheDerivative() {
        let d = Decay(rate: 0.998, model: .continuous)
        XCTAssertEqual(d.velocity(at: 0, velocity: 800), 800)
        for t in [0.01, 0.3, 1.7] {
            let h = 1e-6
            let slope =
                (d.value(at: t + h, from: 0, velocity: 800) - d.value(at: t - h, from: 0, velocity: 800)) / (2 * h)
            XCTAssertEqual(slope, d.velocity(at: t, velocity: 800), accuracy: 1e-4)
        }
        let rows = d.samples(from: 0, velocity: 800, until: 1.05, rowsPerSecond: 10)
        XCTAssertEqual(rows.count, 12)
        XCTAssertEqual(rows.last!.t, 1.05)
    }

    /// Android's OverScroller spline (friction 0.015, D = ln 0.78/ln 0.9, inflexion 0.35, 160 dpi), evaluated here:
    /// 1000 px/s travels 194.3 px in 0.555 s (194 pt and 0.56 s rounded).
    func testAndroidSpline() {
        let coeff = 9.80665 * 39.37 * 160 * 0.84
        let D = log(0.78) / log(0.9)
        let l = log(0.35 * 1000 / (0.015 * coeff))
        let duration = exp(l / (D - 1))
        let distance = 0.015 * coeff * exp(D / (D - 1) * l)
        let f = Flings.AndroidSpline(from: 10, velocity: 1000)
        XCTAssertEqual(f.distance, distance, accuracy: 1e-6)
        XCTAssertEqual(f.duration, duration, accuracy: 1e-12)
        XCTAssertEqual(f.distance, 194, accuracy: 0.5)
        XCTAssertEqual(f.duration, 0.56, accuracy: 0.005)
        XCTAssertEqual(f.restingPoint, 10 + distance, accuracy: 1e-6)
        XCTAssertEqual(f.value(at: duration), 10 + distance, accuracy: 1e-6)
        XCTAssertEqual(f.value(at: 0), 10)
        XCTAssertEqual(Flings.AndroidSpline(velocity: -1000).restingPoint, -distance, accuracy: 1e-6)
        // The table's first entries as Flutter publishes them (scroll_simulation.dart `_splinePosition`, generated by
        // dev/tools/generate_android_spline_data.dart from the same construction).
        let published = [
            0.000022888183591973643, 0.028561000304762274, 0.05705195792956655, 0.08538917797618413,
            0.11349556286812107,
        ]
        for (i, p) in published.enumerated() {
            XCTAssertEqual(Flings.AndroidSpline.splinePosition[i], p, accuracy: 1e-12, "entry \(i)")
        }
        XCTAssertEqual(Flings.AndroidSpline.splinePosition[100], 1)
        // Halfway through the time: linear between entries 50 and 51 at its start.
        let half = Flings.AndroidSpline.splinePosition[50]
        XCTAssertEqual(f.value(at: duration / 2), 10 + distance * half, accuracy: 1e-6)
    }

    /// androidx FlingAnimation at its default friction (−4.2 · 1): x0 − v0/k + (v0/k)e^(kt), ending below
    /// 0.75 · 1000/16 = 46.875 px/s; Compose's exponentialDecay (−4.2, threshold 0.1): each within 1e-6 of the distance.
    func testFlingAnimationAndComposeExponentialDecay() {
        let v0 = 1000.0, k = -4.2
        let fa = Flings.FlingAnimation(velocity: v0)
        let tEnd = log(46.875 / v0) / k
        XCTAssertEqual(fa.duration, tEnd, accuracy: 1e-12)
        let restFA = -v0 / k + v0 / k * (46.875 / v0)
        XCTAssertEqual(fa.restingPoint, restFA, accuracy: 1e-6)
        XCTAssertEqual(fa.value(at: 0.2), -v0 / k + v0 / k * exp(k * 0.2), accuracy: 1e-6)
        let ce = Flings.ComposeExponentialDecay(from: 5, velocity: v0)
        let restCE = 5 - v0 / k + v0 / k * (0.1 / v0)
        XCTAssertEqual(ce.restingPoint, restCE, accuracy: 1e-6)
        XCTAssertEqual(ce.duration, log(0.1 / v0) / k, accuracy: 1e-12)
        XCTAssertEqual(ce.value(at: 0.5), 5 - v0 / k + v0 / k * exp(k * 0.5), accuracy: 1e-6)
        XCTAssertEqual(Flings.ComposeExponentialDecay(from: 5, velocity: 0.05).restingPoint, 5)
    }

    /// Flutter's FrictionSimulation (drag 0.135): finalX = x0 − v0/ln 0.135; 0.998^1000 = 0.1351 is UIScrollView's
    /// `normal` per second. Motion's inertia: target x0 + 0.8·v0, reached when 0.8·v0·e^(−t/325 ms) ≤ 0.5.
    func testFlutterAndMotion() {
        let fl = Flings.FlutterFriction(velocity: 1000)
        XCTAssertEqual(fl.finalX, -1000 / log(0.135), accuracy: 1e-9)
        XCTAssertEqual(fl.value(at: 1), 1000 * (0.135 - 1) / log(0.135), accuracy: 1e-9)
        XCTAssertEqual(pow(0.998, 1000), 0.135, accuracy: 0.0002)
        let m = Flings.MotionInertia(from: 3, velocity: 1000)
        XCTAssertEqual(m.restingPoint, 803)
        XCTAssertEqual(m.duration, 0.325 * log(800 / 0.5), accuracy: 1e-12)
        XCTAssertEqual(m.value(at: 0.1), 803 - 800 * exp(-100.0 / 325), accuracy: 1e-9)
        XCTAssertEqual(m.value(at: 0), 3, accuracy: 1e-12)
    }
}
