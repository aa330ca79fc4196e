import Foundation

/// The `uikit` profile: one sub-step with Box2D 2.4.1's island solver semantics (b2Island::Solve, b2DistanceJoint),
/// expressed in points. Box2D's tolerances are scaled by 100 points per metre.
///
/// Order within a sub-step (as b2Island::Solve):
/// 1. at a frame start, scripted anchors jump to their path position (UIKit's `anchorPoint` setter; no velocity);
/// 2. integrate velocities: v += h g, then damping v /= (1 + h c) (Box2D 2.4's Padé form), likewise for ω;
/// 3. initialise joints (lever arms, axis, effective mass, soft-spring γ and bias) and warm-start with last impulses;
/// 4. 8 velocity iterations over the joints in creation order;
/// 5. integrate positions (semi-implicit Euler) with Box2D's limits of 2 m (200 pt) and π/2 rad per step;
/// 6. up to 3 position iterations (non-linear Gauss–Seidel) until every joint and contact is within the slop
///    (joints before contacts, unlike Box2D, so contacts win when both cannot hold; see the step).
///
/// Spring attachments (frequency > 0) follow Box2D 2.2.1's soft distance joint, the version UIKit's engine forked, rather
/// than 2.4.1's: stiffness and damping come from the effective mass along the axis with rotation included, there is no
/// minimum length (2.4.1 stops a spring at its linear slop, 0.5 pt, as an inelastic limit) and no position correction,
/// and within the slop the axis is zero while the accumulated impulse is kept. Where the attachment points are item
/// centers (or an anchor and a center) and the spring stays longer than the slop, both versions give the same numbers.
extension World {
    /// Box2D's b2_linearSlop (0.005 m) in points.
    static let linearSlop = 0.5
    /// Box2D's b2_maxTranslation (2 m) in points per step.
    static let maxTranslation = 200.0
    /// Box2D's b2_maxRotation (0.5 π) in radians per step.
    static let maxRotation = 0.5 * Double.pi
    /// Box2D's b2_epsilon (FLT_EPSILON) as a length in metres, in points: below it a direction is undefined.
    static let epsilonLength = 1.1920929e-7 * 100
    static let velocityIterations = 8
    static let positionIterations = 3

    /// Makes `jointSchedule` the joint solves of all `velocityIterations` iterations (joint k of iteration i is entry
    /// i · count + k of Box2D's sequential loop) as joint indices in `orderByLevel`'s order: the same bits as the loop,
    /// but a chain (scene B), whose joints each wait for the one before, gets about `velocityIterations` independent
    /// solves side by side: iteration i + 1 starts at the chain's head while iteration i is two links further on.
    /// Lone rods (`isolatedRods`: a rigid rod from an anchor to the center of an item no other joint holds, scene A's
    /// pendulums) are left out of it: nothing else touches their item, so their eight solves run back to back in
    /// registers (see ``stepUIKit(h:first:last:)``), one pass over memory instead of eight, with the same bits.
    /// Built when the joints change (they are only ever added), kept otherwise.
    func updateJointSchedule() {
        let jc = jointData.joints.count
        guard uikitScratch.scheduledJoints != jc else { return }
        uikitScratch.scheduledJoints = jc
        let J = jointData.joints.base
        var holders = [Int32](repeating: 0, count: bodyData.items.count)
        for k in 0..<jc {
            if J[k].a >= 0 { holders[J[k].a] += 1 }
            holders[J[k].b] += 1
        }
        var rest: [Int] = []
        uikitScratch.isolatedRods = []
        uikitScratch.loneRod = [Bool](repeating: false, count: jc)
        for k in 0..<jc {
            if J[k].a < 0 && J[k].isRigid && !J[k].isPin && J[k].localB == .zero && holders[J[k].b] == 1 {
                uikitScratch.isolatedRods.append(Int32(k))
                uikitScratch.loneRod[k] = true
            } else {
                rest.append(k)
            }
        }
        let rc = rest.count, total = rc * World.velocityIterations
        guard rc > 0 else { uikitScratch.jointSchedule = []; return }
        orderByLevel(count: total) { (J[rest[$0 % rc]].a, J[rest[$0 % rc]].b) }
        uikitScratch.jointSchedule = collisionScratch.levelOrder[0..<total].map { Int32(rest[Int($0) % rc]) }
    }

    /// One `uikit` sub-step, split into equal pieces when a colliding item would otherwise move more than half its
    /// smallest half-extent (``World/continuousPieces()``): dynsim's continuous collision, so fast items cannot pass
    /// through boundaries or each other. Box2D's own time-of-impact sub-stepping is not reproduced; at ordinary speeds
    /// (one piece) the step is exactly Box2D's.
    func stepUIKit() {
        let pieces = hasCollisions ? continuousPieces() : 1
        var solved = true
        for piece in 0..<pieces {
            if !stepUIKit(h: subStepDuration / Double(pieces), first: piece == 0, last: piece == pieces - 1) { solved = false }
        }
        if allowsSleeping { updateSleep(h: subStepDuration, positionSolved: solved) }
    }

    /// One piece of a sub-step; returns whether the position constraints were solved.
    @discardableResult
    func stepUIKit(h: Double, first: Bool, last: Bool) -> Bool {
        let n = bodyData.items.count
        let x = bodies.position.base, a = bodies.angle.base, v = bodies.velocity.base, w = bodies.angularVelocity.base
        let im = bodies.invMass.base, ii = bodies.invInertia.base
        let cl = bodies.linearDamping.base, ca = bodies.angularDamping.base, g = bodies.gravity.base
        let jc = jointData.joints.count, J = jointData.joints.base

        // 0. Narrow phase at the start of the sub-step (b2World::Step: Collide before Solve).
        if hasCollisions { collide(eventTime: time(ofStep: stepCount + 1)) }
        if allowsSleeping && first { wakeIslands() }
        _ = last

        // 1. Scripted anchors move once per display frame, by position only.
        if first, stepCount % subSteps == 0, !jointData.scriptedJoints.isEmpty {
            let t = time
            for k in jointData.scriptedJoints {
                J[k].anchor = jointData.paths[J[k].path].position(at: t)
            }
        }

        // Pushes and scheduled velocity changes act once per display frame, before its sub-steps (UIKit's `_step`).
        let frameStart = time(ofStep: (stepCount / subSteps) * subSteps)
        let pushing = (!behaviors.forces.isEmpty || behaviors.nextScheduled < behaviors.scheduled.count) && applyExternal(at: frameStart, applyScheduled: first)

        // 2. Integrate velocities (gravity, pushes, fields), then damp. Inside a velocity field the velocity is replaced
        //    and gravity and forces are ignored for the sub-step (UIKit's island, per kern0x1b/charon §0).
        if !behaviors.fields.isEmpty {
            evaluateFields(endTime: time(ofStep: stepCount + 1))
            let fa = behaviors.fieldAcceleration.base, fo = behaviors.fieldOverride.base
            let f = behaviors.forceColumn.count == n ? behaviors.forceColumn.base : nil, tq = behaviors.torqueColumn.count == n ? behaviors.torqueColumn.base : nil
            for i in 0..<n where im[i] > 0 {
                var vi: Vector2
                if behaviors.fieldOverrides[i] {
                    vi = fo[i]
                } else {
                    vi = v[i] + h * (g[i] + fa[i])
                    if pushing, let f { vi += (h * im[i]) * f[i] }
                }
                v[i] = vi * (1 / (1 + h * cl[i]))
                var wi = w[i]
                if pushing, let tq { wi += h * ii[i] * tq[i] }
                w[i] = wi * (1 / (1 + h * ca[i]))
            }
        } else if pushing {
            let f = behaviors.forceColumn.base, tq = behaviors.torqueColumn.base
            for i in 0..<n where im[i] > 0 {
                v[i] = (v[i] + h * (g[i] + im[i] * f[i])) * (1 / (1 + h * cl[i]))
                w[i] = (w[i] + h * ii[i] * tq[i]) * (1 / (1 + h * ca[i]))
            }
        } else {
            for i in 0..<n where im[i] > 0 {
                v[i] = (v[i] + h * g[i]) * (1 / (1 + h * cl[i]))
                w[i] = w[i] * (1 / (1 + h * ca[i]))
            }
        }

        // 3. Initialise contacts and joints, warm-starting both (b2Island::Solve's order). Without contacts, the lone
        //    rods are initialised with their velocity solves below (see updateJointSchedule).
        let touching = !contactData.contacts.isEmpty
        let wavefront = !touching && jc > 1 && contactData.reordersSolves
        if wavefront { updateJointSchedule() }
        if touching { initializeContacts() }
        let lone = wavefront ? uikitScratch.loneRod.withUnsafeBufferPointer { $0.baseAddress! } : nil
        for k in 0..<jc where lone == nil || !lone![k] {
            initVelocityConstraint(&J[k], h: h, x: x, a: a, v: v, w: w, im: im, ii: ii)
        }

        // Which joints are rigid rods between centers (the short paths below), decided once per sub-step.
        if uikitScratch.centeredRods.count != jc { uikitScratch.centeredRods = [Bool](repeating: false, count: jc) }
        let centered = uikitScratch.centeredRods.withUnsafeMutableBufferPointer { $0.baseAddress! }
        for k in 0..<jc { centered[k] = J[k].isRigid && !J[k].isPin && J[k].localA == .zero && J[k].localB == .zero }

        // 4. Velocity iterations: joints, then contacts.
        if wavefront {
            // Joints alone: the eight iterations' joint solves in dependency order (see updateJointSchedule), so a
            // chain's later iterations run alongside its earlier ones. Same operations per item, same order, same bits.
            solveLoneRods(h: h, x: x, a: a, v: v, w: w, im: im, ii: ii, J: J)
            let schedule = uikitScratch.jointSchedule
            for k in schedule {
                let k = Int(k)
                if centered[k] {
                    _ = solveCenteredRodVelocity(&J[k], vA: J[k].a < 0 ? .zero : v[J[k].a], v: v, im: im)
                } else {
                    solveVelocityConstraint(&J[k], h: h, v: v, w: w, im: im, ii: ii)
                }
            }
        }
        for _ in 0..<(wavefront ? 0 : World.velocityIterations) {
            // A chain's next rod starts at the body the last one ended at: that velocity stays in a register.
            var lastB = -1, lastVB = Vector2.zero
            for k in 0..<jc {
                if centered[k] {
                    let ia = J[k].a
                    let vA = ia < 0 ? .zero : ia == lastB ? lastVB : v[ia]
                    lastVB = solveCenteredRodVelocity(&J[k], vA: vA, v: v, im: im)
                    lastB = J[k].b
                } else {
                    lastB = -1
                    solveVelocityConstraint(&J[k], h: h, v: v, w: w, im: im, ii: ii)
                }
            }
            if touching { solveContactVelocities() }
        }
        if touching { storeImpulses() }

        // 5. Integrate positions with Box2D's per-step motion limits (keeping the start for the time of impact).
        let x0 = bodies.previousPosition.base
        if hasCollisions { for i in 0..<n { x0[i] = x[i] } }
        // Box2D's per-step motion limits are per sub-step: a piece of a split sub-step gets its share, so splitting
        // never lets an item go faster than Box2D would (2 m, a quarter turn, per 1/120 s step). One piece: exactly
        // Box2D's limits.
        let share = h / subStepDuration
        let maxTranslation = World.maxTranslation * share, maxRotation = World.maxRotation * share
        let maxT2 = maxTranslation * maxTranslation
        let maxR2 = maxRotation * maxRotation
        for i in 0..<n where im[i] > 0 {
            var vi = v[i], wi = w[i]
            let translation = h * vi
            let t2 = dot(translation, translation)
            // (hypot: h v may be so large that its square overflows.)
            if t2 > maxT2 { vi *= maxTranslation / hypot(translation.x, translation.y) }
            let rotation = h * wi
            if rotation * rotation > maxR2 { wi *= maxRotation / abs(rotation) }
            x[i] += h * vi
            a[i] += h * wi
            v[i] = vi
            w[i] = wi
        }

        // 6. Position iterations. Box2D corrects contacts, then joints; dynsim corrects joints first so that contacts
        //    have the last word: an item squeezed between an attachment-driven item and a boundary stays out of the
        //    boundary (UIKit's `cornered` case) instead of being pushed through it. With joints or contacts alone the
        //    order does not matter, so Box2D parity is unchanged.
        var positionSolved = false
        for _ in 0..<World.positionIterations {
            var solved = true
            for k in 0..<jc {
                if centered[k] {
                    if !solveCenteredRodPosition(&J[k], x: x, im: im) { solved = false }
                } else if !solvePositionConstraint(&J[k], x: x, a: a, im: im, ii: ii) { solved = false }
            }
            if touching && !solveContactPositions() { solved = false }
            if solved { positionSolved = true; break }
        }
        if touching { projectSqueezedItems() }
        if hasCollisions { solveTimeOfImpact(h: h, start: x0, eventTime: time(ofStep: stepCount + 1)) }
        return positionSolved
    }

    /// The lone rods (see ``updateJointSchedule()``), each initialised and then given its eight velocity solves back to
    /// back. Four rods at a time, one per SIMD lane: a rod's eight solves form one chain of dependent operations, and
    /// four independent chains side by side keep the processor busy. Each lane performs the scalar solve's operations in
    /// its order (negation as a product by −1, which keeps the sign of a zero as the scalar `-m` does), so the bits are
    /// the sequential loop's.
    private func solveLoneRods(h: Double, x: UnsafeMutablePointer<Vector2>, a: UnsafeMutablePointer<Double>,
                               v: UnsafeMutablePointer<Vector2>, w: UnsafeMutablePointer<Double>,
                               im: UnsafeMutablePointer<Double>, ii: UnsafeMutablePointer<Double>, J: UnsafeMutablePointer<Joint>) {
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
                var vx = D4(v[b[0]].x, v[b[1]].x, v[b[2]].x, v[b[3]].x), vy = D4(v[b[0]].y, v[b[1]].y, v[b[2]].y, v[b[3]].y)
                var accumulated = D4(J[k[0]].impulse, J[k[1]].impulse, J[k[2]].impulse, J[k[3]].impulse)
                for _ in 0..<World.velocityIterations {
                    // −m · dot(u, v_B − 0): x − 0 is x bit for bit, so the subtraction is left out.
                    let impulse = minusMass * (ux * vx + uy * vy)
                    accumulated += impulse
                    vx = vx + imB * (impulse * ux)
                    vy = vy + imB * (impulse * uy)
                }
                for l in 0..<4 {
                    v[b[l]] = Vector2(vx[l], vy[l])
                    J[k[l]].impulse = accumulated[l]
                }
                g += 4
            }
            while g < lone.count {
                let k = Int(lone[g])
                initVelocityConstraint(&J[k], h: h, x: x, a: a, v: v, w: w, im: im, ii: ii)
                let ib = J[k].b, u = J[k].u, m = J[k].mass, imB = im[ib]
                var vB = v[ib], accumulated = J[k].impulse
                for _ in 0..<World.velocityIterations {
                    let impulse = -m * dot(u, vB - Vector2.zero)
                    accumulated += impulse
                    vB = vB + imB * (impulse * u)
                }
                v[ib] = vB
                J[k].impulse = accumulated
                g += 1
            }
        }
    }

    /// One velocity solve of a rigid rod between two centers (scenes A and B): no angular terms, so this short path gives
    /// the same numbers as `solveVelocityConstraint` (its cross products with zero offsets vanish exactly). `vA` is end
    /// A's current velocity (zero for an anchor); returns end B's new velocity, which is also stored.
    @inline(__always)
    private func solveCenteredRodVelocity(_ j: inout Joint, vA: Vector2, v: UnsafeMutablePointer<Vector2>,
                                          im: UnsafeMutablePointer<Double>) -> Vector2 {
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
    private func initVelocityConstraint(_ j: inout Joint, h: Double, x: UnsafeMutablePointer<Vector2>,
                                        a: UnsafeMutablePointer<Double>, v: UnsafeMutablePointer<Vector2>,
                                        w: UnsafeMutablePointer<Double>, im: UnsafeMutablePointer<Double>,
                                        ii: UnsafeMutablePointer<Double>) {
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
    private func solveVelocityConstraint(_ j: inout Joint, h: Double, v: UnsafeMutablePointer<Vector2>,
                                         w: UnsafeMutablePointer<Double>, im: UnsafeMutablePointer<Double>,
                                         ii: UnsafeMutablePointer<Double>) {
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
    private func solveCenteredRodPosition(_ j: inout Joint, x: UnsafeMutablePointer<Vector2>,
                                          im: UnsafeMutablePointer<Double>) -> Bool {
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
    private func solvePositionConstraint(_ j: inout Joint, x: UnsafeMutablePointer<Vector2>,
                                         a: UnsafeMutablePointer<Double>, im: UnsafeMutablePointer<Double>,
                                         ii: UnsafeMutablePointer<Double>) -> Bool {
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
}
