import Springs

/// Resolves CAAnimation's duration rule: a top-level animation of duration 0 lasts 0.25 s (Apple's default).
func resolvedTiming(_ t: MediaTiming) -> MediaTiming {
    var t = t
    if t.duration == 0 { t.duration = 0.25 }
    return t
}

/// Resolves CAPropertyAnimation's from / to / by against the layer's current value (CABasicAnimation's documented
/// combinations): from+to, from+by (to = from + by), by+to (from = to − by), from only (to = the current value),
/// to only (from = the current value), by only (current → current + by), none (no change).
func endpoints(from: AnimatableValue?, to: AnimatableValue?, by: AnimatableValue?, current: AnimatableValue)
    -> (AnimatableValue, AnimatableValue)
{
    switch (from, to, by) {
    case let (f?, t?, _): return (f, t)
    case let (f?, nil, b?): return (f, f + b)
    case let (nil, t?, b?): return (t - b, t)
    case let (f?, nil, nil): return (f, current)
    case let (nil, t?, nil): return (current, t)
    case let (nil, nil, b?): return (current, current + b)
    case (nil, nil, nil): return (current, current)
    }
}

/// CABasicAnimation: one property from a start to an end value over its timing, eased by `timingFunction`.
///
/// Additive animations add their value to the layer's model value; cumulative ones add, in repetition k, k times the
/// change of one play (from → to), so repeated plays build on each other (Apple: CAPropertyAnimation.isCumulative).
public struct BasicAnimation: Equatable, Sendable {
    /// The animated key path, such as `position.x` or `transform.rotation.z`.
    public var keyPath: String
    /// Start value (CAPropertyAnimation from/to/by rules; nil = from the layer).
    public var fromValue: AnimatableValue?
    /// End value (nil = the layer's value, or from + by).
    public var toValue: AnimatableValue?
    /// Change relative to the start or end value.
    public var byValue: AnimatableValue?
    /// Timing (duration 0 means 0.25 s).
    public var timing: MediaTiming
    /// Easing of each play's progress (default linear, as CAAnimation's nil timing function).
    public var timingFunction: CubicBezier
    /// Whether the value is added to the layer's value below it (CAPropertyAnimation.isAdditive).
    public var isAdditive: Bool
    /// Whether each repetition builds on the previous one's end (CAPropertyAnimation.isCumulative).
    public var isCumulative: Bool

    /// An animation of `keyPath`; see the properties for defaults.
    public init(
        keyPath: String, fromValue: AnimatableValue? = nil, toValue: AnimatableValue? = nil,
        byValue: AnimatableValue? = nil, timing: MediaTiming = MediaTiming(),
        timingFunction: CubicBezier = .linear, isAdditive: Bool = false, isCumulative: Bool = false
    ) {
        self.keyPath = keyPath
        self.fromValue = fromValue
        self.toValue = toValue
        self.byValue = byValue
        self.timing = timing
        self.timingFunction = timingFunction
        self.isAdditive = isAdditive
        self.isCumulative = isCumulative
    }

    /// The presented value at `parentTime` given the layer's model value, or nil when the animation shows nothing
    /// (not started without backwards fill, or finished without forwards fill).
    public func value(atParentTime parentTime: Double, model: AnimatableValue) -> AnimatableValue? {
        guard let s = resolvedTiming(timing).sample(atParentTime: parentTime) else { return nil }
        let current = isAdditive ? model.additiveIdentity : model
        let (a, b) = endpoints(from: fromValue, to: toValue, by: byValue, current: current)
        var v = AnimatableValue.interpolate(a, b, timingFunction.value(at: s.progress))
        if isCumulative && s.iteration > 0 { v = v + (b - a) * s.iteration }
        return isAdditive ? model + v : v
    }
}

/// CASpringAnimation: a basic animation whose progress follows a damped spring (`Spring`) instead of a curve; its
/// duration defaults to the spring's settling duration (`Spring/settlingDuration`). `initialVelocity` is relative:
/// 1 = the whole distance per second, positive toward the target (Apple: CASpringAnimation.initialVelocity).
public struct SpringAnimation: Equatable, Sendable {
    /// The animated key path, such as `position.x` or `transform.rotation.z` (see ``Layer``).
    public var keyPath: String
    /// Start value (CAPropertyAnimation from/to/by rules; nil = from the layer).
    public var fromValue: AnimatableValue?
    /// End value (nil = the layer's value, or from + by).
    public var toValue: AnimatableValue?
    /// Change relative to the start or end value.
    public var byValue: AnimatableValue?
    /// The spring (CASpringAnimation's defaults: mass 1, stiffness 100, damping 10).
    public var spring: Spring
    /// Relative initial velocity (default 0).
    public var initialVelocity: Double
    /// Timing; a duration of 0 means the settling duration.
    public var timing: MediaTiming
    /// Whether the value is added to the layer's value below it (CAPropertyAnimation.isAdditive).
    public var isAdditive: Bool

    /// A spring animation of `keyPath`; see the properties for defaults.
    public init(
        keyPath: String, fromValue: AnimatableValue? = nil, toValue: AnimatableValue? = nil,
        byValue: AnimatableValue? = nil, spring: Spring = Spring(), initialVelocity: Double = 0,
        timing: MediaTiming = MediaTiming(), isAdditive: Bool = false
    ) {
        self.keyPath = keyPath
        self.fromValue = fromValue
        self.toValue = toValue
        self.byValue = byValue
        self.spring = spring
        self.initialVelocity = initialVelocity
        self.timing = timing
        self.isAdditive = isAdditive
    }

    /// The settling duration of the unit motion with this initial velocity (epsilon 0.001), seconds.
    public var settlingDuration: Double {
        spring.settlingDuration(from: 0, to: 1, initialVelocity: initialVelocity, epsilon: 0.001)
    }

    /// The presented value at `parentTime` (see ``BasicAnimation/value(atParentTime:model:)``). The spring runs on its
    /// own time: progress is the spring's value `local time` seconds in, whatever the duration.
    public func value(atParentTime parentTime: Double, model: AnimatableValue) -> AnimatableValue? {
        var t = timing
        if t.duration == 0 { t.duration = settlingDuration }
        guard let s = t.sample(atParentTime: parentTime) else { return nil }
        let current = isAdditive ? model.additiveIdentity : model
        let (a, b) = endpoints(from: fromValue, to: toValue, by: byValue, current: current)
        let progress = spring.value(at: s.progress * t.duration, from: 0, to: 1, initialVelocity: initialVelocity)
        let v = AnimatableValue.interpolate(a, b, progress)
        return isAdditive ? model + v : v
    }
}
