"""New York for the bots: clusters, the third water icon, and lines that must not end a turn on water.

What a line newly reaching a station is worth (``reach``): a cluster it has not reached scores 1 point per
cluster it already has (0 for its first, which is counted as ``FIRST_CLUSTER`` since it opens the 1, 2 and
3 behind it); a water icon is worth 3 when it is the line's third, and a share of that for the first and
second (``ICON_HOPE``), since it is on the way there. A cluster counts once per line however many of its
stations are within reach, and the icons once per line (only the third scores).

Water legality needs nothing here: the engine offers only placements after which every line can still
leave the water this turn (``legal_placements``), refuses a branch tile that would make that impossible
(``evaluate.branch_legal``), and the bots pick only from those, so no plan ends a turn on an icon.
"""
from __future__ import annotations

from .base import CityValue

FIRST_CLUSTER = 1.0  # a line's first cluster scores 0 but opens the 1, 2, 3 behind it
ICON_HOPE = (0.5, 1.0)  # a line's first and second water icon: on the way to the third one's 3 points
ICON_POINTS = 3.0  # the third icon
ICONS_FOR_POINTS = 3


class NewYorkValue(CityValue):
    cards_per_turn = 2.0  # the passenger moves twice every turn

    def search_costs(self, costs: dict[str, float]) -> dict[str, float]:
        """Hard's prices, but the expert's playouts (two passenger moves a turn) cost more than elsewhere: 0.52 ms of
        processor time per unit at hard's prices against 0.28 for the beam's (docs/ai.md "Expert's time")."""
        return {**costs, "playout": 1.9}

    def __init__(self, board):
        self.water = frozenset(board.water)
        self.clusters = {name: tuple(members) for name, members in board.clusters.items()}
        self.cluster_of = list(board.station_cluster)
        self._reach: dict[tuple, dict[int, float]] = {}

    def icons(self, state, line: int) -> int:
        """Water icons the line is connected to."""
        water = self.water
        return sum(1 for s, d in state.lines[line].degree.items() if d and s in water)

    def reach(self, state, line: int, deny: bool = True) -> dict[int, float]:
        """Worth per station; depends only on the line's clusters and icon count, so it is shared between
        look-ahead positions (stations the line already touches are left in: callers skip them)."""
        ln = state.lines[line]
        icons = self.icons(state, line)
        key = (tuple(sorted(ln.clusters)), icons)
        out = self._reach.get(key)
        if out is not None:
            return out
        out = {}
        k = len(ln.clusters)
        worth = FIRST_CLUSTER if k == 0 else float(k)
        for name, members in self.clusters.items():
            if name not in ln.clusters:
                for s in members:
                    out[s] = worth
        if icons < ICONS_FOR_POINTS:
            v = ICON_POINTS if icons == ICONS_FOR_POINTS - 1 else ICON_HOPE[icons]
            for s in self.water:
                out[s] = v
        self._reach[key] = out
        return out

    def grab_key(self, line: int, station: int):
        if station in self.water:
            return (line, "water")  # only one more icon is counted ahead: the next one
        cluster = self.cluster_of[station] if station < len(self.cluster_of) else None
        return (line, "cluster", cluster) if cluster else (line, station)


_CACHE: dict[str, NewYorkValue] = {}


def newyork_value(board) -> NewYorkValue:
    v = _CACHE.get(board.name)
    if v is None:
        v = _CACHE[board.name] = NewYorkValue(board)
    return v
