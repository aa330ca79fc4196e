// `uikit` joint solves (b2DistanceJoint and b2RevoluteJoint at UIKit's settings): the velocity constraints and their
// short paths for rods between centers (scenes A and B), the position steps, and the position iterations run ahead in
// dependency order when no contacts are touching.

extension World {
    /// The lone rods (see ``updateJointSchedule()``), each initialised and then given one velocity solve where Box2D's
    /// loop gives it eight. A rigid rod from an anchor to the center of an item nothing else holds is one constraint on
    /// one velocity: the first solve leaves dot(u, v) zero up to rounding, and the other seven only round it again
    /// (their impulses are about 1e-16 of the first). Skipping them changes a pendulum's position by about 5e-14 pt over
    /// a run (the `pendulums` scene), inside the 1e-9 pt that last-bit differences may reach. Four rods at a time, one
    /// per SIMD lane, each lane doing the scalar solve's operations in its order.
    func solveLoneRods(
        h: Double, x: UnsafeMutablePointer<Vector2>, a: UnsafeMutablePointer<Double>,
        v: UnsafeMutablePointer<Vector2>, w: UnsafeMutablePointer<Double>,
        im: UnsafeMutablePointer<Double>, ii: UnsafeMutablePointer<Double>, J: UnsafeMutablePointer<Joint>
    ) {
        typealias D4 = SIMD4<Double>
        uikitScratch.isolatedRods.withUnsafeBufferPointer { lone in
            var g = 0
            while g + 4 <= lone.count {
                let k = SIMD4<Int>(Int(lone[g]), Int(lone[g + 1]), Int(lone[g + 2]), Int(lone[g + 3]))
                for l in 0..<4 { initVelocityConstraint(&J[k[l]], h: h, x: x, a: a, v: v, w: w, im: im, ii: ii) }
                let b = SIMD4<Int>(J[k[0]].b, J[k[1]].b, J[k[2]].b, J[k[3]].b)
                let ux = D4(J[k[0]].u.x, J[k[1]].u.x, J[k[2]].u.x, J[k[3]].u.x)
                let uy = D4(J[k[0]].u.y, J[k[1]].u.y, J[k[2]].u.y, J[k[3]].u.y)
                let minusMass = D4(J[k[0]].mass, J[k[1]].mass, J[k[2]].mass, J[k[3]].mass) * D4(repeating: -1)
                let imB = D4(im[b[0]], im[b[1]], im[b[2]], im[b[3]])
                let vx = D4(v[b[0]].x, v[b[1]].x, v[b[2]].x, v[b[3]].x),
                    vy = D4(v[b[0]].y, v[b[1]].y, v[b[2]].y, v[b[3]].y)
                // −m · dot(u, v_B − 0): x − 0 is x bit for bit, so the subtraction is left out.
                let impulse = minusMass * (ux * vx + uy * vy)
                let accumulated = D4(J[k[0]].impulse, J[k[1]].impulse, J[k[2]].impulse, J[k[3]].impulse) + impulse
                let nx = vx + imB * (impulse * ux), ny = vy + imB * (impulse * uy)
                for l in 0..<4 {
                    v[b[l]] = Vector2(nx[l], ny[l])
                    J[k[l]].impulse = accumulated[l]
                }
                g += 4
            }
            while g < lone.count {
                let k = Int(lone[g])
                initVelocityConstraint(&J[k], h: h, x: x, a: a, v: v, w: w, im: im, ii: ii)
                let ib = J[k].b, u = J[k].u
                let impulse = -J[k].mass * dot(u, v[ib] - Vector2.zero)
                J[k].impulse += impulse
                v[ib] = v[ib] + im[ib] * (impulse * u)
                g += 1
            }
        }
    }

    /// One velocity solve of a rigid rod between two centers (scenes A and B): no angular terms, so this short path gives
    /// the same numbers as `solveVelocityConstraint` (its cross products with zero offsets vanish exactly). `vA` is end
    /// A's current velocity (zero for an anchor); returns end B's new velocity, which is also stored.
    @inline(__always)
    func solveCenteredRodVelocity(
        _ j: inout Joint, vA: Vector2, v: UnsafeMutablePointer<Vector2>,
        im: UnsafeMutablePointer<Double>
    ) -> Vector2 {
        let ib = j.b, ia = j.a, u = j.u
        let impulse = -j.mass * dot(u, v[ib] - vA)
        j.impulse += impulse
        let P = impulse * u
        if ia >= 0 { v[ia] = vA - im[ia] * P }
        let vB = v[ib] + im[ib] * P
        v[ib] = vB
        return vB
    }

    @inline(__always)
    func initVelocityConstraint(
        _ j: inout Joint, h: Double, x: UnsafeMutablePointer<Vector2>,
        a: UnsafeMutablePointer<Double>, v: UnsafeMutablePointer<Vector2>,
        w: UnsafeMutablePointer<Double>, im: UnsafeMutablePointer<Double>,
        ii: UnsafeMutablePointer<Double>
    ) {
        let ib = j.b
        // (Zero offsets, the common case, skip the rotation's sin and cos.)
        let rB = j.localB == .zero ? .zero : rotate(j.localB, by: a[ib])
        let pB = x[ib] + rB
        var imA = 0.0, iiA = 0.0
        let rA: Vector2, pA: Vector2
        if j.a >= 0 {
            rA = j.localA == .zero ? .zero : rotate(j.localA, by: a[j.a])
            pA = x[j.a] + rA
            imA = im[j.a]; iiA = ii[j.a]
        } else {
            rA = .zero
            pA = j.anchor
        }
        let imB = im[ib], iiB = ii[ib]
        j.rA = rA
        j.rB = rB
        if j.isPin {
            // Box2D 2.4.1 b2RevoluteJoint (no motor, no limit): warm start with the accumulated point impulse.
            applyPairImpulse(j.pinImpulse, a: j.a, b: ib, rA: rA, rB: rB, linear: v, angular: w, im: im, ii: ii)
            return
        }
        var u = pB - pA
        j.currentLength = norm(u)
        if j.currentLength > World.linearSlop {
            u *= 1 / j.currentLength
        } else {
            // Within the slop the axis is undefined: the joint pushes along no direction. A rigid rod forgets its
            // impulses (Box2D 2.4.1); a spring keeps accumulating its impulse along the zero axis and warm-starts with it
            // once the axis returns (Box2D 2.2.1, which has no reset there).
            u = .zero
            if j.isRigid { j.impulse = 0 }
        }
        j.u = u
        let crA = cross(rA, u), crB = cross(rB, u)
        var invMassSum = imA + iiA * crA * crA + imB + iiB * crB * crB
        j.mass = invMassSum != 0 ? 1 / invMassSum : 0
        if !j.isRigid {
            // Box2D 2.2.1's soft distance joint: stiffness and damping from the effective mass along the axis (rotation
            // included), k = m ω², c = 2 m ζ ω; then γ = 1 / (h (c + h k)), bias = C h k γ.
            let k = j.mass * j.omega * j.omega, c = 2 * j.mass * j.dampingRatio * j.omega
            let C = j.currentLength - j.length
            var gamma = h * (c + h * k)
            gamma = gamma != 0 ? 1 / gamma : 0
            j.gamma = gamma
            j.bias = C * h * k * gamma
            invMassSum += gamma
            j.softMass = invMassSum != 0 ? 1 / invMassSum : 0
        } else {
            j.gamma = 0
            j.bias = 0
            j.softMass = j.mass
        }
        // Warm start (constant step, so Box2D's dtRatio is 1).
        applyPairImpulse(j.impulse * u, a: j.a, b: ib, rA: rA, rB: rB, linear: v, angular: w, im: im, ii: ii)
    }

    @inline(__always)
    func solveVelocityConstraint(
        _ j: inout Joint, h: Double, v: UnsafeMutablePointer<Vector2>,
        w: UnsafeMutablePointer<Double>, im: UnsafeMutablePointer<Double>,
        ii: UnsafeMutablePointer<Double>
    ) {
        let ib = j.b, ia = j.a
        let imB = im[ib], iiB = ii[ib]
        let imA = ia >= 0 ? im[ia] : 0, iiA = ia >= 0 ? ii[ia] : 0
        var vA = ia >= 0 ? v[ia] : .zero, wA = ia >= 0 ? w[ia] : 0
        var vB = v[ib], wB = w[ib]
        let u = j.u, rA = j.rA, rB = j.rB

        @inline(__always) func apply(_ impulse: Double) {
            let P = impulse * u
            vA -= imA * P
            wA -= iiA * cross(rA, P)
            vB += imB * P
            wB += iiB * cross(rB, P)
        }

        if j.isPin {
            // Point constraint: Cdot = vB + ωB x rB − vA − ωA x rA = 0, solved with the 2x2 effective mass K.
            let cdot = (vB + cross(wB, rB)) - (vA + cross(wA, rA))
            let pA = perp(rA), pB = perp(rB)
            let impulse = solvePin(pA: pA, nA: pA, pB: pB, nB: pB, imA: imA, iiA: iiA, imB: imB, iiB: iiB, -cdot)
            j.pinImpulse += impulse
            vA -= imA * impulse
            wA -= iiA * cross(rA, impulse)
            vB += imB * impulse
            wB += iiB * cross(rB, impulse)
        } else if j.isRigid {
            // Equal limits: Cdot = 0.
            let cdot = dot(u, (vB + cross(wB, rB)) - (vA + cross(wA, rA)))
            let impulse = -j.mass * cdot
            j.impulse += impulse
            apply(impulse)
        } else {
            // Spring (Box2D 2.2.1): no lower limit, so it passes through its anchor like the damped oscillator it is.
            let cdot = dot(u, (vB + cross(wB, rB)) - (vA + cross(wA, rA)))
            let impulse = -j.softMass * (cdot + j.bias + j.gamma * j.impulse)
            j.impulse += impulse
            apply(impulse)
        }
        if ia >= 0 {
            v[ia] = vA
            w[ia] = wA
        }
        v[ib] = vB
        w[ib] = wB
    }

    /// The position step of a rigid rod attached at both centers (no rotation involved); whether it is within the slop.
    @inline(__always)
    func solveCenteredRodPosition(
        _ j: inout Joint, x: UnsafeMutablePointer<Vector2>,
        im: UnsafeMutablePointer<Double>
    ) -> Bool {
        let ib = j.b, ia = j.a
        var u = x[ib] - (ia >= 0 ? x[ia] : j.anchor)
        var len = norm(u)
        if len < World.epsilonLength { len = 0 } else { u *= 1 / len }
        let C = len - j.length
        let P = (-j.mass * C) * u
        if ia >= 0 { x[ia] -= im[ia] * P }
        x[ib] += im[ib] * P
        return abs(C) < World.linearSlop
    }

    /// Returns whether the joint is within the linear slop.
    @inline(__always)
    func solvePositionConstraint(
        _ j: inout Joint, x: UnsafeMutablePointer<Vector2>,
        a: UnsafeMutablePointer<Double>, im: UnsafeMutablePointer<Double>,
        ii: UnsafeMutablePointer<Double>
    ) -> Bool {
        let ib = j.b, ia = j.a
        let rB = j.localB == .zero ? .zero : rotate(j.localB, by: a[ib])
        let rA = ia >= 0 && j.localA != .zero ? rotate(j.localA, by: a[ia]) : .zero
        let pA = ia >= 0 ? x[ia] + rA : j.anchor
        if j.isPin {
            let imA = ia >= 0 ? im[ia] : 0, iiA = ia >= 0 ? ii[ia] : 0, imB = im[ib], iiB = ii[ib]
            let C = x[ib] + rB - pA
            let lA = perp(rA), lB = perp(rB)
            let impulse = -solvePin(pA: lA, nA: lA, pB: lB, nB: lB, imA: imA, iiA: iiA, imB: imB, iiB: iiB, C)
            if ia >= 0 {
                x[ia] -= imA * impulse
                a[ia] -= iiA * cross(rA, impulse)
            }
            x[ib] += imB * impulse
            a[ib] += iiB * cross(rB, impulse)
            return norm(C) <= World.linearSlop
        }
        var u = x[ib] + rB - pA
        var len = norm(u)
        if len < World.epsilonLength {
            len = 0
        } else {
            u *= 1 / len
        }
        // A spring has no position correction (Box2D 2.2.1's soft distance joint; 2.4.1 keeps it above the slop).
        guard j.isRigid else { return true }
        let C = len - j.length
        // Box2D reuses the effective mass computed at velocity initialisation.
        applyPairImpulse((-j.mass * C) * u, a: ia, b: ib, rA: rA, rB: rB, linear: x, angular: a, im: im, ii: ii)
        return abs(C) < World.linearSlop
    }

    /// One position step of joint `j` (a rigid rod between centers takes the short path); whether it is within the slop.
    @inline(__always)
    func solveJointPosition(
        _ j: inout Joint, centered: Bool, x: UnsafeMutablePointer<Vector2>,
        a: UnsafeMutablePointer<Double>, im: UnsafeMutablePointer<Double>,
        ii: UnsafeMutablePointer<Double>
    ) -> Bool {
        centered ? solveCenteredRodPosition(&j, x: x, im: im) : solvePositionConstraint(&j, x: x, a: a, im: im, ii: ii)
    }

    /// Box2D's position iterations over the joints (no contacts touching), all `positionIterations` of them run in
    /// `positionSchedule`'s dependency order; returns whether the joints were solved, as the sequential loop would.
    ///
    /// Box2D stops after the first iteration that leaves every joint within the slop. Along a chain each position step
    /// waits for the one before (a square root and a division, about 50 cycles), so the loop is bound by latency; in
    /// dependency order iteration i + 1 starts at the chain's head while iteration i is two links further on, and the
    /// iterations overlap. Each item still receives its steps in the loop's order and reads the same values, so the
    /// bits are the loop's when the loop runs them all. When it would have stopped sooner (some iteration left every
    /// joint within the slop), the items go back to where they were and the plain loop runs that many iterations. Used
    /// after a sub-step that needed more than one iteration (a moving chain, which nearly always needs all of them);
    /// otherwise the plain loop runs, since one iteration usually suffices again.
    func solveJointPositionsAhead(
        x: UnsafeMutablePointer<Vector2>, a: UnsafeMutablePointer<Double>,
        im: UnsafeMutablePointer<Double>, ii: UnsafeMutablePointer<Double>,
        J: UnsafeMutablePointer<Joint>, centered: UnsafeMutablePointer<Bool>
    ) -> Bool {
        let jc = jointData.joints.count, n = bodyData.items.count
        if uikitScratch.positionsBefore.count != n {
            uikitScratch.positionsBefore = [Vector2](repeating: .zero, count: n)
            uikitScratch.anglesBefore = [Double](repeating: 0, count: n)
        }
        uikitScratch.positionsBefore.withUnsafeMutableBufferPointer { $0.baseAddress!.update(from: x, count: n) }
        uikitScratch.anglesBefore.withUnsafeMutableBufferPointer { $0.baseAddress!.update(from: a, count: n) }
        // Bit i set: iteration i left some joint outside the slop. (A bit mask: a dynamically indexed SIMD3 went
        // through memory each time, a store-forwarding stall on every joint.)
        var unsolved = 0
        uikitScratch.positionSchedule.withUnsafeBufferPointer { schedule in
            for e in schedule {
                let iteration = Int(e) / jc, k = Int(e) - iteration * jc
                if !solveJointPosition(&J[k], centered: centered[k], x: x, a: a, im: im, ii: ii) {
                    unsolved |= 1 << iteration
                }
            }
        }
        // The iterations the loop runs: up to and including the first that solved every joint, else all.
        var kept = World.positionIterations
        for i in 0..<World.positionIterations where unsolved & (1 << i) == 0 {
            kept = i + 1
            break
        }
        if kept < World.positionIterations {
            uikitScratch.positionsBefore.withUnsafeBufferPointer { x.update(from: $0.baseAddress!, count: n) }
            uikitScratch.anglesBefore.withUnsafeBufferPointer { a.update(from: $0.baseAddress!, count: n) }
            for _ in 0..<kept {
                for k in 0..<jc { _ = solveJointPosition(&J[k], centered: centered[k], x: x, a: a, im: im, ii: ii) }
            }
        }
        uikitScratch.positionsKept[kept - 1] += 1
        uikitScratch.positionsAhead = kept > 1
        return unsolved & (1 << (kept - 1)) == 0
    }
}
