#!/usr/bin/env bash
# Installs the Debian packages susi-listen needs (idempotent, non-interactive) and builds it.
#   Scripts/setup.sh            packages + release build (.build/release/susi-listen)
#   Scripts/setup.sh --no-build packages only
#   --wyoming-client            also the `wyoming` Python client (PyPI, 1.10.2) in .build/wyoming-venv,
#                               which the Wyoming tests drive `susi-listen serve` with (skipped without it)
set -euo pipefail
cd "$(dirname "$0")/.."

build=yes
wyoming_client=no
for argument in "$@"; do
    case "$argument" in
        --no-build) build=no ;;
        --wyoming-client) wyoming_client=yes ;;
        *) echo "setup: unknown option $argument (--no-build, --wyoming-client)" >&2; exit 64 ;;
    esac
done

packages=(pkg-config libasound2-dev libpocketsphinx-dev pocketsphinx-en-us libsndfile1-dev libsoxr-dev libcurl4-openssl-dev libespeak-ng-dev libspeexdsp-dev libavahi-client-dev)
if [ "$wyoming_client" = yes ]; then packages+=(python3-venv); fi

missing=()
for package in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if ((${#missing[@]})); then
    echo "setup: installing ${missing[*]}" >&2
    # Passed through env: sudo resets the environment, and apt must not ask anything.
    apt=(env DEBIAN_FRONTEND=noninteractive apt-get)
    if [ "$(id -u)" -ne 0 ]; then
        command -v sudo >/dev/null || { echo "setup: run as root, or install sudo, to install ${missing[*]}" >&2; exit 1; }
        apt=(sudo "${apt[@]}")
    fi
    "${apt[@]}" update -qq
    "${apt[@]}" install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if ! command -v swift >/dev/null; then
    echo "setup: swift is not on PATH; install Swift 6 (swift.org) first" >&2
    exit 1
fi

if [ "$wyoming_client" = yes ] && ! .build/wyoming-venv/bin/python -c 'import wyoming' 2>/dev/null; then
    echo "setup: installing the wyoming client in .build/wyoming-venv" >&2
    python3 -m venv .build/wyoming-venv
    .build/wyoming-venv/bin/pip install -q wyoming==1.10.2
fi

if [ "$build" = yes ]; then
    swift build -c release --static-swift-stdlib --product susi-listen >&2
fi
