import Foundation
import XCTest
import Springs

/// The rubber band against arithmetic written here.
final class RubberBandTests: XCTestCase {
    /// 100 pt past the edge of an 844 pt view: 0.55 · 844 · 100 / (844 + 55) = 46420/899 = 51.64 pt.
    func testOffsetAndInverse() {
        let f = RubberBand.offset(travel: 100, dimension: 844)
        XCTAssertEqual(f, 0.55 * 844 * 100 / (844 + 0.55 * 100), accuracy: 1e-12)
        XCTAssertEqual(f, 51.6, accuracy: 0.05)
        XCTAssertEqual(RubberBand.travel(offset: f, dimension: 844), 100, accuracy: 1e-9)
        XCTAssertEqual(RubberBand.offset(travel: -100, dimension: 844), -f)
        for x in [0.0, 0.1, 5, 300, 5000, 1e6] {
            let y = RubberBand.offset(travel: x, dimension: 390)
            XCTAssertLessThan(y, 390)
            XCTAssertEqual(RubberBand.travel(offset: y, dimension: 390), x, accuracy: 1e-9 * max(1, x))
        }
        // XNScrollView's own form, (1 − 1/(x·c/d + 1))·d, is the same function.
        let ratio: Double = 100 * 0.55 / 844
        XCTAssertEqual(f, (1 - 1 / (ratio + 1)) * 844, accuracy: 1e-9)
    }

    /// Flutter's BouncingScrollPhysics step: 0.52·(1 − overscroll/viewport)² per point when pulling further.
    func testFlutterStep() {
        XCTAssertEqual(RubberBand.flutterFrictionFactor(overscroll: 0, viewport: 800), 0.52)
        XCTAssertEqual(RubberBand.flutterStep(delta: 10, overscroll: 0, viewport: 800), 10)
        let g = 0.52 * (1 - 100.0 / 800) * (1 - 100.0 / 800)
        XCTAssertEqual(RubberBand.flutterStep(delta: 10, overscroll: 100, viewport: 800), 10 * g, accuracy: 1e-12)
        // Easing back: the factor at (100 − 10)/800.
        let e = 0.52 * (1 - 90.0 / 800) * (1 - 90.0 / 800)
        XCTAssertEqual(RubberBand.flutterStep(delta: -10, overscroll: 100, viewport: 800), -10 * e, accuracy: 1e-12)
        // A step past the limit: the overscroll, then the rest unscaled.
        let e2 = 0.52 * (1 - (5.0 - 400) / 800) * (1 - (5.0 - 400) / 800)
        XCTAssertEqual(
            RubberBand.flutterStep(delta: -400, overscroll: 5, viewport: 800), -(5 + (400 - 5 / e2)), accuracy: 1e-9)
    }
}
