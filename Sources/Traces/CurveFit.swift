import Foundation
import IO
import Springs

/// The cubic Bézier timing curve (CSS cubic-bezier(), CAMediaTimingFunction) that best fits a recorded `t,value`
/// trace (`dynsim fit curve`): the trace's time scaled to [0, 1] over its span and its value to progress
/// (value − from) / (to − from) (`from` and `to` default to the first and last values); then x1, y1, x2, y2 fitted by
/// Levenberg–Marquardt from the best of Apple's named curves and a 5⁴ grid, x1 and x2 kept in [0, 1] (on at most
/// 4,000 of the samples first, then on all: the work grows linearly with the trace).
public struct CurveFit: Sendable {
    /// The fitted curve.
    public var curve: CubicBezier
    /// The trace's span, seconds.
    public var duration: Double
    /// The largest and RMS distance between the fitted curve and the samples' progress.
    public var maxResidual: Double
    /// √(mean squared residual), in progress units (fractions of to − from).
    public var rmsResidual: Double
    /// The rows fitted.
    public var samples: Int
    /// What a reader should know about the fit's quality.
    public var notes: [String] = []
    /// Whether the trace cannot tell the curve, so `dynsim fit` exits 1: the residual is far above the trace's own noise
    /// (``SpringFit/noiseLevel(_:)``; rms > 3 × noise + 1e-9, in progress units), or the curve explains less than half
    /// of the progress's variance (R² < 0.5: the trace is mostly noise, or not a monotone ease).
    public var cannotTell = false
    /// Passes the search made over every sample (what a long trace's fit costs, beyond the coarse search).
    var passes = 0

    /// - Throws: `InputError` naming `label` for fewer than 5 rows, or a trace that does not move.
    public init(times: [Double], values: [Double], from: Double?, to: Double?, label: String) throws {
        let n = times.count
        guard n >= 5 else {
            throw InputError(
                file: label, path: "", message: "has \(n) rows; fitting a curve's 4 control values needs at least 5")
        }
        let a = from ?? values[0], b = to ?? values[n - 1]
        let magnitude = max(abs(a), abs(b), values.map(abs).max() ?? 0)
        guard abs(b - a) > 1e-9 * magnitude, abs(b - a) > 1e-300 else {
            let fix = from != nil && to != nil ? "give --from and --to that differ" : "give --from and --to"
            throw InputError(
                file: label, path: "",
                message: "starts and ends at \(a) (within 1e-9 of its values): no progress to fit (\(fix))")
        }
        let span = times[n - 1] - times[0]
        let x = times.map { ($0 - times[0]) / span }, y = values.map { ($0 - a) / (b - a) }
        func residuals(_ p: [Double]) -> [Double] {
            let c = CubicBezier(p[0], p[1], p[2], p[3])
            return (0..<n).map { c.value(at: x[$0]) - y[$0] }
        }
        func clamp(_ p: [Double]) -> [Double] {
            [min(max(p[0], 0), 1), min(max(p[1], -5), 5), min(max(p[2], 0), 1), min(max(p[3], -5), 5)]
        }
        let problem = LeastSquares(residuals: residuals, clamp: clamp)
        var starts = CubicBezier.named.map { [$0.curve.x1, $0.curve.y1, $0.curve.x2, $0.curve.y2] }
        let grid = [0.0, 0.25, 0.5, 0.75, 1.0]
        for x1 in grid { for y1 in grid { for x2 in grid { for y2 in grid { starts.append([x1, y1, x2, y2]) } } } }
        // The start from at most 4,000 of the samples (a long trace need not be read 630 times in full).
        let every = max(1, n / 2000)
        let subset = Array(Swift.stride(from: 0, to: n, by: every))
        func coarse(_ p: [Double]) -> Double {
            let c = CubicBezier(p[0], p[1], p[2], p[3])
            return subset.reduce(0) {
                let d = c.value(at: x[$1]) - y[$1]; return $0 + d * d
            }
        }
        let start = starts.min { coarse($0) < coarse($1) }!
        let xs = subset.map { x[$0] }, ys = subset.map { y[$0] }
        let few = LeastSquares(
            residuals: { p in
                let c = CubicBezier(p[0], p[1], p[2], p[3])
                return (0..<xs.count).map { c.value(at: xs[$0]) - ys[$0] }
            }, clamp: clamp)
        let solution = problem.minimize(from: start, coarse: every > 1 ? few : nil)
        let p = solution.parameters
        passes = solution.passes
        let r = residuals(p)
        curve = CubicBezier(p[0], p[1], p[2], p[3])
        duration = span
        maxResidual = r.map(abs).max() ?? 0
        rmsResidual = (r.reduce(0) { $0 + $1 * $1 } / Double(n)).squareRoot()
        samples = n
        // What rounding the times costs (timestamps far from zero, such as an epoch, round coarsely): half an ulp of
        // the largest time, times the steepest slope, in progress units; the noise is at least that.
        var steepest = 0.0
        for k in 1..<n where x[k] > x[k - 1] { steepest = max(steepest, abs(y[k] - y[k - 1]) / (x[k] - x[k - 1])) }
        let timeRounding = steepest * max(abs(times[0]), abs(times[n - 1])).ulp / span
        if let misfit = SpringFit.misfit(rms: rmsResidual, noise: max(SpringFit.noiseLevel(y), timeRounding), range: 1)
        {
            notes.append(misfit + " (in progress units): the trace does not follow one timing curve")
            cannotTell = true
        }
        let variance = SpringFit.variance(y)
        if rmsResidual * rmsResidual > 0.5 * variance {
            notes.append(
                "the curve explains less than half of the progress's variance (R² \(1 - rmsResidual * rmsResidual / variance)): the trace is mostly noise"
            )
            cannotTell = true
        }
    }
}
