#!/usr/bin/env bash
# Prints the CPU seconds susi-listen spends while it waits on a chat server that accepts the
# connection and never answers (a hung server, an outage behind a proxy): a file run sends the
# command of TestAudio/commands/hotword_02_slt.flac to a loopback server that holds every
# connection open, and the process's CPU time is read from /proc over the wait.
#   Tools/benchmarks/network-wait-cpu.sh [SECONDS]     how long to wait, a whole number; default 45
# BIN=path (from the repository's root) measures another build (default
# .build/release/susi-listen, built with Scripts/setup.sh if missing).
set -euo pipefail
usage() { sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"; }
case "${1:-}" in -h|--help) usage; exit 0 ;; esac
if [ $# -gt 1 ] || ! [[ ${1:-45} =~ ^[1-9][0-9]*$ ]]; then
    echo "network-wait-cpu: takes one whole number of seconds above 0, not: $*" >&2; usage >&2; exit 64
fi
cd "$(dirname "$0")/../.."
seconds=${1:-45}
bin=${BIN:-.build/release/susi-listen}
[ -x "$bin" ] || [ -n "${BIN:-}" ] || Scripts/setup.sh
[ -x "$bin" ] || { echo "network-wait-cpu: no susi-listen at $bin" >&2; exit 1; }
work=$(mktemp -d)
server=""
listener=""
trap '[ -n "$listener" ] && kill "$listener" 2>/dev/null; [ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$work"' EXIT

# A server that accepts and holds connections without reading or answering.
python3 - "$work" <<'PY' &
import os, socket, sys, time
work = sys.argv[1]
listener = socket.socket()
listener.bind(("127.0.0.1", 0))
listener.listen(16)
with open(os.path.join(work, "port.tmp"), "w") as f:
    f.write(str(listener.getsockname()[1]))
os.rename(os.path.join(work, "port.tmp"), os.path.join(work, "port"))
held = []
while True:
    connection, _ = listener.accept()
    held.append(connection)
    open(os.path.join(work, "connected"), "w").close()
PY
server=$!
while [ ! -f "$work/port" ]; do sleep 0.1; done
port=$(cat "$work/port")

# The request may take longer than the measurement, so the wait is not cut short by a time-out.
printf '[chat]\ntimeout_s = 3600\n' > "$work/config.toml"
"$bin" --file TestAudio/commands/hotword_02_slt.flac --server "http://127.0.0.1:$port" \
    --config "$work/config.toml" --json > "$work/events.jsonl" 2> "$work/log" &
listener=$!
while [ ! -f "$work/connected" ]; do
    kill -0 "$listener" 2>/dev/null || { echo "susi-listen ended before asking:" >&2; cat "$work/log" >&2; exit 1; }
    sleep 0.1
done

cpu() { awk '{ print $14 + $15 }' "/proc/$listener/stat"; }
ticks=$(getconf CLK_TCK)
before=$(cpu)
sleep "$seconds"
after=$(cpu)
python3 -c "print(f'waiting {$seconds} s on a server that never answers: {($after - $before) / $ticks:.2f} s of CPU ({($after - $before) / $ticks / $seconds * 100:.1f} % of one core)')"
