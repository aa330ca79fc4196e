import Foundation

/// Quoting text for the formats dynsim writes.
public enum TextQuoting {
    /// A JSON string literal: quotes, backslashes and control characters escaped (RFC 8259), everything else as is.
    /// With `inScript`, also `<`, `>`, `&`, U+2028 and U+2029, so the literal is safe inside an HTML `<script>` element
    /// (no `</script>` or `<!--` can appear) and in any JavaScript parser.
    public static func json(_ s: String, inScript: Bool = false) -> String {
        // Printable ASCII with nothing to escape (names, keys, most labels) is quoted as it is, without the scalar
        // walk (writing a scene file's keys spent most of its time there).
        let plain = s.utf8.allSatisfy { b in
            b >= 0x20 && b < 0x7F && b != UInt8(ascii: "\"") && b != UInt8(ascii: "\\")
                && !(inScript && (b == UInt8(ascii: "<") || b == UInt8(ascii: ">") || b == UInt8(ascii: "&")))
        }
        if plain { return "\"" + s + "\"" }
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "<", ">", "&", "\u{2028}",
                "\u{2029}" where inScript:
                out += "\\u" + String(format: "%04x", scalar.value)
            default:
                // C0 controls, DEL and the C1 controls (U+0080 to U+009F: U+009B starts a terminal control sequence)
                // are written as escapes, so no quoted text can act on the terminal that shows it.
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// Text for XML (and HTML) content and attribute values: `&`, `<`, `>` and `"` as entities, and every character
    /// XML 1.0 does not allow (controls but tab, LF and CR; U+FFFE, U+FFFF) as U+FFFD, so any string makes a
    /// well-formed document.
    public static func xml(_ s: String) -> String {
        var out = ""
        for u in s.unicodeScalars {
            switch u {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default:
                let allowed =
                    u == "\t" || u == "\n" || u == "\r" || (0x20...0xD7FF).contains(u.value)
                    || (0xE000...0xFFFD).contains(u.value) || u.value >= 0x10000
                out.unicodeScalars.append(allowed ? u : "\u{FFFD}")
            }
        }
        return out
    }

    /// Text for an XML attribute value: ``xml(_:)``, and tab, LF and CR as character references (`&#9;`, `&#10;`,
    /// `&#13;`), which a parser keeps (XML 1.0 §3.3.3 turns the raw characters in an attribute into spaces).
    public static func xmlAttribute(_ s: String) -> String {
        var out = ""
        for u in xml(s).unicodeScalars {
            switch u {
            case "\t": out += "&#9;"
            case "\n": out += "&#10;"
            case "\r": out += "&#13;"
            default: out.unicodeScalars.append(u)
            }
        }
        return out
    }

    /// A CSV field as RFC 4180 writes it: as is, or double-quoted with inner quotes doubled when it holds a comma, a
    /// quote, a carriage return or a line feed.
    public static func csvField(_ text: String) -> String {
        guard
            text.utf8.contains(where: {
                $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D
            })
        else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
