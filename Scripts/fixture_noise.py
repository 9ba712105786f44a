"""The pink-noise floor the fixture scripts put under their speech (make-test-audio.py,
make-command-audio.py and make-spoken-susi-audio.py): Paul Kellett's filter over seeded Gaussian
white noise, and the FLAC files they write with it."""

import array
import math
import os
import random
import subprocess
import sys
import wave
import zlib

SAMPLE_RATE = 16000


def rms(samples):
    """Root mean square of `samples` (0 for none)."""
    return math.sqrt(sum(s * s for s in samples) / max(1, len(samples)))


def pink_noise(count, rng, dbfs):
    """`count` samples of pink noise from `rng` (a `random.Random`), scaled to an RMS of `dbfs`."""
    b0 = b1 = b2 = b3 = b4 = b5 = b6 = 0.0
    noise = [0.0] * count
    gauss = rng.gauss
    for i in range(count):
        white = gauss(0.0, 1.0)
        b0 = 0.99886 * b0 + white * 0.0555179
        b1 = 0.99332 * b1 + white * 0.0750759
        b2 = 0.96900 * b2 + white * 0.1538520
        b3 = 0.86650 * b3 + white * 0.3104856
        b4 = 0.55000 * b4 + white * 0.5329522
        b5 = -0.7616 * b5 - white * 0.0168980
        noise[i] = b0 + b1 + b2 + b3 + b4 + b5 + b6 + white * 0.5362
        b6 = white * 0.115926
    scale = 10 ** (dbfs / 20) / rms(noise)
    return [n * scale for n in noise]


def write_flac(path, samples, noise_dbfs, workdir):
    """16-bit FLAC of `samples` with pink noise at `noise_dbfs` mixed in, seeded by the file name."""
    rng = random.Random(zlib.crc32(os.path.basename(path).encode()))
    noise = pink_noise(len(samples), rng, noise_dbfs)
    pcm = array.array("h", (max(-32768, min(32767, round((s + n) * 32767)))
                            for s, n in zip(samples, noise)))
    if sys.byteorder == "big":
        pcm.byteswap()
    wav = os.path.join(workdir, "mix.wav")
    with wave.open(wav, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(SAMPLE_RATE)
        out.writeframes(pcm.tobytes())
    subprocess.run(["sox", "-D", wav, path], check=True)


def loud_part(wav, trim_fraction):
    """The speech of the WAV file `wav` as floats at 16 kHz (through sox), trimmed to its first
    and last sample at `trim_fraction` of its peak or above."""
    raw = subprocess.run(["sox", "-D", wav, "-t", "raw", "-r", str(SAMPLE_RATE), "-c", "1", "-b", "16",
                          "-e", "signed-integer", "-"], check=True, capture_output=True).stdout
    samples = array.array("h")
    samples.frombytes(raw)
    if sys.byteorder == "big":
        samples.byteswap()
    floats = [s / 32768.0 for s in samples]
    peak = max(abs(s) for s in floats)
    loud = [i for i, s in enumerate(floats) if abs(s) >= trim_fraction * peak]
    return floats[loud[0]:loud[-1] + 1]


def normalised(samples, dbfs, peak_limit):
    """`samples` scaled to an RMS of `dbfs`, then down further if the peak would pass `peak_limit`."""
    gain = 10 ** (dbfs / 20) / rms(samples)
    gain = min(gain, peak_limit / max(abs(s) for s in samples))
    return [s * gain for s in samples]
