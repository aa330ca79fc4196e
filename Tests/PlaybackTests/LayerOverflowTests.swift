import Foundation
import XCTest
import Playback
@testable import Scenes

/// Nested layers whose scales multiply past a Double: a bad-data error naming the layer whose placement first
/// overflows (exit 65 from the CLI), before any row when the model values do it, at the row when an animation does;
/// never inf or NaN in a row.
final class LayerOverflowTests: XCTestCase {
    /// `count` layers, each the previous one's sublayer, with `extra` members each; `animations` after them.
    func nested(_ count: Int, _ extra: String, animations: String = "[]") -> String {
        let layers = (0..<count).map { k in
            let superlayer = k == 0 ? "" : #", "superlayer": "l\#(k - 1)""#
            return #"{"name": "l\#(k)"\#(superlayer), "position": [5, 5]\#(extra)}"#
        }
        return #"{"duration": 0.1, "layers": [\#(layers.joined(separator: ", "))], "animations": \#(animations)}"#
    }

    func testNestedScalesPastADoubleAreRefusedBeforeTheFirstRow() throws {
        let run = SceneRun(scene: try decode(nested(40, #", "transform.scale.x": 1e9"#)))
        XCTAssertEqual(
            run.inputProblems(fileName: "scene.json").map(\.description),
            [
                #"scene.json: layers[34]: its place on the screen passes a Double at t = 0 s: its scale of 1e9 and position [5, 5] under its 34 superlayers' composed scale of 1e306 (scales multiply down the superlayers); use smaller scales or fewer nested layers, got "l34""#
            ])
        // Views say superviews.
        let views = (0..<40).map { k in
            let superview = k == 0 ? "" : #", "superview": "v\#(k - 1)""#
            return #"{"name": "v\#(k)"\#(superview), "center": [5, 5], "size": [1, 1], "scale": 1e9}"#
        }
        let viewRun = SceneRun(scene: try decode(#"{"views": [\#(views.joined(separator: ", "))]}"#))
        XCTAssertEqual(
            viewRun.inputProblems(fileName: "scene.json").first?.description,
            #"scene.json: views[34]: its place on the screen passes a Double at t = 0 s: its scale of 1e9 and position [5, 5] under its 34 superviews' composed scale of 1e306 (scales multiply down the superviews); use smaller scales or fewer nested layers, got "v34""#
        )
        // 30 levels of 1e9 (1e270) stay finite: no problem, and finite rows.
        let within = SceneRun(scene: try decode(nested(30, #", "transform.scale.x": 1e9"#)))
        XCTAssertEqual(within.inputProblems(fileName: "scene.json").map(\.description), [])
        try within.run { row in XCTAssertTrue(row.values.allSatisfy(\.isFinite)) }
    }

    /// Animated scales that grow past a Double stop the run at that row with the bad-data error, not inf or NaN.
    func testAnimatedScalesPastADoubleStopTheRunWithABadDataError() throws {
        let animations =
            "["
            + (0..<40).map {
                #"{"layer": "l\#($0)", "keyPath": "transform.scale.x", "toValue": 1e9, "duration": 0.05}"#
            }
            .joined(separator: ", ") + "]"
        let run = SceneRun(scene: try decode(nested(40, "", animations: animations)))
        XCTAssertEqual(run.inputProblems(fileName: "scene.json").map(\.description), [], "finite at the start")
        var rows = 0
        XCTAssertThrowsError(
            try run.run { row in
                XCTAssertTrue(row.values.allSatisfy(\.isFinite))
                rows += 1
            }
        ) { error in
            let e = error as? SimulationError
            XCTAssertEqual(
                e?.inputError(file: "scene.json")?.description,
                #"scene.json: layers[36]: its place on the screen passes a Double at t = 0.016666666666666666 s: its scale of 3.33e8 and position [5, 5] under its 36 superlayers' composed scale of 6.66e306 (scales multiply down the superlayers); use smaller scales or fewer nested layers, got "l36""#
            )
        }
        XCTAssertEqual(rows, 1, "the row at t = 0 is finite")
    }
}
