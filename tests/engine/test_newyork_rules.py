"""New York on the real board: the rulebook's examples, every water legality case, clusters, double cards."""
from __future__ import annotations

import pytest
from newyork_helpers import BOARD, conn, icon, lay, line_of, make_game, place, scored

from game.engine import ChooseRoute, IllegalAction, PlaceTrack, TakeBranch, apply, legal_actions, why_illegal
from game.engine.cities.newyork import destination_tokens, lines_on_water, water_actions_needed
from game.engine.events import PassengerMoved, Scored
from game.engine.state import PHASE_ROUTE


def names(stations) -> list[str]:
    return [BOARD.stations[s].name for s in stations]


def placements(state) -> set[tuple[str, str, str]]:
    """Legal placements as (colour, station, station) for readable asserts."""
    out = set()
    for a in legal_actions(state):
        if isinstance(a, PlaceTrack):
            x, y = BOARD.conn_ends[a.connection]
            out.add(P(state.lines[a.line].colour, BOARD.stations[x].name, BOARD.stations[y].name))
    return out


def P(colour: str, a: str, b: str) -> tuple[str, str, str]:
    """A placement as (colour, station, station), the stations in name order."""
    return (colour, *sorted((a, b)))


def touches(state, st: str) -> set:
    return {p for p in placements(state) if st in p[1:]}


# ---- the rulebook's turn example: branch tiles and water scoring ---------------------------------------------


def red_before_the_example(state):
    """Red ends at Botanic Garden, passes York St, and is already connected to two water icons."""
    lay(state, "red", "Botanic Garden", "Grand Army Plaza", "Atlantic Av Barclays Ctr", "York St",
        "Water: York St South", "Brooklyn Bridge City Hall", "Bway Lafayette St", "Union Sq", "Water: Greenpoint Av",
        "Greenpoint Av")
    state.players[0].score = 0
    state.players[0].points = {}


def test_rulebook_newyork_branch_tiles_and_water_turn():
    s = make_game()
    red_before_the_example(s)
    s.actions_left = 4
    ev = apply(s, place("red", s, "Botanic Garden", "Flatbush Av Brooklyn College"))
    assert scored(ev, "terminus") == [2] and s.players[0].branch_tiles == 1  # action 1: terminus, a tile
    apply(s, TakeBranch())  # action 2
    assert s.players[0].branch_tiles == 2
    ev = apply(s, place("red", s, "York St", "Water: Marcy Av"))  # action 3: from the middle, two tiles
    assert s.players[0].branch_tiles == 0
    assert scored(ev, "water") == [3], "the red line's third water icon"
    water = [e for e in ev if isinstance(e, Scored) and e.category == "water"][0]
    assert names(water.stations) == ["Water: York St South", "Water: Greenpoint Av", "Water: Marcy Av"]
    assert lines_on_water(s) == [(line_of(s, "red"), icon("Marcy Av"))]
    # action 4: red cannot stop at the icon, so only what takes it off the water is offered
    assert placements(s) == {P("red", "Marcy Av", "Water: Marcy Av"), P("red", "Bway Lafayette St", "Water: Marcy Av")}
    assert TakeBranch() not in legal_actions(s)
    assert why_illegal(s, TakeBranch()).startswith("taking a branch tile would leave red on the water icon by Marcy Av")
    assert s.players[0].points == {"terminus": 2, "water": 3} and s.players[0].score == 5
    apply(s, place("red", s, "Water: Marcy Av", "Marcy Av"))
    assert not lines_on_water(s, 0) and s.current == 1, "the turn ended (then the passenger moved)"


def test_third_icon_scores_once_per_line():
    s = make_game()
    ev = lay(s, "red", "155 St", "Water: Yankee Stadium", "Yankee Stadium", "Grand Concourse",
             "Water: Grand Concourse East", "86 St", "Water: Hunts Point Av", "Hunts Point Av")
    assert scored(ev, "water") == [3]
    ev = lay(s, "red", "Grand Concourse", "Water: Grand Concourse South", "Central Park North")
    assert scored(ev, "water") == [], "the fourth icon scores nothing"
    ev = lay(s, "blue", "Lexington Av", "Water: Queens Plaza", "Queens Plaza", "Hunters Point Av",
             "Water: Hunters Point Av", "Grand Central", "Union Sq", "Water: Greenpoint Av")
    assert scored(ev, "water") == [3], "every line scores its own third icon"


def test_the_two_icons_of_whitehall_borough_hall_count_as_two():
    s = make_game()
    lay(s, "red", "Grand Central", "Water: Hunters Point Av", "Hunters Point Av")
    ev = lay(s, "red", "Grand Central", "Union Sq", "Bway Lafayette St", "Brooklyn Bridge City Hall", "Fulton St",
             "Whitehall St", "Water: Borough Hall South-East")
    assert scored(ev, "water") == []
    ev = lay(s, "red", "Water: Borough Hall South-East", "Water: Borough Hall South")
    assert scored(ev, "water") == [3]


# ---- water legality ------------------------------------------------------------------------------------------


def test_a_turn_cannot_end_on_an_icon():
    s = make_game()
    lay(s, "red", "Union Sq", "Grand Central")
    s.actions_left = 1
    act = place("red", s, "Union Sq", "Water: Greenpoint Av")
    assert act not in legal_actions(s)
    msg = why_illegal(s, act)
    assert msg.startswith("red would end on the water icon by Greenpoint Av with no action left to leave it")
    with pytest.raises(IllegalAction, match="no action left"):
        apply(s, act)
    assert s.tokens[conn("Union Sq", "Water: Greenpoint Av")] == [], "a refused action changes nothing"
    s.actions_left = 2
    assert why_illegal(s, act) is None and act in legal_actions(s)


def test_the_first_token_of_a_line_on_a_crossing_needs_a_second_this_turn():
    s = make_game()
    s.actions_left = 1
    assert not any(BOARD.water & set(BOARD.conn_ends[a.connection])
                   for a in legal_actions(s) if isinstance(a, PlaceTrack)), "no first token may touch an icon"
    s.actions_left = 2
    act = place("green", s, "Greenpoint Av", "Water: Greenpoint Av")
    apply(s, act)
    assert placements(s) == {P("green", "Union Sq", "Water: Greenpoint Av")}
    assert legal_actions(s) == [PlaceTrack(line_of(s, "green"), conn("Union Sq", "Water: Greenpoint Av"))]


def test_with_a_line_on_water_every_other_action_waits_until_it_is_off():
    s = make_game()
    s.actions_left = 3
    apply(s, place("red", s, "Union Sq", "Water: Greenpoint Av"))
    # two actions left, one needed: anything may come first
    assert TakeBranch() in legal_actions(s)
    assert P("blue", "Times Sq", "Bryant Pk") in placements(s)
    apply(s, place("blue", s, "Times Sq", "Bryant Pk"))
    # one action left: only leaving the water
    assert placements(s) == {P("red", "Greenpoint Av", "Water: Greenpoint Av")}
    assert TakeBranch() not in legal_actions(s)
    msg = why_illegal(s, place("blue", s, "Bryant Pk", "Grand Central"))
    assert msg.startswith("red would end on the water icon by Greenpoint Av with no action left")


def test_the_two_icon_chain_needs_two_more_placements():
    s = make_game()
    lay(s, "red", "Fulton St", "Whitehall St")
    onto = place("red", s, "Whitehall St", "Water: Borough Hall South-East")
    s.actions_left = 2
    msg = why_illegal(s, onto)
    assert msg == ("red would end on the water: leaving it needs 2 more placements and only 1 action would be left")
    assert onto not in legal_actions(s)
    s.actions_left = 3
    assert onto in legal_actions(s)
    apply(s, onto)
    assert water_actions_needed(s) == 2
    # the next step goes on to the second icon, or reaches the same icon from Fulton St (red's other end):
    # then one token between the icons joins both ends; nothing else leaves the water in time
    assert placements(s) == {P("red", "Water: Borough Hall South-East", "Water: Borough Hall South"),
                             P("red", "Fulton St", "Water: Borough Hall South")}
    apply(s, place("red", s, "Water: Borough Hall South-East", "Water: Borough Hall South"))
    assert placements(s) == {P("red", "Borough Hall", "Water: Borough Hall South"),
                             P("red", "Fulton St", "Water: Borough Hall South")}, "closing the loop at Fulton St too"
    apply(s, place("red", s, "Water: Borough Hall South", "Fulton St"))
    assert not lines_on_water(s, 0) and s.current == 1


def test_a_line_with_both_ends_on_icons():
    s = make_game()
    both = place("orange", s, "Water: Borough Hall South-East", "Water: Borough Hall South")
    s.actions_left = 2
    assert "needs 2 more placements and only 1 action" in why_illegal(s, both)
    s.actions_left = 3
    apply(s, both)
    assert sorted(x for _, x in lines_on_water(s)) == sorted([icon("Borough Hall South-East"),
                                                               icon("Borough Hall South")])
    assert placements(s) == {P("orange", "Whitehall St", "Water: Borough Hall South-East"),
                             P("orange", "Borough Hall", "Water: Borough Hall South"),
                             P("orange", "Fulton St", "Water: Borough Hall South")}
    apply(s, place("orange", s, "Water: Borough Hall South", "Borough Hall"))
    assert placements(s) == {P("orange", "Whitehall St", "Water: Borough Hall South-East")}


def test_running_out_of_tokens_near_water():
    s = make_game()
    green = line_of(s, "green")  # 15 tokens: lay 14, ending at Union Sq next to the Greenpoint Av icon
    lay(s, "green", "New Utrecht Av", "Kings Highway", "Church Av", "4 Av - 9 Street", "Carroll St", "Borough Hall",
        "Atlantic Av Barclays Ctr", "Franklin Av", "Broadway Junction", "Gates Av", "Flushing Av", "Marcy Av",
        "Water: Marcy Av", "Bway Lafayette St", "Union Sq")
    s.actions_left = 4
    assert s.lines[green].tokens_left == 1
    last = place("green", s, "Union Sq", "Water: Greenpoint Av")
    assert last not in legal_actions(s)
    assert why_illegal(s, last).startswith(
        "green would end on the water icon by Greenpoint Av with no green tokens left to leave it")
    assert why_illegal(s, place("green", s, "Union Sq", "Grand Central")) is None


def test_no_free_space_beyond_the_icon():
    s = make_game()
    lay(s, "blue", "86 St", "Water: Hunts Point Av", "Hunts Point Av")  # the only space of both halves
    lay(s, "red", "Parkchester", "Hunts Point Av")
    s.actions_left = 4
    # red cannot even start across: the crossing is full
    assert not touches(s, "Water: Hunts Point Av")
    s2 = make_game()
    lay(s2, "red", "Parkchester", "Hunts Point Av")
    lay(s2, "black", "86 St", "Lexington Av")
    s2.actions_left = 4
    onto = place("red", s2, "Hunts Point Av", "Water: Hunts Point Av")
    assert why_illegal(s2, onto) is None
    apply(s2, onto)
    # player 0's own blue may not take the one space red needs to leave the water
    block = place("blue", s2, "86 St", "Water: Hunts Point Av")
    assert why_illegal(s2, block).startswith(
        "red would end on the water icon by Hunts Point Av with no free track space to leave it by")
    assert block not in legal_actions(s2)


def test_a_branch_from_the_middle_onto_an_icon_needs_an_action_to_leave():
    s = make_game()
    red_before_the_example(s)
    s.players[0].branch_tiles = 2
    s.actions_left = 1
    act = place("red", s, "York St", "Water: Marcy Av")
    assert "no action left" in why_illegal(s, act)
    s.actions_left = 2
    assert why_illegal(s, act) is None


def test_a_line_passing_through_a_three_way_icon_may_branch_there_with_the_last_action():
    s = make_game()
    lay(s, "red", "Flushing Av", "Marcy Av", "Water: Marcy Av", "Bway Lafayette St", "Wash Sq")
    s.players[0].branch_tiles = 2
    s.actions_left = 1
    act = place("red", s, "Water: Marcy Av", "York St")
    assert why_illegal(s, act) is None, "the icon is not an end of red: it joins three red tokens"
    apply(s, act)
    assert s.players[0].branch_tiles == 0 and not lines_on_water(s, 0)


def test_other_players_lines_are_not_asked_about():
    s = make_game()
    lay(s, "black", "Hunters Point Av", "Water: Hunters Point Av", "Grand Central")
    s.actions_left = 1
    assert why_illegal(s, TakeBranch()) is None and lines_on_water(s) == []


def test_undo_takes_a_line_back_off_the_water():
    from game.engine.actions import Undo

    s = make_game()
    s.actions_left = 3
    apply(s, place("red", s, "Union Sq", "Water: Greenpoint Av"))
    assert lines_on_water(s)
    apply(s, Undo())
    assert not lines_on_water(s) and TakeBranch() in legal_actions(s)


# ---- clusters ------------------------------------------------------------------------------------------------


def test_rulebook_newyork_cluster_example():
    s = make_game()
    blue = line_of(s, "blue")
    ev = lay(s, "blue", "Chambers St - World Trade Center", "Canal St")
    assert scored(ev, "clusters") == [] and s.players[0].score == 0, "the first cluster scores 0"
    ev = lay(s, "blue", "Canal St", "Wash Sq")
    assert scored(ev, "clusters") == [1] and s.players[0].score == 1
    ev = lay(s, "blue", "Wash Sq", "14 St 6 Av")
    assert scored(ev, "national_rail") == [1] and scored(ev, "clusters") == [] and s.players[0].score == 2
    ev = lay(s, "blue", "14 St 6 Av", "Bryant Pk")
    assert scored(ev, "clusters") == [2] and s.players[0].score == 4
    assert s.lines[blue].clusters == ["lower_manhattan", "village", "midtown"]


def test_a_cluster_scores_once_per_line_and_for_every_line():
    s = make_game()
    lay(s, "red", "Chambers St - World Trade Center", "Canal St", "Wash Sq")
    ev = lay(s, "red", "Wash Sq", "Bway Lafayette St", "Brooklyn Bridge City Hall")
    assert scored(ev, "clusters") == [], "both clusters were reached already"
    ev = lay(s, "black", "Canal St", "Wash Sq")
    assert scored(ev, "clusters") == [], "black's first cluster"
    ev = lay(s, "black", "Canal St", "Chambers St - World Trade Center")
    assert scored(ev, "clusters") == [1]


def test_a_first_token_joining_two_clusters_scores_one():
    s = make_game()
    ev = lay(s, "red", "Brooklyn Bridge City Hall", "Bway Lafayette St")
    assert scored(ev, "clusters") == [1] and s.lines[line_of(s, "red")].clusters == ["lower_manhattan", "village"]
    s = make_game()
    ev = lay(s, "red", "Fulton St", "Water: Borough Hall South", "Borough Hall")
    assert scored(ev, "clusters") == [1], "across the water: the icon is in no cluster"
    s = make_game()
    ev = lay(s, "red", "Borough Hall", "Atlantic Av Barclays Ctr")
    assert scored(ev, "clusters") == [], "two stations of one cluster"


# ---- the passenger -------------------------------------------------------------------------------------------


def euclid_position():
    """The rulebook's passenger example: the passenger at Euclid Av, four destinations, red/orange/blue built."""
    s = make_game(top=("Myrtle-Wyckoff Avs", "Marcy Av", "Greenpoint Av", "Borough Hall"))
    lay(s, "red", "Broadway Junction", "Gates Av", "Flushing Av", "Marcy Av", "Water: Marcy Av", "York St")
    lay(s, "orange", "Greenpoint Av", "Flushing Av", "Franklin Av", "Atlantic Av Barclays Ctr", "Borough Hall")
    lay(s, "blue", "York St", "Borough Hall")
    lay(s, "black", "Crescent St", "Woodhaven Blvd")  # player 1, far away
    s.passenger = BOARD.station("Euclid Av")
    for p in s.players:
        p.score = 0
        p.points = {}
    return s


def test_rulebook_newyork_passenger_from_euclid_av():
    s = euclid_position()
    assert names(s.face_up) == ["Myrtle-Wyckoff Avs", "Marcy Av", "Greenpoint Av", "Borough Hall"]
    s.actions_left = 1
    ev = apply(s, TakeBranch())
    first = [e for e in ev if isinstance(e, PassengerMoved)]
    assert len(first) == 1, "the first move has one best outcome"
    assert BOARD.stations[first[0].destination].name == "Marcy Av"
    assert [s.lines[li].colour for li in first[0].lines] == ["red"]
    walked = [h for h in first[0].hops if h[2] == -1]
    assert names(walked[0][:2]) == ["Euclid Av", "Broadway Junction"] and len(walked) == 1
    assert s.players[0].points == {"passenger": 1}
    # the second move: Greenpoint Av (red + orange) or Borough Hall (red + orange, or red + blue) -- a choice
    assert s.phase == PHASE_ROUTE
    got = {(BOARD.stations[o.destination].name, tuple(sorted(s.lines[li].colour for li in o.lines)), o.empty)
           for o in s.options}
    assert got == {("Greenpoint Av", ("orange", "red"), 0), ("Borough Hall", ("orange", "red"), 0),
                   ("Borough Hall", ("blue", "red"), 0)}
    assert legal_actions(s) == [ChooseRoute(i) for i in range(3)]
    pick = next(i for i, o in enumerate(s.options)
                if BOARD.stations[o.destination].name == "Borough Hall" and line_of(s, "blue") in o.lines)
    ev = apply(s, ChooseRoute(pick))
    moved = [e for e in ev if isinstance(e, PassengerMoved)]
    assert BOARD.stations[moved[0].destination].name == "Borough Hall"
    assert s.players[0].points == {"passenger": 3}
    assert "Myrtle-Wyckoff Avs" in names(s.face_up) and len(s.face_up) == 4 and s.current == 1


def test_walking_a_water_crossing_costs_one_space_per_connection():
    s = make_game(top=("Greenpoint Av", "Whitehall St", "Borough Hall", "Kings Highway"))
    s.passenger = BOARD.station("Union Sq")
    s.actions_left = 1
    ev = apply(s, TakeBranch())
    moved = [e for e in ev if isinstance(e, PassengerMoved)]
    assert BOARD.stations[moved[0].destination].name == "Greenpoint Av"
    assert names([h[1] for h in moved[0].hops]) == ["Water: Greenpoint Av", "Greenpoint Av"]
    assert all(h[2] == -1 for h in moved[0].hops)


def test_the_whitehall_borough_hall_chain_walks_as_three_spaces():
    from game.engine import passenger

    s = make_game(top=("Borough Hall", "Woodside", "Kings Highway", "Bay Ridge Av"))
    s.passenger = BOARD.station("Whitehall St")
    opts = passenger.route_options(s, BOARD, "standard")
    assert [BOARD.stations[o.destination].name for o in opts] == ["Borough Hall"]
    assert opts[0].empty == 3
    assert all(BOARD.stations[o.destination].kinds >= {"standard"} for o in opts)


def test_two_moves_every_turn():
    s = make_game(top=("Union Sq", "57 St", "Greenpoint Av", "Kings Highway"))
    s.actions_left = 1
    ev = apply(s, TakeBranch())
    dests = [BOARD.stations[e.destination].name for e in ev if isinstance(e, PassengerMoved)]
    # from Grand Central: Union Sq is one walked space; from there the Greenpoint Av crossing is two
    assert dests == ["Union Sq", "Greenpoint Av"]
    assert names(s.discard) == dests and len(s.face_up) == 4 and s.current == 1


def test_two_identical_cards_put_two_tokens_and_the_second_move_stays_still():
    s = make_game(top=("Whitehall St", "Whitehall St", "Kings Highway", "Woodside"))
    assert destination_tokens(s)[BOARD.station("Whitehall St")] == 2
    lay(s, "red", "Grand Central", "Bryant Pk", "14 St 6 Av", "Wash Sq", "Canal St", "Chambers St - World Trade Center",
        "Fulton St", "Whitehall St")
    for p in s.players:
        p.score = 0
        p.points = {}
    s.actions_left = 1
    ev = apply(s, TakeBranch())
    moves = [e for e in ev if isinstance(e, PassengerMoved)]
    assert [BOARD.stations[m.destination].name for m in moves] == ["Whitehall St", "Whitehall St"]
    assert moves[1].origin == moves[1].destination and moves[1].hops == () and moves[1].lines == ()
    assert s.players[0].points == {"passenger": 1}, "the second move stays still: no line scores"
    assert names(s.discard) == ["Whitehall St", "Whitehall St"]
    assert BOARD.station("Whitehall St") not in s.face_up and len(s.face_up) == 4


def test_the_second_card_of_a_station_drawn_later_is_taken_by_staying_still():
    s = make_game(top=("Kings Highway", "Woodside", "Canal St", "Church Av", "Kings Highway"))
    lay(s, "red", "Grand Central", "Bryant Pk", "14 St 6 Av", "Wash Sq", "Canal St")
    lay(s, "blue", "Prospect Park", "Kings Highway", "Church Av")
    s.passenger = BOARD.station("Church Av")
    s.actions_left = 1
    ev = apply(s, TakeBranch())  # Church Av is where the passenger is: it stays, then goes to Kings Highway
    moves = [e for e in ev if isinstance(e, PassengerMoved)]
    assert [BOARD.stations[m.destination].name for m in moves] == ["Church Av", "Kings Highway"]
    # the refill draws the second Kings Highway card while the passenger stands there
    assert s.passenger == BOARD.station("Kings Highway") and BOARD.station("Kings Highway") in s.face_up
    s.actions_left = 1
    ev = apply(s, TakeBranch())
    moves = [e for e in ev if isinstance(e, PassengerMoved)]
    assert moves[0].origin == moves[0].destination == BOARD.station("Kings Highway") and moves[0].lines == ()


def test_newyork_setup_refuses_other_cities_tiles():
    from game.engine import SetupError, new_game

    with pytest.raises(SetupError, match="setup.connection_tiles: .*London's"):
        new_game("newyork", 2, connection_tiles=["a"])
    with pytest.raises(SetupError, match="setup.landmark_tiles: .*Berlin's"):
        new_game("newyork", 2, landmark_tiles=["culture"])
