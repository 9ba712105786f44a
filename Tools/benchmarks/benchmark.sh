#!/usr/bin/env bash
# Prints susi-listen's figures: CPU of spotting alone and of two-stage detection (the default, and
# with the full recogniser vocabulary) against pip pocketsphinx on a 10-minute file, peak memory
# of each over a one-hour file, latency on the TestAudio fixtures, and accuracy on ../shared/devdata.
#   Tools/benchmarks/benchmark.sh            everything
#   Tools/benchmarks/benchmark.sh --quick    skip the one-hour file and the pip reference
# It runs Scripts/setup.sh first (packages and the release build), installs sox when missing
# (apt-get through SUDO=command, by default sudo when not root) and, for the pip reference, pip
# pocketsphinx 5.1.1 in .build/reference-venv. DEVDATA=path (from the repository's root)
# overrides ../shared/devdata. Plots go to bench-output/.
set -euo pipefail
usage() { sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"; }
quick=no
for argument in "$@"; do
    case "$argument" in
        --quick) quick=yes ;;
        -h|--help) usage; exit 0 ;;
        *) echo "benchmark: unknown argument $argument" >&2; usage >&2; exit 64 ;;
    esac
done
cd "$(dirname "$0")/../.."
devdata=${DEVDATA:-../shared/devdata}
for file in neg.flac pos_computer.flac pos_computer.tsv pos_jarvis.flac pos_jarvis.tsv; do
    [ -f "$devdata/streams/$file" ] || { echo "benchmark: $devdata/streams/$file is missing (set DEVDATA)" >&2; exit 1; }
done
Scripts/setup.sh
if ! command -v sox >/dev/null; then
    ${SUDO:-$( [ "$(id -u)" -ne 0 ] && echo sudo )} apt-get install -y -qq sox libsox-fmt-all >/dev/null
fi
bin=.build/release/susi-listen
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p bench-output
field() { python3 -c "import json,sys; [print(json.loads(l)['$2']) for l in open('$1') if json.loads(l).get('type')=='$3']"; }

echo "== machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"

echo "== CPU: 10 minutes of real background speech (keyword: computer, sensitivity 0.5), each decision against pip pocketsphinx in the same run"
sox "$devdata/streams/neg.flac" "$work/ten-minutes.wav" trim 0 600
# Each way of detecting, as the options that select it.
detectors=("--decision spotting" "--decision two-stage" "--decision two-stage --recogniser-vocabulary full")
declare -A rtf
for index in "${!detectors[@]}"; do
    # shellcheck disable=SC2086 # the options are words
    "$bin" --file "$work/ten-minutes.wav" --keyword computer ${detectors[$index]} --no-transcription --json > "$work/ten-$index.jsonl"
    rtf[$index]=$(field "$work/ten-$index.jsonl" rtf summary)
    echo "susi-listen ${detectors[$index]}: rtf ${rtf[$index]}"
done
threshold=$(python3 -c "import json; e=[json.loads(l) for l in open('$work/ten-0.jsonl')][0]; print(10 ** e['keywords'][0]['log10_threshold'])")
if [ "$quick" = no ]; then
    if [ ! -x .build/reference-venv/bin/python ]; then
        python3 -m venv .build/reference-venv && .build/reference-venv/bin/pip install -q pocketsphinx==5.1.1
    fi
    .build/reference-venv/bin/python Tools/benchmarks/reference-pocketsphinx.py "$work/ten-minutes.wav" computer "$threshold" > "$work/pip.jsonl"
    pip_rtf=$(field "$work/pip.jsonl" rtf summary)
    echo "pip pocketsphinx 5.1.1 (threshold $threshold): rtf $pip_rtf"
    for index in "${!detectors[@]}"; do
        python3 -c "print('ratio susi-listen ${detectors[$index]} / pip pocketsphinx: %.2f' % (${rtf[$index]} / $pip_rtf))"
    done

    echo "== memory: one hour of audio as one FLAC file"
    sox "$devdata/streams/neg.flac" "$devdata/streams/neg.flac" "$devdata/streams/neg.flac" "$devdata/streams/neg.flac" "$work/one-hour.flac" trim 0 3600
    for detector in "${detectors[@]}"; do
        # shellcheck disable=SC2086
        "$bin" --file "$work/one-hour.flac" $detector --no-transcription --json > "$work/hour.jsonl"
        echo "$detector: peak RSS $(field "$work/hour.jsonl" peak_rss_mb summary) MB over $(field "$work/hour.jsonl" audio_s summary) s of audio, rtf $(field "$work/hour.jsonl" rtf summary)"
    done
fi

echo "== latency and accuracy on the TestAudio fixtures (each file a fresh stream)"
"$bin" bench --positives TestAudio/labels.tsv --negatives TestAudio/negative_*.wav --sensitivity 0.1 0.3 0.5 0.7 0.9 --per-file \
    --plot bench-output/testaudio.svg

echo "== accuracy on $devdata (one continuous stream per keyword, as a microphone would hear it)"
"$bin" bench \
    --positives "$devdata/streams/pos_computer.flac=$devdata/streams/pos_computer.tsv" \
    --positives "$devdata/streams/pos_jarvis.flac=$devdata/streams/pos_jarvis.tsv" \
    --negatives "$devdata/streams/neg.flac" \
    --sensitivity 0.1 0.2 0.3 0.4 0.5 0.6 0.7 --halves --plot bench-output/devdata.svg
