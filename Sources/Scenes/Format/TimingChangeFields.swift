import Animation
import IO

/// A layer timing change's fields (`layerTiming[]`: Technical Q&A QA1673's pause and resume, or setting a layer's
/// `speed`, `timeOffset` and `beginTime`), declared once. The rules between fields (times non-decreasing; the layer,
/// which must exist; `call` or `set`) are ``SceneDecoder/decodeLayerTimingChanges(_:layers:)``'s.
enum TimingChangeFields {
    static let table: FieldTable<SceneTimingChange> = {
        typealias F = FieldSpec<SceneTimingChange>
        let calls = ["pause", "resume"]
        let value = SceneSchema.anyOf([SceneSchema.num, .object([.init("const", .string("localTime"))])])
        let set = JSON.object([
            .init("type", .string("object")), .init("minProperties", .num(1)),
            .init("properties", .object(SceneTimingChange.Property.allCases.map { .init($0.rawValue, value) })),
            .init("additionalProperties", .bool(false)),
        ])
        return FieldTable(
            kind: "timingChange", summary: "A timed change of a layer's timing (QA1673's pause and resume, or set).",
            fields: [
                F.number(
                    "t", \.time, unit: "s", range: .nonNegative, default: 0, defaultText: "required",
                    notes: "non-decreasing from one change to the next"),
                F.ruled("layer", .string, default: "required", notes: "a layer or view", encode: { .string($0.layer) }),
                F(
                    name: "call", kind: .choice(calls), defaultText: "none", defaultJSON: nil,
                    notes: "instead of `set`",
                    decode: { change, f in
                        guard let c = try f.string("call") else { return }
                        switch c {
                        case "pause": change.action = .pause
                        case "resume": change.action = .resume
                        default: throw f.error("call", "must be \"pause\" or \"resume\", got \(quoted(c))")
                        }
                    },
                    encode: { change in
                        switch change.action {
                        case .pause: return .string("pause")
                        case .resume: return .string("resume")
                        case .set: return nil
                        }
                    }),
                F.ruled(
                    "set",
                    .other(
                        schema: set, type: "object of `speed`, `timeOffset`, `beginTime`: numbers or `\"localTime\"`"),
                    default: "none", notes: "instead of `call`; `localTime` is the layer's time at `t`",
                    encode: { change in
                        guard case .set(let assignments) = change.action else { return nil }
                        return .object(
                            assignments.map { a in
                                switch a.value {
                                case .number(let x): return .init(a.property.rawValue, .num(x))
                                case .localTime: return .init(a.property.rawValue, .string("localTime"))
                                }
                            })
                    }),
            ], required: ["t", "layer"])
    }()
}
