import Animation
import Dynamics
import Foundation
import IO

// The Core Animation built-ins: the seeds' layer animations, built in Swift from the scene model (SceneBuilding.swift's
// shorthands); `dynsim scenes NAME` prints each as the scene file that reads back equal.

extension Catalog {
    /// `basic-animations`: the seed's four views (100 x 100 on a 375 x 667 screen). Orange: cornerRadius 0 → 50 over 1 s,
    /// easeOut. Cyan: opacity 1 → 0 over 1 s, easeIn. Blue: moves to the cyan view's center x (275) while turning 315°
    /// clockwise over 2 s, and stays (forwards fill, not removed). Green: scales to 1.5 and turns magenta, then back,
    /// twice (1 s each way, autoreverses, repeatCount 2), ending where it began. 5 s.
    public static func basicAnimations() -> Scene {
        var s = newScene("basic-animations", "Four views animated with basic animations.", duration: 5)
        let size = SIMD2(100.0, 100)
        s.layers = [
            SceneLayer(name: "orange", size: size, position: [100, 150], [("backgroundColor", .color(1, 0.5, 0, 1))]),
            SceneLayer(name: "cyan", size: size, position: [275, 150], [("backgroundColor", .color(0, 1, 1, 1))]),
            SceneLayer(name: "blue", size: size, position: [100, 350], [("backgroundColor", .color(0, 0, 1, 1))]),
            SceneLayer(name: "green", size: size, position: [187.5, 550], [("backgroundColor", .color(0, 1, 0, 1))]),
        ]
        func held(_ duration: Double) -> MediaTiming {
            MediaTiming(duration: duration, fillMode: .forwards, isRemovedOnCompletion: false)
        }
        let twice = MediaTiming(duration: 1, repeatCount: 2, autoreverses: true)
        s.animations = [
            SceneAnimation(
                layer: "orange", key: "corner",
                animation: .basic(
                    BasicAnimation(
                        keyPath: "cornerRadius", fromValue: .scalar(0), toValue: .scalar(50), timing: held(1),
                        timingFunction: .easeOut))),
            SceneAnimation(
                layer: "cyan", key: "fade",
                animation: .basic(
                    BasicAnimation(
                        keyPath: "opacity", fromValue: .scalar(1), toValue: .scalar(0), timing: held(1),
                        timingFunction: .easeIn))),
            SceneAnimation(
                layer: "blue", key: "move",
                animation: .basic(
                    BasicAnimation(
                        keyPath: "position.x", toValue: .scalar(275), timing: held(2)))),
            SceneAnimation(
                layer: "blue", key: "turn",
                animation: .basic(
                    BasicAnimation(
                        keyPath: "transform.rotation.z", fromValue: .scalar(0), toValue: .scalar(5.497787143782138),
                        timing: held(2)))),
            SceneAnimation(
                layer: "green", key: "grow",
                animation: .basic(
                    BasicAnimation(
                        keyPath: "transform.scale", fromValue: .scalar(1), toValue: .scalar(1.5), timing: twice))),
            SceneAnimation(
                layer: "green", key: "tint",
                animation: .basic(
                    BasicAnimation(
                        keyPath: "backgroundColor", toValue: .color(1, 0, 1, 1), timing: twice))),
        ]
        return s
    }

    /// `shake`: the seed's password field (200 x 40 at (187.5, 300)) shakes horizontally 0.5 s in: an additive keyframe
    /// animation of `position.x` with offsets 0, 10, −10, 10, −5, 5, −5, 0 at key times 0, 0.125, 0.25, 0.375, 0.5, 0.625,
    /// 0.8, 1 over 0.4 s. 1.5 s.
    public static func shake() -> Scene {
        var s = newScene("shake", "A password field shakes.", duration: 1.5)
        s.layers = [SceneLayer(name: "field", size: [200, 40], position: [187.5, 300])]
        s.animations = [
            SceneAnimation(
                layer: "field", key: "shake",
                animation: .keyframe(
                    KeyframeAnimation(
                        keyPath: "position.x", values: [0, 10, -10, 10, -5, 5, -5, 0].map { .scalar($0) },
                        keyTimes: [0, 0.125, 0.25, 0.375, 0.5, 0.625, 0.8, 1],
                        timing: MediaTiming(beginTime: 0.5, duration: 0.4),
                        isAdditive: true)))
        ]
        return s
    }

    /// The sine wave the `sine-path` rider follows, as drawn: y = 300 − 50 sin(2π (x − 37.5) / 300) for x in
    /// [37.5, 337.5] (one 300-point period, crest first since y grows down the screen), as 8 cubic Bézier segments that
    /// are the cubic Hermite interpolant of the sine at 37.5-point steps (control points a third of a step along the
    /// end tangents).
    public static let sinePath: BezierPath = {
        let h = 37.5
        func y(_ x: Double) -> Double { 300 - 50 * sin(2 * Double.pi * (x - 37.5) / 300) }
        func slope(_ x: Double) -> Double { -50 * 2 * Double.pi / 300 * cos(2 * Double.pi * (x - 37.5) / 300) }
        var elements: [BezierPath.Element] = [.move([37.5, y(37.5)])]
        for i in 0..<8 {
            let x0 = 37.5 + Double(i) * h, x1 = x0 + h
            elements.append(
                .cubic([x0 + h / 3, y(x0) + h / 3 * slope(x0)], [x1 - h / 3, y(x1) - h / 3 * slope(x1)], [x1, y(x1)]))
        }
        return BezierPath(elements)
    }()

    /// `sine-path`: the seed's rider (a 30 x 30 view) follows the drawn sine wave (``sinePath``) in 6 s, forever
    /// (repeatCount infinity), linear mode (each of the 8 segments 0.75 s, so x moves at 50 pt/s), rotationMode auto.
    /// The `wave` layer holds the drawn path and does not move. 13 s.
    public static func sinePathScene() -> Scene {
        var s = newScene(
            "sine-path", "A rider follows a drawn sine wave forever, turned along its tangent.", duration: 13)
        s.layers = [
            SceneLayer(name: "wave", size: [375, 667], position: [187.5, 333.5]),
            SceneLayer(
                name: "rider", size: [30, 30], position: [37.5, 300], [("backgroundColor", .color(1, 0, 0, 1))]),
        ]
        var ride = KeyframeAnimation(
            keyPath: "position", values: [], timing: MediaTiming(duration: 6, repeatCount: .infinity))
        ride.path = sinePath
        ride.rotationMode = .auto
        s.animations = [SceneAnimation(layer: "rider", key: "ride", animation: .keyframe(ride))]
        return s
    }

    /// `path-cubic-paced`: a 40 x 20 view rides the S-curve `M 50 550 C 50 350 325 450 325 250 C 325 100 100 150 100 50`
    /// in 3 s at constant speed (cubicPaced: on a path, dynsim paces along the path's own curves), turned along the
    /// tangent (rotationMode auto), and stays at the end (fillMode forwards, not removed). 4 s.
    public static func pathCubicPaced() -> Scene {
        var s = newScene("path-cubic-paced", "A view rides a Bézier S-curve at constant speed and stays.", duration: 4)
        s.layers = [SceneLayer(name: "car", size: [40, 20], position: [50, 550])]
        var ride = KeyframeAnimation(
            keyPath: "position", values: [], calculationMode: .cubicPaced,
            timing: MediaTiming(duration: 3, fillMode: .forwards, isRemovedOnCompletion: false))
        ride.path = BezierPath([
            .move([50, 550]), .cubic([50, 350], [325, 450], [325, 250]), .cubic([325, 100], [100, 150], [100, 50]),
        ])
        ride.rotationMode = .auto
        s.animations = [SceneAnimation(layer: "car", key: "ride", animation: .keyframe(ride))]
        return s
    }

    /// `group-pulse`: a 60 x 60 dot at the screen's center pulses forever: a group (1 s, easeInEaseOut, autoreverses,
    /// repeatCount infinity) of `transform.scale` 1 → 1.3 and `opacity` 1 → 0.5, both of duration 0 so they take the
    /// group's. 5 s.
    public static func groupPulse() -> Scene {
        var s = newScene("group-pulse", "A dot pulses forever (a group of scale and opacity).", duration: 5)
        s.layers = [
            SceneLayer(name: "dot", size: [60, 60], position: [187.5, 333.5], [("cornerRadius", .scalar(30))])
        ]
        let children: [LayerAnimation] = [
            .basic(BasicAnimation(keyPath: "transform.scale", fromValue: .scalar(1), toValue: .scalar(1.3))),
            .basic(BasicAnimation(keyPath: "opacity", fromValue: .scalar(1), toValue: .scalar(0.5))),
        ]
        s.animations = [
            SceneAnimation(
                layer: "dot", key: "pulse",
                animation: .group(
                    AnimationGroup(
                        animations: children,
                        timing: MediaTiming(duration: 1, repeatCount: .infinity, autoreverses: true),
                        timingFunction: .easeInEaseOut)))
        ]
        return s
    }

    /// `bounce-keyframes`: a 50 x 50 ball at y = 100 drops 400 points to the floor and bounces 100, then 25 points
    /// high (each a quarter of the last, so, as in free fall, each flight takes half as long): an additive keyframe
    /// animation of `position.y` with values 0, 400, 300, 400, 375, 400 at key times 0, 0.4, 0.6, 0.8, 0.9, 1 (fall
    /// times ∝ √height), easeIn on the falls and easeOut on the rises, 2 s from 0.5 s, then resting on the floor
    /// (fillMode forwards, not removed). 3 s.
    public static func bounceKeyframes() -> Scene {
        var s = newScene("bounce-keyframes", "A ball drops and bounces (additive keyframes).", duration: 3)
        s.layers = [SceneLayer(name: "ball", size: [50, 50], position: [187.5, 100], [("cornerRadius", .scalar(25))])]
        s.animations = [
            SceneAnimation(
                layer: "ball", key: "bounce",
                animation: .keyframe(
                    KeyframeAnimation(
                        keyPath: "position.y", values: [0, 400, 300, 400, 375, 400].map { .scalar($0) },
                        keyTimes: [0, 0.4, 0.6, 0.8, 0.9, 1],
                        timingFunctions: [.easeIn, .easeOut, .easeIn, .easeOut, .easeIn],
                        timing: MediaTiming(
                            beginTime: 0.5, duration: 2, fillMode: .forwards, isRemovedOnCompletion: false),
                        isAdditive: true)))
        ]
        return s
    }

    /// `zoom-startup`: the seed's launch-screen logo mask (100 x 100 at the screen's center) waits 1 s, then its
    /// bounds shrink to 80 x 80 and zoom to 2000 x 2000 over 1 s (keyframes at 0, 0.3, 1; linear) and stay
    /// (fillMode forwards, not removed). 3 s.
    public static func zoomStartup() -> Scene {
        var s = newScene("zoom-startup", "A logo mask's bounds shrink and then zoom past the screen.", duration: 3)
        s.layers = [SceneLayer(name: "logo", size: [100, 100], position: [187.5, 333.5])]
        s.animations = [
            SceneAnimation(
                layer: "logo", key: "zoom",
                animation: .keyframe(
                    KeyframeAnimation(
                        keyPath: "bounds",
                        values: [.rect(0, 0, 100, 100), .rect(0, 0, 80, 80), .rect(0, 0, 2000, 2000)],
                        keyTimes: [0, 0.3, 1],
                        timing: MediaTiming(
                            beginTime: 1, duration: 1, fillMode: .forwards, isRemovedOnCompletion: false))))
        ]
        return s
    }

    /// `transition`: the seed's label (200 x 40 at the screen's center) reads "Hello" in orange; at 0.5 s a moveIn
    /// transition from the right brings in "Sliding" in green over 0.5 s; when it finishes (animationDidStop) a fade
    /// transition of 0.5 s brings back "Hello" in orange. 2 s.
    public static func transition() -> Scene {
        var s = newScene("transition", "A label's text slides in, then fades back.", duration: 2)
        let orange = AnimatableValue.color(1, 0.5, 0, 1)
        var label = SceneLayer(name: "label", size: [200, 40], position: [187.5, 333.5])
        label.text = "Hello"
        label.textColor = orange
        s.layers = [label]
        s.animations = [
            SceneAnimation(
                layer: "label", key: "slide",
                animation: .transition(
                    Transition(
                        type: .moveIn, subtype: .fromRight, timing: MediaTiming(beginTime: 0.5, duration: 0.5),
                        text: "Sliding",
                        textColor: .color(0, 1, 0, 1)))),
            SceneAnimation(
                layer: "label", key: "back",
                animation: .transition(
                    Transition(
                        type: .fade, timing: MediaTiming(duration: 0.5), text: "Hello", textColor: orange)),
                after: "slide"),
        ]
        return s
    }

    /// `pause-resume`: Apple's Technical Q&A QA1673 on a 60 x 60 square that slides from x = 40 to 335 over 4 s
    /// (linear, then held at the end). Its layer is paused at 1.5 s (speed 0, timeOffset its local time) and resumed at
    /// 3 s (speed 1, timeOffset 0, beginTime the time since the pause), so it holds x = 150.625 meanwhile and arrives
    /// at 5.5 s, 1.5 s late, its stop event moved by as much. 6 s.
    public static func pauseResume() -> Scene {
        var s = newScene("pause-resume", "A sliding square's layer is paused and resumed (QA1673).", duration: 6)
        s.layers = [
            SceneLayer(
                name: "square", size: [60, 60], position: [40, 333.5], [("backgroundColor", .color(0.2, 0.6, 1, 1))])
        ]
        s.animations = [
            SceneAnimation(
                layer: "square", key: "slide",
                animation: .basic(
                    BasicAnimation(
                        keyPath: "position.x", fromValue: .scalar(40), toValue: .scalar(335),
                        timing: MediaTiming(duration: 4, fillMode: .forwards, isRemovedOnCompletion: false))))
        ]
        s.layerTiming = [
            SceneTimingChange(time: 1.5, layer: "square", action: .pause),
            SceneTimingChange(time: 3, layer: "square", action: .resume),
        ]
        return s
    }

    /// `nested-speeds`: a 200 x 200 layer of speed 3 with a 80 x 80 sublayer of speed 0.5 (CALayer speeds multiply:
    /// 1.5 for the sublayer). Each turns once about z, 2π over 3 s of its own time, linear: the outer layer in 1 s of
    /// the run, the sublayer in 2 s. 3 s.
    public static func nestedSpeeds() -> Scene {
        var s = newScene(
            "nested-speeds", "A layer of speed 3 and its sublayer of speed 0.5 each turn once.", duration: 3)
        var outer = SceneLayer(
            name: "outer", size: [200, 200], position: [187.5, 333.5], [("backgroundColor", .color(1, 0.8, 0.2, 1))])
        outer.timing = LayerTiming(speed: 3)
        var inner = SceneLayer(
            name: "inner", size: [80, 80], position: [100, 100], [("backgroundColor", .color(0.2, 0.4, 1, 1))])
        inner.superlayer = "outer"
        inner.timing = LayerTiming(speed: 0.5)
        s.layers = [outer, inner]
        func turn() -> LayerAnimation {
            .basic(
                BasicAnimation(
                    keyPath: "transform.rotation.z", fromValue: .scalar(0), toValue: .scalar(2 * .pi),
                    timing: MediaTiming(duration: 3)))
        }
        s.animations = [
            SceneAnimation(layer: "outer", key: "turn", animation: turn()),
            SceneAnimation(layer: "inner", key: "spin", animation: turn()),
        ]
        return s
    }
}
