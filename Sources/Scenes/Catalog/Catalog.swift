import Dynamics
import Foundation
import IO

/// The built-in scenes, shared by the CLI (`dynsim scenes`, `dynsim run NAME`), the tests and the benchmarks, so that
/// "the swinging view" has one definition everywhere (as Box2D shares its benchmark scenes).
///
/// The Box2D 2.4.1 oracle (Oracles/box2d) builds `swinging-view`, `pendulum`, `spring` and `free-fall` independently from
/// the same numbers; change them together.
public enum Catalog {
    /// A built-in scene's name and one-line summary.
    public struct Entry {
        /// The name `dynsim run` and `dynsim scenes` take.
        public let name: String
        /// One line for `dynsim scenes`.
        public let summary: String
        /// Builds the scene.
        public let make: () -> Scene
    }

    /// The name of the scene `dynsim` runs with no arguments.
    public static let defaultName = "swinging-view"

    /// All built-in scenes, in listing order.
    public static let entries: [Entry] =
        [
            Entry(
                name: "swinging-view",
                summary:
                    "a 100 x 100 view on a rigid attachment; a finger drags the anchor right, pauses, flicks it left and lifts (default)",
                make: swingingView),
            Entry(
                name: "pendulum", summary: "a rigid 100 pt pendulum released at 60 degrees, no resistance",
                make: pendulum),
            Entry(
                name: "double-pendulum", summary: "two items chained item to item, released horizontal, no resistance",
                make: doublePendulum),
            Entry(
                name: "spring", summary: "a view on a 2 Hz, damping 0.3 spring attachment, released stretched",
                make: spring),
            Entry(
                name: "free-fall", summary: "a view thrown up and sideways under gravity 1.0, no resistance",
                make: freeFall),
            Entry(
                name: "bouncing-ball",
                summary: "a 50 pt ball (elasticity 0.5, no friction) dropped 500 pt onto the screen's floor",
                make: bouncingBall),
            Entry(
                name: "stack",
                summary: "ten 50 x 50 views stacked on the screen's floor: they stay put and fall asleep",
                make: stack),
            Entry(
                name: "toss",
                summary: "a view thrown up and right, spinning, bouncing off the screen's edges until it rests",
                make: toss),
            Entry(
                name: "cornered", summary: "a dragged view squeezes another into the bottom-right corner",
                make: cornered),
            Entry(
                name: "snap",
                summary: "a 100 x 50 view, turned 0.3 rad, snaps from (100, 100) to (300, 200) (UISnapBehavior)",
                make: snap),
            Entry(
                name: "push",
                summary: "a view pushed once off-center at 0.5 s, then pushed steadily up from 1.5 s to 2 s",
                make: push),
            Entry(
                name: "field",
                summary: "three views in a vortex around a radial gravity well, one charged in a magnetic field",
                make: field),
            Entry(
                name: "boxes",
                summary: "benchmark scene C: 100 boxes (10 x 10) dropping into a container and settling into a pile",
                make: { boxes(count: 100) }),
            Entry(
                name: "basic-animations",
                summary: "four views: a corner rounds, a view fades, one moves and turns 315°, one pulses",
                make: basicAnimations),
            Entry(
                name: "shake",
                summary: "a password field shakes with the seed's offsets and key times (additive keyframes)",
                make: shake),
            Entry(
                name: "sine-path",
                summary: "a rider follows a drawn sine wave forever (6 s a cycle), its x-axis along the tangent",
                make: sinePathScene),
            Entry(
                name: "path-cubic-paced",
                summary: "a view rides a Bézier S-curve at constant speed (cubicPaced), turned along it, and stays",
                make: pathCubicPaced),
            Entry(
                name: "group-pulse",
                summary: "a dot pulses forever: a group scales it 1.3x and fades it to 0.5, autoreversing",
                make: groupPulse),
            Entry(
                name: "bounce-keyframes",
                summary: "a ball drops and bounces twice: additive position.y keyframes with easeIn/easeOut",
                make: bounceKeyframes),
            Entry(
                name: "zoom-startup",
                summary: "a logo mask's bounds shrink then zoom past the screen after a 1 s delay, and stay",
                make: zoomStartup),
            Entry(
                name: "transition",
                summary: "a label's text moves in as \"Sliding\" in green, then fades back to its own text in orange",
                make: transition),
            Entry(
                name: "pause-resume",
                summary:
                    "a square slides for 4 s; its layer is paused at 1.5 s and resumed at 3 s (QA1673), so it arrives 1.5 s late",
                make: pauseResume),
            Entry(
                name: "nested-speeds",
                summary:
                    "a layer of speed 3 and its sublayer of speed 0.5 each turn once in 3 s of their own time: at 1 s and 2 s",
                make: nestedSpeeds),
        ] + interactionEntries + scrollEntries + [
            Entry(
                name: "pendulums",
                summary:
                    "benchmark scene A: 100 independent rigid pendulums (timed by `swift run -c release dynsim-bench`)",
                make: { pendulums(count: 100) })
        ]

    /// The scene with that name, or nil.
    public static func scene(named name: String) -> Scene? {
        entries.first { $0.name == name }?.make()
    }

    /// An empty scene with its name, one-line description and duration (seconds): how each built-in starts.
    static func newScene(_ name: String, _ description: String, duration: Double) -> Scene {
        var s = Scene()
        s.name = name
        s.description = description
        s.duration = duration
        return s
    }

    /// An item named `name` at `center` (points) with the given size (points) and resistances, UIKit's defaults
    /// otherwise (density 1, elasticity 0.2, friction 0.2).
    public static func item(
        _ name: String, center: Vector2, size: Vector2 = Vector2(100, 100), resistance: Double = 0.1,
        angularResistance: Double = 0.1
    ) -> SceneItem {
        SceneItem(
            name: name,
            definition: ItemDefinition(
                center: center, size: size, resistance: resistance,
                angularResistance: angularResistance))
    }

    /// `swinging-view`: UIKit's classic attachment demo. A 100 x 100 pt view (density 1, UIKit's default resistance 0.1)
    /// hangs 150 pt below an anchor near the top center of a 375 x 667 pt screen, on a rigid attachment to its center,
    /// under gravity 1.0. A finger picks the anchor up at 0.5 s, drags it right (and a little down) with a minimum-jerk
    /// profile over 1 s, pauses for 0.5 s, flicks it 200 pt left in 0.25 s (peak 1500 pt/s) and lets go at 2.25 s; the
    /// view keeps swinging until 10 s.
    public static func swingingView() -> Scene {
        var s = newScene(
            "swinging-view",
            "A view hanging from a dragged anchor: pick up, drag right, pause, flick left, let go.", duration: 10)
        s.items = [item("view", center: Vector2(187.5, 300))]
        s.behaviors = [
            .gravity(SceneGravity(items: ["view"])),
            .attachment(
                {
                    var a = SceneAttachment(item: "view")
                    a.name = "anchor"
                    a.drag = SceneDrag(
                        interpolation: .minimumJerk, times: [0, 0.5, 1.5, 2.0, 2.25],
                        points: [
                            Vector2(187.5, 150), Vector2(187.5, 150), Vector2(287.5, 160), Vector2(287.5, 160),
                            Vector2(87.5, 150),
                        ])
                    return a
                }()),
        ]
        return s
    }

    /// `pendulum`: a 100 x 100 view on a rigid 100 pt attachment to its center from a fixed anchor at (187.5, 150),
    /// released from rest at 60 degrees to the right, gravity 1.0, resistance 0.
    public static func pendulum() -> Scene {
        pendulum(angle: Double.pi / 3, length: 100)
    }

    /// A rigid point-like pendulum (attachment at the item's center) released from rest at `angle` radians from straight
    /// down, clockwise positive (to the right), rod `length` points, zero resistance.
    public static func pendulum(angle: Double, length: Double) -> Scene {
        var s = newScene("pendulum", "A rigid pendulum released at an angle.", duration: 10)
        let anchor = Vector2(187.5, 150)
        s.items = [
            item(
                "bob", center: anchor + length * Vector2(sin(angle), cos(angle)), resistance: 0,
                angularResistance: 0)
        ]
        var a = SceneAttachment(item: "bob")
        a.name = "anchor"
        a.anchorPoint = anchor
        s.behaviors = [.gravity(SceneGravity(items: ["bob"])), .attachment(a)]
        return s
    }

    /// `double-pendulum`: two 40 x 40 items (density 6.25, mass 1 each) chained by rigid 80 pt attachments — the
    /// upper to a fixed anchor, the lower to the upper (item to item) — released from rest horizontal, zero resistance.
    public static func doublePendulum() -> Scene {
        var s = newScene("double-pendulum", "Two items chained item to item, released horizontal.", duration: 10)
        var upper = item(
            "upper", center: Vector2(267.5, 200), size: Vector2(40, 40), resistance: 0, angularResistance: 0)
        var lower = item(
            "lower", center: Vector2(347.5, 200), size: Vector2(40, 40), resistance: 0, angularResistance: 0)
        upper.definition.density = 6.25
        lower.definition.density = 6.25
        s.items = [upper, lower]
        var top = SceneAttachment(item: "upper")
        top.name = "anchor"
        top.anchorPoint = Vector2(187.5, 200)
        var link = SceneAttachment(item: "lower")
        link.attachedTo = "upper"
        s.behaviors = [.gravity(SceneGravity()), .attachment(top), .attachment(link)]
        return s
    }

    /// `spring`: a 100 x 100 view on a spring attachment (frequency 2 Hz, damping ratio 0.3, rest length 100 pt) from a
    /// fixed anchor at (187.5, 150), released from rest at (247.5, 250), gravity 1.0, resistance 0.
    public static func spring() -> Scene {
        var s = newScene("spring", "A view on a 2 Hz, damping 0.3 spring attachment.", duration: 10)
        s.items = [item("bob", center: Vector2(247.5, 250), resistance: 0, angularResistance: 0)]
        var a = SceneAttachment(item: "bob")
        a.name = "anchor"
        a.anchorPoint = Vector2(187.5, 150)
        a.length = 100
        a.frequency = 2
        a.damping = 0.3
        s.behaviors = [.gravity(SceneGravity(items: ["bob"])), .attachment(a)]
        return s
    }

    /// `free-fall`: a 100 x 100 view at (187.5, 100) thrown at (50, -200) pt/s under gravity 1.0, resistance 0, for 1 s.
    public static func freeFall() -> Scene {
        var s = newScene("free-fall", "A view thrown under gravity.", duration: 1)
        var box = item("box", center: Vector2(187.5, 100), resistance: 0, angularResistance: 0)
        box.definition.velocity = Vector2(50, -200)
        s.items = [box]
        s.behaviors = [.gravity(SceneGravity())]
        return s
    }

    /// `bouncing-ball`: a 50 x 50 view with ellipse collision bounds (a circle), elasticity 0.5, friction 0, no
    /// resistance, dropped from rest with its bottom 500 pt above the floor of the 375 x 667 screen (the reference bounds
    /// as a boundary), gravity 1.0; 5 s. The Box2D oracle runs the same scene (Tests/Fixtures/box2d/bounce.csv).
    public static func bouncingBall() -> Scene {
        var s = newScene("bouncing-ball", "A ball dropped 500 pt onto the floor (elasticity 0.5).", duration: 5)
        var ball = item("ball", center: Vector2(187.5, 143), size: Vector2(50, 50), resistance: 0, angularResistance: 0)
        ball.definition.elasticity = 0.5
        ball.definition.friction = 0
        ball.definition.collisionBounds = .ellipse
        s.items = [ball]
        var collision = SceneCollision(items: ["ball"])
        collision.translatesReferenceBoundsIntoBoundary = true
        s.behaviors = [.gravity(SceneGravity()), .collision(collision)]
        return s
    }

    /// `stack`: ten 50 x 50 views (UIKit's default materials and resistance) stacked exactly on top of each other on the
    /// floor of the 375 x 667 screen (the reference bounds, 1 pt outside), under gravity 1.0; 10 s.
    public static func stack() -> Scene {
        var s = newScene("stack", "Ten views stacked on the floor.", duration: 10)
        s.items = (0..<10).map { k in
            item("box\(k)", center: Vector2(187.5, 668 - 25 - 50 * Double(k)), size: Vector2(50, 50))
        }
        var collision = SceneCollision(items: s.items.map(\.name))
        collision.translatesReferenceBoundsIntoBoundary = true
        s.behaviors = [.gravity(SceneGravity()), .collision(collision)]
        return s
    }

    /// `toss`: a 80 x 120 view thrown from (100, 500) at (900, −1300) pt/s spinning at 6 rad/s, bouncing off the edges of
    /// the 375 x 667 screen under gravity 1.0 with UIKit's default materials; 8 s.
    public static func toss() -> Scene {
        var s = newScene("toss", "A view tossed against the screen's edges.", duration: 8)
        var card = item("card", center: Vector2(100, 500), size: Vector2(80, 120))
        card.definition.velocity = Vector2(900, -1300)
        card.definition.angularVelocity = 6
        s.items = [card]
        var collision = SceneCollision(items: ["card"])
        collision.translatesReferenceBoundsIntoBoundary = true
        s.behaviors = [.gravity(SceneGravity()), .collision(collision)]
        return s
    }

    /// `cornered`: a 100 x 100 view pinned at its center to a finger that drags it right along the floor of the
    /// 375 x 667 screen, from (80, 610) to (300, 610) with a minimum-jerk motion over 1.5 s, and holds it there; a 60 x 60
    /// view resting at (240, 630) is pushed into the bottom-right corner and squeezed there. Both collide with each other
    /// and the screen's edges, gravity 1.0; 4 s.
    public static func cornered() -> Scene {
        var s = newScene("cornered", "A dragged view squeezes another into a corner.", duration: 4)
        s.items = [
            item("pusher", center: Vector2(80, 610)), item("victim", center: Vector2(240, 636), size: Vector2(60, 60)),
        ]
        var drag = SceneAttachment(item: "pusher")
        drag.name = "finger"
        drag.drag = SceneDrag(
            interpolation: .minimumJerk, times: [0, 0.5, 2.0],
            points: [
                Vector2(80, 610), Vector2(80, 610), Vector2(300, 610),
            ])
        var collision = SceneCollision(items: ["pusher", "victim"])
        collision.translatesReferenceBoundsIntoBoundary = true
        s.behaviors = [.gravity(SceneGravity()), .attachment(drag), .collision(collision)]
        return s
    }

    /// `snap`: a 100 x 50 view at (100, 100) turned 0.3 rad snaps to (300, 200) with UIKit's default damping 0.5
    /// (the case kern0x1b/charon measured on UIKit), 3 s.
    public static func snap() -> Scene {
        var s = newScene("snap", "A view snapping to a point (UISnapBehavior, damping 0.5).", duration: 3)
        var view = item("view", center: Vector2(100, 100), size: Vector2(100, 50))
        view.definition.angle = 0.3
        s.items = [view]
        s.behaviors = [.snap(SceneSnap(item: "view", snapPoint: Vector2(300, 200)))]
        return s
    }

    /// `push`: a 100 x 100 view at rest (UIKit's resistance 0.1) gets an instantaneous push of magnitude 1 to the right at
    /// 0.5 s, 30 pt below its center (so it also spins), then a continuous push of magnitude 2 straight up from 1.5 s to
    /// 2 s; 3 s.
    public static func push() -> Scene {
        var s = newScene(
            "push",
            "An instantaneous off-center push, then a continuous one (UIPushBehavior).", duration: 3)
        s.items = [item("view", center: Vector2(100, 400))]
        var kick = ScenePush(items: ["view"])
        kick.mode = .instantaneous
        kick.form = .direction(Vector2(1, 0))
        kick.targetOffsetFromCenter = Vector2(0, 30)
        kick.beginTime = 0.5
        var lift = ScenePush(items: ["view"])
        lift.form = .angle(-Double.pi / 2, magnitude: 2)
        lift.beginTime = 1.5
        lift.endTime = 2
        s.behaviors = [.push(kick), .push(lift)]
        return s
    }

    /// `field`: three 60 x 60 views (resistance 0.5) around (187.5, 333.5): all in a radial gravity field of strength 3
    /// (falloff 2, minimumRadius 50 pt) and a vortex of strength 0.5 inside a 250 pt circle; the third, charged 1, also in
    /// a magnetic field of strength 0.5. 5 s.
    public static func field() -> Scene {
        var s = newScene(
            "field",
            "Views swirling in radial gravity, vortex and magnetic fields (UIFieldBehavior).", duration: 5)
        let center = Vector2(187.5, 333.5)
        s.items = [
            item("a", center: center + Vector2(120, 0), size: Vector2(60, 60), resistance: 0.5),
            item("b", center: center + Vector2(-80, 90), size: Vector2(60, 60), resistance: 0.5),
            item("c", center: center + Vector2(0, -150), size: Vector2(60, 60), resistance: 0.5),
        ]
        s.items[2].definition.charge = 1
        s.behaviors = [
            .field(
                SceneField(
                    items: ["a", "b", "c"],
                    field: FieldBehavior(
                        kind: .radialGravity, items: [], position: center, strength: 3, minimumRadius: 50))),
            .field(
                SceneField(
                    items: ["a", "b", "c"],
                    field: FieldBehavior(
                        kind: .vortex, items: [], position: center, region: .circle(radius: 250), strength: 0.5))),
            .field(
                SceneField(
                    items: ["c"], field: FieldBehavior(kind: .magnetic, items: [], position: center, strength: 0.5))),
        ]
        return s
    }

    /// Benchmark scene C: `count` 10 x 10 views (UIKit's default materials) in a block of ⌈√(2 count)⌉ columns, 12 pt
    /// apart (odd rows staggered by 3 pt), its lowest row 20 pt above the floor of a container as wide as the block (a
    /// named boundary path down the left side, along the floor at y = 667 and up the right side, open at the top). They
    /// drop under gravity 1.0 and settle into a pile whose height grows with √count, so every size has the same kind
    /// of work per box. Output limited to the first box's columns.
    public static func boxes(count: Int) -> Scene {
        precondition(count >= 1, "boxes: count must be >= 1")
        var s = newScene("boxes", "Benchmark scene C: \(count) boxes falling into a container.", duration: 5)
        let columns = Int((2 * Double(count)).squareRoot().rounded(.up))
        let width = Double(columns) * 12 + 6
        for k in 0..<count {
            let column = Double(k % columns), row = Double(k / columns),
                stagger: Double = (k / columns) % 2 == 0 ? 0 : 3
            let center = Vector2(8 + 12 * column + stagger, 667 - 25 - 12 * row)
            s.items.append(item("box\(k)", center: center, size: Vector2(10, 10)))
        }
        var collision = SceneCollision(items: s.items.map(\.name))
        collision.boundaries = [
            SceneBoundary(
                identifier: "container",
                points: [
                    Vector2(0, -10_000), Vector2(0, 667), Vector2(width, 667), Vector2(width, -10_000),
                ])
        ]
        s.behaviors = [.gravity(SceneGravity()), .collision(collision)]
        s.columns = ["t"] + SceneItem.columnSuffixes.map { "box0." + $0 }
        return s
    }

    /// Benchmark scene B: a chain of `count` 10 x 10 links (density 1, resistance 0), 15 pt apart along a horizontal
    /// line from a fixed anchor at (187.5, 100): the first hangs from the anchor, each next one from the previous link,
    /// all on rigid attachments of length 15 pt between centers. Released from rest, it falls and swings under gravity
    /// 1.0. Output limited to the last link's columns.
    public static func chain(count: Int) -> Scene {
        precondition(count >= 1, "chain: count must be >= 1")
        var s = newScene("chain", "Benchmark scene B: a chain of \(count) links.", duration: 10)
        s.behaviors = [.gravity(SceneGravity())]
        for k in 0..<count {
            s.items.append(
                item(
                    "link\(k)", center: Vector2(187.5 + 15 * Double(k + 1), 100), size: Vector2(10, 10),
                    resistance: 0, angularResistance: 0))
            var a = SceneAttachment(item: "link\(k)")
            if k == 0 {
                a.name = "anchor"
                a.anchorPoint = Vector2(187.5, 100)
            } else {
                a.attachedTo = "link\(k - 1)"
            }
            a.length = 15
            s.behaviors.append(.attachment(a))
        }
        s.columns = ["t"] + SceneItem.columnSuffixes.map { "link\(count - 1)." + $0 }
        return s
    }

    /// Benchmark scene A: `count` independent rigid pendulums (20 x 20 items, rods 100 pt, released from rest at angles
    /// spread over 10...80 degrees), each from its own fixed anchor, gravity 1.0, resistance 0. Output limited to the
    /// first pendulum's columns.
    public static func pendulums(count: Int) -> Scene {
        precondition(count >= 1, "pendulums: count must be >= 1")
        var s = newScene("pendulums", "Benchmark scene A: \(count) independent rigid pendulums.", duration: 10)
        for i in 0..<count {
            let anchor = Vector2(20 + Double(i % 34) * 10, 100 + Double((i / 34) % 40) * 12)
            let angle = (10 + Double((i * 7) % 71)) * Double.pi / 180
            s.items.append(
                item(
                    "bob\(i)", center: anchor + 100 * Vector2(sin(angle), cos(angle)), size: Vector2(20, 20),
                    resistance: 0, angularResistance: 0))
            var a = SceneAttachment(item: "bob\(i)")
            a.name = "anchor\(i)"
            a.anchorPoint = anchor
            s.behaviors.append(.attachment(a))
        }
        s.behaviors.insert(.gravity(SceneGravity()), at: 0)
        s.columns = ["t"] + SceneItem.columnSuffixes.map { "bob0." + $0 }
        return s
    }
}
