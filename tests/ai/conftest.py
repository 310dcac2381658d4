"""Positions for the AI tests: taken from seeded games between random players, so they are varied but fixed."""
from __future__ import annotations

import random

import pytest

from game.ai import RandomBot
from game.engine import apply, new_game


def sample_positions(games: int, every: int, seed: int = 0, players: int = 2, routes: bool = True,
                     map: str = "london"):
    """Every ``every``-th position of each game, plus every pending route choice if ``routes``."""
    out = []
    for g in range(games):
        state = new_game(map=map, players=players, seed=seed + g)
        bots = [RandomBot(seed * 31 + g * 7 + i) for i in range(players)]
        i = 0
        while not state.over:
            if state.phase == "route" and routes or (state.phase != "route" and i % every == 0):
                out.append(state.copy())
            apply(state, bots[state.current].choose(state))
            i += 1
    return out


def late_positions(games: int, seed: int = 0):
    """The first action of a turn when few cards are left: big networks, the slowest decisions."""
    out = []
    for g in range(games):
        state = new_game(players=2, seed=seed + g)
        bots = [RandomBot(seed + g * 3 + i) for i in range(2)]
        while not state.over:
            if state.phase == "actions" and state.actions_left == 4 and len(state.deck) <= 12:
                out.append(state.copy())
                if len(out) % 3 == 0:
                    break
            apply(state, bots[state.current].choose(state))
    return out


@pytest.fixture(scope="session")
def positions():
    return sample_positions(games=6, every=9)


@pytest.fixture(scope="session")
def route_positions():
    pos = [p for p in sample_positions(games=10, every=10 ** 9) if p.phase == "route"]
    assert pos, "seeded random games always meet some route choices"
    return pos


def shuffled_deck(state, seed: int):
    """The same position in a world where the unseen cards lie in another order (and another seed made them)."""
    other = state.copy()
    rng = random.Random(seed)
    rng.shuffle(other.deck)
    rest = other.setup.deck[4:]
    rng.shuffle(rest)
    other.setup.deck = other.setup.deck[:4] + rest
    other.setup.seed = (state.setup.seed or 0) + 1000 + seed
    assert sorted(other.deck) == sorted(state.deck)
    return other
