import Foundation

// `precise` impacts: the impulse at a time of impact (see PreciseImpacts.swift), solved over the impact's pair and the
// resting contacts the impulse passes through.
//
// The group: the impacting pair's manifold points, each with Newton's target (its normal relative velocity becomes at
// least −e times its approach speed), and, found breadth first from the pair through the contacts touching at the end
// of the piece that already touched before it (at most ``maxImpactGroupContacts``), each resting contact's points,
// whose target is not to approach: they pass the impulse on (a box landing on a box that rests on the floor presses on
// the floor, which pushes back), and what the resting contact has held since the piece's start is taken at the impact
// too (each item in the group drifts from the impact on, as after its own impact). Coulomb friction on every point.
// Sequential impulses (Gauss–Seidel on the accumulated impulses, normal impulses at least 0, tangential within μ times
// the normal), iterated until no impulse changes by more than 1e-10 of the largest, at most 32 sweeps.
//
// Energy: Newton's restitution law with friction can add kinetic energy in the oblique impact of a turning body
// (Kane and Levinson's example). When the impulses would leave the group with more kinetic energy than it had, the
// impact's restitution is lowered, by bisection, to the largest that does not: a bounce never gains energy.

extension World {
    /// The most resting contacts an impact's impulse is passed through.
    static let maxImpactGroupContacts = 8

    /// Resolves one impact at its time: the impulses of its group (above), added to the items' sums. Returns the first
    /// contact point of the pair.
    func applyImpact(_ p: PendingImpact, h: Double, _ s: inout ImpactScratch) -> Vector2 {
        let c = p.contact, tau = p.tau
        var group = ImpactGroup()
        let margin = 1e-9 * (1 + bodyData.itemReach[c.b])
        guard let wm = addPoints(of: c, at: tau, h: h, margin: margin, primary: true, s, to: &group) else {
            return poseTransform(c.b, at: tau, h: h, s).p
        }
        let point = wm.points.0 + (0.5 * margin) * wm.normal  // (the margin moved the reported point by margin / 2)
        addRestingContacts(from: c, at: tau, h: h, s, to: &group)
        let approach = group.points.filter(\.primary).map { -$0.approach }.max() ?? 0
        let e = restitution(of: c, approach: approach, normal: wm.normal, hits: p.hits, h: h)
        var solved = group
        solved.solve(restitution: e)
        if e > 0 && solved.kineticEnergy > group.kineticEnergy * (1 + 1e-12) {
            var lo = 0.0, hi = e
            for _ in 0..<30 {
                let mid = 0.5 * (lo + hi)
                var trial = group
                trial.solve(restitution: mid)
                if trial.kineticEnergy > group.kineticEnergy * (1 + 1e-12) { hi = mid } else { lo = mid }
            }
            solved = group
            solved.solve(restitution: lo)
        }
        for (k, body) in solved.bodies.enumerated() {
            let before = group.bodies[k]
            s.add(body.index, dv: body.v - before.v, dw: body.w - before.w, at: tau, primary: true)
        }
        return point
    }

    /// Adds contact `c`'s manifold points at `tau` (B grown by `margin`) to the group; returns the world manifold, or
    /// nil when the pair does not touch there.
    private func addPoints(
        of c: ContactConstraint, at tau: Double, h: Double, margin: Double, primary: Bool,
        _ s: ImpactScratch, to group: inout ImpactGroup
    )
        -> (normal: Vector2, points: (Vector2, Vector2), separations: (Double, Double))?
    {
        let xfA = c.a >= 0 ? poseTransform(c.a, at: tau, h: h, s) : .identity,
            xfB = poseTransform(c.b, at: tau, h: h, s)
        let m = pairManifold(c, xfA, xfB, margin: margin)
        guard m.pointCount > 0 else { return nil }
        let wm = worldManifold(m, xfA, radiusA: c.radiusA, xfB, radiusB: c.radiusB + margin)
        func slot(_ i: Int, _ xf: Transform) -> Int {
            guard i >= 0 && bodies.invMass[i] > 0 else { return -1 }
            if let k = group.bodies.firstIndex(where: { $0.index == i }) { return k }
            let (v, w) = velocity(i, at: tau, h: h, s)
            let item = bodyData.items[i]
            group.bodies.append(
                ImpactBody(
                    index: i, center: xf.p, v: v, w: w, invMass: bodies.invMass[i],
                    invInertia: bodies.invInertia[i], mass: item.mass,
                    inertia: bodies.invInertia[i] > 0 ? item.inertia : 0))
            return group.bodies.count - 1
        }
        let a = slot(c.a, xfA), b = slot(c.b, xfB)
        guard a >= 0 || b >= 0 else { return nil }
        for k in 0..<m.pointCount {
            group.add(
                a: a, b: b, point: k == 0 ? wm.points.0 : wm.points.1, normal: wm.normal, friction: c.friction,
                primary: primary)
        }
        return wm
    }

    /// Adds, breadth first from the impacting pair, the resting contacts (touching before the piece, at its end and at
    /// `tau`; not the piece's new contacts, which are impacts of their own) of the items in the group, up to
    /// ``maxImpactGroupContacts``. The contacts of each item come from `s.restingContacts` (built once a round).
    private func addRestingContacts(
        from primary: ContactConstraint, at tau: Double, h: Double, _ s: ImpactScratch,
        to group: inout ImpactGroup
    ) {
        var used: [UInt64] = [primary.key], added = 0, frontier = group.bodies.map(\.index)
        while !frontier.isEmpty && added < World.maxImpactGroupContacts {
            var next: [Int] = []
            for body in frontier {
                for k in s.restingContacts(of: body) where added < World.maxImpactGroupContacts {
                    let c = contactData.contacts[k]
                    guard !used.contains(c.key) else { continue }
                    used.append(c.key)
                    let before = group.bodies.count
                    let margin = 1e-9 * (1 + bodyData.itemReach[c.b])
                    guard addPoints(of: c, at: tau, h: h, margin: margin, primary: false, s, to: &group) != nil else {
                        continue
                    }
                    added += 1
                    next += group.bodies[before...].map(\.index)
                }
            }
            frontier = next
        }
    }
}

/// An item in an impact's group: its velocities at the time of impact and its masses.
struct ImpactBody {
    var index: Int
    var center: Vector2
    var v: Vector2
    var w: Double
    var invMass: Double
    var invInertia: Double
    var mass: Double
    var inertia: Double
}

/// A contact point in an impact's group (see PreciseImpulses.swift).
struct ImpactPoint {
    /// The two items' slots in the group (−1: a boundary or an anchored item).
    var a: Int
    var b: Int
    var rA: Vector2
    var rB: Vector2
    var normal: Vector2
    var friction: Double
    var normalMass = 0.0
    var tangentMass = 0.0
    /// Whether the point is the impacting pair's.
    var primary: Bool
    /// The normal relative velocity before the impact (negative: approaching).
    var approach = 0.0
    var normalImpulse = 0.0
    var tangentImpulse = 0.0
}

/// The items and contact points an impact's impulse acts on, and the solver.
struct ImpactGroup {
    var bodies: [ImpactBody] = []
    var points: [ImpactPoint] = []

    /// The group's kinetic energy, mass · points²/s².
    var kineticEnergy: Double {
        bodies.reduce(0) { $0 + 0.5 * $1.mass * dot($1.v, $1.v) + 0.5 * $1.inertia * $1.w * $1.w }
    }

    /// The normal and tangential relative velocities at point `p`.
    private func relative(_ p: ImpactPoint) -> Vector2 {
        let vB = p.b >= 0 ? bodies[p.b].v + cross(bodies[p.b].w, p.rB) : .zero
        let vA = p.a >= 0 ? bodies[p.a].v + cross(bodies[p.a].w, p.rA) : .zero
        return vB - vA
    }

    /// Adds a contact point between the items in slots `a` and `b` (normal from A to B), its masses and its approach.
    mutating func add(a: Int, b: Int, point: Vector2, normal n: Vector2, friction: Double, primary: Bool) {
        var p = ImpactPoint(
            a: a, b: b, rA: a >= 0 ? point - bodies[a].center : .zero,
            rB: b >= 0 ? point - bodies[b].center : .zero, normal: n, friction: friction, primary: primary)
        let t = Vector2(n.y, -n.x)
        var kn = 0.0, kt = 0.0
        for (slot, r) in [(a, p.rA), (b, p.rB)] where slot >= 0 {
            let rn = cross(r, n), rt = cross(r, t)
            kn += bodies[slot].invMass + bodies[slot].invInertia * rn * rn
            kt += bodies[slot].invMass + bodies[slot].invInertia * rt * rt
        }
        p.normalMass = kn > 0 ? 1 / kn : 0
        p.tangentMass = kt > 0 ? 1 / kt : 0
        p.approach = dot(n, relative(p))
        points.append(p)
    }

    /// Sequential impulses to convergence: the pair's points reach a normal relative velocity of at least −e times
    /// their approach (0 when they were parting), the resting points do not approach; friction within μ times each
    /// point's normal impulse.
    mutating func solve(restitution e: Double) {
        let targets = points.map { $0.primary ? max(0, -e * $0.approach) : 0 }
        bodies.withUnsafeMutableBufferPointer { b in
            points.withUnsafeMutableBufferPointer { pts in
                @inline(__always) func relative(_ p: ImpactPoint) -> Vector2 {
                    (p.b >= 0 ? b[p.b].v + cross(b[p.b].w, p.rB) : .zero)
                        - (p.a >= 0 ? b[p.a].v + cross(b[p.a].w, p.rA) : .zero)
                }
                @inline(__always) func apply(_ impulse: Vector2, _ p: ImpactPoint) {
                    if p.a >= 0 {
                        b[p.a].v -= b[p.a].invMass * impulse; b[p.a].w -= b[p.a].invInertia * cross(p.rA, impulse)
                    }
                    if p.b >= 0 {
                        b[p.b].v += b[p.b].invMass * impulse; b[p.b].w += b[p.b].invInertia * cross(p.rB, impulse)
                    }
                }
                for _ in 0..<ImpactGroup.maxIterations {
                    var change = 0.0, largest = 0.0
                    for k in pts.indices {
                        let p = pts[k], n = p.normal
                        let old = p.normalImpulse
                        let new = max(0, old - p.normalMass * (dot(n, relative(p)) - targets[k]))
                        pts[k].normalImpulse = new
                        apply((new - old) * n, p)
                        change = max(change, abs(new - old))
                        largest = max(largest, new)
                    }
                    for k in pts.indices {
                        let p = pts[k], t = Vector2(p.normal.y, -p.normal.x)
                        let old = p.tangentImpulse, bound = p.friction * p.normalImpulse
                        let new = min(max(old - p.tangentMass * dot(t, relative(p)), -bound), bound)
                        pts[k].tangentImpulse = new
                        apply((new - old) * t, p)
                        change = max(change, abs(new - old))
                    }
                    if change <= 1e-10 * largest { break }
                }
            }
        }
    }

    /// The most sweeps of sequential impulses (a lone pair converges in one or two; a group through a pile's resting
    /// contacts converges slowly, and is cut off here).
    static let maxIterations = 32
}
