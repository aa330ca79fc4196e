import Foundation
import IO

/// The `compose` target: Kotlin source for Jetpack Compose, one `object` per baked object holding one
/// `KeyframesSpec<Float>` per property (`keyframes { durationMillis = D; v at t using CubicBezierEasing(…) }`), for
/// `Animatable.animateTo` or `animateFloatAsState`. Its report is the file's `//` comment.
///
/// Semantics (androidx.compose.animation.core `KeyframesSpec`): key times are integer milliseconds, and `using` sets
/// the easing of the interval that starts at that keyframe, so keyframe k carries segment k's easing (the last none).
/// A scene is baked at 1000 Hz, so its keys fall on whole milliseconds and are written exactly; a run file's keys are
/// rounded to the nearest millisecond, and the largest shift is stated in the comment (the error it adds is what a
/// check measures, not assumed). Compose solves the cubic in Float; the bake's bound is stated in Double.
///
/// Units as ``AndroidTarget``: positions are translations from the start centre in dp (one point one dp, for
/// `Modifier.graphicsLayer { translationX = x.dp.toPx() }`), rotation in degrees clockwise (`rotationZ`), scale, alpha.
public enum ComposeTarget {
    /// The Kotlin text; `report` goes into its first comment.
    public static func write(_ bake: Bake, report: [String]) -> String {
        let duration = Int((bake.duration * 1000).rounded())
        var shift = 0.0
        for o in bake.objects {
            for c in o.channels { for t in c.times { shift = max(shift, abs(t * 1000 - (t * 1000).rounded())) } }
        }
        var out = report.map { "// " + $0 }.joined(separator: "\n") + "\n"
        out += """
            // Jetpack Compose keyframes, one object per baked object. Positions are translations from the start centre,
            // dp (one point is one dp); rotation degrees clockwise (graphicsLayer rotationZ); scale; alpha. For example:
            //     val x = remember { Animatable(0f) }
            //     LaunchedEffect(Unit) { x.animateTo(0f, BakeBall.translationX) }
            //     Box(Modifier.graphicsLayer { translationX = x.value.dp.toPx() })
            // Each `using` is the easing of the interval starting at its keyframe (Compose's KeyframesSpec).

            """
        out += "// Key times rounded to whole milliseconds: largest shift \(NumberFormat.shortest(shift)) ms.\n\n"
        out += "import androidx.compose.animation.core.CubicBezierEasing\n"
        out += "import androidx.compose.animation.core.KeyframesSpec\n"
        out += "import androidx.compose.animation.core.keyframes\n"
        for o in bake.objects {
            let (w, h) = o.shape.size
            let x0 = o.channel(.x)!.values[0], y0 = o.channel(.y)!.values[0]
            out += "\n// object \(o.name): start centre \(num(x0)) \(num(y0)) dp, size \(num(w)) \(num(h)) dp\n"
            out += "object Bake\(identifier(o.name, capitalized: true)) {\n"
            for c in o.channels {
                let offset = c.property == .x ? x0 : c.property == .y ? y0 : 0
                out += "    val \(AndroidTarget.propertyName(c.property)): KeyframesSpec<Float> = keyframes {\n"
                out += "        durationMillis = \(duration)\n"
                for k in c.times.indices {
                    let ms = k == c.times.count - 1 ? duration : Int((c.times[k] * 1000).rounded())
                    out += "        \(num(c.values[k] - offset))f at \(ms)"
                    if k < c.easings.count {
                        let e = c.easings[k]
                        out +=
                            " using CubicBezierEasing(\([e.x1, e.y1, e.x2, e.y2].map { num($0) + "f" }.joined(separator: ", ")))"
                    }
                    out += "\n"
                }
                out += "    }\n"
            }
            out += "}\n"
        }
        return out
    }

    /// A number as Kotlin text before its `f`: the shortest text that reads back as the same Float (the value
    /// Compose holds), with a decimal point or exponent.
    static func num(_ x: Double) -> String {
        let s = Float(x == 0 ? 0 : x).description
        return s.contains(".") || s.contains("e") ? s : s + ".0"
    }

    /// `name` as an identifier: letters, digits and `_` kept, anything else `_`, a leading digit prefixed by `_`;
    /// `capitalized` upper-cases the first letter.
    static func identifier(_ name: String, capitalized: Bool = false) -> String {
        var s = String(name.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" })
        if s.isEmpty || s.first!.isNumber { s = "_" + s }
        if capitalized { s = s.prefix(1).uppercased() + s.dropFirst() }
        return s
    }
}
