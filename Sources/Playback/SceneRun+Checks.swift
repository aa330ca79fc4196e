import Foundation
import Animation
import Dynamics
import IO
import Scenes

// What a run refuses in a decoded scene before its first row: layer times that overflow or run an animator
// backwards, script calls UIKit rejects, rigid mass ratios `precise` cannot join, items starting inside a boundary.
extension SceneRun {
    /// Everything a run refuses in a decoded scene, as input errors in the order a user should fix them: calls of the
    /// animators' scripts and gestures that UIKit rejects (``scriptRejections(fileName:)``), rigid groups whose masses
    /// the `precise` profile cannot join (``massRatioProblems(fileName:)``), items starting inside a boundary
    /// (``startingOverlaps(fileName:)``). Empty when the scene can run.
    public func inputProblems(fileName: String) -> [InputError] {
        layerTimeProblems(fileName: fileName) + layerPlaceProblems(fileName: fileName)
            + animatorTimeProblems(fileName: fileName)
            + scriptRejections(fileName: fileName) + massRatioProblems(fileName: fileName)
            + startingOverlaps(fileName: fileName)
    }

    /// Layer times that overflow: a layer whose local time or rate (the speeds down its chain multiplied) is not
    /// finite at the start or after a `layerTiming` change, named by that change or by the layer.
    public func layerTimeProblems(fileName: String) -> [InputError] {
        let clocks = geometry.clocks
        guard !clocks.isTrivial else { return [] }
        let times = [(path: "", time: 0.0)] + scene.layerTiming.enumerated().map { ("layerTiming[\($0)]", $1.time) }
        for (path, t) in times {
            for li in scene.layers.indices
            where !(clocks.localTime(li, at: t).isFinite && clocks.rate(li, at: t).isFinite) {
                let name = scene.layers[li].name
                return [
                    InputError(
                        file: fileName,
                        path: path.isEmpty ? (scene.layers[li].isView ? "views" : "layers") + "[\(name)]" : path,
                        message:
                            "the time of \(quoted(name)) overflows (its speeds and offsets down the tree multiply past a Double) at t = \(NumberFormat.shortest(t)) s; use smaller speeds or offsets, got local time \(clocks.localTime(li, at: t)) at rate \(clocks.rate(li, at: t))"
                    )
                ]
            }
        }
        return []
    }

    /// Sublayers whose place on the screen is not finite at the start (scales down a superlayer chain whose product
    /// passes a Double: 40 nested layers each scaled by 1e9), named by the layer whose placement first overflows.
    /// Animated values that grow past it later are caught by the run (``SimulationError/badData``).
    public func layerPlaceProblems(fileName: String) -> [InputError] {
        var g = geometry
        for li in scene.layers.indices where scene.layers[li].superlayer != nil {
            let p = g.screenPosition(of: li, in: startLayers, at: 0)
            guard !(p.position.x.isFinite && p.position.y.isFinite && p.rotation.isFinite) else { continue }
            let bad = SceneRun.layerOverflow(li, in: scene, layers: startLayers, at: 0, geometry: &g)
            return [InputError(file: fileName, path: bad.path, message: bad.message)]
        }
        return []
    }

    /// Why layer li's place on the screen is not finite at `t`: the first layer down its superlayer chain (from the
    /// root) whose placement, composed with its superlayers', is not finite, or li itself when only its position under
    /// them overflows; that layer's path in the file (`views[k]` or `layers[k]`) and the message.
    static func layerOverflow(
        _ li: Int, in scene: Scene, layers: [Layer], at t: Double, geometry g: inout LayerGeometry
    ) -> (path: String, message: String) {
        func finite(_ a: Affine) -> Bool {
            a.m[0].isFinite && a.m[1].isFinite && a.m[2].isFinite && a.m[3].isFinite && a.b.x.isFinite && a.b.y.isFinite
        }
        var chain: [Int] = []
        var k = g.superIndex[li]
        while let j = k { chain.append(j); k = g.superIndex[j] }
        var culprit = li, above: Affine?
        for j in chain.reversed() {
            let map = g.screenMap(j, in: layers, at: t, model: false)
            if !finite(map) { culprit = j; break }
            above = map
        }
        let own = layers[culprit].placement(at: g.clocks.localTime(culprit, at: t))
        let scale = max(abs(own.scale.x), abs(own.scale.y))
        let composed = above.map { max(abs($0.m[0]), abs($0.m[1]), abs($0.m[2]), abs($0.m[3])) } ?? 1
        let views = scene.layers.filter(\.isView).count
        let layer = scene.layers[culprit]
        let supers = layer.isView ? "superviews" : "superlayers"
        let depth = culprit == li ? chain.count : chain.count - 1 - chain.firstIndex(of: culprit)!
        let path = layer.isView ? "views[\(culprit)]" : "layers[\(culprit - views)]"
        // Three digits say a composed scale (1e306, 6.66e306); small numbers as written.
        func n(_ x: Double) -> String {
            guard x.isFinite else { return "\(x)" }
            guard abs(x) >= 1e6 else { return NumberFormat.shortest(x) }
            return String(format: "%.3g", x).replacingOccurrences(of: "e+0", with: "e").replacingOccurrences(
                of: "e+", with: "e")
        }
        return (
            path,
            "its place on the screen passes a Double at t = \(n(t)) s: its scale of \(n(scale)) and position "
                + "[\(n(own.origin.x)), \(n(own.origin.y))] under its \(depth) \(supers)' composed scale of \(n(composed)) "
                + "(scales multiply down the \(supers)); use smaller scales or fewer nested layers, got \(quoted(layer.name))"
        )
    }

    /// Property animators on layers whose time runs backwards at some point (a negative speed on the layer or a
    /// superlayer) or jumps back (a change of beginTime or timeOffset, a resume without a pause): UIViewPropertyAnimator's
    /// time only moves forward, so such a scene is refused, naming the animator.
    public func animatorTimeProblems(fileName: String) -> [InputError] {
        let clocks = geometry.clocks
        guard !clocks.isTrivial else { return [] }
        let index = Dictionary(scene.layers.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { a, _ in a })
        for (k, a) in scene.animators.enumerated() {
            guard let li = index[a.layer] else { continue }
            let times = [0] + scene.layerTiming.map(\.time)
            let back = scene.layerTiming.map(\.time).first { t in
                clocks.localTime(li, at: t) < clocks.localTime(li, at: t.nextDown) - 1e-9
                    * max(1, abs(clocks.localTime(li, at: t)))
            }
            if let t = back {
                return [
                    InputError(
                        file: fileName, path: "animators[\(k)].layer",
                        message: "the layer's time jumps back at t = "
                            + "\(NumberFormat.shortest(t)) s (a layerTiming change of beginTime or timeOffset, or a resume without a "
                            + "pause), and a property animator's time only moves forward; got \(quoted(a.layer))")
                ]
            }
            if let t = times.first(where: { clocks.rate(li, at: $0) < 0 }) {
                return [
                    InputError(
                        file: fileName, path: "animators[\(k)].layer",
                        message: "the layer's time runs backwards "
                            + "(a negative speed on it or a superlayer) from t = \(NumberFormat.shortest(t)) s, and a property animator's "
                            + "time only moves forward; give the layer a speed >= 0, got \(quoted(a.layer))")
                ]
            }
        }
        return []
    }

    /// Plays the animators' scripts and the gestures once, together and in time order, as the run will (a dry run on a
    /// stage of its own): each call UIKit rejects (finishing an animator that is not stopped, a pan on a stopped one, ...)
    /// is an input error naming the call (`animators[0].script[2]`, `gestures[1].touches[3]`), so that no row is
    /// written for a scene that would fail part way.
    public func scriptRejections(fileName: String) -> [InputError] {
        guard !scene.animators.isEmpty else { return [] }
        var dry = Stage(scene: scene, layers: startLayers, clocks: geometry.clocks)
        let last =
            (scene.gestures.flatMap { $0.samples.map(\.time) } + scene.animators.flatMap { $0.script.map(\.time) })
            .max() ?? 0
        dry.advance(to: last)
        return dry.rejections.map { InputError(file: fileName, path: $0.path, message: $0.message) }
    }

    /// Items that start overlapping one of their collision boundaries by more than the 0.5 pt slop, as input errors
    /// (`items[k]: overlaps boundary "floor" by 12 pt at the start, got center [x, y]`). UIKit calls this undefined.
    public func startingOverlaps(fileName: String) -> [InputError] {
        world.boundaryOverlaps().map { overlap in
            let k = overlap.item.index
            let name = overlap.boundary.isEmpty ? "the reference bounds" : "boundary \(quoted(overlap.boundary))"
            let c = scene.items[k].definition.center
            return InputError(
                file: fileName, path: "items[\(k)]",
                message:
                    "overlaps \(name) by \(NumberFormat.shortest((overlap.depth * 100).rounded() / 100)) pt at the start, got center [\(NumberFormat.shortest(c.x)), \(NumberFormat.shortest(c.y))]"
            )
        }
    }

    /// Rigid item-to-item attachments that join items whose masses differ by more than the `precise` profile admits
    /// (`World/maxPreciseRigidMassRatio`) within one group of items joined by rigid attachments (a chain of links of
    /// 1, 100 and 10,000 is as hard as a link of 1 and 10,000), as input errors naming the attachment that first makes a
    /// group exceed it; none in `uikit`. Ratios within 1e-9 of the limit count as at it (rounding of density x area).
    public func massRatioProblems(fileName: String) -> [InputError] {
        guard scene.profile == .precise else { return [] }
        let index = Dictionary(scene.items.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { a, _ in a })
        // Union-find over the movable items, each group with its lightest and heaviest item.
        var parent = Array(scene.items.indices)
        var lightest = Array(scene.items.indices), heaviest = Array(scene.items.indices)
        func root(_ i: Int) -> Int {
            var i = i
            while parent[i] != i { parent[i] = parent[parent[i]]; i = parent[i] }
            return i
        }
        func mass(_ i: Int) -> Double { scene.items[i].definition.mass }
        for (k, behavior) in scene.behaviors.enumerated() {
            guard case .attachment(let a) = behavior, a.frequency == 0, let other = a.attachedTo,
                let i = index[a.item], let j = index[other],
                !scene.items[i].definition.isAnchored, !scene.items[j].definition.isAnchored
            else { continue }
            let ri = root(i), rj = root(j)
            guard ri != rj else { continue }
            parent[rj] = ri
            if mass(lightest[rj]) < mass(lightest[ri]) { lightest[ri] = lightest[rj] }
            if mass(heaviest[rj]) > mass(heaviest[ri]) { heaviest[ri] = heaviest[rj] }
            let light = lightest[ri], heavy = heaviest[ri]
            let ratio = mass(heavy) / mass(light)
            guard ratio > World.maxPreciseRigidMassRatio * (1 + 1e-9) else { continue }
            let names = (scene.items[light].name, scene.items[heavy].name)
            return [
                InputError(
                    file: fileName, path: "behaviors[\(k)]",
                    message: "the precise profile joins items by "
                        + "rigid attachments only when the masses in one group of joined items differ by at most "
                        + "\(NumberFormat.shortest(World.maxPreciseRigidMassRatio))x (a light link between heavy ones whips faster "
                        + "than its steps resolve); bring the densities or sizes closer or use the uikit profile, got \(quoted(names.0)) "
                        + "of mass \(NumberFormat.shortest(mass(light))) and \(quoted(names.1)) of mass "
                        + "\(NumberFormat.shortest(mass(heavy))) joined, a ratio of \(NumberFormat.shortest(ratio))")
            ]
        }
        return []
    }
}
