import XCTest
@testable import Replay

/// The page's packed series, decoded here by a decoder written from Packing.swift's description (zigzag LEB128
/// differences of multiples of the step), not by the code under test.
final class PackingTests: XCTestCase {
    /// Decodes one `q` series: the reference for what the page's decode.js does.
    private func decode(_ bytes: [UInt8], offset: Int, count: Int, step: Double) -> [Double] {
        var out: [Double] = [], p = offset, q: Int64 = 0
        for _ in 0..<count {
            var z: UInt64 = 0, shift: UInt64 = 0
            while true {
                let b = bytes[p]; p += 1
                z |= UInt64(b & 0x7f) << shift
                shift += 7
                if b < 0x80 { break }
            }
            let d = Int64(z >> 1) ^ -Int64(z & 1)
            q += d
            out.append(Double(q) * step)
        }
        return out
    }

    private func members(_ json: CompactJSON) -> [String: CompactJSON] {
        guard case .object(let m) = json else { return [:] }
        return Dictionary(uniqueKeysWithValues: m)
    }

    private func number(_ json: CompactJSON?) -> Double {
        if case .number(let x)? = json { return x }
        XCTFail("not a number: \(String(describing: json))")
        return .nan
    }

    func testQuantizedSeriesRoundTripsWithinHalfAStep() {
        var packer = SeriesPacker()
        // A swing: 0 ... 375 pt, so the step is 2^-10 pt (375 / 2^18 = 0.00143, rounded down to a power of two).
        let xs = (0..<601).map { 187.5 + 187.5 * sin(Double($0) / 30) }
        let d = members(packer.add(xs))
        XCTAssertEqual(number(d["s"]), 0x1p-10)
        let back = decode(packer.bytes, offset: Int(number(d["o"])), count: xs.count, step: number(d["s"]))
        for (a, b) in zip(xs, back) { XCTAssertLessThanOrEqual(abs(a - b), 0x1p-11 + 1e-12) }
        // At rest a row costs one byte; this swing moves at most 6.25 pt a row: 6400 steps, 2 bytes zigzagged.
        XCTAssertLessThanOrEqual(Int(number(d["n"])), 2 * xs.count)
    }

    func testConstantSeriesCarryNoBytesAndHugeValuesFallBackToDoubles() {
        var packer = SeriesPacker()
        let d = members(packer.add(Array(repeating: 42.5, count: 100)))
        guard case .string("const")? = d["enc"] else { return XCTFail("expected const, got \(d)") }
        XCTAssertEqual(number(d["v"]), 42.5)
        XCTAssertEqual(packer.bytes.count, 0)
        // 1e300 beside a range of 1: multiples of the step would pass 2^50, so raw doubles.
        let big = [1e300, 1e300 + 1e284]
        let e = members(packer.add(big))
        guard case .string("f64")? = e["enc"] else { return XCTFail("expected f64, got \(e)") }
        let raw = packer.bytes[Int(number(e["o"]))..<Int(number(e["o"])) + 16]
        let values = stride(from: raw.startIndex, to: raw.endIndex, by: 8).map { k -> Double in
            Double(bitPattern: raw[k..<k + 8].reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) })
        }
        XCTAssertEqual(values, big)
    }

    func testCompactJSONIsSafeInsideAScriptElement() {
        let text = CompactJSON.object([("a", .string("</script><!-- & \u{2028}")), ("b", .numbers([0.1, 1e-7, 3]))])
            .text
        XCTAssertFalse(text.contains("<"))
        XCTAssertFalse(text.contains("\u{2028}"))
        XCTAssertEqual(text, #"{"a":"\u003c/script\u003e\u003c!-- \u0026 \u2028","b":[0.1,1e-7,3]}"#)
        // A real JSON parser reads it back.
        let back = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        XCTAssertEqual(back?["a"] as? String, "</script><!-- & \u{2028}")
    }
}
