import XCTest
@testable import Animation
import Springs

/// UIView animation blocks (iOS 8+ additive) on the layer model. Expected values come from the additive rule written
/// out here with an independent Bézier evaluation (bisection on the polynomials), and from the damped-oscillator
/// closed form.
final class ViewAnimationTests: XCTestCase {
    /// easeInEaseOut (0.42, 0, 0.58, 1) at x, by bisection on the Bézier polynomials written out here.
    static func easeInOut(_ x: Double) -> Double {
        let x = min(max(x, 0), 1)
        func b(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
            3 * (1 - t) * (1 - t) * t * p1 + 3 * (1 - t) * t * t * p2 + t * t * t
        }
        var lo = 0.0, hi = 1.0
        for _ in 0..<100 { let m = (lo + hi) / 2; if b(m, 0.42, 0.58) < x { lo = m } else { hi = m } }
        return b((lo + hi) / 2, 0, 1)
    }

    func layer() -> Layer { Layer(name: "v", bounds: .rect(0, 0, 50, 50), position: .point(0, 100)) }
    func x(_ l: Layer, _ t: Double) -> Double { l.presentationValue("position.x", at: t)!.scalar }

    func testSecondBlockMidFlightBlendsAdditively() {
        var l = layer()
        l.animate("position.x", to: .scalar(100), with: ViewAnimation(duration: 1), at: 0, key: "a")
        let before = x(l, 0.5)
        l.animate("position.x", to: .scalar(300), with: ViewAnimation(duration: 1), at: 0.5, key: "b")
        XCTAssertEqual(x(l, 0.5), before, accuracy: 1e-9, "continuous at the second call")
        XCTAssertEqual(l.modelValue("position.x")?.scalar, 300, "the model takes the new value at once")
        for t in stride(from: 0.5, through: 1.6, by: 0.05) {
            // new + (old₁ − new₁)(1 − e(t)) + (old₂ − new₂)(1 − e(t − 0.5)), each offset on its own curve.
            let expected = 300 + (0 - 100) * (1 - Self.easeInOut(t)) + (100 - 300) * (1 - Self.easeInOut(t - 0.5))
            XCTAssertEqual(x(l, t), expected, accuracy: 1e-6, "t = \(t)")
        }
        XCTAssertEqual(x(l, 2), 300, accuracy: 1e-12)
    }

    func testBeginFromCurrentStateReplacesTheAnimationInFlight() {
        var l = layer()
        l.animate(
            "position.x", to: .scalar(100), with: ViewAnimation(duration: 1, options: .curveLinear), at: 0, key: "a")
        let removed = l.animate(
            "position.x", to: .scalar(300),
            with: ViewAnimation(duration: 1, options: [.curveLinear, .beginFromCurrentState]), at: 0.5, key: "b")
        XCTAssertEqual(removed, ["a"])
        XCTAssertEqual(x(l, 0.5), 50, accuracy: 1e-9)
        XCTAssertEqual(x(l, 1.0), 50 + 250 * 0.5, accuracy: 1e-9, "from the presented 50 toward 300, linearly")
    }

    func testDelayShowsTheOldValueAndCurvesApply() {
        var l = layer()
        l.animate(
            "position.x", to: .scalar(200), with: ViewAnimation(duration: 2, delay: 0.5, options: .curveEaseIn), at: 1,
            key: "a")
        XCTAssertEqual(x(l, 1.2), 0, accuracy: 1e-12, "during the delay the old value shows (backwards fill)")
        // easeIn (0.42, 0, 1, 1) at 0.5 of the way: the polynomial root by bisection.
        func bx(_ t: Double) -> Double { 3 * (1 - t) * (1 - t) * t * 0.42 + 3 * (1 - t) * t * t + t * t * t }
        var lo = 0.0, hi = 1.0
        for _ in 0..<100 { let m = (lo + hi) / 2; if bx(m) < 0.5 { lo = m } else { hi = m } }
        let s = (lo + hi) / 2, y = 3 * (1 - s) * s * s + s * s * s
        XCTAssertEqual(x(l, 2.5), 200 * y, accuracy: 1e-6)
        XCTAssertEqual(ViewAnimation(duration: 2, delay: 0.5).completionTime(calledAt: 1), 3.5)
    }

    func testAutoreverseReturnsThenShowsTheModelAndRepeatNeverCompletes() {
        var l = layer()
        let block = ViewAnimation(duration: 1, options: [.curveLinear, .autoreverse])
        l.animate("position.x", to: .scalar(100), with: block, at: 0, key: "a")
        XCTAssertEqual(x(l, 0.25), 25, accuracy: 1e-9)
        XCTAssertEqual(x(l, 1.5), 50, accuracy: 1e-9, "on the way back")
        XCTAssertEqual(x(l, 2.5), 100, accuracy: 1e-12, "then the model value, as on iOS")
        XCTAssertEqual(block.completionTime(calledAt: 0), 2)
        XCTAssertEqual(ViewAnimation(duration: 1, options: .repeat).completionTime(calledAt: 0), .infinity)
        var r = layer()
        r.animate(
            "position.x", to: .scalar(100), with: ViewAnimation(duration: 1, options: [.curveLinear, .repeat]), at: 0,
            key: "a")
        XCTAssertEqual(x(r, 7.25), 25, accuracy: 1e-9)
    }

    func testSpringBlockFollowsTheClosedFormWithRelativeVelocity() {
        // Damping ratio 0.5, initialSpringVelocity 2 (twice the distance per second), 0 → 100 over 1 s.
        var l = layer()
        l.animate(
            "position.x", to: .scalar(100),
            with: ViewAnimation(duration: 1, spring: .init(dampingRatio: 0.5, initialSpringVelocity: 2)), at: 0,
            key: "s")
        let spring = PropertyAnimator.fittedSpring(dampingRatio: 0.5, duration: 1)
        let w0 = (spring.stiffness / spring.mass).squareRoot(),
            z = spring.damping / (2 * (spring.stiffness * spring.mass).squareRoot())
        XCTAssertEqual(z, 0.5, accuracy: 1e-9)
        // Progress p(t) = 1 − e^(−zw0 t)(A cos wd t + B sin wd t), p(0) = 0, p'(0) = 2: A = 1, B = (z w0 − 2)/wd.
        let wd = w0 * (1 - z * z).squareRoot()
        func p(_ t: Double) -> Double { 1 - exp(-z * w0 * t) * (cos(wd * t) + (z * w0 - 2) / wd * sin(wd * t)) }
        for t in [0.05, 0.2, 0.4, 0.7] { XCTAssertEqual(x(l, t), 100 * p(t), accuracy: 1e-6, "t = \(t)") }
        let h = 1e-6
        XCTAssertEqual((x(l, h) - x(l, 0)) / h, 200, accuracy: 0.01, "initialSpringVelocity 2 = 200 pt/s over 100 pt")
        XCTAssertEqual(x(l, 1.01), 100, "removed at the duration: the model shows")
    }

    func testKeyframeBlockHoldsAndMovesOverEachSpan() {
        var l = layer()
        let frames = [
            ViewKeyframe(relativeStartTime: 0.25, relativeDuration: 0.25, value: .scalar(100)),
            ViewKeyframe(relativeStartTime: 0.75, relativeDuration: 0.25, value: .scalar(40)),
        ]
        l.animateKeyframes("position.x", frames, with: ViewAnimation(duration: 2), at: 0, key: "k")
        let expected: [(Double, Double)] = [
            (0.25, 0), (0.5, 0), (0.75, 50), (1.0, 100), (1.4, 100), (1.75, 70), (2, 40), (3, 40),
        ]
        for (t, v) in expected { XCTAssertEqual(x(l, t), v, accuracy: 1e-9, "t = \(t)") }
        XCTAssertEqual(l.modelValue("position.x")?.scalar, 40)
    }

    func testDurationZeroSetsAtOnce() {
        var l = layer()
        l.animate("position", to: .point(10, 20), with: ViewAnimation(duration: 0), at: 0, key: "z")
        XCTAssertTrue(l.animations.isEmpty)
        XCTAssertEqual(l.presentationValue("position", at: 0)?.components, [10, 20])
    }

    func testOptionsCarryApplesRawValues() {
        XCTAssertEqual(ViewAnimationOptions.curveLinear.rawValue, 3 << 16)
        XCTAssertEqual(ViewAnimationOptions.autoreverse.rawValue, 16)
        XCTAssertEqual(ViewAnimationOptions([.curveEaseOut, .repeat]).curve, .easeOut)
        XCTAssertEqual(ViewAnimationOptions().curve, .easeInEaseOut)
    }
}

extension ViewAnimationTests {
    func testRetargetingASpringMidFlightKeepsPositionAndVelocity() {
        // 0 → 100 on a damping-ratio 0.5, 1 s spring; at 0.3 s retargeted to 40 with beginFromCurrentState.
        var l = layer()
        let block = ViewAnimation(duration: 1, options: .beginFromCurrentState, spring: .init(dampingRatio: 0.5))
        l.animate("position.x", to: .scalar(100), with: block, at: 0, key: "a")
        let s = PropertyAnimator.fittedSpring(dampingRatio: 0.5, duration: 1)
        let w0 = (s.stiffness / s.mass).squareRoot(), z = 0.5, wd = w0 * (1 - z * z).squareRoot()
        // First motion from rest: x = 100 (1 − e^(−z w0 t)(cos wd t + z w0/wd sin wd t)), and its derivative.
        let tr = 0.3, e = exp(-z * w0 * tr)
        let xr = 100 * (1 - e * (cos(wd * tr) + z * w0 / wd * sin(wd * tr)))
        let vr = 100 * e * (w0 * w0 / wd) * sin(wd * tr)
        XCTAssertEqual(x(l, tr), xr, accuracy: 1e-9)
        let removed = l.animate("position.x", to: .scalar(40), with: block, at: tr, key: "b")
        XCTAssertEqual(removed, ["a"])
        // The retargeted motion: 40 + e^(−z w0 τ)(A cos wd τ + B sin wd τ), A = xr − 40, B = (vr + z w0 A)/wd.
        let a = xr - 40, b = (vr + z * w0 * a) / wd
        for tau in [0.0, 0.05, 0.15, 0.3, 0.6] {
            let expected = 40 + exp(-z * w0 * tau) * (a * cos(wd * tau) + b * sin(wd * tau))
            XCTAssertEqual(x(l, tr + tau), expected, accuracy: 1e-4, "τ = \(tau)")
        }
        let h = 1e-5
        XCTAssertEqual(
            (x(l, tr + h) - x(l, tr)) / h, vr, accuracy: 0.05 + abs(vr) * 1e-3, "velocity carried into the new spring")
    }
}
