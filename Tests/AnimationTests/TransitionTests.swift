import XCTest
@testable import Animation

/// CATransition: per-content opacity and offset at progress 0.25 and 0.5, written out from the definitions for a
/// 200 x 40 label.
final class TransitionTests: XCTestCase {
    let size = SIMD2<Double>(200, 40)

    func testOffsetsAndOpacitiesAtQuarterAndHalf() {
        typealias S = Transition.State
        let cases: [(Transition.Kind, Transition.Subtype, Double, S)] = [
            (
                .fade, .fromLeft, 0.25,
                S(progress: 0.25, oldOpacity: 0.75, oldOffset: [0, 0], newOpacity: 0.25, newOffset: [0, 0])
            ),
            (
                .fade, .fromTop, 0.5,
                S(progress: 0.5, oldOpacity: 0.5, oldOffset: [0, 0], newOpacity: 0.5, newOffset: [0, 0])
            ),
            // moveIn from the right: the new label starts a width to the right and slides left over the old one.
            (
                .moveIn, .fromRight, 0.25,
                S(progress: 0.25, oldOpacity: 1, oldOffset: [0, 0], newOpacity: 1, newOffset: [150, 0])
            ),
            (
                .moveIn, .fromRight, 0.5,
                S(progress: 0.5, oldOpacity: 1, oldOffset: [0, 0], newOpacity: 1, newOffset: [100, 0])
            ),
            (
                .moveIn, .fromTop, 0.25,
                S(progress: 0.25, oldOpacity: 1, oldOffset: [0, 0], newOpacity: 1, newOffset: [0, -30])
            ),
            // push from the left: the new label comes from the left, pushing the old one out to the right.
            (
                .push, .fromLeft, 0.25,
                S(progress: 0.25, oldOpacity: 1, oldOffset: [50, 0], newOpacity: 1, newOffset: [-150, 0])
            ),
            (
                .push, .fromBottom, 0.5,
                S(progress: 0.5, oldOpacity: 1, oldOffset: [0, -20], newOpacity: 1, newOffset: [0, 20])
            ),
            // reveal from the right: the old label slides out to the left, the new one is still beneath.
            (
                .reveal, .fromRight, 0.25,
                S(progress: 0.25, oldOpacity: 1, oldOffset: [-50, 0], newOpacity: 1, newOffset: [0, 0])
            ),
            (
                .reveal, .fromBottom, 0.5,
                S(progress: 0.5, oldOpacity: 1, oldOffset: [0, -20], newOpacity: 1, newOffset: [0, 0])
            ),
        ]
        for (type, subtype, p, expected) in cases {
            XCTAssertEqual(
                Transition(type: type, subtype: subtype).state(progress: p, size: size), expected,
                "\(type) \(subtype) \(p)")
        }
    }

    func testTimingAndStartEndProgress() {
        let tr = Transition(
            type: .push, subtype: .fromRight, startProgress: 0.2, endProgress: 0.6,
            timing: MediaTiming(beginTime: 1, duration: 2))
        XCTAssertNil(tr.state(atParentTime: 0.5, size: size), "not yet")
        XCTAssertEqual(
            tr.state(atParentTime: 2, size: size)?.progress ?? .nan, 0.4, accuracy: 1e-12, "half way: 0.2 + 0.4 / 2")
        XCTAssertNil(tr.state(atParentTime: 3, size: size), "removed at its end")
        XCTAssertNil(tr.problem)
        XCTAssertNotNil(Transition(startProgress: 0.7, endProgress: 0.6).problem)
        XCTAssertNotNil(Transition(endProgress: 1.5).problem)
    }

    func testLayerContentsFollowTheTransitionsInOrder() {
        var label = Layer(name: "label", bounds: .rect(0, 0, 200, 40))
        label.text = "Hello"
        label.textColor = .color(1, 0.5, 0, 1)
        label.add(
            .transition(
                Transition(
                    type: .moveIn, subtype: .fromRight, timing: MediaTiming(beginTime: 0.5, duration: 0.5),
                    text: "Sliding", textColor: .color(0, 1, 0, 1))), forKey: "in")
        label.add(
            .transition(
                Transition(
                    type: .fade, timing: MediaTiming(beginTime: 1, duration: 0.5),
                    text: "Hello", textColor: .color(1, 0.5, 0, 1))), forKey: "back")
        let before = label.presentedContents(at: 0.25, size: size)
        XCTAssertEqual(before.text, "Hello")
        XCTAssertEqual(before.transition, .settled)
        let sliding = label.presentedContents(at: 0.75, size: size)
        XCTAssertEqual(sliding.text, "Sliding")
        XCTAssertEqual(sliding.oldText, "Hello")
        XCTAssertEqual(sliding.textColor, .color(0, 1, 0, 1))
        XCTAssertEqual(sliding.transition.newOffset, [100, 0])
        let fading = label.presentedContents(at: 1.125, size: size)
        XCTAssertEqual(fading.text, "Hello")
        XCTAssertEqual(fading.oldText, "Sliding")
        XCTAssertEqual(fading.oldTextColor, .color(0, 1, 0, 1))
        XCTAssertEqual(fading.transition.newOpacity, 0.25, accuracy: 1e-12)
        XCTAssertEqual(label.presentedContents(at: 2, size: size).transition, .settled)
        XCTAssertEqual(label.presentedContents(at: 2, size: size).textColor, .color(1, 0.5, 0, 1))
    }
}
