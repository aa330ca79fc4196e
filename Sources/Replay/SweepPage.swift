import Foundation
import IO

/// `dynsim view TABLE.csv`: a sweep's table as one self-contained page (docs/view.md, "Sweeps"): a heatmap of a metric
/// over two varied fields when their values form a full grid, a scatter otherwise, a colour scale (viridis), the values
/// on hover, and a clicked run's parameters with the command that reproduces it. The page picks the grid or the
/// scatter and lets the user switch metric and axes; this writes the table into its payload.
public enum SweepPage {
    /// What the page shows first, checked against the table by ``problem(_:in:)``.
    public struct Choice: Sendable, Equatable {
        /// The metric coloured (nil: the first).
        public var metric: String?
        /// The varied field across (nil: the first).
        public var x: String?
        /// The varied field up (nil: the second, if any).
        public var y: String?
        /// A choice; see the properties.
        public init(metric: String? = nil, x: String? = nil, y: String? = nil) {
            self.metric = metric
            self.x = x
            self.y = y
        }
    }

    /// Why `choice` does not fit `table` (an option naming a column the table does not have, or x and y the same
    /// field), or nil.
    public static func problem(_ choice: Choice, in table: SweepResults) -> String? {
        func list(_ names: [String]) -> String { names.map(quoted).joined(separator: ", ") }
        if let m = choice.metric, !table.metrics.contains(m) {
            return "--metric: not a metric of the table (\(list(table.metrics))), got \(quoted(m))"
        }
        for (flag, path) in [("--x", choice.x), ("--y", choice.y)] {
            if let path, !table.paths.contains(path) {
                return table.paths.isEmpty
                    ? "\(flag): the table varies no field, got \(quoted(path))"
                    : "\(flag): not a varied field of the table (\(list(table.paths))), got \(quoted(path))"
            }
        }
        if let x = choice.x, x == choice.y { return "--y: must differ from --x, both \(quoted(x))" }
        return nil
    }

    /// The page for `table`, titled `label` (its file as the user named it), `scene` the swept scene's name for the
    /// reproducing command (nil: the page writes SCENE).
    /// - Precondition: `problem(choice, in: table)` is nil.
    public static func html(_ table: SweepResults, label: String, scene: String?, choice: Choice = Choice()) -> String {
        let x = choice.x ?? table.paths.first { $0 != choice.y }
        let y = choice.y ?? table.paths.first { $0 != x }
        let runs: [CompactJSON] = table.runs.map { r in
            .array([
                .int(r.run), .string(r.id), .numbers(r.values),
                .array(r.metrics.map { $0.map(CompactJSON.number) ?? .null }),
                .string(r.status),
            ])
        }
        let failed = table.runs.filter { $0.status != "ok" }.count
        let description =
            "\(table.runs.count) runs" + (table.paths.isEmpty ? "" : " varying \(table.paths.joined(separator: ", "))")
            + (failed > 0 ? "; \(failed) failed" : "")
        let payload = PayloadContract.object([
            (.format, .string(PayloadContract.format)), (.kind, .string(PayloadContract.Kind.sweep.rawValue)),
            (.title, .string(label)), (.description, .string(description)),
            (.paths, .array(table.paths.map(CompactJSON.string))),
            (.metrics, .array(table.metrics.map(CompactJSON.string))), (.runs, .array(runs)),
            (.scene, .string(scene ?? "")),
            (
                .choice,
                .object([
                    ("metric", .string(choice.metric ?? table.metrics[0])), ("x", x.map(CompactJSON.string) ?? .null),
                    ("y", y.map(CompactJSON.string) ?? .null),
                ])
            ),
        ])
        return Page.html(
            title: "dynsim view: \(label)", payload: payload, blob: "", template: WebAssets.sweepTemplate)
    }
}
