import Foundation

/// UIScrollView's deceleration: after the finger lifts, the velocity is multiplied by the deceleration rate c every
/// millisecond, so the content coasts to a stop at a point known the moment it is released (the projection).
///
/// UIKit publishes only the constants' names and values: `UIScrollView.DecelerationRate.normal` is 0.998 and `.fast`
/// 0.99, "per millisecond" being how every public reimplementation reads them. Two models of the same rate are offered:
///
/// - ``Model/perMillisecond``: the recurrence each millisecond `v *= c`, then `x += v` (v in points per millisecond,
///   v0 / 1000), and its geometric closed form x(n ms) = x0 + (v0/1000)·c·(1 − cⁿ)/(1 − c), resting at
///   x0 + (v0/1000)·c/(1 − c): the projection of WWDC 2018 "Designing Fluid Interfaces" (session 803), whose
///   `project(initialVelocity:decelerationRate:)` is (v0/1000)·c/(1 − c). The multiply comes before the step: this is
///   the closed form of XNScrollView's XNDecayTimingFunction (grp/XNAnimation, `Animations/XNDecayTimingFunction.m`:
///   `x = from + c * v0 * (1 - powf(c, t)) / (1 - c)`, t in ms, v0 per ms), which Σₖ₌₁ⁿ v0·cᵏ gives and the other
///   order (step, then multiply) would not (it rests at (v0/1000)/(1 − c), 1 pt farther for 1000 pt/s at `normal`).
/// - ``Model/continuous``: the same decay with time made continuous, k = 1000·ln c (1/s), x(t) = x0 + v0(c^(1000t) −
///   1)/k, resting at x0 − v0/k, 0.1% farther at `normal` (499.5 pt instead of 499 for 1000 pt/s). Its velocity at
///   t = 0 is exactly v0; this is the form of the Swift reimplementations that step by frame (Anima's
///   `DecayFunction`, the open ScrollTimingParams ports).
///
/// Which scroll views use: the per-millisecond model, because it is the one whose resting point equals the WWDC
/// projection UIKit's own engineers showed, and the one XNScrollView (Grant Paul's UIScrollView reimplementation)
/// integrates; `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`'s target is taken to be that point.
/// The two differ by the factor −c·ln c / (1 − c) (0.999 at `normal`, 0.995 at `fast`), below a point for typical
/// flicks at `normal`.
///
/// Units: positions in points (any unit works), velocities in points per second (the CLI and UIKit's
/// `velocity(in:)`), times in seconds. Pure values, evaluated in closed form.
public struct Decay: Hashable, Sendable {
    /// `UIScrollView.DecelerationRate.normal`: 0.998 per millisecond.
    public static let normal = 0.998
    /// `UIScrollView.DecelerationRate.fast`: 0.99 per millisecond.
    public static let fast = 0.99

    /// The two readings of "c per millisecond" (see ``Decay``).
    public enum Model: String, Sendable, CaseIterable {
        /// Each millisecond v *= c, then x += v; closed form between the millisecond steps by cⁿ with real n.
        case perMillisecond
        /// x(t) = x0 + v0(c^(1000t) − 1)/k with k = 1000·ln c.
        case continuous
    }

    /// The deceleration rate c per millisecond, 0 < c < 1.
    public let rate: Double
    /// Which model evaluates it.
    public let model: Model

    /// A decay at `rate` per millisecond (UIScrollView's `decelerationRate`, default `normal`).
    /// - Precondition: `0 < rate < 1`. (The CLI validates user input with named errors before it gets here.)
    public init(rate: Double = Decay.normal, model: Model = .perMillisecond) {
        precondition(rate > 0 && rate < 1, "Decay: rate must be between 0 and 1 (exclusive)")
        self.rate = rate
        self.model = model
    }

    /// k = 1000·ln c, 1/s (negative): the continuous model's exponent, c^(1000t) = e^(kt).
    public var exponent: Double { 1000 * log(rate) }

    /// The distance from release to rest for `velocity` (value units per second, signed): (v0/1000)·c/(1 − c) per
    /// millisecond, −v0/k continuously.
    public func distance(velocity: Double) -> Double {
        switch model {
        case .perMillisecond: return velocity / 1000 * rate / (1 - rate)
        case .continuous: return -velocity / exponent
        }
    }

    /// The resting point, x0 + ``distance(velocity:)``: with the per-millisecond model, the WWDC 2018 projection
    /// (UIKit's `targetContentOffset`).
    public func restingPoint(from x0: Double, velocity: Double) -> Double { x0 + distance(velocity: velocity) }

    /// The value `t` seconds after release from `x0` with `velocity` (value units per second). Per millisecond,
    /// x0 + (v0/1000)·c·(1 − c^(1000t))/(1 − c), exactly the recurrence at whole milliseconds; continuously,
    /// x0 + v0(c^(1000t) − 1)/k.
    /// - Precondition: `t >= 0`.
    public func value(at t: Double, from x0: Double, velocity: Double) -> Double {
        let decayed = pow(rate, 1000 * t)
        return x0 + distance(velocity: velocity) * (1 - decayed)
    }

    /// The velocity `t` seconds after release, value units per second: v0·c^(1000t) in both models. Per millisecond
    /// this is the recurrence's own velocity after ⌊1000t⌋ multiplies (×1000), what XNDecayTimingFunction reports; the
    /// closed form's slope is that times −c·ln c/(1 − c) (0.999 at `normal`). Continuously it is the derivative.
    public func velocity(at t: Double, velocity: Double) -> Double { velocity * pow(rate, 1000 * t) }

    /// (value, velocity) at `t` (see ``value(at:from:velocity:)`` and ``velocity(at:velocity:)``).
    public func state(at t: Double, from x0: Double, velocity: Double) -> (value: Double, velocity: Double) {
        (value(at: t, from: x0, velocity: velocity), self.velocity(at: t, velocity: velocity))
    }

    /// The time, s, until the speed falls to `threshold` (value units per second): ln(threshold/|v0|) / (1000 ln c),
    /// 0 when it already has.
    /// - Precondition: `threshold > 0`.
    public func timeUntilVelocity(below threshold: Double, velocity: Double) -> Double {
        precondition(threshold > 0, "Decay: threshold must be positive")
        guard abs(velocity) > threshold else { return 0 }
        return log(threshold / abs(velocity)) / exponent
    }

    /// The time, s, until the distance left to the resting point falls to `epsilon` (value units): the distance left
    /// is |distance|·c^(1000t) in both models, so t = ln(epsilon/|distance|) / (1000 ln c), 0 when it already has.
    /// (For v0 = 1000 pt/s at `normal` and 0.5 pt: 3.4494 s per millisecond, 3.4499 s continuously.)
    /// - Precondition: `epsilon > 0`.
    public func timeUntilDistanceLeft(below epsilon: Double, velocity: Double) -> Double {
        precondition(epsilon > 0, "Decay: epsilon must be positive")
        let total = abs(distance(velocity: velocity))
        guard total > epsilon else { return 0 }
        return log(epsilon / total) / exponent
    }

    /// Samples `(t, value, velocity)` at `rate` rows per second from 0 to `until` (the last row at exactly `until`).
    /// - Precondition: `until >= 0`, `rowsPerSecond > 0`.
    public func samples(
        from x0: Double, velocity: Double, until: Double, rowsPerSecond: Double
    ) -> [(t: Double, value: Double, velocity: Double)] {
        precondition(until >= 0 && rowsPerSecond > 0, "Decay: until must be >= 0 and the row rate positive")
        var rows: [(t: Double, value: Double, velocity: Double)] = []
        let n = Int((until * rowsPerSecond + 1e-9).rounded(.down))
        var last = 0.0
        for i in 0...n {
            last = Double(i) / rowsPerSecond
            let s = state(at: last, from: x0, velocity: velocity)
            rows.append((last, s.value, s.velocity))
        }
        if until - last > 1e-12 * max(1, until) {
            let s = state(at: until, from: x0, velocity: velocity)
            rows.append((until, s.value, s.velocity))
        }
        return rows
    }

    /// One millisecond of the per-millisecond recurrence: v *= c, then x += v (v in value units per millisecond).
    /// Both models share the rate; this is the step the ``Model/perMillisecond`` closed form sums.
    public static func step(value x: Double, velocityPerMillisecond v: Double, rate c: Double) -> (
        value: Double, velocityPerMillisecond: Double
    ) {
        let next = v * c
        return (x + next, next)
    }
}
