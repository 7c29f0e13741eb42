#!/usr/bin/env python3
"""Makes the shipped sounds in Assets/audio/ (44.1 kHz, 16-bit, mono WAV), with the standard library.

- music.wav: an 8-second loop that says where it is. A soft two-note pad (220 Hz and 330 Hz, whole
  cycles per loop, so the loop is seamless) runs throughout; at the start of second k (0 to 7) a
  marker tone of 600 + 150*k Hz sounds for 60 ms. A listener hears the marker climb once a second;
  a test can compare the program's output with this file sample for sample.
- click.wav: a 30 ms tick for buttons.
- catch.wav: a 180 ms rising chirp for a catch in Play.

Deterministic: the same bytes every run. The WAVs are committed; this runs only when they change.
"""
import math
import pathlib
import struct
import wave

OUT = pathlib.Path(__file__).resolve().parent.parent / "Assets" / "audio"
RATE = 44100


def envelope(i, count, fade):
    """A linear fade in and out of `fade` samples, so that no tone starts or ends with a click."""
    return min(1.0, i / fade, (count - 1 - i) / fade) if fade else 1.0


def write(name, samples):
    frames = b"".join(struct.pack("<h", max(-32767, min(32767, round(s * 32767)))) for s in samples)
    with wave.open(str(OUT / name), "wb") as file:
        file.setnchannels(1)
        file.setsampwidth(2)
        file.setframerate(RATE)
        file.writeframes(frames)


def music():
    seconds = 8
    samples = []
    marker = int(0.060 * RATE)
    for i in range(seconds * RATE):
        t = i / RATE
        value = 0.07 * math.sin(2 * math.pi * 220 * t) + 0.05 * math.sin(2 * math.pi * 330 * t)
        second, offset = divmod(i, RATE)
        if offset < marker:
            frequency = 600 + 150 * second
            value += 0.55 * envelope(offset, marker, 120) * math.sin(2 * math.pi * frequency * offset / RATE)
        samples.append(value)
    return samples


def click():
    count = int(0.030 * RATE)
    return [0.5 * envelope(i, count, 40) * math.exp(-i / 300) * math.sin(2 * math.pi * 2000 * i / RATE)
            for i in range(count)]


def catch():
    count = int(0.180 * RATE)
    samples = []
    phase = 0.0
    for i in range(count):
        frequency = 500 + 1000 * i / count
        phase += 2 * math.pi * frequency / RATE
        samples.append(0.5 * envelope(i, count, 200) * math.sin(phase))
    return samples


if __name__ == "__main__":
    OUT.mkdir(parents=True, exist_ok=True)
    write("music.wav", music())
    write("click.wav", click())
    write("catch.wav", catch())
    print(f"wrote {OUT}/music.wav, click.wav, catch.wav")
