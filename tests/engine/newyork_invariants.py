"""New York's facts after every action, recounted from the tokens and the map file (not the engine's code).

- no line of a player who is not acting ends at a water icon (their turns ended), nor the acting player's once
  the passenger is being moved or the game is over;
- each line connected to at least three icons has scored 3 water points, once: a player's "water" points are 3 per
  such line;
- a line that has reached k clusters has scored 0 + 1 + ... + (k-1) cluster points, whatever the order;
- a station shows one destination token per face-up card (two identical cards: two tokens).
"""
from __future__ import annotations

import functools
import tomllib
from collections import Counter
from pathlib import Path

from game.engine import GameState
from game.engine.state import PHASE_ACTIONS

MAPS = Path(__file__).resolve().parent.parent.parent / "maps"


@functools.lru_cache(maxsize=None)
def newyork_facts(path: str) -> dict:
    data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    names = [s["name"] for s in data["stations"]]
    idx = {n: i for i, n in enumerate(names)}
    cluster = {idx[n]: c for c, members in data["newyork"]["clusters"].items() for n in members}
    return {
        "water": frozenset(i for i, s in enumerate(data["stations"]) if "water" in s.get("kinds", [])),
        "cluster": cluster,
        "conns": [(idx[c["a"]], idx[c["b"]]) for c in data["connections"]],
        "names": names,
    }


def icon_ends(s: GameState, li: int, f: dict) -> list[int]:
    deg: Counter = Counter()
    for c in s.lines[li].conns:
        deg.update(f["conns"][c])
    return [x for x, d in deg.items() if d == 1 and x in f["water"]]


def check_newyork(s: GameState) -> None:
    f = newyork_facts(str(MAPS / f"{s.setup.map}.toml"))
    mid_turn = s.current if s.phase == PHASE_ACTIONS else None
    for p, pl in enumerate(s.players):
        water = clusters = 0
        for li in pl.lines:
            ln = s.lines[li]
            on = {x for c in ln.conns for x in f["conns"][c]}
            if p != mid_turn:
                wet = icon_ends(s, li, f)
                assert not wet, (f"player {p}'s {ln.colour} line ends on the water at "
                                 f"{[f['names'][x] for x in wet]} outside their turn's actions")
            if len(on & f["water"]) >= 3:
                water += 3
            k = len({f["cluster"][x] for x in on if x in f["cluster"]})
            clusters += k * (k - 1) // 2
            assert sorted(ln.clusters) == sorted({f["cluster"][x] for x in on if x in f["cluster"]})
        assert pl.points.get("water", 0) == water, f"player {p}: water points {pl.points.get('water', 0)}, want {water}"
        assert pl.points.get("clusters", 0) == clusters, \
            f"player {p}: cluster points {pl.points.get('clusters', 0)}, want {clusters}"
    assert all(n <= 2 for n in Counter(s.face_up).values()), "at most two cards of one station"
