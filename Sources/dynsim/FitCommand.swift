// `dynsim fit`: a spring or a timing curve fitted to a recorded trace. Its option table generates its parsing and help;
// the work is Traces'.
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
    name: "fit", program: "dynsim",
    summary: "Fit a spring, a timing curve or a deceleration to a recorded trace (see `dynsim help fit`).",
    overview:
        "Find the spring (damping ratio, response, initial velocity, and the equivalent mass, stiffness and damping) or the cubic Bézier timing curve that best fits a recorded t,value trace, by least squares, with the residual and a 95% interval for each spring parameter; or the UIScrollView deceleration rate (per millisecond) behind a recorded flick, with its velocity, start and resting point.",
    synopsis: "dynsim fit (spring | curve | decay) TRACE.csv",
    arguments: [
        .init("spring | curve | decay", help: "What to fit."),
        .init("TRACE.csv", help: "t (seconds, from the release) and the value; or a dynsim run with --column."),
    ],
    options: [
        .init(
            "--column", "NAME", .text, help: "The column to fit (default: the only numeric column after t, or `value`)."
        ),
        .init(
            "--from", "A",
            .number(check: {
                abs($0) <= Limits.maxTraceValue ? nil : "must be within ±\(NumberFormat.limit(Limits.maxTraceValue))"
            }), help: "The start value, fixed (default: fitted for a spring or decay, the first value for a curve)."),
        .init(
            "--to", "B",
            .number(check: {
                abs($0) <= Limits.maxTraceValue ? nil : "must be within ±\(NumberFormat.limit(Limits.maxTraceValue))"
            }),
            help:
                "The target value (a decay's resting point), fixed (default: fitted for a spring or decay, the last value for a curve)."
        ),
    ],
    maxArguments: 2, tooManyArguments: { extra, _ in "one trace, got \(quoted(extra)) too" },
    sections: [
        (
            "OUTPUT",
            "name,value,low,high rows (the 95% interval) for a spring or a decay; the curve as cubic-bezier() and name,value rows for a curve."
        ),
        (
            "EXIT STATUS",
            "0 success; 1 the trace cannot tell the spring or the curve (a parameter at the search's bound, such as a response of two sample intervals, where a faster spring would alias; no intervals; or a residual far above the trace's own noise, rms > 3 x noise + 1e-9 of the range, the noise from the median second difference; for a decay also fewer than 8 rows, or a 95% interval of ln c wider than ±10% of it): the rows are printed with notes saying why, not to be used; 64 usage error; 65 a bad trace (fewer rows than the fit needs, t not increasing, no motion); 74 the output could not be written."
        ),
    ])

/// Parses `dynsim fit` arguments.
func parseFit(_ args: [String]) throws -> Command {
    let p = try fitSpec.parse(args)
    if p.wantsHelp { return .help("fit") }
    guard p.arguments.count == 2, ["spring", "curve", "decay"].contains(p.arguments[0]) else {
        throw UsageError(
            message:
                "give spring, curve or decay, then the trace, got \(p.arguments.map(quoted).joined(separator: " "))",
            command: "fit")
    }
    return .fit(
        FitOptions(
            kind: p.arguments[0], trace: p.arguments[1], column: p.text("--column"), from: p.number("--from"),
            to: p.number("--to")))
}

/// Writes `rows` and the notes; when the trace cannot tell `what`, says so and returns 1 (74 if the rows could not be
/// written), else 0 (or 74).
private func finish(_ rows: [String], notes: [String], cannotTell: Bool, what: String, _ o: FitOptions) -> Int32 {
    for note in notes { fputs("dynsim: note: \(o.trace): \(note)\n", stderr) }
    let status = writeStdout(rows.joined(separator: "\n") + "\n")
    guard status == ExitStatus.success else { return ExitStatus.ioError }
    if cannotTell {
        fputs(
            "dynsim: error: \(o.trace): the trace cannot tell the \(what) (the notes above say why); the rows are for inspection, not to be used\n",
            stderr)
        return ExitStatus.failure
    }
    return status
}

/// `dynsim fit`: name,value,low,high rows to stdout.
func fit(_ o: FitOptions) -> Int32 {
    do {
        if let problem = stdoutProblem(reads: [o.trace]) { throw UsageError(message: problem, command: "fit") }
        let trace = try Trace(
            try readInput(o.trace, name: o.trace, maxBytes: Limits.maxTraceBytes), fileName: o.trace, minRows: 3)
        let name = o.column ?? (trace.columns.count == 1 ? trace.columns[0].name : "value")
        guard let values = trace.column(name) else {
            throw InputError(
                file: o.trace, path: "line 1",
                message:
                    "has no numeric column \(quoted(name)) (its columns: \(trace.columns.map(\.name).joined(separator: ", "))); choose one with --column"
            )
        }
        func g(_ x: Double) -> String { x.isFinite ? NumberFormat.shortest(x) : "" }
        var rows = ["name,value,low,high"]
        if o.kind == "spring" {
            let f = try SpringFit(times: trace.times, values: values, from: o.from, to: o.to, label: o.trace)
            for (label, e) in [
                ("dampingRatio", f.dampingRatio), ("response", f.response), ("initialVelocity", f.initialVelocity),
                ("from", f.from), ("to", f.to), ("mass", SpringFit.Estimate(value: 1, low: 1, high: 1)),
                ("stiffness", f.stiffness), ("damping", f.damping),
            ] {
                rows.append("\(label),\(g(e.value)),\(g(e.low)),\(g(e.high))")
            }
            rows.append("rmsResidual,\(g(f.rmsResidual)),,")
            rows.append("samples,\(f.samples),,")
            for note in f.notes { fputs("dynsim: note: \(o.trace): \(note)\n", stderr) }
            if f.cannotTell {
                let status = writeStdout(rows.joined(separator: "\n") + "\n")
                fputs(
                    "dynsim: error: \(o.trace): the trace cannot tell the spring (the notes above say why); the rows are for inspection, not to be used\n",
                    stderr)
                return status == 0 ? ExitStatus.failure : ExitStatus.ioError
            }
        } else if o.kind == "decay" {
            let f = try DecayFit(times: trace.times, values: values, from: o.from, to: o.to, label: o.trace)
            for (label, e) in [
                ("decelerationRate", f.decelerationRate), ("velocity", f.velocity), ("from", f.from),
                ("restingPoint", f.restingPoint),
            ] {
                rows.append("\(label),\(g(e.value)),\(g(e.low)),\(g(e.high))")
            }
            rows.append("rmsResidual,\(g(f.rmsResidual)),,")
            rows.append("samples,\(f.samples),,")
            return finish(rows, notes: f.notes, cannotTell: f.cannotTell, what: "deceleration", o)
        } else {
            let f = try CurveFit(times: trace.times, values: values, from: o.from, to: o.to, label: o.trace)
            let c = f.curve
            rows += [
                "x1,\(g(c.x1)),,", "y1,\(g(c.y1)),,", "x2,\(g(c.x2)),,", "y2,\(g(c.y2)),,",
                "duration,\(g(f.duration)),,",
                "maxResidual,\(g(f.maxResidual)),,", "rmsResidual,\(g(f.rmsResidual)),,", "samples,\(f.samples),,",
                "css,\"cubic-bezier(\(g(c.x1)), \(g(c.y1)), \(g(c.x2)), \(g(c.y2)))\",,",
            ]
            for note in f.notes { fputs("dynsim: note: \(o.trace): \(note)\n", stderr) }
            if f.cannotTell {
                let status = writeStdout(rows.joined(separator: "\n") + "\n")
                fputs(
                    "dynsim: error: \(o.trace): the trace cannot tell the curve (the notes above say why); the rows are for inspection, not to be used\n",
                    stderr)
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
