import Animation
import Springs
import IO

/// The animations' fields (`animations[]`, told apart by `type`), declared once: CAMediaTiming's, which every type
/// takes, a spring animation's spring (CASpringAnimation) and a transition's own (CATransition). Fields whose reading
/// depends on another field (the values, read in the form of `keyPath`'s property; `repeatCount`'s "infinity";
/// keyframes' arrays) are declared here and read by ``SceneDecoder``'s code.
enum AnimationFields {
    /// CAMediaTiming on an animation. `repeatCount` and `repeatDuration` are a pair Apple leaves undefined together,
    /// so the encoder writes the one in use.
    static let timing: FieldTable<MediaTiming> = {
        typealias F = FieldSpec<MediaTiming>
        let d = MediaTiming()
        let repeatCount = F(
            name: "repeatCount",
            kind: .other(
                schema: SceneSchema.anyOf([SceneSchema.nonNegative, .object([.init("const", .string("infinity"))])]),
                type: "number or `\"infinity\"`"),
            defaultText: "0", defaultJSON: .num(0),
            notes: "0 to 1e9 plays, fractions allowed; not with `repeatDuration`",
            decode: { timing, f in
                guard let rc = f.value("repeatCount") else { return }
                if case .string("infinity") = rc {
                    timing.repeatCount = .infinity
                    return
                }
                guard case .number(let n, _) = rc, n.isFinite, n >= 0, n <= Limits.magnitude else {
                    throw f.error(
                        "repeatCount", "must be a number from 0 to 1e9 or the string \"infinity\", got \(rc.brief)")
                }
                timing.repeatCount = n
            },
            encode: {
                $0.repeatDuration != 0 ? nil : $0.repeatCount.isInfinite ? .string("infinity") : .num($0.repeatCount)
            })
        return FieldTable(
            kind: "timing", summary: "CAMediaTiming: an animation's place in time.",
            fields: [
                F.number(
                    "beginTime", \.beginTime, unit: "s", default: d.beginTime,
                    notes: "in the layer's time; with `after`, from the other's stop (then ≥ 0)"),
                F.number(
                    "duration", \.duration, unit: "s", range: .nonNegative, default: d.duration,
                    notes: "0: 0.25 s, a spring's settling time, a group child's group's"),
                F.number("speed", \.speed, default: d.speed, notes: "0 holds at timeOffset; negative plays backwards"),
                F.number("timeOffset", \.timeOffset, unit: "s", default: d.timeOffset),
                repeatCount,
                F.number(
                    "repeatDuration", \.repeatDuration, unit: "s", range: .nonNegative, default: d.repeatDuration,
                    notes: "instead of `repeatCount`"
                ).only(when: { $0.repeatDuration != 0 }),
                F.boolean("autoreverses", \.autoreverses, default: d.autoreverses),
                F.choice("fillMode", \.fillMode, default: d.fillMode),
                F.boolean("isRemovedOnCompletion", \.isRemovedOnCompletion, default: d.isRemovedOnCompletion),
            ], required: [])
    }()

    /// A spring animation's spring and its initial velocity, as the decoder reads them before building the
    /// ``Spring`` (whose parameters are constants).
    struct SpringSettings {
        var mass = 1.0, stiffness = 100.0, damping = 10.0, initialVelocity = 0.0

        init() {}

        init(_ a: SpringAnimation) {
            mass = a.spring.mass
            stiffness = a.spring.stiffness
            damping = a.spring.damping
            initialVelocity = a.initialVelocity
        }

        var spring: Spring { Spring(mass: mass, stiffness: stiffness, damping: damping) }
    }

    /// CASpringAnimation's spring: within `dynsim spring`'s ranges and the format's ±1e9.
    static let spring: FieldTable<SpringSettings> = {
        typealias F = FieldSpec<SpringSettings>
        let d = SpringSettings(), range = NumberRange.between(Limits.minSpringParameter, Limits.magnitude)
        return FieldTable(
            kind: "springAnimation", summary: "CASpringAnimation: a spring's timing.",
            fields: [
                F.number("mass", \.mass, range: range, default: d.mass),
                F.number("stiffness", \.stiffness, range: range, default: d.stiffness),
                F.number(
                    "damping", \.damping, range: range, default: d.damping, because: "an undamped spring never settles"),
                F.number(
                    "initialVelocity", \.initialVelocity, default: d.initialVelocity,
                    notes: "in distances (to − from) per second, as Apple's"),
            ], required: [])
    }()

    /// CATransition's own fields (the transition's timing is the table above's).
    static let transition: FieldTable<Transition> = {
        typealias F = FieldSpec<Transition>
        let d = Transition()
        return FieldTable(
            kind: "transition", summary: "CATransition: new contents brought in.",
            fields: [
                F.choice("transition", \.type, default: d.type, notes: "CATransition's type"),
                F.choice("subtype", \.subtype, default: d.subtype, notes: "the side the new contents come from"),
                F.number("startProgress", \.startProgress, range: .between(0, 1), default: d.startProgress),
                F.number(
                    "endProgress", \.endProgress, range: .between(0, 1), default: d.endProgress,
                    notes: "not less than `startProgress`"),
                F.ruled(
                    "text", .other(schema: SceneSchema.labelText, type: "string"), default: "none",
                    notes: "the label's new text: \(SceneSchema.labelRule)",
                    encode: { $0.text.map { .string($0) } }),
                F.ruled(
                    "textColor", .other(schema: SceneSchema.vec4, type: "color [r, g, b, a]"), default: "none",
                    notes: "the label's new text color", encode: { $0.textColor.map(SceneEncoder.value) }),
            ], required: [])
    }()
}
