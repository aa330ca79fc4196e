import Foundation

/// A process the black-box tests start: spawned with `posix_spawn`, its pipes read with `poll`, reaped with `waitpid`,
/// all under a deadline. Foundation's `Process` is not used: its `waitUntilExit()` waits on a run loop for the child's
/// termination, and on Linux it has been reported to miss it and wait forever after many runs. A CI run here hung in
/// `CLITests` until its 5400 s limit while every test passed alone and in full runs; that is the likely cause, and
/// with a deadline a hang now fails one test, naming its command, instead of the whole run.
///
/// The child starts in a process group of its own, with no signal blocked and every signal at its default action
/// (whatever the test runner inherited), and stdin on /dev/null. Past its time limit the whole group is killed
/// (SIGKILL) and ``Termination/timedOut`` says so (``CLITests/collect(_:)`` fails the test, naming the command), instead
/// of the run hanging.
final class Child {
    /// Where one of the child's output streams goes.
    enum Stream {
        /// A pipe the test reads.
        case pipe
        /// /dev/null.
        case null
        /// A pipe whose reading end is closed before the child starts: its first write meets EPIPE.
        case closedPipe
    }

    /// How a child ended.
    struct Termination: Equatable {
        /// The exit status, or 128 + the signal's number when a signal ended it (as a shell reports it).
        var status: Int32
        /// The signal that ended it, if one did.
        var signal: Int32?
        /// Whether it was killed for running past its time limit.
        var timedOut = false
    }

    let pid: pid_t
    /// The command line, for messages.
    let command: String
    private let deadline: Double
    private var outFD: Int32 = -1, errFD: Int32 = -1
    private var ended: Termination?

    /// Starts `executable` with `arguments` (argv[1...]) in `directory` (the current one when nil), with `environment`
    /// (the test process's when nil). `limit` is how long it may take, in seconds (the longest child, a benchmark,
    /// takes under 30 s).
    init(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil, directory: String? = nil,
        stdout: Stream = .pipe, stderr: Stream = .pipe, limit: Double = 300
    ) throws {
        command = ([executable] + arguments).joined(separator: " ")
        deadline = Child.now() + limit
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var parentEnds: [Int32] = []  // closed in the parent once the child has its copies
        defer { parentEnds.forEach { close($0) } }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        for (fd, stream) in [(Int32(1), stdout), (Int32(2), stderr)] {
            switch stream {
            case .null:
                posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", O_WRONLY, 0)
            case .pipe, .closedPipe:
                var ends: [Int32] = [0, 0]
                guard pipe(&ends) == 0 else { throw Child.error("pipe", errno) }
                ends.forEach { _ = fcntl($0, F_SETFD, FD_CLOEXEC) }  // only the dup2 copy reaches the child
                posix_spawn_file_actions_adddup2(&actions, ends[1], fd)  // dup2 clears close-on-exec on fd
                parentEnds.append(ends[1])
                if stream == .closedPipe { close(ends[0]) } else if fd == 1 { outFD = ends[0] } else { errFD = ends[0] }
            }
        }
        if let directory {
            // glibc 2.29+ has it; Swift's Glibc module does not declare it.
            typealias AddChdir =
                @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32
            guard let symbol = dlsym(nil, "posix_spawn_file_actions_addchdir_np") else {
                throw Child.error("addchdir", ENOSYS)
            }
            _ = unsafeBitCast(symbol, to: AddChdir.self)(&actions, directory)
        }
        var none = sigset_t(), defaults = sigset_t()
        sigemptyset(&none)
        sigemptyset(&defaults)
        for sig in 1..<32 where sig != SIGKILL && sig != SIGSTOP { sigaddset(&defaults, Int32(sig)) }
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let envp = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
        defer { envp?.forEach { free($0) } }
        var child: pid_t = 0
        let result =
            envp.map { posix_spawn(&child, executable, &actions, &attributes, argv, $0) }
            ?? posix_spawn(&child, executable, &actions, &attributes, argv, environ)
        guard result == 0 else {
            [outFD, errFD].filter { $0 >= 0 }.forEach { close($0) }
            throw Child.error("posix_spawn \(executable)", result)
        }
        pid = child
    }

    deinit {
        if ended == nil { kill(-pid, SIGKILL); _ = reap(blocking: true) }
        [outFD, errFD].filter { $0 >= 0 }.forEach { close($0) }
    }

    /// Reads stdout (a ``Stream/pipe``) until `count` bytes have come or it ends.
    func readStdout(upTo count: Int) -> Data {
        var data = Data()
        while data.count < count, outFD >= 0, waitForInput([outFD]) {
            guard let chunk = readChunk(outFD, max: count - data.count) else { close(outFD); outFD = -1; break }
            data.append(chunk)
        }
        return data
    }

    /// Reads stdout and stderr (those that are pipes) to their ends, then waits for the child to end.
    func finish() -> (termination: Termination, stdout: Data, stderr: Data) {
        var out = Data(), err = Data()
        while outFD >= 0 || errFD >= 0 {
            let open = [outFD, errFD].filter { $0 >= 0 }
            guard waitForInput(open) else { break }
            for fd in open {
                var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                guard poll(&ready, 1, 0) > 0 else { continue }
                if let chunk = readChunk(fd, max: 65536) {
                    if fd == outFD { out.append(chunk) } else { err.append(chunk) }
                } else {
                    close(fd)
                    if fd == outFD { outFD = -1 } else { errFD = -1 }
                }
            }
        }
        return (wait(), out, err)
    }

    /// Whether the child has not ended yet.
    var isRunning: Bool { ended == nil && reap(blocking: false) == nil }

    /// Sends `signal` to the child.
    func send(_ signal: Int32) { if ended == nil { kill(pid, signal) } }

    /// Waits for the child to end; past the time limit, kills its group.
    @discardableResult
    func wait() -> Termination {
        while true {
            if let t = ended ?? reap(blocking: false) { return t }
            guard Child.now() < deadline else { return killForTime() }
            usleep(2_000)
        }
    }

    // MARK: - Private

    private static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
    }

    private static func error(_ what: String, _ code: Int32) -> NSError {
        NSError(
            domain: "Child", code: Int(code),
            userInfo: [NSLocalizedDescriptionKey: "\(what): \(String(cString: strerror(code)))"])
    }

    /// Waits until one of `fds` can be read (or has ended); false past the deadline, after killing the child.
    private func waitForInput(_ fds: [Int32]) -> Bool {
        var set = fds.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        while true {
            let left = deadline - Child.now()
            guard left > 0 else { killForTime(); return false }
            let n = poll(&set, nfds_t(set.count), Int32(min(left, 1) * 1000) + 1)
            if n > 0 { return true }
            if n < 0 && errno != EINTR { return false }
        }
    }

    /// One read of at most `max` bytes; nil at the end of the stream.
    private func readChunk(_ fd: Int32, max: Int) -> Data? {
        var buffer = [UInt8](repeating: 0, count: max)
        while true {
            let n = read(fd, &buffer, max)
            if n > 0 { return Data(buffer[0..<n]) }
            if n < 0 && errno == EINTR { continue }
            return nil
        }
    }

    /// Collects the child's status if it has ended (or, when `blocking`, once it does).
    private func reap(blocking: Bool) -> Termination? {
        var status: Int32 = 0
        var r: pid_t
        repeat { r = waitpid(pid, &status, blocking ? 0 : WNOHANG) } while r < 0 && errno == EINTR
        guard r == pid else { return nil }
        let signal = status & 0x7f
        ended =
            signal == 0
            ? Termination(status: (status >> 8) & 0xff, signal: nil) : Termination(status: 128 + signal, signal: signal)
        return ended
    }

    @discardableResult
    private func killForTime() -> Termination {
        kill(-pid, SIGKILL)
        var t = ended ?? reap(blocking: true) ?? Termination(status: 128 + SIGKILL, signal: SIGKILL)
        t.timedOut = true
        ended = t
        return t
    }
}
