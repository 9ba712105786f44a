#!/usr/bin/env python3
"""Generate the synthetic hotword test fixtures in TestAudio/ for susi-listen.

Every file is 16 kHz, mono, 16-bit PCM WAV.  Each file is assembled from
separately synthesised pieces (espeak-ng -> sox resample -> energy trim ->
RMS normalise) that are concatenated with known gaps, so the first and last
sample of every spoken "susi" is known exactly.  A pink-noise floor (and for
the "babble" condition a mix of other espeak-ng voices) is added on top.

Outputs (in --out DIR):
  positive_*.wav  contain at least one "susi" (rows in labels.tsv)
  negative_*.wav  contain no "susi" (no rows in labels.tsv)
  mixed_*.wav     long file, many "susi" interleaved with near-misses
  labels.tsv      file, keyword, start_s, end_s (one row per spoken keyword)
  manifest.tsv    file, group, condition, voice, speed, pitch, content

Deterministic: fixed voice list, fixed per-file seeds (CRC32 of the file
name), sox run without dither; running it twice gives byte-identical files.

Requires espeak-ng and sox on PATH; Python standard library only.

  Scripts/make-test-audio.py [--out DIR]
  Scripts/make-test-audio.py --check [--out DIR]   # needs pocketsphinx_continuous
"""

import argparse
import array
import math
import os
import random
import shutil
import subprocess
import sys
import tempfile
import wave
import zlib

SR = 16000

# Levels (dBFS, RMS).  Every speech piece is normalised to SPEECH_DBFS; the
# pink-noise floor sits NOISE_SNR_DB below that, babble BABBLE_SNR_DB below.
SPEECH_DBFS = -23.0
NOISE_SNR_DB = 38.0
BABBLE_SNR_DB = 12.0
PEAK_LIMIT = 0.9

LEAD_IN_S = 0.8     # noise-only audio before the first word of a short file
LEAD_OUT_S = 0.6    # noise-only audio after the last word
WORD_GAP_S = (0.06, 0.14)   # gap between words of one sentence (seeded)

# Pronunciations of the hotword, as espeak-ng phoneme input.
SUSI_Z = "[[s'u:zi]]"   # S UW Z IY
SUSI_S = "[[s'u:si]]"   # S UW S IY

# Foreground voices (espeak-ng -v).
VOICES = [
    "en-us",
    "en",
    "en-us+m3",
    "en-us+f2",
    "en+m7",
    "en-gb-x-rp",
    "en-us+f4",
    "en-gb-scotland",
    "en-us-nyc",
    "en-us+klatt",
]
# Voices screened and left out because PocketSphinx (en-us model) practically
# never detects their "susi": isolated susi, 2 pronunciations x 6 speed/pitch
# settings over the pink-noise floor, detected in <= 4 of 12 even at
# kws_threshold 1e-30 (see TestAudio/README.md).  A limit of the synthetic
# speech, documented rather than hidden; add them back to VOICES to re-test.
DROPPED_VOICES = [
    "en-029",           # Caribbean: 1/12 detected at <= 1e-30 (over noise)
    "en-gb-x-gbcwmd",   # West Midlands: 4/12 detected at <= 1e-30 (over noise)
]

# (speed wpm, pitch 0-99) combinations, cycled through.
PROSODY = [(175, 50), (150, 40), (200, 62), (135, 30), (215, 72), (165, 56)]

# Background talkers for the babble condition (not used in the foreground).
BABBLE_VOICES = ["en-us+m1", "en-gb+f3", "en-us+m5", "en+f5",
                 "en-us+m2", "en-us+f1", "en+m6", "en-gb-x-rp+m4"]
BABBLE_TALKERS = 3
BABBLE_SENTENCES = [
    "the train to hamburg leaves at nine in the morning",
    "please pass me the bread and the butter",
    "we should paint the kitchen green this year",
    "my brother bought a new bicycle last week",
    "the meeting was moved to thursday afternoon",
    "there is a cat sleeping on the warm sofa",
    "turn left at the second traffic light",
    "the library closes early on holidays",
    "she forgot her umbrella at the office",
    "they are building a bridge across the river",
    "how much does the blue jacket cost",
    "the football match ended in a draw",
]

# Hotword in sentence context: (words before, words after).
SUSI_SENTENCES = [
    ("hey", "what time is it"),
    ("", "play some music"),
    ("okay", "what is the weather in berlin"),
    ("I asked", "yesterday"),
    ("thank you", ""),
    ("", "turn off the lights"),
]

# Hotword immediately followed by a command (<= 0.1 s gap).
COMMANDS = [
    "what is the weather in berlin",
    "set a timer for five minutes",
    "turn on the kitchen light",
]
COMMAND_GAP_S = 0.05

# Near-misses: file tag -> list of pieces (espeak text); multiple pieces are
# spoken with NEAR_MISS_SPACING_S between them.  "Suzy"/"Susie" are NOT used:
# they sound the same as susi.
NEAR_MISSES = {
    "lucy": ["Lucy"],
    "juicy": ["juicy"],
    "sushi": ["sushi"],
    "sousa": ["[[s'u:z@]]"],       # S UW Z AH (espeak reads "Sousa" as "sow-sa")
    "super": ["super"],
    "sue": ["sue"],
    "see": ["see"],
    "sue-see": ["sue", "see"],     # the two syllables spoken apart
    "soup": ["soup"],
    "seesaw": ["seesaw"],
}
NEAR_MISS_SPACING_S = 0.6

NEGATIVE_SENTENCES = [
    "what time is it",
    "play some music please",
    "the weather in berlin is sunny today",
    "see you soon",
    "that was so easy",
    "I would like a cup of tea",
]

CONDITIONS = ["noise", "babble"]


# --------------------------------------------------------------------------
# Audio primitives (lists of floats in [-1, 1])

class Synth:
    def __init__(self, tmpdir):
        self.tmp = tmpdir
        self.cache = {}

    def raw(self, text, voice, speed, pitch):
        key = (text, voice, speed, pitch)
        if key not in self.cache:
            src = os.path.join(self.tmp, "espeak.wav")
            dst = os.path.join(self.tmp, "16k.wav")
            subprocess.run(["espeak-ng", "-v", voice, "-s", str(speed),
                            "-p", str(pitch), "-w", src, text], check=True)
            # -D: no dither, so the result is deterministic.
            # gain -6 first: espeak-ng output is near full scale and the
            # resampler would otherwise clip (the level is normalised later).
            subprocess.run(["sox", "-D", src, "-c", "1", "-b", "16",
                            "-e", "signed-integer", dst,
                            "gain", "-6", "rate", str(SR)], check=True)
            with wave.open(dst, "rb") as w:
                assert w.getframerate() == SR and w.getnchannels() == 1
                a = array.array("h", w.readframes(w.getnframes()))
            self.cache[key] = [v / 32768.0 for v in a]
        return self.cache[key]

    def piece(self, text, voice, speed, pitch):
        """Synthesised, trimmed and level-normalised piece."""
        return normalise(trim(self.raw(text, voice, speed, pitch)), SPEECH_DBFS)


def trim(x, rel=0.01):
    """Drop leading/trailing samples below rel * peak."""
    peak = max(abs(v) for v in x)
    thr = peak * rel
    s = next(i for i, v in enumerate(x) if abs(v) >= thr)
    e = len(x) - next(i for i, v in enumerate(reversed(x)) if abs(v) >= thr)
    return x[s:e]


def rms(x):
    return math.sqrt(sum(v * v for v in x) / max(1, len(x)))


def normalise(x, dbfs):
    g = 10 ** (dbfs / 20.0) / rms(x)
    pk = max(abs(v) for v in x) * g
    if pk > PEAK_LIMIT:
        g *= PEAK_LIMIT / pk
    return [v * g for v in x]


def pink_noise(n, rng, dbfs):
    """Pink noise (Paul Kellett's filter over seeded Gaussian white noise)."""
    b0 = b1 = b2 = b3 = b4 = b5 = b6 = 0.0
    out = [0.0] * n
    gauss = rng.gauss
    for i in range(n):
        w = gauss(0.0, 1.0)
        b0 = 0.99886 * b0 + w * 0.0555179
        b1 = 0.99332 * b1 + w * 0.0750759
        b2 = 0.96900 * b2 + w * 0.1538520
        b3 = 0.86650 * b3 + w * 0.3104856
        b4 = 0.55000 * b4 + w * 0.5329522
        b5 = -0.7616 * b5 - w * 0.0168980
        out[i] = b0 + b1 + b2 + b3 + b4 + b5 + b6 + w * 0.5362
        b6 = w * 0.115926
    g = 10 ** (dbfs / 20.0) / rms(out)
    return [v * g for v in out]


def add_into(dst, src, offset):
    for i, v in enumerate(src):
        dst[offset + i] += v


def write_wav(path, x):
    a = array.array("h", (max(-32768, min(32767, int(round(v * 32768.0))))
                          for v in x))
    if sys.byteorder != "little":
        a.byteswap()
    with wave.open(path, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(SR)
        w.writeframes(a.tobytes())


# --------------------------------------------------------------------------
# File assembly

class Track:
    """A foreground track built from pieces with known sample positions."""

    def __init__(self, rng):
        self.rng = rng
        self.samples = [0.0] * int(round(LEAD_IN_S * SR))
        self.labels = []      # (start_sample, end_sample)
        self.content = []     # human readable description

    def gap(self, seconds):
        self.samples.extend([0.0] * int(round(seconds * SR)))

    def word_gap(self):
        self.gap(self.rng.uniform(*WORD_GAP_S))

    def add(self, piece, keyword=False):
        start = len(self.samples)
        self.samples.extend(piece)
        if keyword:
            self.labels.append((start, len(self.samples)))

    def finish(self):
        self.gap(LEAD_OUT_S)


class Generator:
    def __init__(self, out, synth):
        self.out = out
        self.synth = synth
        self.labels = []      # (file, keyword, start_s, end_s)
        self.manifest = []    # (file, group, condition, voice, speed, pitch, content)
        self.written = []

    @staticmethod
    def rng_for(name, salt=""):
        return random.Random(zlib.crc32((salt + name).encode("utf-8")))

    def say(self, text, voice, prosody):
        return self.synth.piece(text, voice, prosody[0], prosody[1])

    def susi(self, voice, prosody, pron):
        return self.say(SUSI_Z if pron == "Z" else SUSI_S, voice, prosody)

    def add_words(self, track, words, voice, prosody):
        """Add a phrase word by word (each word synthesised separately)."""
        for i, w in enumerate(words.split()):
            if i:
                track.word_gap()
            track.add(self.say(w, voice, prosody))

    def babble(self, n, name):
        rng = self.rng_for(name, "babble:")
        talkers = rng.sample(BABBLE_VOICES, BABBLE_TALKERS)
        mix = [0.0] * n
        for t, voice in enumerate(talkers):
            prosody = PROSODY[rng.randrange(len(PROSODY))]
            stream = []
            order = list(range(len(BABBLE_SENTENCES)))
            rng.shuffle(order)
            k = 0
            while len(stream) < n + SR:
                text = BABBLE_SENTENCES[order[k % len(order)]]
                stream.extend(self.say(text, voice, prosody))
                stream.extend([0.0] * int(rng.uniform(0.15, 0.45) * SR))
                k += 1
            off = rng.randrange(0, SR)   # start up to 1 s into the stream
            add_into(mix, stream[off:off + n], 0)
        target = 10 ** ((SPEECH_DBFS - BABBLE_SNR_DB) / 20.0)
        g = target / rms(mix)
        return [v * g for v in mix], talkers

    def render(self, name, group, condition, track, voice, prosody, content,
               babble_span=None):
        track.finish()
        fg = track.samples
        n = len(fg)
        rng = self.rng_for(name, "noise:")
        mix = pink_noise(n, rng, SPEECH_DBFS - NOISE_SNR_DB)
        add_into(mix, fg, 0)
        cond = condition
        if condition == "babble" or babble_span:
            if babble_span:
                a, b = (int(babble_span[0] * SR), int(babble_span[1] * SR))
            else:
                a, b = 0, n
            bab, talkers = self.babble(b - a, name)
            add_into(mix, bab, a)
            cond = "%s(%s)" % (condition, ",".join(talkers))
        fname = name + ".wav"
        write_wav(os.path.join(self.out, fname), mix)
        for s, e in track.labels:
            self.labels.append((fname, "susi", s / SR, e / SR))
        self.manifest.append((fname, group, cond, voice,
                              "-" if prosody is None else str(prosody[0]),
                              "-" if prosody is None else str(prosody[1]),
                              content))
        self.written.append((fname, n / SR, len(track.labels)))

    # -- groups -----------------------------------------------------------

    def positives_alone(self):
        k = 0
        for vi, voice in enumerate(VOICES):
            for ci, cond in enumerate(CONDITIONS):
                prosody = PROSODY[k % len(PROSODY)]
                pron = "Z" if (vi + ci) % 2 == 0 else "S"
                name = "positive_alone_%s_%s_%s" % (slug(voice), pron.lower(), cond)
                t = Track(self.rng_for(name))
                t.add(self.susi(voice, prosody, pron), keyword=True)
                self.render(name, "positive", cond, t, voice, prosody,
                            "susi(%s)" % pron)
                k += 1

    def positives_sentence(self):
        k = 0
        for vi, voice in enumerate(VOICES):
            # each sentence is used twice: once over noise, once over babble
            cond = CONDITIONS[(vi + vi // len(SUSI_SENTENCES)) % 2]
            before, after = SUSI_SENTENCES[vi % len(SUSI_SENTENCES)]
            prosody = PROSODY[(k + 3) % len(PROSODY)]
            pron = "Z" if vi % 3 else "S"
            name = "positive_sentence_%s_%s_%s" % (
                slug((before + " susi " + after).strip()), slug(voice), cond)
            t = Track(self.rng_for(name))
            if before:
                self.add_words(t, before, voice, prosody)
                t.word_gap()
            t.add(self.susi(voice, prosody, pron), keyword=True)
            if after:
                t.word_gap()
                self.add_words(t, after, voice, prosody)
            self.render(name, "positive", cond, t, voice, prosody,
                        ("%s susi(%s) %s" % (before, pron, after)).strip())
            k += 1

    def positives_command(self):
        picks = [("en-us", "Z", "noise"), ("en-gb-x-rp", "S", "noise"),
                 ("en-us+f2", "Z", "babble")]
        for i, (cmd, (voice, pron, cond)) in enumerate(zip(COMMANDS, picks)):
            prosody = PROSODY[i]
            name = "positive_command_%s_%s_%s" % (slug(cmd), slug(voice), cond)
            t = Track(self.rng_for(name))
            t.add(self.susi(voice, prosody, pron), keyword=True)
            t.gap(COMMAND_GAP_S)
            # command spoken as one phrase: natural prosody, no word gaps
            t.add(self.say(cmd, voice, prosody))
            self.render(name, "positive", cond, t, voice, prosody,
                        "susi(%s) +%.2fs %s" % (pron, COMMAND_GAP_S, cmd))

    def negatives_near_miss(self):
        k = 0
        for tag, pieces in NEAR_MISSES.items():
            for ci, cond in enumerate(CONDITIONS):
                voice = VOICES[(k * 5 + 1) % len(VOICES)]
                prosody = PROSODY[k % len(PROSODY)]
                name = "negative_nearmiss_%s_%s_%s" % (tag, slug(voice), cond)
                t = Track(self.rng_for(name))
                for i, p in enumerate(pieces):
                    if i:
                        t.gap(NEAR_MISS_SPACING_S)
                    t.add(self.say(p, voice, prosody))
                self.render(name, "negative", cond, t, voice, prosody,
                            " | ".join(pieces))
                k += 1

    def negatives_sentence(self):
        for i, text in enumerate(NEGATIVE_SENTENCES):
            voice = VOICES[(i * 7 + 2) % len(VOICES)]
            cond = CONDITIONS[i % 2]
            prosody = PROSODY[(i + 1) % len(PROSODY)]
            name = "negative_sentence_%s_%s_%s" % (slug(text), slug(voice), cond)
            t = Track(self.rng_for(name))
            t.add(self.say(text, voice, prosody))
            self.render(name, "negative", cond, t, voice, prosody, text)

    def negatives_background(self):
        for cond, secs in (("noise", 3.0), ("babble", 6.0)):
            name = "negative_background_only_%s" % cond
            t = Track(self.rng_for(name))
            t.gap(secs - LEAD_IN_S - LEAD_OUT_S)
            self.render(name, "negative", cond, t, "-", None,
                        "no foreground speech")

    def mixed(self):
        """~70 s: susi utterances interleaved with near-misses and sentences;
        noise floor throughout, babble during the middle third."""
        name = "mixed_susi_and_near_misses"
        rng = self.rng_for(name)
        items = []
        for i, voice in enumerate(VOICES):
            pron = "Z" if i % 2 == 0 else "S"
            if i % 3 == 2:
                before, after = SUSI_SENTENCES[i % len(SUSI_SENTENCES)]
            else:
                before, after = "", ""
            items.append(("pos", voice, pron, before, after))
        for j, extra in enumerate(("en-us", "en-gb-x-rp", "en-us+f2",
                                   "en-us+m3", "en-gb-scotland", "en-us-nyc")):
            items.append(("pos", extra, "S" if j % 2 else "Z", "", ""))
        negs = list(NEAR_MISSES.items()) + [(s, [s]) for s in NEGATIVE_SENTENCES[:6]]
        for j, (tag, pieces) in enumerate(negs):
            items.append(("neg", VOICES[(j * 3 + 4) % len(VOICES)], pieces))
        # interleave deterministically: shuffle, seeded
        rng.shuffle(items)
        t = Track(rng)
        content = []
        for k, it in enumerate(items):
            if k:
                t.gap(rng.uniform(0.9, 1.4))
            prosody = PROSODY[k % len(PROSODY)]
            if it[0] == "pos":
                _, voice, pron, before, after = it
                if before:
                    self.add_words(t, before, voice, prosody)
                    t.word_gap()
                t.add(self.susi(voice, prosody, pron), keyword=True)
                if after:
                    t.word_gap()
                    self.add_words(t, after, voice, prosody)
                content.append("%s:%s susi(%s) %s" % (voice, before, pron, after))
            else:
                _, voice, pieces = it
                for i, p in enumerate(pieces):
                    if i:
                        t.gap(NEAR_MISS_SPACING_S)
                    t.add(self.say(p, voice, prosody))
                content.append("%s:%s" % (voice, " | ".join(pieces)))
        dur = (len(t.samples) / SR) + LEAD_OUT_S
        self.render(name, "mixed", "noise+babble", t, "various", None,
                    "; ".join(c.strip() for c in content),
                    babble_span=(dur / 3.0, 2.0 * dur / 3.0))

    def write_tables(self):
        with open(os.path.join(self.out, "labels.tsv"), "w", newline="\n") as f:
            f.write("file\tkeyword\tstart_s\tend_s\n")
            for fn, kw, s, e in sorted(self.labels):
                f.write("%s\t%s\t%.3f\t%.3f\n" % (fn, kw, s, e))
        with open(os.path.join(self.out, "manifest.tsv"), "w", newline="\n") as f:
            f.write("file\tgroup\tcondition\tvoice\tspeed\tpitch\tcontent\n")
            for row in sorted(self.manifest):
                f.write("\t".join(row) + "\n")


def slug(s):
    out = []
    for ch in s.lower():
        out.append(ch if ch.isalnum() else "-")
    return "-".join(p for p in "".join(out).split("-") if p)


# --------------------------------------------------------------------------
# Optional detection check with Debian's pocketsphinx_continuous

CHECK_THRESHOLDS = ["1e-5", "1e-10", "1e-15", "1e-20", "1e-25", "1e-30"]
MATCH_TOLERANCE_S = 0.3


def read_labels(out):
    labels = {}
    with open(os.path.join(out, "labels.tsv")) as f:
        next(f)
        for line in f:
            fn, kw, s, e = line.rstrip("\n").split("\t")
            labels.setdefault(fn, []).append((float(s), float(e)))
    return labels


def read_manifest(out):
    rows = {}
    with open(os.path.join(out, "manifest.tsv")) as f:
        head = next(f).rstrip("\n").split("\t")
        for line in f:
            r = dict(zip(head, line.rstrip("\n").split("\t")))
            rows[r["file"]] = r
    return rows


def decode(exe, path, threshold, dict_path):
    """Run pocketsphinx_continuous; return [(start_s, end_s)] of susi hits."""
    res = subprocess.run(
        [exe, "-infile", path, "-keyphrase", "susi", "-kws_threshold", threshold,
         "-dict", dict_path, "-time", "yes", "-logfn", os.devnull],
        capture_output=True, text=True, check=True)
    hits = []
    for line in res.stdout.splitlines():
        p = line.split()
        # "-time yes" lines: word start end confidence
        if len(p) == 4 and p[0] == "susi" and p[1][:1].isdigit():
            hits.append((float(p[1]), float(p[2])))
    return hits


def match(labs, hits):
    """Greedy label/hit matching with MATCH_TOLERANCE_S; returns
    (list of found flags per label, number of unmatched hits)."""
    used = set()
    found = []
    for s, e in labs:
        m = [i for i, (hs, he) in enumerate(hits) if i not in used
             and hs <= e + MATCH_TOLERANCE_S and he >= s - MATCH_TOLERANCE_S]
        if m:
            used.add(m[0])
        found.append(bool(m))
    return found, len(hits) - len(used)


def run_check(out):
    exe = shutil.which("pocketsphinx_continuous")
    if not exe:
        sys.exit("pocketsphinx_continuous not found (apt-get install pocketsphinx)")
    labels = read_labels(out)
    manifest = read_manifest(out)
    files = sorted(f for f in os.listdir(out) if f.endswith(".wav"))
    tmp = tempfile.mkdtemp(prefix="susi-check-")
    dict_path = os.path.join(tmp, "susi.dict")
    with open(dict_path, "w") as f:
        f.write("susi S UW Z IY\nsusi(2) S UW S IY\n")
    # results[file][threshold] = (found flags, unmatched hits)
    results = {}
    try:
        for fn in files:
            labs = labels.get(fn, [])
            results[fn] = {}
            for th in CHECK_THRESHOLDS:
                results[fn][th] = match(labs, decode(exe, os.path.join(out, fn),
                                                     th, dict_path))
    finally:
        shutil.rmtree(tmp)

    print("pocketsphinx_continuous -keyphrase susi, dict: susi S UW Z IY / "
          "susi(2) S UW S IY; a hit matches a label if it overlaps "
          "[start-%.1fs, end+%.1fs]" % (MATCH_TOLERANCE_S, MATCH_TOLERANCE_S))
    print("\n%-8s %-13s %-13s %-16s %-16s %s" % (
        "thresh", "positives", "neg-file hits", "neg files hit",
        "extra hits pos", "mixed found/extra"))
    for th in CHECK_THRESHOLDS:
        found = total = neg_hits = neg_files = extra = mf = mx = 0
        for fn in files:
            flags, unmatched = results[fn][th]
            total += len(flags)
            found += sum(flags)
            if fn.startswith("mixed_"):
                mf += sum(flags)
                mx += unmatched
            if flags:
                extra += unmatched
            else:
                neg_hits += unmatched
                neg_files += unmatched > 0
        print("%-8s %-13s %-13d %-16s %-16d %d/%d+%d" % (
            th, "%d/%d" % (found, total), neg_hits,
            "%d/%d" % (neg_files, sum(1 for f in files if f not in labels)),
            extra, mf, sum(len(v) for k, v in labels.items()
                           if k.startswith("mixed_")), mx))

    def first_found(fn, k):
        for th in CHECK_THRESHOLDS:
            if results[fn][th][0][k]:
                return th
        return "never"

    def first_false(fn):
        for th in CHECK_THRESHOLDS:
            if results[fn][th][1]:
                return th
        return "never"

    print("\nper file: largest threshold (of %s) at which each keyword is found;"
          " largest threshold with an unmatched (false) hit" % ",".join(CHECK_THRESHOLDS))
    by_voice = {}
    for fn in files:
        labs = labels.get(fn, [])
        ff = [first_found(fn, k) for k in range(len(labs))]
        print("  %-78s found@ %-24s false@ %s" % (
            fn, ",".join(ff) if ff else "-", first_false(fn)))
        r = manifest.get(fn)
        if r and labs and not fn.startswith("mixed_"):
            by_voice.setdefault(r["voice"], []).extend(ff)
    print("\nper voice (non-mixed positives): found@ per keyword")
    for v in sorted(by_voice):
        print("  %-16s %s" % (v, " ".join(by_voice[v])))


# --------------------------------------------------------------------------

def main():
    here = os.path.dirname(os.path.abspath(__file__))
    default_out = os.path.join(os.path.dirname(here), "TestAudio")
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default=default_out,
                    help="output directory (default: %(default)s)")
    ap.add_argument("--check", action="store_true",
                    help="do not generate; run pocketsphinx_continuous on the "
                         "files in --out at several thresholds and report")
    args = ap.parse_args()
    if args.check:
        run_check(args.out)
        return
    for tool in ("espeak-ng", "sox"):
        if not shutil.which(tool):
            sys.exit("%s not found on PATH" % tool)
    os.makedirs(args.out, exist_ok=True)
    for fn in os.listdir(args.out):      # remove stale generated files
        if fn.endswith(".wav") and fn.split("_")[0] in ("positive", "negative", "mixed"):
            os.remove(os.path.join(args.out, fn))
    tmp = tempfile.mkdtemp(prefix="susi-audio-")
    try:
        gen = Generator(args.out, Synth(tmp))
        gen.positives_alone()
        gen.positives_sentence()
        gen.positives_command()
        gen.negatives_near_miss()
        gen.negatives_sentence()
        gen.negatives_background()
        gen.mixed()
        gen.write_tables()
    finally:
        shutil.rmtree(tmp)
    total = 0
    for fn, secs, nlab in sorted(gen.written):
        size = os.path.getsize(os.path.join(args.out, fn))
        total += size
        print("wrote %-70s %6.2f s  %d keyword(s)" % (fn, secs, nlab))
    print("wrote labels.tsv (%d rows), manifest.tsv" % len(gen.labels))
    print("%d wav files, %.2f MB" % (len(gen.written), total / 1e6))


if __name__ == "__main__":
    main()
