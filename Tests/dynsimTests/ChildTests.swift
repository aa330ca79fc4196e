import Foundation
import XCTest

/// The black-box tests' process runner (``Child``): a child that runs past its limit is killed with everything it
/// started, promptly, and says so; a child starts with signals at their defaults whatever the test process blocks or
/// ignores.
final class ChildTests: XCTestCase {
    func testAChildPastItsLimitIsKilledWithItsGroup() throws {
        let start = Date()
        // bash starts a grandchild that holds stdout open, prints its pid, and waits for it.
        let child = try Child("/bin/bash", ["-c", "sleep 60 & echo $!; wait"], limit: 1)
        let (termination, out, _) = child.finish()
        XCTAssertLessThan(Date().timeIntervalSince(start), 10, "killed at its limit, not left to run")
        XCTAssertTrue(termination.timedOut)
        XCTAssertEqual(termination.signal, SIGKILL)
        let grandchild = try XCTUnwrap(
            pid_t(String(decoding: out, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)))
        var gone = false
        for _ in 0..<200 where !gone {
            gone = kill(grandchild, 0) != 0 && errno == ESRCH
            if !gone { usleep(10_000) }
        }
        XCTAssertTrue(gone, "the grandchild (sleep) is killed too")
        // A child that ends in time is not marked.
        let quick = try Child("/bin/bash", ["-c", "exit 3"], limit: 10).finish().termination
        XCTAssertEqual(quick, Child.Termination(status: 3, signal: nil, timedOut: false))
    }

    func testAChildStartsWithSignalsAtTheirDefaults() throws {
        // The test process blocks SIGTERM and ignores SIGINT, as a CI runner might; the child must not inherit either.
        var term = sigset_t(), old = sigset_t()
        sigemptyset(&term)
        sigaddset(&term, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &term, &old)
        let oldInt = signal(SIGINT, SIG_IGN)
        defer {
            signal(SIGINT, oldInt)
            pthread_sigmask(SIG_SETMASK, &old, nil)
        }
        for sig in [SIGTERM, SIGINT] {
            let r = try Child("/bin/bash", ["-c", "kill -\(sig) $$; echo survived"], limit: 10).finish()
            XCTAssertEqual(r.termination.signal, sig, "signal \(sig) ends the child")
            XCTAssertEqual(String(decoding: r.stdout, as: UTF8.self), "")
        }
    }
}
