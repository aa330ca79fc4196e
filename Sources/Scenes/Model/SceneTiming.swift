import Animation
import IO

/// A timed change of a layer's timing (CAMediaTiming on a layer), as an app's button handler makes it: at `time`
/// (seconds of the run) the layer named `layer` is paused, resumed, or has its `speed`, `timeOffset` or `beginTime`
/// set. Everything on the layer and its sublayers follows: their animations, the animations UIView blocks and
/// property animators add there, and those completions.
///
/// JSON, in the scene's `layerTiming` array: `{"t": 2, "layer": "box", "call": "pause"}`, `{"t": 5, "layer": "box",
/// "call": "resume"}`, or `{"t": 6, "layer": "box", "set": {"speed": 2, "timeOffset": "localTime"}}`.
public struct SceneTimingChange: Equatable, Sendable {
    /// A timing property a change sets.
    public enum Property: String, Sendable, CaseIterable { case beginTime, speed, timeOffset }

    /// A value to set: a number, or the layer's current local time, `layer.convertTime(CACurrentMediaTime(), from:
    /// nil)` in an app, taken with the assignments before it in the same change already made.
    public enum Value: Equatable, Sendable {
        /// Seconds (beginTime, timeOffset) or a ratio (speed).
        case number(Double)
        /// The layer's local time at that moment.
        case localTime
    }

    /// What the change does.
    public enum Action: Equatable, Sendable {
        /// Apple's Technical Q&A QA1673 pauseLayer: `let paused = layer.convertTime(CACurrentMediaTime(), from: nil);
        /// layer.speed = 0; layer.timeOffset = paused`.
        case pause
        /// QA1673 resumeLayer: `let paused = layer.timeOffset; layer.speed = 1; layer.timeOffset = 0;
        /// layer.beginTime = 0; layer.beginTime = layer.convertTime(CACurrentMediaTime(), from: nil) − paused`.
        case resume
        /// Assignments, made in order.
        case set([Assignment])
    }

    /// One assignment of a `set`.
    public struct Assignment: Equatable, Sendable {
        /// The property set.
        public var property: Property
        /// Its new value.
        public var value: Value
        /// `property` = `value`.
        public init(_ property: Property, _ value: Value) {
            self.property = property
            self.value = value
        }
    }

    /// Seconds of the run.
    public var time: Double
    /// The layer's (or view's) name.
    public var layer: String
    /// What it does.
    public var action: Action

    /// A change of `layer`'s timing at `time`.
    public init(time: Double, layer: String, action: Action) {
        self.time = time
        self.layer = layer
        self.action = action
    }

    /// The layer's timing after this change, given its timing before and `localTime`, which gives the layer's local
    /// time for a timing of its own (its superlayers' times are what they are at this moment).
    public func applied(to before: LayerTiming, localTime: (LayerTiming) -> Double) -> LayerTiming {
        var timing = before
        switch action {
        case .pause:
            let paused = localTime(timing)
            timing.speed = 0
            timing.timeOffset = paused
        case .resume:
            let paused = timing.timeOffset
            timing.speed = 1
            timing.timeOffset = 0
            timing.beginTime = 0
            timing.beginTime = localTime(timing) - paused
        case .set(let assignments):
            for a in assignments {
                let v: Double
                switch a.value {
                case .number(let x): v = x
                case .localTime: v = localTime(timing)
                }
                switch a.property {
                case .beginTime: timing.beginTime = v
                case .speed: timing.speed = v
                case .timeOffset: timing.timeOffset = v
                }
            }
        }
        return timing
    }
}
