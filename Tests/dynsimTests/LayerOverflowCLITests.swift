import Foundation
import XCTest

/// Nested layers whose scales multiply past a Double are bad data: `run` and `view` exit 65 naming the layer, write no
/// file, and never print inf or NaN (they exited 1, "simulation diverged", before).
final class LayerOverflowCLITests: XCTestCase, CLIRunner {
    func testNestedScalesPastADoubleExit65NamingTheLayer() throws {
        let dir = try temporaryDirectory()
        func nested(animated: Bool) -> String {
            let layers = (0..<40).map { k in
                let superlayer = k == 0 ? "" : #", "superlayer": "l\#(k - 1)""#
                let scale = animated ? "" : #", "transform.scale.x": 1e9"#
                return #"{"name": "l\#(k)"\#(superlayer), "position": [5, 5]\#(scale)}"#
            }
            let animations = (0..<40).map {
                #"{"layer": "l\#($0)", "keyPath": "transform.scale.x", "toValue": 1e9, "duration": 0.05}"#
            }
            return
                #"{"duration": 0.1, "layers": [\#(layers.joined(separator: ", "))], "animations": [\#(animated ? animations.joined(separator: ", ") : "")]}"#
        }
        let cases = [
            (false, #"layers[34]: its place on the screen passes a Double at t = 0 s: its scale of 1e9"#),
            (true, #"layers[36]: its place on the screen passes a Double at t = 0.016666666666666666 s"#),
        ]
        for (animated, expected) in cases {
            let scene = dir.appendingPathComponent("nested.json"), rows = dir.appendingPathComponent("rows.csv")
            try nested(animated: animated).write(to: scene, atomically: true, encoding: .utf8)
            for args in [["run", scene.path, "--output", rows.path], ["view", scene.path, "--output", rows.path]] {
                let r = try dynsim(args)
                XCTAssertEqual(r.status, 65, "\(args[0]): \(r.stderr)")
                XCTAssertTrue(r.stderr.hasPrefix("dynsim: error: \(scene.path): \(expected)"), r.stderr)
                XCTAssertTrue(
                    r.stderr.hasSuffix("use smaller scales or fewer nested layers, got \"l\(animated ? 36 : 34)\"\n"),
                    r.stderr)
                XCTAssertFalse(FileManager.default.fileExists(atPath: rows.path), "\(args[0]) wrote its output")
            }
            // Without --output, nothing that is not finite reaches stdout.
            let r = try dynsim(["run", scene.path])
            XCTAssertEqual(r.status, 65, r.stderr)
            XCTAssertFalse(r.stdout.contains("inf") || r.stdout.contains("nan"), "inf or nan in the rows")
            XCTAssertEqual(r.stdout.isEmpty, !animated, "rows before the overflow only when an animation makes it")
        }
    }
}
