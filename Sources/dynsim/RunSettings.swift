// The three settings that `run`, `view` and `sweep` take over a scene's own: its length, its output rate and its
// solver profile. Declared once: each command's option table, parsing, application and the run-length check.
import Scenes
import Dynamics
import IO
import Shell

/// `--duration`, `--rate` and `--profile`: nil keeps the scene's own value.
struct RunSettings: Equatable {
    /// The run's length, seconds.
    var duration: Double?
    /// Output rows per second, Hz.
    var rate: Double?
    /// The solver profile.
    var profile: SolverProfile?

    /// The three options, with each command's own help (what the setting means to that command).
    static func options(duration: String, rate: String, profile: String) -> [CommandSpec.Option] {
        [
            .init("--duration", "S", .number(check: SceneFields.durationRange.check(unit: "s")), help: duration),
            .init("--rate", "HZ", .number(check: SceneFields.rateRange.check(unit: "Hz")), help: rate),
            .init("--profile", "P", .choice(SolverProfile.allCases.map(\.rawValue)), help: profile),
        ]
    }

    /// The settings a command line gave.
    init(_ p: ParsedArguments) {
        duration = p.number("--duration")
        rate = p.number("--rate")
        profile = p.text("--profile").flatMap(SolverProfile.init(rawValue:))
    }

    /// No setting: the scene's own values.
    init(duration: Double? = nil, rate: Double? = nil, profile: SolverProfile? = nil) {
        (self.duration, self.rate, self.profile) = (duration, rate, profile)
    }

    /// The options given, as written (`--duration, --rate`), for messages.
    var flags: String {
        [duration != nil ? "--duration" : nil, rate != nil ? "--rate" : nil, profile != nil ? "--profile" : nil]
            .compactMap { $0 }.joined(separator: ", ")
    }

    /// The settings as `name=value` words (`duration=2 profile=precise`), empty when none: what a sweep's run ids
    /// hash beside each run's scene.
    var words: String {
        [
            duration.map { "duration=" + NumberFormat.shortest($0) }, rate.map { "rate=" + NumberFormat.shortest($0) },
            profile.map { "profile=" + $0.rawValue },
        ].compactMap { $0 }.joined(separator: " ")
    }

    /// `scene` with the settings applied.
    /// - Throws: ``UsageError`` (naming `command` and the options) when they make the run longer than the run
    ///   budget allows (`Limits.runBudgetProblem`): the scene file passed that check, so an option made it too long.
    func apply(to scene: inout Scene, command: String) throws {
        if let d = duration { scene.duration = d }
        if let r = rate { scene.rate = r }
        if let p = profile { scene.profile = p }
        if let problem = Limits.runBudgetProblem(
            duration: scene.duration, rate: scene.rate, timeStep: scene.timeStep, subSteps: scene.effectiveSubSteps)
        {
            throw UsageError(message: "\(flags.isEmpty ? "the scene" : flags): \(problem)", command: command)
        }
    }
}
