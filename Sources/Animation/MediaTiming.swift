/// The timing of an animation, group or layer: CAMediaTiming's properties and rules, in seconds.
///
/// Local time follows CAMediaTiming.h: `local = (parent − beginTime) × speed + timeOffset`, where the time offset wraps
/// within the active duration. One play lasts `duration` (twice that with `autoreverses`: each repetition plays forward,
/// then backward — not CSS's "alternate"); the active duration is `repeatDuration` when set, else `repeatCount` plays
/// (fractional counts stop part-way; `.infinity` never ends), else one play. Outside the active interval the object is
/// inactive unless `fillMode` holds it: `backwards` (or `both`) shows its start before `beginTime`; `forwards` (or
/// `both`) shows its end afterwards — and only while it has not been removed, so a forwards fill lasts only with
/// `isRemovedOnCompletion` false (Apple's documentation of CAMediaTiming's fillMode).
///
/// `speed` may be 0 or negative, as Apple allows: at 0 the local time stays at `timeOffset` (the object holds that
/// moment, active, whatever the parent time); below 0 it runs backwards, so the active interval lies before
/// `beginTime` in parent time and is played from its end to its start, the fill modes keeping their meaning in local
/// time (`backwards` holds the start, now after the interval in parent time; `forwards` the end, before it).
///
/// Preconditions: finite values, `duration >= 0`, `repeatCount >= 0`, `repeatDuration >= 0`. A duration of 0 is
/// resolved by the caller (0.25 s at the top level, the group's duration inside a group).
public struct MediaTiming: Hashable, Sendable {
    /// CAMediaTimingFillMode.
    public enum FillMode: String, Sendable, CaseIterable {
        case removed, forwards, backwards, both
    }

    /// Parent time at which the object starts, seconds. Default 0.
    public var beginTime: Double = 0
    /// One play, seconds. Default 0 (see the type's note).
    public var duration: Double = 0
    /// Rate of local time against parent time; 0 holds, negative runs backwards. Default 1.
    public var speed: Double = 1
    /// Added to local time, seconds; wraps within the active duration. Default 0.
    public var timeOffset: Double = 0
    /// Number of plays, fractional allowed; 0 means once; `.infinity` repeats forever. Default 0.
    public var repeatCount: Double = 0
    /// Total active time, seconds, overriding `repeatCount` when > 0. Default 0.
    public var repeatDuration: Double = 0
    /// Whether each play runs forward then backward. Default false.
    public var autoreverses = false
    /// Fill outside the active interval. Default `removed`.
    public var fillMode: FillMode = .removed
    /// Whether the object is removed when it finishes (so a forwards fill ends). Default true.
    public var isRemovedOnCompletion = true

    /// Timing with the given properties; every default is CAMediaTiming's.
    public init(
        beginTime: Double = 0, duration: Double = 0, speed: Double = 1, timeOffset: Double = 0,
        repeatCount: Double = 0, repeatDuration: Double = 0, autoreverses: Bool = false,
        fillMode: FillMode = .removed, isRemovedOnCompletion: Bool = true
    ) {
        self.beginTime = beginTime
        self.duration = duration
        self.speed = speed
        self.timeOffset = timeOffset
        self.repeatCount = repeatCount
        self.repeatDuration = repeatDuration
        self.autoreverses = autoreverses
        self.fillMode = fillMode
        self.isRemovedOnCompletion = isRemovedOnCompletion
    }

    /// One play: `duration`, doubled with `autoreverses`, seconds.
    public var cycleDuration: Double { duration * (autoreverses ? 2 : 1) }

    /// The active duration in local seconds (may be infinite).
    public var activeDuration: Double {
        if repeatDuration > 0 { return repeatDuration }
        if repeatCount > 0 { return repeatCount * cycleDuration }
        return cycleDuration
    }

    /// Which part of its timeline an object is in.
    public enum Phase: String, Sendable {
        case before, active, after
    }

    /// The object's state at a moment.
    public struct Sample: Equatable, Sendable {
        /// Before, during or after the active interval.
        public var phase: Phase
        /// Progress through the current play, 0 ... 1 (running backward during the second half of an autoreversing
        /// play), before any timing curve.
        public var progress: Double
        /// Which play, from 0.
        public var iteration: Double
    }

    /// The sample at parent time `parentTime` (seconds), or nil when the object shows nothing (outside its active
    /// interval and not filling, or removed).
    public func sample(atParentTime parentTime: Double) -> Sample? {
        var elapsed = (parentTime - beginTime) * speed
        let active = activeDuration
        // Times within a nanosecond (relative) of the begin or the end count as on it: sums such as 0.2 + 0.1 and
        // products such as 0.6 × 1.5 miss 0.3 and 0.9 by one rounding, and a frame there must not miss the boundary.
        let tolerance = 1e-9 * max(1, abs(elapsed))
        if abs(elapsed) <= tolerance { elapsed = 0 }
        if active.isFinite && abs(elapsed - active) <= tolerance { elapsed = active }
        if elapsed < 0 {
            guard fillMode == .backwards || fillMode == .both else { return nil }
            return at(wrapped(timeOffset), phase: .before, end: false)
        }
        if elapsed >= active {
            guard (fillMode == .forwards || fillMode == .both) && !isRemovedOnCompletion else { return nil }
            return at(wrapped(active + timeOffset, end: true), phase: .after, end: true)
        }
        return at(wrapped(elapsed + timeOffset), phase: .active, end: false)
    }

    /// Whether the object has finished (its active interval is over) at `parentTime`.
    public func hasFinished(atParentTime parentTime: Double) -> Bool {
        let elapsed = (parentTime - beginTime) * speed
        return elapsed >= activeDuration - 1e-9 * max(1, abs(elapsed))
    }

    /// Local time folded into the active interval: [0, active) while active, and at the end (`end`) the last moment
    /// itself when the wrapped time lands exactly on it.
    private func wrapped(_ t: Double, end: Bool = false) -> Double {
        let active = activeDuration
        // A negative timeOffset wraps the same way, from the end of the active duration backwards.
        let period = active.isFinite ? active : cycleDuration
        if t < 0 && period.isFinite && period > 0 {
            let r = t.truncatingRemainder(dividingBy: period) + period
            return r < period ? r : 0
        }
        guard active.isFinite, active > 0, t >= active else { return max(t, 0) }
        let r = t.truncatingRemainder(dividingBy: active)
        return r == 0 && end ? active : r
    }

    private func at(_ t: Double, phase: Phase, end: Bool) -> Sample {
        let cycle = cycleDuration
        guard cycle > 0, duration > 0 else { return Sample(phase: phase, progress: 1, iteration: 0) }
        var iteration = (t / cycle).rounded(.down)
        var within = t - iteration * cycle
        // The very end of the active time belongs to the play it ends (progress 1, or 0 after an autoreversed play), not
        // to the start of a next one.
        if within == 0 && t > 0 && end && t >= activeDuration {
            iteration -= 1
            within = cycle
        }
        var progress = within / duration
        if autoreverses && within > duration { progress = 2 - within / duration }
        return Sample(phase: phase, progress: min(max(progress, 0), 1), iteration: iteration)
    }
}
