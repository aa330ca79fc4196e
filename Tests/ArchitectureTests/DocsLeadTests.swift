import Foundation
import XCTest

/// Every docs page leads with the answer (issue 31): after its `# Title` and at most one short paragraph (2 lines), the
/// first block is a command and its output (a fenced block), a table or a picture; and no paragraph or list item runs
/// over 6 lines, counting a source line as one line per 120 characters or part of them.
final class DocsLeadTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..")
        .standardized

    /// Pages whose long paragraphs are not checked yet: none now that docs/scene-format.md is in short paragraphs,
    /// lists and tables.
    static let lengthExempt: Set<String> = []

    enum Kind: Equatable { case heading, paragraph, item, table, code, image, comment }

    struct Block {
        var kind: Kind
        var lines: [Substring]
        /// Lines as read on a 120-column screen: each source line is at least one.
        var height: Int { lines.reduce(0) { $0 + max(1, ($1.count + 119) / 120) } }
    }

    /// The page's blocks: a fenced block is one block; consecutive paragraph or table lines join; an indented line
    /// after a list item continues it.
    static func blocks(_ text: String) -> [Block] {
        var out: [Block] = []
        var inFence = false, open = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " }
            if trimmed.hasPrefix("```") {
                if inFence {
                    inFence = false; open = false
                } else {
                    out.append(Block(kind: .code, lines: [])); inFence = true
                }
                continue
            }
            if inFence { out[out.count - 1].lines.append(line); continue }
            if trimmed.isEmpty { open = false; continue }
            let kind: Kind
            if line.hasPrefix("#") {
                kind = .heading
            } else if trimmed.hasPrefix("|") {
                kind = .table
            } else if trimmed.hasPrefix("- ") || trimmed.hasPrefix("* ")
                || trimmed.prefix(while: \.isNumber).count > 0
                    && trimmed.drop(while: \.isNumber).hasPrefix(". ")
            {
                kind = .item
            } else if line.hasPrefix(" "), open, out.last?.kind == .item {
                out[out.count - 1].lines.append(line); continue
            } else if line.hasPrefix("![") {
                kind = .image
            } else if line.hasPrefix("<!--") {
                kind = .comment
            } else {
                kind = .paragraph
            }
            if open, let last = out.last, last.kind == kind, kind == .paragraph || kind == .table {
                out[out.count - 1].lines.append(line)
            } else {
                out.append(Block(kind: kind, lines: [line]))
            }
            open = true
        }
        return out
    }

    /// What is wrong with a page: its lead, and each paragraph or list item over 6 lines.
    static func problems(_ text: String, checkLength: Bool = true) -> [String] {
        let blocks = blocks(text)
        var problems: [String] = []
        guard let title = blocks.first, title.kind == .heading, title.lines[0].hasPrefix("# ") else {
            return ["no # title first"]
        }
        var rest = blocks.dropFirst()
        if let intro = rest.first, intro.kind == .paragraph, intro.height <= 2 { rest = rest.dropFirst() }
        if let lead = rest.first, ![.code, .table, .image].contains(lead.kind) {
            problems.append(
                "leads with a \(lead.kind) (\(lead.lines.first?.prefix(60) ?? "")), not a command and its output, a table or a picture"
            )
        }
        if checkLength {
            for block in blocks where [.paragraph, .item].contains(block.kind) && block.height > 6 {
                problems.append("a \(block.kind) of \(block.height) lines: \(block.lines[0].prefix(60))")
            }
        }
        return problems
    }

    func testEveryDocsPageLeadsWithTheAnswer() throws {
        let docs = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }.map { "docs/" + $0 }
        XCTAssertGreaterThanOrEqual(docs.count, 12)
        for page in docs.sorted() + ["README.md"] {
            let text = try String(contentsOf: Self.root.appendingPathComponent(page), encoding: .utf8)
            let problems = Self.problems(text, checkLength: !Self.lengthExempt.contains(page))
            XCTAssertEqual(problems, [], page)
        }
    }

    /// The rule refuses what it is for: a page that opens with a heading and a wall of option rules.
    func testTheRuleRefusesAPageThatLeadsWithProse() {
        let wall = String(
            repeating: "The options are checked before anything runs, and so on and so forth at length. ", count: 10)
        let page = "# Benchmarks\n\nHow it is timed.\n\n## Benchmarks\n\n" + wall + "\n\n```sh\ndynsim bench\n```\n"
        let problems = Self.problems(page)
        XCTAssertEqual(problems.count, 2, "\(problems)")
        XCTAssertTrue(problems[0].hasPrefix("leads with a heading"), "\(problems)")
        XCTAssertTrue(problems[1].hasPrefix("a paragraph of 7 lines"), "\(problems)")
        XCTAssertEqual(Self.problems("# T\n\nOne line.\n\n| a | b |\n|---|---|\n\n- an item\n  continued\n"), [])
        XCTAssertEqual(
            Self.problems("# T\n\n```sh\ndynsim\n```\n\n" + String(repeating: "- x\n  y\n  z\n  w\n", count: 1)), [])
        XCTAssertEqual(
            Self.problems("# T\n\n- " + String(repeating: "word ", count: 150)).count, 2, "a long list item first")
    }
}
