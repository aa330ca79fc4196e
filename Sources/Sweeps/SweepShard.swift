import IO

/// One share of a sweep's runs, for a cluster's array task: shard `index` of `count` takes runs index, index + count,
/// index + 2·count ... (round robin, so each shard gets a like mix of cheap and dear runs). Deterministic: the same
/// plan and shard give the same runs on every machine, so rerunning a shard rewrites the same part.
public struct SweepShard: Equatable, Sendable {
    /// The shard's number, 0 ..< count.
    public var index: Int
    /// How many shards share the sweep.
    public var count: Int

    /// Shard `index` of `count`.
    /// - Precondition: 0 ≤ index < count.
    public init(index: Int, count: Int) {
        precondition(index >= 0 && index < count)
        self.index = index
        self.count = count
    }

    /// A shard from `--shard i/n` (0 ≤ i < n ≤ `Limits/maxSweepRuns`).
    /// - Throws: ``SweepError`` (`--shard`) naming the text.
    public init(parsing text: String) throws {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]), n >= 1, n <= Limits.maxSweepRuns else {
            throw SweepError("--shard", "must be i/n, shard i (from 0) of n (from 1), got \(quoted(text))")
        }
        guard i >= 0 && i < n else {
            throw SweepError("--shard", "i must be from 0 to n - 1 (\(n - 1)), got \(quoted(text))")
        }
        self.init(index: i, count: n)
    }

    /// The shard a cluster's task environment names, or nil when it names none: Slurm's job array
    /// (`SLURM_ARRAY_TASK_ID` from `SLURM_ARRAY_TASK_MIN`, `SLURM_ARRAY_TASK_COUNT` shards) or, with `shards`
    /// (`--shards n`), a Kubernetes Indexed Job's `JOB_COMPLETION_INDEX`.
    /// - Throws: ``SweepError`` naming the variable when its value is not a shard of the count.
    public static func fromEnvironment(_ env: [String: String], shards: Int?) throws -> SweepShard? {
        if let shards {
            guard let text = env["JOB_COMPLETION_INDEX"] else {
                throw SweepError(
                    "--shards", "takes its shard from JOB_COMPLETION_INDEX (a Kubernetes Indexed Job), which is not set"
                )
            }
            return try SweepShard(parsing: "\(text)/\(shards)", variable: "JOB_COMPLETION_INDEX")
        }
        guard let id = env["SLURM_ARRAY_TASK_ID"], let count = env["SLURM_ARRAY_TASK_COUNT"] else { return nil }
        let low = Int(env["SLURM_ARRAY_TASK_MIN"] ?? "0") ?? 0
        guard let i = Int(id) else {
            throw SweepError("SLURM_ARRAY_TASK_ID", "must be a whole number, got \(quoted(id))")
        }
        return try SweepShard(parsing: "\(i - low)/\(count)", variable: "SLURM_ARRAY_TASK_ID")
    }

    private init(parsing text: String, variable: String) throws {
        do { try self.init(parsing: text) } catch let e as SweepError { throw SweepError(variable, e.message) }
    }

    /// The shard's runs among `total`, in plan order.
    public func runs(of total: Int) -> [Int] { Array(stride(from: index, to: total, by: count)) }

    /// The part's file name without extension: `part-00003-of-00007`.
    public var partName: String {
        func padded(_ n: Int) -> String { String(repeating: "0", count: max(0, 5 - String(n).count)) + String(n) }
        return "part-\(padded(index))-of-\(padded(count))"
    }
}

/// What a shard writes beside its part of the table: which sweep and shard it is, the runs it holds (index and id),
/// and the part's SHA-256, so a merge can check that every run appears exactly once and that no part was cut short.
public struct SweepManifest: Equatable, Sendable {
    /// The sweep's identity: the SHA-256 of its run ids, metrics and table format; every part of one sweep has it.
    public var sweep: String
    /// The shard.
    public var shard: SweepShard
    /// Runs in the whole sweep.
    public var total: Int
    /// `csv` or `jsonl`.
    public var format: String
    /// The table's header line (empty for JSON Lines).
    public var header: String
    /// The part's file name (beside the manifest).
    public var part: String
    /// The part's SHA-256, hex.
    public var sha256: String
    /// The part's runs: plan index and id, in plan order.
    public var runs: [(index: Int, id: String)]

    /// Equal manifests: every field, the runs by index and id.
    public static func == (a: SweepManifest, b: SweepManifest) -> Bool {
        a.sweep == b.sweep && a.shard == b.shard && a.total == b.total && a.format == b.format && a.header == b.header
            && a.part == b.part && a.sha256 == b.sha256 && a.runs.map(\.index) == b.runs.map(\.index)
            && a.runs.map(\.id) == b.runs.map(\.id)
    }

    /// A manifest of these fields.
    public init(
        sweep: String, shard: SweepShard, total: Int, format: String, header: String, part: String, sha256: String,
        runs: [(index: Int, id: String)]
    ) {
        self.sweep = sweep
        self.shard = shard
        self.total = total
        self.format = format
        self.header = header
        self.part = part
        self.sha256 = sha256
        self.runs = runs
    }

    /// The manifest as JSON text (`"format": "dynsim-sweep-part"`, `"version": 1`).
    public var text: String {
        JSONWriter.write(
            .object([
                .init("format", .string("dynsim-sweep-part")), .init("version", .num(1)),
                .init("sweep", .string(sweep)), .init("shard", .num(Double(shard.index))),
                .init("shards", .num(Double(shard.count))), .init("total", .num(Double(total))),
                .init("table", .string(format)), .init("header", .string(header)), .init("part", .string(part)),
                .init("sha256", .string(sha256)),
                .init("runs", .array(runs.map { .array([.num(Double($0.index)), .string($0.id)]) })),
            ])) + "\n"
    }

    /// A manifest read from its text.
    /// - Throws: `InputError` naming `file` and the member that is missing or wrong.
    public init(text: [UInt8], file: String) throws {
        let json = try JSONParser.parse(text)
        func member(_ key: String) throws -> JSON {
            guard case .object(let m) = json, let v = m.first(where: { $0.key == key })?.value else {
                throw InputError(file: file, path: key, message: "is required in a sweep part's manifest, got nothing")
            }
            return v
        }
        func string(_ key: String) throws -> String {
            guard case .string(let s) = try member(key) else {
                throw InputError(file: file, path: key, message: "must be a string, got \(try member(key).brief)")
            }
            return s
        }
        func int(_ key: String) throws -> Int {
            guard case .number(let x, _) = try member(key), let n = Int(exactly: x), n >= 0 else {
                throw InputError(file: file, path: key, message: "must be a whole number, got \(try member(key).brief)")
            }
            return n
        }
        guard try string("format") == "dynsim-sweep-part", try int("version") == 1 else {
            throw InputError(file: file, path: "format", message: "must be a dynsim-sweep-part manifest of version 1")
        }
        let (i, n) = (try int("shard"), try int("shards"))
        guard n >= 1 && i < n else {
            throw InputError(file: file, path: "shard", message: "must be below shards (\(n)), got \(i)")
        }
        guard case .array(let list) = try member("runs") else {
            throw InputError(file: file, path: "runs", message: "must be an array of [index, id]")
        }
        runs = try list.enumerated().map { k, r in
            guard case .array(let pair) = r, pair.count == 2, case .number(let x, _) = pair[0],
                let index = Int(exactly: x), case .string(let id) = pair[1]
            else { throw InputError(file: file, path: "runs[\(k)]", message: "must be [index, id], got \(r.brief)") }
            return (index, id)
        }
        sweep = try string("sweep")
        shard = SweepShard(index: i, count: n)
        total = try int("total")
        guard total <= Limits.maxSweepRuns else {
            throw InputError(
                file: file, path: "total", message: "must be at most \(Limits.maxSweepRuns) runs, got \(total)")
        }
        format = try string("table")
        header = try string("header")
        part = try string("part")
        sha256 = try string("sha256")
    }
}

/// A sweep's table put together from its shards' parts.
public enum SweepMerge {
    /// The whole table from the parts (each a manifest and its part's bytes, in any order): the header, then every
    /// run's row in plan order, the same bytes one process would have written.
    /// - Throws: `InputError` (naming `directory`) when the parts belong to different sweeps, a part's bytes do not
    ///   match its manifest's SHA-256 or its rows, or a run is missing or appears twice (the runs are named).
    public static func merge(_ parts: [(manifest: SweepManifest, bytes: [UInt8])], directory: String) throws
        -> [UInt8]
    {
        guard let first = parts.first?.manifest else {
            throw InputError(file: directory, path: "", message: "holds no sweep part manifests (part-*.json)")
        }
        var rows = [[UInt8]?](repeating: nil, count: first.total)
        var twice: [Int] = []
        for (m, bytes) in parts {
            guard m.sweep == first.sweep else {
                throw InputError(
                    file: directory, path: m.part,
                    message:
                        "is a part of another sweep (\(m.sweep.prefix(16))), not \(first.sweep.prefix(16)) of \(first.part)"
                )
            }
            // The same sweep's identity with another total or format: a manifest edited by hand.
            guard m.total == first.total, m.format == first.format else {
                let (what, this, that) =
                    m.total != first.total
                    ? ("total", String(m.total), String(first.total)) : ("format", m.format, first.format)
                throw InputError(
                    file: directory, path: m.part,
                    message:
                        "its manifest's \(what) is \(quoted(this)), \(first.part)'s is \(quoted(that)) (the same sweep); run its shard again"
                )
            }
            guard SHA256.hex(bytes) == m.sha256 else {
                throw InputError(
                    file: directory, path: m.part,
                    message: "does not match its manifest's sha256 (cut short or changed); run its shard again")
            }
            let lines = try partRows(bytes, m, directory: directory)
            for (run, line) in zip(m.runs, lines) {
                guard run.index < first.total else {
                    throw InputError(file: directory, path: m.part, message: "names run \(run.index) of \(first.total)")
                }
                if rows[run.index] != nil { twice.append(run.index) } else { rows[run.index] = line }
            }
        }
        let missing = rows.indices.filter { rows[$0] == nil }
        if !twice.isEmpty || !missing.isEmpty {
            func listed(_ runs: [Int]) -> String {
                runs.prefix(10).map(String.init).joined(separator: ", ") + (runs.count > 10 ? " ..." : "")
            }
            let problems =
                (missing.isEmpty ? [] : ["\(missing.count) run(s) missing: \(listed(missing))"])
                + (twice.isEmpty ? [] : ["\(twice.count) run(s) in more than one part: \(listed(twice.sorted()))"])
            throw InputError(
                file: directory, path: "",
                message: problems.joined(separator: "; ")
                    + " (of \(first.total)); run the shards that hold them again, or remove the extra parts")
        }
        var out = Array(first.header.utf8)
        for row in rows { out += row! }
        return out
    }

    /// The part's row lines (each with its line end), one per run of its manifest after the header.
    static func partRows(_ bytes: [UInt8], _ m: SweepManifest, directory: String) throws -> [[UInt8]] {
        var lines: [[UInt8]] = []
        var start = 0
        for (k, b) in bytes.enumerated() where b == 0x0A {
            lines.append(Array(bytes[start...k]))
            start = k + 1
        }
        let header = m.header.isEmpty ? 0 : 1
        guard start == bytes.count, lines.count == m.runs.count + header,
            header == 0 || lines[0] == Array(m.header.utf8)
        else {
            throw InputError(
                file: directory, path: m.part,
                message: "has \(lines.count) lines for \(m.runs.count) runs and a header; run its shard again")
        }
        return Array(lines.dropFirst(header))
    }
}
