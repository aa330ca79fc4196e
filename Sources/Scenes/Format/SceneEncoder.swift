import Dynamics
import IO

/// Writes a ``Scene`` as a scene file, from the typed model alone. Every field is written, defaults included, so the
/// file is a complete starting point to edit; decoding the text gives back an equal scene (numbers print in shortest
/// round-trip form), so running it gives byte-identical output. Optional fields are written only when set (`subSteps`,
/// an animation's `fromValue`, a keyframe animation's `keyTimes`, ...), and of a pair the format refuses together only
/// the one in use (`repeatDuration` when it is set, else `repeatCount`). Layers and animations are written by
/// SceneEncoder+Animation.swift.
public enum SceneEncoder {
    /// The scene as JSON text with a final newline.
    public static func text(_ scene: Scene) -> String { JSONWriter.write(json(scene)) }

    static func vec(_ v: Vector2) -> JSON { .array([.num(v.x), .num(v.y)]) }

    /// The scene as a JSON value.
    public static func json(_ scene: Scene) -> JSON {
        // `$schema` first: the schema an editor checks the file against (`dynsim schema > dynsim.schema.json`).
        .object(SceneFields.table.encode(scene))
    }

    static func item(_ item: SceneItem) -> JSON {
        .object(ItemFields.table.encode(item))
    }

    static func behavior(_ b: SceneBehavior) -> JSON {
        switch b {
        case .gravity(let g): return .object(BehaviorFields.gravity.encode(g))
        case .push(let p): return .object(BehaviorFields.push.encode(p))
        case .collision(let c): return .object(BehaviorFields.collision.encode(c))
        case .field(let sf): return .object(BehaviorFields.field.encode(sf))
        case .snap(let snap): return .object(BehaviorFields.snap.encode(snap))
        case .addVelocity(let a): return .object(BehaviorFields.addVelocity.encode(a))
        case .attachment(let a): return .object(BehaviorFields.attachment.encode(a))
        }
    }

    /// A collision boundary: a segment (`from`, `to`) or a path (`path`, `closed`).
    static func boundary(_ b: SceneBoundary) -> JSON { .object(BehaviorFields.boundaryTable.encode(b)) }

    /// An attachment's drag: its interpolation, and its keyframes or CSV file.
    static func drag(_ drag: SceneDrag) -> JSON { .object(DragFields.table.encode(drag)) }
}
