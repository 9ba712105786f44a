#!/usr/bin/env python3
"""How well the first command a process hears is transcribed, on real speech.

Joins each of the first devdata "computer" recordings (a keyword between silences) to one
transcribed clip of devdata's stt/ (in the order of stt/transcripts.tsv), at the recordings' own
level and at twice it (clipped), and runs the daemon's pipeline over them with the general
language model (`susi-listen --file F --keyword computer --language-model general --max-command 20
--no-chat --json`):

  alone      each file in a process of its own: every command is the first the process hears
  one run    every file of a level in one --file run (each file is a stream of its own)

and prints, for each, the word errors of the finals against the clips' texts (lower-cased, without
punctuation) over the texts' words, and the files with no final (the keyword missed, or no speech
within 3 s of it).

  Tools/benchmarks/first-command.py [--bin PATH] [--files N]

DEVDATA=path overrides ../shared/devdata. Needs sox on PATH; Python standard library only.
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "fixtures"))
sys.dont_write_bytecode = True  # no __pycache__ left in Tools/fixtures (git does not ignore it)
from fixture_noise import REPOSITORY, word_errors  # noqa: E402

LEVELS = (("own level", 1), ("twice the level", 2))


def words(text):
    """Lower-case words without punctuation, as the reference texts are compared."""
    return " ".join(re.sub(r"[^a-z' ]", " ", text.lower().replace("-", " ")).split())


def finals(binary, files):
    """The final texts of each file, joined, from one --file run over `files`."""
    command = [binary, "--file", *files, "--keyword", "computer", "--language-model", "general",
               "--max-command", "20", "--no-chat", "--json", "--config", "/dev/null"]
    run = subprocess.run(command, capture_output=True, text=True, check=False)
    heard = {path: [] for path in files}
    for line in run.stdout.splitlines():
        event = json.loads(line)
        if event.get("type") == "final":
            heard[event["file"]].append(event["text"])
    return {path: " ".join(texts) for path, texts in heard.items()}


def score(heard, references):
    """Word errors and words over every file, and the files with no final."""
    errors = total = silent = 0
    for path, reference in references.items():
        wrong, count = word_errors(words(reference), words(heard[path]))
        errors, total = errors + wrong, total + count
        silent += not heard[path]
    return errors, total, silent


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bin", default=os.path.join(REPOSITORY, ".build/release/susi-listen"))
    parser.add_argument("--files", type=int, default=12, help="recordings and clips joined (at most the clips there are)")
    args = parser.parse_args()
    devdata = os.environ.get("DEVDATA", os.path.join(REPOSITORY, "..", "shared", "devdata"))
    keywords = sorted(os.listdir(os.path.join(devdata, "positives", "computer")))
    with open(os.path.join(devdata, "stt", "transcripts.tsv"), encoding="utf-8") as table:
        clips = [line.rstrip("\n").split("\t", 1) for line in table if line.strip()]
    pairs = list(zip(keywords, clips))[:args.files]
    with tempfile.TemporaryDirectory() as work:
        for name, gain in LEVELS:
            references = {}
            for index, (keyword, (clip, text)) in enumerate(pairs):
                path = os.path.join(work, f"first_{gain}_{index:02d}.wav")
                subprocess.run(["sox", "-D", os.path.join(devdata, "positives", "computer", keyword),
                                os.path.join(devdata, "stt", clip), path, "vol", str(gain)],
                               check=True, stderr=subprocess.DEVNULL)
                references[path] = text
            alone = {}
            for path in references:
                alone.update(finals(args.bin, [path]))
            together = finals(args.bin, list(references))
            for label, heard in (("alone", alone), ("one run", together)):
                errors, total, silent = score(heard, references)
                print(f"{name:16} {label:8} {errors:4} errors in {total} words ({errors / total:.3f}); "
                      f"{silent} of {len(references)} files without a final")


if __name__ == "__main__":
    main()
