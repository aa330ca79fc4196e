import Foundation
import XCTest
@testable import Animation

/// The one table of layer properties (``LayerProperty/all``): its defaults are CALayer's documented initial values, the
/// layer model reads it, and docs/scene-format.md lists every property and sub key path in it.
final class LayerPropertyTests: XCTestCase {
    func testDefaultsAreCALayersDocumentedInitialValues() {
        // Apple's CALayer documentation: opacity 1.0, anchorPoint (0.5, 0.5), cornerRadius 0, backgroundColor nil
        // (nothing drawn: clear), transform CATransform3DIdentity; position and bounds zero for a new layer.
        let expected: [String: AnimatableValue] = [
            "opacity": .scalar(1), "anchorPoint": .point(0.5, 0.5), "cornerRadius": .scalar(0),
            "backgroundColor": .color(0, 0, 0, 0), "transform": .transform(.identity), "position": .point(0, 0),
            "bounds": .rect(0, 0, 0, 0), "transform.rotation.x": .scalar(0), "transform.rotation.y": .scalar(0),
            "transform.rotation.z": .scalar(0), "transform.scale.x": .scalar(1), "transform.scale.y": .scalar(1),
            "transform.translation.x": .scalar(0), "transform.translation.y": .scalar(0),
        ]
        XCTAssertEqual(Set(LayerProperty.all.map(\.keyPath)), Set(expected.keys))
        let layer = Layer(name: "l")
        for (keyPath, value) in expected {
            XCTAssertEqual(LayerProperty.byKeyPath[keyPath]?.defaultValue, value, keyPath)
            XCTAssertEqual(layer.modelValue(keyPath), value, keyPath)
            XCTAssertEqual(LayerProperty.kind(of: keyPath), value.kind, keyPath)
        }
    }

    func testSubKeyPathsAddressTheirComponents() {
        var layer = Layer(name: "l", bounds: .rect(1, 2, 30, 40), position: .point(5, 6))
        XCTAssertEqual(layer.modelValue("position.y"), .scalar(6))
        XCTAssertEqual(layer.modelValue("bounds.size.width"), .scalar(30))
        layer.setValue(.scalar(2), for: "transform.scale")
        XCTAssertEqual(layer.modelValue("transform.scale.x"), .scalar(2))
        XCTAssertEqual(layer.modelValue("transform.scale.y"), .scalar(2))
        layer.setValue(.scalar(0.5), for: "transform.rotation")
        XCTAssertEqual(layer.modelValue("transform.rotation.z"), .scalar(0.5))
        XCTAssertNil(Layer.address("position.z"))
        XCTAssertEqual(Layer.componentPaths["bounds"], [nil, nil, "bounds.size.width", "bounds.size.height"])
        XCTAssertEqual(Layer.componentPaths["position"], ["position.x", "position.y"])
    }

    func testColumnsComponentsAreInRange() {
        for p in LayerProperty.all {
            for c in p.columns {
                XCTAssertTrue(c.name.hasPrefix(p.keyPath), c.name)
                if let k = c.component { XCTAssertLessThan(k, p.kind.componentCount, c.name) }
            }
        }
        XCTAssertEqual(LayerProperty.byKeyPath["transform"]?.columns.count, 16)
        XCTAssertEqual(LayerProperty.byKeyPath["transform"]?.columns[11].name, "transform.m34")
        XCTAssertEqual(LayerProperty.byKeyPath["transform"]?.columns[11].component, 11)
    }

    /// docs/scene-format.md's layer field table names every property and sub key path of the table.
    func testReadmeListsEveryLayerProperty() throws {
        let readme = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("../../docs/scene-format.md").standardized, encoding: .utf8)
        let start = try XCTUnwrap(readme.range(of: "<!-- fields: layer -->"))
        let end = try XCTUnwrap(readme.range(of: "<!-- end fields -->", range: start.upperBound..<readme.endIndex))
        let section = readme[start.upperBound..<end.lowerBound]
        for keyPath in LayerProperty.all.map(\.keyPath) + LayerProperty.subKeyPaths.keys.sorted() {
            XCTAssertTrue(
                section.contains("`\(keyPath)`"), "docs/scene-format.md's layer table does not list \(keyPath)")
        }
    }
}
