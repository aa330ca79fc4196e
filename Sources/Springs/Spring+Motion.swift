import Foundation

/// Closed-form motion of a ``Spring``.
///
/// With displacement x = value − target, x0 = from − target, v0 = initial velocity, decay a = c / (2m), ω0² = k / m and
/// q = a² − ω0², every regime is one formula:
///
///     x(t) = e^(−at) (x0 C(t) + (v0 + a x0) S(t))
///     v(t) = e^(−at) (v0 C(t) − (ω0² x0 + a v0) S(t))
///
/// with C = cos(ωd t), S = sin(ωd t) / ωd when q < 0 (ωd = √−q, underdamped); C = 1, S = t when q = 0 (critical);
/// C = cosh(ωs t), S = sinh(ωs t) / ωs when q > 0 (ωs = √q, overdamped). S is evaluated by its series near ωt = 0 and the
/// overdamped products by exponentials of negative arguments, so the result is continuous across the regime boundaries
/// (ζ = 0.999999 and 1.000001 agree with ζ = 1 to ~1e-6) and never overflows or produces NaN for t ≥ 0.
/// Times before 0 give the initial state.
extension Spring {
    /// e^(−at) C(t) and e^(−at) S(t): the propagator of the oscillator over `t` seconds (t ≥ 0).
    @inlinable
    public func propagator(at t: Double) -> (c: Double, s: Double) {
        let a = damping / (2 * mass)
        let q = a * a - stiffness / mass
        return Spring.propagator(t: t, a: a, q: q)
    }

    @inlinable
    static func propagator(t: Double, a: Double, q: Double) -> (c: Double, s: Double) {
        if !(t > 0) { return (1, 0) }
        if q < 0 {
            let wd = (-q).squareRoot()
            let phase = wd * t
            let e = exp(-a * t)
            let (sn, cs) = sinCos(phase)
            let sinc = abs(phase) < 1e-4 ? t * (1 - phase * phase / 6) : sn / wd
            return (e * cs, e * sinc)
        } else if q > 0 {
            let ws = q.squareRoot()
            let phase = ws * t
            if phase < 1e-3 {
                let e = exp(-a * t)
                return (e * (1 + phase * phase / 2), e * t * (1 + phase * phase / 6))
            }
            let slow = exp((ws - a) * t), fast = exp(-(ws + a) * t)
            return (0.5 * (slow + fast), 0.5 * (slow - fast) / ws)
        } else {
            let e = exp(-a * t)
            return (e, e * t)
        }
    }

    /// Value and velocity at time `t` (s) of a motion from `from` to `to` starting with `initialVelocity`
    /// (value units per second).
    @inlinable
    public func state(at t: Double, from: Double, to: Double, initialVelocity: Double) -> (
        value: Double, velocity: Double
    ) {
        let a = damping / (2 * mass), w2 = stiffness / mass
        let (c, s) = Spring.propagator(t: t, a: a, q: a * a - w2)
        let x0 = from - to, v0 = initialVelocity
        return (to + x0 * c + (v0 + a * x0) * s, v0 * c - (w2 * x0 + a * v0) * s)
    }

    /// Value at time `t` (s): see ``state(at:from:to:initialVelocity:)->(Double,_)``.
    @inlinable
    public func value(at t: Double, from: Double = 0, to: Double = 1, initialVelocity: Double = 0) -> Double {
        state(at: t, from: from, to: to, initialVelocity: initialVelocity).value
    }

    /// Velocity at time `t` (s), value units per second.
    @inlinable
    public func velocity(at t: Double, from: Double = 0, to: Double = 1, initialVelocity: Double = 0) -> Double {
        state(at: t, from: from, to: to, initialVelocity: initialVelocity).velocity
    }

    /// Per-axis value and velocity for vector values (points, sizes, colors as SIMD). Each axis moves independently with
    /// the same spring, so an axis whose start equals its target still moves if it has velocity.
    @inlinable
    public func state<V: SIMD>(at t: Double, from: V, to: V, initialVelocity: V) -> (value: V, velocity: V)
    where V.Scalar == Double {
        let a = damping / (2 * mass), w2 = stiffness / mass
        let (c, s) = Spring.propagator(t: t, a: a, q: a * a - w2)
        let x0 = from - to
        let value = to + x0 * c + (initialVelocity + x0 * a) * s
        let velocity = initialVelocity * c - (x0 * w2 + initialVelocity * a) * s
        return (value, velocity)
    }

    // MARK: UIKit's relative velocity

    /// Converts UIKit's relative initial velocity (UISpringTimingParameters, `usingSpringWithDamping:
    /// initialSpringVelocity:`: 1 = the whole distance per second, positive toward the target) to value units per
    /// second: `relative x (to − from)`. When `from == to` there is no distance to scale, so the result is 0: the motion
    /// starts at rest (UIKit's normalisation is undefined there).
    public static func absoluteVelocity(relative: Double, from: Double, to: Double) -> Double {
        relative * (to - from)
    }

    /// The inverse of ``absoluteVelocity(relative:from:to:)``: `velocity / (to − from)`, or nil when `from == to`.
    public static func relativeVelocity(absolute velocity: Double, from: Double, to: Double) -> Double? {
        to == from ? nil : velocity / (to - from)
    }

    // MARK: Peak and settling

    /// The first extremum after t = 0 of a motion (where the velocity returns to zero), as (time s, value), or nil when
    /// the motion never turns (over- or critically damped without enough initial velocity, or already at rest).
    /// For a bouncy spring released from rest this is the peak overshoot: time π / ωd, value
    /// to + (to − from) e^(−ζπ / √(1 − ζ²)).
    public func peak(from: Double = 0, to: Double = 1, initialVelocity: Double = 0) -> (time: Double, value: Double)? {
        guard let t = firstTurn(x0: from - to, v0: initialVelocity) else { return nil }
        return (t, value(at: t, from: from, to: to, initialVelocity: initialVelocity))
    }

    /// The first time t > 0 where the velocity of displacement x0, velocity v0 is zero, or nil.
    func firstTurn(x0: Double, v0: Double) -> Double? {
        let a = decayRate, w2 = stiffness / mass
        let q = a * a - w2
        let d = w2 * x0 + a * v0  // v(t) = e^(−at) (v0 C − d S)
        if x0 == 0 && v0 == 0 { return nil }
        if q < 0 {
            let wd = (-q).squareRoot()
            var theta = atan2(v0 * wd, d)
            if theta <= 0 { theta += Double.pi }
            return theta / wd
        }
        // v0 C = d S: critical S/C = t; overdamped S/C = tanh(ωs t)/ωs.
        guard d != 0 else { return nil }
        let ratio = v0 / d
        guard ratio > 0 else { return nil }
        if q == 0 { return ratio }
        let ws = q.squareRoot()
        let r = ratio * ws
        return r < 1 ? atanh(r) / ws : nil
    }

    /// The time (s) after which a motion stays within `epsilon` (value units, > 0) of its target: the last time
    /// |value − to| equals epsilon. 0 when it never leaves the band; infinity for an undamped spring not at rest.
    ///
    /// Found exactly, not from the envelope: between consecutive turns the motion is monotone, so the last turn outside
    /// the band is located (turn magnitudes shrink by e^(−aπ/ωd) per half period) and the crossing after it is bisected
    /// to 1e-12 s. The initial velocity changes the result: it shifts the turns and their sizes. A damping so light that
    /// the motion would need more than 10^12 half periods to settle, or an epsilon too small for the motion's scale
    /// (not positive, or below 1e-300), counts as never settling (infinity).
    public func settlingDuration(from: Double, to: Double, initialVelocity: Double, epsilon: Double) -> Double {
        guard epsilon > 1e-300, epsilon.isFinite else { return .infinity }
        let x0 = from - to, v0 = initialVelocity
        func x(_ t: Double) -> Double { value(at: t, from: from, to: to, initialVelocity: initialVelocity) - to }
        if x0 == 0 && v0 == 0 { return 0 }
        if damping == 0 { return .infinity }
        let a = decayRate
        // Find a bracket [lo, hi] on which x is monotone, |x(lo)| > ε, and the motion stays in the band after hi.
        var lo: Double
        var hi: Double
        let turn = firstTurn(x0: x0, v0: v0)
        if regime == .underdamped {
            let wd = dampedFrequency
            let half = Double.pi / wd
            let t1 = turn!
            let m1 = abs(x(t1))
            if m1 > epsilon {
                // Turns t1 + kπ/ωd have magnitudes m1 e^(−a k π/ωd): the last one above ε.
                var k = (log(m1 / epsilon) / (a * half)).rounded(.down)
                guard k.isFinite && k < 1e12 else { return .infinity }
                var guardCount = 0
                while k > 0 && abs(x(t1 + k * half)) <= epsilon && guardCount < 64 { k -= 1; guardCount += 1 }
                while abs(x(t1 + (k + 1) * half)) > epsilon && guardCount < 128 { k += 1; guardCount += 1 }
                lo = t1 + k * half
                hi = lo + half
            } else if abs(x0) > epsilon {
                lo = 0
                hi = t1
            } else {
                return 0
            }
        } else {
            if let te = turn, abs(x(te)) > epsilon {
                lo = te
            } else if abs(x0) > epsilon && turn == nil {
                lo = 0
            } else if abs(x0) > epsilon, let te = turn {
                // Leaves the band only at the start: the crossing lies before the turn.
                lo = 0
                hi = te
                return bisectCrossing(lo: lo, hi: hi, x: x, epsilon: epsilon)
            } else {
                return 0
            }
            // Monotone decay after lo: grow hi until inside the band.
            hi = lo + 1 / a
            var guardCount = 0
            while abs(x(hi)) > epsilon && guardCount < 2000 {
                hi += hi - lo
                guardCount += 1
            }
            guard hi.isFinite && guardCount < 2000 else { return .infinity }
        }
        return bisectCrossing(lo: lo, hi: hi, x: x, epsilon: epsilon)
    }

    /// On [lo, hi], where x is monotone with |x(lo)| > ε and |x(hi)| ≤ ε, the time where |x| = ε.
    private func bisectCrossing(lo: Double, hi: Double, x: (Double) -> Double, epsilon: Double) -> Double {
        var lo = lo, hi = hi
        let sign: Double = x(lo) > 0 ? 1 : -1
        for _ in 0..<200 {
            let mid = 0.5 * (lo + hi)
            if sign * x(mid) > epsilon { lo = mid } else { hi = mid }
            if hi - lo <= 1e-12 * max(1, hi) { break }
        }
        return hi
    }

    /// The settling duration of the unit motion 0 → 1 from rest with epsilon 0.001 (SwiftUI's `Spring.settlingDuration`
    /// uses the same epsilon): the time after which the value stays within 0.1% of the distance. Apple does not publish
    /// CASpringAnimation's rule; for mass 1, stiffness 100 this gives 2.69 s at damping 5 and 0.80 s at damping 15,
    /// against Apple's "about 2.85 s" and "just over 1 s" (Apple's rule evidently uses a looser band or an envelope).
    public var settlingDuration: Double {
        settlingDuration(from: 0, to: 1, initialVelocity: 0, epsilon: 0.001)
    }
}

/// One spring motion (spring, start, target, initial velocity) with its constants precomputed, for sampling many times
/// cheaply (the curve a CLI run or an animation samples every frame). Same formulas and results as
/// ``Spring/state(at:from:to:initialVelocity:)->(Double,_)``.
public struct SpringMotion: Sendable {
    /// The spring.
    public let spring: Spring
    /// Start and target values, and the initial velocity (value units per second).
    public let from: Double, to: Double, initialVelocity: Double
    @usableFromInline let a: Double, w2: Double, q: Double, omega: Double, inverseOmega: Double
    @usableFromInline let x0: Double, b: Double, d: Double

    /// A motion from `from` to `to` starting with `initialVelocity`.
    public init(spring: Spring, from: Double = 0, to: Double = 1, initialVelocity: Double = 0) {
        self.spring = spring
        self.from = from
        self.to = to
        self.initialVelocity = initialVelocity
        a = spring.damping / (2 * spring.mass)
        w2 = spring.stiffness / spring.mass
        q = a * a - w2
        omega = abs(q).squareRoot()
        inverseOmega = omega > 0 ? 1 / omega : 0
        x0 = from - to
        b = initialVelocity + a * x0
        d = w2 * x0 + a * initialVelocity
    }

    /// Value and velocity at `t` seconds (the initial state for t ≤ 0).
    @inlinable
    public func state(at t: Double) -> (value: Double, velocity: Double) {
        let (c, s) = propagator(t)
        return (to + x0 * c + b * s, initialVelocity * c - d * s)
    }

    /// Value at `t` seconds.
    @inlinable
    public func value(at t: Double) -> Double {
        let (c, s) = propagator(t)
        return to + x0 * c + b * s
    }

    @inlinable
    func propagator(_ t: Double) -> (Double, Double) {
        if q < 0, t > 0 {
            let phase = omega * t
            if phase >= 1e-4 {
                let e = exp(-a * t)
                let (sn, cs) = sinCos(phase)
                return (e * cs, e * sn * inverseOmega)
            }
        }
        return Spring.propagator(t: t, a: a, q: q)
    }
}
