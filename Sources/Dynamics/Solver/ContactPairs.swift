/// The velocity iterations' order and their two-lane contact batches.
///
/// Box2D 2.4's velocity iterations (b2ContactSolver::SolveVelocityConstraints) run through the contacts one after
/// another, each reading the velocities the previous ones left. A two-point contact is a chain of three dependent
/// impulses (two friction points, then the normal block), so a pile of boxes is bound by floating-point latency, not by
/// arithmetic. But two contacts on four different items do not read each other's results: only the order of the
/// impulses each item receives matters. `orderByDependency` therefore reorders the contacts by dependency level, which
/// keeps every item's impulses in `velocityConstraints` order (the island order in `uikit`; the same operations on the
/// same values, so the same bits as Box2D's order), and pairs contacts of one level (which share no item; two-point with two-point, one-point with one-point)
/// into a `ContactPair`, solved in the two lanes of `SIMD2`: the idea of Box2D 3's graph-coloured SIMD batches
/// (b2ContactConstraintSIMD), without its change of order.

/// Two contacts on four different items, both with one point or both with two, one per lane, packed once per sub-step
/// for the eight velocity iterations (units as in `VelocityConstraint`: points, seconds, 1/mass units). Values the
/// scalar solver negates (−friction, −normalMass, −normal.x) are negated here, by scalar negation, for the same bits.
struct ContactPair {
    typealias D = SIMD2<Double>
    /// Item indices per lane (`a` is −1 for a boundary) and each lane's index in `velocityConstraints`.
    var a: (Int32, Int32), b: (Int32, Int32), contact: (Int32, Int32)
    /// The points both contacts solve: 1 or 2.
    var pointCount: Int32
    /// Inverse masses and inverse rotational inertias (0 for a boundary).
    var mA: D, iA: D, mB: D, iB: D
    /// The normal, the tangent's y (−normal.x; its x is normal.y), friction and −friction.
    var normalX: D, normalY: D, tangentY: D, friction: D, negativeFriction: D
    /// Contact points relative to each item's centre: point 1 and point 2, A and B.
    var r1Ax: D, r1Ay: D, r1Bx: D, r1By: D, r2Ax: D, r2Ay: D, r2Bx: D, r2By: D
    /// Effective masses (the normal ones negated) and restitution biases.
    var tangentMass1: D, tangentMass2: D, negativeNormalMass1: D, negativeNormalMass2: D
    var velocityBias1: D, velocityBias2: D
    /// The block solver's matrix K and its inverse.
    var k11: D, k12: D, k22: D, inv11: D, inv12: D, inv22: D
    /// Accumulated impulses, points·mass/s.
    var normalImpulse1: D, normalImpulse2: D, tangentImpulse1: D, tangentImpulse2: D

    /// Packs `c0`, contact `i0` (lane 0), and `c1`, contact `i1` (lane 1). - Precondition: both solve the same number
    /// of points, on four different items.
    init(
        _ c0: UnsafePointer<VelocityConstraint>, _ i0: Int, _ c1: UnsafePointer<VelocityConstraint>, _ i1: Int,
        invMass im: UnsafePointer<Double>, invInertia ii: UnsafePointer<Double>
    ) {
        func pair(_ f: (UnsafePointer<VelocityConstraint>) -> Double) -> D { D(f(c0), f(c1)) }
        a = (c0.pointee.a, c1.pointee.a); b = (c0.pointee.b, c1.pointee.b); contact = (Int32(i0), Int32(i1))
        pointCount = c0.pointee.pointCount
        mA = pair { $0.pointee.a >= 0 ? im[Int($0.pointee.a)] : 0 }
        iA = pair { $0.pointee.a >= 0 ? ii[Int($0.pointee.a)] : 0 }
        mB = pair { im[Int($0.pointee.b)] }
        iB = pair { ii[Int($0.pointee.b)] }
        normalX = pair { $0.pointee.normal.x }; normalY = pair { $0.pointee.normal.y };
        tangentY = pair { -$0.pointee.normal.x }
        friction = pair { $0.pointee.friction }; negativeFriction = pair { -$0.pointee.friction }
        r1Ax = pair { $0.pointee.rA.0.x }; r1Ay = pair { $0.pointee.rA.0.y }; r1Bx = pair { $0.pointee.rB.0.x };
        r1By = pair { $0.pointee.rB.0.y }
        r2Ax = pair { $0.pointee.rA.1.x }; r2Ay = pair { $0.pointee.rA.1.y }; r2Bx = pair { $0.pointee.rB.1.x };
        r2By = pair { $0.pointee.rB.1.y }
        tangentMass1 = pair { $0.pointee.tangentMass.0 }; tangentMass2 = pair { $0.pointee.tangentMass.1 }
        negativeNormalMass1 = pair { -$0.pointee.normalMass.0 }; negativeNormalMass2 = pair { -$0.pointee.normalMass.1 }
        velocityBias1 = pair { $0.pointee.velocityBias.0 }; velocityBias2 = pair { $0.pointee.velocityBias.1 }
        k11 = pair { $0.pointee.k11 }; k12 = pair { $0.pointee.k12 }; k22 = pair { $0.pointee.k22 }
        inv11 = pair { $0.pointee.inv11 }; inv12 = pair { $0.pointee.inv12 }; inv22 = pair { $0.pointee.inv22 }
        normalImpulse1 = pair { $0.pointee.normalImpulses.0 }; normalImpulse2 = pair { $0.pointee.normalImpulses.1 }
        tangentImpulse1 = pair { $0.pointee.tangentImpulses.0 }; tangentImpulse2 = pair { $0.pointee.tangentImpulses.1 }
    }
}

extension World {
    /// Fills `levelOrder[0..<count]` with the solves 0..<count in dependency order, and `solveLevel[k]` with solve k's
    /// level: one more than the latest level among earlier solves on either of its items (`ends(k)`: item indices, a
    /// negative one for an anchor or a boundary), solves of one level in their given order (a stable counting sort).
    /// Every item meets its solves in the given order, so running them in this order gives the same bits, while
    /// neighbours within a level share no item. Used for the contacts (`orderByDependency`) and for the unrolled joint
    /// iterations (`updateJointSchedule`). Allocates nothing once the scratch arrays have grown.
    func orderByLevel(count n: Int, ends: (Int) -> (Int, Int)) {
        if collisionScratch.itemLevel.count != bodyData.items.count {
            collisionScratch.itemLevel = [Int32](repeating: 0, count: bodyData.items.count)
        }
        if collisionScratch.solveLevel.count < n { collisionScratch.solveLevel = [Int32](repeating: 0, count: n) }
        if collisionScratch.levelOrder.count < n { collisionScratch.levelOrder = [Int32](repeating: 0, count: n) }
        var depth = 0
        collisionScratch.itemLevel.withUnsafeMutableBufferPointer { itemLevel in
            collisionScratch.solveLevel.withUnsafeMutableBufferPointer { level in
                for k in 0..<n {
                    let (a, b) = ends(k)
                    let l = 1 + max(a >= 0 ? itemLevel[a] : 0, b >= 0 ? itemLevel[b] : 0)
                    if a >= 0 { itemLevel[a] = l }
                    if b >= 0 { itemLevel[b] = l }
                    level[k] = l
                    depth = max(depth, Int(l))
                }
                for k in 0..<n {
                    let (a, b) = ends(k)
                    if a >= 0 { itemLevel[a] = 0 }
                    if b >= 0 { itemLevel[b] = 0 }
                }
            }
        }
        if collisionScratch.levelStart.count < depth + 1 {
            collisionScratch.levelStart = [Int](repeating: 0, count: depth + 1)
        }
        collisionScratch.levelStart.withUnsafeMutableBufferPointer { start in
            collisionScratch.solveLevel.withUnsafeBufferPointer { level in
                collisionScratch.levelOrder.withUnsafeMutableBufferPointer { order in
                    for l in 0...depth { start[l] = 0 }
                    for k in 0..<n { start[Int(level[k])] += 1 }
                    var sum = 0
                    for l in 0...depth { (start[l], sum) = (sum, sum + start[l]) }
                    for k in 0..<n {
                        let l = Int(level[k])
                        order[start[l]] = Int32(k)
                        start[l] += 1
                    }
                }
            }
        }
    }

    /// Builds `solveSchedule` from `velocityConstraints` (in solve order, ``contactSolveOrder``): the contacts in
    /// `orderByLevel`'s order, two of one level (which share no item) packed into a `ContactPair` as they come,
    /// two-point with two-point and one-point with one-point (one left without a partner waits into later levels for
    /// one, on other items); the rest copied in order to `singleConstraints`, so the iterations stream both. Every item
    /// still receives its impulses in `velocityConstraints` order. With `reordersSolves` off, every contact is single,
    /// in that order. Call after the warm start.
    func orderByDependency() {
        let n = contactData.velocityConstraints.count
        contactData.solveSchedule.removeAll(keepingCapacity: true)
        contactData.contactPairs.removeAll(keepingCapacity: true)
        contactData.singleConstraints.removeAll(keepingCapacity: true)
        contactData.singleContacts.removeAll(keepingCapacity: true)
        guard n > 0 else { return }
        guard contactData.reordersSolves else {
            contactData.solveSchedule.append(contentsOf: 0..<Int32(n))
            contactData.singleConstraints.append(contentsOf: contactData.velocityConstraints)
            contactData.singleContacts.append(contentsOf: 0..<Int32(n))
            return
        }
        let im = bodies.invMass.base, ii = bodies.invInertia.base
        contactData.velocityConstraints.withUnsafeBufferPointer { cs in
            orderByLevel(count: n) { (Int(cs[$0].a), Int(cs[$0].b)) }
            // Within a level no two contacts share an item, so any two of it can be solved side by side: pair them
            // as they come, two-point with two-point and one-point with one-point. A contact left waiting for a
            // partner (at most one of each kind) waits on into the next levels until a contact on one of its items
            // comes: it is solved alone just before that one. Every contact between its place and where it is solved
            // is on other items, so each item still meets its contacts in order.
            collisionScratch.levelOrder.withUnsafeBufferPointer { order in
                var pending = (-1, -1)
                func single(_ i: Int) {
                    contactData.solveSchedule.append(Int32(contactData.singleConstraints.count))
                    contactData.singleConstraints.append(cs[i])
                    contactData.singleContacts.append(Int32(i))
                }
                // Whether waiting contact `w` and contact `i` share an item (a boundary is no item).
                @inline(__always) func shares(_ w: Int, _ i: Int) -> Bool {
                    let a = cs[w].a, b = cs[w].b, c = cs[i].a, d = cs[i].b
                    return b == d || (a >= 0 && (a == c || a == d)) || (c >= 0 && b == c)
                }
                for k in 0..<n {
                    let i = Int(order[k])
                    if pending.0 >= 0 && shares(pending.0, i) { single(pending.0); pending.0 = -1 }
                    if pending.1 >= 0 && shares(pending.1, i) { single(pending.1); pending.1 = -1 }
                    let waiting = cs[i].pointCount == 2 ? pending.1 : pending.0
                    if waiting < 0 {
                        if cs[i].pointCount == 2 { pending.1 = i } else { pending.0 = i }
                        continue
                    }
                    contactData.solveSchedule.append(~Int32(contactData.contactPairs.count))
                    contactData.contactPairs.append(
                        ContactPair(
                            cs.baseAddress! + waiting, waiting, cs.baseAddress! + i, i,
                            invMass: im, invInertia: ii))
                    if cs[i].pointCount == 2 { pending.1 = -1 } else { pending.0 = -1 }
                }
                if pending.0 >= 0 { single(pending.0) }
                if pending.1 >= 0 { single(pending.1) }
            }
        }
    }

    /// One velocity iteration of pair `p`'s two contacts, each exactly as `solveContactVelocities` solves a single
    /// contact (the same operations in the same order, lane by lane, so the same bits): friction at each point in
    /// turn, clamped to friction × normal impulse; then the normal impulse, clamped at 0 for one point, or for two
    /// Box2D's block solver (``solvePairBlock(_:_:)``).
    @inline(__always)
    func solvePair(
        _ p: UnsafeMutablePointer<ContactPair>, _ v: UnsafeMutablePointer<Vector2>,
        _ w: UnsafeMutablePointer<Double>
    ) {
        typealias D = SIMD2<Double>
        let a0 = Int(p.pointee.a.0), a1 = Int(p.pointee.a.1), b0 = Int(p.pointee.b.0), b1 = Int(p.pointee.b.1)
        let vA0 = a0 >= 0 ? v[a0] : .zero, vA1 = a1 >= 0 ? v[a1] : .zero, vB0 = v[b0], vB1 = v[b1]
        var l = PairLanes(
            vAx: .init(vA0.x, vA1.x), vAy: .init(vA0.y, vA1.y), wA: .init(a0 >= 0 ? w[a0] : 0, a1 >= 0 ? w[a1] : 0),
            vBx: .init(vB0.x, vB1.x), vBy: .init(vB0.y, vB1.y), wB: .init(w[b0], w[b1]),
            mA: p.pointee.mA, iA: p.pointee.iA, mB: p.pointee.mB, iB: p.pointee.iB)
        let nx = p.pointee.normalX, ny = p.pointee.normalY
        let tx = ny, ty = p.pointee.tangentY
        // Friction (Swift's max(x, y) is y >= x ? y : x and min(x, y) is y < x ? y : x, so the same selections).
        @inline(__always) func solveFriction(
            _ rAx: D, _ rAy: D, _ rBx: D, _ rBy: D, _ tangentMass: D,
            _ normalImpulse: D, _ old: D
        ) -> D {
            let (dvx, dvy) = l.relative(rAx, rAy, rBx, rBy)
            let vt = dvx * tx + dvy * ty
            let maxFriction = p.pointee.friction * normalImpulse
            let minFriction = p.pointee.negativeFriction * normalImpulse
            var impulse = old - tangentMass * vt
            impulse.replace(with: minFriction, where: minFriction .>= impulse)
            impulse.replace(with: maxFriction, where: maxFriction .< impulse)
            let lambda = impulse - old
            l.apply(lambda * tx, lambda * ty, rAx, rAy, rBx, rBy)
            return impulse
        }
        let ax = p.pointee.normalImpulse1
        p.pointee.tangentImpulse1 = solveFriction(
            p.pointee.r1Ax, p.pointee.r1Ay, p.pointee.r1Bx, p.pointee.r1By,
            p.pointee.tangentMass1, ax, p.pointee.tangentImpulse1)
        if p.pointee.pointCount == 1 {
            // One point: its normal impulse, clamped at 0.
            let rAx = p.pointee.r1Ax, rAy = p.pointee.r1Ay, rBx = p.pointee.r1Bx, rBy = p.pointee.r1By
            let (dvx, dvy) = l.relative(rAx, rAy, rBx, rBy)
            let vn = dvx * nx + dvy * ny
            var impulse = ax + p.pointee.negativeNormalMass1 * (vn - p.pointee.velocityBias1)
            impulse.replace(with: 0, where: 0 .>= impulse)
            let lambda = impulse - ax
            p.pointee.normalImpulse1 = impulse
            l.apply(lambda * nx, lambda * ny, rAx, rAy, rBx, rBy)
        } else {
            p.pointee.tangentImpulse2 = solveFriction(
                p.pointee.r2Ax, p.pointee.r2Ay, p.pointee.r2Bx, p.pointee.r2By,
                p.pointee.tangentMass2, p.pointee.normalImpulse2, p.pointee.tangentImpulse2)
            solvePairBlock(p, &l)
        }
        scatter(p, v, w, l.vAx, l.vAy, l.wA, l.vBx, l.vBy, l.wB)
    }

    /// Both lanes' two normal impulses by Box2D's block solver: its four cases computed for both lanes and the first
    /// that holds taken (none: no change).
    @inline(__always)
    private func solvePairBlock(_ p: UnsafeMutablePointer<ContactPair>, _ l: inout PairLanes) {
        typealias D = SIMD2<Double>
        let nx = p.pointee.normalX, ny = p.pointee.normalY
        let ax = p.pointee.normalImpulse1, ay = p.pointee.normalImpulse2
        let r1Ax = p.pointee.r1Ax, r1Ay = p.pointee.r1Ay, r1Bx = p.pointee.r1Bx, r1By = p.pointee.r1By
        let r2Ax = p.pointee.r2Ax, r2Ay = p.pointee.r2Ay, r2Bx = p.pointee.r2Bx, r2By = p.pointee.r2By
        let (dv1x, dv1y) = l.relative(r1Ax, r1Ay, r1Bx, r1By)
        let (dv2x, dv2y) = l.relative(r2Ax, r2Ay, r2Bx, r2By)
        let k12 = p.pointee.k12
        var bx = dv1x * nx + dv1y * ny - p.pointee.velocityBias1
        var by = dv2x * nx + dv2y * ny - p.pointee.velocityBias2
        bx -= p.pointee.k11 * ax + k12 * ay
        by -= k12 * ax + p.pointee.k22 * ay
        // Case 1, both points active.
        // −(a + b), as the scalar solver computes it: times −1, which is exact and flips the sign of a zero too (Swift's
        // SIMD negation, 0 − v, turns −0 into +0; and (−a) + (−b) is +0 where −(a + b) is −0).
        let inv12 = p.pointee.inv12, minusOne = D(repeating: -1)
        var x = (p.pointee.inv11 * bx + inv12 * by) * minusOne, y = (inv12 * bx + p.pointee.inv22 * by) * minusOne
        var solved = (x .>= 0) .& (y .>= 0)
        // Case 2, point 1 alone.
        let x2 = p.pointee.negativeNormalMass1 * bx
        let case2 = .!solved .& (x2 .>= 0) .& (k12 * x2 + by .>= 0)
        x.replace(with: x2, where: case2); y.replace(with: 0, where: case2)
        solved .|= case2
        // Case 3, point 2 alone.
        let y3 = p.pointee.negativeNormalMass2 * by
        let case3 = .!solved .& (y3 .>= 0) .& (k12 * y3 + bx .>= 0)
        x.replace(with: 0, where: case3); y.replace(with: y3, where: case3)
        solved .|= case3
        // Case 4, neither.
        let case4 = .!solved .& (bx .>= 0) .& (by .>= 0)
        x.replace(with: 0, where: case4); y.replace(with: 0, where: case4)
        solved .|= case4
        let dx = x - ax, dy = y - ay
        let p1x = dx * nx, p1y = dx * ny, p2x = dy * nx, p2y = dy * ny
        l.vAx.replace(with: l.vAx - l.mA * (p1x + p2x), where: solved)
        l.vAy.replace(with: l.vAy - l.mA * (p1y + p2y), where: solved)
        l.wA.replace(with: l.wA - l.iA * ((r1Ax * p1y - r1Ay * p1x) + (r2Ax * p2y - r2Ay * p2x)), where: solved)
        l.vBx.replace(with: l.vBx + l.mB * (p1x + p2x), where: solved)
        l.vBy.replace(with: l.vBy + l.mB * (p1y + p2y), where: solved)
        l.wB.replace(with: l.wB + l.iB * ((r1Bx * p1y - r1By * p1x) + (r2Bx * p2y - r2By * p2x)), where: solved)
        p.pointee.normalImpulse1.replace(with: x, where: solved)
        p.pointee.normalImpulse2.replace(with: y, where: solved)
    }

    /// Writes pair `p`'s lane velocities back to its items. Kept out of line: inlined, its two-wide stores of (x, y)
    /// would lead LLVM's SLP vectoriser to rebuild the whole pair kernel in per-item (x, y) form, with a shuffle for
    /// almost every operation.
    @inline(never)
    private func scatter(
        _ p: UnsafeMutablePointer<ContactPair>, _ v: UnsafeMutablePointer<Vector2>,
        _ w: UnsafeMutablePointer<Double>, _ vAx: SIMD2<Double>, _ vAy: SIMD2<Double>,
        _ wA: SIMD2<Double>, _ vBx: SIMD2<Double>, _ vBy: SIMD2<Double>, _ wB: SIMD2<Double>
    ) {
        let a0 = Int(p.pointee.a.0), a1 = Int(p.pointee.a.1), b0 = Int(p.pointee.b.0), b1 = Int(p.pointee.b.1)
        if a0 >= 0 { v[a0] = Vector2(vAx[0], vAy[0]); w[a0] = wA[0] }
        if a1 >= 0 { v[a1] = Vector2(vAx[1], vAy[1]); w[a1] = wA[1] }
        v[b0] = Vector2(vBx[0], vBy[0]); w[b0] = wB[0]
        v[b1] = Vector2(vBx[1], vBy[1]); w[b1] = wB[1]
    }
}

/// The two lanes' item velocities while a pair is solved (A's are zero for a boundary), with their inverse masses and
/// inertias.
struct PairLanes {
    typealias D = SIMD2<Double>
    var vAx: D, vAy: D, wA: D, vBx: D, vBy: D, wB: D
    let mA: D, iA: D, mB: D, iB: D

    /// The velocity of the contact point at B relative to the one at A, lane by lane. a + −b and a − b are the same
    /// operation in IEEE 754, so these are the scalar formulas bit for bit.
    @inline(__always) func relative(_ rAx: D, _ rAy: D, _ rBx: D, _ rBy: D) -> (D, D) {
        (vBx - wB * rBy - vAx + wA * rAy, vBy + wB * rBx - vAy - wA * rAx)
    }

    /// Impulse (px, py) at the contact point: −P on A, +P on B.
    @inline(__always) mutating func apply(_ px: D, _ py: D, _ rAx: D, _ rAy: D, _ rBx: D, _ rBy: D) {
        vAx -= mA * px; vAy -= mA * py; wA -= iA * (rAx * py - rAy * px)
        vBx += mB * px; vBy += mB * py; wB += iB * (rBx * py - rBy * px)
    }
}
