import Foundation
import XCTest
import Dynamics
@testable import Scenes

/// docs/ against the code: every limit docs/limits.md states equals the code's, and the scene-file limits hold at
/// their boundary (accepted at the limit, by validation alone where a run would be long; refused past it, naming the
/// file, the field and the value).
final class DocsTests: XCTestCase {
    static let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../docs").standardized

    /// The limits table: name → value.
    static func limits() throws -> [String: Double] {
        let text = try String(contentsOf: docs.appendingPathComponent("limits.md"), encoding: .utf8)
        var out: [String: Double] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 2, let value = Double(cells[1]) else { continue }
            out[cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))] = value
        }
        return out
    }

    func testEveryLimitInTheDocsEqualsTheCode() throws {
        let doc = try DocsTests.limits()
        let code: [String: Double] = [
            "duration": SceneDecoder.maxDuration, "rate": SceneDecoder.maxRate, "subSteps": Double(SceneDecoder.maxSubSteps),
            "timeStep": Limits.maxTimeStep, "minTimeStep": Limits.minTimeStep, "subStepBudget": Limits.maxTotalSubSteps,
            "rowBudget": Limits.maxRows, "magnitude": Limits.magnitude, "frequency": Limits.maxFrequency,
            "nameLength": Double(Limits.maxNameLength), "nestingDepth": Double(Limits.maxNestingDepth),
            "fileBytes": Double(Limits.maxFileBytes), "sampleFileBytes": Double(Limits.maxSampleFileBytes),
            "jsonValues": Double(Limits.maxJSONValues), "items": Double(Limits.maxItems), "behaviors": Double(Limits.maxBehaviors),
            "collisionBehaviors": Double(Limits.maxCollisionBehaviors), "samples": Double(Limits.maxSamples),
            "layers": Double(Limits.maxLayers), "timeline": Double(Limits.maxAnimations), "pathDataBytes": Double(Limits.maxPathDataBytes),
            "minItemSize": Limits.minItemSize, "minDensity": Limits.minDensity, "ellipseVertices": Double(World.maxEllipseVertices),
            "candidatePairs": Double(World.maxCandidatePairs), "contacts": Double(World.maxContacts),
            "preciseRigidMassRatio": World.maxPreciseRigidMassRatio,
        ]
        for (name, value) in code { XCTAssertEqual(doc[name], value, "docs/limits.md: \(name)") }
        // The command-line rows are checked by the dynsim tests (ParsingTests.testCommandLineLimitsFromTheDocs).
        let cli: Set = ["curveSamples", "curveAt", "springUntil", "springParameters"]
        XCTAssertEqual(Set(doc.keys), Set(code.keys).union(cli), "rows in docs/limits.md and limits in the code")
    }

    func message(_ json: String) -> String {
        do { _ = try decode(json); return "" } catch { return "\(error)" }
    }

    /// Each scene-file limit at its boundary: at it accepted, past it refused with file, field and value.
    func testSceneLimitsAtTheirBoundary() throws {
        let item = #""items": [{"name": "v", "center": [0, 0]}]"#
        // duration, rate, subSteps, timeStep (the run's budgets kept small around them).
        XCTAssertEqual(message(#"{"duration": 1000000, "timeStep": 1, "rate": 1e-6, \#(item)}"#), "")
        XCTAssertEqual(message(#"{"duration": 1000001, "timeStep": 1, "rate": 1e-6, \#(item)}"#),
                       "scene.json: duration: must be from 0 to 1000000 s, got 1000001")
        XCTAssertEqual(message(#"{"rate": 100000, "duration": 0, \#(item)}"#), "")
        XCTAssertEqual(message(#"{"rate": 100001, "duration": 0, \#(item)}"#),
                       "scene.json: rate: must be positive and at most 100000 Hz, got 100001")
        XCTAssertEqual(message(#"{"subSteps": 1000, "duration": 1, \#(item)}"#), "")
        XCTAssertEqual(message(#"{"subSteps": 1001, \#(item)}"#), "scene.json: subSteps: must be from 1 to 1000, got 1001")
        XCTAssertEqual(message(#"{"timeStep": 1, \#(item)}"#), "")
        XCTAssertEqual(message(#"{"timeStep": 1.5, \#(item)}"#), "scene.json: timeStep: must be from 1e-6 to 1 s, got 1.5")
        XCTAssertEqual(message(#"{"timeStep": 1e-6, "duration": 1, "subSteps": 1, "rate": 1, \#(item)}"#), "")
        XCTAssertEqual(message(#"{"timeStep": 9e-7, \#(item)}"#), "scene.json: timeStep: must be from 1e-6 to 1 s, got 9e-7")
        // The sub-step budget binds at 1e8: 1e6 frames of 2 sub-steps at 1/60 s is 16,667 s.
        XCTAssertTrue(message(#"{"duration": 1000000, \#(item)}"#).hasPrefix("scene.json: duration: "))
        XCTAssertTrue(message(#"{"duration": 1000000, \#(item)}"#).contains("1e8"))
        // frequency.
        let attach = #""behaviors": [{"type": "attachment", "item": "v", "anchorPoint": [0, -50], "frequency": F}]"#
        XCTAssertEqual(message("{\(item), \(attach.replacingOccurrences(of: "F", with: "1000"))}"), "")
        XCTAssertEqual(message("{\(item), \(attach.replacingOccurrences(of: "F", with: "1000.5"))}"),
                       "scene.json: behaviors[0].frequency: must be from 0 to 1000 Hz, got 1000.5")
        // Names: 64 ASCII characters; 65, or é, refused.
        let n64 = String(repeating: "a", count: 64)
        XCTAssertEqual(message(#"{"items": [{"name": "\#(n64)", "center": [0, 0]}]}"#), "")
        XCTAssertTrue(message(#"{"items": [{"name": "\#(n64)b", "center": [0, 0]}]}"#)
            .hasPrefix("scene.json: items[0].name: must be 1 to 64 ASCII letters, digits, '_' or '-', got"))
        XCTAssertEqual(message(#"{"items": [{"name": "é", "center": [0, 0]}]}"#),
                       "scene.json: items[0].name: must be 1 to 64 ASCII letters, digits, '_' or '-', got \"é\"")
        // Nesting depth.
        let deep = { (n: Int) in #"{"description": "x", "columns": null, "x": "# + String(repeating: "[", count: n) + String(repeating: "]", count: n) + "}" }
        XCTAssertFalse(message(deep(510)).contains("nesting"), "510 levels inside the top object parse")
        XCTAssertTrue(message(deep(512)).contains("nesting deeper than 512 levels"))
        // magnitude.
        XCTAssertEqual(message(#"{"items": [{"name": "v", "center": [1e9, 0]}]}"#), "")
        XCTAssertTrue(message(#"{"items": [{"name": "v", "center": [1.1e9, 0]}]}"#).hasPrefix("scene.json: items[0].center"))
    }
}
