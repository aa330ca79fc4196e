import XCTest
import Animation
@testable import Scenes
import Playback

/// Layers keep time (CAMediaTiming on layers, composed down the tree). Expected values come from CAMediaTiming's
/// equations, written out here: a layer's local time is (parent − beginTime) × speed + timeOffset, a root layer's parent
/// time is the run's time, an animation's progress is ((local − beginTime) × speed) / duration while active; and from
/// Apple's Technical Q&A QA1673's pause and resume code.
final class LayerTimingTests: XCTestCase {
    /// Rows and events of a scene of layers (10 rows a second).
    func run(_ json: String) throws -> (table: Table, events: [SceneEvent]) {
        let scene = try decode(json)
        let r = SceneRun(scene: scene)
        var events: [SceneEvent] = []
        try r.run(events: { events.append($0) }) { _ in }
        return (Table(bytes: try output(scene)), events)
    }

    func value(_ table: Table, _ column: String, at t: Double) -> Double {
        table.rows.first { abs($0[0] - t) < 1e-9 }![table.column(column)]
    }

    func stop(_ events: [SceneEvent], _ key: String) -> Double? {
        for e in events { if case let .animationStopped(t, _, k) = e, k == key { return t } }
        return nil
    }

    func start(_ events: [SceneEvent], _ key: String) -> Double? {
        for e in events { if case let .animationStarted(t, _, k) = e, k == key { return t } }
        return nil
    }

    /// QA1673: paused at t1 = 2 s and resumed at t2 = 5 s, a linear 0 → 100 animation over 10 s holds 20 from 2 s to
    /// 5 s, then continues from there, and finishes (and reports its stop) t2 − t1 = 3 s later than unpaused, at 13 s.
    func testPauseAndResumeAsQA1673() throws {
        let scene = #"""
            {"duration": 15, "rate": 10, "layers": [{"name": "box", "bounds": [0, 0, 10, 10], "position": [0, 0]}],
             "animations": [{"layer": "box", "key": "move", "keyPath": "position.x", "fromValue": 0, "toValue": 100, "duration": 10}],
             "layerTiming": [{"t": 2, "layer": "box", "call": "pause"}, {"t": 5, "layer": "box", "call": "resume"}]}
            """#
        let (table, events) = try run(scene)
        let t1 = 2.0, t2 = 5.0
        func expected(_ t: Double) -> Double {
            let local = t < t1 ? t : t < t2 ? t1 : t - (t2 - t1)
            return local < 10 ? 10 * local : 0  // removed when it ends: the model (0)
        }
        for t in stride(from: 0.0, through: 15, by: 0.5) {
            XCTAssertEqual(value(table, "box.position.x", at: t), expected(t), accuracy: 1e-9, "at \(t) s")
        }
        XCTAssertEqual(
            stop(events, "move") ?? .nan, 10 + (t2 - t1), accuracy: 1e-9, "the stop moves by the paused span")
        // Unpaused, for comparison: it stops at 10 s.
        let (_, plain) = try run(
            scene.replacingOccurrences(of: #""call": "pause""#, with: #""set": {"speed": 1}"#)
                .replacingOccurrences(of: #""call": "resume""#, with: #""set": {"speed": 1}"#))
        XCTAssertEqual(stop(plain, "move") ?? .nan, 10, accuracy: 1e-9)
    }

    /// Speeds multiply down the tree: under a superlayer of speed s1, a sublayer of speed s2 runs s1·s2 times as fast,
    /// so an animation of beginTime b and duration d in the sublayer's time is active over run times [b, b + d] / (s1 s2);
    /// the superlayer's beginTime B shifts that by exactly B.
    func testNestedSpeedsMultiplyAndBeginTimeShifts() throws {
        for (s1, s2, B) in [(3.0, 0.5, 0.0), (2.0, 3.0, 0.0), (3.0, 0.5, 0.7)] {
            let b = 1.0, d = 2.0
            let scene = """
                {"duration": 4, "rate": 10, "layers": [
                   {"name": "outer", "bounds": [0, 0, 10, 10], "position": [0, 0], "speed": \(s1), "beginTime": \(B)},
                   {"name": "inner", "superlayer": "outer", "bounds": [0, 0, 10, 10], "position": [0, 0], "speed": \(s2)}],
                 "animations": [{"layer": "inner", "key": "a", "keyPath": "opacity", "fromValue": 0, "toValue": 1,
                                 "beginTime": \(b), "duration": \(d)}]}
                """
            let (table, events) = try run(scene)
            let rate = s1 * s2
            XCTAssertEqual(start(events, "a") ?? .nan, B + b / rate, accuracy: 1e-9, "\(s1) × \(s2), B \(B)")
            XCTAssertEqual(stop(events, "a") ?? .nan, B + (b + d) / rate, accuracy: 1e-9, "\(s1) × \(s2), B \(B)")
            for t in stride(from: 0.0, through: 4, by: 0.1) {
                let local = (t - B) * rate
                let expected = local >= b && local < b + d ? (local - b) / d : 1  // the model opacity outside
                XCTAssertEqual(
                    value(table, "inner.opacity", at: t), expected, accuracy: 1e-9, "\(s1) × \(s2), B \(B), at \(t) s")
            }
        }
    }

    /// Speed −1 plays an animation backwards: with beginTime 7 and duration 5 it is active over run times [2, 7], from
    /// its end (100 at 2 s) to its start (0 at 7 s). Fill modes keep their local meaning: `forwards` holds the end before
    /// 2 s, `backwards` holds the start after 7 s; with no fill the model shows outside.
    func testNegativeSpeedPlaysBackwardsWithFillModes() throws {
        for fill in ["both", "removed"] {
            let scene = """
                {"duration": 9, "rate": 10, "layers": [{"name": "box", "bounds": [0, 0, 10, 10], "position": [-5, 0]}],
                 "animations": [{"layer": "box", "key": "back", "keyPath": "position.x", "fromValue": 0, "toValue": 100,
                                 "beginTime": 7, "duration": 5, "speed": -1, "fillMode": "\(fill)", "isRemovedOnCompletion": false}]}
                """
            let (table, _) = try run(scene)
            for t in stride(from: 0.0, through: 9, by: 0.5) {
                let elapsed = (t - 7) * -1
                let expected: Double
                if elapsed < 0 {
                    expected = fill == "both" ? 0 : -5
                }  // before: backwards fill, the start
                else if elapsed >= 5 {
                    expected = fill == "both" ? 100 : -5
                }  // after: forwards fill, the end
                else {
                    expected = 100 * elapsed / 5
                }
                XCTAssertEqual(value(table, "box.position.x", at: t), expected, accuracy: 1e-9, "\(fill) at \(t) s")
            }
        }
    }

    /// A layer of speed −1 runs its animations backwards: with beginTime 5, its local time is 5 − t, so a linear
    /// 0 → 100 animation over 5 s plays from its end at 0 s to its start at 5 s. (It is kept on the layer,
    /// isRemovedOnCompletion false: its time starts at its end, where Core Animation removes a removed-on-completion
    /// one at once.)
    func testLayerOfNegativeSpeedRunsItsAnimationsBackwards() throws {
        let (table, _) = try run(
            """
            {"duration": 5, "rate": 10, "layers": [{"name": "box", "bounds": [0, 0, 10, 10], "position": [-5, 0], "speed": -1, "beginTime": 5}],
             "animations": [{"layer": "box", "key": "a", "keyPath": "position.x", "fromValue": 0, "toValue": 100, "duration": 5,
                             "isRemovedOnCompletion": false}]}
            """)
        for t in stride(from: 0.1, through: 4.9, by: 0.4) {
            XCTAssertEqual(value(table, "box.position.x", at: t), 100 * (5 - t) / 5, accuracy: 1e-9, "at \(t) s")
        }
    }

    /// Speed 0 holds an animation at its timeOffset: 0.25 of the way through, whatever the time.
    func testZeroSpeedHoldsAtTimeOffset() throws {
        let (table, _) = try run(
            """
            {"duration": 2, "rate": 10, "layers": [{"name": "box", "bounds": [0, 0, 10, 10], "position": [0, 0]}],
             "animations": [{"layer": "box", "key": "held", "keyPath": "position.x", "fromValue": 0, "toValue": 100,
                             "duration": 4, "speed": 0, "timeOffset": 1}]}
            """)
        for t in stride(from: 0.0, through: 2, by: 0.5) {
            XCTAssertEqual(value(table, "box.position.x", at: t), 25, accuracy: 1e-9)
        }
    }

    /// A UIView block's completion on a paused layer comes later by the paused span, and so does a property
    /// animator's: the block at 0.5 s over 1 s completes at 1.5 s unpaused; paused from 1 s to 2 s, at 2.5 s. The
    /// animator started at 0 over 1 s completes at 1 s unpaused; with its layer paused from 0.5 s to 1.5 s, at 2 s.
    func testBlockAndAnimatorCompletionsWaitWhileThePausedLayer() throws {
        let views = #"""
            "views": [{"name": "root", "frame": [0, 0, 375, 667]}, {"name": "box", "superview": "root", "frame": [0, 0, 50, 50]},
                      {"name": "card", "superview": "root", "frame": [100, 0, 50, 50]}]
            """#
        let blocks =
            #""blocks": [{"name": "slide", "t": 0.5, "duration": 1, "changes": [{"view": "box", "property": "center.x", "value": 300}]}]"#
        let animators =
            #""animators": [{"name": "anim", "layer": "card", "duration": 1, "timing": "linear", "animations": [{"keyPath": "position.x", "toValue": 300}], "script": [{"t": 0, "call": "startAnimation"}]}]"#
        func completions(_ timing: String) throws -> (block: Double?, animator: Double?) {
            let (_, events) = try run("{\"duration\": 4, \"rate\": 10, \(views), \(blocks), \(animators)\(timing)}")
            var block: Double?, animator: Double?
            for e in events {
                if case let .blockCompleted(t, name, _) = e, name == "slide" { block = t }
                if case let .animatorCompleted(t, name, _) = e, name == "anim" { animator = t }
            }
            return (block, animator)
        }
        let plain = try completions("")
        XCTAssertEqual(plain.block ?? .nan, 1.5, accuracy: 1e-9)
        XCTAssertEqual(plain.animator ?? .nan, 1, accuracy: 1e-9)
        let paused = try completions(
            #", "layerTiming": [{"t": 0.5, "layer": "card", "call": "pause"}, {"t": 1, "layer": "box", "call": "pause"}, {"t": 1.5, "layer": "card", "call": "resume"}, {"t": 2, "layer": "box", "call": "resume"}]"#
        )
        XCTAssertEqual(paused.block ?? .nan, 1.5 + 1, accuracy: 1e-9, "later by the 1 s paused")
        XCTAssertEqual(paused.animator ?? .nan, 1 + 1, accuracy: 1e-9, "later by the 1 s paused")
    }

    /// `set` takes numbers and "localTime" (the layer's local time with the assignments before it made), in order;
    /// scenes print their layer timing back and read it equal.
    func testSetWithLocalTimeAndRoundTrip() throws {
        let json = #"""
            {"duration": 3, "rate": 10, "layers": [{"name": "box", "bounds": [0, 0, 10, 10], "position": [0, 0], "speed": 2, "timeOffset": 0.5}],
             "animations": [{"layer": "box", "key": "move", "keyPath": "position.x", "fromValue": 0, "toValue": 100, "duration": 10}],
             "layerTiming": [{"t": 1, "layer": "box", "set": {"timeOffset": "localTime", "speed": 0}},
                             {"t": 2, "layer": "box", "set": {"beginTime": 2, "speed": 1, "timeOffset": 2.5}}]}
            """#
        let scene = try decode(json)
        XCTAssertEqual(try decode(SceneEncoder.text(scene)), scene)
        let (table, _) = try run(json)
        // Local time: 2 t + 0.5 until 1 s (2.5 there); held at 2.5 from 1 s; (t − 2) + 2.5 from 2 s.
        for t in stride(from: 0.0, through: 3, by: 0.1) {
            let local = t < 1 ? 2 * t + 0.5 : t < 2 ? 2.5 : (t - 2) + 2.5
            XCTAssertEqual(value(table, "box.position.x", at: t), 10 * local, accuracy: 1e-9, "at \(t) s")
        }
        // In order: with speed set to 0 first, "localTime" is then (t − 0) × 0 + 0.5, so the layer holds at 0.5.
        let (swapped, _) = try run(
            json.replacingOccurrences(
                of: #"{"timeOffset": "localTime", "speed": 0}"#,
                with: #"{"speed": 0, "timeOffset": "localTime"}"#))
        XCTAssertEqual(value(swapped, "box.position.x", at: 1.5), 5, accuracy: 1e-9)
    }

    /// A property animator's time only moves forward: one on a layer whose time runs backwards is refused by name.
    func testAnimatorOnABackwardsLayerIsRefused() throws {
        let scene = try decode(
            #"""
            {"duration": 1, "views": [{"name": "root", "frame": [0, 0, 375, 667]}, {"name": "box", "superview": "root", "frame": [0, 0, 50, 50]}],
             "animators": [{"name": "anim", "layer": "box", "duration": 1, "animations": [{"keyPath": "position.x", "toValue": 300}]}],
             "layerTiming": [{"t": 0.5, "layer": "root", "set": {"speed": -1}}]}
            """#)
        let problems = SceneRun(scene: scene).inputProblems(fileName: "scene.json")
        XCTAssertTrue(
            problems.first?.description.hasPrefix(
                "scene.json: animators[0].layer: the layer's time jumps back at t = 0.5 s") ?? false,
            problems.first?.description ?? "none")
    }

    /// A property animator on a paused view completes when its call is made (finishAnimation at 1.5 s), not when its
    /// frozen clock first read the completion's time (0).
    func testAnimatorCompletionOnAPausedViewIsReportedWhenItHappens() throws {
        let (_, events) = try run(
            #"""
            {"duration": 3, "rate": 10, "views": [{"name": "box", "frame": [0, 0, 50, 50], "speed": 0}],
             "animators": [{"name": "anim", "layer": "box", "duration": 1, "animations": [{"keyPath": "position.x", "toValue": 125}],
                            "script": [{"t": 0, "call": "pauseAnimation"}, {"t": 0.5, "call": "fractionComplete", "value": 0.3},
                                       {"t": 1, "call": "stopAnimation"}, {"t": 1.5, "call": "finishAnimation", "at": "current"}]}]}
            """#)
        var completed: Double?
        for e in events { if case let .animatorCompleted(t, _, _) = e { completed = t } }
        XCTAssertEqual(completed ?? .nan, 1.5, accuracy: 1e-12)
    }

    /// `after` across layers: the successor starts its beginTime after the predecessor stops in the run's time, read in
    /// the successor's layer time; a predecessor on a paused layer never stops, so its successor never starts.
    func testAfterAcrossLayersFollowsThePredecessorsClock() throws {
        let scene = #"""
            {"duration": 6, "rate": 10, "layers": [{"name": "a", "beginTime": 2}, {"name": "b", "speed": 2}],
             "animations": [{"layer": "a", "key": "a1", "keyPath": "position.x", "fromValue": 0, "toValue": 100, "duration": 1},
                            {"layer": "b", "key": "a2", "after": "a1", "beginTime": 0.5, "keyPath": "position.x", "fromValue": 0, "toValue": 100, "duration": 1}]}
            """#
        let (_, events) = try run(scene)
        // a1: layer a's time is t − 2, so a1 runs over run times [2, 3]. a2 starts 0.5 of b's time (speed 2: 0.25 s)
        // after that: at 3.25, and runs 1 of b's time (0.5 s): stops at 3.75.
        XCTAssertEqual(start(events, "a1") ?? .nan, 2, accuracy: 1e-9)
        XCTAssertEqual(stop(events, "a1") ?? .nan, 3, accuracy: 1e-9)
        XCTAssertEqual(start(events, "a2") ?? .nan, 3.25, accuracy: 1e-9)
        XCTAssertEqual(stop(events, "a2") ?? .nan, 3.75, accuracy: 1e-9)
        let (_, paused) = try run(
            scene.replacingOccurrences(
                of: #""duration": 6, "rate": 10,"#,
                with: #""duration": 6, "rate": 10, "layerTiming": [{"t": 2.5, "layer": "a", "call": "pause"}],"#))
        XCTAssertNil(stop(paused, "a1"))
        XCTAssertNil(start(paused, "a2"), "a predecessor that never stops never starts it")
    }

    /// Time running backwards does not bring back an animation removed on completion: once its layer's time has
    /// passed its end (at 0 here), it is gone, as its stop event says.
    func testRemovedAnimationsStayRemovedWhenTimeRunsBackwards() throws {
        let (table, events) = try run(
            #"""
            {"duration": 4, "rate": 10, "layers": [{"name": "sq", "position": [-5, 0], "speed": -1, "timeOffset": 3}],
             "animations": [{"layer": "sq", "key": "a", "keyPath": "position.x", "fromValue": 0, "toValue": 100, "duration": 2}]}
            """#)
        XCTAssertEqual(stop(events, "a") ?? .nan, 0, accuracy: 1e-12)
        for t in stride(from: 0.0, through: 4, by: 0.5) {
            XCTAssertEqual(value(table, "sq.position.x", at: t), -5, accuracy: 1e-12, "at \(t)")
        }
    }

    /// A property animator's layer whose time jumps back (a resume without a pause) is refused; so is a layer time that
    /// overflows.
    func testBackwardJumpsAndOverflowsAreRefused() throws {
        let animated = #"""
            {"duration": 2, "views": [{"name": "box", "frame": [0, 0, 50, 50]}],
             "animators": [{"name": "anim", "layer": "box", "duration": 1, "animations": [{"keyPath": "position.x", "toValue": 125}],
                            "script": [{"t": 0, "call": "startAnimation"}]}],
             "layerTiming": [{"t": 1, "layer": "box", "call": "resume"}]}
            """#
        let problems = SceneRun(scene: try decode(animated)).inputProblems(fileName: "scene.json")
        XCTAssertTrue(
            problems.first?.description.hasPrefix(
                "scene.json: animators[0].layer: the layer's time jumps back at t = 1 s") ?? false,
            problems.first?.description ?? "none")
        let deep = (0..<40).map { k in
            k == 0 ? #"{"name": "l0", "speed": 1e9}"# : #"{"name": "l\#(k)", "superlayer": "l\#(k - 1)", "speed": 1e9}"#
        }
        let overflow = try decode(#"{"duration": 1, "layers": [\#(deep.joined(separator: ", "))]}"#)
        let o = SceneRun(scene: overflow).inputProblems(fileName: "scene.json")
        XCTAssertTrue(o.first?.description.contains("overflows") ?? false, o.first?.description ?? "none")
    }
}
