#!/usr/bin/env python3
"""Make the susi-in-speech streams: "susi" said by synthetic voices inside running speech.

People say a wake word in the middle of talk: someone is speaking, then "hey susi, what time is
it" follows with no pause, then the talk goes on. The other benchmark streams have real
recordings of "computer" and "jarvis" but none of "susi"; the fixtures in TestAudio/spoken/ have
"susi" in a sentence, but alone in a file. Here 80 keywords are spoken in one long stream of
real background speech (devdata's streams/neg.flac), each straight after a stretch of it:

  background (3-6 s) | 10-50 ms | [hey|okay] susi <command> | 10-50 ms | background ...

and the stream ends with 3 s of background. The background stretches are taken from neg.flac in
order, none twice, each levelled to -26 dBFS RMS. The speech is made as
Tools/fixtures/make-spoken-susi-audio.py makes it (its functions are used): prefix ("hey",
"okay" or none, about half with none), keyword and command synthesised separately by espeak-ng
with the same voice, speed and pitch, each trimmed at 1 % of its peak, joined with no gap and
RMS-normalised to -23 dBFS as a whole. The keyword is "suzy" (S UW Z IY) for even indices and
"soosie" (S UW S IY) for odd ones; espeak-ng's phonemes for each (`espeak-ng -x`) are checked.
Voices cycle over en-us, en-gb, en-us+f3, en-us+m3, en+f4, en-gb-scotland, en-us+klatt, en+m7,
en-gb-x-rp and en+f2 (all ten are in espeak-ng 1.51; one that is missing from
`espeak-ng --voices` is left out of the cycle, with a warning, since espeak-ng would silently fall
back to another voice). Speed (130-190 words per minute), pitch (35-65), prefix, command,
background lengths and gaps are drawn from a generator with a fixed seed.

The gaps are not digital silence: under the whole stream lies the fixture noise floor of
Tools/fixtures/fixture_noise.py (seeded pink noise at -61 dBFS, seeded by the output's file name,
as the TestAudio fixtures have), so the stream has a microphone's floor everywhere.

Outputs, in OUTDIR (default bench-output/susi-speech/, git-ignored), 16 kHz mono 16-bit FLAC:
  susi_speech.flac          the stream as above, about 9 minutes
  susi_speech_snr10.flac    the same plus pink noise at 10 dB SNR against -26 dBFS (noise RMS
                            -36 dBFS; fixture_noise.pink_noise, fixed seed)
  susi_speech_brown10.flac  the same plus brown noise at 10 dB SNR against -26 dBFS: white
                            Gaussian noise through y[n] = 0.995 y[n-1] + x[n], mean removed,
                            scaled to -36 dBFS RMS (fixed seed)
  <name>.tsv                for each: keyword, start_s, end_s, file: the keyword's span, exact
                            to the sample (the pieces are trimmed), as devdata's pos_*.tsv
  susi_speech.txt           one line per keyword: index, start_s, end_s, voice, speed, pitch,
                            prefix, spelling, command
The achieved SNRs (measured on the samples before the floor is added: the background's and the
speech's RMS against the added noise's) and any clipped samples are printed at the end.

  Tools/benchmarks/make-susi-speech-audio.py [--out OUTDIR] [--voices espeak-ng|flite-festival]
  susi-listen bench --positives OUTDIR/susi_speech.tsv --keyword susi

With --voices flite-festival the same stream is spoken by other synthesisers instead (the same
draws, so the same prefixes, commands, speeds and background): flite's awb, rms and slt
(clustergen) and kal16 (diphone), festival's cmu_us_slt_arctic_hts (HTS) and ked_diphone, in
turn; speed becomes flite's and festival's duration stretch (170 words a minute / speed), pitch is
left as each voice has it, and each voice's phones for the keyword's spelling are checked; a
voice that flite or festival lacks stops the script, as either would fall back to another voice
silently. The outputs are named susi_voices* instead of susi_speech*.

Deterministic: two runs give byte-identical files (fixed seeds, sox without dither).
DEVDATA=path overrides ../shared/devdata. Needs sox (14.4.2) and espeak-ng (1.51) on PATH, and
for --voices flite-festival the Debian packages flite, festival, festvox-us-slt-hts and
festvox-kdlpc16k; Python standard library only.
"""

import argparse
import array
import functools
import importlib.util
import math
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time

FIXTURES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "fixtures")
sys.path.insert(0, FIXTURES)
sys.dont_write_bytecode = True  # no __pycache__ left in Tools/fixtures (git does not ignore it)
from fixture_noise import REPOSITORY, SAMPLE_RATE, loud_part, normalised, pink_noise, rms, write_flac  # noqa: E402


def load_fixture_script(name):
    """A fixture script as a module; its file name has hyphens, so it cannot be imported by name."""
    spec = importlib.util.spec_from_file_location(name.replace("-", "_"), os.path.join(FIXTURES, name + ".py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


spoken = load_fixture_script("make-spoken-susi-audio")

SEED = 20261127
KEYWORDS = 80
VOICES = ["en-us", "en-gb", "en-us+f3", "en-us+m3", "en+f4", "en-gb-scotland", "en-us+klatt", "en+m7",
          "en-gb-x-rp", "en+f2"]
# --voices flite-festival: other synthesisers' voices, "synthesiser:voice" (flite's clustergen
# and diphone voices, festival's HTS and diphone voices).
OTHER_VOICES = ["flite:awb", "festival:cmu_us_slt_arctic_hts", "flite:rms", "flite:kal16", "flite:slt",
                "festival:ked_diphone"]
# The speed each synthesiser reads at by default, in words per minute: a speed of SPEEDS becomes a
# duration stretch of NOMINAL_WPM / speed for flite and festival.
NOMINAL_WPM = 170
SPEEDS = [130, 150, 170, 190]
PITCHES = [35, 45, 55, 65]
PREFIXES = ["hey", "okay", "", ""]
SPELLINGS = ["S UW Z IY", "S UW S IY"]   # keys of spoken.PRONUNCIATIONS: even, odd keyword index
COMMANDS = ["what time is it", "turn off the lights", "play some music", "what is the weather in berlin",
            "set a timer for five minutes", "tell me a joke", "how tall is mount everest", "who wrote hamlet",
            "will it rain tomorrow", "what is the capital of france"]
BACKGROUND_DBFS = -26.0
BACKGROUND_SECONDS = (3.0, 6.0)
GAP_SECONDS = (0.010, 0.050)
TAIL_SECONDS = 3.0
FLOOR_DBFS = -61.0        # the fixture noise floor (make-spoken-susi-audio.py: -23 dBFS speech - 38 dB)
NOISE_DBFS = BACKGROUND_DBFS - 10.0
BROWN_LEAK = 0.995


def espeak_voices(kind):
    """The names `espeak-ng --voices=KIND` lists: languages (also those in its 'other languages'
    column) or, for 'variant', the variants' file names."""
    listing = subprocess.run(["espeak-ng", "--voices=" + kind], check=True, capture_output=True,
                             text=True).stdout.splitlines()[1:]
    if kind == "variant":
        return {line.split()[4].split("/")[-1] for line in listing}
    return {line.split()[1] for line in listing} | set(re.findall(r"\((\S+) \d+\)", "\n".join(listing)))


def available_other_voices():
    """OTHER_VOICES, or an exit naming the packages if flite or festival lacks one of them (both
    would fall back to another voice silently)."""
    missing = [tool for tool in ("flite", "festival") if shutil.which(tool) is None]
    if not missing:
        flite = subprocess.run(["flite", "-lv"], check=True, capture_output=True, text=True).stdout
        festival = subprocess.run(["festival", "--pipe"], input="(print (voice.list))", check=True,
                                  capture_output=True, text=True).stdout
        listed = {"flite": flite.split(), "festival": re.findall(r"[\w-]+", festival)}
        missing = [voice for voice in OTHER_VOICES if voice.split(":")[1] not in listed[voice.split(":")[0]]]
    if missing:
        sys.exit(f"make-susi-speech-audio: {', '.join(missing)} not found: apt install flite festival "
                 "festvox-us-slt-hts festvox-kdlpc16k")
    return OTHER_VOICES


def available_voices():
    """VOICES without those espeak-ng does not have (it would fall back to another voice silently)."""
    languages, variants = espeak_voices("en"), espeak_voices("variant")
    voices = []
    for voice in VOICES:
        language, _, variant = voice.partition("+")
        if language in languages and (not variant or variant in variants):
            voices.append(voice)
        else:
            print(f"make-susi-speech-audio: espeak-ng has no voice {voice}; left out", file=sys.stderr)
    return voices


@functools.cache
def keyword_said(spelling, voice):
    """(what `voice` says for the keyword's text of `spelling`, what it must say): espeak-ng's
    phonemes, or the phones of flite or festival (`voice` as "synthesiser:name")."""
    text, espeak_phonemes = spoken.PRONUNCIATIONS[spelling]
    if ":" not in voice:
        return spoken.espeak_phonemes(text, voice), espeak_phonemes
    return synthesiser_phones(text, voice), spelling


def synthesiser_phones(text, voice):
    """The phones flite or festival (`voice` as "synthesiser:name") says for `text`, upper case,
    without pauses."""
    synthesiser, name = voice.split(":")
    if synthesiser == "flite":
        out = subprocess.run(["flite", "-voice", name, "-ps", "-t", text, "-o", "none"], check=True,
                             capture_output=True, text=True).stdout
        return " ".join(p.upper() for p in out.split() if p != "pau")
    script = f'(voice_{name})(print (lex.lookup "{text}" nil))'
    out = subprocess.run(["festival", "--pipe"], input=script, check=True, capture_output=True, text=True).stdout
    return " ".join(p.upper() for p in re.findall(r"\b([a-z]+)\b", out.split("nil", 1)[1]))


def synthesise(text, voice, speed, pitch, workdir):
    """`text` spoken by `voice` at `speed` (and, for espeak-ng, `pitch`) as floats at 16 kHz,
    trimmed as the spoken fixtures are."""
    if ":" not in voice:
        return spoken.synthesise(text, voice, speed, pitch, workdir)
    synthesiser, name = voice.split(":")
    wav, stretch = os.path.join(workdir, "speech.wav"), NOMINAL_WPM / speed
    if synthesiser == "flite":
        subprocess.run(["flite", "-voice", name, "--setf", f"duration_stretch={stretch:g}", "-t", text, "-o", wav],
                       check=True, capture_output=True)
    else:
        script = (f"(voice_{name})(Parameter.set 'Duration_Stretch {stretch:g})"
                  f'(utt.save.wave (utt.synth (Utterance Text "{text}")) "{wav}" \'riff)')
        subprocess.run(["festival", "--pipe"], input=script, check=True, capture_output=True, text=True)
    return loud_part(wav, spoken.TRIM_FRACTION)


def brown_noise(count, rng, dbfs):
    """`count` samples of brown noise from `rng`: Gaussian white noise through a leaky integrator,
    its mean removed, scaled to an RMS of `dbfs`."""
    noise = array.array("d", bytes(8 * count))
    level, gauss = 0.0, rng.gauss
    for i in range(count):
        level = BROWN_LEAK * level + gauss(0.0, 1.0)
        noise[i] = level
    mean = math.fsum(noise) / count
    centred = array.array("d", (n - mean for n in noise))
    scale = 10 ** (dbfs / 20) / rms(centred)
    return array.array("d", (n * scale for n in centred))


class Background:
    """neg.flac in order, a stretch at a time, none twice, each levelled to BACKGROUND_DBFS."""

    def __init__(self, path, workdir):
        self.path, self.workdir, self.offset = path, workdir, 0
        self.length = int(subprocess.run(["soxi", "-s", path], check=True, capture_output=True,
                                         text=True).stdout)

    def take(self, count):
        if self.offset + count > self.length:
            sys.exit(f"make-susi-speech-audio: {self.path} is too short for the background")
        wav = os.path.join(self.workdir, "background.wav")
        subprocess.run(["sox", "-D", self.path, wav, "trim", f"{self.offset}s", f"{count}s"], check=True)
        self.offset += count
        # A trim fraction of 0 keeps every sample: loud_part here only decodes.
        return normalised(loud_part(wav, 0.0), BACKGROUND_DBFS, spoken.PEAK_LIMIT)


def samples(draw, limits):
    return round(draw.uniform(*limits) * SAMPLE_RATE)


def make_stream(background, voices, workdir):
    """The clean stream (without the floor), its keywords' rows and the background's and the
    speech's sample spans."""
    draw = random.Random(SEED)
    stream, rows, spans = array.array("d"), [], {"background": [], "speech": []}

    def append(part, kind):
        spans[kind].append((len(stream), len(stream) + len(part)))
        stream.extend(part)

    for index in range(KEYWORDS):
        voice, spelling = voices[index % len(voices)], SPELLINGS[index % 2]
        speed, pitch = draw.choice(SPEEDS), draw.choice(PITCHES)
        prefix, command = draw.choice(PREFIXES), draw.choice(COMMANDS)
        lead, gap_before, gap_after = samples(draw, BACKGROUND_SECONDS), samples(draw, GAP_SECONDS), samples(draw, GAP_SECONDS)
        text = spoken.PRONUNCIATIONS[spelling][0]
        phonemes, expected = keyword_said(spelling, voice)
        if phonemes != expected:
            sys.exit(f"make-susi-speech-audio: {voice} says {text!r} as {phonemes}, not {expected}")
        pieces = [synthesise(piece, voice, speed, pitch, workdir) if piece else []
                  for piece in (prefix, text, command)]
        append(background.take(lead), "background")
        stream.extend(array.array("d", bytes(8 * gap_before)))
        start = len(stream) + len(pieces[0])
        append(spoken.normalised(pieces[0] + pieces[1] + pieces[2]), "speech")
        stream.extend(array.array("d", bytes(8 * gap_after)))
        rows.append((index, start / SAMPLE_RATE, (start + len(pieces[1])) / SAMPLE_RATE, voice, speed, pitch,
                     prefix or "-", text, command))
    append(background.take(round(TAIL_SECONDS * SAMPLE_RATE)), "background")
    return stream, rows, spans


def level(signal, spans):
    """RMS of `signal` over the sample spans `spans`."""
    total = sum(math.fsum(s * s for s in signal[a:b]) for a, b in spans)
    return math.sqrt(total / sum(b - a for a, b in spans))


def db(ratio):
    return 20 * math.log10(ratio)


def write_output(out, name, signal, rows, workdir):
    write_flac(os.path.join(out, name + ".flac"), signal, FLOOR_DBFS, workdir)
    with open(os.path.join(out, name + ".tsv"), "w", encoding="ascii", newline="\n") as tsv:
        tsv.write("keyword\tstart_s\tend_s\tfile\n")
        tsv.writelines("susi\t%.3f\t%.3f\t%s.flac\n" % (row[1], row[2], name) for row in rows)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default=os.path.join(REPOSITORY, "bench-output", "susi-speech"))
    parser.add_argument("--voices", choices=["espeak-ng", "flite-festival"], default="espeak-ng",
                        help="espeak-ng's voices (susi_speech*) or flite's and festival's (susi_voices*)")
    arguments = parser.parse_args()
    base = "susi_speech" if arguments.voices == "espeak-ng" else "susi_voices"
    devdata = os.environ.get("DEVDATA", os.path.join(REPOSITORY, "..", "shared", "devdata"))
    neg = os.path.join(devdata, "streams", "neg.flac")
    if not os.path.isfile(neg):
        sys.exit(f"make-susi-speech-audio: {neg} is missing (set DEVDATA)")
    os.makedirs(arguments.out, exist_ok=True)
    began = time.monotonic()
    voices = available_voices() if arguments.voices == "espeak-ng" else available_other_voices()
    with tempfile.TemporaryDirectory() as workdir:
        stream, rows, spans = make_stream(Background(neg, workdir), voices, workdir)
        write_output(arguments.out, base, stream, rows, workdir)
        background_rms, speech_rms = level(stream, spans["background"]), level(stream, spans["speech"])
        summary = []
        for name, make_noise, seed in ((base + "_snr10", pink_noise, SEED + 1),
                                       (base + "_brown10", brown_noise, SEED + 2)):
            noise = make_noise(len(stream), random.Random(seed), NOISE_DBFS)
            mixed = array.array("d", (s + n for s, n in zip(stream, noise)))
            clipped = sum(1 for m in mixed if abs(m) >= 1.0)
            write_output(arguments.out, name, mixed, rows, workdir)
            noise_rms = rms(noise)
            summary.append("  %-25s noise %.2f dBFS RMS; SNR %.2f dB against the background, %.2f dB against "
                           "the speech; %d clipped samples" % (name + ".flac", db(noise_rms),
                                                               db(background_rms / noise_rms),
                                                               db(speech_rms / noise_rms), clipped))
    with open(os.path.join(arguments.out, base + ".txt"), "w", encoding="ascii", newline="\n") as txt:
        txt.write("# index\tstart_s\tend_s\tvoice\tspeed\tpitch\tprefix\tspelling\tcommand\n")
        txt.writelines("%d\t%.3f\t%.3f\t%s\t%d\t%d\t%s\t%s\t%s\n" % row for row in rows)
    print(f"make-susi-speech-audio: {arguments.out}: {len(rows)} keywords, {len(stream) / SAMPLE_RATE / 60:.2f} min "
          f"({len(stream) / SAMPLE_RATE:.1f} s); voices: {', '.join(voices)}", file=sys.stderr)
    print("  background %.2f dBFS RMS, speech %.2f dBFS RMS, floor %.0f dBFS (fixture_noise, per file)"
          % (db(background_rms), db(speech_rms), FLOOR_DBFS), file=sys.stderr)
    print("\n".join(summary), file=sys.stderr)
    print(f"  made in {time.monotonic() - began:.0f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
