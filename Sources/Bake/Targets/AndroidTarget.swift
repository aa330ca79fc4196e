/// The android target (to be written).
public enum AndroidTarget {
    /// The bake as a android file; `report` goes into its comment.
    public static func write(_ bake: Bake, report: [String]) -> String {
        report.map { "// " + $0 }.joined(separator: "\n") + "\n"
    }
}
