import Springs

/// UIView.AnimationOptions: the options dynsim models, with Apple's raw values (the curve in bits 16–17).
public struct ViewAnimationOptions: OptionSet, Sendable, Hashable {
    /// Apple's bit pattern.
    public let rawValue: UInt
    /// Options from Apple's raw value.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// Let the animated views receive touches while the animation runs (UIKit turns interaction off for them otherwise).
    public static let allowUserInteraction = ViewAnimationOptions(rawValue: 1 << 1)
    /// Start from the presented value of an animation in flight, replacing it (its completion reports finished false).
    public static let beginFromCurrentState = ViewAnimationOptions(rawValue: 1 << 2)
    /// Repeat forever.
    public static let `repeat` = ViewAnimationOptions(rawValue: 1 << 3)
    /// Run forward then backward (each repetition, with `repeat`).
    public static let autoreverse = ViewAnimationOptions(rawValue: 1 << 4)
    /// Ease in and out (the default curve, 0.42, 0, 0.58, 1).
    public static let curveEaseInOut = ViewAnimationOptions(rawValue: 0 << 16)
    /// Ease in (0.42, 0, 1, 1).
    public static let curveEaseIn = ViewAnimationOptions(rawValue: 1 << 16)
    /// Ease out (0, 0, 0.58, 1).
    public static let curveEaseOut = ViewAnimationOptions(rawValue: 2 << 16)
    /// Linear.
    public static let curveLinear = ViewAnimationOptions(rawValue: 3 << 16)
    /// The bits of the curve field (UIView.AnimationOptions keeps the curve as a two-bit number, ease-in-out being 0).
    public static let curveMask: UInt = 3 << 16

    /// The timing curve the options select (Apple's named curves).
    public var curve: CubicBezier {
        switch (rawValue >> 16) & 3 {
        case 1: return .easeIn
        case 2: return .easeOut
        case 3: return .linear
        default: return .easeInEaseOut
        }
    }
}

/// One UIView animation block's timing: UIView.animate(withDuration:delay:options:animations:completion:), its spring
/// variant animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:options:animations:completion:),
/// and animateKeyframes(withDuration:delay:options:animations:completion:).
///
/// Built on the layer model as iOS 8 and later build it (WWDC 2014, "Building Interruptible and Responsive
/// Interactions"): each property the block changes gets its new model value at once, and an additive animation of the
/// difference `old − new` down to zero is added to the layer, so the presented value is `new + Σ offsets`. A second
/// block on a property in flight therefore blends with the first instead of cutting it: the presented value stays
/// continuous and the first offset keeps decaying on its own curve. With `beginFromCurrentState` the animations in
/// flight on that property are removed instead (their blocks complete with `finished` false) and the new one starts
/// from the presented value. A delayed block shows the old value during its delay (backwards fill, as UIKit sets it).
/// With `autoreverse` the presentation returns to the old value and then shows the model (the new value), as on iOS.
/// A spring block with `beginFromCurrentState` on a scalar key path retargets the spring: the new motion is the closed
/// form from the presented value and velocity, so both stay continuous (other kinds keep their initialSpringVelocity).
public struct ViewAnimation: Equatable, Sendable {
    /// A spring block's parameters.
    public struct SpringParameters: Sendable, Equatable {
        /// usingSpringWithDamping: the damping ratio, > 0 (1 = critically damped).
        public var dampingRatio: Double
        /// initialSpringVelocity, relative: 1 = the whole distance in one second, positive toward the target.
        public var initialSpringVelocity: Double
        /// Spring parameters. - Precondition: dampingRatio > 0.
        public init(dampingRatio: Double, initialSpringVelocity: Double = 0) {
            precondition(dampingRatio > 0, "ViewAnimation: dampingRatio must be positive")
            self.dampingRatio = dampingRatio
            self.initialSpringVelocity = initialSpringVelocity
        }
    }

    /// Seconds; 0 sets the values at once (no animation).
    public var duration: Double
    /// Seconds before the animation starts.
    public var delay: Double
    /// Curve, repeat, autoreverse, beginFromCurrentState, allowUserInteraction.
    public var options: ViewAnimationOptions
    /// Spring timing instead of the options' curve, or nil. The spring is the one of that damping ratio whose settling
    /// duration (ε = 0.001) is the block's duration (``PropertyAnimator/fittedSpring(dampingRatio:duration:)``; Apple
    /// does not publish its fit), and the animation lasts the duration.
    public var spring: SpringParameters?

    /// A block's timing. - Precondition: duration and delay finite and >= 0.
    public init(
        duration: Double, delay: Double = 0, options: ViewAnimationOptions = [], spring: SpringParameters? = nil
    ) {
        precondition(
            duration >= 0 && duration.isFinite && delay >= 0 && delay.isFinite,
            "ViewAnimation: duration and delay must be finite and >= 0")
        self.duration = duration
        self.delay = delay
        self.options = options
        self.spring = spring
    }

    /// When a block called at `time` completes (its completion handler runs), seconds: after the delay and the
    /// animation (twice the duration with autoreverse); infinity with `repeat`.
    public func completionTime(calledAt time: Double) -> Double {
        if options.contains(.repeat) && duration > 0 { return .infinity }
        return time + delay + duration * (options.contains(.autoreverse) ? 2 : 1)
    }

    /// The media timing of the block's animations when called at `time`.
    func timing(calledAt time: Double) -> MediaTiming {
        var t = MediaTiming(beginTime: time + delay, duration: duration)
        t.fillMode = .backwards
        if options.contains(.repeat) { t.repeatCount = .infinity }
        t.autoreverses = options.contains(.autoreverse)
        return t
    }

    /// The additive animation of `keyPath` from `offset` to zero (the change's old − new value), called at `time`.
    func offsetAnimation(keyPath: String, offset: AnimatableValue, calledAt time: Double) -> LayerAnimation {
        let timing = timing(calledAt: time)
        if let spring {
            let s = PropertyAnimator.fittedSpring(dampingRatio: spring.dampingRatio, duration: duration)
            return .spring(
                SpringAnimation(
                    keyPath: keyPath, fromValue: offset, toValue: offset.additiveIdentity, spring: s,
                    initialVelocity: spring.initialSpringVelocity, timing: timing, isAdditive: true))
        }
        return .basic(
            BasicAnimation(
                keyPath: keyPath, fromValue: offset, toValue: offset.additiveIdentity, timing: timing,
                timingFunction: options.curve, isAdditive: true))
    }
}

/// One keyframe of a keyframe block (UIView.addKeyframe(withRelativeStartTime:relativeDuration:animations:)): the value
/// a property reaches, over a part of the block given as fractions of its duration.
public struct ViewKeyframe: Equatable, Sendable {
    /// Where the keyframe starts, 0 ... 1 of the block's duration.
    public var relativeStartTime: Double
    /// How long it lasts, 0 ... 1 − relativeStartTime of the block's duration.
    public var relativeDuration: Double
    /// The value the property reaches at its end.
    public var value: AnimatableValue
    /// A keyframe. - Precondition: 0 <= start, 0 <= duration, start + duration <= 1 (+1e-9).
    public init(relativeStartTime: Double, relativeDuration: Double, value: AnimatableValue) {
        precondition(
            relativeStartTime >= 0 && relativeDuration >= 0 && relativeStartTime + relativeDuration <= 1 + 1e-9,
            "ViewKeyframe: relative times must lie in [0, 1]")
        self.relativeStartTime = relativeStartTime
        self.relativeDuration = relativeDuration
        self.value = value
    }
}

extension Layer {
    /// The key paths whose animations drive `keyPath`'s presentation: itself, its whole property, its components.
    static func relatedKeyPaths(_ keyPath: String) -> Set<String> {
        guard let (property, _) = address(keyPath) else { return [keyPath] }
        var out: Set<String> = [keyPath, property]
        for c in componentPaths[property] ?? [] { if let c { out.insert(c) } }
        if property.hasPrefix("transform.scale") { out.insert("transform.scale") }
        return out
    }

    /// Removes the animations touching `keyPath` (see ``relatedKeyPaths(_:)``) except those whose key `sparing`
    /// accepts; returns their keys.
    mutating func removeAnimations(touching keyPath: String, sparing: (String) -> Bool = { _ in false }) -> [String] {
        let related = Layer.relatedKeyPaths(keyPath)
        let keys = animations.filter { !sparing($0.key) && !related.isDisjoint(with: $0.animation.keyPaths) }.map(\.key)
        for k in keys { removeAnimation(forKey: k) }
        return keys
    }

    /// The presented value of `keyPath` at `time` without the animations whose key `except` accepts.
    func presentationValue(_ keyPath: String, at time: Double, except: (String) -> Bool) -> AnimatableValue? {
        var probe = self
        for (k, _) in animations where except(k) { probe.removeAnimation(forKey: k) }
        return probe.presentationValue(keyPath, at: time)
    }

    /// Sets `keyPath` to `value` inside a UIView animation block called at `time` (see ``ViewAnimation``): the model
    /// takes the new value at once and an additive animation of the difference, added under `key`, carries the
    /// presentation from where it was to the new value.
    ///
    /// - Parameters:
    ///   - keyPath: a scalar, point, size, rect or color key path of ``Layer`` (not the whole `transform`).
    ///   - value: the new value, of the key path's kind.
    ///   - block: the UIView animation block (duration, delay, curve or spring, options).
    ///   - time: when the block is called, seconds of the layer's parent time.
    ///   - key: the key the additive animation is added under.
    ///   - sparing: keys of animations that stay (and keep adding to the presentation) with `beginFromCurrentState`,
    ///     such as a property animator's own additive animation; default none.
    /// - Returns: the keys of animations removed by `beginFromCurrentState` (their blocks finish with `false`).
    /// - Precondition: the value's kind matches the model's and is not `.transform`.
    @discardableResult
    public mutating func animate(
        _ keyPath: String, to value: AnimatableValue, with block: ViewAnimation, at time: Double,
        key: String, sparing: (String) -> Bool = { _ in false }
    ) -> [String] {
        guard let model = modelValue(keyPath) else { preconditionFailure("Layer.animate: unknown key path \(keyPath)") }
        precondition(
            model.kind == value.kind && value.kind != .transform, "Layer.animate: \(keyPath) takes a \(model.kind)")
        var removed: [String] = []
        var old = model
        var block = block
        if block.options.contains(.beginFromCurrentState) {
            // The presented value without the spared animations: they keep adding on top of the new one.
            old = presentationValue(keyPath, at: time, except: sparing) ?? model
            // A spring retargeted from the current state keeps its velocity too (scalar key paths): the new spring is
            // the closed form from the presented value and velocity (central difference, h = 1e-6 s) to the target.
            if let spring = block.spring, value.kind == .scalar, value.scalar != old.scalar {
                let h = 1e-6
                if let a = presentationValue(keyPath, at: time - h, except: sparing),
                    let b = presentationValue(keyPath, at: time + h, except: sparing)
                {
                    let velocity = (b.scalar - a.scalar) / (2 * h)
                    block.spring = .init(
                        dampingRatio: spring.dampingRatio, initialSpringVelocity: velocity / (value.scalar - old.scalar)
                    )
                }
            }
            removed = removeAnimations(touching: keyPath, sparing: sparing)
        }
        setValue(value, for: keyPath)
        if block.duration > 0 {
            add(block.offsetAnimation(keyPath: keyPath, offset: old - value, calledAt: time), forKey: key)
        }
        return removed
    }

    /// Animates `keyPath` through keyframes in a keyframe block called at `time` (animateKeyframes): the model takes the
    /// last keyframe's value at once, and one additive keyframe animation of the offsets from it, added under `key`,
    /// holds the value from before the block until the first keyframe starts, moves linearly over each keyframe's span
    /// and holds between spans (calculationModeLinear, UIKit's default).
    ///
    /// - Parameters:
    ///   - keyPath: the key path animated, as for ``animate(_:to:with:at:key:sparing:)``.
    ///   - keyframes: the keyframes (relative start, relative duration, value), at least one.
    ///   - block: the keyframe block (duration, delay, options).
    ///   - time: when the block is called, seconds of the layer's parent time.
    ///   - key: the key the keyframe animation is added under.
    ///   - sparing: keys of animations that stay with `beginFromCurrentState` (see ``animate(_:to:with:at:key:sparing:)``).
    /// - Returns: the keys of animations removed by `beginFromCurrentState`.
    /// - Precondition: at least one keyframe; kinds as for ``animate(_:to:with:at:key:sparing:)``.
    @discardableResult
    public mutating func animateKeyframes(
        _ keyPath: String, _ keyframes: [ViewKeyframe], with block: ViewAnimation,
        at time: Double, key: String, sparing: (String) -> Bool = { _ in false }
    ) -> [String] {
        precondition(!keyframes.isEmpty, "Layer.animateKeyframes: no keyframes")
        guard let model = modelValue(keyPath) else {
            preconditionFailure("Layer.animateKeyframes: unknown key path \(keyPath)")
        }
        var removed: [String] = []
        var old = model
        if block.options.contains(.beginFromCurrentState) {
            old = presentationValue(keyPath, at: time, except: sparing) ?? model
            removed = removeAnimations(touching: keyPath, sparing: sparing)
        }
        let frames = keyframes.enumerated().sorted {
            ($0.element.relativeStartTime, $0.offset) < ($1.element.relativeStartTime, $1.offset)
        }
        .map(\.element)
        let final = frames.last!.value
        var values = [old - final], times = [0.0]
        var current = old
        for f in frames {
            let start = max(f.relativeStartTime, times.last!), end = min(max(start + f.relativeDuration, start), 1)
            if start > times.last! { values.append(current - final); times.append(start) }
            values.append(f.value - final); times.append(end)
            current = f.value
        }
        if times.last! < 1 {
            values.append(.init(kind: final.kind, components: final.additiveIdentity.components)); times.append(1)
        }
        setValue(final, for: keyPath)
        if block.duration > 0 {
            add(
                .keyframe(
                    KeyframeAnimation(
                        keyPath: keyPath, values: values, keyTimes: times, timing: block.timing(calledAt: time),
                        isAdditive: true)), forKey: key)
        }
        return removed
    }
}
