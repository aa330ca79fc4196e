import Foundation
import XCTest
@testable import Dynamics

/// An ellipse's collision polygon (`World.shape(for:)`) against the true ellipse, measured independently of how the
/// polygon is built: the ellipse is sampled densely and each sample's distance to the nearest polygon edge is taken.
final class EllipseShapeTests: XCTestCase {
    /// Distance from `p` to the segment from `a` to `b`, points.
    func distance(_ p: Vector2, segment a: Vector2, _ b: Vector2) -> Double {
        let d = b - a, length2 = d.x * d.x + d.y * d.y
        let s = length2 > 0 ? min(max(((p.x - a.x) * d.x + (p.y - a.y) * d.y) / length2, 0), 1) : 0
        let q = a + s * d
        return ((p.x - q.x) * (p.x - q.x) + (p.y - q.y) * (p.y - q.y)).squareRoot()
    }

    /// Aspect ratios 1 to 1e4, below and at the 64-vertex cap. The vertex counts are max(8, ⌊perimeter / 10⌋) capped
    /// at 64, with the perimeter integrated numerically (200,000 chords) apart from this code, for sizes whose
    /// perimeter / 10 is not near a whole number.
    let cases: [(size: Vector2, vertices: Int)] = [
        (Vector2(12, 8), 8), (Vector2(10, 1e-3), 8), (Vector2(3, 3e-3), 8), (Vector2(100, 50), 24),
        (Vector2(200, 20), 40), (Vector2(20, 200), 40), (Vector2(264, 132), 63), (Vector2(250, 150), 63),
        (Vector2(300, 100), 64), (Vector2(1000, 999), 64), (Vector2(1e4, 1), 64), (Vector2(1, 1e4), 64),
        (Vector2(1e4, 10), 64), (Vector2(1e5, 10), 64), (Vector2(1e9, 1e5), 64), (Vector2(1e9, 50), 64),
    ]

    func testEllipsePolygonStaysWithinTheDocumentedBound() {
        for (size, expectedCount) in cases {
            let label = "size \(size.x) x \(size.y)"
            guard
                case .polygon(let polygon)? = World.shape(
                    for: ItemDefinition(center: .zero, size: size, collisionBounds: .ellipse))
            else {
                XCTFail("\(label): not a polygon")
                continue
            }
            let v = polygon.vertices, n = v.count
            XCTAssertEqual(n, expectedCount, label)
            XCTAssertEqual(polygon.radius, 0.9, label)
            let a = size.x / 2, b = size.y / 2
            let big = max(a, b), small = min(a, b)
            // The documented bounds (World.shape(for:)): the largest chord sag, and the simpler bounds above it.
            let c = cos(Double.pi / Double(n))
            let sag = (0..<n).map { k -> Double in
                let m = Double(2 * k + 1) * Double.pi / Double(n)
                return (1 - c) * a * b / (b * b * cos(m) * cos(m) + a * a * sin(m) * sin(m)).squareRoot()
            }.max()!
            XCTAssertLessThanOrEqual(sag, big * (1 - c) * (1 + 1e-12), label)
            if n % 4 == 0 {
                XCTAssertLessThanOrEqual(sag, small * tan(Double.pi / Double(2 * n)) * (1 + 1e-12), label)
            }
            if n == 64 {
                XCTAssertLessThanOrEqual(sag, 0.00121 * big, label)
                XCTAssertLessThanOrEqual(sag, 0.0246 * small, label)
            }
            // Measure: 128 samples per vertex, each against every edge.
            let samples = 128 * n
            var worst = 0.0
            for j in 0..<samples {
                let t = 2 * Double.pi * Double(j) / Double(samples)
                let p = Vector2(a * cos(t), b * sin(t))
                var nearest = Double.infinity
                for k in 0..<n { nearest = min(nearest, distance(p, segment: v[k], v[(k + 1) % n])) }
                worst = max(worst, nearest)
            }
            XCTAssertLessThanOrEqual(worst, sag * (1 + 1e-6), label)
            // The bound is attained, so the measurement can see a polygon that strays from it.
            XCTAssertGreaterThan(worst, sag * 0.999, label)
        }
    }

    func testEqualSidesGiveACircleAndHugeEllipsesStayCapped() {
        guard
            case .circle(let r)? = World.shape(
                for: ItemDefinition(center: .zero, size: Vector2(10, 10), collisionBounds: .ellipse))
        else {
            return XCTFail("a 10 x 10 ellipse is not a circle")
        }
        XCTAssertEqual(r, 5)
        // Sizes at the scene limits (1e9 and 1e-3) and beyond (the World API takes any finite size; a perimeter / 10
        // of 3e19 would not fit an Int).
        for size in [Vector2(1e9, 1e-3), Vector2(1e-3, 1e9), Vector2(1e20, 1)] {
            guard
                case .polygon(let polygon)? = World.shape(
                    for: ItemDefinition(center: .zero, size: size, collisionBounds: .ellipse))
            else {
                XCTFail("size \(size.x) x \(size.y): not a polygon")
                continue
            }
            XCTAssertEqual(polygon.vertices.count, 64, "size \(size.x) x \(size.y)")
        }
    }
}
