import Dynamics
import IO

/// An item's fields (`items[]`: UIDynamicItem and UIDynamicItemBehavior), declared once. Defaults are
/// ``ItemDefinition``'s own; the rules between fields (the default name, the collision bounds and their path) are
/// ``SceneDecoder/decodeItem(_:path:index:usedNames:)``'s.
enum ItemFields {
    static let table: FieldTable<SceneItem> = {
        let d = ItemDefinition(center: .zero)
        typealias F = FieldSpec<SceneItem>
        let kinds = ["rectangle", "ellipse", "path"]
        return FieldTable(
            kind: "item", summary: "A dynamic item (UIDynamicItem and UIDynamicItemBehavior).",
            fields: [
                F.ruled(
                    "name", .name, default: "`item<index>`", notes: "unique in the scene; names the item's columns",
                    encode: { .string($0.name) }),
                F.vector("center", \.definition.center, what: "point", unit: "pt", default: nil),
                F.vector(
                    "size", \.definition.size, what: "size", unit: "pt", range: .atLeast(Limits.minItemSize),
                    default: d.size),
                F.number("angle", \.definition.angle, unit: "rad", default: d.angle, notes: "clockwise on screen"),
                F.vector("velocity", \.definition.velocity, unit: "pt/s", default: d.velocity),
                F.number("angularVelocity", \.definition.angularVelocity, unit: "rad/s", default: d.angularVelocity),
                F.number(
                    "density", \.definition.density, range: .atLeast(Limits.minDensity), default: d.density,
                    notes: "mass = density × area / 10,000"),
                F.number(
                    "resistance", \.definition.resistance, unit: "1/s", range: .nonNegative, default: d.resistance,
                    notes: "linear damping; the engine's 0.1, not the documented 0"),
                F.number(
                    "angularResistance", \.definition.angularResistance, unit: "1/s", range: .nonNegative,
                    default: d.angularResistance, notes: "the engine's 0.1, not the documented 0"),
                F.boolean("allowsRotation", \.definition.allowsRotation, default: d.allowsRotation),
                F.boolean(
                    "isAnchored", \.definition.isAnchored, default: d.isAnchored,
                    notes: "fixed in place, a collision boundary"),
                F.number("charge", \.definition.charge, default: d.charge, notes: "for electric and magnetic fields"),
                F.number(
                    "elasticity", \.definition.elasticity, range: .nonNegative, default: d.elasticity,
                    notes: "combined per pair (docs/physics.md)"),
                F.number(
                    "friction", \.definition.friction, range: .nonNegative, default: d.friction,
                    notes: "combined per pair (docs/physics.md)"),
                F.ruled(
                    "collisionBoundsType", .choice(kinds), default: "`rectangle`", json: .string("rectangle"),
                    notes: "`path` when only `collisionBoundingPath` is given",
                    encode: { item in
                        switch item.definition.collisionBounds {
                        case .rectangle: return .string("rectangle")
                        case .ellipse: return .string("ellipse")
                        case .path: return .string("path")
                        }
                    }),
                F.ruled(
                    "collisionBoundingPath",
                    .other(schema: SceneSchema.array(SceneSchema.vec2, min: 3), type: "array of points, item-local pt"),
                    default: "required with `path`",
                    notes: "at least 3 points of a convex polygon; only with `path` bounds",
                    encode: { item in
                        guard case .path(let points) = item.definition.collisionBounds else { return nil }
                        return .array(points.map { .array([.num($0.x), .num($0.y)]) })
                    }),
            ], required: ["center"]
        ).ruled(by: [
            // Given with another bounds type the path would be ignored (alone, it makes the type `path`).
            ModeRule(
                field: "collisionBoundingPath", mode: "collisionBoundsType", modes: ["path"], defaultMode: nil,
                scope: "to path bounds", context: { "with collisionBoundsType \"\($0)\"" })
        ])
    }()
}
