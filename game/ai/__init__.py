"""Computer players behind one interface: ``bot.choose(state) -> action``.

Bots see only what a player at the table sees (no deck order): every level thinks about
``view.public_view(state)``, never the state itself. How each level thinks: docs/ai.md.
"""
from __future__ import annotations

import random

from ..engine import ChooseRoute, GameState, PlaceTrack, TakeBranch
from ..engine.rules import legal_actions, legal_placements
from ..engine.state import CHOICE_PHASES
from .bots import LEVELS, Bot, EasyBot, HardBot, NormalBot
from .evaluate import branch_legal
from .expert import ExpertBot
from .view import public_view, unseen_cards


class RandomBot:
    """Uniform over the legal actions; the baseline and the placeholder for untrained seats."""

    level = "random"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)
        self.last_seconds = 0.0

    def choose(self, state: GameState):
        if state.phase == "route":
            return ChooseRoute(self.rng.randrange(len(state.options)))
        if state.phase in CHOICE_PHASES:  # Paris: a terminus reward or a set completion
            answers = legal_actions(state)
            return answers[self.rng.randrange(len(answers))]
        placements = legal_placements(state)
        k = self.rng.randrange(len(placements) + branch_legal(state))
        if k == len(placements):
            return TakeBranch()
        line, conn, _cost = placements[k]
        return PlaceTrack(line, conn)


def strongest_within(work: float) -> str:
    """The strongest level (``LEVELS``, weakest first) whose decisions are bounded by at most ``work`` counted work
    units (hard's units, ``HardBot.COST``: the same count on a busy machine as on an idle one). Random, easy and
    normal do not search and answer in milliseconds."""
    bounds = {"hard": HardBot.work_budget, "expert": ExpertBot.work_budget}
    return [level for level in LEVELS if bounds.get(level, 0.0) <= work][-1]


def make_bot(level: str = "random", seed: int | None = None):
    """A bot by level name; unknown levels are a clear error."""
    table = {"random": RandomBot, "easy": EasyBot, "normal": NormalBot, "hard": HardBot, "expert": ExpertBot}
    try:
        cls = table[level]
    except KeyError:
        raise ValueError(f"unknown computer level {level!r}; use one of {', '.join(LEVELS)}") from None
    return cls(seed)


__all__ = ["LEVELS", "Bot", "EasyBot", "ExpertBot", "HardBot", "NormalBot", "RandomBot", "make_bot", "public_view",
           "strongest_within", "unseen_cards"]
