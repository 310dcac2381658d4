"""A loaded board: stations and connections by index, with the lookups the rules need to be fast.

Stations and connections are numbered in map-file order; the state stores only these numbers, so a
game record stays small and a position can be compared with ``==``.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING

from .. import mapfile

if TYPE_CHECKING:
    from .state import GameState


@dataclass(frozen=True, slots=True)
class Station:
    index: int
    name: str
    x: float
    y: float
    kinds: frozenset[str]
    cluster: str | None = None

    @property
    def is_express(self) -> bool:
        return "express" in self.kinds

    @property
    def is_standard(self) -> bool:
        return "standard" in self.kinds


@dataclass(frozen=True, slots=True)
class Connection:
    index: int
    a: int
    b: int
    spaces: int
    bends: tuple[tuple[float, float], ...] = ()

    def other(self, station: int) -> int:
        return self.b if station == self.a else self.a


@dataclass(slots=True)
class Board:
    name: str
    city: str
    width: float
    height: float
    stations: list[Station]
    connections: list[Connection]
    start: int
    express_cards: list[int]
    standard_cards: list[int]
    london_connection_stations: list[int] = field(default_factory=list)
    london_symbols: list[str] = field(default_factory=list)
    london_tiles_per_symbol: int = 2
    berlin: mapfile.BerlinData | None = None  # Berlin: landmark types, stacks and what "+" and landmarks score
    paris: mapfile.ParisData | None = None  # Paris: landmark types, objective cards, what RER/termini/sets score
    landmark_stations: list[int] = field(default_factory=list)  # Berlin/Paris: in [berlin]/[paris].landmarks order
    landmark_stack_sizes: list[int] = field(default_factory=list)  # tiles dealt to each of them
    objective_stations: list[tuple[int, int, int]] = field(default_factory=list)  # Paris: per objective card
    objective_points: list[int] = field(default_factory=list)  # Paris: what each objective card is worth
    water: frozenset[int] = frozenset()  # New York: the water icons (nodes of kind "water", never a stop)
    water_conns: frozenset[int] = frozenset()  # New York: the connections with an icon at either end
    clusters: dict[str, tuple[int, ...]] = field(default_factory=dict)  # New York: cluster -> its stations
    source: mapfile.MapFile | None = None
    # derived lookups
    by_name: dict[str, int] = field(default_factory=dict)
    station_conns: list[tuple[int, ...]] = field(default_factory=list)  # station -> connection indices
    conn_between: dict[tuple[int, int], int] = field(default_factory=dict)
    station_nbrs: list[tuple[tuple[int, int], ...]] = field(default_factory=list)  # station -> (connection, other end)
    conn_ends: list[tuple[int, int]] = field(default_factory=list)
    conn_spaces: list[int] = field(default_factory=list)
    station_cluster: list[str | None] = field(default_factory=list)  # New York: each station's cluster, if any
    by_x: list[tuple[float, float, int]] = field(default_factory=list)  # (x, y, station) sorted: stations in a band
    xs: list[float] = field(default_factory=list)  # the x of each by_x entry, for bisect

    def __post_init__(self) -> None:
        self.by_name = {s.name: s.index for s in self.stations}
        sc: list[list[int]] = [[] for _ in self.stations]
        for c in self.connections:
            sc[c.a].append(c.index)
            sc[c.b].append(c.index)
            self.conn_between[(c.a, c.b)] = c.index
            self.conn_between[(c.b, c.a)] = c.index
        self.station_conns = [tuple(x) for x in sc]
        self.conn_ends = [(c.a, c.b) for c in self.connections]
        self.station_nbrs = [tuple((c, self.connections[c].other(s)) for c in conns)
                             for s, conns in enumerate(self.station_conns)]
        self.conn_spaces = [c.spaces for c in self.connections]
        self.water = frozenset(s.index for s in self.stations if "water" in s.kinds)
        self.water_conns = frozenset(c.index for c in self.connections if c.a in self.water or c.b in self.water)
        self.by_x = sorted((s.x, s.y, s.index) for s in self.stations)
        self.xs = [x for x, _, _ in self.by_x]
        self._index_clusters()

    def _index_clusters(self) -> None:
        """station_cluster from ``clusters`` (or from the stations' own cluster field, if a map gives that)."""
        self.station_cluster = [s.cluster for s in self.stations]
        for name, members in self.clusters.items():
            for s in members:
                self.station_cluster[s] = name
        if not self.clusters:
            found: dict[str, list[int]] = {}
            for s in self.stations:
                if s.cluster:
                    found.setdefault(s.cluster, []).append(s.index)
            self.clusters = {k: tuple(v) for k, v in found.items()}

    def is_water(self, station: int) -> bool:
        return station in self.water

    def station(self, name: str) -> int:
        try:
            return self.by_name[name]
        except KeyError:
            raise KeyError(f"no station {name!r} on the {self.name} board") from None

    def connection(self, a: str | int, b: str | int) -> int:
        ia = a if isinstance(a, int) else self.station(a)
        ib = b if isinstance(b, int) else self.station(b)
        try:
            return self.conn_between[(ia, ib)]
        except KeyError:
            raise KeyError(f"no connection {self.stations[ia].name} - {self.stations[ib].name} "
                           f"on the {self.name} board") from None

    def conn_name(self, c: int) -> str:
        con = self.connections[c]
        return f"{self.stations[con.a].name} - {self.stations[con.b].name}"

    def has_kind(self, station: int, kind: str) -> bool:
        return kind in self.stations[station].kinds


def from_mapfile(mf: mapfile.MapFile) -> Board:
    idx = {s.name: i for i, s in enumerate(mf.stations)}
    stations = [Station(i, s.name, float(s.x), float(s.y), frozenset(s.kinds), s.cluster)
                for i, s in enumerate(mf.stations)]
    conns = [Connection(i, idx[c.a], idx[c.b], c.spaces, tuple(tuple(p) for p in c.bends))
             for i, c in enumerate(mf.connections)]
    b = Board(
        name=mf.map.name, city=mf.map.city, width=mf.map.width, height=mf.map.height,
        stations=stations, connections=conns, start=idx[mf.map.start],
        express_cards=[idx[n] for n in mf.destinations.express],
        standard_cards=[idx[n] for n in mf.destinations.standard],
        source=mf,
    )
    if mf.london is not None:
        b.london_connection_stations = [idx[n] for n in mf.london.connection_stations]
        b.london_symbols = list(mf.london.symbols)
        b.london_tiles_per_symbol = mf.london.tiles_per_symbol
    if mf.berlin is not None:
        b.berlin = mf.berlin
        b.landmark_stations = [idx[lm.station] for lm in mf.berlin.landmarks]
        b.landmark_stack_sizes = [lm.tiles for lm in mf.berlin.landmarks]
    if mf.paris is not None:
        b.paris = mf.paris
        b.landmark_stations = [idx[n] for n in mf.paris.landmarks]
        b.landmark_stack_sizes = [1] * len(mf.paris.landmarks)  # one face-up tile on each
        b.objective_stations = [tuple(idx[n] for n in card.stations) for card in mf.paris.objectives]
        b.objective_points = [card.points for card in mf.paris.objectives]
    if mf.newyork is not None and mf.newyork.clusters:
        b.clusters = {name: tuple(idx[n] for n in members) for name, members in mf.newyork.clusters.items()}
        b._index_clusters()
    return b


@lru_cache(maxsize=16)
def _load_cached(path: str, mtime: float) -> Board:
    return from_mapfile(mapfile.load(path))


def load_board(name: str) -> Board:
    """Load the board of the map called ``name`` ('london'); cached, since boards never change during play.

    Only names are accepted (see mapfile.map_file): a set-up read from a record or an autosave can name a
    bundled or user map, never make the program open some other file.  Raises mapfile.MapError.
    """
    path = mapfile.map_file(name)
    try:
        mtime = path.stat().st_mtime
    except OSError:
        mtime = 0.0
    return _load_cached(str(path), mtime)  # map_file's paths are stable per name: no Path.resolve() (~0.1 ms a call)


def board_of(state: GameState) -> Board:
    """The state's board, loaded once and kept in ``state.__dict__`` like the other per-position caches."""
    try:
        return state._board
    except AttributeError:
        b = state.__dict__["_board"] = load_board(state.setup.map)
        return b
