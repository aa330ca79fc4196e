import Foundation
import Springs

/// Reduces a sampled property to keyframes with one cubic-Bézier easing per segment, within a largest error at every
/// sample.
///
/// The method (after Schneider's error-bounded Bézier fitting, "An Algorithm for Automatically Fitting Digitized
/// Curves", Graphics Gems, 1990, here fitting easings in (time, value) rather than free curves in the plane):
/// 1. **Keys at turning points.** A key goes at each turning point of the value (a zigzag filter: an extreme counts once
///    the value has come back from it by more than half the allowed error, so noise below that makes no key). Between
///    two turning points the value is monotone: an ease. An underdamped spring's half cycle is one such segment.
/// 2. **One easing per segment.** Each segment's easing (x1, y1, x2, y2, x in [0, 1]) starts from the cubic Hermite
///    curve through its end slopes and is refined by Levenberg–Marquardt least squares, then by Lawson's reweighting
///    toward the smallest largest error, on up to 64 of its samples.
/// 3. **Split where it fails.** The error is measured at every sample; a segment over the bound is split at its
///    steepest sample when that lies inside (a half cycle becomes an ease-in and an ease-out, each of which a cubic
///    fits closely: two segments per half cycle), else at its largest error, and each part is fitted again.
/// 4. **Merge where it can.** A key whose two neighbouring segments fit as one within the bound is removed.
/// 5. **Measure.** The keyframes are evaluated at every sample and the largest difference is the channel's stated
///    error: the bound is measured, never assumed.
///
/// Keys fall on samples, and a key's value is the sample's, so the keyframes pass through the run at every key.
public enum KeyframeReduction {
    /// The channel of `values` (one per time in `times`, seconds, increasing) within `maxError` at every sample.
    /// - Precondition: at least one sample, `times.count == values.count`, `maxError > 0`, all finite.
    public static func reduce(property: BakeProperty, times: [Double], values: [Double], maxError: Double)
        -> BakeChannel
    {
        precondition(!times.isEmpty && times.count == values.count && maxError > 0)
        guard times.count > 1 else {
            return BakeChannel(property: property, times: times, values: values, easings: [], maxError: 0)
        }
        let samples = Samples(times: times, values: values)
        var keys: [Int] = []
        var easings: [CubicBezier] = []
        let turning = turningPoints(values, threshold: maxError / 2)
        for (a, b) in zip(turning, turning.dropFirst()) {
            let (k, e) = samples.fitSplitting(a, b, maxError: maxError)
            keys += k.dropLast()
            easings += e
        }
        keys.append(times.count - 1)
        (keys, easings) = samples.merge(keys, easings, maxError: maxError)
        var channel = BakeChannel(
            property: property, times: keys.map { times[$0] }, values: keys.map { values[$0] }, easings: easings,
            maxError: 0)
        channel.maxError = zip(times, values).reduce(0) { m, s in max(m, abs(channel.value(at: s.0) - s.1)) }
        return channel
    }

    /// Indices of the first and last samples and of every turning point a zigzag filter of `threshold` finds (an
    /// extreme counts once the values come back from it by more than `threshold`), increasing.
    static func turningPoints(_ v: [Double], threshold: Double) -> [Int] {
        var points = [0]
        var direction = 0  // +1 rising, −1 falling, 0 not yet known
        var extreme = 0
        for i in 1..<v.count {
            switch direction {
            case 0:
                if abs(v[i] - v[0]) > threshold {
                    direction = v[i] > v[0] ? 1 : -1
                    extreme = i
                } else if abs(v[i] - v[0]) > abs(v[extreme] - v[0]) {
                    extreme = i
                }
            case 1:
                if v[i] >= v[extreme] {
                    extreme = i
                } else if v[extreme] - v[i] > threshold {
                    points.append(extreme)
                    direction = -1
                    extreme = i
                }
            default:
                if v[i] <= v[extreme] {
                    extreme = i
                } else if v[i] - v[extreme] > threshold {
                    points.append(extreme)
                    direction = 1
                    extreme = i
                }
            }
        }
        if extreme != 0 && extreme != v.count - 1 && direction != 0 { points.append(extreme) }
        if points.last != v.count - 1 { points.append(v.count - 1) }
        return points
    }
}

/// The samples being reduced, and the fitting of one segment.
struct Samples {
    let times: [Double]
    let values: [Double]

    /// Keys (sample indices, from a to b) and easings for the segment a...b within `maxError`, split as needed.
    func fitSplitting(_ a: Int, _ b: Int, maxError: Double) -> ([Int], [CubicBezier]) {
        let (curve, error, worst) = fit(a, b, maxError: maxError)
        if error <= maxError || b - a < 2 { return ([a, b], [curve]) }
        var split = worst
        // The steepest sample, if it lies inside: an ease's inflection, where an ease-in meets an ease-out.
        var steepest = a, slope = 0.0
        for i in a..<b where abs(values[i + 1] - values[i]) > slope {
            slope = abs(values[i + 1] - values[i])
            steepest = i
        }
        if steepest > a + (b - a) / 8 && steepest < b - (b - a) / 8 { split = steepest }
        split = min(max(split, a + 1), b - 1)
        let (k1, e1) = fitSplitting(a, split, maxError: maxError)
        let (k2, e2) = fitSplitting(split, b, maxError: maxError)
        return (k1.dropLast() + k2, e1 + e2)
    }

    /// Removes each key whose two segments fit as one within `maxError`.
    func merge(_ keys: [Int], _ easings: [CubicBezier], maxError: Double) -> ([Int], [CubicBezier]) {
        var keys = keys, easings = easings
        var k = 1
        while k < keys.count - 1 {
            let (curve, error, _) = fit(keys[k - 1], keys[k + 1], maxError: maxError)
            if error <= maxError {
                keys.remove(at: k)
                easings.remove(at: k)
                easings[k - 1] = curve
            } else {
                k += 1
            }
        }
        return (keys, easings)
    }

    /// The easing of segment a...b with its largest error over every sample (the value's unit) and where it is.
    /// Lawson's reweighting runs only when the least-squares fit misses `maxError` by at most 4 times.
    func fit(_ a: Int, _ b: Int, maxError: Double) -> (CubicBezier, Double, Int) {
        let v0 = values[a], dv = values[b] - values[a]
        let span = times[b] - times[a]
        if dv == 0 || b - a < 2 {
            return (.linear, maxDeviation(a, b, .linear).0, maxDeviation(a, b, .linear).1)
        }
        // The points the easing is fitted to: (time fraction, value fraction), up to 64 of them.
        let count = min(b - a + 1, 64)
        var us: [Double] = [], ps: [Double] = []
        for j in 0..<count {
            let i = a + Int((Double(j) * Double(b - a) / Double(count - 1)).rounded())
            us.append((times[i] - times[a]) / span)
            ps.append((values[i] - v0) / dv)
        }
        // The cubic Hermite curve through the end slopes (second-order one-sided differences): x handles at 1/3, 2/3.
        func slope(_ i: Int, _ j: Int, _ k: Int) -> Double {
            let h = (times[k] - times[i]) / 2
            return (-3 * values[i] + 4 * values[j] - values[k]) / (2 * h) * span / dv
        }
        let m0 = b - a >= 2 ? slope(a, a + 1, a + 2) : 1
        let m1 = b - a >= 2 ? -slope(b, b - 1, b - 2) : 1
        var best = [1.0 / 3, m0 / 3, 2.0 / 3, 1 - m1 / 3]
        var weights = [Double](repeating: 1, count: us.count)
        best = levenbergMarquardt(best, us, ps, weights)
        var curve = Samples.curve(best)
        var (error, worst) = maxDeviation(a, b, curve)
        // Lawson's iteration: weights grow where the residual is large, pulling the fit toward the minimax one.
        var params = best
        for _ in 0..<(error > maxError && error <= 4 * maxError ? 4 : 0) {
            let r = zip(us, ps).map { abs(Samples.curve(params).value(at: $0) - $1) }
            let top = r.max() ?? 0
            guard top > 0 else { break }
            let total = zip(weights, r).reduce(0) { $0 + $1.0 * $1.1 }
            guard total > 0 else { break }
            weights = zip(weights, r).map { $0 * $1 / total * Double(r.count) }
            params = levenbergMarquardt(params, us, ps, weights)
            let trial = Samples.curve(params)
            let (e, w) = maxDeviation(a, b, trial)
            if e < error { (curve, error, worst) = (trial, e, w) }
        }
        // Handles far beyond the unit square (a value change near zero between keys of nearly one value, the motion
        // carried by y handles of 1e13 or more) play as nothing in Float, as Compose, Core Animation and Android hold
        // them: such a fit is refused, so the segment is split (or not merged) instead.
        if abs(curve.y1) > Samples.maxHandle || abs(curve.y2) > Samples.maxHandle { error = .infinity }
        return (curve, error, worst)
    }

    /// The largest |y1|, |y2| a fitted easing may have.
    static let maxHandle = 16.0

    /// The largest |keyframes − value| over samples a...b for `curve` between the end values, and its index.
    func maxDeviation(_ a: Int, _ b: Int, _ curve: CubicBezier) -> (Double, Int) {
        let v0 = values[a], dv = values[b] - values[a], span = times[b] - times[a]
        var error = 0.0, worst = a
        for i in a...b {
            let u = (times[i] - times[a]) / span
            let e = abs(v0 + dv * curve.value(at: u) - values[i])
            if e > error { (error, worst) = (e, i) }
        }
        return (error, worst)
    }

    /// A curve from parameters, x handles clamped into [0, 1].
    static func curve(_ p: [Double]) -> CubicBezier {
        CubicBezier(min(max(p[0], 0), 1), p[1], min(max(p[2], 0), 1), p[3])
    }

    /// Weighted least squares of curve(p)(u) − p over the points, by Levenberg–Marquardt with a forward-difference
    /// Jacobian; x handles kept in [0, 1].
    func levenbergMarquardt(_ start: [Double], _ us: [Double], _ ps: [Double], _ w: [Double]) -> [Double] {
        func residuals(_ p: [Double]) -> [Double] {
            let c = Samples.curve(p)
            return us.indices.map { (c.value(at: us[$0]) - ps[$0]) * w[$0].squareRoot() }
        }
        func cost(_ r: [Double]) -> Double { r.reduce(0) { $0 + $1 * $1 } }
        var p = start.enumerated().map { $0.offset % 2 == 0 ? min(max($0.element, 0), 1) : $0.element }
        var r = residuals(p), c = cost(r), lambda = 1e-3
        for _ in 0..<25 {
            // Jacobian columns by forward differences.
            var jac = [[Double]](repeating: [], count: 4)
            for k in 0..<4 {
                var q = p
                let h = 1e-7 * max(1, abs(p[k]))
                q[k] += k % 2 == 0 && q[k] + h > 1 ? -h : h
                let rq = residuals(q)
                let step = q[k] - p[k]
                jac[k] = zip(rq, r).map { ($0 - $1) / step }
            }
            // Normal equations (JᵀJ + λ diag) δ = −Jᵀr.
            var a = [[Double]](repeating: [Double](repeating: 0, count: 4), count: 4)
            var g = [Double](repeating: 0, count: 4)
            for i in 0..<4 {
                for j in 0..<4 { a[i][j] = zip(jac[i], jac[j]).reduce(0) { $0 + $1.0 * $1.1 } }
                g[i] = -zip(jac[i], r).reduce(0) { $0 + $1.0 * $1.1 }
            }
            var improved = false
            for _ in 0..<8 {
                var m = a
                for i in 0..<4 { m[i][i] += lambda * max(a[i][i], 1e-12) }
                guard let delta = Samples.solve4(m, g) else { lambda *= 10; continue }
                var q = zip(p, delta).map { $0 + $1 }
                q[0] = min(max(q[0], 0), 1)
                q[2] = min(max(q[2], 0), 1)
                let rq = residuals(q), cq = cost(rq)
                if cq < c {
                    (p, r, c) = (q, rq, cq)
                    lambda = max(lambda / 10, 1e-12)
                    improved = true
                    break
                }
                lambda *= 10
            }
            if !improved || c < 1e-30 { break }
        }
        return p
    }

    /// Solves the 4 × 4 system m x = g by Gaussian elimination with partial pivoting; nil when singular.
    static func solve4(_ m: [[Double]], _ g: [Double]) -> [Double]? {
        var a = m, b = g
        for col in 0..<4 {
            guard let pivot = (col..<4).max(by: { abs(a[$0][col]) < abs(a[$1][col]) }), abs(a[pivot][col]) > 1e-300
            else { return nil }
            a.swapAt(col, pivot)
            b.swapAt(col, pivot)
            for row in (col + 1)..<4 {
                let f = a[row][col] / a[col][col]
                for k in col..<4 { a[row][k] -= f * a[col][k] }
                b[row] -= f * b[col]
            }
        }
        var x = [Double](repeating: 0, count: 4)
        for row in stride(from: 3, through: 0, by: -1) {
            var s = b[row]
            for k in (row + 1)..<4 { s -= a[row][k] * x[k] }
            x[row] = s / a[row][row]
        }
        return x.allSatisfy(\.isFinite) ? x : nil
    }
}
