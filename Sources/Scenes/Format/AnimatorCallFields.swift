import Animation
import IO

/// The calls of a property animator's `script` (`{t, call, ...}`: UIViewPropertyAnimator's methods and settable
/// properties, as gesture handlers would use them), one field table per call: a call's arguments differ by call (a
/// `value` is a number for `fractionComplete` and true or false for `isReversed`), which one table cannot state. From
/// each table come the decoder's checks of that call's fields, the encoder, the schema's branch for the call and its
/// docs table. The rules between fields (the call, which picks the table; times non-decreasing; an `addAnimations`
/// key path, which must be animatable, and its value in the key path's form) are ``SceneDecoder``'s code; whether
/// UIKit accepts the call in the animator's state is checked before a run.
enum AnimatorCallFields {
    /// A call's name in the file: UIViewPropertyAnimator's method or property, in the order messages list them.
    enum Name: String, CaseIterable {
        case startAnimation, pauseAnimation, stopAnimation, finishAnimation, fractionComplete, isReversed
        case continueAnimation, addAnimations

        /// The call's kind in the docs and the schema ("animatorStartAnimation").
        var kind: String { "animator" + rawValue.prefix(1).uppercased() + rawValue.dropFirst() }

        /// What the call does in UIViewPropertyAnimator's terms (its method, or the property it sets).
        var apple: String {
            switch self {
            case .startAnimation: return "startAnimation(afterDelay:)"
            case .pauseAnimation: return "pauseAnimation()"
            case .stopAnimation: return "stopAnimation(_:)"
            case .finishAnimation: return "finishAnimation(at:)"
            case .fractionComplete: return "sets fractionComplete"
            case .isReversed: return "sets isReversed"
            case .continueAnimation: return "continueAnimation(withTimingParameters:durationFactor:)"
            case .addAnimations: return "addAnimations(_:delayFactor:)"
            }
        }
    }

    /// The call names as a message lists them ("startAnimation, ... or addAnimations").
    static var listed: String {
        let names = Name.allCases.map(\.rawValue)
        return names.dropLast().joined(separator: ", ") + " or " + names.last!
    }

    /// One entry of a script as the tables read and write it: its time, its call and every call's arguments (each
    /// call's table reads and writes only its own; the others keep their defaults).
    struct Entry {
        var time = 0.0
        var name: Name
        var delay = 0.0
        var withoutFinishing = false
        var position = PropertyAnimator.Position.end
        var fraction = 0.0
        var reversed = false
        var durationFactor = 1.0
        var timing: PropertyAnimator.Timing?
        var change = AnimatorFields.Change()

        /// An entry of the call `name` with every argument at its default.
        init(_ name: Name) { self.name = name }

        /// The entry of `call` at `time` (seconds), for the encoder.
        init(_ call: SceneAnimator.Call, at time: Double) {
            self.time = time
            switch call {
            case .start(let delay): name = .startAnimation; self.delay = delay
            case .pause: name = .pauseAnimation
            case .stop(let withoutFinishing): name = .stopAnimation; self.withoutFinishing = withoutFinishing
            case .finish(let position): name = .finishAnimation; self.position = position
            case .fractionComplete(let fraction): name = .fractionComplete; self.fraction = fraction
            case .reversed(let reversed): name = .isReversed; self.reversed = reversed
            case .continueAnimation(let timing, let factor):
                name = .continueAnimation; self.timing = timing; durationFactor = factor
            case .add(let keyPath, let to, let delayFactor):
                name = .addAnimations
                change = AnimatorFields.Change(keyPath: keyPath, toValue: to, delayFactor: delayFactor)
            }
        }

        /// The call the entry makes.
        var call: SceneAnimator.Call {
            switch name {
            case .startAnimation: return .start(delay: delay)
            case .pauseAnimation: return .pause
            case .stopAnimation: return .stop(withoutFinishing: withoutFinishing)
            case .finishAnimation: return .finish(position)
            case .fractionComplete: return .fractionComplete(fraction)
            case .isReversed: return .reversed(reversed)
            case .continueAnimation: return .continueAnimation(timing: timing, durationFactor: durationFactor)
            case .addAnimations:
                return .add(keyPath: change.keyPath, to: change.toValue, delayFactor: change.delayFactor)
            }
        }
    }

    /// Every call's table, in ``Name``'s order.
    static let tables: [(name: Name, table: FieldTable<Entry>)] = Name.allCases.map { ($0, table($0)) }

    /// The table of the call `name`.
    static func table(for name: Name) -> FieldTable<Entry> {
        tables[Name.allCases.firstIndex(of: name)!].table
    }

    /// A script entry as the file writes it: `t`, `call` and the call's arguments.
    static func encode(_ call: SceneAnimator.Call, at time: Double) -> JSON {
        let entry = Entry(call, at: time)
        return .object(table(for: entry.name).encode(entry))
    }

    /// What a missing required field of the call `name` holds, for its message ("is required (true or false)").
    static func requirement(_ field: String, of name: Name) -> String {
        switch field {
        case "t": return "the call's time in seconds"
        case "at": return "start, end or current"
        case "value": return name == .isReversed ? "true or false" : "the fraction, 0 to 1"
        case "keyPath": return "the animated property"
        default: return "the target value"
        }
    }

    /// The table of one call: `t` and `call`, then the call's arguments (Apple's UIViewPropertyAnimator and
    /// UIViewAnimating documentation).
    private static func table(_ name: Name) -> FieldTable<Entry> {
        typealias F = FieldSpec<Entry>
        let t = F.number(
            "t", \.time, unit: "s", range: .nonNegative, default: 0, defaultText: "required",
            notes: "when the call is made; non-decreasing from one call to the next")
        let call = F.ruled(
            "call", .choice([name.rawValue]), default: "required", notes: name.apple,
            encode: { .string($0.name.rawValue) })
        let summary: String, arguments: [F], required: [String]
        switch name {
        case .startAnimation:
            summary = "startAnimation(afterDelay:): starts the animations, or resumes paused ones."
            arguments = [
                F.number(
                    "delay", \.delay, unit: "s", range: .nonNegative, default: 0, notes: "before the animations start")
            ]
            required = []
        case .pauseAnimation:
            summary = "pauseAnimation(): pauses the animations where they are (an inactive animator becomes active)."
            (arguments, required) = ([], [])
        case .stopAnimation:
            summary = "stopAnimation(_:): stops the animations where they are."
            arguments = [
                F.boolean(
                    "withoutFinishing", \.withoutFinishing, default: false,
                    notes: "true: inactive at once, no completion; false: stopped, for finishAnimation")
            ]
            required = []
        case .finishAnimation:
            summary = "finishAnimation(at:): finishes a stopped animator's animations at a position."
            arguments = [
                F.choice(
                    "at", \.position, default: .end, defaultText: "required",
                    notes: "the animations' start, their end, or where they were stopped")
            ]
            required = ["at"]
        case .fractionComplete:
            summary = "Setting fractionComplete: scrubs a paused animator (an inactive one becomes active, paused)."
            arguments = [
                F.number(
                    "value", \.fraction, range: .between(0, 1), default: 0, defaultText: "required",
                    notes: "read in the current direction, as iOS 11 and later")
            ]
            required = ["value"]
        case .isReversed:
            summary = "Setting isReversed: runs the animations back toward their start, or forward again."
            arguments = [
                F.boolean(
                    "value", \.reversed, default: false, defaultText: "required",
                    notes: "true runs the animations back toward their start")
            ]
            required = ["value"]
        case .continueAnimation:
            summary = "continueAnimation(withTimingParameters:durationFactor:): runs a paused animator on to its end."
            arguments = [
                F.number(
                    "durationFactor", \.durationFactor, range: .positiveUpTo(Limits.magnitude), default: 1,
                    notes: "× the animator's duration: the time the rest takes"),
                AnimatorFields.timing(\.timing, notes: "UICubicTimingParameters or UISpringTimingParameters"),
            ]
            required = []
        case .addAnimations:
            summary = "addAnimations(_:delayFactor:): adds a change (a running animator runs it over the time left)."
            arguments = AnimatorFields.change.fields.map { $0.lifted(\.change) }
            required = AnimatorFields.change.required
        }
        return FieldTable(
            kind: name.kind, summary: summary, fields: [t, call] + arguments, required: ["t", "call"] + required)
    }
}
