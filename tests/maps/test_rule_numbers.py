"""Every rule number a bundled map carries, pinned to the rulebook (issue 25).

The engine reads its scores, costs and card and tile counts from maps/*.toml. A wrong number there would be
invisible to the reference comparison if the reference read the same file, so the reference takes these
numbers from its own constants (tests/reference/rulebook.py) and this file pins each map's numbers, one table
per map, to what the rulebook says, quoting the rulebook's words with the file they are in (../shared/rules/,
../shared/RULES.md). Where a number is not printed in any rulebook but on the board or the cards, the source is
the board transcription (../shared/reference/boards/README.md) and the entry says so.

The quoted words are checked against the rulebook files when ../shared is present (whitespace and the scans'
**emphasis** aside; "…" separates quoted fragments).
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import pytest

from game import mapfile
from tests.reference import ref_board
from tests.reference import rulebook as rb
from tests.reference.board import RulebookMismatch

SHARED = Path(__file__).resolve().parents[2].parent / "shared"
EN = "rules/london-berlin-2nd-edition.txt"
NP = "rules/newyork-paris-2nd-edition.txt"
YUCATA = "rules/yucata-online-london-newyork.txt"
DE_2006 = "rules/london-1st-edition-2006-german.txt"
RULES_MD = "RULES.md"
BOARDS = "reference/boards/README.md"  # the board transcription: facts printed on the board or the cards


@dataclass(frozen=True)
class Pin:
    what: str  # the map's field (or a count of it), as the engine reads it
    got: Callable[[mapfile.MapFile], object]
    value: object  # what the rulebook says
    source: str  # the file under ../shared/ that says it
    words: str  # its words
    ref: Callable | None = None  # the same number in the reference (a RefBoard -> value), when it uses one


def spaces(a: str, b: str) -> Callable[[mapfile.MapFile], object]:
    def got(mf):
        return [c.spaces for c in mf.connections if {c.a, c.b} == {a, b}]
    return got


def icons_between(a: str, b: str) -> Callable[[mapfile.MapFile], object]:
    """New York: the water icons on the crossing from station a to station b (a chain a - icon(s) - b)."""
    def got(mf):
        water = {s.name for s in mf.stations if "water" in s.kinds}
        near = {}
        for c in mf.connections:
            near.setdefault(c.a, set()).add(c.b)
            near.setdefault(c.b, set()).add(c.a)
        chains = [[w] for w in near[a] & water]
        while chains:
            chain = chains.pop()
            if b in near[chain[-1]]:
                return len(chain)
            chains += [chain + [w] for w in near[chain[-1]] & water if w not in chain]
        return None
    return got


def number(table: str, name: str, value, source: str, words: str, ref: bool = True) -> Pin:
    """A number in a city's table of the map, e.g. ``[berlin] set_points``; ``ref``: the reference's board holds it
    under the same name."""
    return Pin(f"{table}.{name}", lambda mf: getattr(getattr(mf, table), name), value, source, words,
               (lambda b: getattr(b, name)) if ref else None)


def start(value: str, source: str, words: str) -> Pin:
    return Pin("map.start", lambda mf: mf.map.start, value, source, words, lambda b: b.names[b.start])


def cards(express: int, standard: int, source: str, words: str) -> list[Pin]:
    """The deck: the counts the map declares and the destination lists it deals from."""
    return [
        Pin("map.express_cards, map.standard_cards", lambda mf: (mf.map.express_cards, mf.map.standard_cards),
            (express, standard), source, words, lambda b: b.cards),
        Pin("destinations (express, standard listed)",
            lambda mf: (len(mf.destinations.express), len(mf.destinations.standard)), (express, standard), source,
            words),
    ]


LONDON_STATIONS_WORDS = ("die acht Verbundmarker werden in zufälliger Verteilung auf die Verbundstationen gesetzt "
                         "(Aldgate, Baker Street, Charing Cross, Elephant & Castle, Hammersmith, King's Cross St. "
                         "Pancras, Notting Hill Gate and Victoria)")
LONDON_STATIONS = ["Aldgate", "Baker Street", "Charing Cross", "Elephant & Castle", "Hammersmith",
                   "King's Cross St. Pancras", "Notting Hill Gate", "Victoria"]
DOUBLED_IN_2ND = [("Paddington", "Shepherd's Bush"), ("Shepherd's Bush", "Goldhawk Road"),
                  ("Goldhawk Road", "Hammersmith"), ("Waterloo", "Borough"), ("London Bridge", "Bank"),
                  ("Stratford", "West Ham"), ("West Ham", "Canning Town")]
DOUBLED_WORDS = ("On the London map, these single connections have been made double connections: Paddington-Shepherd's "
                 "Bush, Shepherd's Bush-Goldhawk Road, Goldhawk Road-Hammersmith, Waterloo-Borough, London "
                 "Bridge-Bank, Stratford-West Ham, and West Ham-Canning Town.")
TRIPLED_WORDS = "On the London map, this double connection has been made a triple connection: Borough-London Bridge"

PINS: dict[str, list[Pin]] = {
    "london": [
        start("Euston", EN, "place it on the Passenger start station: Euston London or Friedrichstr. Berlin."),
        *cards(22, 33, EN, "55 London Destination cards 22 Express & 33 Standard"),
        number("london", "symbols", ["restaurants", "monuments", "shops", "parks"], EN,
               "8 London Connection tiles 2 each of 4 types: Restaurants, Monuments, Shops and Parks", ref=False),
        number("london", "tiles_per_symbol", 2, EN,
               "8 London Connection tiles 2 each of 4 types", ref=False),
        Pin("len(london.connection_stations)", lambda mf: len(mf.london.connection_stations), 8, EN,
            "Randomly place a Connection tile on each of the eight Connection stations."),
        # the 2nd edition's rulebook does not name them; the first names them, and the 2nd edition's list of
        # changes (Yucata) leaves them alone
        Pin("london.connection_stations", lambda mf: sorted(mf.london.connection_stations), LONDON_STATIONS, DE_2006,
            LONDON_STATIONS_WORDS, lambda b: sorted(b.names[s] for s in b.symbol_stations)),
        *[Pin(f"connection {a} - {b} spaces", spaces(a, b), [2], YUCATA, DOUBLED_WORDS) for a, b in DOUBLED_IN_2ND],
        Pin("connection Borough - London Bridge spaces", spaces("Borough", "London Bridge"), [3], YUCATA,
            TRIPLED_WORDS),
        Pin("connection Euston - King's Cross St. Pancras spaces", spaces("Euston", "King's Cross St. Pancras"), [5],
            RULES_MD, "(up to 5 on London's Euston – King's Cross St. Pancras)"),
        Pin("stations New Cross and connection Aldgate - Canada Water",
            lambda mf: ([s.name for s in mf.stations if s.name == "New Cross"], spaces("Aldgate", "Canada Water")(mf)),
            ([], []), YUCATA, "On the London map, the New Cross station has been removed, as has the connection "
                              "between Aldgate and Canada Water."),
    ],
    "london-2006": [
        start("Euston", DE_2006, "die Passagierfigur wird auf ihre Startstation (Euston) gestellt"),
        *cards(22, 33, DE_2006, "33 Normale Zielkarten … 22 Express Zeilkarten"),
        Pin("len(london.symbols)", lambda mf: len(mf.london.symbols), 4, DE_2006,
            "Vier verschiedene Typen Verbindungs-marker"),
        number("london", "tiles_per_symbol", 2, DE_2006,
               "8 VerbundMarker … Vier verschiedene Typen Verbindungs-marker", ref=False),
        Pin("london.connection_stations", lambda mf: sorted(mf.london.connection_stations), LONDON_STATIONS, DE_2006,
            LONDON_STATIONS_WORDS, lambda b: sorted(b.names[s] for s in b.symbol_stations)),
        # what the 2nd edition changed, undone
        *[Pin(f"connection {a} - {b} spaces", spaces(a, b), [1], YUCATA, DOUBLED_WORDS) for a, b in DOUBLED_IN_2ND],
        Pin("connection Borough - London Bridge spaces", spaces("Borough", "London Bridge"), [2], YUCATA,
            TRIPLED_WORDS),
        Pin("station New Cross, connection Aldgate - Canada Water",
            lambda mf: (any(s.name == "New Cross" for s in mf.stations), len(spaces("Aldgate", "Canada Water")(mf))),
            (True, 1), YUCATA, "On the London map, the New Cross station has been removed, as has the connection "
                               "between Aldgate and Canada Water."),
    ],
    "berlin": [
        start("Friedrichstr.", EN, "place it on the Passenger start station: Euston London or Friedrichstr. Berlin."),
        *cards(25, 30, EN, "55 Berlin Destination cards 25 Express & 30 Standard"),
        Pin("berlin.landmark_types", lambda mf: sorted(mf.berlin.landmark_types),
            sorted(["culture", "government", "retail", "education", "sports"]), EN,
            "40 Berlin Landmark tiles 8 each of 5 types: Culture, Government, Retail, Education and Sports",
            lambda b: sorted(b.landmark_types)),
        number("berlin", "stacks_per_type", [3, 2, 2, 1], EN,
               "for each type, separate them in this way: - one stack of 3 tiles - two stacks of 2 tiles - a single "
               "tile."),
        Pin("berlin.landmarks: stations per stack size", lambda mf: dict(Counter(x.tiles for x in mf.berlin.landmarks)),
            {3: 5, 2: 10, 1: 5}, EN,
            "Randomly place a stack of 3 tiles on each one of the five stations. Then, randomly place a stack of 2 "
            "tiles on each one of the ten stations. Finally, randomly place a single tile on the five stations.",
            lambda b: dict(Counter(b.landmark_sizes))),
        Pin("berlin.landmarks: tiles in all", lambda mf: sum(x.tiles for x in mf.berlin.landmarks), 40, EN,
            "40 Berlin Landmark tiles"),
        number("berlin", "plus_points", [0, 2, 2, 4], EN,
               "0 points for the first + station connected to a line, 2 points for each of the second and third + "
               "stations connected to a line, and 4 points for the fourth + station connected to a line."),
        number("berlin", "set_points", 10, EN,
               "If taking a tile results in having a set of five different types of Landmark tiles, those five tiles "
               "are discarded and the player discarding them scores 10 points."),
        number("berlin", "bonus_per_tile", 3, EN,
               "They then earn 3 points per tile of the type with the most tiles."),
        # not a rulebook number: the board's "+" stations, as transcribed
        number("berlin", "plus_stations", 4, BOARDS,
               'There are exactly four "+" stations and one start station.', ref=False),
    ],
    "newyork": [
        start("Grand Central", NP, "Place the Passenger token on the Passenger start station: Grand Central New York "
                                   "or République Paris."),
        *cards(0, 54, YUCATA, "54 New York Destination Cards (all Standard - in contrast to London there are no "
                              "Express stations with New York)"),
        Pin("water icons between Whitehall St and Borough Hall", icons_between("Whitehall St", "Borough Hall"), 2,
            YUCATA, "Note that the connection between Whitehall St and Borough Hall has two icons."),
    ],
    "paris": [
        start("République", NP, "Place the Passenger token on the Passenger start station: Grand Central New York or "
                                "République Paris."),
        *cards(0, 37, NP, "37 Paris Destination cards"),
        number("paris", "rer_points", [0, 1], NP,
               # "O" is the scan's 0
               "RER stations. O points if this is the first line that connects to this RER station, 1 point "
               "otherwise."),
        Pin("paris.terminus_rewards", lambda mf: mf.paris.terminus_rewards,
            {"points": (2, 0), "point_and_tile": (1, 1), "tiles": (0, 2)}, NP,
            "Terminus stations. 2 points, or 1 point and 1 Branch tile, or 2 Branch tiles when a line is connected to "
            "a Terminus station.", lambda b: {name: (p, t) for name, p, t in b.terminus_rewards}),
        Pin("len(paris.landmark_types)", lambda mf: len(mf.paris.landmark_types), 5, NP,
            "If taking a tile results in a player having a set of 5 different types of Landmark tiles",
            lambda b: len(b.landmark_types)),
        number("paris", "set_points", 7, NP,
               "those 5 tiles are immediately removed from the game and the player scores 7 points."),
        number("paris", "set_tile_cost", 2, NP,
               "a player may substitute any number of missing types by returning 2 Branch tiles to the supply for each "
               "missing Landmark tile."),
        number("paris", "full_connection_tiles", 2, NP,
               "Alternatively, when placing a Track token, 2 Branch tiles may be returned to the supply to allow "
               "placing the Track token in a connection where all track spaces are already full."),
        number("paris", "objectives_per_player", 2, NP,
               "Shuffle the Secret Objective cards and deal two to each player."),
        Pin("len(paris.objectives)", lambda mf: len(mf.paris.objectives), 11, NP, "11 Paris Secret Objective cards",
            lambda b: len(b.objectives)),
        Pin("paris.objectives: the points a card may be worth",
            lambda mf: sorted({o.points for o in mf.paris.objectives}), [3, 5], NP,
            "the player earns 3 or 5 points, as shown on the card."),
        # which card is worth which is printed on the cards: the transcription, card by card in the map's order
        Pin("paris.objectives[*].points", lambda mf: [o.points for o in mf.paris.objectives],
            [5, 5, 3, 3, 3, 3, 5, 5, 5, 5, 5], BOARDS,
            "Secret objective cards (11). The point values are in the data … 1. 5 pts … 2. 5 pts … 3. 3 pts … "
            "4. 3 pts … 5. 3 pts … 6. 3 pts … 7. 5 pts … 8. 5 pts … 9. 5 pts … 10. 5 pts … 11. 5 pts",
            lambda b: [p for _, p in b.objectives]),
        # one tile per landmark station (the rulebook); 40 stations (the board); 8 a type is 40 / 5, our reading:
        # no rulebook prints the split
        Pin("len(paris.landmarks)", lambda mf: len(mf.paris.landmarks), 40, BOARDS, "40 landmark stations."),
        Pin("paris.tiles_per_type x types = landmark stations",
            lambda mf: (mf.paris.tiles_per_type, mf.paris.tiles_per_type * len(mf.paris.landmark_types)), (8, 40), NP,
            "Shuffle all Landmark tiles and randomly place one tile facing up on each o station."),
    ],
}


def canonical(v):
    """Lists and tuples alike, dicts by key, so that a map's list and a reference's tuple compare."""
    if isinstance(v, dict):
        return tuple(sorted((k, canonical(x)) for k, x in v.items()))
    if isinstance(v, (list, tuple)):
        return tuple(canonical(x) for x in v)
    return v


def wrong_numbers(mf: mapfile.MapFile, map_name: str) -> list[str]:
    out = []
    for pin in PINS[map_name]:
        got = pin.got(mf)
        if canonical(got) != canonical(pin.value):
            out.append(f"maps/{map_name}.toml {pin.what}: {got!r}, but {pin.source} says {pin.value!r}: "
                       f"\"{pin.words}\"")
    return out


@pytest.mark.parametrize("map_name", sorted(rb.BUNDLED))
def test_every_rule_number_is_the_rulebooks(map_name):
    assert set(PINS) == set(rb.BUNDLED) == {p.stem for p in mapfile.map_file("london").parent.glob("*.toml")}
    problems = wrong_numbers(mapfile.load_map(map_name), map_name)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("map_name", sorted(rb.BUNDLED))
def test_the_reference_scores_with_the_rulebooks_numbers(map_name):
    board = ref_board(map_name)
    assert board.rulebook
    for pin in PINS[map_name]:
        if pin.ref is not None:
            assert canonical(pin.ref(board)) == canonical(pin.value), (map_name, pin.what)


def _plain(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("*", "")).strip()


@pytest.mark.skipif(not SHARED.is_dir(), reason="needs ../shared (the rulebooks)")
@pytest.mark.parametrize("map_name", sorted(rb.BUNDLED))
def test_the_quoted_words_are_the_rulebooks(map_name):
    for pin in PINS[map_name]:
        text = _plain((SHARED / pin.source).read_text(encoding="utf-8"))
        for fragment in pin.words.split("…"):
            assert _plain(fragment) in text, f"{pin.source} does not say {fragment.strip()!r} ({map_name}, {pin.what})"


# A number changed in a copy of a bundled map, and the reference's field that holds it (None: the reference does
# not read it from a custom map): the pins notice it; a custom map keeps its own numbers in the reference, the
# bundled board the rulebook's.
CHANGES = [
    ("berlin", "plus_points = [0, 2, 2, 4]", "plus_points = [0, 2, 3, 4]", "plus_points"),
    ("berlin", "set_points = 10", "set_points = 12", "set_points"),
    ("berlin", "bonus_per_tile = 3", "bonus_per_tile = 2", "bonus_per_tile"),
    ("paris", "rer_points = [0, 1]", "rer_points = [0, 2]", "rer_points"),
    ("paris", "point_and_tile = [1, 1]", "point_and_tile = [1, 2]", "terminus_rewards"),
    ("paris", "set_points = 7", "set_points = 8", "set_points"),
    ("paris", "set_tile_cost = 2", "set_tile_cost = 1", "set_tile_cost"),
    ("paris", "full_connection_tiles = 2", "full_connection_tiles = 3", "full_connection_tiles"),
    ("paris", "objectives_per_player = 2", "objectives_per_player = 1", None),
    ("paris", '"Gare de l\'Est", "Nation"], points = 5', '"Gare de l\'Est", "Nation"], points = 3', "objectives"),
    ("london", "tiles_per_symbol = 2", "tiles_per_symbol = 1", None),
    ("london", '"shops", "parks"]', '"shops", "gardens"]', None),
    ("london", 'b = "London Bridge"\nspaces = 3', 'b = "London Bridge"\nspaces = 2', None),
    ("berlin", "express_cards = 25", "express_cards = 24", None),
]


@pytest.mark.parametrize("map_name,old,new,field", CHANGES)
def test_a_changed_number_is_caught(tmp_path, map_name, old, new, field):
    text = mapfile.map_file(map_name).read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path = tmp_path / f"{map_name}.toml"
    path.write_text(text.replace(old, new), encoding="utf-8")
    try:
        changed = mapfile.load(path)
    except mapfile.MapError as exc:  # the map checks refuse it outright: caught too
        assert str(path) in str(exc)
        return
    assert wrong_numbers(changed, map_name), f"{new} went unnoticed"
    if field:
        custom, bundled = ref_board(str(path)), ref_board(map_name)
        assert not custom.rulebook and getattr(custom, field) != getattr(bundled, field)


def test_the_reference_refuses_a_bundled_map_that_contradicts_the_rulebook(tmp_path, monkeypatch):
    """Board facts the rulebook counts (a stack size, a connection station) cannot be replaced by constants, so
    the reference refuses a bundled map that breaks them."""
    import tests.reference.board as ref_board_module

    monkeypatch.setattr(ref_board_module, "MAPS", tmp_path)
    for name, old, new, says in [
        ("berlin", '{station = "Schönfließ", tiles = 1}', '{station = "Schönfließ", tiles = 2}',
         "landmark stations per stack size"),
        ("london", '"Aldgate", "Baker Street"', '"Aldgate", "Bank"', "connection stations"),
        ("paris", '"Gare de l\'Est", "Nation"]', '"Gare de l\'Est", "Bastille"]', "not one of the printed cards"),
    ]:
        text = mapfile.map_file(name).read_text(encoding="utf-8")
        assert text.count(old) == 1, old
        (tmp_path / f"{name}.toml").write_text(text.replace(old, new), encoding="utf-8")
        ref_board.cache_clear()
        try:
            with pytest.raises(RulebookMismatch, match=says):
                ref_board(name)
        finally:
            ref_board.cache_clear()
