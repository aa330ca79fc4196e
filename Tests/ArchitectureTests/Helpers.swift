import Foundation
import IO
import Playback
import Scenes

/// Decodes a scene and refuses what a run refuses before its first row (`SceneRun.scriptRejections(fileName:)`), as
/// `dynsim run` does: what the docs' examples and limits are checked against.
func decode(_ text: String, file: String = "scene.json") throws -> Scene {
    let scene = try SceneDecoder(fileName: file) { name in
        throw InputError(file: name, path: "", message: "cannot read the file, got \"\(name)\"")
    }.decode(Array(text.utf8))
    if let problem = SceneRun(scene: scene).scriptRejections(fileName: file).first { throw problem }
    return scene
}
