import Dispatch
import Dynamics
import Foundation
import Springs
import IO
import Scenes
import Shell
import Playback

/// The benchmark catalog shared by `dynsim bench` and `swift run -c release dynsim-bench` (docs/design.md,
/// "How speed is measured"): step cost of
/// scenes A (N independent rigid pendulums, ``Catalog/pendulums(count:)``), B (a chain of N links,
/// ``Catalog/chain(count:)``) and C (N boxes falling into a container, ``Catalog/boxes(count:)``) at 1/60 s frames with
/// sleeping off, the minimum over repeats, for either profile, with scene C's overlap and settling from an untimed run
/// (``PileAccuracy``); a 90° pendulum's energy drift and period error over 60 s;
/// and the cost of spring samples, curve solves and CSV numbers written to a pipe. Timing is measured here, never in
/// tests. The peers in Benchmarks/peers run the same scenes with the same numbers.
public enum Benchmark {
    /// One measurement: a CSV row `scene,N,engine,profile,substeps,frames,ns_per_body_step,energy_error,period_error,
    /// fall_max_overlap,settled_max_overlap,settle_time,end_ke` (the last four for scene C only; ``PileAccuracy``).
    public struct Result: Sendable {
        /// A, B, C, pendulum-90, spring-sample, curve-solve or csv-number.
        public var scene: String
        /// Bodies (1 for the timing rows).
        public var n: Int
        /// Sub-steps per frame (0 for the timing rows).
        public var subSteps: Int
        /// Frames timed (calls for the timing rows).
        public var frames: Int
        /// The profile (or what the timing row measured).
        public var profile: String
        /// Nanoseconds per body-step (one body advanced by one sub-step), or per call for the timing rows.
        public var ns: Double
        /// |E_end − E_start| / swing energy over the timed run (A, B; pendulum-90 over 60 s), nil where it means nothing.
        public var energyError: Double?
        /// (measured − exact) / exact period of the 90° pendulum (pendulum-90 only).
        public var periodError: Double?
        /// Scene C's overlap and settling, from an untimed run (nil elsewhere, and for C when not measured).
        public var pile: PileAccuracy?

        /// Creates a row.
        public init(
            scene: String, n: Int, subSteps: Int, frames: Int, profile: String, ns: Double,
            energyError: Double? = nil, periodError: Double? = nil, pile: PileAccuracy? = nil
        ) {
            (self.scene, self.n, self.subSteps, self.frames, self.profile, self.ns) = (
                scene, n, subSteps, frames, profile, ns
            )
            (self.energyError, self.periodError, self.pile) = (energyError, periodError, pile)
        }

        /// Nanoseconds per body per 1/60 s frame (`ns` x sub-steps), nil for the timing rows.
        public var nsPerBodyFrame: Double? { subSteps > 0 ? ns * Double(subSteps) : nil }

        /// The CSV header. Columns are only ever appended, so older readers keep working.
        public static let csvHeader =
            "scene,N,engine,profile,substeps,frames,ns_per_body_step,energy_error,period_error,"
            + "fall_max_overlap,settled_max_overlap,settle_time,end_ke"

        /// `settle_time` as written: seconds to 3 decimals, or `>CAP` (e.g. `>20`) when the pile had not settled by the
        /// cap; empty without a pile.
        public var settleText: String {
            guard let pile else { return "" }
            return pile.settleTime.map { String(format: "%.3f", $0) } ?? ">" + String(format: "%g", pile.cap)
        }

        /// The CSV row (engine `dynsim`): ns to 0.1, errors and the end kinetic energy to 4 digits (%.3e), overlaps to
        /// 4 significant digits (%.4g), as the peers write them.
        public var csvRow: String {
            [
                scene, String(n), "dynsim", profile, String(subSteps), String(frames), String(format: "%.1f", ns),
                energyError.map { String(format: "%.3e", $0) } ?? "",
                periodError.map { String(format: "%.3e", $0) } ?? "",
                pile.map { String(format: "%.4g", $0.fallMaxOverlap) } ?? "",
                pile.map { String(format: "%.4g", $0.settledMaxOverlap) } ?? "", settleText,
                pile.map { String(format: "%.3e", $0.endKineticEnergy) } ?? "",
            ]
            .joined(separator: ",")
        }

        /// One line of the table.
        public var tableRow: String {
            func pad(_ s: String, _ n: Int) -> String {
                s.count >= n ? s + " " : s + String(repeating: " ", count: n - s.count)
            }
            return pad(scene, 15) + pad(String(n), 7) + pad(profile, 14) + pad(String(subSteps), 4)
                + pad(String(frames), 9)
                + pad(String(format: "%12.1f", ns), 13)
                + pad(nsPerBodyFrame.map { String(format: "%13.1f", $0) } ?? "            -", 14)
                + pad(energyError.map { String(format: "%.2e", $0) } ?? "-", 10)
                + pad(periodError.map { String(format: "%.2e", $0) } ?? "-", 10)
                + pad(pile.map { String(format: "%.3f", $0.fallMaxOverlap) } ?? "-", 9)
                + pad(pile.map { String(format: "%.3f", $0.settledMaxOverlap) } ?? "-", 12)
                + pad(pile == nil ? "-" : settleText, 9)
                + (pile.map { String(format: "%.2e", $0.endKineticEnergy) } ?? "-")
                + (pile?.contactLimitExceeded == true ? " (contact limit exceeded: not to be trusted)" : "")
        }

        /// The table header.
        public static let tableHeader =
            "scene          N      profile       ss  frames   ns/body-step ns/body-frame energy    "
            + "period    fall-ovl settled-ovl settle-s end-KE"
    }

    /// The largest scene C whose overlap and settling are measured unless `--pile-up-to` says otherwise (without it, a
    /// quick run with `--frames` measures none).
    public static let defaultPileUpTo = 1000

    /// The default sizes of each scene.
    public static let sizes: [String: [Int]] = [
        "A": [100, 1000, 10000], "B": [10, 100, 1000], "C": [100, 1000, 4000],
    ]

    /// The sizes benchmark `name` runs without --sizes: its scene's (``sizes``), scene B's for `drift`, nil for
    /// `pendulum` and `timing`, which have no size.
    static func defaultSizes(of name: String) -> [Int]? { sizes[name == "drift" ? "B" : name] }

    static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    /// The frames `drift` runs without --frames: ten simulated minutes.
    public static let defaultDriftFrames = 36_000

    /// The scene `name` (A, B or C) with `n` bodies for `profile` (and `subSteps` per 1/60 s frame; nil: the profile's
    /// default). With `boxSkin`, scene C's boxes collide as their own outline drawn as a path, which UIKit gives a 0.9 pt
    /// skin (as Box2D 2.4.1 gives every polygon a 1 pt one), instead of as rectangles (no skin, UIKit's default).
    /// - Precondition: a known name, n >= 1.
    public static func scene(
        _ name: String, n: Int, profile: SolverProfile, subSteps: Int? = nil, boxSkin: Bool = false
    ) -> Scene {
        var s: Scene
        switch name {
        case "A": s = Catalog.pendulums(count: n)
        case "B": s = Catalog.chain(count: n)
        case "C": s = Catalog.boxes(count: n)
        default: preconditionFailure("Benchmark: unknown scene \(name)")
        }
        if boxSkin && name == "C" {
            for k in s.items.indices {
                let h = 0.5 * s.items[k].definition.size
                s.items[k].definition.collisionBounds = .path([
                    Vector2(-h.x, -h.y), Vector2(h.x, -h.y), h, Vector2(-h.x, h.y),
                ])
            }
        }
        s.profile = profile
        s.subSteps = subSteps
        return s
    }

    /// The gravitational energy of the scene's bodies hanging at rest below their anchors (A, B), for the swing energy.
    static func restEnergy(_ name: String, _ world: World) -> Double? {
        var e = 0.0
        switch name {
        case "A":
            for k in 0..<world.attachments.count {
                e -= world.items[k].mass * 1000 * (world.anchorPosition(of: AttachmentID(k), at: 0).y + 100)
            }
        case "B":
            for k in 0..<world.items.count { e -= world.items[k].mass * 1000 * (100 + 15 * Double(k + 1)) }
        default: return nil
        }
        return e
    }

    /// Times scene `name` with `n` bodies: `frames` frames (default: about 4 million body-steps, 1 million for C, at
    /// least 10 frames; for A and B in `precise` up to 1000 bodies, the 3600 frames of the minute the error is read
    /// from, run once; scene C first drops for 30 untimed frames so contacts are measured), the minimum over
    /// `repeats`. Accuracy without `frames`: A and B's energy error over one simulated minute up to 1000 bodies (an
    /// untimed run, or for `precise` the timed one); C's overlap and settling (``PileAccuracy``, untimed) up to
    /// `pileUpTo` boxes, whatever `frames` says (nil: up to ``defaultPileUpTo`` boxes without `frames`, none with them).
    public static func run(
        _ name: String, n: Int, profile: SolverProfile, repeats: Int, frames: Int? = nil,
        subSteps: Int? = nil, pileUpTo: Int? = nil, boxSkin: Bool = false
    ) -> Result {
        let scene = scene(name, n: n, profile: profile, subSteps: subSteps, boxSkin: boxSkin)
        let subSteps = scene.effectiveSubSteps
        // A and B's error is read after one simulated minute up to 1000 bodies. `precise` holds its step at the most
        // pieces any sub-step has needed (``World/stepPrecise()``), so its frames grow dearer as faster motion is first
        // seen (B 100 at 8 sub-steps: 1.8 times as dear over the minute as over its first 500 frames); there the timed
        // run is that minute itself, so time and error come from the same frames, and it runs once whatever `repeats`
        // says (B 1000's minute takes minutes; the untimed minute it replaces ran once too). Other rows cost the same
        // every frame and are timed over a budget of body-steps, 4 million (1 million for C), `repeats` times.
        let minute = name != "C" && n <= 1000 && frames == nil
        let timedMinute = minute && profile == .precise
        let budget = name == "C" ? 1_000_000 : 4_000_000
        let count = frames ?? (timedMinute ? 3600 : max(10, budget / (n * subSteps)))
        var best = UInt64.max
        var energyError: Double?
        for _ in 0..<(timedMinute ? 1 : max(1, repeats)) {
            let world = SceneRun(scene: scene).world
            world.allowsSleeping = false
            if name == "C" { for _ in 0..<30 { world.stepFrame() } }
            let e0 = world.mechanicalEnergy()
            let start = now()
            for _ in 0..<count { world.stepFrame() }
            best = min(best, now() - start)
            precondition(world.isFinite, "Benchmark: \(name) N=\(n) diverged")
            if let rest = restEnergy(name, world) { energyError = abs(world.mechanicalEnergy() - e0) / abs(e0 - rest) }
        }
        // Accuracy over one simulated minute (3600 frames; untimed unless the timed run was that minute) for A and B
        // up to 1000 bodies, so every engine, size and sub-step count is judged over the same time; larger scenes keep
        // the timed run's error.
        if minute && !timedMinute {
            let world = SceneRun(scene: scene).world
            world.allowsSleeping = false
            let e0 = world.mechanicalEnergy()
            for _ in 0..<3600 { world.stepFrame() }
            if let rest = restEnergy(name, world) { energyError = abs(world.mechanicalEnergy() - e0) / abs(e0 - rest) }
        }
        // C's overlap and settling from release, untimed (at most 21 simulated seconds, its own run whatever `frames`
        // says): skipped by default in a quick run with `frames`, measured when `pileUpTo` asks.
        let pileLimit = pileUpTo ?? (frames == nil ? defaultPileUpTo : 0)
        let pile = name == "C" && n <= pileLimit ? PileAccuracy.measure(scene) : nil
        return Result(
            scene: boxSkin && name == "C" ? "C-skin" : name, n: n, subSteps: subSteps, frames: count,
            profile: profile.rawValue,
            ns: Double(best) / Double(n * count * subSteps), energyError: energyError, periodError: nil, pile: pile)
    }

    /// The exact period of a rigid pendulum of length `l` (points) released from rest at `theta0` (radians) under
    /// gravity `g` (points/s²): 4 √(l/g) K(sin²(θ₀/2)), K by the arithmetic-geometric mean.
    public static func exactPeriod(length l: Double, gravity g: Double, amplitude theta0: Double) -> Double {
        let k = sin(theta0 / 2)
        var a = 1.0, b = (1 - k * k).squareRoot()
        for _ in 0..<40 { (a, b) = ((a + b) / 2, (a * b).squareRoot()) }
        return 4 * (l / g).squareRoot() * Double.pi / (2 * a)
    }

    /// A rigid 100 pt pendulum (20 x 20 bob, resistance 0) released from rest at 90° under gravity 1.0, run 60 s: its
    /// energy drift relative to m g L, and its mean period (from the bob's upward crossings of the anchor's vertical,
    /// interpolated linearly between frames) against ``exactPeriod(length:gravity:amplitude:)``.
    public static func pendulumAccuracy(profile: SolverProfile, subSteps: Int? = nil) -> Result {
        var s = Scene()
        s.profile = profile
        s.subSteps = subSteps
        s.items = [
            Catalog.item("bob", center: Vector2(287.5, 100), size: Vector2(20, 20), resistance: 0, angularResistance: 0)
        ]
        var a = SceneAttachment(item: "bob")
        a.anchorPoint = Vector2(187.5, 100)
        s.behaviors = [.gravity(SceneGravity()), .attachment(a)]
        let world = SceneRun(scene: s).world
        world.allowsSleeping = false
        let id = ItemID(0)
        let m = world.items[0].mass
        let e0 = world.mechanicalEnergy()
        var crossings: [Double] = []
        var previous = world.position(of: id).x - 187.5
        let frames = 3600
        let start = now()
        for f in 1...frames {
            world.stepFrame()
            let x = world.position(of: id).x - 187.5
            // Moving right through the bottom (x from − to +).
            if previous < 0 && x >= 0 { crossings.append((Double(f - 1) + -previous / (x - previous)) / 60) }
            previous = x
        }
        let elapsed = now() - start
        let period = crossings.count >= 2 ? (crossings.last! - crossings.first!) / Double(crossings.count - 1) : .nan
        let exact = exactPeriod(length: 100, gravity: 1000, amplitude: .pi / 2)
        return Result(
            scene: "pendulum-90", n: 1, subSteps: s.effectiveSubSteps, frames: frames, profile: profile.rawValue,
            ns: Double(elapsed) / Double(frames * s.effectiveSubSteps),
            energyError: abs(world.mechanicalEnergy() - e0) / (m * 1000 * 100), periodError: (period - exact) / exact)
    }

    /// Minimum over `repeats` of the time per call of `body`, which makes `count` calls and returns a checksum.
    static func timePerCall(count: Int, repeats: Int, _ body: (Int) -> Double) -> Double {
        var best = UInt64.max
        var checksum = 0.0
        for _ in 0..<max(1, repeats) {
            let start = now()
            checksum += body(count)
            best = min(best, now() - start)
        }
        precondition(checksum.isFinite)
        return Double(best) / Double(count)
    }

    /// Closed-form spring samples (mass 2, stiffness 30, damping 7), easeInEaseOut solves, and numbers written as CSV
    /// to a pipe that another thread drains (10 columns a row), ns each.
    public static func timing(repeats: Int) -> [Result] {
        let count = 10_000_000
        let spring = SpringMotion(spring: Spring(mass: 2, stiffness: 30, damping: 7), from: 0, to: 1)
        let springNs = timePerCall(count: count, repeats: repeats) { n in
            var sum = 0.0
            let dt = 5.0 / Double(n)
            for i in 0..<n { sum += spring.value(at: Double(i) * dt) }
            return sum
        }
        let curve = CubicBezier.easeInEaseOut
        let curveNs = timePerCall(count: count, repeats: repeats) { n in
            var sum = 0.0
            let dx = 1.0 / Double(n)
            for i in 0..<n { sum += curve.value(at: Double(i) * dx) }
            return sum
        }
        let csvNs = timePerCall(count: 2_000_000, repeats: repeats) { n in csvToPipe(numbers: n) }
        return [
            Result(scene: "spring-sample", n: 1, subSteps: 0, frames: count, profile: "closed-form", ns: springNs),
            Result(scene: "curve-solve", n: 1, subSteps: 0, frames: count, profile: "easeInEaseOut", ns: curveNs),
            Result(scene: "csv-number", n: 1, subSteps: 0, frames: 2_000_000, profile: "pipe", ns: csvNs),
        ]
    }

    /// Writes `numbers` values as CSV rows of 10 through RowWriter into a pipe drained by another thread; returns the
    /// bytes read.
    static func csvToPipe(numbers: Int) -> Double {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0, let stream = fdopen(fds[1], "w") else { preconditionFailure("Benchmark: no pipe") }
        let reader = fds[0]
        let done = DispatchSemaphore(value: 0)
        final class Count: @unchecked Sendable { var bytes = 0 }
        let total = Count()
        Thread.detachNewThread {
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let r = buffer.withUnsafeMutableBytes { read(reader, $0.baseAddress, $0.count) }
                if r <= 0 { break }
                total.bytes += r
            }
            close(reader)
            done.signal()
        }
        let sink = FileSink(stream)
        let columns = (0..<10).map { "c\($0)" }
        let writer = RowWriter(format: .csv, columns: columns) { try sink.write($0) }
        var row = [Double](repeating: 0, count: 10)
        do {
            try writer.header()
            for r in 0..<numbers / 10 {
                for c in 0..<10 { row[c] = Double(r) * 0.001 + Double(c) * 1.25e-3 + 1.0 / 3.0 }
                try writer.row(row)
            }
            try writer.finish()
        } catch { preconditionFailure("Benchmark: pipe write failed: \(error)") }
        fclose(stream)
        done.wait()
        return Double(total.bytes)
    }
}

extension Benchmark {
    /// Runs what `options` asks, calling `line` with the table's header and each row as it is measured.
    public static func run(_ options: Options, line: (String) throws -> Void) rethrows -> [Result] {
        var results: [Result] = []
        try line(Result.tableHeader)
        func add(_ r: Result) throws { results.append(r); try line(r.tableRow) }
        for scene in options.scenes {
            switch scene {
            case "A", "B", "C":
                for profile in options.profiles {
                    for subSteps in options.subSteps.map({ $0.map(Optional.some) }) ?? [nil] {
                        for n in options.sizes ?? defaultSizes(of: scene)! {
                            try add(
                                run(
                                    scene, n: n, profile: profile, repeats: options.repeats, frames: options.frames,
                                    subSteps: subSteps,
                                    pileUpTo: options.pileUpTo, boxSkin: options.boxSkin))
                        }
                    }
                }
            case "pendulum":
                for profile in options.profiles {
                    for subSteps in options.subSteps.map({ $0.map(Optional.some) }) ?? [nil] {
                        try add(pendulumAccuracy(profile: profile, subSteps: subSteps))
                    }
                }
            case "drift":
                for profile in options.profiles {
                    for subSteps in options.subSteps.map({ $0.map(Optional.some) }) ?? [nil] {
                        for n in options.sizes ?? defaultSizes(of: scene)! {
                            for r in chainDrift(
                                n: n, profile: profile, frames: options.frames ?? defaultDriftFrames, subSteps: subSteps
                            ) {
                                try add(r)
                            }
                        }
                    }
                }
            default:
                for r in timing(repeats: options.repeats) { try add(r) }
            }
        }
        return results
    }

    /// The results as CSV (header and rows).
    public static func csv(_ results: [Result]) -> String {
        ([Result.csvHeader] + results.map(\.csvRow)).joined(separator: "\n") + "\n"
    }

    /// Runs what `options` asks, printing the table to stdout and writing the CSV file, for `dynsim bench` and
    /// `dynsim-bench`. A reader that closes the pipe (`| head`) ends the table quietly: without --csv the run stops
    /// there; with --csv the benchmarks go on and the file is still written whole (an interrupt, by contrast, leaves no
    /// file: ``Signals``). Returns the exit status: 0, or 1
    /// after printing `<program>: error: --csv: cannot write (<reason>), got "<file>"` (or `stdout: ...`) to stderr.
    public static func runToStdout(_ options: Options, program: String) -> Int32 {
        // The table's reader may go (`| head`), but the CSV file is output the user asked for: the benchmarks go on
        // and it is written whole. Without --csv the run ends there (caught below).
        let out = TeeSink(FileSink(stdout)) { options.csv != nil }
        do {
            try runAndWrite(options) { text in try out.write(Array((text + "\n").utf8)) }
        } catch SinkError.brokenPipe {
            return ExitStatus.success
        } catch let e as SinkError {
            fputs("\(program): error: stdout: cannot write (\(e))\n", stderr)
            return ExitStatus.failure
        } catch {
            fputs("\(program): error: \(error)\n", stderr)
            return ExitStatus.failure
        }
        return ExitStatus.success
    }

    /// Runs what `options` asks (see ``run(_:line:)``), handing each table line to `line`, and writes the CSV file it
    /// names, if any, through ``OutputFile``: the file is opened before the first benchmark (a bad path fails at
    /// once), never left half-written, a device, FIFO or symbolic link there is written to, not replaced, and the
    /// running program's own file is refused.
    /// - Throws: ``OutputFile/Failure`` named by `--csv` (`--csv: cannot write (No space left on device), got
    ///   "/dev/full"`); ``SinkError/brokenPipe`` when the CSV file is a pipe its reader closed; whatever `line`
    ///   throws (the run stops there, the CSV file is not written).
    public static func runAndWrite(_ options: Options, line: (String) throws -> Void) throws {
        do {
            try runAndWriteCSV(options, line: line)
        } catch let e as OutputFile.Failure {
            throw e.named(by: "--csv")
        }
    }

    /// ``runAndWrite(_:line:)`` with the CSV file's failures named by its path.
    static func runAndWriteCSV(_ options: Options, line: (String) throws -> Void) throws {
        let file = try options.csv.map { try OutputFile($0) }
        let results: [Result]
        do {
            results = try run(options, line: line)
        } catch {
            file?.discard()
            throw error
        }
        guard let file, let path = options.csv else { return }
        do {
            try FileSink(file.stream).write(Array(csv(results).utf8))
        } catch SinkError.brokenPipe {
            // The CSV went to a pipe (`--csv /dev/stdout | head`) whose reader has gone: the quiet end of any pipe.
            file.discard()
            throw SinkError.brokenPipe
        } catch {
            file.discard()
            throw OutputFile.Failure(path: path, problem: "cannot write (\(error))")
        }
        try file.commit()
    }
}
