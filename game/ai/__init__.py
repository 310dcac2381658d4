"""Computer players behind one interface: ``bot.choose(state) -> action``.

Bots see only what a player at the table sees (no deck order), see game/ai/README in docs/ai.md.
"""
from __future__ import annotations

import random

from ..engine import ChooseRoute, GameState, PlaceTrack, TakeBranch
from ..engine.rules import legal_placements


class RandomBot:
    """Uniform over the legal actions; the baseline and the placeholder for untrained seats."""

    level = "random"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def choose(self, state: GameState):
        if state.phase == "route":
            return ChooseRoute(self.rng.randrange(len(state.options)))
        placements = legal_placements(state)
        k = self.rng.randrange(len(placements) + 1)
        if k == len(placements):
            return TakeBranch()
        line, conn, _cost = placements[k]
        return PlaceTrack(line, conn)


def make_bot(level: str = "random", seed: int | None = None):
    """A bot by level name; unknown levels are a clear error."""
    if level == "random":
        return RandomBot(seed)
    raise ValueError(f"unknown computer level {level!r}; use random")
