/// A problem in user input, located by file and JSON path (or CSV line), quoting the offending value.
/// Prints as `<file>: <path>: <problem>, got <value>` (the CLI prefixes `dynsim: error: ` and exits 65).
public struct InputError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The file as the user named it (or `<builtin NAME>`).
    public var file: String
    /// JSON path such as `items[1].size`, `line 4` for CSV, or empty for the whole file.
    public var path: String
    /// What is wrong, ending with `, got <value>` when there is a value to quote.
    public var message: String

    /// An error in `file` at `path`.
    public init(file: String, path: String, message: String) {
        self.file = file
        self.path = path
        self.message = message
    }

    /// `<file>: <path>: <message>`, on one line: control characters in the file's name (a newline) are escaped as JSON
    /// escapes them.
    public var description: String {
        let name =
            file.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
            ? String(TextQuoting.json(file).dropFirst().dropLast()) : file
        return path.isEmpty ? "\(name): \(message)" : "\(name): \(path): \(message)"
    }
}
