import Springs

/// CAKeyframeAnimation over values.
///
/// Rules (Apple: CAKeyframeAnimation, CAAnimation.h): `keyTimes` lie in [0, 1], are non-decreasing and number one per
/// value (one more than the values in discrete mode; one per value is accepted there too); without them the values are
/// spaced evenly. `timingFunction` eases the whole animation's progress; `timingFunctions` (one fewer than the values)
/// ease each segment. Calculation modes: `linear` interpolates each segment; `discrete` holds each value until the next
/// key time; `paced` ignores key times and timing functions and moves at constant speed (key times proportional to the
/// distance covered); `cubic` runs a Kochanek–Bartels spline through the values, shaped by `tensionValues`,
/// `continuityValues` and `biasValues` (0 each: Catmull–Rom; endpoints repeated); `cubicPaced` is cubic with paced key
/// times.
public struct KeyframeAnimation: Equatable, Sendable {
    /// CAAnimationCalculationMode.
    public enum CalculationMode: String, Sendable, CaseIterable {
        case linear, discrete, paced, cubic, cubicPaced
    }

    /// The animated key path, such as `position.x` or `transform.rotation.z` (see ``Layer``).
    public var keyPath: String
    /// The keyframe values, all of one kind; at least one.
    public var values: [AnimatableValue]
    /// Key times in [0, 1], one per value (one more in discrete mode); nil = evenly spaced.
    public var keyTimes: [Double]?
    /// Easing of the whole animation's progress (default linear).
    public var timingFunction: CubicBezier
    /// Easing of each segment, one fewer than the values; nil = linear.
    public var timingFunctions: [CubicBezier]?
    /// How values between keyframes are computed.
    public var calculationMode: CalculationMode
    /// Kochanek–Bartels tension per keyframe (cubic modes; default 0).
    public var tensionValues: [Double]?
    /// Kochanek–Bartels continuity per keyframe (cubic modes; default 0).
    public var continuityValues: [Double]?
    /// Kochanek–Bartels bias per keyframe (cubic modes; default 0).
    public var biasValues: [Double]?
    /// Timing (duration 0 means 0.25 s).
    public var timing: MediaTiming
    /// Whether the value is added to the layer's value below it (CAPropertyAnimation.isAdditive).
    public var isAdditive: Bool
    /// Whether each repetition builds on the previous one's end (CAPropertyAnimation.isCumulative).
    public var isCumulative: Bool
    /// A path for a point property (`position`): it overrides `values`. Linear and discrete modes give each path
    /// element an equal share of time; paced and cubicPaced move at constant speed along the arc length.
    public var path: BezierPath?
    /// CAAnimationRotationMode: `auto` turns the layer's x-axis along the path's tangent, `autoReverse` the opposite way.
    public enum RotationMode: String, Sendable, CaseIterable { case auto, autoReverse }
    /// Rotation along a path, or nil (default).
    public var rotationMode: RotationMode?

    /// A keyframe animation; see the properties for defaults (linear mode, even key times, linear timing).
    public init(
        keyPath: String, values: [AnimatableValue], keyTimes: [Double]? = nil,
        timingFunction: CubicBezier = .linear, timingFunctions: [CubicBezier]? = nil,
        calculationMode: CalculationMode = .linear, tensionValues: [Double]? = nil,
        continuityValues: [Double]? = nil, biasValues: [Double]? = nil, timing: MediaTiming = MediaTiming(),
        isAdditive: Bool = false, isCumulative: Bool = false
    ) {
        self.keyPath = keyPath
        self.values = values
        self.keyTimes = keyTimes
        self.timingFunction = timingFunction
        self.timingFunctions = timingFunctions
        self.calculationMode = calculationMode
        self.tensionValues = tensionValues
        self.continuityValues = continuityValues
        self.biasValues = biasValues
        self.timing = timing
        self.isAdditive = isAdditive
        self.isCumulative = isCumulative
    }

    /// Why the animation is invalid, or nil: no values, mixed kinds, key times out of [0, 1], decreasing, or of the
    /// wrong count, timing functions of the wrong count.
    public var problem: String? {
        if let path {
            if keyPath != "position" { return "keyPath: a path animates position, got \(keyPath)" }
            if keyTimes != nil { return "keyTimes: not supported with a path (elements share time evenly, or paced)" }
            if timingFunctions != nil { return "timingFunctions: not supported with a path" }
            if isCumulative { return "isCumulative: not supported with a path" }
            if tensionValues != nil || continuityValues != nil || biasValues != nil {
                return "tensionValues: tension, continuity and bias shape values, not a path"
            }
            if !path.length.isFinite { return "path: its length is not finite" }
            return nil
        }
        guard let first = values.first else { return "values: at least one value is needed" }
        if values.contains(where: { $0.kind != first.kind }) { return "values: all must be of one kind" }
        if first.kind == .transform && calculationMode != .linear && calculationMode != .discrete {
            return "calculationMode: whole transforms take linear or discrete, got \(calculationMode.rawValue)"
        }
        if let kt = keyTimes, calculationMode != .paced && calculationMode != .cubicPaced {
            let allowed = calculationMode == .discrete ? [values.count, values.count + 1] : [values.count]
            if !allowed.contains(kt.count) { return "keyTimes: \(kt.count) key times for \(values.count) values" }
            if let bad = kt.first(where: { !($0 >= 0 && $0 <= 1) }) {
                return "keyTimes: must lie in [0, 1], got \(bad)"
            }
            for i in 1..<max(1, kt.count) where kt[i] < kt[i - 1] {
                return "keyTimes: must not decrease, got \(kt[i]) after \(kt[i - 1])"
            }
            // Apple: in linear, cubic and discrete modes the first key time must be 0 and the last 1.
            if kt.count >= 2, let first = kt.first, first != 0 { return "keyTimes: the first must be 0, got \(first)" }
            if kt.count >= 2, let last = kt.last, last != 1 { return "keyTimes: the last must be 1, got \(last)" }
        }
        // Tension, continuity and bias are per keyframe, as the docs say: one per value (a count that differs left
        // entries unused, or a keyframe without its own).
        for (name, list) in [
            ("tensionValues", tensionValues), ("continuityValues", continuityValues), ("biasValues", biasValues),
        ] {
            if let list, list.count != values.count {
                return "\(name): \(list.count) for \(values.count) values (one per value)"
            }
        }
        if let tf = timingFunctions, tf.count != max(values.count - 1, 0) {
            return "timingFunctions: \(tf.count) for \(values.count) values (one fewer is needed)"
        }
        return nil
    }

    /// Key times in use: given, even, or paced by distance.
    func effectiveKeyTimes() -> [Double] {
        let n = values.count
        if calculationMode == .paced || calculationMode == .cubicPaced {
            var cumulative = [0.0]
            for i in 1..<max(1, n) {
                cumulative.append(cumulative[i - 1] + AnimatableValue.distance(values[i - 1], values[i]))
            }
            let total = cumulative.last ?? 0
            return total > 0 ? cumulative.map { $0 / total } : (0..<n).map { n > 1 ? Double($0) / Double(n - 1) : 0 }
        }
        if let kt = keyTimes { return kt }
        if calculationMode == .discrete { return (0...n).map { Double($0) / Double(n) } }
        return (0..<n).map { n > 1 ? Double($0) / Double(n - 1) : 0 }
    }

    /// Position and tangent angle on the path at overall fraction f: paced modes by arc length, discrete mode jumping
    /// from vertex to vertex (each of the n + 1 vertices holds 1/(n + 1) of the time), otherwise each element an
    /// equal share of time.
    func pathSample(_ path: BezierPath, _ f: Double) -> (point: SIMD2<Double>, angle: Double) {
        switch calculationMode {
        case .paced, .cubicPaced: return path.sample(at: f, paced: true)
        case .discrete:
            let n = path.segmentCount
            let i = min(Int((min(max(f, 0), 1) * Double(n + 1)).rounded(.down)), n)
            return path.sample(at: Double(i) / Double(n), paced: false)
        default: return path.sample(at: f, paced: false)
        }
    }

    /// The rotation a path with a rotation mode gives the layer at `parentTime` (radians), or nil.
    public func rotation(atParentTime parentTime: Double) -> Double? {
        guard let path, let mode = rotationMode, let s = resolvedTiming(timing).sample(atParentTime: parentTime) else {
            return nil
        }
        let angle = pathSample(path, timingFunction.value(at: s.progress)).angle
        return mode == .auto ? angle : angle + Double.pi
    }

    /// The value at overall fraction f (after the whole-animation timing function), before additive and cumulative:
    /// the point on the path when there is one, else from the values. - Precondition: `problem` is nil.
    public func value(atFraction f: Double) -> AnimatableValue {
        if let path {
            let p = pathSample(path, f).point
            return .point(p.x, p.y)
        }
        let n = values.count
        if n == 1 { return values[0] }
        let kt = effectiveKeyTimes()
        if calculationMode == .discrete {
            var index = 0
            for i in 0..<min(kt.count, n) where kt[i] <= f { index = i }
            if f >= 1 { index = n - 1 }
            return values[index]
        }
        // Segment i: kt[i] ... kt[i + 1].
        var i = 0
        while i < n - 2 && f > kt[i + 1] { i += 1 }
        let span = kt[i + 1] - kt[i]
        var u = span > 0 ? min(max((f - kt[i]) / span, 0), 1) : (f >= kt[i + 1] ? 1 : 0)
        let paced = calculationMode == .paced || calculationMode == .cubicPaced
        if !paced, let tf = timingFunctions { u = tf[i].value(at: u) }
        if calculationMode == .linear || calculationMode == .paced {
            return AnimatableValue.interpolate(values[i], values[i + 1], u)
        }
        return kochanekBartels(segment: i, u)
    }

    /// Kochanek–Bartels (1984) Hermite segment from value i to i + 1 with the keyframes' tension, continuity and bias.
    func kochanekBartels(segment i: Int, _ u: Double) -> AnimatableValue {
        let n = values.count
        func p(_ k: Int) -> AnimatableValue { values[min(max(k, 0), n - 1)] }
        func tcb(_ k: Int) -> (Double, Double, Double) {
            (tensionValues?[safe: k] ?? 0, continuityValues?[safe: k] ?? 0, biasValues?[safe: k] ?? 0)
        }
        let (t0, c0, b0) = tcb(i), (t1, c1, b1) = tcb(i + 1)
        let outgoing =
            (p(i) - p(i - 1)) * ((1 - t0) * (1 + b0) * (1 + c0) / 2)
            + (p(i + 1) - p(i)) * ((1 - t0) * (1 - b0) * (1 - c0) / 2)
        let incoming =
            (p(i + 1) - p(i)) * ((1 - t1) * (1 + b1) * (1 - c1) / 2)
            + (p(i + 2) - p(i + 1)) * ((1 - t1) * (1 - b1) * (1 + c1) / 2)
        let u2 = u * u, u3 = u2 * u
        return p(i) * (2 * u3 - 3 * u2 + 1) + outgoing * (u3 - 2 * u2 + u) + p(i + 1) * (-2 * u3 + 3 * u2)
            + incoming * (u3 - u2)
    }

    /// The presented value at `parentTime` given the layer's model value, or nil when not showing.
    public func value(atParentTime parentTime: Double, model: AnimatableValue) -> AnimatableValue? {
        guard let s = resolvedTiming(timing).sample(atParentTime: parentTime) else { return nil }
        if path != nil {
            let v = value(atFraction: timingFunction.value(at: s.progress))
            return isAdditive ? model + v : v
        }
        var v = value(atFraction: timingFunction.value(at: s.progress))
        if isCumulative && s.iteration > 0, let first = values.first, let last = values.last {
            v = v + (last - first) * s.iteration
        }
        return isAdditive ? model + v : v
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
