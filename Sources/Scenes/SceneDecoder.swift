import Dynamics
import Foundation
import IO

/// A problem in user input, located by file and JSON path (or CSV line), quoting the offending value.
/// Prints as `<file>: <path>: <problem>, got <value>` (the CLI prefixes `dynsim: error: ` and exits 65).
public struct InputError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The file as the user named it (or `<builtin NAME>`).
    public var file: String
    /// JSON path such as `items[1].size`, `line 4` for CSV, or empty for the whole file.
    public var path: String
    /// What is wrong, ending with `, got <value>` when there is a value to quote.
    public var message: String

    /// An error in `file` at `path`.
    public init(file: String, path: String, message: String) {
        self.file = file
        self.path = path
        self.message = message
    }

    /// `<file>: <path>: <message>`.
    public var description: String { path.isEmpty ? "\(file): \(message)" : "\(file): \(path): \(message)" }
}

/// Reads and validates a scene file (JSON) into a ``Scene``.
///
/// Every field is optional except `items` (at least one) and each attachment's `item`; defaults are documented on
/// ``Scene``, ``SceneItem`` (``ItemDefinition``), ``SceneGravity``, ``SceneAttachment`` and ``SceneDrag``.
/// Unknown fields are errors (a typo must not silently fall back to a default). Numbers must be finite.
public struct SceneDecoder {
    /// Name of the file for messages.
    public var fileName: String
    /// Reads a drag CSV named in the scene (resolved relative to the scene file by the caller). Returns its bytes or
    /// throws an ``InputError``.
    public var readFile: (String) throws -> [UInt8]

    /// Upper limits that keep a run finite and its counters in range.
    public static let maxDuration = 1_000_000.0
    /// Highest output rate, rows per second.
    public static let maxRate = 100_000.0
    /// Most sub-steps per frame.
    public static let maxSubSteps = 1000

    /// What the decode in progress has read against the scene-wide limits (``Limits/maxSamples``,
    /// ``Limits/maxSampleFileBytes``); each `decode` starts it afresh.
    final class Budget {
        var samples = 0
        var sampleFileBytes = 0
        var pathDataBytes = 0
    }
    let budget = Budget()

    /// A decoder that names `fileName` in errors and reads drag CSVs with `readFile`.
    public init(fileName: String, readFile: @escaping (String) throws -> [UInt8]) {
        self.fileName = fileName
        self.readFile = readFile
    }

    /// Parses and validates JSON text.
    /// - Throws: ``InputError`` naming the file, the JSON path (or line and column for malformed JSON, or for the first
    ///   value past ``Limits/maxJSONValues``) and the value.
    public func decode(_ text: [UInt8]) throws -> Scene {
        let json: JSON
        do {
            // A UTF-8 byte order mark (as some Windows editors write) is not part of the JSON: skip it.
            json = try JSONParser.parse(text.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(text.dropFirst(3)) : text,
                                        maxValues: Limits.maxJSONValues)
        } catch let e as JSONSyntaxError {
            throw InputError(file: fileName, path: "line \(e.line), column \(e.column)", message: "malformed JSON: " + e.message)
        } catch let e as JSONValueLimitError {
            throw InputError(file: fileName, path: "line \(e.line), column \(e.column)",
                             message: "a scene file must hold at most \(e.limit) JSON values (each number, string, true, false, null, array and object), got more by here")
        }
        return try decode(json)
    }

    /// Validates a parsed JSON document.
    /// - Throws: ``InputError`` naming the file, the JSON path and the value, also for a scene past ``Limits``.
    public func decode(_ json: JSON) throws -> Scene {
        budget.samples = 0
        budget.sampleFileBytes = 0
        budget.pathDataBytes = 0
        let top = try Fields(json, path: "", file: fileName, allowed: [
            "name", "description", "profile", "timeStep", "subSteps", "duration", "rate", "bounds", "items",
            "behaviors", "columns", "views", "layers", "animations", "animators", "blocks", "gestures",
        ])
        var scene = Scene()
        scene.name = try top.string("name")
        scene.description = try top.string("description")
        if let p = try top.string("profile") {
            guard let profile = SolverProfile(rawValue: p) else {
                throw top.error("profile", "must be \"uikit\" or \"precise\", got \(quoted(p))")
            }
            scene.profile = profile
        }
        if let ts = try top.number("timeStep") {
            guard ts >= Limits.minTimeStep && ts <= 1 else {
                throw top.error("timeStep", "must be from 1e-6 to 1 s, got \(top.text("timeStep"))")
            }
            scene.timeStep = ts
        }
        if let s = try top.int("subSteps") {
            guard s >= 1 && s <= SceneDecoder.maxSubSteps else {
                throw top.error("subSteps", "must be from 1 to \(SceneDecoder.maxSubSteps), got \(s)")
            }
            scene.subSteps = s
        }
        if let d = try top.number("duration") {
            guard d >= 0 && d <= SceneDecoder.maxDuration else {
                throw top.error("duration", "must be from 0 to \(Int(SceneDecoder.maxDuration)) s, got \(top.text("duration"))")
            }
            scene.duration = d
        }
        if let r = try top.number("rate") {
            guard r > 0 && r <= SceneDecoder.maxRate else {
                throw top.error("rate", "must be positive and at most \(Int(SceneDecoder.maxRate)) Hz, got \(top.text("rate"))")
            }
            scene.rate = r
        }
        if let b = top.value("bounds") {
            let f = try Fields(b, path: "bounds", file: fileName, allowed: ["x", "y", "width", "height"])
            let w = try f.number("width") ?? 375, h = try f.number("height") ?? 667
            guard w > 0 else { throw f.error("width", "must be positive, got \(f.text("width"))") }
            guard h > 0 else { throw f.error("height", "must be positive, got \(f.text("height"))") }
            scene.bounds = Rect(x: try f.number("x") ?? 0, y: try f.number("y") ?? 0, width: w, height: h)
        }

        if let problem = Limits.runBudgetProblem(duration: scene.duration, rate: scene.rate, timeStep: scene.timeStep,
                                                 subSteps: scene.effectiveSubSteps) {
            throw InputError(file: fileName, path: top.value("duration") != nil ? "duration" : "timeStep",
                             message: problem + ", got \(top.text(top.value("duration") != nil ? "duration" : "timeStep"))")
        }

        // Counts checked before anything they count is decoded (see Limits).
        func count(_ key: String) -> Int {
            if case .array(let a)? = top.value(key) { return a.count }
            return 0
        }
        let layerCount = count("views") + count("layers")
        guard layerCount <= Limits.maxLayers else {
            throw InputError(file: fileName, path: count("views") > 0 ? "views" : "layers",
                             message: "views and layers together must number at most \(Limits.maxLayers), got \(layerCount)")
        }
        let timelineKeys = ["animations", "blocks", "animators", "gestures"]
        let timelineCount = timelineKeys.map(count).reduce(0, +)
        guard timelineCount <= Limits.maxAnimations else {
            throw InputError(file: fileName, path: timelineKeys.max { count($0) < count($1) }!,
                             message: "animations, blocks, animators and gestures together must number at most \(Limits.maxAnimations), got \(timelineCount)")
        }

        // Layers and their animations (a scene of layers alone needs no items).
        var names = Set<String>()
        if let vj = top.value("views") { scene.layers = try decodeViews(vj, names: &names) }
        if let lj = top.value("layers") { scene.layers += try decodeLayers(lj, names: &names) }
        if let aj = top.value("animations") {
            guard case .array(let arr) = aj else {
                throw InputError(file: fileName, path: "animations", message: "must be an array, got \(aj.brief)")
            }
            var keys = Set<String>()
            let layerNames = Set(scene.layers.map(\.name))
            for (k, a) in arr.enumerated() {
                let path = "animations[\(k)]"
                let d = try decodeAnimation(a, path: path, topLevel: true, layers: layerNames)
                let key = d.key ?? "animation\(k)"
                guard keys.insert(key).inserted else {
                    throw InputError(file: fileName, path: path + ".key", message: "duplicate key, got \(quoted(key))")
                }
                // `keys` holds the earlier animations' keys and this one's.
                if let after = d.after, after == key || !keys.contains(after) {
                    throw InputError(file: fileName, path: path + ".after", message: "must name an earlier animation's key, got \(quoted(after))")
                }
                scene.animations.append(SceneAnimation(layer: d.layer!, key: key, animation: d.animation, after: d.after, source: a))
            }
        }
        if let aj = top.value("animators") { scene.animators = try decodeAnimators(aj, scene: scene, names: &names) }
        if let bj = top.value("blocks") {
            scene.blocks = try decodeBlocks(bj, targets: Set(scene.layers.filter(\.isView).map(\.name)), names: &names)
            scene.blocksSource = bj
        }
        if let gj = top.value("gestures") {
            scene.gestures = try decodeGestures(gj, scene: scene, names: &names)
            scene.gesturesSource = gj
        }

        // Items.
        if top.value("items") == nil && !scene.layers.isEmpty {
            return try finishColumns(scene, top: top)
        }
        guard let itemsJSON = top.value("items") else {
            throw InputError(file: fileName, path: "items", message: "is required (a scene needs at least one item, unless it has views or layers), got nothing")
        }
        guard case .array(let itemArray) = itemsJSON, !itemArray.isEmpty else {
            throw InputError(file: fileName, path: "items", message: "must be a non-empty array of items, got \(itemsJSON.brief)")
        }
        guard itemArray.count <= Limits.maxItems else {
            throw InputError(file: fileName, path: "items", message: "must hold at most \(Limits.maxItems) items, got \(itemArray.count)")
        }
        for (k, itemJSON) in itemArray.enumerated() {
            let item = try decodeItem(itemJSON, path: "items[\(k)]", index: k, usedNames: names)
            guard names.insert(item.name).inserted else {
                throw InputError(file: fileName, path: "items[\(k)].name", message: "duplicate name, got \(quoted(item.name))")
            }
            scene.items.append(item)
        }

        // Behaviors. The item names are collected once: building the set per behavior made a scene of n pendulums
        // (n items, n attachments) cost O(n²) to decode, 11 s for 10,000 of them.
        let itemNames = Set(scene.items.map(\.name))
        if let bj = top.value("behaviors") {
            guard case .array(let arr) = bj else {
                throw InputError(file: fileName, path: "behaviors", message: "must be an array, got \(bj.brief)")
            }
            guard arr.count <= Limits.maxBehaviors else {
                throw InputError(file: fileName, path: "behaviors", message: "must hold at most \(Limits.maxBehaviors) behaviors, got \(arr.count)")
            }
            var anchorCount = 0
            for (k, b) in arr.enumerated() {
                let path = "behaviors[\(k)]"
                guard case .object(let members) = b else {
                    throw InputError(file: fileName, path: path, message: "must be an object, got \(b.brief)")
                }
                guard let typeValue = members.first(where: { $0.key == "type" })?.value else {
                    throw InputError(file: fileName, path: path + ".type", message: "is required (\"gravity\", \"attachment\", \"push\", \"snap\", \"field\", \"collision\" or \"addVelocity\"), got nothing")
                }
                guard case .string(let type) = typeValue else {
                    throw InputError(file: fileName, path: path + ".type", message: "must be a string, got \(typeValue.brief)")
                }
                switch type {
                case "gravity":
                    scene.behaviors.append(.gravity(try decodeGravity(b, path: path, names: names)))
                case "attachment":
                    let a = try decodeAttachment(b, path: path, itemNames: itemNames, anchorIndex: anchorCount, names: &names)
                    if a.attachedTo == nil { anchorCount += 1 }
                    scene.behaviors.append(.attachment(a))
                case "push":
                    scene.behaviors.append(.push(try decodePush(b, path: path, names: itemNames)))
                case "snap":
                    scene.behaviors.append(.snap(try decodeSnap(b, path: path, names: itemNames)))
                case "collision":
                    let earlier = scene.behaviors.filter { if case .collision = $0 { return true } else { return false } }.count
                    guard earlier < 64 else {
                        // Each collision behavior is one bit of an item's collision mask (World.addCollision).
                        throw InputError(file: fileName, path: path, message: "at most 64 collision behaviors, got a 65th")
                    }
                    scene.behaviors.append(.collision(try decodeCollision(b, path: path, names: itemNames)))
                case "field":
                    scene.behaviors.append(.field(try decodeField(b, path: path, names: itemNames)))
                case "addVelocity":
                    scene.behaviors.append(.addVelocity(try decodeAddVelocity(b, path: path, names: itemNames)))
                default:
                    throw InputError(file: fileName, path: path + ".type",
                                     message: "unknown behavior (expected \"gravity\", \"attachment\", \"push\", \"snap\", \"field\", \"collision\" or \"addVelocity\"), got \(quoted(type))")
                }
            }
        }

        return try finishColumns(scene, top: top)
    }

    private func finishColumns(_ input: Scene, top: Fields) throws -> Scene {
        var scene = input
        // Play the animators' scripts and the gestures once, together and in time order, as the run will: a call UIKit
        // rejects (finishing an animator that is not stopped, a pan on a stopped one, ...) is an input error, before any row.
        if !scene.animators.isEmpty {
            var stage = Stage(scene: scene, layers: SceneRun.layers(of: scene))
            let last = (scene.gestures.flatMap { $0.samples.map(\.time) } + scene.animators.flatMap { $0.script.map(\.time) }).max() ?? 0
            stage.advance(to: last)
            if let r = stage.rejections.first { throw InputError(file: fileName, path: r.path, message: r.message) }
        }
        // Columns.
        if let cj = top.value("columns") {
            guard case .array(let arr) = cj, !arr.isEmpty else {
                throw InputError(file: fileName, path: "columns", message: "must be a non-empty array of column names, got \(cj.brief)")
            }
            let known = Set(scene.allColumns)
            var chosen: [String] = []
            var seen = Set<String>()
            for (k, c) in arr.enumerated() {
                guard case .string(let name) = c else {
                    throw InputError(file: fileName, path: "columns[\(k)]", message: "must be a string, got \(c.brief)")
                }
                guard known.contains(name) else {
                    throw InputError(file: fileName, path: "columns[\(k)]", message: "unknown column, got \(quoted(name))")
                }
                guard seen.insert(name).inserted else {
                    throw InputError(file: fileName, path: "columns[\(k)]", message: "duplicate column, got \(quoted(name))")
                }
                chosen.append(name)
            }
            scene.columns = chosen
        }
        return scene
    }

    static func isValidName(_ s: String) -> Bool {
        !s.isEmpty && s.utf8.count <= 64 && s.unicodeScalars.allSatisfy {
            ($0 >= "a" && $0 <= "z") || ($0 >= "A" && $0 <= "Z") || ($0 >= "0" && $0 <= "9") || $0 == "_" || $0 == "-"
        }
    }

    private func decodeItem(_ json: JSON, path: String, index: Int, usedNames: Set<String>) throws -> SceneItem {
        let f = try Fields(json, path: path, file: fileName, allowed: [
            "name", "center", "size", "angle", "velocity", "angularVelocity", "density", "resistance",
            "angularResistance", "allowsRotation", "isAnchored", "charge", "elasticity", "friction",
            "collisionBoundsType", "collisionBoundingPath",
        ])
        let name = try f.string("name") ?? "item\(index)"
        if f.value("name") == nil, usedNames.contains(name) {
            throw f.error("name", "is required here: the default name is already taken, got nothing (default \(quoted(name)))")
        }
        guard SceneDecoder.isValidName(name) else {
            throw f.error("name", "must be 1 to 64 letters, digits, '_' or '-', got \(quoted(name))")
        }
        guard let center = try f.vector("center") else { throw f.missing("center", "the item's center [x, y] in points") }
        let size = try f.vector("size") ?? Vector2(100, 100)
        for s in [size.x, size.y] where !(s > 0) {
            throw f.error("size", "must be positive, got \(NumberFormat.shortest(s))")
        }
        for s in [size.x, size.y] where s < Limits.minItemSize {
            throw f.error("size", "must be at least \(NumberFormat.shortest(Limits.minItemSize)), got \(NumberFormat.shortest(s))")
        }
        var def = ItemDefinition(center: center, size: size)
        def.angle = try f.number("angle") ?? 0
        def.velocity = try f.vector("velocity") ?? .zero
        def.angularVelocity = try f.number("angularVelocity") ?? 0
        if let d = try f.number("density") {
            guard d >= Limits.minDensity else {
                throw f.error("density", d > 0 ? "must be at least 1e-9, got \(f.text("density"))" : "must be positive, got \(f.text("density"))")
            }
            def.density = d
        }
        if let r = try f.number("resistance") {
            guard r >= 0 else { throw f.error("resistance", "must be >= 0, got \(f.text("resistance"))") }
            def.resistance = r
        }
        if let r = try f.number("angularResistance") {
            guard r >= 0 else { throw f.error("angularResistance", "must be >= 0, got \(f.text("angularResistance"))") }
            def.angularResistance = r
        }
        def.allowsRotation = try f.bool("allowsRotation") ?? true
        def.isAnchored = try f.bool("isAnchored") ?? false
        def.charge = try f.number("charge") ?? 0
        if let e = try f.number("elasticity") {
            guard e >= 0 else { throw f.error("elasticity", "must be >= 0, got \(f.text("elasticity"))") }
            def.elasticity = e
        }
        if let fr = try f.number("friction") {
            guard fr >= 0 else { throw f.error("friction", "must be >= 0, got \(f.text("friction"))") }
            def.friction = fr
        }
        let boundsType = try f.string("collisionBoundsType") ?? (f.value("collisionBoundingPath") != nil ? "path" : "rectangle")
        switch boundsType {
        case "rectangle": def.collisionBounds = .rectangle
        case "ellipse": def.collisionBounds = .ellipse
        case "path":
            guard let pj = f.value("collisionBoundingPath"), case .array(let pts) = pj, pts.count >= 3 else {
                throw f.missing("collisionBoundingPath", "at least 3 points [x, y] of a convex polygon, item-local")
            }
            var points: [Vector2] = []
            for (i, p) in pts.enumerated() {
                guard case .array(let xy) = p, xy.count == 2, case .number(let x, _) = xy[0], case .number(let y, _) = xy[1],
                      x.isFinite, y.isFinite, abs(x) <= Limits.magnitude, abs(y) <= Limits.magnitude else {
                    throw InputError(file: fileName, path: "\(path).collisionBoundingPath[\(i)]", message: "must be [x, y] with finite numbers within ±1e9, got \(p.brief)")
                }
                points.append(Vector2(x, y))
            }
            guard ConvexPolygon.isConvexPath(points) else {
                throw f.error("collisionBoundingPath", "must be a convex, non-self-intersecting polygon, got \(pj.brief)")
            }
            def.collisionBounds = .path(points)
        default:
            throw f.error("collisionBoundsType", "must be \"rectangle\", \"ellipse\" or \"path\", got \(quoted(boundsType))")
        }
        return SceneItem(name: name, definition: def)
    }

    private func itemReference(_ f: Fields, _ key: String, names: Set<String>) throws -> String? {
        guard let name = try f.string(key) else { return nil }
        guard names.contains(name) else { throw f.error(key, "no such item, got \(quoted(name))") }
        return name
    }

    private func decodeGravity(_ json: JSON, path: String, names: Set<String>) throws -> SceneGravity {
        let f = try Fields(json, path: path, file: fileName, allowed: ["type", "items", "gravityDirection", "angle", "magnitude"])
        var g = SceneGravity()
        if let list = f.value("items") {
            guard case .array(let arr) = list else {
                throw f.error("items", "must be an array of item names, got \(list.brief)")
            }
            var out: [String] = []
            for (k, v) in arr.enumerated() {
                guard case .string(let s) = v else {
                    throw InputError(file: fileName, path: "\(path).items[\(k)]", message: "must be an item name, got \(v.brief)")
                }
                guard names.contains(s) else {
                    throw InputError(file: fileName, path: "\(path).items[\(k)]", message: "no such item, got \(quoted(s))")
                }
                out.append(s)
            }
            g.items = out
        }
        let direction = try f.vector("gravityDirection")
        let angle = try f.number("angle")
        let magnitude = try f.number("magnitude")
        if let direction {
            if angle != nil || magnitude != nil {
                throw f.error(angle != nil ? "angle" : "magnitude",
                              "give either gravityDirection or angle and magnitude, not both, got \(f.text(angle != nil ? "angle" : "magnitude"))")
            }
            g.form = .direction(direction)
        } else if angle != nil || magnitude != nil {
            g.form = .angle(angle ?? Double.pi / 2, magnitude: magnitude ?? 1)
        }
        return g
    }

    private func itemList(_ f: Fields, _ key: String, path: String, names: Set<String>) throws -> [String]? {
        guard let list = f.value(key) else { return nil }
        guard case .array(let arr) = list else { throw f.error(key, "must be an array of item names, got \(list.brief)") }
        var out: [String] = []
        for (k, v) in arr.enumerated() {
            guard case .string(let s) = v else {
                throw InputError(file: fileName, path: "\(path).\(key)[\(k)]", message: "must be an item name, got \(v.brief)")
            }
            guard names.contains(s) else {
                throw InputError(file: fileName, path: "\(path).\(key)[\(k)]", message: "no such item, got \(quoted(s))")
            }
            out.append(s)
        }
        return out
    }

    private func decodePush(_ json: JSON, path: String, names: Set<String>) throws -> ScenePush {
        let f = try Fields(json, path: path, file: fileName, allowed: [
            "type", "items", "mode", "pushDirection", "angle", "magnitude", "targetOffsetFromCenter", "beginTime", "endTime",
        ])
        guard let items = try itemList(f, "items", path: path, names: names), !items.isEmpty else {
            throw f.missing("items", "a non-empty array of item names")
        }
        var p = ScenePush(items: items)
        if let m = try f.string("mode") {
            guard let mode = PushBehavior.Mode(rawValue: m) else {
                throw f.error("mode", "must be \"continuous\" or \"instantaneous\", got \(quoted(m))")
            }
            p.mode = mode
        }
        let direction = try f.vector("pushDirection")
        let angle = try f.number("angle"), magnitude = try f.number("magnitude")
        if let direction {
            if angle != nil || magnitude != nil {
                let key = angle != nil ? "angle" : "magnitude"
                throw f.error(key, "give either pushDirection or angle and magnitude, not both, got \(f.text(key))")
            }
            p.form = .direction(direction)
        } else if angle != nil || magnitude != nil {
            p.form = .angle(angle ?? 0, magnitude: magnitude ?? 1)
        }
        p.targetOffsetFromCenter = try f.vector("targetOffsetFromCenter") ?? .zero
        p.beginTime = try f.number("beginTime") ?? 0
        if let end = try f.number("endTime") {
            guard p.mode == .continuous else { throw f.error("endTime", "only for a continuous push, got \(f.text("endTime"))") }
            guard end >= p.beginTime else { throw f.error("endTime", "must not be before beginTime, got \(f.text("endTime"))") }
            p.endTime = end
        }
        return p
    }

    private func decodeCollision(_ json: JSON, path: String, names: Set<String>) throws -> SceneCollision {
        let f = try Fields(json, path: path, file: fileName, allowed: [
            "type", "items", "collisionMode", "translatesReferenceBoundsIntoBoundary", "boundaries",
        ])
        guard let items = try itemList(f, "items", path: path, names: names), !items.isEmpty else {
            throw f.missing("items", "a non-empty array of item names")
        }
        var c = SceneCollision(items: items)
        if let m = try f.string("collisionMode") {
            guard let mode = CollisionMode(rawValue: m) else {
                throw f.error("collisionMode", "must be \"items\", \"boundaries\" or \"everything\", got \(quoted(m))")
            }
            c.collisionMode = mode
        }
        c.translatesReferenceBoundsIntoBoundary = try f.bool("translatesReferenceBoundsIntoBoundary") ?? false
        if let list = f.value("boundaries") {
            guard case .array(let arr) = list else { throw f.error("boundaries", "must be an array, got \(list.brief)") }
            var identifiers = Set<String>()
            for (k, bj) in arr.enumerated() {
                let bpath = "\(path).boundaries[\(k)]"
                let bf = try Fields(bj, path: bpath, file: fileName, allowed: ["identifier", "from", "to", "path", "closed"])
                guard let identifier = try bf.string("identifier"), !identifier.isEmpty else {
                    throw bf.missing("identifier", "a non-empty name for contact events")
                }
                guard identifiers.insert(identifier).inserted else {
                    throw bf.error("identifier", "duplicate boundary identifier, got \(quoted(identifier))")
                }
                var points: [Vector2]
                let from = try bf.vector("from"), to = try bf.vector("to")
                if let pathJSON = bf.value("path") {
                    if from != nil || to != nil { throw bf.error("path", "give either from and to, or path, got both") }
                    guard case .array(let pts) = pathJSON, pts.count >= 2 else {
                        throw bf.error("path", "must be an array of at least 2 points [x, y], got \(pathJSON.brief)")
                    }
                    points = []
                    for (i, pj) in pts.enumerated() {
                        guard case .array(let xy) = pj, xy.count == 2, case .number(let x, _) = xy[0], case .number(let y, _) = xy[1],
                              x.isFinite, y.isFinite, abs(x) <= Limits.magnitude, abs(y) <= Limits.magnitude else {
                            throw InputError(file: fileName, path: "\(bpath).path[\(i)]", message: "must be [x, y] with finite numbers within ±1e9, got \(pj.brief)")
                        }
                        points.append(Vector2(x, y))
                    }
                } else {
                    guard let from else { throw bf.missing("from", "the segment's start [x, y], or a path") }
                    guard let to else { throw bf.missing("to", "the segment's end [x, y]") }
                    points = [from, to]
                }
                for i in 1..<points.count where points[i] == points[i - 1] {
                    throw InputError(file: fileName, path: bpath, message: "has a zero-length segment, got the point [\(NumberFormat.shortest(points[i].x)), \(NumberFormat.shortest(points[i].y))] twice")
                }
                c.boundaries.append(SceneBoundary(identifier: identifier, points: points, closed: try bf.bool("closed") ?? false))
            }
        }
        return c
    }

    private func decodeField(_ json: JSON, path: String, names: Set<String>) throws -> SceneField {
        let f = try Fields(json, path: path, file: fileName, allowed: [
            "type", "kind", "items", "position", "region", "strength", "falloff", "minimumRadius", "direction", "smoothness",
            "animationSpeed", "seed",
        ])
        guard let kindName = try f.string("kind") else {
            throw f.missing("kind", FieldBehavior.Kind.allCases.map(\.rawValue).joined(separator: ", "))
        }
        guard let kind = FieldBehavior.Kind(rawValue: kindName) else {
            throw f.error("kind", "must be one of \(FieldBehavior.Kind.allCases.map(\.rawValue).joined(separator: ", ")), got \(quoted(kindName))")
        }
        guard let items = try itemList(f, "items", path: path, names: names), !items.isEmpty else {
            throw f.missing("items", "a non-empty array of item names")
        }
        var field = FieldBehavior(kind: kind, items: [])
        field.position = try f.vector("position") ?? .zero
        if let r = f.value("region") {
            field.region = try decodeRegion(r, path: path + ".region")
        }
        field.strength = try f.number("strength") ?? 1
        field.falloff = try f.number("falloff") ?? kind.defaultFalloff
        if let m = try f.number("minimumRadius") {
            guard m >= 0 else { throw f.error("minimumRadius", "must be >= 0, got \(f.text("minimumRadius"))") }
            field.minimumRadius = m
        }
        field.direction = try f.vector("direction") ?? .zero
        if let sm = try f.number("smoothness") {
            guard sm >= 0 && sm <= 1 else { throw f.error("smoothness", "must be from 0 to 1, got \(f.text("smoothness"))") }
            field.smoothness = sm
        }
        field.animationSpeed = try f.number("animationSpeed") ?? 0
        if let seed = try f.int("seed") {
            guard seed >= 0 else { throw f.error("seed", "must be >= 0, got \(seed)") }
            field.seed = UInt64(seed)
        }
        return SceneField(items: items, field: field)
    }

    private func decodeRegion(_ json: JSON, path: String) throws -> FieldRegion {
        let f = try Fields(json, path: path, file: fileName, allowed: ["radius", "size", "inverse"])
        var region = FieldRegion.infinite
        let radius = try f.number("radius"), size = try f.vector("size")
        if radius != nil && size != nil { throw f.error("size", "give either radius or size, not both, got \(f.text("size"))") }
        if let radius {
            guard radius >= 0 else { throw f.error("radius", "must be >= 0, got \(f.text("radius"))") }
            region = .circle(radius: radius)
        } else if let size {
            guard size.x >= 0 && size.y >= 0 else { throw f.error("size", "must not be negative, got \(f.text("size"))") }
            region = .rectangle(width: size.x, height: size.y)
        }
        if try f.bool("inverse") == true { region = .inverse(region) }
        return region
    }

    private func decodeSnap(_ json: JSON, path: String, names: Set<String>) throws -> SceneSnap {
        let f = try Fields(json, path: path, file: fileName, allowed: ["type", "item", "snapPoint", "damping"])
        guard let item = try itemReference(f, "item", names: names) else { throw f.missing("item", "the name of the item") }
        guard let point = try f.vector("snapPoint") else { throw f.missing("snapPoint", "the target center [x, y] in points") }
        var snap = SceneSnap(item: item, snapPoint: point)
        if let d = try f.number("damping") {
            guard d >= 0 && d <= 1 else { throw f.error("damping", "must be from 0 to 1, got \(f.text("damping"))") }
            snap.damping = d
        }
        return snap
    }

    private func decodeAddVelocity(_ json: JSON, path: String, names: Set<String>) throws -> SceneAddVelocity {
        let f = try Fields(json, path: path, file: fileName, allowed: ["type", "item", "time", "linearVelocity", "angularVelocity"])
        guard let item = try itemReference(f, "item", names: names) else { throw f.missing("item", "the name of the item") }
        var a = SceneAddVelocity(item: item)
        a.time = try f.number("time") ?? 0
        a.linearVelocity = try f.vector("linearVelocity") ?? .zero
        a.angularVelocity = try f.number("angularVelocity") ?? 0
        return a
    }

    private func decodeAttachment(_ json: JSON, path: String, itemNames: Set<String>, anchorIndex: Int,
                                  names: inout Set<String>) throws -> SceneAttachment {
        let f = try Fields(json, path: path, file: fileName, allowed: [
            "type", "name", "item", "offsetFromCenter", "anchorPoint", "drag", "attachedTo", "attachedOffsetFromCenter",
            "length", "frequency", "damping",
        ])
        guard let item = try itemReference(f, "item", names: itemNames) else {
            throw f.missing("item", "the name of the attached item")
        }
        var a = SceneAttachment(item: item)
        a.offsetFromCenter = try f.vector("offsetFromCenter") ?? .zero
        a.attachedTo = try itemReference(f, "attachedTo", names: itemNames)
        if let other = a.attachedTo {
            guard other != item else { throw f.error("attachedTo", "must name another item, got \(quoted(other))") }
            for key in ["anchorPoint", "drag", "name"] where f.value(key) != nil {
                throw f.error(key, "not allowed with attachedTo (an item-to-item attachment has no anchor), got \(f.value(key)!.brief)")
            }
            a.attachedOffsetFromCenter = try f.vector("attachedOffsetFromCenter") ?? .zero
        } else {
            if f.value("attachedOffsetFromCenter") != nil {
                throw f.error("attachedOffsetFromCenter", "only allowed with attachedTo, got \(f.value("attachedOffsetFromCenter")!.brief)")
            }
            // Default: "anchor", then "anchor2", "anchor3", ..., skipping names already taken.
            var name = "anchor"
            if let given = try f.string("name") {
                name = given
            } else {
                var n = anchorIndex + 1
                name = n == 1 ? "anchor" : "anchor\(n)"
                while names.contains(name) { n += 1; name = "anchor\(n)" }
            }
            guard SceneDecoder.isValidName(name) else {
                throw f.error("name", "must be 1 to 64 letters, digits, '_' or '-', got \(quoted(name))")
            }
            guard names.insert(name).inserted else {
                throw f.error("name", "already names an item or anchor, got \(quoted(name))")
            }
            a.name = name
            a.anchorPoint = try f.vector("anchorPoint")
            if let dragJSON = f.value("drag") {
                if a.anchorPoint != nil {
                    throw f.error("anchorPoint", "not allowed with drag (the drag's position at t = 0 is the anchor point), got \(f.value("anchorPoint")!.brief)")
                }
                a.drag = try decodeDrag(dragJSON, path: path + ".drag")
            } else if a.anchorPoint == nil {
                throw f.missing("anchorPoint", "an anchor [x, y] in points, or attachedTo an item, or a drag")
            }
        }
        if let l = try f.number("length") {
            guard l >= 0 else { throw f.error("length", "must be >= 0, got \(f.text("length"))") }
            a.length = l
        }
        if let fr = try f.number("frequency") {
            guard fr >= 0 && fr <= 1000 else { throw f.error("frequency", "must be from 0 to 1000 Hz, got \(f.text("frequency"))") }
            a.frequency = fr
        }
        if let d = try f.number("damping") {
            guard d >= 0 else { throw f.error("damping", "must be >= 0, got \(f.text("damping"))") }
            a.damping = d
        }
        return a
    }

    private func decodeDrag(_ json: JSON, path: String) throws -> SceneDrag {
        let f = try Fields(json, path: path, file: fileName, allowed: ["interpolation", "keyframes", "csv"])
        var interpolation = AnchorPath.Interpolation.linear
        if let s = try f.string("interpolation") {
            guard let i = AnchorPath.Interpolation(rawValue: s) else {
                throw f.error("interpolation", "must be \"linear\", \"catmullRom\" or \"minimumJerk\", got \(quoted(s))")
            }
            interpolation = i
        }
        let csv = try f.string("csv")
        if let csv, csv.isEmpty { throw f.error("csv", "must be a file name, got \"\"") }
        let keyframes = f.value("keyframes")
        if csv != nil && keyframes != nil {
            throw f.error("csv", "give either keyframes or csv, not both, got \(quoted(csv!))")
        }
        var times: [Double] = [], points: [Vector2] = []
        if let csv {
            let bytes = try readSampleFile(csv, path: path + ".csv")
            (times, points) = try DragCSV.parse(bytes, fileName: csv, maxRows: Limits.maxSamples - budget.samples)
            budget.samples += times.count
        } else if let keyframes {
            guard case .array(let arr) = keyframes, !arr.isEmpty else {
                throw f.error("keyframes", "must be a non-empty array of [t, x, y], got \(keyframes.brief)")
            }
            for (k, kf) in arr.enumerated() {
                let kpath = "\(path).keyframes[\(k)]"
                try countSample(path: kpath)
                guard case .array(let triple) = kf, triple.count == 3 else {
                    throw InputError(file: fileName, path: kpath, message: "must be [t, x, y], got \(kf.brief)")
                }
                var values: [Double] = []
                for (c, v) in triple.enumerated() {
                    guard case .number(let x, let text) = v else {
                        throw InputError(file: fileName, path: "\(kpath)[\(c)]", message: "must be a number, got \(v.brief)")
                    }
                    guard x.isFinite else {
                        throw InputError(file: fileName, path: "\(kpath)[\(c)]", message: "must be a finite number, got \(text)")
                    }
                    guard abs(x) <= Limits.magnitude else {
                        throw InputError(file: fileName, path: "\(kpath)[\(c)]", message: "must be between -1e9 and 1e9, got \(text)")
                    }
                    values.append(x)
                }
                if let last = times.last, values[0] < last {
                    throw InputError(file: fileName, path: "\(kpath)[0]",
                                     message: "time goes backwards (after \(NumberFormat.shortest(last))), got \(NumberFormat.shortest(values[0]))")
                }
                times.append(values[0])
                points.append(Vector2(values[1], values[2]))
            }
        } else {
            throw f.missing("keyframes", "[[t, x, y], ...] or a csv file of t,x,y")
        }
        return SceneDrag(interpolation: interpolation, csv: csv, times: times, points: points)
    }
}

/// Reads a drag CSV: rows `t,x,y` (seconds, points), an optional header row, blank lines ignored, times non-decreasing,
/// at most `maxRows` rows.
enum DragCSV {
    static func parse(_ bytes: [UInt8], fileName: String, maxRows: Int = .max) throws -> ([Double], [Vector2]) {
        let rows = try SampleCSV.parse(bytes, fileName: fileName, header: ["t", "x", "y"], maxRows: maxRows)
        return (rows.map { $0[0] }, rows.map { Vector2($0[1], $0[2]) })
    }
}

extension SceneDecoder {
    /// Reads a sample file (a drag or gesture CSV) that the scene names at `path`, counting its bytes against
    /// ``Limits/maxSampleFileBytes``. - Throws: ``InputError`` naming the scene file and `path`.
    func readSampleFile(_ name: String, path: String) throws -> [UInt8] {
        let bytes: [UInt8]
        do {
            bytes = try readFile(name)
        } catch let e as InputError {
            // Name the scene file and the field that pointed at the unreadable file.
            throw InputError(file: fileName, path: path, message: e.message)
        }
        budget.sampleFileBytes += bytes.count
        guard budget.sampleFileBytes <= Limits.maxSampleFileBytes else {
            throw InputError(file: fileName, path: path,
                             message: "the CSV files a scene names must hold at most \(sizeText(Limits.maxSampleFileBytes)) together, got \(budget.sampleFileBytes) bytes with \(quoted(name))")
        }
        return bytes
    }

    /// Counts one sample (a drag keyframe or a gesture touch) at `path` against ``Limits/maxSamples``.
    func countSample(path: String) throws {
        budget.samples += 1
        guard budget.samples <= Limits.maxSamples else {
            throw InputError(file: fileName, path: path, message: SampleCSV.tooManySamples)
        }
    }
}

/// Typed access to one JSON object's fields, with unknown-field detection and path-qualified errors.
struct Fields {
    let members: [JSON.Member]
    let path: String
    let file: String

    init(_ json: JSON, path: String, file: String, allowed: [String]) throws {
        guard case .object(let members) = json else {
            throw InputError(file: file, path: path.isEmpty ? "top level" : path, message: "must be an object, got \(json.brief)")
        }
        for m in members where !allowed.contains(m.key) {
            throw InputError(file: file, path: path.isEmpty ? m.key : path + "." + m.key,
                             message: "unknown field (expected one of: \(allowed.joined(separator: ", "))), got \(quoted(m.key))")
        }
        self.members = members
        self.path = path
        self.file = file
    }

    func childPath(_ key: String) -> String { path.isEmpty ? key : path + "." + key }

    func value(_ key: String) -> JSON? { members.first { $0.key == key }?.value }

    func text(_ key: String) -> String { value(key)?.brief ?? "nothing" }

    func error(_ key: String, _ message: String) -> InputError {
        InputError(file: file, path: childPath(key), message: message)
    }

    func missing(_ key: String, _ what: String) -> InputError {
        InputError(file: file, path: childPath(key), message: "is required (\(what)), got nothing")
    }

    func number(_ key: String) throws -> Double? {
        guard let v = value(key) else { return nil }
        guard case .number(let x, let text) = v else { throw error(key, "must be a number, got \(v.brief)") }
        guard x.isFinite else { throw error(key, "must be a finite number, got \(text)") }
        guard abs(x) <= Limits.magnitude else { throw error(key, "must be between -1e9 and 1e9, got \(text)") }
        return x
    }

    func int(_ key: String) throws -> Int? {
        guard let v = value(key) else { return nil }
        guard case .number(let x, let text) = v, x.isFinite, x == x.rounded(), abs(x) < 1e15 else {
            throw error(key, "must be a whole number, got \(v.brief)")
        }
        _ = text
        return Int(x)
    }

    func string(_ key: String) throws -> String? {
        guard let v = value(key) else { return nil }
        guard case .string(let s) = v else { throw error(key, "must be a string, got \(v.brief)") }
        return s
    }

    func bool(_ key: String) throws -> Bool? {
        guard let v = value(key) else { return nil }
        guard case .bool(let b) = v else { throw error(key, "must be true or false, got \(v.brief)") }
        return b
    }

    func vector(_ key: String) throws -> Vector2? {
        guard let v = value(key) else { return nil }
        guard case .array(let a) = v, a.count == 2 else { throw error(key, "must be an array of 2 numbers, got \(v.brief)") }
        var out = Vector2.zero
        for k in 0..<2 {
            guard case .number(let x, let text) = a[k] else {
                throw error(key, "must be an array of 2 numbers, got \(v.brief)")
            }
            guard x.isFinite else { throw error(key, "must be finite numbers, got \(text)") }
            guard abs(x) <= Limits.magnitude else { throw error(key, "must be between -1e9 and 1e9, got \(text)") }
            out[k] = x
        }
        return out
    }
}
