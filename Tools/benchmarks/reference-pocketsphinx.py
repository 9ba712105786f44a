#!/usr/bin/env python3
"""Keyword spotting with pip `pocketsphinx` (5.1.1) on one file, as a reference for susi-listen's cost.

Usage: reference-pocketsphinx.py FILE KEYPHRASE THRESHOLD
Prints one JSON line: audio_s, cpu_s (decoding only), rtf, hits. Needs `sox` to decode FILE.
This is a reference for benchmarks, not a dependency of susi-listen.
"""
import json
import subprocess
import sys
import time

from pocketsphinx import Decoder


def main() -> None:
    path, keyphrase, threshold = sys.argv[1], sys.argv[2], float(sys.argv[3])
    raw = subprocess.run(["sox", path, "-t", "raw", "-r", "16000", "-c", "1", "-e", "signed-integer", "-b", "16", "-"],
                         check=True, stdout=subprocess.PIPE).stdout
    decoder = Decoder(keyphrase=keyphrase, kws_threshold=threshold, loglevel="FATAL")
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
