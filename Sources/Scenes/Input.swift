#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A user-supplied text quoted for an error message: JSON-escaped (so quotes and newlines cannot break the one-line
/// message) and cut to 60 characters with "…".
public func quoted(_ s: String) -> String {
    let limit = 60
    var scalars = String.UnicodeScalarView()
    var count = 0
    for c in s.unicodeScalars {
        if count == limit { return JSONWriter.quote(String(scalars)) + "…" }
        scalars.append(c)
        count += 1
    }
    return JSONWriter.quote(String(scalars))
}

/// Input limits that keep a run finite, its counters in range and its arithmetic away from overflow.
public enum Limits {
    /// Largest magnitude of any number in a scene or drag file (points, seconds, ...): 1e9.
    public static let magnitude = 1e9
    /// Smallest display frame, seconds.
    public static let minTimeStep = 1e-6
    /// Most solver sub-steps one run may take (duration / timeStep x subSteps).
    public static let maxTotalSubSteps = 100_000_000.0
    /// Most rows one run may write (duration x rate + 1).
    public static let maxRows = 100_000_000.0

    /// Why a run of this shape is too long, or nil when it fits.
    public static func runBudgetProblem(duration: Double, rate: Double, timeStep: Double, subSteps: Int) -> String? {
        let steps = duration / timeStep * Double(subSteps)
        if steps > maxTotalSubSteps {
            return "the run would take \(NumberFormat.shortest(steps.rounded(.up))) sub-steps (duration / timeStep x subSteps), more than the limit of 1e8"
        }
        let rows = duration * rate + 1
        if rows > maxRows {
            return "the run would write \(NumberFormat.shortest(rows.rounded(.down))) rows (duration x rate + 1), more than the limit of 1e8"
        }
        return nil
    }
}

/// Parses a decimal number in JSON's syntax (optional '-', digits with an optional fraction, optional exponent).
/// Rejects what `Double(String)` would also take: hexadecimal, "inf", "nan", a leading '+', embedded NULs.
public func parseDecimal(_ s: Substring) -> Double? {
    var i = s.utf8.startIndex
    let u = s.utf8
    func digits() -> Int {
        var n = 0
        while i < u.endIndex, u[i] >= 48, u[i] <= 57 { i = u.index(after: i); n += 1 }
        return n
    }
    if i < u.endIndex && u[i] == UInt8(ascii: "-") { i = u.index(after: i) }
    var mantissa = digits()
    if i < u.endIndex && u[i] == UInt8(ascii: ".") {
        i = u.index(after: i)
        mantissa += digits()
    }
    guard mantissa > 0 else { return nil }
    if i < u.endIndex && (u[i] == UInt8(ascii: "e") || u[i] == UInt8(ascii: "E")) {
        i = u.index(after: i)
        if i < u.endIndex && (u[i] == UInt8(ascii: "+") || u[i] == UInt8(ascii: "-")) { i = u.index(after: i) }
        guard digits() > 0 else { return nil }
    }
    guard i == u.endIndex else { return nil }
    return Double(String(s))
}

/// The largest scene or sample file read: 256 MiB.
public let maxInputFileBytes = 256 << 20

/// Reads a whole input file (a scene or a drag CSV) named as the user wrote it (`name`) at `path`.
/// - Throws: ``InputError`` naming the file, with the system's reason (no such file, a directory, permission denied,
///   larger than ``maxInputFileBytes``).
public func readInputFile(_ path: String, name: String) throws -> [UInt8] {
    var info = stat()
    if stat(path, &info) != 0 {
        throw InputError(file: name, path: "", message: "cannot read the file (\(String(cString: strerror(errno)))), got \(quoted(path))")
    }
    if (info.st_mode & S_IFMT) == S_IFDIR {
        throw InputError(file: name, path: "", message: "is a directory, not a file, got \(quoted(path))")
    }
    guard let f = fopen(path, "rb") else {
        throw InputError(file: name, path: "", message: "cannot read the file (\(String(cString: strerror(errno)))), got \(quoted(path))")
    }
    defer { fclose(f) }
    var out: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, f) }
        if n > 0 { out.append(contentsOf: chunk[0..<n]) }
        // A scene or sample file is text a person wrote or a recorder made: past 256 MiB (or an endless device such as
        // /dev/zero) it is not one.
        if out.count > maxInputFileBytes {
            throw InputError(file: name, path: "", message: "is larger than 256 MiB, got \(quoted(path))")
        }
        if n < chunk.count {
            if ferror(f) != 0 {
                throw InputError(file: name, path: "", message: "cannot read the file (\(String(cString: strerror(errno)))), got \(quoted(path))")
            }
            break
        }
    }
    return out
}
