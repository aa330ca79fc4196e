/// Number text for CSV, JSON Lines and JSON: the shortest decimal that reads back to the same Double (Swift's
/// `description`, which is locale-independent and round-trips), normalised so that integers print without ".0",
/// negative zero prints as "0" and exponents carry no '+' or leading zeros ("1e-5", "2.5e20").
public enum NumberFormat {
    /// A limit as messages and docs/limits.md write it: ``shortest(_:)``, with a power of ten from 1e6 up as "1eN"
    /// ("1e15", "1e6"; "100000", "0.1" and "1e-6" as they are).
    public static func limit(_ x: Double) -> String {
        let s = shortest(abs(x))
        let zeros = s.dropFirst()
        guard s.hasPrefix("1"), zeros.count >= 6, zeros.allSatisfy({ $0 == "0" }) else { return shortest(x) }
        return (x < 0 ? "-" : "") + "1e\(zeros.count)"
    }

    /// The shortest round-trip text of a finite number.
    /// - Precondition: `x` is finite (writers check before formatting; dynsim never prints nan or inf).
    public static func shortest(_ x: Double) -> String {
        precondition(x.isFinite, "NumberFormat.shortest: non-finite value")
        if x == 0 { return "0" }
        var s = x.description
        if let e = s.firstIndex(of: "e") {
            var mantissa = String(s[..<e])
            var exponent = String(s[s.index(after: e)...])
            if mantissa.hasSuffix(".0") { mantissa.removeLast(2) }
            var negative = false
            if exponent.hasPrefix("+") {
                exponent.removeFirst()
            } else if exponent.hasPrefix("-") {
                negative = true; exponent.removeFirst()
            }
            while exponent.count > 1 && exponent.hasPrefix("0") { exponent.removeFirst() }
            return mantissa + "e" + (negative ? "-" : "") + exponent
        }
        if s.hasSuffix(".0") { s.removeLast(2) }
        return s
    }

    /// The most bytes ``write(_:to:)`` writes (the longest shortest text, "-2.2250738585072014e-308", has 24).
    public static let maxLength = 32

    /// Writes the shortest text of `x` (the same bytes as ``shortest(_:)``) at `out` and returns how many bytes it
    /// wrote. Values in the range trajectories live in (2^-13 ≤ |x| < 2^49) are rendered by `Schubfach` without a
    /// String or an allocation; others go through ``shortest(_:)``.
    /// - Precondition: `x` is finite; `out` has room for ``maxLength`` bytes.
    @inline(__always)
    public static func write(_ x: Double, to out: UnsafeMutablePointer<UInt8>) -> Int {
        if x == 0 { out[0] = UInt8(ascii: "0"); return 1 }
        if let n = Schubfach.format(x, into: out) { return n }
        return writeOutsideFastRange(x, to: out)
    }

    @inline(never)
    static func writeOutsideFastRange(_ x: Double, to out: UnsafeMutablePointer<UInt8>) -> Int {
        var n = 0
        for b in shortest(x).utf8 { out[n] = b; n += 1 }
        return n
    }

    /// Appends the shortest text of `x` (the same bytes as ``shortest(_:)``) to a byte array.
    /// - Precondition: `x` is finite.
    public static func append(_ x: Double, to buffer: inout [UInt8]) {
        var text: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        withUnsafeMutableBytes(of: &text) { raw in
            let n = write(x, to: raw.baseAddress!.assumingMemoryBound(to: UInt8.self))
            buffer.append(contentsOf: UnsafeRawBufferPointer(rebasing: raw[0..<n]))
        }
    }
}

/// Parses a decimal number in JSON's syntax (optional '-', digits with an optional fraction, optional exponent).
/// Rejects what `Double(String)` would also take: hexadecimal, "inf", "nan", a leading '+', embedded NULs.
public func parseDecimal(_ s: Substring) -> Double? {
    var i = s.utf8.startIndex
    let u = s.utf8
    func digits() -> Int {
        var n = 0
        while i < u.endIndex, u[i] >= 48, u[i] <= 57 { i = u.index(after: i); n += 1 }
        return n
    }
    if i < u.endIndex && u[i] == UInt8(ascii: "-") { i = u.index(after: i) }
    var mantissa = digits()
    if i < u.endIndex && u[i] == UInt8(ascii: ".") {
        i = u.index(after: i)
        mantissa += digits()
    }
    guard mantissa > 0 else { return nil }
    if i < u.endIndex && (u[i] == UInt8(ascii: "e") || u[i] == UInt8(ascii: "E")) {
        i = u.index(after: i)
        if i < u.endIndex && (u[i] == UInt8(ascii: "+") || u[i] == UInt8(ascii: "-")) { i = u.index(after: i) }
        guard digits() > 0 else { return nil }
    }
    guard i == u.endIndex else { return nil }
    return Double(String(s))
}
