#!/usr/bin/env python3
"""Time from the end of a command to the first sample of its spoken answer, with a SUSI-like
server on loopback.

Runs susi-listen --file over the three spoken "susi, <command>" fixtures in TestAudio/commands/
(hotword_*), each --runs times, with
--speak-to, against a server on 127.0.0.1 that answers at once with a two-sentence `answer`
expression, and times on the wall clock, per command, the `final` event (the command complete:
its trailing silence heard) to the `spoken` event (the query sent and answered, the answer
synthesised by espeak-ng and written out; a file run writes in well under a millisecond, so
this is when the first sample is ready for the device).  The `spoken` event's synthesis_s
(answer received to samples ready) is given beside it.  Live, the device adds its buffer
(PlaybackDevice asks for 200 ms, of which the first period is heard first) and the person
hears the done chime (0.18 s) while this runs.

  Tools/benchmarks/answer-latency.py [--binary .build/release/susi-listen] [--runs N]

Python standard library only.
"""

import argparse
import glob
import http.server
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time

ANSWER = json.dumps({"query": "q", "answers": [{"data": [], "actions": [
    {"type": "answer", "expression": "The weather in Berlin is sunny with twenty degrees. Tomorrow it will rain in the afternoon."}]}]})


class Handler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        body = ANSWER.encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", default=".build/release/susi-listen")
    parser.add_argument("--runs", type=int, default=5, help="runs of each command")
    args = parser.parse_args()
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    if shutil.which(args.binary) is None:
        sys.exit(f"answer-latency: no susi-listen at {args.binary} (build it with Scripts/setup.sh, or give --binary)")
    commands = sorted(glob.glob("TestAudio/commands/hotword_*.flac"))
    if not commands:
        sys.exit("answer-latency: no TestAudio/commands/hotword_*.flac here: run it from the repository's root")
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    files = commands * args.runs
    to_spoken, synthesis = [], []
    with tempfile.TemporaryDirectory() as tmp:
        for path in files:
            process = subprocess.Popen([args.binary, "--file", path, "--server", f"http://127.0.0.1:{server.server_port}",
                                        "--json", "--config", "/dev/null", "--speak-to", os.path.join(tmp, "spoken.wav")],
                                       stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, bufsize=1)
            final_at = None
            for line in process.stdout:
                now = time.monotonic()
                event = json.loads(line)
                if event["type"] == "final":
                    final_at = now
                elif event["type"] == "spoken" and final_at is not None:
                    to_spoken.append(now - final_at)
                    synthesis.append(event["synthesis_s"])
            process.wait()
    server.shutdown()
    print(f"{len(to_spoken)} of {len(files)} commands answered and spoken")
    for name, values in (("final -> spoken (s)", to_spoken), ("synthesis_s", synthesis)):
        if values:
            print(f"{name:20} median {statistics.median(values):.3f}  min {min(values):.3f}  max {max(values):.3f}")


if __name__ == "__main__":
    main()
