#!/usr/bin/env python3
"""Generate a barge-in stream: the device's spoken answers heard back through a room, with a
person saying the keyword in the middle of each (issue 32, "not waking on itself").

Each trial is an answer spoken by espeak-ng that says the keyword itself two or three times
("Susi here. ..."), played by the device.  What the microphone hears is that answer delayed
(30-80 ms), attenuated (-6 to -12 dB), with early reflections and a decaying tail of later ones
(a simple room; a new one for each trial, or with --one-room the same for all, as for a device
that stays on its shelf), plus a person saying the keyword once, somewhere in the middle of the answer,
at -5 to +5 dB against the echo, plus a noise floor at -60 dBFS.  The trials follow one another
in one stream, so one run of susi-listen measures them all.

The person's keyword:
  --keyword susi      TestAudio/positive_alone_* (flite voices), cut to their labelled span
  --keyword computer  ../shared/devdata/positives/computer (80 recorded people), cut to the
                      speech (10 ms frames within 30 dB of the loudest)

Outputs (in --out DIR, default bench-output/echo-<keyword>/), 16 kHz mono 16-bit WAV (FLAC
with --flac, as for the test fixture TestAudio/echo/):
  captured.wav  what the microphone heard (susi-listen --file)
  played.wav    what the device played, from the same instant (susi-listen --echo-reference)
  person.wav    the control: the person's keywords and the noise floor alone, without the echo
  labels.tsv    the person's keyword: keyword, start_s, end_s, file (bench's format)
  trials.tsv    per trial: answer span, voice, delay, gain, person-to-echo ratio, person file

  Scripts/make-echo-audio.py [--keyword susi|computer] [--trials N] [--seed S] [--out DIR] [--flac] [--one-room]
  Scripts/make-echo-audio.py --trials 2 --flac --out TestAudio/echo     # the tests' fixture

Deterministic for a seed.  Requires espeak-ng and sox on PATH; Python standard library only.
"""

import argparse
import math
import os
import random
import subprocess
import sys
import tempfile
import wave

RATE = 16000
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEVDATA = os.path.join(ROOT, "..", "shared", "devdata")
ANSWERS = [
    "{K} here. The weather in Berlin is sunny with twenty degrees, and tomorrow it will rain in the afternoon.",
    "I am {K}, your personal assistant. You can ask {K} about the weather, the news, or to set a timer.",
    "Your timer is set for ten minutes. {K} will ring when it is done; just say {K} to stop it.",
    "Here is what {K} found on the web. {K} is an assistant that runs on many small devices.",
    "{K} heard you. The next train to Hamburg leaves at half past six from platform four.",
]
VOICES = ["en-us", "en", "en-us+m3", "en+f3", "en-gb-x-rp"]


def read_wav(path):
    with wave.open(path) as w:
        assert w.getframerate() == RATE and w.getnchannels() == 1 and w.getsampwidth() == 2, path
        data = w.readframes(w.getnframes())
    return [int.from_bytes(data[i:i + 2], "little", signed=True) / 32768 for i in range(0, len(data), 2)]


def write_wav(path, samples):
    with wave.open(path, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(b"".join(max(-32767, min(32767, round(s * 32767))).to_bytes(2, "little", signed=True) for s in samples))


def to_16k(path, tmp):
    out = os.path.join(tmp, "converted.wav")
    subprocess.run(["sox", "-D", path, "-r", str(RATE), "-c", "1", "-b", "16", out], check=True)
    return read_wav(out)


def rms(samples):
    return math.sqrt(sum(s * s for s in samples) / max(1, len(samples)))


def speech_span(samples):
    """First and last 10 ms frame within 30 dB of the loudest, with 50 ms either side."""
    frames = [rms(samples[i:i + 160]) for i in range(0, len(samples), 160)]
    floor = max(frames) * 10 ** (-30 / 20)
    loud = [i for i, f in enumerate(frames) if f >= floor]
    return max(0, loud[0] * 160 - 800), min(len(samples), (loud[-1] + 1) * 160 + 800)


def faded(samples, seconds=0.01):
    n = min(int(seconds * RATE), len(samples) // 2)
    out = list(samples)
    for i in range(n):
        out[i] *= i / n
        out[-1 - i] *= i / n
    return out


def people(keyword, tmp):
    """(name, samples) of the keyword said by people, cut to the word."""
    if keyword == "computer":
        folder = os.path.join(DEVDATA, "positives", "computer")
        if not os.path.isdir(folder):
            sys.exit(f"make-echo-audio: {folder} is missing (../shared/devdata)")
        result = []
        for name in sorted(os.listdir(folder)):
            samples = to_16k(os.path.join(folder, name), tmp)
            start, end = speech_span(samples)
            result.append((name, faded(samples[start:end])))
        return result
    result = []
    with open(os.path.join(ROOT, "TestAudio", "labels.tsv")) as labels:
        next(labels)
        for line in labels:
            name, word, start, end = line.rstrip("\n").split("\t")[:4]
            if word == "susi" and name.startswith("positive_alone_"):
                samples = read_wav(os.path.join(ROOT, "TestAudio", name))
                cut = samples[max(0, int((float(start) - 0.05) * RATE)):int((float(end) + 0.05) * RATE)]
                result.append((name, faded(cut)))
    return result


def answer(text, voice, tmp):
    raw = os.path.join(tmp, "answer.wav")
    subprocess.run(["espeak-ng", "-v", voice, "-w", raw, text], check=True)
    samples = to_16k(raw, tmp)
    level = rms([s for s in samples if abs(s) > 1e-3])
    return [s * 0.1 / level for s in samples]  # -20 dBFS over the speech


def room(delay, gain_db, rng):
    """Taps (delay in samples, level) of a small room: the direct path, early reflections, a tail."""
    direct = 10 ** (gain_db / 20)
    taps = [(int(delay * RATE), direct)]
    for _ in range(4):
        taps.append((int((delay + rng.uniform(0.004, 0.030)) * RATE), direct * rng.uniform(0.2, 0.5)))
    for k in range(1, 9):
        later = delay + 0.030 + k * 0.015
        taps.append((int(later * RATE), direct * 0.25 * math.exp(-6.9 * (later - delay) / 0.25) * rng.choice((-1, 1))))
    return taps


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--keyword", choices=["susi", "computer"], default="susi")
    parser.add_argument("--trials", type=int, default=40)
    parser.add_argument("--seed", type=int, default=32)
    parser.add_argument("--out")
    parser.add_argument("--flac", action="store_true")
    parser.add_argument("--one-room", action="store_true", help="the same room for every trial")
    args = parser.parse_args()
    extension = "flac" if args.flac else "wav"
    out = args.out or os.path.join(ROOT, "bench-output", f"echo-{args.keyword}" + ("-one-room" if args.one_room else ""))
    os.makedirs(out, exist_ok=True)
    rng = random.Random(args.seed)
    display = "Susi" if args.keyword == "susi" else "computer"
    shelf = None
    if args.one_room:
        delay, gain = rng.uniform(0.030, 0.080), rng.uniform(-12, -6)
        shelf = (delay, gain, room(delay, gain, rng))
    with tempfile.TemporaryDirectory() as tmp:
        speakers = people(args.keyword, tmp)
        played, captured, alone, labels, trials = [], [], [], [], []
        for trial in range(args.trials):
            text = ANSWERS[trial % len(ANSWERS)].replace("{K}", display)
            voice = VOICES[(trial // len(ANSWERS)) % len(VOICES)]
            speech = answer(text[0].upper() + text[1:], voice, tmp)
            lead, gap = int(1.0 * RATE), int(2.0 * RATE)
            start = len(played)
            played += [0.0] * lead + speech + [0.0] * gap
            if shelf:
                delay, gain, taps = shelf
            else:
                delay, gain = rng.uniform(0.030, 0.080), rng.uniform(-12, -6)
                taps = room(delay, gain, rng)
            echo = [0.0] * (len(played) - start)
            for shift, level in taps:
                for i in range(lead, lead + len(speech)):
                    if i + shift < len(echo):
                        echo[i + shift] += level * played[start + i]
            name, person = speakers[rng.randrange(len(speakers))]
            ratio = rng.uniform(-5, 5)
            echo_level = rms([s for s in echo if abs(s) > 1e-4])
            person = [s * echo_level * 10 ** (ratio / 20) / rms(person) for s in person]
            at = rng.randrange(lead + int(0.5 * RATE), lead + len(speech) - int(1.0 * RATE))
            by_itself = [0.0] * len(echo)
            for i, s in enumerate(person):
                echo[at + i] += s
                by_itself[at + i] = s
            captured += echo
            alone += by_itself
            word_start, word_end = (start + at) / RATE, (start + at + len(person)) / RATE
            labels.append(f"{args.keyword}\t{word_start:.3f}\t{word_end:.3f}\tcaptured.{extension}")
            trials.append(f"{trial}\t{(start + lead) / RATE:.3f}\t{(start + lead + len(speech)) / RATE:.3f}\t{voice}\t"
                          f"{delay * 1000:.0f}\t{gain:.1f}\t{ratio:.1f}\t{name}\t{text}")
        noise = random.Random(args.seed + 1)
        floor, state = 10 ** (-60 / 20), 0.0
        for i in range(len(captured)):
            state = 0.95 * state + noise.gauss(0, 1)  # reddened white noise: more like a room than white
            captured[i] += floor * 0.3 * state
            alone[i] += floor * 0.3 * state
        for name, samples in (("played", played), ("captured", captured), ("person", alone)):
            write_wav(os.path.join(tmp, "out.wav"), samples)
            subprocess.run(["sox", "-D", os.path.join(tmp, "out.wav"), os.path.join(out, f"{name}.{extension}")], check=True)
    with open(os.path.join(out, "labels.tsv"), "w") as f:
        f.write("keyword\tstart_s\tend_s\tfile\n" + "\n".join(labels) + "\n")
    with open(os.path.join(out, "trials.tsv"), "w") as f:
        f.write("trial\tanswer_start_s\tanswer_end_s\tvoice\tdelay_ms\tgain_db\tperson_to_echo_db\tperson\ttext\n"
                + "\n".join(trials) + "\n")
    print(f"make-echo-audio: {args.trials} trials, {len(captured) / RATE:.0f} s, in {out}", file=sys.stderr)


if __name__ == "__main__":
    main()
