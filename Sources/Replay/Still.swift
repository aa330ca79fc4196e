import Foundation
import Dynamics
import IO
import Playback
import Scenes

/// `dynsim view --svg`: a still picture of a run as a multi-exposure, for docs, pull requests and CI artifacts
/// (docs/view.md, "Stills").
///
/// The picture is in points (`viewBox`: where the motion goes, 20 pt around it, or the reference bounds for layers
/// alone): the reference bounds' outline, boundaries, the drag path, every
/// item's and layer's outline at every `every`-th row (older exposures fainter, the last one solid), each item's
/// center path (scenes of at most 50 items) and its anchors' lines at the last exposure. Each exposure of an item is
/// `<g class="strobe" data-name="NAME" data-t="T" transform="translate(X Y) rotate(DEG)">` around the item's shape
/// centered at the origin, so a reader (or a test) can take the item's position and angle at row time T back out of
/// the file; a layer's exposure is `<polygon class="strobe" data-name="NAME" data-t="T" points="...">`, its corners on
/// the screen.
public enum Still {
    /// The SVG text of `scene`'s run.
    /// - Parameters:
    ///   - scene: the scene to run.
    ///   - label: the scene's name as the user gave it (the picture's title).
    ///   - every: rows between exposures (nil: about 12 exposures over the run).
    ///   - budget: what the recording may hold (``ReplayBudget``).
    /// - Throws: `SimulationError`.
    public static func svg(
        scene: Scene, label: String, every: Int? = nil,
        budget: ReplayBudget = ReplayBudget()
    ) throws -> (svg: String, notices: [String]) {
        svg(try RecordedScene(scene: scene, budget: budget), label: label, every: every)
    }

    /// The SVG text of a run already recorded (the one a page was made from, so `view --svg F --output P` simulates
    /// once).
    public static func svg(_ recorded: RecordedScene, label: String, every: Int? = nil) -> (
        svg: String, notices: [String]
    ) {
        let r = recorded.recording, scene = r.scene
        let n = r.times.count
        var step = max(1, every.map { max(1, $0 / r.stride) } ?? Int((Double(n - 1) / 12).rounded(.up)))
        // At most maxShapes outlines: past it, fewer exposures.
        let shapes = max(1, scene.items.count + scene.layers.count)
        var notices: [String] = []
        if shapes * ((n - 1) / step + 2) > maxShapes {
            let wanted = max(1, step)
            step = max(step, Int((Double(n - 1) / Double(max(1, maxShapes / shapes - 1))).rounded(.up)))
            if step != wanted {
                notices.append("the still shows every \(step * r.stride) rows (at most \(maxShapes) outlines)")
            }
        }
        var frames = Array(Swift.stride(from: 0, to: n, by: step))
        if frames.last != n - 1 { frames.append(n - 1) }
        let b = scene.bounds
        func f(_ x: Double) -> String { NumberFormat.shortest((x * 1000).rounded() / 1000) }
        let column = Dictionary(uniqueKeysWithValues: r.kept.enumerated().map { (r.run.columns[$1], $0) })
        func values(_ name: String) -> [Double] { column[name].map { r.values[$0] } ?? [] }
        let box = extent(scene, values: values, layers: r.drawings)
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="\(f(box.x)) \(f(box.y)) \(f(box.width)) \(f(box.height))" width="\(f(box.width))" height="\(f(box.height))">
            <title>\(xml("dynsim view --svg: \(label)"))</title>
            <rect x="\(f(b.x))" y="\(f(b.y))" width="\(f(b.width))" height="\(f(b.height))" fill="#ffffff" stroke="#bbbbbb" stroke-width="1"/>

            """
        for behavior in scene.behaviors {
            if case .collision(let c) = behavior {
                for boundary in c.boundaries {
                    let pts = boundary.points.map { "\(f($0.x)),\(f($0.y))" }.joined(separator: " ")
                    out +=
                        "<\(boundary.closed ? "polygon" : "polyline") class=\"boundary\" points=\"\(pts)\" fill=\"none\" stroke=\"#333333\" stroke-width=\"2\"/>\n"
                }
            }
            if case .attachment(let a) = behavior, let drag = a.drag {
                let pts = drag.points.map { "\(f($0.x)),\(f($0.y))" }.joined(separator: " ")
                out +=
                    "<polyline class=\"drag\" points=\"\(pts)\" fill=\"none\" stroke=\"#f0a030\" stroke-width=\"1.5\" stroke-dasharray=\"6 4\"/>\n"
            }
        }
        // Layers: their outlines on the screen.
        for (li, layer) in scene.layers.enumerated() {
            for (k, frame) in frames.enumerated() {
                let d = r.drawings[li][frame]
                let projected = d.screenPolygon(d.corners)
                guard projected.count >= 3 else { continue }
                let c = d.backgroundColor
                let fill = c[3] > 0 ? rgb(c) : "#9ab7e6"
                let opacity = fade(k, frames.count) * max(0.15, d.opacity * (c[3] > 0 ? c[3] : 1))
                out +=
                    "<polygon class=\"strobe\" data-name=\"\(xml(layer.name))\" data-t=\"\(NumberFormat.shortest(r.times[frame]))\" points=\"\(projected.map { "\(f($0.x)),\(f($0.y))" }.joined(separator: " "))\" fill=\"\(fill)\" fill-opacity=\"\(f(opacity))\" stroke=\"#555555\" stroke-opacity=\"\(f(opacity))\" stroke-width=\"0.5\"/>\n"
            }
        }
        // Items: center paths, then exposures.
        if scene.items.count <= 50 {
            for item in scene.items {
                let xs = values(item.name + ".x"), ys = values(item.name + ".y")
                let pts = zip(xs, ys).map { "\(f($0)),\(f($1))" }.joined(separator: " ")
                out +=
                    "<polyline class=\"path\" data-name=\"\(xml(item.name))\" points=\"\(pts)\" fill=\"none\" stroke=\"#b03030\" stroke-width=\"1\" stroke-opacity=\"0.6\"/>\n"
            }
        }
        for (k, frame) in frames.enumerated() {
            let opacity = fade(k, frames.count)
            for item in scene.items {
                let x = values(item.name + ".x")[frame], y = values(item.name + ".y")[frame],
                    a = values(item.name + ".angle")[frame]
                out +=
                    "<g class=\"strobe\" data-name=\"\(xml(item.name))\" data-t=\"\(NumberFormat.shortest(r.times[frame]))\" transform=\"translate(\(f(x)) \(f(y))) rotate(\(f(a * 180 / .pi)))\" fill=\"#78aae6\" fill-opacity=\"\(f(opacity * 0.6))\" stroke=\"#2b5797\" stroke-opacity=\"\(f(opacity))\" stroke-width=\"1\">"
                out += shape(item.definition) + "</g>\n"
            }
        }
        out += attachments(scene, frame: frames.last!, values: values)
        out += "</svg>\n"
        return (out, notices)
    }

    /// Outlines a still draws at most (shapes x exposures).
    public static let maxShapes = 100_000

    /// The attachments' lines and anchors at one row.
    static func attachments(_ scene: Scene, frame last: Int, values: (String) -> [Double]) -> String {
        func f(_ x: Double) -> String { NumberFormat.shortest((x * 1000).rounded() / 1000) }
        var out = ""
        let itemIndex = Dictionary(uniqueKeysWithValues: scene.items.enumerated().map { ($1.name, $0) })
        for behavior in scene.behaviors {
            guard case .attachment(let a) = behavior else { continue }
            func point(_ name: String, _ offset: Vector2) -> SIMD2<Double> {
                let x = values(name + ".x")[last], y = values(name + ".y")[last], t = values(name + ".angle")[last]
                return SIMD2(x + cos(t) * offset.x - sin(t) * offset.y, y + sin(t) * offset.x + cos(t) * offset.y)
            }
            guard itemIndex[a.item] != nil else { continue }
            let p = point(a.item, a.offsetFromCenter)
            var q: SIMD2<Double>?
            if let other = a.attachedTo {
                q = point(other, a.attachedOffsetFromCenter)
            } else if let name = a.name, !values(name + ".x").isEmpty {
                q = SIMD2(values(name + ".x")[last], values(name + ".y")[last])
            } else if let anchor = a.anchorPoint {
                q = SIMD2(anchor.x, anchor.y)
            }
            guard let q else { continue }
            out +=
                "<line class=\"attachment\" x1=\"\(f(q.x))\" y1=\"\(f(q.y))\" x2=\"\(f(p.x))\" y2=\"\(f(p.y))\" stroke=\"#2a7a2a\" stroke-width=\"1.5\"\(a.frequency > 0 ? " stroke-dasharray=\"3 3\"" : "")/>\n"
            out += "<circle class=\"anchor\" cx=\"\(f(q.x))\" cy=\"\(f(q.y))\" r=\"3\" fill=\"#2a7a2a\"/>\n"
        }
        return out
    }

    /// What the picture shows: where the motion goes (every item over the run, anchors, drag paths, layers with the
    /// reference bounds), 20 pt around it; the reference bounds when there is nothing to draw.
    static func extent(_ scene: Scene, values: (String) -> [Double], layers: [[LayerDrawing]]) -> Rect {
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        func add(_ x: Double, _ y: Double, _ r: Double) {
            x0 = min(x0, x - r); x1 = max(x1, x + r); y0 = min(y0, y - r); y1 = max(y1, y + r)
        }
        for item in scene.items {
            let r =
                (item.definition.size.x * item.definition.size.x + item.definition.size.y * item.definition.size.y)
                .squareRoot() / 2
            for (x, y) in zip(values(item.name + ".x"), values(item.name + ".y")) { add(x, y, r) }
        }
        for name in scene.anchorNames { for (x, y) in zip(values(name + ".x"), values(name + ".y")) { add(x, y, 4) } }
        for behavior in scene.behaviors {
            if case .attachment(let a) = behavior {
                for p in a.drag?.points ?? [] { add(p.x, p.y, 4) }
                if let p = a.anchorPoint { add(p.x, p.y, 4) }
            }
        }
        // Layers: their outlines on the screen at up to 200 rows each, with the reference bounds (a layer-only scene
        // is drawn on its screen).
        if !layers.isEmpty {
            add(scene.bounds.x, scene.bounds.y, 0)
            add(scene.bounds.x + scene.bounds.width, scene.bounds.y + scene.bounds.height, 0)
        }
        for drawings in layers {
            for d in Swift.stride(from: 0, to: drawings.count, by: max(1, drawings.count / 200)).map({ drawings[$0] })
            where d.opacity > 0 {
                for p in d.screenPolygon(d.corners) where p.x.isFinite && p.y.isFinite { add(p.x, p.y, 0) }
            }
        }
        guard x0.isFinite else { return scene.bounds }
        return Rect(x: x0 - 20, y: y0 - 20, width: x1 - x0 + 40, height: y1 - y0 + 40)
    }

    /// Exposure k of n: from 0.25 (first) to 1 (last).
    static func fade(_ k: Int, _ n: Int) -> Double { n <= 1 ? 1 : 0.25 + 0.75 * Double(k) / Double(n - 1) }

    /// An item's collision shape centered at the origin, unrotated.
    static func shape(_ d: ItemDefinition) -> String {
        func f(_ x: Double) -> String { NumberFormat.shortest((x * 1000).rounded() / 1000) }
        let w = d.size.x, h = d.size.y
        switch d.collisionBounds {
        case .rectangle: return "<rect x=\"\(f(-w / 2))\" y=\"\(f(-h / 2))\" width=\"\(f(w))\" height=\"\(f(h))\"/>"
        case .ellipse: return "<ellipse rx=\"\(f(w / 2))\" ry=\"\(f(h / 2))\"/>"
        case .path(let points):
            return "<polygon points=\"\(points.map { "\(f($0.x)),\(f($0.y))" }.joined(separator: " "))\"/>"
        }
    }

    static func rgb(_ c: SIMD4<Double>) -> String {
        func hex(_ v: Double) -> String {
            let n = Int((min(max(v, 0), 1) * 255).rounded())
            return String(n, radix: 16).count == 1 ? "0" + String(n, radix: 16) : String(n, radix: 16)
        }
        return "#" + hex(c[0]) + hex(c[1]) + hex(c[2])
    }

    /// Text for XML attribute values and content (``TextQuoting/xml(_:)``).
    static func xml(_ s: String) -> String { TextQuoting.xml(s) }
}
