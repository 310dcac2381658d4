"""Small time-based animation helpers, advanced by the scene's fixed-step update (never by wall time).

Everything here is plain Python with no pygame, so animations can be stepped and checked in tests.
"""
from __future__ import annotations

import math
from typing import Callable


def linear(t: float) -> float:
    return t


def ease_in_out(t: float) -> float:
    """Cubic ease in-out: the passenger starts and stops gently at each station."""
    if t < 0.5:
        return 4 * t * t * t
    u = -2 * t + 2
    return 1 - u * u * u / 2


def ease_out(t: float) -> float:
    u = 1 - t
    return 1 - u * u * u


def ease_out_back(t: float) -> float:
    """Overshoots a little: a placed token 'pops' in."""
    c1 = 1.70158
    c3 = c1 + 1
    u = t - 1
    return 1 + c3 * u * u * u + c1 * u * u


def pulse(t: float, times: float = 3.0) -> float:
    """0..1..0 repeated ``times`` over t in 0..1, for flashes and glows."""
    return 0.5 - 0.5 * math.cos(2 * math.pi * times * t)


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


def lerp2(p: tuple[float, float], q: tuple[float, float], t: float) -> tuple[float, float]:
    return (p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t)


class Tween:
    """Progress from 0 to 1 over ``duration`` seconds, with an easing curve and an optional delay."""

    __slots__ = ("duration", "delay", "elapsed", "ease")

    def __init__(self, duration: float, ease: Callable[[float], float] = ease_in_out, delay: float = 0.0):
        self.duration = max(1e-6, duration)
        self.delay = delay
        self.elapsed = 0.0
        self.ease = ease

    def step(self, dt: float) -> None:
        self.elapsed += dt

    @property
    def started(self) -> bool:
        return self.elapsed >= self.delay

    @property
    def raw(self) -> float:
        """Un-eased progress, clamped to 0..1."""
        return min(1.0, max(0.0, (self.elapsed - self.delay) / self.duration))

    @property
    def value(self) -> float:
        return self.ease(self.raw)

    @property
    def done(self) -> bool:
        return self.elapsed >= self.delay + self.duration

    def finish(self) -> None:
        self.elapsed = self.delay + self.duration
