import Foundation
import IO
import Playback
import Scenes

/// One run's row of a sweep's table.
public struct SweepResult: Equatable, Sendable {
    /// The run's stable id: the first 16 hex digits of the SHA-256 of its expanded scene (`SceneEncoder/text(_:)`),
    /// so the same scene has the same id in every sweep, shard and machine.
    public var id: String
    /// The varied fields' values, in the plan's path order.
    public var values: [Double]
    /// Each metric's value (nil: the run cannot give it), in the sweep's metric order.
    public var metrics: [Double?]
    /// nil for a run that completed; else why it has no metrics (it diverged, or its scene was refused).
    public var failure: String?
    /// nil unless the run's kept copy (`--keep-runs`) could not be written: an output failure, which ends the sweep
    /// (the row is not written), never a failed run's row. Not part of equality.
    public var outputFailure: String?
    /// The run's wall time in seconds (reading its scene, running and measuring it): for a side manifest only, never
    /// the table, which stays the same bytes run after run. Not part of equality.
    public var seconds = 0.0

    /// Equal rows: id, values, metrics and failure (the wall time left out).
    public static func == (a: SweepResult, b: SweepResult) -> Bool {
        a.id == b.id && a.values == b.values && a.metrics == b.metrics && a.failure == b.failure
    }

    /// A row: the run's id, its varied values, its metrics, and why it failed (nil: it completed).
    public init(id: String, values: [Double], metrics: [Double?], failure: String?) {
        self.id = id
        self.values = values
        self.metrics = metrics
        self.failure = failure
    }
}

/// A sweep: a scene (as JSON), the plan of values to set in it, and the metrics to measure on each run.
public struct Sweep: Sendable {
    /// The scene before any value is set.
    public var base: JSON
    /// The runs.
    public var plan: SweepPlan
    /// What each run measures.
    public var metrics: [SweepMetric]
    /// Reads a run's scene from its JSON (the scene file's decoder, so its CSVs are found beside it), and applies the
    /// command line's overrides (duration, rate, profile).
    public var decode: @Sendable (JSON) throws -> Scene
    /// The scene's name in a refused run's reason.
    public var fileName: String
    /// A folder to write each run's rows into too (`run-<index>.csv`, as `dynsim run` writes them), or nil.
    public var keepRuns: String?
    /// What the caller changes in each scene after reading it (`duration=2`), part of each run's id.
    public var settings = ""

    /// The columns the metrics read, each once, in the metrics' order.
    var needed: [String] {
        var seen = Set<String>()
        return metrics.flatMap(\.columns).filter { seen.insert($0).inserted }
    }

    /// A sweep of `base` (named `fileName` in messages) over `plan`, measuring `metrics`, each run's scene read by
    /// `decode`.
    public init(
        base: JSON, fileName: String = "scene", plan: SweepPlan, metrics: [SweepMetric],
        decode: @escaping @Sendable (JSON) throws -> Scene
    ) {
        self.base = base
        self.fileName = fileName
        self.plan = plan
        self.metrics = metrics
        self.decode = decode
    }

    /// The scene file of run `k`: the base with each varied field set to the run's value.
    /// - Throws: ``SweepError`` for a path that is not a numeric field.
    public func expanded(_ k: Int) throws -> JSON {
        var json = base
        for (path, value) in zip(plan.paths, plan.points[k]) {
            json = try ScenePath.setting(value, at: path, in: json)
        }
        return json
    }

    /// The scene of run `k`.
    /// - Throws: ``SweepError`` for a path that is not a numeric field; the decoder's `InputError` for a value out of
    ///   its field's range or a field the scene's object does not have.
    public func scene(_ k: Int) throws -> Scene { try decode(try expanded(k)) }

    /// A run's stable id: the first 16 hex digits of the SHA-256 of its expanded scene file (``expanded(_:)``) and the
    /// sweep's ``settings``, so the same run has the same id in every sweep, shard and machine.
    public func id(of json: JSON) -> String {
        String(SHA256.hex(Array((JSONWriter.write(json) + "\n" + settings).utf8)).prefix(16))
    }

    /// Checks the plan before anything runs: each varied field at its least and greatest value (a field's range is
    /// an interval, so the two ends stand for every value between), and at its first value that is not a whole
    /// number (a field that takes whole numbers refuses it); and every metric's columns in the first run's output. A
    /// value refused for another reason (a rule between fields) makes its run a failed row, not the sweep's end.
    /// - Throws: the first problem, as ``scene(_:)`` says it, or ``SweepError`` (`--metric`) for a column the run
    ///   does not write.
    public func check() throws {
        for (a, path) in plan.paths.enumerated() {
            let values = plan.points.map { $0[a] }
            guard let low = values.min(), let high = values.max() else { continue }
            let fraction = values.first { $0 != $0.rounded() }
            for value in [low, high] + (fraction.map { [$0] } ?? []) {
                _ = try decode(try ScenePath.setting(value, at: path, in: base))
            }
        }
        guard !plan.points.isEmpty else { return }
        let columns = Set(SceneRun(scene: try scene(0)).columns)
        for m in metrics {
            for c in m.columns where !columns.contains(c) {
                let hint = m.kind == .maxspeed ? " (maxspeed takes an item's name)" : ""
                throw SweepError("--metric", "\(quoted(c)) is not a column of the run\(hint), got \(quoted(m.name))")
            }
        }
    }

    /// The sweep's identity, the same in every shard: the SHA-256 of its base scene, settings, plan, metrics and
    /// table format (`csv` or `jsonl`).
    public func identity(format: String) -> String {
        var text = ["dynsim-sweep 1", format, settings, JSONWriter.write(base)] + metrics.map(\.name) + plan.paths
        text += plan.points.map { $0.map(NumberFormat.shortest).joined(separator: ",") }
        return SHA256.hex(Array(text.joined(separator: "\n").utf8))
    }

    /// Runs `k` and measures it. A run that diverges, or that `dynsim run` would refuse before starting
    /// (`SceneRun/inputProblems(fileName:)`), is a result with its reason.
    public func run(_ k: Int) -> SweepResult {
        var result = SweepResult(id: "", values: plan.points[k], metrics: metrics.map { _ in nil }, failure: nil)
        let start = DispatchTime.now().uptimeNanoseconds
        do {
            let json = try expanded(k)
            result.id = id(of: json)
            var scene = try decode(json)
            // Only the columns the metrics read are filled, unless every row is kept.
            if keepRuns == nil { scene.columns = needed.isEmpty ? ["t"] : needed }
            result.metrics = try measure(scene, run: k)
        } catch let e as KeptRunError {
            result.outputFailure = e.message
        } catch {
            result.failure = "\(error)"
        }
        result.seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return result
    }

    /// The metrics of one run of `scene`: only the columns and events they read are kept.
    func measure(_ scene: Scene, run k: Int) throws -> [Double?] {
        let run = SceneRun(scene: scene)
        // What `dynsim run` refuses before it starts (a script call UIKit rejects, an item inside a boundary ...).
        if let problem = run.inputProblems(fileName: fileName).first { throw problem }
        let wanted = metrics.map { m in m.columns.map { c in run.columns.firstIndex(of: c)! } }
        let kept = Array(Set(wanted.joined())).sorted()
        var times: [Double] = [], series = [[Double]](repeating: [], count: kept.count)
        let eventKinds = Set(metrics.filter { $0.kind == .event || $0.kind == .count }.map(\.subject))
        var events: [SceneEvent] = []
        let onEvent: ((SceneEvent) throws -> Void)? =
            eventKinds.isEmpty ? nil : { e in if eventKinds.contains(e.fields[0]) { events.append(e) } }
        let wantsEnergy = metrics.contains { $0.kind == .energy }
        let wantsConstraint = metrics.contains { $0.kind == .constraint }
        var errors = WorldErrors(energy: wantsEnergy ? 0 : nil, constraint: wantsConstraint ? 0 : nil)
        let startEnergy = wantsEnergy ? run.world.mechanicalEnergy() : 0
        let copy = try KeptRun.wrapping { try keepRuns.map { try KeptRun(folder: $0, run: k, columns: run.columns) } }
        do {
            try run.run(events: onEvent) { row in
                try KeptRun.wrapping { try copy?.writer.row(row.values, texts: row.texts) }
                times.append(row.time)
                for (j, c) in kept.enumerated() { series[j].append(row.values[c]) }
                if wantsEnergy { errors.energy = max(errors.energy!, abs(run.world.mechanicalEnergy() - startEnergy)) }
                if wantsConstraint { errors.constraint = max(errors.constraint!, run.world.maxRigidLengthError()) }
            }
            // A run checks only its output columns for values that are not finite; the rest of the world too.
            guard run.world.isFinite else {
                throw SimulationError(
                    time: times.last ?? 0, column: "the world", reason: "a position or velocity is not finite")
            }
            try KeptRun.wrapping { try copy?.commit() }
        } catch {
            copy?.file.discard()
            throw error
        }
        return metrics.enumerated().map { i, m in
            m.value(
                times: times, series: wanted[i].map { series[kept.firstIndex(of: $0)!] }, events: events,
                world: errors)
        }
    }

    /// Runs every point on `jobs` threads and hands each result to `write` in plan order as soon as the runs before it
    /// are done, so the table is the same bytes whatever `jobs` is. `runs` limits which runs (a shard's share).
    /// - Throws: whatever `write` throws (the first; the remaining runs are skipped).
    public func run(runs: [Int]? = nil, jobs: Int, write: @escaping (Int, SweepResult) throws -> Void) throws {
        let order = runs ?? Array(plan.points.indices)
        let state = OrderedResults(count: order.count, write: write)
        DispatchQueue.concurrentPerform(iterations: Swift.max(1, Swift.min(jobs, order.count))) { _ in
            while let i = state.claim() {
                state.finish(i, order[i], run(order[i]))
            }
        }
        if let error = state.error { throw error }
    }
}

/// The results of runs on several threads, written in order: each worker claims the next run, and whoever finishes
/// the run the writer waits for writes it and every finished one after it.
final class OrderedResults: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0, written = 0
    private var done: [Int: (Int, SweepResult)] = [:]
    private let count: Int
    private let write: (Int, SweepResult) throws -> Void
    private(set) var error: Error?

    init(count: Int, write: @escaping (Int, SweepResult) throws -> Void) {
        self.count = count
        self.write = write
    }

    /// The next run's place in the order, or nil when all are claimed or writing failed.
    func claim() -> Int? {
        lock.withLock {
            guard next < count, error == nil else { return nil }
            next += 1
            return next - 1
        }
    }

    /// Stores run `i`'s result and writes every result now due, in order.
    func finish(_ i: Int, _ run: Int, _ result: SweepResult) {
        lock.withLock {
            done[i] = (run, result)
            while error == nil, let (r, due) = done.removeValue(forKey: written) {
                do { try write(r, due) } catch { self.error = error }
                written += 1
            }
        }
    }
}

/// One run's rows kept in a file (`--keep-runs`): written as they come, the file appearing only complete.
struct KeptRun {
    let file: OutputFile
    let writer: RowWriter

    /// What `body` returns; any error it throws becomes a ``KeptRunError`` (an output failure, not the run's).
    static func wrapping<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch let e as OutputFile.Failure {
            throw KeptRunError(message: "--keep-runs: " + e.message)
        } catch {
            throw KeptRunError(message: "--keep-runs: cannot write a run's copy (\(error))")
        }
    }

    /// `folder/run-<index>.csv`, opened and its header written.
    /// - Throws: `OutputFile/Failure` naming the file.
    init(folder: String, run: Int, columns: [String]) throws {
        let name = String(run)
        file = try OutputFile(folder + "/run-" + String(repeating: "0", count: max(0, 6 - name.count)) + name + ".csv")
        let stream = FileSink(file.stream)
        writer = RowWriter(format: .csv, columns: columns) { try stream.write($0) }
        try writer.header()
    }

    func commit() throws {
        try writer.finish()
        try file.commit()
    }
}

/// A run's kept copy (`--keep-runs`) could not be written (a full disk, a folder made read-only): an output failure
/// that ends the sweep, told apart from the run's own failure.
public struct KeptRunError: Error, CustomStringConvertible, Sendable {
    /// What could not be written, naming the option and the file.
    public var message: String
    /// The message.
    public var description: String { message }
}
