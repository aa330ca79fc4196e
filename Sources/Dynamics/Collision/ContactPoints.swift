import Foundation

extension World {
    /// Implements ``World/contactPoints()`` (see its documentation there).
    func collectContactPoints() -> [(point: Vector2, normal: Vector2, separation: Double)] {
        var out: [(point: Vector2, normal: Vector2, separation: Double)] = []
        out.reserveCapacity(contactData.contacts.count * 2)
        for c in contactData.contacts where c.manifold.pointCount > 0 {
            let xfA = c.a >= 0 ? transform(c.a) : .identity
            let wm = worldManifold(c.manifold, xfA, radiusA: c.radiusA, transform(c.b), radiusB: c.radiusB)
            out.append((wm.points.0, wm.normal, wm.separations.0))
            if c.manifold.pointCount > 1 { out.append((wm.points.1, wm.normal, wm.separations.1)) }
        }
        return out
    }
}
