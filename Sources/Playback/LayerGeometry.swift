import Foundation
import Animation

/// A 2D affine map x ↦ m x + b (m as rows (m00, m01), (m10, m11)): a layer's placement, or a chain of them.
struct Affine {
    var m: SIMD4<Double>
    var b: SIMD2<Double>

    init(m: SIMD4<Double>, b: SIMD2<Double>) {
        self.m = m
        self.b = b
    }

    /// A layer's placement in its superlayer (``Layer/Placement/affine``).
    init(_ placement: Layer.Placement) {
        let p = placement.affine
        self.init(m: p.m, b: p.b)
    }

    func apply(_ x: SIMD2<Double>) -> SIMD2<Double> {
        SIMD2(m[0] * x.x + m[1] * x.y, m[2] * x.x + m[3] * x.y) + b
    }

    /// self ∘ other.
    func after(_ o: Affine) -> Affine {
        Affine(
            m: SIMD4(
                m[0] * o.m[0] + m[1] * o.m[2], m[0] * o.m[1] + m[1] * o.m[3],
                m[2] * o.m[0] + m[3] * o.m[2], m[2] * o.m[1] + m[3] * o.m[3]), b: apply(o.b))
    }

    /// The point this map sends to `p`, or nil when the map is singular (a zero scale).
    func inverted(_ p: SIMD2<Double>) -> SIMD2<Double>? {
        let det = m[0] * m[3] - m[1] * m[2]
        guard abs(det) > 1e-12 else { return nil }
        let d = p - b
        return SIMD2((m[3] * d.x - m[1] * d.y) / det, (-m[2] * d.x + m[0] * d.y) / det)
    }
}

/// The one geometry of a scene's layer tree, shared by the stage (hit tests, gesture points in a view's space) and the
/// rows (sublayers' screen positions): each layer's placement in its superlayer (CALayer's convert(_:to:) for the 2D
/// transform components, ``Layer/placement(at:)``), composed up the tree to the screen (the root layers' space).
/// Maps are composed from the root down, each layer's from its superlayer's, and memoized for one time and one kind
/// (model or presentation), so a chain of n nested layers costs n placements per row, not n².
struct LayerGeometry {
    /// Each layer's superlayer index, or nil for a root layer.
    let superIndex: [Int?]
    /// Each layer's local time (presentations are read at it).
    let clocks: LayerClocks
    private var maps: [Affine?]
    private var mapsTime = -Double.infinity
    private var mapsModel = false

    init(clocks: LayerClocks) {
        self.superIndex = clocks.superIndex
        self.clocks = clocks
        maps = Array(repeating: nil, count: superIndex.count)
    }

    /// Forgets the memoized maps: the layers changed at the same time (a block or call set the model or added an
    /// animation).
    mutating func forget() { mapsTime = -.infinity }

    /// Layer li's own space → the screen at `t`, from the model values (UIKit converts points and hit-tests with the
    /// model layer) or the presentation.
    mutating func screenMap(_ li: Int, in layers: [Layer], at t: Double, model: Bool) -> Affine {
        if mapsTime != t || mapsModel != model || model {
            // Model maps change whenever a call sets the model, so they are not kept.
            mapsTime = t
            mapsModel = model
            for k in maps.indices { maps[k] = nil }
        }
        // Up to the first layer already mapped (or the root), then down composing (no recursion: chains may be deep).
        var chain: [Int] = []
        var k: Int? = li
        while let j = k, maps[j] == nil { chain.append(j); k = superIndex[j] }
        var map = k.flatMap { maps[$0] }
        for j in chain.reversed() {
            let own = Affine(model ? layers[j].modelPlacement : layers[j].placement(at: clocks.localTime(j, at: t)))
            let composed = map.map { $0.after(own) } ?? own
            maps[j] = composed
            map = composed
        }
        return map!
    }

    /// A screen point in layer li's own space (model geometry), or nil when its map is singular.
    mutating func local(_ p: SIMD2<Double>, in li: Int, layers: [Layer], at t: Double) -> SIMD2<Double>? {
        screenMap(li, in: layers, at: t, model: true).inverted(p)
    }

    /// Layer li's presented position on the screen (`root.position`) and the direction of its x-axis there
    /// (`root.rotation.z`, radians in (−π, π]): its position mapped up through each superlayer.
    mutating func screenPosition(of li: Int, in layers: [Layer], at t: Double) -> (
        position: SIMD2<Double>, rotation: Double
    ) {
        let lt = clocks.localTime(li, at: t)
        let own = layers[li].presentationValue("position", at: lt)?.components ?? [0, 0]
        var point = SIMD2(own[0], own[1])
        let th = layers[li].presentationValue("transform.rotation.z", at: lt)?.scalar ?? 0
        // The x-axis as a second point one unit along it, scaled by the layer's own x scale's sign only.
        let sx = layers[li].presentationValue("transform.scale.x", at: lt)?.scalar ?? 1
        var tip = point + SIMD2(cos(th), sin(th)) * (sx < 0 ? -1 : 1)
        if let p = superIndex[li] {
            let map = screenMap(p, in: layers, at: t, model: false)
            point = map.apply(point)
            tip = map.apply(tip)
        }
        return (point, atan2(tip.y - point.y, tip.x - point.x))
    }

    /// UIView.hitTest(_:with:): the topmost, deepest layer whose model bounds contain the screen point (half-open, as
    /// CGRect.contains) among those `hittable` admits (and only inside a hittable superlayer); a sublayer outside its
    /// superlayer's bounds is not hit. Later layers lie on top of earlier siblings.
    mutating func hitTest(_ p: SIMD2<Double>, in layers: [Layer], at t: Double, hittable: (Int) -> Bool) -> Int? {
        func test(_ li: Int) -> Int? {
            guard hittable(li), let q = local(p, in: li, layers: layers, at: t),
                let r = layers[li].modelValue("bounds")?.components,
                q.x >= r[0], q.x < r[0] + r[2], q.y >= r[1], q.y < r[1] + r[3]
            else { return nil }
            for child in superIndex.indices.reversed() where superIndex[child] == li {
                if let hit = test(child) { return hit }
            }
            return li
        }
        for root in superIndex.indices.reversed() where superIndex[root] == nil {
            if let hit = test(root) { return hit }
        }
        return nil
    }
}
