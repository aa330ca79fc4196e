import Animation
import IO

extension SceneDecoder {
    /// The scene's `layerTiming` changes: `{"t", "layer", "call": "pause" | "resume"}` or `{"t", "layer", "set":
    /// {"speed" | "timeOffset" | "beginTime": number | "localTime", ...}}`, by non-decreasing `t` >= 0.
    /// - Throws: ``InputError`` naming the change and field.
    func decodeLayerTimingChanges(_ json: JSON, layers: Set<String>) throws -> [SceneTimingChange] {
        guard case .array(let list) = json else {
            throw InputError(
                file: fileName, path: "layerTiming", message: "must be an array of timing changes, got \(json.brief)")
        }
        var previous = 0.0
        return try list.enumerated().map { k, cj in
            let path = "layerTiming[\(k)]"
            let inSet = "inside \"set\": {\"set\": {\"speed\": ..., \"timeOffset\": ..., \"beginTime\": ...}}"
            let f = try Fields(
                cj, path: path, file: fileName, allowed: TimingChangeFields.table.names,
                homes: ["speed": inSet, "timeOffset": inSet, "beginTime": inSet])
            guard f.value("t") != nil else { throw f.missing("t", "the change's time in seconds") }
            var change = SceneTimingChange(time: 0, layer: "", action: .pause)
            try TimingChangeFields.table.decode(f, into: &change)
            guard change.time >= previous else {
                throw f.error(
                    "t", "must not go backwards (previous \(NumberFormat.shortest(previous))), got \(f.text("t"))")
            }
            previous = change.time
            guard let layer = try f.string("layer") else {
                throw f.missing("layer", "the layer or view whose timing changes")
            }
            guard layers.contains(layer) else { throw f.error("layer", "no such layer or view, got \(quoted(layer))") }
            change.layer = layer
            switch (f.value("call"), f.value("set")) {
            case (_?, nil): return change
            case (nil, let sj?):
                change.action = .set(try assignments(sj, path: path + ".set"))
                return change
            case (_?, _?): throw f.error("set", "give call or set, not both, got \(f.text("set"))")
            case (nil, nil): throw f.missing("call", "pause or resume, or set: {speed, timeOffset, beginTime}")
            }
        }
    }

    private func assignments(_ json: JSON, path: String) throws -> [SceneTimingChange.Assignment] {
        guard case .object(let members) = json, !members.isEmpty else {
            throw InputError(
                file: fileName, path: path,
                message: "must be an object of speed, timeOffset or beginTime values, got \(json.brief)")
        }
        _ = try Fields(json, path: path, file: fileName, allowed: SceneTimingChange.Property.allCases.map(\.rawValue))
        return try members.map { m in
            let property = SceneTimingChange.Property(rawValue: m.key)!
            switch m.value {
            case .string("localTime"): return .init(property, .localTime)
            case .number(let x, _) where x.isFinite && abs(x) <= Limits.magnitude: return .init(property, .number(x))
            default:
                throw InputError(
                    file: fileName, path: path + "." + m.key,
                    message: "must be a finite number within ±1e9 or \"localTime\", got \(m.value.brief)")
            }
        }
    }
}
