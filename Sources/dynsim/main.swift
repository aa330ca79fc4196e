// dynsim: the command-line tool. Parses arguments into a Command, calls Scenes, writes data to stdout and diagnostics
// to stderr. Exit status: 0 success, 64 usage error, 65 bad input data, 1 runtime failure (DESIGN.md §3).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Scenes

enum Exit {
    static let success: Int32 = 0
    static let failure: Int32 = 1
    static let usage: Int32 = 64
    static let dataError: Int32 = 65
}

func printError(_ message: String) {
    fputs("dynsim: error: " + message + "\n", stderr)
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

/// Loads the scene a run names: a built-in by name, else a file.
func loadScene(_ name: String?) throws -> (Scene, String) {
    let name = name ?? Catalog.defaultName
    if let builtin = Catalog.scene(named: name) { return (builtin, name) }
    if !FileManager.default.fileExists(atPath: name) && !name.hasSuffix(".json") && !name.contains("/") {
        throw UsageError(message: "no such scene file or built-in scene (dynsim scenes lists them), got \(quoted(name))",
                         command: "run")
    }
    let bytes = try readInputFile(name, name: name)
    return (try SceneDecoder.forFile(name).decode(bytes), name)
}

func run(_ options: RunOptions) -> Int32 {
    var scene: Scene
    let label: String
    do {
        (scene, label) = try loadScene(options.scene)
    } catch let e as InputError {
        printError(e.description)
        return Exit.dataError
    } catch let e as UsageError {
        printError(e.message)
        fputs(usageText(e.command) + "\n", stderr)
        return Exit.usage
    } catch {
        printError("\(error)")
        return Exit.failure
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

    // Where the rows go: stdout, or a temporary file renamed over FILE only on success.
    // A regular file (or a new one) is written beside its final place and renamed over it on success, so it never
    // exists half-written; a symbolic link is followed to its target first. Anything else (a device such as /dev/full
    // or /dev/stdout, a FIFO) is written directly: it cannot be replaced, only written.
    var stream: UnsafeMutablePointer<FILE> = stdout
    var temporary: String?
    var finalPath: String?
    if let output = options.output {
        var target = output
        if let resolved = realpath(output, nil) {
            target = String(cString: resolved)
            free(resolved)
        } else {
            // A dangling symbolic link: write to where it points (relative to the link's folder).
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let n = readlink(output, &buffer, buffer.count - 1)
            if n > 0 {
                let link = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
                let folder = (output as NSString).deletingLastPathComponent
                target = link.hasPrefix("/") || folder.isEmpty ? link : folder + "/" + link
            }
        }
        var info = stat()
        let exists = stat(target, &info) == 0
        if exists && (info.st_mode & S_IFMT) == S_IFDIR {
            printError("\(output): is a directory, got \(quoted(output))")
            return Exit.failure
        }
        if exists && (info.st_mode & S_IFMT) != S_IFREG {
            guard let f = fopen(target, "wb") else {
                printError("\(output): cannot open for writing (\(String(cString: strerror(errno)))), got \(quoted(output))")
                return Exit.failure
            }
            stream = f
        } else {
            let tmp = target + ".partial-\(getpid())"
            guard let f = fopen(tmp, "wb") else {
                printError("\(output): cannot create the output file (\(String(cString: strerror(errno)))), got \(quoted(output))")
                return Exit.failure
            }
            stream = f
            temporary = tmp
            finalPath = target
            removeOnSignal(tmp)
        }
    }
    func discard() {
        if options.output != nil { fclose(stream) }
        if let tmp = temporary { unlink(tmp) }
    }

    let sceneRun = SceneRun(scene: scene)
    let sink = FileSink(stream)
    let writer = RowWriter(format: options.format, columns: sceneRun.columns) { try sink.write($0) }
    do {
        try writer.header()
        try sceneRun.run { try writer.row($0) }
        try writer.finish()
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
    if let output = options.output {
        if fclose(stream) != 0 {
            if let tmp = temporary { unlink(tmp) }
            printError("\(output): cannot write (\(String(cString: strerror(errno))))")
            return Exit.failure
        }
    }
    if let tmp = temporary, let output = options.output, let finalPath {
        if rename(tmp, finalPath) != 0 {
            let reason = String(cString: strerror(errno))
            unlink(tmp)
            printError("\(output): cannot write (\(reason))")
            return Exit.failure
        }
    }
    return Exit.success
}

/// The temporary output file, as a C string the signal handler can use (unlink is async-signal-safe).
nonisolated(unsafe) var temporaryPathForSignals: UnsafeMutablePointer<CChar>?

/// Removes the temporary output file if the process is stopped by a signal, then dies of that signal.
func removeOnSignal(_ path: String) {
    temporaryPathForSignals = strdup(path)
    for sig in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] {
        signal(sig) { sig in
            if let p = temporaryPathForSignals { unlink(p) }
            signal(sig, SIG_DFL)
            raise(sig)
        }
    }
}

func main() -> Int32 {
    signal(SIGPIPE, SIG_IGN)
    let command: Command
    do {
        command = try parseCommand(Array(CommandLine.arguments.dropFirst()))
    } catch let e as UsageError {
        printError(e.message)
        fputs(usageText(e.command) + "\n", stderr)
        return Exit.usage
    } catch {
        printError("\(error)")
        return Exit.usage
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
    case .spring(let options):
        do {
            return writeStdout(try springRows(options).joined(separator: "\n") + "\n")
        } catch let e as UsageError {
            printError(e.message)
            fputs(usageText(e.command) + "\n", stderr)
            return Exit.usage
        } catch {
            printError("\(error)")
            return Exit.failure
        }
    case .curve(let options):
        return writeStdout(curveRows(options).joined(separator: "\n") + "\n")
    }
}

exit(main())
