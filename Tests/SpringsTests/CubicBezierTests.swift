import Foundation
import XCTest
import Springs

/// Vectors from Chromium's ui/gfx/geometry/cubic_bezier_unittest.cc (tolerance 1.5e-4 as there).
final class CubicBezierTests: XCTestCase {
    func testChromiumBasicVectors() {
        let f = CubicBezier(0.25, 0, 0.75, 1)
        let expected: [(Double, Double)] = [
            (0, 0), (0.05, 0.01136), (0.1, 0.03978), (0.15, 0.079780), (0.2, 0.12803), (0.25, 0.18235), (0.3, 0.24115),
            (0.35, 0.30323), (0.4, 0.36761), (0.45, 0.43345), (0.5, 0.5), (0.6, 0.63238), (0.65, 0.69676),
            (0.7, 0.75884), (0.75, 0.81764), (0.8, 0.87196), (0.85, 0.92021), (0.9, 0.96021), (0.95, 0.98863), (1, 1),
        ]
        for (x, y) in expected { XCTAssertEqual(f.value(at: x), y, accuracy: 1.5e-4, "x = \(x)") }
        XCTAssertEqual(CubicBezier(0.5, 1, 0.5, 1).value(at: 0.5), 0.875)
        XCTAssertEqual(CubicBezier(0.5, 2, 0.5, 2).value(at: 0.5), 1.625)
        XCTAssertEqual(CubicBezier(0.5, -1, 0.5, -1).value(at: 0.5), -0.625)
    }

    func testChromiumUnclampedYVectors() {
        let f = CubicBezier(0.5, -1, 0.5, 2)
        let expected: [(Double, Double)] = [
            (0, 0), (0.05, -0.08954), (0.1, -0.15613), (0.15, -0.19641), (0.2, -0.20651), (0.25, -0.18232),
            (0.3, -0.11992), (0.35, -0.01672), (0.4, 0.12660), (0.45, 0.30349), (0.5, 0.5), (0.55, 0.69651),
            (0.6, 0.87340), (0.65, 1.01672), (0.7, 1.11992), (0.75, 1.18232), (0.8, 1.20651), (0.85, 1.19641),
            (0.9, 1.15613), (0.95, 1.08954), (1, 1),
        ]
        for (x, y) in expected { XCTAssertEqual(f.value(at: x), y, accuracy: 1.5e-4, "x = \(x)") }
    }

    func testChromiumSlopeVectors() {
        let f = CubicBezier(0.25, 0, 0.75, 1)
        let expected: [(Double, Double)] = [
            (-0.1, 0), (0, 0), (0.05, 0.42170), (0.25, 1.13576), (0.5, 1.33333),
            (0.9, 0.69778), (1, 0), (1.1, 0),
        ]
        for (x, y) in expected { XCTAssertEqual(f.slope(at: x), y, accuracy: 1.5e-4, "x = \(x)") }
    }

    func testChromiumExtrapolation() {
        let cases: [((Double, Double, Double, Double), Double, Double)] = [
            ((0.5, 1, 0.5, 1), -2, 1),  // simple
            ((0, 0, 1, 1), -1, 2),  // coincident endpoints
            ((0, 1, 1, 0), 0, 1),  // vertical gradient
            ((0.5, 0, 1, 0.5), 0, 1),  // vertical trailing gradient
            ((0.1, 0.2, 0.8, 0.8), -2, 2),  // distinct endpoints
            ((0, 0, 0.5, 1), -2, 1),  // coincident leading endpoint
            ((1, 0.5, 1, 1), -0.5, 1),  // coincident trailing endpoint
            ((0, 0, 0, 0), -1, 2),  // all zeros: linear
            ((1, 1, 1, 1), -1, 2),  // all ones: linear
        ]
        for ((x1, y1, x2, y2), atMinusOne, atTwo) in cases {
            let f = CubicBezier(x1, y1, x2, y2)
            XCTAssertEqual(f.value(at: -1), atMinusOne, "\(f) at -1")
            XCTAssertEqual(f.value(at: 2), atTwo, "\(f) at 2")
            XCTAssertEqual(f.value(at: 0), 0)
            XCTAssertEqual(f.value(at: 1), 1)
        }
    }

    func testCurvesOnTheDiagonalAreExactlyLinear() {
        // x1 = y1 and x2 = y2 make x(t) = y(t), so the value is x itself, to the last bit (timing boundaries such as
        // a group child's begin time depend on it).
        for curve in [CubicBezier.linear, CubicBezier(0.3, 0.3, 0.6, 0.6)] {
            for x in [0.1, 0.25, 0.3, 0.7, 0.9] { XCTAssertEqual(curve.value(at: x), x) }
        }
        XCTAssertNotEqual(CubicBezier(0.3, 0.3, 0.6, 0.61).value(at: 0.3), 0.3)
    }

    func testSolverRoundTrip() {
        // Chromium's validateSolver: solve(sampleX(t)) within 1e-5 of t, for the named curves and hard cases.
        var curves = CubicBezier.named.map(\.curve)
        curves += [
            CubicBezier(0, 0, 0, 0), CubicBezier(1, 1, 1, 1), CubicBezier(0.3, 1.5, 0.8, 1.5),
            CubicBezier(0.4, -0.8, 0.7, 1.7), CubicBezier(0.7, -2, 1, -1.5), CubicBezier(0, 4, 1, -3),
        ]
        for f in curves {
            var t = 0.0
            while t <= 1 {
                XCTAssertEqual(f.solveX(f.sampleX(t)), t, accuracy: 1e-5, "\(f) t = \(t)")
                t += 0.05
            }
        }
    }

    func testSteepCurvesNeverDecrease() {
        for f in [
            CubicBezier(0, 1, 0, 1), CubicBezier(1, 0, 1, 0), CubicBezier(0.9, 0, 0.1, 1), CubicBezier(0, 0.9, 1, 0.1),
            CubicBezier(1, 0, 0, 1),
        ] {
            var previous = f.value(at: 0)
            for i in 1...10_000 {
                let y = f.value(at: Double(i) * 1e-4)
                XCTAssertGreaterThanOrEqual(y, previous, "\(f) at \(Double(i) * 1e-4)")
                if y < previous { break }
                previous = y
            }
        }
    }

    func testAccurateNearEndsWithZeroSlopeInX() {
        // (0, 1, 0, 1): x(t) = t³ and y(t) = 3t − 3t² + t³, so near 0, t = ∛x exactly.
        for x in [1e-12, 1e-10, 1e-6] {
            let t = Foundation.cbrt(x)
            let expected = 3 * t - 3 * t * t + t * t * t
            XCTAssertEqual(CubicBezier(0, 1, 0, 1).value(at: x), expected, accuracy: 1e-9 * expected, "x = \(x)")
        }
        // (1, 0.5, 1, 0.5) near 1: x(t) = 1 − (1 − t)³ · 1 ... x = 3(1−t)t² + 3(1−t)²t + t³ with x1 = x2 = 1, i.e.
        // 1 − x = (1 − t)³; y = 1.5 (1 − t)² t + 1.5 (1 − t) t² + t³.
        let x = 1 - 1e-12
        let u = Foundation.cbrt(1 - x), t = 1 - u
        let expected = 1.5 * u * u * t + 1.5 * u * t * t + t * t * t
        XCTAssertEqual(CubicBezier(1, 0.5, 1, 0.5).value(at: x), expected, accuracy: 1e-9)
    }

    func testNamedCurvesAreApples() {
        XCTAssertEqual(CubicBezier.easeIn, CubicBezier(0.42, 0, 1, 1))
        XCTAssertEqual(CubicBezier.easeOut, CubicBezier(0, 0, 0.58, 1))
        XCTAssertEqual(CubicBezier.easeInEaseOut, CubicBezier(0.42, 0, 0.58, 1))
        XCTAssertEqual(CubicBezier.default, CubicBezier(0.25, 0.1, 0.25, 1))
        for x in stride(from: 0.0, through: 1.0, by: 0.1) {
            XCTAssertEqual(CubicBezier.linear.value(at: x), x, accuracy: 1e-12)
        }
    }

    func testStepsFollowCSSEasing() {
        // CSS Easing Level 1 examples: steps(4, jump-end) etc. at a few inputs.
        func values(_ s: StepsTiming) -> [Double] { [0, 0.1, 0.25, 0.5, 0.99, 1].map { s.value(at: $0) } }
        XCTAssertEqual(values(StepsTiming(count: 4, position: .jumpEnd)), [0, 0, 0.25, 0.5, 0.75, 1])
        XCTAssertEqual(values(StepsTiming(count: 4, position: .jumpStart)), [0.25, 0.25, 0.5, 0.75, 1, 1])
        XCTAssertEqual(values(StepsTiming(count: 5, position: .jumpNone)), [0, 0, 0.25, 0.5, 1, 1])
        XCTAssertEqual(values(StepsTiming(count: 3, position: .jumpBoth)), [0.25, 0.25, 0.25, 0.5, 0.75, 1])
    }

    func testTimingCurveProtocol() {
        let curves: [TimingCurve] = [CubicBezier.easeInEaseOut, StepsTiming(count: 2), SpringTiming(spring: Spring())]
        XCTAssertEqual(curves[0].progress(atTime: 1, duration: 2), 0.5, accuracy: 1e-12)
        XCTAssertEqual(curves[0].progress(atTime: 5, duration: 2), 1)
        XCTAssertEqual(curves[1].progress(atTime: 1.5, duration: 2), 0.5)
        XCTAssertTrue(curves[2].ignoresDuration)
        XCTAssertEqual(curves[2].progress(atTime: 0.3, duration: 99), Spring().value(at: 0.3), accuracy: 1e-15)
        // A spring fitted to a duration settles at its end.
        let fitted = SpringTiming(spring: Spring(), ignoresDuration: false)
        XCTAssertEqual(fitted.progress(atTime: 2, duration: 2), 1, accuracy: 0.001 + 1e-9)
    }
}
