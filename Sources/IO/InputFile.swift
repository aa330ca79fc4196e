#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why an input file cannot be read: what is wrong, ending with `, got <value>` where there is one. The caller adds
/// the file's name as the user wrote it.
public struct InputFileError: Error, Equatable, Sendable {
    /// What is wrong.
    public var message: String
    /// An error with `message`.
    public init(message: String) { self.message = message }
}

/// A user-supplied text quoted for an error message: JSON-escaped (so quotes and newlines cannot break the one-line
/// message) and cut to 60 characters with "…".
public func quoted(_ s: String) -> String {
    let limit = 60
    var scalars = String.UnicodeScalarView()
    var count = 0
    for c in s.unicodeScalars {
        if count == limit { return TextQuoting.json(String(scalars)) + "…" }
        scalars.append(c)
        count += 1
    }
    return TextQuoting.json(String(scalars))
}

/// Reads a whole input file (a scene, a drag CSV or a gesture CSV) at `path`.
/// A regular file larger than `maxBytes` is refused from its size before any byte is read; anything else (a pipe,
/// /dev/stdin, an endless device such as /dev/zero) is refused as soon as more than `maxBytes` have arrived.
/// - Throws: ``InputFileError`` with the system's reason (no such file, a directory, permission denied), or larger than
///   `maxBytes`; the caller names the file.
public func readInputFile(_ path: String, maxBytes: Int) throws -> [UInt8] {
    var info = stat()
    if stat(path, &info) != 0 {
        throw InputFileError(message: "cannot read the file (\(String(cString: strerror(errno)))), got \(quoted(path))")
    }
    if (info.st_mode & S_IFMT) == S_IFDIR {
        throw InputFileError(message: "is a directory, not a file, got \(quoted(path))")
    }
    func tooLarge(_ got: String) -> InputFileError {
        InputFileError(message: "must be at most \(sizeText(maxBytes)), got \(got)")
    }
    let isRegular = (info.st_mode & S_IFMT) == S_IFREG
    if isRegular && Int(info.st_size) > maxBytes { throw tooLarge("\(info.st_size) bytes") }
    guard let f = fopen(path, "rb") else {
        throw InputFileError(message: "cannot read the file (\(String(cString: strerror(errno)))), got \(quoted(path))")
    }
    defer { fclose(f) }
    var out: [UInt8] = []
    if isRegular { out.reserveCapacity(Int(info.st_size)) }
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, f) }
        if n > 0 {
            // Checked before the bytes are kept: a file that grew since stat, or a stream without a size.
            if out.count + n > maxBytes { throw tooLarge("more than \(maxBytes) bytes") }
            out.append(contentsOf: chunk[0..<n])
        }
        if n < chunk.count {
            if ferror(f) != 0 {
                throw InputFileError(
                    message: "cannot read the file (\(String(cString: strerror(errno)))), got \(quoted(path))")
            }
            break
        }
    }
    return out
}

/// A byte count for messages: whole MiB as "64 MiB (67108864 bytes)", else "N bytes".
public func sizeText(_ bytes: Int) -> String {
    bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB (\(bytes) bytes)" : "\(bytes) bytes"
}

/// The directory part of a path as written: everything before its last '/' ("" when it has none; "/" for a file at
/// the root). Pure string work: Foundation's `deletingLastPathComponent` traps on Linux for some one-character paths.
public func directoryPart(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "" }
    let folder = String(path[..<slash])
    return folder.isEmpty ? "/" : folder
}
