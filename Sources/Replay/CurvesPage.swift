import Foundation
import IO
import Scenes
import Springs

/// `dynsim view spring ...` and `dynsim view curve ...`: a spring's or a timing curve's motion as a page, in the manner
/// of the spring visualisers: the value against time with the target band, the overshoot and the settling time
/// marked, and a dot moving along a track at the replay time; two or more overlaid (docs/view.md).
public enum CurvesPage {
    /// One spring motion: a spring released at `from` toward `to` with an initial velocity (value units per second).
    public struct SpringMotion: Sendable {
        /// The name the page shows (`spring 1`).
        public var label: String
        /// The spring (mass, stiffness, damping).
        public var spring: Spring
        /// The start value, value units.
        public var from: Double
        /// The target value, value units.
        public var to: Double
        /// The initial velocity, value units per second (positive toward larger values).
        public var initialVelocity: Double
        /// A motion; see the properties.
        public init(label: String, spring: Spring, from: Double = 0, to: Double = 1, initialVelocity: Double = 0) {
            self.label = label
            self.spring = spring
            self.from = from
            self.to = to
            self.initialVelocity = initialVelocity
        }

        /// The settling band's half-width: 0.1% of the distance (of |v0| / ω0 when the motion starts at its target),
        /// as `dynsim spring --info` reports settlingEpsilon.
        public var band: Double {
            let distance = abs(to - from)
            return 0.001 * (distance > 0 ? distance : abs(initialVelocity) / spring.naturalFrequency)
        }

        /// When the motion stays within ``band`` of `to` (Spring's settlingDuration), seconds.
        public var settlingDuration: Double {
            band > 1e-300
                ? spring.settlingDuration(from: from, to: to, initialVelocity: initialVelocity, epsilon: band) : 0
        }
    }

    /// The page for one or more springs, sampled in closed form at `rate` rows per second up to `until` seconds (nil:
    /// the longest settling duration, and at least 0.1 s).
    /// - Precondition: `until` (or every settling duration when it is nil) is finite and at most 1e6 s / rate rows.
    public static func springs(_ motions: [SpringMotion], until: Double?, rate requestedRate: Double = 240) -> String {
        let end = until ?? max(0.1, motions.map(\.settlingDuration).max() ?? 1)
        let rate = samplingRate(motions, until: until, requested: requestedRate)
        let n = Int((end * rate).rounded(.down)) + 1
        let times = (0..<n).map { Double($0) / rate }
        var packer = SeriesPacker()
        var series: [CompactJSON] = [packer.add(times: times, rate: rate, stride: 1, last: n - 1)]
        func add(_ xs: [Double]) -> Int { series.append(packer.add(xs)); return series.count - 1 }
        let t = 0
        var lo = Double.infinity, hi = -Double.infinity
        let curves: [CompactJSON] = motions.map { m in
            let values = times.map {
                m.spring.value(at: $0, from: m.from, to: m.to, initialVelocity: m.initialVelocity)
            }
            lo = min(lo, values.min()!, m.to)
            hi = max(hi, values.max()!, m.to)
            var members: [(String, CompactJSON)] = [
                ("label", .string(m.label)), ("t", .int(t)), ("value", .int(add(values))),
                ("from", .number(m.from)), ("to", .number(m.to)), ("band", .number(m.band)),
                ("settle", m.settlingDuration.isFinite ? .number(m.settlingDuration) : .null),
                (
                    "parameters",
                    .string(
                        "mass \(g(m.spring.mass)), stiffness \(g(m.spring.stiffness)), damping \(g(m.spring.damping)); dampingRatio \(g(m.spring.dampingRatio)), response \(g(m.spring.response)) s, bounce \(g(m.spring.bounce))"
                    )
                ),
            ]
            if let peak = m.spring.peak(from: m.from, to: m.to, initialVelocity: m.initialVelocity),
                peak.value.isFinite,
                m.to != m.from, (peak.value - m.to) / (m.to - m.from) > 0
            {
                members += [
                    ("peak", .numbers([peak.time, peak.value])),
                    ("overshoot", .string(g(100 * (peak.value - m.to) / (m.to - m.from)) + "%")),
                ]
            }
            return .object(members)
        }
        return page(
            kind: .spring, title: motions.map(\.label).joined(separator: " vs "), times: t, rows: n, rate: rate,
            curves: curves, range: [lo, hi], series: series, packer: packer,
            description: motions.map { m in
                m.settlingDuration.isFinite
                    ? "\(m.label): settles (within \(g(m.band))) at \(g(m.settlingDuration)) s"
                    : "\(m.label): never settles (undamped)"
            }.joined(separator: "; ")
                + (rate < requestedRate
                    ? "; sampled at \(g(rate)) per second (at most \(maxSamples) samples a page)" : "")
                + samplingWarnings(motions, until: until, requested: requestedRate).map { "; " + $0 }.joined())
    }

    /// The rows per second a spring page samples at: `requested`, or fewer so the page holds at most ``maxSamples``
    /// (each spring ⌊end × rate⌋ + 1 of them).
    static func samplingRate(_ motions: [SpringMotion], until: Double?, requested: Double) -> Double {
        let end = until ?? max(0.1, motions.map(\.settlingDuration).max() ?? 1)
        let each = maxSamples / max(1, motions.count)
        return min(requested, Double(each - 1) / max(end, 1e-9))
    }

    /// The fewest samples per oscillation a page may show a spring with and still draw it: below 8 a 20 Hz wobble
    /// sampled at 20 per second looks constant (the samples alias), so the page says so.
    public static let minSamplesPerPeriod = 8.0

    /// What to say about springs that oscillate faster than the page samples them (fewer than
    /// ``minSamplesPerPeriod`` samples per damped period): one sentence each, for the page and for stderr.
    public static func samplingWarnings(_ motions: [SpringMotion], until: Double?, requested: Double = 240) -> [String]
    {
        let rate = samplingRate(motions, until: until, requested: requested)
        return motions.compactMap { m in
            guard m.spring.dampingRatio < 1 else { return nil }
            let period = 2 * Double.pi / m.spring.dampedFrequency
            let perPeriod = period * rate
            guard perPeriod < minSamplesPerPeriod else { return nil }
            return
                "\(m.label) oscillates every \(g(period)) s, but the page has \(g(perPeriod)) samples per oscillation (fewer than \(g(minSamplesPerPeriod))): what it draws aliases; give a shorter --until"
        }
    }

    /// One fling: a value released at a velocity coasting to rest (UIScrollView's `Decay` or another platform's
    /// fling, Springs' `Fling`), drawn as a spring page draws a spring: from its start to its resting point, its stop
    /// marked.
    public struct DecayMotion: Sendable {
        /// The name the page shows (`per-millisecond 0.998`, `android`).
        public var label: String
        /// The fling, evaluated in closed form (value units, seconds).
        public var fling: any Fling
        /// What the page lists under the label: the model's parameters.
        public var parameters: String
        /// A fling and its label; see the properties.
        public init(label: String, fling: any Fling, parameters: String) {
            self.label = label
            self.fling = fling
            self.parameters = parameters
        }
    }

    /// The page for one or more flings side by side, each sampled in closed form at `rate` rows per second (fewer when
    /// the page would pass ``maxSamples``) from the release to `until` seconds (nil: the longest of their durations,
    /// and at least 0.1 s): the value against time, the resting point as the target and the time each platform stops
    /// it as the settling time. The payload is a spring page's (kind `spring`: motions to rest).
    /// - Precondition: `until` (or every duration when it is nil) is finite and at most `Limits.maxViewUntil` (1e5 s).
    public static func decays(_ motions: [DecayMotion], until: Double?, rate requestedRate: Double = 240) -> String {
        let end = until ?? max(0.1, motions.map(\.fling.duration).max() ?? 1)
        let rate = min(requestedRate, Double(maxSamples / max(1, motions.count) - 1) / max(end, 1e-9))
        let n = Int((end * rate).rounded(.down)) + 1
        let times = (0..<n).map { Double($0) / rate }
        var packer = SeriesPacker()
        var series: [CompactJSON] = [packer.add(times: times, rate: rate, stride: 1, last: n - 1)]
        var lo = Double.infinity, hi = -Double.infinity
        let curves: [CompactJSON] = motions.map { m in
            let values = times.map { m.fling.value(at: $0) }
            lo = min(lo, values.min()!, m.fling.restingPoint, m.fling.from)
            hi = max(hi, values.max()!, m.fling.restingPoint, m.fling.from)
            series.append(packer.add(values))
            return .object([
                ("label", .string(m.label)), ("t", .int(0)), ("value", .int(series.count - 1)),
                ("from", .number(m.fling.from)), ("to", .number(m.fling.restingPoint)),
                ("settle", .number(m.fling.duration)), ("parameters", .string(m.parameters)),
            ])
        }
        return page(
            kind: .spring, title: motions.map(\.label).joined(separator: " vs "), times: 0, rows: n, rate: rate,
            curves: curves, range: [lo, hi], series: series, packer: packer,
            description: motions.map {
                "\($0.label): rests at \(g($0.fling.restingPoint)), stopped at \(g($0.fling.duration)) s"
            }.joined(separator: "; ")
                + (rate < requestedRate
                    ? "; sampled at \(g(rate)) per second (at most \(maxSamples) samples a page)" : ""))
    }

    /// The page for one or more timing curves over `duration` seconds (the input fraction is t / duration), sampled
    /// at `rate` rows per second.
    public static func curves(
        _ curves: [(label: String, value: @Sendable (Double) -> Double)], duration: Double = 1,
        rate: Double = 240
    ) -> String {
        let n = Int((duration * rate).rounded(.down)) + 1
        let times = (0..<n).map { Double($0) / rate }
        var packer = SeriesPacker()
        var series: [CompactJSON] = [packer.add(times: times, rate: rate, stride: 1, last: n - 1)]
        func add(_ xs: [Double]) -> Int { series.append(packer.add(xs)); return series.count - 1 }
        let t = 0
        var lo = 0.0, hi = 1.0
        let items: [CompactJSON] = curves.map { c in
            let values = times.map { c.value(min(1, $0 / duration)) }
            lo = min(lo, values.min()!)
            hi = max(hi, values.max()!)
            var members: [(String, CompactJSON)] = [
                ("label", .string(c.label)), ("t", .int(t)), ("value", .int(add(values))),
                ("from", .number(0)), ("to", .number(1)),
            ]
            if let k = values.indices.max(by: { values[$0] < values[$1] }), values[k] > 1 {
                members += [
                    ("peak", .numbers([times[k], values[k]])), ("overshoot", .string(g(100 * (values[k] - 1)) + "%")),
                ]
            }
            return .object(members)
        }
        return page(
            kind: .curve, title: curves.map(\.label).joined(separator: " vs "), times: t, rows: n, rate: rate,
            curves: items, range: [lo, hi], series: series, packer: packer,
            description: "progress against time over \(g(duration)) s")
    }

    private static func page(
        kind: PayloadContract.Kind, title: String, times: Int, rows: Int, rate: Double, curves: [CompactJSON],
        range: [Double], series: [CompactJSON], packer: SeriesPacker, description: String
    ) -> String {
        let height = 60 + 50 * Double(curves.count)
        let payload = PayloadContract.object([
            (.format, .string(PayloadContract.format)), (.kind, .string(kind.rawValue)), (.title, .string(title)),
            (.description, .string(description)), (.rate, .number(rate)), (.stride, .int(1)), (.rows, .int(rows)),
            (.times, .int(times)), (.bounds, .numbers([0, 0, 375, height])), (.curves, .array(curves)),
            (.range, .numbers(range)), (.series, .array(series)),
        ])
        return Page.html(title: "dynsim view: \(title)", payload: payload, blob: packer.base64)
    }

    /// Four decimals; `never` for an infinite time (an undamped spring's settling).
    private static func g(_ x: Double) -> String {
        x.isFinite ? NumberFormat.shortest((x * 10_000).rounded() / 10_000) : "never"
    }

    /// Samples a page carries at most (rows x curves): a longer span is sampled less often.
    public static let maxSamples = Limits.maxPageSamples
}
