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
let results = Benchmark.run(options) { print($0); fflush(stdout) }
if let path = options.csv {
    do {
        try Benchmark.csv(results).write(toFile: path, atomically: true, encoding: .utf8)
    } catch {
        fputs("dynsim-bench: error: \(path): cannot write (\(error))\n", stderr)
        exit(1)
    }
}
