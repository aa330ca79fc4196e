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
            throw InputError(file: fileName, path: path,
                             message: "the CSV files a scene names must hold at most \(sizeText(Limits.maxSampleFileBytes)) together, got \(budget.sampleFileBytes) bytes with \(quoted(name))")
        }
        return bytes
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

    init(_ json: JSON, path: String, file: String, allowed: [String]) throws {
        guard case .object(let members) = json else {
            throw InputError(file: file, path: path.isEmpty ? "top level" : path, message: "must be an object, got \(json.brief)")
        }
        for m in members where !allowed.contains(m.key) {
            throw InputError(file: file, path: path.isEmpty ? m.key : path + "." + m.key,
                             message: "unknown field (expected one of: \(allowed.joined(separator: ", "))), got \(quoted(m.key))")
        }
        self.members = members
        self.path = path
        self.file = file
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

    func number(_ key: String) throws -> Double? {
        guard let v = value(key) else { return nil }
        guard case .number(let x, let text) = v else { throw error(key, "must be a number, got \(v.brief)") }
        guard x.isFinite else { throw error(key, "must be a finite number, got \(text)") }
        guard abs(x) <= Limits.magnitude else { throw error(key, "must be between -1e9 and 1e9, got \(text)") }
        return x
    }

    func int(_ key: String) throws -> Int? {
        guard let v = value(key) else { return nil }
        guard case .number(let x, let text) = v, x.isFinite, x == x.rounded(), abs(x) < 1e15 else {
            throw error(key, "must be a whole number, got \(v.brief)")
        }
        _ = text
        return Int(x)
    }

    func string(_ key: String) throws -> String? {
        guard let v = value(key) else { return nil }
        guard case .string(let s) = v else { throw error(key, "must be a string, got \(v.brief)") }
        return s
    }

    func bool(_ key: String) throws -> Bool? {
        guard let v = value(key) else { return nil }
        guard case .bool(let b) = v else { throw error(key, "must be true or false, got \(v.brief)") }
        return b
    }

    func vector(_ key: String) throws -> Vector2? {
        guard let v = value(key) else { return nil }
        guard case .array(let a) = v, a.count == 2 else { throw error(key, "must be an array of 2 numbers, got \(v.brief)") }
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
