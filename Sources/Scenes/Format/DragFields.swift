import Dynamics
import IO

/// A drag's fields (an attachment's `drag`: an anchor moved by a finger), declared once. The rules (keyframes or a
/// CSV file, not both; times non-decreasing; the samples' budget) are ``SceneDecoder/decodeDrag(_:path:)``'s.
enum DragFields {
    static let table: FieldTable<SceneDrag> = {
        typealias F = FieldSpec<SceneDrag>
        return FieldTable(
            kind: "drag", summary: "An anchor dragged by a finger: keyframes [t, x, y] or a CSV file of t,x,y.",
            fields: [
                F.choice(
                    "interpolation", \.interpolation, default: .linear,
                    notes: "between samples: straight, Catmull-Rom, or minimum jerk"),
                F.ruled(
                    "keyframes",
                    .other(
                        schema: SceneSchema.array(
                            SceneSchema.tuple([SceneSchema.num, SceneSchema.num, SceneSchema.num]), min: 1),
                        type: "array of [t, x, y], s and pt"),
                    default: "required, or `csv`",
                    notes: "times non-decreasing; equal times (or less than 1 µs apart) make a jump",
                    encode: { drag in
                        drag.csv != nil
                            ? nil
                            : .array(
                                zip(drag.times, drag.points).map { t, p in .array([.num(t), .num(p.x), .num(p.y)]) })
                    }),
                F.ruled(
                    "csv", .other(schema: SceneSchema.type("string", [.init("minLength", .num(1))]), type: "string"),
                    default: "none", notes: "a file of t,x,y rows, relative to the scene file",
                    encode: { $0.csv.map { .string($0) } }),
            ], required: [])
    }()
}
