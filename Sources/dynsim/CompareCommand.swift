// `dynsim compare`: runs and recorded traces compared column by column. Its option table generates its parsing and
// help; the work is Traces'.
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
    name: "compare", program: "dynsim",
    summary: "Compare two runs or traces column by column (see `dynsim help compare`).",
    overview:
        "Compare two runs or recorded traces (dynsim's CSVs, or plain t,value or t,x,y traces) at any rates: ACTUAL is resampled at EXPECTED's times (cubic Hermite where ACTUAL carries the column's velocity, monotone cubic otherwise, linear for two rows), and each column reports its maximum and RMS difference, the time of the maximum, the first time over the tolerance and each side's settling time.",
    synopsis: "dynsim compare EXPECTED.csv ACTUAL.csv",
    arguments: [
        .init("EXPECTED.csv", help: "The reference: its times are the ones compared."),
        .init("ACTUAL.csv", help: "The run or trace checked against it."),
    ],
    options: [
        .init(
            "--columns", "A,B=C,...", .text,
            help:
                "Columns to compare, each once (default: every numeric column both files have); NAME=OTHER pairs EXPECTED's NAME with ACTUAL's OTHER (view.x=x for a device trace). t, the time axis every comparison is made along, is not one."
        ),
        .init(
            "--tolerance", "X",
            .number(check: {
                $0 >= 0 && $0 <= Limits.maxTraceValue
                    ? nil : "must be from 0 to \(NumberFormat.limit(Limits.maxTraceValue))"
            }),
            help: "The largest difference allowed, in the columns' units (default: 0, equality, as cmp)."),
        .init(
            "--format", "F", .choice(["text", "csv", "junit"]),
            help:
                "text (a table), csv (one row per column, full precision) or junit (JUnit XML for CI) (default: text)."),
        .init(
            "--output", "FILE", .path, help: "Write the report to FILE (it appears only complete) instead of stdout."),
    ],
    maxArguments: 2, tooManyArguments: { extra, _ in "two files to compare, got \(quoted(extra)) too" },
    sections: [
        (
            "EXIT STATUS",
            "As diff and cmp: 0 every column within the tolerance, 1 some column over it; trouble: 64 usage error, 65 a bad CSV, 74 the report cannot be written."
        )
    ])

/// Parses `dynsim compare` arguments (after the command word).
func parseCompare(_ args: [String]) throws -> Command {
    let p = try compareSpec.parse(args)
    if p.wantsHelp { return .help("compare") }
    guard p.arguments.count == 2 else {
        throw UsageError(
            message:
                "give EXPECTED.csv and ACTUAL.csv, got \(p.arguments.count) file\(p.arguments.count == 1 ? "" : "s")",
            command: "compare")
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
            throw UsageError(
                message:
                    "--columns: t is the time axis (ACTUAL is read at EXPECTED's times), not a column to compare, got \(quoted(c)); leave it out",
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
    if let out = o.output, out != "-",
        let input = [o.expected, o.actual].first(where: {
            FileIdentity(path: $0) != nil && FileIdentity(path: $0) == FileIdentity(path: out)
        })
    {
        throw UsageError(
            message: "--output: \(out) is a file this command reads (\(input)); choose another file", command: "compare"
        )
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
        let expected = try Trace(
            try readInput(o.expected, name: o.expected, maxBytes: Limits.maxTraceBytes), fileName: o.expected,
            minRows: 2)
        let actual = try Trace(
            try readInput(o.actual, name: o.actual, maxBytes: Limits.maxTraceBytes), fileName: o.actual, minRows: 2)
        // A column --columns names that a file lacks is a mistake in the command (64), not in the file.
        for pair in o.columns ?? [] {
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            for (trace, name) in [(expected, parts[0]), (actual, parts.count > 1 ? parts[1] : parts[0])]
            where trace.column(name) == nil {
                let some =
                    trace.columns.prefix(8).map(\.name).joined(separator: ", ")
                    + (trace.columns.count > 8 ? ", ..." : "")
                throw UsageError(
                    message:
                        "--columns: \(trace.label) has no numeric column \(quoted(name)) (its columns: \(some)), got \(quoted(pair))",
                    command: "compare")
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
