import Foundation
import IO
import Playback
import Scenes
import Traces

/// Why a bake cannot be made as asked, naming the option, object or file, exit 64 (`usage`) or 65 (the data).
public struct BakeError: Error, CustomStringConvertible, Sendable {
    /// The option or file the problem is in, for the message's start (`--objects`, `swinging-view`).
    public var subject: String
    /// What is wrong, with the fix where there is one.
    public var message: String
    /// Whether the command line is at fault (64) rather than the scene or run (65).
    public var isUsage: Bool
    /// A problem with `subject`.
    public init(_ subject: String, _ message: String, isUsage: Bool) {
        (self.subject, self.message, self.isUsage) = (subject, message, isUsage)
    }
    /// `<subject>: <message>`, as printed after `dynsim: error: `.
    public var description: String { "\(subject): \(message)" }
}

/// An object's sampled channels before reduction.
struct SampledObject {
    var name: String
    var kind: BakedObject.Kind
    var shape: BakedObject.Shape
    var color: [Double]
    var channels: [(BakeProperty, [Double])]
    /// Whether it turns out of the screen's plane (a 3D transform): only targets that can express that take it.
    var is3D = false
    /// Why it cannot be baked (its size changes, its superview scales), thrown only if it is chosen.
    var problem: BakeError? = nil
}

extension Bake {
    /// The rate a scene is sampled at to bake it and to measure the error, Hz: keys fall on whole milliseconds
    /// (Compose's `keyframes` take integer milliseconds), and the check is 4 times finer than 240 Hz.
    public static let sceneSampleRate = 1000.0

    /// Bakes a scene: runs it at ``sceneSampleRate`` and reduces each item, view and layer (or those in `objects`),
    /// each channel within `errorShare` of its bound in `tolerance` (the rest is left to the target's player).
    /// - Throws: ``BakeError`` for an unknown object, one the bake cannot place (its size changes, or a superlayer scales),
    ///   or a 3D transform (a bake carries no rotation about x or y, so it is never baked flat); the run's errors.
    public static func make(
        scene: Scene, source: String, tolerance: BakeTolerance, objects: [String]? = nil,
        errorShare: Double = 1
    ) throws -> Bake {
        var s = scene
        s.rate = sceneSampleRate
        s.columns = nil
        let run = SceneRun(scene: s)
        if let problem = run.inputProblems(fileName: source).first { throw problem }
        try checkSize(samples: run.sampleCount, columns: run.columns.count, source: source)
        var times: [Double] = []
        var columns = [[Double]](repeating: [], count: run.columns.count)
        try run.run { row in
            times.append(row.time)
            for k in row.values.indices { columns[k].append(row.values[k]) }
        }
        let index = Dictionary(run.columns.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        let sampled = try SceneObjects(scene: scene, index: index, columns: columns, source: source).all()
        return try make(
            sampled, times: times, source: source, tolerance: tolerance, objects: objects,
            frameRate: scene.rate, sampleRate: sceneSampleRate, width: scene.bounds.width,
            height: scene.bounds.height, errorShare: errorShare)
    }

    /// Bakes a run file (`dynsim run`'s CSV): its objects told by their columns (see ``BakedObject/Kind``), sized
    /// from their width and height columns where it has them (50 × 50 pt otherwise). Between its rows the run is
    /// re-sampled (``sceneSampleRate``, and every row of the file too) by cubic Hermite interpolation through the
    /// values and their velocity columns where the file has them (`.vx`, `.vy`, `.omega`), monotone cubic otherwise
    /// (Traces' `Resampler`): the motion the bake is held to between rows. `errorShare` as for a scene.
    /// - Throws: ``BakeError`` when it has no object columns or an unknown object is asked for.
    public static func make(
        trace: Trace, source: String, tolerance: BakeTolerance, objects: [String]? = nil,
        errorShare: Double = 1
    ) throws -> Bake {
        if let first = trace.times.first, let last = trace.times.last {
            let samples = Double(trace.times.count) + (last - first) * sceneSampleRate
            try checkSize(samples: Int(min(samples, 1e15)), columns: trace.columns.count + 1, source: source)
        }
        let trace = resampled(trace)
        let index = Dictionary(trace.columns.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { a, _ in a })
        let sampled = TraceObjects(trace: trace, index: index).all()
        guard !sampled.isEmpty else {
            throw BakeError(
                source,
                "has no object columns to bake (<item>.x, .y and .angle; <view>.x, .y and .rotation; <layer>.position.x and .y)",
                isUsage: false)
        }
        let rate = sceneSampleRate
        let fileRate = ((Double(trace.times.count - 1) / (trace.times.last! - trace.times[0])) * 1e6).rounded() / 1e6
        var right = 0.0, bottom = 0.0
        for o in sampled {
            for (p, v) in o.channels where p == .x { right = max(right, (v.max() ?? 0) + o.shape.size.width / 2) }
            for (p, v) in o.channels where p == .y { bottom = max(bottom, (v.max() ?? 0) + o.shape.size.height / 2) }
        }
        return try make(
            sampled, times: trace.times.map { $0 - trace.times[0] }, source: source, tolerance: tolerance,
            objects: objects, frameRate: fileRate, sampleRate: rate,
            width: max(1, right.rounded(.up)), height: max(1, bottom.rounded(.up)), errorShare: errorShare)
    }

    static func make(
        _ sampled: [SampledObject], times: [Double], source: String, tolerance: BakeTolerance, objects: [String]?,
        frameRate: Double, sampleRate: Double, width: Double, height: Double, errorShare: Double = 1
    ) throws -> Bake {
        guard times.count >= 2, times.last! > times[0] else {
            throw BakeError(source, "the run is empty (it needs at least two rows over some time)", isUsage: false)
        }
        var chosen = sampled
        if let objects {
            let names = sampled.map(\.name)
            for name in objects where !names.contains(name) {
                throw BakeError(
                    "--objects",
                    "no object \(quoted(name)) in \(source); its objects are \(names.prefix(20).joined(separator: ", "))",
                    isUsage: true)
            }
            chosen = sampled.filter { objects.contains($0.name) }
        }
        if let problem = chosen.lazy.compactMap(\.problem).first { throw problem }
        if let o = chosen.first(where: \.is3D) {
            throw BakeError(
                "--target",
                "\(o.name) turns out of the screen's plane (a 3D transform: rotation about x or y, or m34), which a bake does not carry (position, rotation about z, scale and opacity); leave it out with --objects",
                isUsage: true)
        }
        let baked = chosen.map { o in
            BakedObject(
                name: o.name, kind: o.kind, shape: o.shape, color: o.color,
                channels: o.channels.map { p, v in
                    KeyframeReduction.reduce(
                        property: p, times: times, values: v, maxError: tolerance.maxError(p) * errorShare)
                })
        }
        return Bake(
            duration: times.last!, frameRate: frameRate, sampleRate: sampleRate, width: width, height: height,
            objects: baked, source: source, tolerance: tolerance, errorShare: errorShare)
    }

    /// The trace at every row and every 1 / ``sceneSampleRate`` s between (times relative to its first row kept as
    /// they are), each column read by a `Resampler`.
    static func resampled(_ trace: Trace) -> Trace {
        guard trace.times.count >= 2 else { return trace }
        let start = trace.times[0], end = trace.times.last!
        var times = trace.times
        var k = (start * sceneSampleRate).rounded(.up)
        while k / sceneSampleRate < end {
            times.append(k / sceneSampleRate)
            k += 1
        }
        times.sort()
        var unique: [Double] = []
        for t in times where unique.last.map({ t - $0 > 1e-9 }) ?? true { unique.append(t) }
        let columns = trace.columns.map { c -> (String, [Double]) in
            let velocity = Resampler.velocityColumn(of: c.name).flatMap(trace.column)
            let r = Resampler(times: trace.times, values: c.values, velocities: velocity)
            return (c.name, unique.map { r.value(at: min(max($0, start), end))! })
        }
        return Trace(label: trace.label, times: unique, columns: columns, textColumns: trace.textColumns)
    }

    /// Refuses a bake that would hold more than `Limits.maxBakeValues` numbers.
    static func checkSize(samples: Int, columns: Int, source: String) throws {
        let values = Double(samples) * Double(columns)
        guard values <= Double(Limits.maxBakeValues) else {
            throw BakeError(
                source,
                "baking it holds \(samples) samples (1000 a second) of \(columns) columns, more than \(Limits.maxBakeValues) values; bake a shorter run (--duration) or fewer objects (run the scene with fewer, or cut the CSV's columns)",
                isUsage: false)
        }
    }

    /// Radians to degrees, unwrapped: a jump of more than half a turn between samples is taken as the wrap it is.
    static func unwrappedDegrees(_ radians: [Double]) -> [Double] {
        var out: [Double] = []
        out.reserveCapacity(radians.count)
        var offset = 0.0
        for (k, r) in radians.enumerated() {
            if k > 0 {
                let step = r + offset - (out[k - 1] * .pi / 180)
                if step > .pi { offset -= 2 * .pi * (step / (2 * .pi)).rounded() }
                if step < -.pi { offset -= 2 * .pi * (step / (2 * .pi)).rounded() }
            }
            out.append((r + offset) * 180 / .pi)
        }
        return out
    }
}
