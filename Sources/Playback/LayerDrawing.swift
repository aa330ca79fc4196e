import Foundation
import Animation

/// How one layer looks at one moment: what a renderer needs to draw it as Core Animation composites it
/// (``SceneRun/layerDrawings(at:)``).
///
/// Geometry: each layer is flattened into its superlayer's plane (CALayer without a CATransformLayer), so the map from
/// a layer's own space to the screen is a plane homography, the product of one 3 x 3 map per layer up the tree. A
/// layer's own map (row-vector, as CATransform3D) is
/// `T(−pivot) · transform · S(scale.x, scale.y) · Rx · Ry · Rz · T(position + translation)`,
/// restricted to x, y and w (z dropped after each layer): the pivot is `bounds.origin + anchorPoint ⊙ bounds.size`,
/// `transform` the whole CATransform3D (its `m34` perspective included), then the transform's component key paths
/// (scale, rotations about x, y, z, translation) as `Layer/Placement` applies the 2D ones.
public struct LayerDrawing: Equatable, Sendable {
    /// The layer's own space (bounds coordinates, points) to screen points, row by row (h11, h12, h13, h21, ..., h33),
    /// row-vector form: `(x, y, 1) · H = (X, Y, W)` and the screen point is `(X / W, Y / W)`. Affine when h13 = h23 = 0.
    /// A point with W ≤ 0 lies behind the eye of a perspective projection and is not drawn.
    public var homography: [Double]
    /// The presented bounds (x, y, width, height), points.
    public var bounds: SIMD4<Double>
    /// The presented opacity times its superlayers' (0 ... 1; Core Animation composites a layer's subtree as a group,
    /// which this product equals for layers that do not overlap their sublayers).
    public var opacity: Double
    /// The presented background color (red, green, blue, alpha), 0 ... 1.
    public var backgroundColor: SIMD4<Double>
    /// The presented corner radius, points.
    public var cornerRadius: Double
    /// The presented contents (text, its color, a transition's old contents and state).
    public var contents: Layer.Contents

    /// Maps a point of the layer's own space to the screen, or nil when it lies behind the eye (W ≤ 0).
    public func screenPoint(_ p: SIMD2<Double>) -> SIMD2<Double>? {
        let h = homography
        let w = p.x * h[2] + p.y * h[5] + h[8]
        guard w > 0 else { return nil }
        return SIMD2((p.x * h[0] + p.y * h[3] + h[6]) / w, (p.x * h[1] + p.y * h[4] + h[7]) / w)
    }

    /// A polygon of the layer's own space (a convex outline, in order) on the screen: the part in front of the eye
    /// (W ≥ 1e-6; W is affine in the layer's coordinates, so the polygon is clipped there, Sutherland–Hodgman, before
    /// it is projected). Empty when all of it lies behind the eye.
    public func screenPolygon(_ polygon: [SIMD2<Double>]) -> [SIMD2<Double>] {
        let h = homography
        func w(_ p: SIMD2<Double>) -> Double { p.x * h[2] + p.y * h[5] + h[8] }
        let eps = 1e-6
        var clipped: [SIMD2<Double>] = []
        for (k, a) in polygon.enumerated() {
            let b = polygon[(k + 1) % polygon.count]
            let (wa, wb) = (w(a), w(b))
            if wa >= eps { clipped.append(a) }
            if (wa >= eps) != (wb >= eps) { clipped.append(a + (b - a) * ((eps - wa) / (wb - wa))) }
        }
        return clipped.compactMap(screenPoint)
    }

    /// The bounds' corners, in order from the origin.
    public var corners: [SIMD2<Double>] {
        let b = bounds
        return [SIMD2(b[0], b[1]), SIMD2(b[0] + b[2], b[1]), SIMD2(b[0] + b[2], b[1] + b[3]), SIMD2(b[0], b[1] + b[3])]
    }

    /// The 3 x 3 product a · b (row-vector: a applied first).
    static func multiply(_ a: [Double], _ b: [Double]) -> [Double] {
        var out = [Double](repeating: 0, count: 9)
        for i in 0..<3 {
            for j in 0..<3 { out[i * 3 + j] = a[i * 3] * b[j] + a[i * 3 + 1] * b[3 + j] + a[i * 3 + 2] * b[6 + j] }
        }
        return out
    }

    /// A layer's own map into its superlayer's plane at local time `lt` (see the type's description).
    static func ownMap(_ layer: Layer, at lt: Double) -> [Double] {
        func v(_ k: String) -> [Double] { layer.presentationValue(k, at: lt)?.components ?? [0, 0, 0, 0] }
        let b = v("bounds"), a = v("anchorPoint"), p = v("position")
        let pivot = SIMD2(b[0] + a[0] * b[2], b[1] + a[1] * b[3])
        let whole = layer.presentationValue("transform", at: lt).map { Transform3D($0.components) } ?? .identity
        let m = Transform3D.translation(-pivot.x, -pivot.y)
            .concatenating(whole)
            .concatenating(.scale(v("transform.scale.x")[0], v("transform.scale.y")[0]))
            .concatenating(.rotation(v("transform.rotation.x")[0], 1, 0, 0))
            .concatenating(.rotation(v("transform.rotation.y")[0], 0, 1, 0))
            .concatenating(.rotation(v("transform.rotation.z")[0], 0, 0, 1))
            .concatenating(.translation(p[0] + v("transform.translation.x")[0], p[1] + v("transform.translation.y")[0]))
        // Rows and columns x, y, w: z is dropped (the layer is flattened into its superlayer's plane).
        let keep = [0, 1, 3]
        return keep.flatMap { i in keep.map { j in m[i, j] } }
    }
}

extension SceneRun {
    /// How each layer looks at run time `t` (seconds), in scene order (``LayerDrawing``): call it from the row closure of
    /// ``run(events:_:)`` with the row's time, when the stage stands at that time. Superlayers are composed before their
    /// sublayers (a layer's superlayer precedes it in a valid scene).
    public func layerDrawings(at t: Double) -> [LayerDrawing] {
        let clocks = geometry.clocks
        var maps: [[Double]] = []
        var opacities: [Double] = []
        var out: [LayerDrawing] = []
        out.reserveCapacity(layers.count)
        for (li, layer) in layers.enumerated() {
            let lt = clocks.localTime(li, at: t)
            var map = LayerDrawing.ownMap(layer, at: lt)
            var opacity = layer.presentationValue("opacity", at: lt)?.scalar ?? 1
            if let s = clocks.superIndex[li], s < maps.count {
                map = LayerDrawing.multiply(map, maps[s])
                opacity *= opacities[s]
            }
            maps.append(map)
            opacities.append(opacity)
            let b = layer.presentationValue("bounds", at: lt)?.components ?? [0, 0, 0, 0]
            let c = layer.presentationValue("backgroundColor", at: lt)?.components ?? [0, 0, 0, 0]
            out.append(
                LayerDrawing(
                    homography: map, bounds: SIMD4(b[0], b[1], b[2], b[3]), opacity: opacity,
                    backgroundColor: SIMD4(c[0], c[1], c[2], c[3]),
                    cornerRadius: layer.presentationValue("cornerRadius", at: lt)?.scalar ?? 0,
                    contents: layer.presentedContents(at: lt, size: SIMD2(b[2], b[3]))))
        }
        return out
    }
}
