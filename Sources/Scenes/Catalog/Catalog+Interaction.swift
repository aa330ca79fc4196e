import Animation
import Foundation
import IO
import Springs

// The seeds' interactive scenes: a property animator scrubbed by a pan, UIView animation blocks run by taps and
// touches or chained through completions, and a card flip. Each has a numeric test in PlaybackTests/InteractionSceneTests.

extension Catalog {
    /// The interactive built-ins, listed after the Core Animation ones.
    static let interactionEntries: [Entry] = [
        Entry(
            name: "property-animator",
            summary:
                "a pan scrubs a view moving right, turning 180° and growing 1.5x; released before the middle it springs back, past it on to the end",
            make: propertyAnimator),
        Entry(
            name: "tap-to-move",
            summary:
                "a view moves to each tap (UIView.animate, 1 s); the second tap comes mid-flight and blends additively",
            make: tapToMove),
        Entry(
            name: "touch-frame", summary: "two-finger touches: the view takes the rectangle between the fingers",
            make: touchFrame),
        Entry(
            name: "view-animation",
            summary:
                "a view slides to the right edge turning 180° (delay 0.5 s, easeInOut); three flip-button presses turn root and button 180° each",
            make: viewAnimation),
        Entry(
            name: "drop-and-spread",
            summary: "five round buttons drop one by one on springs (completion chaining), then spread apart",
            make: dropAndSpread),
        Entry(
            name: "card-flip",
            summary:
                "a card flips about Y in perspective (whole transform, m34 = -1/500, fill both); when it stops its x scale springs to 1.3",
            make: cardFlip),
    ]

    /// `property-animator`: the seed's UIViewPropertyAnimator exercise on a 375 x 667 root view. The animator (1 s,
    /// easeInOut) moves `box` (100 x 100, center (80, 333.5)) to x = 295 while turning it π clockwise and scaling it 1.5x.
    /// A pan on the root view scrubs it (fractionComplete = translation.x / 215); on release it reverses when the box's
    /// presented center is left of the root view's center, else continues, with spring timing mass 2, stiffness 30,
    /// damping 7, initialVelocity 0. Pan 1 (0.5 → 1.0 s) drags 50 pt and lets go before the middle: the box springs back.
    /// Pan 2 (6 → 7 s) drags 180 pt and lets go past it: the box springs on to the end. 12 s.
    public static func propertyAnimator() -> Scene {
        var s = newScene(
            "property-animator", "A pan scrubs a property animator; release continues or reverses on a spring.",
            duration: 12)
        s.layers = [
            .view("root", frame: [0, 0, 375, 667]),
            .view(
                "box", superview: "root", center: [80, 333.5], size: [100, 100], backgroundColor: .color(1, 0, 0, 1)),
        ]
        s.animators = [
            SceneAnimator(
                name: "animator", layer: "box", animator: PropertyAnimator(duration: 1, timing: .curve(.easeInEaseOut)),
                animations: [
                    ("position.x", .scalar(295), 0), ("transform.rotation.z", .scalar(.pi), 0),
                    ("transform.scale.x", .scalar(1.5), 0), ("transform.scale.y", .scalar(1.5), 0),
                ])
        ]
        let release = PropertyAnimator.Timing.spring(Spring(mass: 2, stiffness: 30, damping: 7), initialVelocity: 0)
        let scrub = SceneGesture.Action.scrub(
            animator: "animator", distance: 215, release: .center, timing: release, durationFactor: 1)
        s.gestures = [
            SceneGesture(
                name: "pan1", kind: .pan, view: "root",
                samples: SceneGesture.samples([
                    [0.5, 100, 400], [0.6, 110, 401], [0.7, 120, 402], [0.8, 130, 402], [0.9, 140, 403],
                    [1.0, 150, 403],
                ]), action: scrub),
            SceneGesture(
                name: "pan2", kind: .pan, view: "root",
                samples: SceneGesture.samples([
                    [6.0, 100, 300], [6.25, 145, 300], [6.5, 190, 300], [6.75, 235, 300], [7.0, 280, 300],
                ]), action: scrub),
        ]
        return s
    }

    /// `tap-to-move`: `box` (80 x 80, center (60, 100)) moves to each tap on the root view with
    /// UIView.animate(withDuration: 1) (easeInOut), from where it is shown. Taps at 0.5 s (300, 200), 1.0 s (100, 500),
    /// mid-flight, so the two animations blend additively, and 3.0 s (200, 300). 5 s.
    public static func tapToMove() -> Scene {
        var s = newScene("tap-to-move", "A view moves to each tap; a tap mid-flight blends additively.", duration: 5)
        s.layers = [
            .view("root", frame: [0, 0, 375, 667]),
            .view("box", superview: "root", center: [60, 100], size: [80, 80], backgroundColor: .color(0, 0, 1, 1)),
        ]
        let move = SceneBlock(
            name: "tap", start: .gesture, animation: ViewAnimation(duration: 1),
            changes: [ViewChange(view: "box", property: "center", value: .location)])
        s.gestures = [
            SceneGesture(
                name: "tap", kind: .tap, view: "root",
                samples: SceneGesture.samples([[0.5, 300, 200], [1.0, 100, 500], [3.0, 200, 300]]),
                action: .animate(move))
        ]
        return s
    }

    /// `touch-frame`: two-finger touches on the root view; at each, `box` takes the rectangle between the two points
    /// (frame set at once, as touchesMoved would). Touches at 0.5, 1.0 and 1.5 s. 2 s.
    public static func touchFrame() -> Scene {
        var s = newScene("touch-frame", "The view takes the rectangle between two touches.", duration: 2)
        s.layers = [
            .view("root", frame: [0, 0, 375, 667]),
            .view("box", superview: "root", frame: [100, 100, 100, 100], backgroundColor: .color(0, 1, 0, 1)),
        ]
        let frame = SceneBlock(
            name: "pinch", start: .gesture, animation: ViewAnimation(duration: 0),
            changes: [ViewChange(view: "box", property: "frame", value: .touchRect)])
        s.gestures = [
            SceneGesture(
                name: "pinch", kind: .touches, view: "root",
                samples: SceneGesture.samples([
                    [0.5, 50, 100, 250, 400], [1.0, 300, 150, 100, 500], [1.5, 120, 600, 340, 520],
                ]), action: .animate(frame))
        ]
        return s
    }

    /// `view-animation`: `box` (100 x 100, frame origin (20, 100)) slides until its right edge meets the root view's
    /// (center x 325) while turning π clockwise: UIView.animate(withDuration: 1, delay: 0.5, options: .curveEaseInOut).
    /// Then the flip button (100 x 44 at the bottom) is pressed three times, at 2, 3 and 4 s, each press turning the root
    /// view and the button another π clockwise over 0.5 s; each press is where the button is shown then (the root's turn
    /// carries it to the top and back). 5 s.
    public static func viewAnimation() -> Scene {
        var s = newScene(
            "view-animation", "A view slides to the right edge turning 180 degrees; a button flips the root view.",
            duration: 5)
        s.layers = [
            .view("root", frame: [0, 0, 375, 667]),
            .view("box", superview: "root", frame: [20, 100, 100, 100], backgroundColor: .color(1, 0.5, 0, 1)),
            .view("button", superview: "root", frame: [137.5, 567, 100, 44], backgroundColor: .color(0, 0.5, 1, 1)),
        ]
        s.blocks = [
            SceneBlock(
                name: "slide", start: .time(0),
                animation: ViewAnimation(duration: 1, delay: 0.5, options: .curveEaseInOut),
                changes: [
                    ViewChange(view: "box", property: "center.x", value: .value(.scalar(325))),
                    ViewChange(view: "box", property: "rotation", value: .by(.scalar(.pi))),
                ])
        ]
        let flip = SceneBlock(
            name: "flip", start: .gesture, animation: ViewAnimation(duration: 0.5),
            changes: [
                ViewChange(view: "root", property: "rotation", value: .by(.scalar(.pi))),
                ViewChange(view: "button", property: "rotation", value: .by(.scalar(.pi))),
            ])
        s.gestures = [
            SceneGesture(
                name: "flip", kind: .tap, view: "button",
                samples: SceneGesture.samples([[2, 187.5, 589], [3, 187.5, 78], [4, 187.5, 589]]),
                action: .animate(flip))
        ]
        return s
    }

    /// `drop-and-spread`: five round buttons (60 x 60, corner radius 30) wait above the screen at x = 187.5. Each drops to
    /// y = 400 on a spring block (duration 0.8, dampingRatio 0.5); each block's completion calls the next, so they land
    /// one by one (0.8 s apart). The last completion spreads them to x = 55 + 66.25 k over 0.6 s (easeInOut). 5 s.
    public static func dropAndSpread() -> Scene {
        var s = newScene(
            "drop-and-spread", "Buttons drop one by one on springs, chained by completion handlers, then spread.",
            duration: 5)
        s.layers =
            [.view("root", frame: [0, 0, 375, 667])]
            + (0..<5).map { k in
                .view(
                    "b\(k)", superview: "root", center: [187.5, -40], size: [60, 60],
                    backgroundColor: .color(0.2, 0.6, 1, 1), cornerRadius: 30)
            }
        s.blocks = (0..<5).map { k in
            SceneBlock(
                name: "drop\(k)", start: k == 0 ? .time(0) : .after("drop\(k - 1)"),
                animation: ViewAnimation(duration: 0.8, spring: .init(dampingRatio: 0.5)),
                changes: [ViewChange(view: "b\(k)", property: "center.y", value: .value(.scalar(400)))])
        }
        s.blocks.append(
            SceneBlock(
                name: "spread", start: .after("drop4"),
                animation: ViewAnimation(duration: 0.6, options: .curveEaseInOut),
                changes: (0..<5).map { k in
                    ViewChange(view: "b\(k)", property: "center.x", value: .value(.scalar(55 + 66.25 * Double(k))))
                }))
        return s
    }

    /// `card-flip`: a 200 x 300 card layer flips about Y as iOS code writes a card flip: a basic animation of the whole
    /// `transform` from the perspective `m34 = −1/500` (an eye 500 pt in front of the screen) to a π rotation about Y
    /// seen through it (`CATransform3DRotate(t, .pi, 0, 1, 0)` of that transform), 1 s from 0.5 s, linear, fill both and not removed (it shows its start before 0.5 s and its
    /// end after). When it stops, a spring animation (CASpringAnimation defaults: mass 1, stiffness 100, damping 10) takes
    /// `transform.scale.x` from 1 to 1.3 and stays. 4 s.
    public static func cardFlip() -> Scene {
        var s = newScene("card-flip", "A card flips about Y in perspective, then springs its x scale.", duration: 4)
        var perspective = Transform3D.identity
        perspective.m[11] = -1.0 / 500
        s.layers = [
            SceneLayer(
                name: "card", size: [200, 300], position: [187.5, 333.5],
                [("backgroundColor", .color(0.9, 0.9, 0.9, 1))])
        ]
        s.animations = [
            SceneAnimation(
                layer: "card", key: "flip",
                animation: .basic(
                    BasicAnimation(
                        keyPath: "transform", fromValue: .transform(perspective),
                        toValue: .transform(Transform3D.rotation(.pi, 0, 1, 0).concatenating(perspective)),
                        timing: MediaTiming(beginTime: 0.5, duration: 1, fillMode: .both, isRemovedOnCompletion: false))
                )),
            SceneAnimation(
                layer: "card", key: "widen",
                animation: .spring(
                    SpringAnimation(
                        keyPath: "transform.scale.x", fromValue: .scalar(1), toValue: .scalar(1.3), spring: Spring(),
                        timing: MediaTiming(fillMode: .forwards, isRemovedOnCompletion: false))), after: "flip"),
        ]
        return s
    }
}
