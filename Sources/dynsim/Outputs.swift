// Whole-file outputs shared by the commands: a text written whole or not at all, several outputs all or none, and
// the checks that no command writes over a file it reads, stdout included.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Foundation
import IO
import Shell

/// Why writing to stdout would write over a file the command reads (`dynsim run q.json >> q.json`: the shell opened
/// stdout on the scene), or nil. Compared by device and inode, so links are caught; /dev/null is never an input's.
/// - Parameter inputs: the paths the command reads, as the user wrote them.
func stdoutProblem(reads inputs: [String]) -> String? {
    stdoutProblem(reads: inputs.map { ($0, FileIdentity(path: $0)) })
}

/// The same for inputs whose identities were taken when they were read (a scene's CSVs, named relative to it).
func stdoutProblem(reads inputs: [(name: String, identity: FileIdentity?)]) -> String? {
    guard let out = FileIdentity(path: "/dev/stdout"), out != FileIdentity(path: "/dev/null") else { return nil }
    guard let input = inputs.first(where: { $0.identity == out }) else { return nil }
    return
        "stdout is \(input.name), a file this command reads; write the output to another file (--output FILE, or another redirection)"
}

/// `path` for a message on one line: control characters (a newline, an escape sequence) escaped as JSON escapes
/// them, as error messages name files; a plain path as it is.
func printablePath(_ path: String) -> String {
    path.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
        ? String(TextQuoting.json(path).dropFirst().dropLast()) : path
}

/// Writes `text` to `path` whole (``OutputFile``: it appears only complete), or to stdout for nil or `-` (a reader
/// that closes the pipe ends it quietly).
/// - Throws: ``OutputFile/Failure`` named by `flag`, ``RuntimeFailure`` naming the file.
func writeWhole(_ text: String, to path: String?, flag: String) throws {
    try writeAll([(text, path ?? "-", flag)])
}

/// Writes each text to its path, all or none: every file is opened and written first, then the outputs that are
/// written in place (stdout as `-`, a device such as /dev/full) are flushed, and only when all of those succeeded are
/// the others renamed into place; on any failure no new file appears. A reader that closes stdout's pipe ends it
/// quietly.
/// - Parameter outputs: (text, path, the option that named the path).
/// - Throws: ``OutputFile/Failure`` named by the option, or ``RuntimeFailure`` naming the file.
func writeAll(_ outputs: [(text: String, path: String, flag: String)]) throws {
    var files: [(file: OutputFile, path: String, flag: String, text: String)] = []
    func discardAll() { for f in files { f.file.discard() } }
    for o in outputs where o.path != "-" {
        do { files.append((try OutputFile(o.path), o.path, o.flag, o.text)) } catch let e as OutputFile.Failure {
            discardAll()
            throw e.named(by: o.flag)
        }
    }
    for f in files {
        let bytes = Array(f.text.utf8)
        let written = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, f.file.stream) }
        guard written == bytes.count else {
            let reason = String(cString: strerror(errno))
            discardAll()
            throw RuntimeFailure(message: "\(f.flag): cannot write (\(reason)), got \(quoted(f.path))")
        }
    }
    do {
        for o in outputs where o.path == "-" {
            do { try FileSink(stdout).write(Array(o.text.utf8)) } catch SinkError.brokenPipe {}
        }
        for f in files where f.file.isWrittenInPlace { try f.file.commit() }
    } catch let e as OutputFile.Failure {
        discardAll()
        throw e.named(by: files.first { $0.path == e.path }?.flag ?? "--output")
    } catch {
        discardAll()
        throw RuntimeFailure(message: "stdout: cannot write (\(error))")
    }
    for (k, f) in files.enumerated() where !f.file.isWrittenInPlace {
        do { try f.file.commit() } catch let e as OutputFile.Failure {
            for g in files[(k + 1)...] where !g.file.isWrittenInPlace { g.file.discard() }
            throw e.named(by: f.flag)
        }
    }
}

extension RuntimeFailure: CustomStringConvertible {
    var description: String { message }
}
