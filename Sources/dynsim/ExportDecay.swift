// `dynsim export TARGET --velocity V`: UIScrollView's deceleration as each platform's decay parameters, ready to paste.
// Each block says whether its mapping is exact, and measures how far it strays from UIScrollView (docs/export.md).
import Foundation
import IO
import Shell
import Springs

/// Numbers as each language writes them: 12 significant digits, shortest; Kotlin's Float; 4 digits in prose.
private func n(_ x: Double) -> String { NumberFormat.shortest(Double(String(format: "%.12g", x)) ?? x) }
private func g(_ x: Double) -> String { String(format: "%.4g", x) }

/// `text` as `//` comment lines of at most 120 columns, broken at spaces.
private func comment(_ text: String) -> String {
    var lines: [String] = [], line = "//"
    for word in text.split(separator: " ") {
        if line.count + 1 + word.count > 120 && line != "//" {
            lines.append(line)
            line = "//"
        }
        line += " " + word
    }
    return (lines + [line]).joined(separator: "\n") + "\n"
}
private func f(_ x: Double) -> String { "\(Float(x))f" }
/// A number as printed, read back: what the platform will be given.
private func printed(_ x: Double) -> Double { Double(n(x)) ?? x }

/// A flick decelerating at UIScrollView's rate, as each target's decay: the rate c per millisecond, the release value
/// x0 and velocity v0 (value units per second). The reference every block is measured against is UIScrollView's
/// per-millisecond model (each ms v *= c, then x += v), in closed form (``Decay``).
struct DecayBlocks {
    let c: Double, x0: Double, v0: Double
    /// CSS linear()'s largest difference from the progress, a fraction of the distance.
    let maxError: Double

    init(_ o: DecayOptions, maxError: Double) throws {
        c = o.decelerationRate
        x0 = o.from
        v0 = o.velocity
        self.maxError = maxError
        guard reference.timeUntilDistanceLeft(below: 0.5, velocity: v0) <= Limits.maxExportSettling else {
            throw UsageError(
                message:
                    "--deceleration-rate: a flick at this rate coasts for more than \(NumberFormat.limit(Limits.maxExportSettling)) s before 0.5 is left; choose a rate further from 1, got \(NumberFormat.shortest(c))",
                command: "export")
        }
    }

    /// UIScrollView's model: per millisecond at rate c.
    var reference: Decay { Decay(rate: c, model: .perMillisecond) }
    /// k = 1000·ln c, 1/s: the continuous model's exponent, which every exact mapping below shares.
    var k: Double { 1000 * log(c) }
    /// The per-millisecond distance to rest, (v0/1000)·c/(1 − c): the WWDC 2018 projection.
    var distance: Double { reference.distance(velocity: v0) }

    /// The largest |value − UIScrollView's value| of a fling `value` that stops at `end` s and holds `rest` there:
    /// measured every millisecond (every end/10^6 s past 1000 s) from the release until both have stopped (the scroll
    /// view with 0.5 units left), and at rest, where the scroll view reaches its projection. Past both stops the scroll
    /// view moves monotonically toward its projection, so the larger of the last sample and the rest bounds the gap.
    func measured(_ value: (Double) -> Double, end: Double, rest: Double) -> Double {
        let stop = max(end, reference.timeUntilDistanceLeft(below: 0.5, velocity: v0))
        let step = max(0.001, stop / 1e6)
        let count = Int((stop / step).rounded(.up))
        var worst = abs(rest - reference.restingPoint(from: x0, velocity: v0))
        for i in 0...count {
            let t = Double(i) * step
            worst = max(worst, abs(value(t) - reference.value(at: t, from: x0, velocity: v0)))
        }
        return worst
    }

    /// The measured gap as the comment states it: the bound rounded up to two digits, in value units and as a share of
    /// the distance.
    func gap(_ worst: Double) -> String {
        guard worst > 0 else { return "0" }
        let share =
            distance != 0 ? ", \(n(ExportTargets.roundedUp(100 * worst / abs(distance))))% of the distance" : ""
        return n(ExportTargets.roundedUp(worst)) + " \(unit)" + share
    }

    /// The sentence every continuous-law block shares: exact to the continuous model, and the measured gap.
    func againstScrollView(_ worst: Double) -> String {
        "exact to the continuous model (k = 1000·ln c = \(g(k)) 1/s); against UIScrollView's per-millisecond model, "
            + "measured every ms until both rest: at most \(gap(worst)) (the continuous model rests "
            + "\(g(100 * ((1 - c) / (-c * log(c)) - 1)))% farther)"
    }

    /// The value unit the comments name.
    var unit = "pt"

    func block(_ target: String) throws -> String {
        var b = self
        b.unit = ["swiftui", "uikit", "core-animation"].contains(target) ? "pt" : "px"
        switch target {
        case "swiftui": return b.swiftUI
        case "core-animation":
            return comment(
                "Core Animation: no decay animation (CABasicAnimation, CASpringAnimation and keyframes only): a scroll view's deceleration is UIKit's (dynsim export uikit --velocity ...), or keyframes of a run (dynsim bake)."
            )
        case "uikit": return b.uiKit
        case "android": return b.android
        case "compose": return b.compose
        case "flutter": return try b.flutterBlock()
        case "motion": return b.motion
        case "react-native": return b.reactNative
        default: return try b.css()
        }
    }

    /// `UIScrollView.DecelerationRate` as Swift writes it.
    var rateSwift: String {
        c == Decay.normal ? ".normal" : c == Decay.fast ? ".fast" : "UIScrollView.DecelerationRate(rawValue: \(n(c)))"
    }

    var uiKit: String {
        comment(
            "UIKit, UIScrollView.decelerationRate (per millisecond: each ms v *= c, then x += v): exact, the rate itself."
        )
            + """
            scrollView.decelerationRate = \(rateSwift)

            """
            + comment(
                "Where a flick at \(n(v0)) pt/s from \(n(x0)) rests (the WWDC 2018 \"Designing Fluid Interfaces\" projection): exact."
            )
                + """
                func project(initialVelocity: CGFloat, decelerationRate: CGFloat) -> CGFloat {
                    (initialVelocity / 1000) * decelerationRate / (1 - decelerationRate)
                }
                let restingPoint = \(n(x0)) + project(initialVelocity: \(n(v0)), decelerationRate: \(n(c)))  // \(n(x0 + distance))

                """
    }

    var swiftUI: String {
        comment(
            "SwiftUI: ScrollView has no deceleration-rate modifier; on iOS it is a UIScrollView, so UIKit's rate sets it (for every scroll view, through the appearance proxy): exact."
        )
            + """
            UIScrollView.appearance().decelerationRate = \(rateSwift)

            """
            + comment("The projection for a gesture's own fling (a velocity in points per second): exact.")
                + """
                let restingPoint = \(n(x0)) + (\(n(v0)) / 1000) * \(n(c)) / (1 - \(n(c)))  // \(n(x0 + distance))

                """
    }

    var android: String {
        let friction = Double(Float(-k / 4.2))
        // The minimum visible change whose velocity threshold (0.75 · change · 1000/16) stops it within 0.5 of rest:
        // the distance left at the stop is threshold / |k|; printed rounded down to 3 digits.
        let change = floorDigits(0.5 * abs(-4.2 * friction) / 46.875)
        let fling = Flings.FlingAnimation(
            from: Double(Float(x0)), velocity: Double(Float(v0)), friction: friction,
            velocityThreshold: Double(Float(change)) * 46.875)
        let worst = measured(fling.value(at:), end: fling.duration, rest: fling.restingPoint)
        return comment(
            "Android, FlingAnimation (androidx.dynamicanimation 1.0): k = −4.2 · friction, so friction = −1000·ln(c) / 4.2: \(againstScrollView(worst)); Float values, velocity in px per second. setMinimumVisibleChange(\(f(change))) stops it within 0.5 px of rest (the default, 1, stops it where the speed falls below 46.875 px/s, \(g(46.875 / abs(k))) px short)."
        )
            + """
            FlingAnimation(view, DynamicAnimation.TRANSLATION_X).setFriction(\(f(friction))).setMinimumVisibleChange(\(f(change)))
                .setStartValue(\(f(x0))).setStartVelocity(\(f(v0))).start()

            """
            + comment(
                "OverScroller (ScrollView, RecyclerView) flings along its spline: its distance grows as |v0|^1.74, a scroll view's as v0, so no friction makes it this deceleration. Use FlingAnimation above."
            )
    }

    var compose: String {
        let multiplier = Double(Float(-k / 4.2))
        let decay = Flings.ComposeExponentialDecay(
            from: Double(Float(x0)), velocity: Double(Float(v0)), frictionMultiplier: multiplier)
        let worst = measured(decay.value(at:), end: decay.duration, rest: decay.restingPoint)
        return comment(
            "Jetpack Compose, exponentialDecay (androidx.compose.animation.core 1.0+): friction = −4.2 · frictionMultiplier, so frictionMultiplier = −1000·ln(c) / 4.2: \(againstScrollView(worst)); Float values, absVelocityThreshold 0.1 (the default) stops it \(g(0.1 / abs(k))) px short."
        )
            + """
            val animatable = Animatable(\(f(x0)))
            animatable.animateDecay(initialVelocity = \(f(v0)), animationSpec = exponentialDecay(frictionMultiplier = \(f(multiplier))))

            """
            + comment(
                "splineBasedDecay is Android's OverScroller spline: no parameter makes it this deceleration; use exponentialDecay."
            )
    }

    /// - Throws: ``UsageError`` when c^1000, the drag, is not a normal Double (c below about 0.4925 per ms): the
    ///   speed is gone within the second, and FrictionSimulation takes no drag of 0.
    func flutterBlock() throws -> String {
        guard pow(c, 1000) >= Double.leastNormalMagnitude else {
            throw UsageError(
                message:
                    "--deceleration-rate: Flutter's drag, c^1000 (the velocity left after a second), underflows a Double below about 0.4925 per ms, and FrictionSimulation takes no drag of 0; got \(NumberFormat.shortest(c))",
                command: "export")
        }
        return flutter
    }

    var flutter: String {
        let drag = printed(pow(c, 1000))
        let simulation = Flings.FlutterFriction(from: x0, velocity: v0, drag: drag)
        let worst = measured(simulation.value(at:), end: simulation.duration, rest: simulation.restingPoint)
        return comment(
            "Flutter, FrictionSimulation (package:flutter/physics.dart): drag = c^1000, the velocity left after one second: \(againstScrollView(worst)); the default tolerance, 1e-3 per second, stops it \(g(1e-3 / abs(k))) px short."
        )
            + """
            final simulation = FrictionSimulation(\(n(drag)), \(n(x0)), \(n(v0)));

            """
            + comment(
                "ClampingScrollSimulation is Android's OverScroller spline: no parameter makes it this deceleration.")
    }

    var motion: String {
        let timeConstant = printed(-1000 / k), power = printed(-1 / k)
        let inertia = Flings.MotionInertia(from: x0, velocity: v0, power: power, timeConstant: timeConstant)
        let worst = measured(inertia.value(at:), end: inertia.duration, rest: inertia.restingPoint)
        return comment(
            "Motion (framer-motion), inertia: timeConstant = −1000/k ms and power = −1/k s, so the motion starts at the velocity: \(againstScrollView(worst)); restDelta 0.5 (the default) jumps to the target from 0.5 short."
        )
            + """
            const transition = { type: "inertia", velocity: \(n(v0)), power: \(n(power)), timeConstant: \(n(timeConstant)) }  // from \(n(x0))
            // A drag's fling: <motion.div drag="x" dragTransition={{ power: \(n(power)), timeConstant: \(n(timeConstant)) }} />

            """
    }

    var reactNative: String {
        // value = from + v/(1 − d)·(1 − e^(−(1 − d)·t)), t in ms and v per ms: d = 1 + ln c makes it the continuous law.
        let d = printed(1 + log(c)), velocity = printed(v0 / 1000)
        let decay = ReactNativeDecay(from: x0, velocity: velocity, deceleration: d)
        let worst = measured(decay.value(at:), end: decay.stop, rest: decay.restingPoint)
        return comment(
            "React Native, Animated.decay: value = from + v/(1 − d)·(1 − e^(−(1 − d)·t)), t in ms and v in px per ms, so deceleration d = 1 + ln c (d = \(n(c)) would rest \(g(v0 / 1000 / (1 - c) - distance)) px farther than UIScrollView): \(againstScrollView(worst)); at 60 frames per second, stopping on the first frame that moves less than 0.1, as React Native does."
        )
            + """
            Animated.decay(value, { velocity: \(n(velocity)), deceleration: \(n(d)), useNativeDriver: true }).start()  // from \(n(x0))

            """
    }

    /// CSS: the per-millisecond model's progress from x0 to its resting point, 1 − c^(1000t), as linear() over the time
    /// it takes to come within min(0.001, E/2) of the distance, rounded up to whole ms.
    /// - Throws: ``UsageError`` when v0 is 0 (no distance to ease over), or when no linear() reaches the error.
    func css() throws -> String {
        guard v0 != 0 else {
            throw UsageError(
                message: "--velocity: CSS linear() eases a progress over a distance; a flick at 0 has none, got 0",
                command: "export")
        }
        let band = min(0.001, maxError / 2)
        let end = (log(band) / k * 1000).rounded(.up) / 1000
        let progress = { (t: Double) in 1 - pow(self.c, 1000 * t) }
        // The progress's curvature is at most k² (at the release); a chord Δt long errs by k² Δt² / 8, so samples
        // √(2E)/|k| apart err by at most E/4 between them.
        let curvature = k * k
        let samples = max(200, min(2_000_000, Int((end / (2 * maxError / curvature).squareRoot()).rounded(.up))))
        let (easing, digits, inputDigits, error) = LinearEasing.fit(
            { progress($0 * end) }, maxError: maxError, samples: samples, endValue: 1)
        let measuredEvery = end / Double(min(samples * 8, 4_000_000))
        // The jump to 1 at the end is in `error` (the easing ends at 1, the progress at 1 − band).
        let bound = ExportTargets.roundedUp(error + curvature * measuredEvery * measuredEvery / 8)
        guard bound <= maxError, easing.points.count <= Limits.maxLinearPoints else {
            throw UsageError(
                message:
                    "--max-error: the closest linear() this finds errs by up to \(n(bound)) of the distance in \(easing.points.count) points; ask for a larger error",
                command: "export")
        }
        let text =
            "CSS linear() (CSS Easing Level 2): UIScrollView's deceleration (per millisecond) from \(n(x0)) to its resting point \(n(x0 + distance)) over \(n(end * 1000)) ms (until within \(n(band)) of the distance), \(easing.points.count) points, error at most \(n(bound)) of the distance (\(g(bound * abs(distance))) px), the end included (asked: \(n(maxError)))."
        let lines = comment(text).split(separator: "\n").map { "  " + $0.dropFirst(2) }
        return "/*" + lines.joined(separator: "\n").dropFirst(2) + " */\n"
            + "transition: transform \(n(end * 1000))ms \(easing.css(digits: digits, inputDigits: inputDigits));\n"
    }

    /// `x` rounded down to three significant digits (x > 0).
    private func floorDigits(_ x: Double) -> Double {
        let unit = pow(10, (log10(x)).rounded(.down) - 2)
        return (x / unit).rounded(.down) * unit
    }
}

/// React Native's `Animated.decay` (Libraries/Animated/animations/DecayAnimation.js, and the native drivers' copies):
/// value = from + v/(1 − d)·(1 − e^(−(1 − d)·t)), t in ms since the start and v in units per ms, evaluated each frame;
/// it ends on the first frame that moves less than 0.1 from the one before, holding that frame's value. Frames are at
/// 60 per second here.
private struct ReactNativeDecay {
    let from: Double, velocity: Double, deceleration: Double
    /// The first frame (s) that moves less than 0.1 from the one before (the start value before the first frame).
    let stop: Double

    init(from: Double, velocity: Double, deceleration: Double) {
        (self.from, self.velocity, self.deceleration) = (from, velocity, deceleration)
        var last = from, frame = 1
        func formula(_ t: Double) -> Double {
            from + velocity / (1 - deceleration) * (1 - exp(-(1 - deceleration) * t * 1000))
        }
        while frame < 100_000_000 && abs(last - formula(Double(frame) / 60)) >= 0.1 {
            last = formula(Double(frame) / 60)
            frame += 1
        }
        stop = Double(frame) / 60
    }

    /// The formula at `t` seconds, without the stop.
    func formula(_ t: Double) -> Double {
        from + velocity / (1 - deceleration) * (1 - exp(-(1 - deceleration) * t * 1000))
    }

    /// Where it rests: the stopping frame's value.
    var restingPoint: Double { formula(stop) }

    /// The value at `t`: the formula until the stop, then the stop's value.
    func value(at t: Double) -> Double { formula(min(t, stop)) }
}
