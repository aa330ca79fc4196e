import Springs

/// UIViewPropertyAnimator's state machine and timing, headless: every call takes the time (seconds) at which it
/// happens, and `update(to:)` plays the role of the display link, completing the animator when it reaches its end.
///
/// The animator moves a progress u from 0 (start values) to 1 (end values); a property shows
/// `from + (to − from) u`. `fractionComplete` is the time fraction f; with a cubic timing curve u = curve(f) while it
/// runs. States follow Apple's documentation (UIViewAnimating): inactive → active (startAnimation, pauseAnimation or
/// setting fractionComplete) → inactive when it finishes (unless pausesOnCompletion); stopAnimation(false) → stopped,
/// then finishAnimation(at:) → inactive with a completion; stopAnimation(true) → inactive without one. Calls UIKit
/// rejects throw `AnimatorError`.
///
/// Continuity (no jumps): reversing keeps u and runs f backward; scrubbing while paused with `scrubsLinearly` sets
/// u = f, and when the animator runs again the curve resumes rescaled so that u is continuous at the resume point and
/// still reaches the end exactly (u = u₀ + (curve(f) − curve(f₀)) (u_end − u₀) / (curve(f_end) − curve(f₀))).
///
/// Springs given by mass, stiffness and damping run on their own time, as on iOS (the duration is ignored): each run
/// is the closed-form spring from the current u and velocity to the end, and lasts its settling duration (ε = 0.001).
/// `fractionComplete` is then u clamped to [0, 1].
public struct PropertyAnimator: Sendable {
    /// UIViewAnimatingState.
    public enum State: String, Sendable { case inactive, active, stopped }
    /// UIViewAnimatingPosition.
    public enum Position: String, Sendable, CaseIterable { case start, end, current }
    /// The timing: a cubic curve over the duration, or a spring on its own time.
    public enum Timing: Equatable, Sendable {
        /// UICubicTimingParameters.
        case curve(CubicBezier)
        /// UISpringTimingParameters(mass:stiffness:damping:initialVelocity:), initialVelocity in progress units per
        /// second (relative to the distance, as UIKit's).
        case spring(Spring, initialVelocity: Double)
        /// UISpringTimingParameters(dampingRatio:initialVelocity:): a spring of that damping ratio fitted to the
        /// animator's duration. Apple does not document the fit; dynsim picks the spring (mass 1) whose settling
        /// duration (ε = 0.001, from rest) equals the duration, and runs it on its own time like any spring.
        case springDampingRatio(Double, initialVelocity: Double)
    }

    /// The spring of damping ratio `ratio` whose settling duration (ε = 0.001, 0 → 1 from rest) is `duration`: found by
    /// bisection on the response, since settling time grows with it. - Precondition: ratio > 0, duration > 0.
    public static func fittedSpring(dampingRatio ratio: Double, duration: Double) -> Spring {
        precondition(ratio > 0 && duration > 0, "PropertyAnimator: dampingRatio and duration must be positive")
        var lo = 1e-6 * duration, hi = 1e3 * duration
        for _ in 0..<200 {
            let mid = (lo * hi).squareRoot()
            if Spring(dampingRatio: ratio, response: mid).settlingDuration < duration { lo = mid } else { hi = mid }
        }
        return Spring(dampingRatio: ratio, response: (lo * hi).squareRoot())
    }
    /// A call UIKit rejects (an API-misuse exception there), with the reason.
    public struct AnimatorError: Error, Equatable, CustomStringConvertible {
        /// What was wrong.
        public let description: String
    }

    /// Duration for curve timing, seconds (ignored by spring timing, as on iOS).
    public let duration: Double
    /// The current timing.
    public private(set) var timing: Timing
    /// The state.
    public private(set) var state: State = .inactive
    /// Whether the animation is running (active and not paused).
    public private(set) var isRunning = false
    /// Whether it runs toward the start.
    public private(set) var isReversed = false
    /// Whether scrubbing a paused animator moves the properties linearly in fractionComplete (default true).
    public var scrubsLinearly = true
    /// Whether it stays active and paused at the end instead of finishing (default false).
    public var pausesOnCompletion = false
    /// Whether it can be paused, stopped or reversed once running (default true); when false those calls throw.
    public var isInterruptible = true

    /// A property change the animator drives (what an animations block sets): from the value shown when added to
    /// the target, starting `delayFactor` of the way through what remained of the animator when it was added.
    public struct Change: Sendable {
        /// The layer key path (for callers; the animator only carries it).
        public var keyPath: String
        /// The value when added and the target.
        public var from: AnimatableValue, to: AnimatableValue
        /// The animator's fraction at which this change starts and the one at which it ends (1).
        public var startFraction: Double
    }
    /// The changes, in the order added.
    public private(set) var changes: [Change] = []

    /// The completions so far: where it ended and when.
    public private(set) var completions: [(position: Position, time: Double)] = []
    /// Handlers added by addCompletion, waiting for the next completion.
    private var completionHandlers: [@Sendable (Position, Double) -> Void] = []

    /// addCompletion(_:): `handler` runs once, with the final position and the time (seconds), when the animator next
    /// completes (reaching its end or start, or finishAnimation(at:)); handlers run in the order added. stopAnimation(true)
    /// runs none, as on iOS.
    public mutating func addCompletion(_ handler: @escaping @Sendable (Position, Double) -> Void) {
        completionHandlers.append(handler)
    }

    private mutating func complete(_ position: Position, at t: Double) {
        completions.append((position, t))
        let handlers = completionHandlers
        completionHandlers.removeAll()
        for h in handlers { h(position, t) }
    }

    // The running segment: it began (after its delay) at `segmentTime` with fraction f₀, progress u₀, velocity v₀.
    private var segmentTime = 0.0, f0 = 0.0, u0 = 0.0, v0 = 0.0
    /// The segment's length in seconds when set by continueAnimation, else by the fraction left.
    private var span: Double?
    private var resumeScaled = false  // after a linear scrub: the curve resumes rescaled

    /// An inactive animator. - Precondition: duration > 0 and finite.
    public init(duration: Double, timing: Timing) {
        precondition(duration > 0 && duration.isFinite, "PropertyAnimator: duration must be positive")
        self.duration = duration
        self.timing = PropertyAnimator.resolve(timing, duration: duration)
    }

    /// A damping-ratio spring becomes the fitted mass/stiffness/damping spring.
    static func resolve(_ timing: Timing, duration: Double) -> Timing {
        if case .springDampingRatio(let ratio, let v) = timing {
            return .spring(fittedSpring(dampingRatio: ratio, duration: duration), initialVelocity: v)
        }
        return timing
    }

    private var end: Double { isReversed ? 0 : 1 }

    private func springMotion(_ spring: Spring) -> SpringMotion {
        SpringMotion(spring: spring, from: u0, to: end, initialVelocity: v0)
    }

    /// When the running segment reaches its end (seconds), or infinity when it never does.
    private var endTime: Double {
        switch timing {
        case .curve: return segmentTime + curveSpan
        case .spring(let s, _):
            return segmentTime + s.settlingDuration(from: u0, to: end, initialVelocity: v0, epsilon: 0.001)
        case .springDampingRatio: return segmentTime  // resolved to a spring at init; never stored
        }
    }

    /// Seconds the running curve segment lasts: the fraction left of the duration, or what continueAnimation set.
    private var curveSpan: Double { span ?? abs(end - f0) * duration }

    /// Progress u and time fraction f at `t`, following the running segment (clamped at its end).
    public func progress(at t: Double) -> (u: Double, fraction: Double) {
        guard isRunning else { return (u0, f0) }
        let tau = max(0, min(t, endTime) - segmentTime)
        switch timing {
        case .curve(let curve):
            let f = f0 + (end - f0) * (curveSpan > 0 ? min(tau / curveSpan, 1) : 1)
            if !resumeScaled { return (curve.value(at: f), f) }
            let c0 = curve.value(at: f0), c1 = curve.value(at: end)
            return (c1 != c0 ? u0 + (curve.value(at: f) - c0) * (end - u0) / (c1 - c0) : u0, f)
        case .spring(let s, _):
            if t >= endTime { return (end, end) }
            let u = springMotion(s).value(at: tau)
            return (u, min(max(u, 0), 1))
        case .springDampingRatio: return (u0, f0)  // resolved at init
        }
    }

    /// The property value at `t` for a change from `from` to `to` (start and end values).
    public func value(from: AnimatableValue, to: AnimatableValue, at t: Double) -> AnimatableValue {
        AnimatableValue.interpolate(from, to, progress(at: t).u)
    }

    /// addAnimations(_:delayFactor:): adds a change of `keyPath` from `from` to `to`. Added before the start it spans
    /// the duration after `delayFactor` of it; added while running it uses the remaining duration (Apple), delayed by
    /// `delayFactor` of that. With curve timing the change's own progress runs the curve over its span; with spring
    /// timing it follows the spring's progress from its start. Throws when stopped or when delayFactor is outside [0, 1).
    public mutating func addAnimations(
        keyPath: String, from: AnimatableValue, to: AnimatableValue, delayFactor: Double = 0,
        at t: Double
    ) throws {
        guard state != .stopped else {
            throw AnimatorError(description: "addAnimations: not allowed on a stopped animator, got stopped")
        }
        guard delayFactor >= 0 && delayFactor < 1 else {
            throw AnimatorError(description: "addAnimations: delayFactor must be in [0, 1), got \(delayFactor)")
        }
        guard from.kind == to.kind else {
            throw AnimatorError(
                description:
                    "addAnimations: from and to must be of one kind, got \(from.kind.rawValue) and \(to.kind.rawValue)")
        }
        let f = state == .inactive ? 0 : progress(at: t).fraction
        changes.append(Change(keyPath: keyPath, from: from, to: to, startFraction: f + delayFactor * (1 - f)))
    }

    /// The value a change shows at `t`.
    public func value(of change: Change, at t: Double) -> AnimatableValue {
        let p = progress(at: t)
        let s = change.startFraction
        switch timing {
        case .curve(let curve):
            // A change spanning the whole animator follows its progress exactly (scrubbing and resuming included);
            // a later or delayed one runs the curve over its own span.
            if s <= 0 { return AnimatableValue.interpolate(change.from, change.to, p.u) }
            let local = s < 1 ? min(max((p.fraction - s) / (1 - s), 0), 1) : 1
            return AnimatableValue.interpolate(change.from, change.to, curve.value(at: local))
        case .spring, .springDampingRatio:
            // A change spanning the whole animator follows the spring's progress, overshoot past either end included.
            if s <= 0 { return AnimatableValue.interpolate(change.from, change.to, p.u) }
            let local = s < 1 ? (p.u - s) / (1 - s) : 1
            return AnimatableValue.interpolate(change.from, change.to, p.u >= s ? local : 0)
        }
    }

    /// fractionComplete at `t`, as iOS 11 and later report it: the fraction of the animation in its current direction.
    /// After `isReversed = true` it is 1 − (the fraction along the forward path), so it counts up to 1 as the values
    /// return to their start: paused at 0.3 and reversed, it reads 0.7 (iOS 10 read 0.3 and counted down; Stack
    /// Overflow question 46406670 shows both, and UIViewPropertyAnimator's fractionComplete documentation says
    /// reversing "the completion percentage" runs from the current position toward the start).
    public func fractionComplete(at t: Double) -> Double {
        let f = progress(at: t).fraction
        return isReversed ? 1 - f : f
    }

    /// du/dt at `t` (progress per second), for carrying velocity into a new motion.
    public func velocity(at t: Double) -> Double {
        guard isRunning else { return 0 }
        if case .spring(let s, _) = timing, t < endTime {
            return springMotion(s).state(at: max(0, t - segmentTime)).velocity
        }
        let h = 1e-6
        return (progress(at: t + h).u - progress(at: t - h).u) / (2 * h)
    }

    /// Freezes the segment at `t` (u, f and velocity become the new start).
    private mutating func freeze(at t: Double) {
        let v = velocity(at: t)
        let p = progress(at: t)
        u0 = p.u; f0 = p.fraction; v0 = v
        segmentTime = t
        span = nil
    }

    /// Completes the animator if it has reached its end by `t` (call as time advances, like a display link).
    public mutating func update(to t: Double) {
        guard isRunning, t >= endTime else { return }
        let done = endTime
        u0 = end; f0 = end; v0 = 0; segmentTime = done
        isRunning = false
        if pausesOnCompletion { return }
        state = .inactive
        complete(isReversed ? .start : .end, at: done)
    }

    /// startAnimation(afterDelay:). Throws when stopped.
    public mutating func startAnimation(at t: Double, afterDelay delay: Double = 0) throws {
        guard state != .stopped else {
            throw AnimatorError(description: "startAnimation: a stopped animator must be finished first, got stopped")
        }
        guard delay >= 0 && delay.isFinite else {
            throw AnimatorError(description: "startAnimation: delay must be >= 0, got \(delay)")
        }
        update(to: t)
        if isRunning { return }
        if case .spring(_, let v) = timing, state == .inactive { v0 = v }
        state = .active
        isRunning = true
        segmentTime = t + delay
    }

    /// pauseAnimation(). Throws when stopped.
    public mutating func pauseAnimation(at t: Double) throws {
        guard state != .stopped else {
            throw AnimatorError(description: "pauseAnimation: not allowed on a stopped animator, got stopped")
        }
        guard isInterruptible || state == .inactive else {
            throw AnimatorError(
                description: "pauseAnimation: needs an interruptible animator, got isInterruptible false")
        }
        update(to: t)
        if state == .inactive { state = .active; return }
        guard isRunning else { return }
        freeze(at: t)
        v0 = 0
        isRunning = false
        resumeScaled = true
    }

    /// Sets fractionComplete (scrubbing): allowed when inactive (it becomes active and paused) or paused. As it is read
    /// (``fractionComplete(at:)``), in the current direction: on a reversed animator 0.2 puts the values 0.8 of the way
    /// along the forward path.
    public mutating func setFractionComplete(_ fraction: Double, at t: Double) throws {
        update(to: t)
        guard state != .stopped else {
            throw AnimatorError(description: "fractionComplete: not allowed on a stopped animator, got stopped")
        }
        guard !isRunning else {
            throw AnimatorError(description: "fractionComplete: cannot be set while running (pause first), got running")
        }
        guard fraction.isFinite else {
            throw AnimatorError(description: "fractionComplete: must be finite, got \(fraction)")
        }
        let clamped = min(max(fraction, 0), 1)
        let f = isReversed ? 1 - clamped : clamped
        state = .active
        f0 = f
        switch timing {
        case .curve(let curve): u0 = scrubsLinearly ? f : curve.value(at: f)
        case .spring, .springDampingRatio: u0 = f
        }
        resumeScaled = true
        v0 = 0
        segmentTime = t
    }

    /// Sets isReversed: the motion turns around from where it is shown, keeping the value (its velocity changes sign).
    /// Throws when stopped.
    public mutating func setReversed(_ reversed: Bool, at t: Double) throws {
        guard state != .stopped else {
            throw AnimatorError(description: "isReversed: not allowed on a stopped animator, got stopped")
        }
        guard isInterruptible || !isRunning else {
            throw AnimatorError(
                description: "isReversed: needs an interruptible animator while running, got isInterruptible false")
        }
        update(to: t)
        guard reversed != isReversed else { return }
        if isRunning {
            let curve: Bool
            if case .curve = timing { curve = true } else { curve = false }
            let wasScaled = resumeScaled
            freeze(at: t)
            // A curve retraces itself backward (u = curve(f) still holds unless a linear scrub rescaled it); a spring
            // keeps its speed and turns around (the velocity changes sign).
            resumeScaled = curve ? wasScaled : false
            if !curve { v0 = -v0 }
        }
        isReversed = reversed
    }

    /// stopAnimation(withoutFinishing:): true → inactive at the current values, no completion; false → stopped,
    /// waiting for finishAnimation(at:). Throws when already stopped or inactive.
    public mutating func stopAnimation(withoutFinishing: Bool, at t: Double) throws {
        update(to: t)
        guard state == .active else {
            throw AnimatorError(description: "stopAnimation: only an active animator can stop, got \(state.rawValue)")
        }
        guard isInterruptible else {
            throw AnimatorError(
                description: "stopAnimation: needs an interruptible animator, got isInterruptible false")
        }
        if isRunning { freeze(at: t) }
        isRunning = false
        v0 = 0
        state = withoutFinishing ? .inactive : .stopped
    }

    /// finishAnimation(at:): only in the stopped state; sets the values to the start, the end or keeps them, and
    /// completes with that position.
    public mutating func finishAnimation(at position: Position, time t: Double) throws {
        guard state == .stopped else {
            throw AnimatorError(
                description: "finishAnimation: only a stopped animator can finish, got \(state.rawValue)")
        }
        switch position {
        case .start: u0 = 0; f0 = 0
        case .end: u0 = 1; f0 = 1
        case .current: break
        }
        state = .inactive
        complete(position, at: t)
    }

    /// continueAnimation(withTimingParameters:durationFactor:): resumes a paused animator with new timing (or the
    /// same), its remaining part running over durationFactor × the original duration, from the shown value.
    public mutating func continueAnimation(
        withTimingParameters newTiming: Timing?, durationFactor factor: Double,
        at t: Double
    ) throws {
        update(to: t)
        guard state == .active && !isRunning else {
            throw AnimatorError(
                description:
                    "continueAnimation: only a paused animator can continue, got \(isRunning ? "running" : state.rawValue)"
            )
        }
        guard factor > 0 && factor.isFinite else {
            throw AnimatorError(description: "continueAnimation: durationFactor must be positive, got \(factor)")
        }
        if let newTiming {
            timing = PropertyAnimator.resolve(newTiming, duration: duration)
            if case .spring(_, let v) = timing { v0 = v }
        }
        // Apple: the remaining portion runs over durationFactor × the original duration.
        span = factor * duration
        resumeScaled = true
        isRunning = true
        segmentTime = t
    }
}
