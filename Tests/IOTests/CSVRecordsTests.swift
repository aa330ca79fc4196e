import XCTest
import IO

/// CSVRecords.forEach hands over the records parse returns (parse collects them), one at a time, and stops at the
/// first error its body throws.
final class CSVRecordsTests: XCTestCase {
    /// A BOM, quoted fields (a comma, a doubled quote, a line break, an empty one alone on its line), CRLF, a lone CR,
    /// blank lines and no line end at the end.
    let text: [UInt8] =
        [0xEF, 0xBB, 0xBF]
        + Array("t,name,x\r\n0,\"a, \"\"b\"\"\",1\r\n\r\n1,\"two\nlines\",2\r2,c,3\n\n\n\"\"\n3,,4".utf8)

    private func streamed(_ bytes: [UInt8]) throws -> [CSVRecords.Record] {
        var records: [CSVRecords.Record] = []
        try CSVRecords.forEach(bytes) { records.append($0) }
        return records
    }

    func testForEachGivesTheRecordsParseGives() throws {
        let records = try streamed(text)
        XCTAssertEqual(records, try CSVRecords.parse(text))
        XCTAssertEqual(
            records.map(\.fields),
            [
                ["t", "name", "x"], ["0", "a, \"b\"", "1"], ["1", "two\nlines", "2"], ["2", "c", "3"], [""],
                ["3", "", "4"],
            ])
        XCTAssertEqual(records.map(\.line), [1, 2, 4, 6, 9, 10])
    }

    func testForEachFailsAsParseDoes() {
        for bad in [Array("t,x\n0,1\n1,\"2\n".utf8), Array("t,x\n0,1\n1,".utf8) + [0xFF] + Array("\n".utf8)] {
            var seen: [Int] = [], streamed: CSVRecords.Failure? = nil, parsed: CSVRecords.Failure? = nil
            do { try CSVRecords.forEach(bad) { seen.append($0.line) } } catch {
                streamed = error as? CSVRecords.Failure
            }
            do { _ = try CSVRecords.parse(bad) } catch { parsed = error as? CSVRecords.Failure }
            XCTAssertEqual(streamed?.line, 3)
            XCTAssertEqual(streamed, parsed)
            XCTAssertEqual(seen, [1, 2], "the records before the bad one are handed over")
        }
    }

    /// An error the body throws ends the reading at once: no later record is read, not even a broken one.
    func testAnErrorFromTheBodyStopsTheReading() {
        struct Stop: Error {}
        let bytes = Array("t,x\n0,1\n1,2\n2,\"unclosed\n".utf8)
        var seen: [Int] = []
        XCTAssertThrowsError(
            try CSVRecords.forEach(bytes) {
                seen.append($0.line)
                if $0.line == 2 { throw Stop() }
            }
        ) { XCTAssertTrue($0 is Stop, "\($0)") }
        XCTAssertEqual(seen, [1, 2])
    }
}
