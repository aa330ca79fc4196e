import Animation
import Scenes

/// Every layer's local time over the run: each layer's timing (``LayerTiming``: beginTime, speed, timeOffset) as the
/// scene sets it and as its `layerTiming` changes it, composed down the layer tree as CAMediaTiming composes it (a
/// root layer's parent time is the run's time; a sublayer's is its superlayer's local time). Changes are resolved once,
/// in time order, so a value of "localTime" reads the tree as it is at that moment. Between changes each layer's local
/// time is an affine function of the run's time, so the run time at which a layer reaches a local time is solved
/// exactly (``firstTime(_:from:reaching:)``): how animation starts and stops and block completions move when a layer
/// is paused, resumed or sped up.
struct LayerClocks {
    /// Each layer's superlayer, or nil for a root layer.
    let superIndex: [Int?]
    /// Per layer: its timings from each change time on (the first from −∞), in time order.
    private(set) var segments: [[(time: Double, timing: LayerTiming)]]
    /// Whether every layer keeps CALayer's default timing for the whole run (local time is the run's time).
    let isTrivial: Bool

    init(scene: Scene, superIndex: [Int?]) {
        self.superIndex = superIndex
        segments = scene.layers.map { [(-.infinity, $0.timing)] }
        isTrivial = scene.layerTiming.isEmpty && scene.layers.allSatisfy { $0.timing.isIdentity }
        let index = Dictionary(scene.layers.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { a, _ in a })
        for change in scene.layerTiming {
            guard let li = index[change.layer] else { continue }
            let parent = superIndex[li].map { localTime($0, at: change.time) } ?? change.time
            let timing = change.applied(to: timing(li, at: change.time)) { $0.localTime(parent: parent) }
            if segments[li].last?.time == change.time { segments[li].removeLast() }
            segments[li].append((change.time, timing))
        }
    }

    /// Layer `li`'s own timing at run time `t` (changes at `t` included).
    func timing(_ li: Int, at t: Double) -> LayerTiming {
        let s = segments[li]
        if s.count == 1 { return s[0].timing }
        // The last segment starting at or before t.
        var lo = 0, hi = s.count
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if s[mid].time <= t { lo = mid } else { hi = mid }
        }
        return s[lo].timing
    }

    /// Layer `li`'s local time at run time `t`: its superlayers' timings applied from the root down, then its own.
    func localTime(_ li: Int, at t: Double) -> Double {
        if isTrivial { return t }
        let parent = superIndex[li].map { localTime($0, at: t) } ?? t
        return timing(li, at: t).localTime(parent: parent)
    }

    /// How fast layer `li`'s local time runs against the run's time at `t` (the product of the speeds down its chain).
    func rate(_ li: Int, at t: Double) -> Double {
        var rate = timing(li, at: t).speed
        var k = superIndex[li]
        while let j = k { rate *= timing(j, at: t).speed; k = superIndex[j] }
        return rate
    }

    /// The run times at which layer `li`'s chain changes timing after `t0`, sorted.
    private func breaks(_ li: Int, after t0: Double) -> [Double] {
        var times: [Double] = []
        var k: Int? = li
        while let j = k {
            times += segments[j].dropFirst().map(\.time).filter { $0 > t0 }
            k = superIndex[j]
        }
        return Array(Set(times)).sorted()
    }

    /// The first run time at or after `t0` at which layer `li`'s local time is at least `target`, or nil when it never
    /// gets there (paused, or running backwards, from some point on). Exact between changes, where local time is affine.
    func firstTime(_ li: Int, from t0: Double, reaching target: Double) -> Double? {
        if isTrivial { return max(t0, target) }
        var start = t0
        for end in breaks(li, after: t0) + [.infinity] {
            let local = localTime(li, at: start)
            if local >= target { return start }
            let rate = rate(li, at: start)
            if rate > 0 {
                let t = start + (target - local) / rate
                if t < end { return max(t, start) }
            }
            start = end
        }
        return nil
    }
}
