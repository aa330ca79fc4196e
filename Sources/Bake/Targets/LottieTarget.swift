/// The lottie target (to be written).
public enum LottieTarget {
    /// The bake as a lottie file; `report` goes into its comment.
    public static func write(_ bake: Bake, report: [String]) -> String {
        report.map { "// " + $0 }.joined(separator: "\n") + "\n"
    }
}
