/// Direct projections for the `precise` profile when its rigid rods form chains (paths: every movable body on at most
/// two rods, no loops, no pin joints), as scene B's chain of links does. Gauss–Seidel SHAKE converges slowly along a
/// long chain (its error falls by about 1 − c/N² a sweep), so there one Newton step solves all rods at once: the
/// linearised system K λ = −C with K = G(q) M⁻¹ G(q_n)ᵀ couples only rods that share a body, so ordered along the
/// chain it is tridiagonal and the Thomas algorithm solves it in O(N) (the chain case of Baraff 1996, "Linear-time
/// dynamics using Lagrange multipliers"). A few Newton steps reach the 1e-9 pt tolerance; the velocity projection is
/// linear and takes one solve. Anything else (pins, branches, loops, a solve that breaks down) falls back to the
/// Gauss–Seidel sweeps.
extension World {
    /// Whether the rigid rods form chains, ordering them once per set of joints (the topology does not change while
    /// the world runs; scripted anchors move ends, not links).
    func chainsReady(im: UnsafeMutablePointer<Double>, J: UnsafeMutablePointer<Joint>, count jc: Int) -> Bool {
        guard preciseScratch.usesChainSolver else { return false }
        if preciseScratch.chainOrderedFor != jc || preciseScratch.chainDegree.count != bodyData.items.count {
            preciseScratch.chainOrderedFor = jc
            // Only worth it when some rods share a body: lone rods converge in a sweep or two of Gauss–Seidel.
            preciseScratch.chainIsPath =
                orderChains(im: im, J: J, count: jc) && preciseScratch.chainShared.contains { $0 >= 0 }
            if preciseScratch.chainIsPath {
                preciseScratch.chain.load(order: preciseScratch.chainOrder, shared: preciseScratch.chainShared)
            }
        }
        return preciseScratch.chainIsPath
    }

    /// Orders the rigid rods along their paths into `chainOrder` / `chainShared`; false when they do not form paths.
    func orderChains(im: UnsafeMutablePointer<Double>, J: UnsafeMutablePointer<Joint>, count jc: Int) -> Bool {
        let n = bodyData.items.count
        preciseScratch.chainOrder.removeAll(keepingCapacity: true)
        preciseScratch.chainShared.removeAll(keepingCapacity: true)
        if preciseScratch.chainDegree.count != n {
            preciseScratch.chainDegree = [Int](repeating: 0, count: n);
            preciseScratch.chainNeighbors = [SIMD2<Int>](repeating: .zero, count: n)
        }
        for i in 0..<n { preciseScratch.chainDegree[i] = 0; preciseScratch.chainNeighbors[i] = SIMD2(-1, -1) }
        var rods = 0
        // Each movable body lists its (at most two) rods.
        for k in 0..<jc where J[k].isRigid {
            if J[k].isPin || !(J[k].length > 0) { return false }
            rods += 1
            for body in [J[k].a, J[k].b] where body >= 0 && im[body] > 0 {  // once per topology: allocation is fine
                let d = preciseScratch.chainDegree[body]
                if d >= 2 { return false }
                preciseScratch.chainNeighbors[body][d] = k
                preciseScratch.chainDegree[body] = d + 1
            }
        }
        guard rods > 1 else { return false }
        /// The other rod at `body` than `k`, or −1.
        func other(_ k: Int, at body: Int) -> Int {
            guard body >= 0, im[body] > 0 else { return -1 }
            let nb = preciseScratch.chainNeighbors[body]
            return nb[0] == k ? nb[1] : nb[0]
        }
        var visited = 0
        var seen = Set<Int>()
        // Start each path at a rod with a free end (no other rod there), then walk.
        for k in 0..<jc where J[k].isRigid && !seen.contains(k) {
            guard other(k, at: J[k].a) < 0 || other(k, at: J[k].b) < 0 else { continue }
            var current = k, shared = -1
            while current >= 0 && !seen.contains(current) {
                seen.insert(current)
                preciseScratch.chainOrder.append(current)
                preciseScratch.chainShared.append(shared)
                visited += 1
                let ends = [J[current].a, J[current].b]
                let exit = ends.first { $0 != shared && other(current, at: $0) >= 0 } ?? -1
                if exit < 0 { break }
                let next = other(current, at: exit)
                shared = exit
                current = next
            }
        }
        return visited == rods  // otherwise some rods form a loop
    }

    /// Solves the tridiagonal system in `chainLower/Diag/Upper/RHS` (row p: lower couples p − 1, upper p + 1) in place,
    /// the solution left in `chainRHS`; false when a pivot vanishes.
    private func solveChainSystem(_ m: Int) -> Bool {
        let lo = preciseScratch.chain.lower.base, di = preciseScratch.chain.diag.base
        let up = preciseScratch.chain.upper.base, r = preciseScratch.chain.rhs.base
        for p in 1..<m {
            guard abs(di[p - 1]) > 1e-300 else { return false }
            let f = lo[p] / di[p - 1]
            di[p] -= f * up[p - 1]
            r[p] -= f * r[p - 1]
        }
        guard abs(di[m - 1]) > 1e-300 else { return false }
        r[m - 1] /= di[m - 1]
        var finite = r[m - 1].isFinite
        var p = m - 2
        while p >= 0 {
            r[p] = (r[p] - up[p] * r[p + 1]) / di[p]
            if !r[p].isFinite { finite = false }
            p -= 1
        }
        return finite
    }

    /// Fills row p's coupling with row q (they share `body`): K_pq = s_p s_q (m⁻¹ u_p · dirU_q + I⁻¹ cr_p dir_q).
    @inline(__always)
    private func coupling(
        _ p: Int, _ q: Int, body: Int, J: UnsafeMutablePointer<Joint>, im: UnsafeMutablePointer<Double>,
        ii: UnsafeMutablePointer<Double>
    ) -> Double {
        let s = preciseScratch.chain
        let kp = s.order[p], kq = s.order[q]
        let sp: Double = J[kp].b == body ? 1 : -1, sq: Double = J[kq].b == body ? 1 : -1
        let crP = J[kp].b == body ? s.cross[p].y : s.cross[p].x
        let dirQ = J[kq].b == body ? s.dir[q].y : s.dir[q].x
        return sp * sq * (im[body] * dot(s.u[p], s.dirU[q]) + ii[body] * crP * dirQ)
    }

    /// Newton steps for the rod lengths along the chains (RATTLE's old-gradient directions from `refreshGeometry`, or
    /// with `fallback` the current gradients: plain Newton on the constraints, robust where a rod turned so far in the
    /// step that the old gradient no longer moves it, but not symplectic); true when every rod is within tolerance,
    /// false to fall back further.
    ///
    /// With `warmStart` (h² of the step) the iteration starts from the multipliers extrapolated from the last two
    /// pieces: each rod's force 2 F₁ − F₂ (F₁ = `Joint.impulse`, F₂ = `Joint.bias`, the signed λ / h² of the last two
    /// projections; uikit's scratch, unused in `precise`) times h², applied along the old gradients. The tensions change
    /// smoothly from piece to piece, so the first residual is far smaller than from λ = 0 and Newton needs one solve
    /// instead of two (measured on scene B: 2.0 residual evaluations a piece instead of 3.0); the root it converges to
    /// is the same, to the 1e-9 pt tolerance.
    func shakeChains(
        x: UnsafeMutablePointer<Vector2>, a: UnsafeMutablePointer<Double>, im: UnsafeMutablePointer<Double>,
        ii: UnsafeMutablePointer<Double>, J: UnsafeMutablePointer<Joint>, fallback: Bool = false,
        warmStart: Double = 0
    ) -> Bool {
        let s = preciseScratch.chain, m = s.count
        if warmStart > 0 && !fallback {
            for p in 0..<m {
                let k = s.order[p], ia = J[k].a, ib = J[k].b
                let lambda = (2 * J[k].impulse - J[k].bias) * warmStart
                guard lambda != 0 && lambda.isFinite else { continue }
                let P = lambda * J[k].u
                if ia >= 0 {
                    x[ia] -= im[ia] * P
                    a[ia] -= ii[ia] * cross(J[k].rA, J[k].u) * lambda
                }
                x[ib] += im[ib] * P
                a[ib] += ii[ib] * cross(J[k].rB, J[k].u) * lambda
                J[k].tension += lambda
            }
        }
        for _ in 0..<50 {
            var worst = 0.0
            for p in 0..<m {
                let k = s.order[p], ia = J[k].a, ib = J[k].b
                let rB = J[k].localB == .zero ? Vector2.zero : rotate(J[k].localB, by: a[ib])
                let rA = ia >= 0 && J[k].localA != .zero ? rotate(J[k].localA, by: a[ia]) : Vector2.zero
                let d = x[ib] + rB - (ia >= 0 ? x[ia] + rA : J[k].anchor)
                let len = norm(d)
                let c = len - J[k].length
                worst = max(worst, abs(c))
                let u = len > 0 ? d / len : J[k].u
                s.u[p] = u
                s.cross[p] = SIMD2(cross(rA, u), cross(rB, u))
                if fallback {
                    s.dirU[p] = u
                    s.dir[p] = s.cross[p]
                } else {
                    s.dirU[p] = J[k].u
                    s.dir[p] = SIMD2(cross(J[k].rA, J[k].u), cross(J[k].rB, J[k].u))
                }
                s.rhs[p] = -c
            }
            if worst <= World.shakeTolerance { return true }
            for p in 0..<m {
                let k = s.order[p], ia = J[k].a, ib = J[k].b
                let imA = ia >= 0 ? im[ia] : 0, iiA = ia >= 0 ? ii[ia] : 0
                let diag =
                    (imA + im[ib]) * dot(s.u[p], s.dirU[p]) + iiA
                    * s.cross[p].x * s.dir[p].x
                    + ii[ib] * s.cross[p].y * s.dir[p].y
                let full =
                    imA + im[ib] + iiA * s.dir[p].x * s.dir[p].x + ii[ib]
                    * s.dir[p].y * s.dir[p].y
                guard diag > 0.25 * full else { return false }
                s.diag[p] = diag
                s.lower[p] = 0
                s.upper[p] = 0
            }
            guard solveChainAndApply(m, linear: x, angular: a, J: J, im: im, ii: ii) else { return false }
            for p in 0..<m { J[s.order[p]].tension += s.rhs[p] }
        }
        return false
    }

    /// Couples neighbouring rods, solves the tridiagonal system and moves each rod's bodies along its direction
    /// (`chainDirU`, `chainDir`) by its multiplier: `linear` and `angular` are positions and angles, or velocities and
    /// angular velocities. False when the solve breaks down.
    private func solveChainAndApply(
        _ m: Int, linear: UnsafeMutablePointer<Vector2>, angular: UnsafeMutablePointer<Double>,
        J: UnsafeMutablePointer<Joint>, im: UnsafeMutablePointer<Double>,
        ii: UnsafeMutablePointer<Double>
    ) -> Bool {
        let s = preciseScratch.chain
        for p in 1..<m where s.shared[p] >= 0 {
            s.lower[p] = coupling(p, p - 1, body: s.shared[p], J: J, im: im, ii: ii)
            s.upper[p - 1] = coupling(
                p - 1, p, body: s.shared[p], J: J, im: im, ii: ii)
        }
        guard solveChainSystem(m) else { return false }
        for p in 0..<m {
            let k = s.order[p], ia = J[k].a, ib = J[k].b, lambda = s.rhs[p]
            let P = lambda * s.dirU[p]
            if ia >= 0 {
                linear[ia] -= im[ia] * P
                angular[ia] -= ii[ia] * s.dir[p].x * lambda
            }
            linear[ib] += im[ib] * P
            angular[ib] += ii[ib] * s.dir[p].y * lambda
        }
        return true
    }

    /// The velocity projection G(q) v' + ∂g/∂t = 0 along the chains in one solve (K = G M⁻¹ Gᵀ at the current
    /// geometry from `refreshGeometry`); false when the solve breaks down (the caller's sweeps then do the work).
    func projectChainVelocities(
        v: UnsafeMutablePointer<Vector2>, w: UnsafeMutablePointer<Double>,
        im: UnsafeMutablePointer<Double>, ii: UnsafeMutablePointer<Double>,
        J: UnsafeMutablePointer<Joint>
    ) -> Bool {
        let s = preciseScratch.chain, m = s.count
        for p in 0..<m {
            let k = s.order[p], ia = J[k].a, ib = J[k].b
            let u = J[k].u, rA = J[k].rA, rB = J[k].rB
            let vpA = ia >= 0 ? v[ia] + cross(w[ia], rA) : J[k].anchorVelocity
            let vpB = v[ib] + cross(w[ib], rB)
            s.u[p] = u
            s.dirU[p] = u
            s.cross[p] = SIMD2(cross(rA, u), cross(rB, u))
            s.dir[p] = s.cross[p]
            s.rhs[p] = -dot(u, vpB - vpA)
            let imA = ia >= 0 ? im[ia] : 0, iiA = ia >= 0 ? ii[ia] : 0
            s.diag[p] =
                imA + im[ib] + iiA * s.cross[p].x * s.cross[p].x + ii[ib]
                * s.cross[p].y * s.cross[p].y
            s.lower[p] = 0
            s.upper[p] = 0
        }
        return solveChainAndApply(m, linear: v, angular: w, J: J, im: im, ii: ii)
    }
}
