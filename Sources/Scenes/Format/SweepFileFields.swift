import Dynamics
import IO

/// A sweep file (`dynsim sweep SWEEP.json`): the scene to run, the fields to vary and the metrics, as the command
/// line's options say them, so a sweep can be kept, reviewed and rerun. Declared by field tables
/// (``SweepFileFields``), so its checks, its JSON Schema (`dynsim schema --sweep`) and its docs table come from one
/// place. What the values and metrics mean is the Sweeps module's.
public struct SweepFile: Equatable, Sendable {
    /// One varied field: its path in the scene and its values, as `--vary PATH=VALUES` takes them.
    public struct Axis: Equatable, Sendable {
        /// The field's path (`items[1].density`).
        public var path = ""
        /// The values as `--vary` writes them (`0.5,1,2`, `0:1:5`, `uniform(0,1)`); a list of numbers in the file
        /// is written here as `--vary` would take it.
        public var values = ""
    }

    /// The scene: a built-in's name or a file, relative to the sweep file's folder.
    public var scene = ""
    /// The varied fields, in order (the first outermost in a grid).
    public var vary: [Axis] = []
    /// The metrics, as `--metric` takes them.
    public var metrics: [String] = []
    /// Whether the values pair up (`--zip`) instead of making a grid.
    public var zip = false
    /// Random samples (`--samples`), or nil.
    public var samples: Int?
    /// The random samples' seed (`--seed`), or nil.
    public var seed: Int?
    /// Each run's length in seconds (`--duration`), or nil for the scene's.
    public var duration: Double?
    /// Output rows per second the metrics read (`--rate`), or nil for the scene's.
    public var rate: Double?
    /// The solver profile (`--profile`), or nil for the scene's.
    public var profile: SolverProfile?

    /// An empty sweep file.
    public init() {}

    /// Reads a sweep file.
    /// - Throws: `InputError` naming `fileName`, the field and the value.
    public static func decode(_ bytes: [UInt8], fileName: String) throws -> SweepFile {
        let json = try JSONParser.parse(bytes)
        let f = try Fields(json, path: "", file: fileName, allowed: SweepFileFields.table.names)
        var file = SweepFile()
        try SweepFileFields.table.decode(f, into: &file)
        guard f.value("scene") != nil else { throw f.missing("scene", "a built-in scene's name or a scene file") }
        guard case .array(let list)? = f.value("vary"), !list.isEmpty else {
            throw f.missing("vary", "a list of {\"path\": ..., \"values\": ...}, at least one")
        }
        file.vary = try list.enumerated().map { k, entry in
            let g = try Fields(entry, path: "vary[\(k)]", file: fileName, allowed: SweepFileFields.axisTable.names)
            var axis = Axis()
            try SweepFileFields.axisTable.decode(g, into: &axis)
            for key in SweepFileFields.axisTable.required where g.value(key) == nil {
                throw g.missing(
                    key, key == "path" ? "the field's path, items[0].density" : "a list of numbers, or \"0:1:5\"")
            }
            return axis
        }
        if case .array(let list)? = f.value("metrics") {
            file.metrics = try list.enumerated().map { k, m in
                guard case .string(let s) = m else {
                    throw InputError(
                        file: fileName, path: "metrics[\(k)]",
                        message: "must be a string (KIND:SUBJECT[:ARG]), got \(m.brief)")
                }
                return s
            }
        }
        return file
    }
}

/// The sweep file's fields, declared once.
public enum SweepFileFields {
    static let axisTable: FieldTable<SweepFile.Axis> = {
        typealias F = FieldSpec<SweepFile.Axis>
        let values = SceneSchema.anyOf([SceneSchema.string, SceneSchema.array(SceneSchema.num, min: 1)])
        return FieldTable(
            kind: "sweepAxis", summary: "A varied field of a sweep.",
            fields: [
                F(
                    name: "path", kind: .string, defaultText: "required", defaultJSON: nil,
                    notes: "a numeric scene field, as errors name it: `items[1].density`",
                    decode: { a, f in if let s = try f.string("path") { a.path = s } },
                    encode: { .string($0.path) }),
                F(
                    name: "values", kind: .other(schema: values, type: "string or array of numbers"),
                    defaultText: "required", defaultJSON: nil,
                    notes: "as `--vary` takes them (`0:1:5`, `uniform(0,1)`), or the numbers",
                    decode: { a, f in
                        guard let v = f.value("values") else { return }
                        switch v {
                        case .string(let s): a.values = s
                        case .array(let list) where !list.isEmpty:
                            a.values = try list.enumerated().map { k, x in
                                guard case .number(let n, _) = x, n.isFinite, abs(n) <= Limits.magnitude else {
                                    throw InputError(
                                        file: f.file, path: f.childPath("values") + "[\(k)]",
                                        message: "must be a finite number within ±1e9, got \(x.brief)")
                                }
                                return NumberFormat.shortest(n)
                            }.joined(separator: ",")
                        default:
                            throw f.error("values", "must be a string (0:1:5) or a list of numbers, got \(v.brief)")
                        }
                    },
                    encode: { .string($0.values) }),
            ], required: ["path", "values"])
    }()

    static let table: FieldTable<SweepFile> = {
        typealias F = FieldSpec<SweepFile>
        return FieldTable(
            kind: "sweep", summary: "A dynsim sweep file: a scene, the fields to vary, the metrics.",
            fields: [
                F(
                    name: "$schema", kind: .string, defaultText: "none", defaultJSON: nil,
                    notes: "an editor's schema reference, read and ignored",
                    decode: { _, f in _ = try f.string("$schema") }, encode: { _ in nil }),
                F(
                    name: "scene", kind: .string, defaultText: "required", defaultJSON: nil,
                    notes: "a built-in's name, or a scene file relative to the sweep file",
                    decode: { s, f in if let v = try f.string("scene") { s.scene = v } },
                    encode: { .string($0.scene) }),
                .ruled(
                    "vary",
                    .other(
                        schema: SceneSchema.array(SceneSchema.ref("sweepAxis"), min: 1),
                        type: "array of `{path, values}`"),
                    default: "required", notes: "the first outermost in a grid"),
                .ruled(
                    "metrics", .other(schema: SceneSchema.array(SceneSchema.string), type: "array of strings"),
                    default: "none", notes: "as `--metric` takes them: `settle:view.x:1`"),
                .boolean("zip", \.zip, default: false, notes: "pair the values instead of a grid"),
                .integer(
                    "samples", \.samples, range: .between(1, Double(Limits.maxSweepRuns)), default: "none",
                    notes: "random samples"),
                .integer(
                    "seed", \.seed, range: .between(0, Double(Limits.maxSweepSeed)), default: "none",
                    notes: "the samples' seed"),
                .number("duration", \.duration, unit: "s", range: SceneFields.durationRange, default: "the scene's"),
                .number("rate", \.rate, unit: "Hz", range: SceneFields.rateRange, default: "the scene's"),
                F(
                    name: "profile", kind: .choice(SolverProfile.allCases.map(\.rawValue)), defaultText: "the scene's",
                    defaultJSON: nil, notes: "",
                    decode: { s, f in
                        guard let p = try f.string("profile") else { return }
                        guard let profile = SolverProfile(rawValue: p) else {
                            throw f.error("profile", "must be \"uikit\" or \"precise\", got \(quoted(p))")
                        }
                        s.profile = profile
                    },
                    encode: { $0.profile.map { .string($0.rawValue) } }),
            ], required: ["scene", "vary"])
    }()

    /// The sweep file's JSON Schema (draft 2020-12), for editors: `dynsim schema --sweep`.
    public static var schema: JSON {
        guard case .object(let members) = table.schema else { return table.schema }
        return .object(
            [
                .init("$schema", .string("https://json-schema.org/draft/2020-12/schema")),
                .init("$id", .string("dynsim.sweep.schema.json")), .init("title", .string("dynsim sweep")),
            ] + members.filter { $0.key != "description" }
                + [
                    .init("description", .string("A dynsim sweep file. See docs/sweep.md.")),
                    .init(
                        "$defs",
                        .object([
                            .init("sweepAxis", axisTable.schema), .init("number", SceneSchema.number()),
                        ])),
                ])
    }

    /// The sweep file's field tables for docs/sweep.md: (kind, Markdown table).
    public static var markdown: [(kind: String, table: String)] {
        [(table.kind, table.markdown), (axisTable.kind, axisTable.markdown)]
    }
}
