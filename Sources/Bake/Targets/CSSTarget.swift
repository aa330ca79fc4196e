/// The css target (to be written).
public enum CSSTarget {
    /// The bake as a css file; `report` goes into its comment.
    public static func write(_ bake: Bake, report: [String]) -> String {
        report.map { "/* " + $0 + " */" }.joined(separator: "\n") + "\n"
    }

    /// A page that plays the stylesheet `stylesheet` (a file beside it), or nil (to be written).
    public static func page(_ bake: Bake, stylesheet: String) -> String? { nil }
}
