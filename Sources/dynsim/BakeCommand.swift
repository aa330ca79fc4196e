// `dynsim bake`: a run reduced to keyframes with one cubic-Bézier easing per segment, within a measured error, written
// for another player (Lottie, CSS, Web Animations, Core Animation, Android, Compose, or a dynsim scene).
import Foundation
import Bake
import Scenes
import Traces
import Playback
import IO
import Shell

/// Options of `dynsim bake`.
struct BakeOptions: Equatable {
    var source: String?
    var target: String?
    var tolerance = BakeTolerance()
    var objects: [String]?
    var output: String?
    var settings = RunSettings()
}

/// A largest error: positive and finite, at most 1e6.
private func errorCheck(_ unit: String) -> @Sendable (Double) -> String? {
    { $0 > 0 && $0 <= 1e6 ? nil : "must be a positive number\(unit) up to 1000000" }
}

/// `dynsim bake`'s option table.
let bakeSpec = CommandSpec(
    name: "bake", program: "dynsim",
    summary: "Bake a run into keyframes another player plays, within an error you choose (see `dynsim help bake`).",
    overview:
        "Run a scene (or read a run's CSV) and reduce each item's, view's and layer's position, rotation, scale and opacity to keyframes with one cubic-Bézier easing per segment, such that the motion as the target plays it stays within the largest error of the run at every sample (1000 a second for a scene). A report goes to stderr and into the output's comment: keys per property and the largest error measured.",
    synopsis: "dynsim bake SCENE.json | BUILTIN | RUN.csv",
    arguments: [
        .init("SCENE.json | BUILTIN | RUN.csv", help: "A scene file, a built-in scene, or a `dynsim run` CSV.")
    ],
    options: [
        .init(
            "--target", "T", .choice(BakeTarget.allCases.map(\.rawValue) + ["all"]),
            help:
                "lottie (bodymovin JSON), css (@keyframes and a page), waapi (Web Animations module), core-animation (Swift), android (ObjectAnimator XML), compose (Kotlin keyframes), scene (a dynsim scene), or all (every one, into the --output folder)."
        ),
        .init(
            "--max-error", "E", .number(check: errorCheck(" of points")),
            help: "Largest position error, points (default 0.5)."),
        .init(
            "--max-rotation-error", "D", .number(check: errorCheck(" of degrees")),
            help: "Largest rotation error, degrees (default 0.5)."),
        .init(
            "--max-scale-error", "S", .number(check: errorCheck("")), help: "Largest scale error (default 0.005)."),
        .init(
            "--max-opacity-error", "O", .number(check: errorCheck("")),
            help: "Largest opacity error (default 0.005)."),
        .init(
            "--objects", "NAMES", .text,
            help: "Only these objects, comma-separated (default: every item, view and layer)."),
        .init(
            "--output", "FILE", .path,
            help:
                "Write to FILE instead of stdout (a folder for --target all: NAME.lottie.json, NAME.css and NAME.html, ...); FILE appears only complete."
        ),
    ]
        + RunSettings.options(
            duration: "The run's length in seconds (default: the scene's).",
            rate: "The scene's frame rate for the targets that have one (Lottie's fr; default: the scene's).",
            profile: "Solver profile, uikit or precise (default: the scene's)."),
    maxArguments: 1,
    tooManyArguments: { extra, first in "one scene or run per bake, got \(quoted(extra)) after \(quoted(first))" },
    sections: [
        (
            "EXIT STATUS",
            "0 baked within the errors; 64 usage error (a bad error bound, an unknown object, a 3D transform for a 2D target); 65 a bad scene or run file (an empty run); 74 the output could not be written."
        )
    ])

/// Parses `dynsim bake` arguments (after the command word).
func parseBake(_ args: [String]) throws -> Command {
    let p = try bakeSpec.parse(args)
    if p.wantsHelp { return .help("bake") }
    var o = BakeOptions()
    o.source = p.arguments.first
    o.target = p.text("--target")
    if let e = p.number("--max-error") { o.tolerance.position = e }
    if let e = p.number("--max-rotation-error") { o.tolerance.rotation = e }
    if let e = p.number("--max-scale-error") { o.tolerance.scale = e }
    if let e = p.number("--max-opacity-error") { o.tolerance.opacity = e }
    if let names = p.text("--objects") {
        o.objects = names.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        if let bad = o.objects!.first(where: \.isEmpty) {
            throw UsageError(message: "--objects: an empty name \(quoted(bad)) in \(quoted(names))", command: "bake")
        }
        if let twice = o.objects!.enumerated().first(where: { o.objects![..<$0.offset].contains($0.element) }) {
            throw UsageError(
                message: "--objects: \(quoted(twice.element)) is named twice in \(quoted(names))", command: "bake")
        }
    }
    o.output = p.text("--output")
    o.settings = RunSettings(p)
    guard o.source != nil else {
        throw UsageError(message: "a bake needs a scene or a run's CSV, got none", command: "bake")
    }
    guard o.target != nil else {
        throw UsageError(
            message:
                "--target: name the player, one of \(BakeTarget.allCases.map(\.rawValue).joined(separator: ", ")) or all, got none",
            command: "bake")
    }
    return .bake(o)
}

/// `dynsim bake`. Returns the exit status.
func bake(_ o: BakeOptions) -> Int32 {
    do {
        let name = o.source!
        let targets = o.target == "all" ? BakeTarget.allCases : [BakeTarget(rawValue: o.target!)!]
        // A target whose player adds an error of its own (Android) gets keyframes held to a share of the bound.
        let share = targets.map(\.errorShare).min() ?? 1
        let made: Bake
        var inputs: [InputFile] = []
        if name.hasSuffix(".csv") {
            for (flag, given) in [
                ("--duration", o.settings.duration), ("--rate", o.settings.rate),
                ("--profile", o.settings.profile.map { _ in 0.0 }),
            ] where given != nil {
                throw UsageError(message: "\(flag): a run file is baked as it is, got \(flag) with it", command: "bake")
            }
            let trace = try Trace(
                try readInput(name, name: name, maxBytes: Limits.maxTraceBytes), fileName: name, minRows: 2)
            inputs.append(InputFile(name: name, identity: FileIdentity(path: name), isScene: false))
            made = try Bake.make(
                trace: trace, source: name, tolerance: o.tolerance, objects: o.objects,
                errorShare: share)
        } else {
            var (scene, label, sceneInputs) = try loadScene(name, command: "bake")
            try o.settings.apply(to: &scene, command: "bake")
            inputs = sceneInputs
            made = try Bake.make(
                scene: scene, source: label, tolerance: o.tolerance, objects: o.objects,
                errorShare: share)
        }
        let stem = (name.split(separator: "/").last.map(String.init) ?? "bake")
            .replacingOccurrences(of: ".json", with: "").replacingOccurrences(of: ".csv", with: "")
        var outputs: [(text: String, path: String, flag: String)] = []
        if o.target == "all" {
            guard let dir = o.output else {
                throw UsageError(message: "--target all writes one file per target: give --output DIR", command: "bake")
            }
            do {
                try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            } catch {
                throw RuntimeFailure(
                    message: "--output: cannot make the folder (\(error.localizedDescription)), got \(quoted(dir))")
            }
            for t in targets { outputs.append((t.write(made), dir + "/" + stem + t.fileExtension, "--output")) }
            if let page = CSSTarget.page(made, stylesheet: stem + BakeTarget.css.fileExtension) {
                outputs.append((page, dir + "/" + stem + ".html", "--output"))
            }
        } else {
            outputs.append((targets[0].write(made), o.output ?? "-", "--output"))
        }
        for out in outputs where out.path != "-" {
            if let problem = overwriteProblem(flag: "--output", path: out.path, inputs: inputs, sceneName: name) {
                throw UsageError(message: problem, command: "bake")
            }
        }
        try writeAll(outputs)
        // The report once (for `all`, under that name), then each file's size, named when there are several.
        let size = targets.count == 1 ? outputs[0].text.utf8.count : nil
        for line in BakeReport(made, target: o.target!, bytes: size).lines { fputs("dynsim: \(line)\n", stderr) }
        if targets.count > 1 {
            for out in outputs { fputs("dynsim: \(out.path): \(out.text.utf8.count) bytes\n", stderr) }
        }
        return ExitStatus.success
    } catch let e as BakeError {
        printError(e.description)
        if e.isUsage { fputs(usageText("bake") + "\n", stderr) }
        return e.isUsage ? ExitStatus.usage : ExitStatus.dataError
    } catch let e as UsageError {
        return report(e)
    } catch let e as InputError {
        return report(e)
    } catch let e as SimulationError {
        return report(e.inputError(file: o.source!) ?? RuntimeFailure(message: e.description))
    } catch {
        let message = (error as? OutputFile.Failure)?.message ?? (error as? RuntimeFailure)?.message ?? "\(error)"
        printError(message)
        return ExitStatus.ioError
    }
}
