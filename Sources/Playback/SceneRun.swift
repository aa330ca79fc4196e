import Foundation
import Animation
import Dynamics
import IO
import Scenes

/// The simulation produced a non-finite number: reported instead of writing nan or inf. The CLI exits 1, or 65 when
/// the scene's data made it (``badData``).
public struct SimulationError: Error, CustomStringConvertible, Sendable {
    /// Time of the row that failed, seconds.
    public var time: Double
    /// The first non-finite column.
    public var column: String
    /// What went wrong instead of a non-finite column, when set.
    public var reason: String?
    /// The scene's field that made the column non-finite and why, when it is the data's doing rather than the
    /// solver's (layers nested with scales whose product passes a Double): an input error (``inputError(file:)``).
    public var badData: (path: String, message: String)?

    /// A non-finite `column` at `time`, or a stop for `reason`.
    public init(time: Double, column: String, reason: String? = nil) {
        self.time = time
        self.column = column
        self.reason = reason
    }

    /// The input error naming `file` and the field, when the scene's data made the run fail (``badData``).
    public func inputError(file: String) -> InputError? {
        badData.map { InputError(file: file, path: $0.path, message: $0.message) }
    }
    /// `simulation diverged at t = T s: COLUMN is not finite`, or `simulation stopped at t = T s: REASON`.
    public var description: String {
        if let reason { return "simulation stopped at t = \(NumberFormat.shortest(time)) s: \(reason)" }
        return "simulation diverged at t = \(NumberFormat.shortest(time)) s: \(column) is not finite"
    }
}

/// One output row of a run: the scene's output columns (``SceneRun/columns``) at one time.
public struct SceneRow {
    /// Row number, from 0.
    public let index: Int
    /// Seconds: index / rate.
    public let time: Double
    /// Each column's value, in column order: points, radians, points/s, rad/s, 0 ... 1 fractions and colors, 0 or 1
    /// flags; 0 in a text column.
    public let values: [Double]
    /// Each column's text for text columns (layer text, animator state), nil for numeric ones. Writers print the
    /// text in place of the number.
    public let texts: [String?]

    /// The value of column `k`.
    public subscript(k: Int) -> Double { values[k] }
}

/// Builds a `World` from a `Scene` and samples it at the scene's output rate, row by row, without holding the
/// trajectory in memory.
///
/// Sampling: row i is at t = i / rate, for i = 0 ... ⌊duration x rate⌋. The physics runs at its own fixed sub-step
/// h = timeStep / subSteps whatever the rate. A row whose time is within 1e-6 h of a sub-step boundary reports that
/// sub-step's state exactly, so rows at shared times agree bit for bit across rates. A row between two sub-steps is
/// interpolated on that interval: positions and angles by the cubic Hermite curve through both end states and their
/// velocities (exact for uniformly accelerated motion), velocities and angular velocities linearly. Anchor columns give
/// the anchor the solver uses at that time (`World/anchorPosition(of:at:)`).
public final class SceneRun {
    /// The scene being run.
    public let scene: Scene
    /// The world built from it.
    public let world: World
    /// Output column names, in order (`t` first unless the scene's `columns` says otherwise).
    public let columns: [String]
    /// Item ids by name, and attachment ids of anchors by anchor name.
    public let itemIDs: [String: ItemID]
    /// Attachment ids of the anchors, by anchor name.
    public let anchorIDs: [String: AttachmentID]

    private enum Source {
        case time
        case item(Int, Int)  // item index, property (x, y, angle, vx, vy, omega)
        case anchor(AttachmentID, Int)
        case layer(Int, String, Int?)  // layer index, key path, component
        case contents(Int, Int)  // layer index, index into `contentsColumnSuffixes`
        case root(Int, Int)  // layer index, index into `sublayerColumnSuffixes`
        case animator(Int, Int)  // animator index, index into `animatorColumnSuffixes`
        case scroll(Int, Int)  // scroll view index, index into `scrollViewColumnSuffixes`
    }
    /// The scene's layers with their animations, begin times resolved (an `after` animation starts when its
    /// predecessor stops).
    public var layers: [Layer] { stage.layers }
    /// The scene's layers with their animations, as the run starts (the stage's dry run for the checks starts here).
    let startLayers: [Layer]
    /// The interactive side (animators, blocks, gestures), played in time order.
    private var stage: Stage
    private var players: [AnimatorPlayer] { stage.players }
    /// Start and stop times of each animation (layer, key, start, stop), for the events stream.
    private var animationTimes: [(layer: String, key: String, start: Double, stop: Double)] = []
    private let sources: [Source]
    private var snapshot = WorldSnapshot()
    private var values: [Double]
    /// The layer tree's geometry (sublayers' screen positions).
    var geometry: LayerGeometry
    /// Animations removed when they stop (isRemovedOnCompletion; not transitions, whose contents stay): layer, key and
    /// stop in the run's time, by stop; and the next to remove.
    private var removals: [(layer: Int, key: String, stop: Double)] = []
    private var nextRemoval = 0
    /// How many completions of each animator have been reported as events.
    private var reportedCompletions: [Int] = []
    /// The text of each text column (`<layer>.text`, `<layer>.old.text`, `<animator>.state`) for the row being filled,
    /// nil for numeric columns.
    private var texts: [String?]

    /// Builds the world: items in order, then behaviors in order.
    /// - Precondition: the scene is valid (as `SceneDecoder` or `Catalog` produce).
    public init(scene: Scene) {
        self.scene = scene
        let (world, itemIDs, anchorIDs) = SceneRun.buildWorld(scene)
        self.world = world
        self.itemIDs = itemIDs
        // One clock for the whole run: the stage, the rows' geometry and the timeline all read it.
        let clocks = SceneRun.clocks(of: scene)
        let resolved = SceneRun.resolvedAnimations(of: scene, clocks: clocks)
        self.startLayers = SceneRun.layers(of: scene, resolved: resolved)
        self.stage = Stage(scene: scene, layers: startLayers, clocks: clocks)
        self.anchorIDs = anchorIDs
        self.columns = scene.outputColumns
        let itemIndex = Dictionary(uniqueKeysWithValues: scene.items.enumerated().map { ($1.name, $0) })
        // Layers and animators by name (names are unique across a scene): a scan per column made a scene of n layers,
        // about 17 columns each, cost O(n²) to start (15 s for 20,000 layers).
        let layerIndex = Dictionary(
            scene.layers.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        let animatorIndex = Dictionary(
            scene.animators.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        let layerColumns = Dictionary(uniqueKeysWithValues: LayerProperty.all.flatMap(\.columns).map { ($0.name, $0) })
        let scrollIndex = Dictionary(uniqueKeysWithValues: scene.scrollViews.enumerated().map { ($1.name, $0) })
        self.sources = columns.map { column in
            if column == "t" { return .time }
            let dot = column.lastIndex(of: ".")!
            let owner = String(column[..<dot]), property = String(column[column.index(after: dot)...])
            if let i = itemIndex[owner] { return .item(i, SceneItem.columnSuffixes.firstIndex(of: property)!) }
            if let a = animatorIndex[owner] {
                return .animator(a, animatorColumnSuffixes.firstIndex(of: property)!)
            }
            if let anchor = anchorIDs[owner] { return .anchor(anchor, property == "x" ? 0 : 1) }
            // A layer column: <layer>.<keyPath>, the key path possibly with a component.
            let first = column.firstIndex(of: ".")!
            if let k = scrollIndex[String(column[..<first])] {
                return .scroll(
                    k, scrollViewColumnSuffixes.firstIndex(of: String(column[column.index(after: first)...]))!)
            }
            let layerName = String(column[..<first]), keyPath = String(column[column.index(after: first)...])
            let li = layerIndex[layerName]!
            if scene.layers[li].isView, let c = viewColumns.first(where: { $0.suffix == keyPath }) {
                return .layer(li, c.keyPath, c.component)
            }
            if let c = layerColumns[keyPath] { return .layer(li, c.keyPath, c.component) }
            if let k = layerContentsColumnSuffixes.firstIndex(of: keyPath) { return .contents(li, k) }
            return .root(li, sublayerColumnSuffixes.firstIndex(of: keyPath)!)
        }
        self.values = Array(repeating: 0, count: columns.count)
        self.reportedCompletions = Array(repeating: 0, count: scene.animators.count)
        self.geometry = LayerGeometry(clocks: clocks)
        self.animationTimes = SceneRun.animationTimes(of: scene, resolved: resolved, clocks: clocks)
        self.removals = zip(zip(scene.animations, resolved), animationTimes).compactMap { pair, times in
            let (a, animation) = pair
            if case .transition = animation { return nil }
            guard animation.effectiveTiming.isRemovedOnCompletion, times.stop.isFinite, let li = layerIndex[a.layer]
            else { return nil }
            return (li, a.key, max(times.stop, 0))
        }.sorted { $0.stop < $1.stop }
        self.texts = Array(repeating: nil, count: columns.count)
    }

    /// The world of a scene: its items in order, then its behaviors in order; the item ids by name and the
    /// attachment ids of the named anchors. A behavior's reference to a name that is not one of the scene's items
    /// (which the decoder refuses) is left out rather than trapped on: a scene built in Swift gets no crash from it.
    static func buildWorld(_ scene: Scene) -> (World, [String: ItemID], [String: AttachmentID]) {
        let world = World(profile: scene.profile, timeStep: scene.timeStep, subSteps: scene.effectiveSubSteps)
        world.referenceBounds = (
            Vector2(scene.bounds.x, scene.bounds.y), Vector2(scene.bounds.width, scene.bounds.height)
        )
        var itemIDs: [String: ItemID] = [:]
        for item in scene.items { itemIDs[item.name] = world.addItem(item.definition) }
        var anchorIDs: [String: AttachmentID] = [:]
        for behavior in scene.behaviors {
            switch behavior {
            case .gravity(let g):
                let ids = (g.items ?? scene.items.map(\.name)).compactMap { itemIDs[$0] }
                world.addGravity(GravityBehavior(items: ids, gravityDirection: g.gravityDirection))
            case .push(let p):
                world.addPush(
                    PushBehavior(
                        items: p.items.compactMap { itemIDs[$0] }, mode: p.mode, pushDirection: p.pushDirection,
                        targetOffsetFromCenter: p.targetOffsetFromCenter, beginTime: p.beginTime,
                        endTime: p.endTime ?? .infinity))
            case .collision(let c):
                var boundaries: [(identifier: String, from: Vector2, to: Vector2)] = []
                for b in c.boundaries {
                    for (from, to) in b.segments { boundaries.append((b.identifier, from, to)) }
                }
                world.addCollision(
                    CollisionBehavior(
                        items: c.items.compactMap { itemIDs[$0] }, mode: c.collisionMode,
                        translatesReferenceBoundsIntoBoundary: c.translatesReferenceBoundsIntoBoundary,
                        boundaries: boundaries))
            case .field(let sf):
                var field = sf.field
                field.items = sf.items.compactMap { itemIDs[$0] }
                world.addField(field)
            case .snap(let snap):
                guard let item = itemIDs[snap.item] else { continue }
                world.addSnap(SnapBehavior(item: item, snapPoint: snap.snapPoint, damping: snap.damping))
            case .addVelocity(let a):
                guard let item = itemIDs[a.item] else { continue }
                world.addVelocity(a.linearVelocity, angularVelocity: a.angularVelocity, to: item, at: a.time)
            case .attachment(let a):
                guard let item = itemIDs[a.item] else { continue }
                let end: AttachmentBehavior.End
                if let name = a.attachedTo {
                    guard let other = itemIDs[name] else { continue }
                    end = .item(other, offsetFromCenter: a.attachedOffsetFromCenter)
                } else {
                    end = .anchor(point: a.anchorPoint ?? .zero, path: a.drag?.path)
                }
                let id = world.addAttachment(
                    AttachmentBehavior(
                        item: item, offsetFromCenter: a.offsetFromCenter, attachedTo: end, length: a.length,
                        frequency: a.frequency, damping: a.damping))
                if let name = a.name { anchorIDs[name] = id }
            }
        }
        return (world, itemIDs, anchorIDs)
    }

    /// Number of rows: ⌊duration x rate⌋ + 1 (a tolerance of 1e-9 absorbs rounding, so 10 s at 60 Hz is 601 rows).
    public var sampleCount: Int { Int((scene.duration * scene.rate + 1e-9).rounded(.down)) + 1 }

    /// The time of row i in seconds: i / rate.
    public func sampleTime(_ i: Int) -> Double { Double(i) / scene.rate }

    /// A physics event as a typed scene event, with the scene's names.
    private func sceneEvent(_ e: ContactEvent) -> SceneEvent {
        let item = scene.items[e.item].name
        let other = e.otherItem.map { scene.items[$0].name } ?? (e.boundary.map { $0.isEmpty ? "bounds" : $0 } ?? "")
        switch e.kind {
        case .begin: return .contactBegan(time: e.time, item: item, other: other, point: e.point)
        case .end: return .contactEnded(time: e.time, item: item, other: other)
        case .rest: return .rest(time: e.time, item: item)
        }
    }

    /// How many runs (``run(events:_:)`` calls) this process has started: what a test reads to see that a command
    /// simulates a scene once (`view SCENE --svg F --output P`). Safe to read while a sweep runs scenes on several
    /// threads.
    public static var runsStarted: Int { runsLock.withLock { runCount } }
    private static let runsLock = NSLock()
    nonisolated(unsafe) private static var runCount = 0

    /// Runs the scene, calling `body` with each row (``SceneRow``) as it is computed, and `events` (when given) with
    /// each event (contacts, rests, animation starts and stops, completions, gestures) as it happens, before the row
    /// at or after its time.
    /// - Throws: ``SimulationError`` when a value is not finite (before that row is passed on), or whatever `body` or
    ///   `events` throws.
    public func run(events: ((SceneEvent) throws -> Void)? = nil, _ body: (SceneRow) throws -> Void) throws {
        SceneRun.runsLock.withLock { SceneRun.runCount += 1 }
        world.recordsEvents = events != nil
        let h = world.subStepDuration
        for i in 0..<sampleCount {
            let t = sampleTime(i)
            stage.advance(to: t)
            while nextRemoval < removals.count && removals[nextRemoval].stop <= t {
                stage.removeAnimation(layer: removals[nextRemoval].layer, key: removals[nextRemoval].key)
                nextRemoval += 1
            }
            let position = t / h
            let nearest = position.rounded()
            if abs(position - nearest) <= 1e-6 {
                world.advance(toStep: Int(nearest))
                fillFromWorld(t: t)
            } else {
                let n0 = Int(position.rounded(.down))
                if snapshot.step != n0 {
                    world.advance(toStep: n0)
                    world.capture(into: &snapshot)
                }
                world.advance(toStep: n0 + 1)
                var s = position - Double(n0)
                // Across a drag path's jump (precise) there is no motion to interpolate: the row holds the state
                // before the jump, or from its time on the one after it.
                if let jump = world.anchorJumpTime(after: world.time(ofStep: n0), through: world.time(ofStep: n0 + 1)) {
                    s = t < jump ? 0 : 1
                }
                fillInterpolated(t: t, s: s, h: h)
            }
            if world.contactLimitExceeded {
                throw SimulationError(
                    time: t, column: "",
                    reason:
                        "more than \(NumberFormat.shortest(Double(World.maxContacts))) contacts, or \(NumberFormat.shortest(Double(World.maxCandidatePairs))) pairs of items whose bounding circles overlap, in one sub-step (items piled on one another by the thousand, or long items each crossing thousands of others), the limit that bounds memory; spread the items out"
                )
            }
            for (k, v) in values.enumerated() where !v.isFinite {
                var failure = SimulationError(time: t, column: columns[k])
                // A sublayer's screen position passes a Double when the scales down its chain multiply past one.
                if case .root(let li, _) = sources[k] {
                    failure.badData = SceneRun.layerOverflow(li, in: scene, layers: layers, at: t, geometry: &geometry)
                }
                throw failure
            }
            if let events {
                for e in world.takeEvents() { try events(sceneEvent(e)) }
                // Animation delegate events: animationDidStart and animationDidStop(finished: true) at their times.
                let previous = i == 0 ? -Double.infinity : sampleTime(i - 1)
                // Animator completions (the completion blocks' position).
                for (k, player) in players.enumerated() {
                    // In the run's time, across the animator's renewals (``Stage/completionLog``).
                    for c in stage.completionLog[k].dropFirst(reportedCompletions[k]) {
                        try events(
                            .animatorCompleted(time: c.time, animator: player.scene.name, position: c.position.rawValue)
                        )
                    }
                    reportedCompletions[k] = stage.completionLog[k].count
                }
                for e in stage.takeEvents() { try events(e) }
                for a in animationTimes {
                    // An animation that began before the scene (negative beginTime) starts, as on iOS, when it is
                    // added: at 0; so does one that ended before the scene, and it stops there too.
                    let a = (layer: a.layer, key: a.key, start: max(a.start, 0), stop: max(a.stop, 0))
                    if a.start > previous && a.start <= t {
                        try events(.animationStarted(time: a.start, layer: a.layer, key: a.key))
                    }
                    if a.stop > previous && a.stop <= t {
                        try events(.animationStopped(time: a.stop, layer: a.layer, key: a.key))
                    }
                }
            }
            try body(SceneRow(index: i, time: t, values: values, texts: texts))
        }
    }

    private func fillFromWorld(t: Double) {
        for (k, source) in sources.enumerated() {
            switch source {
            case .time: values[k] = t
            case let .item(i, p):
                let id = ItemID(i)
                switch p {
                case 0: values[k] = world.position(of: id).x
                case 1: values[k] = world.position(of: id).y
                case 2: values[k] = world.angle(of: id)
                case 3: values[k] = world.velocity(of: id).x
                case 4: values[k] = world.velocity(of: id).y
                default: values[k] = world.angularVelocity(of: id)
                }
            default:
                fillNonItem(k, source, t)
            }
        }
    }

    /// A sublayer's position on the screen, or its x-axis direction there (``LayerGeometry/screenPosition(of:in:at:)``).
    private func rootValue(_ li: Int, _ field: Int, _ t: Double) -> Double {
        let p = geometry.screenPosition(of: li, in: layers, at: t)
        switch field {
        case 0: return p.position.x
        case 1: return p.position.y
        default: return p.rotation
        }
    }

    private func fillContents(_ k: Int, _ li: Int, _ field: Int, _ t: Double) {
        let lt = geometry.clocks.localTime(li, at: t)
        let b = layers[li].presentationValue("bounds", at: lt)?.components ?? [0, 0, 0, 0]
        let c = layers[li].presentedContents(at: lt, size: SIMD2(b[2], b[3]))
        values[k] = 0
        switch field {
        case 0: texts[k] = c.text
        case 1...4: values[k] = c.textColor.components[field - 1]
        case 5: values[k] = c.transition.progress
        case 6: texts[k] = c.oldText
        case 7: values[k] = c.transition.oldOpacity
        case 8: values[k] = c.transition.oldOffset.x
        case 9: values[k] = c.transition.oldOffset.y
        case 10: values[k] = c.transition.newOpacity
        case 11: values[k] = c.transition.newOffset.x
        default: values[k] = c.transition.newOffset.y
        }
    }

    /// Columns that do not come from an item's state: anchors, layers, contents, sublayers, animators.
    private func fillNonItem(_ k: Int, _ source: Source, _ t: Double) {
        switch source {
        case .time, .item: break
        case let .anchor(id, axis): values[k] = world.anchorPosition(of: id, at: t)[axis]
        case let .layer(li, keyPath, component): values[k] = layerValue(li, keyPath, component, t)
        case let .contents(li, field): fillContents(k, li, field, t)
        case let .root(li, field): values[k] = rootValue(li, field, t)
        case let .animator(a, field): fillAnimator(k, a, field, t)
        case let .scroll(v, field):
            let scroller = stage.scrollers[v]
            switch field {
            case 0, 1: values[k] = scroller.contentOffset(at: t)[field]
            case 2: values[k] = scroller.isDragging ? 1 : 0
            default: values[k] = scroller.isDecelerating(at: t) ? 1 : 0
            }
        }
    }

    private func layerValue(_ li: Int, _ keyPath: String, _ component: Int?, _ t: Double) -> Double {
        // Animators have set the model of what they drive for this row (``Stage``): the presentation is the answer.
        guard let v = layers[li].presentationValue(keyPath, at: geometry.clocks.localTime(li, at: t)) else { return 0 }
        return v.components[component ?? 0]
    }

    private func fillAnimator(_ k: Int, _ a: Int, _ field: Int, _ t: Double) {
        let animator = players[a].animator
        values[k] = 0
        switch field {
        case 0: texts[k] = animator.state.rawValue
        case 1: values[k] = animator.fractionComplete(at: stage.animatorTime(a, at: t))
        case 2: values[k] = animator.isRunning ? 1 : 0
        default: values[k] = animator.isReversed ? 1 : 0
        }
    }

    private func fillInterpolated(t: Double, s: Double, h: Double) {
        let s2 = s * s, s3 = s2 * s
        let h00 = 2 * s3 - 3 * s2 + 1, h10 = (s3 - 2 * s2 + s) * h
        let h01 = -2 * s3 + 3 * s2, h11 = (s3 - s2) * h
        func hermite(_ p0: Double, _ v0: Double, _ p1: Double, _ v1: Double) -> Double {
            h00 * p0 + h10 * v0 + h01 * p1 + h11 * v1
        }
        func lerp(_ a: Double, _ b: Double) -> Double { a + (b - a) * s }
        for (k, source) in sources.enumerated() {
            switch source {
            case .time: values[k] = t
            case let .item(i, p):
                let id = ItemID(i)
                let x0 = snapshot.position[i], v0 = snapshot.velocity[i]
                let x1 = world.position(of: id), v1 = world.velocity(of: id)
                switch p {
                case 0: values[k] = hermite(x0.x, v0.x, x1.x, v1.x)
                case 1: values[k] = hermite(x0.y, v0.y, x1.y, v1.y)
                case 2:
                    values[k] = hermite(
                        snapshot.angle[i], snapshot.angularVelocity[i], world.angle(of: id),
                        world.angularVelocity(of: id))
                case 3: values[k] = lerp(v0.x, v1.x)
                case 4: values[k] = lerp(v0.y, v1.y)
                default: values[k] = lerp(snapshot.angularVelocity[i], world.angularVelocity(of: id))
                }
            default:
                fillNonItem(k, source, t)
            }
        }
    }
}
