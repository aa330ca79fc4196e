#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Input limits that keep a run finite, its counters in range, its arithmetic away from overflow and its memory
/// bounded. Each count is checked before the things it counts are built (the file size before the file is read, the
/// JSON values while they are parsed, items, behaviors, layers and animations before the first is decoded, samples
/// and path data as they are read), and refused with exit 65 naming the file and the field. The limits admit the
/// benchmark scenes with room to spare (10,000 pendulums, 10,000 items and 10,000 attachments, are a 6.3 MB scene of
/// 340,000 JSON values), and each of them reached alone was measured to stay under 1 GB of address space
/// (`ulimit -v 1000000`): 100,000 pendulums (a 63 MB file), 100,000 ellipses, 10,000 layers, 100,000 animations, a
/// million drag samples, 4,000,000 values in one array.
public enum Limits {
    /// Largest magnitude of any number in a scene or drag file (points, seconds, ...): 1e9.
    public static let magnitude = 1e9
    /// Smallest display frame, seconds.
    public static let minTimeStep = 1e-6
    /// Most solver sub-steps one run may take (duration / timeStep x subSteps).
    public static let maxTotalSubSteps = 100_000_000.0
    /// Most rows one run may write (duration x rate + 1).
    public static let maxRows = 100_000_000.0
    /// Smallest width or height of an item, points: 1e-3. An item of 1e-300 pt has a mass of 1e-600 (0 in a Double),
    /// so its inverse mass is infinite and the first frame divides by it; at 1e-3 pt (mass 1e-10 at density 1), items
    /// falling onto the screen's bounds and onto other items, on attachments, snaps, pushes and fields stay finite in
    /// both profiles (Tests/PlaybackTests/LimitsTests.swift). Such items are far below the 0.5 pt contact slop, so they
    /// can sink through what they land on (see docs/physics.md).
    public static let minItemSize = 1e-3
    /// Smallest item density: 1e-9. Below it a small item's mass (density x area / 10,000) can round to 0, which makes
    /// its inverse mass infinite and the run diverge on its first step.
    public static let minDensity = 1e-9
    /// Largest scene file, drag CSV or gesture CSV, bytes: 64 MiB (10 times the 10,000-pendulum scene). Checked from
    /// the file's size before it is read, and while reading what has no size (a pipe such as /dev/stdin).
    public static let maxFileBytes = 64 << 20
    /// Largest total of the CSV files (drag and gesture) one scene reads, bytes: 256 MiB (a scene may name one file
    /// many times).
    public static let maxSampleFileBytes = 256 << 20
    /// Most JSON values (numbers, strings, booleans, nulls, arrays and objects, each counted once) in a scene file:
    /// 4,000,000, counted while parsing. A parsed value takes about 40 to 80 bytes, so the parsed file stays under
    /// about 320 MB whatever its shape (the 10,000-pendulum scene has 340,000).
    public static let maxJSONValues = 4_000_000
    /// Most items in a scene: 100,000 (10 times the largest benchmark scene). An item takes about 1 KB, a large
    /// ellipse's 64-vertex polygon about 4 KB more.
    public static let maxItems = 100_000
    /// Most behaviors in a scene: 200,000 (an attachment and a gravity behavior for each of 100,000 items).
    public static let maxBehaviors = 200_000
    /// Most samples in a scene: drag keyframes, drag CSV rows, gesture touches and gesture CSV rows together:
    /// 1,000,000 (a drag recorded at 120 Hz for over two hours), about 100 bytes each.
    public static let maxSamples = 1_000_000
    /// Most views and layers in a scene together: 10,000. Each has about 17 output columns and takes about 7 KB.
    public static let maxLayers = 10_000
    /// Most animations, blocks, animators and gestures in a scene together: 100,000 (about 1.3 KB each, an animator
    /// about 4 KB).
    public static let maxAnimations = 100_000
    /// Most bytes of SVG path data (keyframe animations' `path`) in a scene together: 2,000,000, at most a million
    /// segments. Parsing a path takes about 25 bytes a character while it runs.
    public static let maxPathDataBytes = 2_000_000
    /// Longest free text a scene gives that reaches the output (a layer's or a transition's `text`, an animation's
    /// `key` and `after`, a boundary's `identifier`), bytes: 1000. Such text also takes no control characters, so each
    /// CSV row and event stays one line.
    public static let maxLabelBytes = 1000
    /// Deepest nesting of JSON arrays and objects in a scene file: 512 levels (the parser recurses once a level).
    public static let maxNestingDepth = 512
    /// Highest frequency of a spring attachment, Hz: 1000 (120 times UIKit's 60 Hz frame rate over 2π is far below).
    public static let maxFrequency = 1000.0
    /// Longest name of an item, anchor, layer, view, animator, block or gesture: 64 bytes of ASCII letters, digits,
    /// '_' and '-' (a name is a column prefix, so it stays plain).
    public static let maxNameLength = 64
    /// Most collision behaviors in a scene: 64 (each is one bit of an item's collision mask).
    public static let maxCollisionBehaviors = 64
    /// Longest display frame (`timeStep`), seconds.
    public static let maxTimeStep = 1.0
    /// Longest run (a scene's `duration`, `--duration`), seconds.
    public static let maxDuration = 1_000_000.0
    /// Highest output rate (a scene's `rate`, `--rate`), rows per second.
    public static let maxRate = 100_000.0
    /// Most solver sub-steps per display frame (a scene's `subSteps`).
    public static let maxSubSteps = 1000

    // The command line's limits, beyond a scene file's (docs/limits.md lists each; refused with exit 64 naming the
    // option, or 65 naming the file for a trace).

    /// Largest magnitude of a trace's values (`compare`, `fit`, `view --overlay` CSVs) and of the values, velocities
    /// and tolerances given on the command line: 1e15, where a Double still holds every whole number's unit.
    public static let maxTraceValue = 1e15
    /// Largest CSV trace `compare`, `fit` and `view --overlay` read, bytes: 64 MiB, as a scene file.
    public static let maxTraceBytes = maxFileBytes
    /// `export --max-error`'s range, as a fraction of the distance: 1e-6 (below, a linear() runs past 10,000 points
    /// for most springs) to 0.1.
    public static let minExportError = 1e-6, maxExportError = 0.1
    /// A spring's natural frequency √(stiffness / mass) on the command line (`spring`, `view`, `export`), rad/s:
    /// 1e-6 to 1e6 (a period from 6 µs to 73 days).
    public static let minNaturalFrequency = 1e-6, maxNaturalFrequency = 1e6
    /// A UIView block's longest `duration` and `delay`, and a property animator's longest `duration`, seconds.
    public static let maxBlockTime = 1e6
    /// A scene's damping ratios (a spring block's, a property animator's spring timing): 0.01 to 100.
    public static let minSceneDampingRatio = 0.01, maxSceneDampingRatio = 100.0
    /// Largest damping ratio on the command line: 1e6 (the slow mode's rate then rounds no worse than 1e-12).
    public static let maxDampingRatio = 1e6
    /// Smallest mass, stiffness or damping of a spring: on the command line and in a scene's spring animation.
    public static let minSpringParameter = 1e-9
    /// Largest mass, stiffness, damping, damping ratio, response or perceptual duration given to `spring`, `view` or
    /// `export` (positive ones at least ``minSpringParameter``).
    public static let maxSpringParameter = 1e12
    /// Longest `--until` or `--at` time of `spring` and `export`, seconds, and the longest settling of `spring`
    /// without `--until`.
    public static let maxSpringUntil = 1e9
    /// Longest settling of an `export` without `--until`, seconds.
    public static let maxExportSettling = 1e6
    /// Longest `view` spring page, seconds (its `--until`, or the springs' settling without it).
    public static let maxViewUntil = 100_000.0
    /// Most runs of one sweep (its plan's points: a grid's product, or samples): the plan is held in memory.
    public static let maxSweepRuns = 1_000_000
    /// The largest sweep seed (`--seed`, a sweep file's `seed`): 2^53 − 1, the largest whole number a JSON file
    /// holds exactly (RFC 8259 §6), so a seed written to a file reads back as the same seed.
    public static let maxSweepSeed = 9_007_199_254_740_991
    /// Most values (samples × columns) a `bake` holds: a scene run at 1000 samples a second, or a run file
    /// re-sampled every millisecond (160 MB of numbers).
    public static let maxBakeValues = 20_000_000
    /// Most points of an `export css` linear().
    public static let maxLinearPoints = 10_000
    /// Most samples of a `view` spring page, all its springs together; past it the page samples more sparsely (a
    /// cap, said on the page and stderr).
    public static let maxPageSamples = 2_000_000
    /// Most values (rows × columns) a `view` scene page holds; past it the page keeps one row in N, or fewer
    /// columns (a cap, said on the page and stderr).
    public static let maxPageValues = 8_000_000
    /// `curve --samples`: 2 to this.
    public static let maxCurveSamples = 10_000_000
    /// `curve --at` inputs, within ±this.
    public static let maxCurveInput = 1e6
    /// A cubic-bezier()'s control values given to `curve`, within ±this.
    public static let maxCurveControl = 1e9
    /// A scene's timing curve: its control points' y within ±this (a cubic-bezier whose x is in 0 to 1).
    public static let maxSceneCurveY = 1e6
    /// `curve`'s steps(N): N from 1 to this.
    public static let maxCurveSteps = 1_000_000

    /// Why a run of this shape is too long, or nil when it fits.
    public static func runBudgetProblem(duration: Double, rate: Double, timeStep: Double, subSteps: Int) -> String? {
        let steps = duration / timeStep * Double(subSteps)
        if steps > maxTotalSubSteps {
            return
                "the run would take \(NumberFormat.shortest(steps.rounded(.up))) sub-steps (duration / timeStep x subSteps), more than the limit of 1e8"
        }
        let rows = duration * rate + 1
        if rows > maxRows {
            return
                "the run would write \(NumberFormat.shortest(rows.rounded(.down))) rows (duration x rate + 1), more than the limit of 1e8"
        }
        return nil
    }
}
