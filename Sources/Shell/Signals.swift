#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import IO

/// The executables' signal handling, in one place (`dynsim` and `dynsim-bench` both call it): on a signal that ends the process by default and can be caught (SIGINT,
/// SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ) the temporary files of
/// outputs still being written are removed (so no half-written file is left, see ``OutputFile``), then the signal ends
/// the process as it would have. SIGPIPE is ignored where a closed pipe must end a run quietly (the callers check write errors).
public enum Signals {
    /// Installs the handlers. Call once, before any output is opened.
    public static func install() {
        for sig in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ] {
            signal(sig) { sig in
                OutputFile.removeTemporaryFiles()
                signal(sig, SIG_DFL)
                raise(sig)
            }
        }
    }
}
