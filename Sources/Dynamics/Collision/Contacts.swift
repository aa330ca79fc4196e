import Foundation

/// How an item collides (UIDynamicItem.collisionBoundsType and collisionBoundingPath).
public enum CollisionBounds: Sendable, Equatable {
    /// The item's bounds rectangle, turning with it (UIKit's default): a box with no skin radius, as UIKit's engine builds it.
    case rectangle
    /// An ellipse inscribed in the bounds: a circle of radius width/2 when width equals height; otherwise a convex
    /// polygon of about one vertex per 10 points of perimeter, 8 to 64 vertices (UIKit flattens the Bézier ellipse
    /// likewise; its exact vertices differ) with UIKit's 0.9 pt skin radius. With 64 vertices the polygon is within
    /// 0.00121 of the larger half side and 0.0246 of the smaller one of the true ellipse (`World.shape(for:)` says why).
    case ellipse
    /// A convex polygon in item-local points (centered on the item), with UIKit's 0.9 pt skin radius.
    case path([Vector2])
}

/// Which contacts a collision behavior creates (UICollisionBehavior.Mode).
public enum CollisionMode: String, Sendable, CaseIterable {
    case items
    case boundaries
    case everything
}

/// A collision behavior (UICollisionBehavior): its items collide with each other and/or with its boundaries.
public struct CollisionBehavior: Sendable, Equatable {
    /// The items.
    public var items: [ItemID]
    /// What collides (default everything).
    public var mode: CollisionMode
    /// Whether the world's reference bounds, outset by 1 point as UIKit's engine does, are a boundary (UIKit's
    /// translatesReferenceBoundsIntoBoundary; default false as in UIKit).
    public var translatesReferenceBoundsIntoBoundary: Bool
    /// Named boundaries: segments in world points. A path is given as its consecutive segments: segments next to each
    /// other in this list with the same identifier, each starting where the one before ends (the last may end where the
    /// first starts, closing the path), form one path, whose interior vertices the `precise` profile treats as smooth
    /// (Box2D's ghost vertices, on both sides), so an item sliding along the path does not catch on them.
    public var boundaries: [(identifier: String, from: Vector2, to: Vector2)]

    /// A collision behavior; see the properties for the defaults.
    public init(
        items: [ItemID], mode: CollisionMode = .everything, translatesReferenceBoundsIntoBoundary: Bool = false,
        boundaries: [(identifier: String, from: Vector2, to: Vector2)] = []
    ) {
        self.items = items
        self.mode = mode
        self.translatesReferenceBoundsIntoBoundary = translatesReferenceBoundsIntoBoundary
        self.boundaries = boundaries
    }

    /// Equal items, mode, bounds flag and boundaries.
    public static func == (l: CollisionBehavior, r: CollisionBehavior) -> Bool {
        l.items == r.items && l.mode == r.mode
            && l.translatesReferenceBoundsIntoBoundary == r.translatesReferenceBoundsIntoBoundary
            && l.boundaries.count == r.boundaries.count
            && zip(l.boundaries, r.boundaries).allSatisfy {
                $0.identifier == $1.identifier && $0.from == $1.from && $0.to == $1.to
            }
    }
}

/// A contact event: begin or end of touching between two participants (an item and an item, or an item and a boundary).
public struct ContactEvent: Sendable, Equatable {
    /// begin / end of touching, or `rest`: the item fell asleep at rest (uikit).
    public enum Kind: String, Sendable { case begin, end, rest }
    /// Time of the state after the sub-step (or `precise` piece) in which it happened, seconds; for a `precise`
    /// impact, its time of impact (PreciseImpacts.swift).
    public var time: Double
    /// What happened.
    public var kind: Kind
    /// The item (always), by index.
    public var item: Int
    /// The other item's index, or nil for a boundary or a rest event.
    public var otherItem: Int?
    /// The boundary's identifier ("" for the reference bounds) when the other participant is a boundary.
    public var boundary: String?
    /// For `begin`, the first world contact point, points.
    public var point: Vector2?

    /// An event; see the properties.
    public init(time: Double, kind: Kind, item: Int, otherItem: Int?, boundary: String?, point: Vector2?) {
        self.time = time
        self.kind = kind
        self.item = item
        self.otherItem = otherItem
        self.boundary = boundary
        self.point = point
    }
}

/// A collision shape of an item in its own frame.
enum ItemShape {
    case polygon(ConvexPolygon)
    case circle(Double)
}

/// A static boundary segment, with its neighbours' far ends where it belongs to a path (Box2D's ghost vertices).
struct BoundaryEdge {
    var v1: Vector2
    var v2: Vector2
    var identifier: String
    /// Collision behavior that owns it.
    var behavior: Int
    /// The previous segment's start (its end is `v1`) and the next segment's end (its start is `v2`), points, where the
    /// segment has such neighbours in a path boundary.
    var v0 = Vector2.zero
    var v3 = Vector2.zero
    var hasV0 = false
    var hasV3 = false
}

/// One contact between two items or an item and a boundary (b2Contact with its manifold, and what
/// b2ContactPositionConstraint reads): it lives from the narrow phase to the next, carrying the accumulated impulses
/// that warm-start the next sub-step.
struct ContactConstraint {
    var key: UInt64
    var a: Int  // item index of shape A, or -1 for a boundary
    var b: Int
    var manifold: Manifold
    var radiusA: Double
    var radiusB: Double
    var friction: Double
    var restitution: Double
    /// When Box2D would have created this contact (its creation number, `uikit`; see Islands.swift): the island order
    /// visits an item's newer contacts first. `precise`: the ``ContactStore/narrowPhaseMark`` of the narrow phase that
    /// first found it touching.
    var created: Int64 = .max
}

/// The velocity solver's working copy of one contact (b2ContactVelocityConstraint), built by `initializeContacts`
/// and written back to the contact's manifold by `storeImpulses`: only what the eight velocity iterations read and
/// write, packed (240 bytes against 384 with the manifold), so the iterations stream less memory.
struct VelocityConstraint {
    var a: Int32  // item index of shape A, or -1 for a boundary
    var b: Int32
    /// Points the solver uses (1 when a two-point manifold's block matrix is ill-conditioned) and the manifold's own.
    var pointCount: Int32
    var manifoldPointCount: Int32
    var friction: Double
    var normal: Vector2
    var rA: (Vector2, Vector2)
    var rB: (Vector2, Vector2)
    var normalMass: (Double, Double)
    var tangentMass: (Double, Double)
    var velocityBias: (Double, Double)
    var normalImpulses: (Double, Double)
    var tangentImpulses: (Double, Double)
    var k11 = 0.0, k12 = 0.0, k22 = 0.0
    var inv11 = 0.0, inv12 = 0.0, inv22 = 0.0
}
