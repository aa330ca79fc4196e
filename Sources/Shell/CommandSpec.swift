import IO

/// A command-line mistake: the message names the option or argument and the value given. The executables print it as
/// `<program>: error: <message>`, then the command's usage, and exit ``ExitStatus/usage``.
public struct UsageError: Error, Equatable, CustomStringConvertible, Sendable {
    /// What was wrong (`--rate: must be positive and at most 100000 Hz, got 0`).
    public var message: String
    /// The command whose usage to print, or nil for the top level.
    public var command: String?
    /// A usage error of `command`.
    public init(message: String, command: String?) {
        self.message = message
        self.command = command
    }
    /// The message.
    public var description: String { message }
}

/// A command's option table, as swift-argument-parser declares one: its arguments and options with their value kinds,
/// checks and help. Parsing (``parse(_:)``), value checks, `--opt=value`, refusing a repeated or unknown option or a
/// missing value, and the help text (``help``, ``usage``) are all generated from it, so they cannot disagree.
///
/// Rules, for every command: an option's value is the next argument or follows `=` (`--rate=30`); a value starting
/// with `--`, or `-h`, must use the `=` form (`--output=--odd-name`); each option may be given once (but a repeatable file list such as `--overlay`); `-h` or `--help` anywhere
/// asks for the help; an argument starting with `-` (other than `-` alone) is an option, until a `--`, after which
/// every argument is positional (`dynsim run -- -odd.json`).
public struct CommandSpec: Sendable {
    /// One option.
    public struct Option: Sendable {
        /// What value it takes and how the value is checked. A check returns what the value must be (`must be
        /// positive`) when it is wrong, nil when it is right.
        public enum Kind: Sendable {
            /// No value: present or not.
            case flag
            /// A decimal number (finite); the message gets `, got <number>`.
            case number(check: @Sendable (Double) -> String?)
            /// A whole number (an optional '-' and digits, no '+', as ``CommandSpec/wholeNumber(_:)`` reads it) in
            /// `range`; otherwise `message, got "<text>"`.
            case integer(range: ClosedRange<Int>, message: String)
            /// Comma-separated whole numbers (read as ``integer(range:message:)`` reads one), each in `range` and given
            /// once (`N given twice, got "<text>"`).
            case integers(range: ClosedRange<Int>, message: String)
            /// Comma-separated decimal numbers (at most a million), each checked.
            case numbers(check: @Sendable (Double) -> String?)
            /// One of these words.
            case choice([String])
            /// A file path (not empty).
            case path
            /// A file path (not empty) that may be given more than once: each is kept, in order.
            case paths
            /// Free text (not empty): a list of names, a curve, another command's options.
            case text
            /// Free text (not empty) that may be given more than once: each is kept, in order.
            case texts
        }
        /// `--name`.
        public let name: String
        /// The value's name in help (`S`, `HZ`, `FILE`); empty for a flag.
        public let placeholder: String
        /// The value kind and its check.
        public let kind: Kind
        /// One paragraph of help (wrapped when printed).
        public let help: String

        /// Whether it may be given more than once (``Kind/paths``, ``Kind/texts``).
        public var isRepeatable: Bool {
            switch kind {
            case .paths, .texts: return true
            default: return false
            }
        }

        /// Whether its value names a file.
        var isPath: Bool {
            switch kind {
            case .path, .paths: return true
            default: return false
            }
        }

        /// An option.
        public init(_ name: String, _ placeholder: String = "", _ kind: Kind, help: String) {
            self.name = name
            self.placeholder = placeholder
            self.kind = kind
            self.help = help
        }
    }

    /// A positional argument's name and help.
    public struct Argument: Sendable {
        /// Its name in help (`SCENE.json | BUILTIN`).
        public let name: String
        /// One paragraph of help.
        public let help: String
        /// An argument.
        public init(_ name: String, help: String) {
            self.name = name
            self.help = help
        }
    }

    /// The command's name (`run`), or nil for the program's top level.
    public let name: String?
    /// The program (`dynsim`).
    public let program: String
    /// One line for the program's SUBCOMMANDS list.
    public let summary: String
    /// The OVERVIEW paragraph.
    public let overview: String
    /// What comes before the options in USAGE (`dynsim [run] [SCENE.json | BUILTIN]`); the options follow, generated.
    public let synopsis: String
    /// A whole USAGE text instead of the generated one, where options go in groups (one per line).
    public let usageLines: [String]?
    /// The positional arguments (help only).
    public let arguments: [Argument]
    /// The options, in help order.
    public let options: [Option]
    /// How many positional arguments it takes at most.
    public let maxArguments: Int
    /// The message for one positional argument too many (`the argument`, `the first one`), when ``maxArguments`` is
    /// reached.
    public let tooManyArguments: @Sendable (_ extra: String, _ first: String) -> String
    /// A check of each positional argument (what it must be), or nil.
    public let checkArgument: (@Sendable (String) -> String?)?
    /// Closing sections (`COLUMNS`, `OUTPUT`, `EXIT STATUS`) as title and paragraph.
    public let sections: [(title: String, text: String)]

    /// A command's table; see the properties.
    public init(
        name: String?, program: String, summary: String, overview: String, synopsis: String,
        usageLines: [String]? = nil, arguments: [Argument] = [], options: [Option], maxArguments: Int = 0,
        tooManyArguments: @escaping @Sendable (String, String) -> String = { extra, _ in
            "unexpected argument, got \(quoted(extra))"
        },
        checkArgument: (@Sendable (String) -> String?)? = nil, sections: [(title: String, text: String)] = []
    ) {
        self.name = name
        self.program = program
        self.summary = summary
        self.overview = overview
        self.synopsis = synopsis
        self.usageLines = usageLines
        self.arguments = arguments
        self.options = options
        self.maxArguments = maxArguments
        self.tooManyArguments = tooManyArguments
        self.checkArgument = checkArgument
        self.sections = sections
    }
}

/// The arguments of one command line, parsed and checked against a ``CommandSpec``.
public struct ParsedArguments: Equatable, Sendable {
    /// A checked value.
    public enum Value: Equatable, Sendable {
        /// A flag that was given.
        case flag
        /// A checked decimal number.
        case number(Double)
        /// A checked whole number.
        case integer(Int)
        /// Checked whole numbers, from a comma-separated list.
        case integers([Int])
        /// Checked decimal numbers, from a comma-separated list.
        case numbers([Double])
        /// A choice's word or a path.
        case text(String)
        /// The values of a repeatable path option, in order.
        case texts([String])
    }
    /// The positional arguments, in order.
    public var arguments: [String] = []
    /// Whether `-h` or `--help` was given (parsing stops there).
    public var wantsHelp = false
    /// The options given, by name.
    public var values: [String: Value] = [:]

    /// Whether the option was given.
    public func has(_ name: String) -> Bool { values[name] != nil }
    /// A number option's value.
    public func number(_ name: String) -> Double? { if case .number(let x)? = values[name] { return x }; return nil }
    /// A whole-number option's value.
    public func integer(_ name: String) -> Int? { if case .integer(let x)? = values[name] { return x }; return nil }
    /// A list option's values.
    public func numbers(_ name: String) -> [Double]? {
        if case .numbers(let x)? = values[name] { return x }; return nil
    }
    /// A whole-number list option's values.
    public func integers(_ name: String) -> [Int]? { if case .integers(let x)? = values[name] { return x }; return nil }
    /// A choice or path option's text.
    public func text(_ name: String) -> String? { if case .text(let x)? = values[name] { return x }; return nil }
    /// Every value of a repeatable path option, in order (empty when not given).
    public func texts(_ name: String) -> [String] { if case .texts(let x)? = values[name] { return x }; return [] }
}

extension CommandSpec {
    /// Parses one command's arguments (after the command word).
    /// - Throws: ``UsageError`` naming the option or argument and the value: an unknown option, a missing value, an
    ///   option given twice, a value its kind or check refuses, a flag given a value, one argument too many.
    public func parse(_ args: [String]) throws -> ParsedArguments {
        var parsed = ParsedArguments()
        let byName = Dictionary(uniqueKeysWithValues: options.map { ($0.name, $0) })
        func fail(_ message: String) -> UsageError { UsageError(message: message, command: name) }
        var k = 0
        var optionsEnded = false
        while k < args.count {
            let arg = args[k]
            k += 1
            if arg == "--" && !optionsEnded {
                optionsEnded = true
                continue
            }
            if !optionsEnded && (arg == "-h" || arg == "--help") {
                parsed.wantsHelp = true
                return parsed
            }
            guard arg.hasPrefix("-") && arg != "-" && !optionsEnded else {
                if let check = checkArgument, let problem = check(arg) { throw fail(problem) }
                guard parsed.arguments.count < maxArguments else {
                    throw fail(tooManyArguments(arg, parsed.arguments.first ?? ""))
                }
                parsed.arguments.append(arg)
                continue
            }
            var flag = arg, inline: String?
            if arg.hasPrefix("--"), let eq = arg.firstIndex(of: "=") {
                flag = String(arg[..<eq])
                inline = String(arg[arg.index(after: eq)...])
            }
            guard let option = byName[flag] else { throw fail("unknown option, got \(quoted(arg))") }
            if case .flag = option.kind {
                if let inline { throw fail("\(flag): takes no value, got \(quoted(inline))") }
                guard parsed.values[flag] == nil else { throw fail("\(flag): given twice") }
                parsed.values[flag] = .flag
                continue
            }
            let text: String
            if let inline {
                text = inline
            } else {
                // The next argument is this option's value unless it is an option itself: `--anything` (give
                // `--opt=--odd` for such a value) or `-h`. An argument with a space in it is no option (no option
                // name has one): a list of options given as one value, `--versus "--damping-ratio=0.9 --response=0.3"`.
                guard k < args.count, !args[k].hasPrefix("--") || args[k].contains(" "), args[k] != "-h" else {
                    throw fail("\(flag): missing value" + (k < args.count ? ", got the option \(quoted(args[k]))" : ""))
                }
                text = args[k]
                k += 1
            }
            if option.isRepeatable {
                guard !text.isEmpty else {
                    throw fail("\(flag): must \(option.isPath ? "be a file path" : "not be empty"), got \"\"")
                }
                parsed.values[flag] = .texts(parsed.texts(flag) + [text])
                continue
            }
            guard parsed.values[flag] == nil else { throw fail("\(flag): given twice, got \(quoted(text))") }
            parsed.values[flag] = try value(text, of: option)
        }
        return parsed
    }

    /// A value checked as its option's kind says.
    private func value(_ text: String, of option: Option) throws -> ParsedArguments.Value {
        let flag = option.name
        func fail(_ message: String) -> UsageError { UsageError(message: "\(flag): " + message, command: name) }
        func decimal(_ s: Substring) throws -> Double {
            guard let x = parseDecimal(s), x.isFinite else {
                throw fail("must be a decimal number, got \(quoted(String(s)))")
            }
            return x
        }
        switch option.kind {
        case .flag:
            return .flag
        case .number(let check):
            let x = try decimal(Substring(text))
            if let problem = check(x) { throw fail("\(problem), got \(NumberFormat.shortest(x))") }
            return .number(x)
        case .integer(let range, let message):
            guard let n = CommandSpec.wholeNumber(Substring(text)), range.contains(n) else {
                throw fail("\(message), got \(quoted(text))")
            }
            return .integer(n)
        case .integers(let range, let message):
            let parts = text.split(separator: ",", omittingEmptySubsequences: false).map(CommandSpec.wholeNumber)
            guard parts.count <= 1_000_000, parts.allSatisfy({ $0.map(range.contains) ?? false }) else {
                throw fail("\(message), got \(quoted(text))")
            }
            // A list is a set of runs or sizes: a number twice would only repeat a row.
            var seen = Set<Int>()
            if let twice = parts.map({ $0! }).first(where: { !seen.insert($0).inserted }) {
                throw fail("\(twice) given twice, got \(quoted(text))")
            }
            return .integers(parts.map { $0! })
        case .numbers(let check):
            let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            guard parts.count <= 1_000_000 else {
                throw fail("must be a comma-separated list of numbers, got \(quoted(text))")
            }
            let xs = try parts.map(decimal)
            for x in xs { if let problem = check(x) { throw fail("\(problem), got \(NumberFormat.shortest(x))") } }
            return .numbers(xs)
        case .choice(let words):
            guard words.contains(text) else {
                throw fail("must be \(CommandSpec.alternatives(words)), got \(quoted(text))")
            }
            return .text(text)
        case .path, .paths:
            guard !text.isEmpty else { throw fail("must be a file path, got \"\"") }
            return .text(text)
        case .text, .texts:
            guard !text.isEmpty else { throw fail("must not be empty, got \"\"") }
            return .text(text)
        }
    }

    /// A whole number as the decimal options take numbers (``parseDecimal(_:)``, JSON's syntax): an optional '-' and
    /// ASCII digits, nothing else. `Int(String)` alone would also take a leading '+' (`+10`), which no other number on
    /// the command line accepts. Nil when malformed or beyond `Int`.
    static func wholeNumber(_ s: Substring) -> Int? {
        let digits = s.utf8.first == UInt8(ascii: "-") ? s.utf8.dropFirst() : s.utf8[...]
        guard !digits.isEmpty, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            return nil
        }
        return Int(s)
    }

    /// `a`, `a or b`, `a, b or c`.
    public static func alternatives(_ words: [String]) -> String {
        words.count <= 1 ? words.joined() : words.dropLast().joined(separator: ", ") + " or " + words.last!
    }
}

extension CommandSpec {
    /// The width help is wrapped to, and the column option help starts in (swift-argument-parser's layout).
    static let width = 118, column = 26

    /// Words of `text` wrapped to ``width``, the first line after `first`, the others indented by `indent` spaces.
    public static func wrap(_ text: String, first: String, indent: Int) -> String {
        var lines: [String] = []
        var line = first
        var fresh = true
        for word in text.split(separator: " ") {
            if !fresh && line.count + 1 + word.count > width {
                lines.append(line)
                line = String(repeating: " ", count: indent)
                fresh = true
            }
            line += (fresh ? "" : " ") + word
            fresh = false
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }

    /// One row of ARGUMENTS or OPTIONS: the name in the first column, its help wrapped in the second.
    public static func row(_ name: String, _ help: String) -> String {
        let head = "  " + name
        if help.isEmpty { return head }
        let first =
            head.count + 1 > column
            ? head + "\n" + String(repeating: " ", count: column)
            : head.padding(toLength: column, withPad: " ", startingAt: 0)
        return wrap(help, first: first, indent: column)
    }

    /// How an option reads in USAGE: `[--rate HZ]`, `[--profile uikit|precise]`, `[--info]`.
    static func usageWord(_ option: Option) -> String {
        switch option.kind {
        case .flag: return "[\(option.name)]"
        case .choice(let words): return "[\(option.name) \(words.joined(separator: "|"))]"
        case .paths, .texts: return "[\(option.name) \(option.placeholder)]..."
        default: return "[\(option.name) \(option.placeholder)]"
        }
    }

    /// The USAGE block's lines (without `USAGE: `): the synopsis and every option, wrapped under the synopsis.
    public var usage: [String] {
        if let usageLines { return usageLines }
        let text = ([synopsis] + options.map(CommandSpec.usageWord)).joined(separator: " ")
        // Wrapped as printed (after `USAGE: `), continuation lines under the first option; an option and its value, or
        // `A | B`, stay on one line.
        let indent = 7 + program.count + 1 + (name.map { $0.count + 1 } ?? 0)
        let glued = text.replacingOccurrences(of: " | ", with: "\u{2}|\u{2}").replacingOccurrences(
            of: "] [", with: "]\u{1}["
        )
        .replacingOccurrences(of: " ", with: "\u{3}").replacingOccurrences(of: "\u{1}", with: " ")
        let lines = CommandSpec.wrap(glued, first: "USAGE: ", indent: indent).split(separator: "\n").map {
            String($0).replacingOccurrences(of: "\u{2}", with: " ").replacingOccurrences(of: "\u{3}", with: " ")
        }
        return lines.map { String($0.dropFirst(7)) }
    }

    /// The whole help text: OVERVIEW, USAGE, ARGUMENTS, OPTIONS (`-h, --help` last) and the closing sections.
    public var help: String {
        var out = [
            CommandSpec.wrap(overview, first: "OVERVIEW: ", indent: 0), "",
            "USAGE: " + usage.joined(separator: "\n       "),
        ]
        if !arguments.isEmpty {
            out += ["", "ARGUMENTS:"] + arguments.map { CommandSpec.row($0.name, $0.help) }
        }
        out += ["", "OPTIONS:"]
        out += options.map {
            CommandSpec.row($0.placeholder.isEmpty ? $0.name : "\($0.name) \($0.placeholder)", $0.help)
        }
        out.append(CommandSpec.row("-h, --help", "Show this help."))
        for s in sections { out += ["", CommandSpec.wrap(s.text, first: s.title + ": ", indent: 2)] }
        return out.joined(separator: "\n")
    }

    /// What a usage error prints after the message: the USAGE block and where the full help is (as
    /// swift-argument-parser does).
    public var usageText: String {
        let more = name.map { "  See '\(program) help \($0)'." } ?? "  See '\(program) --help'."
        return "USAGE: " + usage.joined(separator: "\n       ") + "\n" + more
    }
}
