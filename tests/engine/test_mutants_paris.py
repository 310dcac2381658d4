"""Paris rule details the mutation run of game/engine/cities/paris.py showed untested (docs/testing.md, "Mutation
testing"): the points of a landmark set, an RER station and a terminus reward are scored for the line and the
station that earned them (the log, the screens and the replays name them), whichever way the set was made; a set
of five that empties the hand leaves nothing to complete, whatever the Branch tiles; the refusals' exact words
while a choice is asked and for a bad number of objective hands; a state without objective hands (any other
city) has no objectives; and a National Rail station scores under the Paris rules too, on a map that has one
(maps/paris.toml has none, so only a modified board reaches that branch)."""
from __future__ import annotations

import copy
import dataclasses

import pytest
from paris_engine_helpers import BOARD, deal, lay, line_of, make_game, place, reach_rambuteau

from game.engine import apply, new_game
from game.engine.actions import ChooseReward, CompleteSet, TakeBranch
from game.engine.cities import paris
from game.engine.events import ChoiceNeeded, Scored
from game.engine.rules import SetupError, why_illegal
from game.engine.state import PHASE_ACTIONS, PHASE_COMPLETE_SET, PHASE_REWARD


def st(name: str) -> int:
    return BOARD.station(name)


def scored_events(events, category: str) -> list[Scored]:
    return [e for e in events if isinstance(e, Scored) and e.category == category]


def test_a_set_of_five_scores_for_the_line_and_station_that_completed_it():
    """Player 1's black line (not line 0) takes the fifth type at Rambuteau: 7 points, for black at Rambuteau."""
    s = make_game(tiles=deal(**{"Rambuteau": "cafe"}), start_player=1)
    s.players[1].landmarks = {"monument": 1, "museum": 1, "church": 1, "garden": 1}
    black = line_of(s, "black")
    assert black != 0 and s.lines[black].owner == 1
    ev = apply(s, place(s, "black", "Arts et Métiers", "Rambuteau"))
    assert scored_events(ev, "landmark_sets") == [Scored(1, black, 7, "landmark_sets", (st("Rambuteau"),), 0)]


def test_a_set_completed_with_branch_tiles_scores_for_the_line_and_station_that_offered_it():
    """The completion asked at Rambuteau (black's placement) scores there, for black, with no tiles gained."""
    s = make_game(tiles=deal(**{"Rambuteau": "monument"}), start_player=1)
    s.players[1].landmarks = {"monument": 1, "museum": 1, "church": 1}
    s.players[1].branch_tiles = 4
    black = line_of(s, "black")
    apply(s, place(s, "black", "Arts et Métiers", "Rambuteau"))
    assert s.phase == PHASE_COMPLETE_SET
    ev = apply(s, CompleteSet(True))
    assert scored_events(ev, "landmark_sets") == [Scored(1, black, 7, "landmark_sets", (st("Rambuteau"),), 0)]
    assert s.players[1].branch_tiles == 0


def test_a_terminus_reward_scores_for_the_line_that_reached_the_terminus():
    """Black reaches Mairie de Montrouge; the reward's points (and tiles) are black's, at that terminus."""
    s = make_game(start_player=1)
    black = line_of(s, "black")
    apply(s, place(s, "black", "Denfert-Rochereau", "Mairie de Montrouge"))
    assert s.phase == PHASE_REWARD
    ev = apply(s, ChooseReward("point_and_tile"))
    assert scored_events(ev, "terminus") == [Scored(1, black, 1, "terminus", (st("Mairie de Montrouge"),), 1)]


def test_an_rer_point_scores_for_the_line_and_station_that_earned_it():
    s = make_game()
    lay(s, "red", "Glacière", "Denfert-Rochereau")
    black = line_of(s, "black")
    ev = lay(s, "black", "Mairie de Montrouge", "Denfert-Rochereau")
    assert [e for e in ev if isinstance(e, Scored)] == [Scored(1, black, 1, "rer", (st("Denfert-Rochereau"),), 0)]


def test_a_set_of_five_that_empties_the_hand_offers_no_completion_even_with_ten_branch_tiles():
    """Four types in hand, the fifth arrives: the set scores by itself and the hand is empty. Ten tiles would pay
    for five missing types, but there is nothing in hand to complete: no choice is asked."""
    s = make_game(tiles=deal(**{"Rambuteau": "cafe"}))
    s.players[0].landmarks = {"monument": 1, "museum": 1, "church": 1, "garden": 1}
    s.players[0].branch_tiles = 10
    ev = apply(s, place(s, "red", "Arts et Métiers", "Rambuteau"))
    assert [e.points for e in ev if isinstance(e, Scored)] == [7] and s.players[0].landmarks == {}
    assert not [e for e in ev if isinstance(e, ChoiceNeeded)]
    assert s.phase == PHASE_ACTIONS and not s.pending and s.players[0].branch_tiles == 10


def test_refusals_while_a_terminus_reward_is_asked_say_exactly_what_to_choose():
    s = make_game()
    apply(s, place(s, "red", "Denfert-Rochereau", "Mairie de Montrouge"))
    assert s.phase == PHASE_REWARD
    assert why_illegal(s, TakeBranch()) == ("choose the terminus reward for Mairie de Montrouge first (2 points, 1 "
                                            "point and 1 branch tile, or 2 branch tiles)")
    assert why_illegal(s, ChooseReward("everything")) == \
        "'everything' is not a terminus reward; choose one of points, point_and_tile, tiles"


def test_refusals_while_a_set_completion_is_asked_name_the_landmark_station():
    s, _ = reach_rambuteau({"museum": 1}, 8)
    assert s.phase == PHASE_COMPLETE_SET
    assert why_illegal(s, TakeBranch()) == \
        "decide first whether to complete a landmark set with branch tiles (Rambuteau)"


def test_a_wrong_number_of_objective_hands_is_refused_naming_the_card_numbers():
    with pytest.raises(SetupError) as err:
        new_game("paris", 2, seed=1, landmark_tiles=deal(), objectives=[[0, 1]])
    assert ("setup.objectives: 1 hands for 2 players; give each player 2 secret objective cards (numbers 0-10, the "
            "map's [paris].objectives order)") in str(err.value)


def test_a_state_without_objective_hands_has_no_objectives_for_any_seat():
    """Another city's state (setup.objectives == []): every seat has no cards, and asking does not fail."""
    s = new_game("london", 3, seed=1)
    assert s.setup.objectives == []
    assert [paris.objectives_of(s, p) for p in range(3)] == [[], [], []]


def test_a_national_rail_station_scores_1_point_under_the_paris_rules_on_a_map_that_has_one():
    """maps/paris.toml has no National Rail station; on a copy of the board that makes Pasteur one, every line
    reaching it scores 1 point for its owner, as in the other cities (the map format allows the kind on any map)."""
    assert not any("national_rail" in x.kinds for x in BOARD.stations), "the real board has none"
    board = copy.copy(BOARD)
    g = st("Pasteur")
    board.stations = list(BOARD.stations)
    board.stations[g] = dataclasses.replace(BOARD.stations[g], kinds=BOARD.stations[g].kinds | {"national_rail"})
    s = make_game()
    rules = paris.ParisRules()
    for colour, owner in (("red", 0), ("black", 1), ("blue", 0)):
        events: list = []
        rules.on_connected(s, board, line_of(s, colour), g, events)
        assert events == [Scored(owner, line_of(s, colour), 1, "national_rail", (g,), 0)], colour
    assert [p.points for p in s.players] == [{"national_rail": 2}, {"national_rail": 1}]
    assert [p.score for p in s.players] == [2, 1]
