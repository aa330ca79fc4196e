import Dynamics
import IO

/// A scene's own fields (the top level of a scene file), declared once: its settings (name, profile, timeStep,
/// subSteps, duration, rate, bounds) and the lists that hold everything else. Defaults are ``Scene``'s own; the rules
/// between fields (the run's budget, items required unless there are views or layers) are ``SceneDecoder``'s.
public enum SceneFields {
    /// A scene's `duration` and `--duration`: 0 to `Limits.maxDuration` s.
    public static let durationRange = NumberRange.between(0, Limits.maxDuration)
    /// A scene's `rate` and `--rate` (of `run` and `spring`): more than 0, at most `Limits.maxRate` Hz.
    public static let rateRange = NumberRange.positiveUpTo(Limits.maxRate)

    /// A list field whose entries the kind's own decoder reads: `of` names the entries' schema definition.
    static func list(
        _ name: String, of entry: String, type: String, max: Int? = nil, min: Int? = nil, default text: String = "none",
        notes: String = "", encode: @escaping (Scene) -> JSON?
    ) -> FieldSpec<Scene> {
        .ruled(
            name, .other(schema: SceneSchema.array(SceneSchema.ref(entry), min: min, max: max), type: type),
            default: text,
            notes: notes, encode: encode)
    }

    /// The scene's `bounds` as an object (the reference view's frame); a member left out is the default's.
    static let boundsTable: FieldTable<Rect> = {
        let d = Scene().bounds
        let size = NumberRange.positiveUpTo(Limits.magnitude)
        return FieldTable(
            kind: "bounds", summary: "The reference view's frame (the scene's bounds as an object).",
            fields: [
                .number("x", \.x, unit: "pt", default: d.x), .number("y", \.y, unit: "pt", default: d.y),
                .number("width", \.width, unit: "pt", range: size, default: d.width),
                .number("height", \.height, unit: "pt", range: size, default: d.height),
            ], required: [])
    }()

    static let table: FieldTable<Scene> = {
        let d = Scene()
        typealias F = FieldSpec<Scene>
        let bounds = SceneSchema.anyOf([
            SceneSchema.ref("bounds"),
            SceneSchema.tuple([
                SceneSchema.num, SceneSchema.num, SceneSchema.number(min: 0, exclusiveMin: true),
                SceneSchema.number(min: 0, exclusiveMin: true),
            ]),
        ])
        let physical: (Scene) -> Bool = { !$0.items.isEmpty || $0.layers.isEmpty }
        let timeline: (Scene) -> Bool = { !$0.layers.isEmpty }
        let columns = JSON.object([
            .init("type", .string("array")), .init("items", SceneSchema.string),
            .init("minItems", .num(1)), .init("uniqueItems", .bool(true)),
        ])
        return FieldTable(
            kind: "scene", summary: "A scene. Units: points, seconds, radians (clockwise, y down), Hz.",
            fields: [
                F(
                    name: "$schema", kind: .string, defaultText: "none", defaultJSON: nil,
                    notes: "an editor's schema reference, read and ignored",
                    decode: { _, f in _ = try f.string("$schema") },
                    encode: { _ in .string(SceneSchema.fileName) }),
                F.string("name", \.name, notes: "informational"),
                F.string("description", \.description, notes: "informational"),
                F.choice("profile", \.profile, default: d.profile, notes: "docs/physics.md"),
                F.number(
                    "timeStep", \.timeStep, unit: "s", range: .between(Limits.minTimeStep, Limits.maxTimeStep),
                    default: d.timeStep, defaultText: "1/60", notes: "the display frame"),
                F.integer(
                    "subSteps", \.subSteps, range: .between(1, Double(Limits.maxSubSteps)),
                    default:
                        "\(SolverProfile.uikit.defaultSubSteps) (`uikit`), \(SolverProfile.precise.defaultSubSteps) (`precise`)",
                    notes: "solver steps per frame"),
                F.number(
                    "duration", \.duration, unit: "s", range: durationRange, default: d.duration,
                    notes: "within the sub-step and row budgets (limits.md)"),
                F.number(
                    "rate", \.rate, unit: "Hz", range: rateRange, default: d.rate,
                    notes: "rows at t = i / rate up to duration"),
                F.ruled(
                    "bounds", .other(schema: bounds, type: "object `x`, `y`, `width`, `height`, or [x, y, w, h], pt"),
                    default: "0, 0, 375, 667", json: nil,
                    notes:
                        "the reference view; width and height positive; an object's missing members are the default's",
                    encode: { .object(boundsTable.encode($0.bounds)) }),
                list(
                    "items", of: "item", type: "array of items", max: Limits.maxItems, min: 1, default: "required",
                    notes: "unless the scene has views or layers",
                    encode: { physical($0) ? .array($0.items.map(SceneEncoder.item)) : nil }),
                list(
                    "behaviors", of: "behavior", type: "array of behaviors", max: Limits.maxBehaviors,
                    encode: { physical($0) ? .array($0.behaviors.map(SceneEncoder.behavior)) : nil }),
                list(
                    "scrollViews", of: "scrollView", type: "array of scroll views",
                    notes: "root views; before the views, which may name one as their superview",
                    encode: { s in s.scrollViews.isEmpty ? nil : .array(s.scrollViews.map(SceneEncoder.scrollView)) }),
                list(
                    "views", of: "view", type: "array of views",
                    encode: { s in
                        let scrolling = Set(s.scrollViews.map(\.name))
                        let views = s.layers.filter { $0.isView && !scrolling.contains($0.name) }
                        return views.isEmpty ? nil : .array(views.map(SceneEncoder.view))
                    }),
                list(
                    "layers", of: "layer", type: "array of layers",
                    encode: { s in
                        let layers = s.layers.filter { !$0.isView }
                        return layers.isEmpty ? nil : .array(layers.map(SceneEncoder.layer))
                    }),
                list(
                    "animations", of: "animation", type: "array of animations",
                    encode: {
                        timeline($0) ? .array($0.animations.map(SceneEncoder.animation)) : nil
                    }),
                list(
                    "animators", of: "animator", type: "array of animators",
                    encode: {
                        timeline($0) && !$0.animators.isEmpty ? .array($0.animators.map(SceneEncoder.animator)) : nil
                    }),
                list(
                    "blocks", of: "block", type: "array of blocks",
                    encode: {
                        timeline($0) && !$0.blocks.isEmpty
                            ? .array($0.blocks.map { SceneEncoder.block($0, inGesture: false) }) : nil
                    }),
                list(
                    "gestures", of: "gesture", type: "array of gestures",
                    encode: {
                        timeline($0) && !$0.gestures.isEmpty ? .array($0.gestures.map(SceneEncoder.gesture)) : nil
                    }),
                list(
                    "layerTiming", of: "timingChange", type: "array of layer timing changes",
                    encode: {
                        timeline($0) && !$0.layerTiming.isEmpty
                            ? .array($0.layerTiming.map(SceneEncoder.timingChange)) : nil
                    }),
                F.ruled(
                    "columns", .other(schema: columns, type: "array of column names"), default: "all",
                    notes: "selects and orders the output columns (docs/output.md)",
                    encode: { $0.columns.map { .array($0.map { .string($0) }) } }),
            ], required: [])
    }()
}

extension NumberRange {
    /// A command-line option's check: nil within the range, else what the value must be (`unit` after the bound).
    public func check(unit: String = "") -> @Sendable (Double) -> String? {
        { contains($0) ? nil : requirement(for: $0, unit: unit) }
    }
}
