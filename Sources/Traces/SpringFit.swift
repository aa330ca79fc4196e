import Foundation
import IO
import Springs

/// The spring that best fits a recorded `t,value` trace, by least squares (`dynsim fit spring`).
///
/// Model: the trace's first row is the release (t = 0 there); from then on the value follows a damped spring of mass 1,
/// damping ratio ζ and response R (k = (2π/R)², c = 4πζ/R) released at `from` toward `to` with initial velocity v0,
/// in closed form (`Spring/value(at:from:to:initialVelocity:)`). Fitted: ζ, R, v0, and `from` and `to` unless they
/// are given. The search is set by the trace itself (`solve(t:values:from:to:responseBounds:)`): time over its span
/// and values over their range, R from two sample intervals (the Nyquist limit: a spring with a shorter natural period
/// aliases onto the samples) to 1000 spans. Intervals: 95%, estimate ± t(0.975, n − p) × standard error from the
/// covariance σ̂² (JᵀJ)⁻¹ at the solution (stiffness and damping by the delta method). ``notes`` says when the fit is
/// poorly determined, and ``cannotTell`` when it is not to be trusted at all.
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

    /// Whether the trace cannot tell the spring: the fit is not to be trusted (``notes`` says why), and `dynsim fit`
    /// exits 1. Set when a parameter sits at the search's bound (the response at two sample intervals, the shortest
    /// natural period the samples can show without aliasing; the damping ratio at 50; the response at 1000 times the
    /// trace's span), when the fit has no intervals, when its residual is far above the trace's own noise
    /// (``noiseLevel(_:)``): rms > 3 × noise + 1e-9 of the trace's range, or when it explains less than half of the
    /// trace's variance (R² < 0.5: mostly noise).
    public var cannotTell = false

    /// The trace's noise estimated from the data alone, without a model: the median absolute second difference of
    /// consecutive values, scaled to a standard deviation for independent Gaussian noise (× 1.4826 / √6). A smooth
    /// motion's own curvature only raises it, so the estimate is an upper bound on the noise there; a jump (a step)
    /// barely moves the median. Values as given; result in the same units.
    public static func noiseLevel(_ values: [Double]) -> Double {
        guard values.count >= 3 else { return 0 }
        var d: [Double] = (1..<(values.count - 1)).map { (i: Int) -> Double in
            let second: Double = values[i + 1] - 2 * values[i] + values[i - 1]
            return abs(second)
        }
        d.sort()
        let median = d.count % 2 == 1 ? d[d.count / 2] : 0.5 * (d[d.count / 2 - 1] + d[d.count / 2])
        return 1.4826 * median / 6.0.squareRoot()
    }

    /// The largest damping ratio a fit reports: past it the fast mode of an overdamped spring decays within a few
    /// samples and its intervals did not hold the truth (95% intervals held ζ 5 in 27 of 40 noisy traces, ζ 3 in 37).
    public static let maxToldDampingRatio = 3.0

    /// The population variance of `values`.
    static func variance(_ values: [Double]) -> Double {
        let mean = values.reduce(0, +) / Double(values.count)
        return values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(values.count)
    }

    /// What to say when a fit's residual is far above the trace's noise (rms > 3 × noise + 1e-9 × range), or nil.
    static func misfit(rms: Double, noise: Double, range: Double) -> String? {
        guard rms > 3 * noise + 1e-9 * range else { return nil }
        return "the residual (rms \(rms)) is far above the trace's noise (about \(noise), from its second differences)"
    }

    /// What the fit's quality calls for saying, and whether the trace cannot tell the spring (see ``cannotTell``).
    /// `unitResponse` is the response over the trace's span, to compare with `responseBounds` (also over the span).
    static func verdict(
        _ z: Estimate, _ r: Estimate, unitResponse: Double, responseBounds: ClosedRange<Double>,
        hasIntervals: Bool, rms: Double, noise: Double, range: Double, variance: Double
    )
        -> (notes: [String], cannotTell: Bool)
    {
        var notes: [String] = [], cannotTell = false
        if z.value >= 49.99 {
            notes.append("dampingRatio reached the search's bound (\(z.value)): the trace may not be a spring's motion")
            cannotTell = true
        } else if z.high > SpringFit.maxToldDampingRatio {
            notes.append(
                "dampingRatio may be above \(SpringFit.maxToldDampingRatio) (its interval reaches \(z.high)): a strongly overdamped spring's fast mode barely shows, so its intervals are not to be trusted"
            )
            cannotTell = true
        }
        if unitResponse <= responseBounds.lowerBound * 1.0001 {
            notes.append(
                "response reached \(r.value), two sample intervals: a faster spring would alias onto the samples, so the trace cannot tell it"
            )
            cannotTell = true
        } else if unitResponse >= responseBounds.upperBound * 0.9999 {
            notes.append(
                "response reached the search's bound (\(r.value), 1000 times the trace's span): the trace is too short to tell the spring"
            )
            cannotTell = true
        }
        if let misfit = misfit(rms: rms, noise: noise, range: range) {
            notes.append(misfit + ": the trace is not a spring's motion, or not all of one")
            cannotTell = true
        }
        if rms * rms > 0.5 * variance {
            notes.append(
                "the spring explains less than half of the trace's variance (R² \(1 - rms * rms / variance)): the trace is mostly noise"
            )
            cannotTell = true
        }
        guard hasIntervals else {
            return (
                notes + ["no intervals: the fit's Jacobian is singular (the trace does not determine every parameter)"],
                true
            )
        }
        for (name, e) in [("dampingRatio", z), ("response", r)]
        where e.low <= 0 && !(name == "dampingRatio" && z.value <= 1e-9) {
            notes.append(
                "the 95% interval of \(name) reaches \(e.low), below 0: the fit is poorly determined (noise, or a trace too short or not a spring)"
            )
        }
        return (notes, cannotTell)
    }

    /// Fits `values` at `times` (increasing, in any one unit: seconds or milliseconds alike; the first is the release).
    /// Results are in the times' unit (response) and value units per that unit (velocity).
    /// - Throws: `InputError` naming `label` when there are fewer rows than parameters + 1, or the values do not move.
    public init(times: [Double], values raw: [Double], from rawFrom: Double?, to rawTo: Double?, label: String) throws {
        let n = times.count
        let u = try UnitTrace(times: times, values: raw, from: rawFrom, to: rawTo, label: label)
        let span = u.span, unit = u.unit, base = u.base, free = u.free, floor = u.residualFloor
        let (fit, aliased) = u.solve()
        let p = fit.parameters
        let q = LeastSquares.t95(n - free)
        let cov = fit.covariance
        func se(_ i: Int) -> Double { cov.map { $0[i][i].squareRoot() } ?? .nan }
        func estimate(_ v: Double, _ s: Double, scale: Double = 1, offset: Double = 0) -> Estimate {
            Estimate(value: v * scale + offset, low: (v - q * s) * scale + offset, high: (v + q * s) * scale + offset)
        }
        let z = p[0], r = p[1] * span
        dampingRatio = estimate(p[0], se(0))
        response = estimate(p[1], se(1), scale: span)
        initialVelocity = estimate(p[2], se(2), scale: unit / span)
        var k = 3
        if u.from == nil {
            self.from = estimate(p[k], se(k), scale: unit, offset: base); k += 1
        } else {
            self.from = Estimate(value: rawFrom!, low: rawFrom!, high: rawFrom!)
        }
        if u.to == nil {
            self.to = estimate(p[k], se(k), scale: unit, offset: base)
        } else {
            self.to = Estimate(value: rawTo!, low: rawTo!, high: rawTo!)
        }
        (stiffness, damping) = SpringFit.physical(
            z: z, r: r, covariance: cov, span: span,
            estimate: { estimate($0, $1) })
        rmsResidual = (fit.sse / Double(n)).squareRoot() * unit
        (notes, cannotTell) = SpringFit.verdict(
            dampingRatio, response, unitResponse: p[1],
            responseBounds: u.responseBounds,
            hasIntervals: cov != nil
                && [dampingRatio.low, dampingRatio.high, response.low, response.high].allSatisfy(\.isFinite),
            rms: rmsResidual, noise: max(SpringFit.noiseLevel(raw), floor * unit),
            range: unit, variance: SpringFit.variance(raw))
        if aliased {
            notes.append(
                "the spring the search found on a few thousand of the rows does not fit every row (its rms on all is over 3 times its rms on those): a spring faster than those rows can show, which the trace cannot tell"
            )
            cannotTell = true
        }
        // Overdamped or near it, the trace may fit as well at a quite different ζ (a single exponential is the slow
        // mode of every ζ ≥ 1): the profile at ζ × 1.5 and ζ / 1.5. When one is within the 95% profile bound
        // (ΔSSE ≤ 4 σ̂²) but outside the reported interval, the interval claims more than the trace holds.
        if !cannotTell && z >= 0.9 {
            let sigma2 = max(fit.sse / Double(n - free), floor * floor)
            for other in [z * 1.5, z / 1.5] where other < dampingRatio.low || other > dampingRatio.high {
                let profile = u.solve(fixedDampingRatio: other).solution
                if profile.sse - fit.sse <= 4 * sigma2 {
                    notes.append(
                        "the trace fits as well at dampingRatio \(other) as at \(z): it does not tell the damping (an overdamped spring's slow mode alone, or a single exponential)"
                    )
                    cannotTell = true
                    break
                }
            }
        }
        samples = n
        fittedFrom = u.from == nil
        fittedTo = u.to == nil
    }

    /// Stiffness k = (2π/R)² and damping c = 4πζ/R at mass 1 for damping ratio `z` and response `r` (in the times'
    /// unit), their intervals by the delta method from the unit-scale fit's `covariance` (R over `span`, the trace's
    /// span), each made an ``Estimate`` by `estimate` (value, standard error).
    static func physical(
        z: Double, r: Double, covariance cov: [[Double]]?, span: Double,
        estimate: (Double, Double) -> Estimate
    ) -> (stiffness: Estimate, damping: Estimate) {
        // Delta method: k = (2π/R)², ∂k/∂R = −2k/R; c = 4πζ/R, ∂c/∂ζ = 4π/R, ∂c/∂R = −c/R (R in the times' unit).
        let kk = pow(2 * .pi / r, 2), cc = 4 * .pi * z / r
        let varR = cov.map { $0[1][1] * span * span } ?? .nan
        let varK = pow(2 * kk / r, 2) * varR
        let varC =
            cov.map {
                pow(4 * .pi / r, 2) * $0[0][0] + pow(cc / r, 2) * varR - 2 * (4 * .pi / r) * (cc / r) * $0[0][1] * span
            } ?? .nan
        return (estimate(kk, varK.squareRoot()), estimate(cc, max(varC, 0).squareRoot()))
    }

    /// The least-squares spring on unit scales (time over the span, values over the range): p = [ζ, R, v0, from?, to?].
    /// Start: the best of a grid of ζ (0 to 5), R (log-spaced over `responseBounds`, up to 20 spans), `to` at the last
    /// value or the mean, v0 at 0 or the first samples' slope, read on at most 4,000 of the samples; then
    /// Levenberg–Marquardt from the three best starts of distinct (ζ, R), on those samples first and then on all, the
    /// lowest sum of squares kept.
    static func solve(
        t: [Double], values: [Double], from: Double?, to: Double?,
        responseBounds: ClosedRange<Double>, residualFloor: Double,
        fixedDampingRatio: Double? = nil
    ) -> (solution: LeastSquares.Solution, aliased: Bool) {
        let n = t.count
        let model = UnitSpring(
            t: t, values: values, from: from, to: to, responseBounds: responseBounds,
            fixedDampingRatio: fixedDampingRatio)
        let every = max(1, n / 2000)
        let subset = Array(Swift.stride(from: 0, to: n, by: every))
        // σ̂ at least `residualFloor` (1e-9 of the range, or what rounding the times costs): what a clean trace's
        // intervals can honestly claim.
        let problem = LeastSquares(
            residuals: { model.residuals($0, nil) }, clamp: model.clamp,
            residualFloor: residualFloor)
        guard every > 1 else {
            return (model.starts(scoredOn: subset).map { problem.minimize(from: $0) }.min { $0.sse < $1.sse }!, false)
        }
        // A long trace: searched on `rows` (a few thousand), then polished on every row. The rows fit their spring
        // as well as every row fits it (rms within 3 times) unless the rows aliased it.
        func search(_ rows: [Int]) -> (solution: LeastSquares.Solution, aliased: Bool) {
            let few = LeastSquares(
                residuals: { model.residuals($0, rows) }, clamp: model.clamp,
                residualFloor: residualFloor)
            let coarse = model.starts(scoredOn: rows).map { few.minimize(from: $0) }.min { $0.sse < $1.sse }!
            let polished = problem.minimize(from: coarse.parameters, maxIterations: 10, tolerance: 1e-10)
            let coarseRMS = (coarse.sse / Double(rows.count)).squareRoot(),
                fullRMS = (polished.sse / Double(n)).squareRoot()
            return (polished, fullRMS > 3 * coarseRMS + residualFloor)
        }
        // First the strided rows (the whole span); a spring faster than they can show (its response within twice
        // their interval, or aliased by them) is searched for on the first rows at the full rate.
        let strided = search(subset)
        let coarseShortest = responseBounds.lowerBound * Double(every)
        if !strided.aliased && strided.solution.parameters[1] > 2 * coarseShortest { return strided }
        let head = search(Array(0..<min(n, 4000)))
        return head.solution.sse < strided.solution.sse ? head : strided
    }
}

/// A trace on the unit scales ``SpringFit`` fits on, time over the trace's span and values (value − first value) /
/// range, so a trace in milliseconds fits as one in seconds, and 1e-300 and 1e300 traces as well as points; with the
/// search's limits that the samples set.
private struct UnitTrace {
    /// The trace's span (last time − first, 1 for a single row), in the times' unit.
    let span: Double
    /// The first value and the values' range (|to − from| when every value is the same), value units.
    let base: Double, unit: Double
    /// The times over the span from the first (0 to 1) and the values over the range from the first.
    let t: [Double], values: [Double]
    /// The given ends on the unit scale, nil when fitted.
    let from: Double?, to: Double?
    /// The parameters fitted: ζ, R and v0, and the ends not given.
    let free: Int
    /// The responses the search may take, over the span: from two sample intervals (the median one; the shortest
    /// natural period the samples can show) to 1000 spans.
    let responseBounds: ClosedRange<Double>
    /// The least σ̂ the intervals assume, over the range: 1e-9, or what rounding the times costs.
    let residualFloor: Double

    /// The trace `times` (any one unit), `raw` (value units), with `rawFrom` and `rawTo` when given.
    /// - Throws: `InputError` naming `label` when there are fewer rows than parameters + 1, or the values do not move.
    init(times: [Double], values raw: [Double], from rawFrom: Double?, to rawTo: Double?, label: String) throws {
        let n = times.count
        let span = n > 1 ? times[n - 1] - times[0] : 1
        let t = times.map { ($0 - times[0]) / span }
        let base = raw[0]
        let spread = (raw.max()! - raw.min()!)
        let unit = spread > 0 ? spread : abs((rawTo ?? base) - (rawFrom ?? base))
        let values = raw.map { ($0 - base) / (unit > 0 ? unit : 1) }
        let from = rawFrom.map { ($0 - base) / (unit > 0 ? unit : 1) },
            to = rawTo.map { ($0 - base) / (unit > 0 ? unit : 1) }
        let free = 3 + (from == nil ? 1 : 0) + (to == nil ? 1 : 0)
        guard n > free else {
            throw InputError(
                file: label, path: "", message: "has \(n) rows; fitting \(free) parameters needs at least \(free + 1)")
        }
        guard unit > 0, unit.isFinite else {
            throw InputError(
                file: label, path: "", message: "does not move: every value is \(raw[0]), no spring to fit")
        }
        // The shortest response (natural period) the samples can show: two sample intervals (the median one).
        var gaps = (1..<n).map { t[$0] - t[$0 - 1] }
        gaps.sort()
        responseBounds = 2 * gaps[gaps.count / 2]...1000.0
        // What rounding the times costs: each time is off by up to half an ulp of the largest, which moves a value by
        // up to the steepest slope times that (timestamps far from zero, such as an epoch or an uptime, round coarsely).
        var steepest = 0.0
        for k in 1..<n { steepest = max(steepest, abs(values[k] - values[k - 1]) / (t[k] - t[k - 1])) }
        let timeRounding = max(abs(times[0]), abs(times[n - 1])).ulp / span
        residualFloor = max(1e-9, steepest * timeRounding)
        (self.span, self.t, self.values, self.base, self.unit) = (span, t, values, base, unit)
        (self.from, self.to, self.free) = (from, to, free)
    }

    /// The least-squares spring on this trace, with ζ held at `fixedDampingRatio` when given (a profile):
    /// ``SpringFit/solve(t:values:from:to:responseBounds:residualFloor:fixedDampingRatio:)``.
    func solve(fixedDampingRatio: Double? = nil) -> (solution: LeastSquares.Solution, aliased: Bool) {
        SpringFit.solve(
            t: t, values: values, from: from, to: to, responseBounds: responseBounds,
            residualFloor: residualFloor, fixedDampingRatio: fixedDampingRatio)
    }
}

/// The spring model ``SpringFit/solve(t:values:from:to:responseBounds:residualFloor:fixedDampingRatio:)`` fits on unit
/// scales, p = [ζ, R, v0, from?, to?]: its residuals, its domain and the grid of starts the search begins from.
private struct UnitSpring {
    /// The times (0 to 1) and values on unit scales.
    let t: [Double], values: [Double]
    /// The given ends, nil when fitted.
    let from: Double?, to: Double?
    /// The responses the search may take, over the span.
    let responseBounds: ClosedRange<Double>
    /// ζ held fixed (a profile), or nil.
    let fixedDampingRatio: Double?

    /// The damping ratios of the grid of starts.
    static let gridDampingRatios: [Double] = [
        0, 0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0, 1.2, 1.5, 2.0,
        3.0, 5.0, 10.0, 20.0,
    ]

    /// ζ, R, v0, from and to of the parameters `p`, the given ends filled in.
    func unpack(_ p: [Double]) -> (Double, Double, Double, Double, Double) {
        var k = 3
        let f =
            from
            ?? {
                k += 1; return p[k - 1]
            }()
        let g =
            to
            ?? {
                k += 1; return p[k - 1]
            }()
        return (p[0], p[1], p[2], f, g)
    }

    /// Model − data at the parameters `p`, on `rows` (nil: every row), in units of the range.
    func residuals(_ p: [Double], _ rows: [Int]?) -> [Double] {
        let (z, r, v0, f, g) = unpack(p)
        let s = Spring(dampingRatio: z, response: r)
        if let rows { return rows.map { s.value(at: t[$0], from: f, to: g, initialVelocity: v0) - values[$0] } }
        return (0..<t.count).map { s.value(at: t[$0], from: f, to: g, initialVelocity: v0) - values[$0] }
    }

    /// `p` within the search's domain: ζ in [0, 50] (or the fixed ζ), R within `responseBounds`.
    func clamp(_ p: [Double]) -> [Double] {
        var q = p
        q[0] = fixedDampingRatio ?? min(max(q[0], 0), 50)
        q[1] = min(max(q[1], responseBounds.lowerBound), responseBounds.upperBound)
        return q
    }

    /// The three best starts of distinct (ζ, R) of the grid, scored on `rows`: ζ over ``gridDampingRatios`` (or the
    /// fixed one), R at 32 log-spaced values from the shortest response to min(20 spans, the longest), `to` at the last
    /// value or the mean, v0 at 0 or the first samples' slope, `from` at the first value.
    func starts(scoredOn rows: [Int]) -> [[Double]] {
        let n = t.count
        let mean = values.reduce(0, +) / Double(n)
        let slope = (values[1] - values[0]) / (t[1] - t[0])
        let fromStart = from == nil ? [values[0]] : []
        let longest = min(20, responseBounds.upperBound), shortest = responseBounds.lowerBound
        var scored: [(cost: Double, p: [Double])] = []
        for g in (to == nil ? [values[n - 1], mean] : [to!]) {
            for v0 in [0, slope] {
                for z in fixedDampingRatio.map({ [$0] }) ?? UnitSpring.gridDampingRatios {
                    for k in 0..<32 where shortest < longest || k == 0 {
                        let r = shortest * pow(max(longest / shortest, 1), Double(k) / 31)
                        let p = [z, r, v0] + fromStart + (to == nil ? [g] : [])
                        let cost = residuals(p, rows).reduce(0) { $0 + $1 * $1 }
                        if cost.isFinite { scored.append((cost, p)) }
                    }
                }
            }
        }
        scored.sort { $0.cost < $1.cost }
        var out: [[Double]] = []
        for s in scored
        where out.count < 3 && !out.contains(where: { abs($0[0] - s.p[0]) < 1e-12 && abs($0[1] - s.p[1]) < 1e-12 }) {
            out.append(s.p)
        }
        return out.isEmpty ? [[1, 1, 0] + fromStart + (to == nil ? [values[n - 1]] : [])] : out
    }
}
