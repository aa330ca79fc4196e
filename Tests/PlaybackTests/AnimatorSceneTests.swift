import Foundation
import XCTest
import Springs
import Animation
@testable import Scenes
import Playback

/// Property animators in scenes: scripted calls drive a layer's columns, the animator's own columns and completion
/// events; calls UIKit rejects are input errors.
final class AnimatorSceneTests: XCTestCase {
    let base = #"""
        {"layers": [{"name": "view", "bounds": [0, 0, 100, 100], "position": [50, 300]}], "duration": 2, "rate": 10,
         "animators": [{"name": "anim", "layer": "view", "duration": 1, "timing": TIMING,
           "animations": [{"keyPath": "position.x", "toValue": 150}], "script": SCRIPT}]}
        """#

    func scene(timing: String = #""linear""#, script: String) throws -> Scene {
        try decode(
            base.replacingOccurrences(of: "TIMING", with: timing).replacingOccurrences(of: "SCRIPT", with: script))
    }

    func testReversedScriptDrivesTheLayerAndReportsCompletion() throws {
        let s = try scene(
            script: #"[{"t": 0, "call": "startAnimation"}, {"t": 0.4, "call": "isReversed", "value": true}]"#)
        let table = Table(bytes: try output(s))
        func at(_ t: Double, _ c: String) -> Double { table.rows.first { abs($0[0] - t) < 1e-9 }![table.column(c)] }
        // From 50 to 150 over 1 s, reversed at 0.4 s (90): back through 70 at 0.6 s, home at 0.8 s.
        XCTAssertEqual(at(0.4, "view.position.x"), 90, accuracy: 1e-9)
        XCTAssertEqual(at(0.6, "view.position.x"), 70, accuracy: 1e-9)
        XCTAssertEqual(at(0.8, "view.position.x"), 50, accuracy: 1e-9)
        XCTAssertEqual(at(0.6, "anim.isReversed"), 1)
        // iOS 11 and later read fractionComplete in the current direction: at 70 (0.2 of the forward path) on the way
        // back, 1 − 0.2.
        XCTAssertEqual(at(0.6, "anim.fractionComplete"), 0.8, accuracy: 1e-9)
        let states = table.texts.map { $0[table.column("anim.state")] }
        XCTAssertEqual(states[7], "active")
        XCTAssertEqual(states[8], "inactive")
        let run = SceneRun(scene: s)
        var events: [String] = []
        try run.run(events: { events.append($0.csvRow) }) { _ in }
        XCTAssertEqual(events, ["0.8,complete,anim,start,,"])
    }

    func testScrubThenSpringContinuation() throws {
        // Scrub to 0.3 (linear: x = 80), then continue with the seed spring (m 2, k 30, c 7) from rest: x follows
        // 80 + 70 · s(t) with s the closed-form spring from 0.3 to 1, i.e. x(t) = 50 + 100 u, u from 0.3.
        let s = try scene(
            timing: #""easeIn""#,
            script: #"""
                [{"t": 0, "call": "fractionComplete", "value": 0.3},
                 {"t": 0.5, "call": "continueAnimation", "timing": {"mass": 2, "stiffness": 30, "damping": 7}}]
                """#)
        let table = Table(bytes: try output(s))
        func at(_ t: Double) -> Double { table.rows.first { abs($0[0] - t) < 1e-9 }![table.column("view.position.x")] }
        XCTAssertEqual(at(0.2), 80, accuracy: 1e-9, "scrubsLinearly")
        let seed = SpringMotion(spring: Spring(mass: 2, stiffness: 30, damping: 7), from: 0.3, to: 1)
        XCTAssertEqual(at(1.0), 50 + 100 * seed.value(at: 0.5), accuracy: 1e-9)
        XCTAssertEqual(at(1.5), 50 + 100 * seed.value(at: 1.0), accuracy: 1e-9)
    }

    func testRejectedCallsAndBadScriptsNameTheCall() {
        let cases: [(String, String)] = [
            (
                #"[{"t": 0, "call": "startAnimation"}, {"t": 0.5, "call": "finishAnimation", "at": "end"}]"#,
                "scene.json: animators[0].script[1]: finishAnimation: only a stopped animator can finish, got active"
            ),
            (
                #"[{"t": 0.5, "call": "startAnimation"}, {"t": 0.2, "call": "pauseAnimation"}]"#,
                "scene.json: animators[0].script[1].t: must not go backwards (previous 0.5), got 0.2"
            ),
            (
                #"[{"t": 0, "call": "jump"}]"#,
                #"scene.json: animators[0].script[0].call: must be startAnimation, pauseAnimation, stopAnimation, finishAnimation, fractionComplete, isReversed, continueAnimation or addAnimations, got "jump""#
            ),
            (
                #"[{"t": NaN, "call": "startAnimation"}]"#,
                "scene.json: animators[0].script[0].t: must be a finite number, got NaN"
            ),
            (
                #"[{"t": 0, "call": "fractionComplete", "value": 1.5}]"#,
                "scene.json: animators[0].script[0].value: must be from 0 to 1, got 1.5"
            ),
            // Each call's fields are its table's (AnimatorCallFields): a call's `value` is a number for one call and
            // true or false for another; `at` is a choice like every other.
            (
                #"[{"t": 0, "call": "isReversed", "value": 0.5}]"#,
                "scene.json: animators[0].script[0].value: must be true or false, got 0.5"
            ),
            (
                #"[{"t": 0, "call": "pauseAnimation", "value": 1}]"#,
                #"scene.json: animators[0].script[0].value: unknown field (expected one of: t, call), got "value""#
            ),
            (
                #"[{"t": 0, "call": "finishAnimation"}]"#,
                "scene.json: animators[0].script[0].at: is required (start, end or current), got nothing"
            ),
            (
                #"[{"t": 0, "call": "finishAnimation", "at": "middle"}]"#,
                #"scene.json: animators[0].script[0].at: must be "start", "end" or "current", got "middle""#
            ),
            (
                #"[{"t": 0, "call": "continueAnimation", "durationFactor": 0}]"#,
                "scene.json: animators[0].script[0].durationFactor: must be positive and at most 1e9, got 0"
            ),
            (
                #"[{"t": 0, "call": "addAnimations", "keyPath": "opacity", "toValue": 0, "delayFactor": 1}]"#,
                "scene.json: animators[0].script[0].delayFactor: must be in [0, 1), got 1"
            ),
            (
                #"[{"t": 0, "call": "startAnimation"}, {"t": 0.1, "call": "stopAnimation"}, {"t": 0.2, "call": "startAnimation"}]"#,
                "scene.json: animators[0].script[2]: startAnimation: a stopped animator must be finished first, got stopped"
            ),
        ]
        for (script, expected) in cases {
            XCTAssertThrowsError(try scene(script: script), expected) { XCTAssertEqual("\($0)", expected) }
        }
    }

    func testPrintsBackAndRunsByteIdentically() throws {
        let s = try scene(script: #"[{"t": 0, "call": "startAnimation"}, {"t": 0.5, "call": "pauseAnimation"}]"#)
        XCTAssertEqual(try output(try decode(SceneEncoder.text(s))), try output(s))
    }
}
