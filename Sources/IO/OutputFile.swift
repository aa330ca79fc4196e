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
/// renamed over it on success, so a file with other hard links gets a new inode there and its other names keep the old
/// contents; a symbolic link is followed to its target first (a dangling one too). Anything else that exists there (a
/// device such as /dev/full or /dev/stdout, a FIFO) is written directly: it cannot be replaced, only written. The
/// running program's own file is refused. A program that handles signals removes the temporary files with
/// ``removeTemporaryFiles()`` before it dies.
public final class OutputFile {
    /// Why the file cannot be opened or completed, naming the file once: by its path (`<file>: <problem>`), or, once
    /// ``named(by:)`` an option, by the option with the path as the value given (`--csv: <problem>, got "<file>"`).
    public struct Failure: Error, CustomStringConvertible {
        /// The path as the user gave it.
        public var path: String
        /// What went wrong, with the system's reason: `cannot create the output file (Permission denied)`.
        public var problem: String
        /// The option whose value ``path`` is, or nil to name the file by its path.
        public var option: String?
        /// A failure writing `path`.
        public init(path: String, problem: String, option: String? = nil) {
            (self.path, self.problem, self.option) = (path, problem, option)
        }
        /// The same failure named by `option` (`--csv`).
        public func named(by option: String) -> Failure { Failure(path: path, problem: problem, option: option) }
        /// `<file>: <problem>`, or `<option>: <problem>, got "<file>"`, as dynsim prints it after `dynsim: error: `.
        public var message: String { option.map { "\($0): \(problem), got \(quoted(path))" } ?? "\(path): \(problem)" }
        /// The message.
        public var description: String { message }
    }

    /// The stream to write to.
    public let stream: UnsafeMutablePointer<FILE>
    private let name: String
    private let temporary: String?
    /// The folder of an unnamed (O_TMPFILE) file, linked into place on commit; nil otherwise.
    private var unnamedFolder: String?
    /// Whether the bytes go straight to where they end up (a device, a FIFO, one of this process's descriptors), so
    /// that ``commit()`` only flushes them; false for a file that appears on ``commit()``.
    public var isWrittenInPlace: Bool { temporary == nil && unnamedFolder == nil }
    /// Where the bytes end up (symbolic links followed): two outputs with one target are the same file.
    public let target: String
    private var closed = false

    /// Opens `path` for writing. Throws ``Failure`` when it is a directory, the running program's file, or cannot be
    /// opened or created.
    public init(_ path: String) throws {
        name = path
        target = OutputFile.destination(of: path)
        // A name for one of this process's descriptors (/dev/stdout, /dev/stderr, /dev/fd/N, /proc/self/fd/N) is that
        // descriptor: written in place, at its offset and in its mode (appending stays appending), never replaced.
        if let fd = OutputFile.descriptor(named: path) {
            let copy = dup(fd)
            guard copy >= 0, let f = fdopen(copy, "wb") else {
                if copy >= 0 { close(copy) }
                throw Failure(path: path, problem: "cannot open for writing (\(String(cString: strerror(errno))))")
            }
            stream = f
            temporary = nil
            return
        }
        var info = stat()
        let exists = stat(target, &info) == 0
        if exists && (info.st_mode & S_IFMT) == S_IFDIR {
            throw Failure(path: path, problem: "is a directory")
        }
        if exists && (info.st_mode & S_IFMT) != S_IFREG {
            guard let f = fopen(target, "wb") else {
                throw Failure(path: path, problem: "cannot open for writing (\(String(cString: strerror(errno))))")
            }
            stream = f
            temporary = nil
        } else {
            try OutputFile.checkReplaceable(path, target: target, exists: exists)
            let folder = directoryPart(of: target)
            OutputFile.removeStalePartials(in: folder)
            // Linux: an unnamed file in the target's folder (O_TMPFILE), given a name only when complete (commit), so
            // a crash or SIGKILL leaves nothing behind. Where the file system cannot (O_TMPFILE unsupported), a
            // named temporary file, as elsewhere.
            if let fd = OutputFile.openUnnamed(in: folder.isEmpty ? "." : folder) {
                guard let f = fdopen(fd, "wb") else {
                    close(fd)
                    throw Failure(path: path, problem: "cannot open for writing (\(String(cString: strerror(errno))))")
                }
                if exists { _ = fchmod(fd, info.st_mode & 0o7777) }
                stream = f
                temporary = nil
                unnamedFolder = folder
                return
            }
            // Beside the target, under a short name of its own (a long target name plus a suffix could pass the file
            // system's 255 bytes), created afresh: O_EXCL | O_NOFOLLOW never write through something already there.
            var tmp = ""
            var fd: Int32 = -1
            for attempt in 0..<100 where fd < 0 {
                tmp =
                    (folder.isEmpty ? "" : folder + "/")
                    + ".dynsim-\(getpid())-\(OutputFile.counter)-\(attempt).partial"
                fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
                if fd < 0 && errno != EEXIST { break }
            }
            OutputFile.counter += 1
            guard fd >= 0, let f = fdopen(fd, "wb") else {
                let reason = String(cString: strerror(errno))
                if fd >= 0 { close(fd); unlink(tmp) }
                guard exists else { throw Failure(path: path, problem: "cannot create the output file (\(reason))") }
                // The file is there and writable (checkReplaceable), but no new file can be made beside it to
                // replace it: its directory takes no new file (a kernel file such as /proc/version, whose directory
                // answers "No such file or directory" even to root).
                throw Failure(
                    path: path,
                    problem: "cannot create a file in \(folder.isEmpty ? "." : folder) to replace it (\(reason))")
            }
            // A file written over keeps its permissions (a 0600 file stays private).
            if exists { _ = fchmod(fd, info.st_mode & 0o7777) }
            stream = f
            temporary = tmp
            OutputFile.removeOnSignal(tmp)
        }
    }

    /// Throws ``Failure`` when the regular file `target` (given as `path`) must not or cannot be replaced: a read-only
    /// file (renaming over it needs only the directory's permission, but the user asked that it not be written; root
    /// may write anything, as its shell's `>` does), or a name too long for its directory (found now, before the
    /// work, rather than at the final rename).
    private static func checkReplaceable(_ path: String, target: String, exists: Bool) throws {
        // The running program's own file (`--csv .build/release/dynsim`) is never replaced: a typo away from the
        // binary, it would leave a text file where the tool was.
        if exists, let program = OutputFile.runningProgram, let own = FileIdentity(path: program),
            FileIdentity(path: target) == own
        {
            throw Failure(path: path, problem: "is the program that is running; name another file")
        }
        if exists && faccessat(AT_FDCWD, target, W_OK, AT_EACCESS) != 0 {
            throw Failure(path: path, problem: "cannot open for writing (\(String(cString: strerror(errno))))")
        }
        let folder = directoryPart(of: target)
        let limit = pathconf(folder.isEmpty ? "." : folder, Int32(_PC_NAME_MAX))
        if limit > 0 && target.split(separator: "/").last.map({ $0.utf8.count > limit }) == true {
            throw Failure(
                path: path, problem: "cannot create the output file (\(String(cString: strerror(ENAMETOOLONG))))")
        }
    }

    /// Makes sure descriptors 0, 1 and 2 are open, each closed one on /dev/null for reading, before any file is
    /// opened. Run with stdout closed (`>&-`), the first output file would otherwise get descriptor 1 and receive what
    /// was meant for stdout; this way writing to stdout fails (EBADF) and is reported as it is today. Call once, first
    /// thing in `main`.
    public static func reserveStandardDescriptors() {
        for fd: Int32 in 0...2 where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
            let opened = open("/dev/null", O_RDONLY)
            if opened >= 0 && opened != fd {
                _ = dup2(opened, fd)
                close(opened)
            }
        }
    }

    /// Whether writing `a` and writing `b` would write one file: the same path; the same descriptor of this process
    /// (`/dev/stdout`, `/dev/fd/1` and `/proc/self/fd/1` are descriptor 1); when both exist, one identity
    /// (``FileIdentity``: a symbolic or hard link and its target, `./a.csv` and `a.csv`, `/dev/stdout` and the file
    /// stdout is open on); when one does not exist yet, one ``destination(of:)`` (a new file by two spellings, or
    /// through a dangling link). Two different descriptors (`/dev/stdout` and `/dev/stderr`) are two outputs even when
    /// the shell pointed both at one terminal or pipe (`2>&1`): each is written in place, where the shell put it.
    public static func sameFile(_ a: String, _ b: String) -> Bool {
        if a == b { return true }
        if let x = descriptor(named: a), let y = descriptor(named: b) { return x == y }
        if let x = FileIdentity(path: a), let y = FileIdentity(path: b) { return x == y }
        return destination(of: a) == destination(of: b)
    }

    /// Where writing `path` puts its bytes, as an absolute path: symbolic links followed (a dangling one to the file it
    /// would create), `.`, `..` and links among the folders resolved. The path as given when its folder does not exist.
    public static func destination(of path: String) -> String {
        var p = path
        for _ in 0..<40 {
            if let resolved = realpath(p, nil) {
                defer { free(resolved) }
                return String(cString: resolved)
            }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let n = readlink(p, &buffer, buffer.count - 1)
            guard n > 0 else { break }
            let link = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let folder = directoryPart(of: p)
            p = link.hasPrefix("/") || folder.isEmpty ? link : folder + "/" + link
        }
        let folder = directoryPart(of: p)
        let name = p.lastIndex(of: "/").map { String(p[p.index(after: $0)...]) } ?? p
        guard let resolved = realpath(folder.isEmpty ? "." : folder, nil) else { return p }
        defer { free(resolved) }
        let absolute = String(cString: resolved)
        return (absolute == "/" ? "" : absolute) + "/" + name
    }

    /// How many temporary files this process has made (part of their names).
    nonisolated(unsafe) static var counter = 0

    /// The descriptor `path` names when it is one of this process's own: `/dev/stdout` (1), `/dev/stderr` (2),
    /// `/dev/fd/N` or `/proc/self/fd/N` (N); nil for any other path.
    static func descriptor(named path: String) -> Int32? {
        switch path {
        case "/dev/stdout": return 1
        case "/dev/stderr": return 2
        default:
            for prefix in ["/dev/fd/", "/proc/self/fd/"] where path.hasPrefix(prefix) {
                if let n = Int32(path.dropFirst(prefix.count)), n >= 0 { return n }
            }
            return nil
        }
    }

    /// Closes the stream and removes the temporary file.
    public func discard() {
        if !closed { fclose(stream); closed = true }
        if let temporary { unlink(temporary) }
    }

    /// The running program's file: on Linux what /proc/self/exe links to (Foundation's `Bundle.main` traps when
    /// the program cannot resolve its bundle, as for another user in a private directory), elsewhere `Bundle.main`'s
    /// executable; nil when it cannot be told.
    static let runningProgram: String? = {
        #if os(Linux)
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
            guard n > 0 else { return nil }
            return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #else
            return Bundle.main.executablePath
        #endif
    }()

    /// An unnamed regular file in `folder` open for writing (Linux's O_TMPFILE), or nil where there is none.
    private static func openUnnamed(in folder: String) -> Int32? {
        #if os(Linux)
            let fd = open(folder, O_TMPFILE_VALUE | O_WRONLY | O_CLOEXEC, 0o644)
            return fd >= 0 ? fd : nil
        #else
            return nil
        #endif
    }

    #if os(Linux)
        /// O_TMPFILE as Linux defines it (__O_TMPFILE | O_DIRECTORY; the macro does not import into Swift).
        private static let O_TMPFILE_VALUE: Int32 = 0o20000000 | O_DIRECTORY
    #endif

    /// Removes named temporary files (`.dynsim-PID-…partial`) in `folder` whose process is gone: what a crash or
    /// SIGKILL of a run without unnamed files left behind.
    static func removeStalePartials(in folder: String) {
        let dir = folder.isEmpty ? "." : folder
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir) else { return }
        for name in names where name.hasPrefix(".dynsim-") && name.hasSuffix(".partial") {
            let parts = name.dropFirst(".dynsim-".count).split(separator: "-")
            guard let first = parts.first, let pid = Int32(first), pid != getpid() else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH { unlink(dir + "/" + name) }
        }
    }

    /// Gives a complete unnamed file its name: linked beside the target under a fresh temporary name, then renamed
    /// over the target (a link cannot replace a file, a rename can). Returns errno's reason on failure.
    private func linkUnnamed(into folder: String) -> String? {
        #if os(Linux)
            let source = "/proc/self/fd/\(fileno(stream))"
            var tmp = ""
            var linked = false
            for attempt in 0..<100 where !linked {
                tmp =
                    (folder.isEmpty ? "" : folder + "/")
                    + ".dynsim-\(getpid())-\(OutputFile.counter)-\(attempt).partial"
                linked = linkat(AT_FDCWD, source, AT_FDCWD, tmp, AT_SYMLINK_FOLLOW) == 0
                if !linked && errno != EEXIST { break }
            }
            OutputFile.counter += 1
            guard linked else { return String(cString: strerror(errno)) }
            if rename(tmp, target) != 0 {
                let reason = String(cString: strerror(errno))
                unlink(tmp)
                return reason
            }
            return nil
        #else
            return "no unnamed files here"
        #endif
    }

    /// Closes the stream and renames the temporary file into place. Throws ``Failure`` with the reason.
    public func commit() throws {
        if let folder = unnamedFolder {
            let flushed = fflush(stream) == 0 && ferror(stream) == 0
            let reason = flushed ? linkUnnamed(into: folder) : String(cString: strerror(errno))
            let closeFailed = fclose(stream) != 0
            closed = true
            if let reason { throw Failure(path: name, problem: "cannot write (\(reason))") }
            if closeFailed { throw Failure(path: name, problem: "cannot write (\(String(cString: strerror(errno))))") }
            return
        }
        let closeFailed = fclose(stream) != 0
        closed = true
        if closeFailed {
            let reason = String(cString: strerror(errno))
            if let temporary { unlink(temporary) }
            throw Failure(path: name, problem: "cannot write (\(reason))")
        }
        if let temporary, rename(temporary, target) != 0 {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw Failure(path: name, problem: "cannot write (\(reason))")
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
