import Animation
import Scenes

// The layer animations' timeline: `after` chains resolved in layer time, and each animation's start and stop in the
// run's time through the layers' clocks.
extension SceneRun {
    /// The scene's layers with their animations added, `resolved` being ``resolvedAnimations(of:clocks:)``.
    static func layers(of scene: Scene, resolved: [LayerAnimation]) -> [Layer] {
        var layers = scene.layers.map(\.layer)
        let layerIndex = Dictionary(
            scene.layers.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        for (a, animation) in zip(scene.animations, resolved) {
            if let index = layerIndex[a.layer] { layers[index].add(animation, forKey: a.key) }
        }
        return layers
    }

    /// The scene's layer clocks (``LayerClocks``).
    static func clocks(of scene: Scene) -> LayerClocks {
        let index = Dictionary(scene.layers.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        return LayerClocks(scene: scene, superIndex: scene.layers.map { l in l.superlayer.flatMap { index[$0] } })
    }

    /// The scene's animations with `after` resolved: each begins its beginTime after its predecessor's stop. On the
    /// predecessor's layer that stop is a local time; on another layer it is the local time there at the run time the
    /// predecessor stopped (a negative-speed predecessor stops at its beginTime, as its stop event says). A predecessor
    /// that never stops (paused, infinite) never starts it.
    static func resolvedAnimations(of scene: Scene, clocks: LayerClocks) -> [LayerAnimation] {
        let index = Dictionary(scene.layers.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        var stops: [String: (layer: Int?, local: Double)] = [:]
        return scene.animations.map { a in
            var animation = a.animation
            let li = index[a.layer]
            if let after = a.after, let stop = stops[after] {
                if clocks.isTrivial || stop.layer == li || !stop.local.isFinite {
                    animation = animation.delayed(by: stop.local)
                } else if let from = stop.layer, let to = li,
                    let run = clocks.firstTime(from, from: 0, reaching: stop.local)
                {
                    animation = animation.delayed(by: clocks.localTime(to, at: run))
                } else {
                    animation = animation.delayed(by: .infinity)
                }
            }
            stops[a.key] = (li, SceneRun.localStop(animation.effectiveTiming))
            return animation
        }
    }

    /// The local time at which an animation has run its active duration (its stop, where Core Animation calls
    /// animationDidStop): beginTime + activeDuration / speed; for a negative speed, which plays its active duration
    /// backwards in the local times before beginTime, beginTime itself; infinite when it never ends (an infinite
    /// active duration, or speed 0).
    static func localStop(_ timing: MediaTiming) -> Double {
        guard timing.activeDuration.isFinite, timing.speed != 0 else { return .infinity }
        return timing.speed > 0 ? timing.beginTime + timing.activeDuration / timing.speed : timing.beginTime
    }

    /// Start and stop times of each animation in the run's time (layer, key, start, stop): when its layer's local
    /// time reaches its begin and its stop (``LayerClocks/firstTime(_:from:reaching:)``). An animation that began
    /// before the run starts, as on iOS, when it is added (at 0); one that also ended before it stops there too. One
    /// whose time runs backwards (a negative speed) starts when its layer's time enters its active interval from
    /// before, at the interval's end, and stops on reaching its start.
    static func animationTimes(
        of scene: Scene, resolved: [LayerAnimation],
        clocks: LayerClocks
    ) -> [(layer: String, key: String, start: Double, stop: Double)] {
        let layerIndex = Dictionary(
            scene.layers.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        return zip(scene.animations, resolved).map { a, animation in
            let timing = animation.effectiveTiming
            guard let li = layerIndex[a.layer] else { return (a.layer, a.key, .infinity, .infinity) }
            // The active interval in the layer's local time.
            var lo = timing.beginTime, hi = localStop(timing)
            if timing.speed < 0 {
                lo =
                    timing.activeDuration.isFinite
                    ? timing.beginTime + timing.activeDuration / timing.speed : -.infinity
                hi = timing.beginTime
            } else if timing.speed == 0 {
                lo = -.infinity
            }
            let start = clocks.firstTime(li, from: 0, reaching: lo) ?? .infinity
            let stop = hi.isFinite ? clocks.firstTime(li, from: 0, reaching: hi) ?? .infinity : .infinity
            return (a.layer, a.key, start, max(stop, start))
        }
    }
}
