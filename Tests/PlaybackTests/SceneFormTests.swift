import XCTest
import Animation
import Springs
@testable import Scenes

/// One form for each thing, and errors that say the fix (issue 16's friction points).
final class SceneFormTests: XCTestCase {
    func message(_ json: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        do {
            _ = try decode(json)
            XCTFail("decoded", file: file, line: line)
            return ""
        } catch {
            return "\(error)"
        }
    }

    /// A scene's bounds take the rectangle form layers and views use, [x, y, width, height], as well as the object.
    func testBothRectangleFormsLoadEqualScenes() throws {
        let items = #""items": [{"name": "v", "center": [10, 20]}]"#
        let object = try decode(#"{"bounds": {"x": 1, "y": 2, "width": 300, "height": 400}, \#(items)}"#)
        let array = try decode(#"{"bounds": [1, 2, 300, 400], \#(items)}"#)
        XCTAssertEqual(object, array)
        XCTAssertEqual(array.bounds, Rect(x: 1, y: 2, width: 300, height: 400))
        XCTAssertTrue(
            message(#"{"bounds": [0, 0, 0, 10], \#(items)}"#).contains("bounds: width and height must be positive"))
    }

    /// `easeInOut` (UIView.AnimationCurve's name) is the ease-in-out curve in every timing field, as `easeInEaseOut`.
    func testEaseInOutWorksInEveryTimingField() throws {
        let scene = try decode(
            #"""
            {"views": [{"name": "root", "frame": [0, 0, 100, 100]}],
             "layers": [{"name": "l", "bounds": [0, 0, 10, 10], "position": [0, 0]}],
             "animations": [
               {"layer": "l", "key": "b", "keyPath": "opacity", "toValue": 0, "timingFunction": "easeInOut"},
               {"layer": "l", "key": "k", "type": "keyframe", "keyPath": "opacity", "values": [1, 0, 1], "timingFunction": "easeInOut",
                "timingFunctions": ["easeInOut", "easeInEaseOut"]},
               {"layer": "l", "key": "g", "type": "group", "timingFunction": "easeInOut", "animations": [{"keyPath": "opacity", "toValue": 0}]},
               {"layer": "l", "key": "t", "type": "transition", "timingFunction": "easeInOut"}],
             "animators": [{"name": "a", "layer": "root", "timing": "easeInOut",
                            "script": [{"t": 0, "call": "pauseAnimation"}, {"t": 0, "call": "continueAnimation", "timing": "easeInOut"}]}]}
            """#)
        let curves: [CubicBezier] = scene.animations.flatMap { a -> [CubicBezier] in
            switch a.animation {
            case .basic(let b): return [b.timingFunction]
            case .keyframe(let k): return [k.timingFunction] + (k.timingFunctions ?? [])
            case .group(let g): return [g.timingFunction]
            case .transition(let t): return [t.timingFunction]
            case .spring: return []
            }
        }
        XCTAssertEqual(curves.count, 6)
        for c in curves { XCTAssertEqual(c, .easeInEaseOut) }
        XCTAssertEqual(scene.animators[0].animator.timing, .curve(.easeInEaseOut))
        guard case .continueAnimation(let timing?, _) = scene.animators[0].script[1].call else {
            return XCTFail("no timing")
        }
        XCTAssertEqual(timing, .curve(.easeInEaseOut))
    }

    /// A field written where it does not belong names where it does.
    func testMisplacedFieldsNameWhereTheyBelong() {
        let layer = #""layers": [{"name": "l", "bounds": [0, 0, 10, 10], "position": [0, 0]}]"#
        XCTAssertTrue(
            message(#"{\#(layer), "animations": [{"layer": "l", "keyPath": "opacity", "values": [1, 0]}]}"#)
                .contains(#"animations[0].values: "values" belongs to a keyframe animation: add "type": "keyframe""#))
        XCTAssertTrue(
            message(#"{"items": [{"name": "v", "center": [0, 0]}], "drag": {"keyframes": [[0, 1, 2]]}}"#)
                .contains(#"drag: "drag" belongs inside an attachment behavior"#))
        XCTAssertTrue(
            message(#"{"items": [{"name": "v", "center": [0, 0]}], "behaviors": [{"type": "gravity", "drag": {}}]}"#)
                .contains(#"behaviors[0].drag: "drag" belongs inside an attachment behavior"#))
        XCTAssertTrue(
            message(#"{\#(layer), "animations": [{"layer": "l", "keyPath": "opacity", "stiffness": 30}]}"#)
                .contains(#""stiffness" belongs to a spring animation: add "type": "spring""#))
        // An object of the wrong shape lists its fields.
        XCTAssertTrue(
            message(
                #"{"items": [{"name": "v", "center": [0, 0]}], "behaviors": [{"type": "attachment", "item": "v", "drag": [[0, 1, 2]]}]}"#
            )
            .contains("behaviors[0].drag: must be an object with fields interpolation, keyframes, csv, got"))
    }

    /// A one-letter typo gets the field it was meant to be.
    func testTyposGetASuggestion() {
        XCTAssertTrue(
            message(#"{"items": [{"name": "v", "center": [0, 0], "sise": [1, 1]}]}"#)
                .contains(#"items[0].sise: unknown field, did you mean "size"?"#))
        XCTAssertTrue(
            message(#"{"layers": [{"name": "l", "cornerRadus": 3}]}"#)
                .contains(#"layers[0].cornerRadus: unknown layer property, did you mean "cornerRadius"?"#))
        XCTAssertTrue(
            message(#"{"items": [{"name": "v", "center": [0, 0]}], "behaviours": []}"#)
                .contains(#"did you mean "behaviors"?"#))
        // Nothing close: no guess.
        XCTAssertFalse(message(#"{"items": [{"name": "v", "center": [0, 0], "zzzz": 1}]}"#).contains("did you mean"))
        XCTAssertEqual(Fields.closest(to: "ab", in: ["ac", "ad"]), nil, "two as close: no guess")
    }

    /// An editor's `$schema` reference is read and ignored.
    func testSchemaFieldIsIgnored() throws {
        let items = #""items": [{"name": "v", "center": [10, 20]}]"#
        XCTAssertEqual(try decode(#"{"$schema": "dynsim.schema.json", \#(items)}"#), try decode(#"{\#(items)}"#))
    }

    /// A printed scene writes repeatCount 0; giving repeatDuration beside it is not "both".
    func testRepeatCountZeroBesideRepeatDuration() throws {
        let layer = #""layers": [{"name": "l"}]"#
        let scene = try decode(
            #"{\#(layer), "animations": [{"layer": "l", "keyPath": "opacity", "toValue": 0, "repeatCount": 0, "repeatDuration": 2}]}"#
        )
        XCTAssertEqual(scene.animations[0].animation.effectiveTiming.repeatDuration, 2)
    }

    /// Swapped letters count as one edit; a missing `type` or `call` written with a typo says so; a layer's names and a
    /// view's names for one thing point at each other; timing fields written beside `set` say to put them inside.
    func testMoreHints() {
        XCTAssertTrue(
            message(#"{"items": [{"name": "v", "center": [0, 0]}], "behaviors": [{"tpye": "gravity"}]}"#)
                .contains(#"(did you mean "tpye" for "type"?)"#))
        XCTAssertTrue(
            message(
                #"{"layers": [{"name": "l"}], "animators": [{"name": "a", "layer": "l", "script": [{"t": 0, "cal": "startAnimation"}]}]}"#
            )
            .contains(#"(did you mean "cal" for "call"?)"#))
        XCTAssertTrue(message(#"{"items": [{"nmae": "v", "center": [0, 0]}]}"#).contains(#"did you mean "name"?"#))
        XCTAssertTrue(
            message(#"{"views": [{"name": "v", "frame": [0, 0, 1, 1], "opacity": 0.5}]}"#).contains(
                #"a view's is "alpha""#))
        XCTAssertTrue(message(#"{"layers": [{"name": "l", "alpha": 0.5}]}"#).contains(#"a layer's is "opacity""#))
        XCTAssertTrue(
            message(#"{"layers": [{"name": "l"}], "layerTiming": [{"t": 1, "layer": "l", "speed": 0}]}"#)
                .contains(#""speed" belongs inside "set""#))
    }

    /// A gravity behavior naming an attachment's anchor (the default `anchor`, or an explicit name) after that
    /// attachment crashed the run (a force unwrap in SceneRun.buildWorld); every behavior now checks its items against
    /// the scene's items alone, as push, collision, field, snap and addVelocity already did.
    func testAGravityNamingAnAnchorIsNoSuchItem() {
        let attachment = #"{"type": "attachment", "item": "a", "anchorPoint": [0, 0]}"#
        let named = #"{"type": "attachment", "item": "a", "anchorPoint": [0, 0], "name": "finger"}"#
        for (before, reference) in [(attachment, "anchor"), (named, "finger")] {
            let json =
                #"{"items": [{"name": "a", "center": [0, 100]}], "behaviors": [\#(before), {"type": "gravity", "items": ["\#(reference)"]}]}"#
            XCTAssertEqual(message(json), "scene.json: behaviors[1].items[0]: no such item, got \"\(reference)\"")
        }
    }
}
