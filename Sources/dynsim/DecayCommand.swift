// `dynsim decay`: a fling decelerating to rest (UIScrollView's deceleration or another platform's fling), sampled in
// closed form as CSV. Its option table generates its parsing and help.
import Foundation
import Scenes
import Shell
import Springs
import IO

/// Options of `dynsim decay`.
struct DecayOptions: Equatable {
    /// The models `--model` names, in the order help lists them.
    enum Model: String, CaseIterable {
        case perMillisecond = "per-millisecond"
        case continuous
        case android
        case flingAnimation = "fling-animation"
        case flutter
        case composeExponential = "compose-exponential"
        case composeSpline = "compose-spline"
        case motion
    }
    /// Release velocity, value units per second.
    var velocity: Double
    var from = 0.0
    /// UIScrollView's deceleration rate per millisecond (per-millisecond and continuous models).
    var decelerationRate = Decay.normal
    var model = Model.perMillisecond
    var until: Double?
    var rate = 60.0
    var info = false

    /// The fling these options describe.
    var fling: any Fling {
        switch model {
        case .perMillisecond:
            return Flings.ScrollView(
                from: from, velocity: velocity, decay: Decay(rate: decelerationRate, model: .perMillisecond))
        case .continuous:
            return Flings.ScrollView(
                from: from, velocity: velocity, decay: Decay(rate: decelerationRate, model: .continuous))
        case .android, .composeSpline: return Flings.AndroidSpline(from: from, velocity: velocity)
        case .flingAnimation: return Flings.FlingAnimation(from: from, velocity: velocity)
        case .flutter: return Flings.FlutterFriction(from: from, velocity: velocity)
        case .composeExponential: return Flings.ComposeExponentialDecay(from: from, velocity: velocity)
        case .motion: return Flings.MotionInertia(from: from, velocity: velocity)
        }
    }

    static func == (a: DecayOptions, b: DecayOptions) -> Bool {
        a.velocity == b.velocity && a.from == b.from && a.decelerationRate == b.decelerationRate
            && a.model == b.model && a.until == b.until && a.rate == b.rate && a.info == b.info
    }
}

/// `dynsim decay`'s option table.
let decaySpec: CommandSpec = {
    @Sendable func bounded(_ x: Double) -> String? {
        abs(x) > Limits.maxTraceValue ? "must be within ±\(NumberFormat.limit(Limits.maxTraceValue))" : nil
    }
    let until = NumberFormat.limit(Limits.maxSpringUntil)
    return CommandSpec(
        name: "decay", program: "dynsim", summary: "Sample a fling decelerating to rest (see `dynsim help decay`).",
        overview:
            "Sample a fling decelerating to rest: UIScrollView's deceleration (per millisecond or continuous) or another platform's fling, in closed form.",
        synopsis: "dynsim decay",
        usageLines: [
            "dynsim decay --velocity V [--from X] [--deceleration-rate normal|fast|C] [--model MODEL]",
            "             [--until S] [--rate HZ] [--info]",
        ],
        options: [
            .init(
                "--velocity", "V", .number(check: bounded),
                help: "Release velocity in value units per second (points/s; px/s on Android), required."),
            .init("--from", "X", .number(check: bounded), help: "Value at the release (default: 0)."),
            .init(
                "--deceleration-rate", "C", .text,
                help:
                    "UIScrollView's decelerationRate per millisecond: normal (0.998, the default), fast (0.99) or a number between 0 and 1 (exclusive); for per-millisecond and continuous."
            ),
            .init(
                "--model", "MODEL", .choice(DecayOptions.Model.allCases.map(\.rawValue)),
                help:
                    "per-millisecond (UIScrollView, the default), continuous, android (OverScroller spline), fling-animation (androidx), flutter (FrictionSimulation 0.135), compose-exponential, compose-spline or motion (inertia)."
            ),
            .init(
                "--until", "S",
                .number(check: { $0 >= 0 && $0 <= Limits.maxSpringUntil ? nil : "must be from 0 to \(until) s" }),
                help:
                    "Last time in seconds (default: the model's duration; for a scroll view, until 0.5 value units are left)."
            ),
            .init(
                "--rate", "HZ", .number(check: SceneFields.rateRange.check(unit: "Hz")),
                help: "Rows per second (default: 60). The last row is at exactly --until."),
            .init("--info", "", .flag, help: "Print the resting point and duration as name,value rows instead."),
        ],
        sections: [("OUTPUT", "t,value,velocity (seconds, value units, value units per second).")])
}()

/// Parses `dynsim decay` arguments (after the command word).
func parseDecay(_ args: [String]) throws -> Command {
    let p = try decaySpec.parse(args)
    if p.wantsHelp { return .help("decay") }
    func fail(_ message: String) -> UsageError { UsageError(message: message, command: "decay") }
    guard let velocity = p.number("--velocity") else { throw fail("--velocity: required, got nothing") }
    var o = DecayOptions(velocity: velocity)
    o.from = p.number("--from") ?? 0
    if let text = p.text("--deceleration-rate") {
        switch text {
        case "normal": o.decelerationRate = Decay.normal
        case "fast": o.decelerationRate = Decay.fast
        default:
            guard let c = Double(text), c.isFinite else {
                throw fail("--deceleration-rate: must be normal, fast or a number between 0 and 1, got \(quoted(text))")
            }
            guard c > 0 && c < 1 else {
                throw fail(
                    "--deceleration-rate: must be between 0 and 1 (exclusive), got \(NumberFormat.shortest(c))")
            }
            o.decelerationRate = c
        }
    }
    if let m = p.text("--model") { o.model = DecayOptions.Model(rawValue: m)! }
    if let rate = p.text("--deceleration-rate"), o.model != .perMillisecond && o.model != .continuous {
        throw fail(
            "--deceleration-rate: UIScrollView's rate applies to the per-millisecond and continuous models, not to \(o.model.rawValue) (its own constants are fixed), got \(quoted(rate))"
        )
    }
    o.until = p.number("--until")
    o.rate = p.number("--rate") ?? 60
    o.info = p.has("--info")
    return .decay(o)
}

/// Writes `dynsim decay`'s output: `t,value,velocity` rows, or with --info the resting point and duration as
/// `name,value` rows.
/// - Throws: ``UsageError`` when the rows would pass the row limit; a sink error.
func writeDecay(_ o: DecayOptions, to sink: @escaping ([UInt8]) throws -> Void) throws {
    let f = o.fling
    if o.info {
        var rows = ["name,value", "model," + o.model.rawValue]
        func add(_ name: String, _ v: Double) { rows.append(name + "," + NumberFormat.shortest(v)) }
        add("from", o.from)
        add("velocity", o.velocity)
        if o.model == .perMillisecond || o.model == .continuous { add("decelerationRate", o.decelerationRate) }
        add("restingPoint", f.restingPoint)
        add("distance", f.restingPoint - o.from)
        add("duration", f.duration)
        try sink(Array((rows.joined(separator: "\n") + "\n").utf8))
        return
    }
    let end = o.until ?? f.duration
    let count = end * o.rate + 1
    guard count <= Limits.maxRows else {
        throw UsageError(
            message: o.until != nil
                ? "--until: the run would write \(NumberFormat.shortest(count.rounded(.down))) rows, more than the limit of 1e8"
                : "--velocity: this fling coasts \(NumberFormat.shortest(end)) s, \(NumberFormat.shortest(count.rounded(.down))) rows at --rate, more than the limit of 1e8; give --until, a lower --rate, or --info",
            command: "decay")
    }
    let writer = RowWriter(format: .csv, columns: ["t", "value", "velocity"], sink: sink)
    try writer.header()
    let n = Int((end * o.rate + 1e-9).rounded(.down))
    var last = 0.0
    for i in 0...n {
        last = Double(i) / o.rate
        try writer.row([last, f.value(at: last), f.velocity(at: last)])
    }
    if end - last > 1e-12 * max(1, end) { try writer.row([end, f.value(at: end), f.velocity(at: end)]) }
    try writer.finish()
}
