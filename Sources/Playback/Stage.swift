import Animation
import Dynamics
import Foundation
import IO
import Scenes

/// A scene's interactive side played in time order on its layers: the animators' scripted calls, UIView animation blocks
/// (called at their times or from completion handlers) and the gestures' recognizer events, each at its exact time,
/// as an app's run loop would deliver them. A ``SceneRun`` advances it row by row; the decoder plays it once to the end.
///
/// Animators drive the layer model as UIViewPropertyAnimator does: when one becomes active its changes set the model
/// to their targets, and while it is active an additive animation carries the difference between the animator's value
/// and the target (refreshed before each event and row); when it becomes inactive the model takes the value it ended
/// at. Blocks add their own additive animations (``Layer/animate(_:to:with:at:key:)``), so an animator and blocks on
/// one property add up and the presented value stays continuous. Hit tests follow UIKit's hitTest(_:with:): model
/// geometry, the topmost deepest view containing the point, skipping views with alpha below 0.01 and views a block is
/// animating (unless the block allows user interaction).
struct Stage {
    /// The layers as the stage has set them (the scroll views' extension, Stage+Scrolling.swift, sets their bounds).
    var layers: [Layer]
    private(set) var players: [AnimatorPlayer]
    let scene: Scene
    let layerIndex: [String: Int]
    let superIndex: [Int?]
    /// The layer tree's geometry (screen maps, hit tests).
    private var geometry: LayerGeometry
    /// Each layer's local time: blocks add their animations, and animators run, in their layer's time.
    var clocks: LayerClocks { geometry.clocks }

    enum Pending { case block(Int), gesture(Int, Int), completion(Int), scrollRest(Int, Int) }
    /// Pending events sorted by (time, sequence), the next one last.
    private var pending: [(time: Double, seq: Int, what: Pending)] = []
    private var seq = 0

    /// One call of a block: its animations (layer, key), how many were removed before their end, and until when the
    /// views it animates ignore touches.
    private struct Call {
        var name: String
        var keys: [(layer: Int, key: String)]
        var removed = 0
        var done = false
        var interactive = false
        /// When it completes (infinity for a repeating block).
        var end = Double.infinity
    }
    private var calls: [Call] = []
    private var keyOwner: [String: Int] = [:]
    /// Per layer: until when a block animating it makes it ignore touches (UIKit turns interaction off meanwhile).
    private var busyUntil: [Double]

    /// Per pan gesture: the fraction at began, whether it failed.
    private var panFraction: [Double]
    var failed: [Bool]
    /// Per animator: whether it is driving its layer (active or stopped).
    private var driving: [Bool]
    /// The scroll views and the layer showing each; per throwing pan, the view's center at began (superview space).
    var scrollers: [ScrollViewPlayer], scrollerLayers: [Int], throwStart: [SIMD2<Double>]

    /// Events so far that were not yet taken.
    var events: [SceneEvent] = []
    /// Animator calls UIKit rejects, from scripts or gestures, in the order they were made: the scene path of the call
    /// and the reason (the first is an input error).
    private(set) var rejections: [(path: String, message: String)] = []
    /// Per animator: how many of its changes have set the model (a change added while it runs sets it when added).
    private var applied: [Int]
    /// Per animator: its completions in the run's time and position, across renewals (a pan that recreates the
    /// animator keeps the earlier ones), and how many of the current animator's completions are logged, and when
    /// they were last looked at.
    private(set) var completionLog: [[(time: Double, position: PropertyAnimator.Position)]]
    private var loggedCompletions: [Int]
    private var completionsCheckedAt: [Double]

    /// A stage for `scene`, its layers as the run starts and their clocks (``LayerClocks``).
    init(scene: Scene, layers: [Layer], clocks: LayerClocks) {
        self.scene = scene
        self.layers = layers
        let index = Dictionary(uniqueKeysWithValues: scene.layers.enumerated().map { ($1.name, $0) })
        self.layerIndex = index
        self.superIndex = clocks.superIndex
        self.geometry = LayerGeometry(clocks: clocks)
        self.players = scene.animators.map { a in AnimatorPlayer(a, layer: layers[index[a.layer]!]) }
        self.panFraction = Array(repeating: 0, count: scene.gestures.count)
        self.failed = Array(repeating: false, count: scene.gestures.count)
        self.driving = Array(repeating: false, count: scene.animators.count)
        self.applied = Array(repeating: 0, count: scene.animators.count)
        self.completionLog = Array(repeating: [], count: scene.animators.count)
        self.loggedCompletions = Array(repeating: 0, count: scene.animators.count)
        self.completionsCheckedAt = Array(repeating: 0, count: scene.animators.count)
        self.busyUntil = Array(repeating: -.infinity, count: scene.layers.count)
        self.scrollers = scene.scrollViews.map(ScrollViewPlayer.init)
        self.scrollerLayers = scene.scrollViews.map { index[$0.name]! }
        self.throwStart = Array(repeating: .zero, count: scene.gestures.count)
        // The scripted events, sorted once (the next one last).
        for (k, b) in scene.blocks.enumerated() {
            if case .time(let t) = b.start { pending.append((t, seq, .block(k))); seq += 1 }
        }
        for (g, gesture) in scene.gestures.enumerated() {
            for s in gesture.samples.indices {
                pending.append((gesture.samples[s].time, seq, .gesture(g, s))); seq += 1
            }
        }
        pending.sort { ($0.time, $0.seq) > ($1.time, $1.seq) }
        syncAnimators(at: 0)
    }

    mutating func schedule(_ time: Double, _ what: Pending) {
        // Binary search for the place that keeps the list sorted by (time, seq) descending (the next event last).
        var lo = 0, hi = pending.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if (pending[mid].time, pending[mid].seq) > (time, seq) { lo = mid + 1 } else { hi = mid }
        }
        pending.insert((time, seq, what), at: lo)
        seq += 1
    }

    /// Returns and forgets the events so far.
    mutating func takeEvents() -> [SceneEvent] {
        defer { events.removeAll(keepingCapacity: true) }
        return events
    }

    /// Plays everything up to `t` (inclusive) and leaves the animators' values set at `t`.
    mutating func advance(to t: Double) {
        while let next = pending.last, next.time <= t {
            let (time, _, what) = pending.removeLast()
            advancePlayers(to: time)
            syncScrollViews(at: time)
            switch what {
            case .block(let b): run(scene.blocks[b], at: time, location: nil, rect: nil)
            case .gesture(let g, let s): gesture(g, s, at: time)
            case .completion(let c): complete(c, at: time)
            case .scrollRest(let k, let generation):
                guard scrollers[k].generation == generation else { break }
                let o = scrollers[k].contentOffset(at: time)
                events.append(
                    .scrollView(
                        time: time, call: "didEndDecelerating", scrollView: scrollers[k].scene.name,
                        what: "contentOffset", point: Vector2(o.x, o.y)))
            }
        }
        advancePlayers(to: t)
        syncScrollViews(at: t)
    }

    /// Plays the animators' scripts up to `t` (each seeing its layer as it is now), then refreshes what they drive.
    private mutating func advancePlayers(to t: Double) {
        for p in players.indices {
            if let li = layerIndex[players[p].scene.layer] { players[p].layer = layers[li] }
            // A rejected call stays at the head of the script and is reported each time: record it once.
            let clocks = self.clocks, li = layerIndex[players[p].scene.layer]
            let clock = { (t: Double) in li.map { clocks.localTime($0, at: t) } ?? t }
            if let (k, message) = players[p].advance(to: t, clock: clock),
                !rejections.contains(where: { $0.path == "animators[\(p)].script[\(k)]" })
            {
                rejections.append(("animators[\(p)].script[\(k)]", message))
            }
            logCompletions(p, at: t)
        }
        syncAnimators(at: t)
    }

    /// Whether a layer animation key belongs to an animator (a beginFromCurrentState block leaves those alone).
    static func isAnimatorKey(_ key: String) -> Bool { key.hasPrefix("animator.") }

    /// Refreshes every animator's hold on its layer at `t` (see the type's description).
    private mutating func syncAnimators(at t: Double) {
        for (p, player) in players.enumerated() {
            guard let li = layerIndex[player.scene.layer] else { continue }
            let animator = player.animator
            // The last change of each key path speaks for it.
            var last: [String: PropertyAnimator.Change] = [:]
            for c in animator.changes { last[c.keyPath] = c }
            let key = { (kp: String) in "animator." + player.scene.name + "." + kp }
            if animator.state != .inactive {
                if !driving[p] { driving[p] = true; applied[p] = 0 }
                // Each change sets the model to its target when it starts to drive (UIKit's animations block runs
                // then); its animation carries the difference.
                for c in animator.changes.dropFirst(applied[p]) { layers[li].setValue(c.to, for: c.keyPath) }
                applied[p] = animator.changes.count
                for (kp, c) in last.sorted(by: { $0.key < $1.key }) {
                    let offset = animator.value(of: c, at: animatorTime(p, at: t)) - c.to
                    layers[li].add(
                        .basic(
                            BasicAnimation(
                                keyPath: kp, fromValue: offset, toValue: offset,
                                timing: MediaTiming(beginTime: -1e12, duration: 1e15), isAdditive: true)),
                        forKey: key(kp))
                }
            } else if driving[p] {
                // Inactive again: the model keeps where the animator left it relative to its target (unchanged at the
                // end; the start values after finishing at the start; the current values after stopping), on top of
                // whatever blocks set meanwhile.
                driving[p] = false
                for (kp, c) in last {
                    layers[li].removeAnimation(forKey: key(kp))
                    if let model = layers[li].modelValue(kp) {
                        layers[li].setValue(model + (animator.value(of: c, at: animatorTime(p, at: t)) - c.to), for: kp)
                    }
                }
            }
        }
    }

    // MARK: Blocks

    /// Calls a block at `time`: each change sets its layer's model and adds the additive animation.
    private mutating func run(_ block: SceneBlock, at time: Double, location: SIMD2<Double>?, rect: [Double]?) {
        let c = calls.count
        calls.append(Call(name: block.name, keys: []))
        // One key per assignment (numbered from 1), so a property set twice in a block keeps both additive offsets
        // (they add up to the one animation from the old value to the last one).
        let removed =
            block.keyframes.isEmpty
            ? animateChanges(block, call: c, at: time, location: location, rect: rect)
            : animateKeyframes(block, call: c, at: time, location: location, rect: rect)
        for (_, k) in calls[c].keys { keyOwner[k] = c }
        // A block that animates nothing completes at once (UIKit calls its completion on the next turn of the run loop).
        // Otherwise when the last of its animations ends, each in its layer's time (a paused layer holds it back).
        let end =
            calls[c].keys.isEmpty
            ? time
            : Set(calls[c].keys.map(\.layer)).map { li in
                clocks.firstTime(
                    li, from: time, reaching: block.animation.completionTime(calledAt: clocks.localTime(li, at: time)))
                    ?? .infinity
            }.max() ?? time
        calls[c].end = end
        calls[c].interactive = block.animation.options.contains(.allowUserInteraction)
        if !calls[c].interactive {
            for (li, _) in calls[c].keys { busyUntil[li] = max(busyUntil[li], end) }
        }
        // Animations removed by beginFromCurrentState: a call whose animations are all gone completes now, unfinished.
        for (_, k) in removed {
            guard let owner = keyOwner.removeValue(forKey: k) else { continue }
            calls[owner].removed += 1
            if calls[owner].removed == calls[owner].keys.count {
                complete(owner, at: time)
                // Its views take touches again unless another block still animates them.
                for (li, _) in calls[owner].keys {
                    busyUntil[li] =
                        calls.indices.filter {
                            !calls[$0].done && !calls[$0].interactive && calls[$0].keys.contains { $0.layer == li }
                        }
                        .map { calls[$0].end }.max() ?? -.infinity
                }
            }
        }
        if end.isFinite { schedule(end, .completion(c)) }
    }

    /// Animates a block without keyframes, called at `time` (seconds) as call `c`: each change sets its layer's model
    /// and adds the additive animation. Returns the animations beginFromCurrentState removed, (layer, key).
    private mutating func animateChanges(
        _ block: SceneBlock, call c: Int, at time: Double, location: SIMD2<Double>?,
        rect: [Double]?
    ) -> [(Int, String)] {
        var removed: [(Int, String)] = []
        var n = 0
        for change in block.changes {
            guard let li = layerIndex[change.view] else { continue }
            let (loc, r) = converted(location, rect, into: superIndex[li], at: time)
            let assignments = change.assignments(
                model: { self.layers[li].modelValue($0) ?? .scalar(0) },
                location: loc, rect: r)
            for (keyPath, v) in assignments {
                // A size never goes negative (a `by` change may ask for it): clamped at 0.
                let value = keyPath.hasPrefix("bounds.size") ? .scalar(max(v.scalar, 0)) : v
                n += 1
                let k = "\(block.name)#\(c).\(layers[li].name).\(keyPath).\(n)"
                // UIKit makes no animation for a value that does not change.
                let changes =
                    layers[li].modelValue(keyPath) != value
                    || block.animation.options.contains(.beginFromCurrentState)
                let animation = changes ? block.animation : ViewAnimation(duration: 0)
                removed += layers[li].animate(
                    keyPath, to: value, with: animation, at: clocks.localTime(li, at: time),
                    key: k, sparing: Stage.isAnimatorKey
                ).map { (li, $0) }
                if changes && block.animation.duration > 0 { calls[c].keys.append((li, k)) }
            }
        }
        return removed
    }

    /// Animates a block with keyframes, called at `time` (seconds) as call `c`: one keyframe animation per layer and
    /// key path the keyframes set, a relative change building on the previous keyframe's value. Returns the
    /// animations beginFromCurrentState removed, (layer, key).
    private mutating func animateKeyframes(
        _ block: SceneBlock, call c: Int, at time: Double, location: SIMD2<Double>?,
        rect: [Double]?
    ) -> [(Int, String)] {
        // Per layer and key path, the keyframes that set it, in order.
        var frames: [(li: Int, keyPath: String, frames: [ViewKeyframe])] = []
        for kf in block.keyframes {
            for change in kf.changes {
                guard let li = layerIndex[change.view] else { continue }
                let (loc, r) = converted(location, rect, into: superIndex[li], at: time)
                // A relative change builds on the value the previous keyframe of that key path set.
                let assignments = change.assignments(
                    model: { kp in
                        frames.last(where: { $0.li == li && $0.keyPath == kp })?.frames.last?.value
                            ?? self.layers[li].modelValue(kp) ?? .scalar(0)
                    }, location: loc, rect: r)
                for (keyPath, value) in assignments {
                    let value = keyPath.hasPrefix("bounds.size") ? .scalar(max(value.scalar, 0)) : value
                    let frame = ViewKeyframe(
                        relativeStartTime: kf.relativeStartTime,
                        relativeDuration: kf.relativeDuration, value: value)
                    if let i = frames.firstIndex(where: { $0.li == li && $0.keyPath == keyPath }) {
                        frames[i].frames.append(frame)
                    } else {
                        frames.append((li, keyPath, [frame]))
                    }
                }
            }
        }
        var removed: [(Int, String)] = []
        for (n, f) in zip(1..., frames) {
            let k = "\(block.name)#\(c).\(layers[f.li].name).\(f.keyPath).\(n)"
            removed += layers[f.li].animateKeyframes(
                f.keyPath, f.frames, with: block.animation,
                at: clocks.localTime(f.li, at: time), key: k,
                sparing: Stage.isAnimatorKey
            ).map { (f.li, $0) }
            if block.animation.duration > 0 { calls[c].keys.append((f.li, k)) }
        }
        return removed
    }

    /// Runs a call's completion handler: reports it and calls the blocks chained after it.
    private mutating func complete(_ c: Int, at time: Double) {
        guard !calls[c].done else { return }
        calls[c].done = true
        // Core Animation removes finished animations: their offsets are zero by now, and a long script must not
        // leave every past animation on the layer.
        for (li, k) in calls[c].keys where keyOwner[k] == c {
            layers[li].removeAnimation(forKey: k)
            keyOwner[k] = nil
        }
        events.append(.blockCompleted(time: time, block: calls[c].name, finished: calls[c].removed == 0))
        for (k, b) in scene.blocks.enumerated() where b.start == .after(calls[c].name) { schedule(time, .block(k)) }
    }

    // MARK: Gestures

    private mutating func gesture(_ g: Int, _ s: Int, at time: Double) {
        let gesture = scene.gestures[g]
        let points = gesture.samples[s].points
        guard let vi = layerIndex[gesture.view] else { return }
        func report(_ state: String) {
            events.append(
                .gesture(time: time, name: gesture.name, state: state, point: points.first.map { Vector2($0.x, $0.y) }))
        }
        func reaches(_ p: SIMD2<Double>) -> Bool { self.reaches(p, view: vi, at: time) }
        switch gesture.action {
        case .scroll: scroll(g, s, at: time, reached: s > 0 || reaches(points[0]))
        case .throwing(let drag): throwView(g, s, drag, at: time, reached: s > 0 || reaches(points[0]))
        case .animate(let block):
            guard points.allSatisfy(reaches) else { report("failed"); return }
            report("recognized")
            var rect: [Double]?
            if points.count == 2 { rect = [points[0].x, points[0].y, points[1].x, points[1].y] }
            run(block, at: time, location: points[0], rect: rect)
        case .scrub(let name, let distance, let release, let timing, let factor):
            if s == 0 {
                guard reaches(points[0]) else { failed[g] = true; report("failed"); return }
                failed[g] = false
            }
            guard !failed[g], let a = players.firstIndex(where: { $0.scene.name == name }) else { return }
            let last = s == gesture.samples.count - 1
            // The animator's own time (its layer's).
            let at = animatorTime(a, at: time)
            func call(_ body: (inout PropertyAnimator) throws -> Void) {
                do { try body(&players[a].animator) } catch {
                    rejections.append(("gestures[\(g)].touches[\(s)]", "\(error)"))
                }
            }
            if s == 0 {
                report("began")
                if players[a].animator.state == .inactive, let li = layerIndex[players[a].scene.layer] {
                    logCompletions(a, at: time)
                    players[a].renew(from: layers[li], at: at)
                    loggedCompletions[a] = 0
                }
                call { try $0.pauseAnimation(at: at) }
                if players[a].animator.isReversed { call { try $0.setReversed(false, at: at) } }
                panFraction[g] = players[a].animator.fractionComplete(at: at)
            } else {
                report(last ? "ended" : "changed")
                // translation(in: view): the finger's displacement in the pan view's own space.
                let start = gesture.samples[0].points[0]
                let translation =
                    (local(points[0], in: vi, at: time) ?? points[0]) - (local(start, in: vi, at: time) ?? start)
                let f = min(max(panFraction[g] + translation.x / distance, 0), 1)
                call { try $0.setFractionComplete(f, at: at) }
            }
            syncAnimators(at: time)
            guard last else { return }
            // velocity(in: view) over the last segment that took time (points/s).
            let velocity = fingerVelocity(g, s, at: time, in: vi)
            let reverse: Bool
            switch release {
            case .center:
                let li = layerIndex[players[a].scene.layer]!
                reverse = screenPoint(of: li, at: time).x < screenPoint(of: vi, at: time).x
            case .velocity: reverse = velocity.x < 0
            case .continue: reverse = false
            case .reverse: reverse = true
            }
            call { try $0.setReversed(reverse, at: at) }
            call { try $0.continueAnimation(withTimingParameters: timing, durationFactor: factor, at: at) }
            logCompletions(a, at: time)
            syncAnimators(at: time)
        }
    }

    // MARK: Geometry (``LayerGeometry``)

    /// Whether a touch at p reaches view `vi`: the view hit is it or one of its subviews.
    mutating func reaches(_ p: SIMD2<Double>, view vi: Int, at time: Double) -> Bool {
        var k = hitTest(p, at: time)
        while let j = k {
            if j == vi { return true }
            k = superIndex[j]
        }
        return false
    }

    /// A screen point in layer li's own space (model geometry), or nil when its map is singular (a zero scale).
    mutating func local(_ p: SIMD2<Double>, in li: Int, at t: Double) -> SIMD2<Double>? {
        geometry.local(p, in: li, layers: layers, at: t)
    }

    /// UIView.hitTest(_:with:) over the views (plain layers are not hit): skips views with alpha below 0.01 and views a
    /// block is animating without allowUserInteraction (and their subviews).
    private mutating func hitTest(_ p: SIMD2<Double>, at t: Double) -> Int? {
        let sceneLayers = scene.layers, layers = self.layers, busyUntil = self.busyUntil
        return geometry.hitTest(p, in: layers, at: t) { li in
            sceneLayers[li].isView && (layers[li].modelValue("opacity")?.scalar ?? 1) >= 0.01 && t >= busyUntil[li]
        }
    }

    /// Layer li's presented center (position) on the screen.
    private mutating func screenPoint(of li: Int, at t: Double) -> SIMD2<Double> {
        // Calls made at this same time may have changed the layers since the last map.
        geometry.forget()
        return geometry.screenPosition(of: li, in: layers, at: t).position
    }

    /// A gesture's point and rectangle in the space of superlayer `s` (the screen when nil).
    private mutating func converted(_ location: SIMD2<Double>?, _ rect: [Double]?, into s: Int?, at t: Double) -> (
        SIMD2<Double>?, [Double]?
    ) {
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

extension Stage {
    /// Animator `p`'s time at run time `t`: its layer's local time (UIViewPropertyAnimator's animations are its layer's,
    /// so a paused layer holds the animator too).
    func animatorTime(_ p: Int, at t: Double) -> Double {
        guard let li = layerIndex[players[p].scene.layer] else { return t }
        return clocks.localTime(li, at: t)
    }

    /// Logs animator `p`'s completions since the last look (at run time `completionsCheckedAt[p]`), each at the run
    /// time its layer's clock reached the completion's time: exactly, where the clock ran between the two looks; at
    /// `t` where it stood still (a paused layer: the completion came from a call made now, such as finishAnimation).
    mutating func logCompletions(_ p: Int, at t: Double) {
        let all = players[p].animator.completions
        let previous = completionsCheckedAt[p]
        completionsCheckedAt[p] = t
        guard all.count > loggedCompletions[p] else { return }
        let li = layerIndex[players[p].scene.layer]
        for c in all.dropFirst(loggedCompletions[p]) {
            var time = c.time
            if let li, !clocks.isTrivial {
                let frozen = clocks.localTime(li, at: previous) == clocks.localTime(li, at: t)
                time = frozen ? t : min(max(clocks.firstTime(li, from: previous, reaching: c.time) ?? t, previous), t)
            }
            completionLog[p].append((time, c.position))
        }
        loggedCompletions[p] = all.count
    }

    /// Removes a layer's animation (Core Animation removes one whose isRemovedOnCompletion is true when it stops; time
    /// running backwards later does not bring it back).
    mutating func removeAnimation(layer li: Int, key: String) { layers[li].removeAnimation(forKey: key) }
}
