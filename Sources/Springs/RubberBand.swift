import Foundation

/// Rubber banding: how far content shows past its edge while a finger drags it there, and its inverse.
///
/// UIScrollView's rule, as the public reimplementations use it (XNScrollView,
/// `_elasticDistanceForDistance:constant:range:` in grp/XNAnimation `Animations/XNScrollView.m`, "the new formula of
/// iOS 6"): for a finger's travel x past the edge, the content shows f = (1 − 1/(x·c/d + 1))·d = c·d·x/(d + c·x), with
/// c = 0.55 and d the scroll view's size along that axis (its bounds' width or height). f starts at slope c and never
/// reaches d. b3ll/Motion's `rubberband` takes d as the allowed range instead; pass the range as `dimension` for it.
/// UIKit does not publish the rule; these are the reimplementations' constants.
///
/// Units: points (any unit works); c is dimensionless.
public enum RubberBand {
    /// The elastic constant c = 0.55.
    public static let constant = 0.55

    /// The offset shown past the edge, c·d·x/(d + c·x), for a finger's travel `x` past it (signed: the result has its
    /// sign), with `dimension` d (the view's size along the axis, or the range, see ``RubberBand``).
    /// - Precondition: `dimension > 0`, `constant > 0`.
    public static func offset(travel x: Double, dimension d: Double, constant c: Double = constant) -> Double {
        precondition(d > 0 && c > 0, "RubberBand: dimension and constant must be positive")
        let a = abs(x)
        let f = c * d * a / (d + c * a)
        return x < 0 ? -f : f
    }

    /// The finger's travel that shows `offset` f past the edge: x = d·f / (c·(d − f)), the inverse of
    /// ``offset(travel:dimension:constant:)``.
    /// - Precondition: `|offset| < dimension` (the offset never reaches d), `dimension > 0`, `constant > 0`.
    public static func travel(offset f: Double, dimension d: Double, constant c: Double = constant) -> Double {
        precondition(d > 0 && c > 0 && abs(f) < d, "RubberBand: the offset must be less than the dimension")
        let a = abs(f)
        let x = d * a / (c * (d - a))
        return f < 0 ? -x : x
    }

    /// Flutter's `BouncingScrollPhysics` friction factor for comparison (packages/flutter/lib/src/widgets/
    /// scroll_physics.dart, `frictionFactor`): 0.52·(1 − overscroll/viewport)², overscroll as Flutter passes it (it
    /// may be negative when easing back past the edge).
    /// - Precondition: `viewport > 0`.
    public static func flutterFrictionFactor(overscroll: Double, viewport: Double) -> Double {
        precondition(viewport > 0, "RubberBand: viewport must be positive")
        let r = 1 - overscroll / viewport
        return 0.52 * r * r
    }

    /// One drag step of Flutter's overscroll (`BouncingScrollPhysics.applyPhysicsToUserOffset` and
    /// `_applyFriction`): the change of the scroll position for a finger's step `delta` when `overscroll` (≥ 0) is
    /// already shown past the edge of a `viewport`; a positive delta pulls further out, a negative one eases back. Pulling further: friction = factor(overscroll/viewport), the step
    /// is delta·friction. Easing back: friction = factor((overscroll − |delta|)/viewport); a step longer than the
    /// overscroll / friction crosses the edge: the overscroll, then the rest of the step unscaled. (Flutter's
    /// `ScrollDecelerationRate.fast` eases back unscaled; this is `normal`.)
    /// - Precondition: `overscroll >= 0`, `viewport > 0`.
    public static func flutterStep(delta: Double, overscroll: Double, viewport: Double) -> Double {
        precondition(overscroll >= 0 && viewport > 0, "RubberBand: overscroll must be >= 0 and viewport positive")
        guard delta != 0 else { return 0 }
        guard overscroll > 0 else { return delta }
        let easing = delta < 0
        let gamma =
            easing
            ? flutterFrictionFactor(overscroll: overscroll - abs(delta), viewport: viewport)
            : flutterFrictionFactor(overscroll: overscroll, viewport: viewport)
        var absDelta = abs(delta)
        var total = 0.0
        let deltaToLimit = overscroll / gamma
        if absDelta < deltaToLimit {
            total = absDelta * gamma
        } else {
            total = overscroll
            absDelta -= deltaToLimit
            total += absDelta
        }
        return delta < 0 ? -total : total
    }
}
