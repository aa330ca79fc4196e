import Foundation

// `precise` contacts after each RATTLE piece: the narrow phase, the impacts within the piece (PreciseImpacts.swift),
// the resting contacts, and the contact events.

extension World {
    /// Contacts in the `precise` profile, after each RATTLE piece of length `h` from `t0` to `t1`: the narrow phase
    /// runs at the new positions; the contacts it finds new are searched for impacts within the piece, which are
    /// resolved at their times of impact (PreciseImpacts.swift). Then the contacts that touch are resting contacts:
    /// Box2D's sequential-impulse contact solver (8 velocity iterations with restitution and friction) finds their
    /// impulses, and each item's velocity change Δv from them moves it by s/2 Δv (and turns it by s/2 Δω), s the time
    /// since its last impact in the piece (h without one): the drift of a velocity-Verlet step under a force constant
    /// over that time, which is exact for constant acceleration. So the contact forces act on positions as gravity
    /// does: a box held by static friction on a slope, or a ball resting on a floor, ends the step where it began (the
    /// drift's s²/2 g is taken back) instead of creeping down the slope or sinking to the slop, and a box sliding under
    /// kinetic friction moves as ½ a t². Then up to 3 position corrections remove what penetration is left. Contact
    /// events: an impact's begin at its time of impact (and its end there too when the pair parts within the piece),
    /// others at `t1`.
    func resolveContactsAfterStep(h: Double, from t0: Double, to t1: Double) {
        let recording = recordsEvents
        // The last narrow phase's contacts, for the events.
        let previous = recording ? contactData.contacts : []
        let previousCounts = (contactData.boundaryContactCount, contactData.orderedContactCount)
        contactData.narrowPhaseMark += 1
        recordsEvents = false
        collide(eventTime: t1)
        let impacts = resolveImpacts(h: h, t0: t0)
        recordsEvents = recording
        if recording { recordContactEvents(at: t1, impacts: impacts, previous: previous, counts: previousCounts) }
        defer { if impacts { clearImpacts() } }
        guard !contactData.contacts.isEmpty else { return }
        let n = bodyData.items.count
        let x = bodies.position.base, a = bodies.angle.base, v = bodies.velocity.base, w = bodies.angularVelocity.base,
            im = bodies.invMass.base
        if preciseScratch.contactStartVelocity.count != n {
            preciseScratch.contactStartVelocity = [Vector2](repeating: .zero, count: n)
            preciseScratch.contactStartAngularVelocity = [Double](repeating: 0, count: n)
        }
        preciseScratch.contactStartVelocity.withUnsafeMutableBufferPointer { v0 in
            preciseScratch.contactStartAngularVelocity.withUnsafeMutableBufferPointer { w0 in
                for i in 0..<n { v0[i] = v[i]; w0[i] = w[i] }
                initializeContacts()
                for _ in 0..<World.velocityIterations { solveContactVelocities() }
                storeImpulses()
                let halfH = 0.5 * h
                for i in 0..<n where im[i] > 0 {
                    x[i] += halfH * (v[i] - v0[i])
                    a[i] += halfH * (w[i] - w0[i])
                }
                // An item with an impact in the piece drifts over the time since its last one: h/2 was added above,
                // so take back its first τ/2 (τ the impact's time in the piece).
                if impacts {
                    for i in preciseScratch.impacts.touched where im[i] > 0 {
                        let last = lastImpactTime(i)
                        guard last > 0 else { continue }
                        x[i] -= (0.5 * last) * (v[i] - v0[i])
                        a[i] -= (0.5 * last) * (w[i] - w0[i])
                    }
                }
            }
        }
        for _ in 0..<World.positionIterations where !solveContactPositions() {}
        projectSqueezedItems()
    }

    /// The piece's contact events: the impacts' (at their times), then at `t1` a begin for each contact that touches
    /// now, did not at the last narrow phase (`previous`, its runs' lengths `counts`) and had no impact, and an end for
    /// each contact of `previous` that no longer touches.
    private func recordContactEvents(at t1: Double, impacts: Bool, previous: [ContactConstraint], counts: (Int, Int)) {
        if impacts { recordImpactEvents() }
        let xf = { (i: Int) -> Transform in i >= 0 ? self.transform(i) : .identity }
        previous.withUnsafeBufferPointer { old in
            for c in contactData.contacts
            where World.position(of: c.key, in: old, boundaryCount: counts.0, orderedCount: counts.1) == nil
                && !(impacts && hadImpact(c.key))
            {
                let wm = worldManifold(c.manifold, xf(c.a), radiusA: c.radiusA, xf(c.b), radiusB: c.radiusB)
                contactData.events.append(event(for: c, kind: .begin, time: t1, point: wm.points.0))
            }
        }
        for c in previous where contactPosition(of: c.key) == nil {
            contactData.events.append(event(for: c, kind: .end, time: t1, point: nil))
        }
    }
}
