import Foundation

// The narrow phase at the start of each sub-step (b2ContactManager::Collide): manifolds for the broad phase's pairs
// and the boundaries, impulses carried over by feature id, contact begin/end events.

#if canImport(Glibc)
    import Glibc

    /// glibc's `sincos(x, &sin, &cos)`, looked up at run time: Swift's Glibc module does not declare it.
    private let glibcSinCos = dlsym(nil, "sincos").map {
        unsafeBitCast(
            $0, to: (@convention(c) (Double, UnsafeMutablePointer<Double>, UnsafeMutablePointer<Double>) -> Void).self)
    }
#endif

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

    @inline(__always) func transform(
        _ i: Int, position x: UnsafeMutablePointer<Vector2>,
        angle ang: UnsafeMutablePointer<Double>
    ) -> Transform {
        let entry = bodies.rotationCache.base + i, a = ang[i]
        if entry.pointee.angle.bitPattern != a.bitPattern {
            let (c, s) = cosineAndSine(a)
            entry.pointee = RotationCacheEntry(angle: a, c: c, s: s)
        }
        return Transform(p: x[i], c: entry.pointee.c, s: entry.pointee.s)
    }

    /// `(cos(a), sin(a))`, bit for bit: with glibc through its `sincos`, which computes both with the code of `cos` and
    /// `sin` (the same results) at about half the cost of the two calls; elsewhere the two calls.
    @inline(__always) func cosineAndSine(_ a: Double) -> (Double, Double) {
        #if canImport(Glibc)
            if let sincos = glibcSinCos {
                var s = 0.0, c = 0.0
                sincos(a, &s, &c)
                return (c, s)
            }
        #endif
        return (cos(a), sin(a))
    }

    /// Whether item `i` has a collision shape (read without copying the shape enum).
    @inline(__always) func hasShape(_ i: Int) -> Bool {
        bodyData.itemCircleRadius[i] >= 0 || bodyData.itemPolygon[i].count > 0
    }

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
        var built = NewContacts(
            list: collisionScratch.scratchContacts, boundaryCursor: 0,
            pairCursor: contactData.boundaryContactCount)
        collisionScratch.scratchContacts = []
        built.list.removeAll(keepingCapacity: true)
        let n = bodyData.items.count
        // Bounding circles for a cheap overlap test, and each item's transform (cos and sin once per sub-step).
        // Rectangles also get their world bounding box (half sizes), a tighter test than the circles.
        var bounds = NarrowPhaseBounds(
            center: collisionScratch.scratchCenter, extent: collisionScratch.scratchExtent,
            xf: collisionScratch.scratchTransforms, boxHalf: collisionScratch.scratchBoxHalf)
        collisionScratch.scratchCenter = []; collisionScratch.scratchExtent = [];
        collisionScratch.scratchTransforms = []; collisionScratch.scratchBoxHalf = []
        if bounds.center.count != n {
            bounds = NarrowPhaseBounds(
                center: [Vector2](repeating: .zero, count: n), extent: [Double](repeating: 0, count: n),
                xf: [Transform](repeating: .identity, count: n), boxHalf: [Vector2](repeating: .zero, count: n))
        }
        for i in 0..<n where hasShape(i) {
            bounds.center[i] = bodies.position[i]
            bounds.extent[i] = bodyData.itemReach[i] + 2
            let t = transform(i)
            bounds.xf[i] = t
            let half = 0.5 * bodyData.itemSize[i], c = abs(t.c), s = abs(t.s)
            bounds.boxHalf[i] = Vector2(c * half.x + s * half.y, s * half.x + c * half.y)
        }
        defer {
            collisionScratch.scratchCenter = bounds.center; collisionScratch.scratchExtent = bounds.extent
            collisionScratch.scratchTransforms = bounds.xf; collisionScratch.scratchBoxHalf = bounds.boxHalf
        }
        collideBoundaries(bounds, into: &built)
        let boundaryContacts = built.list.count
        collideItemPairs(bounds, into: &built)
        // Events: begin for new touching pairs, end for pairs that stopped touching.
        if recordsEvents {
            built.list.withUnsafeBufferPointer { now in
                recordTouchEvents(now: now, boundaryCount: boundaryContacts, transforms: bounds.xf, time: eventTime)
            }
        }
        // The old list becomes next sub-step's scratch.
        collisionScratch.scratchContacts = contactData.contacts
        contactData.contacts = built.list
        contactData.boundaryContactCount = boundaryContacts
        contactData.orderedContactCount = built.list.count
    }

    /// Where the current contact under `key` is in `contactData.contacts`, or nil when there is none.
    func contactPosition(of key: UInt64) -> Int? {
        contactData.contacts.withUnsafeBufferPointer {
            World.position(
                of: key, in: $0, boundaryCount: contactData.boundaryContactCount,
                orderedCount: contactData.orderedContactCount)
        }
    }

    /// The narrow phase's events at `time`: a begin for each contact of `now` (the new list, two ascending runs: the
    /// first `boundaryCount` against boundaries, then item pairs) that last sub-step's list lacks, its point from
    /// `transforms`, then an end for each of last sub-step's contacts that `now` lacks. Both lists keep each run in
    /// ascending key order, so a cursor per run walks the other list forward: one pass over both instead of a binary
    /// search per contact. Contacts the time of impact appended after the old runs are looked through one by one (and
    /// looked up in `now` by ``position(of:in:boundaryCount:orderedCount:)``), as that lookup does.
    private func recordTouchEvents(
        now: UnsafeBufferPointer<ContactConstraint>, boundaryCount: Int, transforms xf: [Transform], time: Double
    ) {
        let oldBoundary = contactData.boundaryContactCount, oldOrdered = contactData.orderedContactCount
        /// Whether `key` is in `list[cursor..<end]` (ascending keys), the cursor moved forward to it: the keys are asked
        /// for in ascending order, so each cursor passes over its run once.
        @inline(__always) func advance(
            _ cursor: inout Int, to key: UInt64, in list: UnsafeBufferPointer<ContactConstraint>, end: Int
        ) -> Bool {
            while cursor < end && list[cursor].key < key { cursor += 1 }
            return cursor < end && list[cursor].key == key
        }
        // A reference to the old list (not a copy: nothing changes it here), so appending events does not overlap it.
        let oldList = contactData.contacts
        oldList.withUnsafeBufferPointer { old in
            var boundaryCursor = 0, pairCursor = oldBoundary
            for k in now.indices {
                let key = now[k].key
                var found =
                    key >> 63 != 0
                    ? advance(&boundaryCursor, to: key, in: old, end: oldBoundary)
                    : advance(&pairCursor, to: key, in: old, end: oldOrdered)
                if !found { for j in oldOrdered..<old.count where old[j].key == key { found = true; break } }
                guard !found else { continue }
                let c = now[k]
                let wm = worldManifold(
                    c.manifold, c.a >= 0 ? xf[c.a] : .identity, radiusA: c.radiusA, xf[c.b], radiusB: c.radiusB)
                contactData.events.append(event(for: c, kind: .begin, time: time, point: wm.points.0))
            }
            (boundaryCursor, pairCursor) = (0, boundaryCount)
            for k in old.indices {
                let key = old[k].key
                let found =
                    k >= oldOrdered
                    ? World.position(of: key, in: now, boundaryCount: boundaryCount, orderedCount: now.count) != nil
                    : key >> 63 != 0
                        ? advance(&boundaryCursor, to: key, in: now, end: boundaryCount)
                        : advance(&pairCursor, to: key, in: now, end: now.count)
                if !found { contactData.events.append(event(for: old[k], kind: .end, time: time, point: nil)) }
            }
        }
    }

    /// Where the contact under `key` is in `list`, a contact list as `collide` builds it (two runs in ascending key
    /// order: the first `boundaryCount` against boundaries, then item pairs up to `orderedCount`; after them any the
    /// time of impact appended), or nil: a binary search in the key's run, then a look through the appended ones.
    static func position(
        of key: UInt64, in list: UnsafeBufferPointer<ContactConstraint>, boundaryCount: Int,
        orderedCount: Int
    ) -> Int? {
        let end = key >> 63 != 0 ? boundaryCount : orderedCount
        var lo = key >> 63 != 0 ? 0 : boundaryCount, hi = end
        while lo < hi {
            let mid = (lo + hi) / 2
            if list[mid].key < key { lo = mid + 1 } else { hi = mid }
        }
        if lo < end && list[lo].key == key { return lo }
        for k in orderedCount..<list.count where list[k].key == key { return k }
        return nil
    }

    /// Where last sub-step's contact under `key` is in `contactData.contacts`, or nil when there was none. The keys are
    /// asked for in ascending order within each run (boundaries, then item pairs), the order the old list has too, so
    /// a cursor per run walks forward to it: one pass over the old list instead of a lookup per contact (a hash
    /// table's cache misses took 6.5% of the time at 4,000 boxes). Those the time of impact appended after the runs
    /// are not looked for: they carry no impulses (Box2D does not warm-start from the time of impact), and only awake
    /// items get them, so finding one would change nothing.
    @inline(__always)
    private func previousContact(_ key: UInt64, in built: inout NewContacts) -> Int? {
        let boundary = key >> 63 != 0
        let end = boundary ? contactData.boundaryContactCount : contactData.orderedContactCount
        var c = boundary ? built.boundaryCursor : built.pairCursor
        return contactData.contacts.withUnsafeBufferPointer { cs in
            while c < end && cs[c].key < key { c += 1 }
            if boundary { built.boundaryCursor = c } else { built.pairCursor = c }
            return c < end && cs[c].key == key ? c : nil
        }
    }

    /// Adds a manifold with points to the contacts being built under `key`, its impulses carried over from last
    /// sub-step's manifold by feature id (b2Contact::Update's warm-start matching). Past ``maxContacts`` it is dropped
    /// and ``contactLimitExceeded`` set.
    @inline(__always)
    private func add(
        _ key: UInt64, _ a: Int, _ b: Int, _ m: Manifold, _ rA: Double, _ rB: Double, friction: Double,
        restitution: Double, to built: inout NewContacts
    ) {
        guard m.pointCount > 0 else { return }
        guard built.list.count < World.maxContacts else { contactData.contactLimitExceeded = true; return }
        var manifold = m
        var created = Int64.max
        if let old = previousContact(key, in: &built) {
            created = contactData.contacts[old].created
            manifold.takeImpulses(from: contactData.contacts[old].manifold)
        }
        if created == .max {
            // `uikit`: when Box2D would have created it (Islands.swift); `precise`: this narrow phase's mark, which tells
            // a contact that began here (an impact to look for, PreciseImpacts.swift) from one carried over.
            created =
                profile == .uikit ? contactData.islands.created.number(of: key) ?? .max : contactData.narrowPhaseMark
        }
        built.list.append(
            ContactConstraint(
                key: key, a: a, b: b, manifold: manifold, radiusA: rA, radiusB: rB,
                friction: friction, restitution: restitution, created: created))
    }

    /// Keeps a contact from last sub-step as it was (its items asleep), if there was one under `key`.
    @inline(__always)
    private func keep(_ key: UInt64, in built: inout NewContacts) {
        if let old = previousContact(key, in: &built) {
            built.list.append(contactData.contacts[old])
        }
    }

    /// Items against boundaries (the edge is shape A; key bit 63 set, the edge index, the item).
    private func collideBoundaries(_ bounds: NarrowPhaseBounds, into built: inout NewContacts) {
        let smooth = profile == .precise
        for (e, edge) in contactData.boundaryEdges.enumerated() {
            let bit = UInt64(1) << UInt64(edge.behavior)
            let lo = Vector2(min(edge.v1.x, edge.v2.x), min(edge.v1.y, edge.v2.y))
            let hi = Vector2(max(edge.v1.x, edge.v2.x), max(edge.v1.y, edge.v2.y))
            for i in 0..<bodyData.items.count
            where bodyData.boundaryCollisionMask[i] & bit != 0 && !bodyData.anchored[i] {
                guard hasShape(i) else { continue }
                let key = (UInt64(1) << 63) | (UInt64(e) << 32) | UInt64(i)
                // A sleeper keeps its boundary contact as it was.
                if !bodyData.awake[i] { keep(key, in: &built); continue }
                let c = bounds.center[i], r = bounds.extent[i]
                if c.x + r < lo.x || c.x - r > hi.x || c.y + r < lo.y || c.y - r > hi.y { continue }
                let f = bodyData.itemFriction[i], el = bodyData.itemElasticity[i]
                let friction = (f * World.boundaryFriction).squareRoot(),
                    restitution = max(el, World.boundaryRestitution)
                let radius = bodyData.itemCircleRadius[i], xf = bounds.xf[i]
                let m: Manifold
                if smooth && (edge.hasV0 || edge.hasV3) {
                    // `precise`: a path's interior vertices are smooth (ghost vertices).
                    m =
                        radius < 0
                        ? collidePathSegmentAndPolygon(edge, polygon(i), xf)
                        : collidePathSegmentAndCircle(edge, radius: radius, xf)
                } else if radius < 0 {
                    m = collideEdgeAndPolygon(edge.v1, edge.v2, edgeRadius: 0, polygon(i), xf)
                } else {
                    m = collideEdgeAndCircle(edge.v1, edge.v2, edgeRadius: 0, radius: radius, xf)
                }
                add(
                    key, -1, i, m, 0, radius < 0 ? polygon(i).radius : radius, friction: friction,
                    restitution: restitution, to: &built)
            }
        }
    }

    /// Item pairs: the broad phase's candidates (BroadPhase.swift), in ascending (i, j) order (key i << 32 | j), so the
    /// list is deterministic and in key order for next sub-step's matching (`uikit` solves it in island order).
    private func collideItemPairs(_ bounds: NarrowPhaseBounds, into built: inout NewContacts) {
        var candidates = collisionScratch.scratchCandidates
        collisionScratch.scratchCandidates = []
        candidates.removeAll(keepingCapacity: true)
        defer { collisionScratch.scratchCandidates = candidates }
        bounds.center.withUnsafeBufferPointer { c in
            bounds.extent.withUnsafeBufferPointer { e in
                broadPhase(center: c.baseAddress!, extent: e.baseAddress!, into: &candidates)
            }
        }
        if candidates.count >= World.maxCandidatePairs { contactData.contactLimitExceeded = true }
        sortPairs(&candidates, itemCount: bodyData.items.count)
        let center = bounds.center, extent = bounds.extent, xf = bounds.xf, boxHalf = bounds.boxHalf
        for pair in candidates {
            let i = Int(pair >> 32), j = Int(pair & 0xFFFF_FFFF)
            let key = UInt64(i) << 32 | UInt64(j)
            if bodies.invMass[i] == 0 && bodies.invMass[j] == 0 {
                // Two sleepers (or a sleeper and an anchored item) keep their contact as it was, untouched.
                if !(bodyData.awake[i] && bodyData.awake[j]) && !(bodyData.anchored[i] && bodyData.anchored[j]) {
                    keep(key, in: &built)
                }
                continue
            }
            let d = center[j] - center[i], r = extent[i] + extent[j]
            if dot(d, d) > r * r { continue }
            // (Computed only for the pairs that get this far: most rectangle pairs stop at the box test below.)
            var friction: Double { (bodyData.itemFriction[i] * bodyData.itemFriction[j]).squareRoot() }
            var restitution: Double { max(bodyData.itemElasticity[i], bodyData.itemElasticity[j]) }
            let ri = bodyData.itemCircleRadius[i], rj = bodyData.itemCircleRadius[j]
            switch (ri < 0, rj < 0) {
            case (true, true):
                let pi = polygon(i), pj = polygon(j)
                // Two rectangles (skin radius 0) whose world bounding boxes are apart by more than 1e-6 pt are
                // disjoint, so b2CollidePolygons finds a face normal with positive separation (at least the gap over
                // √2 for rectangles, far above rounding) and returns no points: skip it. In a resting pile most
                // circle-overlapping neighbours are such pairs.
                if pi.radius == 0 && pj.radius == 0 {
                    let reach = boxHalf[i] + boxHalf[j]
                    if abs(d.x) - reach.x > 1e-6 || abs(d.y) - reach.y > 1e-6 { continue }
                }
                add(
                    key, i, j, collidePolygons(pi, xf[i], pj, xf[j]), pi.radius, pj.radius, friction: friction,
                    restitution: restitution, to: &built)
            case (true, false):
                let pi = polygon(i)
                add(
                    key, i, j, collidePolygonAndCircle(pi, xf[i], radius: rj, xf[j]), pi.radius, rj,
                    friction: friction, restitution: restitution, to: &built)
            case (false, true):
                let pj = polygon(j)
                add(
                    key, j, i, collidePolygonAndCircle(pj, xf[j], radius: ri, xf[i]), pj.radius, ri,
                    friction: friction, restitution: restitution, to: &built)
            case (false, false):
                add(
                    key, i, j, collideCircles(radiusA: ri, xf[i], radiusB: rj, xf[j]), ri, rj,
                    friction: friction, restitution: restitution, to: &built)
            }
        }
    }

    /// Sorts candidate pairs (min << 32 | max) ascending in O(pairs + items): a counting sort on the first item into
    /// `scratchPairs`, then an insertion sort within each first item's (short) run. Allocates nothing once warm.
    func sortPairs(_ pairs: inout [UInt64], itemCount n: Int) {
        guard pairs.count > 1 else { return }
        if collisionScratch.scratchBucket.count != n + 1 {
            collisionScratch.scratchBucket = [Int](repeating: 0, count: n + 1)
        }
        if collisionScratch.scratchPairs.count < pairs.count {
            collisionScratch.scratchPairs = [UInt64](repeating: 0, count: pairs.count)
        }
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

    func event(for c: ContactConstraint, kind: ContactEvent.Kind, time: Double, point: Vector2?) -> ContactEvent {
        if c.a < 0 {
            let edge = contactData.boundaryEdges[Int((c.key >> 32) & 0x7FFF_FFFF)]
            return ContactEvent(
                time: time, kind: kind, item: c.b, otherItem: nil, boundary: edge.identifier, point: point)
        }
        let lo = min(c.a, c.b), hi = max(c.a, c.b)
        return ContactEvent(time: time, kind: kind, item: lo, otherItem: hi, boundary: nil, point: point)
    }
}

/// The contacts one narrow phase builds, in solve order.
struct NewContacts {
    var list: [ContactConstraint]
    /// Where the walk through last sub-step's boundary contacts and item-pair contacts has got to
    /// (``World/previousContact(_:in:)``).
    var boundaryCursor: Int
    var pairCursor: Int
}

/// Each item's bounds for the narrow phase's cheap tests, computed once per sub-step: the bounding circle (center,
/// radius `extent`), the transform, and for rectangles the world bounding box's half sizes.
struct NarrowPhaseBounds {
    var center: [Vector2]
    var extent: [Double]
    var xf: [Transform]
    var boxHalf: [Vector2]
}
