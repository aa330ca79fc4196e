import Animation
import Dynamics
import Springs

/// A scroll view (UIScrollView) in a scene: a view whose bounds origin is its `contentOffset`, so the views it
/// holds (`superview` naming it, placed in content coordinates) move behind its frame. A pan gesture on it scrolls it
/// (a gesture whose `view` names it, with no action): dragged, the content follows the finger, rubber-banded past an
/// edge (Springs' `RubberBand`); released, it decelerates, bounces back or snaps to a page or snap point
/// (Springs' `ScrollDeceleration`).
///
/// JSON: `{"name": "feed", "frame": [0, 0, 375, 667], "contentSize": [375, 3000], "contentOffset": [0, 0],
/// "decelerationRate": "normal" | "fast" | 0.995, "bounces": true, "alwaysBounceVertical": false,
/// "alwaysBounceHorizontal": false, "isPagingEnabled": false, "snapPointsX": [...], "snapPointsY": [...],
/// "backgroundColor": [r, g, b, a]}`.
///
/// Columns: `<name>.contentOffset.x`, `.contentOffset.y` (points), `.isDragging`, `.isDecelerating` (0 or 1). Events
/// (`--events`): `willBeginDragging`, `willEndDragging` (two rows: the velocity, points per millisecond as UIKit reports
/// it, and the `targetContentOffset`) and `didEndDecelerating`.
public struct SceneScrollView: Equatable, Sendable {
    /// UIScrollView.DecelerationRate: a named rate or a number per millisecond.
    public enum DecelerationRate: Equatable, Sendable {
        /// 0.998 per millisecond.
        case normal
        /// 0.99 per millisecond.
        case fast
        /// A rate per millisecond in (0, 1).
        case custom(Double)
        /// The rate per millisecond.
        public var value: Double {
            switch self {
            case .normal: return Decay.normal
            case .fast: return Decay.fast
            case .custom(let c): return c
            }
        }
    }
    /// Its name (columns, events, a view's `superview`, a gesture's `view`).
    public var name: String
    /// Its frame in its superview (on the screen for a root view), points.
    public var frame = Rect(x: 0, y: 0, width: 0, height: 0)
    /// The view it is the first subview of (below the views declared after that one), or nil for a root view behind
    /// every view. Default nil.
    public var superview: String?
    /// The content's size, points (each ≥ 0). Default 0, 0.
    public var contentSize = Vector2(0, 0)
    /// The offset at the start, points. Default 0, 0.
    public var contentOffset = Vector2(0, 0)
    /// The deceleration after a flick. Default `normal`.
    public var decelerationRate = DecelerationRate.normal
    /// Whether it bounces past an edge (rubber band while dragged, a spring back after). Default true.
    public var bounces = true
    /// Whether it scrolls and bounces vertically even when the content is no taller than the frame. Default false.
    public var alwaysBounceVertical = false
    /// Whether it scrolls and bounces horizontally even when the content is no wider than the frame. Default false.
    public var alwaysBounceHorizontal = false
    /// Whether it stops on whole pages (the frame's size). Default false.
    public var isPagingEnabled = false
    /// Offsets it rests on horizontally, increasing (the one nearest the projection), points. Default none.
    public var snapPointsX: [Double] = []
    /// Offsets it rests on vertically, increasing, points. Default none.
    public var snapPointsY: [Double] = []
    /// Its background color (RGBA in 0 ... 1), or nil for none.
    public var backgroundColor: AnimatableValue?

    /// A scroll view named `name` with its frame on the screen and its content size (points); every other field
    /// takes its default.
    public init(name: String, frame: Rect, contentSize: Vector2) {
        self.name = name
        self.frame = frame
        self.contentSize = contentSize
    }

    /// The view that shows it (its bounds origin the offset at the start): the scene's layer of its name.
    public var layer: SceneLayer {
        var values: [(keyPath: String, value: AnimatableValue)] = [
            ("bounds", .rect(contentOffset.x, contentOffset.y, frame.width, frame.height)),
            ("position", .point(frame.x + frame.width / 2, frame.y + frame.height / 2)),
        ]
        if let c = backgroundColor { values.append(("backgroundColor", c)) }
        var layer = SceneLayer(name: name, values: values)
        layer.isView = true
        layer.superlayer = superview
        return layer
    }

    /// Its frame's size along an axis (0 x, 1 y), points.
    public func size(_ axis: Int) -> Double { axis == 0 ? frame.width : frame.height }

    /// The largest offset along an axis: contentSize − the frame's size, at least 0, points.
    public func maximumOffset(_ axis: Int) -> Double { max(contentSize[axis] - size(axis), 0) }

    /// Whether it scrolls along an axis: its content is larger than its frame there, or it always bounces there (and
    /// bounces), as UIScrollView.
    public func scrolls(_ axis: Int) -> Bool {
        contentSize[axis] > size(axis) || (bounces && (axis == 0 ? alwaysBounceHorizontal : alwaysBounceVertical))
    }

    /// The snap points along an axis.
    public func snapPoints(_ axis: Int) -> [Double] { axis == 0 ? snapPointsX : snapPointsY }

    /// The offset it will rest on along an axis after a release at `offset` with a projection `projection` (points),
    /// when paging or snapping; nil when it decelerates freely. Paging: the page nearest the projection, at most one
    /// page from `startPage` (the page where the drag began), clamped to the content; snap points: the one nearest the
    /// projection (the first of two as near).
    public func target(_ axis: Int, projection: Double, startPage: Int) -> Double? {
        let maximum = maximumOffset(axis)
        if isPagingEnabled {
            let page = size(axis)
            guard page > 0 else { return nil }
            let last = Int((maximum / page).rounded(.up))
            var k = Int((projection / page).rounded())
            k = min(max(k, startPage - 1, 0), startPage + 1, last)
            return min(Double(k) * page, maximum)
        }
        let points = snapPoints(axis)
        guard var best = points.first else { return nil }
        for p in points where abs(p - projection) < abs(best - projection) { best = p }
        return best
    }
}

/// A scroll view's columns: its contentOffset (points) and whether it is being dragged or decelerating (0 or 1).
public let scrollViewColumnSuffixes = ["contentOffset.x", "contentOffset.y", "isDragging", "isDecelerating"]

/// A pan that drags a view and throws it to a resting place (WWDC 2018, "Designing Fluid Interfaces"): while the
/// finger moves, the view's center follows it (its center at began + the translation); on release the center is
/// projected with the finger's velocity as a scroll view would decelerate (center + (v/1000)·c/(1 − c), c the
/// `decelerationRate`), the snap point nearest the projection is the target, and a property animator with spring timing
/// (`dampingRatio`, `response`) carries the center there, the finger's velocity its initial velocity: per axis
/// UISpringTimingParameters' relative velocity v / (target − center), 0 where the distance is 0.
///
/// JSON (a pan's `action`): `{"throw": "card", "snapPoints": [[x, y], ...], "decelerationRate": "normal",
/// "dampingRatio": 1, "response": 0.4}`.
public struct SceneThrow: Equatable, Sendable {
    /// The view the pan moves.
    public var view: String
    /// The centers it may rest on, in its superview's space, points (at least one).
    public var snapPoints: [Vector2]
    /// The rate the release is projected with. Default `normal`.
    public var decelerationRate = SceneScrollView.DecelerationRate.normal
    /// The spring's damping ratio, 0.01 to 100. Default 1 (no overshoot from rest).
    public var dampingRatio = 1.0
    /// The spring's response (its undamped period), seconds, 0.001 to 1000. Default 0.4, WWDC 2018's.
    public var response = 0.4

    /// A drag of `view` to the nearest of `snapPoints`, every other field its default.
    public init(view: String, snapPoints: [Vector2]) {
        self.view = view
        self.snapPoints = snapPoints
    }

    /// The snap point nearest `projection` (the first of two as near).
    public func target(projection: Vector2) -> Vector2 {
        var best = snapPoints[0]
        for p in snapPoints.dropFirst() {
            let d = p - projection, e = best - projection
            if (d * d).sum() < (e * e).sum() { best = p }
        }
        return best
    }
}
