"""Berlin's facts after every action, recounted from the tokens and the map file (not the engine's code).

- each line's "+" points: a line on k "+" stations has scored the first k entries of plus_points;
- tiles taken from a landmark station = min(stack size, lines connected there), since every line newly
  connected takes one while any are left;
- per type: tiles taken = tiles held + one per set of five scored; nobody holds all five types;
- the end bonus appears only when the game is over, as bonus_per_tile x the most tiles of one type.
"""
from __future__ import annotations

import functools
import tomllib
from collections import Counter
from pathlib import Path

from game.engine import GameState

MAPS = Path(__file__).resolve().parent.parent.parent / "maps"


@functools.lru_cache(maxsize=None)
def berlin_facts(path: str) -> dict:
    data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    names = [s["name"] for s in data["stations"]]
    idx = {n: i for i, n in enumerate(names)}
    bd = data["berlin"]
    return {
        "plus": frozenset(i for i, s in enumerate(data["stations"]) if "plus" in s.get("kinds", [])),
        "landmarks": [idx[lm["station"]] for lm in bd["landmarks"]],
        "sizes": [lm["tiles"] for lm in bd["landmarks"]],
        "types": list(bd["landmark_types"]),
        "plus_points": list(bd.get("plus_points", [0, 2, 2, 4])),
        "set_points": bd.get("set_points", 10),
        "bonus": bd.get("bonus_per_tile", 3),
        "conns": [(idx[c["a"]], idx[c["b"]]) for c in data["connections"]],
    }


def check_berlin(s: GameState, map_path: str | Path | None = None) -> None:
    f = berlin_facts(str(map_path or MAPS / f"{s.setup.map}.toml"))
    lines_at: Counter = Counter()
    for p, pl in enumerate(s.players):
        plus = 0
        for li in pl.lines:
            on = {x for c in s.lines[li].conns for x in f["conns"][c]}
            lines_at.update(on)
            k = len(on & f["plus"])
            plus += sum(f["plus_points"][:k])
            assert set(s.lines[li].plus_stations) == on & f["plus"], "the line's + stations"
        assert pl.points.get("plus", 0) == plus, f"player {p}: + points {pl.points.get('plus', 0)}, board says {plus}"
        assert all(v > 0 for v in pl.landmarks.values()) and set(pl.landmarks) <= set(f["types"])
        assert len(pl.landmarks) < len(f["types"]), f"player {p} holds a set of five that was not scored"
        bonus = pl.points.get("landmark_bonus", 0)
        want = f["bonus"] * max(pl.landmarks.values(), default=0) if s.over else 0
        assert bonus == want, f"player {p}: landmark bonus {bonus}, want {want}"
        assert pl.points.get("landmark_sets", 0) % f["set_points"] == 0
    taken: Counter = Counter()
    for i, (st, size) in enumerate(zip(f["landmarks"], f["sizes"])):
        got = size - s.landmarks_left[i]
        assert got == min(size, lines_at[st]), f"landmark station {st}: {got} tiles taken, {lines_at[st]} lines"
        taken[s.setup.landmark_tiles[i]] += got
    sets = sum(pl.points.get("landmark_sets", 0) // f["set_points"] for pl in s.players)
    held: Counter = Counter()
    for pl in s.players:
        held.update(pl.landmarks)
    for t in f["types"]:
        assert taken[t] == held[t] + sets, f"{t}: {taken[t]} taken, {held[t]} held, {sets} sets scored"
