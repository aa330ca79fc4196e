# Sourced by the test scripts: `pyneed "import a, b" PACKAGE...` makes Python modules importable, installing the PyPI
# packages when the import fails. They go to a private folder on PYTHONPATH (DYNSIM_PYDEPS, or
# ~/.cache/dynsim-test-python, or a temporary folder when neither can be made), never into the system's Python, so
# the same command works as root and as any user, and under Debian's externally managed Python (PEP 668).
pyneed() {
    local check="$1"; shift
    python3 -c "$check" 2>/dev/null && return 0
    local dir="${DYNSIM_PYDEPS:-${XDG_CACHE_HOME:-${HOME:-/nonexistent}/.cache}/dynsim-test-python}"
    if ! mkdir -p "$dir" 2>/dev/null || [ ! -w "$dir" ]; then
        dir="$(mktemp -d "${TMPDIR:-/tmp}/dynsim-python.XXXXXX")"
    fi
    export PYTHONPATH="$dir${PYTHONPATH:+:$PYTHONPATH}"
    python3 -c "$check" 2>/dev/null && return 0
    echo "installing $* from PyPI into $dir" >&2
    python3 -m pip install -q --disable-pip-version-check --no-warn-script-location --target "$dir" "$@" >&2
    python3 -c "$check"
}
