// dynsim: the command-line tool. Parses arguments into a Command (Command.swift, one file per command beside it),
// runs it, writes data to stdout and diagnostics to stderr. Errors map to exit statuses here only (``report(_:)``,
// the statuses in Shell's ExitStatus): 0 success, 64 usage error, 65 bad input data, 1 runtime failure (docs/design.md,
// "The CLI contract"). Signals are handled by Shell's Signals.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Foundation
import Scenes
import IO
import Bench
import Shell

/// A runtime failure with a message that names the file or scene (exit 1).
struct RuntimeFailure: Error {
    var message: String
}

func printError(_ message: String) {
    fputs("dynsim: error: " + message + "\n", stderr)
}

/// Prints an error the way its kind asks (a usage error with the command's usage) and returns the exit status: the one
/// place errors become exit statuses.
func report(_ error: Error) -> Int32 {
    switch error {
    case let e as UsageError:
        printError(e.message)
        fputs(usageText(e.command) + "\n", stderr)
        return ExitStatus.usage
    case let e as InputError:
        printError(e.description)
        return ExitStatus.dataError
    case let e as OutputFile.Failure:
        printError(e.message)
        return ExitStatus.failure
    case let e as RuntimeFailure:
        printError(e.message)
        return ExitStatus.failure
    default:
        printError("\(error)")
        return ExitStatus.failure
    }
}

/// Writes `text` to stdout: success, also when the reader closed the pipe early.
func writeStdout(_ text: String) -> Int32 {
    streamToStdout { try $0(Array(text.utf8)) }
}

/// Runs a writer of rows into stdout: success, also when the reader closed the pipe early (`| head`); a reported
/// error otherwise.
func streamToStdout(_ write: (_ sink: @escaping ([UInt8]) throws -> Void) throws -> Void) -> Int32 {
    let sink = FileSink(stdout)
    do {
        try write { try sink.write($0) }
        return ExitStatus.success
    } catch SinkError.brokenPipe {
        return ExitStatus.success
    } catch let e as SinkError {
        return report(RuntimeFailure(message: "stdout: \(e)"))
    } catch {
        return report(error)
    }
}

func main() -> Int32 {
    OutputFile.reserveStandardDescriptors()
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
    case .listScenes: return writeStdout(sceneList())
    case .showScene(let name): return writeStdout(SceneEncoder.text(Catalog.scene(named: name)!))
    case .schema(let docs, let sweep):
        let tables = sweep ? SweepFileFields.markdown : FieldTables.markdown
        if docs {
            return writeStdout(
                tables.map { "<!-- fields: \($0.kind) -->\n\($0.table)\n<!-- end fields -->\n" }.joined(separator: "\n")
            )
        }
        return writeStdout(sweep ? JSONWriter.write(SweepFileFields.schema) + "\n" : SceneSchema.text)
    case .run(let options): return run(options)
    case .bench(let options): return Benchmark.runToStdout(options, program: "dynsim")
    case .spring(let options): return streamToStdout { try writeSpring(options, to: $0) }
    case .curve(let options): return streamToStdout { try writeCurve(options, to: $0) }
    case .decay(let options): return streamToStdout { try writeDecay(options, to: $0) }
    case .view(let options): return view(options)
    case .export(let options): return export(options)
    case .compare(let options): return compare(options)
    case .fit(let options): return fit(options)
    case .sweep(let options): return sweep(options)
    case .sweepMerge(let options): return sweepMerge(options)
    case .bake(let options): return bake(options)
    }
}

exit(main())
