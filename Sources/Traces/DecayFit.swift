import Foundation
import IO

/// The UIScrollView deceleration that best fits a recorded flick, by least squares (`dynsim fit decay`).
///
/// Model: the trace's first row is the release (t = 0 there, times in seconds); from then on the value follows
/// UIScrollView's per-millisecond deceleration (Springs' `Decay`): x(t) = x0 + D·(1 − c^(1000t)) with
/// D = (v0/1000)·c/(1 − c), the distance to the resting point x0 + D. Fitted: the rate c, and x0 and the resting point
/// unless `--from` and `--to` fix them; the velocity v0 = 1000·D·(1 − c)/c follows. The search runs on unit scales (time
/// over the trace's span, values over their range) with k = 1000·ln c: a grid of 200 time constants −1/k, log-spaced
/// from one sample interval (the median) to 1000 spans, each with its best x0 and resting point by linear least
/// squares, then Levenberg–Marquardt on every row from the best. Intervals: 95%, estimate ± t(0.975, n − p) × standard
/// error from σ̂²(JᵀJ)⁻¹; c's from k's (c is monotone in k), the velocity's by the delta method.
///
/// ``cannotTell`` says when the trace cannot tell the rate, and ``notes`` why: fewer than ``minRowsToTell`` rows, k at
/// the search's bound, no intervals, k's 95% interval wider than ±``maxRelativeUncertainty`` of k (the trace does not
/// show enough of the deceleration's curvature: the resting point is then unknown to more than that), a residual far
/// above the trace's own noise (``SpringFit/noiseLevel(_:)``: rms > 3 × noise + 1e-9 of the range), or a fit that
/// explains less than half of the trace's variance; or a rate, velocity or motion out of Double's reach (a rate not in
/// (0, 1), a velocity past 1e15, a motion under 1e-150).
public struct DecayFit: Sendable {
    /// `decelerationRate` c, per millisecond (0.998 is UIScrollView's `normal`, 0.99 `fast`).
    public var decelerationRate: SpringFit.Estimate
    /// The release velocity v0, value units per second (per the per-millisecond model: 1000·D·(1 − c)/c).
    public var velocity: SpringFit.Estimate
    /// The value at the release, x0 (fixed when given).
    public var from: SpringFit.Estimate
    /// Where the motion rests, x0 + D: the WWDC 2018 projection (fixed when given).
    public var restingPoint: SpringFit.Estimate
    /// √(SSE / n), value units.
    public var rmsResidual: Double
    /// The rows fitted.
    public var samples: Int
    /// What a reader should know about the fit's quality.
    public var notes: [String] = []
    /// Whether the trace cannot tell the rate: the fit is not to be trusted (``notes`` says why), and `dynsim fit`
    /// exits 1.
    public var cannotTell = false

    /// The widest 95% interval of k = 1000·ln c a told fit may have, as a fraction of k (±10%).
    public static let maxRelativeUncertainty = 0.1
    /// The fewest rows from which a rate is told (fewer fit, but are reported as not telling it).
    public static let minRowsToTell = 8

    /// Fits `values` at `times` (seconds, increasing; the first row is the release).
    /// - Throws: `InputError` naming `label` when there are fewer rows than the parameters fitted + 1, or when the
    ///   values do not move.
    public init(times: [Double], values raw: [Double], from rawFrom: Double?, to rawTo: Double?, label: String) throws {
        let n = times.count
        let free = 1 + (rawFrom == nil ? 1 : 0) + (rawTo == nil ? 1 : 0)
        guard n > free else {
            throw InputError(
                file: label, path: "", message: "has \(n) rows; fitting \(free) parameters needs at least \(free + 1)")
        }
        let span = times[n - 1] - times[0]
        let base = raw[0], spread = raw.max()! - raw.min()!
        let unit = spread > 0 ? spread : abs((rawTo ?? base) - (rawFrom ?? base))
        guard unit > 0, unit.isFinite, span > 0 else {
            throw InputError(file: label, path: "", message: "does not move: every value is \(raw[0]), no decay to fit")
        }
        let model = UnitDecay(
            t: times.map { ($0 - times[0]) / span }, values: raw.map { ($0 - base) / unit },
            from: rawFrom.map { ($0 - base) / unit }, to: rawTo.map { ($0 - base) / unit })
        let problem = LeastSquares(residuals: model.residuals, clamp: model.clamp, residualFloor: 1e-9)
        let fit = problem.minimize(from: model.start())
        let p = fit.parameters
        let q = LeastSquares.t95(n - free)
        let cov = fit.covariance
        func se(_ i: Int) -> Double { cov.map { $0[i][i].squareRoot() } ?? .nan }
        // k = κ / span (1/s), c = e^(k/1000).
        let kappa = p[0], kLow = kappa - q * se(0), kHigh = kappa + q * se(0)
        func rate(_ kappa: Double) -> Double { exp(kappa / span / 1000) }
        decelerationRate = SpringFit.Estimate(value: rate(kappa), low: rate(kLow), high: rate(kHigh))
        let (x0, rest) = model.ends(p)
        func estimate(_ v: Double, _ s: Double) -> SpringFit.Estimate {
            SpringFit.Estimate(value: v * unit + base, low: (v - q * s) * unit + base, high: (v + q * s) * unit + base)
        }
        from = rawFrom.map { SpringFit.Estimate(value: $0, low: $0, high: $0) } ?? estimate(x0, se(1))
        restingPoint =
            rawTo.map { SpringFit.Estimate(value: $0, low: $0, high: $0) } ?? estimate(rest, se(rawFrom == nil ? 2 : 1))
        // v0 = 1000·D·(e^(−k/1000) − 1), D = (rest − x0)·unit: the delta method over (κ, x0?, rest?).
        let k = kappa / span, d = (rest - x0) * unit, grow = exp(-k / 1000)
        let v0 = 1000 * d * (grow - 1)
        var gradient = [-d * grow / span]
        if rawFrom == nil { gradient.append(-1000 * (grow - 1) * unit) }
        if rawTo == nil { gradient.append(1000 * (grow - 1) * unit) }
        let varV = cov.map { c in
            gradient.indices.reduce(0.0) { s, i in
                s + gradient.indices.reduce(0.0) { $0 + gradient[i] * c[i][$1] * gradient[$1] }
            }
        }
        let seV = varV.map { max($0, 0).squareRoot() } ?? .nan
        velocity = SpringFit.Estimate(value: v0, low: v0 - q * seV, high: v0 + q * seV)
        rmsResidual = (fit.sse / Double(n)).squareRoot() * unit
        samples = n
        (notes, cannotTell) = model.verdict(
            kappa: kappa, low: kLow, high: kHigh, rows: n,
            rms: rmsResidual, noise: SpringFit.noiseLevel(raw), range: unit, variance: SpringFit.variance(raw))
        let told = outOfReach(unit: unit)
        notes += told
        cannotTell = cannotTell || !told.isEmpty
    }

    /// What a fit that ran cannot report in Double: a rate that is no deceleration rate (samples nanoseconds apart read
    /// as seconds), a velocity past `Limits.maxTraceValue`, or a motion so small that its intervals underflow.
    private func outOfReach(unit: Double) -> [String] {
        var out: [String] = []
        let c = decelerationRate.value
        if !(c > 0 && c < 1) {
            out.append(
                "the fitted rate \(c) is not a rate per millisecond in (0, 1): the samples are too close in time for one (times are read in seconds)"
            )
        }
        if !(velocity.value.isFinite && abs(velocity.value) <= Limits.maxTraceValue) {
            out.append(
                "the fitted velocity \(velocity.value) is not finite or past \(NumberFormat.limit(Limits.maxTraceValue)) per second"
            )
        }
        if unit < 1e-150 {
            out.append("the motion spans \(unit): too small for its intervals to be computed in Double")
        }
        return out
    }
}

/// The decay on unit scales (time over the span from the first row, values over the range from the first value):
/// u(τ) = rest − (rest − x0)·e^(κτ), p = [κ, x0?, rest?] (the ends not given), κ = k × span within the search's bounds.
private struct UnitDecay {
    let t: [Double], values: [Double]
    let from: Double?, to: Double?
    /// |κ| from 1e-3 (a time constant of 1000 spans) to 1 / the median sample interval (one interval).
    let slowest = 1e-3, fastest: Double

    init(t: [Double], values: [Double], from: Double?, to: Double?) {
        (self.t, self.values, self.from, self.to) = (t, values, from, to)
        var gaps = (1..<t.count).map { t[$0] - t[$0 - 1] }
        gaps.sort()
        fastest = max(1 / gaps[gaps.count / 2], 2e-3)
    }

    /// x0 and the resting point of parameters `p`, the given ends filled in.
    func ends(_ p: [Double]) -> (Double, Double) {
        var k = 1
        let x0 = from ?? p[k]
        if from == nil { k += 1 }
        return (x0, to ?? p[k])
    }

    /// Model − data at `p`, every row.
    func residuals(_ p: [Double]) -> [Double] {
        let (x0, rest) = ends(p)
        return t.indices.map { rest - (rest - x0) * exp(p[0] * t[$0]) - values[$0] }
    }

    /// κ kept within −fastest ... −slowest.
    func clamp(_ p: [Double]) -> [Double] {
        var q = p
        q[0] = min(max(q[0], -fastest), -slowest)
        return q
    }

    /// The best of 200 κ log-spaced over the bounds (scored on at most 4,000 rows), each with the ends that fit it
    /// best by linear least squares: u = x0·e + rest·(1 − e), e = e^(κτ).
    func start() -> [Double] {
        let every = max(1, t.count / 4000)
        let rows = Array(Swift.stride(from: 0, to: t.count, by: every))
        var best: (cost: Double, p: [Double])?
        for i in 0..<200 {
            let kappa = -slowest * pow(fastest / slowest, Double(i) / 199)
            // Normal equations for the free ends, on y = u − (given ends' part).
            var a11 = 0.0, a12 = 0.0, a22 = 0.0, b1 = 0.0, b2 = 0.0
            for r in rows {
                let e = exp(kappa * t[r])
                let y = values[r] - (from ?? 0) * e - (to ?? 0) * (1 - e)
                let f1 = from == nil ? e : 0, f2 = to == nil ? 1 - e : 0
                a11 += f1 * f1
                a12 += f1 * f2
                a22 += f2 * f2
                b1 += f1 * y
                b2 += f2 * y
            }
            var x0 = from ?? 0, rest = to ?? 0
            if from == nil && to == nil {
                let det = a11 * a22 - a12 * a12
                guard abs(det) > 1e-300 else { continue }
                x0 = (b1 * a22 - b2 * a12) / det
                rest = (a11 * b2 - a12 * b1) / det
            } else if from == nil {
                x0 = a11 > 0 ? b1 / a11 : values[0]
            } else if to == nil {
                rest = a22 > 0 ? b2 / a22 : values[values.count - 1]
            }
            let p = [kappa] + (from == nil ? [x0] : []) + (to == nil ? [rest] : [])
            let cost = rows.reduce(0.0) { s, r in
                let d = rest - (rest - x0) * exp(kappa * t[r]) - values[r]
                return s + d * d
            }
            if cost.isFinite && cost < (best?.cost ?? .infinity) { best = (cost, p) }
        }
        return best?.p ?? [-1] + (from == nil ? [values[0]] : []) + (to == nil ? [values[values.count - 1]] : [])
    }

    /// What the fit calls for saying, and whether the trace cannot tell the rate (``DecayFit/cannotTell``).
    func verdict(
        kappa: Double, low: Double, high: Double, rows: Int, rms: Double, noise: Double, range: Double,
        variance: Double
    ) -> (notes: [String], cannotTell: Bool) {
        var notes: [String] = []
        if rows < DecayFit.minRowsToTell {
            notes.append("has \(rows) rows; telling a deceleration rate needs at least \(DecayFit.minRowsToTell)")
        }
        if -kappa <= slowest * 1.0001 {
            notes.append(
                "the rate reached the search's slow bound (a time constant of 1000 times the trace's span): the trace is too short or too straight to show the deceleration"
            )
        } else if -kappa >= fastest * 0.9999 {
            notes.append(
                "the rate reached the search's fast bound (a time constant of one sample interval): the decay is faster than the samples show"
            )
        }
        if !(low.isFinite && high.isFinite) {
            notes.append("no intervals: the fit's Jacobian is singular (the trace does not determine every parameter)")
        } else if (high - low) / 2 > DecayFit.maxRelativeUncertainty * abs(kappa) {
            let percent = String(format: "%.3g", 100 * (high - low) / 2 / abs(kappa))
            notes.append(
                "the 95% interval of ln c is ±\(percent)% of it, over ±\(Int(DecayFit.maxRelativeUncertainty * 100))%: the trace does not show enough of the deceleration's curvature to tell the rate (record until it rests)"
            )
        }
        if let misfit = SpringFit.misfit(rms: rms, noise: noise, range: range) {
            notes.append(misfit + ": the trace is not one deceleration, or not all of one")
        }
        if rms * rms > 0.5 * variance {
            notes.append(
                "the decay explains less than half of the trace's variance (R² \(1 - rms * rms / variance)): the trace is mostly noise"
            )
        }
        return (notes, !notes.isEmpty)
    }
}
