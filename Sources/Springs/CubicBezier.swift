/// A cubic Bézier timing curve from (0, 0) to (1, 1) with control points (x1, y1) and (x2, y2), as
/// CAMediaTimingFunction(controlPoints:) and CSS `cubic-bezier()` define it: progress y as a function of the time
/// fraction x.
///
/// Solving x → t follows the method of WebKit's UnitBezier.h and Chromium's gfx::CubicBezier: polynomial coefficients,
/// Newton's method from the guess t = x, and a bisection fallback that cannot fail on steep curves. This version solves
/// to |x(t) − x| ≤ 1e-12 (tighter than the 1e-7 those use), which keeps sampled curves monotone wherever the curve is.
/// Outside [0, 1] the curve is extended linearly with its end gradients (Chromium's rule, including its cases for
/// control points that coincide with an end point).
public struct CubicBezier: Hashable, Sendable {
    /// First control point; x1 in [0, 1], y1 any finite value.
    public let x1: Double, y1: Double
    /// Second control point; x2 in [0, 1], y2 any finite value.
    public let x2: Double, y2: Double

    // Polynomial coefficients: x(t) = ((ax t + bx) t + cx) t, likewise y.
    @usableFromInline let ax: Double, bx: Double, cx: Double
    @usableFromInline let ay: Double, by: Double, cy: Double
    @usableFromInline let startGradient: Double, endGradient: Double
    // The curve reflected through (0.5, 0.5): control points (1 − x2, 1 − y2), (1 − x1, 1 − y1). Its values near 0 are
    // the original's complements near 1, so solving it there keeps full relative precision in 1 − x.
    @usableFromInline let rax: Double, rbx: Double, rcx: Double
    @usableFromInline let ray: Double, rby: Double, rcy: Double
    // x1 = y1 and x2 = y2: x(t) = y(t) for every t, so the curve is exactly y = x (linear) and needs no solving.
    @usableFromInline let isIdentity: Bool

    /// A curve through the control points.
    /// - Precondition: x1 and x2 in [0, 1]; all finite. (The CLI validates user input with named errors first.)
    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        precondition(x1 >= 0 && x1 <= 1 && x2 >= 0 && x2 <= 1, "CubicBezier: x1 and x2 must be in [0, 1]")
        precondition(y1.isFinite && y2.isFinite, "CubicBezier: y1 and y2 must be finite")
        self.x1 = x1; self.y1 = y1; self.x2 = x2; self.y2 = y2
        isIdentity = x1 == y1 && x2 == y2
        cx = 3 * x1
        bx = 3 * (x2 - x1) - cx
        ax = 1 - cx - bx
        cy = 3 * y1
        by = 3 * (y2 - y1) - cy
        ay = 1 - cy - by
        rcx = 3 * (1 - x2)
        rbx = 3 * ((1 - x1) - (1 - x2)) - rcx
        rax = 1 - rcx - rbx
        rcy = 3 * (1 - y2)
        rby = 3 * ((1 - y1) - (1 - y2)) - rcy
        ray = 1 - rcy - rby
        if x1 > 0 {
            startGradient = y1 / x1
        } else if y1 == 0 && x2 > 0 {
            startGradient = y2 / x2
        } else if y1 == 0 && y2 == 0 {
            startGradient = 1
        } else {
            startGradient = 0
        }
        if x2 < 1 {
            endGradient = (y2 - 1) / (x2 - 1)
        } else if y2 == 1 && x1 < 1 {
            endGradient = (y1 - 1) / (x1 - 1)
        } else if y2 == 1 && y1 == 1 {
            endGradient = 1
        } else {
            endGradient = 0
        }
    }

    /// CAMediaTimingFunctionName.linear: (0, 0, 1, 1).
    public static let linear = CubicBezier(0, 0, 1, 1)
    /// CAMediaTimingFunctionName.easeIn: (0.42, 0, 1, 1).
    public static let easeIn = CubicBezier(0.42, 0, 1, 1)
    /// CAMediaTimingFunctionName.easeOut: (0, 0, 0.58, 1).
    public static let easeOut = CubicBezier(0, 0, 0.58, 1)
    /// CAMediaTimingFunctionName.easeInEaseOut: (0.42, 0, 0.58, 1).
    public static let easeInEaseOut = CubicBezier(0.42, 0, 0.58, 1)
    /// CAMediaTimingFunctionName.default (CSS `ease`).
    public static let `default` = CubicBezier(0.25, 0.1, 0.25, 1)

    /// The named curves by their Apple names (`linear`, `easeIn`, `easeOut`, `easeInEaseOut`, `default`).
    public static let named: [(name: String, curve: CubicBezier)] = [
        ("linear", .linear), ("easeIn", .easeIn), ("easeOut", .easeOut), ("easeInEaseOut", .easeInEaseOut),
        ("default", .default),
    ]

    /// x(t) for the curve parameter t.
    @inlinable public func sampleX(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
    /// y(t) for the curve parameter t.
    @inlinable public func sampleY(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
    /// dx/dt.
    @inlinable public func sampleDerivativeX(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }
    /// dy/dt.
    @inlinable public func sampleDerivativeY(_ t: Double) -> Double { (3 * ay * t + 2 * by) * t + cy }

    /// The curve parameter t in [0, 1] with x(t) = x, for x in [0, 1]: |x(t) − x| ≤ 1e-14 · min(x, 1 − x), a tolerance
    /// relative to the distance from the nearer end, so curves that leave an end with zero slope in x (x1 = 0 or x2 = 1)
    /// are solved as accurately near that end as elsewhere (or to the closest double that bisection reaches).
    @inlinable
    public func solveX(_ x: Double) -> Double {
        CubicBezier.solve(x, ax, bx, cx)
    }

    /// Newton then bisection for ((a t + b) t + c) t = x on [0, 1] (see ``solveX(_:)``).
    @inlinable
    static func solve(_ x: Double, _ ax: Double, _ bx: Double, _ cx: Double) -> Double {
        @inline(__always) func sampleX(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
        @inline(__always) func sampleDerivativeX(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }
        let tolerance = max(1e-14 * min(x, 1 - x), 1e-300)
        // Newton from t = x: quadratic convergence wherever dx/dt is not tiny.
        var t = x
        for _ in 0..<8 {
            let error = sampleX(t) - x
            if abs(error) <= tolerance { return t }
            let d = sampleDerivativeX(t)
            if abs(d) < 1e-6 { break }
            t -= error / d
        }
        // Bisection on [0, 1]: x(t) is non-decreasing there for x1, x2 in [0, 1].
        var lo = 0.0, hi = 1.0
        t = x
        for _ in 0..<64 {
            let value = sampleX(t)
            if abs(value - x) <= tolerance { return t }
            if value < x { lo = t } else { hi = t }
            t = 0.5 * (lo + hi)
            if hi - lo <= 1e-19 { break }
        }
        return t
    }

    /// Progress y at the time fraction x. Inside [0, 1] it solves the curve — above 0.5 through the reflected curve,
    /// as 1 − ȳ(solve(1 − x)), so precision near 1 matches precision near 0; outside it extends the curve linearly with
    /// its start and end gradients (Chromium's extrapolation).
    @inlinable
    public func value(at x: Double) -> Double {
        if x <= 0 { return x == 0 ? 0 : startGradient * x }
        if x >= 1 { return x == 1 ? 1 : 1 + endGradient * (x - 1) }
        if isIdentity { return x }
        if x > 0.5 {
            let u = CubicBezier.solve(1 - x, rax, rbx, rcx)
            return 1 - ((ray * u + rby) * u + rcy) * u
        }
        return sampleY(solveX(x))
    }

    /// dy/dx at the time fraction x (the end gradients outside [0, 1]; 0 where dx/dt vanishes and dy/dt does too).
    @inlinable
    public func slope(at x: Double) -> Double {
        if x < 0 { return startGradient }
        if x > 1 { return endGradient }
        let t = solveX(x)
        let dx = sampleDerivativeX(t), dy = sampleDerivativeY(t)
        if dx == 0 { return dy == 0 ? 0 : (dy > 0 ? .greatestFiniteMagnitude : -.greatestFiniteMagnitude) }
        return dy / dx
    }
}
