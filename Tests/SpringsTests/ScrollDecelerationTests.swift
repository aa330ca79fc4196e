import Foundation
import XCTest
import Springs

/// ScrollDeceleration against arithmetic done here: the per-millisecond geometric sum, the crossing time solved from
/// it, and the critically damped spring (ω = 10 rad/s) x(t) = (x0 + (v0 + 10·x0)·t)·e^(−10t) about its end.
final class ScrollDecelerationTests: XCTestCase {
    static func critical(_ t: Double, x0: Double, v0: Double) -> Double { (x0 + (v0 + 10 * x0) * t) * exp(-10 * t) }

    func testWithinTheContentItIsTheDecayToTheProjection() {
        let m = ScrollDeceleration(offset: 100, velocity: 1000, maximum: 2000, rate: 0.998, bounces: true)
        XCTAssertEqual(m.targetContentOffset, 599, accuracy: 1e-9)
        XCTAssertEqual(m.restingPoint, 599, accuracy: 1e-9)
        XCTAssertEqual(m.duration, log(0.5 / 499) / (1000 * log(0.998)), accuracy: 1e-12)
        for t in stride(from: 0.0, to: m.duration, by: 0.01) {
            XCTAssertEqual(m.state(at: t).value, 100 + 0.998 * (1 - pow(0.998, 1000 * t)) / 0.002, accuracy: 1e-9)
        }
        XCTAssertEqual(m.state(at: m.duration + 1).value, 599, accuracy: 1e-9)
    }

    /// Past the far edge: the decay reaches 300 at t_c = ln(1 − 200/499)/(1000·ln 0.998), then the spring from the
    /// edge at the closed form's slope there, back to it.
    func testAnEdgeIsReachedThenTheSpringBringsItBack() {
        let m = ScrollDeceleration(offset: 100, velocity: 1000, maximum: 300, rate: 0.998, bounces: true)
        let a = 499.0, k = 1000 * log(0.998)
        let tc = log(1 - 200 / a) / k
        let slope = -a * k * pow(0.998, 1000 * tc)
        XCTAssertEqual(m.targetContentOffset, 300)
        XCTAssertEqual(m.state(at: tc - 1e-9).value, 300, accuracy: 1e-6)
        for t in stride(from: tc, to: m.duration, by: 0.005) {
            XCTAssertEqual(m.state(at: t).value, 300 + Self.critical(t - tc, x0: 0, v0: slope), accuracy: 1e-9)
        }
        XCTAssertGreaterThan(m.state(at: tc + 0.1).value, 300)
        XCTAssertEqual(m.state(at: m.duration).value, 300)
        // Without bounces it stops at the edge when it gets there.
        let stop = ScrollDeceleration(offset: 100, velocity: 1000, maximum: 300, rate: 0.998, bounces: false)
        XCTAssertEqual(stop.duration, tc, accuracy: 1e-12)
        XCTAssertEqual(stop.state(at: tc + 0.5).value, 300)
    }

    /// Released 80 pt past the top moving further out at 200 pt/s: back to 0 on the spring.
    func testReleasedPastAnEdgeItSpringsBack() {
        let m = ScrollDeceleration(offset: -80, velocity: -200, maximum: 1000, rate: 0.998, bounces: true)
        XCTAssertEqual(m.restingPoint, 0)
        for t in stride(from: 0.0, to: m.duration, by: 0.01) {
            XCTAssertEqual(m.state(at: t).value, Self.critical(t, x0: -80, v0: -200), accuracy: 1e-9)
        }
        // It rests once it stays within 0.5 pt: the last time |x| = 0.5.
        XCTAssertEqual(abs(Self.critical(m.duration, x0: -80, v0: -200)), 0.5, accuracy: 1e-6)
    }

    func testATargetIsReachedOnTheSpring() {
        let m = ScrollDeceleration(
            offset: 100, velocity: 600, maximum: 1500, rate: 0.998, bounces: true, target: 375)
        XCTAssertEqual(m.targetContentOffset, 375)
        XCTAssertEqual(m.state(at: 0.2).value, 375 + Self.critical(0.2, x0: -275, v0: 600), accuracy: 1e-9)
        XCTAssertEqual(m.state(at: m.duration).value, 375)
    }

    /// A hard flick toward a page: the velocity is limited to ω·|distance| (10 × 275), so it never passes the page.
    func testASpringToATargetNeverPassesIt() {
        let m = ScrollDeceleration(
            offset: 100, velocity: 37_000, maximum: 1500, rate: 0.998, bounces: true, target: 375)
        for t in stride(from: 0.0, through: m.duration, by: 0.001) {
            XCTAssertLessThanOrEqual(m.state(at: t).value, 375)
        }
        XCTAssertEqual(m.state(at: 0.1).value, 375 + Self.critical(0.1, x0: -275, v0: 2750), accuracy: 1e-9)
    }

    /// Released within 0.5 pt of where it rests, it is there at once.
    func testAMotionUnderTheRestThresholdRestsAtOnceOnItsEnd() {
        let page = ScrollDeceleration(
            offset: 374.7, velocity: 0, maximum: 1500, rate: 0.998, bounces: true, target: 375)
        XCTAssertEqual(page.duration, 0)
        XCTAssertEqual(page.state(at: 0).value, 375)
        let small = ScrollDeceleration(offset: 0.2, velocity: 1, maximum: 1500, rate: 0.998, bounces: true)
        XCTAssertEqual(small.duration, 0)
        XCTAssertEqual(small.state(at: 0).value, 0.2 + 0.001 * 0.998 / 0.002, accuracy: 1e-12)
    }
}
