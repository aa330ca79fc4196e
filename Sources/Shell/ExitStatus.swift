/// The exit statuses of dynsim's executables, in one place: 0 success, 1 a runtime failure (a diverging simulation, a
/// file that cannot be written), 64 a usage error and 65 bad input data (sysexits.h's EX_USAGE and EX_DATAERR).
public enum ExitStatus {
    /// The command did what it was asked.
    public static let success: Int32 = 0
    /// A runtime failure.
    public static let failure: Int32 = 1
    /// A command-line mistake (``UsageError``).
    public static let usage: Int32 = 64
    /// A bad scene, drag or gesture file.
    public static let dataError: Int32 = 65
}
