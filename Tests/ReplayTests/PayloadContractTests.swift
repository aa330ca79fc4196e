import Foundation
import XCTest
import Scenes
import Springs
@testable import Replay

/// The payload's contract (PayloadContract.swift, Web/contract.js, docs/view.md): the pages the Swift writers make
/// hold exactly the keys the contract requires of their kind, each of its declared type, and the page's script
/// declares the same keys, types and kinds.
final class PayloadContractTests: XCTestCase {
    /// A JSON value as the page's JSON.parse reads it (booleans apart from numbers).
    enum JSONValue: Decodable {
        case null, bool(Bool), number(Double), string(String), array([JSONValue]), object([String: JSONValue])

        init(from decoder: Decoder) throws {
            let c = try decoder.singleValueContainer()
            if c.decodeNil() {
                self = .null
            } else if let b = try? c.decode(Bool.self) {
                self = .bool(b)
            } else if let x = try? c.decode(Double.self) {
                self = .number(x)
            } else if let s = try? c.decode(String.self) {
                self = .string(s)
            } else if let a = try? c.decode([JSONValue].self) {
                self = .array(a)
            } else {
                self = .object(try c.decode([String: JSONValue].self))
            }
        }

        /// Whether the value is of the contract's type.
        func isOf(_ type: PayloadContract.ValueType) -> Bool {
            switch (self, type) {
            case (.string, .string), (.bool, .boolean), (.array, .array), (.object, .object), (.object, .objectOrNull),
                (.null, .objectOrNull):
                return true
            case (.number(let x), .number): return x.isFinite
            case (.number(let x), .integer): return x == x.rounded()
            default: return false
            }
        }
    }

    /// The payload of a page: the text of its `<script type="application/json" id="dynsim-data">`, parsed.
    private func payload(_ html: String) throws -> [String: JSONValue] {
        let open = #"<script type="application/json" id="dynsim-data">"#
        let start = try XCTUnwrap(html.range(of: open)).upperBound
        let end = try XCTUnwrap(html.range(of: "</script>", range: start..<html.endIndex)).lowerBound
        guard case .object(let members) = try JSONDecoder().decode(JSONValue.self, from: Data(html[start..<end].utf8))
        else { throw XCTSkip("the payload is not an object") }
        return members
    }

    /// Every key written is declared, every key the page's kind requires is written (and no other), of its type.
    private func check(_ html: String, kind: PayloadContract.Kind, _ label: String) throws {
        let members = try payload(html)
        let declared = Dictionary(uniqueKeysWithValues: PayloadContract.keys.map { ($0.name.rawValue, $0) })
        for (name, value) in members {
            guard let key = declared[name] else {
                XCTFail("\(label): writes \(name), which the contract does not declare")
                continue
            }
            XCTAssertTrue(key.kinds.contains(kind), "\(label): writes \(name), not a key of a \(kind) page")
            XCTAssertTrue(value.isOf(key.type), "\(label): \(name) is not of type \(key.type.rawValue): \(value)")
        }
        for key in PayloadContract.keys where key.kinds.contains(kind) && members[key.name.rawValue] == nil {
            XCTFail("\(label): does not write \(key.name.rawValue), which a \(kind) page must")
        }
        guard case .string(let format)? = members["format"], case .string(let k)? = members["kind"] else {
            return XCTFail("\(label): no format or kind")
        }
        XCTAssertEqual(format, "dynsim-replay 1")
        XCTAssertEqual(k, kind.rawValue)
    }

    /// Scene pages with items, drags and anchors, contacts, sleep, layers and text, an overlay, spring and curve pages,
    /// and a sweep's page.
    func testPagesWriteExactlyTheDeclaredKeys() throws {
        for name in ["swinging-view", "boxes", "stack", "card-flip", "transition"] {
            var scene = try XCTUnwrap(Catalog.scene(named: name))
            scene.duration = min(scene.duration, 1)
            try check(ScenePage.html(scene: scene, label: name).html, kind: .scene, name)
        }
        let trace = try Overlay(
            Array("t,x,y\n0,1,2\n0.5,3,4\n".utf8), fileName: "trace.csv", sceneName: "pendulum",
            columns: ["t", "bob.x"], textColumns: [])
        var pendulum = try XCTUnwrap(Catalog.scene(named: "pendulum"))
        pendulum.duration = 1
        try check(ScenePage.html(scene: pendulum, label: "pendulum", overlays: [trace]).html, kind: .scene, "overlay")
        let motion = CurvesPage.SpringMotion(label: "s", spring: Spring(dampingRatio: 0.5, response: 0.4))
        try check(CurvesPage.springs([motion, motion], until: nil), kind: .spring, "spring")
        try check(CurvesPage.curves([("linear", { $0 }), ("square", { $0 * $0 })]), kind: .curve, "curve")
        let table = try SweepResults(
            Array("run,id,a.x,max:b.y,status\n0,i,1,2,ok\n1,j,2,,\"diverged\"\n".utf8), fileName: "s.csv")
        try check(SweepPage.html(table, label: "s.csv", scene: "s.json"), kind: .sweep, "sweep")
    }

    /// Web/contract.js declares the same format and the same keys, types and kinds, in the same order.
    func testThePageDeclaresTheSameKeys() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/Replay/Web/contract.js")
        let script = try String(contentsOf: url, encoding: .utf8)
        XCTAssertTrue(script.contains("const PAYLOAD_FORMAT = '\(PayloadContract.format)';"))
        let line = try NSRegularExpression(
            pattern: #"^  \['(\w+)', '([\w|]+)', '([\w ]*)'\],$"#,
            options: .anchorsMatchLines)
        let declared = line.matches(in: script, range: NSRange(script.startIndex..., in: script)).map { m in
            (1...3).map { String(script[Range(m.range(at: $0), in: script)!]) }
        }
        let kinds = { (k: Set<PayloadContract.Kind>) in
            PayloadContract.Kind.allCases.filter(k.contains).map(\.rawValue).joined(separator: " ")
        }
        XCTAssertEqual(declared, PayloadContract.keys.map { [$0.name.rawValue, $0.type.rawValue, kinds($0.kinds)] })
        XCTAssertEqual(PayloadContract.keys.map(\.name), PayloadContract.Name.allCases, "keys in their names' order")
    }

    /// docs/view.md's table "The payload" has a row for each key, with its type and the pages that must write it.
    func testTheDocsTableListsEveryKey() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/view.md")
        let docs = try String(contentsOf: url, encoding: .utf8)
        let rows = docs.split(separator: "\n").filter { $0.hasPrefix("| `") }.map(String.init)
        for key in PayloadContract.keys {
            let pages =
                key.kinds.count == PayloadContract.Kind.allCases.count
                ? "all"
                : PayloadContract.Kind.allCases.filter(key.kinds.contains).map(\.rawValue).joined(separator: ", ")
            let type = key.type == .objectOrNull ? "object or null" : key.type.rawValue
            let row = "| `\(key.name.rawValue)` | \(type) | \(pages) | "
            XCTAssertEqual(rows.filter { $0.hasPrefix(row) }.count, 1, "docs/view.md: no row \(row)")
        }
    }
}
