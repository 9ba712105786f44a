#!/usr/bin/env python3
"""How often `susi-listen pronounce` guesses a word's pronunciation as the CMU dictionary says it.

Prints the figures of docs/detection.md, "A word no dictionary knows": over a sample of the
general dictionary's words (every Nth word with letters only, from a given one, so that the
sample is the same on every run; the mapping was checked on every 60th from the first, and is
reported on every 5th from the third (offset 2), which shares no word with it), the share of words whose guess is one of the dictionary's pronunciations, and the
phone edits from the guess to the nearest one (mean, and the share within one edit).

The guesses come from `susi-listen pronounce` itself, given a dictionary that knows none of the
words, so every word is guessed by espeak-ng's letter-to-sound rules.

usage: Tools/research/pronunciation-guesses.py [--binary .build/release/susi-listen] [--every 60] [--offset 0]
"""
import argparse
import os
import re
import subprocess
import tempfile

DICTIONARY = "/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict"


def dictionary_pronunciations(path):
    """Each plain word of the dictionary with its pronunciations, in the file's order."""
    words = {}
    with open(path, encoding="utf-8", errors="replace") as lines:
        for line in lines:
            fields = line.split()
            if len(fields) < 2:
                continue
            word = re.sub(r"\(\d+\)$", "", fields[0]).lower()
            words.setdefault(word, []).append(fields[1:])
    return words


def edits(a, b):
    """Phone edits (insertions, deletions, substitutions) from `a` to `b`."""
    row = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        previous, row[0] = row[0], i
        for j, y in enumerate(b, 1):
            previous, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, previous + (x != y))
    return row[-1]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=".build/release/susi-listen")
    parser.add_argument("--every", type=int, default=60, help="take every Nth plain word of the dictionary")
    parser.add_argument("--offset", type=int, default=0, help="starting from this one (0 is the first)")
    arguments = parser.parse_args()

    known = dictionary_pronunciations(DICTIONARY)
    sample = [word for word in known if re.fullmatch(r"[a-z]+", word)][arguments.offset :: arguments.every]
    with tempfile.NamedTemporaryFile("w", suffix=".dict", delete=False) as unrelated:
        unrelated.write("zzzzzz Z\n")
    try:
        run = subprocess.run(
            [arguments.binary, "pronounce", *sample, "--dictionary", unrelated.name, "--keyword-dictionary", unrelated.name],
            capture_output=True, text=True)
    finally:
        os.unlink(unrelated.name)
    if run.returncode != 0:
        raise SystemExit(f"susi-listen pronounce failed (exit code {run.returncode}): {run.stderr.strip()}")
    output = run.stdout
    guesses = {}
    for line in output.splitlines():
        pronunciation = line.split("#")[0].strip()
        word, phones = pronunciation.split("=", 1)
        guesses[word] = phones.split()

    nearest = [min(edits(guesses[word], variant) for variant in known[word]) for word in sample]
    exact = sum(1 for count in nearest if count == 0)
    within_one = sum(1 for count in nearest if count <= 1)
    phones = sum(min(len(variant) for variant in known[word]) for word in sample)
    print(f"words: {len(sample)} (every {arguments.every}th plain word of {DICTIONARY}, starting at word {arguments.offset})")
    print(f"guess is one of the dictionary's pronunciations: {exact} ({100 * exact / len(sample):.1f} %)")
    print(f"within one phone edit: {within_one} ({100 * within_one / len(sample):.1f} %)")
    print(f"phone edits to the nearest: mean {sum(nearest) / len(sample):.2f}, "
          f"{100 * sum(nearest) / phones:.1f} % of the dictionary's phones")


if __name__ == "__main__":
    main()
