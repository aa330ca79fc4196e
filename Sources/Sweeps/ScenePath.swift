import IO
import Scenes

/// A numeric field of a scene file named by its path, as the scene decoder's errors name fields (`items[1].density`,
/// `behaviors[0].frequency`, `animations[2].duration`, `layers[0].position.x`, `duration`); a component of an array by
/// index (`items[0].center[1]`) or by name (`items[0].center.y`, `behaviors[1].drag.keyframes[3].x`). Setting one writes the
/// number into the scene's JSON; the scene decoder then checks it against its field table's range, so a sweep
/// refuses an unknown field or a value out of range exactly as a scene file would.
public enum ScenePath {
    /// `json` with the number `value` at `path`. A field the object does not write yet (left at its default) is
    /// added; a key may hold dots (a layer's `transform.rotation.z`): the longest key of the object that the path
    /// starts with is taken.
    /// - Throws: ``SweepError`` (`--vary`) for a path that leaves the scene (an index past an array's end, a member of
    ///   a number) or names a field that holds something other than a number.
    public static func setting(_ value: Double, at path: String, in json: JSON) throws -> JSON {
        guard !path.isEmpty else { throw SweepError("--vary", "a path names a scene field, got an empty one") }
        let number = JSON.number(value, text: NumberFormat.shortest(value))
        return try set(number, rest: Substring(path), done: "", in: json, path: path)
    }

    /// The number at `path` in `json`, or nil where the file leaves it out (components by index only).
    public static func value(at path: String, in json: JSON) -> Double? {
        var here = json, rest = Substring(path)
        while !rest.isEmpty {
            guard let (next, remaining) = step(rest, in: here) else { return nil }
            here = next
            rest = remaining
        }
        if case .number(let x, _) = here { return x }
        return nil
    }

    /// One step of `rest` inside `json`: the value it reaches and the path left.
    static func step(_ rest: Substring, in json: JSON) -> (JSON, Substring)? {
        switch json {
        case .array(let items):
            guard rest.hasPrefix("["), let close = rest.firstIndex(of: "]"),
                let k = Int(rest[rest.index(after: rest.startIndex)..<close]), k >= 0, k < items.count
            else { return nil }
            return (items[k], trimDot(rest[rest.index(after: close)...]))
        case .object(let members):
            guard let m = longestKey(rest, members) else { return nil }
            return (m.value, trimDot(rest.dropFirst(m.key.count)))
        default: return nil
        }
    }

    static func trimDot(_ s: Substring) -> Substring { s.hasPrefix(".") ? s.dropFirst() : s }

    /// The member whose key is the longest that `rest` starts with, followed by its end, a `.` or a `[`.
    static func longestKey(_ rest: Substring, _ members: [JSON.Member]) -> JSON.Member? {
        var best: JSON.Member?
        for m in members where m.key.utf8.count > (best?.key.utf8.count ?? -1) && rest.utf8.starts(with: m.key.utf8) {
            let next = rest.utf8.dropFirst(m.key.utf8.count).first
            if next == nil || next == UInt8(ascii: ".") || next == UInt8(ascii: "[") { best = m }
        }
        return best
    }

    static func set(_ number: JSON, rest: Substring, done: String, in json: JSON, path: String) throws -> JSON {
        switch json {
        case .array(let items) where !rest.hasPrefix("["):
            // A component by name: `.x`, `.y` of a point or vector, `.t`, `.x`, `.y` of a drag keyframe or touch row.
            let names = items.count == 2 ? ["x", "y"] : items.count == 3 && done.hasSuffix("]") ? ["t", "x", "y"] : []
            guard let k = names.firstIndex(of: String(rest)) else {
                throw SweepError(
                    "--vary",
                    "\(done.isEmpty ? "the scene" : done) is an array: index it as \(done)[0]\(names.isEmpty ? "" : " or name a component (\(names.joined(separator: ", ")))"), got \(quoted(path))"
                )
            }
            return try set(number, rest: Substring("[\(k)]"), done: done, in: json, path: path)
        case .array(var items):
            let digits = rest.hasPrefix("[") ? rest.dropFirst().prefix { $0 != "]" } : ""
            guard rest.hasPrefix("["), let close = rest.firstIndex(of: "]"), !digits.isEmpty,
                digits.allSatisfy({ $0.isASCII && $0.isNumber })
            else {
                throw SweepError(
                    "--vary",
                    "\(done.isEmpty ? "the scene" : done) is an array: index it as \(done)[0], got \(quoted(path))")
            }
            // An index past Int's range is past the array's end too.
            guard let k = Int(digits), k < items.count else {
                throw SweepError(
                    "--vary",
                    "\(done)[\(digits.count > 20 ? digits.prefix(20) + "…" : digits)]: no such element (\(done) has \(items.count)), got \(quoted(path))"
                )
            }
            let after = rest[rest.index(after: close)...]
            let here = "\(done)[\(k)]"
            items[k] =
                after.isEmpty
                ? try leaf(items[k], number, here)
                : try set(number, rest: trimDot(after), done: here, in: items[k], path: path)
            return .array(items)
        case .object(var members):
            let prefix = done.isEmpty ? "" : done + "."
            guard let m = longestKey(rest, members), let i = members.firstIndex(where: { $0.key == m.key }) else {
                // A field left at its default: added, for the decoder to check its name and range.
                guard !rest.hasPrefix("[") else {
                    throw SweepError(
                        "--vary",
                        "\(done.isEmpty ? "the scene" : done) is an object: name a field (items[0].density), got \(quoted(path))"
                    )
                }
                guard !rest.contains("[") else {
                    throw SweepError(
                        "--vary", "\(quoted(prefix + rest.prefix { $0 != "[" })): no such list, got \(quoted(path))")
                }
                members.append(.init(String(rest), number))
                return .object(members)
            }
            let after = rest.dropFirst(m.key.count)
            members[i].value =
                after.isEmpty
                ? try leaf(m.value, number, prefix + m.key)
                : try set(number, rest: trimDot(after), done: prefix + m.key, in: m.value, path: path)
            return .object(members)
        default:
            throw SweepError("--vary", "\(done) holds \(json.brief), not fields, got \(quoted(path))")
        }
    }

    /// The new number for a field that now holds `old`, which must be a number.
    static func leaf(_ old: JSON, _ number: JSON, _ field: String) throws -> JSON {
        guard case .number = old else {
            throw SweepError("--vary", "\(field) holds \(old.brief), not a number: a sweep varies numeric fields")
        }
        return number
    }
}
