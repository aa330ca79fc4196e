import XCTest
import Shell

/// Shell's option tables on their own: one table gives parsing (`--opt value`, `--opt=value`), the refusals (an
/// unknown option, a repeated one, a missing value, a value its check refuses) and the help, which names every option.
final class CommandSpecTests: XCTestCase {
    let spec = CommandSpec(
        name: "demo", program: "tool", summary: "A demo command.", overview: "Demonstrates option tables.",
        synopsis: "tool demo",
        options: [
            .init("--rate", "HZ", .number(check: { $0 > 0 ? nil : "must be positive" }), help: "Rows per second."),
            .init("--output", "FILE", .path, help: "Where to write."),
            .init("--quiet", "", .flag, help: "Say nothing."),
        ])

    func usage(_ args: [String]) -> String? {
        do {
            _ = try spec.parse(args)
            return nil
        } catch let e as UsageError {
            return e.message
        } catch {
            return "\(error)"
        }
    }

    func testBothSpellingsParseAlike() throws {
        let a = try spec.parse(["--rate", "30", "--output", "x.csv", "--quiet"])
        let b = try spec.parse(["--rate=30", "--output=x.csv", "--quiet"])
        for p in [a, b] {
            XCTAssertEqual(p.number("--rate"), 30)
            XCTAssertEqual(p.text("--output"), "x.csv")
            XCTAssertTrue(p.has("--quiet"))
        }
        XCTAssertFalse(try spec.parse([]).has("--quiet"))
    }

    func testRefusalsNameTheOptionAndTheValue() {
        XCTAssertEqual(usage(["--rate", "30", "--rate", "60"]), "--rate: given twice, got \"60\"")
        XCTAssertEqual(usage(["--rate", "0"]), "--rate: must be positive, got 0")
        XCTAssertEqual(usage(["--bogus"]), "unknown option, got \"--bogus\"")
        XCTAssertEqual(usage(["--output", "--quiet"]), "--output: missing value, got the option \"--quiet\"")
        XCTAssertNil(usage(["--output", "-"]), "- is stdout, a value")
    }

    func testHelpNamesEveryOptionWithItsHelp() {
        let help = spec.help
        for option in spec.options {
            XCTAssertTrue(help.contains(option.name), option.name)
            XCTAssertTrue(help.contains(option.help), option.help)
        }
        XCTAssertTrue(help.contains("A demo command.") || help.contains("Demonstrates option tables."), help)
    }
}
