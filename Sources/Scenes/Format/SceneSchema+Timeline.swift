import Animation
import IO

// The schema's Core Animation and UIKit side: views, layers, animations, property animators, blocks, gestures and
// layer timing changes.
extension SceneSchema {
    static var layerTimingFields: [(String, JSON)] { ViewFields.layerTiming.map { ($0.name, $0.schema) } }
    /// A label's text: no control characters (a row stays one line); at most 1000 bytes, which a schema cannot count
    /// (1000 characters here).
    static let labelText = type(
        "string",
        [
            .init("maxLength", .num(Double(Limits.maxLabelBytes))),
            .init("pattern", str("^[^\\u0000-\\u001f\\u007f]*$")),
        ])
    /// The rule of text written into the output, as the docs' notes say it.
    static let labelRule = "at most \(Limits.maxLabelBytes) bytes, no control characters"

    static var view: JSON { requiring(ViewFields.table.schema, anyOf: [["frame"], ["center", "size"]]) }

    /// A layer: its name, superlayer, contents and timing, and every layer property of ``LayerProperty/all`` and its
    /// sub key paths, each in its kind's form.
    static var layer: JSON {
        func form(_ kind: AnimatableValue.Kind) -> JSON {
            switch kind {
            case .scalar: return num
            case .transform: return anyOf([tuple(Array(repeating: num, count: 16)), ref("transform")])
            default: return tuple(Array(repeating: num, count: kind.componentCount))
            }
        }
        let properties =
            LayerProperty.all.map { ($0.keyPath, form($0.kind)) }
            + LayerProperty.subKeyPaths.keys.sorted().map { ($0, num) }
        return object(
            [
                ("name", ref("name")), ("superlayer", string),
                ("text", labelText), ("textColor", vec4),
            ]
                + layerTimingFields + properties,
            required: ["name"], description: "A layer (CALayer): initial model values by key path.")
    }

    /// An animatable key path: a layer property (``LayerProperty/all``) or a sub key path.
    static var keyPaths: JSON { oneOf(LayerProperty.all.map(\.keyPath) + LayerProperty.subKeyPaths.keys.sorted()) }

    /// An animation, by `type` (default `basic`); top-level ones name their layer and may have a key and `after`.
    static func animation(topLevel: Bool) -> JSON {
        let placement = topLevel ? AnimationKindFields.placement.fields.map { ($0.name, $0.schema) } : []
        let required = topLevel ? ["layer"] : []
        // Each type's fields; `type` itself is the tagged union's selector.
        func fields<M>(_ table: FieldTable<M>) -> [(String, JSON)] {
            placement + table.fields.map { ($0.name, $0.name == "type" ? .object([]) : $0.schema) }
        }
        var branches: [(String, JSON)] = [
            ("basic", object(fields(AnimationKindFields.basic), required: required + ["keyPath"])),
            ("spring", object(fields(AnimationKindFields.spring), required: required + ["keyPath"])),
            (
                "keyframe",
                ModeRule.applying(
                    AnimationKindFields.keyframe.rules,
                    to: requiring(
                        object(fields(AnimationKindFields.keyframe), required: required + ["keyPath"]),
                        anyOf: [["values"], ["path"]]))
            ),
            ("group", object(fields(AnimationKindFields.group), required: required + ["animations"])),
        ]
        if topLevel {
            branches.append(("transition", object(fields(AnimationKindFields.transition), required: required)))
        }
        return tagged("type", branches, defaultValue: "basic")
    }

    static var animatorTiming: JSON {
        anyOf([ref("curve"), AnimatorFields.spring.schema, AnimatorFields.dampingRatio.schema])
    }

    static var animator: JSON { AnimatorFields.table.schema }

    /// An animator's change: a key path it animates, the target value, the delay factor.
    static var animatorChange: [(String, JSON)] {
        [
            (
                "keyPath",
                oneOf(
                    LayerProperty.all.map(\.keyPath) + [
                        "position.x", "position.y", "bounds.size.width", "bounds.size.height",
                    ])
            ),
            ("toValue", ref("value")), ("delayFactor", number(min: 0, max: 1, exclusiveMax: true)),
        ]
    }

    /// A call of an animator's script, by `call`.
    static var animatorCall: JSON {
        let change = animatorChange
        let t: (String, JSON) = ("t", nonNegative), call: (String, JSON) = ("call", .object([]))
        let calls: [(String, JSON)] = [
            ("startAnimation", object([t, call, ("delay", nonNegative)], required: ["t"])),
            ("pauseAnimation", object([t, call], required: ["t"])),
            ("stopAnimation", object([t, call, ("withoutFinishing", bool)], required: ["t"])),
            (
                "finishAnimation",
                object([t, call, ("at", oneOf(["start", "end", "current"]))], required: ["t", "at"])
            ),
            ("fractionComplete", object([t, call, ("value", number(min: 0, max: 1))], required: ["t", "value"])),
            ("isReversed", object([t, call, ("value", bool)], required: ["t", "value"])),
            (
                "continueAnimation",
                object(
                    [
                        t, call, ("durationFactor", number(min: 0, exclusiveMin: true)),
                        ("timing", ref("animatorTiming")),
                    ],
                    required: ["t"])
            ),
            ("addAnimations", object([t, call] + change, required: ["t", "keyPath", "toValue"])),
        ]
        return tagged("call", calls)
    }

    static var change: JSON { requiring(BlockFields.changeTable.schema, anyOf: [["value"], ["by"]]) }

    /// A block (``BlockFields``), with exactly one of `changes` and `keyframes`.
    static func block(inGesture: Bool) -> JSON {
        requiring(
            (inGesture ? BlockFields.gestureTable : BlockFields.table).schema, oneOf: [["changes"], ["keyframes"]])
    }

    static var gesture: JSON { requiring(GestureFields.table.schema, anyOf: [["touches"], ["csv"]]) }

    /// A timing change (``TimingChangeFields``), with exactly one of `call` and `set`.
    static var timingChange: JSON { requiring(TimingChangeFields.table.schema, oneOf: [["call"], ["set"]]) }
}

extension JSON {
    /// An object's members (none for another value).
    var objectMembers: [Member] {
        if case .object(let m) = self { return m }
        return []
    }
}
