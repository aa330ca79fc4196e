import Dynamics
import Playback

extension Benchmark {
    /// Scene B's energy drift (issue 19): a chain of `n` links (``Catalog/chain(count:)``) run `frames` 1/60 s frames
    /// (at least 3600) with sleeping off, its error |E(t) − E(0)| / swing energy read every frame. Returns two rows,
    /// scene `B-drift`: the worst error over the first 3600 frames (one simulated minute) and over all `frames`, each
    /// with the ns per body-step up to then (energy reads included, one per frame). A symplectic step's error
    /// fluctuates without a trend, so its worst value grows only slowly with the window (the rarest whips); a drift
    /// makes the second row grow in proportion to time. A run that diverges reports an infinite error.
    public static func chainDrift(n: Int, profile: SolverProfile, frames: Int, subSteps: Int? = nil) -> [Result] {
        let scene = scene("B", n: n, profile: profile, subSteps: subSteps)
        let world = SceneRun(scene: scene).world
        world.allowsSleeping = false
        let e0 = world.mechanicalEnergy()
        let swing = abs(e0 - restEnergy("B", world)!)
        let frames = max(frames, 3600)
        var worst = 0.0
        var rows: [Result] = []
        let start = now()
        for f in 1...frames {
            world.stepFrame()
            let error = abs(world.mechanicalEnergy() - e0) / swing
            if !(error <= worst) { worst = error.isFinite ? error : .infinity }  // NaN (diverged) counts as infinite
            if f == 3600 || f == frames {
                rows.append(
                    Result(
                        scene: "B-drift", n: n, subSteps: scene.effectiveSubSteps, frames: f, profile: profile.rawValue,
                        ns: Double(now() - start) / Double(n * f * scene.effectiveSubSteps), energyError: worst,
                        periodError: nil))
            }
            if worst == .infinity { break }
        }
        return rows
    }
}
