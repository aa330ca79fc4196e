import XCTest
import Springs
@testable import Replay

/// A spring page of a spring faster than its samples: a 20 Hz undamped spring over 100000 s is sampled about once a
/// period, which once drew a constant and said "settles at never s".
final class CurvesPageTests: XCTestCase {
    func testAFastSpringIsSaidToAliasAndAnUndampedOneNeverSettles() {
        let fast = CurvesPage.SpringMotion(
            label: "spring", spring: Spring(dampingRatio: 0, response: 0.05), from: 0, to: 1,
            initialVelocity: 0)
        let warnings = CurvesPage.samplingWarnings([fast], until: 100_000)
        XCTAssertEqual(warnings.count, 1)
        XCTAssertTrue(warnings[0].contains("aliases"), warnings[0])
        let page = CurvesPage.springs([fast], until: 100_000)
        XCTAssertTrue(page.contains("never settles (undamped)"))
        XCTAssertFalse(page.contains("at never s"))
        // 240 samples a second over 2 s is 12 a period: no warning.
        XCTAssertEqual(CurvesPage.samplingWarnings([fast], until: 2), [])
    }

    /// docs/limits.md's page caps at their boundary: a spring page holds at most `pageSamples` samples (one more
    /// sample a spring would pass it), and a scene page keeps every row while columns × rows is at most `pageValues`,
    /// and at one row more keeps one in 2 with the kept values within the cap.
    func testPageCapsHoldAtTheirBoundary() {
        let spring = CurvesPage.SpringMotion(
            label: "s", spring: Spring(dampingRatio: 1, response: 1), from: 0, to: 1, initialVelocity: 0)
        for count in [1, 3] {
            let motions = Array(repeating: spring, count: count)
            let rate = CurvesPage.samplingRate(motions, until: 10, requested: 1e9)
            let each = Int((10 * rate).rounded(.down)) + 1
            XCTAssertLessThanOrEqual(each * count, 2_000_000, "\(count) springs")
            XCTAssertGreaterThan((each + 1) * count, 2_000_000, "\(count) springs: the cap, not fewer")
        }
        XCTAssertEqual(CurvesPage.maxSamples, 2_000_000)
        let cap = 8_000_000
        XCTAssertEqual(Recording.stride(columns: 8, rows: cap / 8, maxValues: cap), 1)
        let stride = Recording.stride(columns: 8, rows: cap / 8 + 1, maxValues: cap)
        XCTAssertEqual(stride, 2)
        for (columns, rows) in [(8, cap / 8 + 1), (7, 5_000_000), (3, 99_999_999), (1, 8_000_001)] {
            let s = Recording.stride(columns: columns, rows: rows, maxValues: cap)
            let kept = (rows - 1) / s + 1 + ((rows - 1) % s == 0 ? 0 : 1)
            XCTAssertLessThanOrEqual(kept * columns, cap, "\(columns) x \(rows)")
            XCTAssertGreaterThan(
                ((rows - 1) / (s - 1) + 2) * columns, cap, "\(columns) x \(rows): stride \(s) is the least")
        }
    }
}
