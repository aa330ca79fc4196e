/// The compose target (to be written).
public enum ComposeTarget {
    /// The bake as a compose file; `report` goes into its comment.
    public static func write(_ bake: Bake, report: [String]) -> String {
        report.map { "// " + $0 }.joined(separator: "\n") + "\n"
    }
}
