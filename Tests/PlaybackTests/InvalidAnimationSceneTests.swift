import Foundation
import XCTest
@testable import Scenes

/// Invalid animations, transforms and transitions in a scene file, each with its exact message: file, field, value.
final class InvalidAnimationSceneTests: XCTestCase {
    func testInvalidAnimationTimingIsRefused() {
        let cases: [(String, String)] = [
            (
                #"{"layers": [{"name": "f"}], "animations": [{"layer": "f", "type": "keyframe", "keyPath": "opacity", "values": [0, 1], "keyTimes": [0, 1.5]}]}"#,
                "scene.json: animations[0].keyTimes: must lie in [0, 1], got 1.5"
            ),
            (
                #"{"layers": [{"name": "f"}], "animations": [{"layer": "f", "type": "keyframe", "keyPath": "opacity", "values": [0, 1, 2], "keyTimes": [0, 1]}]}"#,
                "scene.json: animations[0].keyTimes: 2 key times for 3 values"
            ),
            (
                #"{"layers": [{"name": "f"}], "animations": [{"layer": "f", "type": "keyframe", "keyPath": "opacity", "values": [0, 1, 0], "calculationMode": "cubic", "biasValues": [0, 1]}]}"#,
                "scene.json: animations[0].biasValues: 2 for 3 values (one per value)"
            ),
            (
                #"{"layers": [{"name": "f"}], "animations": [{"layer": "f", "keyPath": "opacity", "duration": -1}]}"#,
                "scene.json: animations[0].duration: must be >= 0, got -1"
            ),
        ]
        for (text, expected) in cases {
            XCTAssertThrowsError(try decode(text), expected) { XCTAssertEqual("\($0)", expected) }
        }
        XCTAssertThrowsError(
            try decode(
                #"{"layers": [{"name": "l"}], "animations": [{"layer": "l", "key": "x", "keyPath": "opacity"}, {"layer": "l", "keyPath": "opacity", "after": "x", "beginTime": -1}]}"#
            )
        ) {
            XCTAssertEqual(
                "\($0)",
                "scene.json: animations[1].beginTime: must be >= 0 with after (it counts from the other animation's stop), got -1"
            )
        }
    }

    func testInvalidTransformsColorsAndBoundsAreRefused() {
        let transformCases: [(String, String)] = [
            (
                #"{"layers": [{"name": "f", "transform": [1, 0, 0]}]}"#,
                "scene.json: layers[0].transform: must be an array of 16 numbers for transform, got [1, 0, 0]"
            ),
            (
                #"{"layers": [{"name": "f", "transform": {"rotate": [1, 0, 0, 0]}}]}"#,
                "scene.json: layers[0].transform.rotate: the axis must not be zero, got [1, 0, 0, 0]"
            ),
            (
                #"{"layers": [{"name": "f", "transform": {"spin": 1}}]}"#,
                #"scene.json: layers[0].transform.spin: unknown field (expected one of: scale, rotate, translate, m34), got "spin""#
            ),
            (
                #"{"layers": [{"name": "f"}], "animations": [{"layer": "f", "type": "keyframe", "keyPath": "transform", "values": [{}, {"m34": -0.002}], "calculationMode": "paced"}]}"#,
                "scene.json: animations[0].calculationMode: whole transforms take linear or discrete, got paced"
            ),
        ]
        for (text, expected) in transformCases {
            XCTAssertThrowsError(try decode(text), expected) { XCTAssertEqual("\($0)", expected) }
        }
        XCTAssertThrowsError(try decode(#"{"layers": [{"name": "l", "textColor": [1, 0]}]}"#)) {
            XCTAssertEqual(
                "\($0)", "scene.json: layers[0].textColor: must be an array of 4 numbers for textColor, got [1, 0]")
        }
        // A number out of range is named by its index, and the range is said (the scene's bounds take the same form).
        XCTAssertThrowsError(try decode(#"{"bounds": [-1e9, -1e9, 2e9, 2e9], "items": [{"center": [1, 1]}]}"#)) {
            XCTAssertEqual("\($0)", "scene.json: bounds[2]: must be a finite number within ±1e9, got 2e9")
        }
    }

    func testInvalidTransitionsAndTextAreRefused() {
        let transitionCases: [(String, String)] = [
            (
                #"{"layers": [{"name": "l", "text": "a\nb"}]}"#,
                #"scene.json: layers[0].text: must not contain control characters (newlines, tabs), got "a\nb""#
            ),
            (
                #"{"layers": [{"name": "l"}], "animations": [{"layer": "l", "type": "transition", "transition": "spin"}]}"#,
                #"scene.json: animations[0].transition: must be "fade", "moveIn", "push" or "reveal", got "spin""#
            ),
            (
                #"{"layers": [{"name": "l"}], "animations": [{"layer": "l", "type": "transition", "subtype": "up"}]}"#,
                #"scene.json: animations[0].subtype: must be "fromRight", "fromLeft", "fromTop" or "fromBottom", got "up""#
            ),
            (
                #"{"layers": [{"name": "l"}], "animations": [{"layer": "l", "type": "transition", "startProgress": 0.8, "endProgress": 0.2}]}"#,
                "scene.json: animations[0].endProgress: must not be less than startProgress, got 0.2"
            ),
            (
                #"{"layers": [{"name": "l"}], "animations": [{"layer": "l", "type": "group", "animations": [{"type": "transition"}]}]}"#,
                #"scene.json: animations[0].animations[0].type: a transition cannot be inside a group, got "transition""#
            ),
        ]
        for (text, expected) in transitionCases {
            XCTAssertThrowsError(try decode(text), expected) { XCTAssertEqual("\($0)", expected) }
        }
    }

    func testFieldsOfOtherAnimationTypesAndOutOfRangeValuesAreRefused() {
        let a = #"{"layers": [{"name": "l"}], "animations": [{"layer": "l", "#
        let fieldCases: [(String, String)] = [
            (
                #""keyPath": "opacity", "values": [0, 1]"#,
                "scene.json: animations[0].values: \"values\" belongs to a keyframe animation: add \"type\": \"keyframe\" (expected one of: layer, key, after, type, keyPath, fromValue, toValue, byValue, beginTime, duration, speed, timeOffset, repeatCount, repeatDuration, autoreverses, fillMode, isRemovedOnCompletion, timingFunction, isAdditive, isCumulative), got \"values\""
            ),
            (
                #""type": "transition", "keyPath": "opacity""#,
                "scene.json: animations[0].keyPath: unknown field (expected one of: layer, key, after, type, transition, subtype, startProgress, endProgress, text, textColor, beginTime, duration, speed, timeOffset, repeatCount, repeatDuration, autoreverses, fillMode, isRemovedOnCompletion, timingFunction), got \"keyPath\""
            ),
            (
                #""keyPath": "opacity", "timingFunction": [0.5, 1e8, 0.5, 0]"#,
                "scene.json: animations[0].timingFunction: must be a curve name (linear, easeIn, easeOut, easeInEaseOut, easeInOut, default) or [x1, y1, x2, y2] with x in [0, 1] and y within ±1e6, got [0.5, 1e8, 0.5, 0]"
            ),
            (
                #""type": "bogus", "keyPath": "opacity""#,
                #"scene.json: animations[0].type: must be basic, spring, keyframe, group or transition, got "bogus""#
            ),
            (
                #""type": "spring", "keyPath": "opacity", "timingFunction": "easeIn""#,
                "scene.json: animations[0].timingFunction: \"timingFunction\" belongs to other animation types: a spring animation's timing is its spring, so remove it (expected one of: layer, key, after, type, keyPath, fromValue, toValue, byValue, mass, stiffness, damping, initialVelocity, beginTime, duration, speed, timeOffset, repeatCount, repeatDuration, autoreverses, fillMode, isRemovedOnCompletion, isAdditive), got \"timingFunction\""
            ),
            (
                #""type": "keyframe", "keyPath": "position", "path": "M 0 0 L 10 0", "isCumulative": true"#,
                "scene.json: animations[0].isCumulative: not supported with a path"
            ),
            (
                #""keyPath": "opacity", "repeatCount": 2, "repeatDuration": 3"#,
                "scene.json: animations[0].repeatDuration: give repeatCount or repeatDuration, not both (Apple leaves the pair undefined), got repeatCount 2 and repeatDuration 3"
            ),
            (
                #""keyPath": "opacity", "repeatCount": "Infinity""#,
                #"scene.json: animations[0].repeatCount: must be a number from 0 to 1e9 or the string "infinity", got "Infinity""#
            ),
            (
                #""keyPath": "opacity", "fromValue": 0, "toValue": 1, "byValue": 1"#,
                "scene.json: animations[0].byValue: give at most two of fromValue, toValue and byValue (Apple), got all three"
            ),
            (
                #""type": "spring", "keyPath": "opacity", "mass": 1e-20"#,
                "scene.json: animations[0].mass: must be from 1e-9 to 1e9, got 1e-20"
            ),
            (
                #""type": "keyframe", "keyPath": "opacity", "values": [0, 1], "keyTimes": [0.2, 1]"#,
                "scene.json: animations[0].keyTimes: the first must be 0, got 0.2"
            ),
            (
                #""type": "keyframe", "keyPath": "opacity", "values": [0, 1], "keyTimes": [0, 0.8]"#,
                "scene.json: animations[0].keyTimes: the last must be 1, got 0.8"
            ),
        ]
        for (fields, expected) in fieldCases {
            XCTAssertThrowsError(try decode(a + fields + "}]}"), expected) { XCTAssertEqual("\($0)", expected) }
        }
    }

    /// A keyframe animation along a path: its fields and their exact messages.
    func testKeyframePathAnimationsNameFileFieldAndValue() {
        let ride =
            #"{"layers": [{"name": "f"}], "animations": [{"layer": "f", "type": "keyframe", "keyPath": "position", "#
        let pathCases: [(String, String)] = [
            (
                #""path": "M 0 0 X 3""#,
                "scene.json: animations[0].path: unknown command \"X\" (use absolute M, L, H, V, Q, C, Z)"
            ),
            (#""path": "L 1 1""#, "scene.json: animations[0].path: must start with M x y, got \"L\""),
            (
                #""path": "M 0 0 Z""#,
                "scene.json: animations[0].path: needs at least one segment after M, got \"M 0 0 Z\""
            ),
            (
                #""path": "M 0 0 C 1 2 3""#,
                "scene.json: animations[0].path: C needs 6 finite numbers within ±1e9, got the end"
            ),
            (
                #""path": "M 0 0 L 1 nan""#,
                "scene.json: animations[0].path: L needs 2 finite numbers within ±1e9, got \"nan\""
            ),
            (
                #""path": "M 0 0 L 1 1", "values": [[0, 0]]"#,
                "scene.json: animations[0].values: give either values or a path, not both"
            ),
            (
                #""values": [[0, 0]], "rotationMode": "auto""#,
                #"scene.json: animations[0].rotationMode: needs a path, got "auto" without one"#
            ),
            (
                #""path": "M 0 0 L 1 1", "rotationMode": "sideways""#,
                "scene.json: animations[0].rotationMode: must be auto or autoReverse, got \"sideways\""
            ),
            (
                #""path": "M 0 0 L 1 1", "keyTimes": [0, 1]"#,
                "scene.json: animations[0].keyTimes: not supported with a path (elements share time evenly, or paced)"
            ),
        ]
        for (fields, expected) in pathCases {
            XCTAssertThrowsError(try decode(ride + fields + "}]}"), expected) { XCTAssertEqual("\($0)", expected) }
        }
        XCTAssertThrowsError(
            try decode(
                #"{"layers": [{"name": "f"}], "animations": [{"layer": "f", "type": "keyframe", "keyPath": "opacity", "path": "M 0 0 L 1 1"}]}"#
            )
        ) {
            XCTAssertEqual("\($0)", "scene.json: animations[0].keyPath: a path animates position, got opacity")
        }
    }

    /// More invalid animations and their exact messages.
    func testMoreInvalidAnimationsNameFileFieldAndValue() {
        let cases: [(String, String)] = [
            (
                #"{"layers": [{"name": "f"}], "animations": [{"layer": "f", "keyPath": "opacity", "toValue": NaN}]}"#,
                "scene.json: animations[0].toValue: must be a finite number within ±1e9, got NaN"
            ),
            (
                #"{"layers": [{"name": "f"}], "animations": [{"layer": "g", "keyPath": "opacity"}]}"#,
                "scene.json: animations[0].layer: no such layer, got \"g\""
            ),
            (
                #"{"layers": [{"name": "f"}], "animations": [{"layer": "f", "keyPath": "wobble"}]}"#,
                "scene.json: animations[0].keyPath: unknown key path, got \"wobble\""
            ),
            (
                #"{"layers": [{"name": "f"}], "animations": [{"layer": "f", "keyPath": "position", "toValue": 3}]}"#,
                "scene.json: animations[0].toValue: must be an array of numbers for position, got 3"
            ),
        ]
        for (text, expected) in cases {
            XCTAssertThrowsError(try decode(text), expected) { XCTAssertEqual("\($0)", expected) }
        }
    }
}
