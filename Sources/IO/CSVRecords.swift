import Foundation

/// CSV records (RFC 4180: fields separated by commas, a field in double quotes may hold commas, line ends and doubled
/// quotes), each with the line it starts on. Blank lines are skipped; CRLF, LF and a lone CR each end a record.
public enum CSVRecords {
    /// One record: the line it starts on (from 1) and its fields, unquoted.
    public struct Record: Sendable, Equatable {
        /// The line the record starts on, from 1 (a quoted field may span lines).
        public var line: Int
        /// The fields, unquoted, as text.
        public var fields: [String]
    }

    /// What is wrong at a line: text that is not UTF-8, a quoted field not closed.
    public struct Failure: Error, Sendable, Equatable {
        /// The line, from 1.
        public var line: Int
        /// What is wrong (`is not UTF-8 text`, `a quoted field is not closed`).
        public var message: String
    }

    /// The records of `bytes` (a UTF-8 byte-order mark skipped), all at once: ``forEach(_:_:)`` collecting them.
    /// Memory: the records' fields as `String`s, several times the input; a reader that checks each record as it
    /// comes uses ``forEach(_:_:)`` instead.
    /// - Throws: ``Failure``.
    public static func parse(_ bytes: [UInt8]) throws -> [Record] {
        var records: [Record] = []
        try forEach(bytes) { records.append($0) }
        return records
    }

    /// Calls `body` with each record of `bytes` (a UTF-8 byte-order mark skipped) in file order, as soon as the record
    /// ends, with the same records, lines and failures as ``parse(_:)``. Memory beyond `bytes`: one record's fields.
    ///
    /// Reading stops at the first error: an error `body` throws is rethrown as it is, and no later record is read (so
    /// a reader that throws at line 12 of a large file does not parse the rest); a ``Failure`` at a line is thrown
    /// after `body` has had every record before it (an unclosed quote is found at the end of the bytes).
    /// - Parameters:
    ///   - bytes: the CSV text, UTF-8.
    ///   - body: called once for each record that is not blank, its line from 1.
    /// - Throws: ``Failure`` (text that is not UTF-8, a quoted field not closed), or what `body` throws.
    public static func forEach(_ bytes: [UInt8], _ body: (Record) throws -> Void) throws {
        var fields: [String] = []
        var field: [UInt8] = []
        var line = 1, start = 1
        var k = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var quoted = false, wasQuoted = false
        func text() throws -> String {
            guard let s = String(validating: field, as: UTF8.self) else {
                throw Failure(line: line, message: "is not UTF-8 text")
            }
            return s
        }
        func endRecord() throws {
            fields.append(try text())
            if !(fields.count == 1 && fields[0].isEmpty && !wasQuoted) {
                try body(Record(line: start, fields: fields))
            }
            // (Kept capacity: the next record's fields reuse the buffers once `body` has let go of them.)
            fields.removeAll(keepingCapacity: true)
            field.removeAll(keepingCapacity: true)
            wasQuoted = false
        }
        while k < bytes.count {
            let b = bytes[k]
            k += 1
            if quoted {
                if b == UInt8(ascii: "\"") {
                    if k < bytes.count && bytes[k] == UInt8(ascii: "\"") {
                        field.append(b); k += 1
                    } else {
                        quoted = false
                    }
                } else {
                    if b == UInt8(ascii: "\n") { line += 1 }
                    field.append(b)
                }
                continue
            }
            switch b {
            case UInt8(ascii: "\"") where field.isEmpty:
                quoted = true
                wasQuoted = true
            case UInt8(ascii: ","):
                fields.append(try text())
                field.removeAll(keepingCapacity: true)
            case UInt8(ascii: "\r") where k < bytes.count && bytes[k] == UInt8(ascii: "\n"):
                continue
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                // (A lone CR ends a record too: files saved with classic Mac line ends, as Python's csv reads them.)
                try endRecord()
                line += 1
                start = line
            default:
                field.append(b)
            }
        }
        if quoted { throw Failure(line: start, message: "a quoted field is not closed") }
        if !field.isEmpty || !fields.isEmpty { try endRecord() }
    }
}
