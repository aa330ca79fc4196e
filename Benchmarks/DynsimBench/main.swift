// dynsim-bench: step cost of the dynsim engine on the shared benchmark scenes, in release mode:
//   swift run -c release dynsim-bench [--sizes 100,1000,10000] [--profile uikit|precise|both] [--repeats R]
//                                     [--csv FILE] [--list] [--suite all|dynamics|timing]
// Scene A (DESIGN.md §5): N independent rigid pendulums from the shared catalog (Catalog.pendulums), 1/60 s frames with
// each profile's default sub-steps. Prints ns per body-step (one item advanced by one solver sub-step), the minimum over
// the repeats, and the energy error over the run relative to the swing energy. The timing suite measures closed-form
// spring samples and cubic-Bézier solves (ns each, min over repeats). Speed is measured here, never in tests.
#if canImport(Glibc)
import Glibc
#endif
import Dynamics
import Foundation
import Scenes
import Springs

struct Options {
    var sizes = [100, 1000, 10000]
    var profiles = SolverProfile.allCases
    var repeats = 5
    var csv: String?
    var suite = "all"
}

func usage() -> Never {
    fputs("usage: dynsim-bench [--sizes N1,N2,...] [--profile uikit|precise|both] [--repeats R] [--csv FILE] [--list] [--suite all|dynamics|collisions|timing]\n", stderr)
    exit(64)
}

func parse() -> Options {
    var o = Options()
    var args = Array(CommandLine.arguments.dropFirst())
    while !args.isEmpty {
        let flag = args.removeFirst()
        if flag == "--list" {
            print("A  pendulums  N independent rigid pendulums (Catalog.pendulums), sizes 100, 1000, 10000")
            exit(0)
        }
        if flag == "-h" || flag == "--help" { usage() }
        guard let value = args.first else { usage() }
        args.removeFirst()
        switch flag {
        case "--sizes":
            let sizes = value.split(separator: ",").compactMap { Int($0) }
            guard !sizes.isEmpty, sizes.allSatisfy({ $0 > 0 }) else { usage() }
            o.sizes = sizes
        case "--profile":
            if value == "both" { o.profiles = SolverProfile.allCases } else if let p = SolverProfile(rawValue: value) {
                o.profiles = [p]
            } else { usage() }
        case "--repeats":
            guard let r = Int(value), r > 0 else { usage() }
            o.repeats = r
        case "--csv": o.csv = value
        case "--suite":
            guard ["all", "dynamics", "timing", "collisions"].contains(value) else { usage() }
            o.suite = value
        default: usage()
        }
    }
    return o
}

func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

let options = parse()
var csvRows = ["scene,N,engine,profile,substeps,frames,ns_per_body_step,energy_error"]
if options.suite == "all" || options.suite == "collisions" {
    print("scene  N       profile  substeps  frames  ns/body-step  (C: boxes falling into a container, uikit)")
    for n in [100, 1000, 4000] {
        let scene = Catalog.boxes(count: n)
        let subSteps = scene.effectiveSubSteps
        let frames = max(10, 400_000 / n)
        var best = UInt64.max
        for _ in 0..<max(1, options.repeats / 2) {
            let world = SceneRun(scene: scene).world
            for _ in 0..<30 { world.stepFrame() }   // fall in first: measure with contacts
            let start = now()
            for _ in 0..<frames { world.stepFrame() }
            best = min(best, now() - start)
            precondition(world.isFinite)
        }
        let ns = Double(best) / Double(n * frames * subSteps)
        print("C      " + String(n).padding(toLength: 8, withPad: " ", startingAt: 0) + "uikit    "
              + String(subSteps).padding(toLength: 10, withPad: " ", startingAt: 0)
              + String(frames).padding(toLength: 8, withPad: " ", startingAt: 0) + String(format: "%12.1f", ns))
        fflush(stdout)
        csvRows.append("C,\(n),dynsim,uikit,\(subSteps),\(frames),\(String(format: "%.1f", ns)),")
    }
}

if options.suite == "all" || options.suite == "dynamics" {
print("scene  N       profile  substeps  frames  ns/body-step  energy error (of swing energy)")
for profile in options.profiles {
    for n in options.sizes {
        var scene = Catalog.pendulums(count: n)
        scene.profile = profile
        let subSteps = scene.effectiveSubSteps
        // About 4 million body-steps per repeat, at least 10 frames.
        let frames = max(10, 4_000_000 / (n * subSteps))
        var best = UInt64.max
        var energyError = 0.0
        for _ in 0..<options.repeats {
            let world = SceneRun(scene: scene).world
            let e0 = world.mechanicalEnergy()
            var restEnergy = 0.0
            for item in world.items where !item.isAnchored { restEnergy += item.mass }
            let start = now()
            for _ in 0..<frames { world.stepFrame() }
            let elapsed = now() - start
            best = min(best, elapsed)
            // Swing energy: total minus the energy of every bob hanging at rest 100 pt below its anchor.
            var rest = 0.0
            for k in 0..<world.attachments.count {
                let anchor = world.anchorPosition(of: AttachmentID(k), at: 0)
                rest -= world.items[k].mass * 1000 * (anchor.y + 100)
            }
            energyError = abs(world.mechanicalEnergy() - e0) / (e0 - rest)
            precondition(world.isFinite)
            _ = restEnergy
        }
        let nsPerBodyStep = Double(best) / Double(n * frames * subSteps)
        let line = "A      " + String(n).padding(toLength: 8, withPad: " ", startingAt: 0)
            + profile.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)
            + String(subSteps).padding(toLength: 10, withPad: " ", startingAt: 0)
            + String(frames).padding(toLength: 8, withPad: " ", startingAt: 0)
            + String(format: "%12.1f", nsPerBodyStep) + "  " + String(format: "%.2e", energyError)
        print(line)
        fflush(stdout)
        csvRows.append("A,\(n),dynsim,\(profile.rawValue),\(subSteps),\(frames),\(String(format: "%.1f", nsPerBodyStep)),\(String(format: "%.3e", energyError))")
    }
}
}

/// Minimum over the repeats of the time per call of `body`, which runs `count` calls and returns a checksum.
func timePerCall(count: Int, repeats: Int, _ body: (Int) -> Double) -> (ns: Double, checksum: Double) {
    var best = UInt64.max
    var checksum = 0.0
    for _ in 0..<repeats {
        let start = now()
        checksum = body(count)
        best = min(best, now() - start)
    }
    return (Double(best) / Double(count), checksum)
}

if options.suite == "all" || options.suite == "timing" {
    let count = 10_000_000
    let spring = SpringMotion(spring: Spring(mass: 2, stiffness: 30, damping: 7), from: 0, to: 1)
    let springCost = timePerCall(count: count, repeats: options.repeats) { n in
        var sum = 0.0
        let dt = 5.0 / Double(n)
        for i in 0..<n { sum += spring.value(at: Double(i) * dt) }
        return sum
    }
    let curve = CubicBezier.easeInEaseOut
    let curveCost = timePerCall(count: count, repeats: options.repeats) { n in
        var sum = 0.0
        let dx = 1.0 / Double(n)
        for i in 0..<n { sum += curve.value(at: Double(i) * dx) }
        return sum
    }
    print("timing: spring sample \(String(format: "%.1f", springCost.ns)) ns (m 2, k 30, c 7; checksum \(springCost.checksum)), "
          + "curve solve \(String(format: "%.1f", curveCost.ns)) ns (easeInEaseOut; checksum \(curveCost.checksum))")
    csvRows.append("spring-sample,1,dynsim,closed-form,0,\(count),\(String(format: "%.1f", springCost.ns)),")
    csvRows.append("curve-solve,1,dynsim,easeInEaseOut,0,\(count),\(String(format: "%.1f", curveCost.ns)),")
}

if let path = options.csv {
    do {
        try (csvRows.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
    } catch {
        fputs("dynsim-bench: error: \(path): cannot write (\(error))\n", stderr)
        exit(1)
    }
}
