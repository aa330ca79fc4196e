import Foundation
import XCTest
import Springs
import Animation
@testable import Scenes
import Playback

/// The Core Animation seed scenes, checked at exact times against values computed here from their definitions.
final class AnimationSceneTests: XCTestCase {
    func rows(_ scene: Scene, rate: Double = 100) throws -> (Table, (Double, String) -> Double) {
        var s = scene
        s.rate = rate
        let table = Table(bytes: try output(s))
        func value(_ t: Double, _ column: String) -> Double {
            let row = table.rows.first { abs($0[0] - t) < 1e-9 }!
            return row[table.column(column)]
        }
        return (table, value)
    }

    func testBasicAnimationsSeedNumbers() throws {
        let (_, v) = try rows(Catalog.basicAnimations())
        // Orange: the corner reaches half the side (50) at 1 s along easeOut, and stays.
        XCTAssertEqual(v(0.5, "orange.cornerRadius"), 50 * CubicBezier.easeOut.value(at: 0.5), accuracy: 1e-9)
        XCTAssertEqual(v(1, "orange.cornerRadius"), 50, accuracy: 1e-9)
        XCTAssertEqual(v(3, "orange.cornerRadius"), 50, accuracy: 1e-9)
        // Cyan: opacity 0 at 1 s along easeIn.
        XCTAssertEqual(v(0.5, "cyan.opacity"), 1 - CubicBezier.easeIn.value(at: 0.5), accuracy: 1e-9)
        XCTAssertEqual(v(1, "cyan.opacity"), 0, accuracy: 1e-9)
        // Blue: ends on the cyan view's center x, turned 315° clockwise, and stays there.
        for t in [2.0, 4.5] {
            XCTAssertEqual(v(t, "blue.position.x"), v(t, "cyan.position.x"), accuracy: 1e-9)
            XCTAssertEqual(v(t, "blue.transform.rotation.z") * 180 / .pi, 315, accuracy: 1e-9)
        }
        XCTAssertEqual(
            v(1, "blue.transform.rotation.z") * 180 / .pi, 157.5, accuracy: 1e-9, "through 157.5°, the long way")
        // Green: 1.5x and magenta at 1 s and 3 s, back at 2 s, and where it began at the end.
        for (t, scale, red, green) in [
            (1.0, 1.5, 1.0, 0.0), (2.0, 1.0, 0.0, 1.0), (3.0, 1.5, 1.0, 0.0), (4.5, 1.0, 0.0, 1.0),
        ] {
            XCTAssertEqual(v(t, "green.transform.scale.x"), scale, accuracy: 1e-9, "t = \(t)")
            XCTAssertEqual(v(t, "green.transform.scale.y"), scale, accuracy: 1e-9, "t = \(t)")
            XCTAssertEqual(v(t, "green.backgroundColor.red"), red, accuracy: 1e-9, "t = \(t)")
            XCTAssertEqual(v(t, "green.backgroundColor.green"), green, accuracy: 1e-9, "t = \(t)")
        }
    }

    func testShakeOffsetsAtTheirKeyTimes() throws {
        let (_, v) = try rows(Catalog.shake(), rate: 1000)
        for (o, kt) in zip([0.0, 10, -10, 10, -5, 5, -5, 0], [0, 0.125, 0.25, 0.375, 0.5, 0.625, 0.8, 1]) {
            XCTAssertEqual(v(0.5 + kt * 0.4, "field.position.x"), 187.5 + o, accuracy: 1e-9, "key time \(kt)")
        }
        XCTAssertEqual(v(0.25, "field.position.x"), 187.5)
    }

    func testDelegateEventsAndChaining() throws {
        var scene = Catalog.shake()
        scene = try decode(
            SceneEncoder.text(scene).replacingOccurrences(of: #""beginTime": 0.5"#, with: #""beginTime": 0.5"#))
        let run = SceneRun(scene: scene)
        var events: [String] = []
        try run.run(events: { events.append($0.csvRow) }) { _ in }
        XCTAssertEqual(events, ["0.5,start,field,shake,,", "0.9,stop,field,shake,finished,"])
        // `after`: a second shake starts when the first stops, 0.1 s later.
        let chained = try decode(
            #"""
            {"layers": [{"name": "f", "position": [0, 0]}], "duration": 2,
             "animations": [{"layer": "f", "key": "a", "keyPath": "position.x", "fromValue": 0, "toValue": 10, "duration": 0.5},
                            {"layer": "f", "key": "b", "after": "a", "beginTime": 0.1, "keyPath": "position.x", "fromValue": 10,
                             "toValue": 30, "duration": 0.5}]}
            """#)
        let (_, v) = try rows(chained)
        XCTAssertEqual(v(0.55, "f.position.x"), 0, "between the two: the model value")
        XCTAssertEqual(v(0.85, "f.position.x"), 20, accuracy: 1e-9)
    }

    /// A negative-speed animation plays its active duration backwards before its beginTime and stops at it (its stop
    /// event says so); an animation `after` it starts there, as animationDidStop would start it.
    func testAnAnimationAfterABackwardsOneStartsAtItsStop() throws {
        let scene = try decode(
            #"""
            {"duration": 1, "rate": 20, "layers": [{"name": "L"}],
             "animations": [{"layer": "L", "key": "a", "keyPath": "opacity", "fromValue": 0, "toValue": 0.5,
                             "duration": 0.2, "speed": -1, "beginTime": 0.3},
                            {"layer": "L", "key": "b", "after": "a", "keyPath": "opacity", "fromValue": 1, "toValue": 0.2,
                             "duration": 0.2}]}
            """#)
        var events: [String] = []
        try SceneRun(scene: scene).run(events: { events.append($0.csvRow) }) { _ in }
        XCTAssertTrue(events.contains("0.3,stop,L,a,finished,"), "\(events)")
        XCTAssertTrue(events.contains("0.3,start,L,b,,"), "\(events)")
        let (_, v) = try rows(scene)
        // b runs 1 to 0.2 linearly over 0.3 ... 0.5 s: half way at 0.4 s.
        XCTAssertEqual(v(0.4, "L.opacity"), 0.6, accuracy: 1e-12)
    }

    func testPathAnimationWithAutoRotationInAScene() throws {
        // A quarter-turn ride: 100 points right, then 300 down, paced over 2 s with the layer turned along the path.
        let scene = try decode(
            #"""
            {"layers": [{"name": "car", "position": [0, 0]}], "duration": 3,
             "animations": [{"layer": "car", "type": "keyframe", "keyPath": "position", "path": "M 0 0 H 100 V 300",
                             "calculationMode": "paced", "rotationMode": "auto", "duration": 2, "fillMode": "forwards",
                             "isRemovedOnCompletion": false}]}
            """#)
        let (_, v) = try rows(scene)
        for (t, x, y, angle) in [(0.25, 50.0, 0.0, 0.0), (1.0, 100, 100, 90), (1.5, 100, 200, 90), (2.5, 100, 300, 90)]
        {
            XCTAssertEqual(v(t, "car.position.x"), x, accuracy: 1e-9, "t = \(t)")
            XCTAssertEqual(v(t, "car.position.y"), y, accuracy: 1e-9, "t = \(t)")
            XCTAssertEqual(v(t, "car.transform.rotation.z") * 180 / .pi, angle, accuracy: 1e-9, "t = \(t)")
        }
        XCTAssertEqual(try decode(SceneEncoder.text(scene)).animations.count, 1, "prints back and reads again")
    }

    func testSineRiderTurnsAlongItsDrawnPathForever() throws {
        let (table, v) = try rows(Catalog.sinePathScene(), rate: 50)
        // The drawn path is the cubic Hermite interpolant of the sine at 37.5-point steps; in linear mode x moves at
        // 50 pt/s (a 6 s cycle over 300 points). Its tangent at x, from the Hermite basis written out here:
        func sine(_ x: Double) -> Double { 300 - 50 * sin(2 * Double.pi * (x - 37.5) / 300) }
        func sineSlope(_ x: Double) -> Double { -50 * 2 * Double.pi / 300 * cos(2 * Double.pi * (x - 37.5) / 300) }
        func drawnSlope(_ x: Double) -> Double {
            let h = 37.5, i = min(Int((x - 37.5) / h), 7), x0 = 37.5 + Double(i) * h, s = (x - x0) / h
            let dy =
                (6 * s * s - 6 * s) * sine(x0) + (3 * s * s - 4 * s + 1) * h * sineSlope(x0)
                + (-6 * s * s + 6 * s) * sine(x0 + h) + (3 * s * s - 2 * s) * h * sineSlope(x0 + h)
            return dy / h
        }
        var worst = 0.0
        for row in table.rows {
            let t = row[0]
            let x = row[table.column("rider.position.x")], angle = row[table.column("rider.transform.rotation.z")]
            let phase = t.truncatingRemainder(dividingBy: 6) / 6
            XCTAssertEqual(x, 37.5 + 300 * phase, accuracy: 1e-9, "t = \(t): x moves at 50 pt/s, forever")
            XCTAssertEqual(angle, atan(drawnSlope(x)), accuracy: 1e-9, "t = \(t): along the drawn path's tangent")
            worst = max(worst, abs(angle - atan(sineSlope(x))))
        }
        XCTAssertLessThan(worst * 180 / .pi, 1, "within 1° of the exact sine's tangent")
        XCTAssertGreaterThan(worst, 0, "the drawn path is cubic, not the sine itself")
        XCTAssertEqual(
            v(12.5, "rider.position.y"), v(0.5, "rider.position.y"), accuracy: 1e-9, "the third cycle repeats the first"
        )
        let run = SceneRun(scene: Catalog.sinePathScene())
        var events: [String] = []
        try run.run(events: { events.append($0.csvRow) }) { _ in }
        XCTAssertEqual(events, ["0,start,rider,ride,,"], "it never stops")
    }

    func testCubicPacedPathRideKeepsConstantSpeedAndStays() throws {
        let (table, v) = try rows(Catalog.pathCubicPaced(), rate: 100)
        let xs = table.rows.map { $0[table.column("car.position.x")] },
            ys = table.rows.map { $0[table.column("car.position.y")] }
        let angles = table.rows.map { $0[table.column("car.transform.rotation.z")] }
        var chords: [Double] = []
        for i in 1...300 {  // 0 ... 3 s
            let dx = xs[i] - xs[i - 1], dy = ys[i] - ys[i - 1]
            chords.append((dx * dx + dy * dy).squareRoot())
            // The heading of each short chord is the tangent at its middle, up to the curve's turn over 0.01 s.
            let heading = atan2(dy, dx), mid = (angles[i] + angles[i - 1]) / 2
            XCTAssertEqual(remainder(heading - mid, 2 * .pi) * 180 / .pi, 0, accuracy: 0.5, "chord \(i)")
        }
        let mean = chords.reduce(0, +) / Double(chords.count)
        for (i, c) in chords.enumerated() {
            XCTAssertEqual(c, mean, accuracy: 0.01 * mean, "constant speed, chord \(i + 1)")
        }
        XCTAssertEqual(v(0, "car.position.x"), 50)
        XCTAssertEqual(v(0, "car.position.y"), 550)
        for t in [3.0, 4.0] {
            XCTAssertEqual(v(t, "car.position.x"), 100, accuracy: 1e-12, "stays at the end")
            XCTAssertEqual(v(t, "car.position.y"), 50, accuracy: 1e-12, "stays at the end")
            XCTAssertEqual(
                v(t, "car.transform.rotation.z"), -Double.pi / 2, accuracy: 1e-12, "the last tangent points up")
        }
        XCTAssertEqual(v(0, "car.transform.rotation.z"), -Double.pi / 2, accuracy: 1e-12, "the first tangent points up")
    }

    func testGroupPulseBounceKeyframesAndZoomStartupAtKeyTimes() throws {
        // Group: easeInEaseOut is symmetric, so half the group's time is half the way; children of duration 0 take 1 s.
        let (_, pulse) = try rows(Catalog.groupPulse())
        for (t, scale, opacity) in [
            (0.0, 1.0, 1.0), (0.5, 1.15, 0.75), (1, 1.3, 0.5), (1.5, 1.15, 0.75), (2, 1, 1),
            (4, 1, 1), (4.5, 1.15, 0.75), (5, 1.3, 0.5),
        ] {
            XCTAssertEqual(pulse(t, "dot.transform.scale.x"), scale, accuracy: 1e-9, "t = \(t)")
            XCTAssertEqual(pulse(t, "dot.opacity"), opacity, accuracy: 1e-9, "t = \(t)")
        }
        // Bounce: the model y (100) plus each value at its key time; easeIn on a fall is x³-like, so the ball is
        // still near the top a quarter of the way into the first fall.
        let (_, bounce) = try rows(Catalog.bounceKeyframes())
        for (t, y) in [(0.3, 100.0), (0.5, 100), (1.3, 500), (1.7, 400), (2.1, 500), (2.3, 475), (2.5, 500), (3, 500)] {
            XCTAssertEqual(bounce(t, "ball.position.y"), y, accuracy: 1e-9, "t = \(t)")
        }
        XCTAssertLessThan(
            bounce(0.7, "ball.position.y"), 100 + 400 * 0.25, "easeIn: slower than linear at the start of a fall")
        // Zoom: waits 1 s at the model bounds, then 100 → 80 by 0.3 of 1 s, → 2000 by 1 s, linearly, and stays.
        let (_, zoom) = try rows(Catalog.zoomStartup())
        for (t, side) in [(0.5, 100.0), (1, 100), (1.15, 90), (1.3, 80), (1.65, 1040), (2, 2000), (3, 2000)] {
            XCTAssertEqual(zoom(t, "logo.bounds.size.width"), side, accuracy: 1e-9, "t = \(t)")
            XCTAssertEqual(zoom(t, "logo.bounds.size.height"), side, accuracy: 1e-9, "t = \(t)")
        }
    }

    func testCardFlipWholeTransformColumns() throws {
        // The seed's card flip: a whole-transform turn of π about y with m34 perspective; halfway it is +90° about y.
        let scene = try decode(
            #"""
            {"layers": [{"name": "card", "bounds": [0, 0, 200, 300], "position": [187.5, 333.5], "transform": {"m34": -0.002}}],
             "duration": 1.5,
             "animations": [{"layer": "card", "keyPath": "transform", "fromValue": {"m34": -0.002},
                             "toValue": {"rotate": [3.141592653589793, 0, 1, 0], "m34": -0.002}, "duration": 1}]}
            """#)
        XCTAssertTrue(scene.allColumns.contains("card.transform.m34"))
        XCTAssertFalse(
            try decode(#"{"layers": [{"name": "f"}]}"#).allColumns.contains("f.transform.m11"), "only when used")
        let (_, v) = try rows(scene)
        // R(90° about y) · P: rows (0, 0, −1, 0.002), (0, 1, 0, 0), (1, 0, 0, 0), (0, 0, 0, 1).
        let expected: [Double] = [0, 0, -1, 0.002, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1]
        for (k, e) in expected.enumerated() {
            XCTAssertEqual(v(0.5, "card.transform.m\(k / 4 + 1)\(k % 4 + 1)"), e, accuracy: 1e-12, "entry \(k)")
        }
        XCTAssertEqual(v(1.25, "card.transform.m34"), -0.002, "back to the model after the flip")
        XCTAssertEqual(v(1.25, "card.transform.m11"), 1)
    }

    func testTransitionSceneTextColorAndPerContentState() throws {
        var scene = Catalog.transition()
        scene.rate = 8
        let table = Table(bytes: try output(scene))
        func row(_ t: Double) -> Int { table.rows.firstIndex { abs($0[0] - t) < 1e-9 }! }
        func num(_ t: Double, _ c: String) -> Double { table.rows[row(t)][table.column("label." + c)] }
        func text(_ t: Double, _ c: String) -> String? { table.texts[row(t)][table.column("label." + c)] }
        // Before: "Hello" in orange, settled.
        XCTAssertEqual(text(0.25, "text"), "Hello")
        XCTAssertEqual(num(0.25, "textColor.green"), 0.5)
        XCTAssertEqual(num(0.25, "transition.progress"), 1)
        // moveIn from the right at progress 0.25 and 0.5: the new text 150 and 100 points right, over the old.
        for (t, p, x) in [(0.625, 0.25, 150.0), (0.75, 0.5, 100)] {
            XCTAssertEqual(text(t, "text"), "Sliding")
            XCTAssertEqual(text(t, "old.text"), "Hello")
            XCTAssertEqual(num(t, "textColor.green"), 1)
            XCTAssertEqual(num(t, "transition.progress"), p, accuracy: 1e-12)
            XCTAssertEqual(num(t, "new.offset.x"), x, accuracy: 1e-9)
            XCTAssertEqual(num(t, "old.offset.x"), 0)
            XCTAssertEqual(num(t, "new.opacity"), 1)
        }
        // On completion, the fade back: opacities 0.25 / 0.75 and 0.5 / 0.5, the old text now "Sliding".
        for (t, p) in [(1.125, 0.25), (1.25, 0.5)] {
            XCTAssertEqual(text(t, "text"), "Hello")
            XCTAssertEqual(text(t, "old.text"), "Sliding")
            XCTAssertEqual(num(t, "textColor.red"), 1)
            XCTAssertEqual(num(t, "new.opacity"), p, accuracy: 1e-12)
            XCTAssertEqual(num(t, "old.opacity"), 1 - p, accuracy: 1e-12)
            XCTAssertEqual(num(t, "new.offset.x"), 0)
        }
        XCTAssertEqual(text(2, "old.text"), "")
        XCTAssertEqual(num(2, "transition.progress"), 1)
        let run = SceneRun(scene: scene)
        var events: [String] = []
        try run.run(events: { events.append($0.csvRow) }) { _ in }
        XCTAssertEqual(
            events,
            [
                "0.5,start,label,slide,,", "1,stop,label,slide,finished,", "1,start,label,back,,",
                "1.5,stop,label,back,finished,",
            ])
        // Quotes in text are doubled in CSV.
        var quoted = try decode(#"{"layers": [{"name": "l", "text": "say \"hi\", ok"}], "duration": 0}"#)
        quoted.columns = ["t", "l.text"]
        XCTAssertEqual(String(decoding: try output(quoted), as: UTF8.self), "t,l.text\n0,\"say \"\"hi\"\", ok\"\n")
    }

    func testSublayerComposesItsSuperlayersGeometry() throws {
        // Parent: 200 x 200 centered at (100, 100), scaled 2x and turning from 0 to 90° over 1 s. Child at (150, 100)
        // in the parent's space: 50 pt right of the parent's anchor, so 100 pt after scaling, then turned.
        let scene = try decode(
            #"""
            {"layers": [{"name": "parent", "bounds": [0, 0, 200, 200], "position": [100, 100], "transform.scale": 2},
                        {"name": "child", "superlayer": "parent", "bounds": [0, 0, 10, 10], "position": [150, 100],
                         "transform.rotation.z": 0.25}],
             "duration": 1.5,
             "animations": [{"layer": "parent", "keyPath": "transform.rotation.z", "fromValue": 0, "toValue": 1.5707963267948966,
                             "duration": 1, "fillMode": "forwards", "isRemovedOnCompletion": false}]}
            """#)
        XCTAssertFalse(scene.allColumns.contains("parent.root.position.x"), "root layers need no root columns")
        let (_, v) = try rows(scene)
        for (t, angle) in [(0.0, 0.0), (0.5, Double.pi / 4), (1.5, Double.pi / 2)] {
            XCTAssertEqual(v(t, "child.root.position.x"), 100 + 100 * cos(angle), accuracy: 1e-9, "t = \(t)")
            XCTAssertEqual(v(t, "child.root.position.y"), 100 + 100 * sin(angle), accuracy: 1e-9, "t = \(t)")
            XCTAssertEqual(v(t, "child.root.rotation.z"), 0.25 + angle, accuracy: 1e-9, "t = \(t)")
        }
        XCTAssertEqual(v(1.5, "child.position.x"), 150, "the child's own position stays in the parent's space")
        // A translation on the parent moves the child with it.
        var moved = scene
        moved.layers[0].values.append(("transform.translation.x", .scalar(30)))
        let (_, w) = try rows(moved)
        XCTAssertEqual(w(0, "parent.transform.translation.x"), 30)
        XCTAssertEqual(w(0, "child.root.position.x"), 230, accuracy: 1e-9)
        XCTAssertThrowsError(try decode(#"{"layers": [{"name": "a", "superlayer": "b"}, {"name": "b"}]}"#)) {
            XCTAssertEqual("\($0)", #"scene.json: layers[0].superlayer: must name an earlier layer, got "b""#)
        }
    }

    func testAnimationsBegunBeforeTheSceneStartAtZero() throws {
        // iOS calls animationDidStart when an animation is added, even one whose beginTime lies in the past.
        let scene = try decode(
            #"""
            {"layers": [{"name": "l"}], "duration": 1, "animations": [
              {"layer": "l", "key": "late", "keyPath": "opacity", "fromValue": 0, "toValue": 1, "beginTime": -0.2, "duration": 1},
              {"layer": "l", "key": "over", "keyPath": "cornerRadius", "toValue": 5, "beginTime": -1, "duration": 0.5}]}
            """#)
        let run = SceneRun(scene: scene)
        var events: [String] = []
        try run.run(events: { events.append($0.csvRow) }) { _ in }
        XCTAssertEqual(
            events, ["0,start,l,late,,", "0,start,l,over,,", "0,stop,l,over,finished,", "0.8,stop,l,late,finished,"])
        let (_, v) = try rows(scene, rate: 10)
        XCTAssertEqual(v(0, "l.opacity"), 0.2, accuracy: 1e-12, "already 0.2 s in")
    }

    func testCompactPathDataAndAByteOrderMark() throws {
        let text =
            #"{"layers": [{"name": "a"}], "animations": [{"layer": "a", "type": "keyframe", "keyPath": "position", "path": "M0,0L10-5Q1-2.5e1,3 4Z"}]}"#
        let scene = try SceneDecoder(fileName: "scene.json") { _ in [] }.decode([0xEF, 0xBB, 0xBF] + Array(text.utf8))
        guard case .keyframe(let k) = scene.animations[0].animation else { return XCTFail("a keyframe animation") }
        XCTAssertEqual(k.path, BezierPath([.move([0, 0]), .line([10, -5]), .quad([1, -25], [3, 4]), .close]))
        // Repeated coordinates repeat the command (after M they are lines), as SVG allows.
        let repeated = try decode(
            #"{"layers": [{"name": "a"}], "animations": [{"layer": "a", "type": "keyframe", "keyPath": "position", "path": "M 0 0 5 5 L 10 10 20 20"}]}"#
        )
        guard case .keyframe(let r) = repeated.animations[0].animation else { return XCTFail("a keyframe animation") }
        XCTAssertEqual(r.path, BezierPath([.move([0, 0]), .line([5, 5]), .line([10, 10]), .line([20, 20])]))
        XCTAssertThrowsError(
            try decode(
                #"{"layers": [{"name": "a"}], "animations": [{"layer": "a", "type": "keyframe", "keyPath": "position", "path": "M 0 0 L 0x10 1"}]}"#
            )
        ) {
            XCTAssertEqual("\($0)", #"scene.json: animations[0].path: L needs 2 finite numbers within ±1e9, got "x""#)
        }
    }

    func testBoundariesReachedByRoundedSumsAreNotMissed() throws {
        // 0.2 + 0.1 is 0.30000000000000004 and 0.6 × 1.5 is 0.8999999999999999: a frame at 0.3 or 0.9 s must still
        // see the animation begin (times within a nanosecond of a boundary count as on it).
        let scene = try decode(
            #"""
            {"layers": [{"name": "a"}], "duration": 1.5, "rate": 10, "animations": [
              {"layer": "a", "key": "k1", "keyPath": "cornerRadius", "toValue": 5, "duration": 0.2},
              {"layer": "a", "key": "k2", "after": "k1", "beginTime": 0.1, "keyPath": "cornerRadius", "fromValue": 7, "toValue": 9, "duration": 0.1},
              {"layer": "a", "type": "group", "duration": 1.5, "animations": [
                {"keyPath": "opacity", "fromValue": 0.2, "toValue": 0.6, "duration": 0.3, "beginTime": 0.9}]}]}
            """#)
        let (_, v) = try rows(scene, rate: 10)
        XCTAssertEqual(v(0.3, "a.cornerRadius"), 7, "k2 begins at 0.2 + 0.1")
        XCTAssertEqual(v(0.9, "a.opacity"), 0.2, "the child begins at 0.9 s of the group")
        XCTAssertEqual(v(1.2, "a.opacity"), 1, "and has ended at 1.2 s")
        // A negative timeOffset wraps by the play's length when repeating forever.
        let wrap = try decode(
            #"{"layers": [{"name": "a"}], "duration": 0.2, "animations": [{"layer": "a", "keyPath": "position.x", "fromValue": 0, "toValue": 100, "duration": 0.4, "repeatCount": "infinity", "timeOffset": -0.1}]}"#
        )
        let (_, w) = try rows(wrap, rate: 10)
        XCTAssertEqual(w(0, "a.position.x"), 75, accuracy: 1e-9)
    }
}
