// dynsim-bench: the shared benchmark catalog (Scenes/Benchmark.swift) in release mode:
//   swift run -c release dynsim-bench [A|B|C|pendulum|timing ...] [--sizes N1,N2,...] [--profile uikit|precise|both]
//                                     [--repeats R] [--frames F] [--csv FILE]
// `dynsim bench` takes the same arguments. Speed is measured here, never in tests.
#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Scenes

let options: Benchmark.Options
do {
    options = try Benchmark.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    fputs("dynsim-bench: error: \(error)\n", stderr)
    exit(64)
}
do {
    try Benchmark.runAndWrite(options) { print($0); fflush(stdout) }
} catch {
    fputs("dynsim-bench: error: \(error)\n", stderr)
    exit(1)
}
