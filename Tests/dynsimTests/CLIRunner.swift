import Foundation
import XCTest

/// What the black-box test classes share: running the built binary, a shell script with it, and a temporary folder
/// removed after the test.
protocol CLIRunner: XCTestCase {}

extension CLIRunner {
    /// Runs the binary with `args` (in `cwd`), reading both pipes to EOF.
    @discardableResult
    func dynsim(_ args: [String], cwd: URL? = nil) throws -> CLITests.Result { try CLITests.dynsim(args, cwd: cwd) }

    /// Runs `script` with bash -c, with `$DYNSIM` the binary and PATH the system's.
    func shell(_ script: String) throws -> CLITests.Result {
        CLITests.collect(
            try Child(
                "/bin/bash", ["-c", script], environment: ["DYNSIM": CLITests.binary.path, "PATH": "/usr/bin:/bin"]))
    }

    /// A new folder, removed when the test ends.
    func temporaryDirectory() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("dynsim-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        return dir
    }
}
