// `dynsim spring` and `dynsim curve`: closed-form spring timing and timing curves as CSV.
import Scenes
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

private func number(_ flag: String, _ text: String, command: String) throws -> Double {
    guard let x = parseDecimal(Substring(text)), x.isFinite else {
        throw UsageError(message: "\(flag): must be a decimal number, got \(quoted(text))", command: command)
    }
    return x
}

private func numberList(_ flag: String, _ text: String, command: String) throws -> [Double] {
    let parts = text.split(separator: ",", omittingEmptySubsequences: false)
    guard !parts.isEmpty, parts.count <= 1_000_000 else {
        throw UsageError(message: "\(flag): must be a comma-separated list of numbers, got \(quoted(text))", command: command)
    }
    return try parts.map { try number(flag, String($0), command: command) }
}

/// Parses `dynsim spring` arguments (after the command word).
func parseSpring(_ args: [String]) throws -> Command {
    var values: [String: Double] = [:]
    var options = SpringOptions(spring: Spring())
    var sawVelocity: String?
    var cursor = ArgumentCursor(args, command: "spring")
    while let flag = cursor.next() {
        let arg = cursor.raw
        func take() throws -> String { try cursor.value() }
        switch flag {
        case "-h", "--help": return .help("spring")
        case "--info": options.info = true
        case "--mass", "--stiffness", "--damping", "--damping-ratio", "--response", "--perceptual-duration", "--bounce":
            values[flag] = try number(flag, try take(), command: "spring")
        case "--from": options.from = try number(flag, try take(), command: "spring")
        case "--to": options.to = try number(flag, try take(), command: "spring")
        case "--initial-velocity", "--relative-velocity":
            if let other = sawVelocity {
                throw UsageError(message: "\(flag): give either --initial-velocity or --relative-velocity, got \(other) too",
                                 command: "spring")
            }
            sawVelocity = flag
            values[flag] = try number(flag, try take(), command: "spring")
        case "--until":
            let u = try number(flag, try take(), command: "spring")
            guard u >= 0 && u <= 1e9 else {
                throw UsageError(message: "--until: must be from 0 to 1e9 s, got \(NumberFormat.shortest(u))", command: "spring")
            }
            options.until = u
        case "--rate":
            let r = try number(flag, try take(), command: "spring")
            guard r > 0 && r <= SceneDecoder.maxRate else {
                throw UsageError(message: "--rate: must be positive and at most 100000 Hz, got \(NumberFormat.shortest(r))", command: "spring")
            }
            options.rate = r
        case "--at":
            let times = try numberList(flag, try take(), command: "spring")
            if let bad = times.first(where: { !($0 >= 0 && $0 <= 1e9) }) {
                throw UsageError(message: "--at: times must be from 0 to 1e9 s, got \(NumberFormat.shortest(bad))", command: "spring")
            }
            options.at = times
        default:
            throw UsageError(message: "unknown option, got \(quoted(arg))", command: "spring")
        }
    }
    for (flag, limit) in [("--from", 1e15), ("--to", 1e15), ("--initial-velocity", 1e15), ("--relative-velocity", 1e15)] {
        let v = flag == "--from" ? options.from : flag == "--to" ? options.to : values[flag] ?? 0
        if abs(v) > limit { throw UsageError(message: "\(flag): must be within ±1e15, got \(NumberFormat.shortest(v))", command: "spring") }
    }

    // Exactly one parameter family.
    let physical = ["--mass", "--stiffness", "--damping"].filter { values[$0] != nil }
    let swiftUI = ["--damping-ratio", "--response"].filter { values[$0] != nil }
    let perceptual = ["--perceptual-duration", "--bounce"].filter { values[$0] != nil }
    let families = [physical, swiftUI, perceptual].filter { !$0.isEmpty }
    guard families.count == 1 else {
        throw UsageError(message: families.isEmpty
            ? "give a spring: --mass/--stiffness/--damping, --damping-ratio/--response or --perceptual-duration/--bounce, got none"
            : "give one parameter family, got \(families.flatMap { $0 }.joined(separator: ", "))", command: "spring")
    }
    func positive(_ flag: String) throws -> Double {
        guard let v = values[flag] else { throw UsageError(message: "\(flag): required with this parameter family, got nothing", command: "spring") }
        guard v > 0 else { throw UsageError(message: "\(flag): must be positive, got \(NumberFormat.shortest(v))", command: "spring") }
        guard v >= 1e-9 else { throw UsageError(message: "\(flag): must be at least 1e-9, got \(NumberFormat.shortest(v))", command: "spring") }
        guard v <= 1e12 else { throw UsageError(message: "\(flag): must be at most 1e12, got \(NumberFormat.shortest(v))", command: "spring") }
        return v
    }
    func nonNegative(_ flag: String) throws -> Double {
        guard let v = values[flag] else { throw UsageError(message: "\(flag): required with this parameter family, got nothing", command: "spring") }
        guard v >= 0 else { throw UsageError(message: "\(flag): must be >= 0, got \(NumberFormat.shortest(v))", command: "spring") }
        guard v <= 1e12 else { throw UsageError(message: "\(flag): must be at most 1e12, got \(NumberFormat.shortest(v))", command: "spring") }
        return v
    }
    if !physical.isEmpty {
        let mass = values["--mass"] == nil ? 1 : try positive("--mass")
        options.spring = Spring(mass: mass, stiffness: try positive("--stiffness"), damping: try nonNegative("--damping"))
    } else if !swiftUI.isEmpty {
        options.spring = Spring(dampingRatio: try nonNegative("--damping-ratio"), response: try positive("--response"))
    } else {
        let duration = try positive("--perceptual-duration")
        guard let bounce = values["--bounce"] else {
            throw UsageError(message: "--bounce: required with --perceptual-duration, got nothing", command: "spring")
        }
        guard bounce > -1 && bounce <= 1 else {
            throw UsageError(message: "--bounce: must be greater than -1 and at most 1, got \(NumberFormat.shortest(bounce))", command: "spring")
        }
        options.spring = Spring(perceptualDuration: duration, bounce: bounce)
    }
    let omega = options.spring.naturalFrequency, zeta = options.spring.dampingRatio
    guard omega >= 1e-6 && omega <= 1e6 else {
        throw UsageError(message: "spring: the natural frequency sqrt(stiffness / mass) must be from 1e-6 to 1e6 rad/s, got \(NumberFormat.shortest(omega))", command: "spring")
    }
    guard zeta <= 1e6 else {
        throw UsageError(message: "spring: the damping ratio must be at most 1e6, got \(NumberFormat.shortest(zeta))", command: "spring")
    }
    if let relative = values["--relative-velocity"] {
        options.initialVelocity = Spring.absoluteVelocity(relative: relative, from: options.from, to: options.to)
    } else {
        options.initialVelocity = values["--initial-velocity"] ?? 0
    }
    if options.until == nil && options.at == nil && !options.info && options.spring.damping == 0 {
        throw UsageError(message: "--until: required for an undamped spring (it never settles), got nothing", command: "spring")
    }
    return .spring(options)
}

/// Parses `dynsim curve` arguments (after the command word).
func parseCurve(_ args: [String]) throws -> Command {
    var spec: CurveSpec?
    var options = CurveOptions(curve: .bezier(.linear))
    var sawSamples = false
    var cursor = ArgumentCursor(args, command: "curve")
    while let flag = cursor.next() {
        let arg = cursor.raw
        func value() throws -> String { try cursor.value() }
        switch flag {
        case "-h", "--help": return .help("curve")
        case "--samples":
            sawSamples = true
            let text = try value()
            guard let n = Int(text), n >= 2, n <= 10_000_000 else {
                throw UsageError(message: "--samples: must be a whole number from 2 to 10000000, got \(quoted(text))", command: "curve")
            }
            options.samples = n
        case "--at":
            let xs = try numberList("--at", try value(), command: "curve")
            if let bad = xs.first(where: { abs($0) > 1e6 }) {
                throw UsageError(message: "--at: inputs must be within ±1e6, got \(NumberFormat.shortest(bad))", command: "curve")
            }
            options.at = xs
        default:
            if arg.hasPrefix("--") { throw UsageError(message: "unknown option, got \(quoted(arg))", command: "curve") }
            guard spec == nil else { throw UsageError(message: "only one curve, got \(quoted(arg)) too", command: "curve") }
            spec = try parseCurveSpec(arg)
        }
    }
    if sawSamples && options.at != nil {
        throw UsageError(message: "--samples: give either --samples or --at, got both", command: "curve")
    }
    guard let spec else {
        throw UsageError(message: "give a curve: a name (\(CubicBezier.named.map(\.name).joined(separator: ", "))), X1,Y1,X2,Y2 or steps(N, position), got nothing", command: "curve")
    }
    options.curve = spec
    return .curve(options)
}

/// A named curve, `X1,Y1,X2,Y2`, or `steps(N[, jump-start|jump-end|jump-none|jump-both|start|end])`.
func parseCurveSpec(_ text: String) throws -> CurveSpec {
    if let named = CubicBezier.named.first(where: { $0.name == text }) { return .bezier(named.curve) }
    if text.hasPrefix("steps(") && text.hasSuffix(")") {
        let inner = text.dropFirst(6).dropLast().split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard (1...2).contains(inner.count), let n = Int(inner[0]), n >= 1, n <= 1_000_000 else {
            throw UsageError(message: "steps: must be steps(N) or steps(N, position) with N from 1 to 1000000, got \(quoted(text))", command: "curve")
        }
        var position = StepsTiming.Position.jumpEnd
        if inner.count == 2 {
            let aliases = ["start": StepsTiming.Position.jumpStart, "end": .jumpEnd]
            guard let p = StepsTiming.Position(rawValue: inner[1]) ?? aliases[inner[1]] else {
                throw UsageError(message: "steps: position must be jump-start, jump-end, jump-none or jump-both, got \(quoted(inner[1]))", command: "curve")
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
        throw UsageError(message: "curve: must be a name (\(CubicBezier.named.map(\.name).joined(separator: ", "))), X1,Y1,X2,Y2 or steps(N, position), got \(quoted(text))", command: "curve")
    }
    let names = ["x1", "y1", "x2", "y2"]
    var v: [Double] = []
    for (i, p) in parts.enumerated() {
        guard let x = parseDecimal(p), x.isFinite else {
            throw UsageError(message: "curve: \(names[i]) must be a decimal number, got \(quoted(String(p)))", command: "curve")
        }
        guard abs(x) <= 1e9 else {
            throw UsageError(message: "curve: \(names[i]) must be within ±1e9, got \(NumberFormat.shortest(x))", command: "curve")
        }
        v.append(x)
    }
    for i in [0, 2] where !(v[i] >= 0 && v[i] <= 1) {
        throw UsageError(message: "curve: \(names[i]) must be in [0, 1], got \(NumberFormat.shortest(v[i]))", command: "curve")
    }
    return .bezier(CubicBezier(v[0], v[1], v[2], v[3]))
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
    let settle = 0.001 * scale > 1e-300 ? s.settlingDuration(from: o.from, to: o.to, initialVelocity: o.initialVelocity,
                                                             epsilon: 0.001 * scale) : 0
    if o.info {
        var rows = ["name,value"]
        func add(_ name: String, _ v: Double) { rows.append(name + "," + (v.isFinite ? NumberFormat.shortest(v) : "never")) }
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
        let end = o.until ?? settle
        guard end.isFinite && end <= 1e9 else {
            throw UsageError(message: "--until: required, this spring does not settle within 1e9 s, got nothing", command: "spring")
        }
        let count = end * o.rate + 1
        guard count <= Limits.maxRows else {
            throw UsageError(message: "--until: the run would write \(NumberFormat.shortest(count.rounded(.down))) rows, more than the limit of 1e8", command: "spring")
        }
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
