// Scene loading shared by `run`, `view` and `compare`: a built-in or a scene file (and the CSVs it names) read once,
// decoded, checked, and the identities of what was read kept, so no output is written over an input.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Foundation
import Dynamics
import Scenes
import Playback
import IO
import Shell

/// A file a run reads: the scene file or a CSV it names, as the user wrote it, and its identity when it was read.
struct InputFile {
    var name: String
    var identity: FileIdentity?
    var isScene: Bool
}

/// Loads the scene a run names: a built-in by name, else a file, read once (so `/dev/stdin` works). Returns the scene,
/// its name for messages and the files read (none for a built-in; the scene file first). `command` names the command
/// whose usage a mistyped name shows.
func loadScene(_ name: String?, command: String = "run") throws -> (Scene, String, [InputFile]) {
    let name = name ?? Catalog.defaultName
    if let builtin = Catalog.scene(named: name) { return (builtin, name, []) }
    if !FileManager.default.fileExists(atPath: name) && !name.hasSuffix(".json") && !name.contains("/") {
        throw UsageError(
            message: "no such scene file or built-in scene (dynsim scenes lists them), got \(quoted(name))",
            command: command)
    }
    var inputs = [InputFile(name: name, identity: FileIdentity(path: name), isScene: true)]
    let bytes = try readInput(name, name: name)
    let scene = try decoder(forFile: name) { csv, _, identity in
        inputs.append(InputFile(name: csv, identity: identity, isScene: false))
    }.decode(bytes)
    return (scene, name, inputs)
}

/// Reads an input file (at most `maxBytes`: ``Limits/maxFileBytes`` for a scene, ``Limits/maxTraceBytes`` for a
/// trace), its errors as ``InputError``s naming it as the user wrote it.
func readInput(_ path: String, name: String, maxBytes: Int = Limits.maxFileBytes) throws -> [UInt8] {
    do {
        return try readInputFile(path, maxBytes: maxBytes)
    } catch let e as InputFileError {
        throw InputError(file: name, path: "", message: e.message)
    }
}

/// A decoder for a scene file on disk: drag and gesture CSVs are read relative to the scene file's directory.
/// `opened` is told each CSV as it is read, by its name in the scene and the path opened, with the file's identity
/// then (nil if it could not be found), so that the run can refuse to write over a file it reads.
func decoder(
    forFile path: String,
    opened: @escaping (_ name: String, _ path: String, _ identity: FileIdentity?) -> Void
) -> SceneDecoder {
    let directory = directoryPart(of: path)
    func resolved(_ name: String) -> String { name.hasPrefix("/") || directory.isEmpty ? name : directory + "/" + name }
    var decoder = SceneDecoder(fileName: path) { name in
        let full = resolved(name)
        opened(name, full, FileIdentity(path: full))
        return try readInput(full, name: full)
    }
    decoder.displayName = resolved
    return decoder
}

/// Why writing `path` (the value of `flag`, --output or --events) would write over a file the run reads, or nil.
/// Files are compared by device and inode, so a symbolic or hard link to an input is caught; an output that does not
/// exist yet cannot be one.
func overwriteProblem(flag: String, path: String, inputs: [InputFile], sceneName: String) -> String? {
    guard let target = FileIdentity(path: path),
        let input = inputs.first(where: { $0.identity == target })
    else { return nil }
    // Paths as written, unquoted, as a file is named where a message starts.
    let what = input.isScene ? "the scene file" : "a CSV file"
    let which =
        input.isScene ? (input.name == path ? "" : " (\(input.name))") : " (\(input.name), named in \(sceneName))"
    return "\(flag): \(path) is \(what) this run reads\(which); choose another file"
}

/// Loads the scene a run names and applies the command line's overrides. Returns the scene, its name for messages
/// and the files it read.
/// - Throws: ``UsageError`` (naming `command`) when a flag makes the run too long, an output names a file the run
///   reads or both outputs name one file; the scene's ``InputError``s.
func prepareRun(_ options: RunOptions, command: String = "run") throws -> (
    scene: Scene, label: String, inputs: [InputFile]
) {
    var (scene, label, inputs) = try loadScene(options.scene, command: command)
    try options.settings.apply(to: &scene, command: command)
    // No command writes over a file it reads: checked before any output is opened.
    for (flag, path) in [("--output", options.output), ("--events", options.events)] {
        if let path, let problem = overwriteProblem(flag: flag, path: path, inputs: inputs, sceneName: label) {
            throw UsageError(message: problem, command: "run")
        }
    }
    // Nor does stdout, when the rows go there (`dynsim run q.json >> q.json`).
    if options.output == nil, let problem = stdoutProblem(reads: inputs.map { ($0.name, $0.identity) }) {
        throw UsageError(message: problem, command: command)
    }
    // Nor do its two outputs write one file: under two names (a link, ./a.csv and a.csv, /dev/stdout and /dev/fd/1)
    // the second would interleave with the first, or the first's rename replace the second.
    if let o = options.output, let e = options.events, OutputFile.sameFile(o, e) {
        throw UsageError(
            message: "--events: \(e) is the same file as --output \(o); choose another file", command: "run")
    }
    // Without --output the rows go to stdout, which the shell may have opened on the events' file (`--events f.csv >
    // f.csv`, `--events /dev/stdout`): the rows would be lost or mixed in. (/dev/null takes both harmlessly.)
    if options.output == nil, let e = options.events, OutputFile.sameFile("/dev/stdout", e),
        FileIdentity(path: e) != FileIdentity(path: "/dev/null")
    {
        throw UsageError(
            message:
                "--events: \(e) is the same file as the rows' output (stdout); choose another file, or give the rows --output",
            command: "run")
    }
    return (scene, label, inputs)
}
