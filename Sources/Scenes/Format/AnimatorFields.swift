import Animation
import Springs
import IO

/// Property animators' fields (`animators[]`, UIViewPropertyAnimator), declared once: the animator's own, its
/// timing's two spring forms (UISpringTimingParameters by mass, stiffness and damping, or by damping ratio) and a
/// change's (addAnimations(_:delayFactor:)); the script's calls are ``AnimatorCallFields``'. The rules between fields
/// (the layer, which must exist; a change's key path, which must be animatable, and its value in the key path's form;
/// the script's times, non-decreasing) are ``SceneDecoder``'s code.
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
                    "animations", .other(schema: SceneSchema.array(change.schema), type: "array of changes (below)"),
                    default: "none", notes: "added when the animator is made, before the script",
                    encode: { a in
                        .array(
                            a.animations.map {
                                .object(
                                    change.encode(
                                        Change(keyPath: $0.keyPath, toValue: $0.to, delayFactor: $0.delayFactor)))
                            })
                    }),
                F.ruled(
                    "script",
                    .other(schema: SceneSchema.array(SceneSchema.ref("animatorCall")), type: "array of calls (below)"),
                    default: "none", notes: "times non-decreasing",
                    encode: { a in .array(a.script.map { AnimatorCallFields.encode($0.call, at: $0.time) }) }),
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
    /// One change of an animator (addAnimations(_:delayFactor:) of one key path to a target), as the decoder reads
    /// it: in `animations` and in an `addAnimations` call.
    struct Change {
        var keyPath = "", toValue = AnimatableValue.scalar(0), delayFactor = 0.0
    }

    /// The key paths a change animates: a layer property or a component of one (`position.x`), not the composite
    /// `transform.scale` and `transform.rotation` (the decoder's rule, ``SceneDecoder``'s `decodeAnimatorChange`).
    static var changeKeyPaths: [String] {
        LayerProperty.all.map(\.keyPath)
            + LayerProperty.subKeyPaths.filter { $0.value.component != nil }.keys.sorted()
    }

    /// Whether a change may animate `keyPath` (one of ``changeKeyPaths``).
    static func isChangeKeyPath(_ keyPath: String) -> Bool {
        Layer.address(keyPath) != nil && keyPath != "transform.scale" && keyPath != "transform.rotation"
    }

    /// A change: its key path and target are rules (the value's form follows the key path), its delay factor a field.
    static let change: FieldTable<Change> = {
        typealias F = FieldSpec<Change>
        return FieldTable(
            kind: "animatorChange", summary: "A change an animator animates (addAnimations(_:delayFactor:)).",
            fields: [
                F.ruled(
                    "keyPath", .other(schema: SceneSchema.oneOf(changeKeyPaths), type: "key path"),
                    default: "required", notes: "a layer property or one component (`position.x`); not a composite",
                    encode: { .string($0.keyPath) }),
                F.ruled(
                    "toValue", .other(schema: SceneSchema.ref("value"), type: "number or array"), default: "required",
                    notes: "the target, in the key path's form", encode: { SceneEncoder.value($0.toValue) }),
                F.number(
                    "delayFactor", \.delayFactor, range: .halfOpen(0, 1), default: 0,
                    notes: "× the animator's remaining duration: the delay before the change starts"),
            ], required: ["keyPath", "toValue"])
    }()

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
