import Dynamics
import IO

/// The range a number field accepts, and the message past it (the decoder's, the schema's bounds and the docs' range
/// column all come from here).
public enum NumberRange: Sendable, Equatable {
    /// Any number within ±`Limits/magnitude`.
    case any
    /// At least 0: "must be >= 0".
    case nonNegative
    /// At least `min` (> 0): "must be positive" at or below 0, "must be at least `min`" between.
    case atLeast(Double)
    /// From `low` to `high`, both included: "must be from `low` to `high`".
    case between(Double, Double)

    /// More than 0 and at most `max`: "must be positive and at most `max`".
    case positiveUpTo(Double)
    /// From `low` up to but not including `high`: "must be in [`low`, `high`)" (UIViewPropertyAnimator's delay factor).
    case halfOpen(Double, Double)

    /// Whether `x` is within the range.
    public func contains(_ x: Double) -> Bool {
        switch self {
        case .any: return true
        case .nonNegative: return x >= 0
        case .atLeast(let min): return x >= min
        case .between(let low, let high): return x >= low && x <= high
        case .positiveUpTo(let max): return x > 0 && x <= max
        case .halfOpen(let low, let high): return x >= low && x < high
        }
    }

    /// What an out-of-range `x` must be ("must be from 0 to 1e6 s"), without the value: the scene decoder and the
    /// command line's options both say it (`unit` follows the upper bound).
    public func requirement(for x: Double, unit: String = "") -> String {
        let suffix = unit.isEmpty ? "" : " " + unit
        switch self {
        case .any, .nonNegative: return "must be >= 0"
        case .atLeast(let min): return x > 0 ? "must be at least \(NumberFormat.limit(min))" : "must be positive"
        case .between(let low, let high):
            return "must be from \(NumberFormat.limit(low)) to \(NumberFormat.limit(high))\(suffix)"
        case .positiveUpTo(let max): return "must be positive and at most \(NumberFormat.limit(max))\(suffix)"
        case .halfOpen(let low, let high):
            return "must be in [\(NumberFormat.limit(low)), \(NumberFormat.limit(high)))\(suffix)"
        }
    }

    /// Why `x` is out of range, or nil (`unit` follows the upper bound: "from 0 to 1000 Hz").
    func problem(_ x: Double, text: @autoclosure () -> String, unit: String = "") -> String? {
        contains(x) ? nil : requirement(for: x, unit: unit) + ", got \(text())"
    }

    /// The least and greatest accepted values (±`Limits/magnitude` where open; the double below `high` for
    /// ``halfOpen(_:_:)``).
    public var bounds: (low: Double, high: Double) {
        switch self {
        case .any: return (-Limits.magnitude, Limits.magnitude)
        case .nonNegative: return (0, Limits.magnitude)
        case .atLeast(let min): return (min, Limits.magnitude)
        case .between(let low, let high): return (low, high)
        case .positiveUpTo(let max): return (.leastNonzeroMagnitude, max)
        case .halfOpen(let low, let high): return (low, high.nextDown)
        }
    }

    /// The JSON Schema of a number in this range.
    var schema: JSON {
        switch self {
        case .any: return SceneSchema.num
        case .positiveUpTo(let max): return SceneSchema.number(min: 0, max: max, exclusiveMin: true)
        case .halfOpen(let low, let high): return SceneSchema.number(min: low, max: high, exclusiveMax: true)
        default: return SceneSchema.number(min: bounds.low, max: bounds.high)
        }
    }

    /// The docs' range text ("≥ 0", "≥ 1e-9", "0 to 1"), empty for any number.
    var text: String {
        switch self {
        case .any: return ""
        case .nonNegative: return "≥ 0"
        case .atLeast(let min): return "≥ \(NumberFormat.limit(min))"
        case .between(let low, let high): return "\(NumberFormat.limit(low)) to \(NumberFormat.limit(high))"
        case .positiveUpTo(let max): return "> 0, ≤ \(NumberFormat.limit(max))"
        case .halfOpen(let low, let high): return "≥ \(NumberFormat.limit(low)), < \(NumberFormat.limit(high))"
        }
    }
}

/// What a field holds, as the scene file writes it.
public enum FieldKind: Sendable, Equatable {
    /// A number in `unit` ("" for none), within `range`.
    case number(unit: String, range: NumberRange)
    /// A whole number within `range`.
    case integer(range: NumberRange)
    /// A string (`maxLength` bytes at most when given).
    case string
    /// [x, y]: `what` is "point", "size" or "vector", each component within `range`.
    case vector(what: String, unit: String, range: NumberRange)
    /// true or false.
    case boolean
    /// One of the given strings.
    case choice([String])
    /// A name: 1 to `Limits/maxNameLength` ASCII letters, digits, '_' or '-'.
    case name
    /// Anything else, with its schema and the docs' type text (its checks are code, in the kind's rules).
    case other(schema: JSON, type: String)
}

/// One field of one scene object kind, declared once: its name, what it holds, its default, one line of notes, and
/// how it moves between the file and the model. The decoder's per-field checks and messages, the encoder, the JSON
/// Schema and the field tables of docs/scene-format.md all read it (``FieldTable``).
public struct FieldSpec<Model>: @unchecked Sendable {
    /// The field's name in the file.
    public let name: String
    /// What it holds.
    public let kind: FieldKind
    /// The default as the docs write it ("0", "100 x 100", "required"), and as JSON for the schema (nil: none).
    public let defaultText: String
    /// The default as the schema states it (nil: no default, or required).
    public let defaultJSON: JSON?
    /// One line for the docs' notes column.
    public let notes: String
    /// Reads the field (when present) into the model. - Throws: ``InputError`` naming the field.
    let decode: (inout Model, Fields) throws -> Void
    /// The field's value in the model as JSON, or nil to leave it out.
    let encode: (Model) -> JSON?
    /// Whether the encoder writes the field only when a condition holds (``only(when:)``), so that a file without it
    /// may encode without it.
    var isConditional = false
}

extension FieldSpec {
    /// A number field stored at `path`.
    /// `because` follows the range in the message past it ("(an undamped spring never settles)").
    static func number(
        _ name: String, _ path: WritableKeyPath<Model, Double>, unit: String = "", range: NumberRange = .any,
        default value: Double, defaultText: String? = nil, notes: String = "", because: String = ""
    ) -> FieldSpec {
        FieldSpec(
            name: name, kind: .number(unit: unit, range: range),
            defaultText: defaultText ?? NumberFormat.shortest(value),
            defaultJSON: defaultText == nil ? .num(value) : nil, notes: notes,
            decode: { model, f in
                guard let x = try f.number(name, in: range, unit: unit, because: because) else { return }
                model[keyPath: path] = x
            },
            encode: { .num($0[keyPath: path]) })
    }

    /// A number field that may be absent (nil in the model, left out of the file), stored at `path`; `defaultText` says
    /// what absence means.
    static func number(
        _ name: String, _ path: WritableKeyPath<Model, Double?>, unit: String = "", range: NumberRange = .any,
        default defaultText: String, notes: String = ""
    ) -> FieldSpec {
        FieldSpec(
            name: name, kind: .number(unit: unit, range: range), defaultText: defaultText, defaultJSON: nil,
            notes: notes,
            decode: { model, f in
                guard let x = try f.number(name, in: range, unit: unit) else { return }
                model[keyPath: path] = x
            },
            encode: { $0[keyPath: path].map { .num($0) } })
    }

    /// A whole-number field that may be absent (nil in the model, left out of the file), stored at `path`;
    /// `defaultText` says what absence means.
    static func integer(
        _ name: String, _ path: WritableKeyPath<Model, Int?>, range: NumberRange, default defaultText: String,
        notes: String = ""
    ) -> FieldSpec {
        FieldSpec(
            name: name, kind: .integer(range: range), defaultText: defaultText, defaultJSON: nil, notes: notes,
            decode: { model, f in
                guard let n = try f.int(name, in: range) else { return }
                model[keyPath: path] = n
            },
            encode: { $0[keyPath: path].map { .num(Double($0)) } })
    }

    /// A string field that may be absent, stored at `path`.
    static func string(_ name: String, _ path: WritableKeyPath<Model, String?>, notes: String = "") -> FieldSpec {
        FieldSpec(
            name: name, kind: .string, defaultText: "none", defaultJSON: nil, notes: notes,
            decode: { model, f in if let s = try f.string(name) { model[keyPath: path] = s } },
            encode: { $0[keyPath: path].map { .string($0) } })
    }

    /// A vector field ([x, y]) stored at `path`; `what` is "point", "size" or "vector".
    static func vector(
        _ name: String, _ path: WritableKeyPath<Model, Vector2>, what: String = "vector", unit: String,
        range: NumberRange = .any, default value: Vector2?, notes: String = ""
    ) -> FieldSpec {
        let text = value.map { "\(NumberFormat.shortest($0.x)), \(NumberFormat.shortest($0.y))" } ?? "required"
        return FieldSpec(
            name: name, kind: .vector(what: what, unit: unit, range: range), defaultText: text,
            defaultJSON: value.map { .array([.num($0.x), .num($0.y)]) },
            notes: notes,
            decode: { model, f in
                guard let v = try f.vector(name) else { return }
                for x in [v.x, v.y] {
                    if let problem = range.problem(x, text: NumberFormat.shortest(x)) { throw f.error(name, problem) }
                }
                model[keyPath: path] = v
            },
            encode: { m in
                let v = m[keyPath: path]
                return .array([.num(v.x), .num(v.y)])
            })
    }

    /// One of an enumeration's raw values, stored at `path`: "must be \"a\", \"b\" or \"c\"" otherwise. With
    /// `defaultText` ("required"), the docs say it and the schema states no default.
    static func choice<E: RawRepresentable & CaseIterable>(
        _ name: String, _ path: WritableKeyPath<Model, E>, default value: E, defaultText: String? = nil,
        notes: String = ""
    ) -> FieldSpec where E.RawValue == String {
        let words = E.allCases.map(\.rawValue)
        let listed = words.map { "\"\($0)\"" }
        let text =
            listed.count > 1 ? listed.dropLast().joined(separator: ", ") + " or " + listed.last! : listed.joined()
        return FieldSpec(
            name: name, kind: .choice(words), defaultText: defaultText ?? "`\(value.rawValue)`",
            defaultJSON: defaultText == nil ? .string(value.rawValue) : nil, notes: notes,
            decode: { model, f in
                guard let s = try f.string(name) else { return }
                guard let e = E(rawValue: s) else { throw f.error(name, "must be \(text), got \(quoted(s))") }
                model[keyPath: path] = e
            },
            encode: { .string($0[keyPath: path].rawValue) })
    }

    /// This field, written by the encoder only when `condition` holds for the model (a noise field's noise settings).
    func only(when condition: @escaping (Model) -> Bool) -> FieldSpec {
        let encode = self.encode
        var spec = FieldSpec(
            name: name, kind: kind, defaultText: defaultText, defaultJSON: defaultJSON, notes: notes,
            decode: decode, encode: { condition($0) ? encode($0) : nil })
        spec.isConditional = true
        return spec
    }

    /// This field of a model held at `path` in another (a CAMediaTiming field of an animation).
    func lifted<Outer>(_ path: WritableKeyPath<Outer, Model>) -> FieldSpec<Outer> {
        let decode = self.decode, encode = self.encode
        var spec = FieldSpec<Outer>(
            name: name, kind: kind, defaultText: defaultText, defaultJSON: defaultJSON, notes: notes,
            decode: { outer, f in try decode(&outer[keyPath: path], f) }, encode: { encode($0[keyPath: path]) })
        spec.isConditional = isConditional
        return spec
    }

    /// A boolean field stored at `path`. With `defaultText` ("required"), the docs say it and the schema states no
    /// default.
    static func boolean(
        _ name: String, _ path: WritableKeyPath<Model, Bool>, default value: Bool, defaultText: String? = nil,
        notes: String = ""
    ) -> FieldSpec {
        FieldSpec(
            name: name, kind: .boolean, defaultText: defaultText ?? (value ? "true" : "false"),
            defaultJSON: defaultText == nil ? .bool(value) : nil, notes: notes,
            decode: { model, f in if let b = try f.bool(name) { model[keyPath: path] = b } },
            encode: { .bool($0[keyPath: path]) })
    }

    /// A field whose reading and writing are the kind's own rules (code), declared here for its place in the file,
    /// the schema and the docs.
    static func ruled(
        _ name: String, _ kind: FieldKind, default text: String, json: JSON? = nil, notes: String = "",
        encode: @escaping (Model) -> JSON? = { _ in nil }
    ) -> FieldSpec {
        FieldSpec(
            name: name, kind: kind, defaultText: text, defaultJSON: json, notes: notes, decode: { _, _ in },
            encode: encode)
    }
}

/// The fields of one scene object kind, in the order the file, the schema and the docs list them.
public struct FieldTable<Model>: @unchecked Sendable {
    /// The kind's name in the docs and the schema's definitions ("item").
    public let kind: String
    /// One line saying what the object is (Apple's name for it).
    public let summary: String
    /// The kind's fields, in the order the file, the encoder, the schema and the docs list them.
    public let fields: [FieldSpec<Model>]
    /// The fields a file must give.
    public let required: [String]
    /// Fields only some modes use (``ModeRule``): the decoder's code checks them once the mode is known, the schema
    /// states them.
    var rules: [ModeRule] = []

    /// A kind's table: `fields` in the order the file, the encoder, the schema and the docs list them.
    init(kind: String, summary: String, fields: [FieldSpec<Model>], required: [String]) {
        self.kind = kind
        self.summary = summary
        self.fields = fields
        self.required = required
        names = fields.map(\.name)
        decoders = fields.map(\.decode)
        index = Dictionary(fields.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// This table with `rules` for fields only some modes use.
    func ruled(by rules: [ModeRule]) -> FieldTable {
        var table = self
        table.rules = rules
        return table
    }

    /// This table as another kind, with other fields required.
    func with(kind: String, summary: String, required: [String]) -> FieldTable {
        FieldTable(kind: kind, summary: summary, fields: fields, required: required)
    }

    /// This table without the fields `names`, as another kind (a gesture's block has no name or start of its own).
    func excluding(_ names: [String], kind: String, summary: String) -> FieldTable {
        FieldTable(
            kind: kind, summary: summary, fields: fields.filter { !names.contains($0.name) },
            required: required.filter { !names.contains($0) })
    }

    /// The names of every field, for ``Fields``' unknown-field check.
    let names: [String]
    /// Each field's reader, in table order: iterating these instead of the specs copies one closure per field, not a
    /// spec's strings and closures (decoding 40,000 pendulums spent 40 ms on those copies).
    let decoders: [(inout Model, Fields) throws -> Void]

    /// Each field's place in ``fields``, by name.
    let index: [String: Int]

    /// Reads the declared fields present in `f` in the order the file gives them (a layer keeps its values in that
    /// order, as a later key path sets part of an earlier one's value), checking each against its kind and range.
    /// - Throws: ``InputError`` naming the file, the field and the value.
    func decodeInFileOrder(_ f: Fields, into model: inout Model) throws {
        for m in f.members { if let i = index[m.key] { try decoders[i](&model, f) } }
    }

    /// Reads every declared field present in `f` into `model`, checking each against its kind and range.
    /// - Throws: ``InputError`` naming the file, the field and the value.
    func decode(_ f: Fields, into model: inout Model) throws {
        for decode in decoders { try decode(&model, f) }
    }

    /// The fields' members for the encoder, in table order (those whose value the model leaves out are skipped).
    func encode(_ model: Model) -> [JSON.Member] {
        fields.compactMap { field in field.encode(model).map { JSON.Member(field.name, $0) } }
    }
}

extension FieldSpec {
    /// The field's JSON Schema: its kind's, with its default and a description (for editors' hover text).
    var schema: JSON {
        var base: JSON
        switch kind {
        case .number(_, let range): base = range.schema
        case .integer(let range): base = SceneSchema.integer(min: range.bounds.low, max: range.bounds.high)
        case .string: base = SceneSchema.string
        case .vector(_, _, let range):
            base = range == .any ? SceneSchema.vec2 : SceneSchema.tuple([range.schema, range.schema])
        case .boolean: base = SceneSchema.bool
        case .choice(let words): base = SceneSchema.oneOf(words)
        case .name: base = SceneSchema.ref("name")
        case .other(let schema, _): base = schema
        }
        guard case .object(var members) = base else { return base }
        if let defaultJSON { members.append(.init("default", defaultJSON)) }
        let description = [unitText, notes].filter { !$0.isEmpty }.joined(separator: "; ")
        if !description.isEmpty { members.append(.init("description", .string(description))) }
        return .object(members)
    }

    private var unitText: String {
        switch kind {
        case .number(let unit, _), .vector(_, let unit, _): return unit
        default: return ""
        }
    }

    /// The docs' row: | `name` | type | default | range, notes |.
    func markdownRow(required: Bool) -> String {
        var type: String, range = ""
        switch kind {
        case .number(let unit, let r): type = unit.isEmpty ? "number" : unit; range = r.text
        case .vector(let what, let unit, let r): type = unit.isEmpty ? what : "\(what), \(unit)"; range = r.text
        case .integer(let r): type = "integer"; range = r.text
        case .string: type = "string"
        case .boolean: type = "boolean"
        case .choice(let words): type = words.map { "`\($0)`" }.joined(separator: ", ")
        case .name: type = "string"; range = "1 to \(Limits.maxNameLength) ASCII letters, digits, `_`, `-`"
        case .other(_, let text): type = text
        }
        let notes = [range, self.notes].filter { !$0.isEmpty }.joined(separator: "; ")
        return "| `\(name)` | \(type) | \(required ? "required" : defaultText) | \(notes) |"
    }
}

extension FieldTable {
    /// The kind's JSON Schema: a closed object of its fields, the required ones required.
    var schema: JSON {
        ModeRule.applying(
            rules,
            to: SceneSchema.object(fields.map { ($0.name, $0.schema) }, required: required, description: summary))
    }

    /// The schema of one branch of a tagged kind (a behavior by its `type`): as ``schema``, the tag itself left to
    /// the branch's selector (an empty schema), and only the other required fields required.
    var branchSchema: JSON { branchSchema(tag: "type") }

    /// The schema of one branch of a kind tagged by `tag` (a script's call by its `call`): as ``branchSchema``, with
    /// the kind's summary and the kind's mode rules.
    func branchSchema(tag: String) -> JSON {
        ModeRule.applying(
            rules,
            to: SceneSchema.object(
                fields.map { ($0.name, $0.name == tag ? .object([]) : $0.schema) },
                required: required.filter { $0 != tag }, description: summary))
    }

    /// The kind's field table for docs/scene-format.md.
    public var markdown: String {
        (["| Field | Type | Default | Range, notes |", "| --- | --- | --- | --- |"]
            + fields.map { $0.markdownRow(required: required.contains($0.name)) }).joined(separator: "\n")
    }
}

/// One declared field, whatever its model: what the docs, the schema and the tests that walk the tables read.
public struct FieldInfo: Sendable {
    /// The field's name in the file.
    public let name: String
    /// What it holds (unit and range for numbers and vectors).
    public let kind: FieldKind
    /// The default as JSON (nil: none, or required).
    public let defaultJSON: JSON?
    /// Whether a file must give it.
    public let isRequired: Bool
    /// The field's JSON Schema.
    public let schema: JSON
    /// Whether the encoder leaves the field out unless a condition holds (a noise field's settings, a
    /// `repeatDuration` of 0).
    public let isConditional: Bool
}

extension FieldTable {
    /// The table's fields, for walking without knowing the model.
    var info: [FieldInfo] {
        fields.map {
            FieldInfo(
                name: $0.name, kind: $0.kind, defaultJSON: $0.defaultJSON, isRequired: required.contains($0.name),
                schema: $0.schema, isConditional: $0.isConditional)
        }
    }
}
