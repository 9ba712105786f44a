#!/usr/bin/env python3
"""Make the quiet-room streams: real keywords said now and then into a quiet room's noise.

An always-listening device spends most of its day in a quiet room. The devdata streams are
running speech from end to end, so they say nothing of what detection costs, or how it hears,
when the room is quiet between two keywords. Each stream here is 40 of devdata's keyword
recordings of one keyword (the first 40 by name), 10-20 s apart, added to one continuous stretch
of pink noise 60 dB below full scale (sox `synth pinknoise` in its repeatable mode, so a rerun
gives the same samples; the recordings' own levels and room tone are kept). The gaps are drawn
from a generator seeded with the keyword's CRC32.

Outputs, in OUTDIR (default bench-output/quiet-room/, git-ignored), 16 kHz mono 16-bit FLAC:
  quiet_<keyword>.flac   about 11-12 minutes each
  quiet_<keyword>.tsv    keyword, start_s, end_s: each recording's span (its room tone included)

  Tools/benchmarks/make-quiet-room-audio.py [--out OUTDIR] [KEYWORD ...]   (default: computer jarvis)

DEVDATA=path overrides ../shared/devdata. Needs sox on PATH; Python standard library only.
"""

import argparse
import glob
import os
import random
import subprocess
import sys
import tempfile
import zlib

REPOSITORY = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
RECORDINGS = 40
GAP_SECONDS = (10.0, 20.0)
# sox's pink noise at `vol 0.0095`, mixed with the keywords (which halves both), is about -60 dBFS RMS.
NOISE_VOLUME = "0.0095"


def sox(*arguments):
    subprocess.run(["sox", "-R", *arguments], check=True)


def seconds(path):
    return float(subprocess.run(["soxi", "-D", path], check=True, capture_output=True, text=True).stdout)


def make(keyword, devdata, out, workdir):
    recordings = sorted(glob.glob(os.path.join(devdata, "positives", keyword, "*.flac")))[:RECORDINGS]
    if len(recordings) < RECORDINGS:
        sys.exit(f"make-quiet-room-audio: {len(recordings)} recordings of {keyword!r} in {devdata}/positives, need {RECORDINGS}")
    draw = random.Random(zlib.crc32(keyword.encode()))
    pieces, labels, time = [], [], 0.0
    for index, recording in enumerate(recordings):
        gap = draw.uniform(*GAP_SECONDS)
        silence = os.path.join(workdir, f"gap_{index}.wav")
        sox("-n", "-r", "16000", "-b", "16", "-c", "1", silence, "trim", "0", f"{gap:.3f}")
        spoken = os.path.join(workdir, f"keyword_{index}.wav")
        sox(recording, "-r", "16000", "-b", "16", "-c", "1", spoken)
        length = seconds(spoken)
        time += gap
        labels.append((keyword, time, time + length))
        time += length
        pieces += [silence, spoken]
    keywords = os.path.join(workdir, "keywords.wav")
    sox(*pieces, keywords)
    noise = os.path.join(workdir, "noise.wav")
    sox("-n", "-r", "16000", "-b", "16", "-c", "1", noise, "synth", f"{time:.3f}", "pinknoise", "vol", NOISE_VOLUME)
    stream = os.path.join(out, f"quiet_{keyword}.flac")
    sox("-m", keywords, noise, stream)
    with open(os.path.join(out, f"quiet_{keyword}.tsv"), "w", encoding="ascii", newline="\n") as tsv:
        tsv.write("keyword\tstart_s\tend_s\n")
        tsv.writelines("%s\t%.3f\t%.3f\n" % label for label in labels)
    print(f"make-quiet-room-audio: {stream}: {time / 60:.1f} min, {len(labels)} keywords", file=sys.stderr)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default=os.path.join(REPOSITORY, "bench-output", "quiet-room"))
    parser.add_argument("keywords", nargs="*", default=["computer", "jarvis"])
    arguments = parser.parse_args()
    devdata = os.environ.get("DEVDATA", os.path.join(REPOSITORY, "..", "shared", "devdata"))
    os.makedirs(arguments.out, exist_ok=True)
    for keyword in arguments.keywords:
        with tempfile.TemporaryDirectory() as workdir:
            make(keyword, devdata, arguments.out, workdir)


if __name__ == "__main__":
    main()
