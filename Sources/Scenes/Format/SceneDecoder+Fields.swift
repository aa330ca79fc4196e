import Dynamics
import Foundation
import IO

/// Reads a drag CSV: rows `t,x,y` (seconds, points), an optional header row, blank lines ignored, times non-decreasing,
/// at most `maxRows` rows.
enum DragCSV {
    static func parse(_ bytes: [UInt8], fileName: String, maxRows: Int = .max) throws -> ([Double], [Vector2]) {
        let rows = try SampleCSV.parse(bytes, fileName: fileName, header: ["t", "x", "y"], maxRows: maxRows)
        return (rows.map { $0[0] }, rows.map { Vector2($0[1], $0[2]) })
    }
}

extension SceneDecoder {
    /// Reads a sample file (a drag or gesture CSV) that the scene names at `path`, counting its bytes against
    /// ``Limits/maxSampleFileBytes``. - Throws: ``InputError`` naming the scene file and `path`.
    func readSampleFile(_ name: String, path: String) throws -> [UInt8] {
        let bytes: [UInt8]
        do {
            bytes = try readFile(name)
        } catch let e as InputError {
            // Name the scene file and the field that pointed at the unreadable file.
            throw InputError(file: fileName, path: path, message: e.message)
        }
        budget.sampleFileBytes += bytes.count
        guard budget.sampleFileBytes <= Limits.maxSampleFileBytes else {
            throw InputError(
                file: fileName, path: path,
                message:
                    "the CSV files a scene names must hold at most \(sizeText(Limits.maxSampleFileBytes)) together, got \(budget.sampleFileBytes) bytes with \(quoted(name))"
            )
        }
        return bytes
    }

    /// One sample written in the scene (a drag keyframe [t, x, y], a gesture touch): `header.count` finite numbers
    /// within ±1e9, counted against ``Limits/maxSamples``, its time not before `previous`.
    /// - Throws: ``InputError`` naming the sample or its number.
    func sampleRow(_ json: JSON, path p: String, header: [String], after previous: Double?) throws -> [Double] {
        try countSample(path: p)
        guard case .array(let a) = json, a.count == header.count else {
            throw InputError(
                file: fileName, path: p, message: "must be [\(header.joined(separator: ", "))], got \(json.brief)")
        }
        var row: [Double] = []
        for (c, v) in a.enumerated() {
            guard case .number(let x, let text) = v else {
                throw InputError(file: fileName, path: "\(p)[\(c)]", message: "must be a number, got \(v.brief)")
            }
            guard x.isFinite else {
                throw InputError(file: fileName, path: "\(p)[\(c)]", message: "must be a finite number, got \(text)")
            }
            guard abs(x) <= Limits.magnitude else {
                throw InputError(
                    file: fileName, path: "\(p)[\(c)]", message: "must be between -1e9 and 1e9, got \(text)")
            }
            row.append(x)
        }
        if let previous, row[0] < previous {
            throw InputError(
                file: fileName, path: "\(p)[0]",
                message:
                    "time goes backwards (after \(NumberFormat.shortest(previous))), got \(NumberFormat.shortest(row[0]))"
            )
        }
        return row
    }

    /// Counts one sample (a drag keyframe or a gesture touch) at `path` against ``Limits/maxSamples``.
    func countSample(path: String) throws {
        budget.samples += 1
        guard budget.samples <= Limits.maxSamples else {
            throw InputError(file: fileName, path: path, message: SampleCSV.tooManySamples)
        }
    }
}

/// Typed access to one JSON object's fields, with unknown-field detection and path-qualified errors.
struct Fields {
    let members: [JSON.Member]
    let path: String
    let file: String

    /// The fields of `json`, which must be an object with fields from `allowed`.
    /// - Throws: ``InputError``: for another value, one listing the fields it takes; for an unknown field, one that says
    ///   where the field belongs when `homes` (or ``Fields/homes``) knows, else suggests the closest allowed field for
    ///   a small typo, then lists the allowed fields.
    init(_ json: JSON, path: String, file: String, allowed: [String], homes: [String: String] = [:]) throws {
        guard case .object(let members) = json else {
            throw InputError(
                file: file, path: path.isEmpty ? "top level" : path,
                message: "must be an object with fields \(allowed.joined(separator: ", ")), got \(json.brief)")
        }
        for m in members where !allowed.contains(m.key) {
            var message = "unknown field"
            if let home = homes[m.key] ?? Fields.homes[m.key] {
                message = "\(quoted(m.key)) belongs \(home)"
            } else if let near = Fields.closest(to: m.key, in: allowed) {
                message = "unknown field, did you mean \(quoted(near))?"
            }
            throw InputError(
                file: file, path: path.isEmpty ? m.key : path + "." + m.key,
                message: "\(message) (expected one of: \(allowed.joined(separator: ", "))), got \(quoted(m.key))")
        }
        self.members = members
        self.path = path
        self.file = file
    }

    /// Fields that belong in one place only, wherever else they are written: where they go.
    static let homes: [String: String] = [
        "drag":
            "inside an attachment behavior ({\"type\": \"attachment\", \"item\": ..., \"drag\": {\"keyframes\": [[t, x, y], ...]}})",
        "script": "to a property animator (in the scene's \"animators\")",
        "touches": "to a gesture (in the scene's \"gestures\")",
    ]

    /// The allowed field nearest `key` when it is a small typo: at most one edit for names up to 4 characters, two
    /// beyond (an edit inserts, deletes or changes a letter, or swaps two neighbours; letter case ignored); nil when
    /// none is that close or two are.
    static func closest(to key: String, in allowed: [String]) -> String? {
        // Optimal string alignment distance: insertions, deletions, substitutions and swaps of two neighbours.
        func distance(_ a: [Character], _ b: [Character]) -> Int {
            if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
            var d = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
            for i in 0...a.count { d[i][0] = i }
            for j in 0...b.count { d[0][j] = j }
            for i in 1...a.count {
                for j in 1...b.count {
                    let cost = a[i - 1] == b[j - 1] ? 0 : 1
                    d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                    if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                        d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                    }
                }
            }
            return d[a.count][b.count]
        }
        let k = Array(key.lowercased())
        let limit = k.count <= 4 ? 1 : 2
        let scored = allowed.map { ($0, distance(k, Array($0.lowercased()))) }.filter { $0.1 <= limit }
        guard let best = scored.min(by: { $0.1 < $1.1 }), scored.filter({ $0.1 == best.1 }).count == 1 else {
            return nil
        }
        return best.0
    }

    /// For a required key that is missing: ", did you mean it for "tpye"?" when a key of `members` is a small typo of it.
    static func typoHint(for key: String, in members: [JSON.Member]) -> String {
        guard let typo = members.map(\.key).first(where: { Fields.closest(to: $0, in: [key]) != nil }) else {
            return ""
        }
        return " (did you mean \(quoted(typo)) for \(quoted(key))?)"
    }

    func childPath(_ key: String) -> String { path.isEmpty ? key : path + "." + key }

    func value(_ key: String) -> JSON? { members.first { $0.key == key }?.value }

    func text(_ key: String) -> String { value(key)?.brief ?? "nothing" }

    func error(_ key: String, _ message: String) -> InputError {
        InputError(file: file, path: childPath(key), message: message)
    }

    func missing(_ key: String, _ what: String) -> InputError {
        InputError(file: file, path: childPath(key), message: "is required (\(what)), got nothing")
    }

    func number(_ key: String) throws -> Double? { try number(key, in: .any) }

    /// A number checked against its field's `range` before the format's ±1e9, so that a value past both is told the
    /// field's own range ("must be positive and at most 100000 Hz, got 2e9"); `because` follows the range.
    func number(_ key: String, in range: NumberRange, unit: String = "", because: String = "") throws -> Double? {
        guard let v = value(key) else { return nil }
        guard case .number(let x, let text) = v else { throw error(key, "must be a number, got \(v.brief)") }
        guard x.isFinite else { throw error(key, "must be a finite number, got \(text)") }
        if !range.contains(x) {
            let reason = because.isEmpty ? "" : " (\(because))"
            throw error(key, range.requirement(for: x, unit: unit) + reason + ", got \(text)")
        }
        guard abs(x) <= Limits.magnitude else {
            // A range open above ends at the format's 1e9: say so from its own lower bound.
            let (low, high) = range.bounds
            let from =
                range == .any
                ? "between -1e9 and 1e9" : "from \(NumberFormat.limit(low)) to \(NumberFormat.limit(high))"
            throw error(key, "must be \(from), got \(text)")
        }
        return x
    }

    /// A whole number checked against its field's `range` before the format's ±1e9.
    func int(_ key: String, in range: NumberRange) throws -> Int? {
        guard let v = value(key) else { return nil }
        guard case .number(let x, let text) = v, x.isFinite, x == x.rounded() else {
            throw error(key, "must be a whole number, got \(v.brief)")
        }
        if let problem = range.problem(x, text: text) { throw error(key, problem) }
        // A field whose own range reaches past the format's ±1e9 (a sweep's seed, up to 2^53 − 1) keeps it.
        let (low, high) = range.bounds
        guard x >= min(-Limits.magnitude, low), x <= max(Limits.magnitude, high) else {
            throw error(key, "must be between -1e9 and 1e9, got \(text)")
        }
        return Int(x)
    }

    func int(_ key: String) throws -> Int? { try int(key, in: .any) }

    func string(_ key: String) throws -> String? {
        guard let v = value(key) else { return nil }
        guard case .string(let s) = v else { throw error(key, "must be a string, got \(v.brief)") }
        return s
    }

    /// A string written into the output (an animation's key, a boundary's identifier): at most
    /// ``Limits/maxLabelBytes`` bytes, no control characters (``SceneDecoder/labelProblem(_:)``).
    func label(_ key: String) throws -> String? {
        guard let s = try string(key) else { return nil }
        if let problem = SceneDecoder.labelProblem(s) { throw error(key, problem) }
        return s
    }

    func bool(_ key: String) throws -> Bool? {
        guard let v = value(key) else { return nil }
        guard case .bool(let b) = v else { throw error(key, "must be true or false, got \(v.brief)") }
        return b
    }

    func vector(_ key: String) throws -> Vector2? {
        guard let v = value(key) else { return nil }
        guard case .array(let a) = v, a.count == 2 else {
            throw error(key, "must be an array of 2 numbers, got \(v.brief)")
        }
        var out = Vector2.zero
        for k in 0..<2 {
            guard case .number(let x, let text) = a[k] else {
                throw error(key, "must be an array of 2 numbers, got \(v.brief)")
            }
            guard x.isFinite else { throw error(key, "must be finite numbers, got \(text)") }
            guard abs(x) <= Limits.magnitude else { throw error(key, "must be between -1e9 and 1e9, got \(text)") }
            out[k] = x
        }
        return out
    }
}

/// Reads a CSV of samples with the given columns (an optional header row naming them, blank lines ignored, times in the
/// first column non-decreasing, and >= 0 when `nonNegativeTimes`; every value finite, within ±1e9), at most `maxRows`
/// rows. Lines are read one at a time, so the memory is the rows kept (about 100 bytes each).
enum SampleCSV {
    /// The message for a sample past ``Limits/maxSamples``.
    static let tooManySamples =
        "a scene may hold at most \(Limits.maxSamples) samples (drag keyframes and CSV rows, gesture touches and CSV rows together), got more"

    static func parse(
        _ bytes: [UInt8], fileName: String, header: [String], nonNegativeTimes: Bool = false,
        maxRows: Int = .max
    ) throws -> [[Double]] {
        var rows: [[Double]] = []
        var sawContent = false
        let names = header.joined(separator: ",")
        // A UTF-8 byte order mark (as some spreadsheet exports write) is not part of the data.
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var lineNumber = 0
        // Lines end at "\n" (a "\r" before it is dropped); the text after the last "\n" is a line too, maybe empty.
        while start <= bytes.count {
            let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
            defer { start = end + 1 }
            var raw = bytes[start..<end]
            if raw.last == 0x0D { raw = raw.dropLast() }
            let line = String(decoding: raw, as: UTF8.self)
            lineNumber += 1
            if line.allSatisfy({ $0 == " " || $0 == "\t" }) { continue }
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            let isFirstContent = !sawContent
            sawContent = true
            if isFirstContent && parseDecimal(Substring(fields[0])) == nil {
                guard fields == header else {
                    throw InputError(
                        file: fileName, path: "line \(lineNumber)",
                        message: "header must be \(names), got \(quoted(line))")
                }
                continue
            }
            guard rows.count < maxRows else {
                throw InputError(file: fileName, path: "line \(lineNumber)", message: tooManySamples)
            }
            guard fields.count == header.count else {
                throw InputError(
                    file: fileName, path: "line \(lineNumber)",
                    message: "must have \(header.count) fields \(names), got \(quoted(line))")
            }
            var values: [Double] = []
            for (c, s) in fields.enumerated() {
                let where_ = "line \(lineNumber), field \(header[c])"
                guard let v = parseDecimal(Substring(s)) else {
                    throw InputError(file: fileName, path: where_, message: "must be a number, got \(quoted(s))")
                }
                guard v.isFinite else {
                    throw InputError(file: fileName, path: where_, message: "must be a finite number, got \(s)")
                }
                guard abs(v) <= Limits.magnitude else {
                    throw InputError(file: fileName, path: where_, message: "must be between -1e9 and 1e9, got \(s)")
                }
                values.append(v)
            }
            if let last = rows.last?[0], values[0] < last {
                throw InputError(
                    file: fileName, path: "line \(lineNumber)",
                    message: "time goes backwards (after \(NumberFormat.shortest(last))), got \(fields[0])")
            }
            if nonNegativeTimes && values[0] < 0 {
                throw InputError(
                    file: fileName, path: "line \(lineNumber), field t", message: "must be >= 0, got \(fields[0])")
            }
            rows.append(values)
        }
        guard !rows.isEmpty else {
            throw InputError(
                file: fileName, path: "",
                message: "no samples (expected rows \(names)), got \(sawContent ? "only a header" : "an empty file")")
        }
        return rows
    }
}
