"""The board straight from the map file (tomllib, no engine code): stations and connections in file order.

For the bundled boards the rule numbers (scores, costs, card and tile counts) come from ``rulebook.py``, not
from the file; a bundled file whose board facts contradict the rulebook is refused (``RulebookMismatch``).
"""
from __future__ import annotations

import tomllib
from collections import Counter
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path

from . import rulebook as rb

MAPS = Path(__file__).resolve().parents[2] / "maps"


class RulebookMismatch(ValueError):
    """A bundled map says something the rulebook contradicts."""


@dataclass(frozen=True)
class RefBoard:
    name: str
    city: str
    names: tuple[str, ...]  # station names; a station is its position in the file
    xy: tuple[tuple[int | float, int | float], ...]
    kinds: tuple[frozenset[str], ...]
    conns: tuple[tuple[int, int, int], ...]  # (station a, station b, track spaces), in file order
    start: int
    express: frozenset[int]
    standard: frozenset[int]
    symbol_stations: tuple[int, ...]  # London: the stations that carry a connection tile, in file order
    landmark_stations: tuple[int, ...] = ()  # Berlin: stations with a stack of landmark tiles, in file order
    landmark_sizes: tuple[int, ...] = ()
    landmark_types: tuple[str, ...] = ()
    plus_points: tuple[int, ...] = ()  # Berlin: points for the 1st, 2nd, ... "+" station of a line
    set_points: int = 0
    bonus_per_tile: int = 0
    water: frozenset[int] = frozenset()  # New York: the water icons (stations of kind "water")
    clusters: tuple[frozenset[int], ...] = ()  # New York: the stations of each cluster
    rer_points: tuple[int, ...] = ()  # Paris: points for the 1st, 2nd, ... line of anyone at an RER station
    terminus_rewards: tuple[tuple[str, int, int], ...] = ()  # Paris: (name, points, branch tiles) to choose from
    set_tile_cost: int = 0  # Paris: branch tiles per missing type when completing a set
    full_connection_tiles: int | None = None  # Paris: branch tiles that buy a token on a full connection
    objectives: tuple[tuple[frozenset[int], int], ...] = ()  # Paris: each secret card's three stations and points
    # a bundled board: the numbers above are the rulebook's (rulebook.py), and set-ups are checked against it
    rulebook: bool = False
    cards: tuple[int, int] | None = None  # the rulebook's (express, standard) destination cards
    stacks_per_type: tuple[int, ...] = ()  # Berlin: how the rulebook splits each landmark type
    objectives_per_player: int | None = None  # Paris: secret cards dealt to each player

    def index(self, name: str) -> int:
        return self.names.index(name)

    def conn(self, a: str, b: str) -> int:
        ia, ib = self.index(a), self.index(b)
        for c, (x, y, _) in enumerate(self.conns):
            if {x, y} == {ia, ib}:
                return c
        raise KeyError(f"no connection {a} - {b}")


@lru_cache(maxsize=None)
def ref_board(map_name: str) -> RefBoard:
    path = Path(map_name) if map_name.endswith(".toml") else MAPS / f"{map_name}.toml"
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    names = tuple(s["name"] for s in data["stations"])
    idx = {n: i for i, n in enumerate(names)}
    london = data.get("london", {})
    berlin = data.get("berlin", {})
    paris = data.get("paris", {})
    clusters: dict[str, set[int]] = {}  # a map may list a cluster's stations, or give a station its cluster
    for name, members in data.get("newyork", {}).get("clusters", {}).items():
        clusters.setdefault(name, set()).update(idx[n] for n in members)
    for i, s in enumerate(data["stations"]):
        if s.get("cluster"):
            clusters.setdefault(s["cluster"], set()).add(i)
    board = RefBoard(
        name=data["map"]["name"],
        city=data["map"]["city"],
        names=names,
        xy=tuple((s["x"], s["y"]) for s in data["stations"]),
        kinds=tuple(frozenset(s.get("kinds", [])) for s in data["stations"]),
        conns=tuple((idx[c["a"]], idx[c["b"]], c["spaces"]) for c in data["connections"]),
        start=idx[data["map"]["start"]],
        express=frozenset(idx[n] for n in data["destinations"].get("express", [])),
        standard=frozenset(idx[n] for n in data["destinations"].get("standard", [])),
        symbol_stations=tuple(idx[n] for n in london.get("connection_stations", [])),
        # Berlin: stacks of tiles at some stations; Paris: one tile at each landmark station
        landmark_stations=tuple(idx[x["station"]] for x in berlin.get("landmarks", []))
        + tuple(idx[n] for n in paris.get("landmarks", [])),
        landmark_sizes=tuple(x["tiles"] for x in berlin.get("landmarks", [])) + (1,) * len(paris.get("landmarks", [])),
        landmark_types=tuple(berlin.get("landmark_types", paris.get("landmark_types", []))),
        # a custom map's own numbers; one it leaves out is the rulebook's (as in the engine)
        plus_points=tuple(berlin.get("plus_points", rb.BERLIN_PLUS_POINTS)) if berlin else (),
        set_points=(berlin.get("set_points", rb.BERLIN_SET_POINTS) if berlin else
                    paris.get("set_points", rb.PARIS_SET_POINTS) if paris else 0),
        bonus_per_tile=berlin.get("bonus_per_tile", rb.BERLIN_BONUS_PER_TILE) if berlin else 0,
        water=frozenset(i for i, s in enumerate(data["stations"]) if "water" in s.get("kinds", [])),
        clusters=tuple(frozenset(v) for _, v in sorted(clusters.items())),
        rer_points=tuple(paris.get("rer_points", rb.PARIS_RER_POINTS)) if paris else (),
        terminus_rewards=(tuple((k, v[0], v[1]) for k, v in paris["terminus_rewards"].items())
                          if "terminus_rewards" in paris else rb.PARIS_TERMINUS_REWARDS if paris else ()),
        set_tile_cost=paris.get("set_tile_cost", rb.PARIS_SET_TILE_COST) if paris else 0,
        full_connection_tiles=paris.get("full_connection_tiles", rb.PARIS_FULL_CONNECTION_TILES) if paris else None,
        objectives=tuple((frozenset(idx[n] for n in o["stations"]), o["points"]) for o in paris.get("objectives", [])),
    )
    if path.resolve().parent == MAPS and path.stem in rb.BUNDLED:
        return _rulebook_board(board, path.name)
    return board


def _rulebook_board(board: RefBoard, file: str) -> RefBoard:
    """The bundled board with the rulebook's numbers in place of the file's, after checking the file's board facts
    (which stations carry what) against the counts the rulebook gives."""
    city = board.city
    names = board.names
    problems = []

    def expect(what: str, got, want) -> None:
        if got != want:
            problems.append(f"{what}: the map says {got!r}, the rulebook {want!r}")

    expect("city", city, rb.BUNDLED[Path(file).stem])
    expect("start station", names[board.start], rb.START[city])
    numbers: dict = {"rulebook": True, "cards": rb.CARDS[city]}
    if city == "london":
        expect("connection stations", sorted(names[s] for s in board.symbol_stations),
               sorted(rb.LONDON_CONNECTION_STATIONS))
    if city == "berlin":
        expect("landmark types", sorted(board.landmark_types), sorted(rb.BERLIN_LANDMARK_TYPES))
        expect("landmark stations per stack size", dict(Counter(board.landmark_sizes)), rb.BERLIN_STATIONS_PER_STACK)
        numbers.update(landmark_types=rb.BERLIN_LANDMARK_TYPES, stacks_per_type=rb.BERLIN_STACKS_PER_TYPE,
                       plus_points=rb.BERLIN_PLUS_POINTS, set_points=rb.BERLIN_SET_POINTS,
                       bonus_per_tile=rb.BERLIN_BONUS_PER_TILE)
    if city == "paris":
        expect("landmark types", len(board.landmark_types), rb.PARIS_LANDMARK_TYPES)
        cards = []
        for stations, _ in board.objectives:
            key = frozenset(names[s] for s in stations)
            if key not in rb.PARIS_OBJECTIVE_CARDS:
                problems.append(f"secret objective card {sorted(key)} is not one of the printed cards")
            cards.append((stations, rb.PARIS_OBJECTIVE_CARDS.get(key, 0)))
        expect("secret objective cards", len(cards), len(rb.PARIS_OBJECTIVE_CARDS))
        numbers.update(rer_points=rb.PARIS_RER_POINTS, terminus_rewards=rb.PARIS_TERMINUS_REWARDS,
                       set_points=rb.PARIS_SET_POINTS, set_tile_cost=rb.PARIS_SET_TILE_COST,
                       full_connection_tiles=rb.PARIS_FULL_CONNECTION_TILES, objectives=tuple(cards),
                       objectives_per_player=rb.PARIS_OBJECTIVES_PER_PLAYER)
    if problems:
        raise RulebookMismatch(f"maps/{file} contradicts the rulebook: " + "; ".join(problems))
    return replace(board, **numbers)
