import Foundation

// Continuous collision: how many pieces a fast sub-step is split into, and Box2D's time of impact for circles against
// boundaries.

extension World {
    /// How many pieces the next sub-step needs so that no colliding item travels more than half of its smallest
    /// half-extent (its radius for a circle) in one piece (at most 64). 1 at ordinary speeds.
    func continuousPieces() -> Int {
        let h = subStepDuration
        var pieces = 1.0
        for i in 0..<bodyData.items.count where bodies.invMass[i] > 0 && (bodyData.itemCollisionMask[i] | bodyData.boundaryCollisionMask[i]) != 0 {
            let v = bodies.velocity[i] + h * bodies.gravity[i]
            let travel = norm(v) * h
            let limit = 0.25 * min(bodyData.itemSize[i].x, bodyData.itemSize[i].y)
            if travel > limit { pieces = max(pieces, (travel / limit).rounded(.up)) }
        }
        return pieces.isFinite ? Int(min(pieces, 64)) : 64
    }

    /// Box2D's time of impact for circles against boundaries (b2World::SolveTOI, b2Island::SolveTOI), after the discrete
    /// sub-step: a circle whose centre came within `radius − 3 slop` of a boundary segment during the sub-step (having
    /// started farther) is moved back to that moment, its overlap corrected with Box2D's TOI Baumgarte 0.75 (20
    /// iterations), its velocity resolved against the boundary (restitution and friction, 8 iterations, no warm start),
    /// and it moves on with the new velocity for the rest of the sub-step. So a falling ball bounces at the speed it had
    /// when it met the floor, not one gravity step later. Polygons of radius 0 are left alone, as Box2D's TOI is for
    /// them (its target gap gives no contact points), and dynsim's splitting of fast sub-steps covers them.
    func solveTimeOfImpact(h: Double, start: UnsafeMutablePointer<Vector2>, eventTime: Double) {
        guard !contactData.boundaryEdges.isEmpty else { return }
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
    }
}
