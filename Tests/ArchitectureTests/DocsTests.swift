import Foundation
import XCTest
import Dynamics
import IO
@testable import Scenes

/// docs/ against the code: every limit docs/limits.md states equals the code's, and the scene-file limits hold at
/// their boundary (accepted at the limit, by validation alone where a run would be long; refused past it, naming the
/// file, the field and the value).
final class DocsTests: XCTestCase {
    static let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../docs")
        .standardized

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
            "duration": Limits.maxDuration, "rate": Limits.maxRate, "subSteps": Double(Limits.maxSubSteps),
            "timeStep": Limits.maxTimeStep, "minTimeStep": Limits.minTimeStep, "subStepBudget": Limits.maxTotalSubSteps,
            "rowBudget": Limits.maxRows, "magnitude": Limits.magnitude, "frequency": Limits.maxFrequency,
            "nameLength": Double(Limits.maxNameLength), "nestingDepth": Double(Limits.maxNestingDepth),
            "fileBytes": Double(Limits.maxFileBytes), "sampleFileBytes": Double(Limits.maxSampleFileBytes),
            "jsonValues": Double(Limits.maxJSONValues), "items": Double(Limits.maxItems),
            "behaviors": Double(Limits.maxBehaviors),
            "collisionBehaviors": Double(Limits.maxCollisionBehaviors), "samples": Double(Limits.maxSamples),
            "layers": Double(Limits.maxLayers), "timeline": Double(Limits.maxAnimations),
            "pathDataBytes": Double(Limits.maxPathDataBytes), "labelBytes": Double(Limits.maxLabelBytes),
            "minItemSize": Limits.minItemSize, "minDensity": Limits.minDensity,
            "blockTime": Limits.maxBlockTime, "minSceneDampingRatio": Limits.minSceneDampingRatio,
            "maxSceneDampingRatio": Limits.maxSceneDampingRatio, "minSpringParameter": Limits.minSpringParameter,
            "sceneCurveY": Limits.maxSceneCurveY,
            "ellipseVertices": Double(World.maxEllipseVertices),
            "candidatePairs": Double(World.maxCandidatePairs), "contacts": Double(World.maxContacts),
            "preciseRigidMassRatio": World.maxPreciseRigidMassRatio,
        ]
        for (name, value) in code { XCTAssertEqual(doc[name], value, "docs/limits.md: \(name)") }
        // The command-line rows are checked by the dynsim tests (CommandLimitsTests, each at its boundary).
        let cli: Set = [
            "curveSamples", "curveAt", "springUntil", "springParameters", "exportSettling", "viewUntil",
            "minNaturalFrequency", "maxNaturalFrequency", "dampingRatio", "minExportError", "maxExportError",
            "linearPoints", "sweepRuns", "bakeValues", "traceValue", "traceFileBytes", "pageSamples", "pageValues",
            "curveControl",
            "curveSteps",
        ]
        XCTAssertEqual(Set(doc.keys), Set(code.keys).union(cli), "rows in docs/limits.md and limits in the code")
    }

    /// docs/physics.md's combination rules against the code: the boundary materials, and a bounce off a boundary
    /// by an item of elasticity 0 (max(0, 0.2) = 0.2).
    func testCombinationRulesInTheDocsHold() throws {
        let text = try String(contentsOf: DocsTests.docs.appendingPathComponent("physics.md"), encoding: .utf8)
        XCTAssertTrue(text.contains("| boundary friction | \(NumberFormat.shortest(World.boundaryFriction))"))
        XCTAssertTrue(text.contains("| boundary elasticity | \(NumberFormat.shortest(World.boundaryRestitution))"))
        XCTAssertTrue(text.contains("√(friction₁ × friction₂)") && text.contains("max(elasticity₁, elasticity₂)"))
    }

    /// The row budget binds where it says: a run that would write more than 1e8 rows is refused naming duration.
    func testRowBudgetIsNamedWhereItBinds() {
        let m = message(
            #"{"duration": 1000000, "timeStep": 1, "rate": 1000, "items": [{"name": "v", "center": [0, 0]}]}"#)
        XCTAssertTrue(m.hasPrefix("scene.json: duration: the run would write"), m)
        XCTAssertTrue(m.contains("more than the limit of 1e8"), m)
    }

    /// The Default column of docs/scene-format.md's row for `field` in the table after `heading`.
    func documentedDefault(_ field: String, after heading: String) throws -> String {
        let text = try String(contentsOf: DocsTests.docs.appendingPathComponent("scene-format.md"), encoding: .utf8)
        let start = try XCTUnwrap(text.range(of: heading))
        let row = try XCTUnwrap(text[start.upperBound...].split(separator: "\n").first { $0.hasPrefix("| `\(field)`") })
        return row.split(separator: "|")[2].trimmingCharacters(in: .whitespaces)
    }

    /// The defaults the reference states for a scene and an item equal the decoder's (a scene of one item with only
    /// its center).
    func testDocumentedDefaultsEqualTheDecoders() throws {
        let scene = try decode(#"{"items": [{"center": [0, 0]}]}"#)
        let top = "**Scene (top level).**", items = "**Item**"
        XCTAssertEqual(try documentedDefault("profile", after: top), "`\(scene.profile.rawValue)`")
        XCTAssertEqual(try documentedDefault("timeStep", after: top), "1/60")
        XCTAssertEqual(scene.timeStep, 1.0 / 60)
        XCTAssertEqual(
            try documentedDefault("subSteps", after: top),
            "\(SolverProfile.uikit.defaultSubSteps) (`uikit`), \(SolverProfile.precise.defaultSubSteps) (`precise`)")
        XCTAssertEqual(try documentedDefault("duration", after: top), NumberFormat.shortest(scene.duration))
        XCTAssertEqual(try documentedDefault("rate", after: top), NumberFormat.shortest(scene.rate))
        XCTAssertEqual(
            try documentedDefault("bounds", after: top),
            [scene.bounds.x, scene.bounds.y, scene.bounds.width, scene.bounds.height].map(NumberFormat.shortest).joined(
                separator: ", "))
        XCTAssertEqual(try documentedDefault("name", after: items), "`item<index>`")
        XCTAssertEqual(scene.items[0].name, "item0")
        // The item table's other defaults are generated from the field table (FieldTableTests).
    }

    /// The declared default (docs text) of a field that the decoder's rules fill, from the generated docs table.
    func declaredDefault(_ kind: String, _ field: String) throws -> String {
        let table = try XCTUnwrap(FieldTables.markdown.first { $0.kind == kind }?.table, kind)
        let row = try XCTUnwrap(
            table.split(separator: "\n").first { $0.hasPrefix("| `\(field)` |") }, "\(kind).\(field)")
        return row.split(separator: "|", omittingEmptySubsequences: false)[3].trimmingCharacters(in: .whitespaces)
    }

    /// The behaviors' defaults that rules between fields fill (not a field table's key path) equal what the tables
    /// declare: gravity's direction, push's direction and end, the first anchor's name, a field's falloff and seed.
    func testDocumentedBehaviorDefaultsEqualTheDecoders() throws {
        let scene = try decode(
            #"""
            {"items": [{"name": "v", "center": [0, 0]}], "behaviors": [
              {"type": "gravity"}, {"type": "attachment", "item": "v", "anchorPoint": [0, -100]},
              {"type": "push", "items": ["v"]}, {"type": "field", "kind": "vortex", "items": ["v"]}]}
            """#)
        guard case .gravity(let g) = scene.behaviors[0], case .attachment(let a) = scene.behaviors[1],
            case .push(let p) = scene.behaviors[2], case .field(let f) = scene.behaviors[3]
        else { return XCTFail("behaviors") }
        func vec(_ v: Vector2) -> String { "\(NumberFormat.shortest(v.x)), \(NumberFormat.shortest(v.y))" }
        XCTAssertEqual(try declaredDefault("gravity", "gravityDirection"), vec(g.gravityDirection))
        XCTAssertEqual(try declaredDefault("push", "pushDirection"), vec(p.pushDirection))
        XCTAssertNil(p.endTime)
        XCTAssertEqual(try declaredDefault("push", "endTime"), "never")
        XCTAssertTrue(try declaredDefault("attachment", "name").hasPrefix("`\(a.name ?? "")`"))
        XCTAssertEqual(f.field.falloff, f.field.kind.defaultFalloff)
        XCTAssertEqual(try declaredDefault("field", "falloff"), "the kind's")
        XCTAssertEqual(try declaredDefault("field", "seed"), NumberFormat.shortest(Double(f.field.seed)))
    }

    /// The animation, property animator and block defaults the reference states equal the decoder's.
    func testDocumentedTimelineDefaultsEqualTheDecoders() throws {
        let scene = try decode(
            #"""
            {"views": [{"name": "root", "frame": [0, 0, 10, 10]}], "layers": [{"name": "l"}],
             "animations": [{"layer": "l", "keyPath": "opacity", "toValue": 0}],
             "animators": [{"name": "a", "layer": "l", "animations": [{"keyPath": "opacity", "toValue": 0}]}],
             "blocks": [{"name": "b", "duration": 1, "keyframes": [{"changes": [{"view": "root", "property": "alpha", "value": 0.5}]}]},
                        {"name": "s", "t": 1, "duration": 1, "spring": {"dampingRatio": 0.5},
                         "changes": [{"view": "root", "property": "alpha", "value": 0.5}]}]}
            """#)
        guard case .basic(let b) = scene.animations[0].animation else { return XCTFail("a basic animation by default") }
        let t = b.timing, animation = "**Animation**", animator = "**Property animator**", block = "**Block**"
        XCTAssertEqual(try documentedDefault("type", after: animation), "`basic`")
        XCTAssertEqual(scene.animations[0].key, "animation0")
        for (field, value) in [
            ("beginTime", t.beginTime), ("duration", t.duration), ("speed", t.speed), ("timeOffset", t.timeOffset),
            ("repeatCount", t.repeatCount), ("repeatDuration", t.repeatDuration),
        ] {
            XCTAssertEqual(try documentedDefault(field, after: animation), NumberFormat.shortest(value), field)
        }
        XCTAssertEqual(try documentedDefault("autoreverses", after: animation), "\(t.autoreverses)")
        XCTAssertEqual(try documentedDefault("fillMode", after: animation), "`\(t.fillMode.rawValue)`")
        XCTAssertEqual(try documentedDefault("isRemovedOnCompletion", after: animation), "\(t.isRemovedOnCompletion)")
        XCTAssertEqual(try documentedDefault("timingFunction", after: animation), "`linear`")
        XCTAssertEqual(b.timingFunction, .linear)
        let a = scene.animators[0]
        XCTAssertEqual(try documentedDefault("duration", after: animator), NumberFormat.shortest(a.animator.duration))
        XCTAssertEqual(try documentedDefault("timing", after: animator), "`easeInEaseOut`")
        XCTAssertEqual(a.animator.timing, .curve(.easeInEaseOut))
        XCTAssertEqual(try documentedDefault("scrubsLinearly", after: animator), "\(a.animator.scrubsLinearly)")
        XCTAssertEqual(try documentedDefault("pausesOnCompletion", after: animator), "\(a.animator.pausesOnCompletion)")
        XCTAssertEqual(try documentedDefault("isInterruptible", after: animator), "\(a.animator.isInterruptible)")
        XCTAssertEqual(a.animations[0].delayFactor, 0)
        let bl = scene.blocks[0]
        XCTAssertEqual(try documentedDefault("t", after: block), "0")
        XCTAssertEqual(bl.start, .time(0))
        XCTAssertEqual(try documentedDefault("delay", after: block), NumberFormat.shortest(bl.animation.delay))
        XCTAssertEqual(bl.animation.options, [])
        XCTAssertEqual(scene.blocks[1].animation.spring?.initialSpringVelocity, 0)
        XCTAssertEqual(try documentedDefault("relativeStartTime", after: block), "0")
        XCTAssertEqual(try documentedDefault("relativeDuration", after: block), "1 − relativeStartTime")
        XCTAssertEqual(bl.keyframes[0].relativeStartTime, 0)
        XCTAssertEqual(bl.keyframes[0].relativeDuration, 1)
    }

    /// The drag's and the pan action's defaults, as their tables declare them, equal the decoder's.
    func testDocumentedDragAndGestureDefaultsEqualTheDecoders() throws {
        let scene = try decode(
            #"""
            {"views": [{"name": "root", "frame": [0, 0, 100, 100]}], "layers": [{"name": "l"}],
             "animators": [{"name": "a", "layer": "root"}],
             "gestures": [{"name": "g", "type": "pan", "view": "root", "touches": [[0, 1, 1], [1, 2, 2]], "action": {"scrub": "a", "distance": 10}}]}
            """#)
        guard case let .scrub(_, _, release, timing, factor) = scene.gestures[0].action else {
            return XCTFail("a scrub")
        }
        XCTAssertEqual(try declaredDefault("panAction", "release"), "`\(release.rawValue)`")
        XCTAssertEqual(try declaredDefault("panAction", "durationFactor"), NumberFormat.shortest(factor))
        XCTAssertEqual(try declaredDefault("panAction", "timing"), "the animator's own")
        XCTAssertNil(timing, "the animator's own")
        let drag = try decode(
            #"{"items": [{"name": "v", "center": [0, 0]}], "behaviors": [{"type": "attachment", "item": "v", "drag": {"keyframes": [[0, 0, -100]]}}]}"#
        )
        guard case .attachment(let a) = drag.behaviors[0] else { return XCTFail("an attachment") }
        XCTAssertEqual(try declaredDefault("drag", "interpolation"), "`\(a.drag!.interpolation.rawValue)`")
        XCTAssertEqual(
            AnchorPath.Interpolation.allCases.map(\.rawValue), ["linear", "catmullRom", "minimumJerk"],
            "the page lists them all")
    }

    func message(_ json: String) -> String {
        do { _ = try decode(json); return "" } catch { return "\(error)" }
    }

    /// Each scene-file limit at its boundary: at it accepted, past it refused with file, field and value.
    func testSceneLimitsAtTheirBoundary() throws {
        let item = #""items": [{"name": "v", "center": [0, 0]}]"#
        // duration, rate, subSteps, timeStep (the run's budgets kept small around them).
        XCTAssertEqual(message(#"{"duration": 1000000, "timeStep": 1, "rate": 1e-6, \#(item)}"#), "")
        XCTAssertEqual(
            message(#"{"duration": 1000001, "timeStep": 1, "rate": 1e-6, \#(item)}"#),
            "scene.json: duration: must be from 0 to 1e6 s, got 1000001")
        XCTAssertEqual(message(#"{"rate": 100000, "duration": 0, \#(item)}"#), "")
        XCTAssertEqual(
            message(#"{"rate": 100001, "duration": 0, \#(item)}"#),
            "scene.json: rate: must be positive and at most 100000 Hz, got 100001")
        XCTAssertEqual(message(#"{"subSteps": 1000, "duration": 1, \#(item)}"#), "")
        XCTAssertEqual(
            message(#"{"subSteps": 1001, \#(item)}"#), "scene.json: subSteps: must be from 1 to 1000, got 1001")
        XCTAssertEqual(message(#"{"timeStep": 1, \#(item)}"#), "")
        XCTAssertEqual(
            message(#"{"timeStep": 1.5, \#(item)}"#), "scene.json: timeStep: must be from 1e-6 to 1 s, got 1.5")
        XCTAssertEqual(message(#"{"timeStep": 1e-6, "duration": 1, "subSteps": 1, "rate": 1, \#(item)}"#), "")
        XCTAssertEqual(
            message(#"{"timeStep": 9e-7, \#(item)}"#), "scene.json: timeStep: must be from 1e-6 to 1 s, got 9e-7")
        // The sub-step budget binds at 1e8: 1e6 frames of 2 sub-steps at 1/60 s is 16,667 s.
        XCTAssertTrue(message(#"{"duration": 1000000, \#(item)}"#).hasPrefix("scene.json: duration: "))
        XCTAssertTrue(message(#"{"duration": 1000000, \#(item)}"#).contains("1e8"))
        // frequency.
        let attach = #""behaviors": [{"type": "attachment", "item": "v", "anchorPoint": [0, -50], "frequency": F}]"#
        XCTAssertEqual(message("{\(item), \(attach.replacingOccurrences(of: "F", with: "1000"))}"), "")
        XCTAssertEqual(
            message("{\(item), \(attach.replacingOccurrences(of: "F", with: "1000.5"))}"),
            "scene.json: behaviors[0].frequency: must be from 0 to 1000 Hz, got 1000.5")
        // Names: 64 ASCII characters; 65, or é, refused.
        let n64 = String(repeating: "a", count: 64)
        XCTAssertEqual(message(#"{"items": [{"name": "\#(n64)", "center": [0, 0]}]}"#), "")
        XCTAssertTrue(
            message(#"{"items": [{"name": "\#(n64)b", "center": [0, 0]}]}"#)
                .hasPrefix("scene.json: items[0].name: must be 1 to 64 ASCII letters, digits, '_' or '-', got"))
        XCTAssertEqual(
            message(#"{"items": [{"name": "é", "center": [0, 0]}]}"#),
            "scene.json: items[0].name: must be 1 to 64 ASCII letters, digits, '_' or '-', got \"é\"")
        // Nesting depth.
        let deep = { (n: Int) in
            #"{"description": "x", "columns": null, "x": "# + String(repeating: "[", count: n)
                + String(repeating: "]", count: n) + "}"
        }
        XCTAssertFalse(message(deep(510)).contains("nesting"), "510 levels inside the top object parse")
        XCTAssertTrue(message(deep(512)).contains("nesting deeper than 512 levels"))
        // magnitude.
        XCTAssertEqual(message(#"{"items": [{"name": "v", "center": [1e9, 0]}]}"#), "")
        XCTAssertTrue(
            message(#"{"items": [{"name": "v", "center": [1.1e9, 0]}]}"#).hasPrefix("scene.json: items[0].center"))
    }
}

/// Every field the decoder accepts is named in docs/scene-format.md. The fields come from the decoder itself: a
/// scene with an unknown field `zzz` in each kind of object is refused with the list of the fields that object takes.
final class SceneFieldDocsTests: XCTestCase {
    /// A scene with `zzz` in one kind of object (`ZZZ` marks where).
    static let contexts: [(String, String)] = [
        ("top level", #"{"zzz": 1, "items": []}"#),
        ("bounds", #"{"bounds": {"zzz": 1}}"#),
        ("item", #"{"items": [{"zzz": 1}]}"#),
        ("gravity", #"{"items": [{"name": "v", "center": [0, 0]}], "behaviors": [{"type": "gravity", "zzz": 1}]}"#),
        (
            "attachment",
            #"{"items": [{"name": "v", "center": [0, 0]}], "behaviors": [{"type": "attachment", "zzz": 1}]}"#
        ),
        ("push", #"{"items": [{"name": "v", "center": [0, 0]}], "behaviors": [{"type": "push", "zzz": 1}]}"#),
        ("snap", #"{"items": [{"name": "v", "center": [0, 0]}], "behaviors": [{"type": "snap", "zzz": 1}]}"#),
        ("collision", #"{"items": [{"name": "v", "center": [0, 0]}], "behaviors": [{"type": "collision", "zzz": 1}]}"#),
        (
            "boundary",
            #"{"items": [{"name": "v", "center": [0, 0]}], "behaviors": [{"type": "collision", "items": ["v"], "boundaries": [{"zzz": 1}]}]}"#
        ),
        ("field", #"{"items": [{"name": "v", "center": [0, 0]}], "behaviors": [{"type": "field", "zzz": 1}]}"#),
        (
            "region",
            #"{"items": [{"name": "v", "center": [0, 0]}], "behaviors": [{"type": "field", "kind": "radialGravity", "items": ["v"], "region": {"zzz": 1}}]}"#
        ),
        (
            "addVelocity",
            #"{"items": [{"name": "v", "center": [0, 0]}], "behaviors": [{"type": "addVelocity", "zzz": 1}]}"#
        ),
        (
            "drag",
            #"{"items": [{"name": "v", "center": [0, 0]}], "behaviors": [{"type": "attachment", "item": "v", "drag": {"zzz": 1}}]}"#
        ),
        ("view", #"{"views": [{"zzz": 1}]}"#),
        ("transform", #"{"layers": [{"name": "l", "transform": {"zzz": 1}}]}"#),
        ("basic", #"{"layers": [{"name": "l"}], "animations": [{"layer": "l", "zzz": 1}]}"#),
        ("spring", #"{"layers": [{"name": "l"}], "animations": [{"layer": "l", "type": "spring", "zzz": 1}]}"#),
        ("keyframe", #"{"layers": [{"name": "l"}], "animations": [{"layer": "l", "type": "keyframe", "zzz": 1}]}"#),
        ("group", #"{"layers": [{"name": "l"}], "animations": [{"layer": "l", "type": "group", "zzz": 1}]}"#),
        ("transition", #"{"layers": [{"name": "l"}], "animations": [{"layer": "l", "type": "transition", "zzz": 1}]}"#),
        ("animator", #"{"layers": [{"name": "l"}], "animators": [{"zzz": 1}]}"#),
        (
            "animator timing",
            #"{"layers": [{"name": "l"}], "animators": [{"name": "a", "layer": "l", "timing": {"zzz": 1}}]}"#
        ),
        (
            "animator change",
            #"{"layers": [{"name": "l"}], "animators": [{"name": "a", "layer": "l", "animations": [{"zzz": 1}]}]}"#
        ),
        ("block", #"{"views": [{"name": "v", "frame": [0, 0, 1, 1]}], "blocks": [{"zzz": 1}]}"#),
        (
            "block spring",
            #"{"views": [{"name": "v", "frame": [0, 0, 1, 1]}], "blocks": [{"name": "b", "duration": 1, "spring": {"zzz": 1}}]}"#
        ),
        (
            "block keyframe",
            #"{"views": [{"name": "v", "frame": [0, 0, 1, 1]}], "blocks": [{"name": "b", "duration": 1, "keyframes": [{"zzz": 1}]}]}"#
        ),
        (
            "change",
            #"{"views": [{"name": "v", "frame": [0, 0, 1, 1]}], "blocks": [{"name": "b", "duration": 1, "changes": [{"zzz": 1}]}]}"#
        ),
        ("gesture", #"{"views": [{"name": "v", "frame": [0, 0, 1, 1]}], "gestures": [{"zzz": 1}]}"#),
        (
            "tap action",
            #"{"views": [{"name": "v", "frame": [0, 0, 1, 1]}], "gestures": [{"name": "g", "type": "tap", "view": "v", "touches": [[0, 0, 0]], "action": {"zzz": 1}}]}"#
        ),
        (
            "pan action",
            #"{"views": [{"name": "v", "frame": [0, 0, 1, 1]}], "gestures": [{"name": "g", "type": "pan", "view": "v", "touches": [[0, 0, 0], [1, 1, 1]], "action": {"zzz": 1}}]}"#
        ),
        ("layerTiming", #"{"layers": [{"name": "l"}], "layerTiming": [{"zzz": 1}]}"#),
    ]

    /// The fields the decoder lists for an unknown field in that object.
    static func fields(_ json: String) -> [String]? {
        do {
            _ = try SceneDecoder(fileName: "s.json") { _ in [] }.decode(Array(json.utf8))
        } catch {
            let text = "\(error)"
            guard let open = text.range(of: "expected one of: "),
                let close = text.range(of: "), got", range: open.upperBound..<text.endIndex)
            else { return nil }
            return text[open.upperBound..<close.lowerBound].components(separatedBy: ", ")
        }
        return nil
    }

    func testEveryFieldTheDecoderAcceptsIsInTheSceneFormatPage() throws {
        let doc = try String(contentsOf: DocsTests.docs.appendingPathComponent("scene-format.md"), encoding: .utf8)
        var missing: [String] = []
        var total = 0
        for (context, json) in SceneFieldDocsTests.contexts {
            guard let fields = SceneFieldDocsTests.fields(json) else {
                XCTFail("\(context): no field list in the error"); continue
            }
            total += fields.count
            for field in fields where !doc.contains("`\(field)`") { missing.append("\(context).\(field)") }
        }
        // The layers' own fields are the layer property table's (LayerPropertyTests checks those), plus these.
        for field in ["superlayer", "text", "textColor", "beginTime", "speed", "timeOffset"]
        where !doc.contains("`\(field)`") {
            missing.append("layer.\(field)")
        }
        XCTAssertGreaterThan(total, 200, "the contexts reached the decoder's field lists")
        XCTAssertEqual(missing, [], "fields the decoder accepts that docs/scene-format.md does not name")
    }
}
