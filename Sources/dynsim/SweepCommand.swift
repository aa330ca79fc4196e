// `dynsim sweep`: many runs of one scene with fields varied, a table of metrics (one row per run, in plan order) on
// every core. Its option table generates its parsing and help.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Foundation
import Dynamics
import Scenes
import Playback
import Sweeps
import IO
import Shell

/// Options of `dynsim sweep`.
struct SweepOptions: Equatable {
    var scene: String?
    var vary: [String] = []
    var metrics: [String] = []
    var zip = false
    var samples: Int?
    var seed: Int?
    var plan = false
    var format: OutputFormat = .csv
    var output: String?
    var jobs: Int?
    var duration: Double?
    var rate: Double?
    var profile: SolverProfile?
}

/// `dynsim sweep`'s option table.
let sweepSpec = CommandSpec(
    name: "sweep", program: "dynsim",
    summary: "Run a scene many times with fields varied, a row of metrics each (see `dynsim help sweep`).",
    overview:
        "Run a scene once per point of a plan (a grid, a zip or seeded samples of the --vary fields) on every core, and write one row per run in plan order: its id, the varied values, each --metric, and its status.",
    synopsis: "dynsim sweep SCENE.json | BUILTIN --vary PATH=VALUES ... [--metric KIND:SUBJECT[:ARG] ...]",
    arguments: [.init("SCENE.json | BUILTIN", help: "A scene file or a built-in scene name.")],
    options: [
        .init(
            "--vary", "PATH=VALUES", .texts,
            help:
                "A numeric scene field by its path (items[1].density, animations[0].stiffness, layers[0].position.x) and its values: a list 0.5,1,2; a range from:to:count or from:to:count:log (both ends included); or uniform(a,b), normal(mean,sd), lhs(a,b) (a Latin hypercube) with --samples and --seed. Repeat for more fields: a grid, the first outermost."
        ),
        .init("--zip", "", .flag, help: "Pair the --vary lists value by value instead of making a grid."),
        .init(
            "--samples", "N", .integer(range: 1...Limits.maxSweepRuns, message: "must be a whole number from 1"),
            help: "How many random samples (uniform, normal, lhs)."),
        .init(
            "--seed", "S", .integer(range: 0...Int.max, message: "must be a whole number from 0"),
            help: "The random samples' seed: the same seed gives the same plan on every machine."),
        .init(
            "--metric", "KIND:SUBJECT[:ARG]", .texts,
            help:
                "What to measure on each run: final, min, max, argmin, argmax of a column (max:a.position.x); settle:COLUMN:BAND[:TARGET] (time from which the column stays within the band); overshoot:COLUMN[:TARGET]; rise:COLUMN[:TARGET] (10 to 90 %); maxspeed:ITEM (points/s); event:KIND[:NAME] (first time of an events-file kind) and count:KIND[:NAME]. Repeatable; see docs/sweep.md."
        ),
        .init("--plan", "", .flag, help: "Print the plan (run, id, values) and stop."),
        .init(
            "--format", "F", .choice(OutputFormat.allCases.map(\.rawValue)),
            help: "\(CommandSpec.alternatives(OutputFormat.allCases.map(\.rawValue))) (default: csv)."),
        .init(
            "--output", "FILE", .path,
            help: "Write the table to FILE instead of stdout; FILE appears only when the sweep completes."),
        .init(
            "--jobs", "N", .integer(range: 1...1024, message: "must be a whole number from 1 to 1024"),
            help: "Runs at once (default: the number of cores). The table is the same bytes for every N."),
        .init(
            "--duration", "S", .number(check: SceneFields.durationRange.check(unit: "s")),
            help: "Each run's length in seconds (default: the scene's)."),
        .init(
            "--rate", "HZ", .number(check: SceneFields.rateRange.check(unit: "Hz")),
            help: "Output rows per second the metrics read (default: the scene's)."),
        .init(
            "--profile", "P", .choice(SolverProfile.allCases.map(\.rawValue)),
            help: "Solver profile, uikit or precise (default: the scene's)."),
    ],
    maxArguments: 1,
    tooManyArguments: { extra, first in "one scene per sweep, got \(quoted(extra)) after \(quoted(first))" },
    sections: [
        (
            "COLUMNS",
            "run (the plan's index from 0), id (16 hex digits of the SHA-256 of the run's scene), each --vary path, each --metric as written (empty where the run cannot give it), status (ok, or why the run failed)."
        ),
        (
            "EXIT STATUS",
            "0 every run completed; 1 to 63 that many runs failed (63 for 63 or more; their rows say why); 64 usage error; 65 bad scene or a value out of its field's range."
        ),
    ])

/// Parses `dynsim sweep` arguments (after the command word).
func parseSweep(_ args: [String]) throws -> Command {
    let p = try sweepSpec.parse(args)
    if p.wantsHelp { return .help("sweep") }
    var o = SweepOptions()
    o.scene = p.arguments.first
    o.vary = p.texts("--vary")
    o.metrics = p.texts("--metric")
    o.zip = p.has("--zip")
    o.samples = p.integer("--samples")
    o.seed = p.integer("--seed")
    o.plan = p.has("--plan")
    o.format = p.text("--format").flatMap(OutputFormat.init(rawValue:)) ?? .csv
    o.output = p.text("--output")
    o.jobs = p.integer("--jobs")
    o.duration = p.number("--duration")
    o.rate = p.number("--rate")
    o.profile = p.text("--profile").flatMap(SolverProfile.init(rawValue:))
    guard o.scene != nil else { throw UsageError(message: "a sweep needs a scene, got none", command: "sweep") }
    guard !o.vary.isEmpty else {
        throw UsageError(
            message: "--vary: a sweep varies at least one field (--vary PATH=VALUES), got none", command: "sweep")
    }
    return .sweep(o)
}

/// The sweep the options describe: its scene as JSON (a built-in's encoded), the plan and the metrics, each run's
/// scene read by the scene file's decoder with the command line's overrides.
/// - Throws: ``UsageError`` for a --vary, --metric or plan problem; the scene's ``InputError``s.
func makeSweep(_ o: SweepOptions) throws -> (sweep: Sweep, inputs: [InputFile], label: String) {
    let name = o.scene!
    var inputs: [InputFile] = []
    let base: JSON, file: SceneDecoder
    if let builtin = Catalog.scene(named: name) {
        base = SceneEncoder.json(builtin)
        file = SceneDecoder(fileName: name) { _ in throw InputError(file: name, path: "", message: "no files") }
    } else {
        (_, _, inputs) = try loadScene(name, command: "sweep")
        base = try JSONParser.parse(try readInput(name, name: name))
        file = decoder(forFile: name) { _, _, _ in }
    }
    do {
        let axes = try o.vary.map(SweepAxis.init(parsing:))
        let plan = try SweepPlan(
            axes: axes, mode: o.zip ? .zip : .grid, samples: o.samples, seed: o.seed.map { UInt64($0) })
        let metrics = try o.metrics.map(SweepMetric.init(parsing:))
        let overrides = (o.duration, o.rate, o.profile)
        let sweep = Sweep(base: base, fileName: name, plan: plan, metrics: metrics) { json in
            var scene = try file.decode(json)
            if let d = overrides.0 { scene.duration = d }
            if let r = overrides.1 { scene.rate = r }
            if let p = overrides.2 { scene.profile = p }
            return scene
        }
        try sweep.check()
        return (sweep, inputs, name)
    } catch let e as SweepError {
        throw UsageError(message: e.description, command: "sweep")
    }
}

/// The table's header and rows, CSV or JSON Lines.
struct SweepTable {
    var format: OutputFormat
    var paths: [String]
    var metrics: [String]

    var header: String {
        format == .csv
            ? (["run", "id"] + paths + metrics + ["status"]).map(TextQuoting.csvField).joined(separator: ",") + "\n"
            : ""
    }

    func row(_ run: Int, _ r: SweepResult) -> String {
        let numbers = r.values.map { Optional($0) } + r.metrics
        let status = r.failure ?? "ok"
        if format == .csv {
            let cells = numbers.map { $0.map(NumberFormat.shortest) ?? "" }
            return ([String(run), r.id] + cells + [TextQuoting.csvField(status)]).joined(separator: ",") + "\n"
        }
        let keys = paths + metrics
        let members = zip(keys, numbers).map { k, v in
            TextQuoting.json(k) + ":" + (v.map(NumberFormat.shortest) ?? "null")
        }
        let head = ["\"run\":\(run)", "\"id\":" + TextQuoting.json(r.id)]
        return "{" + (head + members + ["\"status\":" + TextQuoting.json(status)]).joined(separator: ",") + "}\n"
    }
}

/// `dynsim sweep`. Returns the exit status: 0, or how many runs failed (at most 63).
func sweep(_ o: SweepOptions) -> Int32 {
    let made: (sweep: Sweep, inputs: [InputFile], label: String)
    do {
        made = try makeSweep(o)
        if let path = o.output,
            let problem = overwriteProblem(flag: "--output", path: path, inputs: made.inputs, sceneName: made.label)
        {
            throw UsageError(message: problem, command: "sweep")
        }
    } catch {
        return report(error)
    }
    let s = made.sweep
    let table = SweepTable(format: o.format, paths: s.plan.paths, metrics: s.metrics.map(\.name))
    if o.plan { return writeStdout(planText(s, table)) }
    var file: OutputFile?
    do {
        file = try o.output.map { try OutputFile($0) }
    } catch let e as OutputFile.Failure {
        return report(e.named(by: "--output"))
    } catch {
        return report(error)
    }
    let sink = FileSink(file?.stream ?? stdout)
    var failed = 0
    let progress = SweepProgress(total: s.plan.points.count)
    do {
        try sink.write(Array(table.header.utf8))
        try s.run(jobs: o.jobs ?? ProcessInfo.processInfo.activeProcessorCount) { run, result in
            if result.failure != nil { failed += 1 }
            try sink.write(Array(table.row(run, result).utf8))
            progress.advance()
        }
        try file?.commit()
    } catch {
        file?.discard()
        if case SinkError.brokenPipe = error { return ExitStatus.success }
        return report(
            error is OutputFile.Failure
                ? error : RuntimeFailure(message: "\(o.output ?? "stdout"): cannot write (\(error))"))
    }
    progress.end()
    if failed > 0 { fputs("dynsim: \(failed) of \(s.plan.points.count) runs failed (their rows say why)\n", stderr) }
    return Int32(min(failed, 63))
}

/// The plan as a table: run, id, each varied value.
func planText(_ s: Sweep, _ table: SweepTable) -> String {
    let plain = SweepTable(format: table.format, paths: table.paths, metrics: [])
    var text =
        plain.format == .csv
        ? (["run", "id"] + table.paths).map(TextQuoting.csvField).joined(separator: ",") + "\n" : ""
    for k in s.plan.points.indices {
        let id = (try? s.scene(k)).map(Sweep.id(of:)) ?? ""
        var row = plain.row(k, SweepResult(id: id, values: s.plan.points[k], metrics: [], failure: nil))
        if plain.format == .csv { row = String(row.dropLast(4)) + "\n" }  // no status column: ",ok\n"
        text += row
    }
    return text
}

/// Progress on stderr: a bar with the rate and time left on a terminal, a line per 10 % otherwise.
final class SweepProgress {
    let total: Int
    var done = 0
    let start = DispatchTime.now().uptimeNanoseconds
    let isTerminal = isatty(2) != 0

    init(total: Int) { self.total = total }

    func advance() {
        done += 1
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let rate = Double(done) / max(seconds, 1e-9)
        let left = Double(total - done) / rate
        if isTerminal {
            let width = 30, filled = done * width / total
            let bar = String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled)
            fputs(String(format: "\r[%@] %d/%d %.1f runs/s %.0f s left ", bar, done, total, rate, left), stderr)
        } else if done * 10 / total > (done - 1) * 10 / total {
            fputs(
                String(
                    format: "dynsim: sweep %d%% (%d of %d runs, %.1f runs/s)\n", done * 100 / total, done, total, rate),
                stderr)
        }
    }

    func end() { if isTerminal { fputs("\n", stderr) } }
}
