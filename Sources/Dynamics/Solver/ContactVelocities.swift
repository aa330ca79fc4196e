import Foundation

// Box2D 2.4.1's b2ContactSolver velocity phase: velocity constraints with restitution above the 1 m/s (100 pt/s)
// threshold, Coulomb friction solved before the normal impulses, the 2-point block solver and warm starting.

extension World {
    /// Box2D's Baumgarte factor, largest position correction (points) and restitution threshold (points/s), at 100 pt/m.
    static let baumgarte = 0.2
    static let maxLinearCorrection = 20.0
    static let restitutionThreshold = 100.0

    /// b2ContactSolver::InitializeVelocityConstraints and WarmStart: builds `velocityConstraints` from `contacts`.
    func initializeContacts() {
        var vcs = contactData.velocityConstraints
        contactData.velocityConstraints = []
        vcs.removeAll(keepingCapacity: true)
        let order = contactSolveOrder
        contactData.contacts.withUnsafeBufferPointer { cs in
            if let order {
                for k in order { vcs.append(velocityConstraint(cs.baseAddress! + Int(k))) }
            } else {
                for k in cs.indices { vcs.append(velocityConstraint(cs.baseAddress! + k)) }
            }
        }
        // Warm start, after every constraint has its restitution bias from the velocities before any of it
        // (b2ContactSolver: InitializeVelocityConstraints for all, then WarmStart).
        vcs.withUnsafeBufferPointer { warmStart($0) }
        contactData.velocityConstraints = vcs
        orderByDependency()
    }

    /// Contact `c`'s velocity constraint at the current positions and velocities: the world manifold's points as lever
    /// arms, normal and tangent masses, the restitution bias (elasticity × approach speed, above the 100 pt/s
    /// threshold), last sub-step's impulses, and for two points the block solver's K and its inverse (one point
    /// instead when K's condition number passes 1000).
    @inline(__always)
    private func velocityConstraint(_ ck: UnsafePointer<ContactConstraint>) -> VelocityConstraint {
        let v = bodies.velocity.base, w = bodies.angularVelocity.base, im = bodies.invMass.base,
            ii = bodies.invInertia.base
        let a = ck.pointee.a, b = ck.pointee.b
        let mA = a >= 0 ? im[a] : 0, iA = a >= 0 ? ii[a] : 0, mB = im[b], iB = ii[b]
        let xfA = a >= 0 ? transform(a) : .identity, xfB = transform(b)
        let cA = a >= 0 ? bodies.position[a] : .zero, cB = bodies.position[b]
        let vA = a >= 0 ? v[a] : .zero, wA = a >= 0 ? w[a] : 0, vB = v[b], wB = w[b]
        let wm = worldManifold(ck.pointee.manifold, xfA, radiusA: ck.pointee.radiusA, xfB, radiusB: ck.pointee.radiusB)
        let count = ck.pointee.manifold.pointCount
        var c = VelocityConstraint(
            a: Int32(a), b: Int32(b), pointCount: Int32(count),
            manifoldPointCount: Int32(count), friction: ck.pointee.friction,
            normal: wm.normal, rA: (.zero, .zero), rB: (.zero, .zero),
            normalMass: (0, 0), tangentMass: (0, 0), velocityBias: (0, 0),
            normalImpulses: ck.pointee.manifold.normalImpulses,
            tangentImpulses: ck.pointee.manifold.tangentImpulses)
        let tangent = Vector2(c.normal.y, -c.normal.x), normal = c.normal
        // Each point's lever arms, normal and tangent masses and restitution bias (the points written out: a loop
        // picked each field by the point's index).
        @inline(__always) func point(_ p: Vector2) -> (Vector2, Vector2, Double, Double, Double) {
            let rA = p - cA, rB = p - cB
            let rnA = cross(rA, normal), rnB = cross(rB, normal)
            let kNormal = mA + mB + iA * rnA * rnA + iB * rnB * rnB
            let rtA = cross(rA, tangent), rtB = cross(rB, tangent)
            let kTangent = mA + mB + iA * rtA * rtA + iB * rtB * rtB
            let vRel = dot(normal, vB + cross(wB, rB) - vA - cross(wA, rA))
            let bias = vRel < -World.restitutionThreshold ? -ck.pointee.restitution * vRel : 0
            return (rA, rB, kNormal > 0 ? 1 / kNormal : 0, kTangent > 0 ? 1 / kTangent : 0, bias)
        }
        if count >= 1 {
            (c.rA.0, c.rB.0, c.normalMass.0, c.tangentMass.0, c.velocityBias.0) = point(wm.points.0)
        }
        if count >= 2 {
            (c.rA.1, c.rB.1, c.normalMass.1, c.tangentMass.1, c.velocityBias.1) = point(wm.points.1)
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
        return c
    }

    /// b2ContactSolver::WarmStart: last sub-step's impulses applied again to the items' velocities.
    private func warmStart(_ cs: UnsafeBufferPointer<VelocityConstraint>) {
        let v = bodies.velocity.base, w = bodies.angularVelocity.base, im = bodies.invMass.base,
            ii = bodies.invInertia.base
        for k in cs.indices {
            let a = Int(cs[k].a), b = Int(cs[k].b)
            let mA = a >= 0 ? im[a] : 0, iA = a >= 0 ? ii[a] : 0, mB = im[b], iB = ii[b]
            let normal = cs[k].normal, tangent = Vector2(normal.y, -normal.x)
            var dvA = Vector2.zero, dwA = 0.0, dvB = Vector2.zero, dwB = 0.0
            // (Each point written out: a loop picked each field by the point's index.)
            @inline(__always) func point(_ ni: Double, _ ti: Double, _ rA: Vector2, _ rB: Vector2) {
                let P = ni * normal + ti * tangent
                dwA -= iA * cross(rA, P); dvA -= mA * P
                dwB += iB * cross(rB, P); dvB += mB * P
            }
            let count = cs[k].manifoldPointCount
            if count >= 1 { point(cs[k].normalImpulses.0, cs[k].tangentImpulses.0, cs[k].rA.0, cs[k].rB.0) }
            if count >= 2 { point(cs[k].normalImpulses.1, cs[k].tangentImpulses.1, cs[k].rA.1, cs[k].rB.1) }
            if a >= 0 { v[a] += dvA; w[a] += dwA }
            v[b] += dvB
            w[b] += dwB
        }
    }

    /// b2ContactSolver::StoreImpulses: the accumulated impulses go back to the contacts' manifolds, to warm-start the
    /// next sub-step. Call after the velocity iterations.
    func storeImpulses() {
        let order = contactSolveOrder
        @inline(__always) func contact(_ i: Int32) -> Int { order.map { Int($0[Int(i)]) } ?? Int(i) }
        contactData.contacts.withUnsafeMutableBufferPointer { cs in
            contactData.singleConstraints.withUnsafeBufferPointer { singles in
                for k in singles.indices {
                    let c = contact(contactData.singleContacts[k])
                    cs[c].manifold.normalImpulses = singles[k].normalImpulses
                    cs[c].manifold.tangentImpulses = singles[k].tangentImpulses
                }
            }
            contactData.contactPairs.withUnsafeBufferPointer { pairs in
                for k in pairs.indices {
                    // Fields read in place (binding the pair would copy its 560 bytes).
                    let p = pairs.baseAddress! + k
                    for lane in 0..<2 {
                        let c = contact(lane == 0 ? p.pointee.contact.0 : p.pointee.contact.1)
                        cs[c].manifold.normalImpulses = (p.pointee.normalImpulse1[lane], p.pointee.normalImpulse2[lane])
                        cs[c].manifold.tangentImpulses = (
                            p.pointee.tangentImpulse1[lane], p.pointee.tangentImpulse2[lane]
                        )
                    }
                }
            }
        }
    }

    /// One velocity iteration over the contacts (b2ContactSolver::SolveVelocityConstraints), in `solveSchedule`'s
    /// order: pairs of contacts on four different items side by side (`solvePair`), the rest one at a time.
    func solveContactVelocities() {
        let v = bodies.velocity.base, w = bodies.angularVelocity.base, im = bodies.invMass.base,
            ii = bodies.invInertia.base
        contactData.solveSchedule.withUnsafeBufferPointer { schedule in
            contactData.contactPairs.withUnsafeMutableBufferPointer { pairs in
                contactData.singleConstraints.withUnsafeMutableBufferPointer { cs in
                    for s in schedule {
                        if s < 0 {
                            solvePair(pairs.baseAddress! + Int(~s), v, w)
                            continue
                        }
                        let c = cs.baseAddress! + Int(s)
                        let a = Int(c.pointee.a), b = Int(c.pointee.b)
                        var pv = PairVelocities(
                            vA: a >= 0 ? v[a] : .zero, wA: a >= 0 ? w[a] : 0, vB: v[b], wB: w[b],
                            mA: a >= 0 ? im[a] : 0, iA: a >= 0 ? ii[a] : 0, mB: im[b], iB: ii[b])
                        solveFriction(c, &pv)
                        if c.pointee.pointCount == 1 {
                            solveNormal(c, &pv)
                        } else if c.pointee.pointCount == 2 {
                            solveNormalBlock(c, &pv)
                        }
                        if a >= 0 { v[a] = pv.vA; w[a] = pv.wA }
                        v[b] = pv.vB
                        w[b] = pv.wB
                    }
                }
            }
        }
    }

    /// Friction first, at each point in turn: the tangent impulse clamped to friction × the point's normal impulse.
    /// (The points are written out, not looped over: a loop picked each field by the point's index, a select per read.)
    @inline(__always)
    private func solveFriction(_ c: UnsafeMutablePointer<VelocityConstraint>, _ pv: inout PairVelocities) {
        let normal = c.pointee.normal, tangent = Vector2(normal.y, -normal.x)
        let friction = c.pointee.friction
        @inline(__always) func point(
            _ rA: Vector2, _ rB: Vector2, _ tm: Double, _ ni: Double, _ old: Double
        ) -> Double {
            let vt = dot(pv.relative(rA, rB), tangent)
            var lambda = tm * -vt
            let maxFriction = friction * ni
            let newImpulse = min(max(old + lambda, -maxFriction), maxFriction)
            lambda = newImpulse - old
            pv.apply(lambda * tangent, rA, rB)
            return newImpulse
        }
        let count = c.pointee.pointCount
        if count >= 1 {
            c.pointee.tangentImpulses.0 = point(
                c.pointee.rA.0, c.pointee.rB.0, c.pointee.tangentMass.0, c.pointee.normalImpulses.0,
                c.pointee.tangentImpulses.0)
        }
        if count >= 2 {
            c.pointee.tangentImpulses.1 = point(
                c.pointee.rA.1, c.pointee.rB.1, c.pointee.tangentMass.1, c.pointee.normalImpulses.1,
                c.pointee.tangentImpulses.1)
        }
    }

    /// One point's normal impulse, clamped at 0.
    @inline(__always)
    private func solveNormal(_ c: UnsafeMutablePointer<VelocityConstraint>, _ pv: inout PairVelocities) {
        let rA = c.pointee.rA.0, rB = c.pointee.rB.0, normal = c.pointee.normal
        let vn = dot(pv.relative(rA, rB), normal)
        var lambda = -c.pointee.normalMass.0 * (vn - c.pointee.velocityBias.0)
        let old = c.pointee.normalImpulses.0
        let newImpulse = max(old + lambda, 0)
        lambda = newImpulse - old
        c.pointee.normalImpulses.0 = newImpulse
        pv.apply(lambda * normal, rA, rB)
    }

    /// Two points' normal impulses by Box2D's block solver: the 2 x 2 LCP solved by enumerating its four cases (both
    /// points active, the first alone, the second alone, neither), the first that holds taken (none: no change).
    @inline(__always)
    private func solveNormalBlock(_ c: UnsafeMutablePointer<VelocityConstraint>, _ pv: inout PairVelocities) {
        let normal = c.pointee.normal
        let r1A = c.pointee.rA.0, r1B = c.pointee.rB.0, r2A = c.pointee.rA.1, r2B = c.pointee.rB.1
        let ax = c.pointee.normalImpulses.0, ay = c.pointee.normalImpulses.1
        var bx = dot(pv.relative(r1A, r1B), normal) - c.pointee.velocityBias.0
        var by = dot(pv.relative(r2A, r2B), normal) - c.pointee.velocityBias.1
        bx -= c.pointee.k11 * ax + c.pointee.k12 * ay
        by -= c.pointee.k12 * ax + c.pointee.k22 * ay
        var x = Vector2.zero
        var solved = false
        // Case 1: both active.
        x = Vector2(-(c.pointee.inv11 * bx + c.pointee.inv12 * by), -(c.pointee.inv12 * bx + c.pointee.inv22 * by))
        if x.x >= 0 && x.y >= 0 { solved = true }
        if !solved {
            // Case 2: point 1 active, point 2 off.
            x = Vector2(-c.pointee.normalMass.0 * bx, 0)
            let vn2 = c.pointee.k12 * x.x + by
            if x.x >= 0 && vn2 >= 0 { solved = true }
        }
        if !solved {
            // Case 3: point 2 active.
            x = Vector2(0, -c.pointee.normalMass.1 * by)
            let vn1 = c.pointee.k12 * x.y + bx
            if x.y >= 0 && vn1 >= 0 { solved = true }
        }
        if !solved {
            // Case 4: both off.
            x = .zero
            if bx >= 0 && by >= 0 { solved = true }
        }
        guard solved else { return }
        let d = Vector2(x.x - ax, x.y - ay)
        let P1 = d.x * normal, P2 = d.y * normal
        pv.vA -= pv.mA * (P1 + P2)
        pv.wA -= pv.iA * (cross(r1A, P1) + cross(r2A, P2))
        pv.vB += pv.mB * (P1 + P2)
        pv.wB += pv.iB * (cross(r1B, P1) + cross(r2B, P2))
        c.pointee.normalImpulses = (x.x, x.y)
    }
}

/// The velocities of one contact's two items while it is solved (A's are zero for a boundary), with their inverse
/// masses and inertias.
struct PairVelocities {
    var vA: Vector2, wA: Double, vB: Vector2, wB: Double
    let mA: Double, iA: Double, mB: Double, iB: Double

    /// The velocity of the contact point at B relative to the one at A (lever arms `rA`, `rB`).
    @inline(__always) func relative(_ rA: Vector2, _ rB: Vector2) -> Vector2 {
        vB + cross(wB, rB) - vA - cross(wA, rA)
    }

    /// Impulse `P` at the contact point: −P on A, +P on B.
    @inline(__always) mutating func apply(_ P: Vector2, _ rA: Vector2, _ rB: Vector2) {
        vA -= mA * P; wA -= iA * cross(rA, P)
        vB += mB * P; wB += iB * cross(rB, P)
    }
}
