import Foundation
import IO
import Springs

/// The `css` target: CSS `@keyframes` animating the individual transform properties `translate`, `rotate` and
/// `scale` (CSS Transforms Level 2) and `opacity`, one animation per baked channel, and a page that plays them.
///
/// Semantics (CSS Animations Level 1): a keyframe's `animation-timing-function` applies from that keyframe to the
/// next, so key k carries `cubic-bezier(x1, y1, x2, y2)` of segment k (the value model of ``BakeChannel``), and the
/// last key carries none. Offsets are percentages of the run, the shortest round-trip text of `t / duration × 100`
/// (the last exactly `100%`). Every animation runs once for the whole run (`animation-duration` in seconds), with
/// `animation-fill-mode: both`, so before the start and after the end the first and last values hold.
///
/// Per-channel keys: each channel has its own key times, but x and y share one property (`translate`), as do scale x
/// and y (`scale`), and one `@keyframes` rule can only give a property's whole value at its own offsets. So x, y,
/// scale x and scale y each animate a registered custom property (`@property`, syntax `<length>` or `<number>`,
/// not inherited, so it interpolates as a number rather than flipping at 50%): `--dynsim-x`, `--dynsim-y`,
/// `--dynsim-sx`, `--dynsim-sy`, each in its own `@keyframes`, and the element's style combines them as
/// `translate: var(--dynsim-x) var(--dynsim-y)` and `scale: var(--dynsim-sx) var(--dynsim-sy)`. Rotation and opacity
/// are single channels and animate `rotate` (degrees, clockwise, unwrapped: `rotate` interpolates the angle as a
/// number, so 370° stays 370°) and `opacity` directly. Nested wrapper elements (one per channel) would also work,
/// without `@property`, but they change the element tree a user styles and read back; one element whose computed
/// `translate`, `rotate`, `scale` and `opacity` are the baked values is what a page embeds and a test measures.
///
/// Geometry: 1 point is 1 CSS px. Each object is an absolutely positioned element of its size (`border-radius` its
/// corner radius, or `50%` for an ellipse; `background-color` its colour), placed at `left: −w/2; top: −h/2` in a
/// stage of ``Bake/width`` × ``Bake/height`` (class `dynsim-stage`), so `translate: x y` puts its centre at (x, y),
/// y down; `rotate` and `scale` turn and scale it about its centre (`transform-origin` 50% 50%), in the order
/// translate, rotate, scale, as a layer's position, rotation and scale compose. Element ids are ``identifier(_:)`` of
/// the object's name (any characters are safe); its name is also the element's `data-name`.
public enum CSSTarget {
    /// The stylesheet's text; `report` goes into its leading `/* */` comment.
    public static func write(_ bake: Bake, report: [String]) -> String {
        var out =
            "/*\n"
            + report.map { " * " + commentSafe($0).replacingOccurrences(of: "*/", with: "* /") + "\n" }
            .joined() + " */\n"
        for p in registered {
            out += "@property \(p.name) { syntax: \"\(p.syntax)\"; inherits: false; initial-value: \(p.initial); }\n"
        }
        let seconds = NumberFormat.shortest(bake.duration) + "s"
        out += ".dynsim-stage { position: relative; overflow: hidden; "
        out += "width: \(px(bake.width)); height: \(px(bake.height)); }\n"
        out += ".dynsim-stage > .dynsim-object { position: absolute; box-sizing: border-box; "
        out += "animation-duration: \(seconds); animation-timing-function: linear; animation-fill-mode: both; "
        out += "animation-iteration-count: 1; }\n"
        for o in bake.objects {
            let id = identifier(o.name)
            let (w, h) = o.shape.size
            var decls = [
                "left: \(px(-w / 2))", "top: \(px(-h / 2))", "width: \(px(w))", "height: \(px(h))",
                "border-radius: \(borderRadius(o.shape))", "background-color: \(color(o.color))",
            ]
            var names: [String] = []
            for c in o.channels {
                let property = cssProperty(c.property)
                decls.append("\(property): \(cssValue(c.property, c.values[0]))")
                if !c.isConstant { names.append(id + "-" + suffix(c.property)) }
            }
            decls += combined(o)
            decls.append("animation-name: " + (names.isEmpty ? "none" : names.joined(separator: ", ")))
            out += "#\(id) {\n" + decls.map { "    " + $0 + ";\n" }.joined() + "}\n"
            for c in o.channels where !c.isConstant {
                out += keyframes(id + "-" + suffix(c.property), c, duration: bake.duration)
            }
        }
        return out
    }

    /// A page that plays the stylesheet `stylesheet` (a file beside it, linked by a relative URL): the stage and
    /// one element per object, nothing else (no script, no other request).
    public static func page(_ bake: Bake, stylesheet: String) -> String? {
        var out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        out += "<title>\(html("dynsim bake " + bake.source))</title>\n"
        out += "<link rel=\"stylesheet\" href=\"\(html(urlPath(stylesheet)))\">\n"
        out += "</head>\n<body style=\"margin: 0\">\n<div class=\"dynsim-stage\">\n"
        for o in bake.objects {
            out += "<div class=\"dynsim-object\" id=\"\(identifier(o.name))\" data-name=\"\(html(o.name))\"></div>\n"
        }
        out += "</div>\n</body>\n</html>\n"
        return out
    }

    /// A CSS identifier (and HTML id) for an object's name: `dynsim-` and the name with every byte of its UTF-8 that
    /// is not an ASCII letter, digit or `-` written `_` and two lowercase hex digits (`_` itself is `_5f`), so any
    /// name is safe and two names never share one. Keyframe names add `-` and a channel suffix with no `-` in it
    /// (`suffix(_:)`), so they never collide either.
    public static func identifier(_ name: String) -> String {
        var out = "dynsim-"
        for b in name.utf8 {
            switch b {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"):
                out.append(Character(Unicode.Scalar(b)))
            default: out += "_" + String(format: "%02x", b)
            }
        }
        return out
    }

    /// The custom properties the target registers: name, syntax and initial value.
    static let registered: [(name: String, syntax: String, initial: String)] = [
        ("--dynsim-x", "<length>", "0px"), ("--dynsim-y", "<length>", "0px"), ("--dynsim-sx", "<number>", "1"),
        ("--dynsim-sy", "<number>", "1"),
    ]

    /// The CSS property a channel animates: a registered custom property for x, y and scale, `rotate`, `opacity`.
    static func cssProperty(_ p: BakeProperty) -> String {
        switch p {
        case .x: return "--dynsim-x"
        case .y: return "--dynsim-y"
        case .scaleX: return "--dynsim-sx"
        case .scaleY: return "--dynsim-sy"
        case .rotation: return "rotate"
        case .opacity: return "opacity"
        }
    }

    /// The channel's suffix in keyframe names (no `-` in it).
    static func suffix(_ p: BakeProperty) -> String {
        switch p {
        case .x: return "x"
        case .y: return "y"
        case .rotation: return "rotate"
        case .scaleX: return "sx"
        case .scaleY: return "sy"
        case .opacity: return "opacity"
        }
    }

    /// A value as the CSS property takes it: `12.5px`, `30deg`, or a number.
    static func cssValue(_ p: BakeProperty, _ v: Double) -> String {
        switch p {
        case .x, .y: return px(v)
        case .rotation: return NumberFormat.shortest(v) + "deg"
        case .scaleX, .scaleY, .opacity: return NumberFormat.shortest(v)
        }
    }

    /// The declarations that combine the custom properties into `translate` (always) and `scale` (when scaled).
    static func combined(_ o: BakedObject) -> [String] {
        var out = ["translate: var(--dynsim-x) var(--dynsim-y)"]
        if o.channel(.scaleX) != nil || o.channel(.scaleY) != nil {
            out.append("scale: var(--dynsim-sx) var(--dynsim-sy)")
        }
        return out
    }

    /// One `@keyframes` rule: key k at its percentage with its value and segment k's easing.
    static func keyframes(_ name: String, _ c: BakeChannel, duration: Double) -> String {
        let property = cssProperty(c.property)
        var out = "@keyframes \(name) {\n"
        for k in c.times.indices {
            var body = "\(property): \(cssValue(c.property, c.values[k]));"
            if k < c.easings.count { body += " animation-timing-function: \(cubicBezier(c.easings[k]));" }
            out += "    \(percent(c.times[k], k == c.times.count - 1, duration)) { \(body) }\n"
        }
        return out + "}\n"
    }

    /// A key's offset: `0%` first, `100%` last, otherwise the shortest text of t / duration × 100.
    static func percent(_ t: Double, _ last: Bool, _ duration: Double) -> String {
        last ? "100%" : NumberFormat.shortest(t / duration * 100) + "%"
    }

    /// `cubic-bezier(x1, y1, x2, y2)`, each the shortest round-trip text.
    static func cubicBezier(_ e: CubicBezier) -> String {
        "cubic-bezier(" + [e.x1, e.y1, e.x2, e.y2].map(NumberFormat.shortest).joined(separator: ", ") + ")"
    }

    /// A length in CSS px (1 point = 1 px).
    static func px(_ v: Double) -> String { NumberFormat.shortest(v) + "px" }

    /// The shape's `border-radius`.
    static func borderRadius(_ s: BakedObject.Shape) -> String {
        switch s {
        case .rectangle(_, _, let r): return px(r)
        case .ellipse: return "50%"
        }
    }

    /// `rgb(r g b / a)` of components 0 to 1 (r, g, b scaled to 0 to 255, kept fractional).
    static func color(_ c: [Double]) -> String {
        let rgba = c.count >= 4 ? c : c + Array(repeating: 1, count: 4 - c.count)
        return "rgb(" + rgba[0..<3].map { NumberFormat.shortest(min(255, max(0, $0 * 255))) }.joined(separator: " ")
            + " / " + NumberFormat.shortest(min(1, max(0, rgba[3]))) + ")"
    }

    /// A report line with line breaks (which a name may hold) made spaces, so a one-line comment stays one line.
    static func commentSafe(_ s: String) -> String {
        String(s.unicodeScalars.map { "\n\r\u{2028}\u{2029}".unicodeScalars.contains($0) ? " " : Character($0) })
    }

    /// Text escaped for HTML content and attribute values.
    static func html(_ s: String) -> String {
        var out = ""
        for ch in s {
            switch ch {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(ch)
            }
        }
        return out
    }

    /// A file name as a relative URL path: every byte but unreserved ones percent-encoded (a name with `#`, `?`,
    /// `%` or a space still links to itself).
    static func urlPath(_ name: String) -> String {
        var out = ""
        for b in name.utf8 {
            switch b {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                out.append(Character(Unicode.Scalar(b)))
            default: out += "%" + String(format: "%02X", b)
            }
        }
        return out
    }
}
