#!/usr/bin/env bash
# Installs the Debian packages susi-listen needs (idempotent, non-interactive) and builds it.
#   Scripts/setup.sh            packages + release build (.build/release/susi-listen)
#   Scripts/setup.sh --no-build packages only
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(pkg-config libasound2-dev libpocketsphinx-dev pocketsphinx-en-us libsndfile1-dev libsoxr-dev libcurl4-openssl-dev libespeak-ng-dev)

missing=()
for package in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if ((${#missing[@]})); then
    echo "setup: installing ${missing[*]}" >&2
    sudo_cmd=()
    if [ "$(id -u)" -ne 0 ]; then sudo_cmd=(sudo); fi
    export DEBIAN_FRONTEND=noninteractive
    "${sudo_cmd[@]}" apt-get update -qq
    "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if ! command -v swift >/dev/null; then
    echo "setup: swift is not on PATH; install Swift 6 (swift.org) first" >&2
    exit 1
fi

if [ "${1:-}" != "--no-build" ]; then
    swift build -c release --product susi-listen >&2
fi
