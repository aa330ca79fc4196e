// What `dynsim sweep` writes: the table (CSV or JSON Lines, rows in plan order), the journal that lets an interrupted
// sweep resume, a shard's part and manifest, and `sweep merge`'s whole table from the parts.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Foundation
import Sweeps
import IO
import Shell

/// The table's header and rows, CSV or JSON Lines.
struct SweepTable {
    var format: OutputFormat
    var paths: [String]
    var metrics: [String]

    var header: String {
        format == .csv
            ? (["run", "id"] + paths + metrics + ["status"]).map(TextQuoting.csvField).joined(separator: ",") + "\n"
            : ""
    }

    /// The run id a row of this table holds (its second field).
    func id(ofRow row: String) -> String {
        if format == .csv { return row.split(separator: ",", maxSplits: 2).dropFirst().first.map(String.init) ?? "" }
        guard let start = row.range(of: "\"id\":\"") else { return "" }
        return String(row[start.upperBound...].prefix(16))
    }

    /// Whether a row of this table is a completed run's (its status `ok`).
    func isOK(_ row: String) -> Bool { row.hasSuffix(format == .csv ? ",ok\n" : "\"status\":\"ok\"}\n") }

    func row(_ run: Int, _ r: SweepResult) -> String {
        let numbers = r.values.map { Optional($0) } + r.metrics
        let status = r.failure ?? "ok"
        if format == .csv {
            let cells = numbers.map { $0.map(NumberFormat.shortest) ?? "" }
            return ([String(run), r.id] + cells + [TextQuoting.csvField(status)]).joined(separator: ",") + "\n"
        }
        let keys = paths + metrics
        let members = zip(keys, numbers).map { k, v in
            TextQuoting.json(k) + ":" + (v.map(NumberFormat.shortest) ?? "null")
        }
        let head = ["\"run\":\(run)", "\"id\":" + TextQuoting.json(r.id)]
        return "{" + (head + members + ["\"status\":" + TextQuoting.json(status)]).joined(separator: ",") + "}\n"
    }
}

/// The plan as a table: run, id, each varied value (no metrics, no status: nothing has run).
func planText(_ s: Sweep, _ table: SweepTable) throws -> String {
    let csv = table.format == .csv
    var text = csv ? (["run", "id"] + table.paths).map(TextQuoting.csvField).joined(separator: ",") + "\n" : ""
    for (k, values) in s.plan.points.enumerated() {
        let id = s.id(of: try s.expanded(k))
        let numbers = values.map(NumberFormat.shortest)
        text +=
            csv
            ? ([String(k), id] + numbers).joined(separator: ",") + "\n"
            : "{"
                + (["\"run\":\(k)", "\"id\":" + TextQuoting.json(id)]
                + zip(table.paths, numbers).map { TextQuoting.json($0) + ":" + $1 }).joined(separator: ",") + "}\n"
    }
    return text
}

/// Progress on stderr: a bar with the rate and time left on a terminal, a line per 10 % otherwise.
final class SweepProgress {
    let total: Int
    var done: Int
    let resumed: Int
    let start = DispatchTime.now().uptimeNanoseconds
    let isTerminal = isatty(2) != 0

    /// Progress of `total` runs, `done` of them already finished (a resumed sweep's).
    init(total: Int, done: Int = 0) {
        self.total = total
        self.done = done
        resumed = done
    }

    func advance() {
        done += 1
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let rate = Double(done - resumed) / max(seconds, 1e-9)
        let left = Double(total - done) / rate
        if isTerminal {
            let width = 30, filled = done * width / total
            let bar = String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled)
            fputs(String(format: "\r[%@] %d/%d %.1f runs/s %.0f s left ", bar, done, total, rate, left), stderr)
        } else if done * 10 / total > (done - 1) * 10 / total {
            fputs(
                String(
                    format: "dynsim: sweep %d%% (%d of %d runs, %.1f runs/s)\n", done * 100 / total, done, total, rate),
                stderr)
        }
    }

    func end() { if isTerminal { fputs("\n", stderr) } }
}

/// The rows a sweep has finished, kept beside its output as they are written (`FILE.journal`), so that a sweep
/// stopped by a signal can `--resume`: the first line names the sweep, each next one is `run<TAB>check<TAB>row`,
/// `check` 16 hex digits of the SHA-256 of the sweep's identity, the run and the row, so a line changed or cut short
/// is told from a finished run's. Rows are flushed at least every 0.1 s (a flush per row cost more than the sweep's
/// own work for short runs); rows a stop loses, and a line it cuts short, are run again on `--resume`.
final class SweepJournal {
    let path: String
    let identity: String
    let stream: UnsafeMutablePointer<FILE>
    private var lastFlush = DispatchTime.now().uptimeNanoseconds

    /// The journal of the sweep `identity` at `path`, started afresh with `rows` (a resumed sweep's finished rows).
    /// - Throws: ``RuntimeFailure`` naming the file.
    init(path: String, identity: String, rows: [(Int, String)]) throws {
        guard let f = fopen(path, "w") else {
            throw RuntimeFailure(
                message: "\(path): cannot write the sweep's journal (\(String(cString: strerror(errno))))")
        }
        self.path = path
        self.identity = identity
        stream = f
        try append("dynsim-sweep-journal \(identity)\n")
        for (run, row) in rows { try add(run, row) }
    }

    func append(_ text: String, flush: Bool = true) throws {
        let now = DispatchTime.now().uptimeNanoseconds
        let due = flush || now - lastFlush >= 100_000_000
        if due { lastFlush = now }
        guard fputs(text, stream) >= 0, !due || fflush(stream) == 0 else {
            throw RuntimeFailure(
                message: "\(path): cannot write the sweep's journal (\(String(cString: strerror(errno))))")
        }
    }

    /// Records run `run`'s finished row (with its line end).
    func add(_ run: Int, _ row: String) throws {
        try append("\(run)\t\(SweepJournal.check(identity, run, row))\t\(row)", flush: false)
    }

    /// A line's check: 16 hex digits of the SHA-256 of the sweep's identity, the run and its row.
    static func check(_ identity: String, _ run: Int, _ row: String) -> String {
        String(SHA256.hex(Array("\(identity)\t\(run)\t\(row)".utf8)).prefix(16))
    }

    /// Closes and removes the journal (the table is whole).
    func finish() {
        fclose(stream)
        unlink(path)
    }

    /// The finished rows of the sweep `identity` in the journal at `path`, which must be the first runs of `order`,
    /// each line's check matching and its row's id the one `id(run)` gives (the run's scene in the plan). Rows are
    /// kept up to the first line that is not such a row; a line changed by hand is reported on stderr and it and
    /// the lines after it are run again, so the table is always an uninterrupted sweep's bytes.
    /// - Throws: ``UsageError`` when there is no journal, or it is another sweep's.
    static func finished(
        path: String, identity: String, order: [Int], table: SweepTable, id: (Int) throws -> String
    ) throws -> [(Int, String)] {
        guard let bytes = try? readInputFile(path, maxBytes: Limits.maxFileBytes) else {
            throw UsageError(
                message: "--resume: no journal to resume at \(quoted(path)) (the sweep finished, or never started)",
                command: "sweep")
        }
        guard !bytes.isEmpty else {
            throw UsageError(
                message:
                    "--resume: \(quoted(path)) is empty (the sweep stopped before its first line): run the sweep again without --resume",
                command: "sweep")
        }
        var lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.first == Substring("dynsim-sweep-journal \(identity)") else {
            throw UsageError(
                message:
                    "--resume: \(quoted(path)) is the journal of another sweep (other scene, values, metrics or format)",
                command: "sweep")
        }
        lines.removeFirst()
        // After the last line end: empty, or a line a stop cut short, which runs again.
        if let torn = lines.removeLast().nilIfEmpty {
            fputs(
                "dynsim: warning: \(quoted(path)): its last line is cut short (\(torn.utf8.count) bytes); that run runs again\n",
                stderr)
        }
        var rows: [(Int, String)] = []
        for (k, line) in lines.enumerated() {
            let fields = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false)
            if fields.count == 3, let run = Int(fields[0]), rows.count < order.count, order[rows.count] == run {
                let row = String(fields[2]) + "\n"
                if fields[1] == check(identity, run, row), (try? id(run)) == table.id(ofRow: row) {
                    rows.append((run, row))
                    continue
                }
            }
            fputs(
                "dynsim: warning: \(quoted(path)): line \(k + 2) is not a finished run's row as the sweep wrote it (changed?); it and the \(lines.count - k - 1) after it run again\n",
                stderr)
            break
        }
        return rows
    }
}

extension Substring {
    /// The text, or nil when empty.
    var nilIfEmpty: Substring? { isEmpty ? nil : self }
}
