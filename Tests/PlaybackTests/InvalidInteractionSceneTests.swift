import Foundation
import XCTest
@testable import Scenes

/// Bad gestures and blocks in a scene file, each with its exact message: file, field, value.
final class InvalidInteractionSceneTests: XCTestCase {
    /// A scene with a root view, a box and an animator on it, whose one gesture is `GESTURE`.
    private let gestureScene = #"""
        {"views": [{"name": "root", "frame": [0, 0, 375, 667]}, {"name": "box", "superview": "root", "frame": [0, 0, 50, 50]}],
         "animators": [{"name": "anim", "layer": "box", "animations": [{"keyPath": "position.x", "toValue": 300}]}],
         "gestures": [GESTURE]}
        """#

    func testBadGesturesNameFileFieldAndValue() {
        let tap =
            #"{"animate": {"duration": 0.2, "changes": [{"view": "box", "property": "center", "value": "location"}]}}"#
        let cases: [(String, String)] = [
            (
                #"{"name": "t", "type": "tap", "view": "root", "touches": [[1, 10, 10], [0.5, 20, 20]], "action": \#(tap)}"#,
                "scene.json: gestures[0].touches[1][0]: time goes backwards (after 1), got 0.5"
            ),
            (
                #"{"name": "t", "type": "tap", "view": "nope", "touches": [[1, 10, 10]], "action": \#(tap)}"#,
                #"scene.json: gestures[0].view: no such view, got "nope""#
            ),
            (
                #"{"name": "t", "type": "tap", "view": "root", "touches": [[1, NaN, 10]], "action": \#(tap)}"#,
                "scene.json: gestures[0].touches[0][1]: must be a finite number, got NaN"
            ),
            (
                #"{"name": "p", "type": "pan", "view": "root", "touches": [[0, 1, 1], [1, 2, 1]], "action": {"scrub": "ghost", "distance": 100}}"#,
                #"scene.json: gestures[0].action.scrub: no such animator, got "ghost""#
            ),
            (
                #"{"name": "t", "type": "tap", "view": "root", "touches": [[1, 10, 10]], "action": {"animate": {"duration": 0.2, "changes": [{"view": "ghost", "property": "center", "value": [1, 2]}]}}}"#,
                #"scene.json: gestures[0].action.animate.changes[0].view: no such view, got "ghost""#
            ),
            (
                #"{"name": "t", "type": "tap", "view": "root", "touches": [[1, 10, 10]], "action": {"animate": {"duration": 0.2, "changes": [{"view": "box", "property": "frame", "value": "touchRect"}]}}}"#,
                #"scene.json: gestures[0].action.animate.changes[0].value: "location" is a tap's or pan's point (center only), "touchRect" a two-finger touch's rectangle (frame only), got "touchRect""#
            ),
            (
                #"{"name": "t", "type": "touches", "view": "root", "csv": "touches.csv", "action": \#(tap)}"#,
                "touches.csv: line 3: time goes backwards (after 1), got 0.5"
            ),
            (
                #"{"name": "t", "type": "tap", "view": "root", "csv": "nan.csv", "action": \#(tap)}"#,
                #"nan.csv: line 2, field x: must be a number, got "nan""#
            ),
        ]
        let more: [(String, String)] = [
            (
                #"{"name": "p", "type": "pan", "view": "root", "touches": [[0, 1, 1]], "action": {"scrub": "anim", "distance": 100}}"#,
                "scene.json: gestures[0].touches: a pan needs at least 2 samples (down and up), got 1"
            ),
            (
                #"{"name": "box", "type": "tap", "view": "root", "touches": [[1, 10, 10]], "action": \#(tap)}"#,
                #"scene.json: gestures[0].name: duplicate name, got "box""#
            ),
        ]
        let files = ["touches.csv": "t,x1,y1,x2,y2\n1,0,0,10,10\n0.5,1,1,2,2\n", "nan.csv": "t,x,y\n0,nan,1\n"]
        for (gesture, expected) in cases + more {
            let scene = gestureScene.replacingOccurrences(of: "GESTURE", with: gesture)
            XCTAssertThrowsError(try decode(scene, files: files), expected) {
                XCTAssertEqual("\($0)", expected)
            }
        }
    }

    func testPauseOnAStoppedAnimatorIsRefused() {
        // A pan on a stopped animator: UIKit refuses pauseAnimation there, so the scene does too.
        let pan =
            #"{"name": "p", "type": "pan", "view": "root", "touches": [[0.5, 1, 1], [0.6, 2, 1]], "action": {"scrub": "anim", "distance": 100}}"#
        let stopped = gestureScene.replacingOccurrences(
            of: #""toValue": 300}]}]"#,
            with:
                #""toValue": 300}], "script": [{"t": 0, "call": "startAnimation"}, {"t": 0.1, "call": "stopAnimation"}]}]"#
        )
        .replacingOccurrences(of: "GESTURE", with: pan)
        XCTAssertThrowsError(try decode(stopped)) {
            XCTAssertEqual(
                "\($0)",
                "scene.json: gestures[0].touches[0]: pauseAnimation: not allowed on a stopped animator, got stopped")
        }
    }

    func testBlocksAfterARepeatingOrLaterBlockAreRefused() {
        XCTAssertThrowsError(
            try decode(
                #"{"views": [{"name": "v", "frame": [0, 0, 1, 1]}], "blocks": [{"name": "a", "duration": 1, "options": ["repeat"], "changes": [{"view": "v", "property": "alpha", "value": 0}]}, {"name": "b", "after": "a", "duration": 1, "changes": [{"view": "v", "property": "alpha", "value": 1}]}]}"#
            )
        ) {
            XCTAssertEqual(
                "\($0)", #"scene.json: blocks[1].after: names a repeating block, which never completes, got "a""#)
        }
        XCTAssertThrowsError(
            try decode(
                #"{"views": [{"name": "v", "frame": [0, 0, 1, 1]}], "blocks": [{"name": "b", "after": "zzz", "duration": 1, "changes": [{"view": "v", "property": "alpha", "value": 0}]}]}"#
            )
        ) {
            XCTAssertEqual("\($0)", #"scene.json: blocks[0].after: must name an earlier block, got "zzz""#)
        }
    }
}
