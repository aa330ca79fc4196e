#!/usr/bin/env bash
# A package outside this one depends on dynsim BY VERSION (SwiftPM refuses unsafe build flags only there; a path
# dependency would hide them): it clones the committed repository, tags the clone 0.1.0, and builds a consumer that
# imports every library product, in debug and release, then runs it and checks it prints the pendulum's angle.
#   bash Tests/Package/consumer.sh
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
git clone --quiet "$root" "$tmp/dynsim"
git -C "$tmp/dynsim" -c user.name=ci -c user.email=ci@localhost tag -a 0.1.0 -m "consumer test" >/dev/null
mkdir -p "$tmp/consumer/Sources/Consumer"
cat > "$tmp/consumer/Package.swift" <<SWIFT
// swift-tools-version:5.9
import PackageDescription
let package = Package(
    name: "Consumer",
    dependencies: [.package(url: "file://$tmp/dynsim", from: "0.1.0")],
    targets: [
        .executableTarget(name: "Consumer", dependencies: [
            .product(name: "Springs", package: "dynsim"), .product(name: "Animation", package: "dynsim"),
            .product(name: "Dynamics", package: "dynsim"), .product(name: "Scenes", package: "dynsim"),
            .product(name: "IO", package: "dynsim"), .product(name: "Playback", package: "dynsim"),
        ]),
    ]
)
SWIFT
# The pendulum example, plus one use of each other product.
cp "$root/Examples/Pendulum/main.swift" "$tmp/consumer/Sources/Consumer/main.swift"
cat >> "$tmp/consumer/Sources/Consumer/main.swift" <<'SWIFT'

import Springs
import Animation
import Scenes
import IO
import Playback
print("CSV field \(TextQuoting.csvField("a, b"))")
print("spring settles in \(Spring(perceptualDuration: 0.5, bounce: 0.3).settlingDuration) s")
print("layer opacity \(Layer(name: "box").modelValue("opacity")?.components[0] ?? -1)")
print("built-in scenes \(Catalog.entries.count)")
print("pendulum scene rows \(SceneRun(scene: Catalog.scene(named: "pendulum")!).sampleCount)")
SWIFT
cd "$tmp/consumer"
for configuration in debug release; do
    swift build -c "$configuration" 2>&1 | tail -1
    out="$(swift run -c "$configuration" --skip-build Consumer)"
    # Released at 60 degrees; 1 s later (under half the 2.13 s period) the view is on the other side.
    line="$(printf '%s\n' "$out" | grep '^1\.0,' || true)"
    angle="${line#1.0,}"
    if [ -z "$line" ] || ! awk -v a="$angle" 'BEGIN { exit !(a < -30 && a > -61) }'; then
        echo "consumer ($configuration): expected the pendulum's angle at t = 1 s between -61 and -30 degrees, got '$line'" >&2
        printf '%s\n' "$out" >&2
        exit 1
    fi
    echo "consumer ($configuration): depends on dynsim from 0.1.0, imports every library product; angle at 1 s: $angle degrees"
done
