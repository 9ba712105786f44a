#!/usr/bin/env bash
# Concurrent real-time Wyoming clients against `susi-listen serve` (release build): for each
# client count, a fresh server, every client streaming TestAudio/mixed_susi_and_near_misses.wav
# (64 s: "susi" and near misses in speech) in real time with Tools/benchmarks/wyoming-client.py, and the
# server's CPU (share of one core, over the run) and resident memory (idle, and peak) from /proc.
#   Tools/benchmarks/wyoming-benchmark.sh [CLIENT-COUNT...]       default: 1 2 4 8 12
#   DECISION=spotting Tools/benchmarks/wyoming-benchmark.sh ...    another --decision
# A client count is a whole number from 1 to 64 (the server's --max-clients). It makes the release
# build and the `wyoming` client in .build/wyoming-venv (Scripts/setup.sh) when they are missing.
set -euo pipefail
usage() { sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"; }
for argument in "$@"; do
    case "$argument" in
        -h|--help) usage; exit 0 ;;
        [1-9]|[1-5][0-9]|6[0-4]) ;;
        *) echo "wyoming-benchmark: a client count is a whole number from 1 to 64, not $argument" >&2; usage >&2; exit 64 ;;
    esac
done
cd "$(dirname "$0")/../.."
counts=("${@:-1 2 4 8 12}")
read -r -a counts <<< "${counts[*]}"
decision=${DECISION:-two-stage}
audio=TestAudio/mixed_susi_and_near_misses.wav
bin=.build/release/susi-listen
python=.build/wyoming-venv/bin/python
[ -x "$python" ] || Scripts/setup.sh --no-build --wyoming-client
[ -x "$bin" ] || Scripts/setup.sh
work=$(mktemp -d)
server=
cleanup() { [ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
ticks=$(getconf CLK_TCK)
rss_kb() { awk '/^VmRSS/ {print $2}' "/proc/$1/status" 2>/dev/null; }
cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs); decision: $decision"
echo "clients | server CPU (% of one core) | per client | idle RSS MB | peak RSS MB | MB per further client | detections per client | lag ms (median, max) | stream s (max)"
for count in "${counts[@]}"; do
    port=$((10500 + count))
    log="$work/serve-$count.log"
    : > "$log"
    "$bin" serve --uri "tcp://127.0.0.1:$port" --max-clients 64 --decision "$decision" --config /dev/null 2> "$log" &
    server=$!
    until grep -q "listening on" "$log"; do
        kill -0 "$server" 2>/dev/null || { echo "wyoming-benchmark: susi-listen serve ended:" >&2; cat "$log" >&2; exit 1; }
        sleep 0.1
    done
    idle=$(rss_kb "$server")
    before=$(cpu_ticks "$server")
    started=$(date +%s.%N)
    echo "$idle" > "$work/peak"
    ( peak=$idle; while kill -0 "$server" 2>/dev/null; do r=$(rss_kb "$server"); if [ "${r:-0}" -gt "$peak" ]; then peak=$r; echo "$peak" > "$work/peak"; fi; sleep 0.25; done ) &
    sampler=$!
    "$python" Tools/benchmarks/wyoming-client.py --uri "tcp://127.0.0.1:$port" --audio "$audio" --clients "$count" \
        --realtime --all-detections > "$work/clients.jsonl"
    ended=$(date +%s.%N)
    after=$(cpu_ticks "$server")
    kill "$server"; wait "$server" || true; server=
    wait "$sampler" 2>/dev/null || true
    python3 - "$work/clients.jsonl" "$count" "$idle" "$(cat "$work/peak")" "$before" "$after" "$ticks" "$started" "$ended" <<'PY'
import json, statistics, sys
path, count, idle, peak, before, after, ticks, started, ended = sys.argv[1:]
count, idle, peak = int(count), int(idle) / 1024, int(peak) / 1024
clients = [json.loads(line) for line in open(path)]
failed = [c for c in clients if "error" in c]
cpu = (int(after) - int(before)) / int(ticks) / (float(ended) - float(started)) * 100
lags = sorted(l for c in clients for l in c.get("lag_ms", []))
detections = [len(c.get("timestamps", [])) for c in clients]
further = f"{(peak - idle) / (count - 1):.1f}" if count > 1 else "-"
lag = f"{statistics.median(lags):.0f}, {max(lags):.0f}" if lags else "-"
print(f"{count} | {cpu:.0f} | {cpu / count:.1f} | {idle:.1f} | {peak:.1f} | {further} | {min(detections)}-{max(detections)} | {lag} | "
      f"{max(c.get('stream_s', 0) for c in clients):.1f}" + (f" | {len(failed)} FAILED: {failed[0]['error']}" if failed else ""))
PY
done
