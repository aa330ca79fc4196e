import Foundation
import XCTest
import IO
import Dynamics
import Animation
@testable import Scenes

final class SceneFileTests: XCTestCase {
    let minimal = #"{"items": [{"name": "bob", "center": [100, 200]}]}"#

    func testDefaultsOfAMinimalScene() throws {
        let s = try decode(minimal)
        XCTAssertEqual(s.profile, .uikit)
        XCTAssertEqual(s.timeStep, 1.0 / 60.0)
        XCTAssertNil(s.subSteps)
        XCTAssertEqual(s.effectiveSubSteps, 2)
        XCTAssertEqual(s.duration, 10)
        XCTAssertEqual(s.rate, 60)
        XCTAssertEqual(s.bounds, Rect(x: 0, y: 0, width: 375, height: 667))
        let item = s.items[0].definition
        XCTAssertEqual(item.size, Vector2(100, 100))
        XCTAssertEqual(item.density, 1)
        XCTAssertEqual(item.resistance, 0.1)
        XCTAssertEqual(item.angularResistance, 0.1)
        XCTAssertTrue(item.allowsRotation)
        XCTAssertFalse(item.isAnchored)
        XCTAssertEqual(s.allColumns, ["t", "bob.x", "bob.y", "bob.angle", "bob.vx", "bob.vy", "bob.omega"])
    }

    func testBuiltinsRoundTripThroughTheirJSON() throws {
        for entry in Catalog.entries {
            var scene = entry.make()
            let text = SceneEncoder.text(scene)
            let decoded = try decode(text)
            XCTAssertEqual(decoded, scene, entry.name)
            scene.duration = min(scene.duration, 1)
            var decodedShort = decoded
            decodedShort.duration = scene.duration
            XCTAssertEqual(try output(decodedShort), try output(scene), entry.name)
            XCTAssertEqual(SceneEncoder.text(decoded), text, "\(entry.name): printing is stable")
        }
    }

    func testDefaultAnchorNamesSkipTakenNames() throws {
        let s = try decode(
            #"{"items": [{"name": "anchor", "center": [0, 0]}], "behaviors": [{"type": "attachment", "item": "anchor", "anchorPoint": [0, -100]}]}"#
        )
        XCTAssertEqual(s.anchorNames, ["anchor2"])
    }

    /// An animation's default key skips keys already given, as an anchor's default name does (it clashed, and the error
    /// named a key the file does not have).
    func testDefaultAnimationKeysSkipTakenKeys() throws {
        let s = try decode(
            #"{"layers": [{"name": "l"}], "animations": [{"layer": "l", "key": "animation1", "keyPath": "opacity"}, {"layer": "l", "keyPath": "opacity"}]}"#
        )
        XCTAssertEqual(s.animations.map(\.key), ["animation1", "animation2"])
    }

    /// A closed boundary whose last point repeats its first has a zero-length closing segment, refused as an open
    /// path's repeated point is.
    func testAClosedBoundaryMayNotRepeatItsFirstPoint() {
        let scene =
            #"{"items": [{"name": "a", "center": [0, 0]}], "behaviors": [{"type": "collision", "items": ["a"], "boundaries": [{"identifier": "floor", "path": [[0, 400], [100, 400], [0, 400]], "closed": true}]}]}"#
        assertRefusals([
            (
                scene,
                "scene.json: behaviors[0].boundaries[0].closed: closes a path whose last point is its first, a zero-length segment (leave the last point out), got true"
            )
        ])
    }

    func testStrictDecimalSyntax() {
        for good in ["0", "-1", "1.5", "1e-5", "2E+3", ".5", "5."] {
            XCTAssertNotNil(parseDecimal(Substring(good)), good)
        }
        for bad in ["", "+1", "0x10", "inf", "nan", "1\0", "1e", "--1", "1 ", "e5"] {
            XCTAssertNil(parseDecimal(Substring(bad)), bad)
        }
    }

    func testGravityByAngleAndMagnitude() throws {
        let s = try decode(
            #"{"items": [{"name": "a", "center": [0, 0]}], "behaviors": [{"type": "gravity", "angle": 0, "magnitude": 2}]}"#
        )
        guard case .gravity(let g) = s.behaviors[0] else { return XCTFail() }
        XCTAssertEqual(g.gravityDirection.x, 2, accuracy: 1e-15)
        XCTAssertEqual(g.gravityDirection.y, 0, accuracy: 1e-15)
    }

    func testDragFromCSV() throws {
        let scene = #"""
            {"items": [{"name": "v", "center": [0, 100]}],
             "behaviors": [{"type": "attachment", "item": "v", "drag": {"csv": "pan.csv", "interpolation": "catmullRom"}}]}
            """#
        let s = try decode(scene, files: ["pan.csv": "t,x,y\n0,0,0\n0.5,10,0\r\n\n1,20,5\n"])
        guard case .attachment(let a) = s.behaviors[0], let drag = a.drag else { return XCTFail() }
        XCTAssertEqual(drag.times, [0, 0.5, 1])
        XCTAssertEqual(drag.points, [Vector2(0, 0), Vector2(10, 0), Vector2(20, 5)])
        XCTAssertEqual(drag.interpolation, .catmullRom)
        XCTAssertEqual(a.initialAnchorPoint, Vector2(0, 0))
        XCTAssertEqual(a.name, "anchor")
        XCTAssertEqual(SceneEncoder.text(s).contains("\"csv\": \"pan.csv\""), true)
    }

    // The bad inputs below, grouped by topic, each with the exact message it must produce: file, JSON path (or line),
    // problem, offending value.

    /// A valid item for the bad inputs to sit beside.
    private let item = #"{"name": "bob", "center": [100, 200]}"#
    /// The CSV files the bad inputs may name.
    private let files = [
        "pan.csv": "t,x,y\n0.5,0,0\n0.25,1,1\n", "bad.csv": "0,0,0\n1,abc,2\n",
        "header.csv": "t,x,y\n", "hex.csv": "0,0x10,0\n",
    ]

    /// Decoding each case's text must fail with exactly its message.
    private func assertRefusals(_ cases: [(String, String)]) {
        for (text, expected) in cases {
            XCTAssertThrowsError(try decode(text, files: files), expected) { error in
                XCTAssertEqual("\(error)", expected)
            }
        }
    }

    /// Malformed JSON names the line and column of the first problem.
    func testMalformedJSONIsRefusedWithLineAndColumn() {
        assertRefusals([
            (
                #"{"items": [{"name": "bob", "center": [100, 200]}"#,
                "scene.json: line 1, column 49: malformed JSON: expected ',' or ']', got end of file"
            ),
            (
                "{\"items\": [\n  {\"name\": \"bob\" \"center\": [1, 2]}]}",
                #"scene.json: line 2, column 18: malformed JSON: expected ',' or '}', got "\"center\": [1""#
            ),
            (
                #"{"items": [\#(item)], "items": []}"#,
                "scene.json: line 1, column 52: malformed JSON: duplicate key, got \"items\""
            ),
            ("", "scene.json: line 1, column 1: malformed JSON: expected a value, got end of file"),
        ])
    }

    /// Top-level fields: unknown or missing ones, a bad profile, an empty item list, an unknown column.
    func testBadTopLevelFieldsAreRefused() {
        assertRefusals([
            (
                #"{"items": [\#(item)], "gravity": 1}"#,
                "scene.json: gravity: unknown field (expected one of: $schema, name, description, profile, timeStep, subSteps, duration, rate, bounds, items, behaviors, scrollViews, views, layers, animations, animators, blocks, gestures, layerTiming, columns), got \"gravity\""
            ),
            (
                #"{"items": [\#(item)], "profile": "box2d"}"#,
                "scene.json: profile: must be \"uikit\" or \"precise\", got \"box2d\""
            ),
            (#"{"items": []}"#, "scene.json: items: must be a non-empty array of items, got []"),
            // An editor's schema reference is a string (the schema said so; the decoder took any value).
            (#"{"$schema": 5, "items": [\#(item)]}"#, "scene.json: $schema: must be a string, got 5"),
            (
                #"{"duration": 1}"#,
                "scene.json: items: is required (a scene needs at least one item, unless it has views or layers), got nothing"
            ),
            (
                #"{"items": [\#(item)], "columns": ["t", "bob.z"]}"#,
                "scene.json: columns[1]: unknown column, got \"bob.z\""
            ),
            (
                #"[1, 2]"#,
                "scene.json: top level: must be an object with fields $schema, name, description, profile, timeStep, subSteps, duration, rate, bounds, items, behaviors, scrollViews, views, layers, animations, animators, blocks, gestures, layerTiming, columns, got [1, 2]"
            ),
        ])
    }

    /// Item fields: unknown, out of range, not finite, badly named or duplicated.
    func testBadItemFieldsAreRefused() {
        assertRefusals([
            (
                #"{"items": [{"name": "bob", "center": [1, 2], "sise": [1, 2]}]}"#,
                "scene.json: items[0].sise: unknown field, did you mean \"size\"? (expected one of: name, center, size, angle, velocity, angularVelocity, density, resistance, angularResistance, allowsRotation, isAnchored, charge, elasticity, friction, collisionBoundsType, collisionBoundingPath), got \"sise\""
            ),
            (
                #"{"items": [\#(item), {"name": "b", "center": [0, 0], "size": [100, -3]}]}"#,
                "scene.json: items[1].size: must be positive, got -3"
            ),
            (
                #"{"items": [{"name": "bob", "center": [1, 2], "size": [0, 10]}]}"#,
                "scene.json: items[0].size: must be positive, got 0"
            ),
            (
                #"{"items": [{"name": "bob", "center": [1, 2], "density": -1}]}"#,
                "scene.json: items[0].density: must be positive, got -1"
            ),
            (
                #"{"items": [{"name": "bob", "center": [NaN, 2]}]}"#,
                "scene.json: items[0].center: must be finite numbers, got NaN"
            ),
            (
                #"{"items": [{"name": "bob", "center": [1, 2], "angle": 1e999}]}"#,
                "scene.json: items[0].angle: must be a finite number, got 1e999"
            ),
            (
                #"{"items": [{"name": "bob", "center": [1, 2], "angle": -Infinity}]}"#,
                "scene.json: items[0].angle: must be a finite number, got -Infinity"
            ),
            (
                #"{"items": [{"name": "bob", "center": [1e300, 0]}]}"#,
                "scene.json: items[0].center: must be between -1e9 and 1e9, got 1e300"
            ),
            (
                #"{"items": [{"name": "bob\"\n", "center": [0, 0]}]}"#,
                #"scene.json: items[0].name: must be 1 to 64 ASCII letters, digits, '_' or '-', got "bob\"\n""#
            ),
            (
                #"{"items": [{"name": "\#(String(repeating: "x", count: 100))", "center": [0, 0]}]}"#,
                "scene.json: items[0].name: must be 1 to 64 ASCII letters, digits, '_' or '-', got \""
                    + String(repeating: "x", count: 60) + "\"…"
            ),
            (
                #"{"items": [\#(item), {"name": "bob", "center": [0, 0]}]}"#,
                "scene.json: items[1].name: duplicate name, got \"bob\""
            ),
            (
                #"{"items": [{"name": "a.b", "center": [0, 0]}]}"#,
                "scene.json: items[0].name: must be 1 to 64 ASCII letters, digits, '_' or '-', got \"a.b\""
            ),
        ])
    }

    /// Time step, sub-steps, duration and rate, alone and as the size of the run they add up to.
    func testRunLimitsAreRefused() {
        assertRefusals([
            (#"{"items": [\#(item)], "timeStep": 0}"#, "scene.json: timeStep: must be from 1e-6 to 1 s, got 0"),
            (#"{"items": [\#(item)], "timeStep": -0.01}"#, "scene.json: timeStep: must be from 1e-6 to 1 s, got -0.01"),
            (#"{"items": [\#(item)], "timeStep": 1e-9}"#, "scene.json: timeStep: must be from 1e-6 to 1 s, got 1e-9"),
            (
                #"{"items": [\#(item)], "timeStep": 1e-6, "subSteps": 1000}"#,
                "scene.json: timeStep: the run would take 10000000000 sub-steps (duration / timeStep x subSteps), more than the limit of 1e8, got 1e-6"
            ),
            (
                #"{"items": [\#(item)], "duration": 1000000, "rate": 100000}"#,
                "scene.json: duration: the run would take 120000000 sub-steps (duration / timeStep x subSteps), more than the limit of 1e8, got 1000000"
            ),
            (
                #"{"items": [\#(item)], "duration": 100000, "rate": 100000}"#,
                "scene.json: duration: the run would write 10000000001 rows (duration x rate + 1), more than the limit of 1e8, got 100000"
            ),
            (#"{"items": [\#(item)], "rate": 0}"#, "scene.json: rate: must be positive and at most 100000 Hz, got 0"),
            (
                #"{"items": [\#(item)], "rate": -30}"#,
                "scene.json: rate: must be positive and at most 100000 Hz, got -30"
            ),
            (#"{"items": [\#(item)], "duration": -1}"#, "scene.json: duration: must be from 0 to 1e6 s, got -1"),
            (#"{"items": [\#(item)], "subSteps": 1.5}"#, "scene.json: subSteps: must be a whole number, got 1.5"),
        ])
    }

    /// Drags: bad keyframes and bad, missing or unreadable CSV files.
    func testBadDragsAreRefused() {
        assertRefusals([
            (
                #"{"items": [\#(item)], "behaviors": [{"type": "attachment", "item": "bob", "drag": {"csv": ""}}]}"#,
                "scene.json: behaviors[0].drag.csv: must be a file name, got \"\""
            ),
            (
                #"{"items": [\#(item)], "behaviors": [{"type": "attachment", "item": "bob", "drag": {"csv": "header.csv"}}]}"#,
                "header.csv: no samples (expected rows t,x,y), got only a header"
            ),
            (
                #"{"items": [\#(item)], "behaviors": [{"type": "attachment", "item": "bob", "drag": {"csv": "hex.csv"}}]}"#,
                "hex.csv: line 1, field x: must be a number, got \"0x10\""
            ),
            (
                #"{"items": [\#(item)], "behaviors": [{"type": "attachment", "item": "bob", "drag": {"keyframes": [[0, 2e9, 0]]}}]}"#,
                "scene.json: behaviors[0].drag.keyframes[0][1]: must be between -1e9 and 1e9, got 2e9"
            ),
            (
                #"{"items": [\#(item)], "behaviors": [{"type": "attachment", "item": "bob", "drag": {"keyframes": [[0, 0, 0], [0.5, 1, 1], [0.4, 2, 2]]}}]}"#,
                "scene.json: behaviors[0].drag.keyframes[2][0]: time goes backwards (after 0.5), got 0.4"
            ),
            (
                #"{"items": [\#(item)], "behaviors": [{"type": "attachment", "item": "bob", "drag": {"keyframes": [[0, 0]]}}]}"#,
                "scene.json: behaviors[0].drag.keyframes[0]: must be [t, x, y], got [0, 0]"
            ),
            (
                #"{"items": [\#(item)], "behaviors": [{"type": "attachment", "item": "bob", "drag": {"csv": "pan.csv"}}]}"#,
                "pan.csv: line 3: time goes backwards (after 0.5), got 0.25"
            ),
            (
                #"{"items": [\#(item)], "behaviors": [{"type": "attachment", "item": "bob", "drag": {"csv": "bad.csv"}}]}"#,
                "bad.csv: line 2, field x: must be a number, got \"abc\""
            ),
            (
                #"{"items": [\#(item)], "behaviors": [{"type": "attachment", "item": "bob", "drag": {"csv": "missing.csv"}}]}"#,
                "scene.json: behaviors[0].drag.csv: cannot read the file, got \"missing.csv\""
            ),
        ])
    }

    /// Behaviors naming items that do not exist, no item, an unknown type, or one collision too many.
    func testBadBehaviorReferencesAreRefused() {
        assertRefusals([
            (
                #"{"items": [\#(item)], "behaviors": [\#(Array(repeating: #"{"type": "collision", "items": ["bob"]}"#, count: 65).joined(separator: ","))]}"#,
                "scene.json: behaviors[64]: at most 64 collision behaviors, got one more"
            ),
            (
                #"{"items": [\#(item)], "behaviors": [{"type": "attachment", "item": "bobb", "anchorPoint": [0, 0]}]}"#,
                "scene.json: behaviors[0].item: no such item, got \"bobb\""
            ),
            (
                #"{"items": [\#(item)], "behaviors": [{"type": "attachment", "anchorPoint": [0, 0]}]}"#,
                "scene.json: behaviors[0].item: is required (the name of the attached item), got nothing"
            ),
            (
                #"{"items": [\#(item)], "behaviors": [{"type": "gravity", "items": ["bob", "ghost"]}]}"#,
                "scene.json: behaviors[0].items[1]: no such item, got \"ghost\""
            ),
            (
                #"{"items": [\#(item)], "behaviors": [{"type": "snap2"}]}"#,
                "scene.json: behaviors[0].type: unknown behavior (expected \"gravity\", \"attachment\", \"push\", \"snap\", \"field\", \"collision\" or \"addVelocity\"), got \"snap2\""
            ),
            (
                #"{"items": [\#(item)], "behaviors": [{"type": "addVelocity", "item": "ghost"}]}"#,
                "scene.json: behaviors[0].item: no such item, got \"ghost\""
            ),
        ])
    }

    /// Behavior options: seeds, item lists, attachment, push, snap and field parameters.
    func testBadBehaviorOptionsAreRefused() {
        assertRefusals([
            // A break-it pass: a seed past the scene's ±1e9, gravity over no items.
            (
                #"{"items": [\#(item)], "behaviors": [{"type": "field", "kind": "noise", "items": ["bob"], "seed": 1e10}]}"#,
                "scene.json: behaviors[0].seed: must be between -1e9 and 1e9, got 1e10"
            ),
            (
                #"{"items": [\#(item)], "behaviors": [{"type": "field", "kind": "noise", "items": ["bob"], "seed": 1e16}]}"#,
                "scene.json: behaviors[0].seed: must be between -1e9 and 1e9, got 1e16"
            ),
            (
                #"{"items": [\#(item)], "behaviors": [{"type": "gravity", "items": []}]}"#,
                "scene.json: behaviors[0].items: must name at least one item (leave items out for every item), got []"
            ),
            (
                #"{"items": [\#(item)], "behaviors": [{"type": "attachment", "item": "bob"}]}"#,
                "scene.json: behaviors[0].anchorPoint: is required (an anchor [x, y] in points, or attachedTo an item, or a drag), got nothing"
            ),
            (
                #"{"items": [\#(item)], "behaviors": [{"type": "attachment", "item": "bob", "anchorPoint": [0, 0], "frequency": -2}]}"#,
                "scene.json: behaviors[0].frequency: must be from 0 to 1000 Hz, got -2"
            ),
            (
                #"{"items": [\#(item)], "behaviors": [{"type": "push", "items": ["bob"], "mode": "sideways"}]}"#,
                "scene.json: behaviors[0].mode: must be \"continuous\" or \"instantaneous\", got \"sideways\""
            ),
            (
                #"{"items": [\#(item)], "behaviors": [{"type": "push", "items": ["bob"], "mode": "instantaneous", "endTime": 2}]}"#,
                "scene.json: behaviors[0].endTime: only for a continuous push, got 2"
            ),
            (
                #"{"items": [\#(item)], "behaviors": [{"type": "push", "items": []}]}"#,
                "scene.json: behaviors[0].items: must be a non-empty array of item names, got []"
            ),
            (
                #"{"items": [\#(item)], "behaviors": [{"type": "snap", "item": "bob", "snapPoint": [1, 2], "damping": 1.5}]}"#,
                "scene.json: behaviors[0].damping: must be from 0 to 1, got 1.5"
            ),
            (
                #"{"items": [\#(item)], "behaviors": [{"type": "snap", "item": "bob"}]}"#,
                "scene.json: behaviors[0].snapPoint: is required (the target center [x, y] in points), got nothing"
            ),
            (
                #"{"items": [\#(item)], "behaviors": [{"type": "field", "kind": "gravity", "items": ["bob"]}]}"#,
                "scene.json: behaviors[0].kind: must be one of linearGravity, radialGravity, electric, magnetic, spring, vortex, drag, velocity, noise, turbulence, got \"gravity\""
            ),
            (
                #"{"items": [\#(item)], "behaviors": [{"type": "field", "kind": "drag", "items": ["bob"], "region": {"radius": -5}}]}"#,
                "scene.json: behaviors[0].region.radius: must be >= 0, got -5"
            ),
        ])
    }

    /// Inputs at the edge of what is valid run to the end with finite numbers (these once trapped): Catmull–Rom drag
    /// keyframes a subnormal time apart (a jump: no tangent across it), and rotation axes whose squared length
    /// underflows or overflows.
    func testValidExtremesRunWithFiniteOutput() throws {
        let scenes = [
            #"{"items": [{"name": "v", "center": [187.5, 300]}], "duration": 1, "behaviors": [{"type": "attachment", "item": "v", "drag": {"keyframes": [[0, 187.5, 150], [5e-324, 287.5, 160], [0.5, 200, 150]], "interpolation": "catmullRom"}}]}"#,
            #"{"items": [{"name": "v", "center": [187.5, 300]}], "duration": 1, "behaviors": [{"type": "attachment", "item": "v", "drag": {"keyframes": [[0, -1e9, 150], [1e-300, 1e9, 160]], "interpolation": "catmullRom"}}]}"#,
            #"{"layers": [{"name": "v", "bounds": [0, 0, 100, 100], "position": [100, 100], "transform": {"rotate": [1, 0, 0, 1e-300]}}], "duration": 1}"#,
            #"{"layers": [{"name": "v", "bounds": [0, 0, 100, 100], "position": [100, 100], "transform": {"rotate": [1, 1e9, 0, 1e-300]}}], "duration": 1}"#,
        ]
        for text in scenes {
            let table = Table(String(decoding: try output(try decode(text)), as: UTF8.self))
            XCTAssertGreaterThan(table.rows.count, 10, text)
            XCTAssertTrue(table.rows.allSatisfy { $0.allSatisfy(\.isFinite) }, text)
        }
        // The tiny axis is the x axis: rotating 1 rad about x leaves x alone and turns y into z.
        let tiny = Transform3D.rotation(1, 1e-300, 0, 0), unit = Transform3D.rotation(1, 1, 0, 0)
        XCTAssertEqual(tiny.m, unit.m)
    }
}

final class JSONTests: XCTestCase {
    func testParsesTheRFC8259Grammar() throws {
        let v = try JSONParser.parse(
            Array(#" {"a": [1, -2.5e3, true, false, null, "x\n\u00e9\ud83d\ude00"], "b": {}} "#.utf8))
        guard case .object(let m) = v else { return XCTFail() }
        XCTAssertEqual(m.map(\.key), ["a", "b"])
        XCTAssertEqual(
            m[0].value,
            .array([
                .number(1, text: "1"), .number(-2500, text: "-2.5e3"), .bool(true), .bool(false),
                .null, .string("x\né😀"),
            ]))
    }

    func testRejectsMalformedDocuments() {
        for bad in ["{", "[1,]", "{\"a\" 1}", "01", "1.", "-", "\"\\x\"", "[1] 2", "{\"a\":1,}", "tru", "\"abc"] {
            XCTAssertThrowsError(try JSONParser.parse(Array(bad.utf8)), bad)
        }
        let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        XCTAssertThrowsError(try JSONParser.parse(Array(deep.utf8)))
    }

    func testWriterIsReadBackUnchanged() throws {
        let v = JSON.object([
            .init("k\"q", .array([.num(0.1), .num(-3), .string("tab\there")])), .init("o", .object([])),
        ])
        XCTAssertEqual(try JSONParser.parse(Array(JSONWriter.write(v).utf8)), v)
    }
}
