import Foundation
import IO

/// The one HTML page every `dynsim view` writes: Web/page.html with the styles, scripts and data put in its
/// placeholders (`{{TITLE}}`, `{{DYGRAPH_CSS}}`, `{{VIEWER_CSS}}`, `{{DATA}}`, `{{BLOB}}`, `{{DYGRAPH_JS}}`,
/// `{{VIEWER_JS}}`). Self-contained: its Content-Security-Policy allows no fetch at all.
enum Page {
    /// The page: `payload` as JSON in a `<script type="application/json">`, `blob` (base64) in another script
    /// element. The template (Web/page.html; a sweep's, Web/sweep.html) is split at its placeholders first, so text put
    /// in one is never read as another.
    static func html(
        title: String, payload: CompactJSON, blob: String, template: String = WebAssets.pageTemplate
    ) -> String {
        let fills: [String: String] = [
            "TITLE": TextQuoting.xml(title), "DYGRAPH_CSS": WebAssets.dygraphCSS, "VIEWER_CSS": WebAssets.viewerCSS,
            "DATA": payload.text, "BLOB": blob, "DYGRAPH_JS": WebAssets.dygraphJS, "VIEWER_JS": WebAssets.viewerJS,
        ]
        var out = ""
        var rest = Substring(template)
        while let start = rest.range(of: "{{") {
            out += rest[..<start.lowerBound]
            let close = rest.range(of: "}}", range: start.upperBound..<rest.endIndex)!
            out += fills[String(rest[start.upperBound..<close.lowerBound])]!
            rest = rest[close.upperBound...]
        }
        out += rest
        return out
    }
}
