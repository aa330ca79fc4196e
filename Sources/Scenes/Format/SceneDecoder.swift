import Dynamics
import Foundation
import IO

/// Reads and validates a scene file (JSON) into a ``Scene``.
///
/// Every field is optional except `items` (at least one) and each attachment's `item`; defaults are documented on
/// ``Scene``, ``SceneItem`` (`ItemDefinition`), ``SceneGravity``, ``SceneAttachment`` and ``SceneDrag``.
/// Unknown fields are errors (a typo must not silently fall back to a default). Numbers must be finite.
public struct SceneDecoder {
    /// Name of the file for messages.
    public var fileName: String
    /// Reads a drag CSV named in the scene (resolved relative to the scene file by the caller). Returns its bytes or
    /// throws an `InputError`.
    public var readFile: (String) throws -> [UInt8]
    /// How a CSV the scene names is shown in messages about its contents: by default as the scene names it; the CLI
    /// gives the path it opened (relative to the scene's directory), so `sub/drag.csv: line 2, ...` names the file
    /// that was read, not another `drag.csv` beside the user.
    public var displayName: (String) -> String = { $0 }

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
    /// - Throws: `InputError` naming the file, the JSON path (or line and column for malformed JSON, or for the first
    ///   value past `Limits/maxJSONValues`) and the value.
    public func decode(_ text: [UInt8]) throws -> Scene {
        let json: JSON
        do {
            // A UTF-8 byte order mark (as some Windows editors write) is not part of the JSON: skip it.
            json = try JSONParser.parse(
                text.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(text.dropFirst(3)) : text,
                maxValues: Limits.maxJSONValues)
        } catch let e as JSONSyntaxError {
            throw InputError(
                file: fileName, path: "line \(e.line), column \(e.column)", message: "malformed JSON: " + e.message)
        } catch let e as JSONValueLimitError {
            throw InputError(
                file: fileName, path: "line \(e.line), column \(e.column)",
                message:
                    "a scene file must hold at most \(e.limit) JSON values (each number, string, true, false, null, array and object), got more by here"
            )
        }
        return try decode(json)
    }

    /// Validates a parsed JSON document.
    /// - Throws: `InputError` naming the file, the JSON path and the value, also for a scene past `Limits`.
    public func decode(_ json: JSON) throws -> Scene {
        budget.samples = 0
        budget.sampleFileBytes = 0
        budget.pathDataBytes = 0
        let top = try Fields(json, path: "", file: fileName, allowed: SceneFields.table.names)
        var scene = try decodeSettings(top)
        try checkCounts(top)
        var names = Set<String>()
        try decodeTimeline(top, into: &scene, names: &names)
        // Items (a scene of layers alone needs none), then behaviors.
        if top.value("items") != nil || scene.layers.isEmpty {
            try decodeItems(top, into: &scene, names: &names)
            try decodeBehaviors(top, into: &scene, names: &names)
        }
        return try finishColumns(scene, top: top)
    }

    /// The scene's settings: name, description, profile, timeStep, subSteps, duration, rate, bounds, and the run's budget.
    private func decodeSettings(_ top: Fields) throws -> Scene {
        var scene = Scene()
        try SceneFields.table.decode(top, into: &scene)
        if case .array = top.value("bounds") {
            // The rectangle form layers and views use: [x, y, width, height].
            let r = try decodeValue(top.value("bounds")!, keyPath: "bounds", path: "bounds").components
            guard r[2] > 0 && r[3] > 0 else {
                throw top.error("bounds", "width and height must be positive, got \(top.text("bounds"))")
            }
            scene.bounds = Rect(x: r[0], y: r[1], width: r[2], height: r[3])
        } else if let b = top.value("bounds") {
            let f = try Fields(b, path: "bounds", file: fileName, allowed: SceneFields.boundsTable.names)
            try SceneFields.boundsTable.decode(f, into: &scene.bounds)
        }
        if let problem = Limits.runBudgetProblem(
            duration: scene.duration, rate: scene.rate, timeStep: scene.timeStep,
            subSteps: scene.effectiveSubSteps)
        {
            throw InputError(
                file: fileName, path: top.value("duration") != nil ? "duration" : "timeStep",
                message: problem + ", got \(top.text(top.value("duration") != nil ? "duration" : "timeStep"))")
        }
        return scene
    }

    /// Counts checked before anything they count is decoded (see ``Limits``).
    private func checkCounts(_ top: Fields) throws {
        func count(_ key: String) -> Int {
            if case .array(let a)? = top.value(key) { return a.count }
            return 0
        }
        let layerCount = count("views") + count("layers") + count("scrollViews")
        guard layerCount <= Limits.maxLayers else {
            throw InputError(
                file: fileName, path: ["views", "layers", "scrollViews"].max { count($0) < count($1) }!,
                message:
                    "views, layers and scroll views together must number at most \(Limits.maxLayers), got \(layerCount)"
            )
        }
        let timelineKeys = ["animations", "blocks", "animators", "gestures", "layerTiming"]
        let timelineCount = timelineKeys.map(count).reduce(0, +)
        guard timelineCount <= Limits.maxAnimations else {
            throw InputError(
                file: fileName, path: timelineKeys.max { count($0) < count($1) }!,
                message:
                    "animations, blocks, animators, gestures and layerTiming changes together must number at most \(Limits.maxAnimations), got \(timelineCount)"
            )
        }
    }

    /// Views, layers and what plays on them: animations, animators, blocks, gestures.
    private func decodeTimeline(_ top: Fields, into scene: inout Scene, names: inout Set<String>) throws {
        if let sj = top.value("scrollViews") { scene.scrollViews = try decodeScrollViews(sj, names: &names) }
        // Views may name a scroll view as their superview; the scroll views then take their places (``placed``).
        var views = scene.scrollViews.map(\.layer)
        if let vj = top.value("views") { views = try decodeViews(vj, names: &names, after: views) }
        scene.layers = try placed(scene.scrollViews, among: Array(views.dropFirst(scene.scrollViews.count)))
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
                // The default key skips keys already given, as an anchor's default name does.
                var key = d.key ?? "animation\(k)"
                if d.key == nil {
                    var n = k
                    while keys.contains(key) {
                        n += 1
                        key = "animation\(n)"
                    }
                }
                guard keys.insert(key).inserted else {
                    throw InputError(file: fileName, path: path + ".key", message: "duplicate key, got \(quoted(key))")
                }
                // `keys` holds the earlier animations' keys and this one's.
                if let after = d.after, after == key || !keys.contains(after) {
                    throw InputError(
                        file: fileName, path: path + ".after",
                        message: "must name an earlier animation's key, got \(quoted(after))")
                }
                scene.animations.append(
                    SceneAnimation(layer: d.layer!, key: key, animation: d.animation, after: d.after))
            }
        }
        if let aj = top.value("animators") { scene.animators = try decodeAnimators(aj, scene: scene, names: &names) }
        if let bj = top.value("blocks") {
            scene.blocks = try decodeBlocks(bj, targets: Set(scene.layers.filter(\.isView).map(\.name)), names: &names)
        }
        if let gj = top.value("gestures") { scene.gestures = try decodeGestures(gj, scene: scene, names: &names) }
        if let tj = top.value("layerTiming") {
            scene.layerTiming = try decodeLayerTimingChanges(tj, layers: Set(scene.layers.map(\.name)))
        }
    }

    private func decodeItems(_ top: Fields, into scene: inout Scene, names: inout Set<String>) throws {
        guard let itemsJSON = top.value("items") else {
            throw InputError(
                file: fileName, path: "items",
                message: "is required (a scene needs at least one item, unless it has views or layers), got nothing")
        }
        guard case .array(let itemArray) = itemsJSON, !itemArray.isEmpty else {
            throw InputError(
                file: fileName, path: "items", message: "must be a non-empty array of items, got \(itemsJSON.brief)")
        }
        guard itemArray.count <= Limits.maxItems else {
            throw InputError(
                file: fileName, path: "items",
                message: "must hold at most \(Limits.maxItems) items, got \(itemArray.count)")
        }
        for (k, itemJSON) in itemArray.enumerated() {
            let item = try decodeItem(itemJSON, path: "items[\(k)]", index: k, usedNames: names)
            guard names.insert(item.name).inserted else {
                throw InputError(
                    file: fileName, path: "items[\(k)].name", message: "duplicate name, got \(quoted(item.name))")
            }
            scene.items.append(item)
        }
    }

    /// The behaviors, in order. The item names are collected once: building the set per behavior made a scene of n
    /// pendulums (n items, n attachments) cost O(n²) to decode, 11 s for 10,000 of them.
    private func decodeBehaviors(_ top: Fields, into scene: inout Scene, names: inout Set<String>) throws {
        guard let bj = top.value("behaviors") else { return }
        guard case .array(let arr) = bj else {
            throw InputError(file: fileName, path: "behaviors", message: "must be an array, got \(bj.brief)")
        }
        guard arr.count <= Limits.maxBehaviors else {
            throw InputError(
                file: fileName, path: "behaviors",
                message: "must hold at most \(Limits.maxBehaviors) behaviors, got \(arr.count)")
        }
        let itemNames = Set(scene.items.map(\.name))
        var anchorCount = 0, collisions = 0
        let kinds = "\"gravity\", \"attachment\", \"push\", \"snap\", \"field\", \"collision\" or \"addVelocity\""
        for (k, b) in arr.enumerated() {
            let path = "behaviors[\(k)]"
            guard case .object(let members) = b else {
                throw InputError(file: fileName, path: path, message: "must be an object, got \(b.brief)")
            }
            guard let typeValue = members.first(where: { $0.key == "type" })?.value else {
                throw InputError(
                    file: fileName, path: path + ".type",
                    message: "is required (\(kinds))\(Fields.typoHint(for: "type", in: members)), got nothing")
            }
            guard case .string(let type) = typeValue else {
                throw InputError(
                    file: fileName, path: path + ".type", message: "must be a string, got \(typeValue.brief)")
            }
            switch type {
            case "gravity": scene.behaviors.append(.gravity(try decodeGravity(b, path: path, names: itemNames)))
            case "attachment":
                let a = try decodeAttachment(
                    b, path: path, itemNames: itemNames, anchorIndex: anchorCount, names: &names)
                if a.attachedTo == nil { anchorCount += 1 }
                scene.behaviors.append(.attachment(a))
            case "push": scene.behaviors.append(.push(try decodePush(b, path: path, names: itemNames)))
            case "snap": scene.behaviors.append(.snap(try decodeSnap(b, path: path, names: itemNames)))
            case "collision":
                // Each collision behavior is one bit of an item's collision mask (World.addCollision).
                guard collisions < Limits.maxCollisionBehaviors else {
                    throw InputError(
                        file: fileName, path: path,
                        message: "at most \(Limits.maxCollisionBehaviors) collision behaviors, got one more")
                }
                collisions += 1
                scene.behaviors.append(.collision(try decodeCollision(b, path: path, names: itemNames)))
            case "field": scene.behaviors.append(.field(try decodeField(b, path: path, names: itemNames)))
            case "addVelocity":
                scene.behaviors.append(.addVelocity(try decodeAddVelocity(b, path: path, names: itemNames)))
            default:
                throw InputError(
                    file: fileName, path: path + ".type",
                    message: "unknown behavior (expected \(kinds)), got \(quoted(type))")
            }
        }
    }

    private func finishColumns(_ input: Scene, top: Fields) throws -> Scene {
        var scene = input
        // Columns.
        if let cj = top.value("columns") {
            guard case .array(let arr) = cj, !arr.isEmpty else {
                throw InputError(
                    file: fileName, path: "columns",
                    message: "must be a non-empty array of column names, got \(cj.brief)")
            }
            let known = Set(scene.allColumns)
            var chosen: [String] = []
            var seen = Set<String>()
            for (k, c) in arr.enumerated() {
                guard case .string(let name) = c else {
                    throw InputError(file: fileName, path: "columns[\(k)]", message: "must be a string, got \(c.brief)")
                }
                guard known.contains(name) else {
                    throw InputError(
                        file: fileName, path: "columns[\(k)]", message: "unknown column, got \(quoted(name))")
                }
                guard seen.insert(name).inserted else {
                    throw InputError(
                        file: fileName, path: "columns[\(k)]", message: "duplicate column, got \(quoted(name))")
                }
                chosen.append(name)
            }
            scene.columns = chosen
        }
        return scene
    }

    static func isValidName(_ s: String) -> Bool {
        !s.isEmpty && s.utf8.count <= Limits.maxNameLength
            && s.unicodeScalars.allSatisfy {
                ($0 >= "a" && $0 <= "z") || ($0 >= "A" && $0 <= "Z") || ($0 >= "0" && $0 <= "9") || $0 == "_"
                    || $0 == "-"
            }
    }
}
