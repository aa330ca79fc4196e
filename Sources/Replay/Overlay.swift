import Foundation
import IO
import Scenes

/// Another run or a recorded trace drawn over a replay (`dynsim view SCENE --overlay FILE.csv`), read from CSV.
///
/// What a file may be, by its header (the first row; RFC 4180 quoting; a UTF-8 byte-order mark is skipped):
/// - a run of the scene: `t` then any of the scene's own columns (another profile, an older version); its items and
///   anchors are drawn as ghosts, and its columns join the plots;
/// - a point trace `t,x,y` (seconds, points; a device recording of a finger or a view's center): a dot with its path;
/// - a value trace `t,value`: one more series in the plots.
/// `t` must not decrease. Text columns of a run (a layer's text, an animator's state) are read and not drawn.
public struct Overlay: Sendable {
    /// What the file holds.
    public enum Kind: String, Sendable {
        /// A run of the scene (its columns).
        case run
        /// A `t,x,y` trace.
        case point
        /// A `t,value` trace.
        case series
    }
    /// The file as the user named it (the ghost's and series' label).
    public var label: String
    /// What the file holds.
    public var kind: Kind
    /// Row times, seconds.
    public var times: [Double]
    /// The numeric columns after `t` and their values, row by row.
    public var columns: [(name: String, values: [Double])]

    /// Reads an overlay CSV.
    /// - Parameters:
    ///   - bytes: the file's bytes.
    ///   - fileName: the file as the user named it (messages start with it).
    ///   - sceneName: the scene's name for messages.
    ///   - columns: the scene's columns (`Scene/allColumns`).
    ///   - textColumns: those of them that hold text.
    /// - Throws: `InputError` naming the file and the line (and column) for: no header, a first column other than
    ///   `t`, only `t`, a column the scene does not have (for a file that is not a `t,x,y` or `t,value` trace), a
    ///   repeated column (`t` too), a value beyond ±1e15, a row with another number of fields than the header, a
    ///   field that is not a finite number, `t` decreasing, an unclosed quote, no rows. Rows are checked as they are
    ///   read: the first bad line is reported.
    public init(_ bytes: [UInt8], fileName: String, sceneName: String, columns: [String], textColumns: Set<String>)
        throws
    {
        func fail(_ path: String, _ message: String) -> InputError {
            InputError(file: fileName, path: path, message: message)
        }
        var header: CSVRecords.Record? = nil
        var kind = Kind.run
        var numeric: [(offset: Int, element: String)] = [], reading: [Int] = []
        var times: [Double] = []
        var values: [[Double]] = []
        // Each row is checked and its numbers kept as it is read: the first bad line ends the reading.
        do {
            try CSVRecords.forEach(bytes) { record in
                if let header {
                    try Overlay.row(
                        record, header: header, reading: reading, fileName: fileName,
                        times: &times, values: &values)
                    return
                }
                guard record.fields.first == "t" else {
                    throw fail(
                        "line \(record.line), column 1",
                        "must be t (a run of the scene, or a trace t,x,y or t,value), got \(quoted(record.fields.first ?? ""))"
                    )
                }
                let names = Array(record.fields.dropFirst())
                guard !names.isEmpty else {
                    throw fail(
                        "line \(record.line)",
                        "has only t: give the columns to draw after it (t,x,y, t,value or the scene's)")
                }
                if let k = names.firstIndex(of: "t") {
                    throw fail("line \(record.line), column \(k + 2)", "repeats the column \"t\"")
                }
                kind = try Overlay.kind(
                    of: names, line: record.line, fileName: fileName, sceneName: sceneName,
                    columns: columns)
                numeric = names.enumerated().filter { !textColumns.contains($0.element) }
                reading = numeric.map(\.offset)
                values = Array(repeating: [], count: numeric.count)
                header = record
            }
        } catch let e as CSVRecords.Failure {
            throw InputError(file: fileName, path: "line \(e.line)", message: e.message)
        }
        guard header != nil else { throw fail("", "is empty: expected a header row such as t,x,y") }
        guard !times.isEmpty else { throw fail("", "has a header but no rows") }
        self.label = fileName
        self.kind = kind
        self.times = times
        self.columns = zip(numeric, values).map { ($0.element, $1) }
    }

    /// What a file whose header names `names` after `t` holds: `x,y` a point trace, `value` a value trace, anything
    /// else a run of the scene, whose columns must each be one of the scene's `columns`, once.
    /// - Throws: `InputError` naming `fileName` and the header's `line` and column for a column that is not the
    ///   scene's (`sceneName`'s) or one repeated.
    private static func kind(
        of names: [String], line: Int, fileName: String, sceneName: String,
        columns: [String]
    ) throws -> Kind {
        func fail(_ path: String, _ message: String) -> InputError {
            InputError(file: fileName, path: path, message: message)
        }
        if names == ["x", "y"] { return .point }
        if names == ["value"] { return .series }
        let known = Set(columns)
        var seen = Set<String>()
        for (k, name) in names.enumerated() {
            guard known.contains(name) else {
                let some = columns.prefix(6).joined(separator: ", ") + (columns.count > 6 ? ", ..." : "")
                throw fail(
                    "line \(line), column \(k + 2)",
                    "not a column of \(sceneName) (its columns: \(some); dynsim run \(sceneName) | head -1 lists them all), nor a trace's t,x,y or t,value, got \(quoted(name))"
                )
            }
            guard seen.insert(name).inserted else {
                throw fail("line \(line), column \(k + 2)", "repeats the column \(quoted(name))")
            }
        }
        return .run
    }

    /// Checks a row after the header and appends its time (seconds) to `times` and, for each column index in
    /// `reading` (after `t`: 0 is the header's second field), its value to that column's `values`.
    /// - Throws: `InputError` naming `fileName` and the line (and column) for a row with another number of fields than
    ///   `header`, a field that is not a finite number or beyond ±``Limits/maxTraceValue``, or `t` decreasing.
    private static func row(
        _ record: CSVRecords.Record, header: CSVRecords.Record, reading: [Int], fileName: String,
        times: inout [Double], values: inout [[Double]]
    ) throws {
        func fail(_ path: String, _ message: String) -> InputError {
            InputError(file: fileName, path: path, message: message)
        }
        guard record.fields.count == header.fields.count else {
            throw fail(
                "line \(record.line)",
                "has \(record.fields.count) field\(record.fields.count == 1 ? "" : "s"), the header has \(header.fields.count)"
            )
        }
        func number(_ k: Int) throws -> Double {
            let text = record.fields[k]
            guard let x = parseDecimal(Substring(text)), x.isFinite else {
                throw fail(
                    "line \(record.line), column \(k + 1) (\(header.fields[k]))",
                    "must be a number, got \(quoted(text))")
            }
            guard abs(x) <= Limits.maxTraceValue else {
                throw fail(
                    "line \(record.line), column \(k + 1) (\(header.fields[k]))",
                    "must be within ±\(NumberFormat.limit(Limits.maxTraceValue)), got \(text)")
            }
            return x
        }
        let t = try number(0)
        if let last = times.last, t < last {
            throw fail(
                "line \(record.line), column 1 (t)",
                "must not decrease, got \(NumberFormat.shortest(t)) after \(NumberFormat.shortest(last))")
        }
        times.append(t)
        for (j, k) in reading.enumerated() { values[j].append(try number(k + 1)) }
    }
}
