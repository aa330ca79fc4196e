/// Number text for CSV, JSON Lines and JSON: the shortest decimal that reads back to the same Double (Swift's
/// `description`, which is locale-independent and round-trips), normalised so that integers print without ".0",
/// negative zero prints as "0" and exponents carry no '+' or leading zeros ("1e-5", "2.5e20").
public enum NumberFormat {
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
            if exponent.hasPrefix("+") { exponent.removeFirst() } else if exponent.hasPrefix("-") { negative = true; exponent.removeFirst() }
            while exponent.count > 1 && exponent.hasPrefix("0") { exponent.removeFirst() }
            return mantissa + "e" + (negative ? "-" : "") + exponent
        }
        if s.hasSuffix(".0") { s.removeLast(2) }
        return s
    }

    /// Appends the shortest text of `x` to a byte buffer.
    @inline(__always)
    public static func append(_ x: Double, to buffer: inout [UInt8]) {
        if x == 0 { buffer.append(UInt8(ascii: "0")); return }
        // Fast path: most values have no exponent; copy the description's bytes once, dropping a trailing ".0", without
        // the String edits of `shortest`.
        var s = x.description
        let plain = s.withUTF8 { bytes -> Bool in
            if bytes.contains(UInt8(ascii: "e")) { return false }
            let n = bytes.count
            let drop = n >= 2 && bytes[n - 1] == UInt8(ascii: "0") && bytes[n - 2] == UInt8(ascii: ".") ? 2 : 0
            buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[0..<(n - drop)]))
            return true
        }
        if !plain { buffer.append(contentsOf: shortest(x).utf8) }
    }
}
