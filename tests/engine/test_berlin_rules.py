"""Berlin's rules (rulebook: London/Berlin 2nd edition, "Berlin" sections; shared/RULES.md), each on the real
board or, for the fifth "+" station the real board lacks, on tests/maps/berlin-five-plus.toml."""
from __future__ import annotations

from collections import Counter

import pytest
from berlin_helpers import BOARD, TYPES, lay, line_of, make_game, five_plus_map, station_type_deal

from game.engine import apply, new_game, record, rules_of
from game.engine.actions import ChooseRoute, PlaceTrack, TakeBranch, Undo
from game.engine.events import LandmarkTaken, Scored
from game.engine.rules import SetupError, board_of


def plus_points_per_station(events) -> list[tuple[str, int]]:
    return [(BOARD.stations[e.stations[0]].name, e.points) for e in events
            if isinstance(e, Scored) and e.category == "plus"]


def plus_sequence(state, colour: str, *stations: str) -> list[int]:
    """What each station of the chain (after the first) added to the owner's "+" points."""
    owner = state.lines[line_of(state, colour)].owner
    out = []
    for a, b in zip(stations, stations[1:]):
        before = state.players[owner].points.get("plus", 0)
        lay(state, colour, a, b)
        out.append(state.players[owner].points.get("plus", 0) - before)
    return out


# ---- "+" stations ---------------------------------------------------------------------------------

RING = ["Gesundbrunnen", "Alexanderplatz", "Ostbahnhof", "Warschauer Str.", "Ostkreuz", "Treptower Park",
        "Neukölln", "Hermannstr.", "Tempelhof", "Südkreuz", "Yorckstr.", "Bayerischer Platz",
        "Fehrbelliner Platz", "Charlottenburg", "Westkreuz"]


def test_rulebook_berlin_plus_stations_score_0_2_2_4_on_one_line():
    """"0 points for the first + station connected to a line, 2 points for each of the second and third
    + stations ... and 4 points for the fourth"."""
    s = make_game()
    events = lay(s, "red", *RING)
    assert plus_points_per_station(events) == [("Ostkreuz", 2), ("Südkreuz", 2), ("Westkreuz", 4)]
    red = s.lines[line_of(s, "red")]
    assert [BOARD.stations[x].name for x in red.plus_stations] == ["Gesundbrunnen", "Ostkreuz", "Südkreuz",
                                                                 "Westkreuz"]
    assert s.players[0].points["plus"] == 8


def test_plus_sequence_0_2_2_4_0_on_one_line():
    """A line's fifth "+" station scores nothing (the test map has five in a row)."""
    s = new_game(five_plus_map(), 2, seed=1)
    assert plus_sequence(s, "red", "Start", "P1", "P2", "P3", "P4", "P5", "E") == [0, 2, 2, 4, 0, 0]
    assert s.players[0].points["plus"] == 8


def test_plus_sequence_counts_per_line_for_two_lines_of_one_player():
    s = new_game(five_plus_map(), 2, seed=1)
    chain = ("Start", "P1", "P2", "P3", "P4", "P5")
    assert plus_sequence(s, "red", *chain) == [0, 2, 2, 4, 0]
    assert plus_sequence(s, "blue", *chain) == [0, 2, 2, 4, 0], "the blue line counts its own + stations"
    assert s.lines[line_of(s, "red")].owner == s.lines[line_of(s, "blue")].owner == 0
    assert s.players[0].points["plus"] == 16


def test_plus_on_the_real_board_for_two_lines_of_one_player():
    s = make_game()
    assert plus_sequence(s, "red", "Friedrichstr.", "Gesundbrunnen") == [0]
    assert plus_sequence(s, "blue", "Gesundbrunnen", "Alexanderplatz") == [0], "blue's first + station"
    assert plus_sequence(s, "blue", "Alexanderplatz", "Ostbahnhof", "Warschauer Str.", "Ostkreuz") == [0, 0, 2]
    assert s.players[0].points["plus"] == 2


# ---- landmark tiles -------------------------------------------------------------------------------

def test_rulebook_berlin_landmarks_a_line_connected_takes_one_tile():
    """"When a line is connected to a station with Landmark tiles, the current player takes one of those
    tiles"; every stack is one type, so there is nothing to choose."""
    s = make_game(tiles=station_type_deal(**{"Hauptbahnhof": "sports"}))
    i = BOARD.landmark_stations.index(BOARD.station("Hauptbahnhof"))
    assert s.landmarks_left[i] == 2
    events = lay(s, "red", "Friedrichstr.", "Hauptbahnhof")
    taken = [e for e in events if isinstance(e, LandmarkTaken)]
    assert taken == [LandmarkTaken(0, line_of(s, "red"), BOARD.station("Hauptbahnhof"), "sports", 1)]
    assert s.players[0].landmarks == {"sports": 1} and s.landmarks_left[i] == 1
    lay(s, "red", "Hauptbahnhof", "Zoologischer Garten")
    assert s.players[0].landmarks == {"sports": 1}, "leaving the station takes nothing"


def test_landmark_stacks_run_out():
    s = make_game(players=3, tiles=station_type_deal(**{"Hauptbahnhof": "culture", "Schönfließ": "retail"}))
    hbf = BOARD.landmark_stations.index(BOARD.station("Hauptbahnhof"))
    lay(s, "red", "Friedrichstr.", "Hauptbahnhof")  # player 0
    lay(s, "blue", "Zoologischer Garten", "Hauptbahnhof")  # player 1
    assert s.landmarks_left[hbf] == 0
    events = lay(s, "black", "Hauptbahnhof", "Friedrichstr.")  # player 2: the stack is gone
    assert not [e for e in events if isinstance(e, LandmarkTaken)]
    assert [p.landmarks for p in s.players] == [{"culture": 1}, {"culture": 1}, {}]
    one = BOARD.landmark_stations.index(BOARD.station("Schönfließ"))
    lay(s, "orange", "Bergfelde", "Schönfließ")
    lay(s, "green", "Mühlenbeck-Mönchmühle", "Schönfließ")
    assert s.landmarks_left[one] == 0
    assert s.players[0].landmarks == {"culture": 1, "retail": 1} and s.players[1].landmarks == {"culture": 1}


def test_two_lines_of_one_player_reach_the_same_landmark_station_in_one_turn():
    """Each line newly connected takes a tile: two from a stack of two, then nothing; through apply()."""
    s = make_game(tiles=station_type_deal(**{"Hauptbahnhof": "government", "Schönfließ": "sports"}))
    red, blue, orange = line_of(s, "red"), line_of(s, "blue"), line_of(s, "orange")
    assert s.current == 0 and s.actions_left == 3
    apply(s, PlaceTrack(red, BOARD.connection("Friedrichstr.", "Hauptbahnhof")))
    events = apply(s, PlaceTrack(blue, BOARD.connection("Zoologischer Garten", "Hauptbahnhof")))
    assert [e.landmark_type for e in events if isinstance(e, LandmarkTaken)] == ["government"]
    assert s.players[0].landmarks == {"government": 2}
    events = apply(s, PlaceTrack(orange, BOARD.connection("Hauptbahnhof", "Friedrichstr.")))
    assert not [e for e in events if isinstance(e, LandmarkTaken)], "the stack of two is used up"
    assert s.actions_left == 0 and s.players[0].landmarks == {"government": 2}  # all in one turn
    s2 = make_game(tiles=station_type_deal(**{"Schönfließ": "sports"}))
    apply(s2, PlaceTrack(red, BOARD.connection("Bergfelde", "Schönfließ")))
    apply(s2, PlaceTrack(blue, BOARD.connection("Mühlenbeck-Mönchmühle", "Schönfließ")))
    assert s2.players[0].landmarks == {"sports": 1}, "a single tile goes to the first line only"


SET_CHAIN = ["Kurfürstendamm", "Zoologischer Garten", "Hauptbahnhof", "Friedrichstr.", "Alexanderplatz",
             "Ostbahnhof", "Kottbusser Tor", "Hermannplatz", "Hermannstr.", "Neukölln", "Köllnische Heide"]


def test_rulebook_berlin_landmarks_set_of_five_scores_10_when_the_fifth_type_arrives():
    """"If taking a tile results in having a set of five different types ..., those five tiles are discarded
    and the player ... scores 10 points"; a duplicate type stays in hand."""
    deal = station_type_deal(**{"Kurfürstendamm": "culture", "Hauptbahnhof": "culture", "Ostbahnhof": "government",
                                "Hermannstr.": "retail", "Köllnische Heide": "education", "Spandau": "sports"})
    s = make_game(tiles=deal)
    lay(s, "red", *SET_CHAIN)
    assert s.players[0].landmarks == {"culture": 2, "government": 1, "retail": 1, "education": 1}
    assert "landmark_sets" not in s.players[0].points, "four types are no set"
    score = s.players[0].score
    events = lay(s, "blue", "Olympiastadion", "Spandau")
    kinds = [(type(e).__name__, getattr(e, "category", getattr(e, "landmark_type", None))) for e in events]
    assert kinds == [("TokenPlaced", None), ("LandmarkTaken", "sports"), ("Scored", "landmark_sets")]
    assert events[-1].points == 10 and events[-1].player == 0
    assert s.players[0].score == score + 10 and s.players[0].points["landmark_sets"] == 10
    assert s.players[0].landmarks == {"culture": 1}, "one of each type is discarded, the second culture stays"


def test_rulebook_berlin_spare_landmark_tile_scoring():
    """EXAMPLE: 4 Education, 4 Culture, 3 Sports, 1 Government at the end: the most are Education and
    Culture, tied at 4 each; the player earns 12 points."""
    s = make_game()
    s.players[0].landmarks = {"education": 4, "culture": 4, "sports": 3, "government": 1}
    s.players[1].landmarks = {}
    while not s.over:  # nobody builds: the passenger walks until the deck is out
        apply(s, TakeBranch() if s.phase == "actions" else ChooseRoute(0))
    assert s.players[0].points["landmark_bonus"] == 12
    assert "landmark_bonus" not in s.players[1].points, "no tiles, no bonus"


def test_end_bonus_counts_only_tiles_still_held():
    s = make_game(tiles=station_type_deal(**{"Kurfürstendamm": "culture", "Hauptbahnhof": "culture",
                                             "Ostbahnhof": "government", "Hermannstr.": "retail",
                                             "Köllnische Heide": "education", "Spandau": "sports"}))
    lay(s, "red", *SET_CHAIN)
    lay(s, "blue", "Olympiastadion", "Spandau")
    events: list = []
    rules_of(s).final_scoring(s, board_of(s), events)
    assert [(e.category, e.points) for e in events] == [("landmark_bonus", 3)], "one culture left after the set"


# ---- set-up ---------------------------------------------------------------------------------------

def stacks_by_type(tiles: list[str]) -> dict[str, list[int]]:
    out: dict[str, list[int]] = {t: [] for t in TYPES}
    for size, t in zip(BOARD.landmark_stack_sizes, tiles):
        out[t].append(size)
    return {t: sorted(v, reverse=True) for t, v in out.items()}


def test_setup_deals_every_type_as_3_2_2_1_onto_stations_of_their_size():
    seen_on_threes: Counter = Counter()
    deals = set()
    for seed in range(200):
        s = new_game("berlin", 2 + seed % 4, seed=seed)
        tiles = s.setup.landmark_tiles
        assert len(tiles) == 20
        assert stacks_by_type(tiles) == {t: [3, 2, 2, 1] for t in TYPES}
        assert s.landmarks_left == BOARD.landmark_stack_sizes, "each stack lies on a station of its size"
        assert new_game("berlin", 2 + seed % 4, seed=seed).setup == s.setup, "the seed decides the deal"
        seen_on_threes.update((st, t) for st, size, t in zip(BOARD.landmark_stations, BOARD.landmark_stack_sizes,
                                                             tiles) if size == 3)
        deals.add(tuple(tiles))
    assert len(deals) == 200, "different seeds deal differently"
    assert len(seen_on_threes) == 5 * 5, "every type lands on every three-tile station for some seed"


def test_setup_landmark_tiles_can_be_pinned():
    deal = station_type_deal(**{"Adlershof": "sports", "Schönfließ": "culture"})
    s = new_game("berlin", 3, seed=5, landmark_tiles=deal)
    assert s.setup.landmark_tiles == deal
    assert new_game("berlin", 3, seed=5).setup.deck == s.setup.deck, "pinning the tiles leaves the deck alone"


@pytest.mark.parametrize("tiles,message", [
    (["culture"] * 19, "setup.landmark_tiles: 19 types for 20 landmark stations"),
    (station_type_deal()[:19] + ["food"], "setup.landmark_tiles[19]: unknown landmark type 'food'"),
    (["culture"] * 20, "setup.landmark_tiles: sports has stacks none (0 tiles)"),
])
def test_bad_landmark_setups_are_refused_naming_the_field(tiles, message):
    with pytest.raises(SetupError) as err:
        new_game("berlin", 2, seed=1, landmark_tiles=tiles)
    assert message in str(err.value)


def test_bad_landmark_setup_counts_name_the_type_and_the_rule():
    """Culture's stack of three swapped with a sports stack of two: 9 culture tiles and 7 sports."""
    deal = station_type_deal(**{"Adlershof": "sports", "Rathaus Steglitz": "culture"})
    names = [BOARD.stations[s].name for s in BOARD.landmark_stations]
    deal[names.index("Adlershof")], deal[names.index("Rathaus Steglitz")] = "culture", "sports"
    with pytest.raises(SetupError) as err:
        new_game("berlin", 2, seed=1, landmark_tiles=deal)
    text = str(err.value)
    assert "setup.landmark_tiles: culture has stacks 3+3+2+1 (9 tiles)" in text
    assert "setup.landmark_tiles: sports has stacks 2+2+2+1 (7 tiles)" in text
    assert "every type is one stack each of 3+2+2+1 (8 tiles, rulebook set-up)" in text


def test_tiles_of_the_other_city_are_refused():
    with pytest.raises(SetupError) as err:
        new_game("berlin", 2, seed=1, connection_tiles=["parks"] * 8)
    assert "setup.connection_tiles" in str(err.value) and "London" in str(err.value)
    with pytest.raises(SetupError) as err:
        new_game("london", 2, seed=1, landmark_tiles=station_type_deal())
    assert "setup.landmark_tiles: the London board has no landmark stations" in str(err.value)


def test_classic_variant_on_berlin_is_a_clear_setup_error():
    with pytest.raises(SetupError) as err:
        new_game("berlin", 2, seed=1, variant="classic")
    assert "classic" in str(err.value) and "'berlin' has none" in str(err.value)


# ---- turn flow ------------------------------------------------------------------------------------

def test_passenger_moves_express_then_standard_as_in_london():
    s = make_game()
    kinds = {k for c in s.face_up for k in BOARD.stations[c].kinds}
    want = [k for k in ("express", "standard") if k in kinds]
    assert rules_of(s).passenger_moves(s, BOARD) == want


def test_undo_puts_the_tile_back():
    s = make_game(tiles=station_type_deal(**{"Hauptbahnhof": "retail"}))
    before = s.copy()
    apply(s, PlaceTrack(line_of(s, "red"), BOARD.connection("Friedrichstr.", "Hauptbahnhof")))
    assert s.players[0].landmarks == {"retail": 1}
    apply(s, Undo())
    assert s.players == before.players and s.landmarks_left == before.landmarks_left


def test_record_round_trip_keeps_the_deal_and_the_tiles(tmp_path):
    s = make_game(players=3, tiles=station_type_deal(**{"Hauptbahnhof": "retail"}))
    apply(s, PlaceTrack(line_of(s, "red"), BOARD.connection("Friedrichstr.", "Hauptbahnhof")))
    path = tmp_path / "berlin.json"
    record.save(s, path)
    again = record.load_state(path)
    assert again.setup.landmark_tiles == s.setup.landmark_tiles
    assert again.players == s.players and again.landmarks_left == s.landmarks_left
