#!/usr/bin/env python3
"""Keyword spotting with pip `pocketsphinx` (5.1.1) over audio files, as a reference for susi-listen.

Decodes each FILE with sox to 16 kHz mono and runs pocketsphinx's keyword spotting for KEYPHRASE
over it in 30 ms chunks, as susi-listen feeds its spotter, starting afresh after each hit, with a
decoder of its own for each file. Prints one JSON line per hit, as `susi-listen detect --json` writes a hotword
(type, keyword, time: seconds from the file's start at the end of the chunk that gave it, file),
so that `susi-listen bench --detections` scores them against labels and negatives; then one
summary line: engine, audio_s, cpu_s (decoding only), rtf, hits. Needs `sox` to decode FILE.
This is a reference for benchmarks, not a dependency of susi-listen: run it with the Python of
.build/reference-venv, which Tools/benchmarks/benchmark.sh makes (pip install pocketsphinx==5.1.1):

  .build/reference-venv/bin/python Tools/benchmarks/reference-pocketsphinx.py FILE... KEYPHRASE THRESHOLD
"""
import argparse
import json
import subprocess
import sys
import time

SAMPLE_RATE = 16000
CHUNK_BYTES = 480 * 2  # 30 ms of 16-bit samples, as susi-listen feeds them


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("files", metavar="FILE", nargs="+", help="audio files sox can read, each decoded afresh")
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
    hits = 0
    cpu = 0.0
    audio = 0.0
    for path in args.files:
        decoded = subprocess.run(["sox", path, "-t", "raw", "-r", str(SAMPLE_RATE), "-c", "1", "-e", "signed-integer",
                                  "-b", "16", "-"], stdout=subprocess.PIPE)
        if decoded.returncode != 0:
            sys.exit(f"reference-pocketsphinx: sox could not decode {path}")
        raw = decoded.stdout
        # A decoder of its own for each file: pocketsphinx's running cepstral mean outlives an utterance.
        decoder = Decoder(keyphrase=args.keyphrase, kws_threshold=args.threshold, loglevel="FATAL")
        found = []
        start = time.process_time()
        decoder.start_utt()
        for offset in range(0, len(raw), CHUNK_BYTES):
            chunk = raw[offset:offset + CHUNK_BYTES]
            decoder.process_raw(chunk, False, False)
            if decoder.hyp() is not None:
                found.append((offset + len(chunk)) / 2 / SAMPLE_RATE)
                decoder.end_utt()
                decoder.start_utt()
        decoder.end_utt()
        cpu += time.process_time() - start
        audio += len(raw) / 2 / SAMPLE_RATE
        hits += len(found)
        for seconds in found:
            print(json.dumps({"type": "hotword", "keyword": args.keyphrase, "time": round(seconds, 3), "file": path}))
    print(json.dumps({"type": "summary", "engine": "pip pocketsphinx", "audio_s": round(audio, 3), "cpu_s": round(cpu, 3),
                      "rtf": round(cpu / audio, 5) if audio > 0 else None, "hits": hits}))


if __name__ == "__main__":
    main()
