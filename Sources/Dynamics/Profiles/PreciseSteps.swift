import Foundation

// `precise` step planning: how many RATTLE pieces a sub-step takes (the rods' speeds, the springs' rates, the rods'
// tension rate, continuous collision) and, while energy is conserved, the held count (see ``World/stepPrecise()``).

extension World {
    /// The RATTLE pieces the current state needs for a sub-step (see ``stepPrecise()``), with the held accuracy target
    /// for the rods' speeds when `held`.
    func piecesNeeded(held: Bool) -> Int {
        let h = subStepDuration
        var speed = 0.0
        let a = bodies.angle.base, v = bodies.velocity.base, w = bodies.angularVelocity.base
        let J = jointData.joints.base
        let jc = jointData.joints.count
        var tense = false
        for k in 0..<jc where J[k].isRigid && J[k].length > 0 {
            let ia = J[k].a, ib = J[k].b
            let rB = J[k].localB == .zero ? Vector2.zero : rotate(J[k].localB, by: a[ib])
            let rA = ia >= 0 && J[k].localA != .zero ? rotate(J[k].localA, by: a[ia]) : Vector2.zero
            let vpA = ia >= 0 ? v[ia] + cross(w[ia], rA) : J[k].anchorVelocity
            let dv = v[ib] + cross(w[ib], rB) - vpA
            speed = max(speed, norm(dv) / J[k].length, abs(w[ib]))
            if J[k].tension > 0 && !J[k].isPin { tense = true }
        }
        /// The pieces that keep `rate` h within `phase` a piece.
        func pieces(_ rate: Double, _ phase: Double) -> Int {
            let p = rate * h / phase
            // (A non-finite rate — a state that already overflowed — takes the most pieces; the run then reports it.)
            return p <= 1 ? 1 : p < Double(World.maxSplits) ? Int(p.rounded(.up)) : World.maxSplits
        }
        var count = max(
            pieces(jointData.maxSpringRate, World.maxPhasePerStep),
            pieces(speed, held ? World.heldPhasePerStep : World.maxPhasePerStep))
        // The rods' tension rate splits a sub-step only past ω h = 0.5, a quarter of Verlet's stability limit (2): a
        // stability margin rather than an accuracy target. (A lone rod at a body's center only sets that body's own
        // pendulum rate, which the speeds above cover.)
        if tense && jointData.rodsShareOrTurnItems { count = max(count, pieces(rodRate(), World.maxTensionPhase)) }
        if hasCollisions { count = max(count, min(continuousPieces(), World.maxSplits)) }
        return count
    }

    /// The fastest oscillation the rods' tensions set: an item held by rods of tensions T_k and lengths L_k vibrates
    /// across them at ω² = Σ (T_k / L_k) / m (a bead on a taut string; a pendulum's own g / L when hanging from one rod),
    /// and a rod pulling at an offset r from the center turns it at ω² = Σ T_k |r| (1 + |r| / L_k) / I. A light item
    /// between heavy ones (a chain's light link under a heavy bob) is stiff this way although it moves slowly:
    /// velocity Verlet is unstable above ω h = 2 and inaccurate well below it, so ``stepPrecise()`` splits the sub-step by
    /// this rate too. Tensions are the last sub-step's.
    func rodRate() -> Double {
        let J = jointData.joints.base, jc = jointData.joints.count, im = bodies.invMass.base,
            ii = bodies.invInertia.base
        if preciseScratch.rodStiffness.count != bodyData.items.count {
            preciseScratch.rodStiffness = [Double](repeating: 0, count: bodyData.items.count)
            preciseScratch.rodTorsion = [Double](repeating: 0, count: bodyData.items.count)
        }
        var rate = 0.0
        preciseScratch.rodStiffness.withUnsafeMutableBufferPointer { s in
            preciseScratch.rodTorsion.withUnsafeMutableBufferPointer { q in
                @inline(__always) func add(_ end: Int, _ local: Vector2, tension: Double, length: Double) {
                    guard end >= 0 else { return }
                    s[end] += tension / length
                    if local != .zero {
                        let r = norm(local)
                        q[end] += tension * r * (1 + r / length)
                    }
                }
                @inline(__always) func take(_ end: Int) {
                    guard end >= 0 else { return }
                    rate = max(rate, (im[end] * s[end] + ii[end] * q[end]).squareRoot())
                    s[end] = 0
                    q[end] = 0
                }
                for k in 0..<jc where J[k].isRigid && !J[k].isPin && J[k].length > 0 {
                    add(J[k].a, J[k].localA, tension: J[k].tension, length: J[k].length)
                    add(J[k].b, J[k].localB, tension: J[k].tension, length: J[k].length)
                }
                for k in 0..<jc where J[k].isRigid && !J[k].isPin && J[k].length > 0 {
                    take(J[k].a)
                    take(J[k].b)
                }
            }
        }
        return rate
    }

    /// Whether the world conserves mechanical energy, so that ``stepPrecise()`` holds its step fixed: no resistance on
    /// a movable item, no damped spring, no scripted anchor, no collisions, no fields. (Gravity, rods, undamped
    /// springs and continuous pushes, which are constant forces, keep the motion Hamiltonian; an instantaneous push
    /// changes the energy once and the motion is Hamiltonian again after it.) Items and attachments are checked once
    /// per change in their number; their resistances and spring damping do not change after they are added.
    func conservesEnergy() -> Bool {
        guard jointData.scriptedJoints.isEmpty && !hasCollisions && behaviors.fields.isEmpty else { return false }
        let n = items.count, jc = jointData.joints.count
        if preciseScratch.stepHold.checkedItems != n || preciseScratch.stepHold.checkedJoints != jc {
            preciseScratch.stepHold.checkedItems = n
            preciseScratch.stepHold.checkedJoints = jc
            let im = bodies.invMass.base, cl = bodies.linearDamping.base, ca = bodies.angularDamping.base,
                J = jointData.joints.base
            var conserves = true
            for i in 0..<n where im[i] > 0 && (cl[i] != 0 || ca[i] != 0) { conserves = false }
            for k in 0..<jc where !J[k].isRigid && J[k].damping > 0 { conserves = false }
            preciseScratch.stepHold.conserves = conserves
        }
        return preciseScratch.stepHold.conserves
    }
}

/// The `precise` profile's held step (see ``World/stepPrecise()``): while the world conserves energy, each sub-step
/// takes at least `pieces` RATTLE pieces, the most any sub-step has needed so far.
struct PreciseStepHold {
    /// The fewest RATTLE pieces a sub-step takes (1 until the motion needs more).
    var pieces = 1
    /// The item and attachment counts `conserves` was worked out for (−1: not yet).
    var checkedItems = -1
    var checkedJoints = -1
    /// Whether nothing damps the motion (see ``World/conservesEnergy()``), for those counts.
    var conserves = false
    /// Whether the current sub-step is held; its chain projections then start from the last pieces' multipliers
    /// (``World/shakeChains(x:a:im:ii:J:fallback:warmStart:)``), while other sub-steps keep starting from zero.
    var holding = false
}
