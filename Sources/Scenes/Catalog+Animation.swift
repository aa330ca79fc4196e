import Animation
import Dynamics
import Foundation
import IO

// The Core Animation built-ins: the seeds' layer animations, written as JSON the way users write them.

extension Catalog {
    /// `basic-animations`: the seed's four views (100 x 100 on a 375 x 667 screen). Orange: cornerRadius 0 → 50 over 1 s,
    /// easeOut. Cyan: opacity 1 → 0 over 1 s, easeIn. Blue: moves to the cyan view's center x (275) while turning 315°
    /// clockwise over 2 s, and stays (forwards fill, not removed). Green: scales to 1.5 and turns magenta, then back,
    /// twice (1 s each way, autoreverses, repeatCount 2), ending where it began. 5 s.
    public static func basicAnimations() -> Scene {
        fromJSON(#"""
        {"name": "basic-animations", "description": "Four views animated with basic animations.", "duration": 5,
         "layers": [
           {"name": "orange", "bounds": [0, 0, 100, 100], "position": [100, 150], "backgroundColor": [1, 0.5, 0, 1]},
           {"name": "cyan", "bounds": [0, 0, 100, 100], "position": [275, 150], "backgroundColor": [0, 1, 1, 1]},
           {"name": "blue", "bounds": [0, 0, 100, 100], "position": [100, 350], "backgroundColor": [0, 0, 1, 1]},
           {"name": "green", "bounds": [0, 0, 100, 100], "position": [187.5, 550], "backgroundColor": [0, 1, 0, 1]}],
         "animations": [
           {"layer": "orange", "key": "corner", "keyPath": "cornerRadius", "fromValue": 0, "toValue": 50, "duration": 1,
            "timingFunction": "easeOut", "fillMode": "forwards", "isRemovedOnCompletion": false},
           {"layer": "cyan", "key": "fade", "keyPath": "opacity", "fromValue": 1, "toValue": 0, "duration": 1,
            "timingFunction": "easeIn", "fillMode": "forwards", "isRemovedOnCompletion": false},
           {"layer": "blue", "key": "move", "keyPath": "position.x", "toValue": 275, "duration": 2,
            "fillMode": "forwards", "isRemovedOnCompletion": false},
           {"layer": "blue", "key": "turn", "keyPath": "transform.rotation.z", "fromValue": 0, "toValue": 5.497787143782138,
            "duration": 2, "fillMode": "forwards", "isRemovedOnCompletion": false},
           {"layer": "green", "key": "grow", "keyPath": "transform.scale", "fromValue": 1, "toValue": 1.5, "duration": 1,
            "autoreverses": true, "repeatCount": 2},
           {"layer": "green", "key": "tint", "keyPath": "backgroundColor", "toValue": [1, 0, 1, 1], "duration": 1,
            "autoreverses": true, "repeatCount": 2}]}
        """#)
    }

    /// `shake`: the seed's password field (200 x 40 at (187.5, 300)) shakes horizontally 0.5 s in: an additive keyframe
    /// animation of `position.x` with offsets 0, 10, −10, 10, −5, 5, −5, 0 at key times 0, 0.125, 0.25, 0.375, 0.5, 0.625,
    /// 0.8, 1 over 0.4 s. 1.5 s.
    public static func shake() -> Scene {
        fromJSON(#"""
        {"name": "shake", "description": "A password field shakes.", "duration": 1.5,
         "layers": [{"name": "field", "bounds": [0, 0, 200, 40], "position": [187.5, 300]}],
         "animations": [
           {"layer": "field", "key": "shake", "type": "keyframe", "keyPath": "position.x", "isAdditive": true,
            "values": [0, 10, -10, 10, -5, 5, -5, 0], "keyTimes": [0, 0.125, 0.25, 0.375, 0.5, 0.625, 0.8, 1],
            "duration": 0.4, "beginTime": 0.5}]}
        """#)
    }

    /// The sine wave the `sine-path` rider follows, as drawn: y = 300 − 50 sin(2π (x − 37.5) / 300) for x in
    /// [37.5, 337.5] (one 300-point period, crest first since y grows down the screen), as 8 cubic Bézier segments that
    /// are the cubic Hermite interpolant of the sine at 37.5-point steps (control points a third of a step along the
    /// end tangents). SVG-style path data.
    public static let sinePathData: String = {
        let h = 37.5
        func y(_ x: Double) -> Double { 300 - 50 * sin(2 * Double.pi * (x - 37.5) / 300) }
        func slope(_ x: Double) -> Double { -50 * 2 * Double.pi / 300 * cos(2 * Double.pi * (x - 37.5) / 300) }
        var d = "M 37.5 \(y(37.5))"
        for i in 0..<8 {
            let x0 = 37.5 + Double(i) * h, x1 = x0 + h
            d += " C \(x0 + h / 3) \(y(x0) + h / 3 * slope(x0)) \(x1 - h / 3) \(y(x1) - h / 3 * slope(x1)) \(x1) \(y(x1))"
        }
        return d
    }()

    /// `sine-path`: the seed's rider (a 30 x 30 view) follows the drawn sine wave (`sinePathData`) in 6 s, forever
    /// (repeatCount infinity), linear mode (each of the 8 segments 0.75 s, so x moves at 50 pt/s), rotationMode auto.
    /// The `wave` layer holds the drawn path and does not move. 13 s.
    public static func sinePath() -> Scene {
        fromJSON(#"""
        {"name": "sine-path", "description": "A rider follows a drawn sine wave forever, turned along its tangent.", "duration": 13,
         "layers": [{"name": "wave", "bounds": [0, 0, 375, 667], "position": [187.5, 333.5]},
                    {"name": "rider", "bounds": [0, 0, 30, 30], "position": [37.5, 300], "backgroundColor": [1, 0, 0, 1]}],
         "animations": [
           {"layer": "rider", "key": "ride", "type": "keyframe", "keyPath": "position", "path": "\#(sinePathData)",
            "rotationMode": "auto", "duration": 6, "repeatCount": "infinity"}]}
        """#)
    }

    /// `path-cubic-paced`: a 40 x 20 view rides the S-curve `M 50 550 C 50 350 325 450 325 250 C 325 100 100 150 100 50`
    /// in 3 s at constant speed (cubicPaced: on a path, dynsim paces along the path's own curves), turned along the
    /// tangent (rotationMode auto), and stays at the end (fillMode forwards, not removed). 4 s.
    public static func pathCubicPaced() -> Scene {
        fromJSON(#"""
        {"name": "path-cubic-paced", "description": "A view rides a Bézier S-curve at constant speed and stays.", "duration": 4,
         "layers": [{"name": "car", "bounds": [0, 0, 40, 20], "position": [50, 550]}],
         "animations": [
           {"layer": "car", "key": "ride", "type": "keyframe", "keyPath": "position",
            "path": "M 50 550 C 50 350 325 450 325 250 C 325 100 100 150 100 50", "calculationMode": "cubicPaced",
            "rotationMode": "auto", "duration": 3, "fillMode": "forwards", "isRemovedOnCompletion": false}]}
        """#)
    }

    /// `group-pulse`: a 60 x 60 dot at the screen's center pulses forever: a group (1 s, easeInEaseOut, autoreverses,
    /// repeatCount infinity) of `transform.scale` 1 → 1.3 and `opacity` 1 → 0.5, both of duration 0 so they take the
    /// group's. 5 s.
    public static func groupPulse() -> Scene {
        fromJSON(#"""
        {"name": "group-pulse", "description": "A dot pulses forever (a group of scale and opacity).", "duration": 5,
         "layers": [{"name": "dot", "bounds": [0, 0, 60, 60], "position": [187.5, 333.5], "cornerRadius": 30}],
         "animations": [
           {"layer": "dot", "key": "pulse", "type": "group", "duration": 1, "timingFunction": "easeInEaseOut",
            "autoreverses": true, "repeatCount": "infinity",
            "animations": [{"keyPath": "transform.scale", "fromValue": 1, "toValue": 1.3, "duration": 0},
                           {"keyPath": "opacity", "fromValue": 1, "toValue": 0.5, "duration": 0}]}]}
        """#)
    }

    /// `bounce-keyframes`: a 50 x 50 ball at y = 100 drops 400 points to the floor and bounces 100, then 25 points
    /// high (each a quarter of the last, so, as in free fall, each flight takes half as long): an additive keyframe
    /// animation of `position.y` with values 0, 400, 300, 400, 375, 400 at key times 0, 0.4, 0.6, 0.8, 0.9, 1 (fall
    /// times ∝ √height), easeIn on the falls and easeOut on the rises, 2 s from 0.5 s, then resting on the floor
    /// (fillMode forwards, not removed). 3 s.
    public static func bounceKeyframes() -> Scene {
        fromJSON(#"""
        {"name": "bounce-keyframes", "description": "A ball drops and bounces (additive keyframes).", "duration": 3,
         "layers": [{"name": "ball", "bounds": [0, 0, 50, 50], "position": [187.5, 100], "cornerRadius": 25}],
         "animations": [
           {"layer": "ball", "key": "bounce", "type": "keyframe", "keyPath": "position.y", "isAdditive": true,
            "values": [0, 400, 300, 400, 375, 400], "keyTimes": [0, 0.4, 0.6, 0.8, 0.9, 1],
            "timingFunctions": ["easeIn", "easeOut", "easeIn", "easeOut", "easeIn"],
            "duration": 2, "beginTime": 0.5, "fillMode": "forwards", "isRemovedOnCompletion": false}]}
        """#)
    }

    /// `zoom-startup`: the seed's launch-screen logo mask (100 x 100 at the screen's center) waits 1 s, then its
    /// bounds shrink to 80 x 80 and zoom to 2000 x 2000 over 1 s (keyframes at 0, 0.3, 1; linear) and stay
    /// (fillMode forwards, not removed). 3 s.
    public static func zoomStartup() -> Scene {
        fromJSON(#"""
        {"name": "zoom-startup", "description": "A logo mask's bounds shrink and then zoom past the screen.", "duration": 3,
         "layers": [{"name": "logo", "bounds": [0, 0, 100, 100], "position": [187.5, 333.5]}],
         "animations": [
           {"layer": "logo", "key": "zoom", "type": "keyframe", "keyPath": "bounds",
            "values": [[0, 0, 100, 100], [0, 0, 80, 80], [0, 0, 2000, 2000]], "keyTimes": [0, 0.3, 1],
            "beginTime": 1, "duration": 1, "fillMode": "forwards", "isRemovedOnCompletion": false}]}
        """#)
    }

    /// `transition`: the seed's label (200 x 40 at the screen's center) reads "Hello" in orange; at 0.5 s a moveIn
    /// transition from the right brings in "Sliding" in green over 0.5 s; when it finishes (animationDidStop) a fade
    /// transition of 0.5 s brings back "Hello" in orange. 2 s.
    public static func transition() -> Scene {
        fromJSON(#"""
        {"name": "transition", "description": "A label's text slides in, then fades back.", "duration": 2,
         "layers": [{"name": "label", "bounds": [0, 0, 200, 40], "position": [187.5, 333.5], "text": "Hello",
                     "textColor": [1, 0.5, 0, 1]}],
         "animations": [
           {"layer": "label", "key": "slide", "type": "transition", "transition": "moveIn", "subtype": "fromRight",
            "text": "Sliding", "textColor": [0, 1, 0, 1], "beginTime": 0.5, "duration": 0.5},
           {"layer": "label", "key": "back", "type": "transition", "transition": "fade", "after": "slide",
            "text": "Hello", "textColor": [1, 0.5, 0, 1], "duration": 0.5}]}
        """#)
    }
}
