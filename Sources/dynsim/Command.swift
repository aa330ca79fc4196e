import Foundation
import Dynamics
import Scenes
import IO
import Bench

/// The version `dynsim --version` prints.
let dynsimVersion = "0.1.0"

/// A parsed command line. Parsing is a pure function of the arguments (``parseCommand(_:)``).
enum Command: Equatable {
    case run(RunOptions)
    case spring(SpringOptions)
    case curve(CurveOptions)
    case listScenes
    case showScene(String)
    case bench(Benchmark.Options)
    case help(String?)
    case version
}

/// Options of `dynsim run`.
struct RunOptions: Equatable {
    /// A built-in scene name or a path to a scene file; nil = the default built-in.
    var scene: String?
    var duration: Double?
    var rate: Double?
    var profile: SolverProfile?
    var format: OutputFormat = .csv
    var output: String?
    var events: String?
}

/// A command-line mistake: exit 64, with the message and the usage of `command` on stderr.
struct UsageError: Error, Equatable {
    var message: String
    var command: String?
}

/// Parses the arguments (without the program name).
func parseCommand(_ args: [String]) throws -> Command {
    guard let first = args.first else { return .run(RunOptions()) }
    switch first {
    case "-h", "--help": return .help(nil)
    case "--version": return .version
    case "help":
        if args.count > 2 { throw UsageError(message: "help takes at most one command, got \"\(args[2])\"", command: nil) }
        if args.count == 2 {
            guard ["run", "scenes", "spring", "curve", "bench", "help"].contains(args[1]) else {
                throw UsageError(message: "unknown command, got \"\(args[1])\"", command: nil)
            }
            return .help(args[1])
        }
        return .help(nil)
    case "scenes":
        let rest = Array(args.dropFirst())
        if rest.contains(where: { $0 == "-h" || $0 == "--help" }) { return .help("scenes") }
        if let bad = rest.first(where: { $0.hasPrefix("-") }) {
            throw UsageError(message: "unknown option, got \"\(bad)\"", command: "scenes")
        }
        if rest.count > 1 { throw UsageError(message: "scenes takes at most one name, got \"\(rest[1])\"", command: "scenes") }
        if let name = rest.first {
            guard Catalog.scene(named: name) != nil else {
                throw UsageError(message: "no built-in scene named that (dynsim scenes lists them), got \"\(name)\"",
                                 command: "scenes")
            }
            return .showScene(name)
        }
        return .listScenes
    case "bench":
        let rest = Array(args.dropFirst())
        if rest.contains(where: { $0 == "-h" || $0 == "--help" }) { return .help("bench") }
        do {
            return .bench(try Benchmark.parse(rest))
        } catch let e as Benchmark.UsageError {
            throw UsageError(message: e.description, command: "bench")
        }
    case "run":
        return try parseRun(Array(args.dropFirst()))
    case "spring":
        return try parseSpring(Array(args.dropFirst()))
    case "curve":
        return try parseCurve(Array(args.dropFirst()))
    default:
        return try parseRun(args)
    }
}

private func parseRun(_ args: [String]) throws -> Command {
    var options = RunOptions()
    var cursor = ArgumentCursor(args, command: "run")
    func number(_ flag: String, _ text: String) throws -> Double {
        guard let x = parseDecimal(Substring(text)), x.isFinite else {
            throw UsageError(message: "\(flag): must be a decimal number, got \(quoted(text))", command: "run")
        }
        return x
    }
    while let flag = cursor.next() {
        let arg = cursor.raw
        switch flag {
        case "-h", "--help": return .help("run")
        case "--duration":
            let d = try number(flag, try cursor.value())
            guard d >= 0 && d <= SceneDecoder.maxDuration else {
                throw UsageError(message: "--duration: must be from 0 to \(Int(SceneDecoder.maxDuration)) s, got \(NumberFormat.shortest(d))", command: "run")
            }
            options.duration = d
        case "--rate":
            let r = try number(flag, try cursor.value())
            guard r > 0 && r <= SceneDecoder.maxRate else {
                throw UsageError(message: "--rate: must be positive and at most \(Int(SceneDecoder.maxRate)) Hz, got \(NumberFormat.shortest(r))", command: "run")
            }
            options.rate = r
        case "--profile":
            let p = try cursor.value()
            guard let profile = SolverProfile(rawValue: p) else {
                throw UsageError(message: "--profile: must be uikit or precise, got \"\(p)\"", command: "run")
            }
            options.profile = profile
        case "--format":
            let f = try cursor.value()
            guard let format = OutputFormat(rawValue: f) else {
                throw UsageError(message: "--format: must be csv or jsonl, got \"\(f)\"", command: "run")
            }
            options.format = format
        case "--events":
            let e = try cursor.value()
            guard !e.isEmpty else { throw UsageError(message: "--events: must be a file path, got \"\"", command: "run") }
            options.events = e
        case "--output":
            let o = try cursor.value()
            guard !o.isEmpty else { throw UsageError(message: "--output: must be a file path, got \"\"", command: "run") }
            options.output = o
        default:
            if arg.hasPrefix("-") && arg != "-" {
                throw UsageError(message: "unknown option, got \"\(arg)\"", command: "run")
            }
            guard options.scene == nil else {
                throw UsageError(message: "only one scene per run, got \"\(arg)\" after \"\(options.scene!)\"", command: "run")
            }
            options.scene = arg
        }
    }
    if let o = options.output, let e = options.events,
       URL(fileURLWithPath: o).resolvingSymlinksInPath().path == URL(fileURLWithPath: e).resolvingSymlinksInPath().path {
        throw UsageError(message: "--events: must differ from --output, both got \"\(e)\"", command: "run")
    }
    return .run(options)
}

/// Help texts, in swift-argument-parser's layout. Printed to stdout for `--help` / `help`, to stderr after a usage error.
func helpText(_ command: String?) -> String {
    switch command {
    case "run":
        return """
        OVERVIEW: Run a scene at a fixed step and stream its trajectories to stdout as CSV or JSON Lines.

        USAGE: dynsim [run] [SCENE.json | BUILTIN] [--duration S] [--rate HZ] [--profile uikit|precise]
                      [--format csv|jsonl] [--output FILE] [--events FILE]

        ARGUMENTS:
          SCENE.json | BUILTIN    A scene file or a built-in scene name (default: \(Catalog.defaultName)).

        OPTIONS:
          --duration S            Length of the run in seconds (default: the scene's duration).
          --rate HZ               Output rows per second (default: the scene's, 60). The physics step does not change.
          --profile P             Solver profile: uikit (UIKit's engine, Box2D 2.x semantics) or precise
                                  (constraint-exact symplectic RATTLE) (default: the scene's, uikit).
          --format F              csv (default) or jsonl.
          --output FILE           Write to FILE instead of stdout; FILE appears only when the run completes. Neither
                                  FILE here nor in --events may be a file the run reads (the scene, a drag or
                                  gesture CSV), under any name or link: that is a usage error.
          --events FILE           Write events to FILE as CSV t,kind,a,b,x,y: contacts (begin/end, the item, the other
                                  item or boundary, `bounds` for the reference bounds, the contact point), rest, layer
                                  animations (start/stop, layer, key; a stop has `finished` in x, as
                                  animationDidStop(_:finished:) reports), completions (complete, animator or block,
                                  end/start/current or finished/unfinished) and gestures (gesture, name, state, x, y).
          -h, --help              Show this help.

        COLUMNS: t, then per item <item>.x,.y (points), .angle (radians, clockwise), .vx,.vy (points/s),
          .omega (radians/s), then per anchor <anchor>.x,.y (points). In the uikit profile an anchor column is the
          position the anchor holds for the display frame starting at t (UIKit moves it once per frame). Views add
          <view>.x,.y,.width,.height,.rotation,.scale.x,.scale.y,.alpha,.cornerRadius,.backgroundColor.*; layers
          <layer>.<keyPath>; animators <animator>.state,.fractionComplete,.isRunning,.isReversed (see the README).

        EXIT STATUS: 0 success, 64 usage error, 65 bad scene or drag file, 1 runtime failure.
        """
    case "scenes":
        return """
        OVERVIEW: List the built-in scenes, or print one as a scene file to edit.

        USAGE: dynsim scenes [NAME]

        ARGUMENTS:
          NAME                    A built-in scene; its JSON goes to stdout. Running that JSON gives output
                                  byte-identical to running the built-in.

        OPTIONS:
          -h, --help              Show this help.
        """
    case "spring":
        return """
        OVERVIEW: Sample a spring in closed form (UISpringTimingParameters, CASpringAnimation, SwiftUI Spring).

        USAGE: dynsim spring (--mass M --stiffness K --damping C | --damping-ratio Z --response R |
                              --perceptual-duration D --bounce B) [--from A] [--to B]
                             [--initial-velocity V | --relative-velocity R] [--until S] [--rate HZ] [--at T1,T2,...]
                             [--info]

        OPTIONS:
          --mass M                Mass (default: 1 when --stiffness and --damping are given).
          --stiffness K           Stiffness, mass/s^2, > 0.
          --damping C             Damping coefficient, mass/s, >= 0 (0 = undamped: needs --until).
          --damping-ratio Z       Damping ratio (SwiftUI dampingFraction), >= 0; with --response, mass 1.
          --response R            Undamped period in seconds, > 0.
          --perceptual-duration D SwiftUI duration in seconds, > 0; with --bounce.
          --bounce B              SwiftUI bounce, -1 < B <= 1 (0 critical, > 0 bouncy, < 0 overdamped).
          --from A, --to B        Start and target values (default: 0 and 1).
          --initial-velocity V    Initial velocity in value units per second (default: 0).
          --relative-velocity R   UIKit's relative initial velocity: R x (to - from) per second (0 when from = to).
          --until S               Last time in seconds (default: the settling duration, when the value stays within
                                  0.1% of the distance; of |V| / naturalFrequency when from = to).
          --rate HZ               Rows per second (default: 60). The last row is at exactly --until.
          --at T1,T2,...          Only these times (seconds).
          --info                  Print the derived parameters as name,value rows instead.
          -h, --help              Show this help.

        OUTPUT: t,value,velocity (seconds, value units, value units per second).
        """
    case "curve":
        return """
        OVERVIEW: Sample a timing curve (CAMediaTimingFunction, CSS cubic-bezier() and steps()).

        USAGE: dynsim curve (NAME | X1,Y1,X2,Y2 | "steps(N, POSITION)") [--samples N] [--at X1,X2,...]

        ARGUMENTS:
          NAME                    linear, easeIn, easeOut, easeInEaseOut or default (Apple's named curves).
          X1,Y1,X2,Y2             Control points; X1 and X2 in [0, 1], Y any value.
          steps(N, POSITION)      CSS steps: POSITION jump-start, jump-end (default), jump-none or jump-both.

        OPTIONS:
          --samples N             Evenly spaced inputs from 0 to 1, N >= 2 (default: 101).
          --at X1,X2,...          Only these inputs; outside [0, 1] a Bézier curve extends linearly.
          -h, --help              Show this help.

        OUTPUT: t,value (t is the input time fraction, value the progress).
        """
    case "bench":
        return Benchmark.help(command: "dynsim bench")
    case "help":
        return """
        OVERVIEW: Show help for dynsim or one of its commands.

        USAGE: dynsim help [COMMAND]
        """
    default:
        return """
        OVERVIEW: dynsim \(dynsimVersion): UIKit Dynamics-style physics off-device. Runs a scene at a fixed step and
        streams its trajectories as CSV to stdout.

        USAGE: dynsim [run] [SCENE.json | BUILTIN] [options]
               dynsim scenes [NAME]
               dynsim spring (--mass M --stiffness K --damping C | ...) [options]
               dynsim curve (NAME | X1,Y1,X2,Y2) [--samples N] [--at X1,...]
               dynsim bench [A|B|C|pendulum|timing ...] [options]
               dynsim help [COMMAND]

        OPTIONS:
          -h, --help              Show this help.
          --version               Show the version.

        SUBCOMMANDS:
          run (default)           Run a scene and stream CSV or JSON Lines (see `dynsim help run`).
          scenes                  List the built-in scenes or print one as JSON.
          spring                  Sample a spring in closed form (see `dynsim help spring`).
          curve                   Sample a timing curve (see `dynsim help curve`).
          bench                   Time the solver on the benchmark scenes (see `dynsim help bench`).
          help                    Show help for a command.

        With no arguments dynsim runs the built-in `\(Catalog.defaultName)` scene for 10 s at 60 rows per second.
        """
    }
}

/// The USAGE block of a command's help plus a pointer to the full help: what a usage error prints to stderr (as
/// swift-argument-parser does).
func usageText(_ command: String?) -> String {
    var lines: [Substring] = []
    var inUsage = false
    for line in helpText(command).split(separator: "\n", omittingEmptySubsequences: false) {
        if line.hasPrefix("USAGE:") { inUsage = true }
        if inUsage {
            if line.isEmpty { break }
            lines.append(line)
        }
    }
    let more = command.map { "  See 'dynsim help \($0)'." } ?? "  See 'dynsim --help'."
    return lines.joined(separator: "\n") + "\n" + more
}

/// Walks an argument list for one command: ``next()`` yields each argument with any `--flag=value` split into the flag
/// (returned) and its inline value; ``value()`` then takes the flag's value, inline or the following argument.
struct ArgumentCursor {
    let args: [String]
    let command: String
    private var index = 0
    private var inline: String?
    /// The whole current argument, as given.
    private(set) var raw = ""

    init(_ args: [String], command: String) {
        self.args = args
        self.command = command
    }

    /// The next flag or positional argument, or nil at the end.
    mutating func next() -> String? {
        guard index < args.count else { return nil }
        raw = args[index]
        index += 1
        inline = nil
        if raw.hasPrefix("--"), let eq = raw.firstIndex(of: "=") {
            inline = String(raw[raw.index(after: eq)...])
            return String(raw[..<eq])
        }
        return raw
    }

    /// Flags whose value has been taken.
    private var seen: Set<String> = []

    /// The value of the current flag, inline (`--flag=value`) or the next argument. Throws a usage error naming the flag
    /// when it has none (the next argument is another option: give `--flag=--odd-name` for a value starting with `--`),
    /// or when the flag was already given (a repeated option is a mistake, not "the last one wins").
    mutating func value() throws -> String {
        let flag = inline == nil ? raw : String(raw[..<raw.firstIndex(of: "=")!])
        guard seen.insert(flag).inserted else {
            throw UsageError(message: "\(flag): given twice, got \(quoted(inline ?? (index < args.count ? args[index] : "")))",
                             command: command)
        }
        if let inline { return inline }
        guard index < args.count, !args[index].hasPrefix("--") else {
            throw UsageError(message: "\(flag): missing value" + (index < args.count ? ", got the option \(quoted(args[index]))" : ""),
                             command: command)
        }
        index += 1
        return args[index - 1]
    }
}
