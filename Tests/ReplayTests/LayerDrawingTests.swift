import XCTest
import Playback
import Scenes

/// A layer's drawing map against closed forms worked out by hand from Core Animation's model (row vectors,
/// `p · M`, the point relative to the anchor point, then position; w the homogeneous coordinate).
final class LayerDrawingTests: XCTestCase {
    private func drawings(_ json: String, at t: Double) throws -> [LayerDrawing] {
        let scene = try SceneDecoder(fileName: "test.json") { _ in [] }.decode(Array(json.utf8))
        let run = SceneRun(scene: scene)
        var out: [LayerDrawing] = []
        try run.run { row in if abs(row.time - t) < 1e-9 { out = run.layerDrawings(at: t) } }
        return out
    }

    /// A card turned 60° about y with perspective m34 = −1/500 written in its whole transform: the matrix
    /// [[c, 0, −s, −s·m], [0, 1, 0, 0], [s, 0, c, c·m], [0, 0, 0, 1]] (a rotation about y, then the perspective), so
    /// the corner (x, y) relative to the anchor goes to (x c, y) / (1 − x s m) around the position.
    func testPerspectiveFlipProjectsTheCorners() throws {
        let th = Double.pi / 3, c = cos(th), s = sin(th), m = -1.0 / 500
        let matrix = [c, 0, -s, -s * m, 0, 1, 0, 0, s, 0, c, c * m, 0, 0, 0, 1]
        let json = """
            {"duration": 0.1, "layers": [{"name": "card", "bounds": [0, 0, 200, 300], "position": [187.5, 333.5],
             "backgroundColor": [0.9, 0.9, 0.9, 1], "transform": [\(matrix.map { "\($0)" }.joined(separator: ", "))]}]}
            """
        let d = try drawings(json, at: 0)
        XCTAssertEqual(d.count, 1)
        for (x, y) in [(-100.0, -150.0), (100.0, -150.0), (100.0, 150.0), (-100.0, 150.0)] {
            let w = 1 - x * s * m
            let expected = SIMD2(187.5 + x * c / w, 333.5 + y / w)
            let got = try XCTUnwrap(d[0].screenPoint(SIMD2(x + 100, y + 150)))
            XCTAssertEqual(got.x, expected.x, accuracy: 1e-9)
            XCTAssertEqual(got.y, expected.y, accuracy: 1e-9)
        }
        // The edge x = −100 turns toward the eye (z = −x·(−s) > 0 in CA, where +z faces the viewer; w < 1) and is
        // drawn taller than the edge x = +100, which turns away.
        let near = d[0].screenPoint(SIMD2(0, 300))!.y - d[0].screenPoint(SIMD2(0, 0))!.y
        let far = d[0].screenPoint(SIMD2(200, 300))!.y - d[0].screenPoint(SIMD2(200, 0))!.y
        XCTAssertGreaterThan(near, far)
        XCTAssertEqual(d[0].backgroundColor, SIMD4(0.9, 0.9, 0.9, 1))
    }

    /// A sublayer is placed through its superlayer: the superlayer turned 90° (clockwise on screen) about its center
    /// and scaled 2x; the sublayer's corner (0, 0) at its position (10, 20) in the superlayer's bounds (0, 0, 100, 50)
    /// goes to center + R(90°) · 2 · ((10, 20) − (50, 25)) = (200, 300) + (−2 · (−5), 2 · (−40)) = (210, 220).
    /// Opacities multiply down the tree.
    func testSublayersComposeThroughTheirSuperlayers() throws {
        let json = """
            {"duration": 0.1, "layers": [
              {"name": "root", "bounds": [0, 0, 100, 50], "position": [200, 300], "transform.rotation.z": 1.5707963267948966,
               "transform.scale.x": 2, "transform.scale.y": 2, "opacity": 0.5},
              {"name": "child", "superlayer": "root", "bounds": [0, 0, 20, 10], "position": [20, 25], "anchorPoint": [0.5, 0.5],
               "opacity": 0.5}]}
            """
        let d = try drawings(json, at: 0)
        // The child's corner (0, 0) sits at position − anchor ⊙ size = (20, 25) − (10, 5) = (10, 20) in root's space.
        let p = try XCTUnwrap(d[1].screenPoint(SIMD2(0, 0)))
        XCTAssertEqual(p.x, 210, accuracy: 1e-9)
        XCTAssertEqual(p.y, 220, accuracy: 1e-9)
        XCTAssertEqual(d[1].opacity, 0.25, accuracy: 1e-15)
        XCTAssertEqual(d[0].opacity, 0.5, accuracy: 1e-15)
    }
}
