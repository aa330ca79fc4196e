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
import Traces
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
    /// `--duration`, `--rate`, `--profile`: each run's, over the scene's.
    var settings = RunSettings()
    var shard: String?
    var shards: Int?
    var resume = false
    var timings: String?
    var keepRuns: String?
}

/// Options of `dynsim sweep merge`.
struct SweepMergeOptions: Equatable {
    var directory: String
    var output: String?
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
            "--samples", "N",
            .integer(
                range: 1...Limits.maxSweepRuns, message: "must be a whole number from 1 to \(Limits.maxSweepRuns)"),
            help: "How many random samples (uniform, normal, lhs)."),
        .init(
            "--seed", "S",
            .integer(
                range: 0...Limits.maxSweepSeed,
                message:
                    "must be a whole number from 0 to \(Limits.maxSweepSeed) (2^53 - 1, which a JSON file holds exactly)"
            ),
            help: "The random samples' seed: the same seed gives the same plan on every machine."),
        .init(
            "--metric", "KIND:SUBJECT[:ARG]", .texts,
            help:
                "What to measure on each run: final, min, max, argmin, argmax of a column (max:a.position.x); settle:COLUMN:BAND[:TARGET] (time from which the column stays within the band); overshoot:COLUMN[:TARGET]; rise:COLUMN[:TARGET] (10 to 90 %); maxspeed:ITEM (points/s); event:KIND[:NAME] (first time of an events-file kind: begin, end, rest, start, stop, complete, gesture) and count:KIND[:NAME]; energy (largest change of mechanical energy) and constraint (largest rigid-attachment length error, points), whole-run, no subject; compare:COLUMN:FILE (largest difference from a reference CSV) and passes:COLUMN:FILE:TOLERANCE (1 or 0). Repeatable; see docs/sweep.md."
        ),
        .init("--plan", "", .flag, help: "Print the plan (run, id, values) and stop."),
        .init(
            "--format", "F", .choice(OutputFormat.allCases.map(\.rawValue)),
            help: "\(CommandSpec.alternatives(OutputFormat.allCases.map(\.rawValue))) (default: csv)."),
        .init(
            "--output", "FILE", .path,
            help: "Write the table to FILE instead of stdout; FILE appears only when the sweep completes."),
        .init(
            "--shard", "I/N", .text,
            help:
                "Run shard I (from 0) of N: runs I, I + N, I + 2N ... With --output DIR, write part-I-of-N.csv and its manifest there; `dynsim sweep merge DIR` joins the parts. Default in a Slurm job array: SLURM_ARRAY_TASK_ID of SLURM_ARRAY_TASK_COUNT."
        ),
        .init(
            "--shards", "N",
            .integer(
                range: 1...Limits.maxSweepRuns, message: "must be a whole number from 1 to \(Limits.maxSweepRuns)"),
            help: "N shards, this one JOB_COMPLETION_INDEX (a Kubernetes Indexed Job)."),
        .init(
            "--resume", "", .flag,
            help:
                "Finish a sweep a signal stopped: the rows in --output's journal (FILE.journal) are kept, the rest run; the table is the same bytes as an uninterrupted sweep's."
        ),
        .init(
            "--keep-runs", "DIR", .path,
            help:
                "Write each run's rows too, as `dynsim run` writes them: DIR/run-000000.csv ... (DIR is made if missing)."
        ),
        .init(
            "--timings", "FILE", .path,
            help:
                "Write each run's wall time (run,id,seconds: reading its scene, running and measuring it) to FILE, a side manifest: the table itself holds no times, so it is the same bytes run after run."
        ),
        .init(
            "--jobs", "N", .integer(range: 1...1024, message: "must be a whole number from 1 to 1024"),
            help: "Runs at once (default: the number of cores). The table is the same bytes for every N."),
    ]
        + RunSettings.options(
            duration: "Each run's length in seconds (default: the scene's).",
            rate: "Output rows per second the metrics read (default: the scene's).",
            profile: "Solver profile, uikit or precise (default: the scene's)."),
    maxArguments: 1,
    tooManyArguments: { extra, first in "one scene per sweep, got \(quoted(extra)) after \(quoted(first))" },
    sections: [
        (
            "COLUMNS",
            "run (the plan's index from 0), id (16 hex digits of the SHA-256 of the run's scene), each --vary path, each --metric as written (empty where the run cannot give it), status (ok, or why the run failed)."
        ),
        (
            "EXIT STATUS",
            "0 every run completed; 1 to 63 that many runs failed (63 for 63 or more; their rows say why); 64 usage error; 65 bad scene or a value out of its field's range; 74 an output (the table, its journal, --timings, --keep-runs) could not be written (nothing is left passed off as complete)."
        ),
    ])

/// Parses `dynsim sweep` arguments (after the command word).
func parseSweep(_ args: [String]) throws -> Command {
    if args.first == "merge" {
        let p = try sweepMergeSpec.parse(Array(args.dropFirst()))
        if p.wantsHelp { return .help("sweep") }
        guard let dir = p.arguments.first else {
            throw UsageError(message: "merge needs the folder of the shards' parts, got none", command: "sweep")
        }
        return .sweepMerge(SweepMergeOptions(directory: dir, output: p.text("--output")))
    }
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
    o.settings = RunSettings(p)
    o.shard = p.text("--shard")
    o.shards = p.integer("--shards")
    o.resume = p.has("--resume")
    o.timings = p.text("--timings")
    o.keepRuns = p.text("--keep-runs")
    guard o.scene != nil else { throw UsageError(message: "a sweep needs a scene, got none", command: "sweep") }
    return .sweep(o)
}

/// The sweep the options describe: its scene as JSON (a built-in's encoded), the plan and the metrics, each run's
/// scene read by the scene file's decoder with the command line's overrides.
/// - Throws: ``UsageError`` for a --vary, --metric or plan problem; the scene's ``InputError``s.
func makeSweep(_ options: SweepOptions) throws -> (sweep: Sweep, inputs: [InputFile], label: String) {
    var o = options
    var inputs: [InputFile] = []
    if o.vary.isEmpty {
        let path = o.scene!
        let bytes = Catalog.scene(named: path) == nil ? try? readInputFile(path, maxBytes: Limits.maxFileBytes) : nil
        guard let bytes, case .object(let members)? = try? JSONParser.parse(bytes),
            members.contains(where: { $0.key == "vary" })
        else {
            throw UsageError(
                message:
                    "--vary: a sweep varies at least one field (--vary PATH=VALUES, or a sweep file's \"vary\"), got none",
                command: "sweep")
        }
        o = try withSweepFile(o, SweepFile.decode(bytes, fileName: path), at: path)
        inputs.append(InputFile(name: path, identity: FileIdentity(path: path), isScene: true))
    }
    let name = o.scene!
    let base: JSON, file: SceneDecoder
    if let builtin = Catalog.scene(named: name) {
        base = SceneEncoder.json(builtin)
        file = SceneDecoder(fileName: name) { _ in throw InputError(file: name, path: "", message: "no files") }
    } else {
        inputs += try loadScene(name, command: "sweep").2
        base = try JSONParser.parse(try readInput(name, name: name))
        file = decoder(forFile: name) { _, _, _ in }
    }
    do {
        let axes = try o.vary.map(SweepAxis.init(parsing:))
        let plan = try SweepPlan(
            axes: axes, mode: o.zip ? .zip : .grid, samples: o.samples, seed: o.seed.map { UInt64($0) })
        var metrics = try o.metrics.map(SweepMetric.init(parsing:))
        for k in metrics.indices {
            guard let file = metrics[k].referenceFile else { continue }
            let trace = try Trace(
                try readInput(file, name: file, maxBytes: Limits.maxTraceBytes), fileName: file, minRows: 1)
            guard trace.column(metrics[k].subject) != nil else {
                throw InputError(
                    file: file, path: "line 1",
                    message:
                        "has no numeric column \(quoted(metrics[k].subject)) to compare (--metric \(metrics[k].name))")
            }
            metrics[k].reference = trace
            inputs.append(InputFile(name: file, identity: FileIdentity(path: file), isScene: false))
        }
        let settings = o.settings
        var sweep = Sweep(base: base, fileName: name, plan: plan, metrics: metrics) { json in
            var scene = try file.decode(json)
            try settings.apply(to: &scene, command: "sweep")
            return scene
        }
        if let dir = o.keepRuns {
            do {
                try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            } catch {
                throw RuntimeFailure(
                    message: "--keep-runs: cannot make the folder (\(error.localizedDescription)), got \(quoted(dir))")
            }
            sweep.keepRuns = dir
        }
        sweep.settings = o.settings.words
        try sweep.check()
        return (sweep, inputs, name)
    } catch let e as SweepError {
        throw UsageError(message: e.description, command: "sweep")
    }
}

/// `dynsim sweep merge`'s option table.
let sweepMergeSpec = CommandSpec(
    name: "sweep merge", program: "dynsim", summary: "Join a sharded sweep's parts into its table.",
    overview:
        "Check that every run of the sweep appears exactly once among the parts in DIR (each part against its manifest's SHA-256) and write the table, the same bytes one process would have written.",
    synopsis: "dynsim sweep merge DIR",
    arguments: [.init("DIR", help: "The folder the shards wrote their parts and manifests into (--output DIR).")],
    options: [
        .init("--output", "FILE", .path, help: "Write the table to FILE instead of stdout; FILE appears only complete.")
    ],
    maxArguments: 1, tooManyArguments: { extra, first in "one folder, got \(quoted(extra)) after \(quoted(first))" },
    sections: [
        (
            "EXIT STATUS",
            "0 merged; 64 usage error; 65 a run missing or twice, or a part cut short or changed; 74 the table could not be written."
        )
    ])

/// The shard the options or the cluster's environment name, or nil for the whole sweep.
/// - Throws: ``UsageError`` naming the option or variable.
func sweepShard(_ o: SweepOptions) throws -> SweepShard? {
    do {
        if let text = o.shard {
            guard o.shards == nil else {
                throw SweepError("--shards", "give --shard I/N or --shards N (with JOB_COMPLETION_INDEX), not both")
            }
            return try SweepShard(parsing: text)
        }
        return try SweepShard.fromEnvironment(ProcessInfo.processInfo.environment, shards: o.shards)
    } catch let e as SweepError {
        throw UsageError(message: e.description, command: "sweep")
    }
}

/// Where the table goes: `--output`, or for a shard its part in the `--output` folder (made if missing).
/// - Throws: ``UsageError`` when a shard has no folder, or the table would be written over a file the sweep reads.
func sweepTablePath(_ o: SweepOptions, shard: SweepShard?, inputs: [InputFile], label: String) throws -> String? {
    var path = o.output
    if let shard {
        guard let dir = o.output else {
            throw UsageError(
                message: "--shard: a shard writes its part into a folder: give --output DIR", command: "sweep")
        }
        do {
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        } catch {
            throw RuntimeFailure(
                message: "--output: cannot make the folder (\(error.localizedDescription)), got \(quoted(dir))")
        }
        path = dir + "/" + shard.partName + "." + o.format.rawValue
    }
    if let path, let problem = overwriteProblem(flag: "--output", path: path, inputs: inputs, sceneName: label) {
        throw UsageError(message: problem, command: "sweep")
    }
    if let t = o.timings, let problem = overwriteProblem(flag: "--timings", path: t, inputs: inputs, sceneName: label) {
        throw UsageError(message: problem, command: "sweep")
    }
    // Nor over its own journal, nor over a run that --keep-runs writes (a folder it fills with run-NNNNNN.csv).
    func canonical(_ p: String) -> String { URL(fileURLWithPath: p).standardizedFileURL.resolvingSymlinksInPath().path }
    if let t = o.timings, let path, canonical(t) == canonical(path + ".journal") {
        throw UsageError(
            message: "--timings: \(quoted(t)) is the table's journal (\(quoted(path)).journal); choose another file",
            command: "sweep")
    }
    if let dir = o.keepRuns {
        for (flag, p) in [("--output", path), ("--timings", o.timings)] {
            guard let p else { continue }
            if canonical(directoryPart(of: p).isEmpty ? "." : directoryPart(of: p)) == canonical(dir) {
                throw UsageError(
                    message:
                        "\(flag): \(quoted(p)) is in the --keep-runs folder \(quoted(dir)), which the runs' files fill; choose another folder",
                    command: "sweep")
            }
        }
    }
    if let t = o.timings, let path, OutputFile.sameFile(t, path) {
        throw UsageError(
            message:
                "--timings: \(quoted(t)) is the same file as the table's output \(quoted(path)); choose another file",
            command: "sweep")
    }
    if o.resume && path == nil {
        throw UsageError(
            message: "--resume: a sweep keeps its journal beside --output FILE: give the same --output",
            command: "sweep")
    }
    return path
}

/// `dynsim sweep`. Returns the exit status: 0, how many runs failed (1 to 63), 64 or 65 for the command line or the
/// scene, or 74 when an output (the table, its journal, the timings, a kept run) cannot be written: a number no
/// count of failed runs takes.
func sweep(_ o: SweepOptions) -> Int32 {
    var files = SweepFiles()
    do {
        return try runSweep(o, files: &files)
    } catch {
        files.discard()
        if case SinkError.brokenPipe = error { return ExitStatus.success }
        if error is UsageError || error is InputError { return report(error) }
        let message =
            (error as? OutputFile.Failure)?.message ?? (error as? RuntimeFailure)?.message
            ?? "\(o.output.map(quoted) ?? "stdout"): cannot write (\(error))"
        printError(message)
        return ExitStatus.ioError
    }
}

/// The files a sweep writes, opened before any run so that one that cannot be written stops it at once; discarded
/// (none appears) when the sweep fails.
struct SweepFiles {
    var table: OutputFile?
    var timings: OutputFile?
    func discard() {
        table?.discard()
        timings?.discard()
    }
}

/// The sweep, its table written to `file` (nil: stdout), which is set as soon as it is open so a failure can discard
/// it. Returns the exit status.
func runSweep(_ o: SweepOptions, files: inout SweepFiles) throws -> Int32 {
    let (s, inputs, label) = try makeSweep(o)
    let shard = try sweepShard(o)
    let table = SweepTable(format: o.format, paths: s.plan.paths, metrics: s.metrics.map(\.name))
    if o.plan { return writeStdout(try planText(s, table)) }
    let total = s.plan.points.count
    let order = shard?.runs(of: total) ?? Array(0..<total)
    let path = try sweepTablePath(o, shard: shard, inputs: inputs, label: label)
    let identity = s.identity(format: o.format.rawValue)
    let done =
        try o.resume
        ? SweepJournal.finished(path: path! + ".journal", identity: identity, order: order, table: table) {
            s.id(of: try s.expanded($0))
        } : []
    do { files.table = try path.map { try OutputFile($0) } } catch let e as OutputFile.Failure {
        throw e.named(by: "--output")
    }
    do { files.timings = try o.timings.map { try OutputFile($0) } } catch let e as OutputFile.Failure {
        throw e.named(by: "--timings")
    }
    // No journal beside a device or a pipe (written in place, it cannot be resumed into).
    let journal =
        try files.table?.isWrittenInPlace == true
        ? nil : path.map { try SweepJournal(path: $0 + ".journal", identity: identity, rows: done) }
    let sink = FileSink(files.table?.stream ?? stdout)
    var part = shard == nil ? nil : [UInt8]()
    func write(_ text: String) throws {
        let bytes = Array(text.utf8)
        try sink.write(bytes)
        part? += bytes
    }
    var failed = done.filter { !table.isOK($0.1) }.count
    var timings = "run,id,seconds\n"
    // Each run's id, for a shard's manifest (a resumed sweep's finished ones read from their rows).
    var ids = Dictionary(uniqueKeysWithValues: done.map { ($0.0, table.id(ofRow: $0.1)) })
    let progress = SweepProgress(total: order.count, done: done.count)
    try write(table.header)
    for (_, row) in done { try write(row) }
    try s.run(runs: Array(order.dropFirst(done.count)), jobs: o.jobs ?? ProcessInfo.processInfo.activeProcessorCount) {
        run, result in
        if let problem = result.outputFailure { throw RuntimeFailure(message: problem) }
        if result.failure != nil { failed += 1 }
        timings += "\(run),\(result.id),\(NumberFormat.shortest(result.seconds))\n"
        ids[run] = result.id
        let row = table.row(run, result)
        try write(row)
        try journal?.add(run, row)
        progress.advance()
    }
    if let t = files.timings {
        // Written and flushed before the table is committed: a timings file that fails leaves no table either.
        let bytes = Array(timings.utf8)
        guard bytes.withUnsafeBufferPointer({ fwrite($0.baseAddress, 1, $0.count, t.stream) }) == bytes.count,
            fflush(t.stream) == 0
        else {
            throw RuntimeFailure(
                message: "--timings: cannot write (\(String(cString: strerror(errno)))), got \(quoted(o.timings!))")
        }
        try files.table?.commit()
        do { try t.commit() } catch let e as OutputFile.Failure { throw e.named(by: "--timings") }
    } else {
        try files.table?.commit()
    }
    if let shard, let part, let path {
        let manifest = SweepManifest(
            sweep: identity, shard: shard, total: total, format: o.format.rawValue, header: table.header,
            part: String(path.split(separator: "/").last!), sha256: SHA256.hex(part),
            runs: order.map { ($0, ids[$0] ?? "") })
        try writeWhole(manifest.text, to: o.output! + "/" + shard.partName + ".json", flag: "--output")
    }
    journal?.finish()
    progress.end()
    if failed > 0 { fputs("dynsim: \(failed) of \(order.count) runs failed (their rows say why)\n", stderr) }
    return Int32(min(failed, 63))
}

/// `dynsim sweep merge`: the parts in the folder joined into the table. Returns the exit status.
func sweepMerge(_ o: SweepMergeOptions) -> Int32 {
    do {
        let names = try FileManager.default.contentsOfDirectory(atPath: o.directory).filter {
            $0.hasPrefix("part-") && $0.hasSuffix(".json")
        }.sorted()
        let parts = try names.map { name -> (manifest: SweepManifest, bytes: [UInt8]) in
            let path = o.directory + "/" + name
            let manifest = try SweepManifest(text: try readInput(path, name: path), file: path)
            guard !manifest.part.contains("/") else {
                throw InputError(
                    file: path, path: "part", message: "must be a file name in the folder, got \(quoted(manifest.part))"
                )
            }
            let part = o.directory + "/" + manifest.part
            return (manifest, try readInput(part, name: part, maxBytes: Int.max))
        }
        // The table is never written over a part or manifest it reads.
        if let out = o.output, let target = FileIdentity(path: out) {
            for name in names + parts.map(\.manifest.part)
            where FileIdentity(path: o.directory + "/" + name) == target {
                throw UsageError(
                    message: "--output: \(out) is \(name), which the merge reads; choose another file", command: "sweep"
                )
            }
        }
        let table = try SweepMerge.merge(parts, directory: o.directory)
        try writeWhole(String(decoding: table, as: UTF8.self), to: o.output, flag: "--output")
        return ExitStatus.success
    } catch let e as CocoaError {
        return report(
            InputError(file: o.directory, path: "", message: "cannot list the folder (\(e.localizedDescription))"))
    } catch {
        return report(error)
    }
}

/// The options with a sweep file's: its scene (relative to the file's folder), fields and metrics; the command line's
/// `--metric`s follow the file's, and its other options win over the file's.
func withSweepFile(_ o: SweepOptions, _ file: SweepFile, at path: String) -> SweepOptions {
    var o = o
    let folder = directoryPart(of: path)
    o.scene =
        Catalog.scene(named: file.scene) != nil || file.scene.hasPrefix("/") || folder.isEmpty
        ? file.scene : folder + "/" + file.scene
    o.vary = file.vary.map { $0.path + "=" + $0.values }
    o.metrics = file.metrics + o.metrics
    o.zip = o.zip || file.zip
    o.samples = o.samples ?? file.samples
    o.seed = o.seed ?? file.seed
    o.settings.duration = o.settings.duration ?? file.duration
    o.settings.rate = o.settings.rate ?? file.rate
    o.settings.profile = o.settings.profile ?? file.profile
    return o
}
