import Animation
import Springs
import IO

/// Property animators' fields (`animators[]`, UIViewPropertyAnimator), declared once: the animator's own and its
/// timing's two spring forms (UISpringTimingParameters by mass, stiffness and damping, or by damping ratio). The rules
/// between fields (the layer, which must exist; a change's value in its key path's form; the script's calls, each with
/// its own arguments, at non-decreasing times) are ``SceneDecoder``'s code.
enum AnimatorFields {
    /// An animator whose duration and timing are set field by field (the animator's are constants, so each builds
    /// it again; the flags are read after them).
    static func rebuilt(_ a: PropertyAnimator, duration: Double? = nil, timing: PropertyAnimator.Timing? = nil)
        -> PropertyAnimator
    {
        PropertyAnimator(duration: duration ?? a.duration, timing: timing ?? a.timing)
    }

    static let table: FieldTable<SceneAnimator> = {
        typealias F = FieldSpec<SceneAnimator>
        let d = PropertyAnimator(duration: 0.25, timing: .curve(.easeInEaseOut))
        let range = NumberRange.between(Limits.minTimeStep, Limits.maxBlockTime)
        let duration = F(
            name: "duration", kind: .number(unit: "s", range: range), defaultText: NumberFormat.shortest(d.duration),
            defaultJSON: .num(d.duration), notes: "for curve timing; a spring's is its own",
            decode: { a, f in
                guard let x = try f.number("duration", in: range, unit: "s") else { return }
                a.animator = rebuilt(a.animator, duration: x)
            },
            encode: { .num($0.animator.duration) })
        let timing = F(
            name: "timing",
            kind: .other(schema: SceneSchema.ref("animatorTiming"), type: "a curve, or a spring (below)"),
            defaultText: "`easeInEaseOut`", defaultJSON: nil,
            notes: "UICubicTimingParameters or UISpringTimingParameters",
            decode: { a, f in
                guard let timing = try f.timing("timing") else { return }
                a.animator = rebuilt(a.animator, timing: timing)
            },
            encode: { SceneEncoder.animatorTiming($0.animator.timing) })
        let change = SceneSchema.object(SceneSchema.animatorChange, required: ["keyPath", "toValue"])
        return FieldTable(
            kind: "animator", summary: "A property animator (UIViewPropertyAnimator) and its script.",
            fields: [
                BlockFields.name("unique in the scene; names the animator's columns", \.name) { $0.name = $1 },
                F.ruled(
                    "layer", .string, default: "required", notes: "the animated layer or view",
                    encode: { .string($0.layer) }),
                duration, timing,
                F.boolean("scrubsLinearly", \.animator.scrubsLinearly, default: d.scrubsLinearly),
                F.boolean("pausesOnCompletion", \.animator.pausesOnCompletion, default: d.pausesOnCompletion),
                F.boolean("isInterruptible", \.animator.isInterruptible, default: d.isInterruptible),
                F.ruled(
                    "animations",
                    .other(schema: SceneSchema.array(change), type: "array of `{keyPath, toValue, delayFactor}`"),
                    default: "none", notes: "delayFactor in [0, 1), default 0",
                    encode: { a in
                        .array(
                            a.animations.map { .object(SceneEncoder.animatorChange($0.keyPath, $0.to, $0.delayFactor)) }
                        )
                    }),
                F.ruled(
                    "script",
                    .other(schema: SceneSchema.array(SceneSchema.ref("animatorCall")), type: "array of calls (below)"),
                    default: "none", notes: "times non-decreasing",
                    encode: { a in
                        .array(
                            a.script.map {
                                .object(
                                    [.init("t", .num($0.time))]
                                        + SceneEncoder.call($0.call, SceneEncoder.animatorChange))
                            })
                    }),
            ], required: ["name", "layer"])
    }()

    /// UISpringTimingParameters(mass:stiffness:damping:initialVelocity:): mass, stiffness and damping required (no
    /// defaults, unlike CASpringAnimation's).
    static let spring = AnimationFields.spring.with(
        kind: "animatorSpring", summary: "A spring timing by mass, stiffness and damping.",
        required: ["mass", "stiffness", "damping"])

    /// UISpringTimingParameters(dampingRatio:initialVelocity:).
    struct DampingRatio {
        var dampingRatio = 1.0, initialVelocity = 0.0
    }

    static let dampingRatio: FieldTable<DampingRatio> = {
        typealias F = FieldSpec<DampingRatio>
        return FieldTable(
            kind: "animatorDampingRatio", summary: "A spring timing by damping ratio.",
            fields: [
                F.number(
                    "dampingRatio", \.dampingRatio,
                    range: .between(Limits.minSceneDampingRatio, Limits.maxSceneDampingRatio),
                    default: 1, defaultText: "required"),
                F.number(
                    "initialVelocity", \.initialVelocity, default: 0, notes: "in distances per second, as Apple's"),
            ], required: ["dampingRatio"])
    }()
}

extension AnimatorFields {
    /// An optional timing field stored at `path` (continueAnimation's, a pan's on release): a curve or a spring, as an
    /// animator's `timing` takes it; absent, the animator keeps its own.
    static func timing<Model>(_ path: WritableKeyPath<Model, PropertyAnimator.Timing?>, notes: String)
        -> FieldSpec<Model>
    {
        FieldSpec(
            name: "timing",
            kind: .other(schema: SceneSchema.ref("animatorTiming"), type: "a curve or a spring (animators)"),
            defaultText: "the animator's own", defaultJSON: nil, notes: notes,
            decode: { model, f in
                if let timing = try f.timing("timing") { model[keyPath: path] = timing }
            },
            encode: { $0[keyPath: path].map(SceneEncoder.animatorTiming) })
    }
}
