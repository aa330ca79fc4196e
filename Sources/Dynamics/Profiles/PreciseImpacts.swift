import Foundation

// `precise` impacts: a contact that closes within a RATTLE piece is found at its time of impact and resolved there.
//
// Algorithm (event-driven impacts on a fixed step; the idea of Mirtich's impulse-based simulation and of Box2D's time
// of impact, with the piece's own motion as the trajectory):
// 1. Each piece starts from a saved state (x0, θ0, v0, ω0). After the RATTLE piece of length h the narrow phase runs at
//    the end state (x1, θ1, v1, ω1); a contact it finds that the last narrow phase did not have is a candidate.
// 2. Over the piece each item follows its step's own motion: x(τ) = x0 + τ v0 + (τ/h)² (x1 − x0 − h v0) and
//    v(τ) = v0 + (τ/h)(v1 − v0) (likewise θ, ω). For an item under constant forces (gravity, continuous pushes) this is
//    the velocity-Verlet step of length τ itself, so the motion is exact; for an item on a rod or spring it is the
//    piece's motion to O(h³).
// 3. A candidate that was apart at τ = 0 (separation above zero, measured by the narrow phase's own manifold functions
//    with a margin) has its time of impact found by Illinois regula falsi on the separation, to
//    ``impactTimeTolerance``. Impacts are taken in time order (ties by contact key).
// 4. At the impact the pair's velocities get the impulses of Newton's restitution law with Coulomb friction, passed
//    through the pair's resting contacts too, and never adding kinetic energy (PreciseImpulses.swift). The items then
//    move on with their new velocities: x(τ) gains (τ − τ_k) Δv_k for each impact k, so the piece's end state gains
//    h Σ Δv_k − Σ τ_k Δv_k, exact under constant forces.
// 5. After an impact the pair may meet again within the piece (a low bounce): from the bounce's apex to the piece's end
//    the separation is searched again. Other pending impacts of the items it moved are searched again from the impact.
// 6. Coming to rest (`e < 1`): after an impact with approach speed v_n and pressing acceleration a_n (the pair's
//    relative acceleration along the normal, from the step's motion), the bounces that follow form a geometric series
//    that ends after T = 2 e v_n / (a_n (1 − e)), its accumulation point. When T is at most one sub-step the impact is
//    taken as inelastic (e = 0): the bouncing ends at most one sub-step before its accumulation point, and the bounces
//    it drops rise at most a_n h² (1 − e)² / 8 (5e-4 pt for gravity 1.0 at 1/480 s). A rebound that would rise less
//    than ``negligibleRebound``, and a pair's ``maxImpactsPerPair``-th impact in one piece, are inelastic too.
// 7. Contacts touching at the piece's end are then resolved as resting contacts (PreciseContacts.swift), their drift
//    over the time since the item's last impact.
//
// A contact an impact creates within the piece with an item it had not touched is found touching at the next
// piece's start, and resolved there as an impact when it approaches faster than 100 pt/s. An item on a rigid
// attachment is projected back onto its rods after the impacts (``World/projectOntoRods()``), so a rod passes on its
// share of the impulse as an inelastic rigid link.

extension World {
    /// How close the time of impact is found, seconds.
    static let impactTimeTolerance = 1e-13
    /// The most impacts one pair may have in one piece before the next is taken as inelastic.
    static let maxImpactsPerPair = 64
    /// The most impacts resolved in one piece; later candidates are left to the resting contacts.
    static let maxImpactsPerPiece = 4096
    /// The least rebound height (points) an impact may start: one whose rebound would rise less, against the pressing
    /// acceleration, is inelastic (1e-9 pt, far below what is seen, and ten thousand times a double's resolution at
    /// screen coordinates): an elastic ball set down a hair above the floor rests instead of bouncing at every step.
    static let negligibleRebound = 1e-9

    /// Saves the state the coming piece starts from (see PreciseImpacts.swift).
    func savePieceStart() {
        let n = bodyData.items.count
        preciseScratch.pieceStart.save(
            position: bodies.position.base, angle: bodies.angle.base, velocity: bodies.velocity.base,
            angularVelocity: bodies.angularVelocity.base, count: n)
        preciseScratch.impacts.prepare(count: n)
    }

    /// Finds the impacts among the contacts the narrow phase just found new (marked with `narrowPhaseMark`), resolves
    /// them at their times of impact within the piece of length `h` that started at `t0`, then moves the items' end
    /// states, projects moved items on rods back onto them and refreshes their contacts. Returns whether any impact
    /// was resolved. (Events: ``recordImpactEvents()``.)
    func resolveImpacts(h: Double, t0: Double) -> Bool {
        var scratch = preciseScratch.impacts
        preciseScratch.impacts = ImpactScratch()
        defer { preciseScratch.impacts = scratch }
        scratch.pending.removeAll(keepingCapacity: true)
        scratch.records.removeAll(keepingCapacity: true)
        scratch.pieceMark = contactData.narrowPhaseMark
        findImpacts(h: h, &scratch)
        guard !scratch.pending.isEmpty else { return false }
        scratch.indexRestingContacts(contactData.contacts, itemCount: bodyData.items.count)
        var resolved = 0
        while resolved < World.maxImpactsPerPiece, let next = scratch.takeEarliest() {
            resolved += 1
            let point = applyImpact(next, h: h, &scratch)
            scratch.records.append(ImpactRecord(contact: next.contact, time: t0 + next.tau, point: point))
            searchAgain(after: next, h: h, &scratch)
        }
        scratch.pending.removeAll(keepingCapacity: true)
        moveEnds(scratch, h: h)
        if scratch.touched.contains(where: { $0 < jointData.rodCount.count && jointData.rodCount[$0] > 0 }) {
            projectOntoRods()
        }
        refreshContacts(of: scratch)
        return true
    }

    /// The impacts among the contacts marked new by the last narrow phase: those apart at the piece's start, with their
    /// times of impact; and those already touching then, shallowly, but approaching faster than 100 pt/s, at the
    /// piece's start (an impact in the piece before pushed an item into something it was not touching: found only now).
    private func findImpacts(h: Double, _ scratch: inout ImpactScratch) {
        let mark = contactData.narrowPhaseMark
        for k in contactData.contacts.indices where contactData.contacts[k].created == mark {
            let c = contactData.contacts[k]
            let margin = impactMargin(c, h: h, scratch)
            let f0 = separation(c, at: 0, h: h, margin: margin, scratch)
            guard f0 > 0 else {
                // Shallow only (a quarter of the thinner item's least width): deeper, the manifold's normal no longer
                // says which way the item came (a squeezed item held into a wall), and the resting contacts decide.
                let shallow = f0 > -min(sweepLimit(c.b), c.a >= 0 ? sweepLimit(c.a) : .infinity)
                if shallow && approaching(c, h: h, scratch) {
                    scratch.pending.append(PendingImpact(contact: c, tau: 0, hits: 0))
                }
                continue
            }
            let f1 = separation(c, at: h, h: h, margin: margin, scratch)
            guard f1 <= 0 else { continue }
            let tau = World.rootOfSeparation(lo: 0, flo: f0, hi: h, fhi: f1) {
                separation(c, at: $0, h: h, margin: margin, scratch)
            }
            scratch.pending.append(PendingImpact(contact: c, tau: tau, hits: 0))
        }
    }

    /// Whether contact `c`'s pair approaches at the piece's start faster than Box2D's restitution threshold (100 pt/s,
    /// at its first manifold point): faster than a piece's constant forces make a resting contact approach, so an
    /// impact in the piece before sent the item into it. Slower ones are resting contacts.
    private func approaching(_ c: ContactConstraint, h: Double, _ s: ImpactScratch) -> Bool {
        let xfA = c.a >= 0 ? poseTransform(c.a, at: 0, h: h, s) : .identity, xfB = poseTransform(c.b, at: 0, h: h, s)
        let m = pairManifold(c, xfA, xfB, margin: 0)
        guard m.pointCount > 0 else { return false }
        let wm = worldManifold(m, xfA, radiusA: c.radiusA, xfB, radiusB: c.radiusB)
        let vA = c.a >= 0 ? velocity(c.a, at: 0, h: h, s) : (Vector2.zero, 0.0), vB = velocity(c.b, at: 0, h: h, s)
        let p = wm.points.0
        let relative = vB.0 + cross(vB.1, p - xfB.p) - vA.0 - cross(vA.1, p - xfA.p)
        return dot(wm.normal, relative) < -World.restitutionThreshold
    }

    /// The end state of each moved item: it gains h Σ Δv − Σ τ Δv (and likewise its angle).
    private func moveEnds(_ scratch: ImpactScratch, h: Double) {
        let x = bodies.position.base, a = bodies.angle.base, v = bodies.velocity.base, w = bodies.angularVelocity.base
        for i in scratch.touched {
            x[i] += h * scratch.deltaV[i] - scratch.weightedDeltaV[i]
            v[i] += scratch.deltaV[i]
            a[i] += h * scratch.deltaW[i] - scratch.weightedDeltaW[i]
            w[i] += scratch.deltaW[i]
        }
    }

    /// Forgets the piece's impacts (after the resting contacts have used each item's time of its last impact).
    func clearImpacts() {
        preciseScratch.impacts.clear()
    }

    /// The time of item `i`'s last impact in the current piece, or −1.
    @inline(__always) func lastImpactTime(_ i: Int) -> Double {
        preciseScratch.impacts.lastImpact.isEmpty ? -1 : preciseScratch.impacts.lastImpact[i]
    }

    /// Records the impacts' begin events at their times of impact, each followed by an end event at the same time when
    /// the pair parts after it (another impact of the pair follows in the piece, or the pair no longer touches at the
    /// piece's end).
    func recordImpactEvents() {
        let records = preciseScratch.impacts.records
        for (k, r) in records.enumerated() {
            let c = r.contact
            contactData.events.append(event(for: c, kind: .begin, time: r.time, point: r.point))
            let again = records[(k + 1)...].contains { $0.contact.key == c.key }
            if again || contactPosition(of: c.key) == nil {
                contactData.events.append(event(for: c, kind: .end, time: r.time, point: nil))
            }
        }
    }

    /// Whether the pair under `key` had an impact in the current piece.
    func hadImpact(_ key: UInt64) -> Bool { preciseScratch.impacts.records.contains { $0.contact.key == key } }

    // MARK: Motion within the piece

    /// Item `i`'s transform at `tau` into the piece (see step 2 above), with the impacts' velocity changes so far.
    @inline(__always)
    func poseTransform(_ i: Int, at tau: Double, h: Double, _ s: ImpactScratch) -> Transform {
        let start = preciseScratch.pieceStart
        let r = tau / h
        let x =
            start.position[i] + tau * start.velocity[i] + (r * r)
            * (bodies.position[i] - start.position[i] - h * start.velocity[i])
            + tau * s.deltaV[i] - s.weightedDeltaV[i]
        let a =
            start.angle[i] + tau * start.angularVelocity[i]
            + (r * r) * (bodies.angle[i] - start.angle[i] - h * start.angularVelocity[i]) + tau * s.deltaW[i]
            - s.weightedDeltaW[i]
        return Transform(position: x, angle: a)
    }

    /// Item `i`'s velocity and angular velocity at `tau` into the piece, with the impacts' changes so far.
    @inline(__always)
    func velocity(_ i: Int, at tau: Double, h: Double, _ s: ImpactScratch) -> (Vector2, Double) {
        let start = preciseScratch.pieceStart, r = tau / h
        return (
            start.velocity[i] + r * (bodies.velocity[i] - start.velocity[i]) + s.deltaV[i],
            start.angularVelocity[i] + r * (bodies.angularVelocity[i] - start.angularVelocity[i]) + s.deltaW[i]
        )
    }

    /// Item `i`'s acceleration over the piece (the step's own: 2 (x1 − x0 − h v0) / h²), points/s².
    @inline(__always)
    func pieceAcceleration(_ i: Int, h: Double) -> Vector2 {
        let start = preciseScratch.pieceStart
        return (2 / (h * h)) * (bodies.position[i] - start.position[i] - h * start.velocity[i])
    }

    // MARK: Separation and the time of impact

    /// The margin the separation is measured with: more than the pair can close in the piece, so the manifold
    /// functions report points over the whole piece once the pair is that near.
    private func impactMargin(_ c: ContactConstraint, h: Double, _ s: ImpactScratch) -> Double {
        let start = preciseScratch.pieceStart
        func travel(_ i: Int) -> Double {
            norm(bodies.position[i] - start.position[i]) + abs(bodies.angle[i] - start.angle[i]) * bodyData.itemReach[i]
        }
        return 1 + travel(c.b) + (c.a >= 0 ? travel(c.a) : 0)
    }

    /// The pair's separation at `tau` into the piece, points: the least separation of the manifold the narrow phase's
    /// own function gives (so zero is exactly where it starts to report the pair touching), measured with `margin`
    /// added to B's radius; `margin` when the pair is farther apart than that.
    private func separation(_ c: ContactConstraint, at tau: Double, h: Double, margin: Double, _ s: ImpactScratch)
        -> Double
    {
        let xfB = poseTransform(c.b, at: tau, h: h, s)
        let xfA = c.a >= 0 ? poseTransform(c.a, at: tau, h: h, s) : .identity
        let m = pairManifold(c, xfA, xfB, margin: margin)
        guard m.pointCount > 0 else { return margin }
        let wm = worldManifold(m, xfA, radiusA: c.radiusA, xfB, radiusB: c.radiusB + margin)
        return (m.pointCount > 1 ? min(wm.separations.0, wm.separations.1) : wm.separations.0) + margin
    }

    /// The manifold of contact `c`'s pair at the given transforms, B's radius grown by `margin`: the function the narrow
    /// phase chose for it (NarrowPhase.swift's collideBoundaries and collideItemPairs, `precise` branch).
    func pairManifold(_ c: ContactConstraint, _ xfA: Transform, _ xfB: Transform, margin: Double) -> Manifold {
        let b = c.b, rb = bodyData.itemCircleRadius[b]
        @inline(__always) func grown() -> PolygonRef {
            var p = polygon(b)
            p.radius += margin
            return p
        }
        if c.a < 0 {
            let edge = contactData.boundaryEdges[Int((c.key >> 32) & 0x7FFF_FFFF)]
            if edge.hasV0 || edge.hasV3 {
                return rb < 0
                    ? collidePathSegmentAndPolygon(edge, grown(), xfB)
                    : collidePathSegmentAndCircle(edge, radius: rb + margin, xfB)
            }
            return rb < 0
                ? collideEdgeAndPolygon(edge.v1, edge.v2, edgeRadius: 0, grown(), xfB)
                : collideEdgeAndCircle(edge.v1, edge.v2, edgeRadius: 0, radius: rb + margin, xfB)
        }
        let ra = bodyData.itemCircleRadius[c.a]
        switch (ra < 0, rb < 0) {
        case (true, true): return collidePolygons(polygon(c.a), xfA, grown(), xfB)
        case (true, false): return collidePolygonAndCircle(polygon(c.a), xfA, radius: rb + margin, xfB)
        default: return collideCircles(radiusA: ra, xfA, radiusB: rb + margin, xfB)
        }
    }

    /// The first zero of a separation between `lo` (where it is `flo` > 0) and `hi` (where it is `fhi` <= 0), by the
    /// Illinois variant of regula falsi to within ``impactTimeTolerance``; returns the end where the pair touches.
    static func rootOfSeparation(lo: Double, flo: Double, hi: Double, fhi: Double, _ f: (Double) -> Double) -> Double {
        var lo = lo, hi = hi, flo = flo, fhi = fhi, kept = 0
        for _ in 0..<100 where hi - lo > World.impactTimeTolerance {
            var t = (lo * fhi - hi * flo) / (fhi - flo)
            if !(t > lo && t < hi) { t = 0.5 * (lo + hi) }
            let ft = f(t)
            if ft > 0 {
                lo = t; flo = ft
                if kept == 1 { fhi *= 0.5 }
                kept = 1
            } else {
                hi = t; fhi = ft
                if kept == -1 { flo *= 0.5 }
                kept = -1
            }
        }
        return hi
    }

    // MARK: The impulse (PreciseImpulses.swift)

    /// The restitution an impact takes: the pair's (Box2D's mixing, as the narrow phase has it), or 0 when the pair
    /// has had ``maxImpactsPerPair`` impacts in this piece, when its rebound would rise less than
    /// ``negligibleRebound`` against the pressing acceleration, or when the bounces it would start end within one
    /// sub-step (step 6 above).
    func restitution(of c: ContactConstraint, approach: Double, normal n: Vector2, hits: Int, h: Double) -> Double {
        let e = c.restitution
        if hits >= World.maxImpactsPerPair { return 0 }
        let pressing = -dot(n, pieceAcceleration(c.b, h: h) - (c.a >= 0 ? pieceAcceleration(c.a, h: h) : .zero))
        guard pressing > 0 else { return e }
        let rebound = e * approach
        if rebound * rebound / (2 * pressing) < World.negligibleRebound { return 0 }
        guard e < 1 else { return e }
        let series = 2 * e * approach / (pressing * (1 - e))
        return series <= subStepDuration * (1 + 1e-12) ? 0 : e
    }

    /// After an impact: whether the pair meets again before the piece ends (searched from the bounce's apex, where
    /// the separation is largest), and the new times of the pending impacts of the items it moved.
    private func searchAgain(after p: PendingImpact, h: Double, _ s: inout ImpactScratch) {
        let c = p.contact
        for k in s.pending.indices {
            let q = s.pending[k].contact
            guard q.b == c.b || q.a == c.b || (c.a >= 0 && (q.b == c.a || q.a == c.a)) else { continue }
            let qm = impactMargin(q, h: h, s)
            let fEnd = separation(q, at: h, h: h, margin: qm, s), fNow = separation(q, at: p.tau, h: h, margin: qm, s)
            if fEnd > 0 { s.pending[k].tau = .infinity; continue }
            s.pending[k].tau =
                fNow > 0
                ? World.rootOfSeparation(lo: p.tau, flo: fNow, hi: h, fhi: fEnd) {
                    separation(q, at: $0, h: h, margin: qm, s)
                }
                : p.tau
        }
        s.pending.removeAll { $0.tau == .infinity }
        let margin = impactMargin(c, h: h, s)
        let fEnd = separation(c, at: h, h: h, margin: margin, s)
        guard fEnd <= 0 else { return }
        let normal = contactNormal(c, at: p.tau, h: h, s)
        let pressing = -dot(normal, pieceAcceleration(c.b, h: h) - (c.a >= 0 ? pieceAcceleration(c.a, h: h) : .zero))
        let vA = c.a >= 0 ? velocity(c.a, at: p.tau, h: h, s).0 : .zero
        let leaving = dot(normal, velocity(c.b, at: p.tau, h: h, s).0 - vA)
        guard pressing > 0 && leaving > 0 else { return }
        let apex = p.tau + leaving / pressing
        guard apex < h else { return }
        let fApex = separation(c, at: apex, h: h, margin: margin, s)
        guard fApex > 0 else { return }
        let tau = World.rootOfSeparation(lo: apex, flo: fApex, hi: h, fhi: fEnd) {
            separation(c, at: $0, h: h, margin: margin, s)
        }
        s.pending.append(PendingImpact(contact: c, tau: tau, hits: p.hits + 1))
    }

    /// The pair's contact normal at `tau` (from A to B).
    private func contactNormal(_ c: ContactConstraint, at tau: Double, h: Double, _ s: ImpactScratch) -> Vector2 {
        let xfA = c.a >= 0 ? poseTransform(c.a, at: tau, h: h, s) : .identity,
            xfB = poseTransform(c.b, at: tau, h: h, s)
        let margin = impactMargin(c, h: h, s)
        let m = pairManifold(c, xfA, xfB, margin: margin)
        return worldManifold(m, xfA, radiusA: c.radiusA, xfB, radiusB: c.radiusB + margin).normal
    }

    /// Recomputes, at the moved end state, the manifold of every current contact of an item an impact moved (its
    /// impulses carried over by feature id), and drops those that no longer touch, and those of a pair that had an
    /// impact in the piece and now parts at every point (an impact at the piece's very end leaves the pair touching to
    /// the last bit, but leaving).
    private func refreshContacts(of s: ImpactScratch) {
        var list = contactData.contacts
        contactData.contacts = []
        var kept = 0, boundaries = contactData.boundaryContactCount, ordered = contactData.orderedContactCount
        for k in list.indices {
            var c = list[k]
            if s.moved[c.b] || (c.a >= 0 && s.moved[c.a]) {
                let xfA = c.a >= 0 ? transform(c.a) : .identity, xfB = transform(c.b)
                var m = pairManifold(c, xfA, xfB, margin: 0)
                if m.pointCount == 0 || (s.records.contains { $0.contact.key == c.key } && parts(c, m, xfA, xfB)) {
                    if k < contactData.boundaryContactCount { boundaries -= 1 }
                    if k < contactData.orderedContactCount { ordered -= 1 }
                    continue
                }
                m.takeImpulses(from: c.manifold)
                c.manifold = m
            }
            list[kept] = c
            kept += 1
        }
        list.removeLast(list.count - kept)
        contactData.contacts = list
        contactData.boundaryContactCount = boundaries
        contactData.orderedContactCount = ordered
    }
}

extension World {
    /// Whether the pair of contact `c`, with manifold `m` at the current state, separates at every manifold point.
    private func parts(_ c: ContactConstraint, _ m: Manifold, _ xfA: Transform, _ xfB: Transform) -> Bool {
        let wm = worldManifold(m, xfA, radiusA: c.radiusA, xfB, radiusB: c.radiusB)
        let v = bodies.velocity.base, w = bodies.angularVelocity.base
        for k in 0..<m.pointCount {
            let p = k == 0 ? wm.points.0 : wm.points.1
            let vA = c.a >= 0 ? v[c.a] + cross(w[c.a], p - xfA.p) : Vector2.zero
            if !(dot(wm.normal, v[c.b] + cross(w[c.b], p - xfB.p) - vA) > 0) { return false }
        }
        return true
    }
}

/// An impact waiting to be resolved in the current piece.
struct PendingImpact {
    var contact: ContactConstraint
    /// Its time within the piece, seconds.
    var tau: Double
    /// The pair's impacts before it in this piece.
    var hits: Int
}

/// A resolved impact, for its events.
struct ImpactRecord {
    var contact: ContactConstraint
    var time: Double
    var point: Vector2
}

/// Per-piece impact scratch (see PreciseImpacts.swift).
struct ImpactScratch {
    var pending: [PendingImpact] = []
    var records: [ImpactRecord] = []
    /// Per item: Σ Δv, Σ τ Δv, Σ Δω, Σ τ Δω over its impacts in the piece, and the time of its last one (−1: none).
    var deltaV: [Vector2] = []
    var weightedDeltaV: [Vector2] = []
    var deltaW: [Double] = []
    var weightedDeltaW: [Double] = []
    var lastImpact: [Double] = []
    /// The items an impact moved in the piece (its pair, and what the impulse reached through their contacts).
    var touched: [Int] = []
    /// Whether each item is in `touched`.
    var moved: [Bool] = []

    /// Sizes the per-item sums for `n` items (all zero).
    mutating func prepare(count n: Int) {
        guard deltaV.count != n else { return }
        deltaV = [Vector2](repeating: .zero, count: n); weightedDeltaV = deltaV
        deltaW = [Double](repeating: 0, count: n); weightedDeltaW = deltaW
        lastImpact = [Double](repeating: -1, count: n)
        moved = [Bool](repeating: false, count: n)
        touched.removeAll()
    }

    /// Adds an impact's velocity change to item `i`'s sums; `primary`: the item is one of the impact's pair (its
    /// last impact time is kept), not one the impulse reached through a resting contact.
    mutating func add(_ i: Int, dv: Vector2, dw: Double, at tau: Double, primary: Bool) {
        if !moved[i] { moved[i] = true; touched.append(i) }
        deltaV[i] += dv; weightedDeltaV[i] += tau * dv
        deltaW[i] += dw; weightedDeltaW[i] += tau * dw
        if primary { lastImpact[i] = tau }
    }

    /// The resting contacts (marked before ``pieceMark``) by item: `restingStart[i] ..< restingStart[i + 1]` in
    /// `restingList` are the indices in the contact list of item i's; built once a round (counting sort).
    var restingStart: [Int] = []
    var restingList: [Int] = []

    /// Indexes the resting contacts of `contacts` by item (see ``restingStart``).
    mutating func indexRestingContacts(_ contacts: [ContactConstraint], itemCount n: Int) {
        if restingStart.count != n + 1 {
            restingStart = [Int](repeating: 0, count: n + 1)
        } else {
            for k in restingStart.indices { restingStart[k] = 0 }
        }
        var count = 0
        for c in contacts where c.created < pieceMark {
            restingStart[c.b + 1] += 1
            if c.a >= 0 { restingStart[c.a + 1] += 1 }
            count += c.a >= 0 ? 2 : 1
        }
        for i in 0..<n { restingStart[i + 1] += restingStart[i] }
        if restingList.count < count { restingList = [Int](repeating: 0, count: count) }
        var next = restingStart
        for (k, c) in contacts.enumerated() where c.created < pieceMark {
            restingList[next[c.b]] = k; next[c.b] += 1
            if c.a >= 0 { restingList[next[c.a]] = k; next[c.a] += 1 }
        }
    }

    /// The indices of item `i`'s resting contacts (see ``restingStart``).
    func restingContacts(of i: Int) -> ArraySlice<Int> { restingList[restingStart[i]..<restingStart[i + 1]] }

    /// The mark of the piece's first narrow phase: contacts marked before it touched before the piece (resting).
    var pieceMark: Int64 = 0
    /// Zeroes the sums of the items that had impacts.
    mutating func clear() {
        for i in touched {
            deltaV[i] = .zero; weightedDeltaV[i] = .zero; deltaW[i] = 0; weightedDeltaW[i] = 0; lastImpact[i] = -1
            moved[i] = false
        }
        touched.removeAll(keepingCapacity: true)
        records.removeAll(keepingCapacity: true)
    }

    /// Removes and returns the earliest pending impact (ties by key), or nil.
    mutating func takeEarliest() -> PendingImpact? {
        guard var best = pending.indices.first else { return nil }
        for k in pending.indices.dropFirst()
        where (pending[k].tau, pending[k].contact.key) < (pending[best].tau, pending[best].contact.key) { best = k }
        return pending.remove(at: best)
    }
}
