/// The core-animation target (to be written).
public enum CoreAnimationTarget {
    /// The bake as a core-animation file; `report` goes into its comment.
    public static func write(_ bake: Bake, report: [String]) -> String {
        report.map { "// " + $0 }.joined(separator: "\n") + "\n"
    }
}
