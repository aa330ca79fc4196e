import Foundation
import XCTest
import Dynamics
@testable import Scenes
@testable import IO
import Playback

/// Input limits (`Limits`): what they refuse, with which message, and that the benchmark scenes and the smallest
/// admitted items still run.
final class LimitsTests: XCTestCase {
    func inputError(_ text: String, files: [String: String] = [:]) -> InputError? {
        do {
            _ = try decode(text, files: files)
            return nil
        } catch let e as InputError {
            return e
        } catch {
            XCTFail("not an InputError: \(error)")
            return nil
        }
    }

    func testItemsSmallerThanTheMinimumAreRefused() {
        XCTAssertEqual(
            inputError(#"{"items": [{"center": [0, 0], "size": [1e-300, 1e-300]}]}"#)?.description,
            "scene.json: items[0].size: must be at least 0.001, got 1e-300")
        XCTAssertEqual(
            inputError(#"{"items": [{"center": [0, 0]}, {"center": [0, 0], "size": [5, 0.000999]}]}"#)?.description,
            "scene.json: items[1].size: must be at least 0.001, got 0.000999")
        // Zero and negative sizes keep their message.
        XCTAssertEqual(
            inputError(#"{"items": [{"center": [0, 0], "size": [0, 1]}]}"#)?.description,
            "scene.json: items[0].size: must be positive, got 0")
        XCTAssertNil(inputError(#"{"items": [{"center": [0, 0], "size": [0.001, 0.001]}]}"#))
        XCTAssertEqual(Limits.minItemSize, 0.001)
    }

    /// A 1e-3 pt item (the smallest admitted) under gravity lands on a normal item inside the screen's bounds, in both
    /// profiles: every row is finite (a non-finite one throws SimulationError), and it ends resting on the item's top,
    /// 25 pt above that item's center. Others fall onto the bottom of the bounds (and may sink through it, as the README
    /// says), hang from a rigid attachment off their center, snap to a point, and take a push and a radial gravity field.
    func testTheSmallestItemsStayFiniteInBothProfiles() throws {
        for profile in ["uikit", "precise"] {
            let scene = try decode(
                #"""
                {"profile": "\#(profile)", "duration": 1.5,
                 "items": [{"name": "tiny", "center": [187, 300], "size": [0.001, 0.001]},
                           {"name": "box", "center": [187, 600], "size": [50, 50]},
                           {"name": "dot", "center": [287, 100], "size": [0.001, 0.002], "collisionBoundsType": "ellipse",
                            "angularVelocity": 3},
                           {"name": "snapped", "center": [300, 400], "size": [0.002, 0.001]},
                           {"name": "pushed", "center": [50, 400], "size": [0.001, 0.001], "angle": 0.3},
                           {"name": "floored", "center": [30, 660], "size": [0.001, 0.001], "angularVelocity": 1}],
                 "behaviors": [{"type": "gravity", "items": ["tiny", "box", "dot", "floored"]},
                               {"type": "collision", "items": ["tiny", "box", "dot", "floored"], "translatesReferenceBoundsIntoBoundary": true},
                               {"type": "attachment", "item": "dot", "anchorPoint": [187, 100], "offsetFromCenter": [0.0002, 0.0003]},
                               {"type": "snap", "item": "snapped", "snapPoint": [320, 380]},
                               {"type": "push", "items": ["pushed"], "mode": "instantaneous", "pushDirection": [1e-9, 0],
                                "targetOffsetFromCenter": [0, 0.0004]},
                               {"type": "field", "kind": "radialGravity", "items": ["pushed", "snapped"], "position": [100, 300]}]}
                """#)
            let table = Table(bytes: try output(scene))
            XCTAssertEqual(table.rows.count, 91, profile)
            for row in table.rows { XCTAssertTrue(row.allSatisfy(\.isFinite), profile) }
            let last = table.rows.last!
            let boxY = last[table.column("box.y")], tinyY = last[table.column("tiny.y")]
            XCTAssertEqual(
                boxY, 667 + 1 - 25, accuracy: 1, "\(profile): the box rests on the floor 1 pt below the bounds")
            XCTAssertEqual(tinyY, boxY - 25, accuracy: 1, "\(profile): the tiny item rests on the box")
            XCTAssertEqual(last[table.column("tiny.x")], 187, accuracy: 1, profile)
            // The dot stays 100 pt from its anchor (a rigid attachment) give or take its offset: in `precise` to its
            // projection's tolerance, in `uikit` within Box2D's linear slop (0.5 pt: b2DistanceJoint's position
            // iterations stop there).
            let dx = last[table.column("dot.x")] - 187, dy = last[table.column("dot.y")] - 100
            XCTAssertEqual((dx * dx + dy * dy).squareRoot(), 100, accuracy: profile == "precise" ? 0.01 : 0.5, profile)
        }
    }

    func testItemAndBehaviorCountsAreCheckedBeforeDecodingThem() {
        let n = Limits.maxItems + 1
        // The last item is invalid: the count is refused before any item is decoded.
        let items = Array(repeating: #"{"center": [0, 0]}"#, count: n - 1) + [#"{"center": "bad"}"#]
        XCTAssertEqual(
            inputError(#"{"items": [\#(items.joined(separator: ","))]}"#)?.description,
            "scene.json: items: must hold at most 100000 items, got 100001")
        let behaviors = Array(repeating: #"{"type": "gravity"}"#, count: Limits.maxBehaviors + 1)
        XCTAssertEqual(
            inputError(#"{"items": [{"center": [0, 0]}], "behaviors": [\#(behaviors.joined(separator: ","))]}"#)?
                .description,
            "scene.json: behaviors: must hold at most 200000 behaviors, got 200001")
        let layers = (0...Limits.maxLayers).map { #"{"name": "l\#($0)"}"# }
        XCTAssertEqual(
            inputError(#"{"layers": [\#(layers.joined(separator: ","))]}"#)?.description,
            "scene.json: layers: views, layers and scroll views together must number at most 10000, got 10001")
    }

    func testJSONValuesAreCountedWhileParsing() throws {
        // Each number, string, literal, array and object counts once; keys do not.
        let text = Array(#"{"a": [1, "x", true, null], "b": {}}"#.utf8)
        XCTAssertNoThrow(try JSONParser.parse(text, maxValues: 7))
        XCTAssertThrowsError(try JSONParser.parse(text, maxValues: 6)) { error in
            // The 7th value is the empty object after "b": line 1, column 34.
            XCTAssertEqual(error as? JSONValueLimitError, JSONValueLimitError(line: 1, column: 34, limit: 6))
        }
        // The decoder's message names the file and where the value past the limit begins: 7 values come before the
        // zeros, so zero number maxJSONValues − 6 is the first too many, at column 14 + 2 (maxJSONValues − 7).
        let many =
            "{\"items\": [{\"center\": [0, 0]}],\n \"columns\": ["
            + String(repeating: "0,", count: Limits.maxJSONValues) + "0]}"
        XCTAssertEqual(
            inputError(many)?.description,
            "scene.json: line 2, column \(2 * Limits.maxJSONValues): a scene file must hold at most 4000000 JSON values (each number, string, true, false, null, array and object), got more by here"
        )
    }

    func testSampleCSVStopsAtItsRowLimit() {
        let csv = Array("t,x,y\n0,1,1\n\n1,2,2\n2,3,3\n".utf8)
        XCTAssertEqual(try SampleCSV.parse(csv, fileName: "pan.csv", header: ["t", "x", "y"], maxRows: 3).count, 3)
        XCTAssertThrowsError(try SampleCSV.parse(csv, fileName: "pan.csv", header: ["t", "x", "y"], maxRows: 2)) {
            error in
            XCTAssertEqual(
                (error as? InputError)?.description,
                "pan.csv: line 5: a scene may hold at most 1000000 samples (drag keyframes and CSV rows, gesture touches and CSV rows together), got more"
            )
        }
        // Line numbers and the last line without a newline are read as before.
        XCTAssertThrowsError(
            try SampleCSV.parse(
                Array("\u{FEFF}t,x,y\r\n0,1,1\r\n0,2".utf8), fileName: "d.csv", header: ["t", "x", "y"])
        ) { error in
            XCTAssertEqual((error as? InputError)?.description, "d.csv: line 3: must have 3 fields t,x,y, got \"0,2\"")
        }
    }

    func testPathDataIsLimitedAcrossTheScene() {
        // Neither path alone passes the limit, the two together do by one byte: the second is refused before it is
        // parsed.
        let first = "M 0 0 L 1 1", second = "M 0 0" + String(repeating: " ", count: Limits.maxPathDataBytes - 15)
        XCTAssertEqual(first.utf8.count + second.utf8.count, Limits.maxPathDataBytes + 1)
        let animation = { (key: String, path: String) in
            #"{"layer": "l", "key": "\#(key)", "type": "keyframe", "keyPath": "position", "path": "\#(path)", "duration": 1}"#
        }
        XCTAssertEqual(
            inputError(
                #"{"layers": [{"name": "l"}], "animations": [\#(animation("a", first)), \#(animation("b", second))]}"#)?
                .description,
            "scene.json: animations[1].path: the path data of a scene must total at most 2000000 bytes, got 2000001 with this one"
        )
    }

    /// The benchmark scenes at their largest sizes (10,000 pendulums: 10,000 items and 10,000 attachments; 4,000
    /// boxes), printed as scene files, are admitted and decode to the same scenes.
    func testTheLargestBenchmarkScenesAreAdmitted() throws {
        for scene in [Catalog.pendulums(count: 10_000), Catalog.boxes(count: 4_000)] {
            let text = Array(SceneEncoder.text(scene).utf8)
            XCTAssertLessThan(text.count, Limits.maxFileBytes / 8, scene.name ?? "")
            let decoded = try SceneDecoder(fileName: "bench.json") { _ in [] }.decode(text)
            XCTAssertEqual(decoded.items.count, scene.items.count)
            XCTAssertEqual(decoded.behaviors.count, scene.behaviors.count)
            XCTAssertLessThanOrEqual(decoded.items.count, Limits.maxItems / 10)
        }
    }
}
