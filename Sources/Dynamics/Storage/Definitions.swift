/// Which engine semantics a ``World`` follows. Every test, benchmark and figure says which one it is about.
///
/// - ``uikit``: UIKit Dynamics' engine family as public reverse-engineering describes it: Box2D 2.x semantics
///   (semi-implicit Euler, sequential impulses with warm starting, 8 velocity / 3 position iterations) at 100 points per
///   metre, 1/120 s sub-steps by default. Where Box2D 2.2.1 (the version UIKit forked) and 2.4.1 differ, this follows
///   2.4.1, the version the golden trajectories come from (damping `v / (1 + h c)`, unclamped distance-joint position
///   correction, `b2LinearStiffness` spring mass). A scripted anchor is moved the way UIKit's `anchorPoint` setter moves
///   it: it jumps to the path's position at the start of each display frame and carries no velocity.
/// - ``precise``: physics truth. RATTLE (Andersen 1983; Leimkuhler & Reich, *Simulating Hamiltonian Dynamics*, 2004,
///   ch. 7): a symmetric, symplectic velocity-Verlet step whose rigid attachments are kept exact by SHAKE projection of
///   positions and velocities; a scripted anchor is a kinematic pivot whose position and velocity follow its path at
///   every sub-step (so its acceleration does too). Resistance is applied as exact exponential decay in two half-steps.
public enum SolverProfile: String, Sendable, CaseIterable {
    case uikit
    case precise

    /// The default number of solver sub-steps per display frame: 2 (1/120 s at 60 Hz) for `uikit`, as measured for UIKit;
    /// 8 (1/480 s) for `precise`, which keeps a chaotic 3-link chain's energy error under 0.1% of its swing energy over 60 s (4 sub-steps give 0.14%).
    public var defaultSubSteps: Int {
        switch self {
        case .uikit: return 2
        case .precise: return 8
        }
    }
}

/// A dynamic item: the physics of one UIView under UIKit Dynamics (UIDynamicItem + UIDynamicItemBehavior).
///
/// Units: points, radians (positive = clockwise on screen), seconds. Mass = `density` x area / 10,000, so a 100 x 100 pt
/// item of density 1 has mass 1 (UIKit: UIDynamicItemBehavior.density); rectangle inertia m (w² + h²) / 12.
public struct ItemDefinition: Sendable, Equatable {
    /// Center of the item in points (UIDynamicItem.center).
    public var center: Vector2
    /// Width and height in points (UIDynamicItem.bounds.size). Both must be positive (UIKit rejects zero sizes).
    public var size: Vector2
    /// Rotation in radians, positive clockwise on screen (UIDynamicItem.transform).
    public var angle: Double
    /// Initial linear velocity in points/s.
    public var velocity: Vector2
    /// Initial angular velocity in radians/s.
    public var angularVelocity: Double
    /// Density, relative (default 1). Must be positive.
    public var density: Double
    /// Linear damping in 1/s, applied as Box2D linear damping (`uikit`: v / (1 + h c) per step; `precise`: exact
    /// e^(−c t)). Default 0.1: Apple documents 0, but the engine underneath applies 0.1 when no behavior sets it
    /// (kern0x1b/charon's reverse engineering of UIDynamicAnimator), and dynsim follows the observed engine. Apple's "1 stops the item as soon as no force acts" is not
    /// what linear damping does; this is the rule used.
    public var resistance: Double
    /// Angular damping in 1/s, the same rule as `resistance`. Default 0.1 (observed engine; Apple documents 0).
    public var angularResistance: Double
    /// Whether the item may rotate (UIDynamicItemBehavior.allowsRotation). When false its inertia is infinite.
    public var allowsRotation: Bool
    /// Whether the item is fixed in place (UIDynamicItemBehavior.isAnchored): infinite mass, never moves.
    public var isAnchored: Bool
    /// Electric charge for electric and magnetic fields (UIDynamicItemBehavior.charge), default 0.
    public var charge: Double
    /// Restitution in collisions, 0 (none) ... 1 (fully elastic), default 0.2 (UIKit's engine default; Apple documents
    /// 0). A pair bounces with the larger of its two elasticities (Box2D's rule).
    public var elasticity: Double
    /// Coulomb friction coefficient, default 0.2 (UIKit's engine default). A pair uses √(f1 f2) (Box2D's rule).
    public var friction: Double
    /// The collision shape (UIDynamicItem.collisionBoundsType), default the bounds rectangle.
    public var collisionBounds: CollisionBounds

    /// Creates an item. Defaults follow UIKit's engine (see each property).
    public init(
        center: Vector2, size: Vector2 = Vector2(100, 100), angle: Double = 0, velocity: Vector2 = .zero,
        angularVelocity: Double = 0, density: Double = 1, resistance: Double = 0.1,
        angularResistance: Double = 0.1, allowsRotation: Bool = true, isAnchored: Bool = false,
        charge: Double = 0, elasticity: Double = 0.2, friction: Double = 0.2,
        collisionBounds: CollisionBounds = .rectangle
    ) {
        self.center = center
        self.size = size
        self.angle = angle
        self.velocity = velocity
        self.angularVelocity = angularVelocity
        self.density = density
        self.resistance = resistance
        self.angularResistance = angularResistance
        self.allowsRotation = allowsRotation
        self.isAnchored = isAnchored
        self.charge = charge
        self.elasticity = elasticity
        self.friction = friction
        self.collisionBounds = collisionBounds
    }

    /// Mass in UIKit's units: density x width x height / 10,000.
    public var mass: Double { density * size.x * size.y / 10_000 }
    /// Moment of inertia about the center for a rectangle: m (w² + h²) / 12, in mass x points².
    public var inertia: Double { mass * (size.x * size.x + size.y * size.y) / 12 }
}

/// Identifies an item in a ``World``: its index in creation order.
public struct ItemID: Hashable, Sendable {
    /// Position in creation order, from 0.
    public let index: Int
    /// Wraps an index returned by ``World/addItem(_:)``.
    public init(_ index: Int) { self.index = index }
}

/// Identifies an attachment in a ``World``: its index in creation order.
public struct AttachmentID: Hashable, Sendable {
    /// Position in creation order, from 0.
    public let index: Int
    /// Wraps an index returned by ``World/addAttachment(_:)``.
    public init(_ index: Int) { self.index = index }
}

/// Gravity on a set of items (UIGravityBehavior).
///
/// `gravityDirection` is a vector whose length is the magnitude: 1.0 = 1000 points/s², default (0, 1) (straight down on
/// screen).
public struct GravityBehavior: Sendable, Equatable {
    /// The items gravity acts on.
    public var items: [ItemID]
    /// Direction and magnitude (UIGravityBehavior.gravityDirection); 1.0 of length = 1000 points/s².
    public var gravityDirection: Vector2

    /// Gravity along `gravityDirection` (default (0, 1): magnitude 1, down).
    public init(items: [ItemID], gravityDirection: Vector2 = Vector2(0, 1)) {
        self.items = items
        self.gravityDirection = gravityDirection
    }

    /// Gravity by `angle` (radians; π/2 points down, as UIGravityBehavior.setAngle(_:magnitude:)) and `magnitude`.
    public init(items: [ItemID], angle: Double, magnitude: Double) {
        self.init(items: items, gravityDirection: Vector2(cos(angle), sin(angle)) * magnitude)
    }

    /// The acceleration in points/s².
    public var acceleration: Vector2 { gravityDirection * 1000 }
}

/// An attachment (UIAttachmentBehavior): a rod (`frequency` 0) or a damped spring between a point on an item and either
/// an anchor point or a point on another item.
public struct AttachmentBehavior: Sendable, Equatable {
    /// The other end of an attachment.
    public enum End: Sendable, Equatable {
        /// An anchor point in world coordinates (points), optionally moved by a scripted path. With a path, the anchor
        /// starts at `path.position(at: 0)` and `point` is ignored.
        case anchor(point: Vector2, path: AnchorPath?)
        /// A point on another item, given as an offset from its center in the item's own (unrotated) frame, in points.
        case item(ItemID, offsetFromCenter: Vector2)
    }

    /// The attached item.
    public var item: ItemID
    /// Attachment point on `item` as an offset from its center, in the item's frame, points (UIOffset).
    public var offsetFromCenter: Vector2
    /// What the item hangs from.
    public var attachedTo: End
    /// Rest length in points; nil = the distance between the two attachment points at creation (as UIKit does).
    public var length: Double?
    /// Spring frequency in Hz; 0 (default) makes the attachment rigid.
    public var frequency: Double
    /// Spring damping ratio (0 = undamped, 1 = critical); only used when `frequency` > 0.
    public var damping: Double

    /// Creates an attachment; see the properties for units and defaults.
    public init(
        item: ItemID, offsetFromCenter: Vector2 = .zero, attachedTo: End, length: Double? = nil,
        frequency: Double = 0, damping: Double = 0
    ) {
        self.item = item
        self.offsetFromCenter = offsetFromCenter
        self.attachedTo = attachedTo
        self.length = length
        self.frequency = frequency
        self.damping = damping
    }
}

import Foundation
