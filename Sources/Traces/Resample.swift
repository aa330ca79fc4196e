import Foundation

/// How a trace's column is read between its rows (``Resampler``).
public enum Interpolation: String, Sendable {
    /// Cubic Hermite through the values and the column's own velocities (`x` with `vx`, `y` with `vy`, `angle` with
    /// `omega` in dynsim's CSVs): exact for uniformly accelerated motion, error O(h⁴).
    case hermite
    /// Monotone cubic (Fritsch–Carlson 1980): no overshoot between rows, error O(h³) where the data are smooth.
    case monotoneCubic
    /// Straight lines (a trace of two rows).
    case linear
}

/// Reads a column at any time within its trace's span.
public struct Resampler: Sendable {
    /// The rows' times, seconds, increasing.
    public let times: [Double]
    /// The column's values at those times.
    public let values: [Double]
    /// Slopes at the rows: the velocities (Hermite) or Fritsch–Carlson's (monotone cubic); nil for linear.
    private let slopes: [Double]?
    /// How it interpolates.
    public let interpolation: Interpolation

    /// - Parameters:
    ///   - times: the rows' times, seconds, increasing.
    ///   - values: the column's values at those times.
    ///   - velocities: the column's velocity column (value units per second), when the trace has one.
    /// - Precondition: at least two rows, times increasing.
    public init(times: [Double], values: [Double], velocities: [Double]? = nil) {
        self.times = times
        self.values = values
        if let velocities {
            slopes = velocities
            interpolation = .hermite
        } else if times.count >= 3 {
            slopes = Resampler.monotoneSlopes(times, values)
            interpolation = .monotoneCubic
        } else {
            slopes = nil
            interpolation = .linear
        }
    }

    /// Fritsch–Carlson: secants; at each inner row the harmonic-style average of neighbouring secants (0 where they
    /// differ in sign), then limited so that α² + β² ≤ 9 on every interval.
    static func monotoneSlopes(_ t: [Double], _ y: [Double]) -> [Double] {
        let n = t.count
        var d = [Double](repeating: 0, count: n - 1)
        for k in 0..<(n - 1) {
            let dy: Double = y[k + 1] - y[k], dt: Double = t[k + 1] - t[k]
            d[k] = dy / dt
        }
        var m = [Double](repeating: 0, count: n)
        m[0] = d[0]
        m[n - 1] = d[n - 2]
        for k in 1..<(n - 1) { m[k] = d[k - 1] * d[k] <= 0 ? 0 : (d[k - 1] + d[k]) / 2 }
        for k in 0..<(n - 1) {
            if d[k] == 0 { m[k] = 0; m[k + 1] = 0; continue }
            let a = m[k] / d[k], b = m[k + 1] / d[k]
            let s = a * a + b * b
            if s > 9 {
                let tau: Double = 3 / s.squareRoot()
                m[k] = tau * a * d[k]
                m[k + 1] = tau * b * d[k]
            }
        }
        return m
    }

    /// The value at `t`, or nil outside [first time, last time].
    public func value(at t: Double) -> Double? {
        guard let first = times.first, let last = times.last, t >= first, t <= last else { return nil }
        var lo = 0, hi = times.count - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if times[mid] <= t { lo = mid } else { hi = mid }
        }
        if t == times[lo] { return values[lo] }
        if t == times[hi] { return values[hi] }
        let h = times[hi] - times[lo], s = (t - times[lo]) / h
        guard let m = slopes else { return values[lo] + (values[hi] - values[lo]) * s }
        let s2 = s * s, s3 = s2 * s
        return (2 * s3 - 3 * s2 + 1) * values[lo] + (s3 - 2 * s2 + s) * h * m[lo]
            + (-2 * s3 + 3 * s2) * values[hi] + (s3 - s2) * h * m[hi]
    }

    /// The velocity column of `name` in a dynsim CSV: `.x`→`.vx`, `.y`→`.vy`, `.angle`→`.omega`.
    public static func velocityColumn(of name: String) -> String? {
        for (p, v) in [(".x", ".vx"), (".y", ".vy"), (".angle", ".omega")] where name.hasSuffix(p) {
            return String(name.dropLast(p.count)) + v
        }
        return nil
    }
}
