#!/usr/bin/env python3
"""Build the second stage's word model in Models/verifier/.

The recogniser that verifies a keyword candidate hears about half a second of audio: one word,
rarely two. What it needs is a vocabulary to weigh the keyword against and how common each word
is; the general model's 3.7 million bigrams and trigrams add nothing measurable over so short a
span and cost about 40 MB of memory.  This script keeps the words of `pocketsphinx-en-us`'s
general model (by default all of them; `--words N` keeps the N most frequent, renormalised) with
their unigram probabilities, and their pronunciations from its CMU dictionary.

Outputs (in --out DIR, default Models/verifier/ beside this script's folder):
  words.arpa   ARPA unigram model, log10 probabilities; PocketSphinx reads it directly
  words.dict   every pronunciation (all variants) of every word in words.arpa

The unigram probabilities are read from the binary model with pip `pocketsphinx` (5.1.1, whose
`NGramModel` reads Debian's trie format; Debian's `sphinx_lm_convert` aborts half-way through
writing it as text).  Run it with the reference environment that Tools/benchmarks/benchmark.sh makes:

  .build/reference-venv/bin/python Tools/models/make-verifier-model.py [--words N] [--out DIR]

Deterministic: two runs give byte-identical files.
"""

import argparse
import math
import os
import re
import sys

MODEL = "/usr/share/pocketsphinx/model/en-us"
VARIANT = re.compile(r"\(\d+\)$")


def dictionary_entries(path):
    """Every line of the CMU dictionary, grouped by word (variants `word(2)` under `word`)."""
    entries = {}
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            if line.strip():
                word = VARIANT.sub("", line.split(None, 1)[0])
                entries.setdefault(word, []).append(line if line.endswith("\n") else line + "\n")
    return entries


def unigram_log10(model_path, words):
    """log10 unigram probability of each of `words` that the binary model knows."""
    import pocketsphinx

    log_math = pocketsphinx.LogMath()
    model = pocketsphinx.NGramModel(pocketsphinx.Config(), log_math, model_path)
    to_log10 = math.log10(1.0001)  # PocketSphinx's default log base
    unknown = model.prob(["</s>-not-a-word"])
    found = {}
    for word in words:
        score = model.prob([word])
        if score != unknown:
            found[word] = score * to_log10
    end_of_sentence = model.prob(["</s>"]) * to_log10
    return found, end_of_sentence


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    here = os.path.dirname(os.path.abspath(__file__))
    parser.add_argument("--words", type=int, default=None, help="keep the N most frequent words (default: all)")
    parser.add_argument("--out", default=os.path.join(here, "..", "..", "Models", "verifier"))
    parser.add_argument("--model-folder", default=MODEL)
    options = parser.parse_args()

    entries = dictionary_entries(os.path.join(options.model_folder, "cmudict-en-us.dict"))
    probabilities, end_of_sentence = unigram_log10(os.path.join(options.model_folder, "en-us.lm.bin"), sorted(entries))
    kept = sorted(probabilities, key=lambda word: (-probabilities[word], word))[: options.words or len(probabilities)]
    mass = sum(10 ** probabilities[word] for word in kept) + 10 ** end_of_sentence
    normaliser = math.log10(mass)

    os.makedirs(options.out, exist_ok=True)
    with open(os.path.join(options.out, "words.arpa"), "w", encoding="utf-8") as arpa:
        arpa.write("\\data\\\nngram 1=%d\n\n\\1-grams:\n" % (len(kept) + 2))
        arpa.write("%.4f\t</s>\n-99.0000\t<s>\n" % (end_of_sentence - normaliser))
        for word in sorted(kept):
            arpa.write("%.4f\t%s\n" % (probabilities[word] - normaliser, word))
        arpa.write("\n\\end\\\n")
    with open(os.path.join(options.out, "words.dict"), "w", encoding="utf-8") as dictionary:
        for word in sorted(kept):
            dictionary.writelines(entries[word])
    print("%d words (%.1f %% of the general model's unigram mass) in %s" % (len(kept), 100 * mass, options.out), file=sys.stderr)


if __name__ == "__main__":
    main()
