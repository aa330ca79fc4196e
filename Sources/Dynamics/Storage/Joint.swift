import Foundation

/// Solver state of one distance constraint (an attachment). Stored array-of-structs: the solver touches every field of
/// a joint together.
struct Joint {
    /// Item index of end A, or -1 when end A is an anchor point.
    var a: Int
    /// Item index of end B (always an item).
    var b: Int
    /// Attachment point on A in A's frame (offset from center), points; zero for an anchor.
    var localA: Vector2
    /// Attachment point on B in B's frame, points.
    var localB: Vector2
    /// Anchor position in points (end A is an anchor).
    var anchor: Vector2
    /// Anchor velocity in points/s (`precise` only; `uikit` anchors have none).
    var anchorVelocity: Vector2
    /// Index into the world's paths, or -1 for a fixed anchor / item end.
    var path: Int
    var length: Double
    /// Spring stiffness (mass/s²) and damping (mass/s) from frequency and ratio, as b2LinearStiffness; 0 when rigid.
    /// (`precise` and the energy read these; `uikit` recomputes them each step from `omega` and `dampingRatio`.)
    var stiffness: Double
    var damping: Double
    /// The spring's angular frequency 2π f (1/s) and damping ratio; 0 when rigid.
    var omega = 0.0
    var dampingRatio = 0.0
    var isRigid: Bool
    /// A rigid attachment shorter than 1 point is a pin (revolute joint): the two points coincide in both axes. UIKit's
    /// engine does the same for anchors closer than 1 point (kern0x1b/charon's reverse engineering), since a distance of ~0 has no direction.
    var isPin = false
    /// Accumulated pin impulse (uikit warm start).
    var pinImpulse = Vector2.zero
    // Scratch (uikit): lever arms, axis, effective masses, soft-constraint terms, accumulated impulses.
    var rA = Vector2.zero
    var rB = Vector2.zero
    var u = Vector2.zero
    var mass = 0.0
    var softMass = 0.0
    var gamma = 0.0
    var bias = 0.0
    var currentLength = 0.0
    var impulse = 0.0
    /// `precise`: the rod's tension in the last sub-step (mass·points/s²), from its position multiplier λ as |λ| / h²,
    /// for the step-size estimate (see ``World/stepPrecise()``).
    var tension = 0.0
}
