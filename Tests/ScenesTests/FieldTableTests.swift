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

    /// The item's fields as a scene with one item of `fields` (and the required center), decoded; the error's text.
    func decodeItem(_ extra: [String: String]) -> (SceneItem?, String) {
        var members = extra["center"] == nil ? ["\"center\": [0, 0]"] : []
        for (k, v) in extra.sorted(by: { $0.key < $1.key }) { members.append("\"\(k)\": \(v)") }
        let json = "{\"items\": [{\(members.joined(separator: ", "))}]}"
        do {
            let scene = try SceneDecoder(fileName: "scene.json") { _ in [] }.decode(Array(json.utf8))
            return (scene.items.first, "")
        } catch {
            return (nil, "\(error)")
        }
    }

    /// The value a number or vector field takes at `x`, as JSON text.
    func value(_ kind: FieldKind, _ x: Double) -> String {
        if case .vector = kind { return "[\(text(x)), \(text(x))]" }
        return text(x)
    }

    func testEveryItemFieldHoldsItsRangeAndDefault() throws {
        let table = ItemFields.table
        let (plain, error) = decodeItem([:])
        let item = try XCTUnwrap(plain, error)
        let encoded = table.encode(item)
        for field in table.fields {
            // The default: what a scene without the field encodes, as declared.
            if let json = field.defaultJSON, !table.required.contains(field.name) {
                XCTAssertEqual(encoded.first { $0.key == field.name }?.value, json, "\(field.name): default")
            }
            let range: NumberRange
            switch field.kind {
            case .number(_, let r), .vector(_, _, let r): range = r
            default: continue
            }
            let (low, high) = range.bounds
            for end in [low, high] {
                let (decoded, message) = decodeItem([field.name: value(field.kind, end)])
                XCTAssertNotNil(decoded, "\(field.name) at \(end): \(message)")
                if let decoded {
                    let member = table.encode(decoded).first { $0.key == field.name }?.value
                    XCTAssertEqual(member?.brief, value(field.kind, end), field.name)
                }
            }
            for past in [low.nextDown, high.nextUp] {
                let (decoded, message) = decodeItem([field.name: value(field.kind, past)])
                XCTAssertNil(decoded, "\(field.name) at \(past) was accepted")
                XCTAssertTrue(message.hasPrefix("scene.json: items[0].\(field.name): must be "), message)
                XCTAssertTrue(message.hasSuffix(", got \(text(past))"), message)
            }
            // The schema states the same range and default.
            guard case .object(let schema) = field.schema else { return XCTFail("\(field.name): schema is not an object") }
            XCTAssertEqual(schema.first { $0.key == "default" }?.value, field.defaultJSON, "\(field.name): schema default")
            if range != .any {
                var bounds = schema
                if case .vector = field.kind, case .array(let items)? = schema.first(where: { $0.key == "prefixItems" })?.value,
                   case .object(let component) = items[0] {
                    bounds = component
                }
                XCTAssertEqual(bounds.first { $0.key == "minimum" }?.value, .num(low), "\(field.name): schema minimum")
                XCTAssertEqual(bounds.first { $0.key == "maximum" }?.value, .num(high), "\(field.name): schema maximum")
            }
        }
    }

    /// docs/scene-format.md's field tables are what `dynsim schema --docs` prints (regenerate them with
    /// `python3 Tests/Docs/field_tables.py .build/debug/dynsim`).
    func testTheDocsTablesAreTheGeneratedOnes() throws {
        let text = try String(contentsOf: DocsTests.docs.appendingPathComponent("scene-format.md"), encoding: .utf8)
        for (kind, table) in FieldTables.markdown {
            let start = try XCTUnwrap(text.range(of: "<!-- fields: \(kind) -->\n"), "docs/scene-format.md: no table for \(kind)")
            let end = try XCTUnwrap(text.range(of: "\n<!-- end fields -->", range: start.upperBound..<text.endIndex))
            XCTAssertEqual(String(text[start.upperBound..<end.lowerBound]), table,
                           "docs/scene-format.md's \(kind) table differs from the code's: run python3 Tests/Docs/field_tables.py .build/debug/dynsim")
        }
    }
}
