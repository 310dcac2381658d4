"""Berlin rules (game/engine/cities/berlin.py) that the mutation runs found untested (docs/testing.md)."""
from __future__ import annotations

from collections import Counter

from berlin_helpers import BOARD, lay, line_of, make_game, station_type_deal

from game.engine.cities.berlin import landmark_counts
from game.engine.events import Scored

SET_CHAIN = ["Kurfürstendamm", "Zoologischer Garten", "Hauptbahnhof", "Friedrichstr.", "Alexanderplatz",
             "Ostbahnhof", "Kottbusser Tor", "Hermannplatz", "Hermannstr.", "Neukölln", "Köllnische Heide"]


def test_a_set_of_five_landmarks_scores_for_the_line_and_station_that_completed_it():
    """The 10 points of a set of five are the owner's, earned by the line that took the fifth type at that
    station (what the score pop-up shows); the five tiles leave the game, a duplicate stays in hand."""
    deal = station_type_deal(**{"Kurfürstendamm": "culture", "Hauptbahnhof": "culture", "Ostbahnhof": "government",
                                "Hermannstr.": "retail", "Köllnische Heide": "education", "Spandau": "sports"})
    s = make_game(tiles=deal)
    lay(s, "red", *SET_CHAIN)
    assert landmark_counts(s) == Counter({"culture": 2, "government": 1, "retail": 1, "education": 1})
    events = lay(s, "blue", "Olympiastadion", "Spandau")
    sets = [e for e in events if isinstance(e, Scored) and e.category == "landmark_sets"]
    assert [(e.player, e.points, e.line, e.stations) for e in sets] == [
        (0, 10, line_of(s, "blue"), (BOARD.station("Spandau"),))]
    assert landmark_counts(s) == Counter({"culture": 1}), "one tile of each type is discarded with the set"
