import Foundation

/// The `precise` profile: one RATTLE sub-step (Andersen 1983; Leimkuhler & Reich 2004, §7.2) for planar rigid bodies
/// with coordinates q = (x, y, θ) and the constant mass matrix M = diag(m, m, I), so the configuration space is flat and
/// RATTLE applies as written:
///
///     v½      = v + h/2 M⁻¹ F(q)                         (kick; gravity and spring forces)
///     q'      = q + h v½ + M⁻¹ G(q)ᵀ λ,   g(q', t+h) = 0   (drift, then SHAKE projection along the old gradients)
///     v½      = (q' − q) / h
///     v'      = v½ + h/2 M⁻¹ F(q') + M⁻¹ G(q')ᵀ μ,   G(q') v' + ∂g/∂t = 0   (kick, then velocity projection)
///
/// g(q, t) = |p_B(q) − p_A(q, t)| − L for each rigid attachment; an anchor end moves along its path (a kinematic pivot),
/// so ∂g/∂t = −u · ȧ(t). Both projections are solved by Gauss–Seidel sweeps (SHAKE, Ryckaert et al. 1977) to 1e-9 points
/// and points/s — or, when the rods form chains, by Newton steps with a tridiagonal solve (PreciseChains.swift). Resistance is exact exponential decay e^(−c h/2) applied before and after (Strang splitting), so with
/// zero resistance and fixed anchors the step is symmetric and symplectic and energy errors stay bounded.
///
/// Violent drags (an anchor teleported or moving faster than the step can follow) can make the old gradient nearly
/// orthogonal to the needed correction; then that update projects along the current gradient instead (robust, not
/// symplectic) and ``World/fallbackProjections`` counts the sub-step.
extension World {
    static let shakeTolerance = 1e-9
    static let shakeMaxSweeps = 200

    /// The largest ω h a RATTLE step may take: above it the sub-step is split (see ``stepPrecise()``).
    static let maxPhasePerStep = 0.1
    /// The largest ω h for the rods' speeds while the step is held (see ``stepPrecise()``): the held count is set by
    /// the fastest instant so far (a whip's peak), and every other sub-step runs below it.
    static let heldPhasePerStep = 0.15
    /// The largest ω h a step may take for the rate the rods' tensions set (``rodRate()``): a stability margin rather
    /// than an accuracy target.
    static let maxTensionPhase = 0.5
    /// The most pieces a sub-step is split into.
    static let maxSplits = 256

    /// One `precise` sub-step. Velocity Verlet is accurate while ω h is small, where ω is the fastest rate in the
    /// system: a rigid rod's relative angular speed |Δv| / L, or a spring's 2π f (or its damping rate 2 ζ 2π f when
    /// larger). When ω h exceeds 0.1 (a violent drag can spin a rod at hundreds of radians per second, a stiff spring
    /// can be set to 1000 Hz) the sub-step is split into ⌈ω h / 0.1⌉ equal RATTLE steps (at most 256), the scripted
    /// anchors followed at each. The decision depends only on the state (and, while energy is conserved, on the most
    /// pieces needed so far), so runs stay deterministic; ordinary motion (ω h < 0.1) takes one step.
    ///
    /// While the world conserves energy (``conservesEnergy()``) the piece count never goes down: it rises to the most
    /// any sub-step has needed and stays there. A step size that follows the state breaks symplecticity: splitting by
    /// the rates at the start of each sub-step lost energy steadily on scene B (a free end whipping every swing: its
    /// fine pieces started after the rate had risen and lasted after it had fallen), 4.6% of the swing energy per
    /// minute on 10 links, and the same rule read at the end of each sub-step gained it as steadily. Held, the step
    /// changes a few times while the fastest motion is first seen and is fixed after, so the energy error stays
    /// bounded for good (docs/physics.md gives its size). While held, the rods' speeds are planned at ω h ≤ 0.15
    /// (``heldPhasePerStep``) rather than 0.1: the held count is set by the fastest instant so far (a whip's peak), and
    /// every other sub-step runs below it. (Taking a sub-step again when its end needed more pieces than its start was
    /// tried and dropped: a rod snapping taut measures a larger tension the finer it is resolved, so the count ran away.)
    func stepPrecise() {
        let held = conservesEnergy()
        preciseScratch.stepHold.holding = held
        var count = piecesNeeded(held: held)
        if held {
            count = max(count, preciseScratch.stepHold.pieces)
            preciseScratch.stepHold.pieces = count
        }
        behaviors.pushing =
            (!behaviors.forces.isEmpty || behaviors.nextScheduled < behaviors.scheduled.count)
            && applyExternal(at: time)
        let jc = jointData.joints.count
        takePieces(count, chained: jc > 1 && chainsReady(im: bodies.invMass.base, J: jointData.joints.base, count: jc))
    }

    /// The sub-step as `count` equal RATTLE pieces, the scripted anchors followed at each.
    private func takePieces(_ count: Int, chained: Bool) {
        let h = subStepDuration
        let t0 = time
        preciseScratch.refinementBudget = World.maxRefinedPiecesPerSubStep
        var start = t0
        for piece in 0..<count {
            if hasCollisions { savePieceStart() }
            let t1 = piece == count - 1 ? time(ofStep: stepCount + 1) : t0 + h * Double(piece + 1) / Double(count)
            if chained {
                rattlePiece(h: h / Double(count), from: start, to: t1, depth: 0)
            } else {
                rattleStep(h: h / Double(count), from: start, to: t1)
            }
            if hasCollisions { resolveContactsAfterStep(h: h / Double(count), from: start, to: t1) }
            start = t1
        }
    }

    /// How many times a chain's RATTLE piece may be taken again in 8 shorter pieces (3: down to 1/512 of it).
    static let maxRefinements = 3
    /// How many pieces of one sub-step may be taken again (rods that cannot all hold, such as an item on two rods to
    /// anchors farther apart than the rods reach, would otherwise be refined over and over): a bound on the work.
    static let maxRefinedPiecesPerSubStep = 16
    /// The most a chain's rod may turn in one RATTLE piece before the piece is taken again in shorter ones, radians
    /// (three times the 0.1 rad a piece is planned for).
    static let maxTurnPerPiece = 0.3

    /// One RATTLE piece of a chain, from `t0` to `t1` (h = t1 − t0 as the caller computed it). When a rod turned more
    /// than ``maxTurnPerPiece`` in it, or its direct projection broke down because a rod turned so far that its old
    /// gradient no longer moves it along (a light link between heavy ones whipping as the chain snaps taut: its speed
    /// jumps within the piece, so no estimate made at the start sees it coming), the piece is taken again from its start
    /// as 8 pieces, up to ``maxRefinements`` levels deep: step rejection, decided by the state alone, so runs stay
    /// deterministic. Only the deepest level accepts the non-symplectic fallback projection.
    private func rattlePiece(h: Double, from t0: Double, to t1: Double, depth: Int) {
        let guarded = depth < World.maxRefinements && preciseScratch.refinementBudget > 0
        if guarded { saveCheckpoint(depth) }
        let before = (preciseScratch.chainFallbacks, fallbackProjections)
        preciseScratch.measuresTurn = guarded
        preciseScratch.rodTurnedTooFar = false
        rattleStep(h: h, from: t0, to: t1)
        preciseScratch.measuresTurn = false
        guard guarded, preciseScratch.chainFallbacks != before.0 || preciseScratch.rodTurnedTooFar else { return }
        restoreCheckpoint(depth)
        (preciseScratch.chainFallbacks, preciseScratch.fallbackProjections) = before
        preciseScratch.refinedPieces += 1
        preciseScratch.refinementBudget -= 1
        var start = t0
        for k in 0..<8 {
            let end = k == 7 ? t1 : t0 + (t1 - t0) * Double(k + 1) / 8
            rattlePiece(h: h / 8, from: start, to: end, depth: depth + 1)
            start = end
        }
    }

    /// One RATTLE step of length `h` from time `t0` to `t1`. A scripted anchor's jump (keyframes sharing a time) within
    /// (`t0`, `t1`] is not motion: the step runs with the anchor's continuous part, then the jump moves what hangs from it
    /// by a position projection alone (along the current gradients, the smallest mass-weighted move that restores the
    /// rods), and the velocity projection at the new positions can only take speed away. So a teleported finger moves
    /// the view without flinging it, while a fast but finite move (keyframes any time apart) passes its velocity into the
    /// view through ∂g/∂t, as a kinematic pivot does.
    func rattleStep(h: Double, from t0: Double, to t1: Double) {
        let n = bodyData.items.count
        let x = bodies.position.base, a = bodies.angle.base, v = bodies.velocity.base, w = bodies.angularVelocity.base
        let im = bodies.invMass.base, ii = bodies.invInertia.base
        let jc = jointData.joints.count, J = jointData.joints.base
        let halfH = 0.5 * h

        // Half of the damping, then the first kick.
        dampHalf(halfH)
        kick(halfH, endTime: t1)

        // Gradients at q_n (anchors at t_n) for the SHAKE directions.
        for k in 0..<jc where J[k].isRigid {
            refreshGeometry(&J[k], x: x, a: a)
        }

        // Drift.
        drift(h, x: x, a: a, v: v, w: w, count: n)

        // Anchors at t_{n+1}, less any jump (applied after the velocities are taken).
        var jumped = false
        if !jointData.scriptedJoints.isEmpty { moveScriptedAnchors(from: t0, to: t1, J: J, jumped: &jumped) }

        // SHAKE: positions onto g(q, t_{n+1}) = 0 (each rod's multipliers summed into `tension`).
        for k in 0..<jc { J[k].tension = 0 }
        let chains = jc > 0 && chainsReady(im: im, J: J, count: jc)
        if jc > 0 {
            shakeRodPositions(h, x: x, a: a, im: im, ii: ii, J: J, count: jc, chains: chains)
            if preciseScratch.measuresTurn { preciseScratch.rodTurnedTooFar = rodsTurnedTooFar() }
            // Half-step velocities including the constraint correction.
            takeDriftVelocities(h, x: x, a: a, v: v, w: w, count: n)
            if jumped { applyAnchorJumps(t0: t0, t1: t1, x: x, a: a, im: im, ii: ii, J: J, chains: chains) }
        }

        // Second kick.
        kick(halfH, endTime: t1)

        // Velocity projection onto G(q_{n+1}) v + ∂g/∂t = 0.
        if jc > 0 { projectRodVelocities(chains: chains) }

        // The other half of the damping.
        dampHalf(halfH)
    }

    /// RATTLE's drift over `h` seconds: each moving body's position (points) and angle (radians) advance by h times
    /// its half-step velocity, q_n kept in `previousPosition` and `previousAngle` for the velocities after SHAKE.
    @inline(__always)
    private func drift(
        _ h: Double, x: UnsafeMutablePointer<Vector2>, a: UnsafeMutablePointer<Double>,
        v: UnsafeMutablePointer<Vector2>, w: UnsafeMutablePointer<Double>, count n: Int
    ) {
        let x0 = bodies.previousPosition.base, a0 = bodies.previousAngle.base, im = bodies.invMass.base
        for i in 0..<n where im[i] > 0 {
            x0[i] = x[i]
            a0[i] = a[i]
            x[i] += h * v[i]
            a[i] += h * w[i]
        }
    }

    /// Moves the scripted anchors to their paths at `t1` (seconds), less any jump in (`t0`, `t1`], with their
    /// velocities there (points/s); sets `jumped` when some path jumps (the jump is applied after the velocities).
    @inline(__always)
    private func moveScriptedAnchors(
        from t0: Double, to t1: Double, J: UnsafeMutablePointer<Joint>,
        jumped: inout Bool
    ) {
        for k in jointData.scriptedJoints {
            let path = jointData.paths[J[k].path]
            let jump = path.jumpDisplacement(after: t0, through: t1)
            if jump != .zero { jumped = true }
            J[k].anchor = path.position(at: t1) - jump
            J[k].anchorVelocity = path.velocity(at: t1)
        }
    }

    /// RATTLE's SHAKE projection of a step of `h` seconds: the positions onto g(q, t_{n+1}) = 0 along the gradients
    /// at q_n, by Newton along chains (PreciseChains.swift) or else Gauss–Seidel sweeps, falling back to the current
    /// gradients when those break down; then each rod's multipliers as forces (signed λ / h²) for the next warm start.
    @inline(__always)
    private func shakeRodPositions(
        _ h: Double, x: UnsafeMutablePointer<Vector2>, a: UnsafeMutablePointer<Double>,
        im: UnsafeMutablePointer<Double>, ii: UnsafeMutablePointer<Double>,
        J: UnsafeMutablePointer<Joint>, count jc: Int, chains: Bool
    ) {
        // Chains: Newton steps with a tridiagonal solve (PreciseChains.swift); otherwise, or if that breaks down,
        // Gauss–Seidel sweeps.
        let warmStart = preciseScratch.stepHold.holding ? h * h : 0
        var solved = chains && shakeChains(x: x, a: a, im: im, ii: ii, J: J, warmStart: warmStart)
        if chains && !solved {
            // The old gradients broke down (a rod turned too far in the step): Newton along the current ones.
            preciseScratch.chainFallbacks += 1
            preciseScratch.fallbackProjections += 1
            solved = shakeChains(x: x, a: a, im: im, ii: ii, J: J, fallback: true)
        }
        if !solved && !shakePositions(x: x, a: a, im: im, ii: ii, J: J, count: jc, fallback: false) {
            preciseScratch.fallbackProjections += 1
            _ = shakePositions(x: x, a: a, im: im, ii: ii, J: J, count: jc, fallback: true)
        }
        // The multipliers as forces (signed λ / h²), this piece's and the last one's, for the next piece's warm
        // start (PreciseChains.swift; `impulse` and `bias` are uikit scratch, unused in `precise`).
        for k in 0..<jc {
            J[k].bias = J[k].impulse
            J[k].impulse = J[k].tension / (h * h)
            J[k].tension = abs(J[k].impulse)
        }
    }

    /// RATTLE's half-step velocities after SHAKE: v½ = (q' − q) / h for each moving body (points/s and rad/s), so
    /// they include the constraint correction. `h` in seconds.
    @inline(__always)
    private func takeDriftVelocities(
        _ h: Double, x: UnsafeMutablePointer<Vector2>, a: UnsafeMutablePointer<Double>,
        v: UnsafeMutablePointer<Vector2>, w: UnsafeMutablePointer<Double>, count n: Int
    ) {
        let x0 = bodies.previousPosition.base, a0 = bodies.previousAngle.base, im = bodies.invMass.base
        let invH = 1 / h
        for i in 0..<n where im[i] > 0 {
            v[i] = (x[i] - x0[i]) * invH
            w[i] = (a[i] - a0[i]) * invH
        }
    }

    /// Whether some rod turned more than ``maxTurnPerPiece`` in the piece just taken (`J[k].u` is still the direction
    /// at q_n): sin² of each turn (1 past a quarter turn), without a square root or an arctangent.
    private func rodsTurnedTooFar() -> Bool {
        let x = bodies.position.base, a = bodies.angle.base
        let jc = jointData.joints.count, J = jointData.joints.base
        var turn = 0.0
        for k in 0..<jc where J[k].isRigid && !J[k].isPin {
            let ia = J[k].a, ib = J[k].b
            let rB = J[k].localB == .zero ? Vector2.zero : rotate(J[k].localB, by: a[ib])
            let rA = ia >= 0 && J[k].localA != .zero ? rotate(J[k].localA, by: a[ia]) : Vector2.zero
            let d = x[ib] + rB - (ia >= 0 ? x[ia] + rA : J[k].anchor)
            let c = dot(J[k].u, d), sn = cross(J[k].u, d)
            turn = max(turn, c <= 0 ? 1 : sn * sn / (c * c + sn * sn))
        }
        return turn.squareRoot() >= sin(World.maxTurnPerPiece)
    }

    /// Exact exponential decay of the velocities over `halfH` (half of the resistance in the Strang splitting).
    @inline(__always)
    private func dampHalf(_ halfH: Double) {
        let v = bodies.velocity.base, w = bodies.angularVelocity.base, im = bodies.invMass.base
        let cl = bodies.linearDamping.base, ca = bodies.angularDamping.base
        for i in 0..<bodyData.items.count where im[i] > 0 {
            if cl[i] != 0 { v[i] *= exp(-cl[i] * halfH) }
            if ca[i] != 0 { w[i] *= exp(-ca[i] * halfH) }
        }
    }

    /// A half kick: `halfH` worth of gravity, the pushes, the fields (at the step's end time `t1`) and the springs.
    @inline(__always)
    private func kick(_ halfH: Double, endTime t1: Double) {
        let x = bodies.position.base, a = bodies.angle.base, v = bodies.velocity.base, w = bodies.angularVelocity.base
        let im = bodies.invMass.base, ii = bodies.invInertia.base, g = bodies.gravity.base
        for i in 0..<bodyData.items.count where im[i] > 0 {
            v[i] += halfH * g[i]
        }
        if behaviors.pushing { kickPushes(halfH) }
        if !behaviors.fields.isEmpty { kickFields(halfH, endTime: t1) }
        applySpringForces(dt: halfH, x: x, a: a, v: v, w: w, im: im, ii: ii)
    }

    /// RATTLE's velocity projection onto G(q) v + ∂g/∂t = 0 at the step's end: along chains one direct solve
    /// (PreciseChains.swift), then Gauss–Seidel sweeps that confirm (or finish) it to 1e-9 points/s.
    private func projectRodVelocities(chains: Bool) {
        let x = bodies.position.base, a = bodies.angle.base, v = bodies.velocity.base, w = bodies.angularVelocity.base
        let im = bodies.invMass.base, ii = bodies.invInertia.base
        let jc = jointData.joints.count, J = jointData.joints.base
        for k in 0..<jc where J[k].isRigid {
            refreshGeometry(&J[k], x: x, a: a)
        }
        // Along chains one direct solve does it; the sweeps below then only confirm (or finish) it.
        if chains { _ = projectChainVelocities(v: v, w: w, im: im, ii: ii, J: J) }
        for _ in 0..<World.shakeMaxSweeps {
            var worst = 0.0
            for k in 0..<jc where J[k].isRigid {
                let ia = J[k].a, ib = J[k].b
                let u = J[k].u, rA = J[k].rA, rB = J[k].rB
                let vpA = ia >= 0 ? v[ia] + cross(w[ia], rA) : J[k].anchorVelocity
                let vpB = v[ib] + cross(w[ib], rB)
                if J[k].isPin {
                    // Point constraint: relative velocity zero in both axes.
                    let cdot = vpB - vpA
                    let r = max(abs(cdot.x), abs(cdot.y))
                    if r > worst { worst = r }
                    if r <= World.shakeTolerance { continue }
                    let imA = ia >= 0 ? im[ia] : 0, iiA = ia >= 0 ? ii[ia] : 0, imB = im[ib], iiB = ii[ib]
                    let pA = perp(rA), pB = perp(rB)
                    let mu = solvePin(pA: pA, nA: pA, pB: pB, nB: pB, imA: imA, iiA: iiA, imB: imB, iiB: iiB, -cdot)
                    applyPinStep(
                        mu, a: ia, b: ib, nA: pA, nB: pB, imA: imA, iiA: iiA, imB: imB, iiB: iiB, linear: v, angular: w)
                    continue
                }
                let cdot = dot(u, vpB - vpA)
                let r = abs(cdot)
                if r > worst { worst = r }
                if r <= World.shakeTolerance { continue }
                applyPairImpulse(
                    (-J[k].mass * cdot) * u, a: ia, b: ib, rA: rA, rB: rB, linear: v, angular: w, im: im, ii: ii)
            }
            if worst <= World.shakeTolerance { break }
        }
    }

    /// After impacts moved items on rigid attachments: the positions projected back onto the rods along the current
    /// gradients (Newton along chains, else Gauss–Seidel) and the velocities onto G(q) v + ∂g/∂t = 0, so the rods carry
    /// their share of an impact's impulse as rigid links do (an inelastic reaction along each rod). The rods' tensions,
    /// which plan the next step, are kept.
    func projectOntoRods() {
        let x = bodies.position.base, a = bodies.angle.base, im = bodies.invMass.base, ii = bodies.invInertia.base
        let jc = jointData.joints.count, J = jointData.joints.base
        let tension = (0..<jc).map { J[$0].tension }  // (after an impact only: allocation is fine)
        let chains = jc > 1 && chainsReady(im: im, J: J, count: jc)
        if !(chains && shakeChains(x: x, a: a, im: im, ii: ii, J: J, fallback: true)) {
            _ = shakePositions(x: x, a: a, im: im, ii: ii, J: J, count: jc, fallback: true)
        }
        projectRodVelocities(chains: chains)
        for k in 0..<jc { J[k].tension = tension[k] }
    }

    /// Moves the scripted anchors by their jumps in (`t0`, `t1`] and projects the positions onto the rods again, along
    /// the current gradients (Newton along the chains, else Gauss–Seidel), leaving the velocities alone.
    private func applyAnchorJumps(
        t0: Double, t1: Double, x: UnsafeMutablePointer<Vector2>, a: UnsafeMutablePointer<Double>,
        im: UnsafeMutablePointer<Double>, ii: UnsafeMutablePointer<Double>,
        J: UnsafeMutablePointer<Joint>, chains: Bool
    ) {
        for k in jointData.scriptedJoints {
            J[k].anchor += jointData.paths[J[k].path].jumpDisplacement(after: t0, through: t1)
        }
        let tension = (0..<jointData.joints.count).map { J[$0].tension }  // (a jump is rare: allocation is fine)
        if !(chains && shakeChains(x: x, a: a, im: im, ii: ii, J: J, fallback: true)) {
            _ = shakePositions(x: x, a: a, im: im, ii: ii, J: J, count: jointData.joints.count, fallback: true)
        }
        for k in 0..<jointData.joints.count { J[k].tension = tension[k] }
    }

    /// Lever arms, unit axis and effective mass of a joint at the current positions (anchors as stored).
    @inline(__always)
    private func refreshGeometry(_ j: inout Joint, x: UnsafeMutablePointer<Vector2>, a: UnsafeMutablePointer<Double>) {
        let ib = j.b, ia = j.a
        let rB = j.localB == .zero ? .zero : rotate(j.localB, by: a[ib])
        let rA = ia >= 0 && j.localA != .zero ? rotate(j.localA, by: a[ia]) : .zero
        let pA = ia >= 0 ? x[ia] + rA : j.anchor
        let d = x[ib] + rB - pA
        let len = norm(d)
        let u = len > 0 ? d / len : Vector2(0, 1)
        j.rA = rA
        j.rB = rB
        j.u = u
        j.currentLength = len
        let crA = cross(rA, u), crB = cross(rB, u)
        var k = bodies.invMass[ib] + bodies.invInertia[ib] * crB * crB
        if ia >= 0 { k += bodies.invMass[ia] + bodies.invInertia[ia] * crA * crA }
        j.mass = k > 0 ? 1 / k : 0
    }

    /// Gauss–Seidel SHAKE sweeps over the rigid joints. Each update moves the bodies along the gradient stored by
    /// `refreshGeometry` at q_n (RATTLE's direction) or, with `fallback`, along the current gradient.
    /// Returns whether every rod is within tolerance.
    private func shakePositions(
        x: UnsafeMutablePointer<Vector2>, a: UnsafeMutablePointer<Double>,
        im: UnsafeMutablePointer<Double>, ii: UnsafeMutablePointer<Double>,
        J: UnsafeMutablePointer<Joint>, count jc: Int, fallback: Bool
    ) -> Bool {
        for _ in 0..<World.shakeMaxSweeps {
            var worst = 0.0
            for k in 0..<jc where J[k].isRigid {
                let ia = J[k].a, ib = J[k].b
                let imA = ia >= 0 ? im[ia] : 0, iiA = ia >= 0 ? ii[ia] : 0
                let imB = im[ib], iiB = ii[ib]
                let localA = J[k].localA, localB = J[k].localB
                let rB = localB == .zero ? Vector2.zero : rotate(localB, by: a[ib])
                let rA = ia >= 0 && localA != .zero ? rotate(localA, by: a[ia]) : Vector2.zero
                let pA = ia >= 0 ? x[ia] + rA : J[k].anchor
                let d = x[ib] + rB - pA
                if J[k].isPin {
                    // Point constraint d = 0: Newton step λ = −K⁻¹ d with K = G(q) M⁻¹ G(q_n)ᵀ, entries
                    // K_cd = (imA + imB) δ_cd + iiA perp(rA)_c perp(rA_n)_d + iiB perp(rB)_c perp(rB_n)_d.
                    let error = max(abs(d.x), abs(d.y))
                    if error > worst { worst = error }
                    if error <= World.shakeTolerance { continue }
                    let pA = perp(rA), pB = perp(rB)
                    let nA = fallback ? pA : perp(J[k].rA), nB = fallback ? pB : perp(J[k].rB)
                    let lambda = solvePin(pA: pA, nA: nA, pB: pB, nB: nB, imA: imA, iiA: iiA, imB: imB, iiB: iiB, -d)
                    applyPinStep(
                        lambda, a: ia, b: ib, nA: nA, nB: nB, imA: imA, iiA: iiA, imB: imB, iiB: iiB, linear: x,
                        angular: a)
                    continue
                }
                let len = norm(d)
                let C = len - J[k].length
                if abs(C) > worst { worst = abs(C) }
                if abs(C) <= World.shakeTolerance { continue }
                // Current gradient (for the Newton denominator, and the fallback direction).
                let u = len > 0 ? d / len : J[k].u
                let crA = cross(rA, u), crB = cross(rB, u)
                var dirU = J[k].u, dirA = cross(J[k].rA, J[k].u), dirB = cross(J[k].rB, J[k].u)
                var denom = (imA + imB) * dot(u, dirU) + iiA * crA * dirA + iiB * crB * dirB
                let full = imA + imB + iiA * dirA * dirA + iiB * dirB * dirB
                if fallback || !(denom > 0.25 * full) {
                    if !fallback { return false }
                    dirU = u; dirA = crA; dirB = crB
                    denom = imA + imB + iiA * crA * crA + iiB * crB * crB
                }
                if !(denom > 0) { continue }
                let lambda = -C / denom
                J[k].tension += lambda
                let P = lambda * dirU
                if ia >= 0 {
                    x[ia] -= imA * P
                    a[ia] -= iiA * dirA * lambda
                }
                x[ib] += imB * P
                a[ib] += iiB * dirB * lambda
            }
            if worst <= World.shakeTolerance { return true }
        }
        return fallback
    }
}
