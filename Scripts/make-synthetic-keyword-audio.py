#!/usr/bin/env python3
"""Make a synthetic positives stream for any keyphrase, built the way devdata's streams are.

There are no real recordings of "susi", nor of the keywords a user picks. This script makes a
stand-in to check a keyphrase with `susi-listen bench`: flite voices say the keyphrase, each
utterance is wrapped in real room tone and inserted whole between 3-6 s of real background
speech, like `devdata/streams/pos_*.flac`. It is synthetic speech: report its figures apart
from the real recordings', and use it to compare keyphrases or detector versions, not to
claim accuracy on people.

For every keyphrase, in OUTDIR (default bench-output/synthetic/, git-ignored):
  pos_<keyphrase>_flite.flac   16 kHz mono 16-bit; spaces in the keyphrase become "_"
  pos_<keyphrase>_flite.tsv    keyword, start_s, end_s, file (the voice and its duration stretch)

How each of the 40 utterances is made:
  - flite says the keyphrase with one of its voices (kal16, awb, rms, slt and the 8 kHz kal, in
    turn) and a duration stretch of 0.8, 0.9, 1.0, 1.15 or 1.3 (slower when larger);
  - sox resamples it to 16 kHz and trims the silence at both ends (the label is that span);
  - it is levelled to -26 dBFS active speech (RMS over its 10 ms frames above -50 dBFS), the
    level devdata's files were levelled to;
  - it is wrapped in 0.35 s of room tone before and after, taken from the start and end of one
    of devdata's keyword recordings (those whose first and last 0.35 s lie 25 dB or more below
    the recording's loudest 10 ms, so they hold no speech), at the level it has there;
  - it follows 3-6 s of devdata/streams/neg.flac, read on from where the last piece stopped.
The choices are drawn from a generator seeded with the keyphrase's CRC32, so a rerun gives the
same file. Background speech of neg.flac is in the stream: measure false alarms on neg.flac (or
anything but this stream) as usual; detections here away from a label count as "FA pos".

Needs flite (with its awb, rms, slt, kal16 voices) and sox on PATH, installed with apt-get when
missing (through sudo when not root); Python standard library only.

  Scripts/make-synthetic-keyword-audio.py [--out OUTDIR] KEYPHRASE...
DEVDATA=path overrides ../shared/devdata.
"""

import argparse
import array
import glob
import math
import os
import random
import shutil
import subprocess
import sys
import tempfile
import zlib

RATE = 16000
FRAME = RATE // 100
UTTERANCES = 40
VOICES = ["kal16", "awb", "rms", "slt", "kal"]
STRETCHES = [0.8, 0.9, 1.0, 1.15, 1.3]
SPEECH_DBFS = -26.0
ACTIVE_FLOOR_DBFS = -50.0
TONE_SECONDS = 0.35
TONE_BELOW_PEAK_DB = 25.0
GAP_SECONDS = (3.0, 6.0)


def log(message):
    print(f"make-synthetic-keyword-audio: {message}", file=sys.stderr)


def ensure_tools():
    missing = [package for tool, package in (("flite", "flite"), ("sox", "sox")) if shutil.which(tool) is None]
    if not missing:
        return
    log(f"installing {' '.join(missing)}")
    sudo = [] if os.geteuid() == 0 else ["sudo"]
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    subprocess.run(sudo + ["apt-get", "update", "-qq"], check=True, env=env)
    subprocess.run(sudo + ["apt-get", "install", "-y", "-qq", "--no-install-recommends"] + missing,
                   check=True, env=env, stdout=subprocess.DEVNULL)


def read_samples(path, *effects):
    """16 kHz mono 16-bit samples of an audio file, after optional sox effects."""
    raw = subprocess.run(["sox", "-R", "-V1", path, "-t", "raw", "-r", str(RATE), "-c", "1", "-b", "16",
                          "-e", "signed", "-", *effects], check=True, capture_output=True).stdout
    samples = array.array("h")
    samples.frombytes(raw)
    return samples


def frame_powers(samples):
    """Mean square of each 10 ms frame, full scale = 1."""
    return [sum(x * x for x in samples[i:i + FRAME]) / FRAME / 32768.0 ** 2
            for i in range(0, len(samples) - FRAME + 1, FRAME)]


def decibels(power):
    return 10 * math.log10(max(power, 1e-12))


def levelled(samples):
    """`samples` scaled so that their active speech lies at SPEECH_DBFS."""
    active = [p for p in frame_powers(samples) if decibels(p) > ACTIVE_FLOOR_DBFS]
    if not active:
        raise SystemExit("make-synthetic-keyword-audio: flite produced silence")
    gain = 10 ** ((SPEECH_DBFS - decibels(sum(active) / len(active))) / 20)
    return array.array("h", (max(-32768, min(32767, round(x * gain))) for x in samples))


def room_tones(devdata):
    """(before, after) pairs of room tone from the ends of devdata's keyword recordings."""
    tone = int(TONE_SECONDS * RATE)
    tones = []
    for path in sorted(glob.glob(os.path.join(devdata, "positives", "*", "*.flac"))):
        samples = read_samples(path)
        powers = [decibels(p) for p in frame_powers(samples)]
        frames = tone // FRAME
        if len(powers) < 3 * frames:
            continue
        quiet = max(powers) - TONE_BELOW_PEAK_DB
        if max(powers[:frames]) < quiet and max(powers[-frames:]) < quiet:
            tones.append((samples[:tone], samples[-tone:]))
    if not tones:
        raise SystemExit(f"make-synthetic-keyword-audio: no quiet recording ends in {devdata}/positives")
    return tones


def spoken(keyphrase, voice, stretch, work):
    wav = os.path.join(work, "utterance.wav")
    subprocess.run(["flite", "-voice", voice, "--setf", f"duration_stretch={stretch}", "-t", keyphrase, "-o", wav],
                   check=True)
    trim = ["silence", "1", "0.01", "0.5%", "reverse", "silence", "1", "0.01", "0.5%", "reverse"]
    return levelled(read_samples(wav, *trim))


def make_stream(keyphrase, background, tones, out, work):
    generator = random.Random(zlib.crc32(keyphrase.encode()))
    stream = array.array("h")
    labels = []
    position = generator.randrange(0, len(background) // 2)
    for index in range(UTTERANCES):
        voice = VOICES[index % len(VOICES)]
        stretch = generator.choice(STRETCHES)
        before, after = tones[generator.randrange(len(tones))]
        gap = int(generator.uniform(*GAP_SECONDS) * RATE)
        if position + gap > len(background):
            position = 0
        stream.extend(background[position:position + gap])
        position += gap
        stream.extend(before)
        start = len(stream)
        stream.extend(spoken(keyphrase, voice, stretch, work))
        labels.append((start / RATE, len(stream) / RATE, f"flite {voice}, duration stretch {stretch}"))
        stream.extend(after)
    stream.extend(background[position:position + int(GAP_SECONDS[0] * RATE)])

    name = "pos_" + keyphrase.replace(" ", "_") + "_flite"
    raw = os.path.join(work, "stream.raw")
    with open(raw, "wb") as file:
        file.write(stream.tobytes())
    subprocess.run(["sox", "-V1", "-t", "raw", "-r", str(RATE), "-c", "1", "-b", "16", "-e", "signed", raw,
                    os.path.join(out, name + ".flac")], check=True)
    with open(os.path.join(out, name + ".tsv"), "w") as file:
        file.write("keyword\tstart_s\tend_s\tfile\n")
        for start, end, source in labels:
            file.write(f"{keyphrase}\t{start:.3f}\t{end:.3f}\t{source}\n")
    log(f"{name}.flac: {UTTERANCES} utterances, {len(stream) / RATE / 60:.2f} min")


def main():
    repo = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser = argparse.ArgumentParser(description="Synthetic positives streams for keyphrases (see the file's header).")
    parser.add_argument("keyphrases", nargs="+", metavar="KEYPHRASE")
    parser.add_argument("--out", default=os.path.join(repo, "bench-output", "synthetic"))
    arguments = parser.parse_args()
    devdata = os.environ.get("DEVDATA", os.path.join(repo, "..", "shared", "devdata"))
    neg = os.path.join(devdata, "streams", "neg.flac")
    if not os.path.isfile(neg):
        raise SystemExit(f"make-synthetic-keyword-audio: {neg} is missing (set DEVDATA)")
    ensure_tools()
    os.makedirs(arguments.out, exist_ok=True)
    background = read_samples(neg)
    tones = room_tones(devdata)
    with tempfile.TemporaryDirectory() as work:
        for keyphrase in arguments.keyphrases:
            words = keyphrase.lower().split()
            if not words:
                raise SystemExit("make-synthetic-keyword-audio: an empty keyphrase")
            make_stream(" ".join(words), background, tones, arguments.out, work)


if __name__ == "__main__":
    main()
