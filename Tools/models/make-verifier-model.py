#!/usr/bin/env python3
"""Build the second stage's word models in Models/verifier/.

The recogniser that verifies a keyword candidate hears about half a second of audio: one word,
rarely two. What it needs is a vocabulary to weigh the keyword against and how common each word
is; the general model's 3.7 million bigrams and trigrams add nothing measurable over so short a
span and cost about 40 MB of memory.  This script takes the words of `pocketsphinx-en-us`'s
general model with their unigram probabilities, and their pronunciations from its CMU
dictionary, and writes two vocabularies:

- full (`--recogniser-vocabulary full`, in --out DIR): every word of the general model that the
  dictionary knows;
- compact (the default, in DIR/compact/): the N most frequent of them (`--compact-words`,
  30,000), renormalised, which the recogniser loads, and the rest as rare words, of which it
  puts back at start-up only those that sound near a keyphrase word. A vocabulary's memory
  grows with its size, about 0.7 MB a thousand words: the full one costs about 29 MB more.

Outputs (--out DIR, default Models/verifier/ beside this script's folder):
  words.arpa              ARPA unigram model, log10 probabilities; PocketSphinx reads it directly
  words.dict              every pronunciation (all variants) of every word in words.arpa
  compact/words.arpa      the same for the N most frequent words, renormalised over them
  compact/words.dict
  compact/rare-words.txt  one line per pronunciation of every other word:
                          ENTRY LOG10-PROBABILITY PHONE..., the probability on compact/words.arpa's scale

The unigram probabilities are read from the binary model with pip `pocketsphinx` (5.1.1, whose
`NGramModel` reads Debian's trie format; Debian's `sphinx_lm_convert` aborts half-way through
writing it as text).  Run it with the reference environment that Tools/benchmarks/benchmark.sh makes:

  .build/reference-venv/bin/python Tools/models/make-verifier-model.py [--compact-words N] [--out DIR]

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


def write_vocabulary(folder, kept, probabilities, end_of_sentence, entries, rare=()):
    """words.arpa and words.dict of the `kept` words, renormalised over them, and the `rare`
    ones in rare-words.txt when there are any. Returns the unigram mass kept."""
    mass = sum(10 ** probabilities[word] for word in kept) + 10 ** end_of_sentence
    normaliser = math.log10(mass)
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "words.arpa"), "w", encoding="utf-8") as arpa:
        arpa.write("\\data\\\nngram 1=%d\n\n\\1-grams:\n" % (len(kept) + 2))
        arpa.write("%.4f\t</s>\n-99.0000\t<s>\n" % (end_of_sentence - normaliser))
        for word in sorted(kept):
            arpa.write("%.4f\t%s\n" % (probabilities[word] - normaliser, word))
        arpa.write("\n\\end\\\n")
    with open(os.path.join(folder, "words.dict"), "w", encoding="utf-8") as dictionary:
        for word in sorted(kept):
            dictionary.writelines(entries[word])
    if rare:
        with open(os.path.join(folder, "rare-words.txt"), "w", encoding="utf-8") as rare_words:
            for word in sorted(rare):
                for line in entries[word]:
                    entry, phones = line.split(None, 1)
                    rare_words.write("%s %.4f %s" % (entry, probabilities[word] - normaliser, phones))
    return mass


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    here = os.path.dirname(os.path.abspath(__file__))
    parser.add_argument("--compact-words", type=int, default=30000, help="the N most frequent words of the compact vocabulary (default: 30000)")
    parser.add_argument("--out", default=os.path.join(here, "..", "..", "Models", "verifier"))
    parser.add_argument("--model-folder", default=MODEL)
    options = parser.parse_args()

    entries = dictionary_entries(os.path.join(options.model_folder, "cmudict-en-us.dict"))
    probabilities, end_of_sentence = unigram_log10(os.path.join(options.model_folder, "en-us.lm.bin"), sorted(entries))
    ranked = sorted(probabilities, key=lambda word: (-probabilities[word], word))
    mass = write_vocabulary(options.out, ranked, probabilities, end_of_sentence, entries)
    print("full: %d words (%.1f %% of the general model's unigram mass) in %s" % (len(ranked), 100 * mass, options.out), file=sys.stderr)
    kept, rare = ranked[: options.compact_words], ranked[options.compact_words :]
    compact = os.path.join(options.out, "compact")
    mass = write_vocabulary(compact, kept, probabilities, end_of_sentence, entries, rare)
    print("compact: %d words (%.1f %%), %d rare words, in %s" % (len(kept), 100 * mass, len(rare), compact), file=sys.stderr)


if __name__ == "__main__":
    main()
