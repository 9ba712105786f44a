#!/usr/bin/env python3
"""Measure detection while the device plays, on a stream made by Tools/fixtures/make-echo-audio.py.

Runs susi-listen over the person's keywords alone (person.wav: the control, how many the
detector hears without any echo), then three times over the captured stream, detection only:
  no handling   the microphone as it is (no reference): what waking on itself looks like
  pause         --echo-reference played.wav --echo-cancellation off: detection paused while
                the device plays and 250 ms after (the mode without echo cancellation)
  cancellation  --echo-reference played.wav: Speex's canceller, detection goes on
and prints, for each, the person's keywords heard (a hotword within [start, end + 1.5 s] of a
label: barge-in hits), false wakes (every other hotword: the only other speech is the
device's), barge_in events, and CPU: the process's, and the canceller's own
(echo_cancellation_cpu_s, measured in the same run) against the rest.

  Tools/benchmarks/echo-benchmark.py DIR [--binary .build/release/susi-listen] [--keyword K] [-- EXTRA...]

DIR holds captured.wav, played.wav, person.wav and labels.tsv.  Python standard library only.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys


def run(binary, audio, keyword, extra):
    command = [binary, "--file", audio, "--keyword", keyword,
               "--no-transcription", "--json", "--config", "/dev/null"] + extra
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"echo-benchmark: {' '.join(command)} exited with {result.returncode}: {result.stderr}")
    return [json.loads(line) for line in result.stdout.splitlines()]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("directory", metavar="DIR", help="captured.wav, played.wav, person.wav and labels.tsv, as Tools/fixtures/make-echo-audio.py makes them")
    parser.add_argument("--binary", default=".build/release/susi-listen")
    parser.add_argument("--keyword", help="default: the first label's")
    parser.add_argument("extra", nargs="*", default=[], metavar="EXTRA", help="more susi-listen options, after --")
    args = parser.parse_intermixed_args()  # DIR --keyword K -- EXTRA, as the usage above has it
    for name in ("labels.tsv", "person.wav", "captured.wav", "played.wav"):
        if not os.path.isfile(os.path.join(args.directory, name)):
            sys.exit(f"echo-benchmark: no file {os.path.join(args.directory, name)} (make DIR with Tools/fixtures/make-echo-audio.py)")
    if shutil.which(args.binary) is None:
        sys.exit(f"echo-benchmark: no susi-listen at {args.binary} (build it with Scripts/setup.sh, or give --binary)")
    with open(os.path.join(args.directory, "labels.tsv")) as f:
        next(f)
        labels = [(row[0], float(row[1]), float(row[2])) for row in (line.rstrip("\n").split("\t") for line in f if line.strip())]
    keyword = args.keyword or labels[0][0]
    played = os.path.join(args.directory, "played.wav")
    captured, alone = (os.path.join(args.directory, f"{name}.wav") for name in ("captured", "person"))
    modes = [("person alone", alone, []), ("no handling", captured, []),
             ("pause", captured, ["--echo-reference", played, "--echo-cancellation", "off"]),
             ("cancellation", captured, ["--echo-reference", played])]
    print(f"{len(labels)} keywords said by a person while the device spoke, keyword {keyword!r}, {os.path.basename(args.directory)}")
    print("mode          person heard  false wakes  barge_in  audio_s  cpu_s  canceller_cpu_s  canceller/rest")
    for name, audio, extra in modes:
        events = run(args.binary, audio, keyword, extra + args.extra)
        hits = [e["time"] for e in events if e["type"] == "hotword"]
        heard, false_wakes = set(), 0
        for time in hits:
            match = next((i for i, (_, start, end) in enumerate(labels) if start <= time <= end + 1.5 and i not in heard), None)
            if match is None:
                false_wakes += 1
            else:
                heard.add(match)
        barge_ins = sum(1 for e in events if e["type"] == "barge_in")
        summary = next(e for e in events if e["type"] == "summary")
        canceller = summary.get("echo_cancellation_cpu_s")
        ratio = f"{canceller / (summary['cpu_s'] - canceller):.3f}" if canceller else "-"
        print(f"{name:13} {len(heard):5} / {len(labels):<4} {false_wakes:11} {barge_ins:9} {summary['audio_s']:8.1f} "
              f"{summary['cpu_s']:6.2f} {canceller if canceller is not None else '-':>16} {ratio:>15}")


if __name__ == "__main__":
    main()
