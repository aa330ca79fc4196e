import Foundation

// Continuous collision: how many pieces a fast sub-step is split into (`uikit`: only when a fast item comes at
// something it could pass through; `precise`: whenever an item is fast), and Box2D's time of impact for circles against
// boundaries.

extension World {
    /// How far item `i` may move in one piece of a sub-step: a quarter of its collision shape's least width (its
    /// thinnest extent across; a circle's diameter), points. With that much overlap at most per piece, the contact's
    /// push-out still points back the way it came, so the item cannot pass through a boundary or anything else.
    @inline(__always) func sweepLimit(_ i: Int) -> Double { 0.25 * bodyData.itemThickness[i] }

    /// The most pieces a sub-step is split into.
    static let maxContinuousPieces = 64.0

    /// How far item `i` moves in the coming sub-step at its velocity after gravity, points: h (|v + h g| + |ω| reach),
    /// its center's travel plus what the turn adds at its farthest point.
    @inline(__always) private func travel(_ i: Int, _ h: Double) -> Double {
        h * (norm(bodies.velocity[i] + h * bodies.gravity[i]) + abs(bodies.angularVelocity[i]) * bodyData.itemReach[i])
    }

    /// `precise`: how many pieces the next sub-step needs so that no colliding item moves more than ``sweepLimit(_:)``
    /// in one piece (at most ``maxContinuousPieces``). 1 at ordinary speeds.
    func continuousPieces() -> Int {
        let h = subStepDuration
        var pieces = 1.0
        for i in 0..<bodyData.items.count
        where bodies.invMass[i] > 0 && hasShape(i)
            && (bodyData.itemCollisionMask[i] | bodyData.boundaryCollisionMask[i]) != 0
        {
            let t = travel(i, h), limit = sweepLimit(i)
            if !(t <= limit) { pieces = max(pieces, t.isFinite ? (t / limit).rounded(.up) : World.maxContinuousPieces) }
        }
        return Int(min(pieces, World.maxContinuousPieces))
    }

    /// `uikit`: how many pieces the next sub-step needs (dynsim's guard against tunnelling; Box2D's time of impact gives
    /// UIKit's skinless rectangles no contact points at its target gap, so it cannot stop them, see
    /// ``solveTimeOfImpact(h:start:eventTime:)``). An item is fast when it would move more than ``sweepLimit(_:)`` in the
    /// sub-step, at its velocity after gravity, the pushes and velocity changes due at the frame's start (which act in
    /// the sub-step's velocity update, after this decision) and its springs' pull. The sub-step is split as ``continuousPieces()``
    /// splits it, by the fast items' own motion, but only for a fast item that comes at something it could pass through
    /// within the sub-step:
    /// - a boundary segment it collides with and can reach, when its speed across the segment's line (toward it, or
    ///   either way while its reach straddles the line; and along the line too while its reach passes an end), plus its
    ///   turn at its reach, moves it more than ``sweepLimit(_:)``;
    /// - an item that does not move, when its speed and turn move it more than that, or more than a quarter of that
    ///   item's least width;
    /// - a movable item whose motion relative to it is more than the thinner one's least width: below that, the push-out
    ///   of any overlap points back the way they came, as Box2D's does.
    /// Otherwise the sub-step is Box2D's: an item falling past a wall, or a box landing on a pile at 775 pt/s (6.5 pt
    /// a sub-step against its 10 pt width), does not shorten every item's step. Speed that a field or a rigid
    /// attachment gives within the sub-step is not foreseen.
    func tunnellingPieces() -> Int {
        let n = bodyData.items.count, h = subStepDuration
        let im = bodies.invMass.base
        var sweep = collisionScratch.sweep
        collisionScratch.sweep = SweepScratch()
        defer { collisionScratch.sweep = sweep }
        predictMotion(&sweep)
        var fast = false
        for i in 0..<n where sweep.travel[i] > sweepLimit(i) { fast = true; break }
        guard fast else { return 1 }
        var pieces = 1.0
        @inline(__always) func split(_ i: Int) { pieces = max(pieces, (sweep.travel[i] / sweepLimit(i)).rounded(.up)) }
        pieces = max(pieces, boundaryPieces(sweep))
        // Items: the broad phase over each item's bounding circle swept through the sub-step.
        guard pieces < World.maxContinuousPieces, bodyData.itemCollisionMask.contains(where: { $0 != 0 }) else {
            return Int(min(pieces, World.maxContinuousPieces))
        }
        let x = bodies.position.base
        for i in 0..<n {
            let step = h * sweep.velocity[i]
            let finite = step.x.isFinite && step.y.isFinite
            sweep.center[i] = finite ? x[i] + 0.5 * step : x[i]
            sweep.extent[i] = bodyData.itemReach[i] + (finite ? 0.5 * norm(step) : 0)
        }
        var candidates = collisionScratch.scratchCandidates
        collisionScratch.scratchCandidates = []
        defer { collisionScratch.scratchCandidates = candidates }
        candidates.removeAll(keepingCapacity: true)
        sweep.center.withUnsafeBufferPointer { c in
            sweep.extent.withUnsafeBufferPointer { r in
                broadPhase(center: c.baseAddress!, extent: r.baseAddress!, into: &candidates)
            }
        }
        for pair in candidates {
            let i = Int(pair >> 32), j = Int(pair & 0xFFFF_FFFF)
            let iFast = sweep.travel[i] > sweepLimit(i), jFast = sweep.travel[j] > sweepLimit(j)
            guard iFast || jFast else { continue }
            let turn = abs(sweep.spin[i]) * bodyData.itemReach[i] + abs(sweep.spin[j]) * bodyData.itemReach[j]
            // (An item that does not move has no velocity: the relative speed is the mover's own.)
            let relative = h * (norm(sweep.velocity[i] - sweep.velocity[j]) + turn)
            let comes =
                im[i] == 0 || im[j] == 0
                ? !(relative <= min(sweepLimit(i), sweepLimit(j)))
                : !(relative <= 4 * min(sweepLimit(i), sweepLimit(j)))
            if comes {
                if iFast { split(i) }
                if jFast { split(j) }
            }
        }
        return Int(min(pieces, World.maxContinuousPieces))
    }

    /// Fills `sweep` for the coming `uikit` sub-step: each item's velocity after gravity, the velocity changes and
    /// pushes due at the frame's start and its springs' pull, and its angular velocity likewise; and how far that moves
    /// it (``travel``, 0 for an item that does not move or collide). (`tunnellingPieces` fills the swept bounding
    /// circles when some item is fast.)
    private func predictMotion(_ sweep: inout SweepScratch) {
        let n = bodyData.items.count, h = subStepDuration
        let x = bodies.position.base, v = bodies.velocity.base, w = bodies.angularVelocity.base,
            im = bodies.invMass.base
        if sweep.travel.count != n { sweep = SweepScratch(count: n) }
        for i in 0..<n {
            sweep.velocity[i] = v[i] + h * bodies.gravity[i]
            sweep.spin[i] = w[i]
        }
        let frameStart = time(ofStep: (stepCount / subSteps) * subSteps)
        var s = behaviors.nextScheduled
        while s < behaviors.scheduled.count && behaviors.scheduled[s].time <= frameStart + 1e-9 {
            sweep.velocity[behaviors.scheduled[s].item] += behaviors.scheduled[s].linear
            sweep.spin[behaviors.scheduled[s].item] += behaviors.scheduled[s].angular
            s += 1
        }
        for f in behaviors.forces where f.beginTime <= frameStart + 1e-9 && frameStart + 1e-9 < f.endTime {
            sweep.velocity[f.item] += (h * im[f.item]) * f.force
        }
        // A spring attachment pulls each end toward the other at up to ω² × stretch (all of it on an end whose other
        // end does not give; less when it does), the anchor's too.
        let J = jointData.joints.base, a = bodies.angle.base
        for k in 0..<jointData.joints.count where !J[k].isRigid && J[k].omega > 0 {
            let pB = x[J[k].b] + rotate(J[k].localB, by: a[J[k].b])
            let pA = J[k].a >= 0 ? x[J[k].a] + rotate(J[k].localA, by: a[J[k].a]) : J[k].anchor
            let d = pB - pA, length = norm(d)
            guard length > 0 && length.isFinite else { continue }
            let pull = (h * J[k].omega * J[k].omega * (length - J[k].length) / length) * d
            sweep.velocity[J[k].b] -= pull
            if J[k].a >= 0 { sweep.velocity[J[k].a] += pull }
        }
        for i in 0..<n {
            sweep.travel[i] = 0
            guard im[i] > 0 && hasShape(i) && (bodyData.itemCollisionMask[i] | bodyData.boundaryCollisionMask[i]) != 0
            else { continue }
            let t = h * (norm(sweep.velocity[i]) + abs(sweep.spin[i]) * bodyData.itemReach[i])
            sweep.travel[i] = t.isFinite ? t : .greatestFiniteMagnitude
        }
    }

    /// The pieces the fast items that come at a boundary segment they can reach need (see ``tunnellingPieces()``; 1 when
    /// none does): an item can pass a segment by crossing its line, so its speed across the line counts (toward it, or
    /// either way when its reach straddles the line); and where its reach also passes an end of the segment, its speed
    /// along the line too (it can slide over the end). Not its speed along a wall it falls past.
    private func boundaryPieces(_ sweep: SweepScratch) -> Double {
        var pieces = 1.0
        let h = subStepDuration, x = bodies.position.base
        for edge in contactData.boundaryEdges {
            let bit = UInt64(1) << UInt64(edge.behavior)
            let along = edge.v2 - edge.v1, length = norm(along)
            guard length > 0 else { continue }
            let t = along / length, normal = Vector2(-t.y, t.x)
            for i in 0..<sweep.travel.count
            where sweep.travel[i] > sweepLimit(i) && bodyData.boundaryCollisionMask[i] & bit != 0 {
                let c = x[i], reach = bodyData.itemReach[i], m = sweep.travel[i]
                let offset = dot(c - edge.v1, normal), s = dot(c - edge.v1, t)
                // Out of reach within the sub-step: beyond the line, or beyond either end.
                guard abs(offset) - reach <= m && s >= -(reach + m) && s <= length + reach + m else { continue }
                let v = sweep.velocity[i], across = dot(v, normal)
                var speed = abs(offset) <= reach ? abs(across) : max(0, offset > 0 ? -across : across)
                if s - reach <= 0 || s + reach >= length { speed += abs(dot(v, t)) }
                if !(h * (speed + abs(sweep.spin[i]) * reach) <= sweepLimit(i)) {
                    pieces = max(pieces, (m / sweepLimit(i)).rounded(.up))
                }
            }
        }
        return pieces
    }

    /// Box2D's time of impact for circles against boundaries (b2World::SolveTOI, b2Island::SolveTOI), after the discrete
    /// sub-step: a circle whose centre came within `radius − 3 slop` of a boundary segment during the sub-step (having
    /// started farther) is moved back to that moment, its overlap corrected with Box2D's TOI Baumgarte 0.75 (20
    /// iterations), its velocity resolved against the boundary (restitution and friction, 8 iterations, no warm start),
    /// and it moves on with the new velocity for the rest of the sub-step. So a falling ball bounces at the speed it had
    /// when it met the floor, not one gravity step later. Polygons of radius 0 are left alone, as Box2D's TOI is for
    /// them (its target gap gives no contact points), and the splitting of fast sub-steps covers them (``tunnellingPieces()``).
    func solveTimeOfImpact(h: Double, start: UnsafeMutablePointer<Vector2>, eventTime: Double) {
        guard !contactData.boundaryEdges.isEmpty else { return }
        for i in 0..<bodyData.items.count
        where bodyData.awake[i] && bodies.invMass[i] > 0 && bodyData.boundaryCollisionMask[i] != 0 {
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
            for (k, e) in contactData.boundaryEdges.enumerated()
            where bodyData.boundaryCollisionMask[i] & (UInt64(1) << UInt64(e.behavior)) != 0 {
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
            let constraint = ContactConstraint(
                key: key, a: -1, b: i, manifold: manifold, radiusA: 0, radiusB: radius,
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
            // Box2D wakes the pair in the time of impact, which resets the sleep timer after the sub-step's own update:
            // start the timer one sub-step behind so that updateSleep, which runs next, leaves it at 0.
            bodyData.sleepTime[i] = -subStepDuration
            // The contact now exists (with no stored impulses: Box2D does not warm-start from TOI forces).
            if contactPosition(of: key) == nil {
                if recordsEvents {
                    let atImpact = worldManifold(
                        manifold, .identity, radiusA: 0,
                        Transform(position: c0 + alpha * (c1 - c0), angle: bodies.angle[i]), radiusB: radius)
                    contactData.events.append(
                        ContactEvent(
                            time: eventTime, kind: .begin, item: i, otherItem: nil,
                            boundary: edge.identifier, point: atImpact.points.0))
                }
                contactData.contacts.append(constraint)
            }
        }
    }
}
