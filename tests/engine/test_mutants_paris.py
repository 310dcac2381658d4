"""Paris rule details the mutation run of game/engine/cities/paris.py showed untested (docs/testing.md, "Mutation
testing"): the points of a landmark set and of a terminus reward are scored for the line and the station that
earned them (the log, the screens and the replays name them), whichever way the set was made."""
from __future__ import annotations

from paris_engine_helpers import BOARD, deal, line_of, make_game, place

from game.engine import apply
from game.engine.actions import ChooseReward, CompleteSet
from game.engine.events import Scored
from game.engine.state import PHASE_COMPLETE_SET, PHASE_REWARD


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
