import Foundation
import Animation
import Dynamics
import IO
import Playback
import Scenes

/// `dynsim view SCENE`: a scene's run as one self-contained HTML page that replays it (docs/view.md).
public enum ScenePage {
    /// The page for `scene`'s run, and what it left out (also shown in the page).
    /// - Parameters:
    ///   - scene: the scene to run.
    ///   - label: the scene's name as the user gave it (the page's title).
    ///   - overlays: other runs and traces drawn over it (``Overlay``).
    ///   - plot: the columns plotted when the page opens (nil: the first item's x and y, or the first moving layer
    ///     columns); each must be a column of the scene (checked by the caller).
    ///   - budget: what the page may hold.
    /// - Throws: `SimulationError` when the run diverges.
    public static func html(
        scene: Scene, label: String, overlays: [Overlay] = [], plot: [String]? = nil,
        budget: ReplayBudget = ReplayBudget()
    ) throws -> (html: String, notices: [String]) {
        html(
            try RecordedScene(scene: scene, plot: plot ?? [], budget: budget), label: label, overlays: overlays,
            plot: plot,
            budget: budget)
    }

    /// The page for a run already recorded (``RecordedScene``, with `plot`'s columns kept), and what it left out.
    public static func html(
        _ recorded: RecordedScene, label: String, overlays: [Overlay] = [], plot: [String]? = nil,
        budget: ReplayBudget = ReplayBudget()
    ) -> (html: String, notices: [String]) {
        let recording = recorded.recording
        let (thinned, notes) = thin(overlays, budget: budget)
        var packer = SeriesPacker()
        let payload = payload(
            recording, label: label, overlays: thinned, plot: plot, packer: &packer, notices: recording.notices + notes)
        return (
            Page.html(title: "dynsim view: \(label)", payload: payload, blob: packer.base64), recording.notices + notes
        )
    }

    /// Overlays within half the page's budget of values: past it, one row in k of each (and its last).
    static func thin(_ overlays: [Overlay], budget: ReplayBudget) -> ([Overlay], [String]) {
        let total = overlays.reduce(0) { $0 + $1.times.count * ($1.columns.count + 1) }
        let allowed = budget.maxValues / 2
        guard total > allowed else { return (overlays, []) }
        let k = Int((Double(total) / Double(allowed)).rounded(.up))
        let thinned = overlays.map { o -> Overlay in
            var o = o
            let keep =
                Array(Swift.stride(from: 0, to: o.times.count, by: k))
                + ((o.times.count - 1) % k == 0 ? [] : [o.times.count - 1])
            o.times = keep.map { o.times[$0] }
            o.columns = o.columns.map { c in (c.name, keep.map { c.values[$0] }) }
            return o
        }
        return (thinned, ["overlays: one row in \(k) kept, and the last (\(total) values is over \(allowed))"])
    }

    /// A scene page's payload (``PayloadContract``'s keys for `scene`): the recording's series packed into `packer`.
    static func payload(
        _ r: Recording, label: String, overlays: [Overlay], plot: [String]?,
        packer: inout SeriesPacker, notices: [String]
    ) -> CompactJSON {
        let scene = r.scene
        let names = r.kept.map { r.run.columns[$0] }
        var columnSeries: [String: Int] = [:]
        var series: [CompactJSON] = []
        func add(_ values: [Double]) -> Int {
            series.append(packer.add(values))
            return series.count - 1
        }
        func addText(_ values: [String]) -> CompactJSON {
            var table: [String] = [], index: [String: Int] = [:]
            let ids = values.map { s -> Int in
                if let k = index[s] { return k }
                index[s] = table.count
                table.append(s)
                return table.count - 1
            }
            series.append(packer.add(integers: ids))
            return .object([("series", .int(series.count - 1)), ("strings", .array(table.map { .string($0) }))])
        }
        var columns: [CompactJSON] = []
        for (j, name) in names.enumerated() {
            if r.isText[j] {
                columns.append(.object([("name", .string(name)), ("text", addText(r.texts[j]))]))
            } else {
                let k = add(r.values[j])
                columnSeries[name] = k
                columns.append(.object([("name", .string(name)), ("series", .int(k))]))
            }
        }
        let items = itemsPayload(r, columnSeries: columnSeries)
        let (attachments, drags, boundaries, referenceBoundary) = behaviorsPayload(
            r, columnSeries: columnSeries, add: add)
        let layers = layerPayload(r, add: add, addText: addText)
        func addIntegers(_ values: [Int]) -> Int {
            series.append(packer.add(integers: values))
            return series.count - 1
        }
        let contacts = contactsPayload(r, add: add, addIntegers: addIntegers)
        let events: [CompactJSON] = r.events.map { e in
            .array([.number(e.time)] + e.fields.map { .string($0) })
        }
        let ghosts = overlaysPayload(overlays, add: add)
        let b = scene.bounds
        let times = { () -> Int in
            series.append(packer.add(times: r.times, rate: scene.rate, stride: r.stride, last: r.run.sampleCount - 1))
            return series.count - 1
        }()
        let plotted = (plot ?? defaultPlot(scene, names: names, r: r)).map { CompactJSON.string($0) }
        return PayloadContract.object([
            (.format, .string(PayloadContract.format)), (.kind, .string(PayloadContract.Kind.scene.rawValue)),
            (.title, .string(label)), (.description, .string(scene.description ?? "")),
            (.profile, .string(scene.profile.rawValue)), (.rate, .number(scene.rate)), (.stride, .int(r.stride)),
            (.rows, .int(r.times.count)), (.times, .int(times)), (.bounds, .numbers([b.x, b.y, b.width, b.height])),
            (.referenceBoundary, .bool(referenceBoundary)), (.columns, .array(columns)), (.items, .array(items)),
            (.attachments, .array(attachments)), (.drags, .array(drags)), (.boundaries, .array(boundaries)),
            (.layers, .array(layers)), (.contacts, contacts), (.events, .array(events)), (.overlays, .array(ghosts)),
            (.plot, .array(plotted)), (.notices, .array(notices.map { .string($0) })), (.series, .array(series)),
        ])
    }

    /// The contacts: their counts' and points' series, added by `addIntegers` and `add`; null when none were recorded.
    private static func contactsPayload(_ r: Recording, add: ([Double]) -> Int, addIntegers: ([Int]) -> Int)
        -> CompactJSON
    {
        guard let counts = r.contactCounts, !r.contactPoints.isEmpty else { return .null }
        return .object([("counts", .int(addIntegers(counts))), ("points", .int(add(r.contactPoints)))])
    }

    /// Each overlay: its label, kind, and the series (added by `add`) of its times and of each column.
    private static func overlaysPayload(_ overlays: [Overlay], add: ([Double]) -> Int) -> [CompactJSON] {
        overlays.map { o in
            .object([
                ("label", .string(o.label)), ("kind", .string(o.kind.rawValue)), ("t", .int(add(o.times))),
                (
                    "columns",
                    .array(
                        o.columns.map { c in .object([("name", .string(c.name)), ("series", .int(add(c.values)))]) })
                ),
            ])
        }
    }

    /// Each item: its name, size, collision shape, the series of its x, y and angle, its sleeping rows.
    private static func itemsPayload(_ r: Recording, columnSeries: [String: Int]) -> [CompactJSON] {
        r.scene.items.enumerated().map { i, item in
            let d = item.definition
            var members: [(String, CompactJSON)] = [
                ("name", .string(item.name)), ("size", .numbers([d.size.x, d.size.y])),
            ]
            switch d.collisionBounds {
            case .rectangle: members.append(("shape", .string("rectangle")))
            case .ellipse: members.append(("shape", .string("ellipse")))
            case .path(let points):
                members.append(("shape", .string("path")))
                members.append(("path", .numbers(points.flatMap { [$0.x, $0.y] })))
            }
            members += [
                ("x", .int(columnSeries[item.name + ".x"]!)), ("y", .int(columnSeries[item.name + ".y"]!)),
                ("angle", .int(columnSeries[item.name + ".angle"]!)), ("sleep", .array(r.sleep[i].map { .int($0) })),
                ("anchored", .bool(d.isAnchored)),
            ]
            return .object(members)
        }
    }
    /// Attachments (and snaps) with their anchors' series, drag paths, boundaries, and whether the reference bounds are
    /// a boundary.
    private static func behaviorsPayload(_ r: Recording, columnSeries: [String: Int], add: ([Double]) -> Int)
        -> ([CompactJSON], [CompactJSON], [CompactJSON], Bool)
    {
        let scene = r.scene
        let itemIndex = Dictionary(uniqueKeysWithValues: scene.items.enumerated().map { ($1.name, $0) })
        var attachments: [CompactJSON] = [], drags: [CompactJSON] = [], boundaries: [CompactJSON] = []
        var referenceBoundary = false
        for (k, behavior) in scene.behaviors.enumerated() {
            switch behavior {
            case .attachment(let a):
                var m: [(String, CompactJSON)] = [
                    ("item", .int(itemIndex[a.item]!)),
                    ("offset", .numbers([a.offsetFromCenter.x, a.offsetFromCenter.y])),
                    ("spring", .bool(a.frequency > 0)),
                ]
                if let other = a.attachedTo {
                    m += [
                        ("other", .int(itemIndex[other]!)),
                        ("otherOffset", .numbers([a.attachedOffsetFromCenter.x, a.attachedOffsetFromCenter.y])),
                    ]
                } else if let name = a.name, let x = columnSeries[name + ".x"], let y = columnSeries[name + ".y"] {
                    m += [("name", .string(name)), ("anchor", .array([.int(x), .int(y)]))]
                } else if let points = r.unnamedAnchors[k] {
                    m += [("anchor", .array([.int(add(points.map(\.x))), .int(add(points.map(\.y)))]))]
                }
                attachments.append(.object(m))
                if let drag = a.drag {
                    drags.append(
                        .object([
                            ("times", .numbers(drag.times)),
                            ("points", .numbers(drag.points.flatMap { [$0.x, $0.y] })),
                            ("attachment", .int(attachments.count - 1)),
                        ]))
                }
            case .collision(let c):
                referenceBoundary = referenceBoundary || c.translatesReferenceBoundsIntoBoundary
                for b in c.boundaries {
                    boundaries.append(
                        .object([
                            ("identifier", .string(b.identifier)), ("closed", .bool(b.closed)),
                            ("points", .numbers(b.points.flatMap { [$0.x, $0.y] })),
                        ]))
                }
            case .snap(let s):
                attachments.append(
                    .object([
                        ("item", .int(itemIndex[s.item]!)), ("offset", .numbers([0, 0])),
                        ("snap", .numbers([s.snapPoint.x, s.snapPoint.y])),
                    ]))
            default: break
            }
        }
        return (attachments, drags, boundaries, referenceBoundary)
    }

    /// The layers' drawing series: homography (9), bounds (4), opacity, backgroundColor (4), cornerRadius, and the
    /// contents (text, its color, a transition's old text, opacities and offsets).
    private static func layerPayload(_ r: Recording, add: (([Double]) -> Int), addText: ([String]) -> CompactJSON)
        -> [CompactJSON]
    {
        let superIndex = Dictionary(uniqueKeysWithValues: r.scene.layers.enumerated().map { ($1.name, $0) })
        // A scroll view clips its content (written only then, so other pages keep their bytes).
        let clipping = Set(r.scene.scrollViews.map(\.name))
        return r.scene.layers.enumerated().map { li, layer in
            let d = r.drawings[li]
            func many(_ n: Int, _ f: (LayerDrawing, Int) -> Double) -> CompactJSON {
                .array((0..<n).map { k in .int(add(d.map { f($0, k) })) })
            }
            func one(_ f: (LayerDrawing) -> Double) -> CompactJSON { .int(add(d.map(f))) }
            let clips: [(String, CompactJSON)] = clipping.contains(layer.name) ? [("clips", .bool(true))] : []
            return .object(
                [
                    ("name", .string(layer.name)), ("isView", .bool(layer.isView)),
                ] + clips + [
                    ("superlayer", layer.superlayer.flatMap { superIndex[$0] }.map { .int($0) } ?? .null),
                    ("h", many(9) { $0.homography[$1] }), ("bounds", many(4) { $0.bounds[$1] }),
                    ("opacity", one { $0.opacity }), ("color", many(4) { $0.backgroundColor[$1] }),
                    ("cornerRadius", one { $0.cornerRadius }),
                    ("text", addText(d.map { $0.contents.text })),
                    ("textColor", many(4) { $0.contents.textColor.components[$1] }),
                    ("oldText", addText(d.map { $0.contents.oldText })),
                    ("oldTextColor", many(4) { $0.contents.oldTextColor.components[$1] }),
                    ("oldOpacity", one { $0.contents.transition.oldOpacity }),
                    ("oldOffset", many(2) { $0.contents.transition.oldOffset[$1] }),
                    ("newOpacity", one { $0.contents.transition.newOpacity }),
                    ("newOffset", many(2) { $0.contents.transition.newOffset[$1] }),
                ])
        }
    }

    /// Columns plotted when the page opens: the first item's x and y; else the first layer columns that change, up to
    /// four; else the animators' fractionComplete.
    static func defaultPlot(_ scene: Scene, names: [String], r: Recording) -> [String] {
        if let item = scene.items.first { return [item.name + ".x", item.name + ".y"] }
        let moving = names.enumerated().filter { j, _ in
            !r.isText[j] && (r.values[j].min() ?? 0) != (r.values[j].max() ?? 0)
        }.map(\.element)
        return Array(moving.prefix(4))
    }
}
