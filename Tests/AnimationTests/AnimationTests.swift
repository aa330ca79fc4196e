import XCTest
import Springs
@testable import Animation

final class AnimationTests: XCTestCase {
    func s(_ x: Double) -> AnimatableValue { .scalar(x) }

    func testApplesKeyframeExample() {
        // Apple (CAKeyframeAnimation, keyTimes): values 310, 60, 120, 60, 310, linear, evenly spaced: 185 at 0.125.
        let k = KeyframeAnimation(
            keyPath: "position.x", values: [310, 60, 120, 60, 310].map(s),
            timing: MediaTiming(duration: 2))
        XCTAssertEqual(k.value(atParentTime: 0.25, model: s(0))!.scalar, 185, accuracy: 1e-12)
        XCTAssertEqual(k.value(atFraction: 0.5).scalar, 120, accuracy: 1e-12)
        XCTAssertNil(k.problem)
    }

    func testDiscreteHoldsEachValueUntilTheNextKeyTime() {
        let k = KeyframeAnimation(
            keyPath: "opacity", values: [1, 0.5, 0].map(s), keyTimes: [0, 0.2, 0.7, 1],
            calculationMode: .discrete)
        XCTAssertEqual(k.value(atFraction: 0.1).scalar, 1)
        XCTAssertEqual(k.value(atFraction: 0.2).scalar, 0.5)
        XCTAssertEqual(k.value(atFraction: 0.69).scalar, 0.5)
        XCTAssertEqual(k.value(atFraction: 0.7).scalar, 0)
        XCTAssertEqual(k.value(atFraction: 1).scalar, 0)
    }

    func testPacedModeMovesAtConstantSpeedAndIgnoresKeyTimes() {
        // Distances 10 then 30: the first segment takes a quarter of the time, whatever the key times say.
        let k = KeyframeAnimation(
            keyPath: "position.x", values: [0, 10, 40].map(s), keyTimes: [0, 0.9, 1],
            timingFunctions: [.easeIn, .easeOut], calculationMode: .paced)
        for f in stride(from: 0.0, through: 1.0, by: 0.05) {
            XCTAssertEqual(k.value(atFraction: f).scalar, 40 * f, accuracy: 1e-12)
        }
    }

    func testCubicModeMatchesKochanekBartelsAtSegmentMidpoints() {
        // Independent check: the KB tangents (Kochanek & Bartels 1984) and the Hermite midpoint
        // p(1/2) = (p_i + p_{i+1}) / 2 + (TS_i − TD_{i+1}) / 8.
        let values = [0.0, 20, 5, 40, 30]
        let tension = [0.3, -0.2, 0.5, 0, 0.1], continuity = [0.1, 0.4, -0.3, 0.2, 0], bias = [0, -0.5, 0.25, 0.6, 0]
        let k = KeyframeAnimation(
            keyPath: "x", values: values.map(s), calculationMode: .cubic, tensionValues: tension,
            continuityValues: continuity, biasValues: bias)
        func p(_ i: Int) -> Double { values[min(max(i, 0), values.count - 1)] }
        for i in 0..<(values.count - 1) {
            let (t0, c0, b0) = (tension[i], continuity[i], bias[i]),
                (t1, c1, b1) = (tension[i + 1], continuity[i + 1], bias[i + 1])
            let ts =
                (1 - t0) * (1 + b0) * (1 + c0) / 2 * (p(i) - p(i - 1)) + (1 - t0) * (1 - b0) * (1 - c0) / 2
                * (p(i + 1) - p(i))
            let td =
                (1 - t1) * (1 + b1) * (1 - c1) / 2 * (p(i + 1) - p(i)) + (1 - t1) * (1 - b1) * (1 + c1) / 2
                * (p(i + 2) - p(i + 1))
            let expected = (p(i) + p(i + 1)) / 2 + (ts - td) / 8
            XCTAssertEqual(k.value(atFraction: (Double(i) + 0.5) / 4).scalar, expected, accuracy: 1e-12, "segment \(i)")
            XCTAssertEqual(k.value(atFraction: Double(i) / 4).scalar, values[i], accuracy: 1e-12)
        }
    }

    func testShakeHitsItsOffsetsAtItsKeyTimes() {
        // The seed's password-field shake: offsets at key times of a 0.4 s additive animation.
        let offsets = [0.0, 10, -10, 10, -5, 5, -5, 0], times = [0, 0.125, 0.25, 0.375, 0.5, 0.625, 0.8, 1]
        let k = KeyframeAnimation(
            keyPath: "position.x", values: offsets.map(s), keyTimes: times,
            timing: MediaTiming(duration: 0.4), isAdditive: true)
        for (o, kt) in zip(offsets, times) {
            // At 0.4 s the animation has ended and the layer shows its model value, 160 = 160 + 0.
            XCTAssertEqual(
                k.value(atParentTime: kt * 0.4, model: s(160))?.scalar ?? 160, 160 + o, accuracy: 1e-9, "key time \(kt)"
            )
        }
    }

    func testSegmentAndWholeTimingFunctions() {
        let k = KeyframeAnimation(
            keyPath: "x", values: [0, 100, 200].map(s), timingFunction: .easeInEaseOut,
            timingFunctions: [.easeIn, .linear], timing: MediaTiming(duration: 1))
        // At 0.25 s: whole curve first, then the segment's curve on its local fraction.
        let whole = CubicBezier.easeInEaseOut.value(at: 0.25)
        let expected = 100 * CubicBezier.easeIn.value(at: whole / 0.5)
        XCTAssertEqual(k.value(atParentTime: 0.25, model: s(0))!.scalar, expected, accuracy: 1e-9)
    }

    func testInvalidKeyframesAreReported() {
        XCTAssertNotNil(KeyframeAnimation(keyPath: "x", values: [s(0), s(1)], keyTimes: [0, 1.5]).problem)
        XCTAssertNotNil(KeyframeAnimation(keyPath: "x", values: [s(0), s(1)], keyTimes: [0.6, 0.4]).problem)
        XCTAssertNotNil(KeyframeAnimation(keyPath: "x", values: [s(0), s(1), s(2)], keyTimes: [0, 1]).problem)
        XCTAssertNotNil(
            KeyframeAnimation(keyPath: "x", values: [s(0), s(1)], timingFunctions: [.linear, .linear]).problem)
        XCTAssertNotNil(KeyframeAnimation(keyPath: "x", values: [s(0), .point(1, 1)]).problem)
        XCTAssertNil(
            KeyframeAnimation(keyPath: "x", values: [s(0), s(1)], keyTimes: [0, 0.5, 1], calculationMode: .discrete)
                .problem)
    }

    func testBasicFromToByAdditiveCumulative() {
        let model = s(50)
        func at(_ a: BasicAnimation, _ t: Double) -> Double { a.value(atParentTime: t, model: model)!.scalar }
        let timing = MediaTiming(duration: 1)
        XCTAssertEqual(
            at(BasicAnimation(keyPath: "x", fromValue: s(0), toValue: s(100), timing: timing), 0.25), 25,
            accuracy: 1e-12)
        XCTAssertEqual(
            at(BasicAnimation(keyPath: "x", fromValue: s(10), byValue: s(20), timing: timing), 0.5), 20, accuracy: 1e-12
        )
        XCTAssertEqual(
            at(BasicAnimation(keyPath: "x", toValue: s(100), byValue: s(40), timing: timing), 0), 60, accuracy: 1e-12)
        XCTAssertEqual(at(BasicAnimation(keyPath: "x", toValue: s(150), timing: timing), 0.5), 100, accuracy: 1e-12)
        XCTAssertEqual(at(BasicAnimation(keyPath: "x", fromValue: s(150), timing: timing), 0.5), 100, accuracy: 1e-12)
        XCTAssertEqual(at(BasicAnimation(keyPath: "x", byValue: s(10), timing: timing), 0.5), 55, accuracy: 1e-12)
        XCTAssertEqual(
            at(BasicAnimation(keyPath: "x", fromValue: s(0), toValue: s(10), timing: timing, isAdditive: true), 0.5),
            55, accuracy: 1e-12)
        // Cumulative: the third play (iteration 2) starts where two plays of +10 left it.
        let cumulative = BasicAnimation(
            keyPath: "x", fromValue: s(0), toValue: s(10),
            timing: MediaTiming(duration: 1, repeatCount: 3), isCumulative: true)
        XCTAssertEqual(at(cumulative, 2.5), 25, accuracy: 1e-12)
        // Rotation through a key path interpolates the angle itself: 315° clockwise passes 180°.
        let turn = BasicAnimation(
            keyPath: "transform.rotation.z", fromValue: s(0), toValue: s(315 * .pi / 180), timing: timing)
        XCTAssertEqual(at(turn, 0.5) * 180 / .pi, 157.5, accuracy: 1e-9)
        // Timing function: easeOut reaches the seed's cornerRadius at exactly 1 s, and a default duration of 0 is 0.25 s.
        let corner = BasicAnimation(
            keyPath: "cornerRadius", fromValue: s(0), toValue: s(50), timing: MediaTiming(duration: 1),
            timingFunction: .easeOut)
        XCTAssertEqual(at(corner, 0.999999), 50, accuracy: 1e-3)
        XCTAssertEqual(at(corner, 0.5), 50 * CubicBezier.easeOut.value(at: 0.5), accuracy: 1e-12)
        XCTAssertNil(
            BasicAnimation(keyPath: "x", fromValue: s(0), toValue: s(1)).value(atParentTime: 0.25, model: model))
        XCTAssertNotNil(
            BasicAnimation(keyPath: "x", fromValue: s(0), toValue: s(1)).value(atParentTime: 0.24, model: model))
    }

    func testSpringAnimationFollowsTheClosedFormAndSettles() {
        let spring = Spring(mass: 2, stiffness: 30, damping: 7)
        let a = SpringAnimation(
            keyPath: "position.y", fromValue: s(100), toValue: s(300), spring: spring,
            timing: MediaTiming(fillMode: .forwards, isRemovedOnCompletion: false))
        XCTAssertEqual(a.value(atParentTime: 0.5, model: s(0))!.scalar, 100 + 200 * 0.8565176331, accuracy: 1e-7)
        XCTAssertEqual(a.settlingDuration, spring.settlingDuration, accuracy: 1e-12)
        XCTAssertEqual(a.value(atParentTime: 60, model: s(0))!.scalar, 300, accuracy: 0.2 + 1e-9)
    }
}
