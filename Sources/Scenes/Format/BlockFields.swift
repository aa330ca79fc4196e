import Animation
import IO

/// UIView animation blocks' fields (`blocks[]`, and a tap's or touches' `animate`), declared once: the block's own
/// (UIView.animate(withDuration:delay:options:animations:), usingSpringWithDamping, animateKeyframes), its spring's,
/// a keyframe's and a change's. The rules between fields (t or after; changes or keyframes; a change's value in the
/// form of its property; a spring block's least duration and no curve option) are ``SceneDecoder``'s code.
enum BlockFields {
    /// A name field: 1 to ``Limits/maxNameLength`` ASCII letters, digits, '_' or '-', read by `set`.
    static func name<Model>(
        _ what: String, _ path: KeyPath<Model, String>,
        set: @escaping (inout Model, String) -> Void
    ) -> FieldSpec<Model> {
        FieldSpec(
            name: "name", kind: .name, defaultText: "required", defaultJSON: nil, notes: what,
            decode: { model, f in
                guard let n = try f.string("name") else { return }
                guard SceneDecoder.isValidName(n) else {
                    throw f.error("name", "must be 1 to 64 ASCII letters, digits, '_' or '-', got \(quoted(n))")
                }
                set(&model, n)
            },
            encode: { .string($0[keyPath: path]) })
    }

    /// The option names a block takes (UIView.AnimationOptions), in the order they are written.
    static var optionNames: [String] { SceneEncoder.blockOptionNames.map(\.0) + ["curveEaseInOut"] }

    /// A block (the gesture form leaves out `name`, `t` and `after`: a gesture starts it).
    static let table: FieldTable<SceneBlock> = {
        typealias F = FieldSpec<SceneBlock>
        let start = F(
            name: "t", kind: .number(unit: "s", range: .nonNegative), defaultText: "0", defaultJSON: .num(0),
            notes: "when the block is called; or `after`",
            decode: { block, f in
                guard let t = try f.number("t", in: .nonNegative) else { return }
                block.start = .time(t)
            },
            encode: { if case .time(let t) = $0.start { return .num(t) } else { return nil } })
        let after = F(
            name: "after", kind: .string, defaultText: "none",
            defaultJSON: nil, notes: "an earlier block's name: called from its completion",
            decode: { block, f in
                guard let a = try f.string("after") else { return }
                guard f.value("t") == nil else { throw f.error("after", "give t or after, not both, got \(quoted(a))") }
                block.start = .after(a)
            },
            encode: { if case .after(let a) = $0.start { return .string(a) } else { return nil } })
        let options = F.ruled(
            "options",
            .other(
                schema: SceneSchema.array(SceneSchema.oneOf(optionNames)),
                type: "array of option names"),
            default: "none (ease in and out)",
            notes: optionNames.map { "`\($0)`" }.joined(separator: ", ")
                + "; one curve at most", encode: { SceneEncoder.blockOptions($0.animation.options) })
        let spring = F.ruled(
            "spring", .other(schema: springTable.schema, type: "object (below)"), default: "none",
            notes: "usingSpringWithDamping: the spring is the timing",
            encode: { b in
                b.animation.spring.map { .object(springTable.encode($0)) }
            })
        return FieldTable(
            kind: "block", summary: "A UIView animation block, called at t or from another block's completion.",
            fields: [
                name("unique in the scene", \.name) { $0.name = $1 }, start, after,
                F.number(
                    "duration", \.animation.duration, unit: "s", range: .between(0, Limits.maxBlockTime),
                    default: 0, defaultText: "required", notes: "0 sets the values at once"),
                F.number(
                    "delay", \.animation.delay, unit: "s", range: .between(0, Limits.maxBlockTime),
                    default: 0),
                options, spring,
                F.ruled(
                    "changes",
                    .other(
                        schema: SceneSchema.array(SceneSchema.ref("change"), min: 1),
                        type: "array of changes (below)"),
                    default: "required, or `keyframes`",
                    encode: { b in
                        b.keyframes.isEmpty ? .array(b.changes.map(SceneEncoder.change)) : nil
                    }),
                F.ruled(
                    "keyframes",
                    .other(
                        schema: SceneSchema.array(keyframeTable.schema, min: 1),
                        type: "array of keyframes (below)"),
                    default: "none", notes: "UIView.animateKeyframes; instead of `changes`",
                    encode: { b in
                        b.keyframes.isEmpty
                            ? nil
                            : .array(
                                b.keyframes.map { k in
                                    .object(keyframeTable.encode(Keyframe(k)))
                                })
                    }),
            ], required: ["name", "duration"])
    }()

    /// A tap's or touches' block (`action.animate`): a block without `name`, `t` or `after`.
    static let gestureTable = table.excluding(
        ["name", "t", "after"], kind: "gestureBlock",
        summary: "The block a tap or touches run.")

    /// A spring block's spring (UIView.animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:)).
    static let springTable: FieldTable<ViewAnimation.SpringParameters> = {
        typealias F = FieldSpec<ViewAnimation.SpringParameters>
        return FieldTable(
            kind: "blockSpring", summary: "A block's spring.",
            fields: [
                F.number(
                    "dampingRatio", \.dampingRatio,
                    range: .between(Limits.minSceneDampingRatio, Limits.maxSceneDampingRatio),
                    default: 1, defaultText: "required", notes: "usingSpringWithDamping"),
                F.number(
                    "initialSpringVelocity", \.initialSpringVelocity, default: 0,
                    notes: "in distances per second, as Apple's"),
            ], required: ["dampingRatio"])
    }()

    /// One keyframe of a keyframe block, as the decoder reads it.
    struct Keyframe {
        var relativeStartTime = 0.0, relativeDuration: Double?, changes: [ViewChange] = []

        init() {}

        init(_ k: (relativeStartTime: Double, relativeDuration: Double, changes: [ViewChange])) {
            relativeStartTime = k.relativeStartTime
            relativeDuration = k.relativeDuration
            changes = k.changes
        }
    }

    /// A keyframe (UIView.addKeyframe(withRelativeStartTime:relativeDuration:animations:)).
    static let keyframeTable: FieldTable<Keyframe> = {
        typealias F = FieldSpec<Keyframe>
        return FieldTable(
            kind: "blockKeyframe", summary: "A keyframe of a keyframe block.",
            fields: [
                F.number(
                    "relativeStartTime", \.relativeStartTime, range: .between(0, 1), default: 0,
                    notes: "a fraction of the block's duration"),
                F.number(
                    "relativeDuration", \.relativeDuration, range: .between(0, 1), default: "1 − relativeStartTime",
                    notes: "at most 1 − relativeStartTime"),
                F.ruled(
                    "changes",
                    .other(
                        schema: SceneSchema.array(SceneSchema.ref("change"), min: 1),
                        type: "array of changes (below)"),
                    default: "required", encode: { .array($0.changes.map(SceneEncoder.change)) }),
            ], required: ["changes"])
    }()
}

extension BlockFields {
    /// A change inside a block (a property set in UIView.animate's animations closure): its value is read in the form of
    /// its property, so ``SceneDecoder/decodeChange(_:path:targets:gesture:)`` reads it (a rule between fields).
    static let changeTable: FieldTable<ViewChange> = {
        typealias F = FieldSpec<ViewChange>
        let value = SceneSchema.anyOf([
            SceneSchema.num, SceneSchema.array(SceneSchema.num, min: 2, max: 4),
            SceneSchema.oneOf(["location", "touchRect"]),
        ])
        let by = SceneSchema.anyOf([SceneSchema.num, SceneSchema.array(SceneSchema.num, min: 2, max: 4)])
        return FieldTable(
            kind: "change", summary: "A change of a view's property in a block.",
            fields: [
                F.ruled("view", .string, default: "required", notes: "a view's name", encode: { .string($0.view) }),
                F.ruled(
                    "property", .choice(viewProperties.keys.sorted()), default: "required",
                    notes: "in UIView's terms", encode: { .string($0.property) }),
                F.ruled(
                    "value", .other(schema: value, type: "number, [x, y], [w, h], [x, y, w, h] or color"),
                    default: "required, or `by`",
                    notes:
                        "the new value; a tap's or pan's `\"location\"` (center), two fingers' `\"touchRect\"` (frame)",
                    encode: { c in
                        switch c.value {
                        case .value(let v): return SceneEncoder.value(v)
                        case .location: return .string("location")
                        case .touchRect: return .string("touchRect")
                        case .by: return nil
                        }
                    }),
                F.ruled(
                    "by", .other(schema: by, type: "number or array"), default: "none",
                    notes: "a change of the value instead (not for frame or backgroundColor)",
                    encode: { c in
                        if case .by(let d) = c.value { return SceneEncoder.value(d) }
                        return nil
                    }),
            ], required: ["view", "property"])
    }()
}
