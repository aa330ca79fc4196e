import Animation
import IO
import Springs

/// The fields of basic, keyframe and group animations (CABasicAnimation, CAKeyframeAnimation, CAAnimationGroup),
/// declared once for the encoder, the schema and the docs, with CAMediaTiming's fields (``AnimationFields/timing``)
/// in the order the file writes them. Their values are read in the form of `keyPath`'s property, and a keyframe
/// animation's arrays against each other, so ``SceneDecoder/decodeAnimation(_:path:topLevel:layers:)`` reads them
/// (rules between fields, in code); it takes its allowed fields from these tables.
enum AnimationKindFields {
    /// The `type` field of an animation of `type`.
    static func type<Model>(_ type: String) -> FieldSpec<Model> {
        .ruled("type", .choice([type]), default: "`basic`", encode: { _ in .string(type) })
    }

    /// CAMediaTiming's fields of an animation whose timing is at `path`.
    static func timing<Model>(_ path: WritableKeyPath<Model, MediaTiming>) -> [FieldSpec<Model>] {
        AnimationFields.timing.fields.map { $0.lifted(path) }
    }

    /// An animated key path: a layer property or a sub key path.
    static func keyPath<Model>(_ path: KeyPath<Model, String>) -> FieldSpec<Model> {
        .ruled(
            "keyPath", .other(schema: SceneSchema.keyPaths, type: "key path"), default: "required",
            notes: "a layer property or sub key path (Layers and animations)", encode: { .string($0[keyPath: path]) })
    }

    /// A value in the form of `keyPath`'s property, written when set.
    static func value<Model>(_ name: String, _ path: KeyPath<Model, AnimatableValue?>, notes: String) -> FieldSpec<
        Model
    > {
        .ruled(
            name, .other(schema: SceneSchema.ref("value"), type: "value of the key path's kind"), default: "none",
            notes: notes, encode: { $0[keyPath: path].map(SceneEncoder.value) })
    }

    /// A timing curve: a name or four control-point numbers.
    static func curve<Model>(_ name: String, _ path: KeyPath<Model, CubicBezier>) -> FieldSpec<Model> {
        .ruled(
            name, .other(schema: SceneSchema.ref("curve"), type: "curve name or [x1, y1, x2, y2]"), default: "`linear`",
            notes: "x1, x2 in 0 to 1; names: linear, easeIn, easeOut, easeInEaseOut, easeInOut, default",
            encode: { SceneEncoder.curve($0[keyPath: path]) })
    }

    /// An optional array of numbers, written when set.
    static func numbers<Model>(
        _ name: String, _ path: KeyPath<Model, [Double]?>, schema: JSON = SceneSchema.array(SceneSchema.num),
        notes: String
    ) -> FieldSpec<Model> {
        .ruled(
            name, .other(schema: schema, type: "array of numbers"), default: "none", notes: notes,
            encode: { $0[keyPath: path].map { .array($0.map { .num($0) }) } })
    }

    /// CABasicAnimation.
    static let basic: FieldTable<BasicAnimation> = {
        typealias F = FieldSpec<BasicAnimation>
        return FieldTable(
            kind: "basicAnimation", summary: "CABasicAnimation: from one value to another.",
            fields: [
                type("basic"), keyPath(\.keyPath),
                value("fromValue", \.fromValue, notes: "at most two of the three (Apple's rules)"),
                value("toValue", \.toValue, notes: ""), value("byValue", \.byValue, notes: "added to the start value"),
            ] + timing(\.timing) + [
                curve("timingFunction", \.timingFunction),
                F.boolean("isAdditive", \.isAdditive, default: false, notes: "added to the layer's value"),
                F.boolean(
                    "isCumulative", \.isCumulative, default: false, notes: "each repeat goes on from the last end"),
            ], required: ["keyPath"])
    }()

    /// CAKeyframeAnimation.
    static let keyframe: FieldTable<KeyframeAnimation> = {
        typealias F = FieldSpec<KeyframeAnimation>
        let unit = SceneSchema.array(SceneSchema.number(min: 0, max: 1))
        return FieldTable(
            kind: "keyframeAnimation", summary: "CAKeyframeAnimation: through values or along a path.",
            fields: [
                type("keyframe"), keyPath(\.keyPath),
                F.ruled(
                    "path", .other(schema: SceneSchema.string, type: "SVG path data, pt"), default: "none",
                    notes: "for `position`, instead of `values`: absolute M, L, H, V, Q, C, Z",
                    encode: { a in
                        a.path.map { .string(SceneEncoder.pathData($0)) }
                    }),
                F.ruled(
                    "values",
                    .other(schema: SceneSchema.array(SceneSchema.ref("value"), min: 1), type: "array of values"),
                    default: "required, or `path`",
                    encode: { a in a.path != nil ? nil : .array(a.values.map(SceneEncoder.value)) }),
                numbers(
                    "keyTimes", \.keyTimes, schema: unit,
                    notes: "one per value, from 0 to 1, non-decreasing; not in the paced modes"),
                curve("timingFunction", \.timingFunction),
                F.ruled(
                    "timingFunctions",
                    .other(schema: SceneSchema.array(SceneSchema.ref("curve")), type: "array of curves"),
                    default: "none", notes: "one per segment; `linear` and `cubic` modes",
                    encode: { a in a.timingFunctions.map { .array($0.map(SceneEncoder.curve)) } }),
                F.choice("calculationMode", \.calculationMode, default: .linear),
                numbers("tensionValues", \.tensionValues, notes: "cubic modes: one per value"),
                numbers("continuityValues", \.continuityValues, notes: "cubic modes: one per value"),
                numbers("biasValues", \.biasValues, notes: "cubic modes: one per value"),
            ] + timing(\.timing) + [
                F.boolean("isAdditive", \.isAdditive, default: false),
                F.boolean("isCumulative", \.isCumulative, default: false),
                F.ruled(
                    "rotationMode", .choice(KeyframeAnimation.RotationMode.allCases.map(\.rawValue)), default: "none",
                    notes: "with a path: turn along it", encode: { $0.rotationMode.map { .string($0.rawValue) } }),
            ], required: ["keyPath"]
        ).ruled(by: keyframeModeRules)
    }()

    /// A keyframe animation's fields that only some calculation modes use: tension, continuity and bias shape the
    /// cubic modes' spline; the paced modes space the values by distance (no key times, no segment timing) and
    /// discrete values jump (no segment timing).
    static let keyframeModeRules: [ModeRule] = {
        func rule(_ field: String, _ modes: [String], _ scope: String) -> ModeRule {
            ModeRule(
                field: field, mode: "calculationMode", modes: modes, defaultMode: "linear", scope: scope,
                context: { "in calculationMode \"\($0)\"" })
        }
        return ["tensionValues", "continuityValues", "biasValues"].map {
            rule($0, ["cubic", "cubicPaced"], "in the cubic modes")
        } + [
            rule(
                "keyTimes", ["linear", "discrete", "cubic"], "outside the paced modes, which space values by distance"),
            rule("timingFunctions", ["linear", "cubic"], "where segments are interpolated in time"),
        ]
    }()

    /// CAAnimationGroup.
    static let group: FieldTable<AnimationGroup> = {
        typealias F = FieldSpec<AnimationGroup>
        return FieldTable(
            kind: "groupAnimation", summary: "CAAnimationGroup: animations on one timeline.",
            fields: [
                type("group"),
                F.ruled(
                    "animations",
                    .other(
                        schema: SceneSchema.array(SceneSchema.ref("childAnimation"), min: 1),
                        type: "array of animations"),
                    default: "required", notes: "children: no `layer`, `key`, `after` or transition",
                    encode: { g in
                        .array(g.animations.map { .object(SceneEncoder.animationFields($0)) })
                    }),
            ] + timing(\.timing) + [curve("timingFunction", \.timingFunction)], required: ["animations"])
    }()

    /// CASpringAnimation: its spring's fields are ``AnimationFields/spring``'s; it takes no timingFunction (the spring
    /// is its timing).
    static let spring: FieldTable<SpringAnimation> = {
        typealias F = FieldSpec<SpringAnimation>
        let springFields: [F] = AnimationFields.spring.fields.map { field in
            F.ruled(
                field.name, field.kind, default: field.defaultText, json: field.defaultJSON, notes: field.notes,
                encode: { field.encode(AnimationFields.SpringSettings($0)) })
        }
        return FieldTable(
            kind: "springAnimationFields", summary: "CASpringAnimation.",
            fields: [
                type("spring"), keyPath(\.keyPath),
                value("fromValue", \.fromValue, notes: "at most two of the three (Apple's rules)"),
                value("toValue", \.toValue, notes: ""), value("byValue", \.byValue, notes: "added to the start value"),
            ] + springFields + timing(\.timing) + [
                F.boolean("isAdditive", \.isAdditive, default: false, notes: "added to the layer's value")
            ], required: ["keyPath"])
    }()

    /// CATransition, with CAMediaTiming's fields and its curve.
    static let transition: FieldTable<Transition> = {
        FieldTable(
            kind: "transitionFields", summary: "CATransition.",
            fields: [type("transition")]
                + AnimationFields.transition.fields + timing(\.timing) + [curve("timingFunction", \.timingFunction)],
            required: [])
    }()

    /// The fields an animation of `type` takes, in the order the file writes them; nil for an unknown type.
    static func names(of type: String) -> [String]? {
        switch type {
        case "basic": return basic.names
        case "spring": return spring.names
        case "keyframe": return keyframe.names
        case "group": return group.names
        case "transition": return transition.names
        default: return nil
        }
    }

    /// A top-level animation's place: its layer, key and the animation it follows.
    static let placement: FieldTable<SceneAnimation> = {
        typealias F = FieldSpec<SceneAnimation>
        // The key and after reach the events file: label text, one line.
        let label = FieldKind.other(schema: SceneSchema.labelText, type: "string")
        return FieldTable(
            kind: "animation", summary: "An animation added to a layer (CALayer.add(_:forKey:)).",
            fields: [
                F.ruled(
                    "layer", .string, default: "required", notes: "the animated layer or view",
                    encode: { .string($0.layer) }),
                F.ruled(
                    "key", label, default: "`animation<index>`", notes: "unique; \(SceneSchema.labelRule)",
                    encode: { .string($0.key) }),
                F.ruled(
                    "after", label, default: "none", notes: "an earlier animation's key: begins at its stop",
                    encode: { $0.after.map { .string($0) } }),
            ], required: ["layer"])
    }()
}
