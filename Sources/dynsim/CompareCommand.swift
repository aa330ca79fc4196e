// `dynsim compare` and `dynsim fit`: runs and recorded traces compared column by column, and a spring or a timing
// curve fitted to a trace. Their option tables generate their parsing and help; the work is Traces'.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import IO
import Scenes
import Shell
import Springs
import Traces

/// Options of `dynsim compare`.
struct CompareOptions: Equatable {
    var expected: String
    var actual: String
    var columns: [String]?
    var tolerance = 0.0
    var format = "text"
    var output: String?
}

/// `dynsim compare`'s option table.
let compareSpec = CommandSpec(
    name: "compare", program: "dynsim", summary: "Compare two runs or traces column by column (see `dynsim help compare`).",
    overview: "Compare two runs or recorded traces (dynsim's CSVs, or plain t,value or t,x,y traces) at any rates: ACTUAL is resampled at EXPECTED's times (cubic Hermite where ACTUAL carries the column's velocity, monotone cubic otherwise, linear for two rows), and each column reports its maximum and RMS difference, the time of the maximum, the first time over the tolerance and each side's settling time.",
    synopsis: "dynsim compare EXPECTED.csv ACTUAL.csv",
    arguments: [.init("EXPECTED.csv", help: "The reference: its times are the ones compared."),
                .init("ACTUAL.csv", help: "The run or trace checked against it.")],
    options: [
        .init("--columns", "A,B=C,...", .text, help: "Columns to compare, each once (default: every numeric column both files have); NAME=OTHER pairs EXPECTED's NAME with ACTUAL's OTHER (view.x=x for a device trace). t, the time axis every comparison is made along, is not one."),
        .init("--tolerance", "X", .number(check: { $0 >= 0 && $0 <= Limits.maxTraceValue ? nil : "must be from 0 to \(NumberFormat.limit(Limits.maxTraceValue))" }),
              help: "The largest difference allowed, in the columns' units (default: 0, equality, as cmp)."),
        .init("--format", "F", .choice(["text", "csv", "junit"]), help: "text (a table), csv (one row per column, full precision) or junit (JUnit XML for CI) (default: text)."),
        .init("--output", "FILE", .path, help: "Write the report to FILE (it appears only complete) instead of stdout."),
    ],
    maxArguments: 2, tooManyArguments: { extra, _ in "two files to compare, got \(quoted(extra)) too" },
    sections: [("EXIT STATUS", "As diff and cmp: 0 every column within the tolerance, 1 some column over it; trouble: 64 usage error, 65 a bad CSV, 74 the report cannot be written.")])

/// Parses `dynsim compare` arguments (after the command word).
func parseCompare(_ args: [String]) throws -> Command {
    let p = try compareSpec.parse(args)
    if p.wantsHelp { return .help("compare") }
    guard p.arguments.count == 2 else {
        throw UsageError(message: "give EXPECTED.csv and ACTUAL.csv, got \(p.arguments.count) file\(p.arguments.count == 1 ? "" : "s")", command: "compare")
    }
    var o = CompareOptions(expected: p.arguments[0], actual: p.arguments[1])
    if let c = p.text("--columns") {
        o.columns = c.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        // The item is shown within the whole value when there are several (an empty one alone would say nothing).
        if let bad = o.columns!.first(where: { $0.isEmpty || $0.hasPrefix("=") || $0.hasSuffix("=") }) {
            let item = bad.isEmpty ? "an empty item" : quoted(bad)
            let got = o.columns!.count == 1 ? item : "\(item) in \(quoted(c))"
            throw UsageError(message: "--columns: each must be NAME or NAME=OTHER, got \(got)", command: "compare")
        }
        // t is the axis the columns are compared along, in every comparison; as a column it would only compare
        // EXPECTED's times with themselves.
        if o.columns!.contains(where: { $0.split(separator: "=", maxSplits: 1).contains("t") }) {
            throw UsageError(message: "--columns: t is the time axis (ACTUAL is read at EXPECTED's times), not a column to compare, got \(quoted(c)); leave it out",
                             command: "compare")
        }
        // Each column is compared once, as bench's sizes run once: one named twice (NAME and NAME=NAME are one
        // column) would only repeat its row. One column of EXPECTED against two of ACTUAL (a=x,a=y) is two rows.
        var seen = Set<String>()
        for column in o.columns! {
            let parts = column.split(separator: "=", maxSplits: 1).map(String.init)
            let label = parts.count == 1 || parts[0] == parts[1] ? parts[0] : column
            if !seen.insert(label).inserted {
                throw UsageError(message: "--columns: \(label) given twice, got \(quoted(c))", command: "compare")
            }
        }
    }
    o.tolerance = p.number("--tolerance") ?? 0
    o.format = p.text("--format") ?? "text"
    o.output = p.text("--output")
    if let out = o.output, out != "-", let input = [o.expected, o.actual].first(where: { FileIdentity(path: $0) != nil && FileIdentity(path: $0) == FileIdentity(path: out) }) {
        throw UsageError(message: "--output: \(out) is a file this command reads (\(input)); choose another file", command: "compare")
    }
    if o.output == nil || o.output == "-", let problem = stdoutProblem(reads: [o.expected, o.actual]) {
        throw UsageError(message: problem, command: "compare")
    }
    return .compare(o)
}

/// `dynsim compare`: 0 within, 1 over, 64/65/74 for trouble.
func compare(_ o: CompareOptions) -> Int32 {
    let report: String, passed: Bool
    do {
        let expected = try Trace(try readInput(o.expected, name: o.expected, maxBytes: Limits.maxTraceBytes), fileName: o.expected, minRows: 2)
        let actual = try Trace(try readInput(o.actual, name: o.actual, maxBytes: Limits.maxTraceBytes), fileName: o.actual, minRows: 2)
        // A column --columns names that a file lacks is a mistake in the command (64), not in the file.
        for pair in o.columns ?? [] {
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            for (trace, name) in [(expected, parts[0]), (actual, parts.count > 1 ? parts[1] : parts[0])] where trace.column(name) == nil {
                let some = trace.columns.prefix(8).map(\.name).joined(separator: ", ") + (trace.columns.count > 8 ? ", ..." : "")
                throw UsageError(message: "--columns: \(trace.label) has no numeric column \(quoted(name)) (its columns: \(some)), got \(quoted(pair))", command: "compare")
            }
        }
        let c = try Comparison(expected: expected, actual: actual, columns: o.columns, tolerance: o.tolerance)
        report = o.format == "csv" ? c.csv : o.format == "junit" ? c.junit : c.text
        passed = c.passed
    } catch {
        return dynsim.report(error)
    }
    do {
        try writeWhole(report, to: o.output, flag: "--output")
    } catch {
        printError("\(error)")
        return ExitStatus.ioError
    }
    return passed ? ExitStatus.success : ExitStatus.differ
}

extension RuntimeFailure: CustomStringConvertible {
    var description: String { message }
}

/// Options of `dynsim fit`.
struct FitOptions: Equatable {
    var kind: String
    var trace: String
    var column: String?
    var from: Double?
    var to: Double?
}

/// `dynsim fit`'s option table.
let fitSpec = CommandSpec(
    name: "fit", program: "dynsim", summary: "Fit a spring or a timing curve to a recorded trace (see `dynsim help fit`).",
    overview: "Find the spring (damping ratio, response, initial velocity, and the equivalent mass, stiffness and damping) or the cubic Bézier timing curve that best fits a recorded t,value trace, by least squares, with the residual and a 95% interval for each spring parameter.",
    synopsis: "dynsim fit (spring | curve) TRACE.csv",
    arguments: [.init("spring | curve", help: "What to fit."), .init("TRACE.csv", help: "t (seconds, from the release) and the value; or a dynsim run with --column.")],
    options: [
        .init("--column", "NAME", .text, help: "The column to fit (default: the only numeric column after t, or `value`)."),
        .init("--from", "A", .number(check: { abs($0) <= Limits.maxTraceValue ? nil : "must be within ±\(NumberFormat.limit(Limits.maxTraceValue))" }), help: "The start value, fixed (default: fitted for a spring, the first value for a curve)."),
        .init("--to", "B", .number(check: { abs($0) <= Limits.maxTraceValue ? nil : "must be within ±\(NumberFormat.limit(Limits.maxTraceValue))" }), help: "The target value, fixed (default: fitted for a spring, the last value for a curve)."),
    ],
    maxArguments: 2, tooManyArguments: { extra, _ in "one trace, got \(quoted(extra)) too" },
    sections: [("OUTPUT", "name,value,low,high rows (the 95% interval) for a spring; the curve as cubic-bezier() and name,value rows for a curve."),
               ("EXIT STATUS", "0 success; 1 the trace cannot tell the spring or the curve (a parameter at the search's bound, such as a response of two sample intervals, where a faster spring would alias; no intervals; or a residual far above the trace's own noise, rms > 3 x noise + 1e-9 of the range, the noise from the median second difference): the rows are printed with notes saying why, not to be used; 64 usage error; 65 a bad trace (fewer rows than the fit needs, t not increasing, no motion); 74 the output could not be written.")])

/// Parses `dynsim fit` arguments.
func parseFit(_ args: [String]) throws -> Command {
    let p = try fitSpec.parse(args)
    if p.wantsHelp { return .help("fit") }
    guard p.arguments.count == 2, ["spring", "curve"].contains(p.arguments[0]) else {
        throw UsageError(message: "give spring or curve, then the trace, got \(p.arguments.map(quoted).joined(separator: " "))", command: "fit")
    }
    return .fit(FitOptions(kind: p.arguments[0], trace: p.arguments[1], column: p.text("--column"), from: p.number("--from"), to: p.number("--to")))
}

/// `dynsim fit`: name,value,low,high rows to stdout.
func fit(_ o: FitOptions) -> Int32 {
    do {
        if let problem = stdoutProblem(reads: [o.trace]) { throw UsageError(message: problem, command: "fit") }
        let trace = try Trace(try readInput(o.trace, name: o.trace, maxBytes: Limits.maxTraceBytes), fileName: o.trace, minRows: 3)
        let name = o.column ?? (trace.columns.count == 1 ? trace.columns[0].name : "value")
        guard let values = trace.column(name) else {
            throw InputError(file: o.trace, path: "line 1", message: "has no numeric column \(quoted(name)) (its columns: \(trace.columns.map(\.name).joined(separator: ", "))); choose one with --column")
        }
        func g(_ x: Double) -> String { x.isFinite ? NumberFormat.shortest(x) : "" }
        var rows = ["name,value,low,high"]
        if o.kind == "spring" {
            let f = try SpringFit(times: trace.times, values: values, from: o.from, to: o.to, label: o.trace)
            for (label, e) in [("dampingRatio", f.dampingRatio), ("response", f.response), ("initialVelocity", f.initialVelocity),
                               ("from", f.from), ("to", f.to), ("mass", SpringFit.Estimate(value: 1, low: 1, high: 1)),
                               ("stiffness", f.stiffness), ("damping", f.damping)] {
                rows.append("\(label),\(g(e.value)),\(g(e.low)),\(g(e.high))")
            }
            rows.append("rmsResidual,\(g(f.rmsResidual)),,")
            rows.append("samples,\(f.samples),,")
            for note in f.notes { fputs("dynsim: note: \(o.trace): \(note)\n", stderr) }
            if f.cannotTell {
                let status = writeStdout(rows.joined(separator: "\n") + "\n")
                fputs("dynsim: error: \(o.trace): the trace cannot tell the spring (the notes above say why); the rows are for inspection, not to be used\n", stderr)
                return status == 0 ? ExitStatus.failure : ExitStatus.ioError
            }
        } else {
            let f = try CurveFit(times: trace.times, values: values, from: o.from, to: o.to, label: o.trace)
            let c = f.curve
            rows += ["x1,\(g(c.x1)),,", "y1,\(g(c.y1)),,", "x2,\(g(c.x2)),,", "y2,\(g(c.y2)),,", "duration,\(g(f.duration)),,",
                     "maxResidual,\(g(f.maxResidual)),,", "rmsResidual,\(g(f.rmsResidual)),,", "samples,\(f.samples),,",
                     "css,\"cubic-bezier(\(g(c.x1)), \(g(c.y1)), \(g(c.x2)), \(g(c.y2)))\",,"]
            for note in f.notes { fputs("dynsim: note: \(o.trace): \(note)\n", stderr) }
            if f.cannotTell {
                let status = writeStdout(rows.joined(separator: "\n") + "\n")
                fputs("dynsim: error: \(o.trace): the trace cannot tell the curve (the notes above say why); the rows are for inspection, not to be used\n", stderr)
                return status == 0 ? ExitStatus.failure : ExitStatus.ioError
            }
        }
        // A failed write is 74 (as compare's), so that 1 means only "cannot tell".
        let status = writeStdout(rows.joined(separator: "\n") + "\n")
        return status == ExitStatus.success ? status : ExitStatus.ioError
    } catch {
        return report(error)
    }
}
