import Foundation

// `precise` kicks' forces beyond gravity (see ``World/rattleStep(h:from:to:)``): the continuous pushes, the fields and
// the spring attachments, each applied as `dt` worth of velocity change.

extension World {
    /// Adds `dt` worth of the fields' accelerations (evaluated at the current positions and velocities); inside a
    /// velocity field the velocity is set instead (after gravity and pushes, which it overrides).
    func kickFields(_ dt: Double, endTime t: Double) {
        evaluateFields(endTime: t)
        let v = bodies.velocity.base, im = bodies.invMass.base
        let fa = behaviors.fieldAcceleration.base, fo = behaviors.fieldOverride.base
        for i in 0..<behaviors.fieldAcceleration.count where im[i] > 0 {
            if behaviors.fieldOverrides[i] { v[i] = fo[i] } else { v[i] += dt * fa[i] }
        }
    }

    /// Adds `dt` worth of the continuous pushes' forces and torques (constant over the sub-step) to the velocities.
    func kickPushes(_ dt: Double) {
        let v = bodies.velocity.base, w = bodies.angularVelocity.base
        let im = bodies.invMass.base, ii = bodies.invInertia.base
        let f = behaviors.forceColumn.base, tq = behaviors.torqueColumn.base
        for i in 0..<behaviors.forceColumn.count where im[i] > 0 {
            v[i] += (dt * im[i]) * f[i]
            w[i] += (dt * ii[i]) * tq[i]
        }
    }

    /// Applies `dt` worth of every spring attachment to the velocities: Hooke's force along the axis as a kick
    /// (dt k stretch), then the damping of the axial relative velocity as its exact exponential relaxation,
    /// v_rel ← v_rel e^(−c dt / m_eff) with m_eff the effective mass along the axis, which is stable for any damping.
    @inline(__always)
    func applySpringForces(
        dt: Double, x: UnsafeMutablePointer<Vector2>, a: UnsafeMutablePointer<Double>,
        v: UnsafeMutablePointer<Vector2>, w: UnsafeMutablePointer<Double>,
        im: UnsafeMutablePointer<Double>, ii: UnsafeMutablePointer<Double>
    ) {
        let jc = jointData.joints.count, J = jointData.joints.base
        for k in 0..<jc where !J[k].isRigid {
            let ia = J[k].a, ib = J[k].b
            let imA = ia >= 0 ? im[ia] : 0, iiA = ia >= 0 ? ii[ia] : 0, imB = im[ib], iiB = ii[ib]
            let rB = rotate(J[k].localB, by: a[ib])
            let rA = ia >= 0 ? rotate(J[k].localA, by: a[ia]) : Vector2.zero
            let pA = ia >= 0 ? x[ia] + rA : J[k].anchor
            let d = x[ib] + rB - pA
            let len = norm(d)
            guard len > 0 else { continue }
            let u = d / len
            @inline(__always) func apply(_ impulse: Double) {
                applyPairImpulse(impulse * u, a: ia, b: ib, rA: rA, rB: rB, linear: v, angular: w, im: im, ii: ii)
            }
            apply(-dt * J[k].stiffness * (len - J[k].length))
            if J[k].damping > 0 {
                let crA = cross(rA, u), crB = cross(rB, u)
                let invMass = imA + imB + iiA * crA * crA + iiB * crB * crB
                guard invMass > 0 else { continue }
                let vpA = ia >= 0 ? v[ia] + cross(w[ia], rA) : J[k].anchorVelocity
                let vpB = v[ib] + cross(w[ib], rB)
                let relative = dot(u, vpB - vpA)
                apply(relative * (exp(-J[k].damping * invMass * dt) - 1) / invMass)
            }
        }
    }
}
