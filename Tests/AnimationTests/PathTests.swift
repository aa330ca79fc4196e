import Foundation
import XCTest
@testable import Animation

/// Paths for keyframe animations: lengths against closed forms, element and paced timing, tangents and rotation.
final class PathTests: XCTestCase {
    let ell = BezierPath([.move([0, 0]), .line([100, 0]), .line([100, 300])])

    func testLineAndQuadraticLengthsMatchClosedForms() {
        XCTAssertEqual(BezierPath([.move([0, 0]), .line([300, 400])]).length, 500, accuracy: 1e-9)
        // B(t) = (100 t, 200 t (1 − t)): L = (1/200) [u/2 √(a² + u²) + a²/2 ln(u + √(a² + u²))] from 0 to 200, a = 100,
        // i.e. (1/200) [100 √50000 + 5000 ln((200 + √50000) / 100)].
        let exact = (100 * 50000.0.squareRoot() + 5000 * log((200 + 50000.0.squareRoot()) / 100)) / 200
        XCTAssertEqual(
            BezierPath([.move([0, 0]), .quad([50, 100], [100, 0])]).length, exact, accuracy: 1e-12 * exact,
            "composite quadrature")
        // A cubic whose control polygon crosses itself, (0, 0), (100, 100), (0, 100), (100, 0): a sharp turn where its
        // speed dips; checked against a 200 000-piece polyline of the same curve.
        let cusp = BezierPath([.move([0, 0]), .cubic([100, 100], [0, 100], [100, 0])])
        var polyline = 0.0, last = SIMD2<Double>(0, 0)
        for k in 1...200_000 {
            let t = Double(k) / 200_000, u = 1 - t
            let p =
                SIMD2<Double>(100, 100) * (3 * u * u * t) + SIMD2<Double>(0, 100) * (3 * u * t * t) + SIMD2<Double>(
                    100, 0) * (t * t * t)
            polyline += ((p - last) * (p - last)).sum().squareRoot()
            last = p
        }
        XCTAssertEqual(cusp.length, polyline, accuracy: 1e-6 * polyline)
        // A closed square: the closing line counts.
        XCTAssertEqual(
            BezierPath([.move([0, 0]), .line([10, 0]), .line([10, 10]), .line([0, 10]), .close]).length, 40,
            accuracy: 1e-9)
    }

    func testQuarterCircleCubicIsWithinItsKnownRadialError() {
        // The standard cubic quarter circle (κ = 4(√2 − 1)/3) strays at most 0.027% from the radius, so its length is
        // within 0.03% of π r / 2, and its tangent at the middle is at 135° (by symmetry) for a path from (r, 0) to (0, r).
        let k = 4 * (2.0.squareRoot() - 1) / 3, r = 100.0
        let arc = BezierPath([.move([r, 0]), .cubic([r, k * r], [k * r, r], [0, r])])
        XCTAssertEqual(arc.length, Double.pi * r / 2, accuracy: 3e-4 * Double.pi * r / 2)
        XCTAssertNotEqual(arc.length, Double.pi * r / 2, "a cubic is not a circle")
        let mid = arc.sample(at: 0.5, paced: true)
        XCTAssertEqual(mid.angle, 3 * Double.pi / 4, accuracy: 1e-9)
        XCTAssertEqual(mid.point.x, mid.point.y, accuracy: 1e-9)
    }

    func testTangentWhereAControlPointSitsOnItsEndPoint() {
        // M 0 0 C 0 0 100 0 100 100: the speed vanishes at the start; the tangent's limit there points to (100, 0),
        // along +x (0 rad), and at the end, where nothing coincides, straight down (π/2).
        let p = BezierPath([.move([0, 0]), .cubic([0, 0], [100, 0], [100, 100])])
        XCTAssertEqual(p.sample(at: 0, paced: false).angle, 0)
        XCTAssertEqual(p.sample(at: 1e-6, paced: false).angle, 0, accuracy: 1e-5)
        XCTAssertEqual(p.sample(at: 1, paced: false).angle, Double.pi / 2, accuracy: 1e-12)
    }

    func testElementTimingAndPacedTiming() {
        // Element timing: each of the two lines gets half the time.
        XCTAssertEqual(ell.sample(at: 0.25, paced: false).point, [50, 0])
        XCTAssertEqual(ell.sample(at: 0.5, paced: false).point, [100, 0])
        XCTAssertEqual(ell.sample(at: 0.75, paced: false).point.y, 150, accuracy: 1e-12)
        // Paced: 400 points in all, so halfway is 200 points along: 100 along the first line and 100 down the second.
        let p = ell.sample(at: 0.5, paced: true)
        XCTAssertEqual(p.point.x, 100, accuracy: 1e-9)
        XCTAssertEqual(p.point.y, 100, accuracy: 1e-9)
        XCTAssertEqual(p.angle, Double.pi / 2, accuracy: 1e-12, "heading down the screen")
        XCTAssertEqual(ell.sample(at: 0.125, paced: true).point.x, 50, accuracy: 1e-9)
        XCTAssertEqual(ell.sample(at: 0.125, paced: true).angle, 0)
    }

    func testKeyframePathMovesPositionAndRotatesTheLayer() {
        var a = KeyframeAnimation(
            keyPath: "position", values: [], calculationMode: .paced, timing: MediaTiming(duration: 2))
        a.path = ell
        a.rotationMode = .auto
        XCTAssertNil(a.problem)
        var layer = Layer(name: "v", position: .point(0, 0))
        layer.add(.keyframe(a), forKey: "ride")
        XCTAssertEqual(layer.presentationValue("position", at: 1)?.components ?? [], [100, 100], accuracy: 1e-9)
        XCTAssertEqual(layer.presentationValue("transform.rotation.z", at: 0.25)?.scalar ?? .nan, 0, accuracy: 1e-12)
        XCTAssertEqual(
            layer.presentationValue("transform.rotation.z", at: 1.5)?.scalar ?? .nan, Double.pi / 2, accuracy: 1e-12)
        XCTAssertEqual(layer.presentationValue("transform.rotation.z", at: 3)?.scalar, 0, "removed: back to the model")
        a.rotationMode = .autoReverse
        layer.add(.keyframe(a), forKey: "ride")
        XCTAssertEqual(
            layer.presentationValue("transform.rotation.z", at: 1.5)?.scalar ?? .nan, 3 * Double.pi / 2, accuracy: 1e-12
        )
        // Discrete: three vertices, each held for a third of the time.
        a.calculationMode = .discrete
        layer.add(.keyframe(a), forKey: "ride")
        for (t, p) in [(0.5, [0.0, 0]), (1.0, [100, 0]), (1.9, [100, 300])] {
            XCTAssertEqual(layer.presentationValue("position", at: t)?.components ?? [], p, accuracy: 1e-12, "t = \(t)")
        }
        a.keyTimes = [0, 1]
        XCTAssertNotNil(a.problem, "key times with a path are refused, not ignored")
        a.keyTimes = nil
        a.keyPath = "opacity"
        XCTAssertNotNil(a.problem)
    }
}

private func XCTAssertEqual(
    _ a: [Double], _ b: [Double], accuracy: Double, _ message: String = "",
    file: StaticString = #filePath, line: UInt = #line
) {
    XCTAssertEqual(a.count, b.count, message, file: file, line: line)
    for (x, y) in zip(a, b) { XCTAssertEqual(x, y, accuracy: accuracy, message, file: file, line: line) }
}
