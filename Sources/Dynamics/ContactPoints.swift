import Foundation

extension World {
    /// The touching contacts' points as they stand after the last step, for drawing in the manner of Box2D's debug
    /// draw (b2WorldManifold of each touching contact): each point in world points, with the normal (unit, pointing
    /// from the first shape to the second) and its separation (points; negative when the shapes overlap).
    /// Both profiles keep their contacts from one narrow phase to the next, so these are the contacts the last sub-step
    /// solved. Allocates the returned array: for display, not for a solver loop.
    public func contactPoints() -> [(point: Vector2, normal: Vector2, separation: Double)] {
        var out: [(point: Vector2, normal: Vector2, separation: Double)] = []
        out.reserveCapacity(contacts.count * 2)
        for c in contacts where c.manifold.pointCount > 0 {
            let xfA = c.a >= 0 ? transform(c.a) : .identity
            let wm = worldManifold(c.manifold, xfA, radiusA: c.radiusA, transform(c.b), radiusB: c.radiusB)
            out.append((wm.points.0, wm.normal, wm.separations.0))
            if c.manifold.pointCount > 1 { out.append((wm.points.1, wm.normal, wm.separations.1)) }
        }
        return out
    }
}
