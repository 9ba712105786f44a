#!/usr/bin/env python3
"""How well the commands of the susi streams come out when talk goes on after them.

In the streams of make-susi-speech-audio.py every "susi <command>" is followed 10-50 ms later by
real background speech, as with a television on or other people talking. This runs the daemon's
pipeline over a stream (`susi-listen --file STREAM --no-chat --json`, the hotword and then the
transcription session on the same audio) and compares each final with the command that was
said, by half of the stream (the first 40 keywords, the rest):

  sessions      finals whose hotword lies on a keyword of the stream
  exact         finals that are exactly the command
  WER           word errors of the finals against the commands, over the commands' words
  median s      hotword to final (how long the session ran)
  reasons       why the sessions ended (end_of_speech, sentence_end, maximum_duration, ...)

  Tools/benchmarks/commands-in-talk.py [--bin PATH] STREAM.flac[=COMMANDS.txt] ...

COMMANDS.txt is the stream's list of keywords and commands as the script writes it (index,
start_s, end_s, voice, speed, pitch, prefix, spelling, command); by default STREAM.txt beside
the stream (the noisy streams share the clean one's: susi_speech_snr10.flac=susi_speech.txt). --json prints one JSON object per stream instead of a table.
Python standard library only.
"""

import argparse
import collections
import json
import os
import statistics
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "fixtures"))
sys.dont_write_bytecode = True  # no __pycache__ left in Tools/fixtures (git does not ignore it)
from fixture_noise import REPOSITORY, word_errors  # noqa: E402

# A hit belongs to a keyword when it lies from just before the keyword's start to 1.5 s after its
# end, as `bench` scores.
EARLY, LATE = 0.2, 1.5
HALF = 40


def keywords(commands):
    """(index, start_s, end_s, command) of every keyword of a stream, from its COMMANDS.txt."""
    rows = []
    with open(commands, encoding="utf-8") as lines:
        for line in lines:
            if line.startswith("#") or not line.strip():
                continue
            fields = line.rstrip("\n").split("\t")
            rows.append((int(fields[0]), float(fields[1]), float(fields[2]), fields[8]))
    return rows


def sessions(binary, stream, commands):
    """(keyword index, command, final text, reason, seconds from hotword to final) of every session."""
    labels = keywords(commands)
    run = subprocess.run([binary, "--file", stream, "--no-chat", "--json", "--config", "/dev/null"],
                         check=True, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    hotword, found = None, []
    for line in run.stdout.splitlines():
        event = json.loads(line)
        if event["type"] == "hotword":
            hotword = event
        elif event["type"] == "final" and hotword is not None:
            keyword = next((row for row in labels if row[1] - EARLY <= hotword["time"] <= row[2] + LATE), None)
            if keyword is not None:
                found.append((keyword[0], keyword[3], event["text"], event["reason"], event["time"] - hotword["time"]))
    return found


def summary(found):
    """The figures of one half."""
    counts = [word_errors(command, text) for _, command, text, _, _ in found]
    errors, words = sum(c[0] for c in counts), sum(c[1] for c in counts)
    return {
        "sessions": len(found),
        "exact": sum(text == command for _, command, text, _, _ in found),
        "wer": round(errors / words, 3) if words else None,
        "median_s": round(statistics.median(seconds for *_, seconds in found), 2) if found else None,
        "reasons": dict(collections.Counter(reason for _, _, _, reason, _ in found)),
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bin", default=os.path.join(REPOSITORY, ".build", "release", "susi-listen"))
    parser.add_argument("--json", action="store_true")
    parser.add_argument("streams", nargs="+")
    options = parser.parse_args()
    if not os.access(options.bin, os.X_OK):
        sys.exit(f"commands-in-talk.py: no susi-listen at {options.bin} (build it with Scripts/setup.sh, or give --bin)")
    for argument in options.streams:
        stream, _, commands = argument.partition("=")
        commands = commands or os.path.splitext(stream)[0] + ".txt"
        for path in (stream, commands):
            if not os.path.isfile(path):
                sys.exit(f"commands-in-talk.py: no file {path} (make the streams with make-susi-speech-audio.py)")
        found = sessions(options.bin, stream, commands)
        halves = {"first": summary([s for s in found if s[0] < HALF]), "second": summary([s for s in found if s[0] >= HALF])}
        if options.json:
            print(json.dumps({"stream": stream, **halves}))
            continue
        print(stream)
        print("  half    sessions  exact  WER     median s  reasons")
        for name, figures in halves.items():
            reasons = ", ".join(f"{reason} {count}" for reason, count in sorted(figures["reasons"].items()))
            print(f"  {name:<7} {figures['sessions']:>8}  {figures['exact']:>5}  {figures['wer']!s:<6}  {figures['median_s']!s:<8}  {reasons}")


if __name__ == "__main__":
    main()
