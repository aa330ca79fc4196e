import Foundation

/// A path for keyframe animations (CGPath's drawing elements): moves, lines, quadratic and cubic Bézier curves and
/// closes, in points. The first subpath's elements after its move are the path's segments.
///
/// Positions and tangents come from each segment's own parametric form, so a rider's rotation is exactly the tangent
/// of the drawn path. Arc length is measured by composite Gauss–Legendre quadrature (4 panels of 16 nodes per segment), which paced timing uses
/// to move at constant speed.
public struct BezierPath: Sendable, Equatable {
    /// A drawing element.
    public enum Element: Sendable, Equatable {
        /// Starts the subpath at a point (CGPath's move(to:)).
        case move(SIMD2<Double>)
        /// A straight line to a point.
        case line(SIMD2<Double>)
        /// A quadratic Bézier curve: control point, end point.
        case quad(SIMD2<Double>, SIMD2<Double>)
        /// A cubic Bézier curve: two control points, end point.
        case cubic(SIMD2<Double>, SIMD2<Double>, SIMD2<Double>)
        /// A straight line back to the subpath's start (closeSubpath()).
        case close
    }

    /// The elements, in order; the first must be a move.
    public let elements: [Element]
    /// Segments as cubic control polygons (lines and quadratics raised to cubics), and their lengths.
    let segments: [(SIMD2<Double>, SIMD2<Double>, SIMD2<Double>, SIMD2<Double>)]
    let lengths: [Double]

    /// Paths are equal when their elements are.
    public static func == (a: BezierPath, b: BezierPath) -> Bool { a.elements == b.elements }

    /// A path from its elements. - Precondition: starts with a move and has at least one segment.
    public init(_ elements: [Element]) {
        self.elements = elements
        var segs: [(SIMD2<Double>, SIMD2<Double>, SIMD2<Double>, SIMD2<Double>)] = []
        var current = SIMD2<Double>.zero, start = SIMD2<Double>.zero
        for (k, e) in elements.enumerated() {
            switch e {
            case .move(let p):
                if k > 0 && !segs.isEmpty { break }
                current = p; start = p
            case .line(let p):
                segs.append((current, current + (p - current) / 3, current + 2 * (p - current) / 3, p)); current = p
            case .quad(let c, let p):
                segs.append((current, current + 2 * (c - current) / 3, p + 2 * (c - p) / 3, p)); current = p
            case .cubic(let c1, let c2, let p):
                segs.append((current, c1, c2, p)); current = p
            case .close:
                if current != start {
                    segs.append((current, current + (start - current) / 3, current + 2 * (start - current) / 3, start))
                }
                current = start
            }
        }
        precondition(!segs.isEmpty, "BezierPath: no segments")
        segments = segs
        lengths = segs.map { BezierPath.length($0) }
    }

    static func point(_ s: (SIMD2<Double>, SIMD2<Double>, SIMD2<Double>, SIMD2<Double>), _ t: Double) -> SIMD2<Double> {
        let u = 1 - t
        return s.0 * (u * u * u) + s.1 * (3 * u * u * t) + s.2 * (3 * u * t * t) + s.3 * (t * t * t)
    }

    static func derivative(_ s: (SIMD2<Double>, SIMD2<Double>, SIMD2<Double>, SIMD2<Double>), _ t: Double) -> SIMD2<
        Double
    > {
        let u = 1 - t
        return (s.1 - s.0) * (3 * u * u) + (s.2 - s.1) * (6 * u * t) + (s.3 - s.2) * (3 * t * t)
    }

    // 16-point Gauss–Legendre nodes and weights on [−1, 1] (positive half).
    static let nodes = [
        0.0950125098376374, 0.2816035507792589, 0.4580167776572274, 0.6178762444026438,
        0.7554044083550030, 0.8656312023878318, 0.9445750230732326, 0.9894009349916499,
    ]
    static let weights = [
        0.1894506104550685, 0.1826034150449236, 0.1691565193950025, 0.1495959888165767,
        0.1246289712555339, 0.0951585116824928, 0.0622535239386479, 0.0271524594117541,
    ]

    /// Arc length from parameter 0 to t: composite Gauss–Legendre, 4 panels of 16 nodes (a curve whose speed nearly
    /// vanishes, near a cusp, still integrates to ~1e-9 relative).
    static func length(_ s: (SIMD2<Double>, SIMD2<Double>, SIMD2<Double>, SIMD2<Double>), upTo t: Double = 1) -> Double
    {
        let panels = 4, h = t / Double(panels)
        var sum = 0.0
        for k in 0..<panels {
            let mid = (Double(k) + 0.5) * h
            for (x, w) in zip(nodes, weights) {
                for sign in [-1.0, 1.0] {
                    let d = derivative(s, mid + sign * x * h / 2)
                    sum += w * (d.x * d.x + d.y * d.y).squareRoot()
                }
            }
        }
        return sum * h / 2
    }

    /// The number of drawn segments (lines, curves and closing lines).
    public var segmentCount: Int { segments.count }

    /// Total arc length, points.
    public var length: Double { lengths.reduce(0, +) }

    /// Segment index and parameter for an element fraction f in [0, 1] (each segment an equal share of time).
    func byElement(_ f: Double) -> (Int, Double) {
        let n = Double(segments.count)
        let x = min(max(f, 0), 1) * n
        let i = min(Int(x), segments.count - 1)
        return (i, x - Double(i))
    }

    /// Segment index and parameter for an arc-length fraction f in [0, 1] (constant speed).
    func byArcLength(_ f: Double) -> (Int, Double) {
        if f <= 0 { return (0, 0) }
        if f >= 1 { return (segments.count - 1, 1) }
        var remaining = f * length
        for (i, l) in lengths.enumerated() {
            if remaining <= l || i == lengths.count - 1 {
                // Solve length(upTo: t) = remaining by bisection.
                var lo = 0.0, hi = 1.0
                for _ in 0..<50 {
                    let mid = 0.5 * (lo + hi)
                    if BezierPath.length(segments[i], upTo: mid) < remaining { lo = mid } else { hi = mid }
                }
                return (i, 0.5 * (lo + hi))
            }
            remaining -= l
        }
        return (segments.count - 1, 1)
    }

    /// Position and tangent angle (radians, clockwise on screen from +x) at fraction f, by elements or by arc length.
    public func sample(at f: Double, paced: Bool) -> (point: SIMD2<Double>, angle: Double) {
        let (i, t) = paced ? byArcLength(f) : byElement(f)
        let p = BezierPath.point(segments[i], t)
        var d = BezierPath.derivative(segments[i], t)
        if d == .zero {
            // Where a control point sits on its end point the speed vanishes; the tangent is its limit there: toward
            // the next distinct control point (from the start) or from the previous one (at the end), else the chord.
            let s = segments[i]
            if t <= 0 {
                d = s.1 != s.0 ? s.1 - s.0 : s.2 != s.0 ? s.2 - s.0 : s.3 - s.0
            } else if t >= 1 {
                d = s.3 != s.2 ? s.3 - s.2 : s.3 != s.1 ? s.3 - s.1 : s.3 - s.0
            } else {
                d = s.3 - s.0
            }
        }
        return (p, atan2(d.y, d.x))
    }
}
