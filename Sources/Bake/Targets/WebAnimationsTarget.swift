/// The waapi target (to be written).
public enum WebAnimationsTarget {
    /// The bake as a waapi file; `report` goes into its comment.
    public static func write(_ bake: Bake, report: [String]) -> String {
        report.map { "// " + $0 }.joined(separator: "\n") + "\n"
    }
}
