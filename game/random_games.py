"""Whole games by the uniform random policy: what `underground simulate` prints without bots and what the
bench's ``games_per_s`` keys measure (its own module, so the command line and the bench both use it
without importing each other)."""
from __future__ import annotations

import time


def run_random_games(map_name: str, players: int, games: int, seed: int, variant: str = "standard") -> dict:
    """G complete games with the uniform random policy; the figures `simulate` prints.

    ``variant="classic"`` plays the first edition (on London, its own board: see rules.new_game).
    """
    from .ai import RandomBot
    from .engine import apply, new_game, winners

    out = []
    t0 = time.perf_counter()
    for g in range(games):
        state = new_game(map_name, players, seed=seed + g, variant=variant)
        bots = [RandomBot(seed * 7919 + g * 31 + i) for i in range(players)]
        while not state.over:
            apply(state, bots[state.current].choose(state))
        out.append({"scores": [p.score for p in state.players],
                    "winners": winners(state),
                    "turns": state.turn + 1, "finished": state.over,
                    "seats": ["random"] * players, "seed": seed + g})  # the seating and the deal
    dt = time.perf_counter() - t0
    return {"games": out, "games_per_s": round(games / dt, 2) if dt > 0 else None}
