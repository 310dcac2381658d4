"""Paris's rules (rulebook: New York/Paris 2nd edition, "Paris" parts; shared/RULES.md), on the real board:
the rulebook's turn and secret-objective examples, RER, terminus rewards, landmark sets and their completion
with Branch tiles, full connections, the order of several choices in one placement, undo in and after a choice,
and bad set-ups."""
from __future__ import annotations

import copy
import itertools
from collections import Counter

import networkx as nx
import pytest
from paris_engine_helpers import (BOARD, OBJECTIVES, TYPES, conn, deal, lay, line_of, make_game, place,
                                   reach_rambuteau, scored)

from game.engine import apply, can_undo, legal_actions, legal_placements, new_game, rules, rules_of
from game.engine.actions import ChooseReward, CompleteSet, IllegalAction, PlaceTrack, TakeBranch, Undo
from game.engine.cities import paris
from game.engine.events import ChoiceNeeded, LandmarkTaken, PassengerMoved, Scored, TurnStarted
from game.engine.rules import SetupError, placement_cost, why_illegal
from game.engine.state import PHASE_ACTIONS, PHASE_COMPLETE_SET, PHASE_REWARD

FOUR_TYPES = {"monument": 1, "museum": 1, "church": 1, "garden": 1}  # the turn example's hand: no cafe


def st(name: str) -> int:
    return BOARD.station(name)


def position(state) -> tuple:
    """What a placement or a choice changes, for comparing before and after an undo."""
    return copy.deepcopy((state.tokens, [(ln.conns, ln.degree, ln.tokens_left) for ln in state.lines],
                          [(p.score, p.points, p.branch_tiles, p.landmarks) for p in state.players],
                          state.landmarks_left, state.actions_left, state.phase, state.pending, state.log))


# ---- the rulebook's turn example ------------------------------------------------------------------------

def test_rulebook_paris_turn_example_branch_tiles_rer_and_landmark_set():
    """"The player has 1 Branch Tile and [four different] Landmark tiles": green Montparnasse Bienvenue -
    Denfert Rochereau, an RER station already reached by the blue line: 1 point; green Denfert Rochereau -
    Mairie de Montrouge, a terminus: 1 point and a Branch tile; 2 Branch tiles returned to extend blue from
    Montparnasse Bienvenue to Plaisance: the landmark there makes a set of five, 7 points; blue Plaisance -
    Chatillon-Montrouge, a terminus: 2 points."""
    s = make_game(tiles=deal(**{"Plaisance": "cafe"}))
    lay(s, "blue", "Pasteur", "Montparnasse - Bienvenüe", "Denfert-Rochereau")  # blue passes Montparnasse
    lay(s, "green", "Saint-Placide", "Montparnasse - Bienvenüe")
    me = s.players[0]
    assert me.score == 0 and me.branch_tiles == 0
    me.landmarks = dict(FOUR_TYPES)
    me.branch_tiles = 1
    s.actions_left = 4  # a turn after the first
    passenger, face_up = s.passenger, list(s.face_up)

    ev = apply(s, place(s, "green", "Montparnasse - Bienvenüe", "Denfert-Rochereau"))
    assert scored(ev, "rer") == [1] and s.phase == PHASE_ACTIONS

    ev = apply(s, place(s, "green", "Denfert-Rochereau", "Mairie de Montrouge"))
    assert ev[-1] == ChoiceNeeded(0, PHASE_REWARD, st("Mairie de Montrouge"))
    assert s.phase == PHASE_REWARD and "terminus" not in me.points, "no terminus points until the player chooses"
    assert legal_actions(s) == [ChooseReward("points"), ChooseReward("point_and_tile"), ChooseReward("tiles")]
    apply(s, ChooseReward("point_and_tile"))
    assert me.points["terminus"] == 1 and me.branch_tiles == 2 and s.phase == PHASE_ACTIONS

    blue_to_plaisance = place(s, "blue", "Montparnasse - Bienvenüe", "Plaisance")
    assert placement_cost(s, blue_to_plaisance.line, blue_to_plaisance.connection) == 2, "off blue's ends"
    ev = apply(s, blue_to_plaisance)
    assert [e for e in ev if isinstance(e, LandmarkTaken)] == [
        LandmarkTaken(0, line_of(s, "blue"), st("Plaisance"), "cafe", 0)]
    assert scored(ev, "landmark_sets") == [7] and me.landmarks == {} and me.branch_tiles == 0
    assert not [e for e in ev if isinstance(e, ChoiceNeeded)] and s.phase == PHASE_ACTIONS, \
        "the set scored itself: nothing left to complete"

    ev = apply(s, place(s, "blue", "Plaisance", "Châtillon - Montrouge"))
    assert s.phase == PHASE_REWARD and s.actions_left == 0
    assert s.passenger == passenger and s.face_up == face_up, "the passenger waits for the choice"
    assert not [e for e in ev if isinstance(e, (PassengerMoved, TurnStarted))]
    ev = apply(s, ChooseReward("points"))
    assert me.points["terminus"] == 3 and me.branch_tiles == 0
    assert any(isinstance(e, TurnStarted) and e.player == 1 for e in ev), "then the passenger moves, turn over"
    assert {k: me.points.get(k, 0) for k in ("rer", "terminus", "landmark_sets")} == \
        {"rer": 1, "terminus": 3, "landmark_sets": 7}
    assert me.score - me.points.get("passenger", 0) == 11


# ---- secret objectives -----------------------------------------------------------------------------------

GRAPH = nx.Graph((BOARD.stations[c.a].name, BOARD.stations[c.b].name) for c in BOARD.connections)


def chain_through(*stations: str) -> list[str]:
    """The shortest simple path visiting the given stations (in some order), for laying a line through them."""
    best = None
    for order in itertools.permutations(stations):
        path = [order[0]]
        for a, b in zip(order, order[1:]):
            path += nx.shortest_path(GRAPH, a, b)[1:]
        if len(set(path)) == len(path) and (best is None or len(path) < len(best)):
            best = path
    assert best is not None, f"no simple path through {stations}"
    return best


def card_stations(card: int) -> list[str]:
    return [BOARD.stations[s].name for s in BOARD.objective_stations[card]]


def end_scoring(s) -> list:
    events: list = []
    rules_of(s).final_scoring(s, BOARD, events)
    return events


# Player A: red and orange; player B: blue and green (as in the rulebook's picture).
AB_LINES = [["red", "orange", "black", "pink"], ["blue", "green", "yellow", "brown"]]


def test_rulebook_paris_secret_objectives_example():
    """"Player A has connected all 3 stations of the first card with both the red and orange lines, and scores
    2 x 5 = 10 points. They failed to connect the stations of the second card ... Player B has connected all 3
    stations of the first card with the blue line, scoring 5 points, and all 3 stations of the second card with
    the green line, scoring 3 points.\""""
    a_cards, b_cards = [9, 2], [10, 3]
    assert [BOARD.objective_points[c] for c in a_cards + b_cards] == [5, 3, 5, 3]
    s = make_game(objectives=[a_cards, b_cards], lines=AB_LINES)
    path_a = chain_through(*card_stations(9))
    lay(s, "red", *path_a)
    lay(s, "orange", *path_a)  # the same track: full connections, free in lay()
    lay(s, "blue", *chain_through(*card_stations(10)))
    lay(s, "green", *chain_through(*card_stations(3)))
    assert paris.lines_meeting(s, BOARD, 0, 2) == [], "A's second card is not met (else the example is wrong)"
    assert paris.lines_meeting(s, BOARD, 1, 10) == [line_of(s, "blue")]
    assert paris.lines_meeting(s, BOARD, 1, 3) == [line_of(s, "green")]
    before = [p.score for p in s.players]
    ev = end_scoring(s)
    assert [p.points.get("objectives", 0) for p in s.players] == [10, 8]
    assert [p.score - b for p, b in zip(s.players, before)] == [10, 8]
    got = sorted((e.player, s.lines[e.line].colour, e.points, e.stations) for e in ev)
    assert got == sorted([(0, "red", 5, BOARD.objective_stations[9]), (0, "orange", 5, BOARD.objective_stations[9]),
                          (1, "blue", 5, BOARD.objective_stations[10]), (1, "green", 3, BOARD.objective_stations[3])])


def test_one_line_scores_both_of_its_owners_cards():
    """"... and to score both Secret Objectives with the same line": cards 9 and 10 share République."""
    s = make_game(objectives=[[9, 10], [0, 1]])
    lay(s, "red", *chain_through(*dict.fromkeys(card_stations(9) + card_stations(10))))
    end_scoring(s)
    assert s.players[0].points["objectives"] == 10 and "objectives" not in s.players[1].points


def test_objectives_score_only_for_their_owner_and_only_complete_cards():
    """A line through two of the three stations scores nothing; another player's line through all three does
    not score this player's card."""
    s = make_game(objectives=[[9, 2], [10, 3]])
    first, second, third = card_stations(9)
    lay(s, "red", *nx.shortest_path(GRAPH, first, second))
    lay(s, "black", *chain_through(first, second, third))  # player 1's line, card 9 is player 0's
    end_scoring(s)
    assert [p.points.get("objectives", 0) for p in s.players] == [0, 0]


def test_objectives_are_dealt_two_each_from_the_seed_and_the_rest_stay_out():
    s = new_game("paris", 5, seed=11)
    hands = s.setup.objectives
    assert len(hands) == 5 and all(len(h) == 2 for h in hands)
    cards = [c for h in hands for c in h]
    assert len(set(cards)) == 10 and all(0 <= c < 11 for c in cards)
    assert new_game("paris", 5, seed=11).setup.objectives == hands, "the same seed deals the same cards"
    assert paris.objectives_of(s, 3) == hands[3]
    deals = {tuple(map(tuple, new_game("paris", 2, seed=k).setup.objectives)) for k in range(20)}
    assert len(deals) > 10, "different seeds deal different cards"


# ---- RER ---------------------------------------------------------------------------------------------------

def test_rer_scores_0_for_the_first_line_then_1_for_every_later_line():
    """"0 points if this is the first line of anyone connected to that RER station, 1 point otherwise"; a later
    line of the same player counts too."""
    s = make_game()
    ev = lay(s, "red", "Glacière", "Denfert-Rochereau")
    assert scored(ev, "rer") == [] and "rer" not in s.players[0].points, "the first line: 0 points, no event"
    ev = lay(s, "black", "Mairie de Montrouge", "Denfert-Rochereau")
    assert scored(ev, "rer") == [1] and s.players[1].points["rer"] == 1
    ev = lay(s, "blue", "Montparnasse - Bienvenüe", "Denfert-Rochereau")
    assert scored(ev, "rer") == [1] and s.players[0].points["rer"] == 1
    ev = lay(s, "red", "Denfert-Rochereau", "Montparnasse - Bienvenüe")
    assert scored(ev, "rer") == [], "red is already connected to Denfert-Rochereau"


def test_rer_at_both_ends_of_one_placement():
    """Gare d'Austerlitz - Gare de Lyon: both RER; first there both times (0 + 0), then 1 + 1 for the next line."""
    s = make_game()
    assert scored(lay(s, "red", "Gare d'Austerlitz", "Gare de Lyon"), "rer") == []
    assert scored(lay(s, "black", "Gare d'Austerlitz", "Gare de Lyon"), "rer") == [1, 1]
    assert s.players[1].points["rer"] == 2 and s.players[1].score == 2


# ---- terminus rewards -------------------------------------------------------------------------------------

@pytest.mark.parametrize("choice, points, tiles", [("points", 2, 0), ("point_and_tile", 1, 1), ("tiles", 0, 2)])
def test_terminus_reward_is_the_players_choice(choice, points, tiles):
    s = make_game()
    s.players[0].branch_tiles = 1
    ev = apply(s, place(s, "red", "Denfert-Rochereau", "Mairie de Montrouge"))
    assert ChoiceNeeded(0, PHASE_REWARD, st("Mairie de Montrouge")) in ev and s.phase == PHASE_REWARD
    assert s.pending[0].kind == PHASE_REWARD and s.pending[0].line == line_of(s, "red")
    ev = apply(s, ChooseReward(choice))
    [e] = [e for e in ev if isinstance(e, Scored)]
    assert (e.category, e.points, e.branch_tiles, e.stations) == ("terminus", points, tiles,
                                                                  (st("Mairie de Montrouge"),))
    p = s.players[0]
    assert (p.score, p.branch_tiles, s.phase, s.pending) == (points, 1 + tiles, PHASE_ACTIONS, [])


def test_nothing_but_the_reward_answers_a_reward_choice():
    s = make_game()
    apply(s, place(s, "red", "Denfert-Rochereau", "Mairie de Montrouge"))
    for act, words in ((TakeBranch(), "choose the terminus reward for Mairie de Montrouge first"),
                       (place(s, "blue", "Glacière", "Denfert-Rochereau"), "choose the terminus reward"),
                       (CompleteSet(True), "choose the terminus reward"),
                       (ChooseReward("everything"), "'everything' is not a terminus reward")):
        assert words in why_illegal(s, act)
        with pytest.raises(IllegalAction):
            apply(s, act)
    assert s.phase == PHASE_REWARD and s.players[0].score == 0, "refused actions change nothing"


def test_choices_are_refused_outside_their_phase():
    s = make_game()
    assert why_illegal(s, ChooseReward("points")) == "there is no choice to make now"
    assert why_illegal(s, CompleteSet(False)) == "there is no choice to make now"
    apply(s, place(s, "red", "Denfert-Rochereau", "Mairie de Montrouge"))
    apply(s, ChooseReward("tiles"))
    assert why_illegal(s, ChooseReward("tiles")) == "there is no choice to make now", "one reward per terminus"


def test_a_line_reaching_a_terminus_it_already_touches_gets_no_second_reward():
    s = make_game()
    lay(s, "red", "Denfert-Rochereau", "Mairie de Montrouge")
    s.players[0].branch_tiles = 2
    apply(s, place(s, "red", "Denfert-Rochereau", "Glacière"))
    assert s.phase == PHASE_ACTIONS and not s.pending


# ---- landmarks and set completion --------------------------------------------------------------------------

def test_the_first_line_takes_the_landmark_tile_and_the_next_gets_none():
    s = make_game(tiles=deal(**{"Rambuteau": "garden"}))
    i = BOARD.landmark_stations.index(st("Rambuteau"))
    assert s.landmarks_left[i] == 1 and s.landmarks_left == [1] * 40
    ev = lay(s, "black", "Arts et Métiers", "Rambuteau")
    assert [e for e in ev if isinstance(e, LandmarkTaken)] == [
        LandmarkTaken(1, line_of(s, "black"), st("Rambuteau"), "garden", 0)]
    assert s.players[1].landmarks == {"garden": 1} and s.landmarks_left[i] == 0
    ev = lay(s, "red", "Hôtel de Ville", "Rambuteau")
    assert not [e for e in ev if isinstance(e, LandmarkTaken)] and s.players[0].landmarks == {}


def test_a_set_of_five_keeps_duplicates_in_hand():
    s = make_game(tiles=deal(**{"Rambuteau": "cafe"}))
    s.players[0].landmarks = {"monument": 2, "museum": 1, "church": 1, "garden": 1}
    ev = lay(s, "red", "Arts et Métiers", "Rambuteau")
    assert scored(ev, "landmark_sets") == [7]
    assert s.players[0].landmarks == {"monument": 1}


@pytest.mark.parametrize("tiles, offered", [(3, False), (4, True), (9, True)])
def test_set_completion_is_offered_only_when_affordable(tiles, offered):
    """Hand monument x2, museum, church after the take: garden and cafe are missing, 2 tiles each = 4."""
    s = make_game(tiles=deal(**{"Rambuteau": "monument"}))
    s.players[0].landmarks = {"monument": 1, "museum": 1, "church": 1}
    s.players[0].branch_tiles = tiles
    assert paris.set_completion_cost(s, BOARD, 0) == 4
    ev = apply(s, place(s, "red", "Arts et Métiers", "Rambuteau"))
    assert s.players[0].landmarks == {"monument": 2, "museum": 1, "church": 1}
    if offered:
        assert ev[-1] == ChoiceNeeded(0, PHASE_COMPLETE_SET, st("Rambuteau")) and s.phase == PHASE_COMPLETE_SET
        assert legal_actions(s) == [CompleteSet(True), CompleteSet(False)]
    else:
        assert not [e for e in ev if isinstance(e, ChoiceNeeded)], "not offered when the player cannot pay"
        assert s.phase == PHASE_ACTIONS and not s.pending and s.actions_left == 2


def test_set_completion_accepted_returns_2_tiles_per_missing_type_and_scores_7():
    s, _ = reach_rambuteau({"monument": 1, "museum": 1, "church": 1}, 5)
    ev = apply(s, CompleteSet(True))
    assert scored(ev, "landmark_sets") == [7]
    p = s.players[0]
    assert (p.branch_tiles, p.landmarks, p.points["landmark_sets"], s.phase) == (1, {"monument": 1}, 7, PHASE_ACTIONS)


def test_set_completion_declined_keeps_tiles_and_hand():
    s, _ = reach_rambuteau({"monument": 1, "museum": 1, "church": 1}, 5)
    ev = apply(s, CompleteSet(False))
    assert not [e for e in ev if isinstance(e, Scored)]
    p = s.players[0]
    assert (p.branch_tiles, p.landmarks, p.score, s.phase) == (5, {"monument": 2, "museum": 1, "church": 1}, 0,
                                                               PHASE_ACTIONS)
    assert why_illegal(s, TakeBranch()) is None, "the turn goes on"


def test_set_completion_after_an_automatic_set_looks_at_the_duplicates_left():
    """Five types arrive (7 points at once); the duplicate left lacks four types: 8 tiles to complete again."""
    for tiles, offered in ((7, False), (8, True)):
        s = make_game(tiles=deal(**{"Rambuteau": "cafe"}))
        s.players[0].landmarks = {"monument": 2, "museum": 1, "church": 1, "garden": 1}
        s.players[0].branch_tiles = tiles
        ev = apply(s, place(s, "red", "Arts et Métiers", "Rambuteau"))
        assert scored(ev, "landmark_sets") == [7] and s.players[0].landmarks == {"monument": 1}
        assert (s.phase == PHASE_COMPLETE_SET) == offered, tiles
        if offered:
            apply(s, CompleteSet(True))
            assert s.players[0].points["landmark_sets"] == 14 and s.players[0].branch_tiles == 0
            assert s.players[0].landmarks == {}


def test_complete_set_answers_only_a_set_choice():
    s, _ = reach_rambuteau({"museum": 1}, 8)
    assert s.phase == PHASE_COMPLETE_SET
    assert "decide first whether to complete a landmark set" in why_illegal(s, ChooseReward("points"))
    assert "decide first whether to complete a landmark set" in why_illegal(s, TakeBranch())


# ---- several choices in one placement ---------------------------------------------------------------------

def test_terminus_then_landmark_reward_asked_first_and_its_tiles_pay_for_the_set():
    """Saint-Denis - Université (a: terminus) - Mairie de Saint-Ouen (b: landmark): the reward first; choosing
    2 Branch tiles makes the completion (one missing type) affordable, so it is asked next."""
    s = make_game(tiles=deal(**{"Mairie de Saint-Ouen": "cafe"}))
    s.players[0].landmarks = {"cafe": 1, "museum": 1, "church": 1, "garden": 1}
    c = conn("Saint-Denis - Université", "Mairie de Saint-Ouen")
    assert BOARD.connections[c].a == st("Saint-Denis - Université"), "the map lists the terminus first"
    ev = apply(s, PlaceTrack(line_of(s, "red"), c))
    assert [e for e in ev if isinstance(e, LandmarkTaken)], "the tile is taken at once, before any choice"
    assert [(p.kind, BOARD.stations[p.station].name) for p in s.pending] == [
        (PHASE_REWARD, "Saint-Denis - Université"), (PHASE_COMPLETE_SET, "Mairie de Saint-Ouen")]
    asked = [e for e in ev if isinstance(e, ChoiceNeeded)]
    assert asked == [ChoiceNeeded(0, PHASE_REWARD, st("Saint-Denis - Université"))]
    ev = apply(s, ChooseReward("tiles"))
    assert ev[-1] == ChoiceNeeded(0, PHASE_COMPLETE_SET, st("Mairie de Saint-Ouen")) and s.phase == PHASE_COMPLETE_SET
    apply(s, CompleteSet(True))
    p = s.players[0]
    assert (p.branch_tiles, p.landmarks, p.points) == (0, {"cafe": 1}, {"terminus": 0, "landmark_sets": 7})


def test_a_reward_taken_as_points_leaves_the_set_unaffordable_and_it_is_skipped():
    s = make_game(tiles=deal(**{"Mairie de Saint-Ouen": "cafe"}))
    s.players[0].landmarks = {"cafe": 1, "museum": 1, "church": 1, "garden": 1}
    apply(s, place(s, "red", "Saint-Denis - Université", "Mairie de Saint-Ouen"))
    ev = apply(s, ChooseReward("points"))
    assert not [e for e in ev if isinstance(e, ChoiceNeeded)]
    assert s.phase == PHASE_ACTIONS and not s.pending and s.players[0].score == 2


def test_landmark_then_terminus_set_asked_first():
    """Église de Pantin (a: landmark) - Bobigny - Pablo Picasso (b: terminus): the set first, then the reward."""
    s = make_game(tiles=deal(**{"Église de Pantin": "monument"}))
    s.players[0].landmarks = {"monument": 1, "museum": 1, "church": 1, "garden": 1}
    s.players[0].branch_tiles = 2
    ev = apply(s, place(s, "red", "Église de Pantin", "Bobigny - Pablo Picasso"))
    asked = [e for e in ev if isinstance(e, ChoiceNeeded)]
    assert asked == [ChoiceNeeded(0, PHASE_COMPLETE_SET, st("Église de Pantin"))]
    ev = apply(s, CompleteSet(True))
    assert ev[-1] == ChoiceNeeded(0, PHASE_REWARD, st("Bobigny - Pablo Picasso"))
    apply(s, ChooseReward("point_and_tile"))
    p = s.players[0]
    assert (p.score, p.branch_tiles, p.landmarks, s.phase) == (8, 1, {"monument": 1}, PHASE_ACTIONS)


def test_two_landmarks_in_one_placement_are_asked_a_then_b_and_the_second_sees_the_first():
    """Mairie de Saint-Ouen - La Fourche, both museum, hand one monument: 3 types missing (6 tiles) at each.
    Completing at the first leaves one museum and no tiles: the second is skipped; declining keeps it open."""
    tiles = deal(**{"Mairie de Saint-Ouen": "museum", "La Fourche": "museum"})
    for first, second_asked in ((True, False), (False, True)):
        s = make_game(tiles=tiles)
        s.players[0].landmarks = {"monument": 1}
        s.players[0].branch_tiles = 6
        apply(s, place(s, "red", "Mairie de Saint-Ouen", "La Fourche"))
        assert [(p.kind, BOARD.stations[p.station].name) for p in s.pending] == [
            (PHASE_COMPLETE_SET, "Mairie de Saint-Ouen"), (PHASE_COMPLETE_SET, "La Fourche")]
        ev = apply(s, CompleteSet(first))
        assert (s.phase == PHASE_COMPLETE_SET) == second_asked
        if second_asked:
            assert ev[-1] == ChoiceNeeded(0, PHASE_COMPLETE_SET, st("La Fourche"))
            apply(s, CompleteSet(True))
        assert s.players[0].points == {"landmark_sets": 7} and s.players[0].landmarks == {"museum": 1}
        assert s.players[0].branch_tiles == 0 and s.phase == PHASE_ACTIONS


def test_rer_terminus_and_landmark_in_one_placement():
    """La Défense (RER, terminus) - Porte Maillot (landmark, RER): RER at once at both, then the reward."""
    s = make_game(tiles=deal(**{"Porte Maillot": "garden"}))
    lay(s, "black", "Porte Maillot", "Charles de Gaulle - Étoile")  # someone reached Porte Maillot before
    s.players[0].landmarks = {"garden": 1}
    ev = apply(s, place(s, "red", "La Défense", "Porte Maillot"))
    assert scored(ev, "rer") == [1], "La Défense first: 0; Porte Maillot after black: 1"
    assert not [e for e in ev if isinstance(e, LandmarkTaken)], "black took Porte Maillot's tile"
    assert [p.kind for p in s.pending] == [PHASE_REWARD] and s.phase == PHASE_REWARD


# ---- full connections ---------------------------------------------------------------------------------------

def test_full_connection_costs_2_for_a_lines_first_token():
    s = make_game()
    lay(s, "black", "Denfert-Rochereau", "Mairie de Montrouge")  # 1 space, now full
    c = conn("Denfert-Rochereau", "Mairie de Montrouge")
    red = line_of(s, "red")
    s.players[0].branch_tiles = 1
    assert (red, c, 2) not in legal_placements(s)
    assert why_illegal(s, PlaceTrack(red, c)) == ("every track space on Mairie de Montrouge - Denfert-Rochereau is "
                                                  "taken; a token there costs 2 branch tiles (you have 1)")
    s.players[0].branch_tiles = 2
    assert (red, c, 2) in legal_placements(s) and placement_cost(s, red, c) == 2
    apply(s, PlaceTrack(red, c))
    assert s.tokens[c] == [line_of(s, "black"), red] and BOARD.connections[c].spaces == 1
    assert s.players[0].branch_tiles == 0


def test_full_connection_costs_2_at_an_end_of_the_line_and_4_off_the_ends():
    s = make_game()
    lay(s, "black", "Denfert-Rochereau", "Mairie de Montrouge")
    c = conn("Denfert-Rochereau", "Mairie de Montrouge")
    lay(s, "red", "Glacière", "Denfert-Rochereau")  # red ends at Denfert-Rochereau
    lay(s, "blue", "Glacière", "Denfert-Rochereau", "Montparnasse - Bienvenüe")  # blue passes it
    red, blue = line_of(s, "red"), line_of(s, "blue")
    s.players[0].branch_tiles = 3
    offered = {(li, cc): cost for li, cc, cost in legal_placements(s)}
    assert offered.get((red, c)) == 2 and (blue, c) not in offered
    assert "branching there needs 2 branch tiles and 2 for the full connection (you have 3)" in \
        why_illegal(s, PlaceTrack(blue, c))
    s.players[0].branch_tiles = 4
    offered = {(li, cc): cost for li, cc, cost in legal_placements(s)}
    assert offered[(red, c)] == 2 and offered[(blue, c)] == 4
    apply(s, PlaceTrack(blue, c))
    assert s.players[0].branch_tiles == 0 and len(s.tokens[c]) == 2


def test_full_connection_with_two_spaces_and_a_colour_already_there():
    s = make_game(players=3, objectives=OBJECTIVES[:3])
    c = conn("Montparnasse - Bienvenüe", "Denfert-Rochereau")
    assert BOARD.connections[c].spaces == 2
    lay(s, "blue", "Montparnasse - Bienvenüe", "Denfert-Rochereau")
    lay(s, "black", "Montparnasse - Bienvenüe", "Denfert-Rochereau")
    red = line_of(s, "red")
    assert s.lines[red].owner == s.current == 0
    s.players[0].branch_tiles = 2
    assert placement_cost(s, red, c) == 2
    apply(s, PlaceTrack(red, c))
    assert len(s.tokens[c]) == 3
    s.players[1].branch_tiles = 9
    s.current = 1
    with pytest.raises(IllegalAction, match="already on"):
        placement_cost(s, line_of(s, "blue"), c)


def test_an_open_space_costs_nothing_even_beside_other_lines():
    s = make_game()
    lay(s, "black", "Montparnasse - Bienvenüe", "Denfert-Rochereau")
    c = conn("Montparnasse - Bienvenüe", "Denfert-Rochereau")
    assert placement_cost(s, line_of(s, "red"), c) == 0


def test_other_boards_keep_full_connections_closed():
    """Only Paris sells a place on a full connection: on Berlin no number of Branch tiles buys one."""
    s = new_game("berlin", 2, seed=1, start_player=0)
    board = rules.board_of(s)
    c = next(i for i, con in enumerate(board.connections) if con.spaces == 1)
    black = next(i for i, ln in enumerate(s.lines) if ln.colour == "black")
    s.current = 1
    rules._place(s, PlaceTrack(black, c), [])
    s.current = 0
    s.players[0].branch_tiles = 10
    red = next(i for i, ln in enumerate(s.lines) if ln.colour == "red")
    assert "space taken" in why_illegal(s, PlaceTrack(red, c))
    assert not [x for x in legal_placements(s) if x[1] == c]


# ---- undo in and after a choice -------------------------------------------------------------------------------

def test_undo_in_the_reward_phase_takes_back_the_placement():
    s = make_game()
    s.players[0].branch_tiles = 1
    before = position(s)
    apply(s, place(s, "red", "Denfert-Rochereau", "Mairie de Montrouge"))
    assert s.phase == PHASE_REWARD and can_undo(s)
    apply(s, Undo())
    assert position(s) == before


def test_undo_after_a_reward_takes_back_only_the_reward():
    s = make_game()
    apply(s, place(s, "red", "Denfert-Rochereau", "Mairie de Montrouge"))
    asked = position(s)
    apply(s, ChooseReward("tiles"))
    assert s.players[0].branch_tiles == 2
    apply(s, Undo())
    assert position(s) == asked and s.phase == PHASE_REWARD
    apply(s, ChooseReward("points"))
    assert (s.players[0].score, s.players[0].branch_tiles) == (2, 0)


def test_undo_in_and_after_the_complete_set_phase():
    s = make_game(tiles=deal(**{"Rambuteau": "monument"}))
    s.players[0].landmarks = {"monument": 1, "museum": 1, "church": 1, "garden": 1}
    s.players[0].branch_tiles = 2
    before = position(s)
    apply(s, place(s, "red", "Arts et Métiers", "Rambuteau"))
    asked = position(s)
    assert s.phase == PHASE_COMPLETE_SET and s.players[0].landmarks["monument"] == 2
    apply(s, CompleteSet(True))
    assert s.players[0].points == {"landmark_sets": 7}
    apply(s, Undo())
    assert position(s) == asked
    apply(s, Undo())
    assert position(s) == before, "the tile goes back on Rambuteau"
    assert s.landmarks_left[BOARD.landmark_stations.index(st("Rambuteau"))] == 1


def test_undo_of_a_turns_last_choice_before_the_passenger_moves():
    """The last action raised a choice: the passenger has not moved, so the choice and the placement undo."""
    s = make_game()
    s.actions_left = 1
    apply(s, place(s, "red", "Denfert-Rochereau", "Mairie de Montrouge"))
    assert s.actions_left == 0 and s.phase == PHASE_REWARD and can_undo(s)
    apply(s, Undo())
    assert s.actions_left == 1 and s.phase == PHASE_ACTIONS
    apply(s, place(s, "red", "Denfert-Rochereau", "Mairie de Montrouge"))
    apply(s, ChooseReward("points"))
    assert s.current == 1 and not can_undo(s), "the turn ended with the passenger's move"


# ---- set-up -------------------------------------------------------------------------------------------------

def test_the_landmark_deal_is_eight_of_each_type_one_per_station():
    s = new_game("paris", 3, seed=4)
    assert len(s.setup.landmark_tiles) == 40 and Counter(s.setup.landmark_tiles) == {t: 8 for t in TYPES}
    assert s.landmarks_left == [1] * 40 and all(p.landmarks == {} for p in s.players)
    assert new_game("paris", 3, seed=4).setup.landmark_tiles == s.setup.landmark_tiles
    assert new_game("paris", 3, seed=5).setup.landmark_tiles != s.setup.landmark_tiles


def swap_one(tiles: list[str], old: str, new: str) -> list[str]:
    out = list(tiles)
    out[out.index(old)] = new
    return out


@pytest.mark.parametrize("kwargs, field", [
    ({"objectives": [[0, 1], [1, 2]]}, "setup.objectives[1][0]: card 1 is dealt twice (also setup.objectives[0][1])"),
    ({"objectives": [[0, 0], [1, 2]]}, "setup.objectives[0][1]: card 0 is dealt twice"),
    ({"objectives": [[0], [1, 2]]}, "setup.objectives[0]: 1 cards; every player is dealt 2"),
    ({"objectives": [[0, 1, 3], [1, 2]]}, "setup.objectives[0]: 3 cards; every player is dealt 2"),
    ({"objectives": [[0, 1]]}, "setup.objectives: 1 hands for 2 players"),
    ({"objectives": [[0, 11], [1, 2]]}, "setup.objectives[0][1]: 11 is not a card; use 0-10"),
    ({"objectives": [[-1, 3], [1, 2]]}, "setup.objectives[0][0]: -1 is not a card; use 0-10"),
    ({"landmark_tiles": swap_one(deal(), "cafe", "monument")}, "setup.landmark_tiles: 9 monument tiles; there are 8"),
    ({"landmark_tiles": swap_one(deal(), "cafe", "monument")}, "setup.landmark_tiles: 7 cafe tiles"),
    ({"landmark_tiles": deal()[:39]}, "setup.landmark_tiles: 39 tiles for 40 landmark stations"),
    ({"landmark_tiles": swap_one(deal(), "church", "opera")},
     "setup.landmark_tiles[{church}]: unknown landmark type 'opera'; use one of monument, museum, church, garden, "
     "cafe"),
    ({"connection_tiles": ["circle"]}, "setup.connection_tiles: ['circle']; connection tiles are London's"),
])
def test_bad_paris_setups_are_rejected_naming_the_field(kwargs, field):
    field = field.format(church=deal().index("church"))
    args = {"objectives": [[0, 1], [2, 3]], "landmark_tiles": deal(), **kwargs}
    with pytest.raises(SetupError) as err:
        new_game("paris", 2, seed=1, **args)
    assert field in str(err.value)


def test_objectives_on_a_board_without_them_are_rejected():
    with pytest.raises(SetupError, match=r"setup\.objectives: the .* board has no secret objectives"):
        new_game("london", 2, seed=1, objectives=[[0, 1], [2, 3]])
