import XCTest
import Springs
@testable import Animation

/// UIViewPropertyAnimator's documented states and timing, with expected values worked out by hand or from the seed
/// spring's published numbers.
final class PropertyAnimatorTests: XCTestCase {
    typealias A = PropertyAnimator
    let zero = AnimatableValue.scalar(0), hundred = AnimatableValue.scalar(100)

    func x(_ a: A, _ t: Double) -> Double { a.value(from: zero, to: hundred, at: t).scalar }

    func testEveryDocumentedStateTransition() throws {
        var a = A(duration: 1, timing: .curve(.linear))
        XCTAssertEqual(a.state, .inactive)
        XCTAssertThrowsError(try a.stopAnimation(withoutFinishing: false, at: 0), "stop while inactive")
        XCTAssertThrowsError(try a.finishAnimation(at: .end, time: 0), "finish while inactive")
        XCTAssertThrowsError(
            try a.continueAnimation(withTimingParameters: nil, durationFactor: 1, at: 0), "continue while inactive")
        try a.startAnimation(at: 0)
        XCTAssertEqual(a.state, .active); XCTAssertTrue(a.isRunning)
        XCTAssertThrowsError(try a.setFractionComplete(0.5, at: 0.1), "scrub while running")
        XCTAssertThrowsError(try a.finishAnimation(at: .end, time: 0.1), "finish while active")
        XCTAssertThrowsError(
            try a.continueAnimation(withTimingParameters: nil, durationFactor: 1, at: 0.1), "continue while running")
        try a.pauseAnimation(at: 0.25)
        XCTAssertEqual(a.state, .active); XCTAssertFalse(a.isRunning)
        XCTAssertEqual(x(a, 5), 25, "paused holds")
        try a.startAnimation(at: 1)
        XCTAssertEqual(x(a, 1.5), 75, accuracy: 1e-9)
        try a.stopAnimation(withoutFinishing: false, at: 1.5)
        XCTAssertEqual(a.state, .stopped)
        for call in [
            { try a.startAnimation(at: 2) }, { try a.pauseAnimation(at: 2) }, { try a.setFractionComplete(0.1, at: 2) },
            { try a.setReversed(true, at: 2) }, { try a.stopAnimation(withoutFinishing: true, at: 2) },
        ] {
            XCTAssertThrowsError(try call(), "a stopped animator only finishes")
        }
        XCTAssertEqual(x(a, 2), 75, accuracy: 1e-9, "stopped keeps the values")
        try a.finishAnimation(at: .end, time: 2)
        XCTAssertEqual(a.state, .inactive)
        XCTAssertEqual(x(a, 2), 100)
        XCTAssertEqual(a.completions.map(\.position), [.end])

        // stopAnimation(true): inactive at once, values kept, no completion.
        var b = A(duration: 1, timing: .curve(.linear))
        try b.startAnimation(at: 0)
        try b.stopAnimation(withoutFinishing: true, at: 0.3)
        XCTAssertEqual(b.state, .inactive)
        XCTAssertEqual(x(b, 9), 30, accuracy: 1e-9)
        XCTAssertTrue(b.completions.isEmpty)

        // Setting fractionComplete on an inactive animator makes it active and paused; pauseAnimation too.
        var c = A(duration: 1, timing: .curve(.linear))
        try c.setFractionComplete(0.4, at: 0)
        XCTAssertEqual(c.state, .active); XCTAssertFalse(c.isRunning)
        var d = A(duration: 1, timing: .curve(.linear))
        try d.pauseAnimation(at: 0)
        XCTAssertEqual(d.state, .active); XCTAssertFalse(d.isRunning)

        // Reaching the end finishes it (completion .end at 1 s), unless pausesOnCompletion.
        var e = A(duration: 1, timing: .curve(.linear))
        try e.startAnimation(at: 0)
        e.update(to: 2)
        XCTAssertEqual(e.state, .inactive)
        XCTAssertEqual(e.completions.first?.position, .end)
        XCTAssertEqual(e.completions.first?.time, 1)
        var f = A(duration: 1, timing: .curve(.linear))
        f.pausesOnCompletion = true
        try f.startAnimation(at: 0)
        f.update(to: 2)
        XCTAssertEqual(f.state, .active); XCTAssertFalse(f.isRunning); XCTAssertTrue(f.completions.isEmpty)
    }

    func testReversingAtPointFourTurnsAroundWithoutAJump() throws {
        var a = A(duration: 1, timing: .curve(.linear))
        try a.startAnimation(at: 0)
        XCTAssertEqual(x(a, 0.4), 40, accuracy: 1e-9)
        try a.setReversed(true, at: 0.4)
        XCTAssertEqual(x(a, 0.4), 40, accuracy: 1e-9, "no jump")
        XCTAssertEqual(x(a, 0.6), 20, accuracy: 1e-9)
        a.update(to: 1)
        XCTAssertEqual(x(a, 0.8), 0, accuracy: 1e-9)
        XCTAssertEqual(a.completions.first?.position, .start)
        XCTAssertEqual(a.completions.first?.time ?? .nan, 0.8, accuracy: 1e-12)
    }

    /// iOS 11 and later: paused at fractionComplete 0.3 and reversed, the animator reads 0.7 and counts up to 1 as the
    /// values return to their start (iOS 10 read 0.3, counting down). Linear, 1 s: running back from 0.3 takes 0.3 s,
    /// so at 0.1 s after the restart the values are 0.2 of the way and fractionComplete is 1 − 0.2.
    func testFractionCompleteAfterReversalReadsAsIOS11() throws {
        var a = A(duration: 1, timing: .curve(.linear))
        try a.startAnimation(at: 0)
        try a.pauseAnimation(at: 0.3)
        XCTAssertEqual(a.fractionComplete(at: 0.3), 0.3, accuracy: 1e-12)
        try a.setReversed(true, at: 0.3)
        XCTAssertEqual(a.fractionComplete(at: 0.3), 0.7, accuracy: 1e-12, "iOS 11: 1 - 0.3")
        XCTAssertEqual(x(a, 0.3), 30, accuracy: 1e-9, "the values do not move")
        try a.startAnimation(at: 1)
        for (t, shown) in [(1.1, 20.0), (1.2, 10.0), (1.25, 5.0)] {
            XCTAssertEqual(x(a, t), shown, accuracy: 1e-9)
            XCTAssertEqual(a.fractionComplete(at: t), 1 - shown / 100, accuracy: 1e-9, "counts up toward 1 at \(t) s")
        }
        a.update(to: 2)
        XCTAssertEqual(a.completions.first?.position, .start)
        XCTAssertEqual(a.completions.first?.time ?? .nan, 1.3, accuracy: 1e-12)
        // Setting it on a reversed animator takes the same reading: 0.2 in the reversed direction is 0.8 of the way.
        var b = A(duration: 1, timing: .curve(.linear))
        try b.setReversed(true, at: 0)
        try b.setFractionComplete(0.2, at: 0)
        XCTAssertEqual(x(b, 0), 80, accuracy: 1e-9)
        XCTAssertEqual(b.fractionComplete(at: 0), 0.2, accuracy: 1e-12)
    }

    /// easeIn (0.42, 0, 1, 1) at x, by bisection on the Bézier polynomials written out here.
    func easeIn(_ x: Double) -> Double {
        func bx(_ t: Double) -> Double { 3 * (1 - t) * (1 - t) * t * 0.42 + 3 * (1 - t) * t * t + t * t * t }
        var lo = 0.0, hi = 1.0
        for _ in 0..<100 { let m = (lo + hi) / 2; if bx(m) < x { lo = m } else { hi = m } }
        let t = (lo + hi) / 2
        return 3 * (1 - t) * t * t + t * t * t
    }

    func testScrubbingLinearlyOrAlongTheCurve() throws {
        var a = A(duration: 1, timing: .curve(.easeIn))
        try a.setFractionComplete(0.3, at: 0)
        XCTAssertEqual(x(a, 0), 30, accuracy: 1e-12, "scrubsLinearly: linear in fractionComplete")
        var b = A(duration: 1, timing: .curve(.easeIn))
        b.scrubsLinearly = false
        try b.setFractionComplete(0.3, at: 0)
        XCTAssertEqual(x(b, 0), 100 * easeIn(0.3), accuracy: 1e-9, "along the curve")
        // Running again from a linear scrub: continuous at the resume point, and it still ends at 100 on time.
        try a.startAnimation(at: 1)
        XCTAssertEqual(x(a, 1), 30, accuracy: 1e-9)
        a.update(to: 1.7)
        XCTAssertEqual(a.completions.first?.time ?? .nan, 1.7, accuracy: 1e-12)
        XCTAssertEqual(x(a, 1.7), 100)
    }

    func testContinuedRemainderRunsOverDurationFactorTimesTheDuration() throws {
        var a = A(duration: 1, timing: .curve(.linear))
        try a.startAnimation(at: 0)
        try a.pauseAnimation(at: 0.5)
        try a.continueAnimation(withTimingParameters: nil, durationFactor: 2, at: 1)
        XCTAssertEqual(x(a, 1), 50, accuracy: 1e-9)
        XCTAssertEqual(x(a, 2), 75, accuracy: 1e-9, "the remaining half over 2 × 1 s")
        a.update(to: 5)
        XCTAssertEqual(a.completions.first?.time ?? .nan, 3, accuracy: 1e-12)
        var b = A(duration: 1, timing: .curve(.linear))
        try b.pauseAnimation(at: 0)
        XCTAssertThrowsError(try b.continueAnimation(withTimingParameters: nil, durationFactor: 0, at: 0))
    }

    func testSpringRunsOnItsOwnTimeAndReversesWithTheVelocityTurned() throws {
        // The seed spring (m 2, k 30, c 7) from 0 to 1: x(0.5) = 0.8565176331, x(1) = 1.1924470086 (issue 3's figures).
        let seed = Spring(mass: 2, stiffness: 30, damping: 7)
        var a = A(duration: 10, timing: .spring(seed, initialVelocity: 0))
        try a.startAnimation(at: 0)
        XCTAssertEqual(a.progress(at: 0.5).u, 0.8565176331, accuracy: 1e-9)
        XCTAssertEqual(a.progress(at: 1).u, 1.1924470086, accuracy: 1e-9)
        let before = a.velocity(at: 0.5)
        try a.setReversed(true, at: 0.5)
        XCTAssertEqual(a.progress(at: 0.5).u, 0.8565176331, accuracy: 1e-9, "no jump")
        XCTAssertEqual(a.velocity(at: 0.5), -before, accuracy: 1e-9, "the velocity changes sign")
        // From there it is the closed-form spring from 0.8565 toward 0 with that velocity.
        let expected = SpringMotion(spring: seed, from: 0.8565176331, to: 0, initialVelocity: -before).value(at: 0.3)
        XCTAssertEqual(a.progress(at: 0.8).u, expected, accuracy: 1e-8)
        a.update(to: 100)
        XCTAssertEqual(a.completions.first?.position, .start)
    }

    func testAddedAnimationsUseTheDelayOrTheRemainingDuration() throws {
        var a = A(duration: 1, timing: .curve(.linear))
        try a.addAnimations(keyPath: "position.x", from: zero, to: hundred, at: 0)
        try a.addAnimations(keyPath: "opacity", from: .scalar(0), to: .scalar(1), delayFactor: 0.5, at: 0)
        try a.startAnimation(at: 0)
        XCTAssertEqual(a.value(of: a.changes[0], at: 0.75).scalar, 75, accuracy: 1e-9)
        XCTAssertEqual(a.value(of: a.changes[1], at: 0.25).scalar, 0, "waits for half the duration")
        XCTAssertEqual(a.value(of: a.changes[1], at: 0.75).scalar, 0.5, accuracy: 1e-9)
        // Added at 0.5 s while running: over the remaining 0.5 s.
        try a.addAnimations(keyPath: "cornerRadius", from: .scalar(0), to: .scalar(10), at: 0.5)
        XCTAssertEqual(a.value(of: a.changes[2], at: 0.75).scalar, 5, accuracy: 1e-9)
        XCTAssertEqual(a.value(of: a.changes[2], at: 1).scalar, 10, accuracy: 1e-9)
        XCTAssertThrowsError(
            try a.addAnimations(keyPath: "opacity", from: .scalar(0), to: .scalar(1), delayFactor: 1, at: 0.6))
    }

    func testNonInterruptibleAnimatorsRefusePauseStopAndReverse() throws {
        var a = A(duration: 1, timing: .curve(.linear))
        a.isInterruptible = false
        try a.startAnimation(at: 0)
        XCTAssertThrowsError(try a.pauseAnimation(at: 0.2))
        XCTAssertThrowsError(try a.stopAnimation(withoutFinishing: true, at: 0.2))
        XCTAssertThrowsError(try a.setReversed(true, at: 0.2))
        a.update(to: 1)
        XCTAssertEqual(a.completions.first?.position, .end)
    }

    func testDampingRatioSpringSettlesInTheDuration() throws {
        // The fitted spring's settling duration (ε 0.001) is the animator's duration; it finishes then.
        let spring = A.fittedSpring(dampingRatio: 0.5, duration: 0.8)
        XCTAssertEqual(spring.dampingRatio, 0.5, accuracy: 1e-12)
        XCTAssertEqual(spring.settlingDuration, 0.8, accuracy: 1e-6)
        var a = A(duration: 0.8, timing: .springDampingRatio(0.5, initialVelocity: 0))
        try a.startAnimation(at: 0)
        a.update(to: 0.79)
        XCTAssertEqual(a.state, .active)
        a.update(to: 0.81)
        XCTAssertEqual(a.state, .inactive)
        XCTAssertEqual(a.completions.first?.time ?? .nan, 0.8, accuracy: 1e-6)
    }
}

extension PropertyAnimatorTests {
    func testAddCompletionRunsOnceWithThePositionAndNotAfterStopWithoutFinishing() throws {
        final class Log: @unchecked Sendable { var entries: [String] = [] }
        let log = Log()
        var a = A(duration: 1, timing: .curve(.linear))
        a.addCompletion { p, t in log.entries.append("first \(p.rawValue) \(t)") }
        a.addCompletion { p, _ in log.entries.append("second \(p.rawValue)") }
        try a.startAnimation(at: 0)
        try a.setReversed(true, at: 0.5)
        a.update(to: 2)
        XCTAssertEqual(
            log.entries, ["first start 1.0", "second start"], "in order, at the start it returned to (0.5 + 0.5 s)")
        try a.startAnimation(at: 3)
        a.update(to: 5)
        XCTAssertEqual(log.entries.count, 2, "each handler runs once")
        var b = A(duration: 1, timing: .curve(.linear))
        b.addCompletion { _, _ in log.entries.append("b") }
        try b.startAnimation(at: 0)
        try b.stopAnimation(withoutFinishing: true, at: 0.5)
        b.update(to: 3)
        XCTAssertEqual(log.entries.count, 2, "stopAnimation(true) runs no completion")
    }
}
