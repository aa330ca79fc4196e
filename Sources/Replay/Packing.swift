import Foundation
import IO

/// The series of a page packed into one byte string, each series described by a small JSON object, so a long run
/// stays a page a browser opens at once (docs/view.md, "How the data is packed").
///
/// Encodings, chosen per series:
/// - `const`: every value equal: the value, no bytes.
/// - `q` (quantized): each value rounded to a multiple of the step `s`, a power of two at most 2^-18 of the series'
///   range (x from 0 to 375 pt: s = 2^-10 pt, under 0.001 pt), so the error is at most s/2; then the differences
///   between consecutive rows, zigzag-mapped to unsigned (0, −1, 1, −2 ... → 0, 1, 2, 3 ...) and written as LEB128
///   varints (7 bits a byte, low first). An item at rest costs one byte a row, a moving one two or three.
/// - `f64`: little-endian IEEE 754 doubles, for a series whose multiples of s would pass 2^50 (huge values beside a
///   tiny range), and for row times that are not index / rate.
/// - `ticks`: row times, each its row's index over the rate, computed by the page (``add(times:rate:stride:last:)``).
/// Numbers in the descriptors are written shortest round-trip, so the page is the same bytes run after run.
struct SeriesPacker {
    /// The packed bytes so far.
    private(set) var bytes: [UInt8] = []

    /// The finest step used: 2^-18 of the range, and no finer than 2^-40 of the largest magnitude.
    static let rangeBits = 18.0

    /// Adds a series; returns its descriptor (`{"enc": "const", "v": x}`, `{"enc": "q", "s": step, "o": offset,
    /// "n": byteCount}` or `{"enc": "f64", "o": offset, "n": byteCount}`).
    /// - Precondition: every value is finite (runs refuse non-finite rows before they reach a page).
    mutating func add(_ values: [Double]) -> CompactJSON {
        guard let lo = values.min(), let hi = values.max(), lo != hi else {
            return .object([("enc", .string("const")), ("v", .number(values.first ?? 0)), ("len", .int(values.count))])
        }
        let magnitude = max(abs(lo), abs(hi))
        let step = exp2((log2(hi - lo) - SeriesPacker.rangeBits).rounded(.down))
        let start = bytes.count
        if magnitude / step < 0x1p50 && step.isNormal {
            var previous: Int64 = 0
            for v in values {
                let q = Int64((v / step).rounded())
                appendVarint(q &- previous)
                previous = q
            }
            return .object([
                ("enc", .string("q")), ("s", .number(step)), ("o", .int(start)), ("n", .int(bytes.count - start)),
                ("len", .int(values.count)),
            ])
        }
        for v in values {
            var bits = v.bitPattern.littleEndian
            withUnsafeBytes(of: &bits) { bytes.append(contentsOf: $0) }
        }
        return .object([
            ("enc", .string("f64")), ("o", .int(start)), ("n", .int(bytes.count - start)), ("len", .int(values.count)),
        ])
    }

    /// Adds a page's row times, exactly: when every time is its row's index over `rate` (row k at
    /// (k × stride) / rate, the last row at `last` / rate), as dynsim's rows are, the `ticks` encoding
    /// (`{"enc": "ticks", "rate": r, "stride": s, "last": L, "len": n}`: no bytes, and the page computes each time by
    /// the same IEEE division); otherwise `f64`. Never quantized: a time rounded coarser than the rows' spacing (2^-16 s
    /// for 5 s at 100 kHz) would make rows share a time and leave some unreachable.
    mutating func add(times values: [Double], rate: Double, stride: Int, last: Int) -> CompactJSON {
        let n = values.count
        let ticks =
            n > 0
            && values.indices.allSatisfy { k in
                values[k] == Double(k == n - 1 ? last : k * stride) / rate
            }
        if ticks {
            return .object([
                ("enc", .string("ticks")), ("rate", .number(rate)), ("stride", .int(stride)), ("last", .int(last)),
                ("len", .int(n)),
            ])
        }
        let start = bytes.count
        for v in values {
            var bits = v.bitPattern.littleEndian
            withUnsafeBytes(of: &bits) { bytes.append(contentsOf: $0) }
        }
        return .object([
            ("enc", .string("f64")), ("o", .int(start)), ("n", .int(bytes.count - start)), ("len", .int(n)),
        ])
    }

    /// Adds whole numbers (indices into a string table, counts): the `q` encoding with step 1.
    mutating func add(integers values: [Int]) -> CompactJSON {
        guard let first = values.first, values.contains(where: { $0 != first }) else {
            return .object([("enc", .string("const")), ("v", .int(values.first ?? 0)), ("len", .int(values.count))])
        }
        let start = bytes.count
        var previous = 0
        for v in values {
            appendVarint(Int64(v - previous))
            previous = v
        }
        return .object([
            ("enc", .string("q")), ("s", .int(1)), ("o", .int(start)), ("n", .int(bytes.count - start)),
            ("len", .int(values.count)),
        ])
    }

    /// A difference zigzag-mapped (0, −1, 1, −2 ... → 0, 1, 2, 3 ...) and written as a LEB128 varint.
    private mutating func appendVarint(_ d: Int64) {
        var z = UInt64(bitPattern: (d << 1) ^ (d >> 63))
        while z >= 0x80 {
            bytes.append(UInt8(z & 0x7f) | 0x80)
            z >>= 7
        }
        bytes.append(UInt8(z))
    }

    /// The bytes as base64 (RFC 4648, with padding).
    var base64: String { Data(bytes).base64EncodedString() }
}

/// A JSON value written compactly for embedding in a page: keys in the order given, numbers shortest round-trip, and
/// `<`, `>`, `&` and U+2028/U+2029 escaped so the text is safe inside a `<script>` element.
indirect enum CompactJSON {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([CompactJSON])
    case object([(String, CompactJSON)])

    /// A whole number.
    static func int(_ n: Int) -> CompactJSON { .number(Double(n)) }

    /// The text.
    var text: String {
        var out = ""
        emit(into: &out)
        return out
    }

    func emit(into out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let x): out += x.isFinite ? NumberFormat.shortest(x) : "null"
        case .string(let s): CompactJSON.quote(s, into: &out)
        case .array(let a):
            out += "["
            for (k, v) in a.enumerated() {
                if k > 0 { out += "," }
                v.emit(into: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (k, (key, v)) in members.enumerated() {
                if k > 0 { out += "," }
                CompactJSON.quote(key, into: &out)
                out += ":"
                v.emit(into: &out)
            }
            out += "}"
        }
    }

    static func quote(_ s: String, into out: inout String) { out += TextQuoting.json(s, inScript: true) }

    /// Numbers as an array.
    static func numbers(_ xs: [Double]) -> CompactJSON { .array(xs.map { .number($0) }) }
}
