import Animation
import IO

/// Scripted gestures' fields (`gestures[]`), declared once: the gesture's own and a pan's action (scrubbing a property
/// animator, as a UIPanGestureRecognizer handler sets fractionComplete and continues the animation on release). The
/// rules between fields (the view, which must exist; touches or a CSV, their width by type; the action by type) are
/// ``SceneDecoder``'s code.
enum GestureFields {
    static let table: FieldTable<SceneGesture> = {
        typealias F = FieldSpec<SceneGesture>
        let touch = SceneSchema.anyOf([
            SceneSchema.tuple([SceneSchema.nonNegative, SceneSchema.num, SceneSchema.num]),
            SceneSchema.tuple([
                SceneSchema.nonNegative, SceneSchema.num, SceneSchema.num,
                SceneSchema.num, SceneSchema.num,
            ]),
        ])
        let action = SceneSchema.anyOf([
            pan.schema, ScrollViewFields.throwing.schema,
            SceneSchema.object(
                [("animate", SceneSchema.ref("gestureBlock"))],
                required: ["animate"]),
        ])
        return FieldTable(
            kind: "gesture", summary: "A scripted gesture and what it does.",
            fields: [
                BlockFields.name("unique in the scene", \.name) { $0.name = $1 },
                F.choice(
                    "type", \.kind, default: .pan, notes: "UIPanGestureRecognizer, UITapGestureRecognizer, two fingers"),
                F.ruled(
                    "view", .string, default: "required", notes: "the view the recognizer is attached to",
                    encode: { .string($0.view) }),
                F.ruled(
                    "touches",
                    .other(
                        schema: SceneSchema.array(touch, min: 1),
                        type: "array of [t, x, y] (two fingers: [t, x1, y1, x2, y2])"),
                    default: "required, or `csv`",
                    notes: "t in s from 0, non-decreasing; points in pt; a pan at least 2",
                    encode: { g in
                        g.csv != nil
                            ? nil
                            : .array(
                                g.samples.map { s in
                                    .array([.num(s.time)] + s.points.flatMap { [JSON.num($0.x), .num($0.y)] })
                                })
                    }),
                F.ruled(
                    "csv", .other(schema: SceneSchema.type("string", [.init("minLength", .num(1))]), type: "string"),
                    default: "none", notes: "a file of the same rows, relative to the scene file",
                    encode: { $0.csv.map { .string($0) } }),
                F.ruled(
                    "action",
                    .other(schema: action, type: "object: a pan's scrub or throw (below), or `{animate: block}`"),
                    default: "required; none on a scroll view", notes: "a tap or touches run a block",
                    encode: { g in
                        switch g.action {
                        case .scroll: return nil
                        case .throwing(let d): return .object(ScrollViewFields.throwing.encode(d))
                        case let .scrub(animator, distance, release, timing, factor):
                            return .object(
                                pan.encode(
                                    Pan(
                                        scrub: animator, distance: distance, release: release, timing: timing,
                                        durationFactor: factor)))
                        case .animate(let b):
                            return .object([.init("animate", SceneEncoder.block(b, inGesture: true))])
                        }
                    }),
            ], required: ["name", "type", "view"])
    }()

    /// A pan's action, as the decoder reads it.
    struct Pan {
        var scrub = "", distance = 0.0, release = SceneGesture.Release.center, timing: PropertyAnimator.Timing?
        var durationFactor = 1.0
    }

    /// A pan's action: the animator it scrubs, the translation that covers the whole animation, and the release.
    static let pan: FieldTable<Pan> = {
        typealias F = FieldSpec<Pan>
        let d = Pan()
        return FieldTable(
            kind: "panAction", summary: "A pan scrubbing a property animator.",
            fields: [
                F.ruled(
                    "scrub", .string, default: "required", notes: "an interruptible animator's name",
                    encode: { .string($0.scrub) }),
                F.number(
                    "distance", \.distance, unit: "pt", default: 0, defaultText: "required",
                    notes: "translation.x for the whole animation; not 0"),
                F.choice(
                    "release", \.release, default: d.release,
                    notes: "on lifting: continue toward the nearer end, the finger's velocity's end, on, or back"),
                AnimatorFields.timing(\.timing, notes: "continueAnimation's"),
                F.number(
                    "durationFactor", \.durationFactor, range: .positiveUpTo(Limits.magnitude),
                    default: d.durationFactor,
                    notes: "continueAnimation's"),
            ], required: ["scrub", "distance"])
    }()
}
