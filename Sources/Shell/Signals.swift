#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import IO

/// The executable's signal handling, in one place (`dynsim` calls it): on a signal that ends the process by default and
/// can be caught (SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ) the
/// temporary files of outputs still being written are removed (so no half-written file is left, see ``OutputFile``),
/// then the signal ends the process as it would have. A signal the process was started ignoring stays ignored, as
/// POSIX has it for `nohup` (SIGHUP) and for a shell's background jobs (SIGINT, SIGQUIT). SIGPIPE is ignored where a
/// closed pipe must end a run quietly (the callers check write errors).
public enum Signals {
    /// Installs the handlers. Call once, before any output is opened.
    public static func install() {
        for sig in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ] {
            // The portable way to read a disposition: set one and get the previous back.
            if unsafeBitCast(signal(sig, SIG_IGN), to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) { continue }
            signal(sig) { sig in
                OutputFile.removeTemporaryFiles()
                signal(sig, SIG_DFL)
                raise(sig)
            }
        }
    }
}
