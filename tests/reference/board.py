"""The board straight from the map file (tomllib, no engine code): stations and connections in file order."""
from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

MAPS = Path(__file__).resolve().parents[2] / "maps"


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
    return RefBoard(
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
        plus_points=tuple(berlin.get("plus_points", [])),
        set_points=berlin.get("set_points", paris.get("set_points", 0)),
        bonus_per_tile=berlin.get("bonus_per_tile", 0),
        water=frozenset(i for i, s in enumerate(data["stations"]) if "water" in s.get("kinds", [])),
        clusters=tuple(frozenset(v) for _, v in sorted(clusters.items())),
        rer_points=tuple(paris.get("rer_points", [])),
        terminus_rewards=tuple((k, v[0], v[1]) for k, v in paris.get("terminus_rewards", {}).items()),
        set_tile_cost=paris.get("set_tile_cost", 0),
        full_connection_tiles=paris.get("full_connection_tiles"),
        objectives=tuple((frozenset(idx[n] for n in o["stations"]), o["points"]) for o in paris.get("objectives", [])),
    )
