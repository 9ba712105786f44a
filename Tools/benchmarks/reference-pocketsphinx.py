#!/usr/bin/env python3
"""Keyword spotting with pip `pocketsphinx` (5.1.1) on one file, as a reference for susi-listen's cost.

Decodes FILE with sox to 16 kHz mono and runs pocketsphinx's keyword spotting for KEYPHRASE over
it in 30 ms chunks, as susi-listen feeds its spotter, starting afresh after each hit. Prints one
JSON line: engine, audio_s, cpu_s (decoding only), rtf, hits. Needs `sox` to decode FILE.
This is a reference for benchmarks, not a dependency of susi-listen: run it with the Python of
.build/reference-venv, which Tools/benchmarks/benchmark.sh makes (pip install pocketsphinx==5.1.1):

  .build/reference-venv/bin/python Tools/benchmarks/reference-pocketsphinx.py FILE KEYPHRASE THRESHOLD
"""
import argparse
import json
import subprocess
import sys
import time


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("file", metavar="FILE", help="audio file sox can read")
    parser.add_argument("keyphrase", metavar="KEYPHRASE", help="the keyphrase, words of pocketsphinx's dictionary")
    parser.add_argument("threshold", metavar="THRESHOLD", type=float,
                        help="pocketsphinx's kws_threshold, e.g. 1e-11 (benchmark.sh gives 1e<log10_threshold> "
                             "of susi-listen's start event)")
    args = parser.parse_args()
    # Imported after the arguments are read, so that --help works without the venv.
    try:
        from pocketsphinx import Decoder
    except ModuleNotFoundError:
        sys.exit("reference-pocketsphinx: no pip pocketsphinx in this Python: run it with "
                 ".build/reference-venv/bin/python (Tools/benchmarks/benchmark.sh makes it)")
    decoded = subprocess.run(["sox", args.file, "-t", "raw", "-r", "16000", "-c", "1", "-e", "signed-integer", "-b", "16", "-"],
                             stdout=subprocess.PIPE)
    if decoded.returncode != 0:
        sys.exit(f"reference-pocketsphinx: sox could not decode {args.file}")
    raw = decoded.stdout
    decoder = Decoder(keyphrase=args.keyphrase, kws_threshold=args.threshold, loglevel="FATAL")
    chunk = 480 * 2  # 30 ms of 16-bit samples, as susi-listen feeds them
    hits = 0
    start = time.process_time()
    decoder.start_utt()
    for offset in range(0, len(raw), chunk):
        decoder.process_raw(raw[offset:offset + chunk], False, False)
        if decoder.hyp() is not None:
            hits += 1
            decoder.end_utt()
            decoder.start_utt()
    decoder.end_utt()
    cpu = time.process_time() - start
    audio = len(raw) / 2 / 16000
    print(json.dumps({"engine": "pip pocketsphinx", "audio_s": round(audio, 3), "cpu_s": round(cpu, 3),
                      "rtf": round(cpu / audio, 5), "hits": hits}))


if __name__ == "__main__":
    main()
