import Foundation
import Animation
import Dynamics
import IO
import Playback
import Scenes

/// How much a page carries (docs/view.md, "Large runs").
public struct ReplayBudget: Sendable {
    /// Values (columns x rows) the page holds at most: every column of the run when they fit; otherwise the columns the
    /// drawing needs (items' x, y, angle, anchors) and the plotted ones; and when even those do not fit, every k-th row.
    public var maxValues = Limits.maxPageValues
    /// Contact points kept for the contacts toggle (over the whole run); past it the toggle is off and says why.
    public var maxContactPoints = 500_000
    /// Contact events kept for the event list (starts, stops, completions and gestures are always kept).
    public var maxContactEvents = 20_000
    /// The defaults.
    public init() {}
}

/// A scene's run, simulated once and recorded for a page, a still, or both (`dynsim view SCENE --svg F --output P`).
public struct RecordedScene {
    let recording: Recording

    /// Runs `scene` once (every column, whatever its `columns` says), keeping what `budget` allows and the `plot`
    /// columns.
    /// - Throws: `SimulationError` when the run diverges.
    public init(scene: Scene, plot: [String] = [], budget: ReplayBudget = ReplayBudget()) throws {
        recording = try Recording(scene: scene, plot: plot, budget: budget)
    }
}

/// A scene's run recorded for a page or a still: the kept columns at the kept rows, each layer's drawing, items'
/// sleep, contact points and events.
final class Recording {
    let scene: Scene
    let run: SceneRun
    /// Keep every `stride`-th row.
    let stride: Int
    /// Indices into `run.columns` of the kept columns.
    let kept: [Int]
    /// Whether a kept column holds text.
    var isText: [Bool] = []
    /// Kept columns' values (numeric) or texts, row by row.
    var values: [[Double]]
    var texts: [[String]]
    /// Row times.
    var times: [Double] = []
    /// Per layer, per row.
    var drawings: [[LayerDrawing]] = []
    /// Per item, rows [start, end) at which it sleeps.
    var sleep: [[Int]]
    /// Contact points per row, flat (x, y), and the count per row; nil when over budget.
    var contactCounts: [Int]? = []
    var contactPoints: [Double] = []
    var events: [SceneEvent] = []
    var droppedContactEvents = 0
    /// Anchors of unnamed attachments (no column): position per row.
    var unnamedAnchors: [Int: [Vector2]] = [:]
    /// What the page should tell its reader about what was left out.
    var notices: [String] = []

    /// Every how many rows a page keeps so that `columns` × the kept rows (every `stride`-th from the first, and the
    /// last) stay within `maxValues`: 1 when all fit.
    static func stride(columns: Int, rows: Int, maxValues: Int) -> Int {
        guard columns * rows > maxValues else { return 1 }
        // ⌈(rows − 1) / s⌉ + 1 rows are kept (the first of each stride, and the last).
        let most = max(2, maxValues / max(1, columns))
        return max(2, Int((Double(rows - 1) / Double(most - 1)).rounded(.up)))
    }

    /// Runs `scene` (every column, whatever its `columns` says), keeping what `budget` allows; `plot` names columns that
    /// must be kept.
    /// - Throws: ``SimulationError``.
    init(scene original: Scene, plot: [String], budget: ReplayBudget) throws {
        var scene = original
        scene.columns = nil
        self.scene = scene
        let run = SceneRun(scene: scene)
        self.run = run
        let columns = run.columns
        let rows = run.sampleCount
        let drawing = Set(
            scene.items.flatMap { ["\($0.name).x", "\($0.name).y", "\($0.name).angle"] }
                + scene.anchorNames.flatMap { ["\($0).x", "\($0).y"] })
        var kept = Array(columns.indices.dropFirst())
        if kept.count * rows > budget.maxValues {
            let wanted = drawing.union(plot)
            kept = kept.filter { wanted.contains(columns[$0]) }
            notices.append(
                "\(columns.count - 1 - kept.count) of \(columns.count - 1) columns left out of the page (over \(budget.maxValues) values); name columns to keep with --plot"
            )
        }
        stride = Recording.stride(columns: kept.count, rows: rows, maxValues: budget.maxValues)
        if stride > 1 {
            notices.append(
                "one row in \(stride) kept, and the last (\(rows) rows x \(kept.count) columns is over \(budget.maxValues) values)"
            )
        }
        self.kept = kept
        values = Array(repeating: [], count: kept.count)
        texts = Array(repeating: [], count: kept.count)
        sleep = Array(repeating: [], count: scene.items.count)
        drawings = Array(repeating: [], count: scene.layers.count)
        try record(budget: budget)
    }

    private func record(budget: ReplayBudget) throws {
        var asleepSince: [Int?] = Array(repeating: nil, count: scene.items.count)
        var contactEvents = 0
        let unnamed: [(Int, SceneAttachment)] = scene.behaviors.enumerated().compactMap { k, b in
            if case .attachment(let a) = b, a.attachedTo == nil, a.name == nil { return (k, a) }
            return nil
        }
        var kept = 0
        let run = self.run, stride = self.stride, keptColumns = self.kept, rows = run.sampleCount
        try run.run(events: { e in
            switch e {
            case .contactBegan, .contactEnded:
                contactEvents += 1
                if contactEvents > budget.maxContactEvents { self.droppedContactEvents += 1; return }
            default: break
            }
            self.events.append(e)
        }) { row in
            // Every stride-th row, and the last (the run's end state is always shown).
            guard row.index % stride == 0 || row.index == rows - 1 else { return }
            if kept == 0 { self.isText = keptColumns.map { row.texts[$0] != nil } }
            for (j, c) in keptColumns.enumerated() {
                if let s = row.texts[c] { self.texts[j].append(s) } else { self.values[j].append(row.values[c]) }
            }
            self.times.append(row.time)
            if !self.drawings.isEmpty {
                for (li, d) in run.layerDrawings(at: row.time).enumerated() { self.drawings[li].append(d) }
            }
            for i in self.scene.items.indices {
                let awake = run.world.isAwake(ItemID(i))
                if !awake && asleepSince[i] == nil { asleepSince[i] = kept }
                if awake, let s = asleepSince[i] { self.sleep[i] += [s, kept]; asleepSince[i] = nil }
            }
            for (k, a) in unnamed {
                let p = a.drag.map { $0.path.position(at: row.time) } ?? a.anchorPoint ?? .zero
                self.unnamedAnchors[k, default: []].append(p)
            }
            if self.contactCounts != nil {
                let points = run.world.contactPoints()
                if self.contactPoints.count / 2 + points.count > budget.maxContactPoints {
                    self.contactCounts = nil
                    self.contactPoints = []
                    self.notices.append("contacts left out (over \(budget.maxContactPoints) contact points in the run)")
                } else {
                    self.contactCounts!.append(points.count)
                    for p in points { self.contactPoints += [p.point.x, p.point.y] }
                }
            }
            kept += 1
        }
        for i in scene.items.indices { if let s = asleepSince[i] { sleep[i] += [s, kept] } }
        if droppedContactEvents > 0 {
            notices.append(
                "\(droppedContactEvents) contact events left out of the event list (over \(budget.maxContactEvents))")
        }
    }
}
