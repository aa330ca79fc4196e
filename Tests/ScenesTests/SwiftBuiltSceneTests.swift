import XCTest
import IO
import Animation
import Springs
@testable import Scenes

/// A scene built in Swift, using every part of the model the scene format has, encodes to a file that decodes back
/// equal (field by field), and encoding that again gives the same text: the model is fully typed, no source JSON kept.
final class SwiftBuiltSceneTests: XCTestCase {
    /// Every layer, animation, animator, block and gesture form.
    static func everything() -> Scene {
        var s = Catalog.newScene("everything", "Every part of the model.", duration: 3)
        s.layers = layers()
        s.animations = animations()
        s.animators = animators()
        s.blocks = blocks()
        s.gestures = gestures()
        return s
    }

    /// A root view, a view with every property views take, a text layer and its sublayer.
    private static func layers() -> [SceneLayer] {
        var label = SceneLayer(
            name: "label", size: [120, 30], position: [50, 60],
            [("opacity", .scalar(0.5)), ("transform", .transform(.rotation(0.3, 0, 0, 1)))])
        label.text = #"a, "b""#
        label.textColor = .color(0.1, 0.2, 0.3, 1)
        var child = SceneLayer(name: "child", size: [10, 10], position: [5, 5], [("anchorPoint", .point(0, 1))])
        child.superlayer = "label"
        // A view with every property the scene format's views take, in the decoder's order.
        var tilted = SceneLayer(
            name: "tilted",
            values: [
                ("bounds", .rect(0, 0, 40, 20)), ("position", .point(100, 100)),
                ("transform.rotation.z", .scalar(0.25)),
                ("transform.scale.x", .scalar(2)), ("transform.scale.y", .scalar(3)), ("opacity", .scalar(0.75)),
                ("backgroundColor", .color(0, 0, 0, 1)), ("cornerRadius", .scalar(4)),
            ])
        tilted.superlayer = "root"
        tilted.isView = true
        return [.view("root", frame: [0, 0, 375, 667], backgroundColor: .color(1, 1, 1, 1)), tilted, label, child]
    }

    /// A basic, spring, path keyframe, cubic keyframe, group and transition animation.
    private static func animations() -> [SceneAnimation] {
        var path = KeyframeAnimation(
            keyPath: "position", values: [], calculationMode: .paced,
            timing: MediaTiming(beginTime: 0.1, duration: 2, speed: 2, timeOffset: 0.25, repeatDuration: 3))
        path.path = BezierPath([
            .move([0, 0]), .line([10, 0]), .quad([20, 10], [30, 0]), .cubic([40, 10], [50, -10], [60, 0]), .close,
        ])
        path.rotationMode = .autoReverse
        return [
            SceneAnimation(
                layer: "label", key: "by",
                animation: .basic(
                    BasicAnimation(
                        keyPath: "position.y", byValue: .scalar(20),
                        timing: MediaTiming(duration: 1, repeatCount: .infinity, autoreverses: true),
                        timingFunction: CubicBezier(0.1, -0.5, 0.9, 1.5), isAdditive: true, isCumulative: true))),
            SceneAnimation(
                layer: "label", key: "spring",
                animation: .spring(
                    SpringAnimation(
                        keyPath: "bounds", fromValue: .rect(0, 0, 120, 30), toValue: .rect(0, 0, 150, 40),
                        spring: Spring(mass: 2, stiffness: 50, damping: 3),
                        initialVelocity: 1.5, timing: MediaTiming(fillMode: .backwards)))),
            SceneAnimation(layer: "child", key: "path", animation: .keyframe(path)),
            SceneAnimation(
                layer: "child", key: "tcb",
                animation: .keyframe(
                    KeyframeAnimation(
                        keyPath: "backgroundColor",
                        values: [.color(0, 0, 0, 1), .color(1, 0, 0, 1), .color(0, 1, 0, 1)], keyTimes: [0, 0.3, 1],
                        timingFunction: .easeIn, calculationMode: .cubic, tensionValues: [0, 0.5, 0],
                        continuityValues: [0, -0.5, 0],
                        biasValues: [0, 0.25, 0], timing: MediaTiming(duration: 1)))),
            SceneAnimation(
                layer: "child", key: "group",
                animation: .group(
                    AnimationGroup(
                        animations: [
                            .basic(
                                BasicAnimation(keyPath: "transform.scale", fromValue: .scalar(1), toValue: .scalar(2))),
                            .keyframe(
                                KeyframeAnimation(
                                    keyPath: "cornerRadius", values: [.scalar(0), .scalar(5)],
                                    calculationMode: .discrete)),
                        ], timing: MediaTiming(duration: 1.5), timingFunction: .default))),
            SceneAnimation(
                layer: "label", key: "swap",
                animation: .transition(
                    Transition(
                        type: .push, subtype: .fromTop, startProgress: 0.1, endProgress: 0.9,
                        timing: MediaTiming(duration: 0.5),
                        timingFunction: .easeOut, text: "next", textColor: .color(0, 0, 1, 1))), after: "by"),
        ]
    }

    /// An animator with every script call, and one on a curve.
    private static func animators() -> [SceneAnimator] {
        var animator = PropertyAnimator(duration: 1, timing: .springDampingRatio(0.6, initialVelocity: 0.5))
        animator.scrubsLinearly = false
        animator.pausesOnCompletion = true
        return [
            SceneAnimator(
                name: "mover", layer: "tilted", animator: animator, animations: [("position.x", .scalar(200), 0.25)],
                script: [
                    (0.1, .start(delay: 0.05)), (0.3, .pause), (0.4, .fractionComplete(0.5)), (0.5, .reversed(true)),
                    (
                        0.6,
                        .continueAnimation(
                            timing: .spring(Spring(mass: 1, stiffness: 80, damping: 9), initialVelocity: 0),
                            durationFactor: 0.5)
                    ),
                    (0.7, .add(keyPath: "opacity", to: .scalar(0.2), delayFactor: 0.1)),
                    (0.8, .stop(withoutFinishing: false)),
                    (0.9, .finish(.current)),
                ]),
            SceneAnimator(
                name: "curved", layer: "root",
                animator: PropertyAnimator(duration: 0.5, timing: .curve(CubicBezier(0.2, 0, 0.4, 1)))),
        ]
    }

    /// Blocks at a time, after another block, and with keyframes.
    private static func blocks() -> [SceneBlock] {
        [
            SceneBlock(
                name: "first", start: .time(0.2),
                animation: ViewAnimation(
                    duration: 0.4, delay: 0.1, options: [.curveLinear, .allowUserInteraction, .beginFromCurrentState]),
                changes: [
                    ViewChange(view: "tilted", property: "scale", value: .value(.size(1, 2))),
                    ViewChange(view: "tilted", property: "size", value: .by(.size(5, -5))),
                    ViewChange(view: "tilted", property: "backgroundColor", value: .value(.color(1, 0, 0, 1))),
                ]),
            SceneBlock(
                name: "then", start: .after("first"),
                animation: ViewAnimation(duration: 0.5, spring: .init(dampingRatio: 0.7, initialSpringVelocity: 2)),
                changes: [ViewChange(view: "tilted", property: "alpha", value: .value(.scalar(1)))]),
            SceneBlock(
                name: "frames", start: .time(1),
                animation: ViewAnimation(duration: 1, options: [.curveEaseIn, .repeat, .autoreverse]),
                keyframes: [
                    (0, 0.5, [ViewChange(view: "tilted", property: "center", value: .value(.point(150, 150)))]),
                    (0.5, 0.5, [ViewChange(view: "tilted", property: "rotation", value: .by(.scalar(1)))]),
                ]),
        ]
    }

    /// A pan, a tap, a two-finger touch and a tap read from a CSV file.
    private static func gestures() -> [SceneGesture] {
        [
            SceneGesture(
                name: "pan", kind: .pan, view: "root", samples: SceneGesture.samples([[1.2, 10, 10], [1.3, 40, 12]]),
                action: .scrub(animator: "curved", distance: -100, release: .velocity, timing: nil, durationFactor: 2)),
            SceneGesture(
                name: "tap", kind: .tap, view: "root", samples: SceneGesture.samples([[1.5, 30, 40]]),
                action: .animate(
                    SceneBlock(
                        name: "tap", start: .gesture, animation: ViewAnimation(duration: 0.2, options: .curveEaseOut),
                        changes: [ViewChange(view: "tilted", property: "center", value: .location)]))),
            SceneGesture(
                name: "pinch", kind: .touches, view: "root", samples: SceneGesture.samples([[1.6, 0, 0, 50, 60]]),
                action: .animate(
                    SceneBlock(
                        name: "pinch", start: .gesture, animation: ViewAnimation(duration: 0),
                        changes: [ViewChange(view: "tilted", property: "frame", value: .touchRect)]))),
            SceneGesture(
                name: "fromFile", kind: .tap, view: "root", samples: SceneGesture.samples([[2, 5, 6]]), csv: "taps.csv",
                action: .animate(
                    SceneBlock(
                        name: "fromFile", start: .gesture, animation: ViewAnimation(duration: 0),
                        changes: [ViewChange(view: "tilted", property: "center.x", value: .value(.scalar(7)))]))),
        ]
    }

    func testEverythingBuiltInSwiftEncodesAndDecodesEqual() throws {
        let scene = SwiftBuiltSceneTests.everything()
        let text = SceneEncoder.text(scene)
        let decoded = try SceneDecoder(fileName: "scene.json") { name in
            guard name == "taps.csv" else { throw InputError(file: name, path: "", message: "no such file") }
            return Array("t,x,y\n2,5,6\n".utf8)
        }.decode(Array(text.utf8))
        XCTAssertEqual(decoded.layers, scene.layers)
        XCTAssertEqual(decoded.animations, scene.animations)
        XCTAssertEqual(decoded.animators, scene.animators)
        XCTAssertEqual(decoded.blocks, scene.blocks)
        XCTAssertEqual(decoded.gestures, scene.gestures)
        XCTAssertEqual(decoded, scene)
        XCTAssertEqual(SceneEncoder.text(decoded), text)
        // Equality sees each part: a changed detail makes scenes differ.
        var other = scene
        other.blocks[2].keyframes[1].relativeDuration = 0.4
        XCTAssertNotEqual(other, scene)
        other = scene
        other.animators[0].script[3].time = 0.55
        XCTAssertNotEqual(other, scene)
        other = scene
        other.gestures[3].csv = nil
        XCTAssertNotEqual(other, scene)
    }
}
