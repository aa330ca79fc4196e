import Foundation

/// The payload's contract: every top-level key of the JSON a `dynsim view` page carries (its
/// `<script id="dynsim-data">`), with its type, shape, units and meaning. ``ScenePage`` and ``CurvesPage`` build their
/// payloads from these keys only (``object(_:)``); the page's Web/contract.js declares the same names, types and kinds
/// (PayloadContractTests checks both, and that every page kind's required keys are written); docs/view.md's table
/// "The payload" is this list.
enum PayloadContract {
    /// The format every page states in its `format` key; the page refuses another, saying so.
    static let format = "dynsim-replay 1"

    /// The kinds of page: a scene's run, one or more spring motions, one or more timing curves, a sweep's table.
    enum Kind: String, CaseIterable {
        case scene, spring, curve, sweep
    }

    /// A key's JSON type. `integer` is a whole number: a count, or an index into `series`.
    enum ValueType: String {
        case string, number, integer, boolean, array, object
        case objectOrNull = "object|null"
    }

    /// One top-level key: its name, JSON type, shape, units, meaning, and the page kinds that must write it.
    struct Key {
        /// The key's name.
        let name: Name
        /// Its JSON type.
        let type: ValueType
        /// What its elements or members are.
        let shape: String
        /// Its units ("" when it has none).
        let units: String
        /// What it says.
        let meaning: String
        /// The kinds of page that must write it (others may not).
        let kinds: Set<Kind>
    }

    /// The keys' names, in the order pages write them.
    enum Name: String, CaseIterable {
        case format, kind, title, description, profile, rate, stride, rows, times, bounds, referenceBoundary, columns
        case items, attachments, drags, boundaries, layers, contacts, events, overlays, plot, notices, curves, range
        case paths, metrics, runs, scene, choice, series
    }

    /// A payload: the members in the order given, each named by a declared key.
    static func object(_ members: [(Name, CompactJSON)]) -> CompactJSON {
        .object(members.map { ($0.0.rawValue, $0.1) })
    }

    /// The declaration of `name`.
    static func key(_ name: Name) -> Key { keys.first { $0.name == name }! }

    private static let allPages = Set(Kind.allCases)
    /// The pages that replay something over time: all but a sweep's.
    private static let replayPages: Set<Kind> = [.scene, .spring, .curve]
    private static let scenePages: Set<Kind> = [.scene]
    private static let curvePages: Set<Kind> = [.spring, .curve]
    private static let sweepPages: Set<Kind> = [.sweep]
    /// "series index" in a shape: an index into `series`, whose values the page decodes (Packing.swift).
    static let keys: [Key] = [
        Key(
            name: .format, type: .string, shape: "\"dynsim-replay 1\"", units: "",
            meaning: "the payload's format; a page refuses any other, saying so", kinds: allPages),
        Key(
            name: .kind, type: .string, shape: "scene, spring, curve or sweep", units: "",
            meaning: "what the page shows",
            kinds: allPages),
        Key(
            name: .title, type: .string, shape: "text", units: "",
            meaning: "the scene's name, the curves' labels, or the sweep table's file",
            kinds: allPages),
        Key(
            name: .description, type: .string, shape: "text", units: "",
            meaning: "the scene's description, the springs' settling, or the sweep's runs", kinds: allPages),
        Key(
            name: .profile, type: .string, shape: "uikit or precise", units: "", meaning: "the solver profile run",
            kinds: scenePages),
        Key(
            name: .rate, type: .number, shape: "> 0", units: "rows/s", meaning: "the run's output rate",
            kinds: replayPages),
        Key(
            name: .stride, type: .integer, shape: ">= 1", units: "rows", meaning: "every stride-th row of the run kept",
            kinds: replayPages),
        Key(
            name: .rows, type: .integer, shape: ">= 1", units: "rows", meaning: "rows in the page",
            kinds: replayPages),
        Key(
            name: .times, type: .integer, shape: "series index (rows values)", units: "s",
            meaning: "each row's time (ticks: row index x stride / rate, the last the run's last)", kinds: replayPages),
        Key(
            name: .bounds, type: .array, shape: "[x, y, width, height]", units: "pt",
            meaning: "the reference bounds (curves: the track area)", kinds: replayPages),
        Key(
            name: .referenceBoundary, type: .boolean, shape: "", units: "",
            meaning: "whether the reference bounds are a collision boundary", kinds: scenePages),
        Key(
            name: .columns, type: .array, shape: "[{name, series} or {name, text: {series, strings}}]", units: "",
            meaning: "the run's kept columns, as `dynsim run` names them", kinds: scenePages),
        Key(
            name: .items, type: .array,
            shape: "[{name, size [w, h], shape, path?, x, y, angle (series indices), sleep [start, end)..., anchored}]",
            units: "pt, rad, rows", meaning: "each item and where it sleeps", kinds: scenePages),
        Key(
            name: .attachments, type: .array,
            shape: "[{item, offset, spring?, other?, otherOffset?, name?, anchor? [x, y series], snap?}]",
            units: "pt", meaning: "attachments and snaps", kinds: scenePages),
        Key(
            name: .drags, type: .array, shape: "[{times, points [x, y, ...], attachment}]", units: "s, pt",
            meaning: "the finger's drag paths", kinds: scenePages),
        Key(
            name: .boundaries, type: .array, shape: "[{identifier, closed, points [x, y, ...]}]", units: "pt",
            meaning: "collision boundaries", kinds: scenePages),
        Key(
            name: .layers, type: .array,
            shape:
                "[{name, isView, clips (scroll views only), superlayer, h (9), bounds (4), opacity, color (4), cornerRadius, text, ...}]",
            units: "pt, 0...1", meaning: "each layer's drawing series (homography to the screen)", kinds: scenePages),
        Key(
            name: .contacts, type: .objectOrNull, shape: "{counts, points [x, y, ...]} (series indices), or null",
            units: "pt", meaning: "contact points per row; null when over budget or none", kinds: scenePages),
        Key(
            name: .events, type: .array, shape: "[[time, field, ...]]", units: "s",
            meaning: "events (starts, stops, contacts, gestures)", kinds: scenePages),
        Key(
            name: .overlays, type: .array,
            shape: "[{label, kind (run, point, series), t, columns [{name, series}]}]", units: "s",
            meaning: "other runs and traces (--overlay)", kinds: scenePages),
        Key(
            name: .plot, type: .array, shape: "[column name]", units: "", meaning: "the columns plotted at first",
            kinds: scenePages),
        Key(
            name: .notices, type: .array, shape: "[text]", units: "", meaning: "what the page left out",
            kinds: scenePages),
        Key(
            name: .curves, type: .array,
            shape: "[{label, t, value (series indices), from, to, band?, settle?, parameters?, peak?, overshoot?}]",
            units: "s, value units", meaning: "each spring or curve", kinds: curvePages),
        Key(
            name: .range, type: .array, shape: "[low, high]", units: "value units",
            meaning: "the values' range, the track's ends", kinds: curvePages),
        Key(
            name: .paths, type: .array, shape: "[path]", units: "",
            meaning: "the sweep's varied fields, as its table names them", kinds: sweepPages),
        Key(
            name: .metrics, type: .array, shape: "[metric]", units: "",
            meaning: "the sweep's metrics, as its table names them", kinds: sweepPages),
        Key(
            name: .runs, type: .array, shape: "[[run, id, [value per path], [value or null per metric], status]]",
            units: "", meaning: "each run, the table's row (numbers as the table writes them)", kinds: sweepPages),
        Key(
            name: .scene, type: .string, shape: "text", units: "",
            meaning: "the swept scene's name (--scene), or \"\" (the page shows SCENE)", kinds: sweepPages),
        Key(
            name: .choice, type: .object, shape: "{metric, x, y (a path or null)}", units: "",
            meaning: "the metric and axes shown first (--metric, --x, --y)", kinds: sweepPages),
        Key(
            name: .series, type: .array, shape: "[{enc: const, q, f64 or ticks, len, ...}]", units: "",
            meaning: "the packed series' descriptors, indexed by the keys above", kinds: replayPages),
    ]
}
