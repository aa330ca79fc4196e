// dynsim: the command-line tool. Parses arguments into a Command, calls Scenes, writes data to stdout and diagnostics
// to stderr. Exit status: 0 success, 64 usage error, 65 bad input data, 1 runtime failure (design notes §3,
// ../shared/DESIGN.md).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Scenes
import Playback
import IO
import Bench

enum Exit {
    static let success: Int32 = 0
    static let failure: Int32 = 1
    static let usage: Int32 = 64
    static let dataError: Int32 = 65
}

func printError(_ message: String) {
    fputs("dynsim: error: " + message + "\n", stderr)
}

/// Prints an error the way its kind asks (a usage error with the command's usage) and returns the exit status.
func report(_ error: Error) -> Int32 {
    switch error {
    case let e as UsageError:
        printError(e.message)
        fputs(usageText(e.command) + "\n", stderr)
        return Exit.usage
    case let e as InputError:
        printError(e.description)
        return Exit.dataError
    default:
        printError("\(error)")
        return Exit.failure
    }
}

func writeStdout(_ text: String) -> Int32 {
    do {
        try FileSink(stdout).write(Array(text.utf8))
        return Exit.success
    } catch SinkError.brokenPipe {
        return Exit.success
    } catch {
        printError("stdout: \(error)")
        return Exit.failure
    }
}

/// A file a run reads: the scene file or a CSV it names, as the user wrote it, and its identity when it was read.
struct InputFile {
    var name: String
    var identity: FileIdentity?
    var isScene: Bool
}

/// Loads the scene a run names: a built-in by name, else a file. Returns the scene, its name for messages and the
/// files read (none for a built-in; the scene file first).
func loadScene(_ name: String?) throws -> (Scene, String, [InputFile]) {
    let name = name ?? Catalog.defaultName
    if let builtin = Catalog.scene(named: name) { return (builtin, name, []) }
    if !FileManager.default.fileExists(atPath: name) && !name.hasSuffix(".json") && !name.contains("/") {
        throw UsageError(message: "no such scene file or built-in scene (dynsim scenes lists them), got \(quoted(name))",
                         command: "run")
    }
    var inputs = [InputFile(name: name, identity: FileIdentity(path: name), isScene: true)]
    let bytes = try readInput(name, name: name)
    let scene = try decoder(forFile: name) { csv, _, identity in
        inputs.append(InputFile(name: csv, identity: identity, isScene: false))
    }.decode(bytes)
    return (scene, name, inputs)
}

/// Reads an input file (at most ``Limits/maxFileBytes``), its errors as ``InputError``s naming it as the user wrote it.
func readInput(_ path: String, name: String) throws -> [UInt8] {
    do {
        return try readInputFile(path, maxBytes: Limits.maxFileBytes)
    } catch let e as InputFileError {
        throw InputError(file: name, path: "", message: e.message)
    }
}

/// A decoder for a scene file on disk: drag and gesture CSVs are read relative to the scene file's directory.
/// `opened` is told each CSV as it is read, by its name in the scene and the path opened, with the file's identity
/// then (nil if it could not be found), so that the run can refuse to write over a file it reads.
func decoder(forFile path: String,
             opened: @escaping (_ name: String, _ path: String, _ identity: FileIdentity?) -> Void) -> SceneDecoder {
    let directory = (path as NSString).deletingLastPathComponent
    return SceneDecoder(fileName: path) { name in
        let full = name.hasPrefix("/") || directory.isEmpty ? name : directory + "/" + name
        opened(name, full, FileIdentity(path: full))
        return try readInput(full, name: name)
    }
}

/// Why writing `path` (the value of `flag`, --output or --events) would write over a file the run reads, or nil.
/// Files are compared by device and inode, so a symbolic or hard link to an input is caught; an output that does not
/// exist yet cannot be one.
func overwriteProblem(flag: String, path: String, inputs: [InputFile], sceneName: String) -> String? {
    guard let target = FileIdentity(path: path),
          let input = inputs.first(where: { $0.identity == target }) else { return nil }
    // Paths as written, unquoted, as a file is named where a message starts.
    let what = input.isScene ? "the scene file" : "a CSV file"
    let which = input.isScene ? (input.name == path ? "" : " (\(input.name))") : " (\(input.name), named in \(sceneName))"
    return "\(flag): \(path) is \(what) this run reads\(which); choose another file"
}

func run(_ options: RunOptions) -> Int32 {
    var scene: Scene
    let label: String
    let inputs: [InputFile]
    do {
        (scene, label, inputs) = try loadScene(options.scene)
    } catch {
        return report(error)
    }
    if let d = options.duration { scene.duration = d }
    if let r = options.rate { scene.rate = r }
    if let p = options.profile { scene.profile = p }
    if let problem = Limits.runBudgetProblem(duration: scene.duration, rate: scene.rate, timeStep: scene.timeStep,
                                             subSteps: scene.effectiveSubSteps) {
        // The scene file passed this check, so a flag made the run too long.
        let flags = [options.duration != nil ? "--duration" : nil, options.rate != nil ? "--rate" : nil,
                     options.profile != nil ? "--profile" : nil].compactMap { $0 }.joined(separator: ", ")
        printError("\(flags): \(problem)")
        fputs(usageText("run") + "\n", stderr)
        return Exit.usage
    }

    // No command writes over a file it reads: checked before any output is opened.
    for (flag, path) in [("--output", options.output), ("--events", options.events)] {
        if let path, let problem = overwriteProblem(flag: flag, path: path, inputs: inputs, sceneName: label) {
            printError(problem)
            fputs(usageText("run") + "\n", stderr)
            return Exit.usage
        }
    }

    // Where the rows go: stdout, or an OutputFile (see there) renamed into place only on success.
    var output: OutputFile?
    var events: OutputFile?
    do {
        if let path = options.output { output = try OutputFile(path) }
        if let path = options.events { events = try OutputFile(path) }
    } catch let e as OutputFile.Failure {
        output?.discard()
        printError(e.message)
        return Exit.failure
    } catch {
        printError("\(error)")
        return Exit.failure
    }
    if let output, let events, output.target == events.target {
        // Different names for one file (a symbolic link, a relative and an absolute path): both would write it.
        output.discard()
        events.discard()
        printError("--events: must differ from --output, both are \(quoted(output.target))")
        fputs(usageText("run") + "\n", stderr)
        return Exit.usage
    }
    let stream: UnsafeMutablePointer<FILE> = output?.stream ?? stdout
    func discard() {
        output?.discard()
        events?.discard()
    }

    let sceneRun = SceneRun(scene: scene)
    if let problem = sceneRun.inputProblems(fileName: label).first {
        discard()
        printError(problem.description)
        return Exit.dataError
    }
    let sink = FileSink(stream)
    let writer = RowWriter(format: options.format, columns: sceneRun.columns) { try sink.write($0) }
    let eventSink = events.map { FileSink($0.stream) }
    /// A failure writing the events file (as opposed to the rows' output), so the message names that file.
    struct EventsWriteError: Error { var underlying: Error }
    func writeEvent(_ text: String) throws {
        do { try eventSink?.write(Array(text.utf8)) } catch { throw EventsWriteError(underlying: error) }
    }
    do {
        try writer.header()
        try writeEvent(SceneRun.eventColumns.joined(separator: ",") + "\n")
        try sceneRun.run(events: eventSink.map { _ in { try writeEvent(sceneRun.eventRow($0) + "\n") } }) {
            try writer.row($0.values, texts: $0.texts)
        }
        try writer.finish()
    } catch let e as EventsWriteError {
        discard()
        printError("\(options.events!): cannot write (\(e.underlying))")
        return Exit.failure
    } catch SinkError.brokenPipe {
        discard()
        return Exit.success
    } catch let e as SimulationError {
        discard()
        printError("\(label): \(e)")
        return Exit.failure
    } catch {
        discard()
        printError("\(options.output ?? "stdout"): cannot write (\(error))")
        return Exit.failure
    }
    for file in [output, events].compactMap({ $0 }) {
        do {
            try file.commit()
        } catch let e as OutputFile.Failure {
            discard()
            printError(e.message)
            return Exit.failure
        } catch {
            return Exit.failure
        }
    }
    return Exit.success
}

func main() -> Int32 {
    signal(SIGPIPE, SIG_IGN)
    Signals.install()
    let command: Command
    do {
        command = try parseCommand(Array(CommandLine.arguments.dropFirst()))
    } catch {
        return report(error)
    }
    switch command {
    case .help(let c): return writeStdout(helpText(c) + "\n")
    case .version: return writeStdout("dynsim \(dynsimVersion)\n")
    case .listScenes:
        let width = Catalog.entries.map(\.name.count).max() ?? 0
        return writeStdout(Catalog.entries.map {
            $0.name + String(repeating: " ", count: width - $0.name.count + 2) + $0.summary
        }.joined(separator: "\n") + "\n")
    case .showScene(let name):
        return writeStdout(SceneEncoder.text(Catalog.scene(named: name)!))
    case .run(let options):
        return run(options)
    case .bench(let options):
        return Benchmark.runToStdout(options, program: "dynsim")
    case .spring(let options):
        return streamToStdout { try writeSpring(options, to: $0) }
    case .curve(let options):
        return streamToStdout { try writeCurve(options, to: $0) }
    }
}

/// Runs a writer of rows into stdout: success, also when the reader closed the pipe early (`| head`); a reported
/// error otherwise.
func streamToStdout(_ write: (_ sink: @escaping ([UInt8]) throws -> Void) throws -> Void) -> Int32 {
    let sink = FileSink(stdout)
    do {
        try write { try sink.write($0) }
        return Exit.success
    } catch SinkError.brokenPipe {
        return Exit.success
    } catch {
        return report(error)
    }
}

exit(main())
