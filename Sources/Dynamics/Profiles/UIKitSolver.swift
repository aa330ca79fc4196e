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
    /// pendulums) are left out of it: nothing else touches their item, so one solve gives what Box2D's eight do, up to
    /// rounding (see ``solveLoneRods(h:x:a:v:w:im:ii:J:)``), in one pass over memory instead of eight.
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
        // Lone rods alone (scene A) do not wait for each other, so the plain position loop already overlaps them and
        // running ahead would only add work: no position schedule then.
        guard rc > 0 else { uikitScratch.jointSchedule = []; uikitScratch.positionSchedule = []; return }
        orderByLevel(count: jc * World.positionIterations) { (J[$0 % jc].a, J[$0 % jc].b) }
        uikitScratch.positionSchedule = Array(collisionScratch.levelOrder[0..<(jc * World.positionIterations)])
        orderByLevel(count: total) { (J[rest[$0 % rc]].a, J[rest[$0 % rc]].b) }
        uikitScratch.jointSchedule = collisionScratch.levelOrder[0..<total].map { Int32(rest[Int($0) % rc]) }
    }

    /// One `uikit` sub-step, split into equal pieces when a fast item comes at something it could pass through
    /// (``World/tunnellingPieces()``): dynsim's continuous collision. Box2D's own time-of-impact sub-stepping is not
    /// reproduced; without such an item (one piece) the step is exactly Box2D's.
    func stepUIKit() {
        let pieces = hasCollisions ? tunnellingPieces() : 1
        var solved = true
        for piece in 0..<pieces {
            if !stepUIKit(h: subStepDuration / Double(pieces), first: piece == 0) { solved = false }
        }
        if allowsSleeping { updateSleep(h: subStepDuration, positionSolved: solved) }
    }

    /// One piece of a sub-step; returns whether the position constraints were solved.
    @discardableResult
    func stepUIKit(h: Double, first: Bool) -> Bool {
        let J = jointData.joints.base

        // 0. Narrow phase at the start of the sub-step (b2World::Step: Collide before Solve).
        if hasCollisions {
            updateIslandPairs()
            collide(eventTime: time(ofStep: stepCount + 1))
        }
        if allowsSleeping && first { wakeIslands() }

        // 1. Scripted anchors move once per display frame, by position only.
        if first, stepCount % subSteps == 0, !jointData.scriptedJoints.isEmpty {
            let t = time
            for k in jointData.scriptedJoints {
                J[k].anchor = jointData.paths[J[k].path].position(at: t)
            }
        }

        // 2. Integrate velocities (gravity, pushes, fields), then damp.
        integrateVelocitiesUIKit(h: h, first: first)

        // 3. Initialise contacts and joints, warm-starting both (b2Island::Solve's order); 4. velocity iterations.
        let touching = !contactData.contacts.isEmpty
        if touching { orderIslands() } else { contactData.islands.order.removeAll(keepingCapacity: true) }
        let wavefront = !touching && jointData.joints.count > 1 && contactData.reordersSolves
        let centered = solveVelocitiesUIKit(h: h, touching: touching, wavefront: wavefront)

        // 5. Integrate positions with Box2D's per-step motion limits (keeping the start for the time of impact).
        let x0 = bodies.previousPosition.base
        if hasCollisions {
            x0.update(from: bodies.position.base, count: bodyData.items.count)
            recordSweepStart()
        }
        integratePositionsUIKit(h: h)

        // 6. Position iterations.
        let positionSolved = solvePositionsUIKit(touching: touching, wavefront: wavefront, centered: centered)
        if touching { projectSqueezedItems() }
        if hasCollisions {
            synchronizeProxies()
            solveTimeOfImpact(h: h, start: x0, eventTime: time(ofStep: stepCount + 1))
        }
        return positionSolved
    }

    /// Step 2 of ``stepUIKit(h:first:)``: v += h (g + forces / m), then Box2D 2.4's damping v /= (1 + h c), likewise for
    /// ω. Pushes and scheduled velocity changes act once per display frame, before its sub-steps (UIKit's `_step`).
    /// Inside a velocity field the velocity is replaced and gravity and forces are ignored for the sub-step (UIKit's
    /// island, per kern0x1b/charon §0).
    @inline(__always)
    private func integrateVelocitiesUIKit(h: Double, first: Bool) {
        let n = bodyData.items.count
        let v = bodies.velocity.base, w = bodies.angularVelocity.base
        let im = bodies.invMass.base, ii = bodies.invInertia.base
        let cl = bodies.linearDamping.base, ca = bodies.angularDamping.base, g = bodies.gravity.base
        let frameStart = time(ofStep: (stepCount / subSteps) * subSteps)
        let pushing =
            (!behaviors.forces.isEmpty || behaviors.nextScheduled < behaviors.scheduled.count)
            && applyExternal(at: frameStart, applyScheduled: first)
        if !behaviors.fields.isEmpty {
            evaluateFields(endTime: time(ofStep: stepCount + 1))
            let fa = behaviors.fieldAcceleration.base, fo = behaviors.fieldOverride.base
            let f = behaviors.forceColumn.count == n ? behaviors.forceColumn.base : nil,
                tq = behaviors.torqueColumn.count == n ? behaviors.torqueColumn.base : nil
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
    }

    /// Steps 3 and 4 of ``stepUIKit(h:first:)``: contacts and joints initialised and warm-started, then the velocity
    /// iterations, joints before contacts. Without contacts (`wavefront`) the joint solves run in dependency order and
    /// the lone rods are initialised with their velocity solve (see ``updateJointSchedule()``). Returns which joints
    /// are rigid rods between centers (the short paths), decided once per sub-step.
    @inline(__always)
    private func solveVelocitiesUIKit(h: Double, touching: Bool, wavefront: Bool) -> UnsafeMutablePointer<Bool> {
        let x = bodies.position.base, a = bodies.angle.base, v = bodies.velocity.base, w = bodies.angularVelocity.base
        let im = bodies.invMass.base, ii = bodies.invInertia.base
        let jc = jointData.joints.count, J = jointData.joints.base
        if wavefront { updateJointSchedule() }
        if touching { initializeContacts() }
        let lone = wavefront ? uikitScratch.loneRod.withUnsafeBufferPointer { $0.baseAddress! } : nil
        for k in 0..<jc where lone == nil || !lone![k] {
            initVelocityConstraint(&J[k], h: h, x: x, a: a, v: v, w: w, im: im, ii: ii)
        }
        if uikitScratch.centeredRods.count != jc { uikitScratch.centeredRods = [Bool](repeating: false, count: jc) }
        let centered = uikitScratch.centeredRods.withUnsafeMutableBufferPointer { $0.baseAddress! }
        for k in 0..<jc { centered[k] = J[k].isRigid && !J[k].isPin && J[k].localA == .zero && J[k].localB == .zero }

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
        return centered
    }

    /// Step 5 of ``stepUIKit(h:first:)``: semi-implicit Euler with Box2D's per-step motion limits. The limits are per
    /// sub-step: a piece of a split sub-step gets its share, so splitting never lets an item go faster than Box2D would
    /// (2 m, a quarter turn, per 1/120 s step). One piece: exactly Box2D's limits.
    @inline(__always)
    private func integratePositionsUIKit(h: Double) {
        let x = bodies.position.base, a = bodies.angle.base, v = bodies.velocity.base, w = bodies.angularVelocity.base
        let im = bodies.invMass.base
        let share = h / subStepDuration
        let maxTranslation = World.maxTranslation * share, maxRotation = World.maxRotation * share
        let maxT2 = maxTranslation * maxTranslation
        let maxR2 = maxRotation * maxRotation
        for i in 0..<bodyData.items.count where im[i] > 0 {
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
    }

    /// Step 6 of ``stepUIKit(h:first:)``: up to 3 position iterations (non-linear Gauss–Seidel) until every joint and
    /// contact is within the slop; returns whether they are. Box2D corrects contacts, then joints; dynsim corrects
    /// joints first so that contacts have the last word: an item squeezed between an attachment-driven item and a
    /// boundary stays out of the boundary (UIKit's `cornered` case) instead of being pushed through it. With joints or
    /// contacts alone the order does not matter, so Box2D parity is unchanged.
    @inline(__always)
    private func solvePositionsUIKit(touching: Bool, wavefront: Bool, centered: UnsafeMutablePointer<Bool>) -> Bool {
        let x = bodies.position.base, a = bodies.angle.base, im = bodies.invMass.base, ii = bodies.invInertia.base
        let jc = jointData.joints.count, J = jointData.joints.base
        if wavefront && uikitScratch.positionsAhead && !uikitScratch.positionSchedule.isEmpty {
            return solveJointPositionsAhead(x: x, a: a, im: im, ii: ii, J: J, centered: centered)
        }
        var used = World.positionIterations, positionSolved = false
        for iteration in 0..<World.positionIterations {
            var solved = true
            for k in 0..<jc where !solveJointPosition(&J[k], centered: centered[k], x: x, a: a, im: im, ii: ii) {
                solved = false
            }
            if touching && !solveContactPositions() { solved = false }
            if solved { positionSolved = true; used = iteration + 1; break }
        }
        if wavefront { uikitScratch.positionsAhead = used > 1 }
        return positionSolved
    }
}
