import XCTest
import Springs
@testable import Replay

/// A spring page of a spring faster than its samples: a 20 Hz undamped spring over 100000 s is sampled about once a
/// period, which once drew a constant and said "settles at never s".
final class CurvesPageTests: XCTestCase {
    func testAFastSpringIsSaidToAliasAndAnUndampedOneNeverSettles() {
        let fast = CurvesPage.SpringMotion(label: "spring", spring: Spring(dampingRatio: 0, response: 0.05), from: 0, to: 1,
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
}
