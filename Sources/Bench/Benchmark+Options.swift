// `dynsim bench`'s and `dynsim-bench`'s command line: what to run (Options), the option table that parses it and
// generates the help (spec), and the checks that need more than one option (options(_:command:)).
import Dynamics
import IO
import Shell

extension Benchmark {
    /// What to run: `dynsim bench [A|B|C|pendulum|timing ...] [--sizes N1,N2,...] [--profile uikit|precise|both]
    /// [--repeats R] [--frames F] [--substeps S1,S2,...] [--pile-up-to N] [--csv FILE]`.
    public struct Options: Equatable, Sendable {
        /// Scenes A, B, C, `pendulum` (the 90° accuracy run) and `timing` (springs, curves, CSV), in order.
        public var scenes = ["A", "B", "C", "pendulum", "timing"]
        /// Sizes for every scene, or nil for each scene's defaults (``Benchmark/sizes``).
        public var sizes: [Int]?
        /// Profiles to time.
        public var profiles = SolverProfile.allCases
        /// Repeats for A, B, C and timing (the minimum is reported; pendulum and drift run once). Default 3.
        public var repeats = 3
        /// Frames per repeat, or nil for about 4 million body-steps (1 million for C).
        public var frames: Int?
        /// A CSV file to write the results to, or nil.
        public var csv: String?
        /// Sub-steps per 1/60 s frame for every run (a work–precision sweep), or nil for each profile's default.
        public var subSteps: [Int]?
        /// The largest scene C whose overlap and settling are measured (untimed, ``PileAccuracy``), with or without
        /// ``frames``; nil for the default: up to ``Benchmark/defaultPileUpTo`` boxes, none with ``frames`` (a quick run).
        public var pileUpTo: Int?
        /// Scene C with 0.9 pt skinned boxes (rows named C-skin; see ``Benchmark/scene(_:n:profile:subSteps:boxSkin:)``).
        public var boxSkin = false
        /// All defaults.
        public init() {}
    }

    /// The option table of `dynsim bench` (`program` "dynsim", `command` "bench") and of `dynsim-bench` (`program`
    /// "dynsim-bench", no command): parsing and help are generated from it (``CommandSpec``).
    public static func spec(program: String, command: String?) -> CommandSpec {
        let benchmarks = ["A", "B", "C", "pendulum", "timing", "drift"]
        return CommandSpec(
            name: command, program: program,
            summary: "Time the solver on the benchmark scenes (see `dynsim help bench`).",
            overview:
                "Time the solver on the shared benchmark scenes (`dynsim bench` and `swift run -c release dynsim-bench` run the same catalog); build with -c release for meaningful numbers.",
            synopsis: ([program] + (command.map { [$0] } ?? []) + ["[A|B|C|pendulum|timing|drift ...]"]).joined(
                separator: " "),
            arguments: [
                .init("A", help: "N independent rigid pendulums (default sizes 100, 1000, 10000)."),
                .init("B", help: "A chain of N links (10, 100, 1000)."),
                .init("C", help: "N boxes falling into a container (100, 1000, 4000)."),
                .init(
                    "pendulum",
                    help:
                        "A 90° pendulum for 60 s (3600 frames, whatever --frames says): energy drift (of m g L) and period error (against the exact period)."
                ),
                .init("timing", help: "Spring samples, curve solves and CSV numbers written to a pipe, ns each."),
                .init(
                    "drift",
                    help:
                        "Scene B's energy drift: the worst |E - E0| / swing energy over one minute and over --frames (default 36000, 600 s; raised to at least 3600), read every frame (rows B-drift; sizes as B's). Not in the default run."
                ),
                .init("(default: A, B, C, pendulum, timing)", help: ""),
            ],
            options: [
                .init(
                    "--sizes", "N1,N2,...",
                    .integers(range: 1...100_000, message: "must be whole numbers from 1 to 100000"),
                    help: "Sizes for scenes A, B, C and drift, each once (default: each scene's own)."),
                .init(
                    "--profile", "P", .choice(SolverProfile.allCases.map(\.rawValue) + ["both"]),
                    help:
                        "Profiles for A, B, C, pendulum and drift: \(SolverProfile.allCases.map(\.rawValue).joined(separator: ", ")) or both (every profile; the default)."
                ),
                .init(
                    "--repeats", "R", .integer(range: 1...1000, message: "must be from 1 to 1000"),
                    help:
                        "Repeats for A, B, C and timing; the minimum time is reported (default: 3; pendulum and drift run once, and so do A and B in precise up to 1000 bodies, timed over their one simulated minute)."
                ),
                .init(
                    "--frames", "F", .integer(range: 1...10_000_000, message: "must be from 1 to 10000000"),
                    help:
                        "1/60 s frames per repeat for A, B, C and drift (default: about 4 million body-steps, 1 million for C; 3600, the minute the error is read from, for A and B in precise up to 1000 bodies; 36000 for drift); N x F at most 1e9 for the largest N run (drift's are B's)."
                ),
                .init(
                    "--substeps", "S1,S2,...", .integers(range: 1...64, message: "must be whole numbers from 1 to 64"),
                    help:
                        "Sub-steps per 1/60 s frame for A, B, C, pendulum and drift, each once, each run at every one (a work–precision sweep; default: the profile's, 2 for uikit, 8 for precise)."
                ),
                .init(
                    "--pile-up-to", "N", .integer(range: 0...100_000, message: "must be from 0 to 100000"),
                    help:
                        "Measure C's overlap and settling (an untimed run from release, at most 21 simulated seconds, whatever --frames says) for sizes up to N (default: 1000, none with --frames; 0: none)."
                ),
                .init(
                    "--box-skin", "", .flag,
                    help:
                        "Scene C's boxes collide with a 0.9 pt skin (each drawn as a path, as UIKit skins paths; Box2D 2.4.1 skins every polygon by 1 pt) instead of as rectangles (no skin, UIKit's default); rows are named C-skin, and their overlaps are the boxes' own, skins left out."
                ),
                .init(
                    "--csv", "FILE", .path,
                    help:
                        "Also write rows scene,N,engine,profile,substeps,frames,ns_per_body_step,energy_error,period_error, then C's fall_max_overlap,settled_max_overlap,settle_time,end_ke to FILE (ns to 0.1, errors and end_ke to 4 digits, overlaps to 4 significant digits, as the peers write them), whole when the last benchmark ends, also when the table's reader has gone (| head)."
                ),
            ],
            maxArguments: Int.max,
            checkArgument: {
                benchmarks.contains($0)
                    ? nil : "unknown benchmark (\(CommandSpec.alternatives(benchmarks))), got \(quoted($0))"
            },
            sections: [
                (
                    "OUTPUT",
                    "a table on stdout: ns per body-step (one body advanced by one solver sub-step, sleeping off; for the timing rows, ns per sample, solve or number), the minimum over the repeats, and ns per body per 1/60 s frame (x sub-steps); the energy error relative to the swing energy (A, B) over one simulated minute (3600 frames: untimed, or for precise the timed run itself) up to 1000 bodies, over the timed run beyond or with --frames; for C (without --frames, or with --pile-up-to), from an untimed run from release: the maximum overlap in points in the fall (the first 2 s, or until settled) and in the settled pile (the 1 s after settling, or after the 20 s cap), the time to settle (the maximum point speed |v| + r|w| staying below 5 pt/s for 1 s; >20 when not settled) and the end kinetic energy per body in mass x pt^2/s^2."
                )
            ])
    }

    /// The options only some benchmarks use, and those benchmarks (`timing` uses only --repeats: its rows have no size,
    /// profile, frame count or sub-steps; `pendulum` runs once at its own size for its own 3600 frames; `drift` runs
    /// once, at scene B's sizes).
    static let optionUsers: [(option: String, benchmarks: [String])] = [
        ("--sizes", ["A", "B", "C", "drift"]), ("--profile", ["A", "B", "C", "pendulum", "drift"]),
        ("--repeats", ["A", "B", "C", "timing"]),
        ("--frames", ["A", "B", "C", "drift"]), ("--substeps", ["A", "B", "C", "pendulum", "drift"]),
        ("--box-skin", ["C"]), ("--pile-up-to", ["C"]),
    ]

    /// Benchmark options from parsed arguments (``spec(program:command:)``).
    /// - Throws: ``UsageError`` when a benchmark is named twice, an option is given that none of the chosen benchmarks
    ///   uses (``optionUsers``), or --frames (or drift's default of ``Benchmark/defaultDriftFrames``) asks for more
    ///   than 1e9 body-frames.
    public static func options(_ parsed: ParsedArguments, command: String?) throws -> Options {
        var o = Options()
        if !parsed.arguments.isEmpty { o.scenes = parsed.arguments }
        // Each benchmark runs once, as each size and sub-step count does (CommandSpec refuses those twice).
        var named = Set<String>()
        // Named as --sizes' repeats are (`--sizes: 10 given twice, got "10,10"`): what came twice, then all that was given.
        if let twice = o.scenes.first(where: { !named.insert($0).inserted }) {
            throw UsageError(
                message: "benchmarks: \(twice) given twice, got \(quoted(o.scenes.joined(separator: " ")))",
                command: command)
        }
        o.sizes = parsed.integers("--sizes")
        if let p = parsed.text("--profile") {
            o.profiles = p == "both" ? SolverProfile.allCases : [SolverProfile(rawValue: p)!]
        }
        if let r = parsed.integer("--repeats") { o.repeats = r }
        o.frames = parsed.integer("--frames")
        o.csv = parsed.text("--csv")
        o.subSteps = parsed.integers("--substeps")
        o.pileUpTo = parsed.integer("--pile-up-to")
        o.boxSkin = parsed.has("--box-skin")
        // An option none of the chosen benchmarks uses is refused (it would otherwise be ignored without a word).
        for (flag, users) in optionUsers where parsed.has(flag) && !o.scenes.contains(where: users.contains) {
            let which =
                users.count == 1
                ? "scene \(users[0])" : "scenes " + users.dropLast().joined(separator: ", ") + " and \(users.last!)"
            throw UsageError(
                message:
                    "\(flag): applies to \(which) only; add \(users.count == 1 ? users[0] : "one of them") to the scenes or leave the option out",
                command: command)
        }
        // A bound on the work one measurement may ask for (the default runs are 4 million body-steps); drift runs
        // scene B's sizes, as run(_:line:) does (defaultSizes(of:)).
        if let f = o.frames {
            let largest = o.sizes?.max() ?? o.scenes.compactMap { defaultSizes(of: $0)?.max() }.max() ?? 1
            if Double(f) * Double(largest) > 1e9 {
                throw UsageError(
                    message:
                        "--frames: N x frames must be at most 1e9 body-frames (largest N \(largest)), got \"\(f)\"",
                    command: command)
            }
        } else if o.scenes.contains("drift"), let largest = o.sizes?.max(),
            Double(Benchmark.defaultDriftFrames) * Double(largest) > 1e9
        {
            // drift's own default run (600 s) falls under the same bound; the other scenes' defaults are budgets that
            // shrink as N grows.
            throw UsageError(
                message:
                    "--sizes: drift runs \(Benchmark.defaultDriftFrames) frames unless --frames says otherwise, and N x frames must be at most 1e9 body-frames; give --frames up to \(Int(1e9) / largest) or sizes up to \(Int(1e9) / Benchmark.defaultDriftFrames), got \"\(largest)\"",
                command: command)
        }
        return o
    }
}
