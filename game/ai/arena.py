"""Bots playing each other: single matches, series with rotated seats, and the AI benchmark.

A series plays each deal (a game seed) once per distinct seating of the rotation, so every level gets every
seat of every deal and no level is favoured by moving first or by a lucky deck; a seating that would repeat
one already played on that deal (every seat the same level, or hard,normal over four seats) gets a new deal
instead, since the same deal with the same seating is the same game. A shared win (equal points and equal
branch tiles, RULES.md; in the classic variant equal points alone) counts as a win for every level holding
a winning seat; ``shared`` in the result says how often that happened.
"""
from __future__ import annotations

import multiprocessing
import os
import time

from ..engine import apply, new_game, winners
from ..engine.record import position_digest
from . import make_bot

MAX_ACTIONS = 2000  # a London game takes about 130; more means a bug, not a long game


def _bot_seed(seed: int, seat: int) -> int:
    return seed * 101 + seat * 7919 + 17


def seat_bot(level: str, seed: int, weights=None, settings: dict | None = None):
    """A seat's bot: ``make_bot``'s, or a searching level (hard, expert) with its own judge's weights (None: the
    level's default, the board's tuning included) and search settings (``budget=inf``: no wall-clock stop)."""
    if weights is None and not settings:
        return make_bot(level, seed)
    from .bots import HardBot
    from .evaluate import DEFAULT
    from .expert import ExpertBot

    cls = {"hard": HardBot, "expert": ExpertBot}[level]
    return cls(seed, DEFAULT if weights is None else weights, **(settings or {}))


def play_match(levels: list[str], map: str = "london", seed: int = 0, variant: str = "standard",
               weights: list | None = None, settings: list[dict | None] | None = None) -> dict:
    """One game with ``levels[i]`` in seat i (seat 0 starts); scores, winners and decision times.

    ``weights[i]`` and ``settings[i]`` give seat i's bot its own judge and search settings (``seat_bot``)."""
    state = new_game(map=map, players=len(levels), seed=seed, start_player=0, variant=variant)
    bots = [seat_bot(level, _bot_seed(seed, i), weights[i] if weights else None, settings[i] if settings else None)
            for i, level in enumerate(levels)]
    times: dict[str, list[float]] = {level: [] for level in levels}
    cpu_max: dict[str, float] = {level: 0.0 for level in levels}
    actions = 0
    while not state.over and actions < MAX_ACTIONS:
        seat = state.current
        t0 = time.perf_counter()
        c0 = time.process_time()
        action = bots[seat].choose(state)
        times[levels[seat]].append(time.perf_counter() - t0)
        cpu_max[levels[seat]] = max(cpu_max[levels[seat]], time.process_time() - c0)
        apply(state, action)
        actions += 1
    cuts = {level: {"work": 0, "clock": 0} for level in levels}
    for level, b in zip(levels, bots):
        cuts[level]["work"] += getattr(b, "cut_by_work", 0)
        cuts[level]["clock"] += getattr(b, "cut_by_clock", 0)
    return {
        "scores": [p.score for p in state.players],
        "points": [dict(p.points) for p in state.players],
        "branch_tiles": [p.branch_tiles for p in state.players],
        "winners": winners(state),
        "turns": state.turn + 1,
        "finished": state.over,
        "seats": list(levels),  # the seating: seat i's level
        "seed": seed,  # the deal
        "digest": position_digest(state),  # of the final position: equal digests, the same game
        "map": state.setup.map,
        "variant": variant,
        # wall-clock seconds per decision; "cpu_max" is the slowest in processor time, which a busy machine
        # does not inflate
        "decision_s": {lv: {"max": max(ts, default=0.0), "mean": sum(ts) / len(ts) if ts else 0.0, "n": len(ts),
                            "cpu_max": cpu_max[lv]}
                       for lv, ts in times.items()},
        # hard's searches narrowed by its work budget (reproducible) or by the wall-clock safety stop (not)
        "search_cuts": cuts,
    }


def seating(bots: list[str], game: int, players: int) -> list[str]:
    """Seats of one game of a series: the bots cycled over the seats, rotated by the game number."""
    base = [bots[i % len(bots)] for i in range(players)]
    r = game % players
    return base[r:] + base[:r]


def seatings_per_deal(bots: list[str], players: int) -> int:
    """How many games of a series share a deal: the distinct seatings of the rotation (1 when every seat has
    the same level, 2 for hard,normal over two or four seats, 3 for hard,normal over three)."""
    return len({tuple(seating(bots, r, players)) for r in range(players)})


def deal_seed(bots: list[str], game: int, players: int, seed: int = 0) -> int:
    """The deal of one game of a series: each deal is played once in every distinct seating, then the next.

    The seatings repeat with a period of ``seatings_per_deal`` games, and those games are all different
    seatings, so no game repeats another's deal and seating (which would be the same game).
    """
    return seed + game // seatings_per_deal(bots, players)


def _play_one(job: tuple) -> dict:
    levels, map, seed, variant = job
    return play_match(levels, map=map, seed=seed, variant=variant)


def _map_games(jobs: list[tuple], workers: int) -> list[dict]:
    if workers <= 1 or len(jobs) < 2:
        return [_play_one(j) for j in jobs]
    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(workers) as pool:
        return pool.map(_play_one, jobs, chunksize=1)


def default_workers() -> int:
    return max(1, min(2, os.cpu_count() or 1))


def run_games(bots: list[str], games: int, seed: int = 0, players: int | None = None, map: str = "london",
              workers: int = 1, variant: str = "standard") -> dict:
    """A series: bots cycled over the seats, seats rotated from game to game, each deal once per distinct
    seating (``deal_seed``), so no two games are the same game.

    ``variant="classic"`` plays the first edition (on London, its own board) and its shared ties.

    ``winrates[level]`` is the share of the games the level played in where it held a winning seat.
    """
    players = players or max(2, len(bots))
    jobs = [(seating(bots, g, players), map, deal_seed(bots, g, players, seed), variant) for g in range(games)]
    t0 = time.perf_counter()
    results = _map_games(jobs, workers)
    elapsed = time.perf_counter() - t0
    played = {b: 0 for b in bots}
    won = {b: 0 for b in bots}
    shared = 0
    out = []
    for r in results:
        levels = r["seats"]
        for lv in set(levels):
            played[lv] += 1
        for lv in {levels[w] for w in r["winners"]}:
            won[lv] += 1
        if len(r["winners"]) > 1:
            shared += 1
        out.append(r)
    return {
        "games": out,
        "winrates": {b: (won[b] / played[b] if played[b] else 0.0) for b in bots},
        "shared": shared,
        "games_per_s": games / elapsed if elapsed > 0 else 0.0,
        "decision_s_max": {b: max((r["decision_s"][b]["max"] for r in out if b in r["decision_s"]), default=0.0)
                           for b in bots},
        "clock_cuts": {b: sum(r["search_cuts"][b]["clock"] for r in out if b in r["search_cuts"]) for b in bots},
        "decision_cpu_s_max": {b: max((r["decision_s"][b]["cpu_max"] for r in out if b in r["decision_s"]),
                                      default=0.0) for b in bots},
    }


def bench_ai(games: int = 200, seed: int = 0, workers: int | None = None, map: str = "london") -> dict:
    """Hard against normal and against random, 2 players on ``map``, seats rotated.

    ``ai_turn_s_max`` is the slowest single hard decision seen in all those games (wall clock; each game
    process has a core to itself when ``workers`` is at most the number of cores), ``ai_turn_cpu_s_max``
    the same in processor time. On another board than London every key ends in ``_<map>``
    (``hard_vs_normal_berlin``, ...), so both boards' figures sit side by side in one bench.
    """
    workers = default_workers() if workers is None else workers
    t0 = time.perf_counter()
    vs_normal = run_games(["hard", "normal"], games, seed, players=2, map=map, workers=workers)
    vs_random = run_games(["hard", "random"], games, seed, players=2, map=map, workers=workers)
    out = {
        "ai_turn_s_max": max(vs_normal["decision_s_max"]["hard"], vs_random["decision_s_max"]["hard"]),
        "ai_turn_cpu_s_max": max(vs_normal["decision_cpu_s_max"]["hard"], vs_random["decision_cpu_s_max"]["hard"]),
        "hard_vs_normal": vs_normal["winrates"]["hard"],
        "hard_vs_random": vs_random["winrates"]["hard"],
        "ai_games": games,
        # hard searches the wall-clock safety stop cut short (0: every choice was the reproducible one)
        "ai_clock_cuts": vs_normal["clock_cuts"]["hard"] + vs_random["clock_cuts"]["hard"],
        "ai_shared_wins": vs_normal["shared"] + vs_random["shared"],
        "ai_bench_s": time.perf_counter() - t0,
    }
    if map != "london":
        out = {f"{k}_{map}": v for k, v in out.items()}
    return out


# the boards of the expert's figures: (key suffix, map, variant); "classic" is London's first edition
EXPERT_BOARDS = (("london", "london", "standard"), ("classic", "london", "classic"), ("berlin", "berlin", "standard"),
                 ("newyork", "newyork", "standard"), ("paris", "paris", "standard"))


def bench_expert(games: int = 200, games4: int = 100, seed: int = 0, workers: int | None = None,
                 boards: tuple = EXPERT_BOARDS) -> dict:
    """The expert's goals (issue 24) on every board: ``expert_vs_hard_<board>``, its win rate over ``games``
    two-player games against hard (seats rotated), and ``expert_4p_share_<board>``, its win rate alone against
    three hard players over ``games4`` four-player games (its seat rotated; a fair share is 0.25).

    ``ai_turn_s_max_expert`` is the slowest expert decision in all those games (wall clock; a quiet machine
    with a core per worker is needed for it to mean anything), ``ai_turn_cpu_s_max_expert`` the same in
    processor time, ``ai_clock_cuts_expert`` the searches its wall-clock safety stop cut (0: every choice was
    the reproducible one).
    """
    workers = default_workers() if workers is None else workers
    t0 = time.perf_counter()
    out: dict = {}
    wall = cpu = 0.0
    cuts = 0
    for name, map_name, variant in boards:
        two = run_games(["expert", "hard"], games, seed, players=2, map=map_name, workers=workers, variant=variant)
        out[f"expert_vs_hard_{name}"] = two["winrates"]["expert"]
        series = [two]
        if games4:
            four = run_games(["expert", "hard", "hard", "hard"], games4, seed, players=4, map=map_name,
                             workers=workers, variant=variant)
            out[f"expert_4p_share_{name}"] = four["winrates"]["expert"]
            series.append(four)
        for s in series:
            wall = max(wall, s["decision_s_max"]["expert"])
            cpu = max(cpu, s["decision_cpu_s_max"]["expert"])
            cuts += s["clock_cuts"]["expert"]
    out.update({"ai_turn_s_max_expert": wall, "ai_turn_cpu_s_max_expert": cpu, "ai_clock_cuts_expert": cuts,
                "ai_games_expert": games, "ai_games_4p_expert": games4,
                "ai_bench_s_expert": time.perf_counter() - t0})
    return out
