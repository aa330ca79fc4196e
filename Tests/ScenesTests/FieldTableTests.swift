import Foundation
import XCTest
import Dynamics
import IO
@testable import Scenes

/// The scene format's field tables, walked: nothing here names a field by hand. For each field of each table, the
/// decoder takes it at its default and at both ends of its range and refuses it just past them (naming the file, the
/// field and the value); a scene with only the required fields encodes each field at its declared default; the JSON
/// Schema states the same range and default; and docs/scene-format.md's committed tables are the generated ones.
final class FieldTableTests: XCTestCase {
    /// A number's JSON text, exactly.
    func text(_ x: Double) -> String { NumberFormat.shortest(x) }

    /// Where each kind sits in a scene: the JSON of a scene holding one object of the kind with `fields` added to its
    /// required ones, and the path of that object.
    static let hosts: [String: (scene: ([String]) -> String, path: String)] = [
        "timing": (
            {
                "{\"layers\": [{\"name\": \"l\"}], \"animations\": [{\"layer\": \"l\", \"keyPath\": \"opacity\"\($0.map { ", " + $0 }.joined())}]}"
            }, "animations[0]"
        ),
        "springAnimation": (
            {
                "{\"layers\": [{\"name\": \"l\"}], \"animations\": [{\"layer\": \"l\", \"type\": \"spring\", \"keyPath\": \"opacity\"\($0.map { ", " + $0 }.joined())}]}"
            }, "animations[0]"
        ),
        "transition": (
            {
                "{\"layers\": [{\"name\": \"l\"}], \"animations\": [{\"layer\": \"l\", \"type\": \"transition\"\($0.map { ", " + $0 }.joined())}]}"
            }, "animations[0]"
        ),
        "view": ({ "{\"views\": [{\($0.joined(separator: ", "))}]}" }, "views[0]"),
        "bounds": ({ "{\"layers\": [{\"name\": \"l\"}], \"bounds\": {\($0.joined(separator: ", "))}}" }, "bounds"),
        "layer": ({ "{\"layers\": [{\"name\": \"l\"\($0.map { ", " + $0 }.joined())}]}" }, "layers[0]"),
        "transform": (
            { "{\"layers\": [{\"name\": \"l\", \"transform\": {\($0.joined(separator: ", "))}}]}" },
            "layers[0].transform"
        ),
        "animator": (
            {
                "{\"layers\": [{\"name\": \"l\"}], \"animators\": [{\"name\": \"a\", \"layer\": \"l\"\($0.map { ", " + $0 }.joined())}]}"
            }, "animators[0]"
        ),
        "animatorChange": (
            {
                "{\"layers\": [{\"name\": \"l\"}], \"animators\": [{\"name\": \"a\", \"layer\": \"l\", \"animations\": [{\($0.joined(separator: ", "))}]}]}"
            }, "animators[0].animations[0]"
        ),
        "animatorSpring": (
            {
                "{\"layers\": [{\"name\": \"l\"}], \"animators\": [{\"name\": \"a\", \"layer\": \"l\", \"timing\": {\($0.joined(separator: ", "))}}]}"
            }, "animators[0].timing"
        ),
        "animatorDampingRatio": (
            {
                "{\"layers\": [{\"name\": \"l\"}], \"animators\": [{\"name\": \"a\", \"layer\": \"l\", \"timing\": {\($0.joined(separator: ", "))}}]}"
            }, "animators[0].timing"
        ),
        "gesture": (
            {
                "{\"views\": [{\"name\": \"v\", \"center\": [0, 0], \"size\": [1, 1]}], \"gestures\": [{\"name\": \"g\", \"type\": \"tap\", \"view\": \"v\", \"touches\": [[0, 1, 1]], \"action\": {\"animate\": {\"duration\": 1, \"changes\": [{\"view\": \"v\", \"property\": \"alpha\", \"value\": 0}]}}\($0.map { ", " + $0 }.joined())}]}"
            }, "gestures[0]"
        ),
        "scrollView": ({ "{\"scrollViews\": [{\($0.joined(separator: ", "))}]}" }, "scrollViews[0]"),
        "throwAction": (
            {
                "{\"views\": [{\"name\": \"v\", \"center\": [0, 0], \"size\": [1, 1]}], \"gestures\": [{\"name\": \"g\", \"type\": \"pan\", \"view\": \"v\", \"touches\": [[0, 1, 1], [1, 2, 2]], \"action\": {\"throw\": \"v\", \"snapPoints\": [[0, 0]]\($0.map { ", " + $0 }.joined())}}]}"
            }, "gestures[0].action"
        ),
        "panAction": (
            {
                "{\"views\": [{\"name\": \"v\", \"center\": [0, 0], \"size\": [1, 1]}], \"animators\": [{\"name\": \"a\", \"layer\": \"v\"}], \"gestures\": [{\"name\": \"g\", \"type\": \"pan\", \"view\": \"v\", \"touches\": [[0, 1, 1], [1, 2, 2]], \"action\": {\"scrub\": \"a\"\($0.map { ", " + $0 }.joined())}}]}"
            }, "gestures[0].action"
        ),
        "drag": (
            {
                "{\"items\": [{\"name\": \"a\", \"center\": [0, 0]}], \"behaviors\": [{\"type\": \"attachment\", \"item\": \"a\", \"drag\": {\"keyframes\": [[0, 0, 0]]\($0.map { ", " + $0 }.joined())}}]}"
            }, "behaviors[0].drag"
        ),
        "animation": (
            {
                "{\"layers\": [{\"name\": \"l\"}], \"animations\": [{\"keyPath\": \"opacity\"\($0.map { ", " + $0 }.joined())}]}"
            },
            "animations[0]"
        ),
        "basicAnimation": (
            {
                "{\"layers\": [{\"name\": \"l\"}], \"animations\": [{\"layer\": \"l\", \"keyPath\": \"opacity\"\($0.map { ", " + $0 }.joined())}]}"
            }, "animations[0]"
        ),
        "keyframeAnimation": (
            {
                "{\"layers\": [{\"name\": \"l\"}], \"animations\": [{\"layer\": \"l\", \"type\": \"keyframe\", \"keyPath\": \"opacity\", \"values\": [0, 1]\($0.map { ", " + $0 }.joined())}]}"
            }, "animations[0]"
        ),
        "groupAnimation": (
            {
                "{\"layers\": [{\"name\": \"l\"}], \"animations\": [{\"layer\": \"l\", \"type\": \"group\", \"animations\": [{\"keyPath\": \"opacity\"}]\($0.map { ", " + $0 }.joined())}]}"
            }, "animations[0]"
        ),
        "change": (
            {
                "{\"views\": [{\"name\": \"v\", \"center\": [0, 0], \"size\": [1, 1]}], \"blocks\": [{\"name\": \"b\", \"duration\": 1, \"changes\": [{\"view\": \"v\", \"property\": \"alpha\", \"value\": 0\($0.map { ", " + $0 }.joined())}]}]}"
            }, "blocks[0].changes[0]"
        ),
        "boundary": (
            {
                "{\"items\": [{\"name\": \"a\", \"center\": [0, 0]}], \"behaviors\": [{\"type\": \"collision\", \"items\": [\"a\"], \"boundaries\": [{\"identifier\": \"w\"\($0.map { ", " + $0 }.joined())}]}]}"
            }, "behaviors[0].boundaries[0]"
        ),
        "region": (
            {
                "{\"items\": [{\"name\": \"a\", \"center\": [0, 0]}], \"behaviors\": [{\"type\": \"field\", \"kind\": \"vortex\", \"items\": [\"a\"], \"region\": {\($0.joined(separator: ", "))}}]}"
            }, "behaviors[0].region"
        ),
        "timingChange": (
            {
                "{\"layers\": [{\"name\": \"l\"}], \"layerTiming\": [{\"layer\": \"l\", \"call\": \"pause\"\($0.map { ", " + $0 }.joined())}]}"
            }, "layerTiming[0]"
        ),
        "block": (
            {
                "{\"views\": [{\"name\": \"v\", \"center\": [0, 0], \"size\": [1, 1]}], \"blocks\": [{\"name\": \"b\", \"changes\": [{\"view\": \"v\", \"property\": \"alpha\", \"value\": 0}]\($0.map { ", " + $0 }.joined())}]}"
            }, "blocks[0]"
        ),
        "blockSpring": (
            {
                "{\"views\": [{\"name\": \"v\", \"center\": [0, 0], \"size\": [1, 1]}], \"blocks\": [{\"name\": \"b\", \"duration\": 1, \"changes\": [{\"view\": \"v\", \"property\": \"alpha\", \"value\": 0}], \"spring\": {\($0.joined(separator: ", "))}}]}"
            }, "blocks[0].spring"
        ),
        "blockKeyframe": (
            {
                "{\"views\": [{\"name\": \"v\", \"center\": [0, 0], \"size\": [1, 1]}], \"blocks\": [{\"name\": \"b\", \"duration\": 1, \"keyframes\": [{\"changes\": [{\"view\": \"v\", \"property\": \"alpha\", \"value\": 0}]\($0.map { ", " + $0 }.joined())}]}]}"
            }, "blocks[0].keyframes[0]"
        ),
        "scene": ({ "{\"items\": [{\"center\": [0, 0]}]\($0.map { ", " + $0 }.joined())}" }, ""),
        "item": ({ "{\"items\": [{\($0.joined(separator: ", "))}]}" }, "items[0]"),
        "snap": (
            {
                "{\"items\": [{\"name\": \"a\", \"center\": [0, 0]}], \"behaviors\": [{\"type\": \"snap\", \"item\": \"a\"\($0.map { ", " + $0 }.joined())}]}"
            }, "behaviors[0]"
        ),
        "addVelocity": (
            {
                "{\"items\": [{\"name\": \"a\", \"center\": [0, 0]}], \"behaviors\": [{\"type\": \"addVelocity\", \"item\": \"a\"\($0.map { ", " + $0 }.joined())}]}"
            }, "behaviors[0]"
        ),
        "gravity": (
            {
                "{\"items\": [{\"name\": \"a\", \"center\": [0, 0]}], \"behaviors\": [{\"type\": \"gravity\"\($0.map { ", " + $0 }.joined())}]}"
            }, "behaviors[0]"
        ),
        "field": (
            {
                "{\"items\": [{\"name\": \"a\", \"center\": [0, 0]}], \"behaviors\": [{\"type\": \"field\", \"items\": [\"a\"]\($0.map { ", " + $0 }.joined())}]}"
            }, "behaviors[0]"
        ),
        "push": (
            {
                "{\"items\": [{\"name\": \"a\", \"center\": [0, 0]}], \"behaviors\": [{\"type\": \"push\", \"items\": [\"a\"]\($0.map { ", " + $0 }.joined())}]}"
            }, "behaviors[0]"
        ),
        "collision": (
            {
                "{\"items\": [{\"name\": \"a\", \"center\": [0, 0]}], \"behaviors\": [{\"type\": \"collision\", \"items\": [\"a\"]\($0.map { ", " + $0 }.joined())}]}"
            }, "behaviors[0]"
        ),
        "attachment": (
            {
                "{\"items\": [{\"name\": \"a\", \"center\": [0, 0]}], \"behaviors\": [{\"type\": \"attachment\", \"item\": \"a\"\($0.map { ", " + $0 }.joined())}]}"
            }, "behaviors[0]"
        ),
    ].merging(callHosts) { $1 }

    /// Each script call's host: an animator whose script is that one call.
    static var callHosts: [String: (scene: ([String]) -> String, path: String)] {
        Dictionary(
            uniqueKeysWithValues: AnimatorCallFields.Name.allCases.map { name in
                (
                    name.kind,
                    (
                        { fields in
                            "{\"layers\": [{\"name\": \"l\"}], \"animators\": [{\"name\": \"a\", \"layer\": \"l\", \"script\": [{\"call\": \"\(name.rawValue)\"\(fields.map { ", " + $0 }.joined())}]}]}"
                        }, "animators[0].script[0]"
                    )
                )
            })
    }

    /// Required fields the walk supplies (besides `type` and item names, which the hosts write).
    static let required: [String: [String: String]] = [
        "item": ["center": "[0, 0]"], "view": ["name": "\"v\"", "center": "[0, 0]", "size": "[1, 1]"],
        "scrollView": ["name": "\"s\"", "frame": "[0, 0, 10, 10]", "contentSize": "[10, 20]"],
        "block": ["duration": "1"], "blockSpring": ["dampingRatio": "1"],
        "animatorSpring": ["mass": "1", "stiffness": "1", "damping": "1"],
        "animatorDampingRatio": ["dampingRatio": "1"], "panAction": ["distance": "10"], "timingChange": ["t": "0"],
        "animation": ["layer": "\"l\""], "boundary": ["from": "[0, 0]", "to": "[1, 1]"],
        "snap": ["snapPoint": "[0, 0]"], "attachment": ["anchorPoint": "[0, 0]"],
        "animatorChange": ["keyPath": "\"opacity\"", "toValue": "0"],
        // A noise field takes its noise settings; its direction is walked on a drag field (``companions``).
        "field": ["kind": "\"noise\""],
    ].merging(
        AnimatorCallFields.Name.allCases.map { name -> (String, [String: String]) in
            let arguments: [String: String]
            switch name {
            case .finishAnimation: arguments = ["at": "\"end\""]
            case .fractionComplete: arguments = ["value": "0"]
            case .isReversed: arguments = ["value": "true"]
            case .addAnimations: arguments = ["keyPath": "\"opacity\"", "toValue": "0"]
            default: arguments = [:]
            }
            return (name.kind, arguments.merging(["t": "0"]) { $1 })
        }
    ) { $1 }

    /// Kinds the model keeps in another form, so the encoder writes that form: a property animator resolves a
    /// damping-ratio timing into the mass, stiffness and damping spring that settles in its duration, as UIKit does.
    /// Their fields are walked for acceptance and refusal only.
    /// A transform's parts are kept as their matrix, which the encoder writes as 16 numbers.
    static let resolvedOnRead: Set = ["animatorDampingRatio", "transform"]

    /// Kinds the encoder leaves out when every field is at its default (a field's region: everywhere).
    static let absentAtDefault: Set = ["region"]

    /// Fields a walk sets beside one at the end of its range, so that the scene stays within the run's budgets (a
    /// 1e6 s run at 1/60 s frames would take more than 1e8 sub-steps).
    /// A field's direction is walked on a kind that uses it (a noise field refuses it).
    static let companions: [String: [String: String]] = [
        "scene.duration": ["timeStep": "1"], "field.direction": ["kind": "\"drag\""],
    ]

    /// The object of `kind` with `extra` fields, decoded and encoded again: its members, or the error's text.
    func roundTrip(_ kind: String, _ extra: [String: String]) -> ([JSON.Member]?, String) {
        let host = FieldTableTests.hosts[kind]!
        let fields = (FieldTableTests.required[kind] ?? [:]).merging(extra) { $1 }
        let json = host.scene(fields.sorted { $0.key < $1.key }.map { "\"\($0.key)\": \($0.value)" })
        do {
            let scene = try SceneDecoder(fileName: "scene.json") { _ in [] }.decode(Array(json.utf8))
            let written = FieldTableTests.object(at: host.path, in: SceneEncoder.json(scene))
            guard let members = written ?? (FieldTableTests.resolvedOnRead.contains(kind) ? [] : nil) else {
                return (nil, "no \(kind) at \(host.path) in the encoded scene")
            }
            return (members, "")
        } catch {
            return (nil, "\(error)")
        }
    }

    /// The members of the object at `path` ("blocks[0].keyframes[0]", "" for the top level) in `json`.
    static func object(at path: String, in json: JSON) -> [JSON.Member]? {
        var here = json
        for step in path.split(separator: ".") {
            let parts = step.split(separator: "[")
            guard case .object(let members) = here, let next = members.first(where: { $0.key == parts[0] })?.value
            else { return nil }
            here = next
            if parts.count > 1, let k = Int(parts[1].dropLast()) {
                guard case .array(let list) = here, k < list.count else { return nil }
                here = list[k]
            }
        }
        if case .object(let members) = here { return members }
        return nil
    }

    /// The value a number or vector field takes at `x`, as JSON text.
    func value(_ kind: FieldKind, _ x: Double) -> String {
        if case .vector = kind { return "[\(text(x)), \(text(x))]" }
        return text(x)
    }

    func testEveryDeclaredFieldHoldsItsRangeAndDefault() throws {
        XCTAssertEqual(Set(FieldTables.all.map(\.kind)), Set(FieldTableTests.hosts.keys), "a host for every table")
        for (kind, fields, _) in FieldTables.all {
            let path = FieldTableTests.hosts[kind]!.path
            let (plain, error) = roundTrip(kind, [:])
            // A field's region with no field given is everywhere, which the file writes as no region at all.
            let encoded = try XCTUnwrap(
                plain ?? (FieldTableTests.absentAtDefault.contains(kind) ? [] : nil), "\(kind): \(error)")
            for field in fields {
                // The default: what an object without the field encodes, as declared.
                if let json = field.defaultJSON, !field.isRequired {
                    // A field written only when a condition holds may be left out at its default.
                    let written = encoded.first { $0.key == field.name }?.value
                    XCTAssertEqual(
                        written ?? (field.isConditional ? json : nil), json, "\(kind).\(field.name): default")
                }
                let range: NumberRange
                switch field.kind {
                case .number(_, let r), .vector(_, _, let r), .integer(let r): range = r
                default: continue
                }
                let (low, high) = range.bounds
                let companions = FieldTableTests.companions["\(kind).\(field.name)"] ?? [:]
                for end in [low, high] {
                    let (members, message) = roundTrip(
                        kind, companions.merging([field.name: value(field.kind, end)]) { $1 })
                    XCTAssertNotNil(members, "\(kind).\(field.name) at \(end): \(message)")
                    let written = members?.first { $0.key == field.name }?.value
                    let leftOut = field.isConditional && field.defaultJSON == .num(end) ? value(field.kind, end) : nil
                    if !FieldTableTests.resolvedOnRead.contains(kind) {
                        XCTAssertEqual(written?.brief ?? leftOut, value(field.kind, end), "\(kind).\(field.name)")
                    }
                }
                let isInteger = if case .integer = field.kind { true } else { false }
                let pastEnds =
                    isInteger ? [low - 1, high + 1] : [low == .leastNonzeroMagnitude ? 0 : low.nextDown, high.nextUp]
                for past in pastEnds {
                    let (members, message) = roundTrip(
                        kind, companions.merging([field.name: value(field.kind, past)]) { $1 })
                    XCTAssertNil(members, "\(kind).\(field.name) at \(past) was accepted")
                    let fieldPath = path.isEmpty ? field.name : "\(path).\(field.name)"
                    // A layer's point names the component past the range.
                    let component = if case .vector = field.kind { "[0]" } else { "" }
                    XCTAssertTrue(
                        message.hasPrefix("scene.json: \(fieldPath): must be ")
                            || message.hasPrefix("scene.json: \(fieldPath)\(component): must be "), message)
                    XCTAssertTrue(message.hasSuffix(", got \(text(past))"), message)
                }
                // Far past both ends (past the format's ±1e9 too), a number is still told its field's own range, not
                // "between -1e9 and 1e9" (which said negatives were allowed where they are not).
                if case .vector = field.kind {
                } else if range != .any {
                    for far in [-2e9, 2e9] {
                        let (_, message) = roundTrip(
                            kind, companions.merging([field.name: value(field.kind, far)]) { $1 })
                        XCTAssertFalse(message.contains("between -1e9 and 1e9"), "\(kind).\(field.name): \(message)")
                        XCTAssertTrue(message.hasSuffix(", got \(text(far))"), message)
                    }
                }
                try checkSchema(field, kind: kind, range: range)
            }
        }
    }

    /// The field's schema states its range and default.
    func checkSchema(_ field: FieldInfo, kind: String, range: NumberRange) throws {
        guard case .object(let schema) = field.schema else {
            return XCTFail("\(kind).\(field.name): schema is not an object")
        }
        XCTAssertEqual(
            schema.first { $0.key == "default" }?.value, field.defaultJSON, "\(kind).\(field.name): schema default")
        guard range != .any else { return }
        var bounds = schema
        if case .vector = field.kind, case .array(let items)? = schema.first(where: { $0.key == "prefixItems" })?.value,
            case .object(let component) = items[0]
        {
            bounds = component
        }
        let (low, high) = range.bounds
        if case .positiveUpTo = range {
            // More than 0: the schema's exclusive minimum, which the walk's least positive double stands for.
            XCTAssertEqual(
                bounds.first { $0.key == "exclusiveMinimum" }?.value, .num(0), "\(kind).\(field.name): schema minimum")
            XCTAssertEqual(
                bounds.first { $0.key == "maximum" }?.value, .num(high), "\(kind).\(field.name): schema maximum")
            return
        }
        XCTAssertEqual(bounds.first { $0.key == "minimum" }?.value, .num(low), "\(kind).\(field.name): schema minimum")
        if case .halfOpen(_, let end) = range {
            // Less than `end`: the schema's exclusive maximum, which the walk's greatest double below it stands for.
            XCTAssertEqual(
                bounds.first { $0.key == "exclusiveMaximum" }?.value, .num(end), "\(kind).\(field.name): schema maximum"
            )
            return
        }
        XCTAssertEqual(bounds.first { $0.key == "maximum" }?.value, .num(high), "\(kind).\(field.name): schema maximum")
    }

    /// docs/scene-format.md's field tables are what `dynsim schema --docs` prints (regenerate them with
    /// `python3 Tests/Docs/field_tables.py .build/debug/dynsim`).
    func testTheDocsTablesAreTheGeneratedOnes() throws {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../docs")
            .standardized
        let text = try String(contentsOf: docs.appendingPathComponent("scene-format.md"), encoding: .utf8)
        for (kind, table) in FieldTables.markdown {
            let start = try XCTUnwrap(
                text.range(of: "<!-- fields: \(kind) -->\n"), "docs/scene-format.md: no table for \(kind)")
            let end = try XCTUnwrap(text.range(of: "\n<!-- end fields -->", range: start.upperBound..<text.endIndex))
            XCTAssertEqual(
                String(text[start.upperBound..<end.lowerBound]), table,
                "docs/scene-format.md's \(kind) table differs from the code's: run python3 Tests/Docs/field_tables.py .build/debug/dynsim"
            )
        }
    }
}
