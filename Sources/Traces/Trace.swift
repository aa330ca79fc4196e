import Foundation
import IO

/// A recorded or simulated motion read from CSV: `t` (seconds, increasing) and numeric columns. dynsim's own run CSVs
/// (any columns) and plain device traces (`t,value`, `t,x,y`) are both traces.
///
/// Reading rules: RFC 4180 CSV, a header row whose first column is `t`; a column whose first value is not a number is
/// a text column (a layer's text, an animator's state) and is left out; every other field must be a finite number
/// within ±1e15;
/// `t` must increase from row to row.
public struct Trace: Sendable {
    /// The file as the user named it.
    public var label: String
    /// Row times, seconds, increasing.
    public var times: [Double]
    /// The numeric columns after `t`, in file order.
    public var columns: [(name: String, values: [Double])]
    /// Text columns left out.
    public var textColumns: [String]
    /// Column index by name.
    private var index: [String: Int]

    /// The values of the column `name`, or nil.
    public func column(_ name: String) -> [Double]? { index[name].map { columns[$0].values } }

    /// A trace from its parts.
    public init(label: String, times: [Double], columns: [(name: String, values: [Double])], textColumns: [String] = [])
    {
        self.label = label
        self.times = times
        self.columns = columns
        self.textColumns = textColumns
        self.index = Dictionary(columns.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { a, _ in a })
    }

    /// Reads a trace.
    /// - Parameters:
    ///   - bytes: the file's bytes.
    ///   - fileName: the file as the user named it (messages start with it).
    ///   - minRows: the fewest data rows accepted (2 to compare, 3 to fit).
    /// - Throws: `InputError` naming the file and the line (and column): no header, a first column other than `t`, a
    ///   repeated column, a row of another length than the header, a field that is not a finite number, `t` not
    ///   increasing, a value beyond ±1e15, fewer than `minRows` rows, no numeric column.
    public init(_ bytes: [UInt8], fileName: String, minRows: Int) throws {
        func fail(_ path: String, _ message: String) -> InputError {
            InputError(file: fileName, path: path, message: message)
        }
        let records: [CSVRecords.Record]
        do { records = try CSVRecords.parse(bytes) } catch let e as CSVRecords.Failure {
            throw fail("line \(e.line)", e.message)
        }
        guard let header = records.first else { throw fail("", "is empty: expected a header row such as t,value") }
        guard header.fields.first == "t" else {
            throw fail(
                "line \(header.line), column 1",
                "must be t (a time column in seconds), got \(quoted(header.fields.first ?? ""))")
        }
        var seen = Set<String>()
        for (k, name) in header.fields.enumerated() where !seen.insert(name).inserted {
            throw fail("line \(header.line), column \(k + 1)", "repeats the column \(quoted(name))")
        }
        let rows = Array(records.dropFirst())
        guard rows.count >= minRows else {
            throw fail("", "has \(rows.count) row\(rows.count == 1 ? "" : "s"), needs at least \(minRows)")
        }
        func number(_ text: String) -> Double? { parseDecimal(Substring(text)).flatMap { $0.isFinite ? $0 : nil } }
        for r in rows where r.fields.count != header.fields.count {
            throw fail(
                "line \(r.line)",
                "has \(r.fields.count) field\(r.fields.count == 1 ? "" : "s"), the header has \(header.fields.count)")
        }
        // Text columns: their first value is not a number.
        let isText = header.fields.indices.map { $0 > 0 && number(rows[0].fields[$0]) == nil }
        var values = Array(repeating: [Double](), count: header.fields.count)
        for r in rows {
            for k in header.fields.indices where !isText[k] {
                guard let x = number(r.fields[k]) else {
                    throw fail(
                        "line \(r.line), column \(k + 1) (\(header.fields[k]))",
                        "must be a number, got \(quoted(r.fields[k]))")
                }
                guard abs(x) <= Limits.maxTraceValue else {
                    throw fail(
                        "line \(r.line), column \(k + 1) (\(header.fields[k]))",
                        "must be within ±\(NumberFormat.limit(Limits.maxTraceValue)), got \(r.fields[k])")
                }
                if k == 0, let last = values[0].last, x <= last {
                    throw fail(
                        "line \(r.line), column 1 (t)",
                        "must increase, got \(NumberFormat.shortest(x)) after \(NumberFormat.shortest(last))")
                }
                values[k].append(x)
            }
        }
        let numeric = header.fields.indices.dropFirst().filter { !isText[$0] }
        guard !numeric.isEmpty else { throw fail("line \(header.line)", "has no numeric column after t") }
        self.init(
            label: fileName, times: values[0], columns: numeric.map { (header.fields[$0], values[$0]) },
            textColumns: header.fields.indices.filter { isText[$0] }.map { header.fields[$0] })
    }
}
