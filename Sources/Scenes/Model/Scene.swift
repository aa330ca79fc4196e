import Animation
import Dynamics
import IO

/// A validated scene: everything needed to build a `World` and sample it. The JSON scene format mirrors these fields
/// one to one (see docs/scene-format.md and ``SceneDecoder``); every field has a default, listed here.
/// Fully typed: a scene built in Swift encodes (``SceneEncoder``) to a file that decodes back equal (field by field).
///
/// Units: points, seconds, radians (clockwise positive, y down), Hz for rates and spring frequencies.
public struct Scene: Equatable, Sendable {
    /// Short name (informational). Default nil.
    public var name: String?
    /// One-line description (informational). Default nil.
    public var description: String?
    /// Solver profile. Default `uikit`.
    public var profile: SolverProfile = .uikit
    /// Display frame in seconds; scripted `uikit` anchors move once per frame. Default 1/60. Must be in (0, 1].
    public var timeStep: Double = 1.0 / 60.0
    /// Solver sub-steps per frame. Default nil = the profile's default, `SolverProfile/defaultSubSteps` (2 for
    /// `uikit`, 8 for `precise`).
    public var subSteps: Int?
    /// Length of the run in seconds. Default 10. Must be >= 0.
    public var duration: Double = 10
    /// Output rate in rows per second. Default 60. Must be > 0. Rows are at t = i / rate for i = 0 ... duration x rate.
    public var rate: Double = 60
    /// The reference bounds (UIDynamicAnimator's reference view), points. Default 375 x 667 at the origin.
    /// Recorded for collisions; in this version nothing collides with it.
    public var bounds = Rect(x: 0, y: 0, width: 375, height: 667)
    /// The items, in order. At least one.
    public var items: [SceneItem] = []
    /// Gravity and attachment behaviors, in order (attachments are solved in this order).
    public var behaviors: [SceneBehavior] = []
    /// Output columns in order; nil = all (see ``allColumns``).
    public var columns: [String]?
    /// Core Animation layers (their columns follow the items'). Default none.
    public var layers: [SceneLayer] = []
    /// Animations on the layers, in the order added. Default none.
    public var animations: [SceneAnimation] = []
    /// Property animators on the layers, with their scripts. Default none.
    public var animators: [SceneAnimator] = []
    /// UIView animation blocks, called at their times or from completions. Default none.
    public var blocks: [SceneBlock] = []
    /// Scripted gestures. Default none.
    public var gestures: [SceneGesture] = []
    /// Scroll views (UIScrollView), each shown by the view of its name in ``layers`` (``SceneScrollView/layer``, before
    /// the views it holds). Default none.
    public var scrollViews: [SceneScrollView] = []
    /// Timed changes of layers' timing (pause, resume, set speed, timeOffset or beginTime), by non-decreasing time.
    /// Default none.
    public var layerTiming: [SceneTimingChange] = []

    /// A scene with every default and no items (add at least one before running).
    public init() {}

    /// Every available column: `t`; for each item `<name>.x`, `.y`, `.angle`, `.vx`, `.vy`, `.omega`; for each
    /// attachment to an anchor point `<anchor name>.x`, `.y`; each layer's and view's; a scroll view's
    /// ``scrollViewColumnSuffixes`` in place of its view's; each animator's.
    public var allColumns: [String] {
        var out = ["t"]
        let scrolling = Set(scrollViews.map(\.name))
        for item in items {
            for p in SceneItem.columnSuffixes { out.append(item.name + "." + p) }
        }
        for name in anchorNames { out.append(name + ".x"); out.append(name + ".y") }
        for layer in layers {
            if scrolling.contains(layer.name) {
                for k in scrollViewColumnSuffixes { out.append(layer.name + "." + k) }
                continue
            }
            if layer.isView {
                for c in viewColumns { out.append(layer.name + "." + c.suffix) }
                if layer.superlayer != nil { for k in sublayerColumnSuffixes { out.append(layer.name + "." + k) } }
                continue
            }
            // The layer properties' columns (``LayerProperty/all``); those not always written (the whole `transform`)
            // when the layer sets or animates the property.
            for p in LayerProperty.all
            where p.isAlwaysWritten || layer.values.contains(where: { $0.keyPath == p.keyPath })
                || animations.contains(where: { $0.layer == layer.name && $0.animation.keyPaths.contains(p.keyPath) })
            {
                for c in p.columns { out.append(layer.name + "." + c.name) }
            }
            let contents =
                layer.text != nil
                || animations.contains {
                    if $0.layer == layer.name, case .transition = $0.animation { return true }
                    return false
                }
            if contents { for k in layerContentsColumnSuffixes { out.append(layer.name + "." + k) } }
            if layer.superlayer != nil { for k in sublayerColumnSuffixes { out.append(layer.name + "." + k) } }
        }
        for a in animators { for k in animatorColumnSuffixes { out.append(a.name + "." + k) } }
        return out
    }

    /// The names of the anchors (attachments to an anchor point), in behavior order.
    public var anchorNames: [String] {
        behaviors.compactMap { b in
            if case .attachment(let a) = b, a.attachedTo == nil { return a.name }
            return nil
        }
    }

    /// The columns a run writes: `columns` or all.
    public var outputColumns: [String] { columns ?? allColumns }

    /// Sub-steps actually used.
    public var effectiveSubSteps: Int { subSteps ?? profile.defaultSubSteps }
}

/// An axis-aligned rectangle in points.
public struct Rect: Equatable, Sendable {
    /// Origin and size in points.
    public var x, y, width, height: Double
    /// A rectangle with origin (x, y) and the given size, points.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
}

/// An item of a scene: `ItemDefinition` plus a name for its columns.
public struct SceneItem: Equatable, Sendable {
    /// The column properties of an item, in output order.
    public static let columnSuffixes = ["x", "y", "angle", "vx", "vy", "omega"]
    /// Name used in columns (`<name>.x`) and behaviors. Letters, digits, '_' and '-'; unique in the scene.
    /// Default `item<index>`.
    public var name: String
    /// Physical definition; see `ItemDefinition` for units and defaults.
    public var definition: ItemDefinition

    /// An item named `name` (see ``name`` for the allowed characters).
    public init(name: String, definition: ItemDefinition) {
        self.name = name
        self.definition = definition
    }
}

/// A behavior of a scene.
public enum SceneBehavior: Equatable, Sendable {
    case gravity(SceneGravity)
    case attachment(SceneAttachment)
    case push(ScenePush)
    case snap(SceneSnap)
    case addVelocity(SceneAddVelocity)
    case field(SceneField)
    case collision(SceneCollision)
}

/// UICollisionBehavior in a scene.
public struct SceneCollision: Equatable, Sendable {
    /// The colliding items, by name. Required.
    public var items: [String]
    /// `everything` (default), `items` or `boundaries`.
    public var collisionMode: CollisionMode = .everything
    /// Whether the scene's bounds (outset by 1 pt) are a boundary. Default false, as in UIKit.
    public var translatesReferenceBoundsIntoBoundary = false
    /// Named boundaries: a segment (`from`, `to`) or a path of points (consecutive segments; `closed` joins the last
    /// point to the first).
    public var boundaries: [SceneBoundary] = []

    /// A behavior over the named items with every default.
    public init(items: [String]) { self.items = items }
}

/// A named collision boundary in a scene.
public struct SceneBoundary: Equatable, Sendable {
    /// The identifier reported in contact events.
    public var identifier: String
    /// The boundary's points, points: two for a segment, more for a path.
    public var points: [Vector2]
    /// Whether a path closes back to its first point.
    public var closed: Bool

    /// A boundary named `identifier` through `points` (at least 2).
    public init(identifier: String, points: [Vector2], closed: Bool = false) {
        self.identifier = identifier
        self.points = points
        self.closed = closed
    }

    /// The segments, in order.
    public var segments: [(Vector2, Vector2)] {
        var out: [(Vector2, Vector2)] = []
        for k in 0..<(points.count - 1) { out.append((points[k], points[k + 1])) }
        if closed && points.count > 2 { out.append((points[points.count - 1], points[0])) }
        return out
    }
}

/// UIFieldBehavior in a scene (see `FieldBehavior` for the formulas and units).
public struct SceneField: Equatable, Sendable {
    /// The field's items, by name. Required.
    public var items: [String]
    /// The field with item identifiers left empty (filled when the world is built).
    public var field: FieldBehavior

    /// A field over the named items.
    public init(items: [String], field: FieldBehavior) {
        self.items = items
        self.field = field
    }
}

/// UIPushBehavior in a scene (see `PushBehavior` for units and timing).
public struct ScenePush: Equatable, Sendable {
    /// Pushed items, by name. Required.
    public var items: [String]
    /// `continuous` (default) or `instantaneous`.
    public var mode: PushBehavior.Mode = .continuous
    /// The vector as written: `pushDirection` [dx, dy] (length = magnitude, UIKit Newtons) or `angle` (radians) +
    /// `magnitude`. Default pushDirection (0, 0), as UIPushBehavior starts.
    public var form: SceneGravity.Form = .direction(.zero)
    /// Where the push acts, offset from each item's center in screen axes, points. Default (0, 0).
    public var targetOffsetFromCenter: Vector2 = .zero
    /// When it starts, seconds. Default 0.
    public var beginTime: Double = 0
    /// When a continuous push stops, seconds. Default never (omitted).
    public var endTime: Double?

    /// A behavior over the named items with every default.
    public init(items: [String]) { self.items = items }

    /// The push vector in UIKit Newtons.
    public var pushDirection: Vector2 {
        switch form {
        case .direction(let v): return v
        case .angle(let a, let m):
            return PushBehavior(items: [], mode: .continuous, angle: a, magnitude: m).pushDirection
        }
    }
}

/// UISnapBehavior in a scene (see `SnapBehavior`).
public struct SceneSnap: Equatable, Sendable {
    /// The item, by name. Required.
    public var item: String
    /// Target center, points. Required.
    public var snapPoint: Vector2
    /// Damping ratio 0 ... 1. Default 0.5.
    public var damping: Double = 0.5

    /// A snap of the named item to `snapPoint` (points).
    public init(item: String, snapPoint: Vector2) {
        self.item = item
        self.snapPoint = snapPoint
    }
}

/// A velocity added to an item at a time (UIDynamicItemBehavior.addLinearVelocity / addAngularVelocity).
public struct SceneAddVelocity: Equatable, Sendable {
    /// The item, by name. Required.
    public var item: String
    /// When, seconds. Default 0.
    public var time: Double = 0
    /// Added velocity, points/s. Default (0, 0).
    public var linearVelocity: Vector2 = .zero
    /// Added angular velocity, radians/s. Default 0.
    public var angularVelocity: Double = 0

    /// A behavior for the named item with every default.
    public init(item: String) { self.item = item }
}

/// UIGravityBehavior in a scene.
public struct SceneGravity: Equatable, Sendable {
    /// Items it acts on, by name; nil = every item. Default nil.
    public var items: [String]?
    /// How the scene file gave the vector: `gravityDirection` (a vector whose length is the magnitude) or
    /// `angle` + `magnitude`. Default gravityDirection (0, 1).
    public enum Form: Equatable, Sendable {
        case direction(Vector2)
        case angle(Double, magnitude: Double)
    }
    /// The vector as written in the scene file.
    public var form: Form = .direction(Vector2(0, 1))

    /// Gravity on `items` (nil = all) given by `form` (default magnitude 1 straight down).
    public init(items: [String]? = nil, form: Form = .direction(Vector2(0, 1))) {
        self.items = items
        self.form = form
    }

    /// gravityDirection as a vector (length = magnitude; 1.0 = 1000 points/s²).
    public var gravityDirection: Vector2 {
        switch form {
        case .direction(let v): return v
        case .angle(let a, let m): return GravityBehavior(items: [], angle: a, magnitude: m).gravityDirection
        }
    }
}

/// UIAttachmentBehavior in a scene: item to anchor point (optionally dragged by a script) or item to item.
public struct SceneAttachment: Equatable, Sendable {
    /// For anchor attachments, the name of the anchor's columns (`<name>.x`, `<name>.y`). Default `anchor` for the first
    /// anchor attachment, `anchor2`, `anchor3`, ... after it. Nil for item-to-item attachments.
    public var name: String?
    /// The attached item, by name. Required.
    public var item: String
    /// Attachment point as an offset from the item's center, in the item's frame, points. Default (0, 0).
    public var offsetFromCenter: Vector2 = .zero
    /// Anchor point in points. Required for an anchor attachment without a drag; must be omitted with a drag (the drag's
    /// position at t = 0 is the anchor point then).
    public var anchorPoint: Vector2?
    /// A scripted path for the anchor. Default none (the anchor stays put).
    public var drag: SceneDrag?
    /// The other item, by name, for an item-to-item attachment (UIAttachmentBehavior(item:offsetFromCenter:attachedTo:
    /// offsetFromCenter:)). Default nil.
    public var attachedTo: String?
    /// Attachment point on `attachedTo` as an offset from its center, points. Default (0, 0).
    public var attachedOffsetFromCenter: Vector2 = .zero
    /// Rest length in points. Default: the distance between the attachment points at t = 0.
    public var length: Double?
    /// Spring frequency in Hz; 0 = rigid. Default 0.
    public var frequency: Double = 0
    /// Spring damping ratio (UIAttachmentBehavior.damping). Default 0.
    public var damping: Double = 0

    /// An attachment of `item` with every default; set an anchor, a drag or `attachedTo` before use.
    /// A behavior for the named item with every default.
    public init(item: String) { self.item = item }

    /// The anchor's position at t = 0 (nil for item-to-item).
    public var initialAnchorPoint: Vector2? {
        if let drag { return drag.path.position(at: 0) }
        return anchorPoint
    }
}

/// A scripted anchor path in a scene: keyframes `[t, x, y]` or a CSV file of `t,x,y` samples, and an interpolation.
public struct SceneDrag: Equatable, Sendable {
    /// Interpolation between keyframes. Default `linear`.
    public var interpolation: AnchorPath.Interpolation = .linear
    /// The CSV file the keyframes came from, as written in the scene (relative to the scene file), or nil when the
    /// keyframes are inline.
    public var csv: String?
    /// Keyframe times (seconds, non-decreasing; equal times make a jump) and positions (points).
    public var times: [Double] = []
    /// Keyframe positions, points, one per time.
    public var points: [Vector2] = []

    /// A drag with the given keyframes (at least one; times non-decreasing).
    public init(
        interpolation: AnchorPath.Interpolation = .linear, csv: String? = nil, times: [Double],
        points: [Vector2]
    ) {
        self.interpolation = interpolation
        self.csv = csv
        self.times = times
        self.points = points
    }

    /// The path the solver follows.
    public var path: AnchorPath { AnchorPath(times: times, points: points, interpolation: interpolation) }
}
