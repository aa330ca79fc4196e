import Foundation
import Scenes
import Springs

/// The spring that best fits a recorded `t,value` trace, by least squares (`dynsim fit spring`).
///
/// Model: the trace's first row is the release (t = 0 there); from then on the value follows a damped spring of mass 1,
/// damping ratio ζ and response R (k = (2π/R)², c = 4πζ/R) released at `from` toward `to` with initial velocity v0,
/// in closed form (``Spring/value(at:from:to:initialVelocity:)``). Fitted: ζ, R, v0, and `from` and `to` unless they
/// are given. Start: the best of a grid of ζ (0.05 to 3) and R (0.04 s to 8 s) with v0 = 0, from and to the first
/// and last values; then Levenberg–Marquardt. Intervals: 95%, estimate ± t(0.975, n − p) × standard error from the
/// covariance σ̂² (JᵀJ)⁻¹ at the solution (stiffness and damping by the delta method). The values are fitted on a unit
/// scale ((value − first value) / range) and scaled back. ``notes`` says when the fit is poorly determined.
public struct SpringFit: Sendable {
    /// An estimate and its 95% interval.
    public struct Estimate: Sendable {
        /// The least-squares estimate.
        public var value: Double
        /// The 95% interval's lower end (the value itself when fixed; blank in the CLI when there is no interval).
        public var low: Double
        /// The 95% interval's upper end.
        public var high: Double
        /// An estimate and its interval.
        public init(value: Double, low: Double, high: Double) {
            self.value = value
            self.low = low
            self.high = high
        }
    }
    /// Damping ratio ζ (dimensionless; 1 = critical).
    public var dampingRatio: Estimate
    /// Response R = 2π/ω0, seconds (SwiftUI's response).
    public var response: Estimate
    /// Initial velocity at the first row, value units per second.
    public var initialVelocity: Estimate
    /// The release value, value units (fixed when given).
    public var from: Estimate
    /// The target value, value units (fixed when given).
    public var to: Estimate
    /// The equivalent physical parameters at mass 1: stiffness k = (2π/R)², 1/s².
    public var stiffness: Estimate
    /// Damping c = 4πζ/R at mass 1, 1/s.
    public var damping: Estimate
    /// √(SSE / n), value units; and the samples fitted.
    public var rmsResidual: Double
    /// The rows fitted.
    public var samples: Int
    /// Whether `from` and `to` were fitted (not given).
    public var fittedFrom: Bool
    /// Whether `to` was fitted (not given).
    public var fittedTo: Bool
    /// What a reader should know about the fit's quality: a parameter at the search's bound, an interval reaching an
    /// impossible value (below 0), no intervals (a singular Jacobian: intervals are then the estimate alone).
    public var notes: [String] = []

    /// What the fit's quality calls for saying: a parameter at the search's bound, an interval reaching below 0, no
    /// intervals.
    static func notes(_ z: Estimate, _ r: Estimate, hasIntervals: Bool) -> [String] {
        var notes: [String] = []
        if z.value <= 1.0001e-4 || z.value >= 49.99 { notes.append("dampingRatio reached the search's bound (\(z.value)): the trace may not be a spring's motion") }
        if r.value <= 1.001e-3 || r.value >= 9999 { notes.append("response reached the search's bound (\(r.value) s): the trace may not be a spring's motion") }
        guard hasIntervals else {
            return notes + ["no intervals: the fit's Jacobian is singular (the trace does not determine every parameter)"]
        }
        for (name, e) in [("dampingRatio", z), ("response", r)] where e.low <= 0 {
            notes.append("the 95% interval of \(name) reaches \(e.low), below 0: the fit is poorly determined (noise, or a trace too short or not a spring)")
        }
        return notes
    }

    /// Fits `values` at `times` (seconds, increasing; the first is the release).
    /// - Throws: ``InputError`` naming `label` when there are fewer rows than parameters + 1, or the values do not move.
    public init(times: [Double], values raw: [Double], from rawFrom: Double?, to rawTo: Double?, label: String) throws {
        let t = times.map { $0 - times[0] }
        // Fitted on a unit scale: (value − first value) / range, so 1e-300 and 1e300 traces fit as well as points.
        let base = raw[0]
        let spread = (raw.max()! - raw.min()!)
        let unit = spread > 0 ? spread : abs((rawTo ?? base) - (rawFrom ?? base))
        let values = raw.map { ($0 - base) / (unit > 0 ? unit : 1) }
        let from = rawFrom.map { ($0 - base) / (unit > 0 ? unit : 1) }, to = rawTo.map { ($0 - base) / (unit > 0 ? unit : 1) }
        let n = t.count
        let free = 3 + (from == nil ? 1 : 0) + (to == nil ? 1 : 0)
        guard n > free else {
            throw InputError(file: label, path: "", message: "has \(n) rows; fitting \(free) parameters needs at least \(free + 1)")
        }
        guard unit > 0, unit.isFinite else {
            throw InputError(file: label, path: "", message: "does not move: every value is \(raw[0]), no spring to fit")
        }
        // p = [ζ, R, v0, from?, to?]
        func unpack(_ p: [Double]) -> (Double, Double, Double, Double, Double) {
            var k = 3
            let f = from ?? { k += 1; return p[k - 1] }()
            let g = to ?? { k += 1; return p[k - 1] }()
            return (p[0], p[1], p[2], f, g)
        }
        func residuals(_ p: [Double]) -> [Double] {
            let (z, r, v0, f, g) = unpack(p)
            let s = Spring(dampingRatio: z, response: r)
            return (0..<n).map { s.value(at: t[$0], from: f, to: g, initialVelocity: v0) - values[$0] }
        }
        func clamp(_ p: [Double]) -> [Double] {
            var q = p
            q[0] = min(max(q[0], 1e-4), 50)
            q[1] = min(max(q[1], 1e-3), 1e4)
            return q
        }
        let extra = (from == nil ? [values[0]] : []) + (to == nil ? [values[n - 1]] : [])
        var best = [1.0, 1.0, 0] + extra, bestCost = Double.infinity
        let problem = LeastSquares(residuals: residuals, clamp: clamp)
        for z in [0.05, 0.1, 0.15, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0, 1.2, 1.5, 2.0, 3.0] {
            for k in 0..<24 {
                let p = [z, 0.04 * pow(200, Double(k) / 23), 0] + extra
                let c = problem.sse(residuals(p))
                if c < bestCost { bestCost = c; best = p }
            }
        }
        let solution = problem.minimize(from: best)
        let p = solution.parameters
        let q = LeastSquares.t95(n - free)
        let cov = solution.covariance
        func se(_ i: Int) -> Double { cov.map { $0[i][i].squareRoot() } ?? .nan }
        func estimate(_ v: Double, _ s: Double) -> Estimate { Estimate(value: v, low: v - q * s, high: v + q * s) }
        let (z, r, v0, f, g) = unpack(p)
        // Back from the unit scale: values and velocities times the range, plus the first value.
        func scaled(_ e: Estimate, offset: Double) -> Estimate {
            Estimate(value: e.value * unit + offset, low: e.low * unit + offset, high: e.high * unit + offset)
        }
        dampingRatio = estimate(z, se(0))
        response = estimate(r, se(1))
        initialVelocity = scaled(estimate(v0, se(2)), offset: 0)
        var k = 3
        if from == nil { self.from = scaled(estimate(f, se(k)), offset: base); k += 1 } else { self.from = Estimate(value: rawFrom!, low: rawFrom!, high: rawFrom!) }
        if to == nil { self.to = scaled(estimate(g, se(k)), offset: base) } else { self.to = Estimate(value: rawTo!, low: rawTo!, high: rawTo!) }
        // Delta method: k = (2π/R)², ∂k/∂R = −2k/R; c = 4πζ/R, ∂c/∂ζ = 4π/R, ∂c/∂R = −c/R.
        let kk = pow(2 * .pi / r, 2), cc = 4 * .pi * z / r
        let varK = cov.map { pow(2 * kk / r, 2) * $0[1][1] } ?? .nan
        let varC = cov.map { pow(4 * .pi / r, 2) * $0[0][0] + pow(cc / r, 2) * $0[1][1] - 2 * (4 * .pi / r) * (cc / r) * $0[0][1] } ?? .nan
        stiffness = estimate(kk, varK.squareRoot())
        damping = estimate(cc, max(varC, 0).squareRoot())
        rmsResidual = (solution.sse / Double(n)).squareRoot() * unit
        notes = SpringFit.notes(dampingRatio, response, hasIntervals: cov != nil)
        samples = n
        fittedFrom = from == nil
        fittedTo = to == nil
    }
}
