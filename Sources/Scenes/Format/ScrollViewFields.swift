import Animation
import Dynamics
import IO

/// Scroll views' fields (`scrollViews[]`, UIScrollView) and a throwing drag's (a pan's `{"throw": ...}` action),
/// declared once. The rules between fields (a name unique among the scene's; paging or snap points, not both) are
/// ``SceneDecoder``'s code.
enum ScrollViewFields {
    /// `decelerationRate`: "normal" (0.998), "fast" (0.99) or a rate per millisecond in (0, 1).
    static func rate<Model>(_ path: WritableKeyPath<Model, SceneScrollView.DecelerationRate>, notes: String)
        -> FieldSpec<Model>
    {
        FieldSpec(
            name: "decelerationRate",
            kind: .other(
                schema: SceneSchema.anyOf([
                    SceneSchema.oneOf(["normal", "fast"]),
                    SceneSchema.number(min: 0, max: 1, exclusiveMin: true, exclusiveMax: true),
                ]), type: "\"normal\", \"fast\" or a number in (0, 1), per ms"),
            defaultText: "`normal`", defaultJSON: .string("normal"), notes: notes,
            decode: { model, f in
                guard let v = f.value("decelerationRate") else { return }
                switch v {
                case .string("normal"): model[keyPath: path] = .normal
                case .string("fast"): model[keyPath: path] = .fast
                case .number(let c, _) where c > 0 && c < 1: model[keyPath: path] = .custom(c)
                default:
                    throw f.error(
                        "decelerationRate",
                        "must be \"normal\", \"fast\" or a rate per millisecond between 0 and 1 (exclusive), got \(v.brief)"
                    )
                }
            },
            encode: { m in
                switch m[keyPath: path] {
                case .normal: return .string("normal")
                case .fast: return .string("fast")
                case .custom(let c): return .num(c)
                }
            })
    }

    /// A list of offsets along one axis, strictly increasing (the decoder checks the order).
    static func snapPoints(_ name: String, _ path: KeyPath<SceneScrollView, [Double]>) -> FieldSpec<SceneScrollView> {
        FieldSpec.ruled(
            name, .other(schema: SceneSchema.array(SceneSchema.num, min: 1), type: "array of offsets, pt"),
            default: "none", notes: "increasing; rests on the one nearest the projection",
            encode: { s in s[keyPath: path].isEmpty ? nil : .array(s[keyPath: path].map { .num($0) }) })
    }

    static let table: FieldTable<SceneScrollView> = {
        typealias F = FieldSpec<SceneScrollView>
        let rect = SceneSchema.tuple([
            SceneSchema.num, SceneSchema.num, SceneSchema.nonNegative, SceneSchema.nonNegative,
        ])
        let d = SceneScrollView(name: "", frame: Rect(x: 0, y: 0, width: 0, height: 0), contentSize: .zero)
        return FieldTable(
            kind: "scrollView", summary: "A scroll view (UIScrollView): a view whose bounds origin is its offset.",
            fields: [
                BlockFields.name("unique in the scene; names the columns and the views' `superview`", \.name) {
                    $0.name = $1
                },
                F.ruled(
                    "superview", .string, default: "none", notes: "a view; the scroll view is its first subview",
                    encode: { $0.superview.map { .string($0) } }),
                F.ruled(
                    "frame", .other(schema: rect, type: "rectangle, pt"), default: "required",
                    notes: "in the superview (the screen); width and height ≥ 0",
                    encode: { s in .array([s.frame.x, s.frame.y, s.frame.width, s.frame.height].map { .num($0) }) }),
                F.vector(
                    "contentSize", \.contentSize, what: "size", unit: "pt", range: .nonNegative, default: nil,
                    notes: "the content's views sit in it"),
                F.vector(
                    "contentOffset", \.contentOffset, what: "point", unit: "pt", default: d.contentOffset,
                    notes: "at the start"),
                rate(\.decelerationRate, notes: "after a flick (UIScrollView.DecelerationRate)"),
                F.boolean("bounces", \.bounces, default: d.bounces, notes: "rubber band past an edge, spring back"),
                F.boolean(
                    "alwaysBounceVertical", \.alwaysBounceVertical, default: d.alwaysBounceVertical,
                    notes: "scrolls vertically even when the content fits"),
                F.boolean(
                    "alwaysBounceHorizontal", \.alwaysBounceHorizontal, default: d.alwaysBounceHorizontal,
                    notes: "scrolls horizontally even when the content fits"),
                F.boolean(
                    "isPagingEnabled", \.isPagingEnabled, default: d.isPagingEnabled,
                    notes: "rests on whole pages (the frame's size)"),
                snapPoints("snapPointsX", \.snapPointsX),
                snapPoints("snapPointsY", \.snapPointsY),
                F(
                    name: "backgroundColor", kind: .other(schema: SceneSchema.vec4, type: "color [r, g, b, a]"),
                    defaultText: "none", defaultJSON: nil, notes: "",
                    decode: { s, f in
                        guard let c = f.value("backgroundColor") else { return }
                        s.backgroundColor = try SceneDecoder.value(
                            c, keyPath: "backgroundColor", path: f.childPath("backgroundColor"), file: f.file)
                    },
                    encode: { $0.backgroundColor.map(SceneEncoder.value) }),
            ], required: ["name", "frame", "contentSize"])
    }()

    /// A pan's throwing drag (``SceneThrow``).
    static let throwing: FieldTable<SceneThrow> = {
        typealias F = FieldSpec<SceneThrow>
        let d = SceneThrow(view: "", snapPoints: [])
        return FieldTable(
            kind: "throwAction", summary: "A pan throwing a view and throwing it to the nearest snap point.",
            fields: [
                F.ruled(
                    "throw", .string, default: "required", notes: "the view the pan moves", encode: { .string($0.view) }
                ),
                F.ruled(
                    "snapPoints",
                    .other(schema: SceneSchema.array(SceneSchema.vec2, min: 1), type: "array of points, pt"),
                    default: "required", notes: "centers in the view's superview; the nearest to the projection wins",
                    encode: { .array($0.snapPoints.map { .array([.num($0.x), .num($0.y)]) }) }),
                rate(\.decelerationRate, notes: "the projection's rate"),
                F.number(
                    "dampingRatio", \.dampingRatio,
                    range: .between(Limits.minSceneDampingRatio, Limits.maxSceneDampingRatio), default: d.dampingRatio,
                    notes: "UISpringTimingParameters"),
                F.number(
                    "response", \.response, unit: "s", range: .between(0.001, 1000), default: d.response,
                    notes: "the spring's undamped period"),
            ], required: ["throw", "snapPoints"])
    }()
}
