import Foundation

// The narrow phase at the start of each sub-step (b2ContactManager::Collide): manifolds for the broad phase's pairs
// and the boundaries, impulses carried over by feature id, contact begin/end events.

extension World {
    /// Whether any collision behavior exists.
    var hasCollisions: Bool { !contactData.collisionBehaviors.isEmpty }

    /// The world transform of item i.
    /// Item `i`'s transform at its current position and angle. The cosine and sine are computed once per angle: while
    /// the angle keeps its exact bits (items at rest, contacts within the slop that the position iterations leave
    /// alone) the cached pair is the very value `cos` and `sin` would return, so results do not change.
    @inline(__always) func transform(_ i: Int) -> Transform {
        transform(i, position: bodies.position.base, angle: bodies.angle.base)
    }

    @inline(__always) func transform(_ i: Int, position x: UnsafeMutablePointer<Vector2>,
                                     angle ang: UnsafeMutablePointer<Double>) -> Transform {
        let entry = bodies.rotationCache.base + i, a = ang[i]
        if entry.pointee.angle.bitPattern != a.bitPattern {
            entry.pointee = RotationCacheEntry(angle: a, c: cos(a), s: sin(a))
        }
        return Transform(p: x[i], c: entry.pointee.c, s: entry.pointee.s)
    }

    /// Whether item `i` has a collision shape (read without copying the shape enum).
    @inline(__always) func hasShape(_ i: Int) -> Bool { bodyData.itemCircleRadius[i] >= 0 || bodyData.itemPolygon[i].count > 0 }

    /// Item `i`'s polygon, read in place (valid until the next item is added).
    @inline(__always) func polygon(_ i: Int) -> PolygonRef {
        let p = bodyData.itemPolygon[i], base = UnsafePointer(bodyData.polygonPoints.base)
        return PolygonRef(vertices: base + p.start, normals: base + p.start + p.count, count: p.count, radius: p.radius)
    }

    /// The narrow phase: manifolds for every touching pair at the current positions, impulses matched from the last
    /// sub-step's manifolds by feature id; begin and end events recorded at `eventTime`.
    func collide(eventTime: Double) {
        // Take the scratch storage out of the properties before emptying it: emptying a buffer still shared with the
        // property would copy it (a fresh 200 bytes per contact each sub-step, and page faults to map it).
        var next = collisionScratch.scratchIndex, list = collisionScratch.scratchContacts
        collisionScratch.scratchIndex = [:]
        collisionScratch.scratchContacts = []
        next.removeAll(keepingCapacity: true)
        list.removeAll(keepingCapacity: true)
        let n = bodyData.items.count
        // Bounding circles for a cheap overlap test, and each item's transform (cos and sin once per sub-step).
        // Rectangles also get their world bounding box (half sizes), a tighter test than the circles.
        var center = collisionScratch.scratchCenter, extent = collisionScratch.scratchExtent, xf = collisionScratch.scratchTransforms, boxHalf = collisionScratch.scratchBoxHalf
        collisionScratch.scratchCenter = []; collisionScratch.scratchExtent = []; collisionScratch.scratchTransforms = []; collisionScratch.scratchBoxHalf = []
        if center.count != n {
            center = [Vector2](repeating: .zero, count: n)
            extent = [Double](repeating: 0, count: n)
            xf = [Transform](repeating: .identity, count: n)
            boxHalf = [Vector2](repeating: .zero, count: n)
        }
        for i in 0..<n where hasShape(i) {
            center[i] = bodies.position[i]
            extent[i] = bodyData.itemReach[i] + 2
            let t = transform(i)
            xf[i] = t
            let half = 0.5 * bodyData.itemSize[i], c = abs(t.c), s = abs(t.s)
            boxHalf[i] = Vector2(c * half.x + s * half.y, s * half.x + c * half.y)
        }
        defer {
            collisionScratch.scratchCenter = center; collisionScratch.scratchExtent = extent; collisionScratch.scratchTransforms = xf; collisionScratch.scratchBoxHalf = boxHalf
        }
        func material(_ i: Int) -> (Double, Double) { (bodyData.itemFriction[i], bodyData.itemElasticity[i]) }
        func add(_ key: UInt64, _ a: Int, _ b: Int, _ m: Manifold, _ rA: Double, _ rB: Double, friction: Double,
                 restitution: Double) {
            guard m.pointCount > 0 else { return }
            guard list.count < World.maxContacts else { contactData.contactLimitExceeded = true; return }
            var manifold = m
            if let old = contactData.contactIndex[key] {
                let previous = contactData.contacts[old].manifold
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
        for (e, edge) in contactData.boundaryEdges.enumerated() {
            let bit = UInt64(1) << UInt64(edge.behavior)
            let lo = Vector2(min(edge.v1.x, edge.v2.x), min(edge.v1.y, edge.v2.y))
            let hi = Vector2(max(edge.v1.x, edge.v2.x), max(edge.v1.y, edge.v2.y))
            for i in 0..<n where bodyData.boundaryCollisionMask[i] & bit != 0 && !bodyData.anchored[i] {
                guard hasShape(i) else { continue }
                if !bodyData.awake[i] {
                    // A sleeper keeps its boundary contact as it was.
                    let key = (UInt64(1) << 63) | (UInt64(e) << 32) | UInt64(i)
                    if let old = contactData.contactIndex[key] { next[key] = list.count; list.append(contactData.contacts[old]) }
                    continue
                }
                let c = center[i], r = extent[i]
                if c.x + r < lo.x || c.x - r > hi.x || c.y + r < lo.y || c.y - r > hi.y { continue }
                let key = (UInt64(1) << 63) | (UInt64(e) << 32) | UInt64(i)
                let (f, el) = material(i)
                let friction = (f * World.boundaryFriction).squareRoot(), restitution = max(el, World.boundaryRestitution)
                let radius = bodyData.itemCircleRadius[i]
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
        var candidates = collisionScratch.scratchCandidates
        collisionScratch.scratchCandidates = []
        candidates.removeAll(keepingCapacity: true)
        defer { collisionScratch.scratchCandidates = candidates }
        center.withUnsafeBufferPointer { c in
            extent.withUnsafeBufferPointer { e in broadPhase(center: c.baseAddress!, extent: e.baseAddress!, into: &candidates) }
        }
        if candidates.count >= World.maxCandidatePairs { contactData.contactLimitExceeded = true }
        sortPairs(&candidates, itemCount: n)
        for pair in candidates {
            let i = Int(pair >> 32), j = Int(pair & 0xFFFF_FFFF)
            do {
                if bodies.invMass[i] == 0 && bodies.invMass[j] == 0 {
                    // Two sleepers (or a sleeper and an anchored item) keep their contact as it was, untouched.
                    let key = UInt64(i) << 32 | UInt64(j)
                    if !(bodyData.awake[i] && bodyData.awake[j]) && !(bodyData.anchored[i] && bodyData.anchored[j]),
                       let old = contactData.contactIndex[key] {
                        next[key] = list.count
                        list.append(contactData.contacts[old])
                    }
                    continue
                }
                let d = center[j] - center[i], r = extent[i] + extent[j]
                if dot(d, d) > r * r { continue }
                let key = UInt64(i) << 32 | UInt64(j)
                let (fi, ei) = material(i), (fj, ej) = material(j)
                let friction = (fi * fj).squareRoot(), restitution = max(ei, ej)
                let ri = bodyData.itemCircleRadius[i], rj = bodyData.itemCircleRadius[j]
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
            for c in list where contactData.contactIndex[c.key] == nil {
                let wm = worldManifold(c.manifold, c.a >= 0 ? xf[c.a] : .identity, radiusA: c.radiusA,
                                       xf[c.b], radiusB: c.radiusB)
                contactData.events.append(event(for: c, kind: .begin, time: eventTime, point: wm.points.0))
            }
            for c in contactData.contacts where next[c.key] == nil {
                contactData.events.append(event(for: c, kind: .end, time: eventTime, point: nil))
            }
        }
        // The old list and index become next sub-step's scratch.
        collisionScratch.scratchContacts = contactData.contacts
        collisionScratch.scratchIndex = contactData.contactIndex
        contactData.contacts = list
        contactData.contactIndex = next
    }

    /// Sorts candidate pairs (min << 32 | max) ascending in O(pairs + items): a counting sort on the first item into
    /// `scratchPairs`, then an insertion sort within each first item's (short) run. Allocates nothing once warm.
    func sortPairs(_ pairs: inout [UInt64], itemCount n: Int) {
        guard pairs.count > 1 else { return }
        if collisionScratch.scratchBucket.count != n + 1 { collisionScratch.scratchBucket = [Int](repeating: 0, count: n + 1) }
        if collisionScratch.scratchPairs.count < pairs.count { collisionScratch.scratchPairs = [UInt64](repeating: 0, count: pairs.count) }
        collisionScratch.scratchBucket.withUnsafeMutableBufferPointer { start in
            collisionScratch.scratchPairs.withUnsafeMutableBufferPointer { out in
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
            let edge = contactData.boundaryEdges[Int((c.key >> 32) & 0x7FFF_FFFF)]
            return ContactEvent(time: time, kind: kind, item: c.b, otherItem: nil, boundary: edge.identifier, point: point)
        }
        let lo = min(c.a, c.b), hi = max(c.a, c.b)
        return ContactEvent(time: time, kind: kind, item: lo, otherItem: hi, boundary: nil, point: point)
    }
}
