import Foundation
import IO

/// A table `dynsim sweep` wrote, read back for `dynsim view TABLE.csv` (docs/sweep.md, docs/view.md): CSV with the
/// header `run,id,<each varied path>,<each metric>,status`, or JSON Lines with the same keys in the same order.
///
/// A metric's name holds a colon (`KIND:SUBJECT`, as `--metric` names it) and a varied path never does, so the columns
/// between `id` and `status` split into the varied paths, then the metrics.
public struct SweepResults: Sendable, Equatable {
    /// One run: one row of the table.
    public struct Run: Sendable, Equatable {
        /// The run's index in the plan.
        public var run: Int
        /// Its id (16 hex digits of the SHA-256 of its scene).
        public var id: String
        /// The varied values, in ``SweepResults/paths``' order.
        public var values: [Double]
        /// Each metric's value (nil: the run gave none), in ``SweepResults/metrics``' order.
        public var metrics: [Double?]
        /// `ok`, or why the run failed.
        public var status: String
    }
    /// The varied fields' paths, as the table names them.
    public var paths: [String]
    /// The metrics' names, as the table names them.
    public var metrics: [String]
    /// The runs, in the table's order.
    public var runs: [Run]

    /// A table of `runs` over `paths` and `metrics`.
    public init(paths: [String], metrics: [String], runs: [Run]) {
        self.paths = paths
        self.metrics = metrics
        self.runs = runs
    }

    /// Whether `bytes` look like a sweep table (not a scene): the first line starts with `run,id` (CSV) or `{"run":`
    /// (JSON Lines), a UTF-8 byte-order mark skipped.
    public static func looksLikeTable(_ bytes: [UInt8]) -> Bool {
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let head = String(decoding: bytes[start..<min(bytes.count, start + 64)], as: UTF8.self)
        return head.hasPrefix("run,id,") || head.hasPrefix("run,id\n") || head.hasPrefix("{\"run\":")
    }

    /// Reads a sweep table, CSV or JSON Lines (by its first byte).
    /// - Throws: `InputError` naming `fileName` and the line (and column or key): a header that is not
    ///   `run,id,...,status`, no metric column, a varied path after a metric, a repeated column, a row with another
    ///   number of fields than the header, a run that is not a whole number, an empty id or status, a varied value
    ///   that is not a finite number, a metric that is neither empty nor a finite number, a run an earlier line has
    ///   (naming both lines), no rows. Rows are checked as they are read: the first bad line is reported.
    public init(_ bytes: [UInt8], fileName: String) throws {
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        if body.first == UInt8(ascii: "{") {
            self = try SweepResults.jsonLines(body, fileName: fileName)
        } else {
            self = try SweepResults.csv(body, fileName: fileName)
        }
        guard !runs.isEmpty else {
            throw InputError(file: fileName, path: "", message: "has a header but no rows (a sweep with no runs)")
        }
    }

    /// The header's columns between `id` and `status`, split into paths and metrics.
    /// - Throws: `InputError` at `place(k)` (k the column's 0-based index among all columns), or at `line` (the
    ///   header's) when there is no metric.
    static func columns(_ names: [String], fileName: String, line: String, place: (Int) -> String) throws -> (
        paths: [String], metrics: [String]
    ) {
        var paths: [String] = [], metrics: [String] = [], seen: Set<String> = []
        for (k, name) in names.enumerated() {
            func fail(_ m: String) -> InputError { InputError(file: fileName, path: place(k + 2), message: m) }
            guard !name.isEmpty else { throw fail("a column with no name") }
            guard seen.insert(name).inserted, !["run", "id", "status"].contains(name) else {
                throw fail("repeats the column \(quoted(name))")
            }
            if name.contains(":") {
                metrics.append(name)
            } else if metrics.isEmpty {
                paths.append(name)
            } else {
                throw fail(
                    "a varied field after a metric (the table is run,id,<varied paths>,<metrics>,status), got \(quoted(name))"
                )
            }
        }
        guard !metrics.isEmpty else {
            throw InputError(
                file: fileName, path: line,
                message:
                    "no metric column: a sweep table has one per --metric, named KIND:SUBJECT (max:bob.vy); give dynsim sweep a --metric, got the columns \(names.map(quoted).joined(separator: ", "))"
            )
        }
        return (paths, metrics)
    }

    private static func csv(_ bytes: [UInt8], fileName: String) throws -> SweepResults {
        var h: [String] = [], paths: [String] = [], metrics: [String] = [], runs: [Run] = []
        var runLines: [Int: Int] = [:]
        // Each row is checked as it is read: the first bad line ends the reading.
        do {
            try CSVRecords.forEach(bytes) { r in
                guard !h.isEmpty else {
                    h = r.fields
                    guard h.count >= 3, h[0] == "run", h[1] == "id", h.last == "status" else {
                        throw InputError(
                            file: fileName, path: "line \(r.line)",
                            message:
                                "a sweep table's header is run,id,<varied paths>,<metrics>,status, as dynsim sweep writes it, got \(quoted(h.joined(separator: ",")))"
                        )
                    }
                    (paths, metrics) = try columns(
                        Array(h[2..<(h.count - 1)]), fileName: fileName, line: "line \(r.line)"
                    ) {
                        "line \(r.line), column \($0 + 1)"
                    }
                    return
                }
                guard r.fields.count == h.count else {
                    throw InputError(
                        file: fileName, path: "line \(r.line)",
                        message: "has \(r.fields.count) fields, the header \(h.count)")
                }
                let cells = r.fields.enumerated().map { k, text in
                    Cell(text: text, place: "line \(r.line), column \(k + 1) (\(h[k]))")
                }
                let run = try run(cells: cells, paths: paths.count, fileName: fileName, null: { $0.text.isEmpty })
                try once(run, line: r.line, at: cells[0], lines: &runLines, fileName: fileName)
                runs.append(run)
            }
        } catch let e as CSVRecords.Failure {
            throw InputError(file: fileName, path: "line \(e.line)", message: e.message)
        }
        guard !h.isEmpty else {
            throw InputError(file: fileName, path: "", message: "is empty: expected a sweep table (run,id,...,status)")
        }
        return SweepResults(paths: paths, metrics: metrics, runs: runs)
    }

    /// Notes that `run` is at `line` in `lines` (each run's line so far).
    /// - Throws: `InputError` at `cell` (the row's run field) when the run was at an earlier line: a sweep table has
    ///   each run once (two tables concatenated, or a part merged twice, would show it twice).
    private static func once(_ run: Run, line: Int, at cell: Cell, lines: inout [Int: Int], fileName: String) throws {
        if let first = lines.updateValue(line, forKey: run.run) {
            throw InputError(
                file: fileName, path: cell.place,
                message: "repeats run \(run.run) of line \(first); a sweep table has each run once")
        }
    }

    /// A field of a row and where it is (for messages); `json` is its JSON value in a JSON Lines row.
    struct Cell {
        var text: String
        var place: String
        var json: JSON? = nil
    }

    /// A row's run from its cells (run, id, the paths' values, the metrics', status); `null` tells an empty metric.
    private static func run(cells: [Cell], paths: Int, fileName: String, null: (Cell) -> Bool) throws -> Run {
        func fail(_ c: Cell, _ m: String) -> InputError { InputError(file: fileName, path: c.place, message: m) }
        func number(_ c: Cell) throws -> Double {
            guard let x = parseDecimal(Substring(c.text)), x.isFinite else {
                throw fail(c, "must be a finite number, got \(quoted(c.text))")
            }
            return x
        }
        guard let run = Int(cells[0].text), run >= 0 else {
            throw fail(cells[0], "must be a run's index (a whole number from 0), got \(quoted(cells[0].text))")
        }
        guard !cells[1].text.isEmpty else { throw fail(cells[1], "must be the run's id, got nothing") }
        let status = cells[cells.count - 1]
        guard !status.text.isEmpty else { throw fail(status, "must be ok or why the run failed, got nothing") }
        let values = try cells[2..<(2 + paths)].map(number)
        let metrics = try cells[(2 + paths)..<(cells.count - 1)].map { null($0) ? nil : try number($0) }
        return Run(run: run, id: cells[1].text, values: values, metrics: metrics, status: status.text)
    }

    private static func jsonLines(_ bytes: [UInt8], fileName: String) throws -> SweepResults {
        var keys: [String]? = nil, paths: [String] = [], metrics: [String] = [], runs: [Run] = []
        var runLines: [Int: Int] = [:]
        let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        for (k, line) in lines.enumerated() where !line.allSatisfy({ $0 == 32 || $0 == 13 }) {
            let place = "line \(k + 1)"
            func fail(_ m: String) -> InputError { InputError(file: fileName, path: place, message: m) }
            let json: JSON
            do { json = try JSONParser.parse(Array(line)) } catch let e as JSONSyntaxError {
                throw fail("column \(e.column): \(e.message)")
            }
            guard case .object(let members) = json else { throw fail("must be a JSON object, got \(json.brief)") }
            let names = members.map(\.key)
            if let keys {
                guard names == keys else {
                    throw fail(
                        "has the keys \(names.joined(separator: ",")), the first line \(keys.joined(separator: ","))")
                }
            } else {
                guard names.count >= 3, names[0] == "run", names[1] == "id", names.last == "status" else {
                    throw fail(
                        "a sweep table's line has the keys run, id, the varied paths, the metrics, status, as dynsim sweep --format jsonl writes them, got \(names.joined(separator: ","))"
                    )
                }
                (paths, metrics) = try columns(Array(names[2..<(names.count - 1)]), fileName: fileName, line: place) {
                    "\(place), key \($0 + 1)"
                }
                keys = names
            }
            let cells = try members.map { m -> Cell in
                let where_ = "\(place), key \(quoted(m.key))"
                switch m.value {
                case .number(_, let text): return Cell(text: text, place: where_, json: m.value)
                case .string(let s) where m.key == "id" || m.key == "status":
                    return Cell(text: s, place: where_, json: m.value)
                case .null: return Cell(text: "", place: where_, json: m.value)
                default:
                    throw InputError(
                        file: fileName, path: where_, message: "must be a number or null, got \(m.value.brief)")
                }
            }
            let run = try run(cells: cells, paths: paths.count, fileName: fileName, null: { $0.json == JSON.null })
            try once(run, line: k + 1, at: cells[0], lines: &runLines, fileName: fileName)
            runs.append(run)
        }
        guard keys != nil else {
            throw InputError(file: fileName, path: "", message: "is empty: expected a sweep table (JSON Lines)")
        }
        return SweepResults(paths: paths, metrics: metrics, runs: runs)
    }
}
