import IO

/// A field that only some values of another field (its mode) use: a noise field's `seed`, a keyframe animation's
/// `tensionValues` in the cubic modes. Given in another mode it would be silently ignored, so the decoder refuses it,
/// naming the mode that uses it, and the schema states the same (an if/then: never more than the decoder refuses).
struct ModeRule: @unchecked Sendable {
    /// The field the rule restricts.
    let field: String
    /// The field that selects the mode ("kind", "calculationMode").
    let mode: String
    /// The modes that use the field.
    let modes: [String]
    /// The mode when the file leaves it out, or nil when the rule holds only where the mode is given.
    let defaultMode: String?
    /// Who uses it, after "applies only" ("to noise and turbulence fields").
    let scope: String
    /// Where the value was given, from the mode ("on a \"vortex\" field").
    let context: (String) -> String
    /// A value taken in any mode because it does nothing there (a direction of [0, 0]), or nil.
    var isInert: (JSON) -> Bool = { _ in false }
    /// The schema of the field where the mode does not use it (false: not at all).
    var elsewhere: JSON = .bool(false)

    /// The modes as the message lists them: `kind "noise" or "turbulence"`.
    var alternatives: String {
        let listed = modes.map { "\"\($0)\"" }
        let words = listed.count > 1 ? listed.dropLast().joined(separator: ", ") + " or " + listed.last! : listed[0]
        return "\(mode) \(words)"
    }

    /// Refuses the field when the mode in `f` (or its default) does not use it.
    /// - Throws: ``InputError`` naming the field, the modes that use it and the mode given.
    func check(_ f: Fields) throws {
        guard let value = f.value(field), !isInert(value) else { return }
        let given: String?
        if case .string(let s)? = f.value(mode) { given = s } else { given = defaultMode }
        guard let m = given, !modes.contains(m) else { return }
        throw f.error(field, "applies only \(scope) (\(alternatives)), got \(value.brief) \(context(m))")
    }

    /// The rule as a JSON Schema if/then: where the mode is not one that uses the field, the field is `elsewhere`.
    var schema: JSON {
        var condition: [JSON.Member] = [
            .init("properties", .object([.init(mode, .object([.init("not", SceneSchema.oneOf(modes))]))]))
        ]
        // Absent, the mode is its default: the rule holds then only when the default does not use the field.
        if defaultMode.map(modes.contains) ?? true { condition.append(.init("required", .array([.string(mode)]))) }
        return .object([
            .init("if", .object(condition)),
            .init("then", .object([.init("properties", .object([.init(field, elsewhere)]))])),
        ])
    }

    /// `schema` with each rule's if/then beside it.
    static func applying(_ rules: [ModeRule], to schema: JSON) -> JSON {
        rules.isEmpty ? schema : .object([.init("allOf", .array([schema] + rules.map(\.schema)))])
    }

    /// Checks each rule against `f`. - Throws: the first rule's ``InputError``.
    static func check(_ rules: [ModeRule], _ f: Fields) throws {
        for rule in rules { try rule.check(f) }
    }
}
