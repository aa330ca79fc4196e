import Foundation

// Box2D 2.4.1's b2ContactSolver position phase: non-linear position correction with Baumgarte 0.2, 0.5 pt slop and
// at most 20 pt per iteration; and the squeeze projection that keeps items pressed by attachments out of boundaries.

extension World {
    /// Keeps squeezed items out of boundaries: an item that touches a boundary and another item, and still overlaps the
    /// boundary by more than the slop after the position iterations, is moved out along the boundary's normal.
    /// Sequential impulses cannot satisfy a boundary and an item driven by an attachment at once (UIKit's `cornered`
    /// case: a dragged item squeezing another into a corner); this lets the boundary win, so the squeezed item overlaps
    /// the dragged one instead of leaving the screen. Items touching only boundaries are left to the solver, so Box2D
    /// parity holds for them.
    func projectSqueezedItems() {
        guard !contactData.boundaryEdges.isEmpty, !contactData.contacts.isEmpty else { return }
        // Which items touch another item (scratch kept between sub-steps, cleared after use).
        if collisionScratch.touchesItem.count != bodyData.items.count {
            collisionScratch.touchesItem = [Bool](repeating: false, count: bodyData.items.count)
        }
        // Written through a pointer: array writes in these loops checked uniqueness each time (the array is sized
        // above and stays in the scratch while it is used).
        let touches = collisionScratch.touchesItem.withUnsafeMutableBufferPointer { $0.baseAddress! }
        var any = false
        // The contacts are read in place (a for-in over the array copies each one).
        contactData.contacts.withUnsafeBufferPointer { cs in
            for k in cs.indices where cs[k].a >= 0 { touches[cs[k].a] = true; touches[cs[k].b] = true; any = true }
        }
        guard any else { return }
        defer {
            contactData.contacts.withUnsafeBufferPointer { cs in
                for k in cs.indices where cs[k].a >= 0 { touches[cs[k].a] = false; touches[cs[k].b] = false }
            }
        }
        let x = bodies.position.base, ang = bodies.angle.base, im = bodies.invMass.base
        contactData.contacts.withUnsafeBufferPointer { cs in
            for k in cs.indices where cs[k].a < 0 && touches[cs[k].b] && im[cs[k].b] > 0 {
                let c = UnsafePointer(cs.baseAddress! + k).pointee
                let b = c.b
                var deepest = 0.0
                var normal = Vector2.zero
                for j in 0..<c.manifold.pointCount {
                    let xfB = transform(b, position: x, angle: ang)
                    let n = c.manifold.kind == .faceB ? -xfB.rotate(c.manifold.localNormal) : c.manifold.localNormal
                    let separation: Double
                    switch c.manifold.kind {
                    case .faceA:
                        separation =
                            dot(xfB.apply(c.manifold.localPoint(j)) - c.manifold.localPoint, n) - c.radiusA - c.radiusB
                    case .faceB:
                        let planePoint = xfB.apply(c.manifold.localPoint)
                        separation = dot(c.manifold.localPoint(j) - planePoint, -n) - c.radiusA - c.radiusB
                    case .circles:
                        let d = x[b] - c.manifold.localPoint
                        let len = norm(d)
                        separation = len - c.radiusA - c.radiusB
                        if len > 0 && separation < deepest { deepest = separation; normal = d / len }
                        continue
                    }
                    if separation < deepest { deepest = separation; normal = n }
                }
                if deepest < -World.linearSlop { x[b] += (-deepest - World.linearSlop) * normal }
            }
        }
    }

    /// One position iteration over the contacts (b2ContactSolver::SolvePositionConstraints). Returns whether the worst
    /// separation is at least −3 slop.
    func solveContactPositions(baumgarte: Double = World.baumgarte) -> Bool {
        var minSeparation = 0.0
        let x = bodies.position.base, ang = bodies.angle.base, im = bodies.invMass.base, ii = bodies.invInertia.base
        // Read the constraints in place (a for-in over the array copies each one).
        let order = contactSolveOrder
        contactData.contacts.withUnsafeBufferPointer { cs in
            for index in cs.indices {
                let k = order.map { Int($0[index]) } ?? index
                let a = cs[k].a, b = cs[k].b
                let mA = a >= 0 ? im[a] : 0, iA = a >= 0 ? ii[a] : 0, mB = im[b], iB = ii[b]
                for j in 0..<cs[k].manifold.pointCount {
                    let xfA = a >= 0 ? transform(a, position: x, angle: ang) : .identity
                    let xfB = transform(b, position: x, angle: ang)
                    var normal: Vector2, point: Vector2, separation: Double
                    switch cs[k].manifold.kind {
                    case .circles:
                        let pA = xfA.apply(cs[k].manifold.localPoint), pB = xfB.apply(cs[k].manifold.localPoints.0)
                        normal = pB - pA
                        let len = norm(normal)
                        if len >= 1.1920929e-5 { normal /= len }
                        point = 0.5 * (pA + pB)
                        separation = dot(pB - pA, normal) - cs[k].radiusA - cs[k].radiusB
                    case .faceA, .faceB:
                        // The reference face is on A (faceA) or B (faceB); the clip points are on the other.
                        let faceB = cs[k].manifold.kind == .faceB
                        let reference = faceB ? xfB : xfA, incident = faceB ? xfA : xfB
                        normal = reference.rotate(cs[k].manifold.localNormal)
                        let planePoint = reference.apply(cs[k].manifold.localPoint)
                        let clip = incident.apply(cs[k].manifold.localPoint(j))
                        separation = dot(clip - planePoint, normal) - cs[k].radiusA - cs[k].radiusB
                        point = clip
                        if faceB { normal = -normal }
                    }
                    let cA = a >= 0 ? x[a] : .zero, cB = x[b]
                    let rA = point - cA, rB = point - cB
                    minSeparation = min(minSeparation, separation)
                    let C = min(max(baumgarte * (separation + World.linearSlop), -World.maxLinearCorrection), 0)
                    let rnA = cross(rA, normal), rnB = cross(rB, normal)
                    let K = mA + mB + iA * rnA * rnA + iB * rnB * rnB
                    let impulse = K > 0 ? -C / K : 0
                    applyPairImpulse(
                        impulse * normal, a: a, b: b, rA: rA, rB: rB, linear: x, angular: ang, im: im, ii: ii)
                }
            }
        }
        return minSeparation >= -3 * World.linearSlop
    }
}
