"""Map files: the board as data (``maps/*.toml``), decoded with msgspec and then checked for meaning.

Decoding catches wrong types and unknown fields; :func:`validate` catches what a schema cannot
(unknown or duplicate stations, a board in two pieces, wrong card counts).  Every problem names the
file, the field and what to do about it, so that a map author never needs a traceback.
"""
from __future__ import annotations

import functools
import logging
import re
import tomllib
from pathlib import Path

import msgspec

from . import resources

log = logging.getLogger("underground.mapfile")

#: The bundled boards' folder: ``maps/`` in a checkout, ``game/maps`` in an installed wheel (a Traversable,
#: not always a Path: use :func:`available_maps` and :func:`map_file` rather than globbing it).
MAPS_DIR = resources.bundled_dir("maps")
USER_MAPS_SUBDIR = "maps"  # user-made maps: <user data dir>/maps/<name>.toml
MAP_NAME_RE = re.compile(r"[A-Za-z0-9_-]{1,64}")

STATION_KINDS = (
    "standard",  # a standard destination
    "express",  # an express destination
    "terminus",
    "national_rail",
    "connection",  # London: carries a connection tile
    "start",  # the passenger starts here
    "plus",  # Berlin "+"
    "landmark",  # Berlin / Paris landmark station
    "rer",  # Paris RER
    "water",  # New York water icon (a node, not a station one can stop at)
)
MAX_SPACES = 5
MAX_COORD = 100_000


class Station(msgspec.Struct, forbid_unknown_fields=True):
    name: str
    x: float
    y: float
    kinds: list[str] = []
    cluster: str | None = None  # New York clusters


class Connection(msgspec.Struct, forbid_unknown_fields=True):
    a: str
    b: str
    spaces: int
    bends: list[tuple[float, float]] = []  # drawing only: points between a and b


class Destinations(msgspec.Struct, forbid_unknown_fields=True):
    express: list[str] = []
    standard: list[str] = []


class LondonData(msgspec.Struct, forbid_unknown_fields=True):
    connection_stations: list[str]
    symbols: list[str]
    tiles_per_symbol: int = 2


class BerlinLandmark(msgspec.Struct, forbid_unknown_fields=True):
    station: str
    tiles: int  # the size of the stack dealt there at set-up (the station's white dots)


class BerlinData(msgspec.Struct, forbid_unknown_fields=True):
    """Berlin's board facts: the landmark stations with their stack sizes, and what "+" and landmarks score."""

    landmark_types: list[str]
    stacks_per_type: list[int]  # how each type is split at set-up, e.g. [3, 2, 2, 1]
    landmarks: list[BerlinLandmark]  # setup.landmark_tiles names one type per entry, in this order
    plus_points: list[int] = msgspec.field(default_factory=lambda: [0, 2, 2, 4])  # a line's 1st, 2nd, ... "+"
    # station; later ones score 0
    plus_stations: int = 0  # how many "+" stations the board has (a check on the data, like express_cards)
    set_points: int = 10  # five different types in one hand
    bonus_per_tile: int = 3  # end of game: per tile of the type a player holds most of


class NewYorkData(msgspec.Struct, forbid_unknown_fields=True):
    """New York's board facts beyond station kinds: the clusters (name -> stations), for cluster points."""

    clusters: dict[str, list[str]] = {}


class ParisObjective(msgspec.Struct, forbid_unknown_fields=True):
    """A secret objective card: a line connected to all its stations scores its points at the end."""

    stations: list[str]  # the three stations printed on the card
    points: int  # 3 or 5


#: What a Paris objective card may be worth (the printed cards: 3 or 5 points).
PARIS_OBJECTIVE_POINTS = (3, 5)
PARIS_OBJECTIVE_STATIONS = 3  # stations on one card
#: A terminus reward as the record names it (``{"type": "reward", "choice": ...}``) -> (points, Branch tiles).
PARIS_TERMINUS_CHOICES = ("points", "point_and_tile", "tiles")
MAX_PLAYERS = 5  # the most players a game has (rules.py says so too): each needs objectives_per_player cards


class ParisData(msgspec.Struct, forbid_unknown_fields=True):
    """Paris's board facts beyond station kinds: landmark tiles, the secret objective cards and what RER
    stations, termini, landmark sets and full connections are worth (numbers as data, so the rules read them)."""

    landmark_types: list[str]
    landmarks: list[str]  # every "landmark" station once; setup.landmark_tiles names one type per entry, in order
    objectives: list[ParisObjective]  # setup.objectives numbers these cards from 0
    tiles_per_type: int = 8  # landmark tiles of each type (one tile per landmark station: types x this)
    objectives_per_player: int = 2  # dealt at set-up; the rest are out of the game
    rer_points: list[int] = msgspec.field(default_factory=lambda: [0, 1])  # the first line of anyone to reach an
    # RER station, then every later line
    terminus_rewards: dict[str, tuple[int, int]] = msgspec.field(default_factory=lambda: {
        "points": (2, 0), "point_and_tile": (1, 1), "tiles": (0, 2)})  # choice -> (points, Branch tiles)
    set_points: int = 7  # five different landmark types in one hand
    set_tile_cost: int = 2  # Branch tiles returned per missing type to complete a set
    full_connection_tiles: int = 2  # Branch tiles for a token on a connection whose spaces are all full


class WaterArea(msgspec.Struct, forbid_unknown_fields=True):
    """A river or bay drawn under the lines (drawing only; the water icons are stations of kind "water")."""

    name: str
    points: list[tuple[float, float]]  # a closed polygon in board coordinates, at least 3 corners


class MapInfo(msgspec.Struct, forbid_unknown_fields=True):
    name: str
    city: str
    start: str
    width: float
    height: float
    express_cards: int = 0  # how many express cards the deck must hold (a check on the data)
    standard_cards: int = 0


class MapFile(msgspec.Struct, forbid_unknown_fields=True):
    map: MapInfo
    stations: list[Station]
    connections: list[Connection]
    destinations: Destinations
    london: LondonData | None = None
    berlin: BerlinData | None = None
    newyork: NewYorkData | None = None
    paris: ParisData | None = None
    water: list[WaterArea] = []  # rivers and bays to draw (optional, any city)
    path: str = ""  # filled by the loader, not part of the file


class MapError(ValueError):
    """A map file that cannot be used; ``problems`` lists every reason, each naming file and field."""

    def __init__(self, path: str, problems: list[str]):
        self.path = path
        self.problems = problems
        super().__init__("\n".join(problems))


def _decode_error_field(msg: str) -> str:
    # msgspec says e.g. "Expected `int`, got `str` - at `$.connections[3].spaces`"
    if " - at `" in msg:
        text, _, where = msg.partition(" - at `")
        field = where.rstrip("`").removeprefix("$.") or "(top level)"
        return f"field {field}: {text}"
    return msg


def decode(text: str | bytes, path: str = "<map>") -> MapFile:
    """Decode TOML text into a MapFile, or raise MapError naming the field."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise MapError(path, [f"{path}: not UTF-8 text ({exc.reason} at byte {exc.start}); save it as UTF-8"])
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise MapError(path, [f"{path}: not valid TOML: {exc}; fix the syntax at that line"]) from None
    try:
        mf = msgspec.convert(raw, MapFile)
    except msgspec.ValidationError as exc:
        raise MapError(path, [f"{path}: {_decode_error_field(str(exc))}; see docs/map-format.md"]) from None
    mf.path = path
    return mf


def validate(mf: MapFile) -> list[str]:
    """Every meaning error in a decoded map, each as 'file: field: problem; fix'."""
    p = mf.path or "<map>"
    problems: list[str] = []
    names: dict[str, int] = {}
    for i, st in enumerate(mf.stations):
        where = f"{p}: stations[{i}]"
        if not st.name.strip():
            problems.append(f"{where}.name: empty name; give every station a name")
        if st.name in names:
            problems.append(f"{where}.name: duplicate station {st.name!r} (also stations[{names[st.name]}]); "
                            f"remove or rename one")
        names.setdefault(st.name, i)
        for k in st.kinds:
            if k not in STATION_KINDS:
                problems.append(f"{where}.kinds: unknown kind {k!r}; use one of {', '.join(STATION_KINDS)}")
        for axis in ("x", "y"):
            v = getattr(st, axis)
            if not (-MAX_COORD <= v <= MAX_COORD) or v != v:
                problems.append(f"{where}.{axis}: {v} is outside the board; use a coordinate within "
                                f"0..{mf.map.width if axis == 'x' else mf.map.height}")
    if not mf.stations:
        problems.append(f"{p}: stations: the map has no stations; add [[stations]] tables")

    seen_pairs: dict[frozenset[str], int] = {}
    for i, c in enumerate(mf.connections):
        where = f"{p}: connections[{i}]"
        for end in ("a", "b"):
            n = getattr(c, end)
            if n not in names:
                problems.append(f"{where}.{end}: unknown station {n!r}; add it to [[stations]] or fix the spelling")
        if c.a == c.b:
            problems.append(f"{where}: joins {c.a!r} to itself; a connection joins two different stations")
        if not (1 <= c.spaces <= MAX_SPACES):
            problems.append(f"{where}.spaces: {c.spaces} track spaces; a connection has 1 to {MAX_SPACES}")
        pair = frozenset((c.a, c.b))
        if pair in seen_pairs:
            problems.append(f"{where}: {c.a!r}-{c.b!r} is listed twice (also connections[{seen_pairs[pair]}]); "
                            f"give one connection several spaces instead")
        seen_pairs.setdefault(pair, i)

    if mf.map.start not in names:
        problems.append(f"{p}: map.start: no station {mf.map.start!r}; name the passenger's start station")

    # one connected board
    if mf.stations and not any(x.startswith(f"{p}: connections") and "unknown station" in x for x in problems):
        adj: dict[str, set[str]] = {n: set() for n in names}
        for c in mf.connections:
            if c.a in adj and c.b in adj:
                adj[c.a].add(c.b)
                adj[c.b].add(c.a)
        first = mf.stations[0].name
        seen = {first}
        todo = [first]
        while todo:
            for nb in adj[todo.pop()]:
                if nb not in seen:
                    seen.add(nb)
                    todo.append(nb)
        cut_off = [n for n in names if n not in seen]
        if cut_off:
            shown = ", ".join(sorted(cut_off)[:8]) + (" ..." if len(cut_off) > 8 else "")
            problems.append(f"{p}: connections: the board is not connected: {len(cut_off)} station(s) cannot be "
                            f"reached from {first!r} ({shown}); add the missing connections")

    for kind in ("express", "standard"):
        cards = getattr(mf.destinations, kind)
        want = getattr(mf.map, f"{kind}_cards")
        for j, n in enumerate(cards):
            if n not in names:
                problems.append(f"{p}: destinations.{kind}[{j}]: unknown station {n!r}; "
                                f"use a station from [[stations]]")
            elif kind not in mf.stations[names[n]].kinds and "water" not in mf.stations[names[n]].kinds:
                problems.append(f"{p}: destinations.{kind}[{j}]: {n!r} is not marked {kind!r} in its kinds; "
                                f"add the kind to the station or move the card")
        if want and len(cards) != want:
            problems.append(f"{p}: destinations.{kind}: {len(cards)} cards but map.{kind}_cards says {want}; "
                            f"list exactly {want} cards")
    if not mf.destinations.express and not mf.destinations.standard:
        problems.append(f"{p}: destinations: the deck is empty; list destination cards")

    if mf.map.city == "london":
        ld = mf.london
        if ld is None:
            problems.append(f"{p}: london: a London map needs a [london] table with connection_stations and "
                            f"symbols")
        else:
            for j, n in enumerate(ld.connection_stations):
                if n not in names:
                    problems.append(f"{p}: london.connection_stations[{j}]: unknown station {n!r}")
            need = len(ld.symbols) * ld.tiles_per_symbol
            if len(ld.connection_stations) != need:
                problems.append(f"{p}: london.connection_stations: {len(ld.connection_stations)} stations but "
                                f"{len(ld.symbols)} symbols x {ld.tiles_per_symbol} tiles = {need}; "
                                f"make the counts agree")
            if len(set(ld.connection_stations)) != len(ld.connection_stations):
                problems.append(f"{p}: london.connection_stations: a station is listed twice")
    problems += _validate_berlin(mf, names)
    problems += _validate_water(mf, names)
    problems += _validate_newyork(mf, names)
    problems += _validate_paris(mf, names)
    return problems


def _validate_water(mf: MapFile, names: dict[str, int]) -> list[str]:
    """Water icons (kind "water") and water areas: an icon is crossed, never a destination or a line's end
    point, so it carries no card and every chain of icons leads to stations on both sides."""
    p = mf.path or "<map>"
    problems = []
    water = {st.name for st in mf.stations if "water" in st.kinds}
    for i, st in enumerate(mf.stations):
        if "water" in st.kinds and len(st.kinds) > 1:
            other = [k for k in st.kinds if k != "water"]
            problems.append(f"{p}: stations[{i}].kinds: water icon {st.name!r} is also {', '.join(other)}; an icon "
                            f"has the kind 'water' only")
    for kind in ("express", "standard"):
        for j, n in enumerate(getattr(mf.destinations, kind)):
            if n in water:
                problems.append(f"{p}: destinations.{kind}[{j}]: {n!r} is a water icon; an icon has no destination "
                                f"card, remove the card")
    if mf.map.start in water:
        problems.append(f"{p}: map.start: {mf.map.start!r} is a water icon; start at a station")
    if water:
        adj: dict[str, set[str]] = {n: set() for n in names}
        for c in mf.connections:
            if c.a in adj and c.b in adj and c.a != c.b:
                adj[c.a].add(c.b)
                adj[c.b].add(c.a)
        seen: set[str] = set()
        for st in mf.stations:  # each group of icons joined to each other is one crossing (a "chain")
            if st.name not in water or st.name in seen:
                continue
            group, todo = {st.name}, [st.name]
            while todo:
                for nb in adj[todo.pop()]:
                    if nb in water and nb not in group:
                        group.add(nb)
                        todo.append(nb)
            seen |= group
            shore = {nb for w in group for nb in adj[w] if nb not in water}
            ends = sorted(w for w in group if len(adj[w]) < 2)
            chain = ", ".join(sorted(group))
            if ends:
                problems.append(f"{p}: connections: the water chain {chain} ends in water at {', '.join(ends)}; "
                                f"join every icon to a station or another icon on both sides")
            elif len(shore) < 2:
                problems.append(f"{p}: connections: the water chain {chain} reaches only "
                                f"{', '.join(sorted(shore)) or 'no station'}; a crossing joins stations on both "
                                f"sides")
    for i, area in enumerate(mf.water):
        where = f"{p}: water[{i}]"
        if not area.name.strip():
            problems.append(f"{where}.name: empty name; name the river or bay")
        if len(area.points) < 3:
            problems.append(f"{where}.points: {len(area.points)} point(s); a water area is a polygon of at least "
                            f"3 points [x, y]")
        for j, (x, y) in enumerate(area.points):
            if not (-MAX_COORD <= x <= MAX_COORD and -MAX_COORD <= y <= MAX_COORD):
                problems.append(f"{where}.points[{j}]: ({x}, {y}) is outside the board; use coordinates within "
                                f"0..{mf.map.width} x 0..{mf.map.height}")
    return problems


def _city_table_problem(mf: MapFile, city: str, title: str, table, needs: str) -> list[str] | None:
    """A city's own table ([berlin], [newyork]) belongs on that city's map and nowhere else; None when
    the table is where it should be (or absent from another city's map, which returns [])."""
    p = mf.path or "<map>"
    if mf.map.city != city:
        if table is not None:
            return [f"{p}: {city}: only a {title} map (map.city = \"{city}\") has a [{city}] table; remove it "
                    f"or set map.city"]
        return []
    if table is None:
        return [f"{p}: {city}: a {title} map needs a [{city}] table with {needs} (see docs/map-format.md)"]
    return None


def _validate_newyork(mf: MapFile, names: dict[str, int]) -> list[str]:
    """New York's clusters: known stations (not icons), each station in at most one cluster."""
    p = mf.path or "<map>"
    ny = mf.newyork
    misplaced = _city_table_problem(mf, "newyork", "New York", ny, "clusters")
    if misplaced is not None or ny is None:
        return misplaced or []
    problems = []
    member: dict[str, str] = {}
    for cname, stations in ny.clusters.items():
        where = f"{p}: newyork.clusters.{cname}"
        if not stations:
            problems.append(f"{where}: an empty cluster; list its stations or remove it")
        for j, n in enumerate(stations):
            if n not in names:
                problems.append(f"{where}[{j}]: unknown station {n!r}; use a station from [[stations]]")
            elif "water" in mf.stations[names[n]].kinds:
                problems.append(f"{where}[{j}]: {n!r} is a water icon; a cluster holds stations only")
            elif n in member:
                problems.append(f"{where}[{j}]: {n!r} is already in cluster {member[n]!r}; a station belongs to "
                                f"one cluster at most")
            else:
                member[n] = cname
    return problems


def _validate_paris(mf: MapFile, names: dict[str, int]) -> list[str]:
    """Paris's facts: every landmark station listed once and one tile for each (types x tiles_per_type), and
    objective cards of three different known stations worth 3 or 5, enough for every player's two."""
    p = mf.path or "<map>"
    pd = mf.paris
    misplaced = _city_table_problem(mf, "paris", "Paris", pd, "landmark_types, landmarks and objectives")
    if misplaced is not None or pd is None:
        return misplaced or []
    problems = []
    types = pd.landmark_types
    if not types or any(not t.strip() for t in types) or len(set(types)) != len(types):
        problems.append(f"{p}: paris.landmark_types: {types!r}; name each landmark type once")
    if pd.tiles_per_type < 1:
        problems.append(f"{p}: paris.tiles_per_type: {pd.tiles_per_type}; each type has 1 or more tiles")
    listed: dict[str, int] = {}
    for j, n in enumerate(pd.landmarks):
        where = f"{p}: paris.landmarks[{j}]"
        if n not in names:
            problems.append(f"{where}: unknown station {n!r}; use a station from [[stations]]")
        elif "landmark" not in mf.stations[names[n]].kinds:
            problems.append(f"{where}: {n!r} is not marked 'landmark' in its kinds; add the kind or remove it here")
        if n in listed:
            problems.append(f"{where}: {n!r} is listed twice (also paris.landmarks[{listed[n]}]); list each "
                            f"landmark station once")
        listed.setdefault(n, j)
    for st in mf.stations:
        if "landmark" in st.kinds and st.name not in listed:
            problems.append(f"{p}: paris.landmarks: {st.name!r} is a landmark station but is not listed; add it, "
                            f"so that set-up deals it a tile")
    if types and pd.tiles_per_type >= 1 and len(pd.landmarks) != len(types) * pd.tiles_per_type:
        problems.append(f"{p}: paris.landmarks: {len(pd.landmarks)} landmark stations, but {len(types)} types x "
                        f"{pd.tiles_per_type} tiles (paris.tiles_per_type) = {len(types) * pd.tiles_per_type} "
                        f"tiles, one per station; make the counts agree")
    cards: dict[frozenset[str], int] = {}
    for j, card in enumerate(pd.objectives):
        where = f"{p}: paris.objectives[{j}]"
        if len(card.stations) != PARIS_OBJECTIVE_STATIONS:
            problems.append(f"{where}.stations: {len(card.stations)} station(s); a secret objective card names "
                            f"{PARIS_OBJECTIVE_STATIONS} stations")
        seen: dict[str, int] = {}
        for k, n in enumerate(card.stations):
            if n not in names:
                problems.append(f"{where}.stations[{k}]: unknown station {n!r}; use a station from [[stations]]")
            if n in seen:
                problems.append(f"{where}.stations[{k}]: {n!r} is already on this card (stations[{seen[n]}]); "
                                f"a card names {PARIS_OBJECTIVE_STATIONS} different stations")
            seen.setdefault(n, k)
        if card.points not in PARIS_OBJECTIVE_POINTS:
            problems.append(f"{where}.points: {card.points}; a secret objective card is worth "
                            f"{' or '.join(map(str, PARIS_OBJECTIVE_POINTS))} points")
        key = frozenset(card.stations)
        if key in cards:
            problems.append(f"{where}: the same stations as paris.objectives[{cards[key]}]; each card is "
                            f"different, remove one")
        cards.setdefault(key, j)
    if pd.objectives_per_player < 1:
        problems.append(f"{p}: paris.objectives_per_player: {pd.objectives_per_player}; deal 1 or more cards each")
    elif len(pd.objectives) < pd.objectives_per_player * MAX_PLAYERS:
        problems.append(f"{p}: paris.objectives: {len(pd.objectives)} card(s), but {MAX_PLAYERS} players get "
                        f"{pd.objectives_per_player} each ({pd.objectives_per_player * MAX_PLAYERS}); add cards")
    if not pd.rer_points or any(v < 0 for v in pd.rer_points):
        problems.append(f"{p}: paris.rer_points: {pd.rer_points!r}; give the points for the first line to reach an "
                        f"RER station and for every later line (0 or more each), e.g. [0, 1]")
    if sorted(pd.terminus_rewards) != sorted(PARIS_TERMINUS_CHOICES):
        problems.append(f"{p}: paris.terminus_rewards: choices {', '.join(sorted(pd.terminus_rewards)) or 'none'}; "
                        f"give exactly {', '.join(PARIS_TERMINUS_CHOICES)} (the names a record uses), each "
                        f"[points, Branch tiles]")
    for choice, (pts, tiles) in pd.terminus_rewards.items():
        if pts < 0 or tiles < 0:
            problems.append(f"{p}: paris.terminus_rewards.{choice}: [{pts}, {tiles}]; points and Branch tiles are "
                            f"0 or more")
    for fname in ("set_points", "set_tile_cost", "full_connection_tiles"):
        if getattr(pd, fname) < 0:
            problems.append(f"{p}: paris.{fname}: {getattr(pd, fname)}; use 0 or more")
    return problems


def _validate_berlin(mf: MapFile, names: dict[str, int]) -> list[str]:
    """Berlin's facts: every landmark station listed once with a stack size, the stacks add up per type,
    and one "+" score per "+" station."""
    p = mf.path or "<map>"
    bd = mf.berlin
    misplaced = _city_table_problem(mf, "berlin", "Berlin", bd, "landmark_types, stacks_per_type and landmarks")
    if misplaced is not None or bd is None:
        return misplaced or []
    problems = []
    types = bd.landmark_types
    if not types or any(not t.strip() for t in types) or len(set(types)) != len(types):
        problems.append(f"{p}: berlin.landmark_types: {types!r}; name each landmark type once")
    if not bd.stacks_per_type or any(n < 1 for n in bd.stacks_per_type):
        problems.append(f"{p}: berlin.stacks_per_type: {bd.stacks_per_type!r}; give each stack's size (1 or "
                        f"more), e.g. [3, 2, 2, 1]")
    listed: dict[str, int] = {}
    for j, lm in enumerate(bd.landmarks):
        where = f"{p}: berlin.landmarks[{j}]"
        if lm.station not in names:
            problems.append(f"{where}.station: unknown station {lm.station!r}; use a station from [[stations]]")
        elif "landmark" not in mf.stations[names[lm.station]].kinds:
            problems.append(f"{where}.station: {lm.station!r} is not marked 'landmark' in its kinds; add the kind")
        if lm.station in listed:
            problems.append(f"{where}.station: {lm.station!r} is listed twice (also berlin.landmarks"
                            f"[{listed[lm.station]}]); list each landmark station once")
        listed.setdefault(lm.station, j)
        if lm.tiles < 1:
            problems.append(f"{where}.tiles: {lm.tiles}; a landmark station starts with 1 or more tiles")
    for st in mf.stations:
        if "landmark" in st.kinds and st.name not in listed:
            problems.append(f"{p}: berlin.landmarks: {st.name!r} is a landmark station but has no stack; add "
                            f"{{station = {st.name!r}, tiles = N}}")
    if types and bd.stacks_per_type:
        have = sorted((lm.tiles for lm in bd.landmarks), reverse=True)
        want = sorted(bd.stacks_per_type * len(types), reverse=True)
        if have != want:
            def shown(sizes: list[int]) -> str:
                return ", ".join(f"{sizes.count(n)} x {n}" for n in sorted(set(sizes), reverse=True)) or "none"

            per_type = "+".join(map(str, bd.stacks_per_type))
            problems.append(f"{p}: berlin.landmarks: the stacks are {shown(have)} ({sum(have)} tiles), but "
                            f"{len(types)} types each split into stacks of {per_type} ({sum(bd.stacks_per_type)} "
                            f"tiles per type) need {shown(want)} ({sum(want)} tiles); fix the stack sizes or "
                            f"berlin.stacks_per_type")
    plus = [st.name for st in mf.stations if "plus" in st.kinds]
    if bd.plus_stations and len(plus) != bd.plus_stations:
        problems.append(f"{p}: berlin.plus_stations: {len(plus)} station(s) have the kind 'plus' but "
                        f"berlin.plus_stations says {bd.plus_stations}; mark exactly {bd.plus_stations} stations "
                        f"'plus'")
    if not bd.plus_points or any(v < 0 for v in bd.plus_points):
        problems.append(f"{p}: berlin.plus_points: {bd.plus_points!r}; give the points for a line's 1st, 2nd, ... "
                        f"'+' station (0 or more each), e.g. [0, 2, 2, 4]")
    return problems


def load(path: str | Path) -> MapFile:
    """Read, decode and validate a map file; raise MapError with every problem."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise MapError(str(path), [f"{path}: cannot read the map file ({exc.strerror}); check the path"]) from None
    mf = decode(data, str(path))
    problems = validate(mf)
    if problems:
        raise MapError(str(path), problems)
    return mf


# ------------------------------------------------------------------------------------------------
# Maps by name.  A game, a record and an autosave name their map ('london'), never a path: a name is
# looked up only among the bundled maps and the user maps folder, so a record cannot make the program
# open an arbitrary file.  See docs/map-format.md ("Where maps live").

_registered: dict[str, Path] = {}  # maps given by an explicit path in this process (see use_map_file)


def is_map_name(name: object) -> bool:
    """Whether ``name`` may name a map; no path can (see :func:`check_map_name` for the reason)."""
    return isinstance(name, str) and MAP_NAME_RE.fullmatch(name) is not None


def check_map_name(name: object) -> str:
    """``name`` if it can name a map (letters, digits, '-', '_'; at most 64), else MapError saying why."""
    if not is_map_name(name):
        raise MapError(repr(name), [
            f"map {name!r} is not a map name: a map is named by its file name without .toml, using only "
            f"letters, digits, '-' and '_' (e.g. 'london'); a game or record never names a map by a path"])
    return name  # type: ignore[return-value]


def user_maps_dir() -> Path:
    """Where user-made maps go: ``maps/`` in the user data dir (``UNDERGROUND_DATA_DIR`` overrides it)."""
    from .autosave import data_dir

    return data_dir() / USER_MAPS_SUBDIR


@functools.lru_cache(maxsize=1)
def _bundled() -> dict[str, Path]:
    """Bundled maps by name, as real paths; read once, since what ships with the game does not change."""
    return {node.name[:-5]: resources.real_path(node) for node in sorted(MAPS_DIR.iterdir(), key=lambda n: n.name)
            if node.name.endswith(".toml") and is_map_name(node.name[:-5]) and node.is_file()}


def _user() -> dict[str, Path]:
    folder = user_maps_dir()
    try:
        files = sorted(folder.glob("*.toml"))
    except OSError:
        return {}
    out = {}
    for f in files:
        if is_map_name(f.stem) and f.is_file():
            out[f.stem] = f
        else:
            log.warning("user map %s is not offered: its file name is not a map name (use letters, digits, "
                        "'-' and '_')", f)
    return out


def available_maps() -> list[str]:
    """Names of every map one can play: the bundled ones and the user's (a bundled name wins), sorted."""
    bundled = _bundled()
    names = set(bundled)
    for name, f in _user().items():
        if name in bundled:
            log.warning("user map %s is not offered: the bundled map %r has that name; rename the file", f, name)
        else:
            names.add(name)
    return sorted(names)


def map_file(name: str) -> Path:
    """The file of the map called ``name``: one given by path in this process, else bundled, else the user's.

    Raises MapError when ``name`` is not a map name or no such map exists (the message says where to put it).
    """
    check_map_name(name)
    if name in _registered:
        return _registered[name]
    bundled = _bundled()
    if name in bundled:
        return bundled[name]
    user = user_maps_dir() / f"{name}.toml"
    if user.is_file():
        return user
    known = ", ".join(available_maps()) or "none"
    raise MapError(name, [f"map {name!r}: no such map (available: {known}); a map of your own goes in "
                          f"{user_maps_dir()} as {name}.toml"])


def load_map(name: str) -> MapFile:
    """Read, decode and validate the map called ``name`` (see :func:`map_file`)."""
    return load(map_file(name))


def looks_like_path(text: str) -> bool:
    """What the command line treats as a file rather than a map name: ends in .toml or has a slash."""
    return text.endswith(".toml") or "/" in text or "\\" in text


def name_for_path(path: str | Path) -> str:
    """The map name a game started from this file records: the file name without .toml."""
    stem = Path(path).name.removesuffix(".toml")
    if not is_map_name(stem):
        raise MapError(str(path), [f"{path}: file name: {stem!r} cannot name a map, and a game records its "
                                   f"map by name; rename the file using letters, digits, '-' and '_'"])
    return stem


def _same_bytes(a: Path, b: Path) -> bool:
    try:
        return a.read_bytes() == b.read_bytes()
    except OSError:
        return False


def use_map_file(path: str | Path) -> str:
    """Load a map maker's file by path for this process and return the name the game records.

    The name is the file name without .toml.  If a bundled, user or earlier-given map already has that
    name with different contents, MapError: a record names its map, so two boards must not share a name.
    """
    path = Path(path)
    load(path)  # every problem in the file, before anything else
    name = name_for_path(path)
    known = _registered.get(name)
    if known is None:
        try:
            known = map_file(name)
        except MapError:
            known = None
    if known is not None and known.resolve() != path.resolve() and not _same_bytes(known, path):
        raise MapError(str(path), [f"{path}: file name: a different map called {name!r} already exists "
                                   f"({known}); a game records its map by name, so rename this file"])
    if known is None:
        _registered[name] = path.resolve()
    return name


def map_arg(text: str) -> str:
    """A command line's ``--map`` value as a map name: a name is checked, a path is loaded and named.

    Raises MapError with every problem.
    """
    if looks_like_path(text):
        return use_map_file(text)
    map_file(text)
    return text


def summary(mf: MapFile) -> str:
    spaces = sum(c.spaces for c in mf.connections)
    return (f"{mf.path}: OK: {mf.map.name} ({mf.map.city}), {len(mf.stations)} stations, "
            f"{len(mf.connections)} connections, {spaces} track spaces, "
            f"{len(mf.destinations.express)} express + {len(mf.destinations.standard)} standard destinations, "
            f"start {mf.map.start}" + _berlin_summary(mf) + _newyork_summary(mf) + _paris_summary(mf))


def _paris_summary(mf: MapFile) -> str:
    if mf.paris is None:
        return ""
    kinds = [k for st in mf.stations for k in st.kinds]
    return (f", {kinds.count('terminus')} termini, {kinds.count('rer')} RER stations, {len(mf.paris.landmarks)} "
            f"landmark stations ({len(mf.paris.landmark_types)} types), {len(mf.paris.objectives)} secret "
            f"objective cards")


def _newyork_summary(mf: MapFile) -> str:
    if mf.newyork is None:
        return ""
    icons = sum("water" in st.kinds for st in mf.stations)
    return f", {icons} water icons, {len(mf.newyork.clusters)} clusters"


def _berlin_summary(mf: MapFile) -> str:
    if mf.berlin is None:
        return ""
    plus = sum("plus" in st.kinds for st in mf.stations)
    tiles = sum(lm.tiles for lm in mf.berlin.landmarks)
    return (f", {plus} '+' stations, {len(mf.berlin.landmarks)} landmark stations with {tiles} tiles "
            f"({len(mf.berlin.landmark_types)} types)")
