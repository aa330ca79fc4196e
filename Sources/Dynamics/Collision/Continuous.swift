import Foundation

// Continuous collision: `uikit`'s guard against tunnelling (the fast items' motion swept after the sub-step), Box2D's
// time of impact for circles against boundaries, and how many pieces a fast `precise` sub-step is split into.

extension World {
    /// How far item `i` may move in one sub-step before continuous collision steps in: a quarter of its smaller side
    /// (a circle's radius over 2), points. At most that much overlap can arise in one sub-step, so it cannot pass
    /// through anything as thick as itself.
    @inline(__always) func sweepLimit(_ i: Int) -> Double { 0.25 * min(bodyData.itemSize[i].x, bodyData.itemSize[i].y) }

    /// `precise`: how many pieces the next sub-step needs so that no colliding item travels more than
    /// ``sweepLimit(_:)`` in one piece (at most 64). 1 at ordinary speeds.
    func continuousPieces() -> Int {
        let h = subStepDuration
        var pieces = 1.0
        for i in 0..<bodyData.items.count where bodies.invMass[i] > 0 && (bodyData.itemCollisionMask[i] | bodyData.boundaryCollisionMask[i]) != 0 {
            let v = bodies.velocity[i] + h * bodies.gravity[i]
            let travel = norm(v) * h
            let limit = sweepLimit(i)
            if travel > limit { pieces = max(pieces, (travel / limit).rounded(.up)) }
        }
        return pieces.isFinite ? Int(min(pieces, 64)) : 64
    }

    /// The most pieces ``guardFastItems(start:startAngle:skipBoundaries:)`` sweeps a motion in (Box2D's limit of
    /// 200 pt a step over a 10 pt box's 2.5 pt is 80).
    static let maxSweepPieces = 256.0

    /// `uikit`'s guard against tunnelling, after the sub-step (dynsim's own: Box2D's time of impact gives UIKit's
    /// skinless rectangles no contact points at its target gap, so it cannot stop them; see
    /// ``solveTimeOfImpact(h:start:eventTime:)``). An item whose velocity carries it more than ``sweepLimit(_:)`` in
    /// the sub-step (h (|v| + |ω| reach); a jump made by the position iterations, such as a dragged item's pin pulling
    /// it to its anchor, is not motion, as in Box2D) could have passed through something. Its motion is swept as a
    /// straight line in position and angle from the sub-step's start (`x0`, `a0`) to its end, in pieces of at most
    /// that limit: against each boundary segment it collides with, against each item that does not move, and against
    /// each movable item whose velocity relative to its own carries the two more than the thinner one's smaller side
    /// (below that the solver pushes them apart the way they came, as Box2D's does, so piles keep Box2D's step). Pairs
    /// already touching at the start are the solver's. At the first piece where the two touch, a bisection finds the
    /// first touching moment, and the item (both items, for a pair of movable items) goes back to it keeping its
    /// velocity, so that the next sub-step's narrow phase finds the contact and the solver stops the approach. Every
    /// other item keeps Box2D's step untouched, and at ordinary speeds nothing is swept. `skipBoundaries` lists the
    /// circles that Box2D's time of impact has just moved against a boundary.
    func guardFastItems(start x0: UnsafeMutablePointer<Vector2>, startAngle a0: UnsafeMutablePointer<Double>,
                        skipBoundaries: [Int]) {
        let n = bodyData.items.count
        let v = bodies.velocity.base, w = bodies.angularVelocity.base, im = bodies.invMass.base, h = subStepDuration
        var travel = collisionScratch.sweepTravel, alpha = collisionScratch.sweepAlpha
        collisionScratch.sweepTravel = []; collisionScratch.sweepAlpha = []
        defer { collisionScratch.sweepTravel = travel; collisionScratch.sweepAlpha = alpha }
        if travel.count != n {
            travel = [Double](repeating: 0, count: n)
            alpha = [Double](repeating: 1, count: n)
        }
        var fast = false
        for i in 0..<n {
            travel[i] = 0
            guard im[i] > 0 && hasShape(i) && (bodyData.itemCollisionMask[i] | bodyData.boundaryCollisionMask[i]) != 0 else { continue }
            let t = h * (norm(v[i]) + abs(w[i]) * bodyData.itemReach[i])
            guard t.isFinite else { continue }
            travel[i] = t
            if t > sweepLimit(i) { fast = true }
        }
        guard fast else { return }
        let sweep = Sweep(x0: x0, a0: a0, x: bodies.position.base, a: bodies.angle.base)
        sweepBoundaries(sweep, travel: travel, skip: skipBoundaries, alpha: &alpha)
        if bodyData.itemCollisionMask.contains(where: { $0 != 0 }) { sweepItemPairs(sweep, travel: travel, alpha: &alpha) }
        // Back to the first touch.
        for i in 0..<n where alpha[i] < 1 {
            sweep.x[i] = sweep.position(i, alpha[i])
            sweep.a[i] = sweep.angle(i, alpha[i])
            alpha[i] = 1
        }
    }

    /// The items' straight-line motion over a sub-step: from `x0`, `a0` (its start) to `x`, `a` (its end).
    struct Sweep {
        let x0: UnsafeMutablePointer<Vector2>, a0: UnsafeMutablePointer<Double>
        let x: UnsafeMutablePointer<Vector2>, a: UnsafeMutablePointer<Double>
        @inline(__always) func position(_ k: Int, _ t: Double) -> Vector2 { x0[k] + t * (x[k] - x0[k]) }
        @inline(__always) func angle(_ k: Int, _ t: Double) -> Double { a0[k] + t * (a[k] - a0[k]) }
        @inline(__always) func pose(_ k: Int, _ t: Double) -> Transform { Transform(position: position(k, t), angle: angle(k, t)) }
    }

    /// The guard's sweeps of fast items against the boundary segments near their path; `alpha[i]` becomes the earliest
    /// touch found (a fraction of the sub-step).
    private func sweepBoundaries(_ sweep: Sweep, travel: [Double], skip: [Int], alpha: inout [Double]) {
        for (e, edge) in contactData.boundaryEdges.enumerated() {
            let bit = UInt64(1) << UInt64(edge.behavior)
            let lo = pointwiseMin(edge.v1, edge.v2), hi = pointwiseMax(edge.v1, edge.v2)
            for i in 0..<travel.count where travel[i] > sweepLimit(i) && bodyData.boundaryCollisionMask[i] & bit != 0 && !skip.contains(i) {
                let r = Vector2(repeating: bodyData.itemReach[i])
                let pathLo = pointwiseMin(sweep.x0[i], sweep.x[i]) - r, pathHi = pointwiseMax(sweep.x0[i], sweep.x[i]) + r
                guard pathLo.x <= hi.x && pathHi.x >= lo.x && pathLo.y <= hi.y && pathHi.y >= lo.y else { continue }
                alpha[i] = min(alpha[i], firstTouch(sweep, i, -1, edge: e, motion: travel[i], limit: sweepLimit(i)))
            }
        }
    }

    /// The guard's sweeps of item pairs moving fast relative to each other (found by the broad phase over each item's
    /// swept bounding circle); `alpha` of both items becomes the earliest touch found.
    private func sweepItemPairs(_ sweep: Sweep, travel: [Double], alpha: inout [Double]) {
        let n = travel.count
        let v = bodies.velocity.base, w = bodies.angularVelocity.base, im = bodies.invMass.base, h = subStepDuration
        var center = collisionScratch.sweepCenter, extent = collisionScratch.sweepExtent
        var candidates = collisionScratch.scratchCandidates
        collisionScratch.sweepCenter = []; collisionScratch.sweepExtent = []; collisionScratch.scratchCandidates = []
        defer {
            collisionScratch.sweepCenter = center; collisionScratch.sweepExtent = extent
            collisionScratch.scratchCandidates = candidates
        }
        if center.count != n {
            center = [Vector2](repeating: .zero, count: n)
            extent = [Double](repeating: 0, count: n)
        }
        for i in 0..<n {
            center[i] = sweep.position(i, 0.5)
            extent[i] = bodyData.itemReach[i] + 0.5 * norm(sweep.x[i] - sweep.x0[i])
        }
        candidates.removeAll(keepingCapacity: true)
        center.withUnsafeBufferPointer { c in
            extent.withUnsafeBufferPointer { r in broadPhase(center: c.baseAddress!, extent: r.baseAddress!, into: &candidates) }
        }
        // (In key order, so that the result does not depend on the broad phase's order.)
        sortPairs(&candidates, itemCount: n)
        for pair in candidates {
            let i = Int(pair >> 32), j = Int(pair & 0xFFFF_FFFF)
            guard travel[i] > 0 || travel[j] > 0 else { continue }
            let motion = h * (norm(v[i] - v[j]) + abs(w[i]) * bodyData.itemReach[i] + abs(w[j]) * bodyData.itemReach[j])
            // Against an item that does not move, a boundary's limit; between movable items, the thinner one's side.
            let limit = (im[i] == 0 || im[j] == 0 ? 1 : 4) * min(sweepLimit(i), sweepLimit(j))
            guard motion > limit && motion.isFinite else { continue }
            let t = firstTouch(sweep, i, j, edge: -1, motion: motion, limit: limit)
            if im[i] > 0 { alpha[i] = min(alpha[i], t) }
            if im[j] > 0 { alpha[j] = min(alpha[j], t) }
        }
    }

    /// The first moment (a fraction of the sub-step) at which item `i` and item `j` (or boundary segment `edge` when
    /// it is >= 0) touch, both on their sweeps: sampled in ⌈motion / limit⌉ pieces (at most ``maxSweepPieces``), then
    /// bisected 30 times within the first piece that ends touching. 1 when they never touch, or touch at the start.
    private func firstTouch(_ sweep: Sweep, _ i: Int, _ j: Int, edge: Int, motion: Double, limit: Double) -> Double {
        func touching(_ t: Double) -> Bool {
            let m = edge >= 0 ? edgeManifold(contactData.boundaryEdges[edge], i, sweep.pose(i, t), smooth: false)
                : pairManifold(i, sweep.pose(i, t), j, sweep.pose(j, t)).manifold
            return m.pointCount > 0
        }
        if touching(0) { return 1 }
        let pieces = min((motion / limit).rounded(.up), World.maxSweepPieces)
        var lo = 0.0
        for k in stride(from: 1.0, through: pieces, by: 1) {
            let t = k / pieces
            if touching(t) {
                var hi = t
                for _ in 0..<30 {
                    let mid = 0.5 * (lo + hi)
                    if touching(mid) { hi = mid } else { lo = mid }
                }
                return hi
            }
            lo = t
        }
        return 1
    }

    /// Box2D's time of impact for circles against boundaries (b2World::SolveTOI, b2Island::SolveTOI), after the discrete
    /// sub-step: a circle whose centre came within `radius − 3 slop` of a boundary segment during the sub-step (having
    /// started farther) is moved back to that moment, its overlap corrected with Box2D's TOI Baumgarte 0.75 (20
    /// iterations), its velocity resolved against the boundary (restitution and friction, 8 iterations, no warm start),
    /// and it moves on with the new velocity for the rest of the sub-step. So a falling ball bounces at the speed it had
    /// when it met the floor, not one gravity step later. Polygons of radius 0 are left alone, as Box2D's TOI is for
    /// them (its target gap gives no contact points), and ``guardFastItems(start:startAngle:skipBoundaries:)`` covers them.
    /// Returns the circles it moved.
    func solveTimeOfImpact(h: Double, start: UnsafeMutablePointer<Vector2>, eventTime: Double) -> [Int] {
        var handled: [Int] = []
        guard !contactData.boundaryEdges.isEmpty else { return handled }
        for i in 0..<bodyData.items.count where bodyData.awake[i] && bodies.invMass[i] > 0 && bodyData.boundaryCollisionMask[i] != 0 {
            // (The unpacked radius, −1 for a polygon: matching on `itemShapes[i]` would copy the shape, retaining its arrays.)
            let radius = bodyData.itemCircleRadius[i]
            guard radius >= 0 else { continue }
            let c0 = start[i], c1 = bodies.position[i]
            let target = max(World.linearSlop, radius - 3 * World.linearSlop)
            func distance(_ p: Vector2, _ e: BoundaryEdge) -> Double {
                let d = e.v2 - e.v1
                let t = min(max(dot(p - e.v1, d) / dot(d, d), 0), 1)
                return norm(p - (e.v1 + t * d))
            }
            var best: (alpha: Double, edge: Int)?
            for (k, e) in contactData.boundaryEdges.enumerated() where bodyData.boundaryCollisionMask[i] & (UInt64(1) << UInt64(e.behavior)) != 0 {
                guard distance(c0, e) > target && distance(c1, e) < target else { continue }
                var lo = 0.0, hi = 1.0
                for _ in 0..<60 {
                    let mid = 0.5 * (lo + hi)
                    if distance(c0 + mid * (c1 - c0), e) > target { lo = mid } else { hi = mid }
                }
                if best == nil || lo < best!.alpha { best = (lo, k) }
            }
            guard let (alpha, k) = best else { continue }
            let edge = contactData.boundaryEdges[k]
            bodies.position[i] = c0 + alpha * (c1 - c0)
            let manifold = collideEdgeAndCircle(edge.v1, edge.v2, edgeRadius: 0, radius: radius, transform(i))
            guard manifold.pointCount > 0 else {
                bodies.position[i] = c1
                continue
            }
            let key = (UInt64(1) << 63) | (UInt64(k) << 32) | UInt64(i)
            let constraint = ContactConstraint(key: key, a: -1, b: i, manifold: manifold, radiusA: 0, radiusB: radius,
                                               friction: (bodyData.itemFriction[i] * World.boundaryFriction).squareRoot(),
                                               restitution: max(bodyData.itemElasticity[i], World.boundaryRestitution))
            let saved = contactData.contacts
            contactData.contacts = [constraint]
            for _ in 0..<20 where !solveContactPositions(baumgarte: 0.75) {}
            initializeContacts()
            for _ in 0..<World.velocityIterations { solveContactVelocities() }
            storeImpulses()
            contactData.contacts = saved
            bodies.position[i] += (1 - alpha) * h * bodies.velocity[i]
            handled.append(i)
            // Box2D wakes the pair in the time of impact, which resets the sleep timer after the sub-step's own update:
            // start the timer one sub-step behind so that updateSleep, which runs next, leaves it at 0.
            bodyData.sleepTime[i] = -subStepDuration
            // The contact now exists (with no stored impulses: Box2D does not warm-start from TOI forces).
            if contactPosition(of: key) == nil {
                if recordsEvents {
                    let atImpact = worldManifold(manifold, .identity, radiusA: 0,
                                                 Transform(position: c0 + alpha * (c1 - c0), angle: bodies.angle[i]), radiusB: radius)
                    contactData.events.append(ContactEvent(time: eventTime, kind: .begin, item: i, otherItem: nil,
                                               boundary: edge.identifier, point: atImpact.points.0))
                }
                contactData.contacts.append(constraint)
            }
        }
        return handled
    }
}
