import Foundation

/// A damped harmonic oscillator m x'' + c x' + k (x − target) = 0, the spring behind UISpringTimingParameters,
/// CASpringAnimation and SwiftUI's Spring, evaluated in closed form.
///
/// Units: mass in arbitrary mass units (1 is Apple's default), stiffness in mass/s², damping in mass/s, times in seconds,
/// values in whatever unit the animated property has, velocities in value units per second.
///
/// Three ways to describe one spring, as Apple's APIs do:
/// - ``init(mass:stiffness:damping:)`` (UISpringTimingParameters, CASpringAnimation);
/// - ``init(dampingRatio:response:)`` (SwiftUI's `.spring(response:dampingFraction:)`, Motion): mass 1,
///   k = (2π / response)², c = 4π dampingRatio / response;
/// - ``init(perceptualDuration:bounce:)`` (SwiftUI's `Spring(duration:bounce:)`, iOS 17 CASpringAnimation): response =
///   perceptualDuration, dampingRatio = 1 − bounce for bounce ≥ 0 and 1 / (1 + bounce) for bounce < 0.
public struct Spring: Hashable, Sendable {
    /// Mass, > 0.
    public let mass: Double
    /// Stiffness k, > 0, mass/s².
    public let stiffness: Double
    /// Damping coefficient c, ≥ 0, mass/s.
    public let damping: Double

    /// A spring by its physical parameters. CASpringAnimation's defaults are mass 1, stiffness 100, damping 10.
    /// - Precondition: `mass > 0`, `stiffness > 0`, `damping >= 0`, all finite. (The CLI validates user input with
    ///   named errors before it gets here.)
    public init(mass: Double = 1, stiffness: Double = 100, damping: Double = 10) {
        precondition(mass > 0 && mass.isFinite, "Spring: mass must be positive")
        precondition(stiffness > 0 && stiffness.isFinite, "Spring: stiffness must be positive")
        precondition(damping >= 0 && damping.isFinite, "Spring: damping must be >= 0")
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
    }

    /// A spring with mass 1 by damping ratio ζ (0 = undamped, 1 = critical) and response (the undamped period, s):
    /// k = (2π / response)², c = 4π ζ / response.
    /// - Precondition: `dampingRatio >= 0`, `response > 0`, finite.
    public init(dampingRatio: Double, response: Double) {
        precondition(dampingRatio >= 0 && dampingRatio.isFinite, "Spring: dampingRatio must be >= 0")
        precondition(response > 0 && response.isFinite, "Spring: response must be positive")
        let omega = 2 * Double.pi / response
        self.init(mass: 1, stiffness: omega * omega, damping: 2 * dampingRatio * omega)
    }

    /// A spring by SwiftUI's perceptual duration (= response, s) and bounce (−1 < bounce ≤ 1; 0 = critically damped,
    /// positive = bouncy, negative = overdamped): dampingRatio = 1 − bounce for bounce ≥ 0, 1 / (1 + bounce) below.
    /// - Precondition: `perceptualDuration > 0`, `-1 < bounce <= 1`, finite.
    public init(perceptualDuration: Double, bounce: Double) {
        precondition(bounce > -1 && bounce <= 1, "Spring: bounce must be in (-1, 1]")
        let ratio = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
        self.init(dampingRatio: ratio, response: perceptualDuration)
    }

    // MARK: Derived parameters

    /// Undamped angular frequency ω0 = √(k / m), rad/s.
    public var naturalFrequency: Double { (stiffness / mass).squareRoot() }

    /// Damping ratio ζ = c / (2 √(k m)): < 1 underdamped (oscillates), 1 critical, > 1 overdamped.
    public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

    /// Response: the undamped period 2π / ω0, s (SwiftUI's `response`, and `duration` of `Spring(duration:bounce:)`).
    public var response: Double { 2 * Double.pi / naturalFrequency }

    /// SwiftUI's perceptual duration; equal to ``response``.
    public var perceptualDuration: Double { response }

    /// SwiftUI's bounce: 1 − ζ for ζ ≤ 1, 1/ζ − 1 for ζ > 1 (the inverse of ``init(perceptualDuration:bounce:)``).
    public var bounce: Double {
        let z = dampingRatio
        return z <= 1 ? 1 - z : 1 / z - 1
    }

    /// Damped angular frequency ωd = ω0 √(1 − ζ²), rad/s; 0 when critically or overdamped.
    public var dampedFrequency: Double {
        let z = dampingRatio
        return z < 1 ? naturalFrequency * (1 - z * z).squareRoot() : 0
    }

    /// Decay rate of the envelope, c / (2m) = ζ ω0, 1/s.
    public var decayRate: Double { damping / (2 * mass) }

    /// Which of the three solution families applies.
    public enum Regime: String, Sendable {
        case undamped, underdamped, criticallyDamped, overdamped
    }

    /// The regime by ζ (exactly 1 is critical).
    public var regime: Regime {
        if damping == 0 { return .undamped }
        let z = dampingRatio
        return z < 1 ? .underdamped : (z == 1 ? .criticallyDamped : .overdamped)
    }
}
