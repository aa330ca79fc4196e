import Dynamics
import IO

/// The behaviors' fields (`behaviors[]`, each told apart by `type`), declared once per type, in the order the encoder
/// writes them. Fields whose reading is a rule between fields (item names, which must exist; an anchor's name, point
/// or drag; the other item of an item-to-item attachment) are declared here and read by ``SceneDecoder``'s code.
enum BehaviorFields {
    typealias Snap = FieldSpec<SceneSnap>
    typealias AddVelocity = FieldSpec<SceneAddVelocity>
    typealias Attachment = FieldSpec<SceneAttachment>

    /// The `type` field of a behavior of `type`.
    static func type<Model>(_ type: String) -> FieldSpec<Model> {
        .ruled("type", .choice([type]), default: "required", encode: { _ in .string(type) })
    }

    /// An item named by a field: a string that must name an item of the scene.
    static func item<Model>(_ name: String, _ path: KeyPath<Model, String>, notes: String = "") -> FieldSpec<Model> {
        .ruled(
            name, .other(schema: SceneSchema.string, type: "item name"), default: "required", notes: notes,
            encode: { .string($0[keyPath: path]) })
    }

    /// An array of item names that must exist.
    static func items<Model>(_ path: KeyPath<Model, [String]>, default text: String, notes: String = "") -> FieldSpec<
        Model
    > {
        .ruled(
            "items", .other(schema: SceneSchema.array(SceneSchema.string, min: 1), type: "array of item names"),
            default: text,
            notes: notes, encode: { .array($0[keyPath: path].map { .string($0) }) })
    }

    /// A direction as a vector, or as an angle and a magnitude (UIPushBehavior's and UIGravityBehavior's two forms).
    static func direction<Model>(
        _ name: String, _ path: KeyPath<Model, SceneGravity.Form>, default text: String,
        notes: String, aloneAngle: String
    ) -> [FieldSpec<Model>] {
        [
            .ruled(
                name, .vector(what: "vector", unit: "", range: .any), default: text, notes: notes,
                encode: { m in
                    guard case .direction(let v) = m[keyPath: path] else { return nil }
                    return .array([.num(v.x), .num(v.y)])
                }),
            .ruled(
                "angle", .number(unit: "rad", range: .any), default: "none",
                notes: "with `magnitude` (alone: magnitude 1), instead of `\(name)`",
                encode: { m in
                    guard case .angle(let a, _) = m[keyPath: path] else { return nil }
                    return .num(a)
                }),
            .ruled(
                "magnitude", .number(unit: "", range: .any), default: "none",
                notes: "with `angle` (alone: angle \(aloneAngle))",
                encode: { m in
                    guard case .angle(_, let magnitude) = m[keyPath: path] else { return nil }
                    return .num(magnitude)
                }),
        ]
    }

    /// UIGravityBehavior.
    static let gravity = FieldTable<SceneGravity>(
        kind: "gravity", summary: "UIGravityBehavior: a constant acceleration.",
        fields: [
            type("gravity"),
            .ruled(
                "items", .other(schema: SceneSchema.array(SceneSchema.string, min: 1), type: "array of item names"),
                default: "all items",
                encode: { $0.items.map { .array($0.map { .string($0) }) } }),
        ]
            + direction(
                "gravityDirection", \.form, default: "0, 1", notes: "1 = 1000 pt/s²; `angle` π/2 points down",
                aloneAngle: "π/2"),
        required: ["type"])

    /// UIFieldBehavior: its kind, items, position, region, strength, falloff, minimumRadius, direction, and a noise or
    /// turbulence field's smoothness, animationSpeed and seed (written for those kinds only).
    static let field: FieldTable<SceneField> = {
        typealias F = FieldSpec<SceneField>
        let kinds = FieldBehavior.Kind.allCases.map(\.rawValue)
        let d = FieldBehavior(kind: .vortex, items: [])
        let noisy: (SceneField) -> Bool = { $0.field.kind == .noise || $0.field.kind == .turbulence }
        let region = regionTable.schema
        return FieldTable(
            kind: "field", summary: "UIFieldBehavior: a force field over a region.",
            fields: [
                type("field"),
                .ruled("kind", .choice(kinds), default: "required", encode: { .string($0.field.kind.rawValue) }),
                items(\.items, default: "required"),
                F.vector("position", \.field.position, what: "point", unit: "pt", default: d.position),
                .ruled(
                    "region", .other(schema: region, type: "object (below)"),
                    default: "everywhere",
                    encode: { f in
                        f.field.region == .infinite ? nil : .object(regionTable.encode(Region(f.field.region)))
                    }),
                F.number("strength", \.field.strength, default: d.strength),
                F.number("falloff", \.field.falloff, default: d.falloff, defaultText: "the kind's"),
                F.number(
                    "minimumRadius", \.field.minimumRadius, unit: "pt", range: .nonNegative, default: d.minimumRadius,
                    notes: "UIKit's 2^-15 m"),
                F.vector(
                    "direction", \.field.direction, unit: "", default: d.direction,
                    notes: "linear gravity, drag, velocity ([0, 0] on other kinds)"),
                F.number(
                    "smoothness", \.field.smoothness, range: .between(0, 1), default: d.smoothness,
                    notes: "noise, turbulence"
                ).only(when: noisy),
                F.number(
                    "animationSpeed", \.field.animationSpeed, default: d.animationSpeed, notes: "noise, turbulence"
                ).only(when: noisy),
                .ruled(
                    "seed",
                    .other(
                        schema: SceneSchema.type(
                            "integer", [.init("minimum", .num(0)), .init("maximum", .num(Limits.magnitude))]),
                        type: "whole number"), default: "0", json: .num(0), notes: "0 to 1e9; noise, turbulence",
                    encode: { noisy($0) ? .num(Double($0.field.seed)) : nil }),
            ], required: ["type", "kind", "items"]
        ).ruled(by: fieldKindRules)
    }()

    /// A field's fields that only some kinds use (UIFieldBehavior's factories take them): a noise or turbulence
    /// field's smoothness, animationSpeed and seed; a linear gravity, drag or velocity field's direction ([0, 0], the
    /// default the encoder writes for every kind, does nothing and is taken on any).
    static let fieldKindRules: [ModeRule] = {
        let onField: (String) -> String = { "on a \"\($0)\" field" }
        let isZero: (JSON) -> Bool = { json in
            guard case .array(let a) = json, a.count == 2 else { return false }
            return a.allSatisfy { if case .number(let x, _) = $0 { x == 0 } else { false } }
        }
        return ["smoothness", "animationSpeed", "seed"].map {
            ModeRule(
                field: $0, mode: "kind", modes: ["noise", "turbulence"], defaultMode: nil,
                scope: "to noise and turbulence fields", context: onField)
        } + [
            ModeRule(
                field: "direction", mode: "kind", modes: ["linearGravity", "drag", "velocity"], defaultMode: nil,
                scope: "to linear gravity, drag and velocity fields", context: onField, isInert: isZero,
                elsewhere: SceneSchema.array(.object([.init("const", .num(0))])))
        ]
    }()

    /// A collision's fields that only the modes with boundaries use: in `items` mode its items collide with each
    /// other only (false and [] do nothing and are taken).
    static let collisionModeRules: [ModeRule] = {
        let inMode: (String) -> String = { "in collisionMode \"\($0)\"" }
        return [
            ModeRule(
                field: "translatesReferenceBoundsIntoBoundary", mode: "collisionMode",
                modes: ["everything", "boundaries"], defaultMode: "everything",
                scope: "where items collide with boundaries", context: inMode, isInert: { $0 == .bool(false) },
                elsewhere: .object([.init("const", .bool(false))])),
            ModeRule(
                field: "boundaries", mode: "collisionMode", modes: ["everything", "boundaries"],
                defaultMode: "everything", scope: "where items collide with boundaries", context: inMode,
                isInert: { $0 == .array([]) }, elsewhere: .object([.init("maxItems", .num(0))])),
        ]
    }()

    /// UIPushBehavior.
    static let push: FieldTable<ScenePush> = {
        let p = ScenePush(items: [])
        return FieldTable(
            kind: "push", summary: "UIPushBehavior: a continuous or instantaneous force on items.",
            fields: [
                type("push"), items(\.items, default: "required"),
                FieldSpec.choice("mode", \.mode, default: p.mode),
            ]
                + direction(
                    "pushDirection", \.form, default: "0, 0",
                    notes: "1 = 100 pt/s² on a 100 × 100 pt item of density 1",
                    aloneAngle: "0") + [
                    FieldSpec.vector(
                        "targetOffsetFromCenter", \.targetOffsetFromCenter, what: "point", unit: "pt",
                        default: p.targetOffsetFromCenter, notes: "where the force applies, in the item's frame"),
                    FieldSpec.number("beginTime", \.beginTime, unit: "s", default: p.beginTime),
                    .ruled(
                        "endTime", .other(schema: SceneSchema.num, type: "s"), default: "never",
                        notes: "a continuous push's end, not before `beginTime`",
                        encode: { $0.endTime.map { .num($0) } }),
                ], required: ["type", "items"])
    }()

    /// UICollisionBehavior.
    static let collision: FieldTable<SceneCollision> = {
        let c = SceneCollision(items: [])
        let boundary = SceneSchema.requiring(boundaryTable.schema, anyOf: [["from", "to"], ["path"]])
        return FieldTable(
            kind: "collision", summary: "UICollisionBehavior: items collide with each other and boundaries.",
            fields: [
                type("collision"), items(\.items, default: "required"),
                FieldSpec.choice("collisionMode", \.collisionMode, default: c.collisionMode),
                FieldSpec.boolean(
                    "translatesReferenceBoundsIntoBoundary", \.translatesReferenceBoundsIntoBoundary,
                    default: c.translatesReferenceBoundsIntoBoundary,
                    notes: "the reference bounds as a boundary; not in `items` mode"),
                .ruled(
                    "boundaries",
                    .other(
                        schema: SceneSchema.array(boundary),
                        type: "array of boundaries (below)"),
                    default: "none", notes: "identifier not `bounds`; not in `items` mode",
                    encode: { c in
                        c.boundaries.isEmpty ? nil : .array(c.boundaries.map(SceneEncoder.boundary))
                    }),
            ], required: ["type", "items"]
        ).ruled(by: collisionModeRules)
    }()

    /// A field's region (UIFieldBehavior.region: a circle by `radius` or a rectangle by `size`, centred on the field's
    /// position), as the decoder reads it.
    struct Region {
        var radius: Double?, size: Vector2?, inverse = false

        init() {}

        init(_ region: FieldRegion) {
            var shape = region
            if case .inverse(let inner) = region {
                shape = inner
                inverse = true
            }
            switch shape {
            case .circle(let r): radius = r
            case .rectangle(let w, let h): size = Vector2(w, h)
            case .infinite, .inverse: break
            }
        }

        /// The region: everywhere when neither radius nor size is given.
        var region: FieldRegion {
            let shape: FieldRegion =
                radius.map { .circle(radius: $0) } ?? size.map { .rectangle(width: $0.x, height: $0.y) } ?? .infinite
            return inverse ? .inverse(shape) : shape
        }
    }

    /// A field's region; giving both radius and size is a rule (``SceneDecoder/decodeRegion(_:path:)``).
    static let regionTable: FieldTable<Region> = {
        typealias F = FieldSpec<Region>
        let size = F(
            name: "size", kind: .vector(what: "size", unit: "pt", range: .nonNegative), defaultText: "none",
            defaultJSON: nil, notes: "a rectangle's width and height, instead of `radius`",
            decode: { r, f in
                guard let v = try f.vector("size") else { return }
                for x in [v.x, v.y] {
                    if let problem = NumberRange.nonNegative.problem(x, text: NumberFormat.shortest(x)) {
                        throw f.error("size", problem)
                    }
                }
                r.size = v
            },
            encode: { $0.size.map(SceneEncoder.vec) })
        return FieldTable(
            kind: "region", summary: "A field's region.",
            fields: [
                F.number("radius", \.radius, unit: "pt", range: .nonNegative, default: "none", notes: "a circle's"),
                size,
                F.boolean("inverse", \.inverse, default: false, notes: "everywhere outside the shape").only(when: {
                    $0.inverse
                }),
            ], required: [])
    }()

    /// A collision boundary (UICollisionBehavior's addBoundary(withIdentifier:from:to:) or (withIdentifier:for:)): a
    /// segment, or a path. Its rules (a segment or a path; no zero-length segment; identifiers unique) are
    /// ``SceneDecoder``'s code.
    static let boundaryTable: FieldTable<SceneBoundary> = {
        typealias F = FieldSpec<SceneBoundary>
        let isSegment: (SceneBoundary) -> Bool = { $0.points.count == 2 && !$0.closed }
        let identifier = SceneSchema.type(
            "string",
            [.init("minLength", .num(1))] + SceneSchema.labelText.objectMembers.filter { $0.key != "type" } + [
                .init("not", .object([.init("const", .string("bounds"))]))
            ])
        return FieldTable(
            kind: "boundary", summary: "A collision boundary: a segment or a path.",
            fields: [
                F.ruled(
                    "identifier", .other(schema: identifier, type: "string"), default: "required",
                    notes: "unique in the behavior, not `bounds`; names its contact events; \(SceneSchema.labelRule)",
                    encode: { .string($0.identifier) }),
                F.ruled(
                    "from", .vector(what: "point", unit: "pt", range: .any), default: "required with `to`",
                    notes: "a segment's start", encode: { isSegment($0) ? SceneEncoder.vec($0.points[0]) : nil }),
                F.ruled(
                    "to", .vector(what: "point", unit: "pt", range: .any), default: "required with `from`",
                    notes: "a segment's end", encode: { isSegment($0) ? SceneEncoder.vec($0.points[1]) : nil }),
                F.ruled(
                    "path", .other(schema: SceneSchema.array(SceneSchema.vec2), type: "array of points, pt"),
                    default: "none", notes: "instead of a segment; no point twice in a row",
                    encode: { isSegment($0) ? nil : .array($0.points.map(SceneEncoder.vec)) }),
                F.ruled(
                    "closed", .boolean, default: "false", json: .bool(false), notes: "with `path`: back to its start",
                    encode: { .bool($0.closed) }
                ).only(when: { !isSegment($0) }),
            ], required: ["identifier"])
    }()

    /// UISnapBehavior.
    static let snap = FieldTable<SceneSnap>(
        kind: "snap", summary: "UISnapBehavior: the item springs to a point.",
        fields: [
            type("snap"), item("item", \.item),
            Snap.vector("snapPoint", \.snapPoint, what: "point", unit: "pt", default: nil, notes: "the target center"),
            Snap.number(
                "damping", \.damping, range: .between(0, 1), default: SceneSnap(item: "", snapPoint: .zero).damping,
                notes: "UISnapBehavior.damping"),
        ], required: ["type", "item", "snapPoint"])

    /// UIDynamicItemBehavior.addLinearVelocity and addAngularVelocity at a time.
    static let addVelocity = FieldTable<SceneAddVelocity>(
        kind: "addVelocity", summary: "Velocity added to an item at a time (UIDynamicItemBehavior.addLinearVelocity).",
        fields: [
            type("addVelocity"), item("item", \.item),
            AddVelocity.number("time", \.time, unit: "s", default: SceneAddVelocity(item: "").time),
            AddVelocity.vector(
                "linearVelocity", \.linearVelocity, unit: "pt/s", default: SceneAddVelocity(item: "").linearVelocity),
            AddVelocity.number(
                "angularVelocity", \.angularVelocity, unit: "rad/s", default: SceneAddVelocity(item: "").angularVelocity
            ),
        ], required: ["type", "item"])

    /// UIAttachmentBehavior: to an anchor point (maybe dragged) or to another item.
    static let attachment: FieldTable<SceneAttachment> = {
        let a = SceneAttachment(item: "")
        return FieldTable(
            kind: "attachment", summary: "UIAttachmentBehavior: an item held to an anchor point or to another item.",
            fields: [
                type("attachment"),
                .ruled(
                    "name", .name, default: "`anchor`, `anchor2`, ...",
                    notes: "names the anchor's columns; none item to item",
                    encode: { $0.name.map { .string($0) } }),
                item("item", \.item),
                Attachment.vector(
                    "offsetFromCenter", \.offsetFromCenter, what: "point", unit: "pt", default: a.offsetFromCenter,
                    notes: "in the item's frame"),
                .ruled(
                    "attachedTo", .other(schema: SceneSchema.string, type: "item name"), default: "none",
                    notes: "item to item (then no `name`, `anchorPoint` or `drag`)",
                    encode: { $0.attachedTo.map { .string($0) } }),
                .ruled(
                    "attachedOffsetFromCenter", .other(schema: SceneSchema.vec2, type: "point, pt"), default: "0, 0",
                    notes: "only with `attachedTo`, in the other item's frame",
                    encode: { a in
                        a.attachedTo == nil
                            ? nil : .array([.num(a.attachedOffsetFromCenter.x), .num(a.attachedOffsetFromCenter.y)])
                    }),
                .ruled(
                    "anchorPoint", .vector(what: "point", unit: "pt", range: .any),
                    default: "required without `attachedTo` or `drag`",
                    encode: { $0.anchorPoint.map { .array([.num($0.x), .num($0.y)]) } }),
                Attachment.number(
                    "length", \.length, unit: "pt", range: .nonNegative, default: "the distance at the start"),
                Attachment.number(
                    "frequency", \.frequency, unit: "Hz", range: .between(0, Limits.maxFrequency), default: a.frequency,
                    notes: "0 = rigid"),
                Attachment.number(
                    "damping", \.damping, range: .nonNegative, default: a.damping, notes: "damping ratio of the spring"),
                .ruled(
                    "drag", .other(schema: SceneSchema.ref("drag"), type: "object (below)"), default: "none",
                    notes: "the anchor moved by a finger", encode: { $0.drag.map(SceneEncoder.drag) }),
            ], required: ["type", "item"])
    }()
}
