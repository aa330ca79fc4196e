import Foundation
import IO

/// The runs of a sweep: the varied paths and, for each run in plan order, the value of each. Deterministic: the same
/// axes, mode, sample count and seed give the same plan on every machine.
public struct SweepPlan: Equatable, Sendable {
    /// The varied fields' paths, in the order given.
    public var paths: [String]
    /// Each run's values, one per path, in plan order.
    public var points: [[Double]]

    /// How several list axes combine.
    public enum Mode: String, Sendable {
        /// Every combination (a grid), the first axis outermost, as nested loops in the order given (Hydra's multirun).
        case grid
        /// The i-th value of every axis together; the axes must have equal lengths.
        case zip
    }

    /// The plan of `axes`. List axes make a grid (or are zipped); random axes draw `samples` points from `seed`
    /// (each axis in the order given, every draw from one SplitMix64 stream), which the grid's points each take
    /// (zipped: the samples are the zip's length).
    /// - Throws: ``SweepError`` for no axes, a path given twice, random axes without `samples` and `seed`, zipped
    ///   lengths that differ, or more than `Limits/maxSweepRuns` runs.
    public init(axes: [SweepAxis], mode: Mode = .grid, samples: Int? = nil, seed: UInt64? = nil) throws {
        guard !axes.isEmpty else { throw SweepError("--vary", "a sweep varies at least one field, got none") }
        for (k, a) in axes.enumerated() where axes[..<k].contains(where: { $0.path == a.path }) {
            throw SweepError("--vary", "each field is varied once, got \(quoted(a.path)) twice")
        }
        paths = axes.map(\.path)
        let random = axes.filter(\.isRandom)
        if !random.isEmpty {
            guard let samples else {
                throw SweepError("--samples", "random values (\(quoted(random[0].path))) need --samples N, got none")
            }
            guard seed != nil else {
                throw SweepError("--seed", "random values need --seed S (so the sweep can be repeated), got none")
            }
            guard samples >= 1 && samples <= Limits.maxSweepRuns else {
                throw SweepError("--samples", "must be from 1 to \(Limits.maxSweepRuns), got \(samples)")
            }
        } else if let samples {
            throw SweepError("--samples", "applies to random values (uniform, normal, lhs), got \(samples) with none")
        }
        let drawn = SweepPlan.draw(axes, samples: samples ?? 0, seed: seed ?? 0)
        let columns: [[Double]] = axes.enumerated().map { k, a in
            if case .list(let v) = a.values { return v }
            return drawn[k]
        }
        points = try mode == .zip ? SweepPlan.zip(columns, axes) : SweepPlan.grid(columns, axes)
    }

    static func zip(_ columns: [[Double]], _ axes: [SweepAxis]) throws -> [[Double]] {
        let n = columns[0].count
        if let k = columns.firstIndex(where: { $0.count != n }) {
            throw SweepError(
                "--zip",
                "zipped fields need equal counts, got \(n) for \(quoted(axes[0].path)) and "
                    + "\(columns[k].count) for \(quoted(axes[k].path))")
        }
        return (0..<n).map { i in columns.map { $0[i] } }
    }

    /// The grid of the list axes (first outermost); random axes, already drawn together, vary fastest as one.
    static func grid(_ columns: [[Double]], _ axes: [SweepAxis]) throws -> [[Double]] {
        let listAxes = axes.indices.filter { !axes[$0].isRandom }
        let randomAxes = axes.indices.filter { axes[$0].isRandom }
        var count = 1.0
        for k in listAxes { count *= Double(columns[k].count) }
        if let r = randomAxes.first { count *= Double(columns[r].count) }
        guard count <= Double(Limits.maxSweepRuns) else {
            throw SweepError(
                "--vary",
                "the plan has \(NumberFormat.shortest(count)) runs, more than \(Limits.maxSweepRuns); vary fewer values"
            )
        }
        var points: [[Double]] = [[]]
        for k in listAxes { points = points.flatMap { p in columns[k].map { p + [$0] } } }
        if let r = randomAxes.first {
            points = points.flatMap { p in (0..<columns[r].count).map { i in p + randomAxes.map { columns[$0][i] } } }
        }
        // Back into the axes' order.
        let order = listAxes + randomAxes
        return points.map { p in axes.indices.map { k in p[order.firstIndex(of: k)!] } }
    }

    /// Each random axis's `samples` values (empty for a list axis), drawn axis by axis from one stream.
    static func draw(_ axes: [SweepAxis], samples n: Int, seed: UInt64) -> [[Double]] {
        var rng = SplitMix64(seed: seed)
        return axes.map { a in
            switch a.values {
            case .list: return []
            case .uniform(let low, let high): return (0..<n).map { _ in low + (high - low) * rng.unit() }
            case .normal(let mean, let sd): return (0..<n).map { _ in mean + sd * rng.gaussian() }
            case .latinHypercube(let low, let high):
                // Stratum i holds one point; the strata are shuffled per axis (Fisher–Yates), so axes pair at random.
                var strata = Array(0..<n)
                for i in stride(from: n - 1, to: 0, by: -1) { strata.swapAt(i, rng.below(i + 1)) }
                return strata.map { s in low + (high - low) * (Double(s) + rng.unit()) / Double(n) }
            }
        }
    }
}

/// SplitMix64 (Steele, Lea and Flood, 2014): a small seeded generator whose stream is the same on every platform.
struct SplitMix64 {
    var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1), 53 bits.
    mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }

    /// Uniform in 0..<n (n ≥ 1), by rejection so every value is equally likely.
    mutating func below(_ n: Int) -> Int {
        let bound = UInt64(n), limit = UInt64.max - UInt64.max % bound
        while true {
            let x = next()
            if x < limit { return Int(x % bound) }
        }
    }

    /// Standard normal, by the Box–Muller transform (one of the pair; log and cos are the platform's libm).
    mutating func gaussian() -> Double {
        let u = 1 - unit(), v = unit()
        return (-2 * log(u)).squareRoot() * cos(2 * Double.pi * v)
    }
}
