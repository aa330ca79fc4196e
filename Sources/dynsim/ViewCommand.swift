// `dynsim view`: a run, a spring or a timing curve as a self-contained HTML replay page, or a run as an SVG still.
// Its option table generates its parsing and help; the page itself is Replay's.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Foundation
import Dynamics
import IO
import Playback
import Replay
import Scenes
import Shell
import Springs

/// Options of `dynsim view`.
struct ViewOptions: Equatable {
    /// What the page shows.
    enum Subject: Equatable {
        /// A scene's run: a built-in name or a scene file (nil: the default built-in).
        case scene(String?)
        /// Springs, the first from the command line's spring options, then each `--versus`.
        case springs([SpringOptions])
        /// Timing curves as written (`--curve`, then `--versus`).
        case curves([String])
        /// Flings side by side: the first from `--velocity` and its options, then each `--versus`.
        case decays([DecayOptions])
    }
    var subject: Subject = .scene(nil)
    /// `--duration`, `--rate`, `--profile`.
    var settings = RunSettings()
    /// The page's file (nil: NAME.html in the current directory; `-`: stdout).
    var output: String?
    var overlays: [String] = []
    var plot: [String]?
    var svg: String?
    var every: Int?
    /// A sweep table's page: the metric coloured and the axes (nil: the first metric, the first two varied fields).
    var sweep = SweepPage.Choice()
    /// The swept scene's name for the page's reproducing command (nil: the page writes SCENE).
    var sweptScene: String?
}

/// The options that apply to a sweep table's page only.
private let sweepOnlyOptions = ["--metric", "--x", "--y", "--scene"]

/// The spring options `dynsim view` shares with `dynsim spring` (everything but --rate, --at and --info).
private let viewSpringOptions = springSpec.options.filter { !["--rate", "--at", "--info"].contains($0.name) }

/// The fling options `dynsim view` shares with `dynsim decay` (--from and --until are the spring's, shared).
private let viewDecayOptions = decaySpec.options.filter {
    ["--velocity", "--deceleration-rate", "--model"].contains($0.name)
}

/// `dynsim view`'s option table.
let viewSpec = CommandSpec(
    name: "view", program: "dynsim",
    summary: "Replay a run in a browser page, or draw it as an SVG (see `dynsim help view`).",
    overview:
        "Write one self-contained HTML page that replays a scene's run (the world to scale, layers and views, play/pause, a scrubber, speed, frame steps and plots of any column), or a spring or timing curve in the manner of a spring visualiser; with --svg, a still multi-exposure picture. The page opens from disk and fetches nothing.",
    synopsis: "dynsim view [SCENE.json | BUILTIN | SWEEP.csv]",
    usageLines: [
        "dynsim view [SCENE.json | BUILTIN] [--duration S] [--rate HZ] [--profile P] [--output FILE.html]",
        "            [--overlay RUN.csv]... [--plot COLUMNS] [--svg FILE.svg] [--every N]",
        "dynsim view (--damping-ratio Z --response R | --mass M --stiffness K --damping C |",
        "             --perceptual-duration D --bounce B) [--from A] [--to B]",
        "            [--initial-velocity V | --relative-velocity R] [--until S] [--versus \"NAME=VALUE ...\"]...",
        "            [--output FILE.html]",
        "dynsim view --curve CURVE [--versus CURVE]... [--output FILE.html]",
        "dynsim view --velocity V [--from X] [--deceleration-rate normal|fast|C] [--model MODEL] [--until S]",
        "            [--versus MODEL | --versus \"NAME=VALUE ...\"]... [--output FILE.html]",
        "dynsim view SWEEP.csv | SWEEP.jsonl [--metric NAME] [--x PATH] [--y PATH] [--scene NAME] [--output FILE.html]",
    ],
    arguments: [
        .init(
            "SCENE.json | BUILTIN | SWEEP.csv",
            help:
                "A scene file, a built-in scene name (default: \(Catalog.defaultName)), or a table `dynsim sweep` wrote (CSV or JSON Lines: a heatmap or scatter of its metrics)."
        )
    ],
    options: [
        runSpec.options.first { $0.name == "--duration" }!,
        runSpec.options.first { $0.name == "--rate" }!,
        runSpec.options.first { $0.name == "--profile" }!,
        .init(
            "--output", "FILE", .path,
            help:
                "Write the page to FILE (default: NAME.html in the current directory, NAME the scene's, `spring`, `curve` or `decay`; `-` for stdout). FILE appears only when it is complete, and may not be a file the command reads."
        ),
        .init(
            "--overlay", "RUN.csv", .paths,
            help:
                "Draw another run of the scene (a CSV of `dynsim run`, any of its columns: another profile, an older version) as ghosts sharing the plots, or a recorded trace: t,x,y as a dot with its path, t,value as a series. May be given more than once."
        ),
        .init(
            "--plot", "COLUMNS", .text,
            help:
                "Columns plotted when the page opens, comma-separated (default: the first item's x and y, or the layer columns that move); the page's list picks others."
        ),
        .init(
            "--svg", "FILE.svg", .path,
            help:
                "Also (or, without --output, only) write a still: every item and layer at every N-th row, older exposures fainter, with the items' paths."
        ),
        .init(
            "--every", "N", .integer(range: 1...100_000_000, message: "must be a whole number of rows from 1"),
            help: "Rows between the still's exposures (default: about 12 exposures over the run)."),
    ] + viewSpringOptions + [
        .init(
            "--curve", "CURVE", .text,
            help:
                "A timing curve instead of a scene: a name (linear, easeIn, easeOut, easeInEaseOut, default), X1,Y1,X2,Y2 or steps(N, POSITION), as `dynsim curve` takes."
        ),
        .init(
            "--versus", "SPEC", .texts,
            help:
                "Another spring (its options in one argument, dashes optional: \"damping-ratio=0.8 response=0.5\"), curve, or fling (a --model name, or \"model=flutter deceleration-rate=fast\") to overlay. May be given more than once."
        ),
    ] + viewDecayOptions + [
        .init(
            "--metric", "NAME", .text,
            help:
                "A sweep table's metric coloured first, as its header names it (default: the first); the page switches."
        ),
        .init(
            "--x", "PATH", .text,
            help: "A sweep table's varied field across (default: the first); the page switches."),
        .init(
            "--y", "PATH", .text,
            help: "A sweep table's varied field up (default: the second); the page switches."),
        .init(
            "--scene", "NAME", .text,
            help:
                "The scene the sweep ran, for the command the page shows to reproduce a run (default: the placeholder SCENE; the table does not name it)."
        ),
    ],
    maxArguments: 1,
    tooManyArguments: { extra, first in "only one scene per page, got \(quoted(extra)) after \(quoted(first))" },
    sections: [
        (
            "OUTPUT",
            "An HTML page (docs/view.md): the data packed in the page (values rounded to 2^-18 of each column's range; large runs keep fewer columns or rows and say so on stderr and in the page). Open it in any browser. With --svg, an SVG 1.1 file in points."
        ),
        ("EXIT STATUS", "0 success, 64 usage error, 65 bad scene, overlay CSV or drag file, 1 runtime failure."),
    ])

/// Parses `dynsim view` arguments (after the command word).
func parseView(_ args: [String]) throws -> Command {
    let p = try viewSpec.parse(args)
    if p.wantsHelp { return .help("view") }
    func fail(_ message: String) -> UsageError { UsageError(message: message, command: "view") }
    var o = ViewOptions()
    o.settings = RunSettings(p)
    o.output = p.text("--output")
    o.overlays = p.texts("--overlay")
    o.plot = p.text("--plot").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
    o.svg = p.text("--svg")
    o.every = p.integer("--every")
    o.sweep = SweepPage.Choice(metric: p.text("--metric"), x: p.text("--x"), y: p.text("--y"))
    o.sweptScene = p.text("--scene")
    let springGiven = viewSpringOptions.map(\.name).filter(p.has)
    let versus = p.texts("--versus")
    if p.has("--velocity") {
        o.subject = .decays(try parseViewDecays(p, springGiven: springGiven, versus: versus))
    } else if let flag = viewDecayOptions.map(\.name).first(where: p.has) {
        throw fail("\(flag): applies to a fling; give --velocity V too")
    } else if let curve = p.text("--curve") {
        if let first = springGiven.first {
            throw fail("\(first): a spring option beside --curve; give a spring or a curve, got both")
        }
        for (k, c) in ([curve] + versus).enumerated() {
            do { _ = try parseCurveSpec(c) } catch let e as UsageError {
                throw fail((k == 0 ? "--curve: " : "--versus: ") + e.message)
            }
        }
        o.subject = .curves([curve] + versus)
    } else if !springGiven.isEmpty {
        // The spring's own table checks the options: the same rules and messages as `dynsim spring`.
        let springArgs = springGiven.map { "\($0)=\(NumberFormat.shortest(p.number($0)!))" }
        var springs: [SpringOptions] = []
        // A --versus value lists options with or without their dashes: "damping-ratio=0.8 response=0.5".
        let others = versus.map {
            $0.split(whereSeparator: { $0 == " " || $0 == "\t" }).map { $0.hasPrefix("-") ? String($0) : "--" + $0 }
        }
        for list in [springArgs] + others {
            do {
                guard case .spring(let s) = try parseSpring(list) else {
                    throw fail("--versus: expected spring options, got help")
                }
                springs.append(s)
            } catch let e as UsageError {
                throw fail((list == springArgs ? "" : "--versus: ") + e.message)
            }
        }
        o.subject = .springs(springs)
    } else {
        if !versus.isEmpty {
            throw fail(
                "--versus: needs a spring (--damping-ratio ... ) or --curve to compare with, got \(quoted(versus[0]))")
        }
        o.subject = .scene(p.arguments.first)
    }
    if case .scene = o.subject {
    } else {
        // --rate too: these pages sample at 240 a second (fewer past the page's cap), and ignoring it was silent.
        for flag in ["--overlay", "--plot", "--svg", "--every", "--duration", "--rate", "--profile"] + sweepOnlyOptions
        where p.has(flag) {
            throw fail("\(flag): applies to a scene's run, not to a spring, curve or fling")
        }
        if let scene = p.arguments.first {
            throw fail("a scene beside spring, curve or fling options; give one, got \(quoted(scene))")
        }
    }
    if p.has("--every") && !p.has("--svg") { throw fail("--every: applies to the still; give --svg FILE.svg too") }
    return .view(o)
}

/// The flings of `dynsim view --velocity V ...`: the first from the command line (`--velocity`, `--from`,
/// `--deceleration-rate`, `--model`, `--until`), then one per `--versus`: a `--model` name, or options in one argument
/// (dashes optional) that replace the first's (`"model=continuous deceleration-rate=fast"`).
/// - Throws: ``UsageError`` naming the option: a spring option other than --from and --until, --curve, or a --versus
///   that `dynsim decay` would refuse.
private func parseViewDecays(_ p: ParsedArguments, springGiven: [String], versus: [String]) throws -> [DecayOptions] {
    func fail(_ message: String) -> UsageError { UsageError(message: message, command: "view") }
    if let first = springGiven.first(where: { !["--from", "--until"].contains($0) })
        ?? (p.has("--curve") ? "--curve" : nil)
    {
        throw fail("\(first): a spring or curve option beside --velocity; give a fling, a spring or a curve")
    }
    var base: [(String, String)] = [("--velocity", NumberFormat.shortest(p.number("--velocity")!))]
    if let x = p.number("--from") { base.append(("--from", NumberFormat.shortest(x))) }
    for name in ["--deceleration-rate", "--model"] { if let x = p.text(name) { base.append((name, x)) } }
    if let x = p.number("--until") { base.append(("--until", NumberFormat.shortest(x))) }
    let shared = ["--velocity", "--from", "--deceleration-rate", "--model", "--until"]
    var lists = [base]
    for spec in versus {
        let words = spec.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard words.allSatisfy({ $0.contains("=") }) else {
            guard words.count == 1, DecayOptions.Model(rawValue: words[0]) != nil else {
                throw fail(
                    "--versus: a fling model (\(CommandSpec.alternatives(DecayOptions.Model.allCases.map(\.rawValue)))) or NAME=VALUE options, got \(quoted(spec))"
                )
            }
            // Another platform's model takes no UIScrollView rate: the first fling's is not carried over to it.
            let scroll = ["per-millisecond", "continuous"].contains(words[0])
            lists.append(
                base.filter { $0.0 != "--model" && (scroll || $0.0 != "--deceleration-rate") } + [("--model", words[0])]
            )
            continue
        }
        var list = base
        var given = Set<String>()
        for word in words {
            let parts = word.split(separator: "=", maxSplits: 1).map(String.init)
            let name = parts[0].hasPrefix("-") ? parts[0] : "--" + parts[0]
            guard shared.contains(name) else {
                throw fail(
                    "--versus: \(name): not a fling option here (\(shared.joined(separator: ", "))), got \(quoted(spec))"
                )
            }
            guard given.insert(name).inserted else { throw fail("--versus: \(name): given twice, got \(quoted(spec))") }
            list.removeAll { $0.0 == name }
            list.append((name, parts.count > 1 ? parts[1] : ""))
        }
        let model = list.last { $0.0 == "--model" }?.1 ?? "per-millisecond"
        if !["per-millisecond", "continuous"].contains(model) && !given.contains("--deceleration-rate") {
            list.removeAll { $0.0 == "--deceleration-rate" }
        }
        lists.append(list)
    }
    return try lists.enumerated().map { k, list in
        do {
            guard case .decay(let d) = try parseDecay(list.map { "\($0.0)=\($0.1)" }) else {
                throw fail("--versus: expected fling options, got help")
            }
            return d
        } catch let e as UsageError {
            throw fail((k == 0 ? "" : "--versus: ") + e.message)
        }
    }
}

/// `dynsim view`: writes the page (and the still). Returns the exit status.
func view(_ o: ViewOptions) -> Int32 {
    do {
        switch o.subject {
        case .scene(let name?) where isSweepTable(name): try viewSweep(name, o)
        case .scene(let name):
            if let flag = sweepOptionGiven(o) {
                throw UsageError(
                    message: "\(flag): applies to a sweep table's page (dynsim view SWEEP.csv), not to a scene's run",
                    command: "view")
            }
            try viewScene(name, o)
        case .springs(let springs):
            let motions = springs.enumerated().map { k, s in
                CurvesPage.SpringMotion(
                    label: springs.count > 1 ? "spring \(k + 1)" : "spring", spring: s.spring,
                    from: s.from, to: s.to, initialVelocity: s.initialVelocity)
            }
            let until = springs.compactMap(\.until).max()
            let end = until ?? motions.map(\.settlingDuration).max() ?? 1
            guard end.isFinite && end <= Limits.maxViewUntil else {
                throw UsageError(
                    message: until != nil
                        ? "--until: must be at most \(NumberFormat.limit(Limits.maxViewUntil)) s for a page, got \(NumberFormat.shortest(until!))"
                        : "--until: required, a spring here does not settle within \(NumberFormat.limit(Limits.maxViewUntil)) s, got nothing",
                    command: "view")
            }
            for warning in CurvesPage.samplingWarnings(motions, until: until) {
                fputs("dynsim: warning: \(warning)\n", stderr)
            }
            try write(CurvesPage.springs(motions, until: until), to: o.output ?? "spring.html")
        case .curves(let texts):
            let curves = try texts.map { text -> (label: String, value: @Sendable (Double) -> Double) in
                let c = try parseCurveSpec(text)
                return (text, { c.value(at: $0) })
            }
            try write(CurvesPage.curves(curves), to: o.output ?? "curve.html")
        case .decays(let decays): try viewDecays(decays, output: o.output ?? "decay.html")
        }
    } catch {
        return report(error)
    }
    return ExitStatus.success
}

/// The page of flings side by side, each labelled by its model (and rate), until the last rests or `--until`.
/// - Throws: ``UsageError`` when a fling would not stop within `Limits.maxViewUntil` (a rate very near 1).
private func viewDecays(_ decays: [DecayOptions], output: String) throws {
    let motions = decays.map { d -> CurvesPage.DecayMotion in
        let scroll = d.model == .perMillisecond || d.model == .continuous
        let rate = NumberFormat.shortest(d.decelerationRate)
        return CurvesPage.DecayMotion(
            label: d.model.rawValue + (scroll ? " " + rate : ""), fling: d.fling,
            parameters: "velocity \(NumberFormat.shortest(d.velocity))/s from \(NumberFormat.shortest(d.from))"
                + (scroll ? ", decelerationRate \(rate) per ms" : ""))
    }
    let until = decays.compactMap(\.until).max()
    let end = until ?? motions.map(\.fling.duration).max() ?? 0
    guard end.isFinite && end <= Limits.maxViewUntil else {
        throw UsageError(
            message: until != nil
                ? "--until: at most \(NumberFormat.limit(Limits.maxViewUntil)) s for a page, got \(NumberFormat.shortest(end))"
                : "--until: a fling here stops after \(NumberFormat.shortest(end)) s, more than a page's \(NumberFormat.limit(Limits.maxViewUntil)) s; give --until",
            command: "view")
    }
    try write(CurvesPage.decays(motions, until: until), to: output)
}

/// The page and still of a scene's run.
private func viewScene(_ name: String?, _ o: ViewOptions) throws {
    let runOptions = RunOptions(scene: name, settings: o.settings, output: nil, events: nil)
    let (scene, label, sceneInputs) = try prepareRun(runOptions, command: "view")
    let base = (name ?? Catalog.defaultName).split(separator: "/").last.map(String.init) ?? "view"
    let stem = base.hasSuffix(".json") ? String(base.dropLast(5)) : base
    let pagePath: String? = o.output ?? (o.svg == nil ? stem + ".html" : nil)
    let overlayInputs = o.overlays.map { InputFile(name: $0, identity: FileIdentity(path: $0), isScene: false) }
    let columns = scene.allColumns
    if let plot = o.plot {
        for c in plot where !columns.contains(c) || c == "t" {
            throw UsageError(
                message:
                    "--plot: not a column of \(label) (dynsim run \(label) | head -1 lists them), got \(quoted(c))",
                command: "view")
        }
    }
    for (flag, path) in [("--output", pagePath), ("--svg", o.svg)] {
        guard let path, path != "-" else { continue }
        if let problem = overwriteProblem(flag: flag, path: path, inputs: sceneInputs, sceneName: label) {
            throw UsageError(message: problem, command: "view")
        }
        for input in overlayInputs where input.identity != nil && input.identity == FileIdentity(path: path) {
            throw UsageError(
                message: "\(flag): \(path) is a file this command reads (\(input.name)); choose another file",
                command: "view")
        }
    }
    if pagePath == "-" || o.svg == "-",
        let problem = stdoutProblem(
            reads: sceneInputs.map { ($0.name, $0.identity) } + o.overlays.map { ($0, FileIdentity(path: $0)) })
    {
        throw UsageError(message: problem, command: "view")
    }
    // `-` is stdout; other names for one file (a link, /dev/stdout) are found by OutputFile.sameFile.
    if let page = pagePath, let svg = o.svg,
        OutputFile.sameFile(page == "-" ? "/dev/stdout" : page, svg == "-" ? "/dev/stdout" : svg)
    {
        throw UsageError(
            message:
                "--svg: must differ from --output, both name one file (--output \(quoted(page)), --svg \(quoted(svg)))",
            command: "view")
    }
    let sceneRun = SceneRun(scene: scene)
    if let problem = sceneRun.inputProblems(fileName: label).first { throw problem }
    let textColumns = Set(
        columns.filter { c in c.hasSuffix(".text") || scene.animators.contains { c == $0.name + ".state" } })
    var overlays: [Overlay] = []
    for path in o.overlays {
        let bytes = try readInput(path, name: path, maxBytes: Limits.maxTraceBytes)
        overlays.append(
            try Overlay(bytes, fileName: path, sceneName: label, columns: columns, textColumns: textColumns))
    }
    // Both outputs or neither (a page that cannot be written takes the still with it).
    var outputs: [(text: String, path: String, flag: String)] = []
    do {
        // One run feeds both the still and the page.
        let recorded = try RecordedScene(scene: scene, plot: o.plot ?? [])
        if let svg = o.svg {
            let (text, notices) = Still.svg(recorded, label: label, every: o.every)
            for n in notices { fputs("dynsim: note: \(n)\n", stderr) }
            outputs.append((text, svg, "--svg"))
        }
        if let pagePath {
            let (html, notices) = ScenePage.html(recorded, label: label, overlays: overlays, plot: o.plot)
            for n in notices { fputs("dynsim: note: \(n)\n", stderr) }
            outputs.append((html, pagePath, "--output"))
        }
    } catch let e as SimulationError {
        if let bad = e.inputError(file: label) { throw bad }
        throw RuntimeFailure(message: "\(label): \(e)")
    }
    try writeAll(outputs)
    for out in outputs where out.path != "-" {
        fputs("dynsim: wrote \(printablePath(out.path)) (\(out.text.utf8.count) bytes)\n", stderr)
    }
}

/// The first option given that applies to a sweep table's page only, or nil.
private func sweepOptionGiven(_ o: ViewOptions) -> String? {
    let given = [o.sweep.metric, o.sweep.x, o.sweep.y, o.sweptScene].map { $0 != nil }
    return zip(sweepOnlyOptions, given).first { $0.1 }?.0
}

/// Whether `name` names a sweep table rather than a scene: a `.csv` or `.jsonl` file, or a file (not `.json`) whose
/// first line is a sweep table's (``SweepResults/looksLikeTable(_:)``).
private func isSweepTable(_ name: String) -> Bool {
    if name.hasSuffix(".csv") || name.hasSuffix(".jsonl") { return true }
    guard !name.hasSuffix(".json"), let f = FileHandle(forReadingAtPath: name) else { return false }
    defer { try? f.close() }
    let head = (try? f.read(upToCount: 64)) ?? Data()
    return SweepResults.looksLikeTable(Array(head))
}

/// `dynsim view SWEEP.csv`: the sweep's table as a heatmap or scatter page (SweepPage).
private func viewSweep(_ name: String, _ o: ViewOptions) throws {
    func fail(_ message: String) -> UsageError { UsageError(message: message, command: "view") }
    let sceneOnly: [(String, Bool)] = [
        ("--overlay", !o.overlays.isEmpty), ("--plot", o.plot != nil), ("--svg", o.svg != nil),
        ("--every", o.every != nil), ("--duration", o.settings.duration != nil),
        ("--rate", o.settings.rate != nil), ("--profile", o.settings.profile != nil),
    ]
    if let flag = sceneOnly.first(where: { $0.1 })?.0 {
        throw fail("\(flag): applies to a scene's run, not to a sweep table (\(printablePath(name)))")
    }
    let base = name.split(separator: "/").last.map(String.init) ?? "sweep"
    let stem =
        base.split(separator: ".").count > 1 ? base.split(separator: ".").dropLast().joined(separator: ".") : base
    let pagePath = o.output ?? stem + ".html"
    let input = InputFile(name: name, identity: FileIdentity(path: name), isScene: false)
    if pagePath != "-",
        let problem = overwriteProblem(flag: "--output", path: pagePath, inputs: [input], sceneName: name)
    {
        throw fail(problem)
    }
    if pagePath == "-", let problem = stdoutProblem(reads: [name]) { throw fail(problem) }
    let table = try SweepResults(readInput(name, name: name), fileName: name)
    if let problem = SweepPage.problem(o.sweep, in: table) { throw fail(problem) }
    try write(SweepPage.html(table, label: name, scene: o.sweptScene, choice: o.sweep), to: pagePath)
}

/// Writes `text` to `path` (`-`: stdout) whole (``writeWhole(_:to:flag:)``) and says so on stderr.
private func write(_ text: String, to path: String) throws {
    try writeWhole(text, to: path, flag: "--output")
    if path != "-" { fputs("dynsim: wrote \(printablePath(path)) (\(text.utf8.count) bytes)\n", stderr) }
}
