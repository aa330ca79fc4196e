import Foundation
import IO

/// A sweep's problem with what it was asked to do (a `--vary`, `--metric` or plan option), as the command line reports
/// it: a usage error (exit 64) naming the option and the value.
public struct SweepError: Error, CustomStringConvertible, Sendable {
    /// The option the problem is in (`--vary`, `--metric`, `--samples`), for the message's start.
    public var option: String
    /// What is wrong and, where there is one, the fix, ending with ", got <value>".
    public var message: String
    /// A problem with `option`.
    public init(_ option: String, _ message: String) {
        self.option = option
        self.message = message
    }
    /// The message as the command line prints it after `dynsim: error: `: `--vary: <what>, got <value>`.
    public var description: String { "\(option): \(message)" }
}

/// One varied scene field: its path (as the scene decoder's errors name fields: `items[1].density`,
/// `animations[0].stiffness`, `layers[0].position.x`) and the values it takes.
public struct SweepAxis: Equatable, Sendable {
    /// How the values are given.
    public enum Values: Equatable, Sendable {
        /// These values, in order: a list (`0.5,1,2`) or a range with a count (`0.1:1:10`, linear or `:log`).
        case list([Double])
        /// Seeded random samples uniform in [low, high).
        case uniform(Double, Double)
        /// Seeded random samples from a normal distribution (mean, standard deviation).
        case normal(Double, Double)
        /// A Latin hypercube over [low, high): each of the N samples in its own 1/N stratum of every such axis, the
        /// strata paired at random (McKay, Beckman and Conover, 1979).
        case latinHypercube(Double, Double)
    }

    /// The field's path in the scene.
    public var path: String
    /// Its values.
    public var values: Values

    /// Whether its values are random samples (which need `--samples` and `--seed`).
    public var isRandom: Bool { if case .list = values { false } else { true } }

    /// An axis from `--vary PATH=SPEC`. SPEC is a list `a,b,c`; a range `from:to:count` (count ≥ 2 points, both ends
    /// included), or `from:to:count:log` (geometric, both ends positive); or `uniform(a,b)`, `normal(mean,sd)`,
    /// `lhs(a,b)` (random; `--samples` and `--seed` say how many and from which seed).
    /// - Throws: ``SweepError`` naming `--vary` and the text, with the form expected.
    public init(parsing text: String) throws {
        guard let eq = text.firstIndex(of: "="), eq != text.startIndex else {
            throw SweepError("--vary", "must be PATH=VALUES (items[0].density=0.5,1,2), got \(quoted(text))")
        }
        path = String(text[..<eq])
        values = try SweepAxis.values(String(text[text.index(after: eq)...]), whole: text)
    }

    /// An axis of `path` over `values`.
    public init(path: String, values: Values) {
        self.path = path
        self.values = values
    }

    static func number(_ s: Substring, _ whole: String) throws -> Double {
        let t = s.trimmingCharacters(in: .whitespaces)
        // Decimal only, as JSON writes numbers: Double(String) would also take 0x10, inf and nan.
        guard let x = parseDecimal(Substring(t)), x.isFinite, abs(x) <= Limits.magnitude else {
            throw SweepError(
                "--vary", "\(quoted(String(t))) is not a decimal number within ±1e9, got \(quoted(whole))")
        }
        return x
    }

    static func values(_ spec: String, whole: String) throws -> Values {
        let forms = "a list 0.5,1,2, a range 0.1:1:10 (or 0.1:1:10:log), uniform(a,b), normal(mean,sd) or lhs(a,b)"
        if let open = spec.firstIndex(of: "("), spec.hasSuffix(")") {
            let name = spec[..<open]
            let args = spec[spec.index(after: open)..<spec.index(before: spec.endIndex)].split(
                separator: ",", omittingEmptySubsequences: false)
            guard args.count == 2 else {
                throw SweepError("--vary", "\(name)() takes two numbers, got \(quoted(whole))")
            }
            let a = try number(args[0], whole), b = try number(args[1], whole)
            switch name {
            case "uniform", "lhs":
                guard a < b else { throw SweepError("--vary", "\(name)(a,b) needs a < b, got \(quoted(whole))") }
                return name == "lhs" ? .latinHypercube(a, b) : .uniform(a, b)
            case "normal":
                guard b > 0 else {
                    throw SweepError("--vary", "normal(mean,sd) needs a positive sd, got \(quoted(whole))")
                }
                return .normal(a, b)
            default: throw SweepError("--vary", "VALUES must be \(forms), got \(quoted(whole))")
            }
        }
        if spec.contains(":") { return .list(try range(spec, whole: whole)) }
        let items = spec.split(separator: ",", omittingEmptySubsequences: false)
        guard !spec.isEmpty else { throw SweepError("--vary", "VALUES must be \(forms), got \(quoted(whole))") }
        return .list(try items.map { try number($0, whole) })
    }

    /// `from:to:count[:log]`: count points, both ends included.
    static func range(_ spec: String, whole: String) throws -> [Double] {
        var parts = spec.split(separator: ":", omittingEmptySubsequences: false)
        let isLog = parts.count == 4 && parts[3] == "log"
        if isLog { parts.removeLast() }
        guard parts.count == 3 else {
            throw SweepError("--vary", "a range is from:to:count or from:to:count:log, got \(quoted(whole))")
        }
        let a = try number(parts[0], whole), b = try number(parts[1], whole)
        guard let n = Int(parts[2]), n >= 2, n <= Limits.maxSweepRuns else {
            throw SweepError(
                "--vary",
                "a range's count must be a whole number from 2 to \(Limits.maxSweepRuns), got \(quoted(whole))")
        }
        guard a != b else { throw SweepError("--vary", "an empty range (from equals to), got \(quoted(whole))") }
        if isLog {
            guard a > 0 && b > 0 else {
                throw SweepError("--vary", "a log range needs positive ends, got \(quoted(whole))")
            }
            let la = log(a), lb = log(b)
            return (0..<n).map { i in i == 0 ? a : i == n - 1 ? b : exp(la + (lb - la) * Double(i) / Double(n - 1)) }
        }
        return (0..<n).map { i in i == n - 1 ? b : a + (b - a) * Double(i) / Double(n - 1) }
    }
}
