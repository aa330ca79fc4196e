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

    /// The records of `bytes` (a UTF-8 byte-order mark skipped).
    /// - Throws: ``Failure``.
    public static func parse(_ bytes: [UInt8]) throws -> [Record] {
        var records: [Record] = []
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
                records.append(Record(line: start, fields: fields))
            }
            fields = []
            field = []
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
                field = []
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
        return records
    }
}
