#!/usr/bin/env bash
# Prints the ablation of docs/research-log.md "Detection, technique by technique": `bench` on the devdata streams
# for each way of deciding a detection (spotting alone, every candidate verified, two-stage),
# clean, 20 dB quieter (--gain 0.1), with pink noise at 10 dB SNR, and telephone-band; then false alarms of the default
# setting on the lengthened negatives (real speech perturbed; espeak-ng readings, reported apart).
#   Tools/research/ablation.sh [--quick]    --quick: clean streams only
# DEVDATA=path overrides ../shared/devdata. Audio it derives goes to bench-output/robustness/.
set -euo pipefail
cd "$(dirname "$0")/../.."
quick=${1:-}
devdata=${DEVDATA:-../shared/devdata}
streams=$devdata/streams
derived=bench-output/robustness
Scripts/setup.sh
DEVDATA=$devdata nice -n 10 Tools/benchmarks/make-robustness-audio.sh "$derived" >/dev/null
bin=.build/release/susi-listen

# bench over one condition: "" (clean), _quiet (the clean streams at --gain 0.1), _snr10 or _phone
bench() {
    local condition=$1 decision=$2 folder=$streams gain=1
    case $condition in
        _quiet) condition="" gain=0.1 ;;
        ?*) folder=$derived ;;
    esac
    echo "== ${1:-clean} · --decision $decision"
    "$bin" bench --decision "$decision" --gain $gain --sensitivity 0.1 0.3 0.5 0.7 0.9 \
        --positives "$folder/pos_computer$condition.flac=$folder/pos_computer$condition.tsv" \
        --positives "$folder/pos_jarvis$condition.flac=$folder/pos_jarvis$condition.tsv" \
        --negatives "$folder/neg$condition.flac"
}

conditions=("")
[ "$quick" = "--quick" ] || conditions+=(_quiet _snr10 _phone)
for condition in "${conditions[@]}"; do
    for decision in spotting verified two-stage; do bench "$condition" "$decision"; done
done

echo "== false alarms per hour at the default sensitivity (0.5), two-stage, lengthened negatives"
for negatives in "$derived/neg_perturbed.flac" "$derived/neg_espeak.flac"; do
    for keyword in computer jarvis susi; do
        "$bin" --file "$negatives" --keyword "$keyword" --no-transcription --json 2>/dev/null |
            python3 -c "
import json, sys
events = [json.loads(line) for line in sys.stdin]
hours = events[-1]['audio_s'] / 3600
hits = sum(e['type'] == 'hotword' for e in events)
print(f'$keyword on $(basename "$negatives"): {hits} false alarms in {hours:.2f} h = {hits / hours:.2f} per hour, rtf {events[-1][\"rtf\"]}')"
    done
done
