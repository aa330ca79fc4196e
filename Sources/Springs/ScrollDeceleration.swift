import Foundation

/// A scroll view's motion along one axis after the finger lifts, until it rests: UIScrollView's deceleration (the
/// per-millisecond ``Decay`` at `decelerationRate`), the bounce back to an edge, and the snap to a page or snap point.
///
/// Units: offsets in points (contentOffset along the axis), velocities in points per second (the content's, so the
/// finger's negated), time in seconds since the release.
///
/// The model (UIKit publishes only the rates' values, not its motion):
/// - Within the content, it decelerates by ``Decay`` (per millisecond) toward the projection x0 + (v0/1000)·c/(1 − c),
///   and rests there once the distance left falls below ``restThreshold`` (the offset is then set to the projection,
///   the `targetContentOffset` it reported).
/// - A deceleration that would pass an edge (0 or `maximum`) runs until it reaches it; with `bounces` the content then
///   moves on the ``bounceSpring`` from the edge with the velocity it had there (the closed form's slope), back to the
///   edge; without, it stops at the edge.
/// - Released past an edge (rubber-banded), it returns on the ``bounceSpring`` from there with the release velocity.
/// - With a `target` (a page or a snap point), it moves on the ``bounceSpring`` from the release offset and velocity to
///   the target.
/// - On a spring to an end (past an edge, or to a target) the velocity is limited to ω·|distance| (ω = 10 rad/s): the
///   largest with which the critically damped spring does not pass its end, so a hard flick neither flies pages past
///   its page nor out of the content. Only the bounce after a deceleration reaches an edge keeps its whole velocity
///   (it passes the edge by at most v/(ω·e): 37 pt at 1000 pt/s).
/// - A motion whose distance is under ``restThreshold`` from the start rests at once, on its end.
///
/// The spring (mass 1, stiffness 100, damping ratio 1: response 0.628 s) is the one ScrollMechanics' UIScrollView
/// study uses for its bounce; a spring motion rests once it stays within ``restThreshold`` of its end (the offset is
/// then set to the end).
public struct ScrollDeceleration: Sendable, Equatable {
    /// The spring of the bounce back and the snap: mass 1, stiffness 100, damping 20 (damping ratio 1).
    public static let bounceSpring = Spring(mass: 1, stiffness: 100, damping: 20)
    /// The distance, points, under which a motion counts as at rest: 0.5 pt, as `dynsim decay` stops.
    public static let restThreshold = 0.5

    /// The two phases: deceleration, then a spring to `to` (empty when the motion is one phase).
    private enum Phase: Equatable, Sendable {
        case decay(from: Double, velocity: Double)
        case spring(from: Double, to: Double, velocity: Double)
        case stop(at: Double)
    }
    private let first: Phase
    private let second: Phase?
    /// When the second phase starts, seconds after release (infinity when there is none).
    private let switchTime: Double
    /// The deceleration rate, per millisecond.
    public let rate: Double
    /// When the motion rests, seconds after release (0 when there is none: released at rest inside the content).
    public let duration: Double
    /// Where it rests, points.
    public let restingPoint: Double
    /// Where UIScrollView's `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)` says it will rest: the
    /// target when one was given, else the projection clamped to the content (0 ... maximum), points.
    public let targetContentOffset: Double

    /// The motion from `offset` released at `velocity` on a scroll view whose offsets run 0 ... `maximum`.
    /// - Parameters:
    ///   - offset: contentOffset along the axis at release, points (may lie past an edge when rubber-banded).
    ///   - velocity: the content's velocity, points per second.
    ///   - maximum: the largest offset within the content (contentSize − bounds size, at least 0), points.
    ///   - rate: `decelerationRate`, per millisecond, in (0, 1) (``Decay/normal`` 0.998, ``Decay/fast`` 0.99).
    ///   - bounces: whether it bounces at an edge (UIScrollView's `bounces`).
    ///   - target: a page's or snap point's offset to move to, or nil to decelerate freely.
    /// - Precondition: `0 < rate < 1`, `maximum >= 0`, every value finite.
    public init(offset: Double, velocity: Double, maximum: Double, rate: Double, bounces: Bool, target: Double? = nil) {
        precondition(rate > 0 && rate < 1, "ScrollDeceleration: rate must be in (0, 1)")
        precondition(maximum >= 0 && offset.isFinite && velocity.isFinite, "ScrollDeceleration: bad arguments")
        self.rate = rate
        let decay = Decay(rate: rate, model: .perMillisecond)
        let spring = ScrollDeceleration.bounceSpring
        let eps = ScrollDeceleration.restThreshold
        func settle(_ from: Double, _ to: Double, _ v: Double) -> Double {
            spring.settlingDuration(from: from, to: to, initialVelocity: v, epsilon: eps)
        }
        let projection = decay.restingPoint(from: offset, velocity: velocity)
        // A spring to an end: to the target, or back to the edge it was released past.
        if let end = target ?? (offset < 0 ? 0 : offset > maximum ? maximum : nil) {
            // Its velocity limited so that it does not pass the end.
            let cap = spring.naturalFrequency * abs(end - offset)
            let v = min(max(velocity, -cap), cap)
            first = .spring(from: offset, to: end, velocity: v)
            second = nil
            switchTime = .infinity
            duration = settle(offset, end, v)
            restingPoint = end
            targetContentOffset = target ?? min(max(projection, 0), maximum)
            return
        }
        targetContentOffset = min(max(projection, 0), maximum)
        first = .decay(from: offset, velocity: velocity)
        if projection >= 0 && projection <= maximum {
            second = nil
            switchTime = .infinity
            duration = decay.timeUntilDistanceLeft(below: eps, velocity: velocity)
            restingPoint = projection
            return
        }
        // It reaches the edge: x0 + a(1 − c^(1000t)) = edge, a the whole distance.
        let edge = projection < 0 ? 0 : maximum
        let a = projection - offset
        let crossing = log(1 - (edge - offset) / a) / decay.exponent
        switchTime = crossing
        restingPoint = edge
        if bounces {
            let slope = -a * decay.exponent * pow(rate, 1000 * crossing)
            second = .spring(from: edge, to: edge, velocity: slope)
            duration = crossing + settle(edge, edge, slope)
        } else {
            second = .stop(at: edge)
            duration = crossing
        }
    }

    /// (offset, velocity) `t` seconds after release (points, points per second): at rest (``restingPoint``, 0) from
    /// ``duration`` on.
    public func state(at t: Double) -> (value: Double, velocity: Double) {
        if t >= duration { return (restingPoint, 0) }
        if t < switchTime { return ScrollDeceleration.state(first, at: max(t, 0), rate: rate) }
        return ScrollDeceleration.state(second!, at: t - switchTime, rate: rate)
    }

    private static func state(_ phase: Phase, at t: Double, rate: Double) -> (value: Double, velocity: Double) {
        switch phase {
        case let .decay(from, velocity):
            let decay = Decay(rate: rate, model: .perMillisecond)
            // The closed form's own slope, so a spring taking over at an edge starts with the motion's velocity.
            let slope = -decay.distance(velocity: velocity) * decay.exponent * pow(rate, 1000 * t)
            return (decay.value(at: t, from: from, velocity: velocity), slope)
        case let .spring(from, to, velocity):
            return bounceSpring.state(at: t, from: from, to: to, initialVelocity: velocity)
        case .stop(let at): return (at, 0)
        }
    }
}
