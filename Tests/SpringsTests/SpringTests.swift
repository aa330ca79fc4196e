import Foundation
import XCTest
import Springs

/// Classical RK4 on m x'' + c x' + k (x − target) = 0 with a tiny step: an oracle independent of the closed form.
func integrate(
    mass m: Double, stiffness k: Double, damping c: Double, from: Double, to: Double, velocity: Double,
    until t: Double, step h: Double = 1e-5
) -> (Double, Double) {
    var x = from, v = velocity
    func accel(_ x: Double, _ v: Double) -> Double { (-k * (x - to) - c * v) / m }
    let n = Int((t / h).rounded())
    let h = t / Double(n)
    for _ in 0..<n {
        let k1x = v, k1v = accel(x, v)
        let k2x = v + 0.5 * h * k1v, k2v = accel(x + 0.5 * h * k1x, v + 0.5 * h * k1v)
        let k3x = v + 0.5 * h * k2v, k3v = accel(x + 0.5 * h * k2x, v + 0.5 * h * k2v)
        let k4x = v + h * k3v, k4v = accel(x + h * k3x, v + h * k3v)
        x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
        v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
    }
    return (x, v)
}

final class SpringTests: XCTestCase {
    func testSeedSpring() {
        // UISpringTimingParameters(mass: 2, stiffness: 30, damping: 7), 0 -> 1 (the published values).
        let s = Spring(mass: 2, stiffness: 30, damping: 7)
        let expected: [(Double, Double)] = [
            (0.1, 0.0661520304), (0.5, 0.8565176331), (1, 1.1924470086),
            (2, 0.9665722898), (5, 1.0000808018),
        ]
        for (t, x) in expected { XCTAssertEqual(s.value(at: t), x, accuracy: 1e-9, "t = \(t)") }
        let peak = s.peak()!
        XCTAssertEqual(peak.value, 1.2036762277, accuracy: 1e-9)
        XCTAssertEqual(peak.time, 0.909271, accuracy: 1e-6)
        XCTAssertEqual(s.regime, .underdamped)
    }

    /// Independent closed forms in their textbook shapes (amplitude-phase, polynomial, two exponentials).
    func textbook(_ s: Spring, x0: Double, v0: Double, t: Double) -> Double {
        let w0 = (s.stiffness / s.mass).squareRoot(), z = s.damping / (2 * (s.stiffness * s.mass).squareRoot())
        if z < 1 {
            let wd = w0 * (1 - z * z).squareRoot()
            let amplitude = (x0 * x0 + pow((v0 + z * w0 * x0) / wd, 2)).squareRoot()
            let phase = atan2((v0 + z * w0 * x0) / wd, x0)
            return amplitude * exp(-z * w0 * t) * cos(wd * t - phase)
        } else if z == 1 {
            return (x0 + (v0 + w0 * x0) * t) * exp(-w0 * t)
        } else {
            let r1 = -w0 * (z - (z * z - 1).squareRoot()), r2 = -w0 * (z + (z * z - 1).squareRoot())
            let c2 = (v0 - r1 * x0) / (r2 - r1), c1 = x0 - c2
            return c1 * exp(r1 * t) + c2 * exp(r2 * t)
        }
    }

    func testEveryRegimeAgainstIndependentClosedForms() {
        // Under-, critically and over-damped; start 10, target 4, initial velocity -30 (value units per second).
        let springs = [
            Spring(mass: 1.5, stiffness: 80, damping: 4), Spring(mass: 2, stiffness: 50, damping: 20),
            Spring(mass: 1, stiffness: 40, damping: 30),
        ]
        XCTAssertEqual(springs.map(\.regime), [.underdamped, .criticallyDamped, .overdamped])
        for s in springs {
            let st0 = s.state(at: 0, from: 10, to: 4, initialVelocity: -30)
            XCTAssertEqual(st0.value, 10, accuracy: 1e-12)
            XCTAssertEqual(st0.velocity, -30, accuracy: 1e-12)
            for t in [0.05, 0.4, 1.7] {
                let st = s.state(at: t, from: 10, to: 4, initialVelocity: -30)
                XCTAssertEqual(st.value, 4 + textbook(s, x0: 6, v0: -30, t: t), accuracy: 1e-9, "\(s.regime) t = \(t)")
                let (x, v) = integrate(
                    mass: s.mass, stiffness: s.stiffness, damping: s.damping, from: 10, to: 4,
                    velocity: -30, until: t)
                XCTAssertEqual(st.value, x, accuracy: 1e-8, "\(s.regime) vs RK4 at t = \(t)")
                XCTAssertEqual(st.velocity, v, accuracy: 1e-7, "\(s.regime) velocity vs RK4 at t = \(t)")
            }
        }
    }

    func testRegimeBoundariesAreContinuous() {
        let critical = Spring(mass: 1, stiffness: 100, damping: 20)
        for ratio in [0.999999, 1.000001] {
            let s = Spring(mass: 1, stiffness: 100, damping: 20 * ratio)
            for t in [0, 0.01, 0.1, 0.5, 1, 3, 100, 1e6] {
                let a = s.state(at: t, from: 0, to: 1, initialVelocity: 5)
                let b = critical.state(at: t, from: 0, to: 1, initialVelocity: 5)
                XCTAssertTrue(a.value.isFinite && a.velocity.isFinite)
                XCTAssertEqual(a.value, b.value, accuracy: 1e-5, "ζ = \(ratio), t = \(t)")
                XCTAssertEqual(a.velocity, b.velocity, accuracy: 1e-5, "ζ = \(ratio), t = \(t)")
            }
        }
        // Strongly overdamped at late times: no overflow of cosh/sinh.
        let heavy = Spring(mass: 1, stiffness: 1, damping: 1000)
        XCTAssertTrue(heavy.value(at: 1e5).isFinite)
        XCTAssertTrue(Spring(mass: 1, stiffness: 100, damping: 0).value(at: 1e9).isFinite)
    }

    func testVectorsMovePerAxis() {
        let s = Spring(mass: 1, stiffness: 120, damping: 9)
        let st = s.state(at: 0.3, from: SIMD2(0, 5), to: SIMD2(10, 5), initialVelocity: SIMD2(0, 40))
        XCTAssertEqual(st.value.x, s.value(at: 0.3, from: 0, to: 10), accuracy: 1e-12)
        XCTAssertEqual(st.value.y, s.value(at: 0.3, from: 5, to: 5, initialVelocity: 40), accuracy: 1e-12)
        XCTAssertNotEqual(st.value.y, 5, "an axis at its target still moves with velocity")
    }

    func testSwiftUIConversions() {
        // Apple: Spring(duration: 0.5, bounce: 0.3) has mass 1, stiffness 157.9, damping 17.6.
        let a = Spring(perceptualDuration: 0.5, bounce: 0.3)
        XCTAssertEqual(a.mass, 1)
        XCTAssertEqual(a.stiffness, 157.9, accuracy: 0.05)
        XCTAssertEqual(a.damping, 17.6, accuracy: 0.05)
        // Apple: Spring(mass: 1, stiffness: 100, damping: 10) has duration 0.63, bounce 0.5.
        let b = Spring(mass: 1, stiffness: 100, damping: 10)
        XCTAssertEqual(b.perceptualDuration, 0.63, accuracy: 0.005)
        XCTAssertEqual(b.bounce, 0.5, accuracy: 1e-12)
        // Negative bounce is overdamped: ζ = 1 / (1 + bounce), and bounce reads back.
        let c = Spring(perceptualDuration: 0.4, bounce: -0.5)
        XCTAssertEqual(c.dampingRatio, 2, accuracy: 1e-12)
        XCTAssertEqual(c.bounce, -0.5, accuracy: 1e-12)
        let d = Spring(dampingRatio: 0.8, response: 0.3)
        XCTAssertEqual(d.stiffness, pow(2 * .pi / 0.3, 2), accuracy: 1e-9)
        XCTAssertEqual(d.damping, 4 * .pi * 0.8 / 0.3, accuracy: 1e-12)
        XCTAssertEqual(d.response, 0.3, accuracy: 1e-12)
    }

    func testFramerMotionSpringArrays() {
        // framer-motion's spring tests: 100 -> 1000, sampled every 200 ms, rounded.
        func samples(_ s: Spring, _ count: Int) -> [Double] {
            (0..<count).map { (s.value(at: Double($0) * 0.2, from: 100, to: 1000)).rounded() }
        }
        XCTAssertEqual(
            samples(Spring(mass: 1, stiffness: 300, damping: 10), 9),
            [100, 1343, 873, 1046, 984, 1005, 998, 1001, 1000])
        XCTAssertEqual(samples(Spring(mass: 1, stiffness: 100, damping: 20), 6), [100, 635, 918, 984, 997, 1000])
    }

    func testSettlingDurationIsTheLastExitFromTheBand() {
        for s in [
            Spring(mass: 1, stiffness: 100, damping: 5), Spring(mass: 1, stiffness: 100, damping: 15),
            Spring(mass: 2, stiffness: 30, damping: 7), Spring(mass: 1, stiffness: 100, damping: 20),
            Spring(mass: 1, stiffness: 50, damping: 40),
        ] {
            let settle = s.settlingDuration
            // Just before: outside the band (the value touches 1 ± 0.001 there); after it: never outside again.
            XCTAssertEqual(abs(s.value(at: settle) - 1), 0.001, accuracy: 1e-9, "\(s)")
            var t = settle + 1e-6
            while t < settle + 20 {
                XCTAssertLessThanOrEqual(abs(s.value(at: t) - 1), 0.001 + 1e-12, "\(s) at \(t)")
                t += 0.001
            }
        }
        // Initial velocity changes it; an undamped spring never settles; a spring at rest at its target is settled.
        let s = Spring(mass: 1, stiffness: 100, damping: 15)
        XCTAssertNotEqual(s.settlingDuration(from: 0, to: 1, initialVelocity: 20, epsilon: 0.001), s.settlingDuration)
        XCTAssertEqual(Spring(mass: 1, stiffness: 100, damping: 0).settlingDuration, .infinity)
        XCTAssertEqual(s.settlingDuration(from: 3, to: 3, initialVelocity: 0, epsilon: 0.001), 0)
        print(
            "settlingDuration m1 k100: c5 \(Spring(mass: 1, stiffness: 100, damping: 5).settlingDuration) s, c15 \(s.settlingDuration) s"
        )
    }

    func testRelativeVelocity() {
        XCTAssertEqual(Spring.absoluteVelocity(relative: 2, from: 100, to: 300), 400)
        XCTAssertEqual(Spring.absoluteVelocity(relative: 2, from: 300, to: 100), -400)
        XCTAssertEqual(Spring.absoluteVelocity(relative: 2, from: 5, to: 5), 0)
        XCTAssertEqual(Spring.relativeVelocity(absolute: 400, from: 100, to: 300), 2)
        XCTAssertNil(Spring.relativeVelocity(absolute: 400, from: 5, to: 5))
    }
}

final class SinCosTests: XCTestCase {
    func testAgreesWithLibm() {
        var generator = SystemRandomNumberGenerator()
        var worst = 0.0
        for scale in [1e-6, 1.0, 10, 1000, 9e5] {
            for _ in 0..<20_000 {
                let x = Double.random(in: -scale...scale, using: &generator)
                let (s, c) = sinCos(x)
                worst = max(worst, abs(s - sin(x)), abs(c - cos(x)))
            }
        }
        for x in [0.0, -0.0, .pi / 4, .pi / 2, .pi, 3 * .pi / 2, 2 * .pi, 1e6, -2e7] {
            XCTAssertEqual(sinCos(x).sin, sin(x), accuracy: 4e-16)
            XCTAssertEqual(sinCos(x).cos, cos(x), accuracy: 4e-16)
        }
        XCTAssertLessThan(worst, 4e-16)
    }
}
