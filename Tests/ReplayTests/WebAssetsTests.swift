import XCTest
@testable import Replay

/// WebAssets.swift is generated from Sources/Replay/Web by Web/embed.py: each constant must be its file, byte for byte.
final class WebAssetsTests: XCTestCase {
    func testEmbeddedFilesMatchTheirSources() throws {
        let web = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/Replay/Web")
        let files: [(String, String)] = [
            ("page.html", WebAssets.pageTemplate), ("viewer.js", WebAssets.viewerJS), ("viewer.css", WebAssets.viewerCSS),
            ("vendor/dygraphs/dygraph.min.js", WebAssets.dygraphJS), ("vendor/dygraphs/dygraph.min.css", WebAssets.dygraphCSS),
        ]
        for (path, embedded) in files {
            var source = try String(contentsOf: web.appendingPathComponent(path), encoding: .utf8)
            if !source.hasSuffix("\n") { source += "\n" }
            XCTAssertEqual(embedded + "\n", source, "\(path) changed: run python3 Sources/Replay/Web/embed.py")
        }
    }

    func testVendoredLibraryCarriesItsLicenceAndNoSourceMapLink() throws {
        let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/Replay/Web/vendor/dygraphs")
        let licence = try String(contentsOf: dir.appendingPathComponent("LICENSE"), encoding: .utf8)
        XCTAssertTrue(licence.contains("Permission is hereby granted, free of charge"))
        XCTAssertTrue(WebAssets.dygraphJS.hasPrefix("/*! @license https://github.com/danvk/dygraphs/blob/v2.2.1/LICENSE.txt (MIT) */"))
        XCTAssertFalse(WebAssets.dygraphJS.contains("sourceMappingURL"))
        // Nothing in the embedded text may close the element it sits in.
        for text in [WebAssets.dygraphJS, WebAssets.viewerJS] { XCTAssertFalse(text.lowercased().contains("</script")) }
        for text in [WebAssets.dygraphCSS, WebAssets.viewerCSS] { XCTAssertFalse(text.lowercased().contains("</style")) }
    }
}
