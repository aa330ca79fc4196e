#!/usr/bin/env bash
# Regenerates all Box2D golden files in Tests/Fixtures/box2d/ (the kinematic
# scenes, the collision scenes including the dragged-item drag-push scene, the
# CCD collision scenes including drag-push-ccd, and their contact/rest event
# logs) in one go: eighteen CSVs.
# Run from the repository root:  bash Oracles/box2d/regenerate.sh
set -euo pipefail

script_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo_root="$(cd "$script_dir/../.." && pwd)"
out_dir="$repo_root/Tests/Fixtures/box2d"

# Box2D 2.4.1 from Debian (bookworm ships 2.4.1-3).
if [ ! -f /usr/include/box2d/box2d.h ]; then
    echo "regenerate: installing libbox2d-dev" >&2
    if [ "$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi
    $sudo apt-get update
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y libbox2d-dev g++
fi
command -v g++ >/dev/null || { echo "regenerate: g++ not found" >&2; exit 1; }

build_dir="$(mktemp -d)"
trap 'rm -rf "$build_dir"' EXIT

g++ -O2 -std=c++17 -o "$build_dir/oracle" "$script_dir/oracle.cpp" -lbox2d

# Debian's package version must be 2.4.1-*.
pkg_version="$(dpkg-query -W -f='${Version}' libbox2d2 2>/dev/null || true)"
case "$pkg_version" in
    2.4.1-*) ;;
    *) echo "regenerate: libbox2d2 package version is '${pkg_version:-missing}', expected 2.4.1-*" >&2
       exit 1 ;;
esac

# The 2.4.1 release reports b2_version 2.4.0 (upstream bug, see oracle.cpp);
# the oracle checks that triple plus the 2.4.1-only distance-joint API.
if ! reported="$("$build_dir/oracle" --version)"; then
    echo "regenerate: linked Box2D reports '${reported:-unknown}'; not the 2.4.1 release" >&2
    exit 1
fi
echo "regenerate: Box2D 2.4.1 (package $pkg_version, b2_version reports $reported)" >&2

mkdir -p "$out_dir"
LC_ALL=C "$build_dir/oracle" "$out_dir"
