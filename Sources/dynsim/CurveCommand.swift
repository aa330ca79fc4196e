// `dynsim curve`: a timing curve sampled, as CSV. Its option table generates its parsing and help.
import Scenes
import Shell
import Springs
import IO

/// A timing curve named on the command line.
enum CurveSpec: Equatable {
    case bezier(CubicBezier)
    case steps(StepsTiming)

    func value(at x: Double) -> Double {
        switch self {
        case .bezier(let c): return c.value(at: x)
        case .steps(let s): return s.value(at: x)
        }
    }
}

/// Options of `dynsim curve`.
struct CurveOptions: Equatable {
    var curve: CurveSpec
    var samples = 101
    var at: [Double]?
}

/// `dynsim curve`'s option table.
let curveSpec = CommandSpec(
    name: "curve", program: "dynsim", summary: "Sample a timing curve (see `dynsim help curve`).",
    overview: "Sample a timing curve (CAMediaTimingFunction, CSS cubic-bezier() and steps()).",
    synopsis: "dynsim curve (NAME | X1,Y1,X2,Y2 | \"steps(N, POSITION)\")",
    arguments: [
        .init("NAME", help: "linear, easeIn, easeOut, easeInEaseOut or default (Apple's named curves)."),
        .init("X1,Y1,X2,Y2", help: "Control points; X1 and X2 in [0, 1], Y any value."),
        .init(
            "steps(N, POSITION)", help: "CSS steps: POSITION jump-start, jump-end (default), jump-none or jump-both."),
    ],
    options: [
        .init(
            "--samples", "N",
            .integer(
                range: 2...Limits.maxCurveSamples, message: "must be a whole number from 2 to \(Limits.maxCurveSamples)"
            ),
            help: "Evenly spaced inputs from 0 to 1, N >= 2 (default: 101)."),
        .init(
            "--at", "X1,X2,...",
            .numbers(check: {
                abs($0) <= Limits.maxCurveInput
                    ? nil : "inputs must be within ±\(NumberFormat.limit(Limits.maxCurveInput))"
            }),
            help: "Only these inputs; outside [0, 1] a Bézier curve extends linearly."),
    ],
    maxArguments: 1, tooManyArguments: { extra, _ in "only one curve, got \(quoted(extra)) too" },
    sections: [("OUTPUT", "t,value (t is the input time fraction, value the progress).")])

/// Parses `dynsim curve` arguments (after the command word).
func parseCurve(_ args: [String]) throws -> Command {
    let p = try curveSpec.parse(args)
    if p.wantsHelp { return .help("curve") }
    if p.has("--samples") && p.has("--at") {
        throw UsageError(message: "--samples: give either --samples or --at, got both", command: "curve")
    }
    guard let text = p.arguments.first else {
        throw UsageError(
            message:
                "give a curve: a name (\(CubicBezier.named.map(\.name).joined(separator: ", "))), X1,Y1,X2,Y2 or steps(N, position), got nothing",
            command: "curve")
    }
    var options = CurveOptions(curve: try parseCurveSpec(text))
    options.samples = p.integer("--samples") ?? 101
    options.at = p.numbers("--at")
    return .curve(options)
}

/// A named curve, `X1,Y1,X2,Y2`, or `steps(N[, jump-start|jump-end|jump-none|jump-both|start|end])`.
func parseCurveSpec(_ text: String) throws -> CurveSpec {
    if let named = CubicBezier.named.first(where: { $0.name == text }) { return .bezier(named.curve) }
    if text.hasPrefix("steps(") && text.hasSuffix(")") {
        let inner = text.dropFirst(6).dropLast().split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard (1...2).contains(inner.count), let n = Int(inner[0]), n >= 1, n <= Limits.maxCurveSteps else {
            throw UsageError(
                message:
                    "steps: must be steps(N) or steps(N, position) with N from 1 to \(Limits.maxCurveSteps), got \(quoted(text))",
                command: "curve")
        }
        var position = StepsTiming.Position.jumpEnd
        if inner.count == 2 {
            let aliases = ["start": StepsTiming.Position.jumpStart, "end": .jumpEnd]
            guard let p = StepsTiming.Position(rawValue: inner[1]) ?? aliases[inner[1]] else {
                throw UsageError(
                    message:
                        "steps: position must be jump-start, jump-end, jump-none or jump-both, got \(quoted(inner[1]))",
                    command: "curve")
            }
            position = p
        }
        if position == .jumpNone && n < 2 {
            throw UsageError(message: "steps: jump-none needs at least 2 steps, got \(n)", command: "curve")
        }
        return .steps(StepsTiming(count: n, position: position))
    }
    let parts = text.split(separator: ",", omittingEmptySubsequences: false)
    guard parts.count == 4 else {
        throw UsageError(
            message:
                "curve: must be a name (\(CubicBezier.named.map(\.name).joined(separator: ", "))), X1,Y1,X2,Y2 or steps(N, position), got \(quoted(text))",
            command: "curve")
    }
    let names = ["x1", "y1", "x2", "y2"]
    var v: [Double] = []
    for (i, p) in parts.enumerated() {
        guard let x = parseDecimal(p), x.isFinite else {
            throw UsageError(
                message: "curve: \(names[i]) must be a decimal number, got \(quoted(String(p)))", command: "curve")
        }
        guard abs(x) <= Limits.maxCurveControl else {
            throw UsageError(
                message:
                    "curve: \(names[i]) must be within ±\(NumberFormat.limit(Limits.maxCurveControl)), got \(NumberFormat.shortest(x))",
                command: "curve")
        }
        v.append(x)
    }
    for i in [0, 2] where !(v[i] >= 0 && v[i] <= 1) {
        throw UsageError(
            message: "curve: \(names[i]) must be in [0, 1], got \(NumberFormat.shortest(v[i]))", command: "curve")
    }
    return .bezier(CubicBezier(v[0], v[1], v[2], v[3]))
}

/// Writes `dynsim curve`'s `t,value` rows (t is the input fraction), streamed through a ``RowWriter``.
func writeCurve(_ o: CurveOptions, to sink: @escaping ([UInt8]) throws -> Void) throws {
    let writer = RowWriter(format: .csv, columns: ["t", "value"], sink: sink)
    try writer.header()
    func row(_ x: Double) throws {
        let y = o.curve.value(at: x)
        guard y.isFinite else { throw CurveOverflow(x: x) }
        try writer.row([x, y])
    }
    if let at = o.at {
        for x in at { try row(x) }
    } else {
        for i in 0..<o.samples { try row(Double(i) / Double(o.samples - 1)) }
    }
    try writer.finish()
}

/// A curve value that overflowed (exit 1).
struct CurveOverflow: Error, CustomStringConvertible {
    var x: Double
    var description: String { "curve: the value overflows at t = \(NumberFormat.shortest(x))" }
}
