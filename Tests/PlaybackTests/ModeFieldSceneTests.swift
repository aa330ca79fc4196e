import Foundation
import XCTest
import IO
@testable import Scenes

/// Fields only some modes use, given in another mode (where they were accepted and silently ignored): each refused
/// with its exact message, naming the modes that use it; in a mode that uses it, or at a value that does nothing
/// (a direction of [0, 0], no boundaries), taken.
final class ModeFieldSceneTests: XCTestCase {
    static let item = #"{"items": [{"name": "a", "center": [0, 0]}], "behaviors": [{"#
    static let layer = #"{"layers": [{"name": "l"}], "animations": [{"layer": "l", "type": "keyframe", "#

    func testFieldSettingsOfOtherKindsAreRefused() {
        let cases: [(String, String)] = [
            (
                #""type": "field", "kind": "vortex", "items": ["a"], "seed": 7"#,
                #"scene.json: behaviors[0].seed: applies only to noise and turbulence fields (kind "noise" or "turbulence"), got 7 on a "vortex" field"#
            ),
            (
                #""type": "field", "kind": "radialGravity", "items": ["a"], "smoothness": 0.5"#,
                #"scene.json: behaviors[0].smoothness: applies only to noise and turbulence fields (kind "noise" or "turbulence"), got 0.5 on a "radialGravity" field"#
            ),
            (
                #""type": "field", "kind": "spring", "items": ["a"], "animationSpeed": 2"#,
                #"scene.json: behaviors[0].animationSpeed: applies only to noise and turbulence fields (kind "noise" or "turbulence"), got 2 on a "spring" field"#
            ),
            (
                #""type": "field", "kind": "vortex", "items": ["a"], "direction": [1, 0]"#,
                #"scene.json: behaviors[0].direction: applies only to linear gravity, drag and velocity fields (kind "linearGravity", "drag" or "velocity"), got [1, 0] on a "vortex" field"#
            ),
            (
                #""type": "collision", "items": ["a"], "collisionMode": "items", "translatesReferenceBoundsIntoBoundary": true"#,
                #"scene.json: behaviors[0].translatesReferenceBoundsIntoBoundary: applies only where items collide with boundaries (collisionMode "everything" or "boundaries"), got true in collisionMode "items""#
            ),
            (
                #""type": "collision", "items": ["a"], "collisionMode": "items", "boundaries": [{"identifier": "w", "from": [0, 9], "to": [9, 9]}]"#,
                #"scene.json: behaviors[0].boundaries: applies only where items collide with boundaries (collisionMode "everything" or "boundaries"), got [{"identifier": ..., "from": ..., "to": ...}] in collisionMode "items""#
            ),
        ]
        for (fields, expected) in cases {
            let text = ModeFieldSceneTests.item + fields + "}]}"
            XCTAssertThrowsError(try decode(text), expected) { XCTAssertEqual("\($0)", expected) }
        }
        XCTAssertThrowsError(
            try decode(
                #"{"items": [{"name": "a", "center": [0, 0], "collisionBoundsType": "ellipse", "collisionBoundingPath": [[0, 0], [9, 0], [0, 9]]}]}"#
            )
        ) {
            XCTAssertEqual(
                "\($0)",
                #"scene.json: items[0].collisionBoundingPath: applies only to path bounds (collisionBoundsType "path"), got [[0, 0], [9, 0], [0, 9]] with collisionBoundsType "ellipse""#
            )
        }
    }

    func testKeyframeArraysOfOtherCalculationModesAreRefused() {
        let cases: [(String, String)] = [
            (
                #""keyPath": "opacity", "values": [0, 1], "tensionValues": [1, 0]"#,
                #"scene.json: animations[0].tensionValues: applies only in the cubic modes (calculationMode "cubic" or "cubicPaced"), got [1, 0] in calculationMode "linear""#
            ),
            (
                #""keyPath": "opacity", "values": [0, 1], "calculationMode": "paced", "continuityValues": [0, 0]"#,
                #"scene.json: animations[0].continuityValues: applies only in the cubic modes (calculationMode "cubic" or "cubicPaced"), got [0, 0] in calculationMode "paced""#
            ),
            (
                #""keyPath": "opacity", "values": [0, 1], "calculationMode": "discrete", "biasValues": [0, 0]"#,
                #"scene.json: animations[0].biasValues: applies only in the cubic modes (calculationMode "cubic" or "cubicPaced"), got [0, 0] in calculationMode "discrete""#
            ),
            (
                #""keyPath": "opacity", "values": [0, 1], "calculationMode": "cubicPaced", "keyTimes": [0, 1]"#,
                #"scene.json: animations[0].keyTimes: applies only outside the paced modes, which space values by distance (calculationMode "linear", "discrete" or "cubic"), got [0, 1] in calculationMode "cubicPaced""#
            ),
            (
                #""keyPath": "opacity", "values": [0, 1], "calculationMode": "discrete", "timingFunctions": ["easeIn"]"#,
                #"scene.json: animations[0].timingFunctions: applies only where segments are interpolated in time (calculationMode "linear" or "cubic"), got ["easeIn"] in calculationMode "discrete""#
            ),
            (
                #""keyPath": "opacity", "values": [0, 1], "calculationMode": "paced", "timingFunctions": ["easeIn"]"#,
                #"scene.json: animations[0].timingFunctions: applies only where segments are interpolated in time (calculationMode "linear" or "cubic"), got ["easeIn"] in calculationMode "paced""#
            ),
        ]
        for (fields, expected) in cases {
            let text = ModeFieldSceneTests.layer + fields + "}]}"
            XCTAssertThrowsError(try decode(text), expected) { XCTAssertEqual("\($0)", expected) }
        }
    }

    /// In a mode that uses them, and at values that do nothing, the same fields are taken.
    func testFieldsInTheirOwnModesOrInertAreTaken() throws {
        let taken = [
            ModeFieldSceneTests.item
                + #""type": "field", "kind": "turbulence", "items": ["a"], "seed": 7, "smoothness": 1}]}"#,
            ModeFieldSceneTests.item + #""type": "field", "kind": "drag", "items": ["a"], "direction": [1, 0]}]}"#,
            // The encoder writes a direction of [0, 0] on every kind (the built-in field scene has three).
            ModeFieldSceneTests.item + #""type": "field", "kind": "vortex", "items": ["a"], "direction": [0, 0]}]}"#,
            ModeFieldSceneTests.item
                + #""type": "collision", "items": ["a"], "collisionMode": "items", "translatesReferenceBoundsIntoBoundary": false, "boundaries": []}]}"#,
            #"{"items": [{"name": "a", "center": [0, 0], "collisionBoundingPath": [[0, 0], [9, 0], [0, 9]]}]}"#,
            ModeFieldSceneTests.layer
                + #""keyPath": "opacity", "values": [0, 1], "calculationMode": "cubicPaced", "tensionValues": [1, 0]}]}"#,
            ModeFieldSceneTests.layer
                + #""keyPath": "opacity", "values": [0, 1], "keyTimes": [0, 1], "timingFunctions": ["easeIn"]}]}"#,
        ]
        for text in taken { XCTAssertNoThrow(try decode(text), text) }
    }

    /// The schema states each rule as an if/then on its mode.
    func testTheSchemaStatesTheModeRules() {
        for (rules, count) in [
            (BehaviorFields.field.rules, 4), (BehaviorFields.collision.rules, 2),
            (AnimationKindFields.keyframe.rules, 5), (ItemFields.table.rules, 1),
        ] {
            XCTAssertEqual(rules.count, count)
            for rule in rules {
                let members = rule.schema.objectMembers
                XCTAssertEqual(members.map(\.key), ["if", "then"], rule.field)
            }
        }
        // The tables' schemas carry them beside their objects.
        for schema in [
            BehaviorFields.field.branchSchema, BehaviorFields.collision.branchSchema, ItemFields.table.schema,
        ] {
            XCTAssertEqual(schema.objectMembers.map(\.key), ["allOf"])
        }
    }
}
