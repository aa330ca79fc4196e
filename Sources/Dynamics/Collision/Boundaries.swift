import Foundation

// Boundaries: collision behaviors' boundary segments (paths closed into loops, the reference bounds) and how far items
// overlap them.

extension World {
    /// Implements ``World/addCollision(_:)`` (see its documentation there).
    func insertCollision(_ c: CollisionBehavior) {
        precondition(contactData.collisionBehaviors.count < 64, "World.addCollision: at most 64 collision behaviors")
        let bit = UInt64(1) << UInt64(contactData.collisionBehaviors.count)
        contactData.collisionBehaviors.append(c)
        for id in c.items {
            precondition(id.index >= 0 && id.index < bodyData.items.count, "World.addCollision: no such item")
            if c.mode != .boundaries { bodyData.itemCollisionMask[id.index] |= bit }
            if c.mode != .items { bodyData.boundaryCollisionMask[id.index] |= bit }
        }
        let index = contactData.collisionBehaviors.count - 1
        if c.translatesReferenceBoundsIntoBoundary {
            precondition(referenceBounds != nil, "World.addCollision: reference bounds needed")
            let r = referenceBounds!
            let x0 = r.origin.x - 1, y0 = r.origin.y - 1, x1 = r.origin.x + r.size.x + 1, y1 = r.origin.y + r.size.y + 1
            let corners = [Vector2(x0, y0), Vector2(x1, y0), Vector2(x1, y1), Vector2(x0, y1)]
            for k in 0..<4 {
                contactData.boundaryEdges.append(
                    BoundaryEdge(v1: corners[k], v2: corners[(k + 1) % 4], identifier: "", behavior: index))
            }
        }
        // Path boundaries: a segment that starts where the one before it (same identifier) ends is its neighbour, and
        // a path whose last segment ends at its first one's start is closed.
        let first = contactData.boundaryEdges.count
        var runStart = first
        for (k, b) in c.boundaries.enumerated() {
            var edge = BoundaryEdge(v1: b.from, v2: b.to, identifier: b.identifier, behavior: index)
            let last = contactData.boundaryEdges.count - 1
            if k > 0, contactData.boundaryEdges[last].identifier == b.identifier,
                contactData.boundaryEdges[last].v2 == b.from
            {
                edge.v0 = contactData.boundaryEdges[last].v1
                edge.hasV0 = true
                contactData.boundaryEdges[last].v3 = b.to
                contactData.boundaryEdges[last].hasV3 = true
            } else {
                closePath(from: runStart)
                runStart = contactData.boundaryEdges.count
            }
            contactData.boundaryEdges.append(edge)
        }
        if !c.boundaries.isEmpty { closePath(from: runStart) }
    }

    /// Joins the path of boundary edges from `start` to the last one into a loop when its end meets its start.
    private func closePath(from start: Int) {
        let end = contactData.boundaryEdges.count - 1
        guard end > start + 1, contactData.boundaryEdges[end].v2 == contactData.boundaryEdges[start].v1 else { return }
        contactData.boundaryEdges[end].v3 = contactData.boundaryEdges[start].v2
        contactData.boundaryEdges[end].hasV3 = true
        contactData.boundaryEdges[start].v0 = contactData.boundaryEdges[end].v1
        contactData.boundaryEdges[start].hasV0 = true
    }

    /// Implements ``World/boundaryOverlaps()`` (see its documentation there).
    func measureBoundaryOverlaps() -> [(item: ItemID, boundary: String, depth: Double)] {
        guard !contactData.boundaryEdges.isEmpty else { return [] }
        let saved = (
            contactData.contacts, contactData.boundaryContactCount, contactData.orderedContactCount, recordsEvents
        )
        recordsEvents = false
        collide(eventTime: time)
        var out: [(ItemID, String, Double)] = []
        for c in contactData.contacts where c.a < 0 {
            let wm = worldManifold(c.manifold, .identity, radiusA: c.radiusA, transform(c.b), radiusB: c.radiusB)
            let depth = -min(wm.separations.0, c.manifold.pointCount > 1 ? wm.separations.1 : 0)
            if depth > World.linearSlop {
                out.append((ItemID(c.b), contactData.boundaryEdges[Int((c.key >> 32) & 0x7FFF_FFFF)].identifier, depth))
            }
        }
        (contactData.contacts, contactData.boundaryContactCount, contactData.orderedContactCount, recordsEvents) = saved
        return out
    }
}
