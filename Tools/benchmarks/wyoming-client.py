#!/usr/bin/env python3
"""Drives a Wyoming wake-word server as Home Assistant does, with the real `wyoming` client.

Each client: describe (info must come within a second), detect the first model (or --name),
audio-start, the audio in 20 ms chunks (converted to --rate and --channels), and, on the
first detection, close without audio-stop; with no detection by the end of the audio it sends
audio-stop and expects not-detected. Several clients run at once (--clients, --stereo-44k for
one of them at 44.1 kHz stereo). One JSON line per client on standard output:
{"client", "rate", "channels", "models", "result" ("detection" or "not-detected"), "name",
"timestamp", "stream_s"}. With --all-detections a client streams the whole file and reports
every detection's timestamp and, with --realtime, "lag_ms": how long after that much audio had
been sent the detection came (what the server adds to real time). Exit code 1 if a client failed.

Needs `pip install wyoming==1.10.2` (Scripts/setup.sh --no-build --wyoming-client puts it in
.build/wyoming-venv): run it with .build/wyoming-venv/bin/python.
"""

import argparse
import asyncio
import json
import sys
import time
import wave

try:
    from wyoming.audio import AudioChunk, AudioChunkConverter, AudioStart, AudioStop
    from wyoming.client import AsyncClient
    from wyoming.info import Describe, Info
    from wyoming.ping import Ping, Pong
    from wyoming.wake import Detect, Detection, NotDetected
except ModuleNotFoundError:
    sys.exit("wyoming-client: no `wyoming` module in this Python: run it with .build/wyoming-venv/bin/python "
             "(Scripts/setup.sh --no-build --wyoming-client makes it)")

CHUNK_SECONDS = 0.02


def read_audio(path, silence_after):
    with wave.open(path, "rb") as audio:
        if audio.getsampwidth() != 2:
            raise wave.Error("16-bit WAV expected")
        frames = audio.readframes(audio.getnframes())
        rate, channels = audio.getframerate(), audio.getnchannels()
    return frames + bytes(int(silence_after * rate) * 2 * channels), rate, channels


async def run_client(index, args, audio, source_rate, source_channels, rate, channels):
    client = AsyncClient.from_uri(args.uri)
    await client.connect()
    started = time.monotonic()
    try:
        await client.write_event(Describe().event())
        event = await asyncio.wait_for(client.read_event(), timeout=1.0)
        assert event is not None and Info.is_type(event.type), f"expected info, got {event}"
        info = Info.from_event(event)
        models = [model.name for program in info.wake for model in program.models]
        name = args.name or models[0]
        await client.write_event(Detect(names=[name]).event())
        await client.write_event(AudioStart(rate=rate, width=2, channels=channels).event())
        converter = AudioChunkConverter(rate=rate, width=2, channels=channels)
        step = int(source_rate * CHUNK_SECONDS) * 2 * source_channels
        result = {"client": index, "rate": rate, "channels": channels, "models": models}

        stream_start = time.monotonic()

        async def send_audio():
            for offset in range(0, len(audio), step):
                chunk = AudioChunk(rate=source_rate, width=2, channels=source_channels,
                                   audio=audio[offset:offset + step],
                                   timestamp=int(offset / (2 * source_channels) * 1000 / source_rate))
                await client.write_event(converter.convert(chunk).event())
                if args.realtime:
                    due = stream_start + (offset + step) / (2 * source_channels) / source_rate
                    await asyncio.sleep(max(0.0, due - time.monotonic()))
            await client.write_event(AudioStop().event())
            if args.all_detections:
                # The answer to a ping comes after every answer to the audio before it.
                await client.write_event(Ping().event())

        sender = asyncio.create_task(send_audio())
        while True:
            event = await asyncio.wait_for(client.read_event(), timeout=args.timeout)
            if event is None:
                raise RuntimeError("the server closed the connection")
            if Detection.is_type(event.type):
                detection = Detection.from_event(event)
                if detection.name != name:
                    continue  # Home Assistant ignores other models' detections
                result.update(result="detection", name=detection.name, timestamp=detection.timestamp)
                if not args.all_detections:
                    sender.cancel()
                    break
                result.setdefault("timestamps", []).append(detection.timestamp)
                if args.realtime:
                    lag = (time.monotonic() - stream_start) * 1000 - detection.timestamp
                    result.setdefault("lag_ms", []).append(round(lag))
                continue
            if NotDetected.is_type(event.type):
                result.setdefault("result", "not-detected")
                break
            if Pong.is_type(event.type):
                break
            if event.type == "error":
                raise RuntimeError(f"server error: {event.data}")
        result["stream_s"] = round(time.monotonic() - started, 3)
        return result
    finally:
        # Home Assistant closes the connection right after a detection, without audio-stop.
        await client.disconnect()


async def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--uri", default="tcp://127.0.0.1:10400")
    parser.add_argument("--audio", required=True, help="16-bit WAV file")
    parser.add_argument("--silence-after", type=float, default=1.0, help="seconds of silence sent after the audio")
    parser.add_argument("--clients", type=int, default=1)
    parser.add_argument("--stereo-44k", action="store_true", help="the first client sends 44.1 kHz stereo")
    parser.add_argument("--name", help="model to detect (default: the first in info)")
    parser.add_argument("--realtime", action="store_true", help="send the audio in real time")
    parser.add_argument("--all-detections", action="store_true", help="stream the whole file, reporting every detection")
    parser.add_argument("--timeout", type=float, default=60.0)
    args = parser.parse_args()
    if args.clients < 1:
        parser.error("--clients must be at least 1")
    try:
        audio, source_rate, source_channels = read_audio(args.audio, args.silence_after)
    except (OSError, wave.Error) as error:
        sys.exit(f"wyoming-client: {args.audio}: {error}")
    runs = []
    for index in range(args.clients):
        rate, channels = (44100, 2) if args.stereo_44k and index == 0 else (16000, 1)
        runs.append(run_client(index, args, audio, source_rate, source_channels, rate, channels))
    results = await asyncio.gather(*runs, return_exceptions=True)
    failed = False
    for index, result in enumerate(results):
        if isinstance(result, BaseException):
            failed = True
            result = {"client": index, "error": repr(result)}
        print(json.dumps(result), flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
