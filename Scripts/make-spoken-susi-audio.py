#!/usr/bin/env python3
"""Generate TestAudio/spoken/: "hey susi <command>" and "okay susi <command>" as one run of speech.

Target 5 of the detection issue, "Susi as people say it": the keyword is said the way people
say a wake word, straight after "hey" or "okay" and straight into the command, with no pause
on either side.  Each file is lead-in background, then "hey"/"okay", the keyword and a command
joined with no gap, then trailing background.  The three pieces are synthesised separately by
espeak-ng with the same voice, speed and pitch, each trimmed to its first and last sample at
1 % of its peak, so the keyword's span is exact to the sample.  The joined speech is
RMS-normalised to -23 dBFS as a whole (one speaker at one level), then mixed with seeded pink
noise: 38 dB below the speech ("quiet", the fixture noise floor of Scripts/fixture_noise.py,
-61 dBFS) or 12 dB below it ("noise", -35 dBFS).  Files are 16 kHz, mono, 16-bit FLAC.

The keyword is said both ways: S UW Z IY (the text "suzy", espeak-ng s'u:zi) and S UW S IY
(the text "soosie", espeak-ng s'u:si).  The script asks espeak-ng for the phonemes of each
spelling in each voice (`espeak-ng -x`) and stops if they are not the ones expected.

Outputs (in --out DIR, default TestAudio/spoken/):
  <NN>_<prefix>-susi-<z|s>_<voice>_<condition>.flac
  manifest.tsv  one row per file (header): file, condition, voice, speed, pitch, prefix,
                keyword_text, pronunciation, espeak_phonemes, keyword_start_s, keyword_end_s,
                command, command_start_s, command_end_s, speech_start_s, speech_end_s

Deterministic: fixed texts, voices and settings, per-file noise seeds (CRC32 of the file
name), sox run without dither; two runs give byte-identical files.

  Scripts/make-spoken-susi-audio.py [--out DIR]
  Scripts/make-spoken-susi-audio.py --check [--out DIR] [--binary PATH] [--candidates]
      runs susi-listen --file F --no-chat --json --config /dev/null on every file and prints
      per file: hotword events (time, score, delay after the keyword's end), the final
      transcript and its word errors against the command, and whether the same keyword said
      alone (same voice, speed, pitch and condition) is heard at all: the control that tells
      a voice the detector cannot hear from a keyword it loses in running speech

Requires espeak-ng (1.51) and sox (14.4.2) on PATH; Python standard library only.
"""

import argparse
import glob
import json
import os
import subprocess
import sys
import tempfile

import fixture_noise
from fixture_noise import loud_part, write_flac

SR = 16000
SPEECH_DBFS = -23.0          # RMS level of the joined speech
SNR_DB = {"quiet": 38.0,     # the fixture noise floor (-61 dBFS), as in TestAudio/ and commands/
          "noise": 12.0}     # pink noise at 12 dB SNR (-35 dBFS), the harsh end of 10-15 dB
PEAK_LIMIT = 0.9
TRIM_FRACTION = 0.01         # a piece starts and ends at its first/last sample >= 1 % of its peak
LEAD_IN_S = 1.0              # background before the speech
LEAD_OUT_S = 1.2             # after: more than the 0.7 s trailing silence that ends a command
HIT_WINDOW_AFTER_S = 1.5     # --check: a hotword counts if its time is in [start, end + 1.5 s]
CONTROL_REALISATIONS = 3     # --check: the keyword alone, over this many noise seeds

# The keyword's two pronunciations: the text espeak-ng is given and the phonemes it must say.
PRONUNCIATIONS = {
    "S UW Z IY": ("suzy", "s'u:zi"),
    "S UW S IY": ("soosie", "s'u:si"),
}

# One row per file: voice, condition, prefix, pronunciation, espeak-ng speed (-s, words per
# minute) and pitch (-p, 0-99), command.  Every voice is heard once in each condition; the
# commands are in Models/commands/corpus.txt verbatim (checked when the files are made).
FILES = [
    ("en-us",          "quiet", "hey",  "S UW Z IY", 160, 50, "what time is it"),
    ("en-us",          "noise", "okay", "S UW S IY", 180, 40, "turn off the lights"),
    ("en-gb",          "quiet", "okay", "S UW S IY", 150, 60, "set a timer for five minutes"),
    ("en-gb",          "noise", "hey",  "S UW Z IY", 170, 45, "what is the weather in berlin"),
    ("en-us+f3",       "quiet", "hey",  "S UW S IY", 175, 65, "play some music"),
    ("en-us+f3",       "noise", "okay", "S UW Z IY", 145, 55, "tell me a joke"),
    ("en-us+m3",       "quiet", "okay", "S UW Z IY", 140, 35, "will it rain tomorrow"),
    ("en-us+m3",       "noise", "hey",  "S UW S IY", 165, 40, "what time is it"),
    ("en+f4",          "quiet", "hey",  "S UW Z IY", 185, 70, "turn off the lights"),
    ("en+f4",          "noise", "okay", "S UW S IY", 155, 60, "set a timer for five minutes"),
    ("en-gb-scotland", "quiet", "okay", "S UW S IY", 165, 45, "what is the weather in berlin"),
    ("en-gb-scotland", "noise", "hey",  "S UW Z IY", 150, 50, "play some music"),
    ("en-us+klatt",    "quiet", "hey",  "S UW S IY", 190, 55, "tell me a joke"),
    ("en-us+klatt",    "noise", "okay", "S UW Z IY", 140, 35, "will it rain tomorrow"),
]

MANIFEST_COLUMNS = ("file", "condition", "voice", "speed", "pitch", "prefix", "keyword_text",
                    "pronunciation", "espeak_phonemes", "keyword_start_s", "keyword_end_s",
                    "command", "command_start_s", "command_end_s", "speech_start_s",
                    "speech_end_s")


def espeak_phonemes(text, voice):
    """What espeak-ng says for `text` in `voice`, in its own phoneme notation."""
    return subprocess.run(["espeak-ng", "-v", voice, "-x", "-q", text], check=True,
                          capture_output=True, text=True).stdout.strip()


def synthesise(text, voice, speed, pitch, workdir):
    """espeak-ng's speech as floats at 16 kHz, trimmed to its first and last loud sample."""
    wav = os.path.join(workdir, "espeak.wav")
    subprocess.run(["espeak-ng", "-v", voice, "-s", str(speed), "-p", str(pitch), "-w", wav,
                    text], check=True)
    return loud_part(wav, TRIM_FRACTION)


def normalised(samples):
    """Scaled to SPEECH_DBFS RMS, then down further if the peak would pass PEAK_LIMIT."""
    return fixture_noise.normalised(samples, SPEECH_DBFS, PEAK_LIMIT)


def seconds(samples):
    return "%.4f" % (samples / SR)


def generate(out, corpus_path):
    with open(corpus_path, encoding="ascii") as corpus:
        known = {line.strip() for line in corpus}
    os.makedirs(out, exist_ok=True)
    for old in glob.glob(os.path.join(out, "*.flac")):
        os.remove(old)
    manifest = [MANIFEST_COLUMNS]
    with tempfile.TemporaryDirectory() as workdir:
        for index, (voice, condition, prefix, pronunciation, speed, pitch,
                    command) in enumerate(FILES, start=1):
            if command not in known:
                sys.exit("%r is not in %s: the domain model may not know it" % (command,
                                                                               corpus_path))
            text, expected = PRONUNCIATIONS[pronunciation]
            phonemes = espeak_phonemes(text, voice)
            if phonemes != expected:
                sys.exit("espeak-ng -v %s says %r as %s, not %s" % (voice, text, phonemes,
                                                                    expected))
            name = "%02d_%s-susi-%s_%s_%s.flac" % (index, prefix, pronunciation.split()[2][0]
                                                   .lower(), voice.replace("+", "-"),
                                                   condition)
            pieces = [synthesise(piece, voice, speed, pitch, workdir)
                      for piece in (prefix, text, command)]
            speech = normalised(pieces[0] + pieces[1] + pieces[2])
            lead = [0.0] * round(LEAD_IN_S * SR)
            keyword_start = len(lead) + len(pieces[0])
            command_start = keyword_start + len(pieces[1])
            speech_end = len(lead) + len(speech)
            write_flac(os.path.join(out, name), lead + speech + [0.0] * round(LEAD_OUT_S * SR),
                       SPEECH_DBFS - SNR_DB[condition], workdir)
            manifest.append((name, condition, voice, str(speed), str(pitch), prefix, text,
                             pronunciation, phonemes, seconds(keyword_start),
                             seconds(command_start), command, seconds(command_start),
                             seconds(speech_end), seconds(len(lead)), seconds(speech_end)))
    with open(os.path.join(out, "manifest.tsv"), "w", encoding="ascii", newline="\n") as f:
        f.writelines("\t".join(row) + "\n" for row in manifest)
    print("make-spoken-susi-audio: %d files in %s" % (len(manifest) - 1, out), file=sys.stderr)


def word_errors(reference, hypothesis):
    """Word-level edit distance and the reference's length, as Sources/Transcription/WordErrorRate
    counts them; words are split at spaces (commands and transcripts are plain lower-case words)."""
    expected, heard = reference.split(), hypothesis.split()
    previous = list(range(len(heard) + 1))
    for row, word in enumerate(expected):
        current = [row + 1] + [0] * len(heard)
        for column, other in enumerate(heard):
            current[column + 1] = min(previous[column] + (word != other),
                                      previous[column + 1] + 1, current[column] + 1)
        previous = current
    return previous[-1], len(expected)


def run_pipeline(binary, path, extra):
    """The JSON events of one fresh susi-listen process on `path` (None if it failed)."""
    result = subprocess.run([binary, "--file", path, "--json", "--config", "/dev/null"] + extra,
                            capture_output=True, text=True)
    if result.returncode != 0:
        print("  %s: exit %d: %s" % (path, result.returncode, result.stderr.strip()))
        return None
    return [json.loads(line) for line in result.stdout.splitlines() if line.startswith("{")]


def check(out, binary, candidates):
    """One fresh susi-listen process per file, default sensitivity and decision.  As a control,
    each file's keyword is also made alone (same voice, speed, pitch and condition, 1 s of
    background before and 1.2 s after, CONTROL_REALISATIONS noise seeds) and run through the
    detector: a voice whose keyword is not heard even alone says nothing about the keyword
    without a pause around it."""
    if not os.access(binary, os.X_OK):
        sys.exit("%s not found; build it: swift build -c release --product susi-listen" % binary)
    with open(os.path.join(out, "manifest.tsv"), encoding="ascii") as f:
        head = next(f).rstrip("\n").split("\t")
        rows = [dict(zip(head, line.rstrip("\n").split("\t"))) for line in f]
    print("%s --file F --no-chat --json --config /dev/null; a hotword counts if its time is in "
          "[keyword start, keyword end + %.1f s]; 'alone': the same keyword without the sentence"
          % (binary, HIT_WINDOW_AFTER_S))
    passed = 0
    extra = ["--candidates"] if candidates else []
    with tempfile.TemporaryDirectory() as workdir:
        for row in rows:
            keyword = normalised(synthesise(row["keyword_text"], row["voice"], row["speed"],
                                            row["pitch"], workdir))
            alone = []
            for realisation in range(1, CONTROL_REALISATIONS + 1):
                control = os.path.join(workdir, "alone%d_%s" % (realisation, row["file"]))
                write_flac(control, [0.0] * round(LEAD_IN_S * SR) + keyword
                           + [0.0] * round(LEAD_OUT_S * SR),
                           SPEECH_DBFS - SNR_DB[row["condition"]], workdir)
                alone.append(run_pipeline(binary, control, ["--no-transcription"] + extra) or [])
            events = run_pipeline(binary, os.path.join(out, row["file"]), ["--no-chat"] + extra)
            if events is None:
                continue
            start, end = float(row["keyword_start_s"]), float(row["keyword_end_s"])
            hotwords = [e for e in events if e.get("type") == "hotword"]
            finals = [e.get("text", "") for e in events if e.get("type") == "final"]
            on_time = [e for e in hotwords if start <= e["time"] <= end + HIT_WINDOW_AFTER_S]
            errors, words = word_errors(row["command"], finals[0] if finals else "")
            ok = len(hotwords) == 1 and on_time and finals and errors == 0
            passed += bool(ok)
            heard_alone = sum(any(e.get("type") == "hotword" for e in run) for run in alone)
            print("  %-42s %s alone heard %d/%d  hotwords: %s  final: %s (%d/%d word errors)" % (
                row["file"], "ok  " if ok else "FAIL", heard_alone, CONTROL_REALISATIONS,
                ", ".join("%.2f s (%+.2f after the keyword, score %.1f)"
                          % (e["time"], e["time"] - end, e["score"]) for e in hotwords) or "none",
                " | ".join(repr(text) for text in finals) or "none", errors, words))
            if candidates:
                runs = [("alone %d" % k, run) for k, run in enumerate(alone, start=1)]
                for name, run in runs + [("sentence", events)]:
                    for event in run:
                        if event.get("type") == "candidate":
                            print("      %-8s candidate %.2f-%.2f s, score %.1f: %s, words %s"
                                  % (name, event["start"], event["end"], event["score"],
                                     event["reason"], event["words"]))
    print("%d of %d files: one hotword on the keyword and the command transcribed exactly"
          % (passed, len(rows)))


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default=os.path.join(here, "..", "TestAudio", "spoken"))
    parser.add_argument("--corpus", default=os.path.join(here, "..", "Models", "commands",
                                                         "corpus.txt"))
    parser.add_argument("--check", action="store_true",
                        help="run susi-listen on the files instead of making them")
    parser.add_argument("--binary", default=os.path.join(here, "..", ".build", "release",
                                                         "susi-listen"))
    parser.add_argument("--candidates", action="store_true",
                        help="with --check: also print the second stage's candidate events")
    arguments = parser.parse_args()
    if arguments.check:
        check(arguments.out, arguments.binary, arguments.candidates)
    else:
        generate(arguments.out, arguments.corpus)


if __name__ == "__main__":
    main()
