import Foundation

// Narrow phase: contact manifolds between convex polygons, circles and two-sided segments, following Box2D 2.4.1's
// b2CollidePolygons, b2CollidePolygonAndCircle, b2CollideCircles, b2CollideEdgeAndPolygon and b2CollideEdgeAndCircle
// (separating-axis search, reference/incident faces, Sutherland–Hodgman clipping, feature ids for warm starting),
// expressed in points. Coordinates are used as Box2D would use them (no axis flip): polygon vertices run in Box2D's
// counter-clockwise order of the raw numbers and each edge's outward normal is (e.y, −e.x) / |e|.

/// A clip vertex: a point and the feature id that produced it.
private struct ClipVertex {
    var v: Vector2
    var id: FeatureID
}

/// Up to two clip vertices, inline (the narrow phase allocates nothing).
private struct ClipPair {
    var points: (ClipVertex, ClipVertex)
    var count = 0

    init(_ a: ClipVertex, _ b: ClipVertex, count: Int) { points = (a, b); self.count = count }

    @inline(__always) mutating func append(_ v: ClipVertex) {
        if count == 0 { points.0 = v } else { points.1 = v }
        count += 1
    }

    @inline(__always) subscript(i: Int) -> ClipVertex { i == 0 ? points.0 : points.1 }
}

/// Clips a segment to the half-plane dot(normal, v) − offset ≤ 0 (b2ClipSegmentToLine); at most two points come out.
@inline(__always)
private func clipSegment(_ input: ClipPair, normal: Vector2, offset: Double, vertexIndexA: Int) -> ClipPair {
    var out = ClipPair(input.points.0, input.points.1, count: 0)
    let d0 = dot(normal, input.points.0.v) - offset, d1 = dot(normal, input.points.1.v) - offset
    if d0 <= 0 { out.append(input.points.0) }
    if d1 <= 0 { out.append(input.points.1) }
    if d0 * d1 < 0 {
        let t = d0 / (d0 - d1)
        let indexB = Int((input.points.0.id >> 8) & 0xFF)
        out.append(
            ClipVertex(
                v: input.points.0.v + t * (input.points.1.v - input.points.0.v),
                id: featureID(indexA: vertexIndexA, indexB: indexB, typeA: 0, typeB: 1)))
    }
    return out
}

/// The largest separation of poly2 from poly1's edge normals (b2FindMaxSeparation), and that edge. It stops at the
/// first edge whose separation exceeds `stopAbove`: the caller then reports no contact whatever the maximum is, so
/// the manifold is the same as Box2D's.
private func findMaxSeparation(
    _ p1: PolygonRef, _ xf1: Transform, _ p2: PolygonRef, _ xf2: Transform,
    stopAbove: Double
) -> (edge: Int, separation: Double) {
    let xf = xf2.inverseTimes(xf1)
    var best = 0
    var maxSeparation = -Double.greatestFiniteMagnitude
    for i in 0..<p1.count {
        let n = xf.rotate(p1.normals[i]), v1 = xf.apply(p1.vertices[i])
        var si = Double.greatestFiniteMagnitude
        for j in 0..<p2.count {
            let sij = dot(n, p2.vertices[j] - v1)
            if sij < si { si = sij }
        }
        if si > maxSeparation {
            maxSeparation = si
            best = i
            if si > stopAbove { break }
        }
    }
    return (best, maxSeparation)
}

/// Polygon–polygon manifold (b2CollidePolygons), A and B in their world transforms.
func collidePolygons(_ polyA: PolygonRef, _ xfA: Transform, _ polyB: PolygonRef, _ xfB: Transform) -> Manifold {
    var m = Manifold()
    let totalRadius = polyA.radius + polyB.radius
    let (edgeA, separationA) = findMaxSeparation(polyA, xfA, polyB, xfB, stopAbove: totalRadius)
    if separationA > totalRadius { return m }
    let (edgeB, separationB) = findMaxSeparation(polyB, xfB, polyA, xfA, stopAbove: totalRadius)
    if separationB > totalRadius { return m }

    let poly1: PolygonRef, poly2: PolygonRef, xf1: Transform, xf2: Transform, edge1: Int, flip: Bool
    let tolerance = 0.1 * World.linearSlop
    if separationB > separationA + tolerance {
        poly1 = polyB; poly2 = polyA; xf1 = xfB; xf2 = xfA; edge1 = edgeB; flip = true
        m.kind = .faceB
    } else {
        poly1 = polyA; poly2 = polyB; xf1 = xfA; xf2 = xfB; edge1 = edgeA; flip = false
        m.kind = .faceA
    }

    // Incident edge: the poly2 edge most anti-parallel to the reference normal (b2FindIncidentEdge).
    let normal1 = xf2.rotateT(xf1.rotate(poly1.normals[edge1]))
    var index = 0
    var minDot = Double.greatestFiniteMagnitude
    for i in 0..<poly2.count {
        let d = dot(normal1, poly2.normals[i])
        if d < minDot { minDot = d; index = i }
    }
    let i1 = index, i2 = index + 1 < poly2.count ? index + 1 : 0
    let incident = ClipPair(
        ClipVertex(v: xf2.apply(poly2.vertices[i1]), id: featureID(indexA: edge1, indexB: i1, typeA: 1, typeB: 0)),
        ClipVertex(v: xf2.apply(poly2.vertices[i2]), id: featureID(indexA: edge1, indexB: i2, typeA: 1, typeB: 0)),
        count: 2)

    let count1 = poly1.count
    let iv1 = edge1, iv2 = edge1 + 1 < count1 ? edge1 + 1 : 0
    var v11 = poly1.vertices[iv1], v12 = poly1.vertices[iv2]
    var localTangent = v12 - v11
    localTangent /= norm(localTangent)
    let localNormal = Vector2(localTangent.y, -localTangent.x)
    let planePoint = 0.5 * (v11 + v12)
    let tangent = xf1.rotate(localTangent)
    let normal = Vector2(tangent.y, -tangent.x)
    v11 = xf1.apply(v11)
    v12 = xf1.apply(v12)
    let frontOffset = dot(normal, v11)
    let sideOffset1 = -dot(tangent, v11) + totalRadius
    let sideOffset2 = dot(tangent, v12) + totalRadius

    let clip1 = clipSegment(incident, normal: -tangent, offset: sideOffset1, vertexIndexA: iv1)
    if clip1.count < 2 { return m }
    let clip2 = clipSegment(clip1, normal: tangent, offset: sideOffset2, vertexIndexA: iv2)
    if clip2.count < 2 { return m }

    m.localNormal = localNormal
    m.localPoint = planePoint
    for k in 0..<2 {
        let cv = clip2[k]
        let separation = dot(normal, cv.v) - frontOffset
        if separation <= totalRadius {
            m.addPoint(xf2.applyT(cv.v), id: flip ? flipped(cv.id) : cv.id)
        }
    }
    return m
}

/// Polygon (A) – circle (B) manifold (b2CollidePolygonAndCircle). The circle is centred on its body.
func collidePolygonAndCircle(_ poly: PolygonRef, _ xfA: Transform, radius circleRadius: Double, _ xfB: Transform)
    -> Manifold
{
    var m = Manifold()
    let cLocal = xfA.applyT(xfB.p)
    var normalIndex = 0
    var separation = -Double.greatestFiniteMagnitude
    let radius = poly.radius + circleRadius
    for i in 0..<poly.count {
        let s = dot(poly.normals[i], cLocal - poly.vertices[i])
        if s > radius { return m }
        if s > separation { separation = s; normalIndex = i }
    }
    let v1 = poly.vertices[normalIndex]
    let v2 = poly.vertices[normalIndex + 1 < poly.count ? normalIndex + 1 : 0]
    m.kind = .faceA
    if separation < 1.1920929e-7 * 100 {
        m.localNormal = poly.normals[normalIndex]
        m.localPoint = 0.5 * (v1 + v2)
        m.addPoint(.zero, id: 0)
        return m
    }
    let u1 = dot(cLocal - v1, v2 - v1), u2 = dot(cLocal - v2, v1 - v2)
    if u1 <= 0 {
        if dot(cLocal - v1, cLocal - v1) > radius * radius { return m }
        let n = cLocal - v1
        m.localNormal = n / norm(n)
        m.localPoint = v1
    } else if u2 <= 0 {
        if dot(cLocal - v2, cLocal - v2) > radius * radius { return m }
        let n = cLocal - v2
        m.localNormal = n / norm(n)
        m.localPoint = v2
    } else {
        let faceCenter = 0.5 * (v1 + v2)
        if dot(cLocal - faceCenter, poly.normals[normalIndex]) > radius { return m }
        m.localNormal = poly.normals[normalIndex]
        m.localPoint = faceCenter
    }
    m.addPoint(.zero, id: 0)
    return m
}

/// Circle–circle manifold (b2CollideCircles).
func collideCircles(radiusA: Double, _ xfA: Transform, radiusB: Double, _ xfB: Transform) -> Manifold {
    var m = Manifold()
    let d = xfB.p - xfA.p
    let radius = radiusA + radiusB
    if dot(d, d) > radius * radius { return m }
    m.kind = .circles
    m.localPoint = .zero
    m.localNormal = .zero
    m.addPoint(.zero, id: 0)
    return m
}

/// Two-sided segment (A, in world coordinates) – circle (B) manifold (b2CollideEdgeAndCircle without neighbours).
func collideEdgeAndCircle(
    _ a: Vector2, _ b: Vector2, edgeRadius: Double, radius circleRadius: Double,
    _ xfB: Transform
) -> Manifold {
    var m = Manifold()
    let q = xfB.p
    let e = b - a
    var n = Vector2(e.y, -e.x)
    let offset = dot(n, q - a)
    let u = dot(e, b - q), v = dot(e, q - a)
    let radius = edgeRadius + circleRadius
    if v <= 0 || u <= 0 {
        let p = v <= 0 ? a : b
        let d = q - p
        if dot(d, d) > radius * radius { return m }
        m.kind = .circles
        m.localNormal = .zero
        m.localPoint = p
        m.addPoint(.zero, id: featureID(indexA: v <= 0 ? 0 : 1, indexB: 0, typeA: 0, typeB: 0))
        return m
    }
    let p = (u * a + v * b) / dot(e, e)
    let d = q - p
    if dot(d, d) > radius * radius { return m }
    if offset < 0 { n = -n }
    m.kind = .faceA
    m.localNormal = n / norm(n)
    m.localPoint = a
    m.addPoint(.zero, id: featureID(indexA: 0, indexB: 0, typeA: 1, typeB: 0))
    return m
}

/// Two-sided segment (A, in world coordinates) – polygon (B) manifold (b2CollideEdgeAndPolygon, two-sided: no ghost
/// vertices), with Box2D's hysteresis between the edge axis and the polygon axes. (The `uikit` profile's boundaries,
/// and the `precise` profile's lone segments and reference bounds; see ``collidePathSegmentAndPolygon(_:_:_:)``.)
func collideEdgeAndPolygon(
    _ v1: Vector2, _ v2: Vector2, edgeRadius: Double, _ polyB: PolygonRef,
    _ xfB: Transform
) -> Manifold {
    let m = Manifold()
    // Polygon B in the edge's (world) frame, transformed where read (no copies).
    @inline(__always) func vertex(_ i: Int) -> Vector2 { xfB.apply(polyB.vertices[i]) }
    @inline(__always) func normal(_ i: Int) -> Vector2 { xfB.rotate(polyB.normals[i]) }
    let count = polyB.count
    var edge1 = v2 - v1
    edge1 /= norm(edge1)
    let normal1 = Vector2(edge1.y, -edge1.x)
    let radius = polyB.radius + edgeRadius

    // Edge axis: the side of the edge with the least overlap (b2ComputeEdgeSeparation).
    var edgeSeparation = -Double.greatestFiniteMagnitude
    var edgeNormal = Vector2.zero
    for side in 0..<2 {
        let axis = side == 0 ? normal1 : -normal1
        var sj = Double.greatestFiniteMagnitude
        for i in 0..<count { sj = min(sj, dot(axis, vertex(i) - v1)) }
        if sj > edgeSeparation { edgeSeparation = sj; edgeNormal = axis }
    }
    if edgeSeparation > radius { return m }
    // Polygon axes (b2ComputePolygonSeparation).
    var polygonSeparation = -Double.greatestFiniteMagnitude
    var polygonIndex = -1
    for i in 0..<count {
        let n = -normal(i)
        let s = min(dot(n, vertex(i) - v1), dot(n, vertex(i) - v2))
        if s > polygonSeparation { polygonSeparation = s; polygonIndex = i }
    }
    if polygonSeparation > radius { return m }

    let usePolygonAxis = polygonSeparation - radius > 0.98 * (edgeSeparation - radius) + 0.001 * 100
    return edgePolygonManifold(
        v1, v2, edge1: edge1, edgeNormal: edgeNormal, polyB, xfB, radius: radius,
        polygonAxis: usePolygonAxis ? polygonIndex : -1)
}

/// The clipped manifold of a segment (A, world coordinates) and polygon B once the reference axis is chosen
/// (the second half of b2CollideEdgeAndPolygon): the segment's face with normal `edgeNormal` when `polygonAxis` is −1,
/// otherwise polygon face `polygonAxis`, with the incident feature clipped to the reference face's side planes.
@inline(__always)
private func edgePolygonManifold(
    _ v1: Vector2, _ v2: Vector2, edge1: Vector2, edgeNormal: Vector2, _ polyB: PolygonRef,
    _ xfB: Transform, radius: Double, polygonAxis polygonIndex: Int
) -> Manifold {
    var m = Manifold()
    @inline(__always) func vertex(_ i: Int) -> Vector2 { xfB.apply(polyB.vertices[i]) }
    @inline(__always) func normal(_ i: Int) -> Vector2 { xfB.rotate(polyB.normals[i]) }
    let count = polyB.count
    var clipPoints: ClipPair
    let refI1: Int, refI2: Int, refV1: Vector2, refV2: Vector2, refNormal: Vector2
    let sideNormal1: Vector2, sideNormal2: Vector2
    if polygonIndex < 0 {
        m.kind = .faceA
        // The polygon face most anti-parallel to the edge normal.
        var best = 0
        var bestValue = dot(edgeNormal, normal(0))
        for i in 1..<count {
            let value = dot(edgeNormal, normal(i))
            if value < bestValue { bestValue = value; best = i }
        }
        let i1 = best, i2 = best + 1 < count ? best + 1 : 0
        clipPoints = ClipPair(
            ClipVertex(v: vertex(i1), id: featureID(indexA: 0, indexB: i1, typeA: 1, typeB: 0)),
            ClipVertex(v: vertex(i2), id: featureID(indexA: 0, indexB: i2, typeA: 1, typeB: 0)), count: 2)
        refI1 = 0; refI2 = 1; refV1 = v1; refV2 = v2; refNormal = edgeNormal
        sideNormal1 = -edge1; sideNormal2 = edge1
    } else {
        m.kind = .faceB
        clipPoints = ClipPair(
            ClipVertex(v: v2, id: featureID(indexA: 1, indexB: polygonIndex, typeA: 0, typeB: 1)),
            ClipVertex(v: v1, id: featureID(indexA: 0, indexB: polygonIndex, typeA: 0, typeB: 1)), count: 2)
        refI1 = polygonIndex
        refI2 = refI1 + 1 < count ? refI1 + 1 : 0
        refV1 = vertex(refI1); refV2 = vertex(refI2); refNormal = normal(refI1)
        sideNormal1 = Vector2(refNormal.y, -refNormal.x)
        sideNormal2 = -sideNormal1
    }
    let sideOffset1 = dot(sideNormal1, refV1), sideOffset2 = dot(sideNormal2, refV2)
    let c1 = clipSegment(clipPoints, normal: sideNormal1, offset: sideOffset1, vertexIndexA: refI1)
    if c1.count < 2 { return m }
    let c2 = clipSegment(c1, normal: sideNormal2, offset: sideOffset2, vertexIndexA: refI2)
    if c2.count < 2 { return m }
    if m.kind == .faceA {
        m.localNormal = refNormal
        m.localPoint = refV1
    } else {
        m.localNormal = polyB.normals[refI1]
        m.localPoint = polyB.vertices[refI1]
    }
    for k in 0..<2 {
        let cv = c2[k]
        let separation = dot(refNormal, cv.v - refV1)
        if separation <= radius {
            if m.kind == .faceA {
                m.addPoint(xfB.applyT(cv.v), id: cv.id)
            } else {
                m.addPoint(cv.v, id: flipped(cv.id))
            }
        }
    }
    return m
}

/// A path segment seen from the side a shape centred at `center` lies on: its vertices ordered so that the shape is
/// on the side of the normal (e.y, −e.x) of e = v2 − v1, with the neighbours' far ends (ghost vertices) reordered
/// with them. A path boundary is two-sided, so each side is the front for the shapes on it.
private struct OrientedPathSegment {
    var v0: Vector2, v1: Vector2, v2: Vector2, v3: Vector2
    var hasV0: Bool, hasV3: Bool

    init(_ edge: BoundaryEdge, center: Vector2) {
        let e = edge.v2 - edge.v1
        if dot(Vector2(e.y, -e.x), center - edge.v1) >= 0 {
            v0 = edge.v0; v1 = edge.v1; v2 = edge.v2; v3 = edge.v3; hasV0 = edge.hasV0; hasV3 = edge.hasV3
        } else {
            v0 = edge.v3; v1 = edge.v2; v2 = edge.v1; v3 = edge.v0; hasV0 = edge.hasV3; hasV3 = edge.hasV0
        }
        // A neighbour of zero length gives no direction: treat the vertex as a path's end.
        if hasV0 && v0 == v1 { hasV0 = false }
        if hasV3 && v3 == v2 { hasV3 = false }
    }
}

/// Path segment (A, world coordinates) – polygon (B) manifold with ghost vertices, so that a polygon sliding along a
/// path does not catch on its interior vertices (Box2D's "ghost collisions"; the idea of Box2D 2.4's smooth
/// b2CollideEdgeAndPolygon for chain shapes, applied on whichever side of the segment the polygon's centre is).
///
/// Only the segment's front face (towards the polygon) is an edge axis. When a polygon face is the better axis, its
/// normal n is checked against the neighbour on the side n leans to: at a convex vertex (as seen from the polygon), a
/// normal that leans past the neighbour's normal by more than sin⁻¹ 0.1 belongs to the neighbour's contact and this
/// segment reports none; at a concave vertex the segment's own normal is used instead. Segments with no neighbours
/// collide as ``collideEdgeAndPolygon(_:_:edgeRadius:_:_:)`` does, less its back face.
func collidePathSegmentAndPolygon(_ edge: BoundaryEdge, _ polyB: PolygonRef, _ xfB: Transform) -> Manifold {
    let path = OrientedPathSegment(edge, center: xfB.p)
    let v1 = path.v1, v2 = path.v2
    var edge1 = v2 - v1
    edge1 /= norm(edge1)
    let normal1 = Vector2(edge1.y, -edge1.x)
    let radius = polyB.radius
    let count = polyB.count
    @inline(__always) func vertex(_ i: Int) -> Vector2 { xfB.apply(polyB.vertices[i]) }
    var edgeSeparation = Double.greatestFiniteMagnitude
    for i in 0..<count { edgeSeparation = min(edgeSeparation, dot(normal1, vertex(i) - v1)) }
    if edgeSeparation > radius { return Manifold() }
    var polygonSeparation = -Double.greatestFiniteMagnitude
    var polygonIndex = -1
    var n = Vector2.zero
    for i in 0..<count {
        let axis = -xfB.rotate(polyB.normals[i])
        let s = min(dot(axis, vertex(i) - v1), dot(axis, vertex(i) - v2))
        if s > polygonSeparation { polygonSeparation = s; polygonIndex = i; n = axis }
    }
    if polygonSeparation > radius { return Manifold() }
    var usePolygonAxis = polygonSeparation - radius > 0.98 * (edgeSeparation - radius) + 0.001 * 100
    if usePolygonAxis {
        let sinTolerance = 0.1
        if dot(n, edge1) <= 0 {
            if path.hasV0 {
                var edge0 = v1 - path.v0
                edge0 /= norm(edge0)
                let normal0 = Vector2(edge0.y, -edge0.x)
                if cross(edge0, edge1) >= 0 {
                    if cross(n, normal0) > sinTolerance { return Manifold() }
                } else {
                    usePolygonAxis = false
                }
            }
        } else if path.hasV3 {
            var edge2 = path.v3 - v2
            edge2 /= norm(edge2)
            let normal2 = Vector2(edge2.y, -edge2.x)
            if cross(edge1, edge2) >= 0 {
                if cross(normal2, n) > sinTolerance { return Manifold() }
            } else {
                usePolygonAxis = false
            }
        }
    }
    return edgePolygonManifold(
        v1, v2, edge1: edge1, edgeNormal: normal1, polyB, xfB, radius: radius,
        polygonAxis: usePolygonAxis ? polygonIndex : -1)
}

/// Path segment (A) – circle (B) manifold with ghost vertices: past an end of the segment that has a neighbour, a circle
/// whose centre lies within the neighbour's span is the neighbour's contact, so this segment reports none (Box2D 2.4's
/// b2CollideEdgeAndCircle for chain shapes, on either side).
func collidePathSegmentAndCircle(_ edge: BoundaryEdge, radius: Double, _ xfB: Transform) -> Manifold {
    let path = OrientedPathSegment(edge, center: xfB.p)
    let q = xfB.p, e = path.v2 - path.v1
    if dot(e, q - path.v1) <= 0 && path.hasV0 && dot(path.v1 - path.v0, path.v1 - q) > 0 { return Manifold() }
    if dot(e, path.v2 - q) <= 0 && path.hasV3 && dot(path.v3 - path.v2, q - path.v2) > 0 { return Manifold() }
    return collideEdgeAndCircle(path.v1, path.v2, edgeRadius: 0, radius: radius, xfB)
}

/// World contact points and normal of a manifold (b2WorldManifold::Initialize): the normal points from A to B.
func worldManifold(_ m: Manifold, _ xfA: Transform, radiusA: Double, _ xfB: Transform, radiusB: Double)
    -> (normal: Vector2, points: (Vector2, Vector2), separations: (Double, Double))
{
    var normal = Vector2.zero
    var points = (Vector2.zero, Vector2.zero)
    var separations = (0.0, 0.0)
    switch m.kind {
    case .circles:
        normal = Vector2(1, 0)
        let pA = xfA.apply(m.localPoint), pB = xfB.apply(m.localPoints.0)
        let d = pB - pA
        if dot(d, d) > 1.4210855e-14 * 1e4 { normal = d / norm(d) }
        let cA = pA + radiusA * normal, cB = pB - radiusB * normal
        points.0 = 0.5 * (cA + cB)
        separations.0 = dot(cB - cA, normal)
    case .faceA, .faceB:
        // The reference face is on A (faceA) or B (faceB); the clip points are on the other shape.
        let faceB = m.kind == .faceB
        let reference = faceB ? xfB : xfA, incident = faceB ? xfA : xfB
        let (referenceRadius, incidentRadius) = faceB ? (radiusB, radiusA) : (radiusA, radiusB)
        normal = reference.rotate(m.localNormal)
        let planePoint = reference.apply(m.localPoint)
        // Each point (written out: a loop picked each field by the point's index).
        if m.pointCount >= 1 {
            (points.0, separations.0) = clipPoint(
                incident.apply(m.localPoints.0), planePoint, normal, reference: referenceRadius,
                incident: incidentRadius)
        }
        if m.pointCount >= 2 {
            (points.1, separations.1) = clipPoint(
                incident.apply(m.localPoints.1), planePoint, normal, reference: referenceRadius,
                incident: incidentRadius)
        }
        if faceB { normal = -normal }
    }
    return (normal, points, separations)
}

/// One clip point of a face manifold in world coordinates (b2WorldManifold::Initialize): `clip` on the incident shape,
/// the reference face through `planePoint` with unit `normal`; the point midway between the two surfaces (each shape's
/// skin `reference` / `incident` radius, points) and the separation along `normal` (negative when they overlap).
@inline(__always)
private func clipPoint(
    _ clip: Vector2, _ planePoint: Vector2, _ normal: Vector2, reference: Double, incident: Double
) -> (Vector2, Double) {
    let onReference = clip + (reference - dot(clip - planePoint, normal)) * normal
    let onIncident = clip - incident * normal
    return (0.5 * (onReference + onIncident), dot(onIncident - onReference, normal))
}
