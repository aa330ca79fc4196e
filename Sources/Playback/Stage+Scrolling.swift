import Animation
import Dynamics
import Scenes
import Springs

// The stage's scroll views and thrown views: a pan on a scroll view drags and releases it (``ScrollViewPlayer``); a
// throwing pan drags a view and springs it to the snap point nearest its projection (``SceneThrow``).
extension Stage {
    /// Sets each scroll view's bounds origin to its contentOffset at `t` (UIScrollView's contentOffset is its bounds
    /// origin), so hit tests and the rows see the content where it is.
    mutating func syncScrollViews(at t: Double) {
        for (k, li) in scrollerLayers.enumerated() {
            let o = scrollers[k].contentOffset(at: t), s = scrollers[k].scene
            layers[li].setValue(.rect(o.x, o.y, s.frame.width, s.frame.height), for: "bounds")
        }
    }

    /// Sample `s` of gesture `g`, a pan on a scroll view: began catches the content, each sample drags it, the last
    /// releases it (``ScrollViewPlayer``), with the delegate's calls as events.
    mutating func scroll(_ g: Int, _ s: Int, at time: Double, reached: Bool) {
        let gesture = scene.gestures[g]
        guard let k = scene.scrollViews.firstIndex(where: { $0.name == gesture.view }) else { return }
        let point = gesture.samples[s].points[0]
        func report(_ state: String) {
            events.append(.gesture(time: time, name: gesture.name, state: state, point: Vector2(point.x, point.y)))
        }
        let name = gesture.view
        if s == 0 {
            guard reached else { failed[g] = true; report("failed"); return }
            failed[g] = false
            report("began")
            scrollers[k].began(at: time)
            let o = scrollers[k].contentOffset(at: time)
            events.append(
                .scrollView(
                    time: time, call: "willBeginDragging", scrollView: name, what: "contentOffset",
                    point: Vector2(o.x, o.y)))
            return
        }
        guard !failed[g] else { return }
        let last = s == gesture.samples.count - 1
        report(last ? "ended" : "changed")
        // translation(in:) and velocity(in:) the scroll view's superview (the screen for a root one): its own bounds
        // move with the content.
        let space = superIndex[scrollerLayers[k]], start = gesture.samples[0].points[0]
        let translation =
            space.map { (local(point, in: $0, at: time) ?? point) - (local(start, in: $0, at: time) ?? start) }
            ?? (point - start)
        scrollers[k].dragged(translation: translation)
        if last {
            let v = fingerVelocity(g, s, at: time, in: space)
            let (velocity, target) = scrollers[k].released(velocity: v, at: time)
            events.append(
                .scrollView(
                    time: time, call: "willEndDragging", scrollView: name, what: "velocity",
                    point: Vector2(velocity.x / 1000, velocity.y / 1000)))
            events.append(
                .scrollView(
                    time: time, call: "willEndDragging", scrollView: name, what: "targetContentOffset",
                    point: Vector2(target.x, target.y)))
            if let end = scrollers[k].decelerationEnd { schedule(end, .scrollRest(k, scrollers[k].generation)) }
        }
        syncScrollViews(at: time)
    }

    /// The finger's velocity at sample `s` of gesture `g` (points/s, in layer `space`'s coordinates, the screen when
    /// nil): the last segment that took time, as UIPanGestureRecognizer.velocity(in:) reads it here; 0 for none.
    mutating func fingerVelocity(_ g: Int, _ s: Int, at time: Double, in space: Int?) -> SIMD2<Double> {
        let samples = scene.gestures[g].samples
        guard let p = samples[..<s].last(where: { $0.time < time }) else { return .zero }
        let a = samples[s].points[0], b = p.points[0]
        guard let space else { return (a - b) / (time - p.time) }
        return ((local(a, in: space, at: time) ?? a) - (local(b, in: space, at: time) ?? b)) / (time - p.time)
    }

    /// Sample `s` of gesture `g`, a pan throwing a view (``SceneThrow``): the view's center follows the finger; on
    /// release a spring carries it to the snap point nearest the projection, with the finger's velocity.
    mutating func throwView(_ g: Int, _ s: Int, _ drag: SceneThrow, at time: Double, reached: Bool) {
        let gesture = scene.gestures[g]
        guard let li = layerIndex[drag.view] else { return }
        let point = gesture.samples[s].points[0]
        func report(_ state: String) {
            events.append(.gesture(time: time, name: gesture.name, state: state, point: Vector2(point.x, point.y)))
        }
        let space = superIndex[li]
        let keys = ["throw.\(gesture.name).x", "throw.\(gesture.name).y"]
        let lt = clocks.localTime(li, at: time)
        if s == 0 {
            guard reached else { failed[g] = true; report("failed"); return }
            failed[g] = false
            report("began")
            // A throw in flight stops where it is shown (the animator is stopped at its current values).
            let shown = layers[li].presentationValue("position", at: lt)?.components ?? [0, 0]
            for k in keys { layers[li].removeAnimation(forKey: k) }
            layers[li].setValue(.point(shown[0], shown[1]), for: "position")
            throwStart[g] = SIMD2(shown[0], shown[1])
            return
        }
        guard !failed[g] else { return }
        let last = s == gesture.samples.count - 1
        report(last ? "ended" : "changed")
        let start = gesture.samples[0].points[0]
        let translation =
            space.map { (local(point, in: $0, at: time) ?? point) - (local(start, in: $0, at: time) ?? start) }
            ?? (point - start)
        let center = throwStart[g] + translation
        layers[li].setValue(.point(center.x, center.y), for: "position")
        guard last else { return }
        // Released: project as a scroll view decelerates, pick the nearest snap point, spring there.
        let v = fingerVelocity(g, s, at: time, in: space)
        let decay = Decay(rate: drag.decelerationRate.value)
        let projection = SIMD2(
            decay.restingPoint(from: center.x, velocity: v.x), decay.restingPoint(from: center.y, velocity: v.y))
        let target = drag.target(projection: projection)
        let spring = Spring(dampingRatio: drag.dampingRatio, response: drag.response)
        layers[li].setValue(.point(target.x, target.y), for: "position")
        for axis in 0..<2 {
            let distance = target[axis] - center[axis]
            guard distance != 0 else { continue }
            // UISpringTimingParameters' initialVelocity: the velocity over the distance, per axis.
            let relative = v[axis] / distance
            layers[li].add(
                .spring(
                    SpringAnimation(
                        keyPath: axis == 0 ? "position.x" : "position.y", fromValue: .scalar(-distance),
                        toValue: .scalar(0), spring: spring, initialVelocity: relative,
                        timing: MediaTiming(beginTime: lt), isAdditive: true)),
                forKey: keys[axis])
        }
    }
}
