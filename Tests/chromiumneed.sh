# Sourced by the browser test scripts: `chromiumneed LABEL` installs Debian's chromium when it is missing (as root, or
# through sudo), and fails with a message naming LABEL when it cannot.
chromiumneed() {
    command -v chromium >/dev/null 2>&1 && return 0
    echo "$1: installing chromium (Debian)"
    local sudo_=""
    if [ "$(id -u)" != 0 ]; then
        command -v sudo >/dev/null 2>&1 || { echo "$1: chromium is missing and installing it needs root: run as root, or apt-get install chromium first" >&2; return 1; }
        sudo_="sudo"
    fi
    $sudo_ apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive $sudo_ apt-get install -y -qq chromium >/dev/null
}
