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

extension SceneDecoder {
    /// The scene's `layerTiming` changes: `{"t", "layer", "call": "pause" | "resume"}` or `{"t", "layer", "set":
    /// {"speed" | "timeOffset" | "beginTime": number | "localTime", ...}}`, by non-decreasing `t` >= 0.
    /// - Throws: ``InputError`` naming the change and field.
    func decodeLayerTimingChanges(_ json: JSON, layers: Set<String>) throws -> [SceneTimingChange] {
        guard case .array(let list) = json else {
            throw InputError(file: fileName, path: "layerTiming", message: "must be an array of timing changes, got \(json.brief)")
        }
        var previous = 0.0
        return try list.enumerated().map { k, cj in
            let path = "layerTiming[\(k)]"
            let inSet = "inside \"set\": {\"set\": {\"speed\": ..., \"timeOffset\": ..., \"beginTime\": ...}}"
            let f = try Fields(cj, path: path, file: fileName, allowed: ["t", "layer", "call", "set"],
                               homes: ["speed": inSet, "timeOffset": inSet, "beginTime": inSet])
            guard let t = try f.number("t") else { throw f.missing("t", "the change's time in seconds") }
            guard t >= previous else {
                throw f.error("t", "must be >= 0 and not go backwards (previous \(NumberFormat.shortest(previous))), got \(f.text("t"))")
            }
            previous = t
            guard let layer = try f.string("layer") else { throw f.missing("layer", "the layer or view whose timing changes") }
            guard layers.contains(layer) else { throw f.error("layer", "no such layer or view, got \(quoted(layer))") }
            switch (try f.string("call"), f.value("set")) {
            case ("pause"?, nil): return SceneTimingChange(time: t, layer: layer, action: .pause)
            case ("resume"?, nil): return SceneTimingChange(time: t, layer: layer, action: .resume)
            case (let call?, nil): throw f.error("call", "must be pause or resume, got \(quoted(call))")
            case (nil, let sj?): return SceneTimingChange(time: t, layer: layer, action: .set(try assignments(sj, path: path + ".set")))
            case (_?, _?): throw f.error("set", "give call or set, not both, got \(f.text("set"))")
            case (nil, nil): throw f.missing("call", "pause or resume, or set: {speed, timeOffset, beginTime}")
            }
        }
    }

    private func assignments(_ json: JSON, path: String) throws -> [SceneTimingChange.Assignment] {
        guard case .object(let members) = json, !members.isEmpty else {
            throw InputError(file: fileName, path: path, message: "must be an object of speed, timeOffset or beginTime values, got \(json.brief)")
        }
        _ = try Fields(json, path: path, file: fileName, allowed: SceneTimingChange.Property.allCases.map(\.rawValue))
        return try members.map { m in
            let property = SceneTimingChange.Property(rawValue: m.key)!
            switch m.value {
            case .string("localTime"): return .init(property, .localTime)
            case .number(let x, _) where x.isFinite && abs(x) <= Limits.magnitude: return .init(property, .number(x))
            default:
                throw InputError(file: fileName, path: path + "." + m.key,
                                 message: "must be a finite number within ±1e9 or \"localTime\", got \(m.value.brief)")
            }
        }
    }
}
