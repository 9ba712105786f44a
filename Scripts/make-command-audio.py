#!/usr/bin/env python3
"""Generate the spoken-command fixtures in TestAudio/commands/ for the transcription stage.

Every command is synthesised with a flite voice, trimmed, RMS-normalised and placed in a pink
noise floor 38 dB below the speech, with known silence before and after, so the first and last
sample of the speech are known exactly.  Files are 16 kHz, mono, 16-bit FLAC.

Outputs (in --out DIR, default TestAudio/commands/ beside this script's folder):
  <group>_<NN>_<voice>.flac
      in-corpus  commands that appear verbatim in Models/commands/corpus.txt
      held-out   commands that do not (their words are all in the domain vocabulary)
      hotword    "susi" followed by a command 0.05-0.1 s after it, for end-to-end tests
      long       one request of more than 10 s without a pause, to reach the maximum duration
      silence    the noise floor alone
  transcripts.tsv  file<TAB>reference text (for hotword files: the command after "susi";
                   for the silence file: empty)
  manifest.tsv     file, group, voice, speech_start_s, speech_end_s, keyword_start_s,
                   keyword_end_s (header; keyword columns empty except for hotword files)

The group of a command is decided here by looking it up in corpus.txt, so regenerate the
fixtures after changing the corpus.

Deterministic: fixed texts and voices, per-file seeds (CRC32 of the file name) for the noise,
sox run without dither; two runs give byte-identical files.

Requires flite (voices awb, slt, rms, kal16) and sox on PATH; Python standard library only.

  Scripts/make-command-audio.py [--out DIR] [--corpus FILE]
"""

import argparse
import glob
import os
import random
import subprocess
import sys
import tempfile
import zlib

import fixture_noise
from fixture_noise import loud_part, write_flac

SR = 16000
SPEECH_DBFS = -23.0     # RMS level of every spoken piece
NOISE_SNR_DB = 38.0     # pink-noise floor this far below the speech
NOISE_DBFS = SPEECH_DBFS - NOISE_SNR_DB
PEAK_LIMIT = 0.9
TRIM_FRACTION = 0.01    # speech starts and ends at the first/last sample >= 1 % of its peak
LEAD_IN_S = 0.3         # noise before a command: what a ring buffer hands over after "susi"
LEAD_OUT_S = 1.2        # noise after: more than the 0.7 s trailing silence + 0.1 s margin
HOTWORD_LEAD_IN_S = 0.8
HOTWORD_GAP_S = (0.05, 0.10)
SILENCE_S = 4.5         # longer than the 3 s no-speech timeout
VOICES = ["awb", "slt", "rms", "kal16"]

# Commands people ask SUSI, across the domains of the corpus.  Whether a command is in the
# corpus verbatim is looked up, not declared.
COMMANDS = [
    "what is the weather in berlin",
    "will it rain tomorrow",
    "will it be sunny in madrid on saturday",
    "what's the weather going to be like in paris tomorrow",
    "what time is it in tokyo",
    "what time is it in new york right now",
    "what is the date today",
    "tell me a joke",
    "tell me a funny story",
    "what is the meaning of serendipity",
    "what does ephemeral mean",
    "what is twelve times seven",
    "how many grams are in a pound",
    "convert fifty euros to dollars",
    "play the beatles",
    "play some jazz music",
    "turn the volume up",
    "set a timer for five minutes",
    "set an alarm for seven thirty tomorrow morning",
    "remind me to call my mother tomorrow at noon",
    "tell me the latest news",
    "how do you say thank you in german",
    "search wikipedia for albert einstein",
    "who was the first president of the united states",
    "hello susi how are you today",
]
HOTWORD_COMMANDS = [
    ("what is the weather in berlin", "awb"),
    ("set a timer for ten minutes", "slt"),
    ("play some music", "rms"),
]
# The hotword as flite should say it: "suzy" gives S UW Z IY, the common spoken form of "susi".
HOTWORD_TEXT = "suzy"
LONG_COMMAND = ("play some relaxing music and tell me the weather in berlin for tomorrow "
                "and set a timer for twenty minutes and remind me to call my mother at seven pm "
                "and tell me a joke about computers")
LONG_VOICE = "rms"


def synthesise(text, voice, workdir):
    """flite's speech as floats at 16 kHz, trimmed to its first and last loud sample."""
    wav = os.path.join(workdir, "flite.wav")
    subprocess.run(["flite", "-voice", voice, "-t", text, "-o", wav], check=True)
    return normalised(loud_part(wav, TRIM_FRACTION))


def normalised(samples):
    """Scaled to SPEECH_DBFS RMS, then down further if the peak would pass PEAK_LIMIT."""
    return fixture_noise.normalised(samples, SPEECH_DBFS, PEAK_LIMIT)


def silence(seconds):
    return [0.0] * round(seconds * SR)


def seconds(samples):
    return "%.4f" % (samples / SR)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default=os.path.join(here, "..", "TestAudio", "commands"))
    parser.add_argument("--corpus", default=os.path.join(here, "..", "Models", "commands",
                                                         "corpus.txt"))
    arguments = parser.parse_args()
    with open(arguments.corpus, encoding="ascii") as corpus:
        known = {line.strip() for line in corpus}

    os.makedirs(arguments.out, exist_ok=True)
    for old in glob.glob(os.path.join(arguments.out, "*.flac")):
        os.remove(old)
    transcripts = []
    manifest = [("file", "group", "voice", "speech_start_s", "speech_end_s",
                 "keyword_start_s", "keyword_end_s")]

    with tempfile.TemporaryDirectory() as workdir:
        def command_file(index, group, voice, text):
            name = "%s_%02d_%s.flac" % (group, index, voice)
            speech = synthesise(text, voice, workdir)
            lead = silence(LEAD_IN_S)
            write_flac(os.path.join(arguments.out, name), lead + speech + silence(LEAD_OUT_S),
                       NOISE_DBFS, workdir)
            transcripts.append((name, text))
            manifest.append((name, group, voice, seconds(len(lead)),
                             seconds(len(lead) + len(speech)), "", ""))

        for index, text in enumerate(COMMANDS, start=1):
            group = "in-corpus" if text in known else "held-out"
            command_file(index, group, VOICES[(index - 1) % len(VOICES)], text)

        for index, (text, voice) in enumerate(HOTWORD_COMMANDS, start=1):
            name = "hotword_%02d_%s.flac" % (index, voice)
            rng = random.Random(zlib.crc32(name.encode()) + 1)
            keyword = synthesise(HOTWORD_TEXT, voice, workdir)
            gap = silence(rng.uniform(*HOTWORD_GAP_S))
            command = synthesise(text, voice, workdir)
            lead = silence(HOTWORD_LEAD_IN_S)
            keyword_end = len(lead) + len(keyword)
            command_start = keyword_end + len(gap)
            write_flac(os.path.join(arguments.out, name),
                       lead + keyword + gap + command + silence(LEAD_OUT_S), NOISE_DBFS, workdir)
            transcripts.append((name, text))
            manifest.append((name, "hotword", voice, seconds(command_start),
                             seconds(command_start + len(command)), seconds(len(lead)),
                             seconds(keyword_end)))

        name = "long_01_%s.flac" % LONG_VOICE
        speech = synthesise(LONG_COMMAND, LONG_VOICE, workdir)
        lead = silence(LEAD_IN_S)
        write_flac(os.path.join(arguments.out, name), lead + speech + silence(LEAD_OUT_S),
                   NOISE_DBFS, workdir)
        transcripts.append((name, LONG_COMMAND))
        manifest.append((name, "long", LONG_VOICE, seconds(len(lead)),
                         seconds(len(lead) + len(speech)), "", ""))

        name = "silence_01.flac"
        write_flac(os.path.join(arguments.out, name), silence(SILENCE_S), NOISE_DBFS, workdir)
        transcripts.append((name, ""))
        manifest.append((name, "silence", "", "", "", "", ""))

    with open(os.path.join(arguments.out, "transcripts.tsv"), "w", encoding="ascii",
              newline="\n") as out:
        out.writelines("%s\t%s\n" % row for row in transcripts)
    with open(os.path.join(arguments.out, "manifest.tsv"), "w", encoding="ascii",
              newline="\n") as out:
        out.writelines("\t".join(row) + "\n" for row in manifest)
    groups = [row[1] for row in manifest[1:]]
    print("make-command-audio: %s" % ", ".join("%d %s" % (groups.count(g), g)
                                                for g in dict.fromkeys(groups)),
          file=sys.stderr)


if __name__ == "__main__":
    main()
