import XCTest
@testable import Replay

/// WebAssets.swift is generated from Sources/Replay/Web by Web/embed.py: each constant must be its file, byte for byte.
final class WebAssetsTests: XCTestCase {
    func testEmbeddedFilesMatchTheirSources() throws {
        let web = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/Replay/Web")
        let files: [(String, String)] =
            [
                ("page.html", WebAssets.pageTemplate), ("sweep.html", WebAssets.sweepTemplate),
                ("viewer.css", WebAssets.viewerCSS),
                ("vendor/dygraphs/dygraph.min.js", WebAssets.dygraphJS),
                ("vendor/dygraphs/dygraph.min.css", WebAssets.dygraphCSS),
            ] + WebAssets.viewerModules.map { ($0.path, $0.text) }
        for (path, embedded) in files {
            var source = try String(contentsOf: web.appendingPathComponent(path), encoding: .utf8)
            if !source.hasSuffix("\n") { source += "\n" }
            XCTAssertEqual(embedded + "\n", source, "\(path) changed: run python3 Sources/Replay/Web/embed.py")
        }
        // Every script in Web/ (vendor/ aside) is one of the viewer's modules, and none is listed twice.
        let scripts = try FileManager.default.contentsOfDirectory(atPath: web.path).filter { $0.hasSuffix(".js") }
        XCTAssertEqual(
            WebAssets.viewerModules.map(\.path).sorted(), scripts.sorted(),
            "Web/*.js and embed.py's MODULES differ: add the file to MODULES and run embed.py")
    }

    /// The viewer's modules are joined in embed.py's order into one strict-mode function that starts the viewer last
    /// (main.js ends by calling start()).
    func testModulesAreJoinedInOrderIntoOneFunction() {
        let paths = WebAssets.viewerModules.map(\.path)
        XCTAssertEqual(paths.first, "contract.js")
        XCTAssertEqual(paths.last, "main.js")
        XCTAssertTrue(WebAssets.viewerJS.hasPrefix("(function () {\n'use strict';\n// The payload's contract"))
        XCTAssertTrue(WebAssets.viewerJS.hasSuffix("\nstart();\n})();"))
        var at = WebAssets.viewerJS.startIndex
        for module in WebAssets.viewerModules {
            guard let found = WebAssets.viewerJS.range(of: module.text, range: at..<WebAssets.viewerJS.endIndex) else {
                return XCTFail("\(module.path) is not in viewerJS after the modules before it")
            }
            at = found.upperBound
        }
    }

    func testVendoredLibraryCarriesItsLicenceAndNoSourceMapLink() throws {
        let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/Replay/Web/vendor/dygraphs")
        let licence = try String(contentsOf: dir.appendingPathComponent("LICENSE"), encoding: .utf8)
        XCTAssertTrue(licence.contains("Permission is hereby granted, free of charge"))
        XCTAssertTrue(
            WebAssets.dygraphJS.hasPrefix(
                "/*! @license https://github.com/danvk/dygraphs/blob/v2.2.1/LICENSE.txt (MIT) */"))
        XCTAssertFalse(WebAssets.dygraphJS.contains("sourceMappingURL"))
        // Nothing in the embedded text may close the element it sits in.
        for text in [WebAssets.dygraphJS, WebAssets.viewerJS] { XCTAssertFalse(text.lowercased().contains("</script")) }
        for text in [WebAssets.dygraphCSS, WebAssets.viewerCSS] {
            XCTAssertFalse(text.lowercased().contains("</style"))
        }
    }
}
