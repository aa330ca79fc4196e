// dynsim-bench: the shared benchmark catalog (Sources/Bench/Benchmark.swift) in release mode:
//   swift run -c release dynsim-bench [A|B|C|pendulum|timing ...] [--sizes N1,N2,...] [--profile uikit|precise|both]
//                                     [--repeats R] [--frames F] [--csv FILE]
// `dynsim bench` takes the same arguments. Speed is measured here, never in tests.
#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import Scenes
import IO
import Bench
import Shell

OutputFile.reserveStandardDescriptors()  // with stdout closed, the --csv file must not become descriptor 1
let spec = Benchmark.spec(program: "dynsim-bench", command: nil)
let options: Benchmark.Options
do {
    let parsed = try spec.parse(Array(CommandLine.arguments.dropFirst()))
    if parsed.wantsHelp {
        print(spec.help)
        exit(ExitStatus.success)
    }
    options = try Benchmark.options(parsed, command: nil)
} catch {
    fputs("dynsim-bench: error: \(error)\n\(spec.usageText)\n", stderr)
    exit(ExitStatus.usage)
}
signal(SIGPIPE, SIG_IGN)  // a closed pipe is an EPIPE error to handle, not a signal that kills the run
Signals.install()  // an interrupted run leaves no half-written --csv file
exit(Benchmark.runToStdout(options, program: "dynsim-bench"))
