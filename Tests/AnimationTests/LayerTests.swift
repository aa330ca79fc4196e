import XCTest
import Springs
@testable import Animation

final class LayerTests: XCTestCase {
    func s(_ x: Double) -> AnimatableValue { .scalar(x) }

    func testPresentationFollowsAnimationsAndReturnsToTheModel() {
        var layer = Layer(name: "v", bounds: .rect(0, 0, 100, 100), position: .point(50, 50))
        layer.add(
            .basic(
                BasicAnimation(
                    keyPath: "position.x", fromValue: s(50), toValue: s(250),
                    timing: MediaTiming(duration: 2))), forKey: "move")
        XCTAssertEqual(layer.presentationValue("position.x", at: 1)?.scalar, 150)
        XCTAssertEqual(layer.presentationValue("position", at: 1)?.components, [150, 50])
        XCTAssertEqual(layer.modelValue("position.x")?.scalar, 50, "the model does not change")
        XCTAssertEqual(
            layer.presentationValue("position.x", at: 3)?.scalar, 50, "removed on completion: back to the model")
        layer.removeAnimation(forKey: "move")
        XCTAssertEqual(layer.presentationValue("position.x", at: 1)?.scalar, 50)
    }

    func testSameKeyReplacesAndLaterAnimationsWinUnlessAdditive() {
        var layer = Layer(name: "v", position: .point(0, 0))
        let timing = MediaTiming(duration: 1)
        layer.add(
            .basic(BasicAnimation(keyPath: "position.x", fromValue: s(0), toValue: s(100), timing: timing)), forKey: "a"
        )
        layer.add(
            .basic(BasicAnimation(keyPath: "position.x", fromValue: s(0), toValue: s(10), timing: timing)), forKey: "b")
        XCTAssertEqual(layer.presentationValue("position.x", at: 0.5)?.scalar, 5, "the later one wins")
        layer.add(
            .basic(
                BasicAnimation(
                    keyPath: "position.x", fromValue: s(0), toValue: s(20), timing: timing,
                    isAdditive: true)), forKey: "b")
        XCTAssertEqual(layer.animations.count, 2, "the same key replaces")
        XCTAssertEqual(layer.presentationValue("position.x", at: 0.5)?.scalar, 60, "additive adds to what is below")
    }

    func testGroupChildrenTakeTheGroupsDurationAndItsTimingFunction() {
        var layer = Layer(name: "v")
        let group = AnimationGroup(
            animations: [
                .basic(BasicAnimation(keyPath: "opacity", fromValue: s(1), toValue: s(0))),
                .basic(
                    BasicAnimation(
                        keyPath: "cornerRadius", fromValue: s(0), toValue: s(10), timing: MediaTiming(duration: 1))),
            ], timing: MediaTiming(duration: 2), timingFunction: .easeIn)
        layer.add(.group(group), forKey: "g")
        let warped = CubicBezier.easeIn.value(at: 0.25) * 2  // the group's local time at 0.5 s
        XCTAssertEqual(layer.presentationValue("opacity", at: 0.5)!.scalar, 1 - warped / 2, accuracy: 1e-12)
        XCTAssertEqual(layer.presentationValue("cornerRadius", at: 0.5)!.scalar, 10 * min(warped, 1), accuracy: 1e-12)
        // The 1 s child ended inside the 2 s group: the layer shows its model value again.
        XCTAssertEqual(layer.presentationValue("cornerRadius", at: 1.9)!.scalar, 0, accuracy: 1e-12)
    }

    func testGroupedChildrenHoldByFillModeAloneAndBeginExactly() {
        // Apple: isRemovedOnCompletion of grouped animations is ignored, so fillMode forwards holds the end value
        // until the group ends; a child beginning 0.5 s into the group shows its from-value at exactly 0.5 s.
        var layer = Layer(name: "v", values: ["opacity": s(0.3)])
        var held = MediaTiming(duration: 1)
        held.fillMode = .forwards
        layer.add(
            .group(
                AnimationGroup(
                    animations: [
                        .basic(BasicAnimation(keyPath: "opacity", fromValue: s(0), toValue: s(1), timing: held)),
                        .basic(
                            BasicAnimation(
                                keyPath: "cornerRadius", fromValue: s(4), toValue: s(8),
                                timing: MediaTiming(beginTime: 0.5, duration: 1))),
                    ], timing: MediaTiming(duration: 2))), forKey: "g")
        XCTAssertEqual(layer.presentationValue("opacity", at: 1.5)?.scalar, 1, "held by fillMode forwards")
        XCTAssertEqual(layer.presentationValue("opacity", at: 2.5)?.scalar, 0.3, "the group is over")
        XCTAssertEqual(layer.presentationValue("cornerRadius", at: 0.5)?.scalar, 4, "begins exactly at 0.5 s")
        XCTAssertEqual(
            layer.presentationValue("cornerRadius", at: 1.75)?.scalar, 0, "fillMode removed: gone after its end")
    }

    func testOpacityIsClampedToZeroOne() {
        // Apple: opacity values outside [0, 1] are clamped.
        var layer = Layer(name: "v", values: ["opacity": s(2)])
        XCTAssertEqual(layer.presentationValue("opacity", at: 0)?.scalar, 1)
        layer.add(
            .basic(
                BasicAnimation(keyPath: "opacity", fromValue: s(0), toValue: s(-1), timing: MediaTiming(duration: 1))),
            forKey: "o")
        XCTAssertEqual(layer.presentationValue("opacity", at: 0.5)?.scalar, 0)
    }

    func testScaleKeyPathDrivesBothScales() {
        var layer = Layer(name: "v")
        layer.add(
            .basic(
                BasicAnimation(
                    keyPath: "transform.scale", fromValue: s(1), toValue: s(1.5),
                    timing: MediaTiming(duration: 1))), forKey: "grow")
        XCTAssertEqual(layer.presentationValue("transform.scale.x", at: 1 - 1e-6)!.scalar, 1.5, accuracy: 1e-5)
        XCTAssertEqual(layer.presentationValue("transform.scale.y", at: 0.5)!.scalar, 1.25, accuracy: 1e-12)
    }
}
