import Foundation

/// Nonlinear least squares by Levenberg–Marquardt (Marquardt 1963, with Nielsen's damping update), the Jacobian by
/// central differences, and the parameters' covariance at the solution, σ̂² (JᵀJ)⁻¹ with σ̂² = SSE / (n − p): what
/// ``SpringFit`` and ``CurveFit`` solve.
struct LeastSquares {
    /// Residuals of the model at parameters p (model − data), one per sample.
    let residuals: ([Double]) -> [Double]
    /// Keeps parameters in their domain (a positive damping ratio, control points' x in [0, 1]).
    let clamp: ([Double]) -> [Double]
    /// The least residual standard deviation the covariance assumes (σ̂ ≥ this, in the residuals' units).
    var residualFloor = 0.0

    struct Solution {
        var parameters: [Double]
        var sse: Double
        var covariance: [[Double]]?
        var iterations: Int
        /// Passes over the samples (evaluations of every residual) the search made, the Jacobian's included.
        var passes = 0
    }

    func sse(_ r: [Double]) -> Double { r.reduce(0) { $0 + $1 * $1 } }

    /// The Jacobian by central differences, as its columns (one per parameter, one entry per sample).
    func jacobian(_ p: [Double]) -> [[Double]] {
        var columns: [[Double]] = []
        for j in p.indices {
            let h = 1e-6 * max(abs(p[j]), 1e-3)
            var a = p, b = p
            a[j] += h
            b[j] -= h
            let ra = residuals(clamp(a)), rb = residuals(clamp(b))
            let step = clamp(a)[j] - clamp(b)[j]
            columns.append(zip(ra, rb).map { step != 0 ? ($0 - $1) / step : 0 })
        }
        return columns
    }

    /// Solves A x = b (A symmetric positive definite-ish) by Gaussian elimination with partial pivoting; nil if singular.
    static func solve(_ a: [[Double]], _ b: [Double]) -> [Double]? {
        var m = a, v = b
        let n = v.count
        for c in 0..<n {
            guard let pivot = (c..<n).max(by: { abs(m[$0][c]) < abs(m[$1][c]) }), abs(m[pivot][c]) > 1e-300 else {
                return nil
            }
            m.swapAt(c, pivot)
            v.swapAt(c, pivot)
            for r in (c + 1)..<n where m[r][c] != 0 {
                let f = m[r][c] / m[c][c]
                for k in c..<n { m[r][k] -= f * m[c][k] }
                v[r] -= f * v[c]
            }
        }
        var x = [Double](repeating: 0, count: n)
        for r in stride(from: n - 1, through: 0, by: -1) {
            var s = v[r]
            for k in (r + 1)..<n { s -= m[r][k] * x[k] }
            x[r] = s / m[r][r]
        }
        return x.allSatisfy(\.isFinite) ? x : nil
    }

    static func inverse(_ a: [[Double]]) -> [[Double]]? {
        let n = a.count
        var columns: [[Double]] = []
        for j in 0..<n {
            guard let c = solve(a, (0..<n).map { $0 == j ? 1 : 0 }) else { return nil }
            columns.append(c)
        }
        return (0..<n).map { i in (0..<n).map { columns[$0][i] } }
    }

    /// JᵀJ from the Jacobian's columns (each entry summed over the samples in order).
    func normal(_ columns: [[Double]]) -> [[Double]] {
        let p = columns.count
        var m = Array(repeating: [Double](repeating: 0, count: p), count: p)
        for i in 0..<p {
            for j in 0..<p {
                var sum = 0.0
                for (a, b) in zip(columns[i], columns[j]) { sum += a * b }
                m[i][j] = sum
            }
        }
        return m
    }

    /// Minimizes on `coarse` first (the same model on a few thousand of the samples: each iteration there costs
    /// little, however long the trace), then on every sample from that answer for at most 10 iterations (until an iteration gains less than 1e-10 of
    /// the sum of squares), so a long
    /// trace costs a bounded number of passes over it. Without `coarse`, the whole search runs on every sample.
    func minimize(from start: [Double], coarse: LeastSquares?) -> Solution {
        guard let coarse else { return minimize(from: start) }
        return minimize(from: coarse.minimize(from: start).parameters, maxIterations: 10, tolerance: 1e-10)
    }

    func minimize(from start: [Double], maxIterations: Int = 300, tolerance: Double = 1e-14) -> Solution {
        var p = clamp(start)
        var r = residuals(p)
        var cost = sse(r)
        var lambda = 1e-3, nu = 2.0
        var iterations = 0, passes = 1
        while iterations < maxIterations {
            iterations += 1
            let jac = jacobian(p)
            passes += 2 * p.count
            let a = normal(jac)
            let g = jac.map { column in zip(column, r).reduce(0.0) { $0 + $1.0 * $1.1 } }
            var improved = false
            for _ in 0..<30 {
                var damped = a
                for i in p.indices { damped[i][i] += lambda * max(a[i][i], 1e-12) }
                guard let step = LeastSquares.solve(damped, g.map { -$0 }) else { lambda *= nu; nu *= 2; continue }
                let candidate = clamp(zip(p, step).map(+))
                let rc = residuals(candidate)
                passes += 1
                let c = sse(rc)
                if c.isFinite && c < cost {
                    let relative = (cost - c) / max(cost, 1e-300)
                    p = candidate
                    r = rc
                    cost = c
                    lambda = max(lambda / 3, 1e-12)
                    nu = 2
                    improved = true
                    if relative < tolerance { iterations = maxIterations }
                    break
                }
                lambda *= nu
                nu *= 2
            }
            if !improved { break }
        }
        let n = r.count, k = p.count
        var covariance: [[Double]]?
        if n > k, let inv = LeastSquares.inverse(normal(jacobian(p))) {
            // σ̂ at least `residualFloor`: a clean trace's SSE is rounding, and intervals that narrow would claim more
            // than the model's own evaluation holds (a clean spring's estimates land within ~1e-15 of the truth,
            // by measurement, Tests/Fit/coverage.py).
            let s2 = max(cost / Double(n - k), residualFloor * residualFloor)
            covariance = inv.map { $0.map { $0 * s2 } }
        }
        return Solution(
            parameters: p, sse: cost, covariance: covariance, iterations: iterations, passes: passes + 2 * k)
    }

    /// Student's t quantile for a two-sided 95% interval with ν degrees of freedom (Cornish–Fisher expansion from the
    /// normal's 1.959964; within 0.1% of the tables for ν ≥ 3).
    static func t95(_ nu: Int) -> Double {
        let z = 1.959963984540054, v = Double(max(nu, 1))
        let z3 = z * z * z, z5 = z3 * z * z, z7 = z5 * z * z
        return z + (z3 + z) / (4 * v) + (5 * z5 + 16 * z3 + 3 * z) / (96 * v * v)
            + (3 * z7 + 19 * z5 + 17 * z3 - 15 * z) / (384 * v * v * v)
    }
}
