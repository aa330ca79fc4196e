import XCTest
import IO

/// Quoting against the formats' own rules: RFC 4180 §2 (fields with commas, quotes or line breaks are enclosed in
/// double quotes; a quote inside is escaped by another) and RFC 8259 §7 (quote, reverse solidus and control characters
/// below U+0020 are escaped).
final class TextQuotingTests: XCTestCase {
    func testCSVFieldsFollowRFC4180() {
        XCTAssertEqual(TextQuoting.csvField("plain"), "plain")
        XCTAssertEqual(TextQuoting.csvField(""), "")
        XCTAssertEqual(TextQuoting.csvField("a,b"), "\"a,b\"")
        XCTAssertEqual(TextQuoting.csvField("my fade, \"slow\""), "\"my fade, \"\"slow\"\"\"")
        XCTAssertEqual(TextQuoting.csvField("two\nlines"), "\"two\nlines\"")
        XCTAssertEqual(TextQuoting.csvField("cr\r"), "\"cr\r\"")
        XCTAssertEqual(TextQuoting.csvField("é and spaces"), "é and spaces")
    }

    func testJSONStringsFollowRFC8259() {
        XCTAssertEqual(TextQuoting.json("a\"b\\c"), "\"a\\\"b\\\\c\"")
        XCTAssertEqual(TextQuoting.json("\n\r\t"), "\"\\n\\r\\t\"")
        XCTAssertEqual(TextQuoting.json("\u{01}\u{1F}"), "\"\\u0001\\u001f\"")
        XCTAssertEqual(TextQuoting.json("é/"), "\"é/\"")
        // DEL and the C1 controls (U+009B is a terminal's control sequence introducer) are escaped too; U+00A0 is not.
        XCTAssertEqual(TextQuoting.json("a\u{7F}\u{85}\u{9B}\u{A0}b"), "\"a\\u007f\\u0085\\u009b\u{A0}b\"")
    }
}

/// The directory part of a path as written (what a scene's relative CSV names and an output's temporary file are
/// placed beside), against POSIX dirname's answers for the same paths, "" standing for its ".".
final class DirectoryPartTests: XCTestCase {
    func testMatchesDirname() {
        for (path, dirname) in [
            ("x", ""), ("-", ""), ("é", ""), ("a/b", "a"), ("/x", "/"), ("a/b/c.json", "a/b"),
            ("./s", "."), ("../d/e", "../d"),
        ] {
            XCTAssertEqual(directoryPart(of: path), dirname, path)
        }
    }
}

/// XML attributes keep tabs and line breaks as character references (a parser turns the raw ones into spaces), and a
/// lone CR ends a CSV record (a file with classic Mac line ends once read as one row).
final class AttributeAndLineEndTests: XCTestCase {
    func testAttributesKeepTabsAndLineBreaks() {
        XCTAssertEqual(TextQuoting.xmlAttribute("a\tb\nc\r\nd\"<"), "a&#9;b&#10;c&#13;&#10;d&quot;&lt;")
    }

    func testALoneCarriageReturnEndsARecord() throws {
        let records = try CSVRecords.parse(Array("t,value\r0,1\r1,2\r".utf8))
        XCTAssertEqual(records.map(\.fields), [["t", "value"], ["0", "1"], ["1", "2"]])
        XCTAssertEqual(records.map(\.line), [1, 2, 3])
    }
}
