import Animation
import Dynamics
import Springs
import IO

/// The JSON Schema (draft 2020-12) of scene files, for editors: completion, hover text, and a red underline on an
/// unknown field, a wrong type, an unknown enum value, a missing required field or a number out of range. Built from
/// the same definitions the decoder reads where there is one table (`LayerProperty/all`, `Limits`, the enums of
/// modes, kinds and curves); the rest mirrors the decoder field by field, and `Tests/Schema/check.sh` holds the two
/// together: every built-in validates, and over seeded mutations of them the schema refuses no scene the decoder
/// accepts. Rules between fields (a name that must exist, at most two of fromValue/toValue/byValue, ...) are the
/// decoder's alone; docs/scene-format.md lists them.
public enum SceneSchema {
    /// The schema as JSON text with a final newline (`dynsim schema`).
    public static var text: String { JSONWriter.write(json) }

    /// The name a printed scene gives its schema in `"$schema"` (write `dynsim schema > dynsim.schema.json` beside).
    public static let fileName = "dynsim.schema.json"

    // MARK: Builders

    static func ref(_ name: String) -> JSON { .object([.init("$ref", .string("#/$defs/" + name))]) }
    static func str(_ s: String) -> JSON { .string(s) }
    static func type(_ t: String, _ more: [JSON.Member] = []) -> JSON { .object([.init("type", .string(t))] + more) }
    static func number(
        min: Double = -Limits.magnitude, max: Double = Limits.magnitude, exclusiveMin: Bool = false,
        exclusiveMax: Bool = false
    ) -> JSON {
        type(
            "number",
            [
                .init(exclusiveMin ? "exclusiveMinimum" : "minimum", .num(min)),
                .init(exclusiveMax ? "exclusiveMaximum" : "maximum", .num(max)),
            ])
    }
    static func integer(min: Double, max: Double) -> JSON {
        type("integer", [.init("minimum", .num(min)), .init("maximum", .num(max))])
    }
    static func oneOf(_ words: [String]) -> JSON { .object([.init("enum", .array(words.map(str)))]) }
    static func array(_ items: JSON, min: Int? = nil, max: Int? = nil) -> JSON {
        var m: [JSON.Member] = [.init("type", str("array")), .init("items", items)]
        if let min { m.append(.init("minItems", .num(Double(min)))) }
        if let max { m.append(.init("maxItems", .num(Double(max)))) }
        return .object(m)
    }
    static func tuple(_ items: [JSON]) -> JSON {
        .object([
            .init("type", str("array")), .init("prefixItems", .array(items)), .init("items", .bool(false)),
            .init("minItems", .num(Double(items.count))),
        ])
    }
    static func anyOf(_ schemas: [JSON]) -> JSON { .object([.init("anyOf", .array(schemas))]) }
    /// `schema` and at least one of these field sets present.
    static func requiring(_ schema: JSON, anyOf sets: [[String]]) -> JSON { requiring(schema, sets, "anyOf") }

    /// `schema` and exactly one of these field sets present (a block's `changes` or `keyframes`).
    static func requiring(_ schema: JSON, oneOf sets: [[String]]) -> JSON { requiring(schema, sets, "oneOf") }

    private static func requiring(_ schema: JSON, _ sets: [[String]], _ combinator: String) -> JSON {
        let alternatives = JSON.array(sets.map { set in .object([.init("required", .array(set.map(str)))]) })
        return .object([.init("allOf", .array([schema, .object([.init(combinator, alternatives)])]))])
    }

    /// A closed object: these properties only, `required` present.
    static func object(_ properties: [(String, JSON)], required: [String] = [], description: String? = nil) -> JSON {
        var m: [JSON.Member] = [.init("type", str("object"))]
        if let description { m.append(.init("description", str(description))) }
        m.append(.init("properties", .object(properties.map { .init($0.0, $0.1) })))
        if !required.isEmpty { m.append(.init("required", .array(required.map(str)))) }
        m.append(.init("additionalProperties", .bool(false)))
        return .object(m)
    }
    /// One of several closed objects told apart by `key` (`type`, `call`): each branch applies when the key has its
    /// value (`defaultValue` also when the key is absent).
    static func tagged(_ key: String, _ branches: [(String, JSON)], defaultValue: String? = nil) -> JSON {
        let clauses: [JSON] = branches.map { value, schema in
            var condition: JSON = .object([
                .init("properties", .object([.init(key, .object([.init("const", str(value))]))])),
                .init("required", .array([str(key)])),
            ])
            if value == defaultValue {
                condition = .object([
                    .init(
                        "anyOf",
                        .array([condition, .object([.init("not", .object([.init("required", .array([str(key)]))]))])]))
                ])
            }
            return .object([.init("if", condition), .init("then", schema)])
        }
        var m: [JSON.Member] = [
            .init("type", str("object")),
            .init("properties", .object([.init(key, oneOf(branches.map(\.0)))])),
        ]
        if defaultValue == nil { m.append(.init("required", .array([str(key)]))) }
        m.append(.init("allOf", .array(clauses)))
        return .object(m)
    }

    static let num = ref("number"), nonNegative = number(min: 0), vec2 = ref("vector"), bool = type("boolean")
    static let string = type("string"), names = array(type("string"))
    static let vec4 = tuple(Array(repeating: ref("number"), count: 4))

    // MARK: The schema

    /// The whole schema.
    public static var json: JSON {
        .object(
            [
                .init("$schema", str("https://json-schema.org/draft/2020-12/schema")),
                .init("$id", str(fileName)),
                .init("title", str("dynsim scene")),
                .init(
                    "description",
                    str(
                        "A dynsim scene file: items and behaviors (UIKit Dynamics), layers and animations (Core Animation), views, blocks, gestures and property animators (UIKit). See docs/scene-format.md."
                    )),
            ] + scene.objectMembers + [.init("$defs", .object(definitions.map { .init($0.0, $0.1) }))])
    }

    static var definitions: [(String, JSON)] {
        [
            ("number", number()),
            ("vector", tuple([num, num])),
            ("name", type("string", [.init("pattern", str("^[A-Za-z0-9_-]{1,\(Limits.maxNameLength)}$"))])),
            (
                "curve",
                anyOf([
                    oneOf(CubicBezier.named.map(\.name) + ["easeInOut"]),
                    tuple([
                        number(min: 0, max: 1), number(min: -Limits.maxSceneCurveY, max: Limits.maxSceneCurveY),
                        number(min: 0, max: 1), number(min: -Limits.maxSceneCurveY, max: Limits.maxSceneCurveY),
                    ]),
                ])
            ),
            ("transform", TransformFields.table.schema), ("bounds", SceneFields.boundsTable.schema),
            ("value", anyOf([num, array(num, min: 2, max: 16), ref("transform")])),
            ("item", item), ("behavior", behavior), ("drag", drag), ("view", view), ("layer", layer),
            ("animation", animation(topLevel: true)), ("childAnimation", animation(topLevel: false)),
            ("animatorTiming", animatorTiming), ("animator", animator), ("animatorCall", animatorCall),
            ("change", change),
            ("block", block(inGesture: false)), ("gestureBlock", block(inGesture: true)), ("gesture", gesture),
            ("timingChange", timingChange), ("scrollView", ScrollViewFields.table.schema),
        ]
    }

    static var scene: JSON { SceneFields.table.schema }

    static var item: JSON { ItemFields.table.schema }

    static var behavior: JSON {
        tagged(
            "type",
            [
                ("gravity", BehaviorFields.gravity.branchSchema),
                ("attachment", BehaviorFields.attachment.branchSchema),
                ("push", BehaviorFields.push.branchSchema),
                ("snap", BehaviorFields.snap.branchSchema),
                ("collision", BehaviorFields.collision.branchSchema),
                ("field", BehaviorFields.field.branchSchema),
                ("addVelocity", BehaviorFields.addVelocity.branchSchema),
            ])
    }

    static var drag: JSON { requiring(DragFields.table.schema, anyOf: [["keyframes"], ["csv"]]) }
}
