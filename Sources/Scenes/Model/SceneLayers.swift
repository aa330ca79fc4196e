import Animation
import Springs
import IO

/// A layer in a scene: a name and initial model values by key path (see `Layer` for the key paths). Values are JSON
/// numbers (scalars), [x, y] (`position`, `anchorPoint`), [x, y, width, height] (`bounds`) or [r, g, b, a] in 0 ... 1
/// (`backgroundColor`).
public struct SceneLayer: Equatable, Sendable {
    /// Column prefix; letters, digits, '_' and '-'.
    public var name: String
    /// Initial model values, in file order.
    public var values: [(keyPath: String, value: AnimatableValue)]
    /// The superlayer's name (an earlier layer in the scene), or nil for a root layer. A sublayer's `position` is in
    /// its superlayer's coordinate space.
    public var superlayer: String?
    /// The label text, or nil for none.
    public var text: String?
    /// The label's text color, or nil for the default (opaque black).
    public var textColor: AnimatableValue?
    /// Whether it is a view (from the scene's `views`): set up and reported in UIView's terms (``viewColumns``). A
    /// view's values are its layer's: `bounds` (origin 0, 0) and `position` (its center), and optionally
    /// `transform.rotation.z`, `transform.scale.x` and `.y`, `opacity`, `backgroundColor`, `cornerRadius`.
    public var isView = false
    /// The layer's own timing (CAMediaTiming on a layer: beginTime, speed, timeOffset) at the start of the run; its
    /// animations and its sublayers run in its local time. Default CALayer's (identity). ``Scene/layerTiming`` changes
    /// it during the run.
    public var timing = LayerTiming()

    /// Field-by-field equality (values in order, by key path and value).
    public static func == (a: SceneLayer, b: SceneLayer) -> Bool {
        a.name == b.name && a.values.map(\.keyPath) == b.values.map(\.keyPath)
            && a.values.map(\.value) == b.values.map(\.value)
            && a.superlayer == b.superlayer && a.text == b.text && a.textColor == b.textColor && a.isView == b.isView
            && a.timing == b.timing
    }

    /// A layer named `name` with initial values.
    public init(name: String, values: [(keyPath: String, value: AnimatableValue)]) {
        self.name = name
        self.values = values
    }

    /// The layer with CA's defaults and these values.
    public var layer: Layer {
        var l = Layer(name: name)
        for (k, v) in values { l.setValue(v, for: k) }
        if let text { l.text = text }
        if let textColor { l.textColor = textColor }
        return l
    }
}

/// An animation added to a scene layer under a key, optionally starting when another one stops (the seeds chain
/// animations through animationDidStop: `after` names that animation's key; its own `beginTime` then counts from
/// that stop).
public struct SceneAnimation: Equatable, Sendable {
    /// The layer's name.
    public var layer: String
    /// The key it is added under (default `animation<index>`).
    public var key: String
    /// The animation.
    public var animation: LayerAnimation
    /// The key of an earlier animation whose stop starts this one, or nil.
    public var after: String?

    /// An animation of `layer` under `key`, started by the stop of the animation keyed `after` when given.
    public init(layer: String, key: String, animation: LayerAnimation, after: String? = nil) {
        self.layer = layer
        self.key = key
        self.animation = animation
        self.after = after
    }
}

/// A view's output columns and the layer key paths (and components) they present: `x`, `y` (center, in the
/// superview's space), `width`, `height` (bounds size), `rotation` (radians, clockwise, the angle itself, so n half
/// turns read n·π), `scale.x`, `scale.y`, `alpha`, `cornerRadius`, `backgroundColor.red` ... `.alpha` (0 ... 1).
public let viewColumns: [(suffix: String, keyPath: String, component: Int?)] = [
    ("x", "position.x", nil), ("y", "position.y", nil), ("width", "bounds.size.width", nil),
    ("height", "bounds.size.height", nil), ("rotation", "transform.rotation.z", nil),
    ("scale.x", "transform.scale.x", nil),
    ("scale.y", "transform.scale.y", nil), ("alpha", "opacity", nil), ("cornerRadius", "cornerRadius", nil),
    ("backgroundColor.red", "backgroundColor", 0), ("backgroundColor.green", "backgroundColor", 1),
    ("backgroundColor.blue", "backgroundColor", 2), ("backgroundColor.alpha", "backgroundColor", 3),
]

/// A property a block or gesture may set on a view (UIView's names), and its kind.
///
/// `center` [x, y], `center.x`, `center.y`, `frame` [x, y, width, height] (sets center and size; the view's transform
/// is left alone, so this is the frame of an untransformed view), `size` [width, height], `alpha`, `rotation` (the
/// transform's rotation angle, radians), `scale` (a number for both scales, or [sx, sy]), `scale.x`, `scale.y`,
/// `backgroundColor` [r, g, b, a],
/// `cornerRadius`.
public let viewProperties: [String: AnimatableValue.Kind] = [
    "center": .point, "center.x": .scalar, "center.y": .scalar, "frame": .rect, "size": .size, "alpha": .scalar,
    "rotation": .scalar, "scale": .scalar, "scale.x": .scalar, "scale.y": .scalar, "backgroundColor": .color,
    "cornerRadius": .scalar,
]

/// The contents columns of a layer with text or transitions: the text (a quoted string), its color, and the running
/// transition's progress and per-content state (`Transition.State.settled` when none runs).
public let layerContentsColumnSuffixes = [
    "text", "textColor.red", "textColor.green", "textColor.blue", "textColor.alpha", "transition.progress", "old.text",
    "old.opacity", "old.offset.x", "old.offset.y", "new.opacity", "new.offset.x", "new.offset.y",
]

/// The columns of a sublayer: its position on the screen (the root layers' space) after its superlayers' positions,
/// anchors, scales and rotations, and the direction of its x-axis there (radians in (−π, π]).
public let sublayerColumnSuffixes = ["root.position.x", "root.position.y", "root.rotation.z"]

/// The value kind a key path takes: a layer property's (``LayerProperty/kind(of:)``) or, for `textColor` (a text
/// layer's foregroundColor, kept with the contents), a color.
func valueKind(for keyPath: String) -> AnimatableValue.Kind {
    keyPath == "textColor" ? .color : LayerProperty.kind(of: keyPath) ?? .scalar
}
