#!/usr/bin/env python3
"""How many keywords any second stage could confirm, given the candidates it is offered.

Two-stage detection can only confirm a keyword the spotter proposed, and it decides on what the
recogniser heard over the candidate (phone edits to the keyphrase), the spotting score and the
candidate's length. This script measures the room left in that design on a labelled stream:

  proposed      keywords with at least one candidate in their scoring window: no second stage,
                however good, confirms more;
  heard         keywords the present rule confirms at sensitivity 1, and background candidates
                it hears (false alarms);
  edits+score   the most keywords any rule that is monotone in phone edits (fewer is surer) and
                score (higher is surer) can confirm while hearing at most --false-alarms of the
                background's candidates. It is fitted on the very candidates it is scored on,
                so it is a ceiling, not a rule to ship;
  +duration     the same with the candidate's length per phone as a third monotone feature
                (longer is surer), the direction the present rule's slow-candidate allowance
                takes.

A keyword counts for a rule if one of its candidates is not dominated by an accepted
background candidate (one with no more edits, no lower score and, with duration, no shorter
length). With --false-alarms N > 0 the background candidates to let through are chosen
greedily one at a time (exact for N = 1).

The candidates come from `susi-listen --candidates --json --sensitivity 1` over each stream;
the scoring window is `bench`'s (the candidate's time within [start_s, end_s + 1.5 s] of a
label), and candidates in the positives stream outside every window count as background.

  Tools/research/second-stage-ceiling.py --keyword K --positives STREAM=LABELS.tsv \\
      --negatives N.flac [--negatives ...] [--false-alarms N] [--binary PATH]

Python standard library only; run from the project's top folder after a release build.
"""

import argparse
import csv
import json
import os
import subprocess
import sys

SCORING_WINDOW_AFTER_END_S = 1.5


def candidates(binary, keyword, stream):
    """Runs detection at sensitivity 1 over `stream` and returns (phones, candidate events)."""
    command = [binary, "--file", stream, "--keyword", keyword, "--sensitivity", "1",
               "--no-transcription", "--candidates", "--json", "--config", "/dev/null"]
    run = subprocess.run(command, capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit(f"second-stage-ceiling: {' '.join(command)} failed ({run.returncode}):\n{run.stderr}")
    events = [json.loads(line) for line in run.stdout.splitlines() if line.strip()]
    phones = next(e["keywords"][0]["phones"] for e in events if e["type"] == "start")
    return phones, [e for e in events if e["type"] == "candidate"]


def labels(path, keyword):
    """The (start_s, end_s) spans of `keyword` in a label file with `bench`'s columns."""
    try:
        with open(path, newline="") as f:
            return [(float(r["start_s"]), float(r["end_s"]))
                    for r in csv.DictReader(f, delimiter="\t")
                    if r["keyword"].strip().lower() == keyword.lower()]
    except (OSError, KeyError, TypeError, ValueError) as error:
        sys.exit(f"second-stage-ceiling: {path}: not a label file with start_s and end_s ({error})")


def features(candidate, phones):
    """(phone edits, score, seconds per phone); a candidate not decoded is as far as can be."""
    edits = candidate["phone_edits"]
    return (phones if edits is None else edits, candidate["score"],
            (candidate["end"] - candidate["start"]) / phones)


def dominates(background, keyword, dimensions):
    return (background[0] <= keyword[0] and background[1] >= keyword[1]
            and (dimensions < 3 or background[2] >= keyword[2]))


def confirmed(windows, background, dimensions, let_through):
    """Keywords with a candidate that no background candidate outside `let_through` dominates."""
    blocking = [b for i, b in enumerate(background) if i not in let_through]
    return sum(1 for window in windows
               if any(not any(dominates(b, f, dimensions) for b in blocking) for f in window))


def ceiling(windows, background, dimensions, false_alarms):
    let_through = set()
    best = confirmed(windows, background, dimensions, let_through)
    for _ in range(false_alarms):
        blocking = [i for i, b in enumerate(background) if i not in let_through
                    and any(dominates(b, f, dimensions) for window in windows for f in window)]
        trials = [(confirmed(windows, background, dimensions, let_through | {i}), i) for i in blocking]
        if not trials or max(trials)[0] <= best:
            break
        best, chosen = max(trials)
        let_through.add(chosen)
    return best


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--keyword", required=True)
    parser.add_argument("--positives", required=True, help="STREAM=LABELS.tsv")
    parser.add_argument("--negatives", action="append", required=True)
    parser.add_argument("--false-alarms", type=int, default=0)
    parser.add_argument("--binary", default=".build/release/susi-listen")
    arguments = parser.parse_args()
    if not os.access(arguments.binary, os.X_OK):
        sys.exit(f"second-stage-ceiling: no {arguments.binary}; build it first: Scripts/setup.sh")
    stream, _, label_path = arguments.positives.partition("=")
    if not label_path:
        sys.exit("second-stage-ceiling: --positives needs STREAM=LABELS.tsv")

    spans = labels(label_path, arguments.keyword)
    if not spans:
        sys.exit(f"second-stage-ceiling: {label_path}: no label for {arguments.keyword}")
    phones, positive = candidates(arguments.binary, arguments.keyword, stream)
    windows = [[c for c in positive if start <= c["time"] <= end + SCORING_WINDOW_AFTER_END_S]
               for start, end in spans]
    in_window = {id(c) for window in windows for c in window}
    background = [c for c in positive if id(c) not in in_window]
    for negatives in arguments.negatives:
        background += candidates(arguments.binary, arguments.keyword, negatives)[1]

    window_features = [[features(c, phones) for c in window] for window in windows]
    background_features = [features(c, phones) for c in background]
    print(f"{arguments.keyword}: {len(spans)} keywords, {len(background)} background candidates "
          f"({len(arguments.negatives)} negatives stream(s) and the positives stream between keywords)")
    print(f"  proposed:     {sum(1 for w in windows if w)}")
    print(f"  heard:        {sum(1 for w in windows if any(c['heard'] for c in w))} "
          f"({sum(1 for c in background if c['heard'])} background candidates heard)")
    for name, dimensions in (("edits+score", 2), ("+duration", 3)):
        best = ceiling(window_features, background_features, dimensions, arguments.false_alarms)
        print(f"  {name + ':':13s} {best} (hearing at most {arguments.false_alarms} background candidate(s))")


if __name__ == "__main__":
    main()
