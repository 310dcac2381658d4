"""Synthesise the game's sound effects into ``assets/sounds/*.wav`` (project-made; see assets/sounds/LICENSE).

Only the standard library (``wave``, ``math``): numpy is not a dependency of the game and these few seconds
of sound are quick to compute. Every effect is additive synthesis with simple envelopes, and the one noise
source is seeded, so the same script writes the same bytes on every machine; a test regenerates them and
compares (tests/ui/test_sound.py), so the committed files are always what this script makes.

    python tools/make_sounds.py            # rewrite assets/sounds/
    python tools/make_sounds.py --out DIR  # write elsewhere (the test does this)

Files are 44 100 Hz, 16-bit mono, the mixer's rate (SDL only doubles the channel when loading; a 22 050 Hz file
had to be resampled, 120 ms for the eight at start-up instead of 1.3 ms): 400 KB together.
"""
from __future__ import annotations

import argparse
import math
import random
import struct
import wave
from pathlib import Path

RATE = 44100  # the mixer's rate: loading needs no resampling (see above)
PEAK = 0.85  # of full scale: headroom for SDL's mixing of several effects at once
TAU = 2 * math.pi


def _n(seconds: float) -> int:
    return int(round(seconds * RATE))


def silence(seconds: float) -> list[float]:
    return [0.0] * _n(seconds)


def tone(freq: float, seconds: float, partials=((1, 1.0),), attack: float = 0.005, decay: float = 8.0,
         vibrato: float = 0.0) -> list[float]:
    """A note: harmonic partials (multiple, level), a short linear attack and an exponential decay (1/s)."""
    out = []
    n = _n(seconds)
    a = max(1, _n(attack))
    for i in range(n):
        t = i / RATE
        env = min(1.0, i / a) * math.exp(-decay * t)
        f = freq * (1.0 + vibrato * math.sin(TAU * 5.5 * t))
        s = sum(level * math.sin(TAU * f * k * t) for k, level in partials)
        out.append(env * s)
    # a 3 ms fade at the end so no note stops with a click
    tail = min(n, _n(0.003))
    for j in range(tail):
        out[n - 1 - j] *= j / tail
    return out


def mix(*parts: tuple[float, list[float]]) -> list[float]:
    """Sum (start seconds, samples) pieces into one buffer."""
    end = max(_n(start) + len(s) for start, s in parts)
    out = [0.0] * end
    for start, s in parts:
        o = _n(start)
        for i, v in enumerate(s):
            out[o + i] += v
    return out


def normalise(samples: list[float], peak: float = PEAK) -> list[float]:
    top = max(1e-9, max(abs(v) for v in samples))
    return [v * peak / top for v in samples]


BELL = ((1, 1.0), (2, 0.35), (3, 0.12), (4.2, 0.06))
SOFT = ((1, 1.0), (2, 0.15))
BRASS = ((1, 1.0), (2, 0.7), (3, 0.5), (4, 0.3), (5, 0.18), (6, 0.1))


def place() -> list[float]:
    """A wooden "tock": a short low-mid knock with a tick of seeded noise on top."""
    rng = random.Random(12)
    knock = tone(420, 0.09, ((1, 1.0), (2.7, 0.4)), attack=0.001, decay=55)
    tick = [rng.uniform(-1, 1) * math.exp(-i / _n(0.006)) * 0.5 for i in range(_n(0.02))]
    return normalise(mix((0, knock), (0, tick)), 0.8)


def branch() -> list[float]:
    """Two quick rising notes: a tile taken into the hand."""
    return normalise(mix((0, tone(660, 0.12, SOFT, decay=20)), (0.07, tone(990, 0.16, SOFT, decay=18))), 0.75)


def score() -> list[float]:
    """A bright rising arpeggio (C6 E6 G6 C7): points."""
    notes = [1047, 1319, 1568, 2093]
    return normalise(mix(*[(0.055 * k, tone(f, 0.3, BELL, decay=14)) for k, f in enumerate(notes)]))


def refused() -> list[float]:
    """Two short low blips: that cannot be done."""
    blip = tone(196, 0.08, ((1, 1.0), (3, 0.3), (5, 0.12)), attack=0.004, decay=18)
    return normalise(mix((0, blip), (0.11, blip)), 0.7)


def travel() -> list[float]:
    """The passenger sets off: a soft rising rumble with a tremolo, like a train pulling out."""
    out = []
    n = _n(0.6)
    phase = 0.0
    for i in range(n):
        t = i / RATE
        f = 180 + 140 * (t / 0.6)
        phase += TAU * f / RATE
        env = math.sin(math.pi * t / 0.6) ** 1.5
        trem = 0.65 + 0.35 * math.sin(TAU * 11 * t)
        out.append(env * trem * (math.sin(phase) + 0.3 * math.sin(2 * phase)))
    return normalise(out, 0.7)


def arrive() -> list[float]:
    """The classic two-tone station chime (E5, then C5): the passenger has arrived."""
    return normalise(mix((0, tone(659.3, 0.5, BELL, decay=5)), (0.22, tone(523.3, 0.6, BELL, decay=4.5))))


def turn() -> list[float]:
    """One soft chime (G5): the next player's turn."""
    return normalise(tone(784, 0.35, BELL, decay=9), 0.7)


def fanfare() -> list[float]:
    """The end: a short brass call, G4 C5 E5 G5, then a held C6 chord."""
    call = [(0.0, 392.0, 0.16), (0.16, 523.3, 0.16), (0.32, 659.3, 0.16), (0.48, 784.0, 0.3)]
    parts = [(t, tone(f, d + 0.08, BRASS, attack=0.02, decay=3)) for t, f, d in call]
    for f in (523.3, 659.3, 784.0, 1046.5):
        parts.append((0.8, tone(f, 1.0, BRASS, attack=0.03, decay=2.2, vibrato=0.004)))
    return normalise(mix(*parts))


EFFECTS = {"place": place, "branch": branch, "score": score, "refused": refused, "travel": travel,
           "arrive": arrive, "turn": turn, "fanfare": fanfare}


def to_wav(samples: list[float], path: Path) -> None:
    frames = b"".join(struct.pack("<h", max(-32767, min(32767, int(round(v * 32767))))) for v in samples)
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(frames)


def make_all(out: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, make in EFFECTS.items():
        path = out / f"{name}.wav"
        to_wav(make(), path)
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--out", type=Path, default=Path(__file__).resolve().parent.parent / "assets" / "sounds")
    args = p.parse_args(argv)
    for path in make_all(args.out):
        print(f"{path}  {path.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
