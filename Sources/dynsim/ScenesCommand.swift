// `dynsim scenes`: the built-in scenes listed, or one printed as a scene file. Its option table generates its parsing
// and help.
import Scenes
import Shell
import IO

/// `dynsim scenes`'s option table.
let scenesSpec = CommandSpec(
    name: "scenes", program: "dynsim", summary: "List the built-in scenes or print one as JSON.",
    overview: "List the built-in scenes, or print one as a scene file to edit.",
    synopsis: "dynsim scenes [NAME]",
    arguments: [
        .init(
            "NAME",
            help:
                "A built-in scene; its JSON goes to stdout. Running that JSON gives output byte-identical to running the built-in."
        )
    ],
    options: [], maxArguments: 1,
    tooManyArguments: { extra, _ in "scenes takes at most one name, got \(quoted(extra))" },
    checkArgument: {
        Catalog.scene(named: $0) == nil
            ? "no built-in scene named that (dynsim scenes lists them), got \(quoted($0))" : nil
    })

/// Parses `dynsim scenes` arguments (after the command word).
func parseScenes(_ args: [String]) throws -> Command {
    let p = try scenesSpec.parse(args)
    if p.wantsHelp { return .help("scenes") }
    return p.arguments.first.map(Command.showScene) ?? .listScenes
}

/// The list `dynsim scenes` prints: each built-in's name and summary, aligned.
func sceneList() -> String {
    let width = Catalog.entries.map(\.name.count).max() ?? 0
    return Catalog.entries.map {
        $0.name + String(repeating: " ", count: width - $0.name.count + 2) + $0.summary
    }.joined(separator: "\n") + "\n"
}

/// `dynsim schema`'s table: it prints the scene files' JSON Schema.
let schemaSpec = CommandSpec(
    name: "schema", program: "dynsim", summary: "Print the JSON Schema of scene files (for editors).",
    overview:
        "Print the JSON Schema (draft 2020-12) of scene files, for an editor's completion, hover text and checks. Save it as \(SceneSchema.fileName) beside your scenes: printed scenes name it in \"$schema\".",
    synopsis: "dynsim schema",
    options: [
        .init(
            "--docs", "", .flag,
            help: "Print the scene format's field tables (Markdown, as docs/scene-format.md holds them) instead."),
        .init("--sweep", "", .flag, help: "Print the JSON Schema of sweep files (`dynsim sweep SWEEP.json`) instead."),
    ])
