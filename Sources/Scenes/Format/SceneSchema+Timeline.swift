import Animation
import IO

// The schema's Core Animation and UIKit side: views, layers, animations, property animators, blocks, gestures and
// layer timing changes.
extension SceneSchema {
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

    /// A layer (``LayerFields/table``).
    static var layer: JSON { LayerFields.table.schema }

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

    /// A call of an animator's script, by `call`: each branch is its call's table (``AnimatorCallFields``).
    static var animatorCall: JSON {
        tagged("call", AnimatorCallFields.tables.map { ($0.name.rawValue, $0.table.branchSchema(tag: "call")) })
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
