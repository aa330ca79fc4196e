import Foundation
import XCTest

/// docs/benchmarks.md quotes the chain-step study (Benchmarks/studies/chain-steps.sh) and Box2D v3's scene-B points
/// from the saved results in Benchmarks/results/AMD-EPYC-2cores; these tests read both files and check every quoted
/// figure, so a re-saved run that changes one fails until the docs follow. Figures only, never timings run here.
final class ChainStepStudyDocsTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..")
        .standardized
    static let results = "Benchmarks/results/AMD-EPYC-2cores/"

    private func text(_ path: String) throws -> String {
        try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The docs with runs of whitespace (line breaks included) folded to one space.
    private func doc() throws -> String {
        try text("docs/benchmarks.md").split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// chain-steps.txt rows keyed "method iterations N steps": the error and ns per body per frame, both nil when the
    /// run diverged (its row reads "diverged - -").
    private func study() throws -> [String: (error: Double?, ns: Double?)] {
        var rows: [String: (error: Double?, ns: Double?)] = [:]
        for line in try text(Self.results + "chain-steps.txt").split(separator: "\n")
        where !line.hasPrefix("#") && !line.hasPrefix("method") {
            let f = line.split(separator: " ")
            XCTAssertEqual(f.count, 7, "chain-steps.txt: \(line)")
            guard f.count == 7 else { continue }
            if f[4] == "diverged" {
                XCTAssertEqual(f[5...6].joined(separator: " "), "- -", "a diverged run has no time: \(line)")
            }
            rows[f[0...3].joined(separator: " ")] = (Double(f[4]), Double(f[5]))
        }
        return rows
    }

    private func point(_ error: Double, _ ns: Double, decimals: Int = 2) -> String {
        String(format: "%.\(decimals)f at %.0f ns", error, ns)
    }

    func testTheDocsQuoteBox2DV3sChainPointsAsSaved() throws {
        let doc = try doc()
        var found = 0
        for line in try text(Self.results + "work-precision.csv").split(separator: "\n") where line.hasPrefix("B,") {
            let f = line.split(separator: ",", omittingEmptySubsequences: false)
            guard f[2] == "box2d-3.1", let steps = Double(f[4]), let perStep = Double(f[6]), let error = Double(f[7])
            else { continue }
            let quoted = String(format: "(%.2f, %.0f)", error, perStep * steps)
            XCTAssertTrue(
                doc.contains(quoted), "docs/benchmarks.md quotes v3's B \(f[1]) at \(f[4]) sub-steps as \(quoted)")
            found += 1
        }
        XCTAssertEqual(found, 9, "v3's nine B points (10, 100, 1000 links at 2, 4, 8 sub-steps)")
    }

    func testTheDocsQuoteTheChainStepStudyAsSaved() throws {
        let doc = try doc(), rows = try study()
        XCTAssertEqual(rows.count, 90, "3 sizes x (1 RATTLE + 4 first-order variants) x 6 step counts")
        /// The row for `key`, which must exist and not have diverged.
        func row(_ key: String) -> (error: Double, ns: Double)? {
            guard let r = rows[key], let e = r.error, let ns = r.ns else {
                XCTFail("chain-steps.txt: no finite row \(key)"); return nil
            }
            return (e, ns)
        }
        // Fixed-step RATTLE: where it first holds, and that it diverges below.
        for (n, first) in [(10, 4), (100, 16)] {
            for steps in [1, 2, 4, 8, 16, 32] where steps < first {
                XCTAssertNil(rows["rattle 50 \(n) \(steps)"]?.error, "RATTLE at \(n) links diverges at \(steps) steps")
            }
        }
        for steps in [1, 2, 4, 8, 16, 32] {
            XCTAssertNil(rows["rattle 50 1000 \(steps)"]?.error, "RATTLE at 1000 links, \(steps) steps")
        }
        if let r = row("rattle 50 10 4") { XCTAssertTrue(doc.contains(point(r.error, r.ns)), point(r.error, r.ns)) }
        if let r = row("rattle 50 100 16") {
            XCTAssertTrue(doc.contains(point(r.error, r.ns, decimals: 3)), point(r.error, r.ns, decimals: 3))
        }
        // The first-order steps' quoted points.
        for key in ["fast 2 100 1", "fast 1 100 4", "project 1 10 4", "fast 2 1000 4"] {
            if let r = row(key) { XCTAssertTrue(doc.contains(point(r.error, r.ns)), "\(key): \(point(r.error, r.ns))") }
        }
        // The least any first-order step errs, as a percentage of the swing energy.
        let least = rows.filter { !$0.key.hasPrefix("rattle") }.compactMap { $0.value.error }.min() ?? 0
        XCTAssertTrue(
            doc.contains("err by at least \(Int(least * 100))% of the swing energy"), "least first-order error \(least)"
        )
    }
}
