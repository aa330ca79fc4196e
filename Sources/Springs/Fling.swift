import Foundation

/// Each platform's own fling, from its published source, for comparison with UIScrollView's ``Decay``.
public enum Flings {
    /// Android's `OverScroller` spline fling (`android.widget.OverScroller.SplineOverScroller`, AOSP
    /// frameworks/base core/java/android/widget/OverScroller.java), which Flutter's `ClampingScrollSimulation`
    /// (packages/flutter/lib/src/widgets/scroll_simulation.dart, its `_NBSample` and `_splinePosition` table) and
    /// Compose's `splineBasedDecay` (`AndroidFlingCalculator`/`FlingCalculator`) reproduce, as does Chromium's
    /// `ui/events/android/scroller.cc`.
    ///
    /// - physical coefficient = 9.80665 (g) · 39.37 (in/m) · 160·density (dpi) · 0.84;
    /// - l = ln(0.35·|v0| / (friction · coefficient)) (`getSplineDeceleration`, 0.35 = INFLEXION);
    /// - duration = e^(l / (D − 1)) s, distance = friction · coefficient · e^(D·l / (D − 1)), D = ln 0.78 / ln 0.9
    ///   (`DECELERATION_RATE`), friction 0.015 (`ViewConfiguration.getScrollFriction()`);
    /// - position: start + sign(v0)·distance·SPLINE_POSITION(t/duration), the table of 101 samples built by AOSP's
    ///   bisection (START_TENSION 0.5, END_TENSION 1, P1 = 0.175, P2 = 0.35, tolerance 1e-5), read by linear
    ///   interpolation as `computeScrollOffset` does; velocity = the segment's slope · distance / duration.
    ///
    /// 1000 px/s at density 1: 194.3 px in 0.555 s. Android rounds the distance to whole pixels and the duration to
    /// whole milliseconds and builds the table in `float`; this evaluates in `Double` without rounding. At t = 0 the
    /// value is the start and the velocity v0 (Flutter's special case; the table's first entry is 2.3e-5, not 0).
    public struct AndroidSpline: Fling, Hashable {
        /// The value at the release, t = 0 (the property's unit).
        public let from: Double
        /// The release velocity, units per second.
        public let initialVelocity: Double
        /// The scroll friction, `ViewConfiguration.getScrollFriction()` = 0.015 by default.
        public let friction: Double
        /// Screen density (dpi / 160); 1 makes pixels points.
        public let density: Double

        /// `DECELERATION_RATE` = ln 0.78 / ln 0.9 ≈ 2.358.
        public static let decelerationRate = log(0.78) / log(0.9)
        /// `INFLEXION` = 0.35.
        public static let inflexion = 0.35

        /// - Precondition: `friction > 0`, `density > 0`, all finite.
        public init(from: Double = 0, velocity: Double, friction: Double = 0.015, density: Double = 1) {
            precondition(friction > 0 && friction.isFinite && density > 0 && density.isFinite)
            self.from = from
            self.initialVelocity = velocity
            self.friction = friction
            self.density = density
        }

        /// `mPhysicalCoeff` = 9.80665 · 39.37 · 160·density · 0.84.
        public var physicalCoefficient: Double { 9.80665 * 39.37 * 160 * density * 0.84 }

        /// `getSplineDeceleration`: ln(0.35·|v0| / (friction · coefficient)).
        var splineDeceleration: Double {
            log(Self.inflexion * abs(initialVelocity) / (friction * physicalCoefficient))
        }

        /// When this platform stops the motion, by its own rule (in the type's description), s.
        public var duration: Double {
            initialVelocity == 0 ? 0 : exp(splineDeceleration / (Self.decelerationRate - 1))
        }

        /// The distance travelled, ≥ 0 (`getSplineFlingDistance`).
        public var distance: Double {
            let d = Self.decelerationRate
            return initialVelocity == 0 ? 0 : friction * physicalCoefficient * exp(d / (d - 1) * splineDeceleration)
        }

        /// Where the motion rests: its value at ``duration``.
        public var restingPoint: Double { from + sign * distance }

        var sign: Double { initialVelocity < 0 ? -1 : 1 }

        /// SPLINE_POSITION: 101 samples of the distance fraction at time fractions 0, 0.01, …, 1, built as AOSP's
        /// static block builds it (bisection on the time Bézier, x_min carried from one sample to the next).
        public static let splinePosition: [Double] = {
            let p1 = 0.5 * inflexion, p2 = 1 - 1 * (1 - inflexion)
            var table = [Double](repeating: 0, count: 101)
            var xMin = 0.0
            for i in 0..<100 {
                let alpha = Double(i) / 100
                var xMax = 1.0
                var x = 0.0, coef = 0.0
                while true {
                    x = xMin + (xMax - xMin) / 2
                    coef = 3 * x * (1 - x)
                    let tx = coef * ((1 - x) * p1 + x * p2) + x * x * x
                    if abs(tx - alpha) < 1e-5 { break }
                    if tx > alpha { xMax = x } else { xMin = x }
                }
                table[i] = coef * ((1 - x) * 0.5 + x) + x * x * x
            }
            table[100] = 1
            return table
        }()

        /// (distance fraction, its slope per unit time fraction) at `t` (`computeScrollOffset`'s interpolation).
        func sample(_ t: Double) -> (distance: Double, slope: Double) {
            let p = t / duration
            let index = Int(min(max(100 * p, 0), 100))
            guard index < 100 else { return (1, 0) }
            let tInf = Double(index) / 100, tSup = Double(index + 1) / 100
            let dInf = Self.splinePosition[index], dSup = Self.splinePosition[index + 1]
            let slope = (dSup - dInf) / (tSup - tInf)
            return (dInf + (p - tInf) * slope, slope)
        }

        /// The value `t` seconds after release, held at the resting point after ``duration``.
        public func value(at t: Double) -> Double {
            guard t > 0, initialVelocity != 0 else { return from }
            return from + sign * distance * sample(t).distance
        }

        /// The velocity `t` seconds after release, units per second; 0 from ``duration`` on.
        public func velocity(at t: Double) -> Double {
            guard t > 0 else { return initialVelocity }
            guard initialVelocity != 0 else { return 0 }
            return sign * sample(t).slope * distance / duration
        }
    }

    /// androidx `FlingAnimation` (androidx.dynamicanimation, `FlingAnimation.DragForce`): velocity v0·e^(kt) and value
    /// x0 − v0/k + (v0/k)·e^(kt), k = −4.2 · friction (`DEFAULT_FRICTION = -4.2f` times `setFriction`, default 1). It
    /// ends when the speed falls below the velocity threshold, 0.75 (`THRESHOLD_MULTIPLIER`) · the minimum visible
    /// change (`MIN_VISIBLE_CHANGE_PIXELS` = 1 for view properties) · 1000/16 (`VELOCITY_THRESHOLD_MULTIPLIER`) =
    /// 46.875 px/s; it rests where it is then. (Android steps per frame in `float`; this is the exact closed form.)
    public struct FlingAnimation: ExponentialFling, Hashable {
        /// The value at the release, t = 0 (the property's unit).
        public let from: Double
        /// The release velocity, units per second.
        public let initialVelocity: Double
        /// `setFriction`, > 0, default 1.
        public let friction: Double
        /// The speed the animation ends below, units per second.
        public let velocityThreshold: Double

        /// The default threshold for a 1 px minimum visible change: 0.75 · 1 · 1000/16 = 46.875 px/s.
        public static let defaultVelocityThreshold = 0.75 * 1 * 1000 / 16

        /// - Precondition: `friction > 0`, `velocityThreshold > 0`, finite.
        public init(
            from: Double = 0, velocity: Double, friction: Double = 1,
            velocityThreshold: Double = FlingAnimation.defaultVelocityThreshold
        ) {
            precondition(friction > 0 && friction.isFinite && velocityThreshold > 0 && velocityThreshold.isFinite)
            self.from = from
            self.initialVelocity = velocity
            self.friction = friction
            self.velocityThreshold = velocityThreshold
        }

        /// k = −4.2 · friction, 1/s.
        public var exponent: Double { -4.2 * friction }

        /// The speed it stops below: ``velocityThreshold``.
        public var stopSpeed: Double { velocityThreshold }
    }

    /// Compose's `exponentialDecay` (androidx.compose.animation.core `FloatExponentialDecaySpec`): friction =
    /// −4.2 · max(frictionMultiplier, 1e-4), value x0 − v0/friction + (v0/friction)·e^(friction·t), velocity
    /// v0·e^(friction·t); duration ln(absVelocityThreshold/|v0|)/friction (absVelocityThreshold = max(0.1, 1e-7) by
    /// default, units per second); the target (`getTargetValue`) is the value at that duration, x0 when |v0| is
    /// at most the threshold. (Compose computes in `Float` and whole milliseconds; this is the exact closed form.)
    public struct ComposeExponentialDecay: ExponentialFling, Hashable {
        /// The value at the release, t = 0 (the property's unit).
        public let from: Double
        /// The release velocity, units per second.
        public let initialVelocity: Double
        /// `frictionMultiplier`, default 1 (floored at 1e-4 as Compose does).
        public let frictionMultiplier: Double
        /// `absVelocityThreshold`, default 0.1 units per second (floored at 1e-7).
        public let absVelocityThreshold: Double

        /// - Precondition: both parameters positive and finite.
        public init(
            from: Double = 0, velocity: Double, frictionMultiplier: Double = 1, absVelocityThreshold: Double = 0.1
        ) {
            precondition(frictionMultiplier > 0 && frictionMultiplier.isFinite)
            precondition(absVelocityThreshold > 0 && absVelocityThreshold.isFinite)
            self.from = from
            self.initialVelocity = velocity
            self.frictionMultiplier = max(frictionMultiplier, 1e-4)
            self.absVelocityThreshold = max(absVelocityThreshold, 1e-7)
        }

        /// Compose's `friction`: −4.2 · frictionMultiplier, 1/s.
        public var friction: Double { -4.2 * frictionMultiplier }

        /// The law's exponent: ``friction``, 1/s.
        public var exponent: Double { friction }

        /// The speed it stops below: ``absVelocityThreshold``.
        public var stopSpeed: Double { absVelocityThreshold }
    }

    /// Flutter's `FrictionSimulation` (packages/flutter/lib/src/physics/friction_simulation.dart) with drag 0.135, the
    /// one `BouncingScrollSimulation` (iOS-style scrolling) coasts with: x(t) = x0 + v0·(drag^t − 1)/ln drag, dx(t) =
    /// v0·drag^t, `finalX` = x0 − v0/ln drag. 0.135 is close to 0.998^1000 = 0.1351 (UIScrollView's `normal` per
    /// second), so it is the ``Decay/Model/continuous`` model at c = 0.135^(1/1000). It is done when |dx| falls below
    /// the tolerance's velocity (`Tolerance.defaultTolerance` 1e-3; scroll physics use 1/(0.050·devicePixelRatio)).
    public struct FlutterFriction: Fling, Hashable {
        /// The value at the release, t = 0 (the property's unit).
        public let from: Double
        /// The release velocity, units per second.
        public let initialVelocity: Double
        /// The fraction of the velocity left after one second, 0 < drag < 1; 0.135 for scrolling.
        public let drag: Double
        /// `tolerance.velocity`, units per second.
        public let velocityTolerance: Double

        /// - Precondition: `0 < drag < 1`, `velocityTolerance > 0`.
        public init(from: Double = 0, velocity: Double, drag: Double = 0.135, velocityTolerance: Double = 1e-3) {
            precondition(drag > 0 && drag < 1 && velocityTolerance > 0 && velocityTolerance.isFinite)
            self.from = from
            self.initialVelocity = velocity
            self.drag = drag
            self.velocityTolerance = velocityTolerance
        }

        /// `finalX`: the asymptote x0 − v0/ln drag.
        public var finalX: Double { from - initialVelocity / log(drag) }

        /// When this platform stops the motion, by its own rule (in the type's description), s.
        public var duration: Double {
            abs(initialVelocity) < velocityTolerance ? 0 : log(velocityTolerance / abs(initialVelocity)) / log(drag)
        }

        /// The value `t` seconds after release, held at the resting point after ``duration``.
        public func value(at t: Double) -> Double {
            let s = min(max(t, 0), duration)
            return from + initialVelocity * (pow(drag, s) - 1) / log(drag)
        }

        /// The velocity `t` seconds after release, units per second; 0 from ``duration`` on.
        public func velocity(at t: Double) -> Double {
            t >= duration ? 0 : initialVelocity * pow(drag, max(t, 0))
        }

        /// Where the motion rests: its value at ``duration``.
        public var restingPoint: Double { value(at: duration) }
    }

    /// Motion's `inertia` (motion-dom / framer-motion `animation/generators/inertia`; popmotion's `decay` before it):
    /// amplitude = power · v0, target = x0 + amplitude, x(t) = target − amplitude · e^(−t/timeConstant) (t in ms), done
    /// when |amplitude · e^(−t/τ)| ≤ restDelta, when it jumps to the target. Defaults: power 0.8, timeConstant 325 ms
    /// (popmotion's `decay` used 350), restDelta 0.5. The velocity is in units per second but the target is power ·
    /// v0 away, with no time in it: the motion starts at amplitude/τ = 0.8·v0/0.325 s ≈ 2.46·v0, not at v0.
    public struct MotionInertia: Fling, Hashable {
        /// The value at the release, t = 0 (the property's unit).
        public let from: Double
        /// The release velocity, units per second.
        public let initialVelocity: Double
        /// `power`, default 0.8.
        public let power: Double
        /// `timeConstant`, ms, default 325.
        public let timeConstant: Double
        /// `restDelta`, units, default 0.5.
        public let restDelta: Double

        /// - Precondition: `power > 0`, `timeConstant > 0`, `restDelta > 0`, all finite.
        public init(
            from: Double = 0, velocity: Double, power: Double = 0.8, timeConstant: Double = 325, restDelta: Double = 0.5
        ) {
            precondition(power > 0 && power.isFinite && timeConstant > 0 && timeConstant.isFinite)
            precondition(restDelta > 0 && restDelta.isFinite)
            self.from = from
            self.initialVelocity = velocity
            self.power = power
            self.timeConstant = timeConstant
            self.restDelta = restDelta
        }

        /// power · v0.
        public var amplitude: Double { power * initialVelocity }

        /// x0 + power · v0 (Motion's `target`, without `modifyTarget`).
        public var restingPoint: Double { from + amplitude }

        /// When this platform stops the motion, by its own rule (in the type's description), s.
        public var duration: Double {
            abs(amplitude) <= restDelta ? 0 : timeConstant * log(abs(amplitude) / restDelta) / 1000
        }

        /// The value `t` seconds after release, held at the resting point after ``duration``.
        public func value(at t: Double) -> Double {
            t >= duration ? restingPoint : restingPoint - amplitude * exp(-max(t, 0) * 1000 / timeConstant)
        }

        /// The velocity `t` seconds after release, units per second; 0 from ``duration`` on.
        public func velocity(at t: Double) -> Double {
            t >= duration ? 0 : amplitude / (timeConstant / 1000) * exp(-max(t, 0) * 1000 / timeConstant)
        }
    }

    /// UIScrollView's ``Decay`` as a ``Fling``: it stops when the distance left falls to `restEpsilon` (0.5 pt by
    /// default, half a point; UIKit does not publish its rule).
    public struct ScrollView: Fling, Hashable {
        /// The value at the release, t = 0 (the property's unit).
        public let from: Double
        /// The release velocity, units per second.
        public let initialVelocity: Double
        /// The decay (rate and model).
        public let decay: Decay
        /// The distance left at which it stops, units.
        public let restEpsilon: Double

        /// - Precondition: `restEpsilon > 0`.
        public init(from: Double = 0, velocity: Double, decay: Decay = Decay(), restEpsilon: Double = 0.5) {
            precondition(restEpsilon > 0 && restEpsilon.isFinite)
            self.from = from
            self.initialVelocity = velocity
            self.decay = decay
            self.restEpsilon = restEpsilon
        }

        /// When this platform stops the motion, by its own rule (in the type's description), s.
        public var duration: Double { decay.timeUntilDistanceLeft(below: restEpsilon, velocity: initialVelocity) }

        /// The projection (``Decay/restingPoint(from:velocity:)``), where the content rests; the motion is cut
        /// `restEpsilon` short of it at ``duration``.
        public var restingPoint: Double { decay.restingPoint(from: from, velocity: initialVelocity) }

        /// The value `t` seconds after release, held at the resting point after ``duration``.
        public func value(at t: Double) -> Double {
            decay.value(at: max(t, 0), from: from, velocity: initialVelocity)
        }

        /// The velocity `t` seconds after release, units per second; 0 from ``duration`` on.
        public func velocity(at t: Double) -> Double { decay.velocity(at: max(t, 0), velocity: initialVelocity) }
    }
}

/// A fling: a value released at a velocity that coasts to rest, evaluated in closed form.
///
/// Units: values in the platform's unit (points on iOS; pixels on Android, which equal points at 160 dpi, density 1;
/// Flutter's logical pixels), velocities in those units per second, times in seconds.
public protocol Fling: Sendable {
    /// The value at the release, t = 0.
    var from: Double { get }
    /// The release velocity, units per second.
    var initialVelocity: Double { get }
    /// The value `t` seconds after release (held at ``restingPoint`` after ``duration``).
    func value(at t: Double) -> Double
    /// The velocity `t` seconds after release, units per second (0 after ``duration``).
    func velocity(at t: Double) -> Double
    /// Where the motion rests: the value at ``duration`` where the platform stops it there; for a scroll view the
    /// projection, which the decay approaches.
    var restingPoint: Double { get }
    /// When the platform stops the motion, by its own rule, s.
    var duration: Double { get }
}

/// The law androidx FlingAnimation and Compose's exponentialDecay both integrate, with their own constants: velocity
/// v0·e^(kt) (k = ``exponent`` < 0, 1/s), value x0 − v0/k + (v0/k)·e^(kt), stopped once the speed falls below
/// ``stopSpeed`` (units per second) and held there.
public protocol ExponentialFling: Fling {
    /// k, 1/s (negative).
    var exponent: Double { get }
    /// The speed the motion stops below, units per second.
    var stopSpeed: Double { get }
}

extension ExponentialFling {
    /// When the speed falls below ``stopSpeed``: ln(stopSpeed/|v0|)/k, 0 when it starts below, s.
    public var duration: Double {
        abs(initialVelocity) <= stopSpeed ? 0 : log(stopSpeed / abs(initialVelocity)) / exponent
    }

    /// The value `t` seconds after release, held at the resting point after ``duration``.
    public func value(at t: Double) -> Double {
        let k = exponent, s = min(max(t, 0), duration)
        return from - initialVelocity / k + initialVelocity / k * exp(k * s)
    }

    /// The velocity `t` seconds after release, units per second; 0 from ``duration`` on.
    public func velocity(at t: Double) -> Double {
        t >= duration ? 0 : initialVelocity * exp(exponent * max(t, 0))
    }

    /// Where the motion rests: its value at ``duration``.
    public var restingPoint: Double { value(at: duration) }
}
