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

    /// Reads a trace, checking each row as it is read: memory is the input bytes and 8 bytes a numeric field, and the
    /// first bad line is reported without reading the rest.
    /// - Parameters:
    ///   - bytes: the file's bytes.
    ///   - fileName: the file as the user named it (messages start with it).
    ///   - minRows: the fewest data rows accepted (2 to compare, 3 to fit); fewer than 1 is taken as 1.
    /// - Throws: `InputError` naming the file and the line (and column), for the first line that has one of: no
    ///   header, a first column other than `t`, a repeated column, no numeric column (known at the first row), a row
    ///   of another length than the header, a field that is not a finite number, a value beyond ±1e15, `t` not
    ///   increasing, text that is not UTF-8; then an unclosed quote, or fewer than `minRows` rows.
    public init(_ bytes: [UInt8], fileName: String, minRows: Int) throws {
        func fail(_ path: String, _ message: String) -> InputError {
            InputError(file: fileName, path: path, message: message)
        }
        func number(_ text: String) -> Double? { parseDecimal(Substring(text)).flatMap { $0.isFinite ? $0 : nil } }
        var names: [String] = [], headerLine = 0
        // Decided by the first row: a column whose first value is not a number is text (and `t` never is).
        var isText: [Bool] = []
        var values: [[Double]] = []
        var rows = 0
        do {
            try CSVRecords.forEach(bytes) { r in
                if names.isEmpty {
                    guard r.fields.first == "t" else {
                        throw fail(
                            "line \(r.line), column 1",
                            "must be t (a time column in seconds), got \(quoted(r.fields.first ?? ""))")
                    }
                    var seen = Set<String>()
                    for (k, name) in r.fields.enumerated() where !seen.insert(name).inserted {
                        throw fail("line \(r.line), column \(k + 1)", "repeats the column \(quoted(name))")
                    }
                    (names, headerLine) = (r.fields, r.line)
                    values = Array(repeating: [], count: names.count)
                    return
                }
                guard r.fields.count == names.count else {
                    throw fail(
                        "line \(r.line)",
                        "has \(r.fields.count) field\(r.fields.count == 1 ? "" : "s"), the header has \(names.count)")
                }
                if rows == 0 {
                    isText = names.indices.map { $0 > 0 && number(r.fields[$0]) == nil }
                    guard isText.dropFirst().contains(false) else {
                        guard names.count > 1 else { throw fail("line \(headerLine)", "has no column after t") }
                        // The first row decides which columns are numbers: none is, so its first value is named.
                        throw fail(
                            "line \(r.line), column 2 (\(names[1]))",
                            "must be a number (no column after t holds one on the first row), got \(quoted(r.fields[1]))"
                        )
                    }
                }
                for k in names.indices where !isText[k] {
                    guard let x = number(r.fields[k]) else {
                        throw fail(
                            "line \(r.line), column \(k + 1) (\(names[k]))",
                            "must be a number, got \(quoted(r.fields[k]))")
                    }
                    guard abs(x) <= Limits.maxTraceValue else {
                        throw fail(
                            "line \(r.line), column \(k + 1) (\(names[k]))",
                            "must be within ±\(NumberFormat.limit(Limits.maxTraceValue)), got \(r.fields[k])")
                    }
                    if k == 0, let last = values[0].last, x <= last {
                        throw fail(
                            "line \(r.line), column 1 (t)",
                            "must increase, got \(NumberFormat.shortest(x)) after \(NumberFormat.shortest(last))")
                    }
                    values[k].append(x)
                }
                rows += 1
            }
        } catch let e as CSVRecords.Failure {
            throw fail("line \(e.line)", e.message)
        }
        guard !names.isEmpty else { throw fail("", "is empty: expected a header row such as t,value") }
        guard rows >= max(minRows, 1) else {
            throw fail("", "has \(rows) row\(rows == 1 ? "" : "s"), needs at least \(max(minRows, 1))")
        }
        let numeric = names.indices.dropFirst().filter { !isText[$0] }
        self.init(
            label: fileName, times: values[0], columns: numeric.map { (names[$0], values[$0]) },
            textColumns: names.indices.filter { isText[$0] }.map { names[$0] })
    }
}
