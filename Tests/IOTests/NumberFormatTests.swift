import Foundation
import XCTest
@testable import IO

/// IO's number text: the shortest round-trip text, byte for byte from the appending writer, and rows longer than the
/// writer's buffer.
final class NumberFormatTests: XCTestCase {
    func testShortestRoundTripText() {
        XCTAssertEqual(NumberFormat.shortest(1), "1")
        XCTAssertEqual(NumberFormat.shortest(-0.0), "0")
        XCTAssertEqual(NumberFormat.shortest(187.5), "187.5")
        XCTAssertEqual(NumberFormat.shortest(1e-5), "1e-5")
        XCTAssertEqual(NumberFormat.shortest(-2.5e-7), "-2.5e-7")
        XCTAssertEqual(NumberFormat.shortest(1e20), "1e20")
        XCTAssertEqual(NumberFormat.shortest(0.1), "0.1")
        XCTAssertEqual(NumberFormat.shortest(1.0 / 60.0), "0.016666666666666666")
        for x in [1.0 / 3, 2.0 / 3e-9, -123456.789e10, Double.leastNonzeroMagnitude, Double.greatestFiniteMagnitude] {
            XCTAssertEqual(Double(NumberFormat.shortest(x)), x)
            var bytes: [UInt8] = []
            NumberFormat.append(x, to: &bytes)
            XCTAssertEqual(String(decoding: bytes, as: UTF8.self), NumberFormat.shortest(x))
        }
    }

    /// `append` takes its digits from dynsim's Schubfach renderer (in its range), `shortest` from the standard
    /// library's `description`: the two must agree byte for byte, appended after earlier text, over random bit
    /// patterns (every exponent, subnormals), trajectory-like values, decimals that print short and exact dyadic
    /// ties (…320.125 prints …320.12, the even neighbour).
    func testAppendMatchesShortestByteForByte() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 { state = state &* 6364136223846793005 &+ 1442695040888963407; return state }
        var bytes: [UInt8] = Array("x,".utf8)
        var mismatches: [String] = []
        for i in 0..<60_000 {
            let r = next()
            var x: Double
            switch i % 5 {
            case 0: x = Double(bitPattern: r)
            case 1: x = (Double(r >> 11) / Double(1 << 53) - 0.5) * 2000
            case 2: x = Double(Int64(bitPattern: r) % 200_000) / 100
            case 3: x = Double(Int64(bitPattern: r) % 1_000_000) * 1e-12
            default: x = Double(Int64(bitPattern: r) >> 14) / Double(1 << (r % 32))
            }
            if !x.isFinite { x = 1 }
            let before = bytes.count
            NumberFormat.append(x, to: &bytes)
            let got = String(decoding: bytes[before...], as: UTF8.self)
            if got != NumberFormat.shortest(x) {
                mismatches.append("\(x.bitPattern): \(got) vs \(NumberFormat.shortest(x))")
            }
            bytes.append(UInt8(ascii: ","))
        }
        XCTAssertEqual(mismatches.count, 0, "\(mismatches.prefix(5))")
        XCTAssertEqual(bytes.prefix(2), Array("x,".utf8)[...])
        XCTAssertEqual(NumberFormat.shortest(274211171985320.125), "274211171985320.12")
        bytes = []
        NumberFormat.append(274211171985320.125, to: &bytes)
        XCTAssertEqual(String(decoding: bytes, as: UTF8.self), "274211171985320.12")
    }

    /// A row longer than the writer's buffer grows it and comes out whole, in CSV and JSON Lines.
    func testRowLongerThanTheBufferComesOutWhole() throws {
        let values = (0..<6000).map { -0.12345678901234567 - Double($0) * 1e-3 }
        let columns = (0..<6000).map { "c\($0)" }
        for format in OutputFormat.allCases {
            var out: [UInt8] = []
            let writer = RowWriter(format: format, columns: columns) { out += $0 }
            try writer.header()
            try writer.row(values)
            try writer.finish()
            let text = String(decoding: out, as: UTF8.self)
            let numbers = values.map(NumberFormat.shortest)
            let expected =
                format == .csv
                ? columns.joined(separator: ",") + "\n" + numbers.joined(separator: ",") + "\n"
                : "{" + zip(columns, numbers).map { "\"\($0)\":\($1)" }.joined(separator: ",") + "}\n"
            XCTAssertGreaterThan(out.count, RowWriter.flushThreshold + 4096)
            XCTAssertEqual(text, expected, "\(format)")
        }
    }
}
