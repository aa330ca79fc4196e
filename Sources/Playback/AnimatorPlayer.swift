import Animation
import Scenes

/// An animator following its script over time (what a scene run advances row by row).
struct AnimatorPlayer {
    let scene: SceneAnimator
    /// The layer as it is when the next call is made (the stage keeps it current).
    var layer: Layer
    var animator: PropertyAnimator
    var next = 0
    /// Whether the changes defined with the animator have been added (UIKit runs the animations block when the
    /// animator first becomes active, so they start from the model values of that moment).
    var prepared = false

    init(_ scene: SceneAnimator, layer: Layer) {
        self.scene = scene
        self.layer = layer
        animator = scene.animator
    }

    /// Replaces the animator with a fresh one as defined (what a gesture handler creating a new
    /// UIViewPropertyAnimator does), its changes starting from `layer`'s model values.
    mutating func renew(from layer: Layer, at t: Double) {
        animator = scene.animator
        self.layer = layer
        prepare(at: t)
    }

    /// Adds the defined changes, from the model values at `t`, once.
    mutating func prepare(at t: Double) {
        prepared = true
        for c in scene.animations {
            try? animator.addAnimations(
                keyPath: c.keyPath, from: layer.modelValue(c.keyPath) ?? c.to, to: c.to,
                delayFactor: c.delayFactor, at: t)
        }
    }

    /// Applies the calls up to run time t (inclusive) and completes the animator if it has reached its end. The
    /// animator runs in its layer's time: `clock` maps run time to it, and each call is made at its mapped time.
    /// Returns the index and reason of a call that throws, if any (later calls wait behind it).
    @discardableResult
    mutating func advance(to t: Double, clock: (Double) -> Double) -> (Int, String)? {
        while next < scene.script.count && scene.script[next].time <= t {
            let (runTime, call) = scene.script[next]
            let time = clock(runTime)
            animator.update(to: time)
            if !prepared && animator.state == .inactive { prepare(at: time) }
            do {
                switch call {
                case .start(let delay): try animator.startAnimation(at: time, afterDelay: delay)
                case .pause: try animator.pauseAnimation(at: time)
                case .stop(let w): try animator.stopAnimation(withoutFinishing: w, at: time)
                case .finish(let p): try animator.finishAnimation(at: p, time: time)
                case .fractionComplete(let f): try animator.setFractionComplete(f, at: time)
                case .reversed(let r): try animator.setReversed(r, at: time)
                case .continueAnimation(let timing, let factor):
                    try animator.continueAnimation(withTimingParameters: timing, durationFactor: factor, at: time)
                case .add(let kp, let to, let d):
                    let from = value(kp, at: time) ?? to
                    try animator.addAnimations(keyPath: kp, from: from, to: to, delayFactor: d, at: time)
                }
            } catch {
                return (next, "\(error)")
            }
            next += 1
        }
        animator.update(to: clock(t))
        return nil
    }

    /// The value the animator gives a key path at t (the last change of it), or the layer's model value (blocks in
    /// flight keep their own offsets on top).
    func value(_ keyPath: String, at t: Double) -> AnimatableValue? {
        if let c = animator.changes.last(where: { $0.keyPath == keyPath }) { return animator.value(of: c, at: t) }
        return layer.modelValue(keyPath)
    }
}
