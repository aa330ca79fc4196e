import Foundation

// Contacts for the `uikit` profile: the narrow phase at the start of each sub-step (b2ContactManager::Collide, with
// impulses carried over by feature id), and Box2D 2.4.1's b2ContactSolver: velocity constraints with restitution above
// the 1 m/s (100 pt/s) threshold, Coulomb friction solved before the normal impulses, the 2-point block solver, warm
// starting, and non-linear position correction with Baumgarte 0.2, 0.5 pt slop and at most 20 pt per iteration.

extension World {
    /// The most candidate pairs the broad phase keeps, and the most contacts the narrow phase keeps, in one sub-step:
    /// past either, ``contactLimitExceeded`` is set and the contacts are incomplete. They bound memory (a few hundred MB)
    /// when many items are piled on one spot, or long items each reach across many others (the broad phase pairs
    /// bounding circles), where the pairs grow as the square of the count.
    public static let maxCandidatePairs = 4_000_000
    public static let maxContacts = 200_000
    /// The most vertices of the polygon an ellipse collides as: 64 (a huge ellipse then costs no more than a
    /// 265 x 132 pt one, and stays within 0.00121 of its half-axis of the true ellipse).
    public static let maxEllipseVertices = 64

    static let baumgarte = 0.2
    static let maxLinearCorrection = 20.0
    static let restitutionThreshold = 100.0
    /// UIKit's boundary material (kern0x1b/charon §7.4).
    public static let boundaryFriction = 0.2
    public static let boundaryRestitution = 0.2

    /// Adds a collision behavior (UICollisionBehavior).
    ///
    /// Items of one behavior collide with each other (modes items, everything) and with its boundaries (modes
    /// boundaries, everything); items of different behaviors do not collide. The reference bounds, when used, are four
    /// two-sided segments 1 point outside `bounds`, with UIKit's boundary friction 0.2 and elasticity 0.2.
    /// - Precondition: the items exist; at most 64 collision behaviors; the world has `bounds` when
    ///   `translatesReferenceBoundsIntoBoundary` is set.
    public func addCollision(_ c: CollisionBehavior) {
        precondition(collisionBehaviors.count < 64, "World.addCollision: at most 64 collision behaviors")
        let bit = UInt64(1) << UInt64(collisionBehaviors.count)
        collisionBehaviors.append(c)
        for id in c.items {
            precondition(id.index >= 0 && id.index < items.count, "World.addCollision: no such item")
            if c.mode != .boundaries { itemCollisionMask[id.index] |= bit }
            if c.mode != .items { boundaryCollisionMask[id.index] |= bit }
        }
        let index = collisionBehaviors.count - 1
        if c.translatesReferenceBoundsIntoBoundary {
            precondition(referenceBounds != nil, "World.addCollision: reference bounds needed")
            let r = referenceBounds!
            let x0 = r.origin.x - 1, y0 = r.origin.y - 1, x1 = r.origin.x + r.size.x + 1, y1 = r.origin.y + r.size.y + 1
            let corners = [Vector2(x0, y0), Vector2(x1, y0), Vector2(x1, y1), Vector2(x0, y1)]
            for k in 0..<4 {
                boundaryEdges.append(BoundaryEdge(v1: corners[k], v2: corners[(k + 1) % 4], identifier: "", behavior: index))
            }
        }
        // Path boundaries: a segment that starts where the one before it (same identifier) ends is its neighbour, and
        // a path whose last segment ends at its first one's start is closed.
        let first = boundaryEdges.count
        var runStart = first
        for (k, b) in c.boundaries.enumerated() {
            var edge = BoundaryEdge(v1: b.from, v2: b.to, identifier: b.identifier, behavior: index)
            let last = boundaryEdges.count - 1
            if k > 0, boundaryEdges[last].identifier == b.identifier, boundaryEdges[last].v2 == b.from {
                edge.v0 = boundaryEdges[last].v1
                edge.hasV0 = true
                boundaryEdges[last].v3 = b.to
                boundaryEdges[last].hasV3 = true
            } else {
                closePath(from: runStart)
                runStart = boundaryEdges.count
            }
            boundaryEdges.append(edge)
        }
        if !c.boundaries.isEmpty { closePath(from: runStart) }
    }

    /// Joins the path of boundary edges from `start` to the last one into a loop when its end meets its start.
    private func closePath(from start: Int) {
        let end = boundaryEdges.count - 1
        guard end > start + 1, boundaryEdges[end].v2 == boundaryEdges[start].v1 else { return }
        boundaryEdges[end].v3 = boundaryEdges[start].v2
        boundaryEdges[end].hasV3 = true
        boundaryEdges[start].v0 = boundaryEdges[end].v1
        boundaryEdges[start].hasV0 = true
    }

    /// How many pieces the next sub-step needs so that no colliding item travels more than half of its smallest
    /// half-extent (its radius for a circle) in one piece (at most 64). 1 at ordinary speeds.
    func continuousPieces() -> Int {
        let h = subStepDuration
        var pieces = 1.0
        for i in 0..<items.count where invMass[i] > 0 && (itemCollisionMask[i] | boundaryCollisionMask[i]) != 0 {
            let v = velocity[i] + h * gravity[i]
            let travel = norm(v) * h
            let limit = 0.25 * min(itemSize[i].x, itemSize[i].y)
            if travel > limit { pieces = max(pieces, (travel / limit).rounded(.up)) }
        }
        return pieces.isFinite ? Int(min(pieces, 64)) : 64
    }

    /// Whether any collision behavior exists.
    var hasCollisions: Bool { !collisionBehaviors.isEmpty }

    /// The world transform of item i.
    /// Item `i`'s transform at its current position and angle. The cosine and sine are computed once per angle: while
    /// the angle keeps its exact bits (items at rest, contacts within the slop that the position iterations leave
    /// alone) the cached pair is the very value `cos` and `sin` would return, so results do not change.
    @inline(__always) func transform(_ i: Int) -> Transform {
        transform(i, position: position.base, angle: angle.base)
    }

    @inline(__always) func transform(_ i: Int, position x: UnsafeMutablePointer<Vector2>,
                                     angle ang: UnsafeMutablePointer<Double>) -> Transform {
        let entry = rotationCache.base + i, a = ang[i]
        if entry.pointee.angle.bitPattern != a.bitPattern {
            entry.pointee = RotationCacheEntry(angle: a, c: cos(a), s: sin(a))
        }
        return Transform(p: x[i], c: entry.pointee.c, s: entry.pointee.s)
    }

    /// Whether item `i` has a collision shape (read without copying the shape enum).
    @inline(__always) func hasShape(_ i: Int) -> Bool { itemCircleRadius[i] >= 0 || itemPolygon[i].count > 0 }

    /// Item `i`'s polygon, read in place (valid until the next item is added).
    @inline(__always) func polygon(_ i: Int) -> PolygonRef {
        let p = itemPolygon[i], base = UnsafePointer(polygonPoints.base)
        return PolygonRef(vertices: base + p.start, normals: base + p.start + p.count, count: p.count, radius: p.radius)
    }

    /// The narrow phase: manifolds for every touching pair at the current positions, impulses matched from the last
    /// sub-step's manifolds by feature id; begin and end events recorded at `eventTime`.
    func collide(eventTime: Double) {
        // Take the scratch storage out of the properties before emptying it: emptying a buffer still shared with the
        // property would copy it (a fresh 200 bytes per contact each sub-step, and page faults to map it).
        var next = scratchIndex, list = scratchContacts
        scratchIndex = [:]
        scratchContacts = []
        next.removeAll(keepingCapacity: true)
        list.removeAll(keepingCapacity: true)
        let n = items.count
        // Bounding circles for a cheap overlap test, and each item's transform (cos and sin once per sub-step).
        // Rectangles also get their world bounding box (half sizes), a tighter test than the circles.
        var center = scratchCenter, extent = scratchExtent, xf = scratchTransforms, boxHalf = scratchBoxHalf
        scratchCenter = []; scratchExtent = []; scratchTransforms = []; scratchBoxHalf = []
        if center.count != n {
            center = [Vector2](repeating: .zero, count: n)
            extent = [Double](repeating: 0, count: n)
            xf = [Transform](repeating: .identity, count: n)
            boxHalf = [Vector2](repeating: .zero, count: n)
        }
        for i in 0..<n where hasShape(i) {
            center[i] = position[i]
            extent[i] = itemReach[i] + 2
            let t = transform(i)
            xf[i] = t
            let half = 0.5 * itemSize[i], c = abs(t.c), s = abs(t.s)
            boxHalf[i] = Vector2(c * half.x + s * half.y, s * half.x + c * half.y)
        }
        defer {
            scratchCenter = center; scratchExtent = extent; scratchTransforms = xf; scratchBoxHalf = boxHalf
        }
        func material(_ i: Int) -> (Double, Double) { (itemFriction[i], itemElasticity[i]) }
        func add(_ key: UInt64, _ a: Int, _ b: Int, _ m: Manifold, _ rA: Double, _ rB: Double, friction: Double,
                 restitution: Double) {
            guard m.pointCount > 0 else { return }
            guard list.count < World.maxContacts else { contactLimitExceeded = true; return }
            var manifold = m
            if let old = contactIndex[key] {
                let previous = contacts[old].manifold
                for i in 0..<manifold.pointCount {
                    for j in 0..<previous.pointCount where previous.id(j) == manifold.id(i) {
                        let ni = j == 0 ? previous.normalImpulses.0 : previous.normalImpulses.1
                        let ti = j == 0 ? previous.tangentImpulses.0 : previous.tangentImpulses.1
                        if i == 0 { manifold.normalImpulses.0 = ni; manifold.tangentImpulses.0 = ti }
                        else { manifold.normalImpulses.1 = ni; manifold.tangentImpulses.1 = ti }
                    }
                }
            }
            next[key] = list.count
            list.append(ContactConstraint(key: key, a: a, b: b, manifold: manifold, radiusA: rA, radiusB: rB,
                                          friction: friction, restitution: restitution))
        }
        // Items against boundaries (the edge is shape A).
        let smooth = profile == .precise
        for (e, edge) in boundaryEdges.enumerated() {
            let bit = UInt64(1) << UInt64(edge.behavior)
            let lo = Vector2(min(edge.v1.x, edge.v2.x), min(edge.v1.y, edge.v2.y))
            let hi = Vector2(max(edge.v1.x, edge.v2.x), max(edge.v1.y, edge.v2.y))
            for i in 0..<n where boundaryCollisionMask[i] & bit != 0 && !anchored[i] {
                guard hasShape(i) else { continue }
                if !awake[i] {
                    // A sleeper keeps its boundary contact as it was.
                    let key = (UInt64(1) << 63) | (UInt64(e) << 32) | UInt64(i)
                    if let old = contactIndex[key] { next[key] = list.count; list.append(contacts[old]) }
                    continue
                }
                let c = center[i], r = extent[i]
                if c.x + r < lo.x || c.x - r > hi.x || c.y + r < lo.y || c.y - r > hi.y { continue }
                let key = (UInt64(1) << 63) | (UInt64(e) << 32) | UInt64(i)
                let (f, el) = material(i)
                let friction = (f * World.boundaryFriction).squareRoot(), restitution = max(el, World.boundaryRestitution)
                let radius = itemCircleRadius[i]
                if smooth && (edge.hasV0 || edge.hasV3) {
                    // `precise`: a path's interior vertices are smooth (ghost vertices).
                    let m = radius < 0 ? collidePathSegmentAndPolygon(edge, polygon(i), xf[i])
                        : collidePathSegmentAndCircle(edge, radius: radius, xf[i])
                    add(key, -1, i, m, 0, radius < 0 ? polygon(i).radius : radius, friction: friction, restitution: restitution)
                } else if radius < 0 {
                    let p = polygon(i)
                    add(key, -1, i, collideEdgeAndPolygon(edge.v1, edge.v2, edgeRadius: 0, p, xf[i]), 0, p.radius,
                        friction: friction, restitution: restitution)
                } else {
                    add(key, -1, i, collideEdgeAndCircle(edge.v1, edge.v2, edgeRadius: 0, radius: radius, xf[i]), 0,
                        radius, friction: friction, restitution: restitution)
                }
            }
        }
        // Item pairs: the broad phase's candidates (BroadPhase.swift), in ascending (i, j) order so contacts are
        // solved in a deterministic order.
        var candidates = scratchCandidates
        scratchCandidates = []
        candidates.removeAll(keepingCapacity: true)
        defer { scratchCandidates = candidates }
        center.withUnsafeBufferPointer { c in
            extent.withUnsafeBufferPointer { e in broadPhase(center: c.baseAddress!, extent: e.baseAddress!, into: &candidates) }
        }
        if candidates.count >= World.maxCandidatePairs { contactLimitExceeded = true }
        sortPairs(&candidates, itemCount: n)
        for pair in candidates {
            let i = Int(pair >> 32), j = Int(pair & 0xFFFF_FFFF)
            do {
                if invMass[i] == 0 && invMass[j] == 0 {
                    // Two sleepers (or a sleeper and an anchored item) keep their contact as it was, untouched.
                    let key = UInt64(i) << 32 | UInt64(j)
                    if !(awake[i] && awake[j]) && !(anchored[i] && anchored[j]),
                       let old = contactIndex[key] {
                        next[key] = list.count
                        list.append(contacts[old])
                    }
                    continue
                }
                let d = center[j] - center[i], r = extent[i] + extent[j]
                if dot(d, d) > r * r { continue }
                let key = UInt64(i) << 32 | UInt64(j)
                let (fi, ei) = material(i), (fj, ej) = material(j)
                let friction = (fi * fj).squareRoot(), restitution = max(ei, ej)
                let ri = itemCircleRadius[i], rj = itemCircleRadius[j]
                switch (ri < 0, rj < 0) {
                case (true, true):
                    let pi = polygon(i), pj = polygon(j)
                    // Two rectangles (skin radius 0) whose world bounding boxes are apart by more than 1e-6 pt are
                    // disjoint, so b2CollidePolygons finds a face normal with positive separation (at least the gap
                    // over √2 for rectangles, far above rounding) and returns no points: skip it. In a resting pile
                    // most circle-overlapping neighbours are such pairs.
                    if pi.radius == 0 && pj.radius == 0 {
                        let d = center[j] - center[i], reach = boxHalf[i] + boxHalf[j]
                        if abs(d.x) - reach.x > 1e-6 || abs(d.y) - reach.y > 1e-6 { continue }
                    }
                    add(key, i, j, collidePolygons(pi, xf[i], pj, xf[j]), pi.radius, pj.radius, friction: friction,
                        restitution: restitution)
                case (true, false):
                    let pi = polygon(i)
                    add(key, i, j, collidePolygonAndCircle(pi, xf[i], radius: rj, xf[j]), pi.radius, rj,
                        friction: friction, restitution: restitution)
                case (false, true):
                    let pj = polygon(j)
                    add(key, j, i, collidePolygonAndCircle(pj, xf[j], radius: ri, xf[i]), pj.radius, ri,
                        friction: friction, restitution: restitution)
                case (false, false):
                    add(key, i, j, collideCircles(radiusA: ri, xf[i], radiusB: rj, xf[j]), ri, rj,
                        friction: friction, restitution: restitution)
                }
            }
        }
        // Events: begin for new touching pairs, end for pairs that stopped touching.
        if recordsEvents {
            for c in list where contactIndex[c.key] == nil {
                let wm = worldManifold(c.manifold, c.a >= 0 ? xf[c.a] : .identity, radiusA: c.radiusA,
                                       xf[c.b], radiusB: c.radiusB)
                events.append(event(for: c, kind: .begin, time: eventTime, point: wm.points.0))
            }
            for c in contacts where next[c.key] == nil {
                events.append(event(for: c, kind: .end, time: eventTime, point: nil))
            }
        }
        // The old list and index become next sub-step's scratch.
        scratchContacts = contacts
        scratchIndex = contactIndex
        contacts = list
        contactIndex = next
    }

    /// Sorts candidate pairs (min << 32 | max) ascending in O(pairs + items): a counting sort on the first item into
    /// `scratchPairs`, then an insertion sort within each first item's (short) run. Allocates nothing once warm.
    func sortPairs(_ pairs: inout [UInt64], itemCount n: Int) {
        guard pairs.count > 1 else { return }
        if scratchBucket.count != n + 1 { scratchBucket = [Int](repeating: 0, count: n + 1) }
        if scratchPairs.count < pairs.count { scratchPairs = [UInt64](repeating: 0, count: pairs.count) }
        scratchBucket.withUnsafeMutableBufferPointer { start in
            scratchPairs.withUnsafeMutableBufferPointer { out in
                pairs.withUnsafeMutableBufferPointer { p in
                    for k in 0...n { start[k] = 0 }
                    for pair in p { start[Int(pair >> 32) + 1] += 1 }
                    for k in 0..<n { start[k + 1] += start[k] }
                    for pair in p {
                        let i = Int(pair >> 32)
                        out[start[i]] = pair
                        start[i] += 1
                    }
                    // start[i] is now the end of run i; runs are contiguous in i order.
                    var runStart = 0
                    for i in 0..<n {
                        let runEnd = start[i]
                        if runEnd - runStart > 1 {
                            for k in (runStart + 1)..<runEnd {
                                let x = out[k]
                                var m = k - 1
                                while m >= runStart && out[m] > x { out[m + 1] = out[m]; m -= 1 }
                                out[m + 1] = x
                            }
                        }
                        runStart = runEnd
                    }
                    for k in p.indices { p[k] = out[k] }
                }
            }
        }
    }

    private func event(for c: ContactConstraint, kind: ContactEvent.Kind, time: Double, point: Vector2?) -> ContactEvent {
        if c.a < 0 {
            let edge = boundaryEdges[Int((c.key >> 32) & 0x7FFF_FFFF)]
            return ContactEvent(time: time, kind: kind, item: c.b, otherItem: nil, boundary: edge.identifier, point: point)
        }
        let lo = min(c.a, c.b), hi = max(c.a, c.b)
        return ContactEvent(time: time, kind: kind, item: lo, otherItem: hi, boundary: nil, point: point)
    }

    /// b2ContactSolver::InitializeVelocityConstraints and WarmStart: builds `velocityConstraints` from `contacts`.
    func initializeContacts() {
        let v = velocity.base, w = angularVelocity.base, im = invMass.base, ii = invInertia.base
        var vcs = velocityConstraints
        velocityConstraints = []
        vcs.removeAll(keepingCapacity: true)
        contacts.withUnsafeBufferPointer { cs in
            for k in cs.indices {
                let a = cs[k].a, b = cs[k].b
                let mA = a >= 0 ? im[a] : 0, iA = a >= 0 ? ii[a] : 0, mB = im[b], iB = ii[b]
                let xfA = a >= 0 ? transform(a) : .identity, xfB = transform(b)
                let cA = a >= 0 ? position[a] : .zero, cB = position[b]
                let vA = a >= 0 ? v[a] : .zero, wA = a >= 0 ? w[a] : 0, vB = v[b], wB = w[b]
                let wm = worldManifold(cs[k].manifold, xfA, radiusA: cs[k].radiusA, xfB, radiusB: cs[k].radiusB)
                let count = cs[k].manifold.pointCount
                var c = VelocityConstraint(a: Int32(a), b: Int32(b), pointCount: Int32(count),
                                           manifoldPointCount: Int32(count), friction: cs[k].friction,
                                           normal: wm.normal, rA: (.zero, .zero), rB: (.zero, .zero),
                                           normalMass: (0, 0), tangentMass: (0, 0), velocityBias: (0, 0),
                                           normalImpulses: cs[k].manifold.normalImpulses,
                                           tangentImpulses: cs[k].manifold.tangentImpulses)
                let tangent = Vector2(c.normal.y, -c.normal.x)
                for j in 0..<count {
                    let p = j == 0 ? wm.points.0 : wm.points.1
                    let rA = p - cA, rB = p - cB
                    let rnA = cross(rA, c.normal), rnB = cross(rB, c.normal)
                    let kNormal = mA + mB + iA * rnA * rnA + iB * rnB * rnB
                    let rtA = cross(rA, tangent), rtB = cross(rB, tangent)
                    let kTangent = mA + mB + iA * rtA * rtA + iB * rtB * rtB
                    let vRel = dot(c.normal, vB + cross(wB, rB) - vA - cross(wA, rA))
                    let bias = vRel < -World.restitutionThreshold ? -cs[k].restitution * vRel : 0
                    if j == 0 {
                        c.rA.0 = rA; c.rB.0 = rB
                        c.normalMass.0 = kNormal > 0 ? 1 / kNormal : 0
                        c.tangentMass.0 = kTangent > 0 ? 1 / kTangent : 0
                        c.velocityBias.0 = bias
                    } else {
                        c.rA.1 = rA; c.rB.1 = rB
                        c.normalMass.1 = kNormal > 0 ? 1 / kNormal : 0
                        c.tangentMass.1 = kTangent > 0 ? 1 / kTangent : 0
                        c.velocityBias.1 = bias
                    }
                }
                if count == 2 {
                    let rn1A = cross(c.rA.0, c.normal), rn1B = cross(c.rB.0, c.normal)
                    let rn2A = cross(c.rA.1, c.normal), rn2B = cross(c.rB.1, c.normal)
                    let k11 = mA + mB + iA * rn1A * rn1A + iB * rn1B * rn1B
                    let k22 = mA + mB + iA * rn2A * rn2A + iB * rn2B * rn2B
                    let k12 = mA + mB + iA * rn1A * rn2A + iB * rn1B * rn2B
                    if k11 * k11 < 1000 * (k11 * k22 - k12 * k12) {
                        c.k11 = k11; c.k12 = k12; c.k22 = k22
                        var det = k11 * k22 - k12 * k12
                        if det != 0 { det = 1 / det }
                        c.inv11 = det * k22; c.inv12 = -det * k12; c.inv22 = det * k11
                    } else {
                        c.pointCount = 1
                    }
                }
                vcs.append(c)
            }
        }
        // Warm start, after every constraint has its restitution bias from the velocities before any of it
        // (b2ContactSolver: InitializeVelocityConstraints for all, then WarmStart).
        vcs.withUnsafeBufferPointer { cs in
            for k in cs.indices {
                let a = Int(cs[k].a), b = Int(cs[k].b)
                let mA = a >= 0 ? im[a] : 0, iA = a >= 0 ? ii[a] : 0, mB = im[b], iB = ii[b]
                let normal = cs[k].normal, tangent = Vector2(normal.y, -normal.x)
                var dvA = Vector2.zero, dwA = 0.0, dvB = Vector2.zero, dwB = 0.0
                for j in 0..<Int(cs[k].manifoldPointCount) {
                    let ni = j == 0 ? cs[k].normalImpulses.0 : cs[k].normalImpulses.1
                    let ti = j == 0 ? cs[k].tangentImpulses.0 : cs[k].tangentImpulses.1
                    let P = ni * normal + ti * tangent
                    let rA = j == 0 ? cs[k].rA.0 : cs[k].rA.1, rB = j == 0 ? cs[k].rB.0 : cs[k].rB.1
                    dwA -= iA * cross(rA, P); dvA -= mA * P
                    dwB += iB * cross(rB, P); dvB += mB * P
                }
                if a >= 0 { v[a] += dvA; w[a] += dwA }
                v[b] += dvB
                w[b] += dwB
            }
        }
        velocityConstraints = vcs
        orderByDependency()
    }

    /// b2ContactSolver::StoreImpulses: the accumulated impulses go back to the contacts' manifolds, to warm-start the
    /// next sub-step. Call after the velocity iterations.
    func storeImpulses() {
        contacts.withUnsafeMutableBufferPointer { cs in
            singleConstraints.withUnsafeBufferPointer { singles in
                for k in singles.indices {
                    let c = Int(singleContacts[k])
                    cs[c].manifold.normalImpulses = singles[k].normalImpulses
                    cs[c].manifold.tangentImpulses = singles[k].tangentImpulses
                }
            }
            contactPairs.withUnsafeBufferPointer { pairs in
                for k in pairs.indices {
                    // Fields read in place (binding the pair would copy its 560 bytes).
                    let p = pairs.baseAddress! + k
                    for lane in 0..<2 {
                        let c = Int(lane == 0 ? p.pointee.contact.0 : p.pointee.contact.1)
                        cs[c].manifold.normalImpulses = (p.pointee.normalImpulse1[lane], p.pointee.normalImpulse2[lane])
                        cs[c].manifold.tangentImpulses = (p.pointee.tangentImpulse1[lane], p.pointee.tangentImpulse2[lane])
                    }
                }
            }
        }
    }

    /// One velocity iteration over the contacts (b2ContactSolver::SolveVelocityConstraints), in `solveSchedule`'s
    /// order: pairs of contacts on four different items side by side (`solvePair`), the rest one at a time.
    func solveContactVelocities() {
        let v = velocity.base, w = angularVelocity.base, im = invMass.base, ii = invInertia.base
        solveSchedule.withUnsafeBufferPointer { schedule in
        contactPairs.withUnsafeMutableBufferPointer { pairs in
        singleConstraints.withUnsafeMutableBufferPointer { cs in
            for s in schedule {
                if s < 0 {
                    solvePair(pairs.baseAddress! + Int(~s), v, w)
                    continue
                }
                let k = Int(s)
                let a = Int(cs[k].a), b = Int(cs[k].b)
                let mA = a >= 0 ? im[a] : 0, iA = a >= 0 ? ii[a] : 0, mB = im[b], iB = ii[b]
                var vA = Vector2.zero, wA = 0.0
                if a >= 0 { vA = v[a]; wA = w[a] }
                var vB = v[b], wB = w[b]
                let normal = cs[k].normal, tangent = Vector2(normal.y, -normal.x)
                let friction = cs[k].friction
                let count = Int(cs[k].pointCount)
                @inline(__always) func apply(_ P: Vector2, _ rA: Vector2, _ rB: Vector2) {
                    vA -= mA * P; wA -= iA * cross(rA, P)
                    vB += mB * P; wB += iB * cross(rB, P)
                }
                // Friction first.
                for j in 0..<count {
                    let rA = j == 0 ? cs[k].rA.0 : cs[k].rA.1, rB = j == 0 ? cs[k].rB.0 : cs[k].rB.1
                    let dv = vB + cross(wB, rB) - vA - cross(wA, rA)
                    let vt = dot(dv, tangent)
                    let tm = j == 0 ? cs[k].tangentMass.0 : cs[k].tangentMass.1
                    var lambda = tm * -vt
                    let ni = j == 0 ? cs[k].normalImpulses.0 : cs[k].normalImpulses.1
                    let maxFriction = friction * ni
                    let old = j == 0 ? cs[k].tangentImpulses.0 : cs[k].tangentImpulses.1
                    let newImpulse = min(max(old + lambda, -maxFriction), maxFriction)
                    lambda = newImpulse - old
                    if j == 0 { cs[k].tangentImpulses.0 = newImpulse } else { cs[k].tangentImpulses.1 = newImpulse }
                    apply(lambda * tangent, rA, rB)
                }
                // Normal impulses.
                if count == 1 {
                    let rA = cs[k].rA.0, rB = cs[k].rB.0
                    let dv = vB + cross(wB, rB) - vA - cross(wA, rA)
                    let vn = dot(dv, normal)
                    var lambda = -cs[k].normalMass.0 * (vn - cs[k].velocityBias.0)
                    let old = cs[k].normalImpulses.0
                    let newImpulse = max(old + lambda, 0)
                    lambda = newImpulse - old
                    cs[k].normalImpulses.0 = newImpulse
                    apply(lambda * normal, rA, rB)
                } else if count == 2 {
                    // Block solver (Box2D's LCP by enumeration of the four cases).
                    let r1A = cs[k].rA.0, r1B = cs[k].rB.0, r2A = cs[k].rA.1, r2B = cs[k].rB.1
                    let ax = cs[k].normalImpulses.0, ay = cs[k].normalImpulses.1
                    let dv1 = vB + cross(wB, r1B) - vA - cross(wA, r1A)
                    let dv2 = vB + cross(wB, r2B) - vA - cross(wA, r2A)
                    var bx = dot(dv1, normal) - cs[k].velocityBias.0
                    var by = dot(dv2, normal) - cs[k].velocityBias.1
                    bx -= cs[k].k11 * ax + cs[k].k12 * ay
                    by -= cs[k].k12 * ax + cs[k].k22 * ay
                    var x = Vector2.zero
                    var solved = false
                    // Case 1: both active.
                    x = Vector2(-(cs[k].inv11 * bx + cs[k].inv12 * by), -(cs[k].inv12 * bx + cs[k].inv22 * by))
                    if x.x >= 0 && x.y >= 0 { solved = true }
                    if !solved {
                        // Case 2: point 1 active, point 2 off.
                        x = Vector2(-cs[k].normalMass.0 * bx, 0)
                        let vn2 = cs[k].k12 * x.x + by
                        if x.x >= 0 && vn2 >= 0 { solved = true }
                    }
                    if !solved {
                        // Case 3: point 2 active.
                        x = Vector2(0, -cs[k].normalMass.1 * by)
                        let vn1 = cs[k].k12 * x.y + bx
                        if x.y >= 0 && vn1 >= 0 { solved = true }
                    }
                    if !solved {
                        // Case 4: both off.
                        x = .zero
                        if bx >= 0 && by >= 0 { solved = true }
                    }
                    if solved {
                        let d = Vector2(x.x - ax, x.y - ay)
                        let P1 = d.x * normal, P2 = d.y * normal
                        vA -= mA * (P1 + P2)
                        wA -= iA * (cross(r1A, P1) + cross(r2A, P2))
                        vB += mB * (P1 + P2)
                        wB += iB * (cross(r1B, P1) + cross(r2B, P2))
                        cs[k].normalImpulses = (x.x, x.y)
                    }
                }
                if a >= 0 { v[a] = vA; w[a] = wA }
                v[b] = vB
                w[b] = wB
            }
        }}}
    }

    /// Box2D's time of impact for circles against boundaries (b2World::SolveTOI, b2Island::SolveTOI), after the discrete
    /// sub-step: a circle whose centre came within `radius − 3 slop` of a boundary segment during the sub-step (having
    /// started farther) is moved back to that moment, its overlap corrected with Box2D's TOI Baumgarte 0.75 (20
    /// iterations), its velocity resolved against the boundary (restitution and friction, 8 iterations, no warm start),
    /// and it moves on with the new velocity for the rest of the sub-step. So a falling ball bounces at the speed it had
    /// when it met the floor, not one gravity step later. Polygons of radius 0 are left alone, as Box2D's TOI is for
    /// them (its target gap gives no contact points), and dynsim's splitting of fast sub-steps covers them.
    func solveTimeOfImpact(h: Double, start: UnsafeMutablePointer<Vector2>, eventTime: Double) {
        guard !boundaryEdges.isEmpty else { return }
        for i in 0..<items.count where awake[i] && invMass[i] > 0 && boundaryCollisionMask[i] != 0 {
            guard case .circle(let radius)? = itemShapes[i] else { continue }
            let c0 = start[i], c1 = position[i]
            let target = max(World.linearSlop, radius - 3 * World.linearSlop)
            func distance(_ p: Vector2, _ e: BoundaryEdge) -> Double {
                let d = e.v2 - e.v1
                let t = min(max(dot(p - e.v1, d) / dot(d, d), 0), 1)
                return norm(p - (e.v1 + t * d))
            }
            var best: (alpha: Double, edge: Int)?
            for (k, e) in boundaryEdges.enumerated() where boundaryCollisionMask[i] & (UInt64(1) << UInt64(e.behavior)) != 0 {
                guard distance(c0, e) > target && distance(c1, e) < target else { continue }
                var lo = 0.0, hi = 1.0
                for _ in 0..<60 {
                    let mid = 0.5 * (lo + hi)
                    if distance(c0 + mid * (c1 - c0), e) > target { lo = mid } else { hi = mid }
                }
                if best == nil || lo < best!.alpha { best = (lo, k) }
            }
            guard let (alpha, k) = best else { continue }
            let edge = boundaryEdges[k]
            position[i] = c0 + alpha * (c1 - c0)
            let manifold = collideEdgeAndCircle(edge.v1, edge.v2, edgeRadius: 0, radius: radius, transform(i))
            guard manifold.pointCount > 0 else {
                position[i] = c1
                continue
            }
            let key = (UInt64(1) << 63) | (UInt64(k) << 32) | UInt64(i)
            let constraint = ContactConstraint(key: key, a: -1, b: i, manifold: manifold, radiusA: 0, radiusB: radius,
                                               friction: (itemFriction[i] * World.boundaryFriction).squareRoot(),
                                               restitution: max(itemElasticity[i], World.boundaryRestitution))
            let saved = contacts
            contacts = [constraint]
            for _ in 0..<20 where !solveContactPositions(baumgarte: 0.75) {}
            initializeContacts()
            for _ in 0..<World.velocityIterations { solveContactVelocities() }
            storeImpulses()
            contacts = saved
            position[i] += (1 - alpha) * h * velocity[i]
            // Box2D wakes the pair in the time of impact, which resets the sleep timer after the sub-step's own update:
            // start the timer one sub-step behind so that updateSleep, which runs next, leaves it at 0.
            sleepTime[i] = -subStepDuration
            // The contact now exists (with no stored impulses: Box2D does not warm-start from TOI forces).
            if contactIndex[key] == nil {
                if recordsEvents {
                    let wm = worldManifold(manifold, .identity, radiusA: 0, transform(i), radiusB: radius)
                    _ = wm
                    let atImpact = worldManifold(manifold, .identity, radiusA: 0,
                                                 Transform(position: c0 + alpha * (c1 - c0), angle: angle[i]), radiusB: radius)
                    events.append(ContactEvent(time: eventTime, kind: .begin, item: i, otherItem: nil,
                                               boundary: edge.identifier, point: atImpact.points.0))
                }
                contactIndex[key] = contacts.count
                contacts.append(constraint)
            }
        }
    }

    /// Items that overlap one of their boundaries by more than the slop now, with the boundary's identifier ("" for the
    /// reference bounds) and the depth in points. UIKit calls items that start inside a boundary undefined behavior;
    /// scene files reject them.
    public func boundaryOverlaps() -> [(item: ItemID, boundary: String, depth: Double)] {
        guard !boundaryEdges.isEmpty else { return [] }
        let saved = (contacts, contactIndex, recordsEvents)
        recordsEvents = false
        collide(eventTime: time)
        var out: [(ItemID, String, Double)] = []
        for c in contacts where c.a < 0 {
            let wm = worldManifold(c.manifold, .identity, radiusA: c.radiusA, transform(c.b), radiusB: c.radiusB)
            let depth = -min(wm.separations.0, c.manifold.pointCount > 1 ? wm.separations.1 : 0)
            if depth > World.linearSlop {
                out.append((ItemID(c.b), boundaryEdges[Int((c.key >> 32) & 0x7FFF_FFFF)].identifier, depth))
            }
        }
        (contacts, contactIndex, recordsEvents) = saved
        return out
    }

    /// Keeps squeezed items out of boundaries: an item that touches a boundary and another item, and still overlaps the
    /// boundary by more than the slop after the position iterations, is moved out along the boundary's normal.
    /// Sequential impulses cannot satisfy a boundary and an item driven by an attachment at once (UIKit's `cornered`
    /// case: a dragged item squeezing another into a corner); this lets the boundary win, so the squeezed item overlaps
    /// the dragged one instead of leaving the screen. Items touching only boundaries are left to the solver, so Box2D
    /// parity holds for them.
    func projectSqueezedItems() {
        guard !boundaryEdges.isEmpty else { return }
        // Which items touch another item (scratch kept between sub-steps, cleared after use).
        if touchesItem.count != items.count { touchesItem = [Bool](repeating: false, count: items.count) }
        var touches = touchesItem
        touchesItem = []
        defer { touchesItem = touches }
        var any = false
        // The contacts are read in place (a for-in over the array copies each one).
        contacts.withUnsafeBufferPointer { cs in
            for k in cs.indices where cs[k].a >= 0 { touches[cs[k].a] = true; touches[cs[k].b] = true; any = true }
        }
        guard any else { return }
        defer {
            contacts.withUnsafeBufferPointer { cs in
                for k in cs.indices where cs[k].a >= 0 { touches[cs[k].a] = false; touches[cs[k].b] = false }
            }
        }
        let x = position.base, ang = angle.base
        contacts.withUnsafeBufferPointer { cs in
            for k in cs.indices where cs[k].a < 0 && touches[cs[k].b] && invMass[cs[k].b] > 0 {
                let c = UnsafePointer(cs.baseAddress! + k).pointee
                let b = c.b
                var deepest = 0.0
                var normal = Vector2.zero
                for j in 0..<c.manifold.pointCount {
                    let xfB = transform(b, position: x, angle: ang)
                    let n = c.manifold.kind == .faceB ? -xfB.rotate(c.manifold.localNormal) : c.manifold.localNormal
                    let separation: Double
                    switch c.manifold.kind {
                    case .faceA:
                        separation = dot(xfB.apply(c.manifold.localPoint(j)) - c.manifold.localPoint, n) - c.radiusA - c.radiusB
                    case .faceB:
                        let planePoint = xfB.apply(c.manifold.localPoint)
                        separation = dot(c.manifold.localPoint(j) - planePoint, -n) - c.radiusA - c.radiusB
                    case .circles:
                        let d = x[b] - c.manifold.localPoint
                        let len = norm(d)
                        separation = len - c.radiusA - c.radiusB
                        if len > 0 && separation < deepest { deepest = separation; normal = d / len }
                        continue
                    }
                    if separation < deepest { deepest = separation; normal = n }
                }
                if deepest < -World.linearSlop { x[b] += (-deepest - World.linearSlop) * normal }
            }
        }
    }

    /// One position iteration over the contacts (b2ContactSolver::SolvePositionConstraints). Returns whether the worst
    /// separation is at least −3 slop.
    func solveContactPositions(baumgarte: Double = World.baumgarte) -> Bool {
        var minSeparation = 0.0
        let x = position.base, ang = angle.base, im = invMass.base, ii = invInertia.base
        // Read the constraints in place (a for-in over the array copies each one).
        contacts.withUnsafeBufferPointer { cs in
            for k in cs.indices {
                let a = cs[k].a, b = cs[k].b
                let mA = a >= 0 ? im[a] : 0, iA = a >= 0 ? ii[a] : 0, mB = im[b], iB = ii[b]
                for j in 0..<cs[k].manifold.pointCount {
                    let xfA = a >= 0 ? transform(a, position: x, angle: ang) : .identity
                    let xfB = transform(b, position: x, angle: ang)
                    var normal: Vector2, point: Vector2, separation: Double
                    switch cs[k].manifold.kind {
                    case .circles:
                        let pA = xfA.apply(cs[k].manifold.localPoint), pB = xfB.apply(cs[k].manifold.localPoints.0)
                        normal = pB - pA
                        let len = norm(normal)
                        if len >= 1.1920929e-5 { normal /= len }
                        point = 0.5 * (pA + pB)
                        separation = dot(pB - pA, normal) - cs[k].radiusA - cs[k].radiusB
                    case .faceA, .faceB:
                        // The reference face is on A (faceA) or B (faceB); the clip points are on the other.
                        let faceB = cs[k].manifold.kind == .faceB
                        let reference = faceB ? xfB : xfA, incident = faceB ? xfA : xfB
                        normal = reference.rotate(cs[k].manifold.localNormal)
                        let planePoint = reference.apply(cs[k].manifold.localPoint)
                        let clip = incident.apply(cs[k].manifold.localPoint(j))
                        separation = dot(clip - planePoint, normal) - cs[k].radiusA - cs[k].radiusB
                        point = clip
                        if faceB { normal = -normal }
                    }
                    let cA = a >= 0 ? x[a] : .zero, cB = x[b]
                    let rA = point - cA, rB = point - cB
                    minSeparation = min(minSeparation, separation)
                    let C = min(max(baumgarte * (separation + World.linearSlop), -World.maxLinearCorrection), 0)
                    let rnA = cross(rA, normal), rnB = cross(rB, normal)
                    let K = mA + mB + iA * rnA * rnA + iB * rnB * rnB
                    let impulse = K > 0 ? -C / K : 0
                    applyPairImpulse(impulse * normal, a: a, b: b, rA: rA, rB: rB, linear: x, angular: ang, im: im, ii: ii)
                }
            }
        }
        return minSeparation >= -3 * World.linearSlop
    }
}
