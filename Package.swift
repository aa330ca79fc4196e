// swift-tools-version:5.9
// dynsim: Apple's motion stack (UIKit Dynamics, spring timing, Core Animation timing) as a portable Swift package and CLI.
// Layering (see the design notes, ../shared/DESIGN.md beside the repository): dynsim -> {Scenes -> Dynamics,
// Animation -> Springs}. Dynamics and Springs import nothing of ours.
import PackageDescription

let libm: [LinkerSetting] = [.linkedLibrary("m", .when(platforms: [.linux]))]

let package = Package(
    name: "dynsim",
    products: [
        .library(name: "Springs", targets: ["Springs"]),
        .library(name: "Animation", targets: ["Animation"]),
        .library(name: "Dynamics", targets: ["Dynamics"]),
        .library(name: "Scenes", targets: ["Scenes"]),
        .executable(name: "dynsim", targets: ["dynsim"]),
        .executable(name: "dynsim-bench", targets: ["DynsimBench"]),
    ],
    targets: [
        .target(name: "Springs", linkerSettings: libm),
        .target(name: "Animation", dependencies: ["Springs"], linkerSettings: libm),
        // The solver's hot loops touch the world's stored arrays millions of times a second; in release builds the
        // dynamic exclusivity checks on them are turned off (debug builds and tests keep them).
        .target(name: "Dynamics", swiftSettings: [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))],
                linkerSettings: libm),
        .target(name: "Scenes", dependencies: ["Dynamics", "Animation"], linkerSettings: libm),
        .executableTarget(name: "dynsim", dependencies: ["Scenes", "Springs"], linkerSettings: libm),
        .executableTarget(name: "DynsimBench", dependencies: ["Scenes", "Dynamics", "Springs"], path: "Benchmarks/DynsimBench",
                          linkerSettings: libm),
        .testTarget(name: "SpringsTests", dependencies: ["Springs"]),
        .testTarget(name: "AnimationTests", dependencies: ["Animation", "Springs"]),
        .testTarget(name: "DynamicsTests", dependencies: ["Dynamics"]),
        .testTarget(name: "ScenesTests", dependencies: ["Scenes", "Dynamics", "Animation"]),
        .testTarget(name: "dynsimTests", dependencies: ["dynsim"]),
    ]
)
