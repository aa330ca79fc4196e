import Foundation
import XCTest
import IO
@testable import Scenes

/// Free text a scene writes into the output (an animation's `key` and `after`, a boundary's `identifier`) is label
/// text: at most `Limits.maxLabelBytes` bytes and no control characters, so an events row stays one line. Each refusal
/// with its exact message; commas and quotes stay allowed (RFC 4180 quotes them).
final class OutputTextSceneTests: XCTestCase {
    static let layer = #"{"layers": [{"name": "l"}], "animations": ["#
    static let ball =
        #"{"items": [{"name": "a", "center": [0, 0]}], "behaviors": [{"type": "collision", "items": ["a"], "#

    func testControlCharactersInKeysAfterAndIdentifiersAreRefused() {
        let long = String(repeating: "k", count: Limits.maxLabelBytes + 1)
        let cases: [(String, String)] = [
            (
                OutputTextSceneTests.layer + #"{"layer": "l", "keyPath": "opacity", "key": "fade\nout"}]}"#,
                #"scene.json: animations[0].key: must not contain control characters (newlines, tabs), got "fade\nout""#
            ),
            (
                OutputTextSceneTests.layer + #"{"layer": "l", "keyPath": "opacity", "key": "a\tb"}]}"#,
                #"scene.json: animations[0].key: must not contain control characters (newlines, tabs), got "a\tb""#
            ),
            (
                OutputTextSceneTests.layer + #"{"layer": "l", "keyPath": "opacity", "key": "\#(long)"}]}"#,
                "scene.json: animations[0].key: must be at most 1000 bytes, got 1001"
            ),
            (
                OutputTextSceneTests.layer
                    + #"{"layer": "l", "keyPath": "opacity", "key": "x"}, {"layer": "l", "keyPath": "opacity", "after": "x\r"}]}"#,
                #"scene.json: animations[1].after: must not contain control characters (newlines, tabs), got "x\r""#
            ),
            (
                OutputTextSceneTests.ball
                    + #""boundaries": [{"identifier": "floor\n", "from": [0, 9], "to": [9, 9]}]}]}"#,
                #"scene.json: behaviors[0].boundaries[0].identifier: must not contain control characters (newlines, tabs), got "floor\n""#
            ),
            (
                OutputTextSceneTests.ball
                    + #""boundaries": [{"identifier": "\#(long)", "from": [0, 9], "to": [9, 9]}]}]}"#,
                "scene.json: behaviors[0].boundaries[0].identifier: must be at most 1000 bytes, got 1001"
            ),
        ]
        for (text, expected) in cases {
            XCTAssertThrowsError(try decode(text), expected) { XCTAssertEqual("\($0)", expected) }
        }
    }

    /// At the limit, and with commas, quotes and non-ASCII letters, the same texts are taken as given.
    func testLabelTextWithinTheRuleIsKept() throws {
        let most = String(repeating: "k", count: Limits.maxLabelBytes)
        let scene = try decode(
            OutputTextSceneTests.layer
                + #"{"layer": "l", "keyPath": "opacity", "key": "\#(most)"}, {"layer": "l", "keyPath": "opacity", "key": "fondu, \"lent\" é", "after": "\#(most)"}]}"#
        )
        XCTAssertEqual(scene.animations.map(\.key), [most, #"fondu, "lent" é"#])
        XCTAssertEqual(scene.animations[1].after, most)
        let walls = try decode(
            OutputTextSceneTests.ball
                + #""boundaries": [{"identifier": "mur, \"nord\"", "from": [0, 9], "to": [9, 9]}]}]}"#)
        guard case .collision(let c) = walls.behaviors[0] else { return XCTFail("not a collision") }
        XCTAssertEqual(c.boundaries.map(\.identifier), [#"mur, "nord""#])
    }

    /// The schema states the rule for each field (the checker's 0-refused run confirms it takes every scene).
    func testTheSchemaStatesTheLabelRule() throws {
        let key = try XCTUnwrap(AnimationKindFields.placement.fields.first { $0.name == "key" }?.schema)
        let after = try XCTUnwrap(AnimationKindFields.placement.fields.first { $0.name == "after" }?.schema)
        let identifier = try XCTUnwrap(BehaviorFields.boundaryTable.fields.first { $0.name == "identifier" }?.schema)
        for schema in [key, after, identifier] {
            let members = schema.objectMembers
            XCTAssertEqual(members.first { $0.key == "maxLength" }?.value, .num(1000))
            XCTAssertEqual(members.first { $0.key == "pattern" }?.value, .string("^[^\\u0000-\\u001f\\u007f]*$"))
        }
    }
}
