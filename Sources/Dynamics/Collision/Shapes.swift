import Foundation

// Collision shapes and their transforms, in points: rigid transforms with cached rotations, convex polygons (Box2D
// 2.4.1's b2PolygonShape, with a skin radius), manifolds and feature ids, and how an item definition becomes a shape.

/// A cached rotation: the angle (radians) and its cosine and sine.
struct RotationCacheEntry {
    var angle: Double
    var c: Double
    var s: Double
}

/// A rigid transform: rotation (cos, sin) and translation, points.
struct Transform {
    var p: Vector2
    var c: Double
    var s: Double

    init(position: Vector2, angle: Double) {
        p = position
        c = cos(angle)
        s = sin(angle)
    }

    init(p: Vector2, c: Double, s: Double) {
        self.p = p
        self.c = c
        self.s = s
    }

    static let identity = Transform(p: .zero, c: 1, s: 0)

    @inline(__always) func rotate(_ v: Vector2) -> Vector2 { Vector2(c * v.x - s * v.y, s * v.x + c * v.y) }
    @inline(__always) func rotateT(_ v: Vector2) -> Vector2 { Vector2(c * v.x + s * v.y, -s * v.x + c * v.y) }
    @inline(__always) func apply(_ v: Vector2) -> Vector2 { rotate(v) + p }
    @inline(__always) func applyT(_ v: Vector2) -> Vector2 { rotateT(v - p) }

    /// this⁻¹ ∘ other (b2MulT of transforms): maps other's frame into this frame.
    @inline(__always) func inverseTimes(_ o: Transform) -> Transform {
        Transform(p: rotateT(o.p - p), c: c * o.c + s * o.s, s: c * o.s - s * o.c)
    }
}

/// A convex polygon in its body's frame: vertices in Box2D order with outward unit normals, plus a skin radius.
public struct ConvexPolygon: Equatable {
    var vertices: [Vector2]
    var normals: [Vector2]
    var radius: Double

    /// Box2D's b2PolygonShape::SetAsBox(hw, hh): (−hw, −hh), (hw, −hh), (hw, hh), (−hw, hh).
    static func box(halfWidth hx: Double, halfHeight hy: Double, radius: Double = 0) -> ConvexPolygon {
        ConvexPolygon(
            vertices: [Vector2(-hx, -hy), Vector2(hx, -hy), Vector2(hx, hy), Vector2(-hx, hy)],
            normals: [Vector2(0, -1), Vector2(1, 0), Vector2(0, 1), Vector2(-1, 0)], radius: radius)
    }

    /// The polygon's least width with its skin, points: the smallest extent of its vertices along any face normal (a
    /// convex polygon's width is least across one of its faces), plus the skin on both sides.
    var leastWidth: Double {
        normals.map { n in
            let d = vertices.map { dot($0, n) }
            return d.max()! - d.min()!
        }.min()! + 2 * radius
    }

    /// Whether `points` form a convex, non-self-intersecting polygon (UIKit's rule for collisionBoundingPath).
    public static func isConvexPath(_ points: [Vector2]) -> Bool { convex(points) != nil }

    /// A polygon through convex `points` (either winding; reordered to Box2D's), or nil when fewer than 3 distinct
    /// non-collinear points or not convex.
    static func convex(_ points: [Vector2], radius: Double = 0) -> ConvexPolygon? {
        guard points.count >= 3 else { return nil }
        var pts = points
        // Signed area in Box2D's orientation; reverse when negative.
        var area = 0.0
        for i in pts.indices { area += cross(pts[i], pts[(i + 1) % pts.count]) }
        if area < 0 { pts.reverse() }
        guard abs(area) > 1e-9 else { return nil }
        var normals: [Vector2] = []
        for i in pts.indices {
            let e = pts[(i + 1) % pts.count] - pts[i]
            let len = norm(e)
            guard len > 1e-9 else { return nil }
            normals.append(Vector2(e.y, -e.x) / len)
        }
        // Convexity: every vertex turns the same way, and the turns add up to one revolution (no self-intersection).
        var turning = 0.0
        for i in pts.indices {
            let a = pts[(i + 1) % pts.count] - pts[i], b = pts[(i + 2) % pts.count] - pts[(i + 1) % pts.count]
            if cross(a, b) < -1e-9 { return nil }
            turning += atan2(cross(a, b), dot(a, b))
        }
        if abs(turning - 2 * Double.pi) > 1e-6 { return nil }
        return ConvexPolygon(vertices: pts, normals: normals, radius: radius)
    }
}

/// A contact feature id (b2ContactFeature) packed as Box2D packs it: indexA | indexB << 8 | typeA << 16 | typeB << 24,
/// types 0 = vertex, 1 = face.
typealias FeatureID = UInt32

@inline(__always)
func featureID(indexA: Int, indexB: Int, typeA: UInt32, typeB: UInt32) -> FeatureID {
    UInt32(indexA & 0xFF) | UInt32(indexB & 0xFF) << 8 | typeA << 16 | typeB << 24
}

/// Swaps the A and B halves of a feature id (a manifold computed with the shapes' roles exchanged).
@inline(__always)
func flipped(_ id: FeatureID) -> FeatureID {
    let iA = id & 0xFF, iB = (id >> 8) & 0xFF, tA = (id >> 16) & 0xFF, tB = (id >> 24) & 0xFF
    return iB | iA << 8 | tB << 16 | tA << 24
}

/// A contact manifold (b2Manifold): up to two points in local coordinates, with accumulated impulses for warm starting.
struct Manifold {
    enum Kind { case circles, faceA, faceB }
    var kind = Kind.circles
    var localNormal = Vector2.zero
    var localPoint = Vector2.zero
    var pointCount = 0
    var localPoints = (Vector2.zero, Vector2.zero)
    var ids: (FeatureID, FeatureID) = (0, 0)
    var normalImpulses = (0.0, 0.0)
    var tangentImpulses = (0.0, 0.0)

    mutating func addPoint(_ p: Vector2, id: FeatureID) {
        if pointCount == 0 { localPoints.0 = p; ids.0 = id } else { localPoints.1 = p; ids.1 = id }
        pointCount += 1
    }

    func localPoint(_ i: Int) -> Vector2 { i == 0 ? localPoints.0 : localPoints.1 }
    func id(_ i: Int) -> FeatureID { i == 0 ? ids.0 : ids.1 }

    /// Takes the accumulated impulses of `previous`'s points that have the same feature ids (b2Contact::Update's
    /// warm-start matching).
    @inline(__always)
    mutating func takeImpulses(from previous: Manifold) {
        // The impulses of `previous`'s last point with feature id `id`, if any (points written out, not looped over).
        @inline(__always) func impulses(for id: FeatureID) -> (Double, Double)? {
            var found: (Double, Double)?
            if previous.pointCount >= 1 && previous.ids.0 == id {
                found = (previous.normalImpulses.0, previous.tangentImpulses.0)
            }
            if previous.pointCount >= 2 && previous.ids.1 == id {
                found = (previous.normalImpulses.1, previous.tangentImpulses.1)
            }
            return found
        }
        if pointCount >= 1, let (ni, ti) = impulses(for: ids.0) { normalImpulses.0 = ni; tangentImpulses.0 = ti }
        if pointCount >= 2, let (ni, ti) = impulses(for: ids.1) { normalImpulses.1 = ni; tangentImpulses.1 = ti }
    }
}

/// A polygon read in place from ``World``'s flat polygon storage: vertex and normal pointers, vertex count and skin
/// radius (points). Plain values, so the narrow phase passes polygons without reference counting. Valid until the
/// world's next item is added (``World/polygon(_:)``).
struct PolygonRef {
    var vertices: UnsafePointer<Vector2>
    var normals: UnsafePointer<Vector2>
    var count: Int
    var radius: Double
}

extension World {
    /// The collision shape of an item definition (see ``CollisionBounds``).
    ///
    /// A rectangle is a box with no skin; a path its convex polygon with a 0.9 pt skin. An ellipse with equal sides is
    /// a circle; any other is a polygon with a 0.9 pt skin whose n vertices sit at equal parameter steps on the
    /// ellipse, (a cos t_k, b sin t_k) with t_k = 2πk/n, a the half width and b the half height: n = max(8,
    /// ⌊perimeter / 10 pt⌋) (Ramanujan's perimeter), at most 64 (reached at a perimeter of 640 pt, about a 265 x 132 pt
    /// ellipse).
    ///
    /// Error bound: the polygon is the image of a regular n-gon inscribed in the unit circle under
    /// (x, y) -> (a x, b y), so it lies inside the ellipse and contains the ellipse scaled by cos(π/n) about its
    /// center. The farthest a point of the ellipse lies from the polygon is the largest sag of its chords,
    /// (1 − cos(π/n)) a b / √(b² cos² m + a² sin² m) over the chords' middle parameters m = (2k + 1)π/n. With A >= B
    /// the larger and the smaller half side, that is at most A (1 − cos(π/n)) (reached when a chord's middle sits at an
    /// end of the major axis, as for a wide ellipse with n odd), and when n is a multiple of 4, so that vertices sit at
    /// the ends of both axes, also at most B tan(π/(2n)). At the cap (64 vertices) the polygon is thus within 0.00121 A
    /// and 0.0246 B of the ellipse (0.61 pt for a 1e9 x 50 pt ellipse, 0.6 pt for a 1000 x 1000.5 pt one); with 8
    /// vertices within 0.0762 A and 0.199 B. With the skin, the collision shape is the polygon grown by 0.9 pt: its
    /// support in any direction exceeds the ellipse's by 0.9 pt minus at most that distance, so it is within
    /// max(0.9, distance − 0.9) pt of the true ellipse: 0.9 pt below the cap (there Ramanujan's perimeter, at least
    /// 3.98 A, is under 10 (n + 1) pt, so the distance is under 2.52 (n + 1)(1 − cos(π/n)) <= 1.72 pt) and at the cap
    /// when B is under 73 pt or A under 1490 pt. The cap bounds the polygon's memory (a 1e9 pt ellipse would otherwise
    /// get 2e8 vertices) and the narrow phase's cost, which grows as the product of two polygons' vertex counts; it
    /// also keeps vertex indices within the 8 bits a contact feature id stores.
    static func shape(for item: ItemDefinition) -> ItemShape? {
        let hw = item.size.x / 2, hh = item.size.y / 2
        switch item.collisionBounds {
        case .rectangle:
            return .polygon(.box(halfWidth: hw, halfHeight: hh))
        case .ellipse:
            if item.size.x == item.size.y { return .circle(hw) }
            let perimeter = Double.pi * (3 * (hw + hh) - ((3 * hw + hh) * (hw + 3 * hh)).squareRoot())
            // At most 64 vertices (see above). Compared before converting to Int, so a perimeter too large for an Int
            // (or not a number) takes the cap.
            let cap = World.maxEllipseVertices
            let count = perimeter / 10 < Double(cap) ? max(8, Int(perimeter / 10)) : cap
            let points = (0..<count).map { k -> Vector2 in
                let t = 2 * Double.pi * Double(k) / Double(count)
                return Vector2(hw * cos(t), hh * sin(t))
            }
            return ConvexPolygon.convex(points, radius: 0.9).map { .polygon($0) }
        case .path(let points):
            return ConvexPolygon.convex(points, radius: 0.9).map { .polygon($0) }
        }
    }
}
