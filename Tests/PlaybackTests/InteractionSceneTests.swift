import Foundation
import XCTest
@testable import Scenes
import Playback

/// The interactive built-ins (gestures, UIView blocks, the property animator), each checked against values computed
/// here independently: the damped oscillator's closed form, the additive-blend rule with the easeInEaseOut polynomial
/// inverted by Newton's method, and plane geometry.
final class InteractionSceneTests: XCTestCase {
    /// easeInEaseOut (0.42, 0, 0.58, 1) at x ∈ [0, 1]: Newton's method on x(s) = 3(1−s)²s·0.42 + 3(1−s)s²·0.58 + s³,
    /// then y(s) = 3(1−s)s² + s³.
    static func easeInOut(_ x: Double) -> Double {
        let x = min(max(x, 0), 1)
        var s = x
        for _ in 0..<50 {
            let f = 1.26 * (1 - s) * (1 - s) * s + 1.74 * (1 - s) * s * s + s * s * s - x
            let d = 1.26 * (1 - s) * (1 - 3 * s) + 1.74 * s * (2 - 3 * s) + 3 * s * s
            if d == 0 { break }
            s = min(max(s - f / d, 0), 1)
        }
        return 3 * (1 - s) * s * s + s * s * s
    }

    /// The seed spring (mass 2, stiffness 30, damping 7) released from rest: the fraction of the distance still to go
    /// after τ seconds, e^(−ζω₀τ)(cos ω_d τ + ζω₀/ω_d sin ω_d τ).
    static func seedRemaining(_ tau: Double) -> Double {
        let w0 = (30.0 / 2).squareRoot(), zeta = 7 / (2 * (30.0 * 2).squareRoot()),
            wd = w0 * (1 - zeta * zeta).squareRoot()
        return exp(-zeta * w0 * tau) * (cos(wd * tau) + zeta * w0 / wd * sin(wd * tau))
    }

    func table(_ scene: Scene) throws -> (Table, (Double, String) -> Double) {
        let table = Table(bytes: try output(scene))
        return (table, { t, c in table.rows.first { abs($0[0] - t) < 1e-9 }![table.column(c)] })
    }

    func events(_ scene: Scene) throws -> [String] {
        let run = SceneRun(scene: scene)
        var events: [String] = []
        try run.run(events: { events.append($0.csvRow) }) { _ in }
        return events
    }

    func testPropertyAnimatorReleaseFollowsTheSeedSpringBackAndOn() throws {
        var scene = Catalog.propertyAnimator()
        scene.rate = 100
        let (_, at) = try table(scene)
        // Pan 1 scrubs 50 of 215 pt (x 80 → 130) and lets go left of the root's center (187.5): reversed, the spring
        // carries x from 130 back to 80: x = 80 + 50 · remaining(τ). Rotation and scale follow the same progress.
        XCTAssertEqual(at(1.0, "box.x"), 130, accuracy: 1e-9)
        for tau in [0.01, 0.1, 0.3, 0.6, 1.0, 2.0, 2.9] {
            let u = 50.0 / 215 * Self.seedRemaining(tau)
            XCTAssertEqual(at(1 + tau, "box.x"), 80 + 215 * u, accuracy: 1e-6, "τ = \(tau)")
            XCTAssertEqual(at(1 + tau, "box.rotation"), Double.pi * u, accuracy: 1e-8)
            XCTAssertEqual(at(1 + tau, "box.scale.x"), 1 + 0.5 * u, accuracy: 1e-8)
            XCTAssertEqual(at(1 + tau, "animator.isReversed"), 1)
        }
        // Pan 2 scrubs 180 pt (x 80 → 260) and lets go past the center: on to 295, x = 295 − 35 · remaining(τ).
        XCTAssertEqual(at(7.0, "box.x"), 260, accuracy: 1e-9)
        for tau in [0.01, 0.2, 0.5, 1.0, 2.5] {
            XCTAssertEqual(at(7 + tau, "box.x"), 295 - 35 * Self.seedRemaining(tau), accuracy: 1e-6, "τ = \(tau)")
            XCTAssertEqual(at(7 + tau, "animator.isReversed"), 0)
        }
        XCTAssertEqual(at(12, "box.x"), 295, accuracy: 1e-9)
        XCTAssertEqual(at(12, "box.scale.y"), 1.5, accuracy: 1e-12)
        let completions = try events(scene).filter { $0.contains(",complete,") }.map { $0.split(separator: ",")[3] }
        XCTAssertEqual(completions, ["start", "end"])
    }

    func testTapMidFlightBlendsAdditively() throws {
        var scene = Catalog.tapToMove()
        scene.rate = 100
        let (_, at) = try table(scene)
        // Tap 1 at 0.5 s: model (300, 200), offset (60, 100) − (300, 200) fading on easeInOut. Tap 2 at 1.0 s: model
        // (100, 500) and a second offset (300, 200) − (100, 500), added to the first.
        func expected(_ t: Double, _ axis: Int) -> Double {
            let a = [60.0, 100][axis], b = [300.0, 200][axis], c = [100.0, 500][axis]
            if t < 1 { return b + (a - b) * (1 - Self.easeInOut(t - 0.5)) }
            return c + (a - b) * (1 - Self.easeInOut(t - 0.5)) + (b - c) * (1 - Self.easeInOut(t - 1))
        }
        for t in stride(from: 0.5, through: 2.2, by: 0.07) {
            let t = (t * 100).rounded() / 100
            XCTAssertEqual(at(t, "box.x"), expected(t, 0), accuracy: 1e-6, "t = \(t)")
            XCTAssertEqual(at(t, "box.y"), expected(t, 1), accuracy: 1e-6, "t = \(t)")
        }
        // Continuous at the second tap: the step over 10 ms around it stays small (speed at most a few hundred pt/s).
        XCTAssertLessThan(abs(at(1.01, "box.x") - at(1.0, "box.x")), 5)
        XCTAssertLessThan(abs(at(1.0, "box.x") - at(0.99, "box.x")), 5)
        XCTAssertEqual(at(5, "box.x"), 200)
        XCTAssertEqual(at(5, "box.y"), 300)
    }

    func testTouchFrameTakesTheRectangleBetweenTheFingers() throws {
        let (_, at) = try table(Catalog.touchFrame())
        let expected: [(Double, [Double])] = [
            (0.25, [150, 150, 100, 100]), (0.5, [150, 250, 200, 300]),
            (1.0, [200, 325, 200, 350]), (1.75, [230, 560, 220, 80]),
        ]
        for (t, v) in expected {
            XCTAssertEqual(["box.x", "box.y", "box.width", "box.height"].map { at(t, $0) }, v, "t = \(t)")
        }
    }

    func testViewAnimationReachesTheRightEdgeAndFlipsByHalfTurns() throws {
        var scene = Catalog.viewAnimation()
        scene.rate = 100
        let (_, at) = try table(scene)
        XCTAssertEqual(at(0.5, "box.x"), 70, "held through the 0.5 s delay")
        for t in [0.6, 0.8, 1.0, 1.3] {
            let e = Self.easeInOut(t - 0.5)
            XCTAssertEqual(at(t, "box.x"), 325 + (70 - 325) * (1 - e), accuracy: 1e-6)
            XCTAssertEqual(at(t, "box.rotation"), Double.pi * e, accuracy: 1e-8, "clockwise, the angle itself")
        }
        XCTAssertEqual(
            at(1.6, "box.x") + at(1.6, "box.width") / 2, at(1.6, "root.width"), "right edge on the root's right edge")
        XCTAssertEqual(at(1.6, "box.rotation"), .pi, accuracy: 1e-12)
        for (n, t) in [(0, 1.9), (1, 2.9), (2, 3.9), (3, 5.0)] {
            XCTAssertEqual(at(t, "root.rotation"), Double(n) * .pi, accuracy: 1e-9, "after \(n) presses")
            XCTAssertEqual(at(t, "button.rotation"), Double(n) * .pi, accuracy: 1e-9, "after \(n) presses")
        }
        // The root's half turn carries the button from the bottom to the top of the screen (about the root's center).
        XCTAssertEqual(at(2.9, "button.root.position.y"), 667 - 589, accuracy: 1e-9)
        XCTAssertEqual(try events(scene).filter { $0.contains("gesture,flip,recognized") }.count, 3)

        // A press where the button no longer is (its old place after the first flip) is not recognized.
        var missed = scene
        missed.gestures[0].samples[1].points = [SIMD2(187.5, 589)]
        let (_, m) = try table(missed)
        XCTAssertEqual(m(3.9, "root.rotation"), .pi, accuracy: 1e-9)
        XCTAssertEqual(m(5.0, "root.rotation"), .pi, accuracy: 1e-9, "so is the third, at the button's first place")
        XCTAssertEqual(
            try events(missed).filter { $0.contains("gesture,flip,failed") },
            ["3,gesture,flip,failed,187.5,589", "4,gesture,flip,failed,187.5,589"])
    }

    func testDropAndSpreadChainsSpringsThroughCompletions() throws {
        var scene = Catalog.dropAndSpread()
        scene.rate = 100
        let (_, at) = try table(scene)
        // Each drop starts when the previous completes: 0.8 s apart.
        for k in 0..<5 {
            let start = 0.8 * Double(k)
            if k > 0 { XCTAssertEqual(at(start - 0.01, "b\(k).y"), -40, "b\(k) waits") }
            XCTAssertEqual(at(start + 0.8, "b\(k).y"), 400, accuracy: 0.44 + 1e-9, "b\(k) lands within 0.1% of 440 pt")
        }
        // A spring from rest with damping ratio ζ overshoots by e^(−πζ/√(1−ζ²)) of the distance, whatever its stiffness.
        var first = scene
        first.rate = 1000
        first.duration = 0.8
        let (fine, _) = try table(first)
        let y = fine.column("b0.y")
        let peak = fine.rows.map { $0[y] }.max()!
        XCTAssertEqual(peak, 400 + 440 * exp(-Double.pi * 0.5 / (1 - 0.25).squareRoot()), accuracy: 0.01)
        for k in 0..<5 { XCTAssertEqual(at(5, "b\(k).x"), 55 + 66.25 * Double(k), accuracy: 1e-9) }
        let completes = try events(scene).filter { $0.contains(",complete,") }
        XCTAssertEqual(
            completes.map { $0.split(separator: ",")[2] }, ["drop0", "drop1", "drop2", "drop3", "drop4", "spread"])
        XCTAssertEqual(
            completes.map { Double($0.split(separator: ",")[0])! }, [0.8, 1.6, 2.4, 3.2, 4.0, 4.6].map { $0 },
            accuracy: 1e-9)
    }

    func testCardFlipsAboutYThenSpringsItsWidth() throws {
        var scene = Catalog.cardFlip()
        scene.rate = 100
        let (_, at) = try table(scene)
        XCTAssertEqual(at(0.2, "card.transform.m11"), 1, "fill both: the start shows before 0.5 s")
        for t in [0.6, 0.9, 1.0, 1.2, 1.45] {
            let theta = Double.pi * (t - 0.5)
            XCTAssertEqual(at(t, "card.transform.m11"), cos(theta), accuracy: 1e-9, "t = \(t)")
            XCTAssertEqual(at(t, "card.transform.m13"), -sin(theta), accuracy: 1e-9, "t = \(t)")
        }
        XCTAssertEqual(at(3, "card.transform.m11"), -1, accuracy: 1e-12, "fill both: the end stays")
        // CASpringAnimation defaults (m 1, k 100, c 10: ζ = 0.5, ω₀ = 10) from 1 to 1.3 from rest, started at 1.5 s.
        let wd = 75.0.squareRoot()
        for tau in [0.05, 0.2, 0.5, 1.0] {
            let s = 1 + 0.3 * (1 - exp(-5 * tau) * (cos(wd * tau) + 5 / wd * sin(wd * tau)))
            XCTAssertEqual(at(1.5 + tau, "card.transform.scale.x"), s, accuracy: 1e-9, "τ = \(tau)")
        }
    }

    func testTouchSamplesFromACSVFileMatchInlineTouches() throws {
        let scene = #"""
            {"views": [{"name": "root", "frame": [0, 0, 375, 667]}, {"name": "box", "superview": "root", "frame": [0, 0, 50, 50]}],
             "duration": 2, "rate": 20,
             "gestures": [{"name": "tap", "type": "tap", "view": "root", TOUCHES,
               "action": {"animate": {"duration": 0.5, "options": ["curveLinear"], "changes": [{"view": "box", "property": "center", "value": "location"}]}}}]}
            """#
        let inline = try decode(
            scene.replacingOccurrences(of: "TOUCHES", with: #""touches": [[0.25, 100, 200], [1, 300, 50]]"#))
        let csv = try decode(
            scene.replacingOccurrences(of: "TOUCHES", with: #""csv": "taps.csv""#),
            files: ["taps.csv": "t,x,y\r\n0.25,100,200\r\n\n1,300,50\n"])
        XCTAssertEqual(try output(csv), try output(inline))
        let (_, at) = try table(inline)
        XCTAssertEqual(at(0.5, "box.x"), 25 + (100 - 25) * 0.5, accuracy: 1e-9, "linear, halfway to the first tap")
        XCTAssertEqual(at(2, "box.y"), 50)
    }

    func testAnimatorAndBlocksOnOnePropertyAddUp() throws {
        let scene = #"""
            {"duration": 2, "rate": 10,
             "views": [{"name": "root", "frame": [0, 0, 375, 667]}, {"name": "box", "superview": "root", "frame": [100, 100, 100, 100]}],
             "animators": [{"name": "an", "layer": "box", "duration": 1, "timing": "linear", "animations": [{"keyPath": "position.x", "toValue": 350}],
                            "script": SCRIPT}],
             "blocks": [{"name": "blk", "t": 0.5, "duration": 1, "options": ["curveLinear"], "changes": [{"view": "box", "property": "center.x", "by": 100}]}]}
            """#
        // An animator that never starts leaves the property to the block: 150 → 250 linearly from 0.5 s.
        let (_, idle) = try table(try decode(scene.replacingOccurrences(of: "SCRIPT", with: "[]")))
        XCTAssertEqual(idle(0.4, "box.x"), 150)
        XCTAssertEqual(idle(1.0, "box.x"), 200, accuracy: 1e-9)
        XCTAssertEqual(idle(2.0, "box.x"), 250)
        // A running animator (150 → 350 over 1 s) and the block's +100 add up, as UIKit's additive animations do:
        // x = 150 + 200 t + 100 (t − 0.5) while both run, 350 + 100 after.
        let (_, both) = try table(
            try decode(scene.replacingOccurrences(of: "SCRIPT", with: #"[{"t": 0, "call": "startAnimation"}]"#)))
        for t in [0.2, 0.5, 0.7, 0.9] {
            XCTAssertEqual(both(t, "box.x"), 150 + 200 * t + 100 * max(t - 0.5, 0), accuracy: 1e-9, "t = \(t)")
        }
        XCTAssertEqual(both(1.2, "box.x"), 350 + 100 * 0.7, accuracy: 1e-9)
        XCTAssertEqual(both(2.0, "box.x"), 450, accuracy: 1e-9)
    }

    func testAnimatorChangesStartFromTheModelWhenTheyBeginToDrive() throws {
        let base = #"""
            {"duration": 2, "rate": 10,
             "views": [{"name": "root", "frame": [0, 0, 375, 667]}, {"name": "box", "superview": "root", "center": [100, 100], "size": [50, 50]}],
             "animators": [{"name": "an", "layer": "box", "duration": 1, "timing": "linear", "animations": [ANIMATIONS], "script": SCRIPT}],
             "blocks": [BLOCKS]}
            """#
        func run(_ animations: String, _ script: String, _ blocks: String = "") throws -> (Double, String) -> Double {
            try table(
                try decode(
                    base.replacingOccurrences(of: "ANIMATIONS", with: animations)
                        .replacingOccurrences(of: "SCRIPT", with: script).replacingOccurrences(
                            of: "BLOCKS", with: blocks))
            ).1
        }
        // addAnimations while running: x from where it is (100) to 300 over the remaining half second, no jump.
        let added = try run(
            #"{"keyPath": "position.y", "toValue": 300}"#,
            #"[{"t": 0, "call": "startAnimation"}, {"t": 0.5, "call": "addAnimations", "keyPath": "position.x", "toValue": 300}]"#
        )
        XCTAssertEqual(added(0.5, "box.x"), 100, accuracy: 1e-9)
        XCTAssertEqual(added(0.7, "box.x"), 100 + 200 * 0.4, accuracy: 1e-9)
        XCTAssertEqual(added(1.0, "box.x"), 300, accuracy: 1e-9)
        XCTAssertEqual(added(2.0, "box.x"), 300, accuracy: 1e-9)
        XCTAssertEqual(added(2.0, "box.y"), 300, accuracy: 1e-9)
        // Started after a block moved the view: from the model (200) to 300.
        let after = try run(
            #"{"keyPath": "position.x", "toValue": 300}"#, #"[{"t": 0.5, "call": "startAnimation"}]"#,
            #"{"name": "b", "t": 0, "duration": 0.2, "options": ["curveLinear"], "changes": [{"view": "box", "property": "center.x", "value": 200}]}"#
        )
        XCTAssertEqual(after(0.5, "box.x"), 200, accuracy: 1e-9)
        XCTAssertEqual(after(1.0, "box.x"), 250, accuracy: 1e-9)
        XCTAssertEqual(after(1.5, "box.x"), 300, accuracy: 1e-9)
        // A beginFromCurrentState block on a property the running animator drives: continuous, and the two add up.
        let retarget = try run(
            #"{"keyPath": "position.x", "toValue": 300}"#, #"[{"t": 0, "call": "startAnimation"}]"#,
            #"{"name": "b", "t": 0.5, "duration": 1, "options": ["curveLinear", "beginFromCurrentState"], "changes": [{"view": "box", "property": "center.x", "value": 50}]}"#
        )
        XCTAssertEqual(retarget(0.5, "box.x"), 200, accuracy: 1e-9)
        XCTAssertEqual(retarget(2.0, "box.x"), 50, accuracy: 1e-9)
        XCTAssertLessThan(abs(retarget(0.6, "box.x") - retarget(0.5, "box.x")), 25)
    }

    func testScriptAndGestureCallsAreCheckedTogether() throws {
        let scene = #"""
            {"duration": 2, "rate": 10,
             "views": [{"name": "root", "frame": [0, 0, 375, 667]}, {"name": "box", "superview": "root", "center": [100, 100], "size": [50, 50]}],
             "layers": [{"name": "overlay", "bounds": [0, 0, 375, 667], "position": [187.5, 333.5]}],
             "animators": [{"name": "an", "layer": "box", "duration": 1, "timing": "linear", "animations": [{"keyPath": "position.x", "toValue": 300}],
                            "script": SCRIPT}],
             "gestures": [{"name": "pan", "type": "pan", "view": "root", "touches": [[0.5, 10, 400], [0.6, 100, 400], [0.7, 150, 400]],
                           "action": {"scrub": "an", "distance": 200, "release": "continue", "durationFactor": 0.01}}]}
            """#
        // The pan finishes the animator at 0.71 s: stopping it at 1 s is refused, as UIKit would.
        XCTAssertThrowsError(
            try decode(scene.replacingOccurrences(of: "SCRIPT", with: #"[{"t": 1.0, "call": "stopAnimation"}]"#))
        ) {
            XCTAssertEqual(
                "\($0)",
                "scene.json: animators[0].script[0]: stopAnimation: only an active animator can stop, got inactive")
        }
        // Stopping it while the pan holds it (active at 0.65 s) is fine; the plain layer on top does not take the touches.
        let ok = try decode(
            scene.replacingOccurrences(
                of: "SCRIPT",
                with:
                    #"[{"t": 0.65, "call": "stopAnimation"}, {"t": 0.66, "call": "finishAnimation", "at": "current"}]"#)
        )
        XCTAssertEqual(try events(ok).first, "0.5,gesture,pan,began,10,400")
    }

    func testBlockScaleTakesOneOrTwoFactors() throws {
        let scene = #"""
            {"duration": 1, "rate": 10, "views": [{"name": "v", "frame": [0, 0, 10, 10]}],
             "blocks": [{"name": "a", "duration": 0, "changes": [{"view": "v", "property": "scale", "value": [2, 3]}]},
                        {"name": "b", "t": 0.5, "duration": 0, "changes": [{"view": "v", "property": "scale", "by": 1}]}]}
            """#
        let (_, at) = try table(try decode(scene))
        XCTAssertEqual([at(0.2, "v.scale.x"), at(0.2, "v.scale.y")], [2, 3])
        XCTAssertEqual([at(0.7, "v.scale.x"), at(0.7, "v.scale.y")], [3, 4])
    }

    func testHitTestingFollowsUIKit() throws {
        let scene = #"""
            {"duration": 3, "rate": 10,
             "views": [{"name": "root", "frame": [0, 0, 375, 667]},
                       {"name": "button", "superview": "root", "frame": [0, 0, 100, 100], ALPHA},
                       {"name": "cover", "superview": "root", "frame": [50, 0, 100, 100]}],
             "blocks": [{"name": "move", "t": 0, "duration": 1, OPTIONS "changes": [{"view": "button", "property": "center.y", "value": 300}]}],
             "gestures": [{"name": "press", "type": "tap", "view": "button", "touches": [[0.5, 20, 300], [1.5, 20, 300], [2, 70, 300]],
                           "action": {"animate": {"duration": 0, "changes": [{"view": "button", "property": "alpha", "value": 0.5}]}}}]}
            """#
        func states(_ alpha: String, _ options: String) throws -> [String] {
            let s = try decode(
                scene.replacingOccurrences(of: "ALPHA", with: alpha).replacingOccurrences(of: "OPTIONS", with: options))
            return try events(s).filter { $0.contains(",gesture,") }.map { String($0.split(separator: ",")[3]) }
        }
        // The button's model frame is at y 250 ... 350 from the block's call on (UIKit hit-tests the model). At 0.5 s it
        // is being animated, so it ignores touches unless the block allows user interaction; at 1.5 s and 2 s it is hit.
        XCTAssertEqual(try states(#""alpha": 1"#, ""), ["failed", "recognized", "recognized"])
        XCTAssertEqual(
            try states(#""alpha": 1"#, #""options": ["allowUserInteraction"],"#),
            ["recognized", "recognized", "recognized"])
        XCTAssertEqual(try states(#""alpha": 0"#, ""), ["failed", "failed", "failed"], "alpha below 0.01 is not hit")
        // A later sibling on top takes the touch.
        let covered = try decode(
            scene.replacingOccurrences(of: "ALPHA", with: #""alpha": 1"#).replacingOccurrences(of: "OPTIONS", with: "")
                .replacingOccurrences(of: #""frame": [50, 0, 100, 100]"#, with: #""frame": [50, 250, 100, 100]"#))
        XCTAssertEqual(
            try events(covered).filter { $0.contains(",gesture,") }.map { String($0.split(separator: ",")[3]) },
            ["failed", "recognized", "failed"])
    }

    func testPanVelocityUsesTheLastSegmentThatTookTime() throws {
        let scene = #"""
            {"duration": 3, "rate": 10,
             "views": [{"name": "root", "frame": [0, 0, 375, 667]}, {"name": "box", "superview": "root", "frame": [0, 0, 100, 100]}],
             "animators": [{"name": "an", "layer": "box", "duration": 1, "timing": "linear", "animations": [{"keyPath": "position.x", "toValue": 250}]}],
             "gestures": [{"name": "pan", "type": "pan", "view": "root", "touches": [[0.2, 100, 300], [0.4, 150, 300], [0.4, 120, 300]],
                           "action": {"scrub": "an", "distance": 200, "release": "velocity"}}]}
            """#
        let (_, at) = try table(try decode(scene))
        // The finger went back 30 pt at the very end, but the last segment that took time moved right: continue.
        XCTAssertEqual(at(3, "box.x"), 250)
        XCTAssertEqual(at(3, "an.isReversed"), 0)
    }
}

private func XCTAssertEqual(
    _ a: [Double], _ b: [Double], accuracy: Double, file: StaticString = #filePath, line: UInt = #line
) {
    XCTAssertEqual(a.count, b.count, file: file, line: line)
    for (x, y) in zip(a, b) { XCTAssertEqual(x, y, accuracy: accuracy, file: file, line: line) }
}
