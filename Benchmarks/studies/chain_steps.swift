// Issue 19's chain-step study: can a step with exact constraint solves reach Box2D v3's points on scene B (error
// against cost), and at what step does the `precise` profile's method (RATTLE at a fixed step) stay stable?
//
// Scene B as `Catalog.chain(count:)` builds it: N equal links (point masses: the rods join the items' centers, so
// their turning is free and does not enter), rods of 15 pt, the first from a fixed anchor at (187.5, 100), all links
// in a horizontal row at y = 100, released from rest under gravity 1000 pt/s² (+y down). Every method solves the
// rods' linear systems exactly, along the chain, with the Thomas algorithm in O(N) (Baraff 1996's chain case), so a
// method's cost here is a lower bound for it in the engine (no generic joints, no piece planning, no contacts).
//
// Methods, each at a fixed number of equal steps a 1/60 s frame (no adaptive splitting):
//   rattle     RATTLE (Andersen 1983): kick, drift, Newton on the rods' lengths along the old gradients to 1e-9 pt
//              (SHAKE), velocity projection at the new geometry. Symplectic, constraints exact: `precise`'s step.
//   project    Symplectic Euler with exact projections: gravity, velocity solve at the old geometry, drift, then
//              `iterations` Newton steps projecting the positions along the current gradients (post-stabilisation;
//              Ascher et al. 1995). Stable at large steps; not symplectic.
//   fast       Fast projection (Goldenthal et al. 2007, "Efficient simulation of inextensible cloth"): predict
//              positions, project them along the current gradients (`iterations` Newton steps), v = Δx / h.
//              Position-based; stable at large steps; dissipative.
//
// Error: the worst |E(t) − E(0)| / swing energy over one simulated minute (3600 frames), read every frame, as
// `dynsim bench drift` and issue 19's work–precision table measure it (swing energy: E(0) minus the hanging chain's).
// A run whose energy overflows reports inf. Time: ns per body per frame, the minimum over `--repeats`.
//
// Usage: swiftc -O chain_steps.swift -o chain_steps && ./chain_steps [--sizes 10,100,1000] [--repeats 3]
// (sizes 1 to 10000 links; repeats 1 to 100; a bad argument exits 2 naming it). Rows print as they finish.
import Foundation

enum Method: String, CaseIterable { case rattle, project, fast }

/// Scene B's chain, its rods' linear system and the steps' shared parts.
struct Chain {
    let n: Int, length = 15.0, g = 1000.0
    let anchor = SIMD2<Double>(187.5, 100)
    var x: [SIMD2<Double>], v: [SIMD2<Double>], start: [SIMD2<Double>]
    // Rod p joins body p − 1 (the anchor for p = 0) to body p; u: its direction now, d: the direction it pushes along.
    var u: [SIMD2<Double>], d: [SIMD2<Double>]
    var lower: [Double], diag: [Double], upper: [Double], rhs: [Double], len: [Double]
    /// Newton solves of the positions so far.
    var solves = 0

    init(links n: Int) {
        self.n = n
        x = (0..<n).map { [anchor, length] in anchor + SIMD2(length * Double($0 + 1), 0) }
        v = [SIMD2<Double>](repeating: .zero, count: n)
        (start, u, d) = (v, v, v)
        lower = [Double](repeating: 0, count: n)
        (diag, upper, rhs, len) = (lower, lower, lower, lower)
    }

    func energy() -> Double { x.indices.reduce(0.0) { $0 + 0.5 * (v[$1] * v[$1]).sum() - g * x[$1].y } }
    /// The energy hanging straight down at rest.
    var restEnergy: Double { (0..<n).reduce(0.0) { $0 - g * (anchor.y + length * Double($1 + 1)) } }

    /// Rod directions and lengths at the current positions into `u`, `len`.
    mutating func measure() {
        for p in 0..<n {
            let delta = x[p] - (p == 0 ? anchor : x[p - 1])
            len[p] = (delta * delta).sum().squareRoot()
            u[p] = delta / len[p]
        }
    }
    /// Solves K λ = rhs, K_pq = u_p · (∂ row p / ∂ moving rod q along d_q) (unit masses; the anchor does not move),
    /// then moves the positions (or, with `velocities`, the velocities) by λ along `d`: body p by +λ_p d_p, body
    /// p − 1 by −λ_p d_p.
    mutating func solveAndApply(velocities: Bool) {
        for p in 0..<n {
            diag[p] = (p == 0 ? 1 : 2) * (u[p] * d[p]).sum()
            lower[p] = p > 0 ? -(u[p] * d[p - 1]).sum() : 0
            upper[p] = p < n - 1 ? -(u[p] * d[p + 1]).sum() : 0
        }
        for p in 1..<n {
            let f = lower[p] / diag[p - 1]
            diag[p] -= f * upper[p - 1]
            rhs[p] -= f * rhs[p - 1]
        }
        rhs[n - 1] /= diag[n - 1]
        var p = n - 2
        while p >= 0 { rhs[p] = (rhs[p] - upper[p] * rhs[p + 1]) / diag[p]; p -= 1 }
        for p in 0..<n {
            if velocities {
                v[p] += rhs[p] * d[p]
                if p > 0 { v[p - 1] -= rhs[p] * d[p] }
            } else {
                x[p] += rhs[p] * d[p]
                if p > 0 { x[p - 1] -= rhs[p] * d[p] }
            }
        }
    }
    /// The velocity projection u · (v_p − v_{p−1}) = 0 at the current geometry (`measure` first).
    mutating func projectVelocities() {
        for p in 0..<n { d[p] = u[p]; rhs[p] = -(u[p] * (v[p] - (p == 0 ? .zero : v[p - 1]))).sum() }
        solveAndApply(velocities: true)
    }
    /// Newton steps on the rods' lengths, moving along `d` (the caller's, with `keepDirections`, else the current
    /// gradients); to 1e-9 pt or `limit` steps.
    mutating func projectPositions(limit: Int, keepDirections: Bool) {
        for _ in 0..<limit {
            measure()
            var worst = 0.0
            for p in 0..<n { rhs[p] = length - len[p]; worst = max(worst, abs(rhs[p])) }
            if worst <= 1e-9 { return }
            if !keepDirections { for p in 0..<n { d[p] = u[p] } }
            solveAndApply(velocities: false)
            solves += 1
        }
    }

    /// One step of `h` seconds by `method` (`iterations`: its Newton steps' limit).
    mutating func step(_ method: Method, h: Double, iterations: Int) {
        let gravity = SIMD2<Double>(0, g)
        switch method {
        case .rattle:
            measure()
            for p in 0..<n { d[p] = u[p] }  // the old gradients
            for k in 0..<n { v[k] += 0.5 * h * gravity; x[k] += h * v[k]; start[k] = x[k] - h * v[k] }
            projectPositions(limit: iterations, keepDirections: true)
            for k in 0..<n { v[k] = (x[k] - start[k]) / h + 0.5 * h * gravity }
            measure()
            projectVelocities()
        case .project:
            measure()
            for k in 0..<n { v[k] += h * gravity }
            projectVelocities()
            for k in 0..<n { x[k] += h * v[k] }
            projectPositions(limit: iterations, keepDirections: false)
        case .fast:
            for k in 0..<n { start[k] = x[k]; v[k] += h * gravity; x[k] += h * v[k] }
            projectPositions(limit: iterations, keepDirections: false)
            for k in 0..<n { v[k] = (x[k] - start[k]) / h }
        }
    }
}

/// One chain run; returns (error, ns per body per frame, mean Newton solves per step).
func run(n: Int, steps: Int, method: Method, iterations: Int, frames: Int) -> (Double, Double, Double) {
    var chain = Chain(links: n)
    let h = 1.0 / 60.0 / Double(steps)
    let e0 = chain.energy(), swing = abs(e0 - chain.restEnergy)
    var worst = 0.0
    let began = DispatchTime.now().uptimeNanoseconds
    for _ in 0..<frames {
        for _ in 0..<steps { chain.step(method, h: h, iterations: iterations) }
        let error = abs(chain.energy() - e0) / swing
        if !(error <= worst) { worst = error.isFinite ? error : .infinity }
        if worst == .infinity || worst > 1e6 { worst = .infinity; break }
    }
    let ns = Double(DispatchTime.now().uptimeNanoseconds - began) / Double(n * frames)
    return (worst, ns, Double(chain.solves) / Double(frames * steps))
}

let usage =
    "usage: chain_steps [--sizes N1,N2,...] [--repeats R]   (sizes 1 to 10000 links, default 10,100,1000; repeats 1 to 100, default 3)"
/// Prints `message` and the usage line to standard error and exits 2.
func refuse(_ message: String) -> Never {
    FileHandle.standardError.write("chain_steps: \(message)\n\(usage)\n".data(using: .utf8)!)
    exit(2)
}
var sizes = [10, 100, 1000], repeats = 3
var given: Set<String> = []
var arguments = Array(CommandLine.arguments.dropFirst())
var index = 0
while index < arguments.count {
    var option = arguments[index], value: String?
    if let equals = option.firstIndex(of: "="), option.hasPrefix("--") {
        value = String(option[option.index(after: equals)...])
        option = String(option[..<equals])
    }
    index += 1
    if option == "--help" || option == "-h" { print(usage); exit(0) }
    guard option == "--sizes" || option == "--repeats" else { refuse("unknown argument \"\(option)\"") }
    guard given.insert(option).inserted else { refuse("\(option) given twice") }
    if value == nil {
        guard index < arguments.count, !arguments[index].hasPrefix("--") else { refuse("\(option): missing value") }
        value = arguments[index]
        index += 1
    }
    let text = value!
    if option == "--sizes" {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        let numbers = parts.map { Int($0) }
        guard !parts.isEmpty, numbers.allSatisfy({ $0 != nil && (1...10_000).contains($0!) }) else {
            refuse("--sizes: must be whole numbers from 1 to 10000, comma-separated, got \"\(text)\"")
        }
        sizes = numbers.map { $0! }
        guard Set(sizes).count == sizes.count else { refuse("--sizes: a size given twice, got \"\(text)\"") }
    } else {
        guard let r = Int(text), (1...100).contains(r) else {
            refuse("--repeats: must be a whole number from 1 to 100, got \"\(text)\"")
        }
        repeats = r
    }
}
setvbuf(stdout, nil, _IOLBF, 0)  // a row at a time, so an interrupted run keeps what it finished
print("method   iterations  N     steps  error       ns/body/frame  solves/step")
for n in sizes {
    for method in Method.allCases {
        for iterations in method == .rattle ? [50] : [1, 2] {
            for steps in [1, 2, 4, 8, 16, 32] {
                var best = Double.infinity, error = 0.0, solves = 0.0
                for _ in 0..<repeats {
                    let r = run(n: n, steps: steps, method: method, iterations: iterations, frames: 3600)
                    (error, solves) = (r.0, r.2)
                    best = min(best, r.1)
                    if !error.isFinite { break }
                }
                let name = method.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)
                let row = name + String(format: " %-11d %-5d %-6d ", iterations, n, steps)
                if error.isFinite {
                    print(row + String(format: "%.3e", error) + String(format: "  %13.1f  %11.2f", best, solves))
                } else {
                    // A diverged run stopped early: its time and solves mean nothing.
                    print(row + "diverged  " + "  " + "-".leftPadded(13) + "  " + "-".leftPadded(11))
                }
            }
        }
    }
}

extension String {
    func leftPadded(_ width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}
