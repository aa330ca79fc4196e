import Animation
import IO

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
