"""Speed figures for `underground bench --json` (medians; baselines timed in the same process)."""
from __future__ import annotations

import random
import statistics
import time
from typing import Callable


def _median_ms(fn: Callable[[], object], reps: int) -> float:
    times = []
    for _ in range(reps):
        t = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times)


def position(turns: int, players: int = 4, seed: int = 7, map_name: str = "london"):
    """A seeded random-play position after ``turns`` turns (mid or late game)."""
    from .ai import RandomBot
    from .engine import apply, new_game

    state = new_game(map_name, players, seed=seed)
    bot = RandomBot(seed)
    while not state.over and state.turn < turns:
        apply(state, bot.choose(state))
    return state


def networkx_route_graph(state):
    """The same passenger graph as passenger.py builds, as a networkx DiGraph (the baseline)."""
    import networkx as nx

    from .engine import board_of

    board = board_of(state)
    g = nx.DiGraph()
    for c, toks in enumerate(state.tokens):
        a, b = board.conn_ends[c]
        if not toks:
            g.add_edge(a, b, weight=1000)
            g.add_edge(b, a, weight=1000)
    for li, line in enumerate(state.lines):
        for s in line.degree:
            g.add_edge(s, ("line", li), weight=1)
            g.add_edge(("line", li), s, weight=0)
    g.add_nodes_from(range(len(board.stations)))
    return g


def board_figures(map_name: str, quick: bool = False) -> dict:
    """route_ms, legal_ms and games_per_s on one more board, measured as for London (no baseline)."""
    from .random_games import run_random_games
    from .engine import board_of, legal_actions, passenger, rules_of

    reps = 50 if quick else 400
    late = position(turns=26, map_name=map_name)
    board = board_of(late)
    kinds = rules_of(late).passenger_moves(late, board) or ["any"]

    def ours():
        for k in kinds:
            passenger.route_options(late, board, k)

    mid = position(turns=12, map_name=map_name)
    return {"route_ms": round(_median_ms(ours, reps), 4),
            "legal_ms": round(_median_ms(lambda: legal_actions(mid), reps), 4),
            "games_per_s": run_random_games(map_name, 4, 10 if quick else 60, seed=1)["games_per_s"]}


def engine_figures(quick: bool = False) -> dict:
    import networkx as nx

    from .engine import board_of, legal_actions, passenger, rules_of

    reps = 50 if quick else 400
    late = position(turns=26)
    board = board_of(late)
    kinds = rules_of(late).passenger_moves(late, board) or ["any"]

    def ours():
        # every tied outcome with its hops, for each passenger move of the turn; the per-position
        # lookups are kept current by each placement, as in play
        for k in kinds:
            passenger.route_options(late, board, k)

    targets = {k: [d for d in late.face_up if k == "any" or k in board.stations[d].kinds] for k in kinds}

    def plain_nx():
        # the straightforward way: a graph of this position, then a shortest path to each candidate
        g = networkx_route_graph(late)
        for k in kinds:
            for d in targets[k]:
                nx.shortest_path(g, late.passenger, d, weight="weight")

    g0 = networkx_route_graph(late)

    def nx_search_only():
        for _k in kinds:
            nx.single_source_dijkstra(g0, late.passenger, weight="weight")

    route_ms = _median_ms(ours, reps)
    nx_ms = _median_ms(plain_nx, reps)
    nx_search_ms = _median_ms(nx_search_only, reps)

    mid = position(turns=12)
    legal_ms = _median_ms(lambda: legal_actions(mid), reps)

    games = 10 if quick else 60
    from .random_games import run_random_games

    gps = run_random_games("london", 4, games, seed=1)["games_per_s"]
    return {
        "route_ms": round(route_ms, 4),
        "route_networkx_ms": round(nx_ms, 4),
        "route_vs_networkx": round(nx_ms / route_ms, 2),
        "route_networkx_search_only_ms": round(nx_search_ms, 4),
        "legal_ms": round(legal_ms, 4),
        "games_per_s": gps,
        **{f"{k}_berlin": v for k, v in board_figures("berlin", quick).items()},
        **{f"{k}_newyork": v for k, v in board_figures("newyork", quick).items()},
        **{f"{k}_paris": v for k, v in board_figures("paris", quick).items()},
    }


def run_bench(quick: bool = False, parts: list[str] | None = None) -> dict:
    parts = parts or ["engine", "ui", "ai", "kiosk"]  # "expert" only when asked: its series take hours
    unknown = set(parts) - {"engine", "ui", "ai", "expert", "kiosk"}
    if unknown:
        raise ValueError(f"unknown bench part(s) {', '.join(sorted(unknown))}; use engine, ui, ai, expert, kiosk")
    out: dict = {}
    random.seed(0)
    if "engine" in parts:
        out.update(engine_figures(quick))
    if "ui" in parts:
        from .ui.bench import ui_figures

        out.update(ui_figures(quick))
    if "ai" in parts:
        from .ai.arena import bench_ai

        out.update(bench_ai(games=20 if quick else 200))
        out.update(bench_ai(games=20 if quick else 200, map="berlin"))  # hard_vs_normal_berlin, ...
        out.update(bench_ai(games=20 if quick else 200, map="newyork"))  # hard_vs_normal_newyork, ...
        out.update(bench_ai(games=20 if quick else 200, map="paris"))  # hard_vs_normal_paris, ai_turn_s_max_paris, ...
    if "expert" in parts:
        from .ai.arena import bench_expert

        # the expert's goals on every board (expert_vs_hard_<board>, expert_4p_share_<board>,
        # ai_turn_s_max_expert): about 1 000 games, hours of processor time (docs/bench.md)
        out.update(bench_expert(games=4 if quick else 200, games4=4 if quick else 100))
    if "kiosk" in parts:
        from .ui.kiosk.mode import attract_rss_growth

        out["attract_rss_growth_mb"] = attract_rss_growth(games=5 if quick else 30)
    return out
