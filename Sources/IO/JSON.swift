/// A JSON value that keeps object keys in file order and each number's source text, so that validation errors can quote
/// what the user wrote and scenes print back in a stable order.
///
/// Follows RFC 8259, plus the bare tokens `NaN`, `Infinity` and `-Infinity`, which are read as numbers only so that
/// validation can reject them with the field's path ("must be a finite number, got NaN") instead of a syntax error.
public indirect enum JSON: Equatable, Sendable {
    case null
    case bool(Bool)
    /// A number and its text as written.
    case number(Double, text: String)
    case string(String)
    case array([JSON])
    case object([Member])

    /// One `"key": value` pair of an object.
    public struct Member: Equatable, Sendable {
        /// The key.
        public var key: String
        /// The value.
        public var value: JSON
        /// A member `key: value`.
        public init(_ key: String, _ value: JSON) {
            self.key = key
            self.value = value
        }
    }

    /// A number from a Double (its text is the shortest round-trip form).
    public static func num(_ x: Double) -> JSON { .number(x, text: NumberFormat.shortest(x)) }

    /// A short rendering for error messages: strings quoted, containers abbreviated.
    public var brief: String {
        switch self {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(_, let text): return text
        case .string(let s): return quoted(s)
        case .array(let a):
            let inner = a.prefix(4).map(\.brief).joined(separator: ", ")
            return "[" + inner + (a.count > 4 ? ", ..." : "") + "]"
        case .object(let m):
            return "{" + m.prefix(3).map { quoted($0.key) + ": ..." }.joined(separator: ", ")
                + (m.count > 3 ? ", ..." : "") + "}"
        }
    }
}

/// A syntax error in a JSON text, with a 1-based line and column.
public struct JSONSyntaxError: Error, Equatable, Sendable {
    /// 1-based line of the offending byte.
    public var line: Int
    /// 1-based column (in characters) of the offending byte.
    public var column: Int
    /// What was expected and what was found.
    public var message: String
}

/// A JSON text with more values than the parser was allowed to build: refused where the first value too many begins,
/// before it is built.
public struct JSONValueLimitError: Error, Equatable, Sendable {
    /// 1-based line and column (in characters) where the value past the limit begins.
    public var line: Int
    /// See ``line``.
    public var column: Int
    /// The limit that was reached.
    public var limit: Int
}

/// A recursive-descent JSON parser over UTF-8 bytes.
public struct JSONParser {
    private let bytes: [UInt8]
    private var i = 0
    private var depth = 0
    private var values = 0
    private let maxValues: Int

    /// Parses a whole document. Throws ``JSONSyntaxError`` with line and column for malformed input, including
    /// duplicate keys, trailing content and nesting deeper than 512, and ``JSONValueLimitError`` when the text holds
    /// more than `maxValues` values (each number, string, `true`, `false`, `null`, array and object counts once; object
    /// keys do not), which bounds the memory of the parsed document at about 80 bytes a value.
    public static func parse(_ text: [UInt8], maxValues: Int = .max) throws -> JSON {
        var p = JSONParser(bytes: text, maxValues: maxValues)
        p.skipSpace()
        let value = try p.value()
        p.skipSpace()
        if p.i < p.bytes.count { throw p.error("unexpected content after the JSON value, got \(p.peekDescription)") }
        return value
    }

    private init(bytes: [UInt8], maxValues: Int) {
        self.bytes = bytes
        self.maxValues = maxValues
    }

    private func error(_ message: String) -> JSONSyntaxError {
        var line = 1, column = 1
        var k = 0
        while k < i && k < bytes.count {
            if bytes[k] == UInt8(ascii: "\n") { line += 1; column = 1 } else if bytes[k] & 0xC0 != 0x80 { column += 1 }
            k += 1
        }
        return JSONSyntaxError(line: line, column: column, message: message)
    }

    private var peekDescription: String {
        guard i < bytes.count else { return "end of file" }
        var end = i
        while end < bytes.count && end - i < 12 && !(bytes[end] == 10 || bytes[end] == 13) { end += 1 }
        return quoted(String(decoding: bytes[i..<end], as: UTF8.self))
    }

    private mutating func skipSpace() {
        while i < bytes.count {
            switch bytes[i] {
            case 0x20, 0x09, 0x0A, 0x0D: i += 1
            default: return
            }
        }
    }

    private mutating func value() throws -> JSON {
        guard i < bytes.count else { throw error("expected a value, got end of file") }
        values += 1
        if values > maxValues {
            let e = error("")
            throw JSONValueLimitError(line: e.line, column: e.column, limit: maxValues)
        }
        switch bytes[i] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "N"): try literal("NaN"); return .number(.nan, text: "NaN")
        case UInt8(ascii: "I"): try literal("Infinity"); return .number(.infinity, text: "Infinity")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw error("expected a value, got \(peekDescription)")
        }
    }

    private mutating func literal(_ word: String) throws {
        let w = Array(word.utf8)
        guard i + w.count <= bytes.count, Array(bytes[i..<i + w.count]) == w else {
            throw error("expected a value, got \(peekDescription)")
        }
        i += w.count
    }

    private mutating func enter() throws {
        depth += 1
        if depth > Limits.maxNestingDepth { throw error("nesting deeper than \(Limits.maxNestingDepth) levels") }
    }

    private mutating func object() throws -> JSON {
        try enter()
        defer { depth -= 1 }
        i += 1
        var members: [JSON.Member] = []
        var seen = Set<String>()
        skipSpace()
        if i < bytes.count && bytes[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
        while true {
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else {
                throw error("expected a quoted key, got \(peekDescription)")
            }
            let keyStart = i
            let key = try string()
            if !seen.insert(key).inserted {
                i = keyStart
                throw error("duplicate key, got \(quoted(key))")
            }
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else {
                throw error("expected ':', got \(peekDescription)")
            }
            i += 1
            skipSpace()
            members.append(JSON.Member(key, try value()))
            skipSpace()
            guard i < bytes.count else { throw error("expected ',' or '}', got end of file") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
            throw error("expected ',' or '}', got \(peekDescription)")
        }
    }

    private mutating func array() throws -> JSON {
        try enter()
        defer { depth -= 1 }
        i += 1
        var elements: [JSON] = []
        skipSpace()
        if i < bytes.count && bytes[i] == UInt8(ascii: "]") { i += 1; return .array(elements) }
        while true {
            skipSpace()
            elements.append(try value())
            skipSpace()
            guard i < bytes.count else { throw error("expected ',' or ']', got end of file") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "]") { i += 1; return .array(elements) }
            throw error("expected ',' or ']', got \(peekDescription)")
        }
    }

    private mutating func string() throws -> String {
        i += 1
        var out: [UInt8] = []
        while true {
            guard i < bytes.count else { throw error("unterminated string, got end of file") }
            let c = bytes[i]
            if c == UInt8(ascii: "\"") { i += 1; break }
            if c < 0x20 { throw error("control character in a string, got byte \(c)") }
            if c == UInt8(ascii: "\\") {
                i += 1
                guard i < bytes.count else { throw error("unterminated string, got end of file") }
                let e = bytes[i]
                i += 1
                switch e {
                case UInt8(ascii: "\""): out.append(0x22)
                case UInt8(ascii: "\\"): out.append(0x5C)
                case UInt8(ascii: "/"): out.append(0x2F)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var code = try hex4()
                    if (0xD800..<0xDC00).contains(code), i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"),
                        bytes[i + 1] == UInt8(ascii: "u")
                    {
                        i += 2
                        let low = try hex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw error("invalid surrogate pair") }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(code) else { throw error("invalid \\u escape") }
                    out.append(contentsOf: Array(String(Character(scalar)).utf8))
                default:
                    i -= 1
                    throw error("invalid escape in a string, got \(peekDescription)")
                }
            } else {
                out.append(c)
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private mutating func hex4() throws -> UInt32 {
        guard i + 4 <= bytes.count else { throw error("invalid \\u escape") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let c = bytes[i]
            let d: UInt32
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(c - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = UInt32(c - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = UInt32(c - UInt8(ascii: "A") + 10)
            default: throw error("invalid \\u escape, got \(peekDescription)")
            }
            v = v * 16 + d
            i += 1
        }
        return v
    }

    private mutating func number() throws -> JSON {
        let start = i
        if bytes[i] == UInt8(ascii: "-") {
            i += 1
            if i < bytes.count && bytes[i] == UInt8(ascii: "I") {
                try literal("Infinity")
                return .number(-.infinity, text: "-Infinity")
            }
        }
        func digits() -> Int {
            let s = i
            while i < bytes.count && bytes[i] >= UInt8(ascii: "0") && bytes[i] <= UInt8(ascii: "9") { i += 1 }
            return i - s
        }
        let intStart = i
        let intDigits = digits()
        if intDigits == 0 { throw error("invalid number, got \(peekDescription)") }
        if intDigits > 1 && bytes[intStart] == UInt8(ascii: "0") {
            i = start
            throw error("invalid number (leading zero), got \(peekDescription)")
        }
        if i < bytes.count && bytes[i] == UInt8(ascii: ".") {
            i += 1
            if digits() == 0 { throw error("invalid number (no digits after '.'), got \(peekDescription)") }
        }
        if i < bytes.count && (bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E")) {
            i += 1
            if i < bytes.count && (bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-")) { i += 1 }
            if digits() == 0 { throw error("invalid number (no exponent digits), got \(peekDescription)") }
        }
        let text = String(decoding: bytes[start..<i], as: UTF8.self)
        guard let value = Double(text) else { throw error("invalid number, got \(quoted(text))") }
        return .number(value, text: text)
    }
}

/// Writes JSON text: two-space indentation, arrays of scalars on one line, keys in stored order, numbers in their
/// stored text. Deterministic.
public enum JSONWriter {
    /// The document as UTF-8 text with a final newline.
    public static func write(_ value: JSON) -> String {
        var out = ""
        emit(value, indent: 0, into: &out)
        out += "\n"
        return out
    }

    private static func isScalar(_ v: JSON) -> Bool {
        switch v {
        case .array, .object: return false
        default: return true
        }
    }

    private static func emit(_ value: JSON, indent: Int, into out: inout String) {
        // The padding is made only for arrays and objects written over lines (scalars were most calls).
        var pad: String { String(repeating: " ", count: indent + 2) }
        switch value {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(_, let text): out += text
        case .string(let s): out += quote(s)
        case .array(let a):
            if a.isEmpty { out += "[]"; return }
            if a.allSatisfy(isScalar) {
                out +=
                    "["
                    + a.map { v -> String in
                        var s = ""; emit(v, indent: 0, into: &s); return s
                    }
                    .joined(separator: ", ") + "]"
                return
            }
            out += "[\n"
            let pad = pad
            for (k, v) in a.enumerated() {
                out += pad
                emit(v, indent: indent + 2, into: &out)
                out += k + 1 < a.count ? ",\n" : "\n"
            }
            out += String(repeating: " ", count: indent) + "]"
        case .object(let members):
            if members.isEmpty { out += "{}"; return }
            out += "{\n"
            let pad = pad
            for (k, m) in members.enumerated() {
                out += pad + quote(m.key) + ": "
                emit(m.value, indent: indent + 2, into: &out)
                out += k + 1 < members.count ? ",\n" : "\n"
            }
            out += String(repeating: " ", count: indent) + "}"
        }
    }

    /// A JSON string literal (`TextQuoting/json(_:)`).
    public static func quote(_ s: String) -> String { TextQuoting.json(s) }
}
