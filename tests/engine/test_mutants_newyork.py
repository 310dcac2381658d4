"""New York rules the mutation run showed untested (docs/testing.md): water with few tokens left, one of the
player's lines taking the way off an icon another of their lines needs, the refusal's counts, other players'
lines on the water, the water and cluster points' events, and placements offered exactly when they are legal."""
from __future__ import annotations

from newyork_helpers import BOARD, icon, lay, line_of, make_game, place

from game.engine import PlaceTrack, TakeBranch, apply, legal_actions, why_illegal
from game.engine.cities.newyork import lines_on_water, water_actions_needed
from game.engine.events import Scored

# green's 13 tokens from Kings Highway to Union Sq (through the Marcy Av icon): 2 of its 15 left
GREEN_13 = ("Kings Highway", "Church Av", "4 Av - 9 Street", "Carroll St", "Borough Hall", "Atlantic Av Barclays Ctr",
            "Franklin Av", "Broadway Junction", "Gates Av", "Flushing Av", "Marcy Av", "Water: Marcy Av",
            "Bway Lafayette St", "Union Sq")


def offered_exactly_when_legal(s) -> None:
    """Every token of the player's lines and the branch tile: offered by legal_actions exactly when legal."""
    offered = set(legal_actions(s))
    for li in s.players[s.current].lines:
        for c in range(len(BOARD.connections)):
            act = PlaceTrack(li, c)
            reason = why_illegal(s, act)
            assert (act in offered) == (reason is None), (s.lines[li].colour, BOARD.conn_ends[c], reason)
    assert (TakeBranch() in offered) == (why_illegal(s, TakeBranch()) is None)


def test_a_line_with_two_tokens_left_may_still_cross_the_water():
    s = make_game()
    green = line_of(s, "green")
    lay(s, "green", *GREEN_13)
    assert s.lines[green].tokens_left == 2
    s.actions_left = 4
    onto = place("green", s, "Union Sq", "Water: Greenpoint Av")
    assert why_illegal(s, onto) is None and onto in legal_actions(s), "the second token takes green off the water"
    offered_exactly_when_legal(s)
    apply(s, onto)
    # its last token must take green off the water: spending it at the other end is refused
    elsewhere = place("green", s, "Kings Highway", "New Utrecht Av")
    assert why_illegal(s, elsewhere) == ("green would end on the water icon by Greenpoint Av with no green tokens "
                                         "left to leave it (a line cannot end its turn on water)")
    assert elsewhere not in legal_actions(s)
    assert [a for a in legal_actions(s) if isinstance(a, PlaceTrack) and a.line == green] == [
        place("green", s, "Water: Greenpoint Av", "Greenpoint Av")]
    offered_exactly_when_legal(s)
    apply(s, place("green", s, "Water: Greenpoint Av", "Greenpoint Av"))
    assert s.lines[green].tokens_left == 0 and not lines_on_water(s)


def test_with_two_tokens_left_and_the_far_side_full_the_refusal_names_the_space_not_the_tokens():
    s = make_game()
    lay(s, "green", *GREEN_13)
    lay(s, "black", "Greenpoint Av", "Water: Greenpoint Av")  # the one space beyond the icon
    s.actions_left = 4
    onto = place("green", s, "Union Sq", "Water: Greenpoint Av")
    assert why_illegal(s, onto) == ("green would end on the water icon by Greenpoint Av with no free track space to "
                                    "leave it by (a line cannot end its turn on water)")
    offered_exactly_when_legal(s)


def test_the_refusal_counts_the_placements_of_every_line_on_the_water():
    s = make_game()
    lay(s, "red", "Fulton St", "Whitehall St")
    s.actions_left = 4
    apply(s, place("red", s, "Whitehall St", "Water: Borough Hall South-East"))  # two more to leave the chain
    assert water_actions_needed(s) == 2
    blue = place("blue", s, "Union Sq", "Water: Greenpoint Av")  # blue's first token, one more to leave
    assert why_illegal(s, blue) == ("red would end on the water: leaving it needs 3 more placements and only 2 "
                                    "actions would be left")
    offered_exactly_when_legal(s)


def marcy_icon_with_red_and_blue_on_it(s) -> None:
    """Red ends at the Marcy Av icon from York St (1 space), blue from Bway Lafayette St (3 spaces, the other two
    taken by player 1's black and yellow). The icon's third connection, to Marcy Av, has 2 spaces."""
    lay(s, "red", "York St", "Water: Marcy Av")
    lay(s, "blue", "Bway Lafayette St", "Water: Marcy Av")
    lay(s, "black", "Bway Lafayette St", "Water: Marcy Av")
    lay(s, "yellow", "Bway Lafayette St", "Water: Marcy Av")
    assert sorted(s.lines[li].colour for li, _ in lines_on_water(s)) == ["blue", "red"]


def test_a_line_leaving_an_icon_leaves_room_for_another_line_of_the_same_player():
    s = make_game()
    marcy_icon_with_red_and_blue_on_it(s)
    s.actions_left = 2
    blue_off = place("blue", s, "Water: Marcy Av", "Marcy Av")
    assert why_illegal(s, blue_off) is None, "red can still follow blue to Marcy Av: two spaces"
    offered_exactly_when_legal(s)
    apply(s, blue_off)
    assert [(s.lines[li].colour, x) for li, x in lines_on_water(s)] == [("red", icon("Marcy Av"))]
    offered_exactly_when_legal(s)
    apply(s, place("red", s, "Water: Marcy Av", "Marcy Av"))
    assert s.current == 1 and not lines_on_water(s, 0)


def test_a_line_may_not_take_the_last_way_off_an_icon_another_line_of_the_player_needs():
    s = make_game()
    marcy_icon_with_red_and_blue_on_it(s)
    lay(s, "pink", "Marcy Av", "Water: Marcy Av")  # one of the two spaces to Marcy Av
    s.actions_left = 2
    blue_off = place("blue", s, "Water: Marcy Av", "Marcy Av")
    assert why_illegal(s, blue_off) == ("red would end on the water icon by Marcy Av with no free track space to "
                                        "leave it by (a line cannot end its turn on water)")
    offered_exactly_when_legal(s)


def test_lines_on_water_of_a_player_who_is_not_acting():
    s = make_game()
    lay(s, "black", "Hunters Point Av", "Water: Hunters Point Av")  # player 1's, outside the turn flow
    s.actions_left = 3
    apply(s, place("red", s, "Union Sq", "Water: Greenpoint Av"))
    black, red = line_of(s, "black"), line_of(s, "red")
    assert lines_on_water(s) == lines_on_water(s, 0) == [(red, icon("Greenpoint Av"))]
    assert lines_on_water(s, 1) == [(black, icon("Hunters Point Av"))]
    assert water_actions_needed(s, 0) == 1 and water_actions_needed(s, 1) == 1
    apply(s, place("red", s, "Water: Greenpoint Av", "Greenpoint Av"))
    assert water_actions_needed(s, 0) == 0 and water_actions_needed(s, 1) == 1


def test_water_and_cluster_points_say_which_line_and_stations_earned_them():
    s = make_game()
    red = line_of(s, "red")
    events = lay(s, "red", "Greenpoint Av", "Water: Greenpoint Av", "Union Sq", "Bway Lafayette St",
                 "Water: Marcy Av", "York St", "Water: York St South", "Brooklyn Bridge City Hall")
    water = [e for e in events if isinstance(e, Scored) and e.category == "water"]
    assert len(water) == 1 and water[0].points == 3 and water[0].line == red and water[0].player == 0
    assert sorted(water[0].stations) == sorted(icon(x) for x in ("Greenpoint Av", "Marcy Av", "York St South"))
    clusters = [e for e in events if isinstance(e, Scored) and e.category == "clusters"]
    # Bway Lafayette St (the village) is red's first cluster, Brooklyn Bridge City Hall (lower Manhattan) its second
    assert [(e.points, e.line, e.stations) for e in clusters] == [(1, red, (BOARD.station("Brooklyn Bridge City Hall"),))]


def test_placements_are_offered_exactly_when_legal_at_every_action_count():
    s = make_game()
    for left in (1, 2, 3, 4):  # nothing on the water: the last action may build anywhere but onto an icon
        s.actions_left = left
        offered_exactly_when_legal(s)
    s.actions_left = 1
    assert place("blue", s, "Times Sq", "Bryant Pk") in legal_actions(s)
    assert place("blue", s, "Union Sq", "Water: Greenpoint Av") not in legal_actions(s)
    s.actions_left = 3
    apply(s, place("red", s, "Union Sq", "Water: Greenpoint Av"))
    offered_exactly_when_legal(s)
    apply(s, TakeBranch())
    offered_exactly_when_legal(s)


def test_an_icon_not_named_after_its_station_is_still_named_in_messages():
    """Messages name a water icon by the station it lies by ("Water: Marcy Av"); a map may name an icon
    otherwise, and then it is said whole. (The shipped board names every icon the first way, so only this
    test reaches the second.)"""
    from types import SimpleNamespace

    from game.engine.cities.newyork import icon_label

    board = SimpleNamespace(stations=[SimpleNamespace(name="Water: Marcy Av"), SimpleNamespace(name="Pier 11")])
    by = icon_label(board, 0)
    assert by == "the water icon by Marcy Av"
    assert by.template == "the water icon by {station}" and by.params == {"station": "Marcy Av"}
    plain = icon_label(board, 1)
    assert plain == "the water icon Pier 11"
    assert plain.template == "the water icon {station}" and plain.params == {"station": "Pier 11"}
