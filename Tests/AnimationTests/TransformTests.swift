import Foundation
import XCTest
@testable import Animation

/// Whole 3D transforms: CA's matrix layout, decomposition round trips, and interpolation of turns, against matrices
/// written out from cos and sin here.
final class TransformTests: XCTestCase {
    func assertClose(
        _ a: Transform3D, _ b: [Double], _ accuracy: Double = 1e-12, _ message: String = "",
        file: StaticString = #filePath, line: UInt = #line
    ) {
        for k in 0..<16 {
            XCTAssertEqual(a.m[k], b[k], accuracy: accuracy, "entry \(k) \(message)", file: file, line: line)
        }
    }

    /// p · M for a point p (row-vector convention), without perspective divide.
    func apply(_ m: Transform3D, _ p: [Double]) -> [Double] {
        (0..<3).map { j in p[0] * m[0, j] + p[1] * m[1, j] + p[2] * m[2, j] + m[3, j] }
    }

    func testRotationFollowsCATransform3DMakeRotation() {
        // About z, +θ turns +x toward +y: (1, 0, 0) → (cos θ, sin θ, 0). About y, +θ turns +z toward +x.
        let th = 0.3
        let z = apply(.rotation(th, 0, 0, 1), [1, 0, 0]), y = apply(.rotation(th, 0, 1, 0), [0, 0, 1])
        XCTAssertEqual(z[0], cos(th), accuracy: 1e-15); XCTAssertEqual(z[1], sin(th), accuracy: 1e-15)
        XCTAssertEqual(y[0], sin(th), accuracy: 1e-15); XCTAssertEqual(y[2], cos(th), accuracy: 1e-15)
        // Concatenation applies the left operand first: translate then scale moves the point twice as far.
        XCTAssertEqual(apply(Transform3D.translation(10, 0).concatenating(.scale(2, 2)), [0, 0, 0])[0], 20)
    }

    func testDecompositionRoundTripsWithShearAndPerspective() {
        var m = Transform3D.scale(2, 3, 0.5).concatenating(.rotation(0.7, 1, 2, 3)).concatenating(
            .translation(10, -5, 4))
        m[1, 0] += 0.4  // a shear
        var p = Transform3D.identity
        p[2, 3] = -1.0 / 500  // CA's usual m34 perspective
        m = m.concatenating(p)
        guard let d = m.decomposed() else { return XCTFail("decomposable") }
        // Homogeneous: the parts describe M / m44 (here m44 = 1 − 4/500 = 0.992 from the z translation and m34).
        XCTAssertEqual(m[3, 3], 0.992, accuracy: 1e-15)
        assertClose(Transform3D(d), m.m.map { $0 / 0.992 }, 1e-12)
        XCTAssertEqual(d.translation.x, 10 / 0.992, accuracy: 1e-12)
        XCTAssertEqual((d.quaternion * d.quaternion).sum(), 1, accuracy: 1e-12, "a unit quaternion")
        XCTAssertNil(Transform3D.scale(0, 1).decomposed(), "a flattened matrix has no rotation")
    }

    func testHalfTurnsAboutYAndZPassThroughPlusNinetyDegrees() {
        // 90° written out: about y, m13 = −1 and m31 = 1; about z, m12 = 1 and m21 = −1.
        let y90: [Double] = [0, 0, -1, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1]
        let z90: [Double] = [0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]
        assertClose(Transform3D.interpolate(.identity, .rotation(.pi, 0, 1, 0), 0.5), y90, 1e-12, "y")
        assertClose(Transform3D.interpolate(.identity, .rotation(.pi, 0, 0, 1), 0.5), z90, 1e-12, "z")
        // A turn by −π goes the other way.
        let yMinus90: [Double] = [0, 0, 1, 0, 0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 0, 1]
        assertClose(Transform3D.interpolate(.identity, .rotation(-.pi, 0, 1, 0), 0.5), yMinus90, 1e-12, "−y")
        // Quarter of a 90° turn about z is 22.5°; scale and translation go linearly alongside.
        let a = Transform3D.identity, b = Transform3D.rotation(.pi / 2, 0, 0, 1).concatenating(.translation(100, 40))
        let q = Transform3D.interpolate(a, b, 0.25), c = cos(Double.pi / 8), s = sin(Double.pi / 8)
        assertClose(q, [c, s, 0, 0, -s, c, 0, 0, 0, 0, 1, 0, 25, 10, 0, 1], 1e-12, "22.5°")
        let big = Transform3D.interpolate(.scale(1, 1), .scale(3, 3), 0.5)
        XCTAssertEqual(big[0, 0], 2, accuracy: 1e-12)
        // Not decomposable: switch halfway.
        XCTAssertEqual(Transform3D.interpolate(.scale(0, 1), .identity, 0.4), .scale(0, 1))
        XCTAssertEqual(Transform3D.interpolate(.scale(0, 1), .identity, 0.6), .identity)
    }

    func testCardFlipAsABasicAnimationKeepsPerspective() {
        var p = Transform3D.identity
        p[2, 3] = -1.0 / 500
        let flip = BasicAnimation(
            keyPath: "transform", fromValue: .transform(p),
            toValue: .transform(Transform3D.rotation(.pi, 0, 1, 0).concatenating(p)),
            timing: MediaTiming(duration: 1))
        var layer = Layer(name: "card")
        layer.add(.basic(flip), forKey: "flip")
        guard let mid = layer.presentationValue("transform", at: 0.5)?.transform3D else { return XCTFail("presented") }
        assertClose(mid, Transform3D([0, 0, -1, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1]).concatenating(p).m, 1e-12)
        XCTAssertEqual(layer.presentationValue("transform", at: 2)?.transform3D, .identity, "back to the model")
        XCTAssertEqual(layer.presentationValue("transform.rotation.y", at: 0.5)?.scalar, 0, "components are apart")
    }
}
