import XCTest
import Animation

/// CAMediaTiming against Web Platform Tests' timing-model vectors (web-animations/timing-model/animation-effects/
/// simple-iteration-progress.html), mapped as delay -> beginTime, iterations -> repeatCount, iterationStart ->
/// timeOffset / duration, fill both -> fillMode both with isRemovedOnCompletion false; and against Apple's documented
/// autoreverse, fill and removal rules.
final class MediaTimingTests: XCTestCase {
    struct Vector {
        var iterations: Double
        var iterationStart: Double
        var before: Double
        var active: Double
        var after: Double?
    }

    // Duration 100, delay 1, fill both. (`after` is nil where the effect never ends.)
    let vectors: [Vector] = [
        Vector(iterations: 3, iterationStart: 0, before: 0, active: 0, after: 1),
        Vector(iterations: 3, iterationStart: 2.5, before: 0.5, active: 0.5, after: 0.5),
        Vector(iterations: 3, iterationStart: 3, before: 0, active: 0, after: 1),
        Vector(iterations: 3.5, iterationStart: 0, before: 0, active: 0, after: 0.5),
        Vector(iterations: 3.5, iterationStart: 3, before: 0, active: 0, after: nil),  // (after: see the wrap test)
        Vector(iterations: .infinity, iterationStart: 0, before: 0, active: 0, after: nil),
        Vector(iterations: .infinity, iterationStart: 2.5, before: 0.5, active: 0.5, after: nil),
        Vector(iterations: .infinity, iterationStart: 3, before: 0, active: 0, after: nil),
    ]

    func timing(_ v: Vector) -> MediaTiming {
        MediaTiming(
            beginTime: 1, duration: 100, timeOffset: v.iterationStart * 100, repeatCount: v.iterations,
            fillMode: .both, isRemovedOnCompletion: false)
    }

    func testWebPlatformTestVectors() {
        for v in vectors {
            let t = timing(v)
            XCTAssertEqual(t.sample(atParentTime: 0)?.progress, v.before, "before, \(v)")
            XCTAssertEqual(t.sample(atParentTime: 0)?.phase, .before)
            XCTAssertEqual(t.sample(atParentTime: 1)?.progress, v.active, "active boundary, \(v)")
            XCTAssertEqual(t.sample(atParentTime: 1)?.phase, .active)
            if let after = v.after {
                let end = 1 + t.activeDuration
                XCTAssertEqual(t.sample(atParentTime: end + 10)?.progress ?? -1, after, accuracy: 1e-12, "after, \(v)")
                XCTAssertEqual(t.sample(atParentTime: end + 10)?.phase, .after)
            } else if v.iterations.isInfinite {
                XCTAssertEqual(t.activeDuration, .infinity)
            }
        }
    }

    /// web-animations/timing-model/animation-effects/current-iteration.html, the vectors that map onto CAMediaTiming:
    /// duration 100, delay 1, fill both, with iterationStart 0 (finite counts) or any iterationStart with infinite
    /// iterations. (Finite counts with a non-zero iterationStart differ by design: CA wraps timeOffset within the active
    /// duration; WA's iterationStart shifts the whole interval. Zero iterations mean one play in CA.)
    func testWebPlatformTestCurrentIterationVectors() {
        let vectors: [(iterations: Double, start: Double, before: Double, active: Double, after: Double?)] = [
            (3, 0, 0, 0, 2), (3.5, 0, 0, 0, 3), (.infinity, 0, 0, 0, nil), (.infinity, 2.5, 2, 2, nil),
            (.infinity, 3, 3, 3, nil),
        ]
        for v in vectors {
            let t = MediaTiming(
                beginTime: 1, duration: 100, timeOffset: v.start * 100, repeatCount: v.iterations,
                fillMode: .both, isRemovedOnCompletion: false)
            XCTAssertEqual(t.sample(atParentTime: 0)?.iteration, v.before, "before, \(v)")
            XCTAssertEqual(t.sample(atParentTime: 1)?.iteration, v.active, "active boundary, \(v)")
            if let after = v.after {
                XCTAssertEqual(t.sample(atParentTime: 1 + t.activeDuration + 10)?.iteration, after, "after, \(v)")
            }
        }
    }

    /// web-animations/timing-model/animation-effects/active-time.html (milliseconds there, seconds here).
    func testWebPlatformTestActiveTimeVectors() {
        // Before phase: only backwards and both fill show the start.
        for (fill, progress) in [(MediaTiming.FillMode.removed, nil), (.backwards, 0.0), (.forwards, nil), (.both, 0)] {
            let t = MediaTiming(beginTime: 1, duration: 1, fillMode: fill, isRemovedOnCompletion: false)
            XCTAssertEqual(t.sample(atParentTime: 0)?.progress, progress, "before, fill \(fill)")
        }
        XCTAssertEqual(MediaTiming(duration: 1).sample(atParentTime: 0.5)?.progress, 0.5, "no delay")
        XCTAssertEqual(
            MediaTiming(beginTime: 0.5, duration: 1).sample(atParentTime: 1)?.progress, 0.5, "positive delay")
        XCTAssertEqual(
            MediaTiming(beginTime: -0.5, duration: 1).sample(atParentTime: 0)?.progress, 0.5, "negative delay")
        XCTAssertNil(MediaTiming(duration: 1).sample(atParentTime: 2), "after, no fill")
        XCTAssertNil(
            MediaTiming(duration: 1, fillMode: .backwards, isRemovedOnCompletion: false).sample(atParentTime: 2),
            "after, backwards only")
        for fill in [MediaTiming.FillMode.forwards, .both] {
            let t = MediaTiming(
                beginTime: 0.5, duration: 1, repeatCount: 2.3, fillMode: fill, isRemovedOnCompletion: false)
            let s = t.sample(atParentTime: 10)
            XCTAssertEqual(s?.iteration, 2, "after, fill \(fill)")
            XCTAssertEqual(s?.progress ?? .nan, 0.3, accuracy: 1e-12, "after, fill \(fill)")
        }
    }

    func testTimeOffsetWrapsWithinTheActiveDuration() {
        // Where Core Animation and Web Animations part: CA wraps the offset within the active duration, so 3.5 plays
        // starting 2.5 plays in end where the wrapped time 6 mod 3.5 = 2.5 lands (0.5), where WPT's unwrapped
        // iterationStart + iterations = 6 ends a play (1).
        let t = timing(Vector(iterations: 3.5, iterationStart: 2.5, before: 0, active: 0, after: nil))
        XCTAssertEqual(t.sample(atParentTime: 1000)!.progress, 0.5, accuracy: 1e-12)
        // Likewise 3.5 plays starting 3 plays in end at wrapped time 6.5 mod 3.5 = 3, the start of a play (0), where
        // WPT's unwrapped 6.5 gives 0.5.
        let u = timing(Vector(iterations: 3.5, iterationStart: 3, before: 0, active: 0, after: nil))
        XCTAssertEqual(u.sample(atParentTime: 1000)!.progress, 0, accuracy: 1e-12)
        // A 1 s animation offset by 0.4 s starts at 0.4, runs to the end at 0.6 s, then wraps to 0 and ends at 0.4.
        let simple = MediaTiming(duration: 1, timeOffset: 0.4)
        XCTAssertEqual(simple.sample(atParentTime: 0)!.progress, 0.4, accuracy: 1e-12)
        XCTAssertEqual(simple.sample(atParentTime: 0.5)!.progress, 0.9, accuracy: 1e-12)
        XCTAssertEqual(simple.sample(atParentTime: 0.7)!.progress, 0.1, accuracy: 1e-12)
        XCTAssertNil(simple.sample(atParentTime: 1.0))
        // A negative offset wraps from the end: −0.25 s of a 1 s animation starts at 0.75.
        let back = MediaTiming(duration: 1, timeOffset: -0.25)
        XCTAssertEqual(back.sample(atParentTime: 0)!.progress, 0.75, accuracy: 1e-12)
        XCTAssertEqual(back.sample(atParentTime: 0.5)!.progress, 0.25, accuracy: 1e-12)
    }

    func testAutoreverseAndSpeed() {
        // Each repetition plays forward then back: 2 repetitions of 1 s last 4 s.
        let t = MediaTiming(
            beginTime: 2, duration: 1, speed: 2, repeatCount: 2, autoreverses: true, fillMode: .forwards,
            isRemovedOnCompletion: false)
        XCTAssertEqual(t.activeDuration, 4)
        // Speed 2: parent seconds count twice.
        XCTAssertEqual(t.sample(atParentTime: 2.25)!.progress, 0.5, accuracy: 1e-12)  // local 0.5
        XCTAssertEqual(t.sample(atParentTime: 2.5)!.progress, 1, accuracy: 1e-12)  // local 1: the turn
        XCTAssertEqual(t.sample(atParentTime: 2.75)!.progress, 0.5, accuracy: 1e-12)  // local 1.5: coming back
        XCTAssertEqual(t.sample(atParentTime: 3.25)!.iteration, 1)  // local 2.5: second play
        XCTAssertEqual(t.sample(atParentTime: 10)!.progress, 0, accuracy: 1e-12)  // ends back at the start
        XCTAssertNil(t.sample(atParentTime: 1.9), "no backwards fill")
    }

    func testForwardsFillNeedsRemovedOnCompletionFalse() {
        var t = MediaTiming(duration: 1, fillMode: .forwards)
        XCTAssertNil(t.sample(atParentTime: 2), "removed on completion: the fill ends with it")
        t.isRemovedOnCompletion = false
        XCTAssertEqual(t.sample(atParentTime: 2)?.progress, 1)
        XCTAssertTrue(t.hasFinished(atParentTime: 2))
        // Backwards fill does not depend on removal.
        let b = MediaTiming(beginTime: 1, duration: 1, fillMode: .backwards)
        XCTAssertEqual(b.sample(atParentTime: 0)?.progress, 0)
        XCTAssertNil(b.sample(atParentTime: 3))
    }

    func testRepeatDurationAndFractionalRepeat() {
        let t = MediaTiming(duration: 2, repeatDuration: 5, fillMode: .both, isRemovedOnCompletion: false)
        XCTAssertEqual(t.activeDuration, 5)
        XCTAssertEqual(t.sample(atParentTime: 4.5)!.progress, 0.25, accuracy: 1e-12)
        XCTAssertEqual(t.sample(atParentTime: 99)!.progress, 0.5, accuracy: 1e-12)
        XCTAssertEqual(t.sample(atParentTime: 99)!.iteration, 2)
    }
}
