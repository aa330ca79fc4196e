import Foundation
import IO
import Scenes
import XCTest

@testable import Bake

/// The core-animation target against the scene target: both texts of one bake, parsed, carry the same key paths,
/// values, key times and control points (the scene target's run through dynsim's Core Animation model is the check of
/// their meaning), and the Swift parses.
final class CoreAnimationTargetTests: XCTestCase {
    /// One animation as either text gives it.
    struct Keyframes: Equatable {
        var object: String, keyPath: String, values: [Double], keyTimes: [Double], controlPoints: [[Double]]
    }

    static func numbers(_ s: Substring) -> [Double] {
        s.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces))! }
    }

    /// The animations in the Swift text, read line by line as written.
    static func parseSwift(_ text: String) -> [Keyframes] {
        var out: [Keyframes] = []
        var object = ""
        for line in text.split(separator: "\n") {
            let l = line.trimmingCharacters(in: .whitespaces)
            if l.hasPrefix("func makeBakeAnimations_") {
                object = String(l.dropFirst("func makeBakeAnimations_".count).prefix { $0 != "(" })
            } else if l.hasPrefix("let a = CAKeyframeAnimation(keyPath: \"") {
                let path = l.dropFirst("let a = CAKeyframeAnimation(keyPath: \"".count).prefix { $0 != "\"" }
                out.append(
                    Keyframes(object: object, keyPath: String(path), values: [], keyTimes: [], controlPoints: []))
            } else if l.hasPrefix("a.values = [") {
                out[out.count - 1].values = numbers(l.dropFirst("a.values = [".count).prefix { $0 != "]" })
            } else if l.hasPrefix("a.keyTimes = [") {
                out[out.count - 1].keyTimes = numbers(l.dropFirst("a.keyTimes = [".count).prefix { $0 != "]" })
            } else if l.hasPrefix("CAMediaTimingFunction(controlPoints: ") {
                out[out.count - 1].controlPoints.append(
                    numbers(l.dropFirst("CAMediaTimingFunction(controlPoints: ".count).prefix { $0 != ")" }))
            }
        }
        return out
    }

    /// The animations in the scene target's JSON, each number read from its text with `Double(_:)` as the Swift's
    /// are (Foundation's JSONSerialization on Linux does not round every number correctly).
    static func parseScene(_ text: String) throws -> [Keyframes] {
        func field(_ j: JSON, _ name: String) -> JSON {
            guard case .object(let members) = j, let m = members.first(where: { $0.key == name }) else { return .null }
            return m.value
        }
        func array(_ j: JSON) -> [JSON] {
            guard case .array(let a) = j else { return [] }
            return a
        }
        func number(_ j: JSON) -> Double {
            guard case .number(_, let text) = j else { return .nan }
            return Double(text)!
        }
        func string(_ j: JSON) -> String {
            guard case .string(let s) = j else { return "" }
            return s
        }
        return array(field(try JSONParser.parse(Array(text.utf8)), "animations")).map { a in
            Keyframes(
                object: string(field(a, "layer")), keyPath: string(field(a, "keyPath")),
                values: array(field(a, "values")).map(number), keyTimes: array(field(a, "keyTimes")).map(number),
                controlPoints: array(field(a, "timingFunctions")).map { array($0).map(number) })
        }
    }

    func testTheSwiftCarriesTheSceneTargetsKeyframesAndParses() throws {
        for name in ["swinging-view", "drop-and-spread"] {
            let scene = try XCTUnwrap(Catalog.scene(named: name))
            let bake = try Bake.make(scene: scene, source: name, tolerance: BakeTolerance())
            let swift = BakeTarget.coreAnimation.write(bake)
            let fromSwift = Self.parseSwift(swift)
            let fromScene = try Self.parseScene(BakeTarget.scene.write(bake))
            XCTAssertFalse(fromScene.isEmpty, name)
            XCTAssertEqual(fromSwift.count, fromScene.count, name)
            for (a, b) in zip(fromSwift, fromScene) {
                let what = "\(name) \(b.object) \(b.keyPath)"
                XCTAssertEqual(a.object, b.object, what)
                XCTAssertEqual(a.keyPath, b.keyPath, what)
                XCTAssertEqual(a.values, b.values, what)
                XCTAssertEqual(a.keyTimes, b.keyTimes, what)
                XCTAssertEqual(a.controlPoints, b.controlPoints, what)
            }
            for k in fromSwift {
                XCTAssertEqual(k.keyTimes.last, 1, "\(name) \(k.object) \(k.keyPath)")
                XCTAssertEqual(k.controlPoints.count, k.values.count - 1, "\(name) \(k.object) \(k.keyPath)")
            }
            XCTAssertEqual(
                swift.components(separatedBy: "\nfunc makeBakeAnimations_").count - 1, bake.objects.count, name)
            try swiftcParses(swift, name)
        }
    }

    /// `swiftc -parse` of the text succeeds, when a swiftc is on PATH.
    func swiftcParses(_ text: String, _ name: String) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ca-target-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("bake.swift")
        try text.write(to: file, atomically: true, encoding: .utf8)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["swiftc", "-parse", file.path]
        let err = Pipe()
        p.standardError = err
        try p.run()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        if p.terminationStatus == 127 { throw XCTSkip("no swiftc on PATH") }
        XCTAssertEqual(p.terminationStatus, 0, "\(name): swiftc -parse: \(message)")
    }
}
