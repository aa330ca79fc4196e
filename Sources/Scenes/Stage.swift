import Animation
import Springs

/// A scene's interactive side played in time order on its layers: the animators' scripted calls, UIView animation blocks
/// (called at their times or from completion handlers) and the gestures' recognizer events, each at its exact time,
/// as an app's run loop would deliver them. A ``SceneRun`` advances it row by row; the decoder plays it once to the end.
///
/// Animators drive the layer model: before each event and each row the model value of every key path an animator
/// drives is set to the animator's value at that time, so the layer's presentation (and everything computed from it:
/// sublayer positions, hit tests, a release decision) sees the animator. Blocks add their additive animations to the
/// layers (``Layer/animate(_:to:with:at:key:)``).
struct Stage {
    /// One recognizer or completion event.
    struct Event: Sendable {
        /// Seconds.
        var time: Double
        /// `gesture` or `complete`.
        var kind: String
        /// The gesture's or block's name.
        var name: String
        /// began, changed, ended, recognized, failed; finished or unfinished.
        var state: String
        /// The touch point for gestures.
        var point: SIMD2<Double>?
    }

    private(set) var layers: [Layer]
    private(set) var players: [AnimatorPlayer]
    private let scene: Scene
    private let layerIndex: [String: Int]
    private let superIndex: [Int?]

    private enum Pending { case block(Int), gesture(Int, Int), completion(Int) }
    private var pending: [(time: Double, seq: Int, what: Pending)] = []
    private var seq = 0

    /// One call of a block: the keys of its animations, and how many of them were removed before their end.
    private struct Call { var name: String; var keys: Set<String>; var removed = 0; var done = false }
    private var calls: [Call] = []
    private var keyOwner: [String: Int] = [:]

    /// Per pan gesture: the fraction at began, whether it failed.
    private var panFraction: [Double]
    private var failed: [Bool]

    /// Events so far that were not yet taken.
    private var events: [Event] = []

    init(scene: Scene, layers: [Layer]) {
        self.scene = scene
        self.layers = layers
        let index = Dictionary(uniqueKeysWithValues: scene.layers.enumerated().map { ($1.name, $0) })
        self.layerIndex = index
        self.superIndex = scene.layers.map { $0.superlayer.flatMap { index[$0] } }
        self.players = scene.animators.map { a in AnimatorPlayer(a, layer: layers[index[a.layer]!]) }
        self.panFraction = Array(repeating: 0, count: scene.gestures.count)
        self.failed = Array(repeating: false, count: scene.gestures.count)
        for (k, b) in scene.blocks.enumerated() { if case .time(let t) = b.start { schedule(t, .block(k)) } }
        for (g, gesture) in scene.gestures.enumerated() {
            for s in gesture.samples.indices { schedule(gesture.samples[s].time, .gesture(g, s)) }
        }
        syncAnimators(at: 0)
    }

    private mutating func schedule(_ time: Double, _ what: Pending) {
        pending.append((time, seq, what))
        seq += 1
    }

    /// Returns and forgets the events so far.
    mutating func takeEvents() -> [Event] {
        defer { events.removeAll(keepingCapacity: true) }
        return events
    }

    /// Plays everything up to `t` (inclusive) and leaves the animators' values set at `t`.
    mutating func advance(to t: Double) {
        while let k = pending.indices.min(by: { (pending[$0].time, pending[$0].seq) < (pending[$1].time, pending[$1].seq) }),
              pending[k].time <= t {
            let (time, _, what) = pending.remove(at: k)
            for p in players.indices { players[p].advance(to: time) }
            syncAnimators(at: time)
            switch what {
            case .block(let b): run(scene.blocks[b], at: time, location: nil, rect: nil)
            case .gesture(let g, let s): gesture(g, s, at: time)
            case .completion(let c): complete(c, at: time)
            }
        }
        for p in players.indices { players[p].advance(to: t) }
        syncAnimators(at: t)
    }

    /// Sets the model of every animator-driven key path to the animator's value at `t`.
    private mutating func syncAnimators(at t: Double) {
        for player in players {
            guard let li = layerIndex[player.scene.layer] else { continue }
            for change in player.animator.changes {
                layers[li].setValue(player.animator.value(of: change, at: t), for: change.keyPath)
            }
        }
    }

    // MARK: Blocks

    /// Calls a block at `time`: each change sets its layer's model and adds the additive animation.
    private mutating func run(_ block: SceneBlock, at time: Double, location: SIMD2<Double>?, rect: [Double]?) {
        let c = calls.count
        calls.append(Call(name: block.name, keys: []))
        var removed: [String] = []
        func key(_ li: Int, _ keyPath: String) -> String { "\(block.name)#\(c).\(layers[li].name).\(keyPath)" }
        if block.keyframes.isEmpty {
            for change in block.changes {
                guard let li = layerIndex[change.view] else { continue }
                let (loc, r) = converted(location, rect, into: superIndex[li], at: time)
                for (keyPath, value) in change.assignments(model: { self.layers[li].modelValue($0) ?? .scalar(0) }, location: loc, rect: r) {
                    removed += layers[li].animate(keyPath, to: value, with: block.animation, at: time, key: key(li, keyPath))
                    if block.animation.duration > 0 { calls[c].keys.insert(key(li, keyPath)) }
                }
            }
        } else {
            // Per layer and key path, the keyframes that set it, in order.
            var frames: [(li: Int, keyPath: String, frames: [ViewKeyframe])] = []
            for kf in block.keyframes {
                for change in kf.changes {
                    guard let li = layerIndex[change.view] else { continue }
                    let (loc, r) = converted(location, rect, into: superIndex[li], at: time)
                    // A relative change builds on the value the previous keyframe of that key path set.
                    for (keyPath, value) in change.assignments(model: { kp in
                        frames.last(where: { $0.li == li && $0.keyPath == kp })?.frames.last?.value ?? self.layers[li].modelValue(kp) ?? .scalar(0)
                    }, location: loc, rect: r) {
                        let frame = ViewKeyframe(relativeStartTime: kf.relativeStartTime, relativeDuration: kf.relativeDuration, value: value)
                        if let i = frames.firstIndex(where: { $0.li == li && $0.keyPath == keyPath }) { frames[i].frames.append(frame) } else { frames.append((li, keyPath, [frame])) }
                    }
                }
            }
            for f in frames {
                removed += layers[f.li].animateKeyframes(f.keyPath, f.frames, with: block.animation, at: time, key: key(f.li, f.keyPath))
                if block.animation.duration > 0 { calls[c].keys.insert(key(f.li, f.keyPath)) }
            }
        }
        for k in calls[c].keys { keyOwner[k] = c }
        // Animations removed by beginFromCurrentState: a call whose animations are all gone completes now, unfinished.
        for k in removed {
            guard let owner = keyOwner[k] else { continue }
            calls[owner].removed += 1
            if calls[owner].removed == calls[owner].keys.count { complete(owner, at: time) }
        }
        let end = calls[c].keys.isEmpty ? time + block.animation.delay : block.animation.completionTime(calledAt: time)
        if end.isFinite { schedule(end, .completion(c)) }
    }

    /// Runs a call's completion handler: reports it and calls the blocks chained after it.
    private mutating func complete(_ c: Int, at time: Double) {
        guard !calls[c].done else { return }
        calls[c].done = true
        events.append(Event(time: time, kind: "complete", name: calls[c].name, state: calls[c].removed == 0 ? "finished" : "unfinished", point: nil))
        for (k, b) in scene.blocks.enumerated() where b.start == .after(calls[c].name) { schedule(time, .block(k)) }
    }

    // MARK: Gestures

    private mutating func gesture(_ g: Int, _ s: Int, at time: Double) {
        let gesture = scene.gestures[g]
        let points = gesture.samples[s].points
        guard let vi = layerIndex[gesture.view] else { return }
        func report(_ state: String) { events.append(Event(time: time, kind: "gesture", name: gesture.name, state: state, point: points[0])) }
        switch gesture.action {
        case .animate(let block):
            // A tap or touch outside the view's presented bounds is not recognized.
            guard points.allSatisfy({ contains(vi, $0, at: time) }) else { report("failed"); return }
            report("recognized")
            var rect: [Double]?
            if points.count == 2 { rect = [points[0].x, points[0].y, points[1].x, points[1].y] }
            run(block, at: time, location: points[0], rect: rect)
        case .scrub(let name, let distance, let release, let timing, let factor):
            if s == 0 {
                guard contains(vi, points[0], at: time) else { failed[g] = true; report("failed"); return }
                failed[g] = false
            }
            guard !failed[g], let a = players.firstIndex(where: { $0.scene.name == name }) else { return }
            let last = s == gesture.samples.count - 1
            let translation = points[0] - gesture.samples[0].points[0]
            if s == 0 {
                report("began")
                if players[a].animator.state == .inactive {
                    guard let li = layerIndex[players[a].scene.layer] else { return }
                    players[a].renew(from: layers[li], at: time)
                }
                try? players[a].animator.pauseAnimation(at: time)
                if players[a].animator.isReversed { try? players[a].animator.setReversed(false, at: time) }
                panFraction[g] = players[a].animator.fractionComplete(at: time)
            } else {
                report(last ? "ended" : "changed")
                let f = min(max(panFraction[g] + translation.x / distance, 0), 1)
                try? players[a].animator.setFractionComplete(f, at: time)
            }
            guard last else { return }
            syncAnimators(at: time)
            var velocity = SIMD2<Double>(0, 0)
            if s > 0 {
                let p = gesture.samples[s - 1]
                if time > p.time { velocity = (points[0] - p.points[0]) / (time - p.time) }
            }
            let reverse: Bool
            switch release {
            case .center:
                let li = layerIndex[players[a].scene.layer]!
                reverse = screenPoint(of: li, at: time).x < screenPoint(of: vi, at: time).x
            case .velocity: reverse = velocity.x < 0
            case .continue: reverse = false
            case .reverse: reverse = true
            }
            try? players[a].animator.setReversed(reverse, at: time)
            try? players[a].animator.continueAnimation(withTimingParameters: timing, durationFactor: factor, at: time)
        }
    }

    // MARK: Geometry

    /// Layer li's own space → the screen at `t`: x ↦ m x + b, m as rows (m00, m01, m10, m11).
    private func screenMap(_ li: Int, at t: Double) -> (m: SIMD4<Double>, b: SIMD2<Double>) {
        var m = SIMD4<Double>(1, 0, 0, 1), b = SIMD2<Double>(0, 0)
        var k: Int? = li
        while let j = k {
            let p = layers[j].placement(at: t)
            let (c, s) = (p.cosSin.x, p.cosSin.y)
            let own = SIMD4(c * p.scale.x, -s * p.scale.y, s * p.scale.x, c * p.scale.y)
            let ownB = p.origin - SIMD2(own[0] * p.pivot.x + own[1] * p.pivot.y, own[2] * p.pivot.x + own[3] * p.pivot.y)
            // own ∘ (m, b)
            m = SIMD4(own[0] * m[0] + own[1] * m[2], own[0] * m[1] + own[1] * m[3], own[2] * m[0] + own[3] * m[2], own[2] * m[1] + own[3] * m[3])
            b = SIMD2(own[0] * b.x + own[1] * b.y, own[2] * b.x + own[3] * b.y) + ownB
            k = superIndex[j]
        }
        return (m, b)
    }

    /// A screen point in layer li's own space, or nil when its map is singular (a zero scale).
    private func local(_ p: SIMD2<Double>, in li: Int, at t: Double) -> SIMD2<Double>? {
        let (m, b) = screenMap(li, at: t)
        let det = m[0] * m[3] - m[1] * m[2]
        guard abs(det) > 1e-12 else { return nil }
        let d = p - b
        return SIMD2((m[3] * d.x - m[1] * d.y) / det, (-m[2] * d.x + m[0] * d.y) / det)
    }

    /// Whether a screen point falls inside layer li's presented bounds (UIView.point(inside:with:)).
    private func contains(_ li: Int, _ p: SIMD2<Double>, at t: Double) -> Bool {
        guard let q = local(p, in: li, at: t), let r = layers[li].presentationValue("bounds", at: t)?.components else { return false }
        return q.x >= r[0] && q.x <= r[0] + r[2] && q.y >= r[1] && q.y <= r[1] + r[3]
    }

    /// Layer li's presented center (position) on the screen.
    private func screenPoint(of li: Int, at t: Double) -> SIMD2<Double> {
        let pos = layers[li].presentationValue("position", at: t)?.components ?? [0, 0]
        guard let s = superIndex[li] else { return SIMD2(pos[0], pos[1]) }
        let (m, b) = screenMap(s, at: t)
        return SIMD2(m[0] * pos[0] + m[1] * pos[1], m[2] * pos[0] + m[3] * pos[1]) + b
    }

    /// A gesture's point and rectangle in the space of superlayer `s` (the screen when nil).
    private func converted(_ location: SIMD2<Double>?, _ rect: [Double]?, into s: Int?, at t: Double) -> (SIMD2<Double>?, [Double]?) {
        func conv(_ p: SIMD2<Double>) -> SIMD2<Double> { s.flatMap { local(p, in: $0, at: t) } ?? p }
        let loc = location.map(conv)
        var r: [Double]?
        if let rect {
            let a = conv(SIMD2(rect[0], rect[1])), b = conv(SIMD2(rect[2], rect[3]))
            r = [min(a.x, b.x), min(a.y, b.y), abs(a.x - b.x), abs(a.y - b.y)]
        }
        return (loc, r)
    }
}
