// `dynsim export`: a spring or a timing curve as parameter blocks for other platforms, ready to paste, and as CSS.
// Each block states the target's conventions and whether its mapping is exact or dynsim's fit (docs/export.md).
import Foundation
import IO
import Scenes
import Shell
import Springs

/// What `dynsim export` exports. (Baked keyframes, CSS @keyframes, CAKeyframeAnimation and Lottie, would be a third
/// case: a sampled motion rendered per target, beside these two.)
enum ExportSubject: Equatable {
    case spring(SpringOptions)
    case curve(CurveSpec)
    /// UIScrollView's deceleration for a flick (`--velocity`, `--from`, `--deceleration-rate`; the model is
    /// per-millisecond).
    case decay(DecayOptions)
}

/// Options of `dynsim export`.
struct ExportOptions: Equatable {
    var targets: [String]
    var subject: ExportSubject
    var maxError = 0.001
}

/// The targets, in the order `all` prints them.
let exportTargets = [
    "swiftui", "core-animation", "uikit", "android", "compose", "flutter", "motion", "react-native", "css",
]

/// `dynsim export`'s option table.
let exportSpec = CommandSpec(
    name: "export", program: "dynsim",
    summary: "Export a spring, a timing curve or a deceleration to other platforms (see `dynsim help export`).",
    overview:
        "Print a spring (any of dynsim's three parameter sets, with from, to and an initial velocity) or a timing curve as parameter blocks for other platforms, each in the target's own conventions and units, ready to paste; for CSS, a spring becomes a linear() easing within a maximum error you choose. With --velocity, UIScrollView's deceleration for a flick as each platform's decay, with how far each strays from it, measured.",
    synopsis: "dynsim export TARGET",
    usageLines: [
        "dynsim export TARGET (--damping-ratio Z --response R | --mass M --stiffness K --damping C |",
        "                      --perceptual-duration D --bounce B) [--from A] [--to B]",
        "                      [--initial-velocity V | --relative-velocity R] [--until S] [--max-error E]",
        "dynsim export TARGET --curve CURVE",
        "dynsim export TARGET --velocity V [--from A] [--deceleration-rate normal|fast|C] [--max-error E]",
    ],
    arguments: [.init("TARGET", help: "\(CommandSpec.alternatives(exportTargets + ["all"])).")],
    options: springSpec.options.filter { !["--rate", "--at", "--info"].contains($0.name) } + [
        .init(
            "--curve", "CURVE", .text,
            help:
                "A timing curve instead of a spring: a name (linear, easeIn, easeOut, easeInEaseOut, default), X1,Y1,X2,Y2 or steps(N, POSITION)."
        )
    ] + decaySpec.options.filter { ["--velocity", "--deceleration-rate"].contains($0.name) } + [
        .init(
            "--max-error", "E",
            .number(check: {
                $0 >= Limits.minExportError && $0 <= Limits.maxExportError
                    ? nil
                    : "must be from \(NumberFormat.limit(Limits.minExportError)) to \(NumberFormat.limit(Limits.maxExportError))"
            }),
            help:
                "CSS linear(): the largest difference from the spring's or deceleration's progress allowed, as a fraction of the distance (default: 0.001)."
        )
    ],
    maxArguments: 1, tooManyArguments: { extra, _ in "one target, got \(quoted(extra)) too (all prints every target)" },
    checkArgument: {
        exportTargets.contains($0) || $0 == "all"
            ? nil : "unknown target (\(CommandSpec.alternatives(exportTargets + ["all"]))), got \(quoted($0))"
    },
    sections: [
        ("EXIT STATUS", "0 success, 64 usage error (an unknown target, a spring that never settles without --until).")
    ])

/// Parses `dynsim export` arguments (after the command word).
func parseExport(_ args: [String]) throws -> Command {
    let p = try exportSpec.parse(args)
    if p.wantsHelp { return .help("export") }
    func fail(_ message: String) -> UsageError { UsageError(message: message, command: "export") }
    guard let target = p.arguments.first else {
        throw fail("give a target: \(CommandSpec.alternatives(exportTargets + ["all"])), got nothing")
    }
    let springNames = springSpec.options.map(\.name).filter { !["--rate", "--at", "--info"].contains($0) }
    let given = springNames.filter(p.has)
    let subject: ExportSubject
    if p.has("--velocity") {
        subject = .decay(try exportDecay(p, springGiven: given))
    } else if p.has("--deceleration-rate") {
        throw fail("--deceleration-rate: applies to a flick; give --velocity V too")
    } else if let curve = p.text("--curve") {
        if let first = given.first {
            throw fail("\(first): a spring option beside --curve; give a spring or a curve, got both")
        }
        do { subject = .curve(try parseCurveSpec(curve)) } catch let e as UsageError {
            throw fail("--curve: " + e.message)
        }
        if p.has("--max-error") {
            throw fail("--max-error: applies to a spring's CSS linear(); a curve exports exactly")
        }
    } else {
        guard !given.isEmpty else {
            throw fail("give a spring (--damping-ratio Z --response R, ...) or --curve CURVE, got neither")
        }
        do {
            guard case .spring(let s) = try parseSpring(given.map { "\($0)=\(NumberFormat.shortest(p.number($0)!))" })
            else {
                throw fail("expected spring options")
            }
            subject = .spring(s)
        } catch let e as UsageError { throw fail(e.message) }
    }
    return .export(
        ExportOptions(
            targets: target == "all" ? exportTargets : [target], subject: subject,
            maxError: p.number("--max-error") ?? 0.001))
}

/// The flick of `dynsim export TARGET --velocity V`: `dynsim decay`'s options (the per-millisecond model).
/// - Throws: ``UsageError`` for a spring option other than --from, --curve, or what `dynsim decay` refuses.
private func exportDecay(_ p: ParsedArguments, springGiven: [String]) throws -> DecayOptions {
    func fail(_ message: String) -> UsageError { UsageError(message: message, command: "export") }
    if let first = springGiven.first(where: { $0 != "--from" }) ?? (p.has("--curve") ? "--curve" : nil) {
        throw fail("\(first): a spring or curve option beside --velocity; give a flick, a spring or a curve")
    }
    var args = ["--velocity=" + NumberFormat.shortest(p.number("--velocity")!)]
    if let x = p.number("--from") { args.append("--from=" + NumberFormat.shortest(x)) }
    if let rate = p.text("--deceleration-rate") { args.append("--deceleration-rate=" + rate) }
    do {
        guard case .decay(let d) = try parseDecay(args) else { throw fail("expected a flick") }
        return d
    } catch let e as UsageError { throw fail(e.message) }
}

/// `dynsim export`: the blocks, to stdout.
func export(_ o: ExportOptions) -> Int32 {
    do {
        let text: String
        switch o.subject {
        case .spring(let s):
            let blocks = try SpringBlocks(s, maxError: o.maxError)
            text = try o.targets.map { target in
                // With `all`, a target that cannot take this spring says why in its place.
                do { return try blocks.block(target) } catch let e as UsageError where o.targets.count > 1 {
                    return "/* \(target): no form for this spring: \(e.message) */\n"
                }
            }.joined(separator: "\n")
        case .curve(let c): text = o.targets.map { curveBlock($0, c) }.joined(separator: "\n")
        case .decay(let d):
            let blocks = try DecayBlocks(d, maxError: o.maxError)
            text = try o.targets.map { target in
                do { return try blocks.block(target) } catch let e as UsageError where o.targets.count > 1 {
                    return "/* \(target): no form for this flick: \(e.message) */\n"
                }
            }.joined(separator: "\n")
        }
        return writeStdout(text)
    } catch {
        return report(error)
    }
}
