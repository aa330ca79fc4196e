import Animation
import Springs
import IO

/// A property animator in a scene (UIViewPropertyAnimator): it drives changes of one layer's properties and follows a
/// script of calls at given times, as an app's gesture handlers would make them.
///
/// JSON: `{"name": "anim", "layer": "view", "duration": 1, "timing": "easeInOut" | [x1, y1, x2, y2] |
/// {"mass": 2, "stiffness": 30, "damping": 7, "initialVelocity": 0} | {"dampingRatio": 0.7, "initialVelocity": 0},
/// "scrubsLinearly": true, "pausesOnCompletion": false, "isInterruptible": true,
/// "animations": [{"keyPath": "position.x", "toValue": 300, "delayFactor": 0}],
/// "script": [{"t": 0, "call": "startAnimation", "delay": 0}, {"t": 0.4, "call": "isReversed", "value": true}, ...]}`.
/// Calls: `startAnimation` (`delay`), `pauseAnimation`, `stopAnimation` (`withoutFinishing`), `finishAnimation`
/// (`at`: start, end, current), `fractionComplete` (`value`), `isReversed` (`value`), `continueAnimation`
/// (`durationFactor`, optional `timing`), `addAnimations` (`keyPath`, `toValue`, `delayFactor`). A change animates from
/// the value the layer shows when it is added to `toValue`. Columns: `<name>.state` (text), `.fractionComplete`,
/// `.isRunning`, `.isReversed` (0 or 1), and the layer's columns of the animated key paths follow the animator.
public struct SceneAnimator: Equatable, Sendable {
    /// One scripted call.
    public enum Call: Equatable, Sendable {
        /// startAnimation(afterDelay:), seconds.
        case start(delay: Double)
        /// pauseAnimation().
        case pause
        /// stopAnimation(_:).
        case stop(withoutFinishing: Bool)
        /// finishAnimation(at:).
        case finish(PropertyAnimator.Position)
        /// Setting fractionComplete, 0 ... 1.
        case fractionComplete(Double)
        /// Setting isReversed.
        case reversed(Bool)
        /// continueAnimation(withTimingParameters:durationFactor:).
        case continueAnimation(timing: PropertyAnimator.Timing?, durationFactor: Double)
        /// addAnimations(_:delayFactor:) of one key path to a target.
        case add(keyPath: String, to: AnimatableValue, delayFactor: Double)
    }
    /// Column prefix.
    public var name: String
    /// The layer it animates.
    public var layer: String
    /// The animator as configured, before any call.
    public var animator: PropertyAnimator
    /// Changes added before the script: key path, target, delay factor.
    public var animations: [(keyPath: String, to: AnimatableValue, delayFactor: Double)]
    /// The calls, by non-decreasing time (seconds).
    public var script: [(time: Double, call: Call)]

    /// An animator named `name` driving `layer`, configured as `animator` (duration, timing, scrubsLinearly,
    /// pausesOnCompletion, isInterruptible; no calls made yet), with changes and a script.
    public init(
        name: String, layer: String, animator: PropertyAnimator,
        animations: [(keyPath: String, to: AnimatableValue, delayFactor: Double)] = [],
        script: [(time: Double, call: Call)] = []
    ) {
        self.name = name
        self.layer = layer
        self.animator = animator
        self.animations = animations
        self.script = script
    }

    /// Field-by-field equality: the animator by its configuration.
    public static func == (a: SceneAnimator, b: SceneAnimator) -> Bool {
        a.name == b.name && a.layer == b.layer && a.animator.duration == b.animator.duration
            && a.animator.timing == b.animator.timing && a.animator.scrubsLinearly == b.animator.scrubsLinearly
            && a.animator.pausesOnCompletion == b.animator.pausesOnCompletion
            && a.animator.isInterruptible == b.animator.isInterruptible
            && a.animations.map(\.keyPath) == b.animations.map(\.keyPath)
            && a.animations.map(\.to) == b.animations.map(\.to)
            && a.animations.map(\.delayFactor) == b.animations.map(\.delayFactor)
            && a.script.map(\.time) == b.script.map(\.time) && a.script.map(\.call) == b.script.map(\.call)
    }
}

/// The columns of an animator.
public let animatorColumnSuffixes = ["state", "fractionComplete", "isRunning", "isReversed"]
