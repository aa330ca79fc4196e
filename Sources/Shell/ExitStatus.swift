/// The exit statuses of dynsim's executables, in one place: 0 success, 1 a runtime failure (a diverging simulation, a
/// file that cannot be written), 64 a usage error and 65 bad input data (sysexits.h's EX_USAGE and EX_DATAERR).
/// `dynsim compare` follows diff and cmp instead, so CI can tell a difference from trouble: 0 within the tolerance, 1
/// over it, and for trouble 64, 65, or 74 (sysexits.h's EX_IOERR) when its output cannot be written.
public enum ExitStatus {
    /// The command did what it was asked.
    public static let success: Int32 = 0
    /// A runtime failure.
    public static let failure: Int32 = 1
    /// A command-line mistake (``UsageError``).
    public static let usage: Int32 = 64
    /// A bad scene, drag or gesture file.
    public static let dataError: Int32 = 65
    /// `dynsim compare`: some column is over the tolerance (diff's and cmp's 1).
    public static let differ: Int32 = 1
    /// `dynsim compare`: its output could not be written (a runtime failure there, as 1 means "differ").
    public static let ioError: Int32 = 74
}
