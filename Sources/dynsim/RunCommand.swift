// `dynsim run` (the default command): a scene run to CSV or JSON Lines rows and an events file. Its option table
// generates its parsing and help.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Foundation
import Dynamics
import Scenes
import Playback
import IO
import Shell

/// Options of `dynsim run`.
struct RunOptions: Equatable {
    /// A built-in scene name or a path to a scene file; nil = the default built-in.
    var scene: String?
    /// `--duration`, `--rate`, `--profile`.
    var settings = RunSettings()
    var format: OutputFormat = .csv
    var output: String?
    var events: String?
}

/// `dynsim run`'s option table.
let runSpec = CommandSpec(
    name: "run", program: "dynsim", summary: "Run a scene and stream CSV or JSON Lines (see `dynsim help run`).",
    overview: "Run a scene at a fixed step and stream its trajectories to stdout as CSV or JSON Lines.",
    synopsis: "dynsim [run] [SCENE.json | BUILTIN]",
    arguments: [
        .init("SCENE.json | BUILTIN", help: "A scene file or a built-in scene name (default: \(Catalog.defaultName)).")
    ],
    options: RunSettings.options(
        duration: "Length of the run in seconds (default: the scene's duration).",
        rate: "Output rows per second (default: the scene's, 60). The physics step does not change.",
        profile:
            "Solver profile: uikit (UIKit's engine, Box2D 2.x semantics) or precise (constraint-exact symplectic RATTLE) (default: the scene's, uikit)."
    ) + [
        .init(
            "--format", "F", .choice(OutputFormat.allCases.map(\.rawValue)),
            help: "\(CommandSpec.alternatives(OutputFormat.allCases.map(\.rawValue))) (default: csv)."),
        .init(
            "--output", "FILE", .path,
            help:
                "Write to FILE instead of stdout; FILE appears only when the run completes. Neither FILE here nor in --events may be a file the run reads (the scene, a drag or gesture CSV), nor may the two be one file, under any name or link (/dev/stdout and /dev/fd/1 are one), nor, without --output, may --events name the file stdout is on: that is a usage error."
        ),
        .init(
            "--events", "FILE", .path,
            help:
                "Write events to FILE as CSV t,kind,a,b,x,y: contacts (begin/end, the item, the other item or boundary, `bounds` for the reference bounds, the contact point), rest, layer animations (start/stop, layer, key; a stop has `finished` in x, as animationDidStop(_:finished:) reports), completions (complete, animator or block, end/start/current or finished/unfinished) and gestures (gesture, name, state, x, y). FILE appears only when the run completes, whole also when the rows' reader has gone (| head)."
        ),
    ],
    maxArguments: 1,
    tooManyArguments: { extra, first in "only one scene per run, got \(quoted(extra)) after \(quoted(first))" },
    sections: [
        (
            "COLUMNS",
            "t, then per item <item>.x,.y (points), .angle (radians, clockwise), .vx,.vy (points/s), .omega (radians/s), then per anchor <anchor>.x,.y (points). In the uikit profile an anchor column is the position the anchor holds for the display frame starting at t (UIKit moves it once per frame). Views add <view>.x,.y,.width,.height,.rotation,.scale.x,.scale.y,.alpha,.cornerRadius,.backgroundColor.*; layers <layer>.<keyPath>; animators <animator>.state,.fractionComplete,.isRunning,.isReversed (see docs/output.md)."
        ),
        ("EXIT STATUS", "0 success, 64 usage error, 65 bad scene or drag file, 1 runtime failure."),
    ])

/// Parses `dynsim run` arguments (after the command word, or all of them when it was left out).
func parseRun(_ args: [String]) throws -> Command {
    let p = try runSpec.parse(args)
    if p.wantsHelp { return .help("run") }
    var options = RunOptions()
    options.scene = p.arguments.first
    options.settings = RunSettings(p)
    options.format = p.text("--format").flatMap(OutputFormat.init(rawValue:)) ?? .csv
    options.output = p.text("--output")
    options.events = p.text("--events")
    return .run(options)
}

/// The files a run writes: each an ``OutputFile`` renamed into place only on success (rows go to stdout without
/// --output).
struct RunOutputs {
    var rows: OutputFile?
    var events: OutputFile?

    /// Opens the outputs the options name (``prepareRun(_:)`` has made sure they are two files).
    /// - Throws: ``OutputFile/Failure`` (nothing is left behind).
    init(_ options: RunOptions) throws {
        do {
            do {
                if let path = options.output { rows = try OutputFile(path) }
            } catch let e as OutputFile.Failure { throw e.named(by: "--output") }
            do {
                if let path = options.events { events = try OutputFile(path) }
            } catch let e as OutputFile.Failure { throw e.named(by: "--events") }
        } catch {
            rows?.discard()
            throw error
        }
    }

    /// Removes both temporary files.
    func discard() {
        rows?.discard()
        events?.discard()
    }

    /// Renames both into place, but for those whose reader has gone (`gone`: a pipe, closed), which are only closed.
    func commit(leaving gone: ClosedOutputs) throws {
        if gone.rows { rows?.discard() } else { try rows?.commit() }
        if gone.events { events?.discard() } else { try events?.commit() }
    }
}

/// The outputs of a run whose reader closed the pipe (EPIPE) while another output was still being written.
struct ClosedOutputs: Equatable {
    /// The rows' output (stdout, or --output naming a pipe).
    var rows = false
    /// The events' output (--events naming a pipe, such as /dev/stdout).
    var events = false
}

/// `dynsim run`: the scene's rows to stdout or --output, its events to --events. Returns the exit status.
func run(_ options: RunOptions) -> Int32 {
    let scene: Scene, label: String, outputs: RunOutputs
    do {
        (scene, label, _) = try prepareRun(options)
        outputs = try RunOutputs(options)
    } catch {
        return report(error)
    }
    let sceneRun = SceneRun(scene: scene)
    if let problem = sceneRun.inputProblems(fileName: label).first {
        outputs.discard()
        return report(problem)
    }
    do {
        let gone = try stream(sceneRun, options: options, outputs: outputs)
        try outputs.commit(leaving: gone)
    } catch {
        outputs.discard()
        switch error {
        case let e as EventsWriteError:
            return report(RuntimeFailure(message: "\(options.events!): cannot write (\(e.underlying))"))
        case SinkError.brokenPipe: return ExitStatus.success
        case let e as SimulationError:
            // The scene's data made it (nested scales past a Double): a bad-data error, exit 65.
            if let bad = e.inputError(file: label) { return report(bad) }
            return report(RuntimeFailure(message: "\(label): \(e)"))
        case is OutputFile.Failure: return report(error)
        default: return report(RuntimeFailure(message: "\(options.output ?? "stdout"): cannot write (\(error))"))
        }
    }
    return ExitStatus.success
}

/// A failure writing the events file (as opposed to the rows' output), so the message names that file.
struct EventsWriteError: Error { var underlying: Error }

/// Writes the rows (header, each row, the end) and the events as the run makes them. An output whose reader closes
/// the pipe (`dynsim run --events FILE | head`) stops there quietly while the other is still written: the run goes on
/// so that one is written whole (a file the user asked for, as tee's). When no output is left, the run ends
/// (``SinkError/brokenPipe``, a quiet end).
/// - Returns: the outputs whose reader went early (to be closed, not committed).
/// - Throws: ``EventsWriteError``, ``SimulationError``, sink errors of the rows' output.
func stream(_ sceneRun: SceneRun, options: RunOptions, outputs: RunOutputs) throws -> ClosedOutputs {
    // Each output goes quiet when its reader goes while the other is still written (a file the user asked for).
    var rows: TeeSink!, events: TeeSink?
    rows = TeeSink(FileSink(outputs.rows?.stream ?? stdout)) { events.map { !$0.readerGone } ?? false }
    events = outputs.events.map { TeeSink(FileSink($0.stream)) { !rows.readerGone } }
    let writer = RowWriter(format: options.format, columns: sceneRun.columns) { try rows.write($0) }
    func writeEvent(_ text: String) throws {
        do {
            try events?.write(Array(text.utf8))
        } catch SinkError.brokenPipe {
            throw SinkError.brokenPipe  // both readers gone: the quiet end of the run
        } catch {
            throw EventsWriteError(underlying: error)
        }
    }
    try writer.header()
    try writeEvent(SceneEvent.columns.joined(separator: ",") + "\n")
    try sceneRun.run(events: events.map { _ in { try writeEvent($0.csvRow + "\n") } }) {
        guard !rows.readerGone else { return }  // no one reads them: not even formatted
        try writer.row($0.values, texts: $0.texts)
    }
    try writer.finish()
    return ClosedOutputs(rows: rows.readerGone, events: events?.readerGone ?? false)
}
