import Dynamics
import IO

/// Something that happened during a run, typed: the `--events` file writes one row `t,kind,a,b,x,y` for each, in the
/// order they happen (``SceneRun/run(events:_:)``). Names are the scene's (items, layers, animation keys, animators,
/// blocks, gestures); a boundary is named by its identifier, the reference bounds by `bounds`.
public enum SceneEvent: Equatable, Sendable {
    /// An item began touching another item or a boundary (`other`), first at `point` (points).
    case contactBegan(time: Double, item: String, other: String, point: Vector2?)
    /// An item stopped touching another item or a boundary.
    case contactEnded(time: Double, item: String, other: String)
    /// An item fell asleep at rest (`uikit`: its island rested 0.5 s).
    case rest(time: Double, item: String)
    /// A layer animation started (CAAnimationDelegate's animationDidStart).
    case animationStarted(time: Double, layer: String, key: String)
    /// A layer animation stopped (animationDidStop(_:finished:), finished true: it ran to its end).
    case animationStopped(time: Double, layer: String, key: String)
    /// A property animator's completion, at the position it reports (`end`, `start` or `current`).
    case animatorCompleted(time: Double, animator: String, position: String)
    /// A UIView animation block's completion, `finished` as iOS reports it.
    case blockCompleted(time: Double, block: String, finished: Bool)
    /// A gesture recognizer's state (`began`, `changed`, `ended`, `recognized`, `failed`) at a touch point.
    case gesture(time: Double, name: String, state: String, point: Vector2?)
    /// A scroll view's delegate call (UIScrollViewDelegate), `call` its name without `scrollView`:
    /// `willBeginDragging` (`what` `contentOffset`), `willEndDragging` (two events: `what` `velocity`, points per
    /// millisecond as UIKit passes it, then `targetContentOffset`, points) and `didEndDecelerating` (`contentOffset`).
    case scrollView(time: Double, call: String, scrollView: String, what: String, point: Vector2)

    /// When it happened, seconds.
    public var time: Double {
        switch self {
        case let .contactBegan(t, _, _, _), let .contactEnded(t, _, _), let .rest(t, _), let .animationStarted(t, _, _),
            let .animationStopped(t, _, _), let .animatorCompleted(t, _, _), let .blockCompleted(t, _, _),
            let .gesture(t, _, _, _), let .scrollView(t, _, _, _, _):
            return t
        }
    }

    /// Every value of the events file's `kind` column (the first of ``fields``), in the order the cases are declared.
    public static let kinds = [
        "begin", "end", "rest", "start", "stop", "complete", "gesture", "willBeginDragging", "willEndDragging",
        "didEndDecelerating",
    ]

    /// The event file's columns.
    public static let columns = ["t", "kind", "a", "b", "x", "y"]

    /// The row's fields after `t`, unquoted: kind, a, b, x, y (empty where the event has nothing to say).
    public var fields: [String] {
        func point(_ p: Vector2?) -> [String] {
            p.map { [NumberFormat.shortest($0.x), NumberFormat.shortest($0.y)] } ?? ["", ""]
        }
        switch self {
        case let .contactBegan(_, item, other, p): return ["begin", item, other] + point(p)
        case let .contactEnded(_, item, other): return ["end", item, other, "", ""]
        case let .rest(_, item): return ["rest", item, "", "", ""]
        case let .animationStarted(_, layer, key): return ["start", layer, key, "", ""]
        case let .animationStopped(_, layer, key): return ["stop", layer, key, "finished", ""]
        case let .animatorCompleted(_, animator, position): return ["complete", animator, position, "", ""]
        case let .blockCompleted(_, block, finished):
            return ["complete", block, finished ? "finished" : "unfinished", "", ""]
        case let .gesture(_, name, state, p): return ["gesture", name, state] + point(p)
        case let .scrollView(_, call, scrollView, what, p): return [call, scrollView, what] + point(p)
        }
    }

    /// The CSV row, without a line end: `t` as the shortest round-trip number, then ``fields`` quoted as RFC 4180 needs.
    public var csvRow: String {
        ([NumberFormat.shortest(time)] + fields.map(TextQuoting.csvField)).joined(separator: ",")
    }
}
