#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A file's identity on this machine: its device and inode (`st_dev`, `st_ino`), symbolic links followed. Two paths
/// with one identity name one file, whether through a symbolic link, a hard link or two spellings of one path.
public struct FileIdentity: Hashable, Sendable {
    /// The device that holds the file.
    public var device: UInt64
    /// The file's inode number on that device.
    public var inode: UInt64

    /// The identity of what `path` names now, or nil when nothing does (no such file, a dangling link, no permission
    /// to look).
    public init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}

/// A file output that never exists half-written. A regular file (or a new one) is written beside its final place and
/// renamed over it on success; a symbolic link is followed to its target first (a dangling one too). Anything else that
/// exists there (a device such as /dev/full or /dev/stdout, a FIFO) is written directly: it cannot be replaced, only
/// written. A program that handles signals removes the temporary files with ``removeTemporaryFiles()`` before it dies.
public final class OutputFile {
    /// Why the file cannot be opened or completed: the message names the file.
    public struct Failure: Error, CustomStringConvertible {
        /// `<file>: <what went wrong> (<the system's reason>)`, as dynsim prints it after `dynsim: error: `.
        public var message: String
        /// The message.
        public var description: String { message }
        /// A failure with `message`.
        public init(message: String) { self.message = message }
    }

    /// The stream to write to.
    public let stream: UnsafeMutablePointer<FILE>
    private let name: String
    private let temporary: String?
    /// Where the bytes end up (symbolic links followed): two outputs with one target are the same file.
    public let target: String
    private var closed = false

    /// Opens `path` for writing. Throws ``Failure`` when it is a directory or cannot be opened or created.
    public init(_ path: String) throws {
        name = path
        var target = path
        if let resolved = realpath(path, nil) {
            target = String(cString: resolved)
            free(resolved)
        } else {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let n = readlink(path, &buffer, buffer.count - 1)
            if n > 0 {
                let link = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
                let folder = (path as NSString).deletingLastPathComponent
                target = link.hasPrefix("/") || folder.isEmpty ? link : folder + "/" + link
            }
        }
        self.target = target
        var info = stat()
        let exists = stat(target, &info) == 0
        if exists && (info.st_mode & S_IFMT) == S_IFDIR {
            throw Failure(message: "\(path): is a directory, got \(quoted(path))")
        }
        if exists && (info.st_mode & S_IFMT) != S_IFREG {
            guard let f = fopen(target, "wb") else {
                throw Failure(message: "\(path): cannot open for writing (\(String(cString: strerror(errno)))), got \(quoted(path))")
            }
            stream = f
            temporary = nil
        } else {
            let tmp = target + ".partial-\(getpid())"
            guard let f = fopen(tmp, "wb") else {
                throw Failure(message: "\(path): cannot create the output file (\(String(cString: strerror(errno)))), got \(quoted(path))")
            }
            stream = f
            temporary = tmp
            OutputFile.removeOnSignal(tmp)
        }
    }

    /// Closes the stream and removes the temporary file.
    public func discard() {
        if !closed { fclose(stream); closed = true }
        if let temporary { unlink(temporary) }
    }

    /// Closes the stream and renames the temporary file into place. Throws ``Failure`` with the reason.
    public func commit() throws {
        let closeFailed = fclose(stream) != 0
        closed = true
        if closeFailed {
            let reason = String(cString: strerror(errno))
            if let temporary { unlink(temporary) }
            throw Failure(message: "\(name): cannot write (\(reason))")
        }
        if let temporary, rename(temporary, target) != 0 {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw Failure(message: "\(name): cannot write (\(reason))")
        }
    }

    /// Temporary files of outputs still being written, as C strings a signal handler can use (unlink is
    /// async-signal-safe). The program's signal handling (dynsim's Signals.swift) calls ``removeTemporaryFiles()``.
    nonisolated(unsafe) static var pathsForSignals: [UnsafeMutablePointer<CChar>] = []

    static func removeOnSignal(_ path: String) {
        pathsForSignals.append(strdup(path))
    }

    /// Removes every output's temporary file. Async-signal-safe: for a signal handler that then lets the signal end
    /// the process, so that no half-written file is left beside its final place.
    public static func removeTemporaryFiles() {
        for p in pathsForSignals { unlink(p) }
    }
}

