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
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: name, isDirectory: &isDirectory), !isDirectory.boolValue else {
        if name.hasSuffix(".json") || name.contains("/") {
            throw InputError(file: name, path: "", message: "cannot read the scene file (no such file), got \"\(name)\"")
        }
        throw UsageError(message: "no such scene file or built-in scene (dynsim scenes lists them), got \"\(name)\"",
                         command: "run")
    }
    guard let data = FileManager.default.contents(atPath: name) else {
        throw InputError(file: name, path: "", message: "cannot read the scene file, got \"\(name)\"")
    }
    return (try SceneDecoder.forFile(name).decode([UInt8](data)), name)
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
        fputs(helpText(e.command) + "\n", stderr)
        return Exit.usage
    } catch {
        printError("\(error)")
        return Exit.failure
    }
    if let d = options.duration { scene.duration = d }
    if let r = options.rate { scene.rate = r }
    if let p = options.profile { scene.profile = p }

    // Where the rows go: stdout, or a temporary file renamed over FILE only on success.
    var stream: UnsafeMutablePointer<FILE> = stdout
    var temporary: String?
    if let output = options.output {
        let tmp = output + ".partial-\(getpid())"
        guard let f = fopen(tmp, "wb") else {
            printError("\(output): cannot create the output file (\(String(cString: strerror(errno)))), got \"\(output)\"")
            return Exit.failure
        }
        stream = f
        temporary = tmp
    }
    func discard() {
        if let tmp = temporary {
            fclose(stream)
            unlink(tmp)
        }
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
    if let tmp = temporary, let output = options.output {
        if fclose(stream) != 0 {
            unlink(tmp)
            printError("\(output): cannot write (\(String(cString: strerror(errno))))")
            return Exit.failure
        }
        if rename(tmp, output) != 0 {
            let reason = String(cString: strerror(errno))
            unlink(tmp)
            printError("\(output): cannot write (\(reason))")
            return Exit.failure
        }
    }
    return Exit.success
}

func main() -> Int32 {
    signal(SIGPIPE, SIG_IGN)
    let command: Command
    do {
        command = try parseCommand(Array(CommandLine.arguments.dropFirst()))
    } catch let e as UsageError {
        printError(e.message)
        fputs(helpText(e.command) + "\n", stderr)
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
    }
}

exit(main())
