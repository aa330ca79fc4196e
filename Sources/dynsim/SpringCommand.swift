// `dynsim spring`: a spring sampled in closed form, as CSV. Its option table generates its parsing and help.
import Scenes
import Shell
import Springs
import IO

/// Options of `dynsim spring`.
struct SpringOptions: Equatable {
    var spring: Spring
    var from = 0.0
    var to = 1.0
    /// Initial velocity in value units per second.
    var initialVelocity = 0.0
    var until: Double?
    var rate = 60.0
    var at: [Double]?
    var info = false
}

/// `dynsim spring`'s option table.
let springSpec: CommandSpec = {
    @Sendable func positive(_ x: Double) -> String? {
        x <= 0
            ? "must be positive"
            : x < Limits.minSpringParameter
                ? "must be at least \(NumberFormat.limit(Limits.minSpringParameter))"
                : x > Limits.maxSpringParameter
                    ? "must be at most \(NumberFormat.limit(Limits.maxSpringParameter))" : nil
    }
    @Sendable func nonNegative(_ x: Double) -> String? {
        x < 0
            ? "must be >= 0"
            : x > Limits.maxSpringParameter ? "must be at most \(NumberFormat.limit(Limits.maxSpringParameter))" : nil
    }
    @Sendable func bounded(_ x: Double) -> String? {
        abs(x) > Limits.maxTraceValue ? "must be within ±\(NumberFormat.limit(Limits.maxTraceValue))" : nil
    }
    let until = NumberFormat.limit(Limits.maxSpringUntil)
    return CommandSpec(
        name: "spring", program: "dynsim", summary: "Sample a spring in closed form (see `dynsim help spring`).",
        overview: "Sample a spring in closed form (UISpringTimingParameters, CASpringAnimation, SwiftUI Spring).",
        synopsis: "dynsim spring",
        usageLines: [
            "dynsim spring (--mass M --stiffness K --damping C | --damping-ratio Z --response R |",
            "              --perceptual-duration D --bounce B) [--from A] [--to B]",
            "             [--initial-velocity V | --relative-velocity R] [--until S] [--rate HZ] [--at T1,T2,...]",
            "             [--info]",
        ],
        options: [
            .init(
                "--mass", "M", .number(check: positive),
                help: "Mass (default: 1 when --stiffness and --damping are given)."),
            .init("--stiffness", "K", .number(check: positive), help: "Stiffness, mass/s^2, > 0."),
            .init(
                "--damping", "C", .number(check: nonNegative),
                help: "Damping coefficient, mass/s, >= 0 (0 = undamped: needs --until)."),
            .init(
                "--damping-ratio", "Z", .number(check: nonNegative),
                help: "Damping ratio (SwiftUI dampingFraction), >= 0; with --response, mass 1."),
            .init("--response", "R", .number(check: positive), help: "Undamped period in seconds, > 0."),
            .init(
                "--perceptual-duration", "D", .number(check: positive),
                help: "SwiftUI duration in seconds, > 0; with --bounce."),
            .init(
                "--bounce", "B", .number(check: { $0 > -1 && $0 <= 1 ? nil : "must be greater than -1 and at most 1" }),
                help: "SwiftUI bounce, -1 < B <= 1 (0 critical, > 0 bouncy, < 0 overdamped)."),
            .init("--from", "A", .number(check: bounded), help: "Start value (default: 0)."),
            .init("--to", "B", .number(check: bounded), help: "Target value (default: 1)."),
            .init(
                "--initial-velocity", "V", .number(check: bounded),
                help: "Initial velocity in value units per second (default: 0)."),
            .init(
                "--relative-velocity", "R", .number(check: bounded),
                help: "UIKit's relative initial velocity: R x (to - from) per second (0 when from = to)."),
            .init(
                "--until", "S",
                .number(check: { $0 >= 0 && $0 <= Limits.maxSpringUntil ? nil : "must be from 0 to \(until) s" }),
                help:
                    "Last time in seconds (default: the settling duration, when the value stays within 0.1% of the distance; of |V| / naturalFrequency when from = to)."
            ),
            .init(
                "--rate", "HZ", .number(check: SceneFields.rateRange.check(unit: "Hz")),
                help: "Rows per second (default: 60). The last row is at exactly --until."),
            .init(
                "--at", "T1,T2,...",
                .numbers(check: { $0 >= 0 && $0 <= Limits.maxSpringUntil ? nil : "times must be from 0 to \(until) s" }
                ),
                help: "Only these times (seconds)."),
            .init("--info", "", .flag, help: "Print the derived parameters as name,value rows instead."),
        ],
        sections: [("OUTPUT", "t,value,velocity (seconds, value units, value units per second).")])
}()

/// Parses `dynsim spring` arguments (after the command word): the table's checks, then exactly one parameter family
/// and what the spring it gives must satisfy.
func parseSpring(_ args: [String]) throws -> Command {
    let p = try springSpec.parse(args)
    if p.wantsHelp { return .help("spring") }
    func fail(_ message: String) -> UsageError { UsageError(message: message, command: "spring") }
    if p.has("--initial-velocity") && p.has("--relative-velocity") {
        throw fail("--relative-velocity: give either --initial-velocity or --relative-velocity, got both")
    }
    var options = SpringOptions(spring: try spring(p))
    options.from = p.number("--from") ?? 0
    options.to = p.number("--to") ?? 1
    options.until = p.number("--until")
    options.rate = p.number("--rate") ?? 60
    options.at = p.numbers("--at")
    options.info = p.has("--info")
    let omega = options.spring.naturalFrequency, zeta = options.spring.dampingRatio
    guard omega >= Limits.minNaturalFrequency && omega <= Limits.maxNaturalFrequency else {
        throw fail(
            "spring: the natural frequency sqrt(stiffness / mass) must be from \(NumberFormat.limit(Limits.minNaturalFrequency)) to \(NumberFormat.limit(Limits.maxNaturalFrequency)) rad/s, got \(NumberFormat.shortest(omega))"
        )
    }
    guard zeta <= Limits.maxDampingRatio else {
        throw fail(
            "spring: the damping ratio must be at most \(NumberFormat.limit(Limits.maxDampingRatio)), got \(NumberFormat.shortest(zeta))"
        )
    }
    if let relative = p.number("--relative-velocity") {
        options.initialVelocity = Spring.absoluteVelocity(relative: relative, from: options.from, to: options.to)
    } else {
        options.initialVelocity = p.number("--initial-velocity") ?? 0
    }
    if options.until == nil && options.at == nil && !options.info && options.spring.damping == 0 {
        throw fail("--until: required for an undamped spring (it never settles), got nothing")
    }
    return .spring(options)
}

/// The spring of the one parameter family given: --mass/--stiffness/--damping, --damping-ratio/--response or
/// --perceptual-duration/--bounce.
private func spring(_ p: ParsedArguments) throws -> Spring {
    func fail(_ message: String) -> UsageError { UsageError(message: message, command: "spring") }
    let physical = ["--mass", "--stiffness", "--damping"].filter(p.has)
    let swiftUI = ["--damping-ratio", "--response"].filter(p.has)
    let perceptual = ["--perceptual-duration", "--bounce"].filter(p.has)
    let families = [physical, swiftUI, perceptual].filter { !$0.isEmpty }
    guard families.count == 1 else {
        throw fail(
            families.isEmpty
                ? "give a spring: --mass/--stiffness/--damping, --damping-ratio/--response or --perceptual-duration/--bounce, got none"
                : "give one parameter family, got \(families.flatMap { $0 }.joined(separator: ", "))")
    }
    func required(_ flag: String) throws -> Double {
        guard let v = p.number(flag) else { throw fail("\(flag): required with this parameter family, got nothing") }
        return v
    }
    if !physical.isEmpty {
        return Spring(
            mass: p.number("--mass") ?? 1, stiffness: try required("--stiffness"), damping: try required("--damping"))
    }
    if !swiftUI.isEmpty {
        return Spring(dampingRatio: try required("--damping-ratio"), response: try required("--response"))
    }
    let duration = try required("--perceptual-duration")
    guard let bounce = p.number("--bounce") else {
        throw fail("--bounce: required with --perceptual-duration, got nothing")
    }
    return Spring(perceptualDuration: duration, bounce: bounce)
}

/// Writes `dynsim spring`'s output: `t,value,velocity` rows (streamed through a ``RowWriter``), or with --info the
/// derived parameters as `name,value` rows.
/// - Throws: ``UsageError`` when no end time is known (the spring does not settle), a sink error, or a runtime error
///   when a value overflows.
func writeSpring(_ o: SpringOptions, to sink: @escaping ([UInt8]) throws -> Void) throws {
    let s = o.spring
    let distance = abs(o.to - o.from)
    // The band: 0.1% of the distance, or of the natural amplitude |v0| / ω0 when the motion starts at its target.
    let scale = distance > 0 ? distance : abs(o.initialVelocity) / s.naturalFrequency
    // (A band too small to represent, from a distance near 1e-300, means the motion is already settled.)
    let settle =
        0.001 * scale > 1e-300
        ? s.settlingDuration(
            from: o.from, to: o.to, initialVelocity: o.initialVelocity,
            epsilon: 0.001 * scale) : 0
    if o.info {
        var rows = ["name,value"]
        func add(_ name: String, _ v: Double) {
            rows.append(name + "," + (v.isFinite ? NumberFormat.shortest(v) : "never"))
        }
        add("mass", s.mass)
        add("stiffness", s.stiffness)
        add("damping", s.damping)
        add("dampingRatio", s.dampingRatio)
        add("response", s.response)
        add("perceptualDuration", s.perceptualDuration)
        add("bounce", s.bounce)
        add("naturalFrequency", s.naturalFrequency)
        add("dampedFrequency", s.dampedFrequency)
        add("decayRate", s.decayRate)
        rows.append("regime," + s.regime.rawValue)
        add("from", o.from)
        add("to", o.to)
        add("initialVelocity", o.initialVelocity)
        add("settlingDuration", settle)
        add("settlingEpsilon", 0.001 * scale)
        if let peak = s.peak(from: o.from, to: o.to, initialVelocity: o.initialVelocity), peak.value.isFinite {
            add("peakTime", peak.time)
            add("peakValue", peak.value)
            if distance > 0 { add("overshoot", (peak.value - o.to) / (o.to - o.from)) }
        }
        try sink(Array((rows.joined(separator: "\n") + "\n").utf8))
        return
    }
    // Checked before anything is written: a usage error leaves stdout empty.
    var end = 0.0
    if o.at == nil {
        end = o.until ?? settle
        guard end.isFinite && end <= Limits.maxSpringUntil else {
            throw UsageError(
                message:
                    "--until: required, this spring does not settle within \(NumberFormat.limit(Limits.maxSpringUntil)) s, got nothing",
                command: "spring")
        }
        let count = end * o.rate + 1
        guard count <= Limits.maxRows else {
            throw UsageError(
                message:
                    "--until: the run would write \(NumberFormat.shortest(count.rounded(.down))) rows, more than the limit of 1e8",
                command: "spring")
        }
    }
    let writer = RowWriter(format: .csv, columns: ["t", "value", "velocity"], sink: sink)
    try writer.header()
    func row(_ t: Double) throws {
        let st = s.state(at: t, from: o.from, to: o.to, initialVelocity: o.initialVelocity)
        guard st.value.isFinite && st.velocity.isFinite else {
            throw SpringOverflow(time: t)
        }
        try writer.row([t, st.value, st.velocity])
    }
    if let at = o.at {
        for t in at { try row(t) }
    } else {
        let n = Int((end * o.rate + 1e-9).rounded(.down))
        var last = 0.0
        for i in 0...n {
            last = Double(i) / o.rate
            try row(last)
        }
        if end - last > 1e-12 * max(1, end) { try row(end) }
    }
    try writer.finish()
}

/// A spring value that overflowed (exit 1).
struct SpringOverflow: Error, CustomStringConvertible {
    var time: Double
    var description: String { "spring: the value overflows at t = \(NumberFormat.shortest(time)) s" }
}
