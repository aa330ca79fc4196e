// The command line: which command the arguments name, and the help of each. Each command's option table lives in its
// own file (RunCommand.swift, ScenesCommand.swift, SpringCommand.swift, CurveCommand.swift, DecayCommand.swift;
// bench's in Bench), and its parsing and help are generated from that table (Shell's CommandSpec).
import Foundation
import Scenes
import IO
import Bench
import Shell

/// The version `dynsim --version` prints.
let dynsimVersion = "0.1.0"

/// A parsed command line. Parsing is a pure function of the arguments (``parseCommand(_:)``).
enum Command: Equatable {
    case run(RunOptions)
    case spring(SpringOptions)
    case curve(CurveOptions)
    case decay(DecayOptions)
    case view(ViewOptions)
    case export(ExportOptions)
    case compare(CompareOptions)
    case fit(FitOptions)
    case sweep(SweepOptions)
    case sweepMerge(SweepMergeOptions)
    case bake(BakeOptions)
    case listScenes
    case showScene(String)
    /// The JSON Schema, or with `docs` the scene format's field tables as docs/scene-format.md holds them.
    case schema(docs: Bool, sweep: Bool)
    case bench(Benchmark.Options)
    case help(String?)
    case version
}

/// `dynsim bench`'s option table (shared with dynsim-bench).
let benchSpec = Benchmark.spec(program: "dynsim", command: "bench")

/// `dynsim help`'s table.
let helpSpec = CommandSpec(
    name: "help", program: "dynsim", summary: "Show help for a command.",
    overview: "Show help for dynsim or one of its commands.",
    synopsis: "dynsim help [COMMAND]",
    arguments: [
        .init(
            "COMMAND",
            help: "run, view, compare, fit, sweep, bake, scenes, schema, spring, curve, decay, export, bench or help.")
    ],
    options: [], maxArguments: 1,
    tooManyArguments: { extra, _ in "help takes at most one command, got \(quoted(extra))" },
    checkArgument: { commandSpecs[$0] == nil ? "unknown command, got \(quoted($0))" : nil })

/// Every command's table, by name.
let commandSpecs: [String: CommandSpec] = [
    "run": runSpec, "scenes": scenesSpec, "spring": springSpec, "curve": curveSpec, "decay": decaySpec,
    "bench": benchSpec,
    "help": helpSpec,
    "schema": schemaSpec, "view": viewSpec, "export": exportSpec, "compare": compareSpec, "fit": fitSpec,
    "sweep": sweepSpec, "bake": bakeSpec,
]

/// The commands in the order the top-level help lists them.
let commandOrder = [
    "run", "view", "compare", "fit", "sweep", "bake", "scenes", "schema", "spring", "curve", "decay", "export", "bench",
    "help",
]

/// Parses the arguments (without the program name).
/// - Throws: ``UsageError`` naming the option or argument and the value.
func parseCommand(_ args: [String]) throws -> Command {
    guard let first = args.first else { return .run(RunOptions()) }
    let rest = Array(args.dropFirst())
    switch first {
    case "-h", "--help": return .help(nil)
    case "--version": return .version
    case "help":
        let p = try helpSpec.parse(rest)
        return .help(p.wantsHelp ? "help" : p.arguments.first)
    case "scenes": return try parseScenes(rest)
    case "schema":
        let p = try schemaSpec.parse(rest)
        return p.wantsHelp ? .help("schema") : .schema(docs: p.has("--docs"), sweep: p.has("--sweep"))
    case "bench":
        let p = try benchSpec.parse(rest)
        return p.wantsHelp ? .help("bench") : .bench(try Benchmark.options(p, command: "bench"))
    case "run": return try parseRun(rest)
    case "spring": return try parseSpring(rest)
    case "curve": return try parseCurve(rest)
    case "decay": return try parseDecay(rest)
    case "view": return try parseView(rest)
    case "export": return try parseExport(rest)
    case "compare": return try parseCompare(rest)
    case "fit": return try parseFit(rest)
    case "sweep": return try parseSweep(rest)
    case "bake": return try parseBake(rest)
    default: return try parseRun(args)
    }
}

/// A command's help (``CommandSpec/help``), or the program's: printed to stdout for `--help` / `help`.
func helpText(_ command: String?) -> String {
    if let command, let spec = commandSpecs[command] { return spec.help }
    var out = [
        CommandSpec.wrap(
            "dynsim \(dynsimVersion): UIKit Dynamics-style physics off-device. Runs a scene at a fixed step and streams its trajectories as CSV to stdout.",
            first: "OVERVIEW: ", indent: 0), "",
    ]
    out.append(
        "USAGE: "
            + commandOrder.map { name -> String in
                let spec = commandSpecs[name]!
                return spec.synopsis + (spec.options.isEmpty ? "" : " [options]")
            }.joined(separator: "\n       "))
    out += [
        "", "OPTIONS:", CommandSpec.row("-h, --help", "Show this help."),
        CommandSpec.row("--version", "Show the version."),
        "", "SUBCOMMANDS:",
    ]
    out += commandOrder.map { CommandSpec.row($0 == "run" ? "run (default)" : $0, commandSpecs[$0]!.summary) }
    out += [
        "", "With no arguments dynsim runs the built-in `\(Catalog.defaultName)` scene for 10 s at 60 rows per second.",
    ]
    return out.joined(separator: "\n")
}

/// What a usage error prints after the message: the command's USAGE and where its help is.
func usageText(_ command: String?) -> String {
    if let command, let spec = commandSpecs[command] { return spec.usageText }
    return "USAGE: dynsim [run] [SCENE.json | BUILTIN] [options]\n  See 'dynsim --help'."
}
