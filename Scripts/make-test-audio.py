#!/usr/bin/env python3
"""Generate the synthetic hotword test fixtures in TestAudio/ for susi-listen.

Every file is 16 kHz, mono, 16-bit PCM WAV.  The foreground speech comes from
flite voices (awb, slt, rms, kal16): pieces are synthesised separately
(flite -> sox -> 16 kHz), trimmed and level-normalised, and concatenated with
known gaps, so the first and last sample of every spoken "susi" is known
exactly.  Sentences of the clustergen voices (awb, slt, rms) are synthesised
as one utterance; there the keyword's span comes from flite's own segment
times (-psdur), which are exact for clustergen voices (the waveform is built
from those durations, 5 ms frames).  A pink-noise floor is added to every
file; the "babble" condition adds three background talkers (espeak-ng and
flite voices other than the foreground one) 12 dB below the foreground.

Outputs (in --out DIR):
  positive_*.wav  contain at least one "susi" (rows in labels.tsv)
  negative_*.wav  contain no "susi" (no rows in labels.tsv)
  mixed_*.wav     long file, many "susi" interleaved with near-misses
  labels.tsv      file, keyword, start_s, end_s (one row per spoken keyword)
  manifest.tsv    file, group, condition, voice, speed, pitch, content

Deterministic: fixed voice lists, fixed per-file seeds (CRC32 of the file
name), sox run without dither, flite and espeak-ng are deterministic; running
it twice gives byte-identical files.

Requires flite (with the awb, slt, rms, kal16 voices), espeak-ng and sox on
PATH; Python standard library only.

  Scripts/make-test-audio.py [--out DIR]
  Scripts/make-test-audio.py --check [--out DIR] [--binary PATH]
      runs the project's detector (susi-listen --file ... --sensitivity S)
      on every file at several sensitivities and reports hits and scores
"""

import argparse
import array
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import wave
import zlib

from fixture_noise import pink_noise, rms

SR = 16000

# Levels (dBFS, RMS).  Every speech piece is normalised to SPEECH_DBFS (its
# active level: RMS over the trimmed piece); the pink-noise floor sits
# NOISE_SNR_DB below that, the babble mix BABBLE_SNR_DB below.
SPEECH_DBFS = -23.0
NOISE_SNR_DB = 38.0
BABBLE_SNR_DB = 12.0
PEAK_LIMIT = 0.9

LEAD_IN_S = 0.5     # background-only audio before the first word of a file
LEAD_OUT_S = 0.5    # background-only audio after the last word
PIECE_GAP_S = (0.04, 0.10)   # gap between the pieces of a sentence (seeded)

# Foreground voices: flite voice -> pronunciations of "susi" it speaks and the
# int_f0_target_mean of its three prosody variants (None: voice default).
# The variants are VARIANTS[k] = (name, duration_stretch) with f0[k].
VOICES = {
    "awb": {"prons": "SZ", "f0": [None, 100, 160],
            "about": "Scottish English male, clustergen"},
    "slt": {"prons": "ZS", "f0": [None, 140, 210],
            "about": "US English female, clustergen"},
    "rms": {"prons": "Z", "f0": [None, None, None],
            "about": "US English male, clustergen (ignores int_f0_target_mean)"},
    "kal16": {"prons": "ZS", "f0": [None, 80, 130],
              "about": "US English male, diphone, 16 kHz"},
}
VOICE_ORDER = ["awb", "slt", "rms", "kal16"]
VARIANTS = [("norm", 1.0), ("fast", 0.9), ("slow", 1.15)]
# Clustergen voices: flite's segment times match the waveform exactly, so
# sentences are synthesised as one utterance.  kal16 (diphone) is assembled
# from pieces instead (its -psdur times drift by up to ~0.1 s).
ONE_UTTERANCE_VOICES = {"awb", "slt", "rms"}

# The hotword: flite reads "susi" as S UW S IY and "suzy" as S UW Z IY.
SUSI_TEXT = {"S": "susi", "Z": "suzy"}
SUSI_PHONES = {"S": ["s", "uw", "s", "iy"], "Z": ["s", "uw", "z", "iy"]}

# Screened and left out (measured with susi-listen; see TestAudio/README.md).
DROPPED = {
    "flite kal": "8 kHz voice: no 'susi' detected in 18 variants even at "
                 "sensitivity 1.0 (threshold 1e-14); nothing above 4 kHz, "
                 "so the s/z frication is missing",
    "flite rms saying S UW S IY": "weak: scores -13.3..-0.3 or missed in "
                 "6 files at sensitivity 1.0, so rms says only S UW Z IY",
    "espeak-ng voices (foreground)": "formant speech scores far below real "
                 "speech; mostly missed at sensitivity 0.5",
}

# Background talkers for the babble condition: espeak-ng voices plus flite
# voices; the foreground voice of a file is never one of its talkers.
BABBLE_POOL = ([("espeak", v) for v in
                ["en-us+m1", "en-gb+f3", "en-us+m5", "en+f5",
                 "en-us+m2", "en-us+f1", "en+m6", "en-gb-x-rp+m4"]] +
               [("flite", v) for v in ["awb", "slt", "rms", "kal16", "kal"]])
BABBLE_TALKERS = 3
ESPEAK_PROSODY = [(175, 50), (150, 40), (200, 62), (135, 30), (215, 72), (165, 56)]
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

# Hotword, COMMAND_GAP_S of background, then a command (one utterance):
# (command, voice, variant index, condition).
COMMAND_FILES = [
    ("what is the weather in berlin", "slt", 0, "noise"),
    ("what is the weather in berlin", "kal16", 1, "babble"),
    ("set a timer for five minutes", "awb", 2, "noise"),
    ("turn on the kitchen light", "rms", 1, "noise"),
    ("set a timer for five minutes", "kal16", 0, "noise"),
]
COMMAND_GAP_S = 0.05

# Near-misses: file tag -> pieces (flite text); several pieces are spoken
# NEAR_MISS_SPACING_S apart.  flite says: Lucy L UW S IY, juicy JH UW S IY,
# sushi S UW SH IY, Sousa S UW Z AX, super S UW P ER, sue S UW, see S IY,
# soup S UW P, seesaw S IY S AO.  "Suzy"/"Susie" are NOT used as negatives:
# they sound the same as susi.
NEAR_MISSES = {
    "lucy": ["Lucy"],
    "juicy": ["juicy"],
    "sushi": ["sushi"],
    "sousa": ["Sousa"],
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
    """flite / espeak-ng -> 16 kHz float samples, cached."""

    def __init__(self, tmpdir):
        self.tmp = tmpdir
        self.cache = {}

    def _to16k(self, src):
        dst = os.path.join(self.tmp, "16k.wav")
        # -D: no dither, so the result is deterministic.  gain -6 first: the
        # synthesisers' output can be near full scale and the resampler would
        # otherwise clip (the level is normalised later).
        subprocess.run(["sox", "-D", src, "-c", "1", "-b", "16",
                        "-e", "signed-integer", dst,
                        "gain", "-6", "rate", str(SR)], check=True)
        with wave.open(dst, "rb") as w:
            assert w.getframerate() == SR and w.getnchannels() == 1
            a = array.array("h", w.readframes(w.getnframes()))
        if sys.byteorder != "little":
            a.byteswap()
        return [v / 32768.0 for v in a]

    def flite(self, text, voice, stretch=1.0, f0=None):
        """(samples, segments); segments = [(phone, start_s, end_s)] as flite
        timed them (exact for clustergen voices)."""
        key = ("flite", text, voice, stretch, f0)
        if key not in self.cache:
            src = os.path.join(self.tmp, "flite.wav")
            cmd = ["flite", "-voice", voice,
                   "--setf", "duration_stretch=%g" % stretch]
            if f0 is not None:
                cmd += ["--setf", "int_f0_target_mean=%g" % f0]
            cmd += ["-psdur", "-t", text, "-o", src]
            out = subprocess.run(cmd, check=True, capture_output=True,
                                 text=True).stdout
            segs, t = [], 0.0
            for tok in out.split():
                ph, end = tok.rsplit(":", 1)
                segs.append((ph, t, float(end)))
                t = float(end)
            self.cache[key] = (self._to16k(src), segs)
        return self.cache[key]

    def espeak(self, text, voice, speed, pitch):
        key = ("espeak", text, voice, speed, pitch)
        if key not in self.cache:
            src = os.path.join(self.tmp, "espeak.wav")
            subprocess.run(["espeak-ng", "-v", voice, "-s", str(speed),
                            "-p", str(pitch), "-w", src, text], check=True)
            self.cache[key] = self._to16k(src)
        return self.cache[key]

    def piece(self, text, voice, stretch=1.0, f0=None):
        """Synthesised, energy-trimmed and level-normalised flite piece."""
        return normalise(trim(self.flite(text, voice, stretch, f0)[0]),
                         SPEECH_DBFS)

    def utterance(self, text, voice, stretch, f0, phones):
        """One flite utterance cut to [end of leading pause, start of trailing
        pause] by flite's segment times, normalised; returns (piece,
        (start, end) sample span of the phone sequence `phones`)."""
        x, segs = self.flite(text, voice, stretch, f0)
        a = int(round(segs[0][2] * SR)) if segs[0][0] == "pau" else 0
        b = int(round(segs[-1][1] * SR)) if segs[-1][0] == "pau" else len(x)
        names = [s[0] for s in segs]
        for i in range(len(names) - len(phones) + 1):
            if names[i:i + len(phones)] == phones:
                s = int(round(segs[i][1] * SR)) - a
                e = int(round(segs[i + len(phones) - 1][2] * SR)) - a
                return normalise(x[a:b], SPEECH_DBFS), (s, e)
        raise ValueError("%r: %s not in %s" % (text, phones, names))


def trim(x, rel=0.01):
    """Drop leading/trailing samples below rel * peak."""
    peak = max(abs(v) for v in x)
    thr = peak * rel
    s = next(i for i, v in enumerate(x) if abs(v) >= thr)
    e = len(x) - next(i for i, v in enumerate(reversed(x)) if abs(v) >= thr)
    return x[s:e]


def normalise(x, dbfs):
    g = 10 ** (dbfs / 20.0) / rms(x)
    pk = max(abs(v) for v in x) * g
    if pk > PEAK_LIMIT:
        g *= PEAK_LIMIT / pk
    return [v * g for v in x]


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

    def gap(self, seconds):
        self.samples.extend([0.0] * int(round(seconds * SR)))

    def piece_gap(self):
        self.gap(self.rng.uniform(*PIECE_GAP_S))

    def add(self, piece, keyword_span=None):
        """Append a piece; keyword_span = (s, e) samples within the piece,
        or True for the whole piece."""
        start = len(self.samples)
        self.samples.extend(piece)
        if keyword_span is True:
            self.labels.append((start, len(self.samples)))
        elif keyword_span:
            self.labels.append((start + keyword_span[0], start + keyword_span[1]))

    def finish(self):
        self.gap(LEAD_OUT_S)


def variant(voice, k):
    """(variant name, duration_stretch, int_f0_target_mean or None)."""
    name, stretch = VARIANTS[k % len(VARIANTS)]
    return name, stretch, VOICES[voice]["f0"][k % len(VARIANTS)]


def pron_for(voice, i):
    prons = VOICES[voice]["prons"]
    return prons[i % len(prons)]


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

    # -- speech pieces -----------------------------------------------------

    def susi(self, track, voice, k, pron):
        _, stretch, f0 = variant(voice, k)
        track.add(self.synth.piece(SUSI_TEXT[pron], voice, stretch, f0),
                  keyword_span=True)

    def phrase(self, track, text, voice, k):
        _, stretch, f0 = variant(voice, k)
        track.add(self.synth.piece(text, voice, stretch, f0))

    def susi_sentence(self, track, before, after, voice, k, pron):
        """A sentence with the hotword; returns a description."""
        _, stretch, f0 = variant(voice, k)
        word = SUSI_TEXT[pron]
        if voice in ONE_UTTERANCE_VOICES:
            text = " ".join(w for w in (before, word, after) if w)
            piece, span = self.synth.utterance(text, voice, stretch, f0,
                                               SUSI_PHONES[pron])
            track.add(piece, keyword_span=span)
            how = "one utterance"
        else:
            if before:
                self.phrase(track, before, voice, k)
                track.piece_gap()
            self.susi(track, voice, k, pron)
            if after:
                track.piece_gap()
                self.phrase(track, after, voice, k)
            how = "pieces"
        return "%s [%s]" % (" ".join(w for w in (before, "susi(%s)" % pron, after) if w), how)

    def near_miss(self, track, pieces, voice, k):
        for i, p in enumerate(pieces):
            if i:
                track.gap(NEAR_MISS_SPACING_S)
            self.phrase(track, p, voice, k)

    # -- backgrounds -------------------------------------------------------

    def babble(self, n, name, foreground):
        rng = self.rng_for(name, "babble:")
        pool = [t for t in BABBLE_POOL if t[1] != foreground]
        talkers = rng.sample(pool, BABBLE_TALKERS)
        mix = [0.0] * n
        for engine, voice in talkers:
            prosody = ESPEAK_PROSODY[rng.randrange(len(ESPEAK_PROSODY))]
            stream = []
            order = list(range(len(BABBLE_SENTENCES)))
            rng.shuffle(order)
            k = 0
            while len(stream) < n + SR:
                text = BABBLE_SENTENCES[order[k % len(order)]]
                if engine == "espeak":
                    x = self.synth.espeak(text, voice, *prosody)
                else:
                    x = self.synth.flite(text, voice)[0]
                stream.extend(normalise(trim(x), SPEECH_DBFS))
                stream.extend([0.0] * int(rng.uniform(0.15, 0.45) * SR))
                k += 1
            off = rng.randrange(0, SR)   # start up to 1 s into the stream
            add_into(mix, stream[off:off + n], 0)
        target = 10 ** ((SPEECH_DBFS - BABBLE_SNR_DB) / 20.0)
        g = target / rms(mix)
        return [v * g for v in mix], ["%s:%s" % t for t in talkers]

    def render(self, name, group, condition, track, voice, k, content):
        track.finish()
        fg = track.samples
        n = len(fg)
        rng = self.rng_for(name, "noise:")
        mix = pink_noise(n, rng, SPEECH_DBFS - NOISE_SNR_DB)
        add_into(mix, fg, 0)
        cond = condition
        if condition == "babble":
            bab, talkers = self.babble(n, name, voice)
            add_into(mix, bab, 0)
            cond = "babble(%s)" % ",".join(talkers)
        fname = name + ".wav"
        write_wav(os.path.join(self.out, fname), mix)
        for s, e in track.labels:
            self.labels.append((fname, "susi", s / SR, e / SR))
        if k is None:
            speed = pitch = "-"
        else:
            _, stretch, f0 = variant(voice, k)
            speed, pitch = "%g" % stretch, ("default" if f0 is None else "%g" % f0)
        self.manifest.append((fname, group, cond, voice, speed, pitch, content))
        self.written.append((fname, n / SR, len(track.labels)))

    # -- groups -----------------------------------------------------------

    def positives_alone(self):
        """Every voice x every prosody variant x both conditions."""
        for vi, voice in enumerate(VOICE_ORDER):
            for k in range(len(VARIANTS)):
                for ci, cond in enumerate(CONDITIONS):
                    pron = pron_for(voice, k + ci)
                    name = "positive_alone_%s_%s_%s_%s" % (
                        voice, pron.lower(), variant(voice, k)[0], cond)
                    t = Track(self.rng_for(name))
                    self.susi(t, voice, k, pron)
                    self.render(name, "positive_alone", cond, t, voice, k,
                                "susi(%s)" % pron)

    def positives_sentence(self):
        """Each sentence twice: over noise and over babble, other voices."""
        for i, (before, after) in enumerate(SUSI_SENTENCES):
            for ci, cond in enumerate(CONDITIONS):
                voice = VOICE_ORDER[(i + 2 * ci) % len(VOICE_ORDER)]
                k = (i + ci) % len(VARIANTS)
                pron = pron_for(voice, i)
                name = "positive_sentence_%s_%s_%s" % (
                    slug(" ".join(w for w in (before, "susi", after) if w)),
                    voice, cond)
                t = Track(self.rng_for(name))
                text = self.susi_sentence(t, before, after, voice, k, pron)
                self.render(name, "positive_sentence", cond, t, voice, k, text)

    def positives_command(self):
        for cmd, voice, k, cond in COMMAND_FILES:
            pron = pron_for(voice, k)
            name = "positive_command_%s_%s_%s" % (slug(cmd), voice, cond)
            t = Track(self.rng_for(name))
            self.susi(t, voice, k, pron)
            t.gap(COMMAND_GAP_S)
            self.phrase(t, cmd, voice, k)    # the command as one utterance
            self.render(name, "positive_command", cond, t, voice, k,
                        "susi(%s) +%.2fs %s" % (pron, COMMAND_GAP_S, cmd))

    def negatives_near_miss(self):
        """Every word x every voice: three voices over noise, the fourth
        (rotating with the word) over babble."""
        for wi, (tag, pieces) in enumerate(NEAR_MISSES.items()):
            for vi, voice in enumerate(VOICE_ORDER):
                cond = "babble" if vi == wi % len(VOICE_ORDER) else "noise"
                k = (wi + vi) % len(VARIANTS)
                name = "negative_nearmiss_%s_%s_%s" % (tag, voice, cond)
                t = Track(self.rng_for(name))
                self.near_miss(t, pieces, voice, k)
                self.render(name, "negative_nearmiss", cond, t, voice, k,
                            " | ".join(pieces))

    def negatives_sentence(self):
        for i, text in enumerate(NEGATIVE_SENTENCES):
            conds = ["noise"] + (["babble"] if i < 3 else [])
            for ci, cond in enumerate(conds):
                voice = VOICE_ORDER[(i + 1 + 2 * ci) % len(VOICE_ORDER)]
                k = (i + 1) % len(VARIANTS)
                name = "negative_sentence_%s_%s_%s" % (slug(text), voice, cond)
                t = Track(self.rng_for(name))
                self.phrase(t, text, voice, k)
                self.render(name, "negative_sentence", cond, t, voice, k, text)

    def negatives_background(self):
        for cond, secs in (("noise", 3.0), ("babble", 10.0)):
            name = "negative_background_only_%s" % cond
            t = Track(self.rng_for(name))
            t.gap(secs - LEAD_IN_S - LEAD_OUT_S)
            self.render(name, "negative_background", cond, t, "-", None,
                        "no foreground speech")

    def mixed(self):
        """~75 s over the noise floor: every voice x variant saying susi
        alone, six susi sentences, every near-miss and negative sentence,
        shuffled (seeded), 0.8-1.2 s apart."""
        name = "mixed_susi_and_near_misses"
        rng = self.rng_for(name)
        items = []
        for vi, voice in enumerate(VOICE_ORDER):
            for k in range(len(VARIANTS)):
                items.append(("pos", voice, k, pron_for(voice, k + 1), "", ""))
        for i, (before, after) in enumerate(SUSI_SENTENCES):
            voice = VOICE_ORDER[(i + 1) % len(VOICE_ORDER)]
            items.append(("pos", voice, (i + 2) % len(VARIANTS),
                          pron_for(voice, i + 1), before, after))
        for j, (tag, pieces) in enumerate(NEAR_MISSES.items()):
            items.append(("neg", VOICE_ORDER[(j + 3) % len(VOICE_ORDER)],
                          j % len(VARIANTS), pieces))
        for j, text in enumerate(NEGATIVE_SENTENCES):
            items.append(("neg", VOICE_ORDER[(j + 2) % len(VOICE_ORDER)],
                          (j + 1) % len(VARIANTS), [text]))
        rng.shuffle(items)
        t = Track(rng)
        content = []
        for n, it in enumerate(items):
            if n:
                t.gap(rng.uniform(0.8, 1.2))
            t0 = len(t.samples) / SR
            kind, voice, k = it[0], it[1], it[2]
            if kind == "pos":
                _, _, _, pron, before, after = it
                if before or after:
                    text = self.susi_sentence(t, before, after, voice, k, pron)
                else:
                    self.susi(t, voice, k, pron)
                    text = "susi(%s)" % pron
            else:
                self.near_miss(t, it[3], voice, k)
                text = " | ".join(it[3])
            content.append("%.2f-%.2fs %s/%s: %s" % (
                t0, len(t.samples) / SR, voice, variant(voice, k)[0], text))
        self.render(name, "mixed", "noise", t, "various", None,
                    "; ".join(content))

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
# Detection check with the project's own detector

CHECK_SENSITIVITIES = ["0.1", "0.3", "0.5", "0.7", "0.9", "1.0"]
HIT_WINDOW_AFTER_S = 1.5   # a hit counts if its time is in [start, end + 1.5 s]


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


def detect_one(binary, path, sensitivity):
    """[(time_s, score)] from `susi-listen --json --file PATH`.  One process
    per file: the detector keeps its cepstral-mean estimate across the files
    of one run, so a file's scores would depend on the files before it."""
    res = subprocess.run([binary, "--json", "--sensitivity", sensitivity,
                          "--file", path], capture_output=True, text=True)
    if res.returncode != 0:
        sys.exit("%s failed (%d): %s" % (binary, res.returncode, res.stderr))
    hits = []
    for line in res.stdout.splitlines():
        ev = json.loads(line)
        if ev.get("type") == "hotword":
            hits.append((ev["time"], ev["score"]))
    return hits


def detect(binary, out, files, sensitivity):
    """{file: [(time_s, score)]}, each file in a fresh detector process."""
    from concurrent.futures import ThreadPoolExecutor
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        found = pool.map(lambda f: detect_one(binary, os.path.join(out, f),
                                              sensitivity), files)
        return dict(zip(files, found))


def match(labs, hits):
    """Greedy matching as in `susi-listen bench`: a hit matches a label if
    its time is within [start, end + 1.5 s].  Returns (score of the matching
    hit or None per label, scores of the unmatched hits)."""
    used = set()
    found = []
    for s, e in labs:
        m = [i for i, (t, _) in enumerate(hits)
             if i not in used and s <= t <= e + HIT_WINDOW_AFTER_S]
        if m:
            used.add(m[0])
            found.append(hits[m[0]][1])
        else:
            found.append(None)
    return found, [sc for i, (_, sc) in enumerate(hits) if i not in used]


def run_check(out, binary, sensitivities):
    if not os.access(binary, os.X_OK):
        sys.exit("%s not found; build it: swift build -c release "
                 "--product susi-listen" % binary)
    labels = read_labels(out)
    manifest = read_manifest(out)
    files = sorted(f for f in os.listdir(out) if f.endswith(".wav"))
    # results[s][file] = (found scores, false-hit scores)
    results = {}
    for s in sensitivities:
        hits = detect(binary, out, files, s)
        results[s] = {f: match(labels.get(f, []), hits[f]) for f in files}

    def cond(f):
        return manifest.get(f, {}).get("condition", "?").split("(")[0]

    def group(f):
        return "mixed" if f.startswith("mixed_") else (
            "positive" if f in labels else "negative")

    print("%s --file F --sensitivity S, one process per file; a hit matches "
          "a label if its time is in [start, end + %.1f s]"
          % (binary, HIT_WINDOW_AFTER_S))
    print("\n%-5s %-22s %-22s %-22s %-22s %s" % (
        "S", "pos found (noise)", "pos found (babble)", "neg files hit (noise)",
        "neg files hit (babble)", "mixed found + false"))
    for s in sensitivities:
        cells = []
        for g, c in (("positive", "noise"), ("positive", "babble")):
            fs = [f for f in files if group(f) == g and cond(f) == c]
            found = sum(sc is not None for f in fs for sc in results[s][f][0])
            total = sum(len(results[s][f][0]) for f in fs)
            extra = sum(len(results[s][f][1]) for f in fs)
            cells.append("%d/%d (+%d false)" % (found, total, extra))
        for c in ("noise", "babble"):
            fs = [f for f in files if group(f) == "negative" and cond(f) == c]
            nh = sum(1 for f in fs if results[s][f][1])
            cells.append("%d/%d" % (nh, len(fs)))
        mf = [f for f in files if group(f) == "mixed"]
        mfound = sum(sc is not None for f in mf for sc in results[s][f][0])
        mtot = sum(len(results[s][f][0]) for f in mf)
        mfalse = sum(len(results[s][f][1]) for f in mf)
        print("%-5s %-22s %-22s %-22s %-22s %d/%d + %d (hits %d)" % (
            s, cells[0], cells[1], cells[2], cells[3], mfound, mtot, mfalse,
            mfound + mfalse))

    def fmt(sc):
        return "miss" if sc is None else "%.1f" % sc

    print("\nper file: score (log10 likelihood ratio) of each labelled keyword's"
          " hit, then of false hits, at each sensitivity (%s)"
          % " / ".join(sensitivities))
    for f in files:
        parts = []
        for s in sensitivities:
            found, false = results[s][f]
            cell = ",".join(fmt(x) for x in found)
            if false:
                cell += (" " if cell else "") + "F:" + ",".join("%.1f" % x for x in false)
            parts.append(cell or "-")
        print("  %-70s %s" % (f, " / ".join(parts)))

    top = max(sensitivities, key=float)
    print("\nscore margin by condition: keyword scores at each sensitivity "
          "(lowest found, number missed); highest false-hit score on negative "
          "files at %s (the most sensitive run shows the most of them)" % top)
    for c in ("noise", "babble"):
        negs = [x for f in files if group(f) == "negative" and cond(f) == c
                for x in results[top][f][1]]
        print("  %-7s highest negative score %s" % (
            c, "%.1f" % max(negs) if negs else "- (no false hit)"))
        for s in sensitivities:
            fs = [f for f in files if group(f) == "positive" and cond(f) == c]
            sc = [x for f in fs for x in results[s][f][0]]
            got = [x for x in sc if x is not None]
            print("          S %-4s log10 threshold %6.1f: lowest keyword score "
                  "%s, %d of %d missed" % (
                      s, -4 * (0.5 + 3 * float(s)),
                      "%.1f" % min(got) if got else "-", len(sc) - len(got),
                      len(sc)))

    ref = "0.5" if "0.5" in sensitivities else sensitivities[len(sensitivities) // 2]
    print("\nat sensitivity %s by voice: lowest keyword score (noise | babble) "
          "and negatives with a hit" % ref)
    by_voice = {}
    for f in files:
        r = manifest.get(f)
        if not r or group(f) == "mixed":
            continue
        d = by_voice.setdefault(r["voice"], {"noise": [], "babble": [], "neg": []})
        found, false = results[ref][f]
        if group(f) == "positive":
            d[cond(f)].extend(found)
        elif false:
            d["neg"].append("%s(%s)" % (f, ",".join("%.1f" % x for x in false)))

    def lowest(xs):
        if not xs:
            return "-"
        miss = sum(x is None for x in xs)
        got = [x for x in xs if x is not None]
        return "%d/%d found, min %s" % (len(got), len(xs),
                                        "%.1f" % min(got) if got else "-")
    for v in sorted(by_voice):
        d = by_voice[v]
        print("  %-6s noise %-24s babble %-24s neg hits: %s" % (
            v, lowest(d["noise"]), lowest(d["babble"]), " ".join(d["neg"]) or "none"))


# --------------------------------------------------------------------------

def main():
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(here)
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default=os.path.join(root, "TestAudio"),
                    help="output directory (default: %(default)s)")
    ap.add_argument("--check", action="store_true",
                    help="do not generate; run the project's detector on the "
                         "files in --out at several sensitivities and report")
    ap.add_argument("--binary",
                    default=os.path.join(root, ".build", "release", "susi-listen"),
                    help="susi-listen executable for --check (default: %(default)s)")
    ap.add_argument("--sensitivities", default=",".join(CHECK_SENSITIVITIES),
                    help="comma-separated sensitivities for --check "
                         "(default: %(default)s)")
    args = ap.parse_args()
    if args.check:
        run_check(args.out, args.binary, args.sensitivities.split(","))
        return
    for tool in ("flite", "espeak-ng", "sox"):
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
