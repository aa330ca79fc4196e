import Dynamics
import Scenes
import Springs

/// One scroll view running: its contentOffset in time, as its pan drags it and as it decelerates after.
///
/// Dragged (UIScrollView's pan, the recognizer's translation in screen points): along each axis it scrolls
/// (``SceneScrollView/scrolls(_:)``), the offset is the offset at began minus the translation; past an edge it is
/// rubber-banded, the edge plus `RubberBand.offset(travel:dimension:)` of the travel past it with the frame's size
/// along the axis as d (a drag that begins past an edge starts from the travel that shows that offset,
/// `RubberBand.travel(offset:dimension:)`); without `bounces` it stops at the edge. Released with the finger's
/// velocity v (points/s), the content moves at −v along each axis it scrolls, by `ScrollDeceleration`, toward the page
/// or snap point the projection names (`SceneScrollView.target(_:projection:startPage:)`) when there is one.
struct ScrollViewPlayer {
    let scene: SceneScrollView
    /// The offset while at rest or dragged, points.
    private var offset: Vector2
    /// Whether a pan is dragging it.
    private(set) var isDragging = false
    /// The travel (offset before the rubber band) at began, and the page at began along each axis.
    private var travelAtBegan = Vector2.zero
    private var pageAtBegan = SIMD2<Int>(0, 0)
    /// After a release: when, and each axis's motion (nil on an axis that does not scroll).
    private var releaseTime = 0.0
    private var motions: [ScrollDeceleration?] = [nil, nil]
    /// When the deceleration ends (scrollViewDidEndDecelerating), or nil when none runs; where it rests.
    private(set) var decelerationEnd: Double?
    private var resting = Vector2.zero
    /// Counts drags, so a rest scheduled before a drag caught the deceleration is not reported.
    private(set) var generation = 0

    init(_ scene: SceneScrollView) {
        self.scene = scene
        self.offset = scene.contentOffset
    }

    /// contentOffset at `t` (points): the dragged or resting offset, or the deceleration's.
    func contentOffset(at t: Double) -> Vector2 {
        guard let end = decelerationEnd else { return offset }
        if t >= end { return resting }
        var out = offset
        for axis in 0..<2 {
            if let m = motions[axis] { out[axis] = m.state(at: t - releaseTime).value }
        }
        return out
    }

    /// Whether it is decelerating (bouncing or snapping included) at `t`.
    func isDecelerating(at t: Double) -> Bool { decelerationEnd.map { t < $0 } ?? false }

    /// The travel along `axis` that shows offset `x`: x itself within the content, else the edge plus the rubber band's
    /// inverse of the part past it.
    private func travel(_ x: Double, _ axis: Int) -> Double {
        let maximum = scene.maximumOffset(axis), d = scene.size(axis)
        let past = x < 0 ? -x : x - maximum
        guard past > 0, scene.bounces else { return x }
        // Beyond the band's reach (an offset set at the start): taken as travel.
        guard past < d * 0.999_999 else { return x }
        let t = RubberBand.travel(offset: past, dimension: d)
        return x < 0 ? -t : maximum + t
    }

    /// The offset a travel shows along `axis` (the rubber band past an edge, or the edge without `bounces`).
    private func shown(_ x: Double, _ axis: Int) -> Double {
        let maximum = scene.maximumOffset(axis)
        if x >= 0 && x <= maximum { return x }
        let edge = x < 0 ? 0 : maximum
        guard scene.bounces else { return edge }
        let f = RubberBand.offset(travel: abs(x - edge), dimension: scene.size(axis))
        return x < 0 ? -f : maximum + f
    }

    /// The pan began at `t`: a deceleration in flight stops where it is (the finger catches the content).
    mutating func began(at t: Double) {
        offset = contentOffset(at: t)
        decelerationEnd = nil
        motions = [nil, nil]
        generation += 1
        isDragging = true
        for axis in 0..<2 {
            travelAtBegan[axis] = travel(offset[axis], axis)
            let page = scene.size(axis)
            pageAtBegan[axis] =
                page > 0 ? Int((min(max(offset[axis], 0), scene.maximumOffset(axis)) / page).rounded()) : 0
        }
    }

    /// The finger has moved by `translation` (screen points) since began.
    mutating func dragged(translation: Vector2) {
        for axis in 0..<2 where scene.scrolls(axis) {
            offset[axis] = shown(travelAtBegan[axis] - translation[axis], axis)
        }
    }

    /// The finger lifted at `t` moving at `velocity` (screen points/s). Returns the content's velocity (points/s) and
    /// the targetContentOffset, what scrollViewWillEndDragging reports.
    mutating func released(velocity: Vector2, at t: Double) -> (velocity: Vector2, target: Vector2) {
        isDragging = false
        releaseTime = t
        var v = Vector2.zero, target = offset
        var end = 0.0
        let rate = scene.decelerationRate.value
        for axis in 0..<2 where scene.scrolls(axis) {
            v[axis] = -velocity[axis]
            let projection = Decay(rate: rate).restingPoint(from: offset[axis], velocity: v[axis])
            let m = ScrollDeceleration(
                offset: offset[axis], velocity: v[axis], maximum: scene.maximumOffset(axis), rate: rate,
                bounces: scene.bounces,
                target: scene.target(axis, projection: projection, startPage: pageAtBegan[axis]))
            motions[axis] = m
            target[axis] = m.targetContentOffset
            resting[axis] = m.restingPoint
            end = max(end, m.duration)
        }
        // It decelerates when something moves: a motion that takes time, or one that rests at once off the offset.
        let moves = end > 0 || (0..<2).contains { motions[$0] != nil && resting[$0] != offset[$0] }
        for axis in 0..<2 where motions[axis] == nil { resting[axis] = offset[axis] }
        decelerationEnd = moves ? t + end : nil
        return (v, target)
    }
}
