import Foundation

/// A CSS `linear()` easing function (CSS Easing Functions Level 2, "The linear easing function"): control points, each
/// an input progress (0 ... 1, increasing) and an output, joined by straight lines. This is how a spring runs on the
/// web compositor: its progress sampled, simplified and written as `linear(...)` over the spring's duration.
public struct LinearEasing: Sendable, Equatable {
    /// One control point: input progress (0 ... 1) and output.
    public struct Point: Sendable, Equatable {
        /// Input progress, 0 ... 1 (the CSS percentage / 100).
        public var input: Double
        /// Output progress (may leave 0 ... 1: a spring overshoots).
        public var output: Double
        /// A point.
        public init(input: Double, output: Double) {
            self.input = input
            self.output = output
        }
    }

    /// The control points, inputs non-decreasing, the first at 0 and the last at 1.
    public var points: [Point]

    /// A linear() easing from its points.
    /// - Precondition: at least two points, inputs non-decreasing.
    public init(points: [Point]) {
        precondition(points.count >= 2, "LinearEasing: at least two points")
        self.points = points
    }

    /// The output at input progress `x`, as CSS Easing Level 2 defines it: the last point whose input is at most `x`
    /// and the next one, interpolated linearly; before the first point and after the last, the line through the first
    /// two or the last two points extended (a pair with equal inputs gives the later output).
    public func value(at x: Double) -> Double {
        var lo = 0, hi = points.count - 1
        if x < points[0].input {
            hi = 1
        } else if x >= points[hi].input {
            lo = hi - 1
        } else {
            while hi - lo > 1 {
                let mid = (lo + hi) / 2
                if points[mid].input <= x { lo = mid } else { hi = mid }
            }
        }
        let a = points[lo], b = points[hi]
        guard b.input > a.input else { return b.output }
        return a.output + (b.output - a.output) * (x - a.input) / (b.input - a.input)
    }

    /// The CSS text: `linear(0, 0.2345 12.5%, ..., 1)`, outputs with `digits` decimals, inner inputs as percentages with
    /// `inputDigits` decimals (default: `digits`; the first and last inputs, 0% and 100%, are left implicit).
    public func css(digits: Int, inputDigits: Int? = nil) -> String {
        func fixed(_ x: Double, _ d: Int) -> String {
            var s = String(format: "%.\(d)f", x)
            if s.contains(".") {
                while s.hasSuffix("0") { s.removeLast() }
                if s.hasSuffix(".") { s.removeLast() }
            }
            return s == "-0" ? "0" : s
        }
        let parts = points.enumerated().map { k, p -> String in
            let out = fixed(p.output, digits)
            return k == 0 || k == points.count - 1 ? out : out + " " + fixed(p.input * 100, inputDigits ?? digits) + "%"
        }
        return "linear(" + parts.joined(separator: ", ") + ")"
    }

    /// The easing within `maxError` of `f` on [0, 1], with the fewest points this method finds, and the error it
    /// reaches: `f` sampled at `samples` + 1 evenly spaced inputs; the polyline simplified by Ramer–Douglas–Peucker with
    /// the vertical distance (the output error at the same input, which is what a reader of the animation sees); then
    /// outputs rounded to `digits` decimals (digits = ⌈−log10 maxError⌉ + 1, so rounding costs at most a tenth of the
    /// budget) and inputs to `inputDigits` decimals of a percent (as many as keep the steepest slope's error within a
    /// tenth too). `endValue`, when given, replaces the last output (CSS holds the animation's end value after it).
    /// The error reached is measured against `f` at 8 x `samples` + 1 inputs (at most 4,000,001) and at every point;
    /// when it passes `maxError` (between samples), the tolerance tightens by 0.7 and the fit runs again, up to 30 times.
    /// The caller checks the error and the number of points.
    /// - Precondition: `maxError > 0`, `samples >= 2`.
    public static func fit(_ f: (Double) -> Double, maxError: Double, samples: Int, endValue: Double? = nil)
        -> (easing: LinearEasing, digits: Int, inputDigits: Int, error: Double)
    {
        precondition(maxError > 0 && samples >= 2, "LinearEasing.fit: maxError > 0 and samples >= 2")
        let xs = (0...samples).map { Double($0) / Double(samples) }
        let ys = xs.map(f)
        let digits = min(12, max(2, Int((-log10(maxError)).rounded(.up)) + 1))
        let scale = pow(10, Double(digits))
        var steepest = 0.0
        for k in 1..<xs.count { steepest = max(steepest, abs(ys[k] - ys[k - 1]) / (xs[k] - xs[k - 1])) }
        // An input rounded by half of 10^-(inputDigits + 2) moves the output by at most steepest times that.
        let inputDigits = min(12, max(digits, Int((log10(max(steepest, 1e-12) * 10 / maxError)).rounded(.up)) - 2))
        func round(_ v: Double) -> Double { (v * scale).rounded() / scale }
        func measure(_ e: LinearEasing) -> Double {
            var worst = 0.0
            let n = min(samples * 8, 4_000_000)
            for k in 0...n {
                let x = Double(k) / Double(n)
                worst = max(worst, abs(e.value(at: x) - f(x)))
            }
            for p in e.points { worst = max(worst, abs(e.value(at: p.input) - f(p.input))) }
            return worst
        }
        var tolerance = maxError * 0.85
        var best: (LinearEasing, Double)?
        for _ in 0..<30 {
            let keep = simplify(xs, ys, tolerance: tolerance)
            // Inputs rounded as percentages with `inputDigits` decimals: a fraction with inputDigits + 2 decimals.
            let inputScale = pow(10, Double(inputDigits)) * 100
            var points = keep.map {
                Point(
                    input: ($0 == 0 ? 0 : $0 == samples ? 1 : (xs[$0] * inputScale).rounded() / inputScale),
                    output: round(ys[$0]))
            }
            points[0].input = 0
            points[points.count - 1].input = 1
            if let endValue { points[points.count - 1].output = round(endValue) }
            let easing = LinearEasing(points: points)
            let error = measure(easing)
            best = (easing, error)
            if error <= maxError { break }
            tolerance *= 0.7
        }
        return (best!.0, digits, inputDigits, best!.1)
    }

    /// Ramer–Douglas–Peucker on (xs, ys) with the vertical distance to each chord: the indices kept, in order.
    static func simplify(_ xs: [Double], _ ys: [Double], tolerance: Double) -> [Int] {
        var keep = [Bool](repeating: false, count: xs.count)
        keep[0] = true
        keep[xs.count - 1] = true
        var stack = [(0, xs.count - 1)]
        while let (i, j) = stack.popLast() {
            guard j > i + 1 else { continue }
            var worst = -1.0, at = i
            for k in (i + 1)..<j {
                let line = ys[i] + (ys[j] - ys[i]) * (xs[k] - xs[i]) / (xs[j] - xs[i])
                let d = abs(ys[k] - line)
                if d > worst { worst = d; at = k }
            }
            if worst > tolerance {
                keep[at] = true
                stack.append((i, at))
                stack.append((at, j))
            }
        }
        return keep.indices.filter { keep[$0] }
    }
}
