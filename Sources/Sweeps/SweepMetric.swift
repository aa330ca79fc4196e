import Foundation
import IO
import Playback
import Traces

/// One number measured on each run of a sweep, named on the command line as `KIND:SUBJECT[:ARG]`
/// (`max:a.position.x`, `settle:view.x:1`, `event:begin:ball`). Every metric is computed from the run's output rows
/// (at the scene's rate) or its events, so it agrees with what `dynsim run` writes for the same run. A metric the run
/// cannot give (a band never entered, an event that never happens) is empty, never a guess.
public struct SweepMetric: Equatable, Sendable {
    /// What is measured.
    public enum Kind: String, CaseIterable, Sendable {
        /// The column's value in the last row.
        case final
        /// The least value over the rows.
        case min
        /// The greatest value over the rows.
        case max
        /// The time of the first row holding the least value.
        case argmin
        /// The time of the first row holding the greatest value.
        case argmax
        /// Settling time, ARG the band (required, > 0), then optionally the target (default the last row's value):
        /// the time of the first row from which every row to the end lies within ±band of the target. Empty when the
        /// last row is outside the band.
        case settle
        /// The largest excess past the target (ARG, default the last row's value) in the direction of motion (from
        /// the first row's value toward the target), 0 when the column never passes it.
        case overshoot
        /// Rise time: from the first row at 10 % of the way from the first row's value to the target (ARG, default
        /// the last row's value) to the first row at 90 %. Empty when the target equals the start.
        case rise
        /// An item's greatest speed over the rows, points/s: √(vx² + vy²) of its `.vx` and `.vy` columns. SUBJECT
        /// is the item's name.
        case maxspeed
        /// The time of the first event of a kind (SUBJECT: `begin`, `end`, `rest`, `start`, `stop`, `complete`,
        /// `gesture`, as the events CSV's `kind`), ARG the name in its `a` column if given. Empty if none.
        case event
        /// How many events of a kind (SUBJECT as for `event`, ARG the name in `a`).
        case count
        /// The largest change of the world's mechanical energy from its start (kinetic, rotational, gravitational
        /// and spring potential; mass × points²/s², a 100 × 100 pt item of density 1 having mass 1), over the rows:
        /// physics truth keeps it near 0 without resistance, friction or inelastic impacts (`precise`). No subject.
        case energy
        /// The largest length error of the rigid attachments over the rows, points (`World.maxRigidLengthError`).
        /// No subject.
        case constraint
        /// The largest difference between the column and the same column of a reference run or trace (ARG: its CSV
        /// file, read as `dynsim compare` reads one), at the reference's times within the run (`dynsim compare`'s
        /// rule).
        case compare
        /// 1 when the column is within ARG's tolerance (after the file: `passes:COLUMN:FILE:TOL`) of the reference at
        /// every compared time, else 0.
        case passes
    }

    /// What is measured.
    public var kind: Kind
    /// The column, item or event kind measured.
    public var subject: String
    /// The band, target or name (see ``Kind``), as written.
    public var argument: [String]
    /// The metric as written, its column's header in the table.
    public var name: String
    /// The reference run or trace of ``Kind/compare`` and ``Kind/passes`` (read by the caller from
    /// ``referenceFile``), nil until given.
    public var reference: Trace?

    /// The reference file a ``Kind/compare`` or ``Kind/passes`` metric names, else nil.
    public var referenceFile: String? {
        switch kind {
        case .compare: return argument.joined(separator: ":")
        case .passes: return argument.dropLast().joined(separator: ":")
        default: return nil
        }
    }

    /// Equal metrics: the same text as written (the reference trace follows from it).
    public static func == (a: SweepMetric, b: SweepMetric) -> Bool { a.name == b.name }

    /// A metric from `KIND:SUBJECT[:ARG...]`.
    /// - Throws: ``SweepError`` (`--metric`) for an unknown kind, a missing subject, or an argument that is not what
    ///   the kind takes.
    public init(parsing text: String) throws {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        let kinds = Kind.allCases.map(\.rawValue).joined(separator: ", ")
        guard let kind = Kind(rawValue: parts[0]) else {
            throw SweepError("--metric", "must be KIND:SUBJECT[:ARG] with KIND one of \(kinds), got \(quoted(text))")
        }
        if kind == .energy || kind == .constraint {
            guard parts.count == 1 else {
                throw SweepError(
                    "--metric", "\(kind.rawValue) is the whole run's: it takes no subject, got \(quoted(text))")
            }
            (self.kind, subject, argument, name) = (kind, "", [], text)
            return
        }
        guard parts.count >= 2, !parts[1].isEmpty else {
            throw SweepError(
                "--metric", "\(kind.rawValue) needs a subject (\(kind.rawValue):COLUMN), got \(quoted(text))")
        }
        self.kind = kind
        subject = parts[1]
        argument = Array(parts.dropFirst(2))
        name = text
        try check(text)
    }

    private func check(_ text: String) throws {
        let maxArguments: [Kind: Int] = [
            .settle: 2, .overshoot: 1, .rise: 1, .event: 1, .count: 1, .compare: .max, .passes: .max,
        ]
        if kind == .compare || kind == .passes {
            let form = kind == .compare ? "compare:COLUMN:FILE" : "passes:COLUMN:FILE:TOLERANCE"
            guard let file = referenceFile, !file.isEmpty,
                kind == .compare
                    || (argument.count >= 2
                        && parseDecimal(Substring(argument.last!)).map { $0 >= 0 && $0.isFinite } == true)
            else {
                throw SweepError("--metric", "must be \(form) (a tolerance >= 0), got \(quoted(text))")
            }
        }
        guard argument.count <= maxArguments[kind, default: 0] else {
            throw SweepError(
                "--metric",
                "\(kind.rawValue) takes at most \(maxArguments[kind, default: 0]) argument(s) after the subject, got \(quoted(text))"
            )
        }
        if kind == .settle {
            guard let band = argument.first.flatMap({ parseDecimal(Substring($0)) }), band > 0, band.isFinite else {
                throw SweepError(
                    "--metric", "settle needs a positive band (settle:COLUMN:BAND[:TARGET]), got \(quoted(text))")
            }
        }
        if kind == .event || kind == .count {
            guard SceneEvent.kinds.contains(subject) else {
                throw SweepError(
                    "--metric",
                    "\(kind.rawValue) names an events file's kind: one of \(SceneEvent.kinds.joined(separator: ", ")), got \(quoted(text))"
                )
            }
        }
        if [.settle, .overshoot, .rise].contains(kind) {
            for a in argument where parseDecimal(Substring(a)).map({ !$0.isFinite }) ?? true {
                throw SweepError("--metric", "\(quoted(a)) is not a number, got \(quoted(text))")
            }
        }
    }

    /// The number in argument `k`, if given.
    func number(_ k: Int) -> Double? { k < argument.count ? parseDecimal(Substring(argument[k])) : nil }

    /// The output columns the metric reads (none for event metrics).
    var columns: [String] {
        switch kind {
        case .event, .count, .energy, .constraint: return []
        case .maxspeed: return [subject + ".vx", subject + ".vy"]
        default: return [subject]
        }
    }

    /// The metric of one run from its rows' times, the columns it reads (`columns`, in order) and its events; nil
    /// where the run cannot give it.
    func value(times: [Double], series: [[Double]], events: [SceneEvent], world: WorldErrors) -> Double? {
        switch kind {
        case .energy: return world.energy
        case .constraint: return world.constraint
        case .compare, .passes:
            guard let reference, !times.isEmpty else { return nil }
            let run = Trace(label: "the run", times: times, columns: [(subject, series[0])])
            let tolerance = kind == .passes ? parseDecimal(Substring(argument.last!))! : 0
            guard let c = try? Comparison(expected: reference, actual: run, columns: [subject], tolerance: tolerance)
            else { return nil }
            return kind == .compare ? c.columns[0].maxDifference : c.passed ? 1 : 0
        case .event, .count:
            let matching = events.filter { e in
                let f = e.fields
                return f[0] == subject && (argument.first.map { f[1] == $0 } ?? true)
            }
            return kind == .count ? Double(matching.count) : matching.first?.time
        case .maxspeed:
            return zip(series[0], series[1]).map { ($0 * $0 + $1 * $1).squareRoot() }.max()
        default:
            return SweepMetric.measure(kind, series[0], times: times, number(0), number(1))
        }
    }

    /// A column metric of `v` (rows at `times`): `a` and `b` are the kind's numeric arguments.
    static func measure(_ kind: Kind, _ v: [Double], times: [Double], _ a: Double?, _ b: Double?) -> Double? {
        guard let last = v.last, let first = v.first else { return nil }
        switch kind {
        case .final: return last
        case .min: return v.min()
        case .max: return v.max()
        case .argmin: return v.min().flatMap { m in v.firstIndex(of: m) }.map { times[$0] }
        case .argmax: return v.max().flatMap { m in v.firstIndex(of: m) }.map { times[$0] }
        case .settle:
            let band = a!, target = b ?? last
            guard let outside = v.lastIndex(where: { abs($0 - target) > band }) else { return times[0] }
            return outside + 1 < v.count ? times[outside + 1] : nil
        case .overshoot:
            let target = a ?? last, direction: Double = target >= first ? 1 : -1
            return Swift.max(0, v.map { direction * ($0 - target) }.max()!)
        case .rise:
            let target = a ?? last
            guard target != first else { return nil }
            func crossing(_ fraction: Double) -> Int? {
                let level = first + fraction * (target - first)
                return v.firstIndex { target > first ? $0 >= level : $0 <= level }
            }
            guard let low = crossing(0.1), let high = crossing(0.9) else { return nil }
            return times[high] - times[low]
        default: return nil
        }
    }
}

/// The whole run's errors the ``SweepMetric/Kind/energy`` and ``SweepMetric/Kind/constraint`` metrics read, each the
/// largest over the rows (nil when no metric asks, so a run does not compute them).
struct WorldErrors {
    var energy: Double?
    var constraint: Double?
}
