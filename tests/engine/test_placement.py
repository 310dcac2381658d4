"""Every placement rule, its illegal cases, and the scoring that happens on placement."""
from __future__ import annotations

import pytest
from engine_helpers import BOARD, conn, lay, line_of, make_game, place

from game.engine import IllegalAction, PlaceTrack, TakeBranch, Undo, apply, can_undo, legal_actions
from game.engine.rules import legal_placements
from game.engine.state import TOKEN_SUPPLY


def test_first_token_may_go_on_any_free_space():
    s = make_game()
    red = line_of(s, "red")
    mine = {c for li, c, _ in legal_placements(s) if li == red}
    assert mine == set(range(len(BOARD.connections)))
    apply(s, PlaceTrack(red, conn("Epping", "Woodford")))
    assert s.tokens[conn("Epping", "Woodford")] == [red]


def test_later_tokens_must_touch_an_end():
    s = make_game()
    lay(s, "red", "Bank", "Moorgate", "Liverpool Street")
    with pytest.raises(IllegalAction, match="not at an end.*no branch tiles"):
        apply(s, place("red", "Moorgate", "Angel", s))
    with pytest.raises(IllegalAction, match="does not touch the red line"):
        apply(s, place("red", "Acton", "Alperton", s))
    apply(s, place("red", "Liverpool Street", "Mile End", s))  # an end: fine


def test_closing_a_loop_from_an_end_to_any_station_of_the_line():
    s = make_game()
    lay(s, "red", "Bond Street", "Oxford Circus", "Piccadilly Circus", "Green Park")
    # Green Park is an end; Bond Street is an end as well; Green Park-Oxford Circus touches an end
    apply(s, place("red", "Green Park", "Oxford Circus", s))
    assert s.players[0].branch_tiles == 0


def test_a_closed_loop_has_no_ends():
    s = make_game()
    lay(s, "red", "Bond Street", "Oxford Circus", "Piccadilly Circus", "Green Park", "Bond Street")
    red = line_of(s, "red")
    assert s.ends(red) == []
    assert [x for x in legal_placements(s) if x[0] == red] == []
    s.players[0].branch_tiles = 2
    opts = [x for x in legal_placements(s) if x[0] == red]
    assert opts and all(cost == 2 for _, _, cost in opts)


def test_branch_costs_two_tiles():
    s = make_game()
    lay(s, "red", "Bank", "Moorgate", "Liverpool Street")
    s.players[0].branch_tiles = 3
    ev = apply(s, place("red", "Moorgate", "Angel", s))
    assert ev[0].branch_tiles_spent == 2 and s.players[0].branch_tiles == 1


def test_space_taken_and_colour_already_there():
    s = make_game()
    c = conn("Epping", "Woodford")  # one track space
    lay(s, "black", "Epping", "Woodford")
    with pytest.raises(IllegalAction, match="space taken"):
        apply(s, PlaceTrack(line_of(s, "red"), c))
    lay(s, "blue", "Bank", "Aldgate")  # three spaces
    with pytest.raises(IllegalAction, match="already on"):
        apply(s, place("blue", "Bank", "Aldgate", s))
    apply(s, place("red", "Bank", "Aldgate", s))
    assert s.tokens[conn("Bank", "Aldgate")] == [line_of(s, "blue"), line_of(s, "red")]


def test_parallel_spaces_fill_with_different_colours():
    s = make_game(players=2)
    ek = conn("Euston", "King's Cross St. Pancras")
    assert BOARD.connections[ek].spaces == 5
    for colour in ("red", "blue", "orange", "green"):
        lay(s, colour, "Euston", "King's Cross St. Pancras")
    s.current = 1
    apply(s, place("black", "Euston", "King's Cross St. Pancras", s))
    with pytest.raises(IllegalAction, match="space taken"):
        apply(s, place("yellow", "Euston", "King's Cross St. Pancras", s))


def test_not_your_line():
    s = make_game()
    with pytest.raises(IllegalAction, match="belongs to Player 2"):
        apply(s, place("black", "Bank", "Aldgate", s))


def test_token_supply_runs_out():
    s = make_game()
    green = line_of(s, "green")
    assert s.lines[green].tokens_left == TOKEN_SUPPLY["green"] == 15
    chain = ["Uxbridge", "Ruislip", "Rayners Lane", "Harrow on the Hill", "Kenton", "Wembley Park", "Finchley Road",
             "Baker Street", "Great Portland Street", "Euston", "King's Cross St. Pancras", "Moorgate",
             "Liverpool Street", "Mile End", "Stratford", "West Ham"]
    lay(s, "green", *chain)
    assert s.lines[green].tokens_left == 0
    assert all(li != green for li, _, _ in legal_placements(s))
    with pytest.raises(IllegalAction, match="no green tokens left"):
        apply(s, place("green", "West Ham", "Barking", s))


def test_national_rail_and_terminus_once_per_line_per_station():
    s = make_game()
    lay(s, "red", "Paddington", "Marylebone")
    assert s.players[0].points == {"national_rail": 2}
    lay(s, "blue", "Marylebone", "Baker Street")
    assert s.players[0].points == {"national_rail": 3}, "another line of the same player earns it again"
    lay(s, "red", "Paddington", "Notting Hill Gate")
    assert s.players[0].points == {"national_rail": 3}, "Paddington is not connected anew"
    lay(s, "orange", "Acton", "Ealing Broadway")
    assert s.players[0].points["terminus"] == 2 and s.players[0].branch_tiles == 1


def test_connection_tiles_pair_once_per_line():
    s = make_game()  # Victoria and King's Cross carry "shops"
    lay(s, "red", "Victoria", "Green Park")
    assert "connections" not in s.players[0].points
    lay(s, "red", "Green Park", "Oxford Circus", "Euston", "King's Cross St. Pancras")
    assert s.players[0].points["connections"] == 3
    lay(s, "blue", "King's Cross St. Pancras", "Euston")
    assert s.players[0].points["connections"] == 3
    lay(s, "blue", "Euston", "Great Portland Street", "Baker Street", "Bond Street", "Green Park", "Westminster",
        "Victoria")
    assert s.players[0].points["connections"] == 6, "a second line pairs the same tiles again"


def test_loop_scores_stations_inside_once_per_line():
    s = make_game()
    around_oxford = ["Bond Street", "Baker Street", "Great Portland Street", "Euston", "Tottenham Court Road",
                     "Leicester Square", "Piccadilly Circus", "Green Park", "Bond Street"]
    lay(s, "red", *around_oxford)
    red = s.lines[line_of(s, "red")]
    assert red.loop_scored == [BOARD.station("Oxford Circus")]
    assert s.players[0].points["loops"] == 1
    # a second line around the same station scores it again for that line
    lay(s, "blue", "Baker Street", "Great Portland Street", "Euston", "King's Cross St. Pancras", "Holborn",
        "Leicester Square", "Charing Cross", "Westminster", "Victoria", "South Kensington", "Earl's Court",
        "High Street Kensington", "Notting Hill Gate", "Paddington", "Marylebone", "Baker Street")
    blue = s.lines[line_of(s, "blue")]
    assert BOARD.station("Oxford Circus") in blue.loop_scored
    assert BOARD.station("Holborn") not in blue.loop_scored, "on the line, not inside"
    assert s.players[0].points["loops"] == 1 + len(blue.loop_scored)


def test_stations_on_the_loop_do_not_score_and_already_scored_ones_do_not_repeat():
    s = make_game()
    lay(s, "red", "Bond Street", "Baker Street", "Great Portland Street", "Euston", "Tottenham Court Road",
        "Leicester Square", "Piccadilly Circus", "Green Park", "Bond Street")
    assert s.players[0].points["loops"] == 1  # Oxford Circus only
    # connect Oxford Circus to the loop with branch tiles, then close a bigger loop around it:
    # nothing new is inside the bigger loop on its east side except stations never enclosed before
    s.players[0].branch_tiles = 4
    apply(s, place("red", "Oxford Circus", "Bond Street", s))  # Bond Street is on the loop: branch
    apply(s, place("red", "Oxford Circus", "Tottenham Court Road", s))  # closes two smaller loops
    assert s.players[0].points["loops"] == 1, "Oxford Circus is now on the line and was already scored"


def test_undo_restores_the_turn_exactly_until_the_passenger_moves():
    s = make_game()
    before = s.copy()
    apply(s, place("red", "Acton", "Ealing Broadway", s))
    apply(s, TakeBranch())
    assert can_undo(s)
    apply(s, Undo())
    apply(s, Undo())
    assert s.tokens == before.tokens and s.players == before.players and s.actions_left == before.actions_left
    assert not can_undo(s)
    with pytest.raises(IllegalAction, match="nothing to undo"):
        apply(s, Undo())
    for _ in range(3):
        apply(s, TakeBranch())
    assert s.current == 1 and not can_undo(s), "the passenger moved: the turn is over"


def test_legal_actions_are_all_legal_and_take_branch_is_always_there():
    s = make_game()
    lay(s, "red", "Bank", "Moorgate")
    acts = legal_actions(s)
    assert TakeBranch() in acts
    for a in acts:
        s2 = s.copy()
        apply(s2, a)
