/// Anything that maps elapsed time to animation progress: cubic Bézier curves, step functions and springs. The Core
/// Animation model and the property animator drive every animation through this one protocol.
///
/// Progress is 0 at the start and 1 at the end and may leave [0, 1] (overshoot). A duration-based curve reads
/// `time / duration` clamped to [0, 1] (Core Animation applies timing functions to the active fraction); a spring given by
/// mass, stiffness and damping ignores `duration` and runs on its own time, as UIKit does.
public protocol TimingCurve: Sendable {
    /// Progress `time` seconds into an animation of `duration` seconds (> 0).
    func progress(atTime time: Double, duration: Double) -> Double
    /// d progress / d time at that moment, 1/s.
    func progressRate(atTime time: Double, duration: Double) -> Double
    /// Whether `duration` is ignored (springs by mass/stiffness/damping).
    var ignoresDuration: Bool { get }
}

extension CubicBezier: TimingCurve {
    /// `value(at: clamp(time / duration, 0, 1))`.
    public func progress(atTime time: Double, duration: Double) -> Double {
        value(at: min(max(time / duration, 0), 1))
    }

    /// `slope / duration`; 0 before and after the curve.
    public func progressRate(atTime time: Double, duration: Double) -> Double {
        let x = time / duration
        return x < 0 || x > 1 ? 0 : slope(at: x) / duration
    }

    /// Always false.
    public var ignoresDuration: Bool { false }
}

/// A step timing function, CSS Easing Level 1 `steps(n, position)`: the progress jumps in `count` steps.
public struct StepsTiming: Hashable, Sendable, TimingCurve {
    /// Where the jumps fall (CSS Easing Level 1, §2.3).
    public enum Position: String, Sendable, CaseIterable {
        /// The first jump happens at the start: 1/n right away.
        case jumpStart = "jump-start"
        /// The last jump happens at the end (CSS `end`, the default).
        case jumpEnd = "jump-end"
        /// No jump at either end: n − 1 jumps, holding 0 and 1 for a step each.
        case jumpNone = "jump-none"
        /// Jumps at both ends: n + 1 jumps.
        case jumpBoth = "jump-both"
    }

    /// Number of steps, ≥ 1 (≥ 2 for `jumpNone`).
    public let count: Int
    /// Where the jumps fall.
    public let position: Position

    /// - Precondition: `count >= 1`, and `count >= 2` for `jumpNone` (CSS rejects `steps(1, jump-none)`).
    public init(count: Int, position: Position = .jumpEnd) {
        precondition(count >= 1 && (position != .jumpNone || count >= 2), "StepsTiming: too few steps")
        self.count = count
        self.position = position
    }

    /// The output at input fraction x, by the CSS algorithm (before flag unset): step = ⌊x n⌋, +1 for jump-start and
    /// jump-both, clamped to [0, jumps] for x in [0, 1], divided by jumps (n, n − 1 or n + 1).
    public func value(at x: Double) -> Double {
        let n = Double(count)
        var step = (x * n).rounded(.down)
        if position == .jumpStart || position == .jumpBoth { step += 1 }
        let jumps: Double
        switch position {
        case .jumpStart, .jumpEnd: jumps = n
        case .jumpNone: jumps = n - 1
        case .jumpBoth: jumps = n + 1
        }
        if x >= 0 && step < 0 { step = 0 }
        if x <= 1 && step > jumps { step = jumps }
        return step / jumps
    }

    /// `value(at: clamp(time / duration, 0, 1))`.
    public func progress(atTime time: Double, duration: Double) -> Double {
        value(at: min(max(time / duration, 0), 1))
    }

    /// 0: steps do not move between jumps.
    public func progressRate(atTime time: Double, duration: Double) -> Double { 0 }

    /// Always false.
    public var ignoresDuration: Bool { false }
}

/// A spring as a timing curve (UISpringTimingParameters): progress from 0 to 1 with an initial velocity in UIKit's
/// relative units (1 = the whole distance per second).
public struct SpringTiming: Hashable, Sendable, TimingCurve {
    /// The spring.
    public let spring: Spring
    /// Initial progress velocity, 1/s (UIKit's relative initial velocity).
    public let initialVelocity: Double
    /// Whether `duration` is ignored: true for springs given by mass/stiffness/damping (UIKit runs them on their own
    /// time). When false, the spring's time is scaled so that its ``Spring/settlingDuration`` fills `duration`.
    public let ignoresDuration: Bool

    /// - Parameters:
    ///   - spring: the oscillator.
    ///   - initialVelocity: relative initial velocity (1 = the distance per second).
    ///   - ignoresDuration: true (default) to run on the spring's own time.
    public init(spring: Spring, initialVelocity: Double = 0, ignoresDuration: Bool = true) {
        self.spring = spring
        self.initialVelocity = initialVelocity
        self.ignoresDuration = ignoresDuration
    }

    private func scale(_ duration: Double) -> Double {
        guard !ignoresDuration else { return 1 }
        let settle = spring.settlingDuration(from: 0, to: 1, initialVelocity: initialVelocity, epsilon: 0.001)
        return settle.isFinite && settle > 0 ? settle / duration : 1
    }

    /// The spring's value from 0 toward 1 at `time` (scaled to `duration` unless ``ignoresDuration``).
    public func progress(atTime time: Double, duration: Double) -> Double {
        let s = scale(duration)
        return spring.value(at: time * s, from: 0, to: 1, initialVelocity: initialVelocity)
    }

    /// Its rate, 1/s.
    public func progressRate(atTime time: Double, duration: Double) -> Double {
        let s = scale(duration)
        return spring.velocity(at: time * s, from: 0, to: 1, initialVelocity: initialVelocity) * s
    }
}

extension Spring: TimingCurve {
    /// The unit motion 0 → 1 from rest, on the spring's own time (`duration` is ignored, as UIKit does for
    /// mass/stiffness/damping springs).
    public func progress(atTime time: Double, duration: Double) -> Double { value(at: time) }
    /// Its velocity, 1/s.
    public func progressRate(atTime time: Double, duration: Double) -> Double { velocity(at: time) }
    /// Always true.
    public var ignoresDuration: Bool { true }
}
