import Animation
import Springs
import IO

// Views, UIView animation blocks and scripted gestures in a scene: the UIKit layer on top of the scene's Core Animation
// layers. A view is a layer (UIView is layer-backed) set up and reported in UIView's terms; blocks and gestures change
// views through the layer model (``Layer/animate(_:to:with:at:key:)``), so a view's columns are its layer's presentation.

/// One property change in a block: what an `animations` closure assigns.
public struct ViewChange: Equatable, Sendable {
    /// The new value: a literal, a change relative to the current model value, or a gesture's point.
    public enum Value: Equatable, Sendable {
        /// Set to this value.
        case value(AnimatableValue)
        /// Add this to the model value (`view.transform = view.transform.rotated(by:)` and the like).
        case by(AnimatableValue)
        /// The gesture's location, in the view's superview space (`center` only).
        case location
        /// The rectangle between a two-finger touch's points, in the superview's space (`frame` only).
        case touchRect
    }
    /// The view's (or layer's) name.
    public var view: String
    /// The property (see ``viewProperties``).
    public var property: String
    /// The new value.
    public var value: Value

    /// A change of `view`'s `property` (``viewProperties``) to `value`.
    public init(view: String, property: String, value: Value) {
        self.view = view
        self.property = property
        self.value = value
    }

    /// The layer key paths and values this change sets, given the model and the gesture's points already converted to
    /// the superview's space (UIView's properties are its layer's: `center` is `position`, `alpha` `opacity`, `frame`
    /// the position and bounds size, ...).
    public func assignments(model: (String) -> AnimatableValue, location: SIMD2<Double>?, rect: [Double]?) -> [(
        String, AnimatableValue
    )] {
        func resolved(_ keyPath: String, _ v: Value) -> AnimatableValue {
            switch v {
            case .value(let x): return x
            case .by(let d): return model(keyPath) + d
            case .location: return .point(location?.x ?? 0, location?.y ?? 0)
            case .touchRect: return .rect(rect?[0] ?? 0, rect?[1] ?? 0, rect?[2] ?? 0, rect?[3] ?? 0)
            }
        }
        func split(_ v: AnimatableValue, _ paths: [String]) -> [(String, AnimatableValue)] {
            zip(paths, v.components).map { ($0, .scalar($1)) }
        }
        switch property {
        case "center": return [("position", resolved("position", value))]
        case "center.x": return [("position.x", resolved("position.x", value))]
        case "center.y": return [("position.y", resolved("position.y", value))]
        case "alpha": return [("opacity", resolved("opacity", value))]
        case "rotation": return [("transform.rotation.z", resolved("transform.rotation.z", value))]
        case "scale":
            // A number scales both axes; [sx, sy] (a size) each its own.
            switch value {
            case .value(let v) where v.kind == .size: return split(v, ["transform.scale.x", "transform.scale.y"])
            case .by(let d) where d.kind == .size:
                return [
                    ("transform.scale.x", model("transform.scale.x") + .scalar(d.components[0])),
                    ("transform.scale.y", model("transform.scale.y") + .scalar(d.components[1])),
                ]
            default:
                return [
                    ("transform.scale.x", resolved("transform.scale.x", value)),
                    ("transform.scale.y", resolved("transform.scale.y", value)),
                ]
            }
        case "scale.x", "scale.y": return [("transform." + property, resolved("transform." + property, value))]
        case "size":
            let size: AnimatableValue
            switch value {
            case .by(let d):
                size = AnimatableValue(
                    kind: .size,
                    components: [
                        model("bounds.size.width").scalar + d.components[0],
                        model("bounds.size.height").scalar + d.components[1],
                    ])
            default: size = resolved("", value)
            }
            return split(size, ["bounds.size.width", "bounds.size.height"])
        case "frame":
            let r = resolved("", value).components
            return [("position", .point(r[0] + r[2] / 2, r[1] + r[3] / 2))]
                + split(.size(r[2], r[3]), ["bounds.size.width", "bounds.size.height"])
        default: return [(property, resolved(property, value))]
        }
    }
}

/// A UIView animation block in a scene: called at a time, or from another block's completion (`after`), as the seeds
/// chain blocks through completion handlers; or run by a gesture (see ``SceneGesture``).
///
/// JSON: `{"name": "slide", "t": 0 | "after": "drop1", "duration": 1, "delay": 0.5, "options": ["curveEaseInOut",
/// "repeat", "autoreverse", "beginFromCurrentState"], "spring": {"dampingRatio": 0.5, "initialSpringVelocity": 0},
/// "changes": [{"view": "box", "property": "center.x", "value": 325}, {"view": "box", "property": "rotation",
/// "by": 3.141592653589793}]}`; a keyframe block gives `"keyframes": [{"relativeStartTime": 0, "relativeDuration": 0.5,
/// "changes": [...]}, ...]` instead of `changes`. Defaults: t 0, delay 0, options [] (easeInOut), no spring.
public struct SceneBlock: Equatable, Sendable {
    /// When it is called.
    public enum Start: Sendable, Equatable {
        /// At this time, seconds.
        case time(Double)
        /// When the named block completes (its completion handler calls this block).
        case after(String)
        /// When a gesture runs it.
        case gesture
    }
    /// Its name (for `after` and the completion events).
    public var name: String
    /// When it is called.
    public var start: Start
    /// Duration, delay, options, spring.
    public var animation: ViewAnimation
    /// The changes of a plain block.
    public var changes: [ViewChange]
    /// The keyframes of a keyframe block (empty for a plain block).
    public var keyframes: [(relativeStartTime: Double, relativeDuration: Double, changes: [ViewChange])]

    /// A block named `name`, called at `start`, with its timing (duration, delay, options, spring) and either changes
    /// or keyframes.
    public init(
        name: String, start: Start, animation: ViewAnimation, changes: [ViewChange] = [],
        keyframes: [(relativeStartTime: Double, relativeDuration: Double, changes: [ViewChange])] = []
    ) {
        self.name = name
        self.start = start
        self.animation = animation
        self.changes = changes
        self.keyframes = keyframes
    }

    /// Field-by-field equality.
    public static func == (a: SceneBlock, b: SceneBlock) -> Bool {
        a.name == b.name && a.start == b.start && a.animation == b.animation && a.changes == b.changes
            && a.keyframes.map(\.relativeStartTime) == b.keyframes.map(\.relativeStartTime)
            && a.keyframes.map(\.relativeDuration) == b.keyframes.map(\.relativeDuration)
            && a.keyframes.map(\.changes) == b.keyframes.map(\.changes)
    }
}

/// A scripted gesture: touches on a view, recognized as UIKit's recognizers do, running an action.
///
/// JSON: `{"name": "pan", "type": "pan" | "tap" | "touches", "view": "root", "touches": [[t, x, y], ...] (pan, tap) or
/// [[t, x1, y1, x2, y2], ...] (touches), or "csv": "file.csv" (the same columns, header optional), "action": ...}`.
/// Points are screen points (the root views' space), times seconds, non-decreasing.
///
/// - `pan`: one finger down at the first sample, moving through the others, up at the last. The recognizer begins at
///   the first sample (scripted touches are deliberate, so there is no slop distance), changes at each later one, and
///   ends at the last; `translation` is the point minus the first point, `velocity` the last segment's displacement
///   over its time (points/s; 0 for a single sample). Action: `{"scrub": "animator", "distance": 215, "release":
///   "center" | "velocity" | "continue" | "reverse", "timing": {...}, "durationFactor": 1}`: on began the animator is
///   created afresh from its definition if it is inactive (its changes start from what is shown then) and paused; on
///   changed fractionComplete = (its value at began) + translation.x / distance, clamped; on ended it is reversed or not
///   (`center`: reversed when the animated view's presented center is left of the pan view's center, as the seed
///   decides; `velocity`: reversed when velocity.x < 0) and continued with `timing` (default: its own) and
///   `durationFactor`.
/// - `tap`: each sample is one tap (down and up at that point); a tap outside the view's presented bounds fails.
///   Action: `{"animate": BLOCK}` (a block without name, t or after; a change's `value` may be "location").
/// - `touches`: each sample is a two-finger touch, both inside the view; action `{"animate": BLOCK}` where a `frame`
///   change may take "touchRect", the rectangle between the two points.
/// - A pan may instead throw a view: `{"throw": "card", "snapPoints": [[x, y], ...]}` (``SceneThrow``).
/// - A pan whose `view` is a scroll view takes no action: it is the scroll view's own pan (``SceneScrollView``).
public struct SceneGesture: Equatable, Sendable {
    /// The recognizer.
    public enum Kind: String, Sendable, CaseIterable { case pan, tap, touches }
    /// How a pan's release decides the direction.
    public enum Release: String, Sendable, CaseIterable { case center, velocity, `continue`, reverse }
    /// What the gesture does.
    public enum Action: Equatable, Sendable {
        /// Scrubs a property animator (pan only).
        case scrub(
            animator: String, distance: Double, release: Release, timing: PropertyAnimator.Timing?,
            durationFactor: Double)
        /// Runs a block at each tap or touch.
        case animate(SceneBlock)
        /// Drags a view and throws it to the snap point nearest its projection (pan only).
        case throwing(SceneThrow)
        /// Scrolls the scroll view it is on (pan only): UIScrollView's own pan, so the scene gives no action.
        case scroll
    }
    /// Its name (events).
    public var name: String
    /// The recognizer.
    public var kind: Kind
    /// The view it is attached to.
    public var view: String
    /// The samples: time and one point (pan, tap) or two (touches).
    public var samples: [(time: Double, points: [SIMD2<Double>])]
    /// The CSV file the samples were read from (as the scene names it), or nil when they are written in the scene.
    public var csv: String?
    /// The action.
    public var action: Action

    /// A gesture named `name` of a recognizer `kind` on `view`, with its samples and action.
    public init(
        name: String, kind: Kind, view: String, samples: [(time: Double, points: [SIMD2<Double>])], csv: String? = nil,
        action: Action
    ) {
        self.name = name
        self.kind = kind
        self.view = view
        self.samples = samples
        self.csv = csv
        self.action = action
    }

    /// Field-by-field equality.
    public static func == (a: SceneGesture, b: SceneGesture) -> Bool {
        a.name == b.name && a.kind == b.kind && a.view == b.view && a.samples.map(\.time) == b.samples.map(\.time)
            && a.samples.map(\.points) == b.samples.map(\.points) && a.csv == b.csv && a.action == b.action
    }
}
