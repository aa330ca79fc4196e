import Foundation
import IO
import Springs

/// The `android` target: an animator resource (`res/animator/NAME.xml`) for `AnimatorInflater.loadAnimator`: an outer
/// `<set>` holding one `<set>` per baked object, in the bake's order, each of one `<objectAnimator>` per property
/// (`translationX`, `translationY` in dp, `rotation` in degrees clockwise, `scaleX`, `scaleY`, `alpha`), each a
/// `<propertyValuesHolder>` of `<keyframe android:fraction android:value>`s with a linear animator interpolator.
///
/// Semantics (AOSP `android.animation.KeyframeSet.getValue`, `AnimatorInflater.loadKeyframe`): a keyframe's
/// interpolator applies to the interval from the previous keyframe to it, so keyframe k + 1 carries segment k's easing,
/// written inline with AAPT2's inline resource syntax (`<aapt:attr name="android:interpolator">` holding a
/// `<pathInterpolator android:controlX1 … controlY2>`; AAPT2 extracts it into its own resource and sets the reference,
/// developer.android.com/guide/topics/resources/complex-xml-resources). The animator's own interpolator must be linear
/// (`ObjectAnimator`'s default is AccelerateDecelerate), so each says `@android:anim/linear_interpolator`.
///
/// Positions are translations from the object's centre at the start: lay each view out with its centre at the start
/// centre the file's comment gives (its size there too), then `translationX` = x − x₀. Units are dp, one point one dp;
/// `android:value` is read with `TypedArray.getFloat` (a `dp` suffix would not be converted), so the numbers are plain:
/// lay the objects out in a container of the scene's size in px of those numbers, pivot (0, 0), scaled by the display's
/// density (or multiply by it yourself). Rotation is about the view's centre (its default pivot), clockwise, degrees.
///
/// Android's PathInterpolator does not solve the cubic: it flattens a `Path` with `approximate(0.002)` (AOSP
/// `android_graphics_Path.cpp`: midpoint subdivision until each chord's midpoint lies within 0.002 of the curve's, once
/// checked again at the quarter point) and interpolates linearly in x between the points. That can be off the cubic by
/// about 0.002 of a segment's value change. So the bake is held to ``BakeTarget/errorShare`` (three quarters) of the
/// bound, and here each segment whose played error, modelled as AOSP computes it (`PathInterpolatorModel`, in Float),
/// exceeds what is left of the bound is cut exactly in two (de Casteljau at the curve's parameter) and each half
/// checked again: the curve played is the same, only the flattening is finer. With x1, x2 in [0, 1] a cubic's x is
/// non-decreasing (its derivative's Bernstein form is at least (2t − 1)² · 3 ≥ 0 there), so PathInterpolator's
/// `y = f(x)` rule (no loop back in x) holds for every easing and every half of one.
public enum AndroidTarget {
    /// The largest |y1|, |y2| written: a segment's easing with handles further out is cut until its halves' are in.
    static let maxHandle = 16.0

    /// The XML text; `report` goes into its first comment.
    public static func write(_ bake: Bake, report: [String]) -> String {
        let duration = Int((bake.duration * 1000).rounded())
        var out = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<!--\n"
        for line in report { out += "  " + comment(line) + "\n" }
        out += """
              Android animator resource (res/animator/), AnimatorInflater.loadAnimator(context, R.animator.NAME): one
              <set> per object below, in order; give each its view: (animator as AnimatorSet).childAnimations[k]
              .setTarget(view_k), then start(). Values are dp (one point is one dp), translations from the start centre.
              Segments were cut where PathInterpolator's flattening (0.002) would leave the bound.
            -->

            """
        out += "<set xmlns:android=\"http://schemas.android.com/apk/res/android\"\n"
        out += "    xmlns:aapt=\"http://schemas.android.com/aapt\" android:ordering=\"together\">\n"
        for o in bake.objects {
            let (w, h) = o.shape.size
            let x0 = o.channel(.x)!.values[0], y0 = o.channel(.y)!.values[0]
            out +=
                "    <!-- object \(comment(o.name)): start centre \(num(x0)) \(num(y0)) dp, size \(num(w)) \(num(h)) dp -->\n"
            out += "    <set android:ordering=\"together\">\n"
            for c0 in o.channels {
                let margin = bake.tolerance.maxError(c0.property) - c0.maxError
                let c = split(c0, margin: margin)
                let offset = c.property == .x ? x0 : c.property == .y ? y0 : 0
                let name = propertyName(c.property)
                out += "        <objectAnimator android:duration=\"\(duration)\"\n"
                out += "            android:interpolator=\"@android:anim/linear_interpolator\">\n"
                out +=
                    "            <propertyValuesHolder android:propertyName=\"\(name)\" android:valueType=\"floatType\">\n"
                for k in c.times.indices {
                    let fraction = k == c.times.count - 1 ? 1 : c.times[k] / bake.duration
                    let attributes =
                        "android:fraction=\"\(num(fraction))\" android:value=\"\(num(c.values[k] - offset))\""
                    guard k > 0 else {
                        out += "                <keyframe \(attributes) />\n"
                        continue
                    }
                    let e = c.easings[k - 1]
                    out += "                <keyframe \(attributes)>\n"
                    out += "                    <aapt:attr name=\"android:interpolator\">\n"
                    out += "                        <pathInterpolator android:controlX1=\"\(num(e.x1))\" "
                    out += "android:controlY1=\"\(num(e.y1))\"\n"
                    out +=
                        "                            android:controlX2=\"\(num(e.x2))\" android:controlY2=\"\(num(e.y2))\" />\n"
                    out += "                    </aapt:attr>\n"
                    out += "                </keyframe>\n"
                }
                out += "            </propertyValuesHolder>\n        </objectAnimator>\n"
            }
            out += "    </set>\n"
        }
        return out + "</set>\n"
    }

    /// The View property a channel animates.
    static func propertyName(_ p: BakeProperty) -> String {
        switch p {
        case .x: return "translationX"
        case .y: return "translationY"
        case .rotation: return "rotation"
        case .scaleX: return "scaleX"
        case .scaleY: return "scaleY"
        case .opacity: return "alpha"
        }
    }

    /// A number as XML text (shortest round-trip form; Android reads it as a Float).
    static func num(_ x: Double) -> String { NumberFormat.shortest(x == 0 ? 0 : x) }

    /// Text safe inside an XML comment (no `--`).
    static func comment(_ s: String) -> String {
        var s = s
        while s.contains("--") { s = s.replacingOccurrences(of: "--", with: "-\u{2009}-") }
        return s
    }

    /// `channel` with every segment whose error as Android plays it (`PathInterpolatorModel` against the cubic, on
    /// a grid of 4 points per sample of the 1 ms run and at least 256 per segment) exceeds `margin` cut in two at its
    /// curve's middle parameter, until each is within it or 12 cuts deep. The keyframes' curve is unchanged.
    static func split(_ channel: BakeChannel, margin: Double) -> BakeChannel {
        var times: [Double] = [channel.times[0]], values: [Double] = [channel.values[0]], easings: [CubicBezier] = []
        func add(_ t0: Double, _ t1: Double, _ v0: Double, _ v1: Double, _ e: CubicBezier, depth: Int) {
            if depth < 12, playedError(e, change: v1 - v0, span: t1 - t0) > max(margin, 0),
                let (s, a, b) = halves(e)
            {
                let tm = t0 + (t1 - t0) * s.x, vm = v0 + (v1 - v0) * s.y
                add(t0, tm, v0, vm, a, depth: depth + 1)
                add(tm, t1, vm, v1, b, depth: depth + 1)
                return
            }
            times.append(t1)
            values.append(v1)
            easings.append(e)
        }
        for k in channel.easings.indices {
            add(
                channel.times[k], channel.times[k + 1], channel.values[k], channel.values[k + 1], channel.easings[k],
                depth: 0)
        }
        return BakeChannel(
            property: channel.property, times: times, values: values, easings: easings, maxError: channel.maxError)
    }

    /// The largest |played − cubic| · |change| over the segment, Android's PathInterpolator against the exact easing;
    /// infinite for an easing whose handles reach beyond ±``maxHandle`` (its path is long, and one far enough out
    /// never flattens to 0.002 in Float: Android would subdivide without end), so that it is cut.
    static func playedError(_ e: CubicBezier, change: Double, span: Double) -> Double {
        guard abs(e.y1) <= maxHandle, abs(e.y2) <= maxHandle else { return .infinity }
        guard change != 0 else { return 0 }
        guard let model = PathInterpolatorModel(e) else { return .infinity }
        let n = max(256, Int((span * 4000).rounded(.up)))
        var worst = 0.0
        for i in 0...n {
            let u = Double(i) / Double(n)
            worst = max(worst, abs(Double(model.value(at: Float(u))) - e.value(at: u)))
        }
        return worst * abs(change)
    }

    /// The easing cut at parameter 1/2 (or the nearest of 0.4, 0.6, 0.3, 0.7 whose halves are easings: x handles in
    /// [0, 1] once each half is scaled to the unit square, and a value change of at least 2% of the whole): the point
    /// (time fraction, value fraction) where it is cut, and the two halves.
    static func halves(_ e: CubicBezier) -> ((x: Double, y: Double), CubicBezier, CubicBezier)? {
        let p = [(0.0, 0.0), (e.x1, e.y1), (e.x2, e.y2), (1.0, 1.0)]
        func lerp(_ a: (Double, Double), _ b: (Double, Double), _ t: Double) -> (Double, Double) {
            (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t)
        }
        for s in [0.5, 0.4, 0.6, 0.3, 0.7] {
            let q0 = lerp(p[0], p[1], s), q1 = lerp(p[1], p[2], s), q2 = lerp(p[2], p[3], s)
            let r0 = lerp(q0, q1, s), r1 = lerp(q1, q2, s)
            let m = lerp(r0, r1, s)
            guard m.0 > 0, m.0 < 1, abs(m.1) >= 0.02, abs(1 - m.1) >= 0.02 else { continue }
            // First half: (0,0) q0 r0 m scaled by m; second: m r1 q2 (1,1) moved to the origin and scaled.
            let a = [q0.0 / m.0, q0.1 / m.1, r0.0 / m.0, r0.1 / m.1]
            let b = [
                (r1.0 - m.0) / (1 - m.0), (r1.1 - m.1) / (1 - m.1), (q2.0 - m.0) / (1 - m.0), (q2.1 - m.1) / (1 - m.1),
            ]
            let xs = [a[0], a[2], b[0], b[2]]
            guard xs.allSatisfy({ $0 >= 0 && $0 <= 1 }), (a + b).allSatisfy(\.isFinite) else { continue }
            return ((m.0, m.1), CubicBezier(a[0], a[1], a[2], a[3]), CubicBezier(b[0], b[1], b[2], b[3]))
        }
        return nil
    }
}

/// Android's `PathInterpolator(x1, y1, x2, y2)` as AOSP computes it, in Float: the path (0,0) → cubic → (1,1)
/// flattened by `Path.approximate(0.002)` (`android_graphics_Path.cpp` `addBezier`: a chord is kept when the curve's
/// point at its middle parameter lies within 0.002 of the chord's midpoint, double-checked at the quarter point until
/// one such check first fails), then `getInterpolation(t)`: a binary search of the points' x and linear interpolation.
struct PathInterpolatorModel {
    /// The flattened points' x and y.
    var xs: [Float] = [], ys: [Float] = []

    /// The model of `e`'s PathInterpolator; nil when the flattening passes 100,000 points (where Android's would not
    /// end, or end only after a long stall).
    init?(_ e: CubicBezier) {
        let px: [Float] = [0, Float(e.x1), Float(e.x2), 1], py: [Float] = [0, Float(e.y1), Float(e.y2), 1]
        func coordinate(_ t: Float, _ p: [Float]) -> Float {
            let m = 1 - t, m2 = m * m, m3 = m2 * m, t2 = t * t, t3 = t2 * t
            return (m3 * p[0]) + (3 * m2 * t * p[1]) + (3 * m * t2 * p[2]) + (t3 * p[3])
        }
        func point(_ t: Float) -> (Float, Float) { (coordinate(t, px), coordinate(t, py)) }
        let errorSquared: Float = 0.002 * 0.002
        // Whether the chord (t0, p0)–(t1, p1) needs its middle: the curve's middle point and its parameter.
        func subdivide(_ t0: Float, _ p0: (Float, Float), _ t1: Float, _ p1: (Float, Float))
            -> (Bool, Float, (Float, Float))
        {
            let midT = (t1 + t0) / 2
            let midX = (p1.0 + p0.0) / 2, midY = (p1.1 + p0.1) / 2
            let mid = point(midT)
            let dx = mid.0 - midX, dy = mid.1 - midY
            return ((dx * dx) + (dy * dy) > errorSquared, midT, mid)
        }
        var ts: [Float] = [0, 1]
        var ps: [(Float, Float)] = [point(0), point(1)]
        var doubleCheck = true
        var i = 0
        while i + 1 < ts.count {
            while true {
                var (needs, midT, mid) = subdivide(ts[i], ps[i], ts[i + 1], ps[i + 1])
                if !needs && doubleCheck {
                    needs = subdivide(ts[i], ps[i], midT, mid).0
                    if needs { doubleCheck = false }
                }
                guard needs else { break }
                guard ts.count < 100_000 else { return nil }
                ts.insert(midT, at: i + 1)
                ps.insert(mid, at: i + 1)
            }
            i += 1
        }
        // Path.approximate's points after the moveTo (0, 0), empty lines dropped.
        for p in ps where xs.isEmpty || xs.last! != p.0 || ys.last! != p.1 {
            xs.append(p.0)
            ys.append(p.1)
        }
    }

    /// `getInterpolation(t)`.
    func value(at t: Float) -> Float {
        if t <= 0 { return 0 }
        if t >= 1 { return 1 }
        var start = 0, end = xs.count - 1
        while end - start > 1 {
            let mid = (start + end) / 2
            if t < xs[mid] { end = mid } else { start = mid }
        }
        let range = xs[end] - xs[start]
        if range == 0 { return ys[start] }
        let fraction = (t - xs[start]) / range
        return ys[start] + (fraction * (ys[end] - ys[start]))
    }
}
