import Foundation
import XCTest

extension CLITests {
    /// The issue's double pendulum (densities 1 and 1e4) in `precise` is refused at load, naming the ratio and the
    /// documented limit (World.maxPreciseRigidMassRatio, 100); at ratio 100 and in `uikit` it runs.
    func testPreciseRefusesRigidLinksBeyondTheMassRatioLimit() throws {
        let dir = try temporaryDirectory()
        func scene(_ upper: Double, _ lower: Double) -> String {
            """
            {"duration": 1, "items": [{"name": "upper", "center": [267.5, 200], "size": [40, 40], "density": \(upper)},
              {"name": "lower", "center": [347.5, 200], "size": [40, 40], "density": \(lower)}],
             "behaviors": [{"type": "gravity"}, {"type": "attachment", "item": "upper", "anchorPoint": [187.5, 200]},
               {"type": "attachment", "item": "lower", "attachedTo": "upper"}]}
            """
        }
        let heavy = dir.appendingPathComponent("heavy.json"), limit = dir.appendingPathComponent("limit.json")
        try scene(1, 1e4).write(to: heavy, atomically: true, encoding: .utf8)
        try scene(1, 100).write(to: limit, atomically: true, encoding: .utf8)
        let refused = try dynsim(["run", heavy.path, "--profile", "precise"])
        XCTAssertEqual(refused.status, 65, refused.stderr)
        XCTAssertEqual(refused.stdout, "")
        XCTAssertTrue(
            refused.stderr.hasPrefix("dynsim: error: \(heavy.path): behaviors[2]: the precise profile"), refused.stderr)
        XCTAssertTrue(refused.stderr.contains("at most 100x"), refused.stderr)
        XCTAssertTrue(refused.stderr.contains("a ratio of 10000\n"), refused.stderr)
        XCTAssertEqual(try dynsim(["run", heavy.path, "--profile", "uikit"]).status, 0)
        let admitted = try dynsim(["run", limit.path, "--profile", "precise"])
        XCTAssertEqual(admitted.status, 0, admitted.stderr)
        // The limit holds for a group of joined items: links of 1, 100 and 10,000 (each joint 100x) are refused.
        let chain = dir.appendingPathComponent("chain.json")
        try
            #"{"duration": 1, "profile": "precise", "items": [{"name": "l0", "center": [267.5, 200], "size": [20, 20], "density": 1}, {"name": "l1", "center": [347.5, 200], "size": [20, 20], "density": 100}, {"name": "l2", "center": [427.5, 200], "size": [20, 20], "density": 10000}], "behaviors": [{"type": "gravity"}, {"type": "attachment", "item": "l0", "anchorPoint": [187.5, 200]}, {"type": "attachment", "item": "l1", "attachedTo": "l0"}, {"type": "attachment", "item": "l2", "attachedTo": "l1"}]}"#
            .write(to: chain, atomically: true, encoding: .utf8)
        let group = try dynsim(["run", chain.path])
        XCTAssertEqual(group.status, 65, group.stderr)
        XCTAssertTrue(
            group.stderr.contains("behaviors[3]") && group.stderr.contains("a ratio of 10000\n"), group.stderr)
        // Densities 3 and 300 on 33 pt items: 100 up to rounding (100.00000000000001) counts as at the limit.
        let rounded = dir.appendingPathComponent("rounded.json")
        try scene(3, 300).replacingOccurrences(of: "[40, 40]", with: "[33, 33]").write(
            to: rounded, atomically: true, encoding: .utf8)
        let atLimit = try dynsim(["run", rounded.path, "--profile", "precise"])
        XCTAssertEqual(atLimit.status, 0, atLimit.stderr)
    }
}
