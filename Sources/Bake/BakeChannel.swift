import Springs

/// What a baked channel animates, in the units every target is written from (each target converts: Lottie and CSS
/// take degrees, Core Animation radians, Android and Compose density-independent pixels).
public enum BakeProperty: String, CaseIterable, Sendable {
    /// The object's centre, x, points (y grows downward).
    case x
    /// The object's centre, y, points.
    case y
    /// The object's rotation, degrees, clockwise on screen, unwrapped (it keeps counting past ±180°).
    case rotation
    /// Scale along the object's own x axis (1: its size).
    case scaleX
    /// Scale along its own y axis.
    case scaleY
    /// Opacity, 0 (transparent) to 1.
    case opacity

    /// The default largest error a bake of this property allows: 0.5 pt for positions, 0.5° for rotation, 0.005 for
    /// scale and opacity.
    public var defaultMaxError: Double {
        switch self {
        case .x, .y: return 0.5
        case .rotation: return 0.5
        case .scaleX, .scaleY, .opacity: return 0.005
        }
    }

    /// The unit the values are in, for reports: `pt`, `deg` or empty.
    public var unit: String {
        switch self {
        case .x, .y: return "pt"
        case .rotation: return "deg"
        default: return ""
        }
    }
}

/// One property of one object as keyframes: a value at each key time and one cubic-Bézier easing per segment, the
/// model every target shares (Lottie's `o`/`i` handles, CSS's and Web Animations' per-keyframe easing,
/// CAKeyframeAnimation's `timingFunctions`, Android's PathInterpolator, Compose's CubicBezierEasing). Between keys k and
/// k + 1 the value is `values[k] + (values[k+1] − values[k]) · easings[k].value(at: u)`, u the fraction of the segment's
/// time elapsed.
public struct BakeChannel: Equatable, Sendable {
    /// The property.
    public var property: BakeProperty
    /// Key times, seconds from the run's start, increasing; the first is 0 and the last the run's end.
    public var times: [Double]
    /// The value at each key (the run's own value there).
    public var values: [Double]
    /// One easing per segment (`times.count − 1`), control points x1, x2 in [0, 1], y free.
    public var easings: [CubicBezier]
    /// The largest difference between these keyframes and the run over every sample the bake saw (the property's
    /// unit), measured after the reduction: the bound this channel is stated with.
    public var maxError: Double

    /// A channel of keys and easings.
    /// - Precondition: `times` increasing, `values.count == times.count`, `easings.count == times.count − 1`.
    public init(property: BakeProperty, times: [Double], values: [Double], easings: [CubicBezier], maxError: Double) {
        precondition(values.count == times.count && easings.count == max(0, times.count - 1))
        (self.property, self.times, self.values, self.easings, self.maxError) =
            (property, times, values, easings, maxError)
    }

    /// Whether the value never changes (two keys of one value): targets may write it once, without keyframes.
    public var isConstant: Bool { values.allSatisfy { $0 == values[0] } }

    /// The keyframes' value at `time` (seconds): held at the first and last key outside them.
    public func value(at time: Double) -> Double {
        guard time > times[0] else { return values[0] }
        guard time < times[times.count - 1] else { return values[values.count - 1] }
        // The segment holding `time`: the last key at or before it.
        var lo = 0, hi = times.count - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if times[mid] <= time { lo = mid } else { hi = mid }
        }
        let u = (time - times[lo]) / (times[lo + 1] - times[lo])
        return values[lo] + (values[lo + 1] - values[lo]) * easings[lo].value(at: u)
    }
}
