#!/usr/bin/env bash
# Prints the peak resident memory of the daemon as a SUSI device runs it: capture from an ALSA
# device (ALSA's `file` PCM reading a FIFO, so no sound card is needed), two-stage detection,
# transcription, each command sent to a SUSI server on loopback, the answer spoken to a playback
# device (a `file` PCM writing to disk). TestAudio/commands/hotword_02_slt.flac is played three
# times with 4 s of silence after each; the peak (VmHWM) is read before SIGTERM, with the event
# types seen.
#   Tools/benchmarks/daemon-memory.sh      (no arguments)
# BIN=path (from the repository's root) measures another build (default
# .build/release/susi-listen, built with Scripts/setup.sh if missing);
# ARGS="--recogniser-vocabulary full" adds options to the daemon's. Installs sox when missing.
set -euo pipefail
usage() { sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"; }
case "$*" in
    "") ;;
    -h|--help) usage; exit 0 ;;
    *) echo "daemon-memory: takes no arguments (options for the daemon go in ARGS), not: $*" >&2; usage >&2; exit 64 ;;
esac
cd "$(dirname "$0")/../.."
bin=${BIN:-.build/release/susi-listen}
[ -x "$bin" ] || [ -n "${BIN:-}" ] || Scripts/setup.sh
[ -x "$bin" ] || { echo "daemon-memory: no susi-listen at $bin" >&2; exit 1; }
# sox turns the command into the capture device's raw samples.
if ! command -v sox >/dev/null; then
    ${SUDO:-$( [ "$(id -u)" -ne 0 ] && echo sudo )} apt-get install -y -qq sox libsox-fmt-all >/dev/null
fi
work=$(mktemp -d)
server=""
daemon=""
trap '[ -n "$daemon" ] && kill "$daemon" 2>/dev/null; [ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$work"' EXIT

# A SUSI server on a free loopback port that answers every query with one spoken answer.
python3 - "$work/port" <<'PY' &
import http.server, json, sys
answer = json.dumps({"query": "", "answers": [{"data": [], "metadata": {"count": 1},
    "actions": [{"type": "answer", "expression": "Alright, timer set for 10 minutes."}]}]}).encode()
class Handler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(answer)))
        self.end_headers()
        self.wfile.write(answer)
    def log_message(self, *args):
        pass
httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
open(sys.argv[1], "w").write(str(httpd.server_address[1]))
httpd.serve_forever()
PY
server=$!
while [ ! -s "$work/port" ]; do sleep 0.1; done

mkfifo "$work/capture.fifo"
cat > "$work/asound.conf" <<CONF
pcm.fixture { type file file "/dev/null" infile "$work/capture.fifo" format "raw" slave.pcm { type multi slaves.a { pcm { type plug slave { pcm { type null } format S16_LE rate 16000 channels 1 } } channels 1 } bindings { 0 { slave a channel 0 } } } }
pcm.speaker { type file file "$work/played.raw" format "raw" slave.pcm { type null } }
CONF
"$bin" --device fixture --playback-device speaker --alsa-config "$work/asound.conf" --json --config /dev/null ${ARGS:-} \
    --server "http://127.0.0.1:$(cat "$work/port")" > "$work/events.jsonl" 2> "$work/log.txt" &
daemon=$!

# The commands in real time, 30 ms at a time, then 3 s of silence for the last answer.
python3 - "$work/capture.fifo" <<'PY'
import subprocess, sys, time
command = subprocess.run(["sox", "TestAudio/commands/hotword_02_slt.flac", "-t", "raw", "-r", "16000", "-c", "1",
                          "-b", "16", "-e", "signed", "-"], capture_output=True, check=True).stdout
audio = (command + bytes(16000 * 2 * 4)) * 3 + bytes(16000 * 2 * 3)
with open(sys.argv[1], "wb") as fifo:
    for start in range(0, len(audio), 960):
        fifo.write(audio[start:start + 960])
        fifo.flush()
        time.sleep(0.03)
PY
sleep 1
echo "daemon peak RSS: $(awk '/VmHWM/ {printf "%.1f MB", $2 / 1024}' "/proc/$daemon/status")"
kill -TERM "$daemon"
wait "$daemon" || true
daemon=""
python3 -c "import json,sys; print('events:', ' '.join(t for t in (json.loads(l)['type'] for l in open(sys.argv[1])) if t != 'partial'))" "$work/events.jsonl"
