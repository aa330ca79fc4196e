/// Shortest round-trip decimal digits of a double, by Giulietti's Schubfach method ("The Schubfach way to render
/// doubles", R. Giulietti, 2020/2022): the value's rounding interval is scaled by a 126-bit power of ten (exact in the
/// range handled here), rounded to odd, and the shortest decimal inside the interval (the closest one, ties to even,
/// when several have that length) is read off with two comparisons.
///
/// Only the range CSV trajectories live in is handled here: normal doubles with 2^-13 ≤ |x| < 2^49 that are not exact
/// powers of two (whose rounding interval is asymmetric). ``NumberFormat`` sends everything else to the standard
/// library's formatter. Within that range Swift's `description` prints plain decimals, and so does this.
enum Schubfach {
    /// g(m) = 10^m · 2^(125 − ⌊m·log2 10⌋) for m = −k in 0...20, with ⌊m·log2 10⌋ beside it. In this range g is an
    /// integer below 2^126, so it is exact: the paper's general table stores ⌊g⌋ + 1, an over-estimate whose error
    /// would break exact ties (x = …320.125 must print …320.12, the even neighbour, as `description` does).
    static let table: [(g: UInt128, log2Pow10: Int)] = (0...20).map { m in
        var p: UInt128 = 1
        for _ in 0..<m { p *= 10 }
        let log2 = UInt128.bitWidth - p.leadingZeroBitCount - 1  // ⌊log2 10^m⌋, exact
        return (p << (125 - log2), log2)
    }

    /// ⌊(g · cp) / 2^127⌋ with its lowest bit set when the discarded bits are not all zero (round to odd).
    @inline(__always)
    static func roundToOdd(_ g: UInt128, _ cp: UInt64) -> UInt64 {
        let lo = UInt64(truncatingIfNeeded: g).multipliedFullWidth(by: cp)
        let hi = UInt64(truncatingIfNeeded: g >> 64).multipliedFullWidth(by: cp)
        let (mid, carry) = hi.low.addingReportingOverflow(lo.high)
        let top = hi.high &+ (carry ? 1 : 0)
        let result = top << 1 | mid >> 63
        let sticky: UInt64 = (mid & (1 << 63 - 1)) | lo.low != 0 ? 1 : 0
        return result | sticky
    }

    /// Writes the shortest round-trip text of `x` (no exponent, no trailing ".0") at `out` and returns its length
    /// (at most 24 bytes), or returns nil, writing nothing, when `x` is outside the handled range.
    @inline(__always)
    static func format(_ x: Double, into out: UnsafeMutablePointer<UInt8>) -> Int? {
        let a = abs(x)
        guard a >= 0x1p-13, a < 0x1p49 else { return nil }
        let fraction = x.significandBitPattern
        guard fraction != 0 else { return nil }  // power of two: asymmetric interval
        let c = fraction | 1 << 52
        let q = Int(x.exponentBitPattern) - 1075  // x = c · 2^q, −65 ≤ q ≤ −4
        var digits: UInt64
        var exponent10: Int
        if -q <= 52 && c & (1 << UInt64(-q) - 1) == 0 {
            digits = c >> UInt64(-q)  // an integer: its digits as they are
            exponent10 = 0
        } else {
            let k = (q * 661_971_961_083) >> 41  // ⌊q · log10 2⌋ (exact for |q| < 5·10^6)
            let entry = table[-k]
            let h = q + entry.log2Pow10 + 2
            let cb = c << 2, cbl = cb - 2, cbr = cb + 2
            let vb = roundToOdd(entry.g, cb << h)
            let vbl = roundToOdd(entry.g, cbl << h)
            let vbr = roundToOdd(entry.g, cbr << h)
            let outside: UInt64 = c & 1  // odd c: the interval's ends round away
            let s = vb >> 2
            let sp10 = s / 10 * 10, tp10 = sp10 + 10
            let upin = vbl + outside <= sp10 << 2
            let wpin = tp10 << 2 + outside <= vbr
            if upin != wpin {
                digits = upin ? sp10 : tp10
            } else {
                let t = s + 1
                let uin = vbl + outside <= s << 2
                let win = t << 2 + outside <= vbr
                if uin != win {
                    digits = uin ? s : t
                } else {
                    let twice = (s + t) << 1
                    digits = vb < twice || (vb == twice && s & 1 == 0) ? s : t
                }
            }
            exponent10 = k
            while digits % 10 == 0 { digits /= 10; exponent10 += 1 }
        }
        // All 17 places of `digits` (< 10^17), leading zeros included, two at a time.
        var scratch: (UInt64, UInt64, UInt64) = (0, 0, 0)
        return withUnsafeMutableBytes(of: &scratch) { raw -> Int in
            let d = raw.baseAddress!.assumingMemoryBound(to: UInt8.self)
            let high = UInt32(truncatingIfNeeded: digits / 100_000_000)  // < 10^9
            let low = UInt32(truncatingIfNeeded: digits % 100_000_000)
            d[0] = UInt8(truncatingIfNeeded: high / 100_000_000) &+ 48
            eight(high % 100_000_000, d + 1)
            eight(low, d + 9)
            var n = 17
            while n > 1 && d[17 - n] == 48 { n -= 1 }
            let first = d + (17 - n)
            var w = 0
            if x < 0 { out[0] = UInt8(ascii: "-"); w = 1 }
            let point = n + exponent10  // digits before the decimal point
            if exponent10 >= 0 {
                (out + w).update(from: first, count: n); w += n
                for _ in 0..<exponent10 { out[w] = 48; w += 1 }
            } else if point > 0 {
                (out + w).update(from: first, count: point); w += point
                out[w] = UInt8(ascii: "."); w += 1
                (out + w).update(from: first + point, count: n - point); w += n - point
            } else {
                out[w] = 48; out[w + 1] = UInt8(ascii: "."); w += 2
                for _ in 0..<(-point) { out[w] = 48; w += 1 }
                (out + w).update(from: first, count: n); w += n
            }
            return w
        }
    }

    /// Writes `x` < 10^8 as exactly eight decimal digits at `p`.
    @inline(__always)
    static func eight(_ x: UInt32, _ p: UnsafeMutablePointer<UInt8>) {
        let high = x / 10_000, low = x % 10_000
        two(high / 100, p); two(high % 100, p + 2); two(low / 100, p + 4); two(low % 100, p + 6)
    }

    /// Writes `x` < 100 as two decimal digits at `p` (x·103 >> 10 is x / 10 for x < 100).
    @inline(__always)
    static func two(_ x: UInt32, _ p: UnsafeMutablePointer<UInt8>) {
        let tens = (x &* 103) >> 10
        p[0] = UInt8(truncatingIfNeeded: tens) &+ 48
        p[1] = UInt8(truncatingIfNeeded: x &- tens &* 10) &+ 48
    }
}
