// swift-tools-version:5.9
// dynsim: Apple's motion stack (UIKit Dynamics, spring timing, Core Animation timing) as a portable Swift package and CLI.
// Layering (docs/design.md): dynsim -> Playback -> {Scenes -> {Dynamics,
// Animation -> Springs, IO}, IO}. Dynamics, Springs and IO import nothing of ours. No library target uses unsafe flags (SwiftPM
// refuses them in a package depended on by version): the solver's hot stored properties are @exclusivity(unchecked).
import PackageDescription

let libm: [LinkerSetting] = [.linkedLibrary("m", .when(platforms: [.linux]))]

let package = Package(
    name: "dynsim",
    products: [
        .library(name: "Springs", targets: ["Springs"]),
        .library(name: "Animation", targets: ["Animation"]),
        .library(name: "Dynamics", targets: ["Dynamics"]),
        .library(name: "Scenes", targets: ["Scenes"]),
        .library(name: "Playback", targets: ["Playback"]),
        .library(name: "IO", targets: ["IO"]),
        .library(name: "Replay", targets: ["Replay"]),
        .library(name: "Traces", targets: ["Traces"]),
        .library(name: "Sweeps", targets: ["Sweeps"]),
        .library(name: "Bake", targets: ["Bake"]),
        .executable(name: "dynsim", targets: ["dynsim"]),
        .executable(name: "dynsim-bench", targets: ["DynsimBench"]),
    ],
    targets: [
        .target(name: "Springs", linkerSettings: libm),
        .target(name: "Animation", dependencies: ["Springs"], linkerSettings: libm),
        // The solver's hot loops touch the world's stored properties millions of times a second: World declares them
        // @exclusivity(unchecked) rather than passing -enforce-exclusivity=unchecked, an unsafe flag.
        .target(name: "Dynamics", linkerSettings: libm),
        // IO: bytes (number text, CSV and JSON Lines writers, sinks); imports nothing of ours.
        .target(name: "IO", linkerSettings: libm),
        .target(name: "Scenes", dependencies: ["Dynamics", "Animation", "Springs", "IO"], linkerSettings: libm),
        // Playback: a scene -> a running world and timeline -> typed rows and events (the seam every front end reads).
        .target(
            name: "Playback", dependencies: ["Scenes", "Dynamics", "Animation", "Springs", "IO"], linkerSettings: libm),
        // Replay: a run as a self-contained HTML replay page or an SVG still (`dynsim view`); its web files are embedded
        // in WebAssets.swift by Web/embed.py, so the binary needs no resource bundle.
        .target(
            name: "Replay", dependencies: ["Playback", "Scenes", "Dynamics", "Animation", "Springs", "IO"],
            exclude: ["Web"], linkerSettings: libm),
        // Traces: recorded or simulated motion from CSV, resampled, compared (`dynsim compare`) and fitted (`dynsim fit`).
        .target(name: "Traces", dependencies: ["Springs", "IO"], linkerSettings: libm),
        // Sweeps: many runs of one scene with fields varied (a plan), measured (metrics), on every core, in shards.
        .target(
            name: "Sweeps", dependencies: ["Playback", "Traces", "Scenes", "Dynamics", "Animation", "Springs", "IO"],
            linkerSettings: libm),
        // Bake: a run reduced to keyframes with one cubic-Bézier easing per segment, within a measured error, and written
        // for other players (Lottie, CSS, Web Animations, Core Animation, Android, Compose, a dynsim scene).
        .target(
            name: "Bake", dependencies: ["Playback", "Traces", "Scenes", "Dynamics", "Animation", "Springs", "IO"],
            linkerSettings: libm),
        // Shell: what the executables share about being one: option tables (parsing, checks and help generated from
        // them), exit statuses, signal handling (not a product).
        .target(name: "Shell", dependencies: ["IO"], linkerSettings: libm),
        // Bench: the benchmark runner that `dynsim bench` and dynsim-bench share (not a product).
        .target(
            name: "Bench", dependencies: ["Scenes", "Playback", "Dynamics", "Springs", "IO", "Shell"],
            linkerSettings: libm),
        .executableTarget(
            name: "dynsim",
            dependencies: [
                "Scenes", "Playback", "Replay", "Traces", "Sweeps", "Bake", "Dynamics", "Springs", "IO", "Bench",
                "Shell",
            ],
            linkerSettings: libm),
        // Examples/: small executables that use the library as a Swift user would (`swift run pendulum-example`).
        .executableTarget(
            name: "pendulum-example", dependencies: ["Dynamics"], path: "Examples/Pendulum", linkerSettings: libm),
        .executableTarget(
            name: "spring-and-layer-example", dependencies: ["Springs", "Animation"],
            path: "Examples/SpringAndLayer", linkerSettings: libm),
        .executableTarget(
            name: "DynsimBench", dependencies: ["Scenes", "Playback", "Dynamics", "Springs", "IO", "Bench", "Shell"],
            path: "Benchmarks/DynsimBench",
            linkerSettings: libm),
        .testTarget(name: "SpringsTests", dependencies: ["Springs"]),
        .testTarget(name: "AnimationTests", dependencies: ["Animation", "Springs"]),
        .testTarget(name: "DynamicsTests", dependencies: ["Dynamics"]),
        .testTarget(name: "IOTests", dependencies: ["IO"]),
        .testTarget(name: "ScenesTests", dependencies: ["Scenes", "Dynamics", "Animation", "Springs", "IO"]),
        .testTarget(
            name: "PlaybackTests", dependencies: ["Playback", "Scenes", "Dynamics", "Animation", "Springs", "IO"]),
        .testTarget(
            name: "BenchTests", dependencies: ["Bench", "Scenes", "Playback", "Dynamics", "Springs", "IO", "Shell"]),
        .testTarget(name: "ShellTests", dependencies: ["Shell", "IO"]),
        // The repository as a whole: layering, file and function sizes, docs against the code.
        .testTarget(
            name: "ArchitectureTests", dependencies: ["Scenes", "Playback", "Dynamics", "Animation", "Springs", "IO"]),
        .testTarget(name: "dynsimTests", dependencies: ["dynsim", "Shell", "Bench", "IO", "Scenes", "Playback"]),
        .testTarget(name: "TracesTests", dependencies: ["Traces", "Springs", "IO"]),
        .testTarget(
            name: "SweepsTests",
            dependencies: ["Sweeps", "Playback", "Scenes", "Dynamics", "Animation", "Springs", "IO"]),
        .testTarget(
            name: "BakeTests",
            dependencies: ["Bake", "Playback", "Scenes", "Dynamics", "Animation", "Springs", "IO", "Traces"]),
        .testTarget(
            name: "ReplayTests",
            dependencies: ["Replay", "Playback", "Scenes", "Dynamics", "Animation", "Springs", "IO"]),
    ]
)
