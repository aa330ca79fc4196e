// `dynsim export`'s blocks: a spring's or a curve's parameters in each target's terms (SwiftUI, Core Animation, UIKit,
// Android, Compose, Flutter, Motion, React Native, CSS), with each target's conventions and exactness stated.
import Foundation
import IO
import Scenes
import Shell
import Springs

/// Numbers as each language writes them: 12 significant digits, written shortest (Swift, Dart, JavaScript; `0.3`, not
/// the `0.30000000000000004` that 1 − 0.7 leaves), and Kotlin's Float.
private func n(_ x: Double) -> String { NumberFormat.shortest(Double(String(format: "%.12g", x)) ?? x) }
private func f(_ x: Double) -> String { "\(Float(x))f" }

/// A spring's blocks.
struct SpringBlocks {
    let s: Spring
    let from: Double, to: Double, v0: Double
    /// The velocity as a fraction of the distance per second (UIKit, Core Animation, SwiftUI), nil when from = to.
    let relative: Double?
    /// When the motion stays within 0.1% of the distance (of |v0| / ω0 when from = to): dynsim's settling duration.
    let settle: Double
    let maxError: Double

    /// `--until`, when given (the durations printed are then that, not the settling duration).
    let until: Double?

    init(_ o: SpringOptions, maxError: Double) throws {
        s = o.spring
        from = o.from
        to = o.to
        v0 = o.initialVelocity
        until = o.until
        relative = o.to != o.from ? o.initialVelocity / (o.to - o.from) : nil
        let scale = o.to != o.from ? abs(o.to - o.from) : abs(o.initialVelocity) / o.spring.naturalFrequency
        let settling =
            0.001 * scale > 1e-300
            ? o.spring.settlingDuration(
                from: o.from, to: o.to, initialVelocity: o.initialVelocity, epsilon: 0.001 * scale) : 0
        guard o.until != nil || (settling.isFinite && settling <= Limits.maxExportSettling) else {
            throw UsageError(
                message:
                    "--until: required, this spring does not settle within \(NumberFormat.limit(Limits.maxExportSettling)) s, got nothing",
                command: "export")
        }
        settle = o.until ?? settling
        self.maxError = maxError
    }

    /// How the printed duration was chosen.
    var durationRule: String {
        until != nil ? "--until" : "the spring's settling duration (within 0.1% of the distance)"
    }

    /// Mass 1 equivalents (the same motion): k / m, c / m.
    var k1: Double { s.stiffness / s.mass }
    var c1: Double { s.damping / s.mass }
    var rel: String { relative.map(n) ?? "0 /* from equals to: no relative form of the velocity */" }

    func block(_ target: String) throws -> String {
        switch target {
        case "swiftui": return swiftUI
        case "core-animation":
            return """
                // Core Animation, CASpringAnimation (iOS 9+): exact. initialVelocity is relative: 1 = the whole distance per
                // second, toward the target. \(until != nil ? "The duration is --until, \(n(settle)) s." : "Its settlingDuration's formula is unpublished: dynsim's (\(durationRule)) is \(n(settle)) s.")
                let animation = CASpringAnimation(keyPath: "position.x")
                animation.fromValue = \(n(from))
                animation.toValue = \(n(to))
                animation.mass = \(n(s.mass))
                animation.stiffness = \(n(s.stiffness))
                animation.damping = \(n(s.damping))
                animation.initialVelocity = \(rel)
                animation.duration = \(until.map { n($0) + " // --until" } ?? "animation.settlingDuration")

                """
        case "uikit": return uiKit
        case "android":
            return """
                // Android, SpringForce (androidx.dynamicanimation 1.0): \(floatExactness). Mass 1: stiffness = k / m; start velocity
                // in value units per second.
                val force = SpringForce(\(f(to))).setStiffness(\(f(k1))).setDampingRatio(\(f(s.dampingRatio)))
                SpringAnimation(view, DynamicAnimation.TRANSLATION_X).setSpring(force).setStartValue(\(f(from))).setStartVelocity(\(f(v0))).start()

                """
        case "compose":
            return """
                // Jetpack Compose, spring() (androidx.compose.animation.core 1.0+): \(floatExactness). Mass 1: stiffness = k / m;
                // initial velocity in value units per second.
                val animatable = Animatable(\(f(from)))
                animatable.animateTo(\(f(to)), animationSpec = spring(dampingRatio = \(f(s.dampingRatio)), stiffness = \(f(k1))), initialVelocity = \(f(v0)))

                """
        case "flutter":
            return """
                // Flutter, SpringDescription (package:flutter/physics.dart): exact. Velocity in value units per second.
                const description = SpringDescription(mass: \(n(s.mass)), stiffness: \(n(s.stiffness)), damping: \(n(s.damping)));
                final simulation = SpringSimulation(description, \(n(from)), \(n(to)), \(n(v0)));

                """
        case "motion": return motion
        case "react-native": return reactNative
        default: return try css()
        }
    }

    /// "exact (Float)", or, when Float (24-bit) rounding moves the motion by more than 1e-6 of the distance, how far
    /// it does: the largest of the rounding of from, of to, of the velocity's reach over a radian of the motion, and
    /// half a Float ulp at the larger of |from| and |to| (every value the animation holds on the way is a Float, so
    /// even exactly held ends move by that between them: 1e6 to 1e6 + 0.5 is 6% of the distance), over the distance.
    var floatExactness: String {
        let distance = to != from ? abs(to - from) : abs(v0) / s.naturalFrequency
        guard distance > 0 else { return "exact (Float)" }
        let moved = max(
            abs(Double(Float(from)) - from), abs(Double(Float(to)) - to),
            abs(Double(Float(v0)) - v0) / s.naturalFrequency,
            Double(Float(max(abs(from), abs(to))).ulp) / 2)
        let fraction = moved / distance
        return fraction <= 1e-6
            ? "exact (Float)"
            : "Float rounding moves the values by up to \(String(format: "%.2g", fraction)) of the distance (the values are large or tiny beside it; animate an offset from 0 in units where the distance is near 1 instead)"
    }

    var swiftUI: String {
        let b = s.bounce
        return """
            // SwiftUI, Spring (iOS 17+): exact. duration = 2π / √(k/m), bounce = 1 − dampingRatio (1 / dampingRatio − 1 when
            // overdamped); mass 1 (k/m, c/m: the same motion).
            let spring = Spring(duration: \(n(s.response)), bounce: \(n(b)))
            // The same spring by response and damping fraction (iOS 13+): exact.
            withAnimation(.spring(response: \(n(s.response)), dampingFraction: \(n(s.dampingRatio)))) { /* from \(n(from)) to \(n(to)) */ }
            // With the initial velocity (relative: 1 = the whole distance per second): exact.
            withAnimation(.interpolatingSpring(mass: 1, stiffness: \(n(k1)), damping: \(n(c1)), initialVelocity: \(rel))) { }

            """
    }

    var uiKit: String {
        """
        // UIKit, UISpringTimingParameters (iOS 10+): exact. initialVelocity is relative to the distance (dx and dy per
        // axis); with mass, stiffness and damping the animator's duration is ignored.
        let timing = UISpringTimingParameters(mass: \(n(s.mass)), stiffness: \(n(s.stiffness)), damping: \(n(s.damping)),
                                              initialVelocity: CGVector(dx: \(rel), dy: \(rel)))
        let animator = UIViewPropertyAnimator(duration: \(n(settle)), timingParameters: timing)
        // UIView.animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:), and
        // UISpringTimingParameters(dampingRatio:initialVelocity:) with the animator's duration: dynsim's fit. UIKit does
        // not publish how it picks the stiffness from the duration; dynsim's rule: damping = the damping ratio,
        // duration = \(durationRule), \(n(settle)) s.
        UIView.animate(withDuration: \(n(settle)), delay: 0, usingSpringWithDamping: \(n(s.dampingRatio)),
                       initialSpringVelocity: \(rel), options: [], animations: { /* from \(n(from)) to \(n(to)) */ })

        """
    }

    var motion: String {
        let zeta = s.dampingRatio, omega = (k1).squareRoot()
        // visualDuration + bounce (Motion's getSpringOptions): stiffness = (2π / (1.2 visualDuration))², damping =
        // 2 clamp(0.05, 1, 1 − bounce) √stiffness, mass 1: exact for 0.05 ≤ ζ ≤ 1.
        let atRest =
            "Motion's time-defined springs (duration or visualDuration with bounce) start at rest (velocity 0), got velocity \(n(v0))"
        let visual =
            v0 != 0
            ? "// no visualDuration form: " + atRest
            : zeta >= 0.05 && zeta <= 1
                ? "animate(element, { x: [\(n(from)), \(n(to))] }, { type: \"spring\", visualDuration: \(n(2 * .pi / (1.2 * omega))), bounce: \(n(1 - zeta)) })"
                : "// no visualDuration form: Motion clamps its damping ratio, 1 − bounce, to 0.05 ... 1, got \(n(zeta))"
        let timed: String
        if v0 != 0 {
            timed = "// no duration form: " + atRest
        } else if let d = MotionSpring.duration(forNaturalFrequency: omega, dampingRatio: zeta) {
            timed =
                "animate(element, { x: [\(n(from)), \(n(to))] }, { type: \"spring\", duration: \(n(d)), bounce: \(n(1 - zeta)) })"
        } else {
            timed =
                "// no duration form: Motion's findSpring reaches this spring from no duration of 0.01 to 10 s at bounce \(n(1 - zeta)) (its damping ratio is clamped to 0.05 ... 1)"
        }
        return """
            // Motion (framer-motion 10+), a physics spring: exact. velocity in value units per second.
            animate(element, { x: [\(n(from)), \(n(to))] }, { type: "spring", mass: \(n(s.mass)), stiffness: \(n(s.stiffness)), damping: \(n(s.damping)), velocity: \(n(v0)) })
            // visualDuration and bounce (Motion's own mapping: stiffness = (2π / (1.2 visualDuration))², damping =
            // 2 (1 − bounce) √stiffness, mass 1): exact.
            \(visual)
            // duration and bounce: Motion finds the stiffness by its findSpring search (12 Newton steps on its settling
            // envelope); this duration is the one for which that search gives this spring.
            \(timed)

            """
    }

    var reactNative: String {
        // Origami (Rebound, POP, React Native): stiffness = (tension − 30) × 3.62 + 194, damping = (friction − 8) × 3 + 25.
        let tension = (k1 - 194) / 3.62 + 30, friction = (c1 - 25) / 3 + 8
        let origami =
            tension >= 0 && friction >= 0
            ? "Animated.spring(value, { toValue: \(n(to)), tension: \(n(tension)), friction: \(n(friction)), velocity: \(n(v0)), useNativeDriver: true }).start()"
            : "// no tension/friction form: it needs tension >= 0 and friction >= 0, got \(n(tension)) and \(n(friction))"
        // React Native's SpringAnimation refuses damping 0 (its invariant: damping must be greater than 0).
        let physical =
            s.damping > 0
            ? "Animated.spring(value, { toValue: \(n(to)), stiffness: \(n(s.stiffness)), damping: \(n(s.damping)), mass: \(n(s.mass)), velocity: \(n(v0)), useNativeDriver: true }).start()"
            : "// no stiffness/damping form: React Native's SpringAnimation requires damping > 0, got 0 (an undamped spring)"
        return """
            // React Native, Animated.spring (0.60+) with stiffness, damping and mass: exact. velocity in value units per second.
            \(physical)
            // With tension and friction (Origami, mass 1): stiffness = (tension − 30) × 3.62 + 194, damping = (friction − 8) × 3 + 25.
            \(origami)

            """
    }

    /// CSS: the spring's progress as linear() over its settling duration, within `maxError` including the end: the
    /// duration is where the spring stays within min(0.001, maxError / 2) of the distance, rounded up to whole ms, and
    /// the easing ends at 1, where CSS holds the transition's end value.
    /// - Throws: ``UsageError`` when from = to, when the spring is too far from its target at --until, or when no
    ///   linear() of at most ``Limits/maxLinearPoints`` points reaches the error (a spring oscillating too long).
    func css() throws -> String {
        guard from != to else {
            throw fail("--to: CSS linear() eases a progress from --from to --to; they must differ, got \(n(to))")
        }
        let distance = abs(to - from)
        // The progress (value − from) / (to − from) loses its digits when the distance is tiny beside |from|, and a
        // distance near the smallest doubles leaves no settling band at all.
        guard distance >= 1e-9 * max(abs(from), abs(to)), distance >= 1e-200 else {
            throw fail(
                distance < 1e-200
                    ? "--to: the distance from --from to --to must be at least 1e-200 for CSS's progress (scale the values up), got \(NumberFormat.shortest(distance))"
                    : "--to: the distance from --from to --to is under 1e-9 of |from|, too small for a progress of full precision; animate an offset from 0 to \(NumberFormat.shortest(to - from)) instead, got \(NumberFormat.shortest(distance))"
            )
        }
        let band = min(0.001, maxError / 2) * distance
        let (end, periods) = try cssDuration(band: band)
        let (easing, digits, inputDigits, bound) = cssEasing(end: end, periods: periods)
        guard easing.points.count <= Limits.maxLinearPoints else {
            // Within the error but too many points: fewer oscillations (a shorter --until) or a looser error fix it.
            let fix =
                until != nil
                ? "give a shorter --until or a larger --max-error"
                : "give a larger --max-error, or --until to cut the motion short"
            throw fail(
                "--max-error: the linear() within \(n(maxError)) of the distance has \(easing.points.count) points, more than the \(Limits.maxLinearPoints) a linear() may have here; \(fix)"
            )
        }
        guard bound <= maxError else {
            throw fail(
                "--max-error: the closest linear() this finds errs by up to \(n(bound)) of the distance, more than \(n(maxError)); ask for a larger error"
            )
        }
        return """
            /* CSS linear() (CSS Easing Level 2): the spring's progress from \(n(from)) to \(n(to)) over \(n(end * 1000)) ms (\(until != nil ? "--until" : "until it stays within \(n(band / distance)) of the distance")),
               \(easing.points.count) points, error at most \(n(bound)) of the distance, the end included (asked: \(n(maxError))). */
            transition: transform \(n(end * 1000))ms \(easing.css(digits: digits, inputDigits: inputDigits));

            """
    }

    /// `export`'s usage error with `message` (the CSS block's checks).
    private func fail(_ message: String) -> UsageError { UsageError(message: message, command: "export") }

    /// The spring's progress (value − from) / (to − from) at `t` seconds (0 at the start, 1 at the target).
    private func progress(_ t: Double) -> Double {
        (s.value(at: t, from: from, to: to, initialVelocity: v0) - from) / (to - from)
    }

    /// The CSS transition's duration in seconds: --until, or where the spring stays within `band` (value units) of
    /// its target, rounded up to whole ms; and the spring's oscillations within it (0 when not underdamped).
    /// - Throws: ``UsageError`` when the spring does not settle, ends farther than `maxError` of the distance from its
    ///   target (where CSS jumps to it), or oscillates more than 2000 times.
    private func cssDuration(band: Double) throws -> (end: Double, periods: Double) {
        var end = until ?? s.settlingDuration(from: from, to: to, initialVelocity: v0, epsilon: band)
        end = (end * 1000).rounded(.up) / 1000
        let jump = abs(1 - progress(end))
        guard end.isFinite, end > 0, jump <= maxError else {
            guard end.isFinite else {
                throw fail("--until: required, the spring does not settle within the band, got nothing")
            }
            throw fail(
                "--until: at \(n(end)) s the spring is \(String(format: "%.2g", jump)) of the distance from its target, where CSS jumps to it; give a longer --until or a larger --max-error"
            )
        }
        let periods = s.dampingRatio < 1 ? end * s.dampedFrequency / (2 * .pi) : 0
        guard periods <= 2000 else {
            // Over a --until that long, the duration is what to change; otherwise the spring's own settling is.
            if until != nil {
                throw fail(
                    "--until: the spring oscillates \(Int(periods)) times in \(n(end)) s; a linear() of it would need more than \(Limits.maxLinearPoints) points: give a shorter --until"
                )
            }
            throw fail(
                "--max-error: the spring oscillates \(Int(periods)) times before it settles; a linear() of it would need more than \(Limits.maxLinearPoints) points (damping ratio \(n(s.dampingRatio)))"
            )
        }
        return (end, periods)
    }

    /// The linear() of the progress over `end` seconds (`periods` oscillations) that ``LinearEasing/fit`` finds within
    /// `maxError`, its digits, and a bound on its error (a fraction of the distance), sampled finer (up to twice 4
    /// times) while the bound misses `maxError` and the points allow.
    private func cssEasing(end: Double, periods: Double)
        -> (easing: LinearEasing, digits: Int, inputDigits: Int, bound: Double)
    {
        // Sampled by the spring's own time scale: the progress's curvature is at most ω² + 2 ζ ω |v0 / distance|
        // (its value at t = 0 bounds it), and a chord of a curve of curvature a over Δt errs by at most a Δt² / 8, so
        // samples Δt ≤ √(2 E) / √a apart err by at most E / 4 between them; and at least 200 per oscillation, 200 in all.
        let w0 = s.naturalFrequency
        let curvature = w0 * w0 + 2 * s.dampingRatio * w0 * abs(v0 / (to - from))
        let spacing = (2 * maxError / curvature).squareRoot()
        var samples = max(200, min(2_000_000, Int(max(end / spacing, periods * 200).rounded(.up))))
        func attempt() -> (LinearEasing, Int, Int, bound: Double) {
            let (easing, digits, inputDigits, error) = LinearEasing.fit(
                { progress($0 * end) }, maxError: maxError, samples: samples, endValue: 1)
            // The error is measured at 8 points per sample; between them the spring's curvature can add at most
            // a (Δt / 8)² / 8 more: the printed figure is the sum, rounded up, so it is a bound.
            let measuredEvery = end / Double(min(samples * 8, 4_000_000))
            return (
                easing, digits, inputDigits,
                ExportTargets.roundedUp(error + curvature * measuredEvery * measuredEvery / 8)
            )
        }
        var (easing, digits, inputDigits, bound) = attempt()
        // Near the smallest errors the samples' own spacing can be what misses: up to twice 4 times finer.
        for _ in 0..<2 where bound > maxError && easing.points.count <= Limits.maxLinearPoints && samples < 2_000_000 {
            samples = min(2_000_000, samples * 4)
            (easing, digits, inputDigits, bound) = attempt()
        }
        return (easing, digits, inputDigits, bound)
    }
}

/// A timing curve's block for one target.
func curveBlock(_ target: String, _ curve: CurveSpec) -> String {
    guard case .bezier(let c) = curve else {
        guard case .steps(let st) = curve else { return "" }
        let css = "steps(\(st.count), \(st.position.rawValue))"
        return target == "css"
            ? "/* CSS steps() (CSS Easing Level 1): exact. */\nanimation-timing-function: \(css);\n"
            : "// \(target): no steps form here; CSS has one: dynsim export css --curve \"\(css)\"\n"
    }
    let (a, b, cc, d) = (n(c.x1), n(c.y1), n(c.x2), n(c.y2))
    switch target {
    case "swiftui":
        return "// SwiftUI: exact.\nwithAnimation(.timingCurve(\(a), \(b), \(cc), \(d), duration: 0.3)) { }\n"
    case "core-animation":
        return
            "// Core Animation: exact.\nanimation.timingFunction = CAMediaTimingFunction(controlPoints: \(a), \(b), \(cc), \(d))\n"
    case "uikit":
        return
            "// UIKit: exact.\nlet timing = UICubicTimingParameters(controlPoint1: CGPoint(x: \(a), y: \(b)), controlPoint2: CGPoint(x: \(cc), y: \(d)))\n"
    case "android":
        return
            "// Android: exact (Float).\nval interpolator = PathInterpolator(\(f(c.x1)), \(f(c.y1)), \(f(c.x2)), \(f(c.y2)))\n"
    case "compose":
        return
            "// Jetpack Compose: exact (Float).\nval easing = CubicBezierEasing(\(f(c.x1)), \(f(c.y1)), \(f(c.x2)), \(f(c.y2)))\n"
    case "flutter": return "// Flutter: exact.\nconst curve = Cubic(\(a), \(b), \(cc), \(d));\n"
    case "motion":
        return "// Motion (framer-motion): exact.\nanimate(element, { x: 100 }, { ease: [\(a), \(b), \(cc), \(d)] })\n"
    case "react-native": return "// React Native: exact.\nEasing.bezier(\(a), \(b), \(cc), \(d))\n"
    default:
        return
            "/* CSS cubic-bezier() (CSS Easing Level 1): exact. */\nanimation-timing-function: cubic-bezier(\(a), \(b), \(cc), \(d));\n"
    }
}

/// Motion's (framer-motion's) duration-defined spring, as its spring generator publishes it (`findSpring`: the damping
/// ratio 1 − bounce clamped to 0.05 ... 1, the duration to 0.01 ... 10 s, velocity 0; the undamped frequency from 12
/// Newton iterations on its settling envelope, started at 5 / duration), and the inverse dynsim needs.
enum MotionSpring {
    /// The undamped angular frequency (rad/s) Motion's findSpring gives for `duration` (s) and `bounce`, or nil when its
    /// search fails (not a number).
    static func naturalFrequency(duration: Double, bounce: Double) -> Double? {
        let z = min(max(1 - bounce, 0.05), 1), d = min(max(duration, 0.01), 10), floor = 0.001
        func envelope(_ w: Double) -> Double {
            if z < 1 { return floor - (w * z) / (w * (1 - z * z).squareRoot()) * exp(-w * z * d) }
            return exp(-w * d) * (w * d + 1) - floor
        }
        func derivative(_ w: Double) -> Double {
            if z < 1 {
                let sign: Double = -envelope(w) + floor > 0 ? -1 : 1
                return sign * (-(z * z) * (w * w) * d) * exp(-w * z * d) / ((w * w) * (1 - z * z).squareRoot())
            }
            return exp(-w * d) * (-w) * d * d
        }
        var w = 5 / d
        for _ in 1..<12 { w -= envelope(w) / derivative(w) }
        return w.isFinite && w > 0 ? w : nil
    }

    /// The duration (0.01 ... 10 s) for which Motion's findSpring at bounce 1 − `dampingRatio` gives `omega`, found by
    /// bisection on the duration and kept only when it reproduces omega within 1e-9; nil when none does (a damping
    /// ratio outside 0.05 ... 1, or a spring too fast or too slow for Motion's durations).
    static func duration(forNaturalFrequency omega: Double, dampingRatio: Double) -> Double? {
        guard dampingRatio >= 0.05 && dampingRatio <= 1 else { return nil }
        let bounce = 1 - dampingRatio
        var lo = 0.01, hi = 10.0
        guard let wLo = naturalFrequency(duration: lo, bounce: bounce),
            let wHi = naturalFrequency(duration: hi, bounce: bounce),
            omega <= wLo, omega >= wHi
        else { return nil }
        for _ in 0..<200 {
            let mid = 0.5 * (lo + hi)
            guard let w = naturalFrequency(duration: mid, bounce: bounce) else { return nil }
            if w > omega { lo = mid } else { hi = mid }
        }
        let d = 0.5 * (lo + hi)
        // Checked as printed (``n(_:)``: 12 significant digits).
        guard let w = naturalFrequency(duration: Double(n(d)) ?? d, bounce: bounce),
            abs(w - omega) <= 1e-9 * omega
        else { return nil }
        return d
    }
}

/// Export's shared arithmetic.
enum ExportTargets {
    /// `x` (> 0) rounded up to two significant digits, so a printed error is a bound, not an estimate (0.000865 prints
    /// 0.00087, not 0.00086).
    static func roundedUp(_ x: Double) -> Double {
        guard x > 0 && x.isFinite else { return x }
        let unit = pow(10, (log10(x)).rounded(.down) - 1)
        let up = (x / unit).rounded(.up) * unit
        // The decimal printed (two digits) must not fall below x by the binary rounding of unit.
        let printed = Double(String(format: "%.2g", up)) ?? up
        return printed >= x ? printed : Double(String(format: "%.2g", up + unit)) ?? up + unit
    }
}
