// dynsim-bench: the shared benchmark catalog (Scenes/Benchmark.swift) in release mode:
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

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.contains(where: { $0 == "-h" || $0 == "--help" }) || arguments.first == "help" {
    print(Benchmark.help(command: "dynsim-bench"))
    exit(0)
}
let options: Benchmark.Options
do {
    options = try Benchmark.parse(arguments)
} catch {
    fputs("dynsim-bench: error: \(error)\n", stderr)
    exit(64)
}
signal(SIGPIPE, SIG_IGN)   // a closed pipe is an EPIPE error to handle, not a signal that kills the run
Signals.install()   // an interrupted run leaves no half-written --csv file
exit(Benchmark.runToStdout(options, program: "dynsim-bench"))
