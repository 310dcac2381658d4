"""One named test per ruling in docs/rules.md and shared/RULES.md that had none.

Each builds its position on the real London board and plays the deciding actions through ``apply``,
so a rule that breaks (the end one turn late, a reversed tie-break, routes compared lines-first,
standard before express, a point per owner, loop stations scored twice) fails a test named after it.
"""
from __future__ import annotations

import pytest
from engine_helpers import BOARD, conn, lay, line_of, make_game, place

from game.engine import (ChooseRoute, IllegalAction, PlaceTrack, SetupError, TakeBranch, apply, legal_actions,
                         new_game, ranking, winners)
from game.engine.events import GameOver, PassengerMoved, RouteChoiceNeeded, Scored, TurnStarted
from game.engine.rules import seat_of


def st(name: str) -> int:
    return BOARD.station(name)


def names(stations) -> list[str]:
    return [BOARD.stations[s].name for s in stations]


def finish_turn(s) -> list:
    """Take branch tiles for the rest of the turn and pick the first route option: no tokens, no points."""
    player, turn = s.current, s.turn
    events = []
    for _ in range(10):  # a turn is at most 5 actions and 2 route choices; more means the turn never ends
        if s.over or (s.current, s.turn) != (player, turn):
            return events
        events += apply(s, ChooseRoute(0) if s.phase == "route" else TakeBranch())
    raise AssertionError("the turn did not end after its actions")


def play_turns_until(s, done) -> None:
    """finish_turn until ``done(s)``; a game that ends first, or never gets there, fails."""
    for _ in range(40):
        if done(s):
            return
        assert not s.over, "the game ended too early"
        finish_turn(s)
    raise AssertionError("never reached")


def passenger_moves(events) -> list[str]:
    return names(e.destination for e in events if isinstance(e, PassengerMoved))


def leave_one_card(s) -> None:
    """Put all but the top card of the deck on the discard pile: this turn's refill empties the deck."""
    s.discard += s.deck[1:]
    del s.deck[1:]


# ---- end of the game ------------------------------------------------------------------------------

SEATS = [(n, seat) for n in range(2, 6) for seat in range(n)]


@pytest.mark.parametrize("players,seat", SEATS, ids=[f"{n}p-seat{k + 1}" for n, k in SEATS])
def test_end_of_game_deck_runs_out_in_the_turn_of_each_seat(players, seat):
    """Rulebook, "End of the game": if the deck runs out at the end of the last seat's turn the game ends at
    once; otherwise play goes on until the player last in turn order has finished, so all had equal turns."""
    start = players - 1  # seat 1 is not player 0, so seats and player numbers differ
    s = new_game("london", players, seed=5, start_player=start)
    turns = [0] * players

    def second_round_seat(s):  # the whole first round, then the second round up to this seat
        if s.turn < players + seat:
            turns[s.current] += 1
            return False
        return True

    play_turns_until(s, second_round_seat)
    assert seat_of(s, s.current) == seat
    leave_one_card(s)
    trigger = s.current
    face_up_at_trigger = None
    later_turns = 0
    for _ in range(players + 1):
        if s.over:
            break
        player = s.current
        face_up = len(s.face_up)
        events = finish_turn(s)
        turns[player] += 1
        if player != trigger or later_turns:
            later_turns += 1
            if face_up:
                assert passenger_moves(events), "the passenger keeps moving while destinations remain"
        else:
            assert s.end_triggered and not s.deck
            face_up_at_trigger = len(s.face_up)
        if s.over:
            assert seat_of(s, player) == players - 1, "the game ends after the last player in turn order"
            assert any(isinstance(e, GameOver) for e in events)
    assert face_up_at_trigger is not None
    assert later_turns == players - 1 - seat, "one turn for each seat after the one that emptied the deck"
    assert turns == [2] * players, "everyone has had the same number of turns"


def test_end_of_game_not_triggered_while_cards_remain():
    """The end triggers when the deck is empty, not when it runs low: one card left plays on."""
    s = new_game("london", 2, seed=5, start_player=0)
    finish_turn(s)
    finish_turn(s)
    s.discard += s.deck[5:]
    del s.deck[5:]  # more cards than one turn's refill can take
    finish_turn(s)
    finish_turn(s)
    assert s.deck and not s.end_triggered and not s.over


# ---- the winner -----------------------------------------------------------------------------------

def final_turn(players: int = 3, variant: str = "standard"):
    """A game at the start of its last turn: the last seat to act, one card in the deck, no tokens anywhere."""
    s = new_game("london", players, seed=9, start_player=1, variant=variant)
    play_turns_until(s, lambda s: seat_of(s, s.current) == players - 1 and s.turn >= players)
    leave_one_card(s)
    return s


def set_score(s, player: int, points: int, branch_tiles: int) -> None:
    p = s.players[player]
    p.points = {"other": points} if points else {}
    p.score = points
    p.branch_tiles = branch_tiles


def end_with(s, scores: list[int], tiles: list[int]) -> list[int]:
    """Give everyone these scores and branch tiles, play the last turn (branch tiles only), return the winners."""
    last = s.current
    for p, (pts, bt) in enumerate(zip(scores, tiles)):
        set_score(s, p, pts, bt - (s.actions_left if p == last else 0))  # the last turn takes tiles
    events = finish_turn(s)
    assert s.over
    assert [p.score for p in s.players] == scores and [p.branch_tiles for p in s.players] == tiles
    over = [e for e in events if isinstance(e, GameOver)]
    assert len(over) == 1 and list(over[0].winners) == winners(s)
    return winners(s)


def test_winner_most_points_wins_whatever_the_branch_tiles():
    s = final_turn()
    assert end_with(s, scores=[20, 31, 30], tiles=[9, 4, 12]) == [1]
    assert ranking(s) == [1, 2, 0]


def test_winner_tie_on_points_goes_to_most_branch_tiles():
    """"If there is a tie, then the tied player with the most Branch tiles wins"; untied players don't count."""
    s = final_turn()
    assert end_with(s, scores=[25, 25, 24], tiles=[5, 7, 30]) == [1]
    assert ranking(s) == [1, 0, 2]
    s = final_turn()
    assert end_with(s, scores=[25, 25, 24], tiles=[8, 7, 30]) == [0]


def test_winner_tie_on_points_and_branch_tiles_is_a_shared_win():
    """"If there is still a tie, the tied players rejoice in their shared victory.\""""
    s = final_turn(players=4)
    assert end_with(s, scores=[25, 25, 24, 25], tiles=[6, 6, 9, 5]) == [0, 1]


def test_classic_winner_equal_points_share_the_win_whatever_the_branch_tiles():
    """First edition: most points wins and equal points share the win; it has no tie-break."""
    s = final_turn(players=3, variant="classic")
    assert end_with(s, scores=[25, 25, 24], tiles=[5, 9, 30]) == [0, 1]
    s = final_turn(players=3, variant="classic")
    assert end_with(s, scores=[25, 26, 24], tiles=[9, 5, 30]) == [1]


# ---- the passenger --------------------------------------------------------------------------------

def at_turn_end(s, passenger: str) -> list:
    """Put the passenger at ``passenger`` and let the active player end the turn with branch tiles."""
    s.passenger = st(passenger)
    player, turn = s.current, s.turn
    events = []
    while s.phase == "actions" and (s.current, s.turn) == (player, turn):
        events += apply(s, TakeBranch())
    return events


def test_route_options_sorted_by_destination_name_then_line_number():
    """Ties are offered as (destination, lines) outcomes sorted by destination name, then by line numbers."""
    s = make_game(players=2, first=("Mile End", "Leytonstone", "Kew Gardens", "Ruislip"))
    lay(s, "red", "Stratford", "Mile End")  # line 0
    lay(s, "orange", "Stratford", "Leytonstone")  # line 2
    lay(s, "blue", "Stratford", "Leytonstone")  # line 1 (placed after orange: the order placed is not the order)
    events = at_turn_end(s, "Stratford")
    assert any(isinstance(e, RouteChoiceNeeded) for e in events)
    assert [(BOARD.stations[o.destination].name, o.lines) for o in s.options] == [
        ("Leytonstone", [line_of(s, "blue")]), ("Leytonstone", [line_of(s, "orange")]),
        ("Mile End", [line_of(s, "red")])]
    assert [line_of(s, c) for c in ("red", "blue", "orange")] == [0, 1, 2]
    assert legal_actions(s) == [ChooseRoute(0), ChooseRoute(1), ChooseRoute(2)], "one action per outcome"


def test_route_fewest_empty_spaces_before_fewest_lines():
    """The passenger rides two lines with no empty space rather than walk one empty space with no line."""
    s = make_game(players=2, first=("Great Portland Street", "Mile End", "Kew Gardens", "Ruislip"))
    lay(s, "red", "Euston", "King's Cross St. Pancras", "Moorgate", "Liverpool Street")
    lay(s, "blue", "Liverpool Street", "Mile End")
    events = at_turn_end(s, "Euston")  # Great Portland Street is one empty space away
    assert passenger_moves(events) == ["Mile End"]
    moved = next(e for e in events if isinstance(e, PassengerMoved))
    assert sorted(moved.lines) == sorted([line_of(s, "red"), line_of(s, "blue")])
    assert all(line >= 0 for _, _, line in moved.hops), "no empty space walked"


def test_route_express_before_standard():
    """"The Passenger will first move to one Express station and then move again, to one Standard station",
    even when a standard destination is next door."""
    s = make_game(players=2, first=("Great Portland Street", "Hainault", "Newbury Park", "Kew Gardens"))
    events = at_turn_end(s, "Euston")
    assert passenger_moves(events) == ["Hainault", "Newbury Park"]
    assert s.passenger == st("Newbury Park")
    assert st("Great Portland Street") in s.face_up


def test_route_only_express_or_only_standard_is_one_move():
    s = make_game(players=2, first=("Hainault", "Oxford Circus", "Putney", "Greenwich"))
    assert passenger_moves(at_turn_end(s, "Euston")) == ["Oxford Circus"]
    s = make_game(players=2, first=("Newbury Park", "Great Portland Street", "Ruislip", "Kew Gardens"))
    assert passenger_moves(at_turn_end(s, "Euston")) == ["Great Portland Street"]


def test_routes_through_different_stations_with_the_same_lines_are_one_outcome():
    """Leicester Square to Oxford Circus walks via Piccadilly Circus or Tottenham Court Road: one outcome, no question."""
    s = make_game(players=2, first=("Oxford Circus", "Hounslow", "Putney", "Greenwich"))
    events = at_turn_end(s, "Leicester Square")
    assert not any(isinstance(e, RouteChoiceNeeded) for e in events)
    assert passenger_moves(events) == ["Oxford Circus"]


def test_passenger_one_point_per_line_ridden_whatever_its_length_or_owner():
    """"For each line that the Passenger uses to travel, the player owning that line scores 1 point": two lines
    of one player score 2 for that player; four tokens of one line score 1."""
    s = make_game(players=2, first=("Leytonstone", "Kew Gardens", "Ruislip", "Pimlico"))
    lay(s, "red", "Euston", "King's Cross St. Pancras", "Moorgate", "Liverpool Street", "Mile End")
    lay(s, "blue", "Mile End", "Stratford", "Leytonstone")
    events = at_turn_end(s, "Euston")
    assert passenger_moves(events) == ["Leytonstone"]
    rides = [e for e in events if isinstance(e, Scored) and e.category == "passenger"]
    assert sorted(e.line for e in rides) == sorted([line_of(s, "red"), line_of(s, "blue")])
    assert all(e.points == 1 and e.player == 0 for e in rides)
    assert s.players[0].points["passenger"] == 2
    assert "passenger" not in s.players[1].points


def test_passenger_walking_scores_nobody():
    s = make_game(players=2, first=("Great Portland Street", "Kew Gardens", "Ruislip", "Pimlico"))
    at_turn_end(s, "Euston")
    assert all("passenger" not in p.points for p in s.players)


# ---- loops ----------------------------------------------------------------------------------------

# A red loop of 13 tokens around the middle of the board; like the loop in the rulebook's
# "Scoring a loop" picture it encloses 8 stations.
LOOP = ["Bank", "London Bridge", "Borough", "Elephant & Castle", "Stockwell", "Vauxhall", "Pimlico", "Victoria",
        "Green Park", "Oxford Circus", "Euston", "King's Cross St. Pancras", "Moorgate", "Bank"]
INSIDE = {"Blackfriars", "Charing Cross", "Holborn", "Leicester Square", "Piccadilly Circus",
          "Tottenham Court Road", "Waterloo", "Westminster"}


def test_example_scoring_a_loop_eight_stations():
    """"The player controlling the red line created a loop and scores 1 point for each station inside the loop,
    i.e., 8 points total." The closing token is a real action."""
    s = make_game(players=2)
    lay(s, "red", *LOOP[:-1])
    before = s.players[0].points.get("loops", 0)
    events = apply(s, place("red", LOOP[-2], LOOP[-1], s))
    loops = [e for e in events if isinstance(e, Scored) and e.category == "loops"]
    assert len(loops) == 1 and loops[0].points == 8
    assert set(names(loops[0].stations)) == INSIDE
    assert s.players[0].points["loops"] - before == 8


def test_loop_stations_connected_by_the_line_are_not_counted():
    """"Stations that are connected by the line forming the loop are not counted", also a station the line
    reached by a branch inside the loop before closing it."""
    s = make_game(players=2)
    lay(s, "red", *LOOP[:-1])
    s.players[0].branch_tiles = 2
    lay(s, "red", "Green Park", "Piccadilly Circus")  # a branch into what will be the loop's inside
    events = apply(s, place("red", LOOP[-2], LOOP[-1], s))
    loops = [e for e in events if isinstance(e, Scored) and e.category == "loops"]
    assert len(loops) == 1 and set(names(loops[0].stations)) == INSIDE - {"Piccadilly Circus"}
    assert loops[0].points == 7


def test_connection_tiles_scored_event_names_the_line_and_both_stations():
    s = make_game(players=2)  # Victoria and King's Cross St. Pancras carry "shops"
    lay(s, "red", "Victoria", "Green Park", "Oxford Circus", "Euston")
    s.actions_left = 4
    events = apply(s, place("red", "Euston", "King's Cross St. Pancras", s))
    pairs = [e for e in events if isinstance(e, Scored) and e.category == "connections"]
    assert [(e.player, e.line, e.points, set(names(e.stations))) for e in pairs] == [
        (0, line_of(s, "red"), 3, {"Victoria", "King's Cross St. Pancras"})]


def test_loop_divided_later_scores_nothing_again():
    """"Stations inside loops may generate points for each line once, even if a loop is subsequently divided into
    smaller loops": a branch across the loop (Green Park to Bank through the middle) makes two loops, 0 points."""
    s = make_game(players=2)
    lay(s, "red", *LOOP)
    assert s.players[0].points["loops"] == 8
    s.players[0].branch_tiles = 2
    s.actions_left = 4
    ev = apply(s, place("red", "Green Park", "Piccadilly Circus", s))  # branches off the closed loop
    assert ev[0].branch_tiles_spent == 2
    ev += apply(s, place("red", "Piccadilly Circus", "Leicester Square", s))
    ev += apply(s, place("red", "Leicester Square", "Holborn", s))
    ev += apply(s, place("red", "Holborn", "Bank", s))  # closes two smaller loops inside the big one
    assert [e for e in ev if isinstance(e, Scored) and e.category == "loops"] == []
    assert s.players[0].points["loops"] == 8


def test_loop_closed_by_a_token_that_is_not_at_an_end_costs_two_branch_tiles():
    """A closed loop has no ends: the next token of that line needs two branch tiles."""
    s = make_game(players=2)
    lay(s, "red", *LOOP)
    red = line_of(s, "red")
    assert s.ends(red) == []
    s.players[0].branch_tiles = 1
    s.actions_left = 4
    with pytest.raises(Exception, match="no branch tiles"):
        apply(s, place("red", "Green Park", "Piccadilly Circus", s))
    assert s.tokens[conn("Green Park", "Piccadilly Circus")] == []
    assert isinstance(place("red", "Green Park", "Piccadilly Circus", s), PlaceTrack)


def test_a_connection_from_an_end_to_the_middle_of_the_line_is_offered_once_and_free():
    """Touching an end is enough, even when the other station is in the middle of the line: no tiles spent,
    and the placement is not offered a second time as a branch."""
    s = make_game(players=2)
    lay(s, "red", "Green Park", "Bond Street", "Oxford Circus", "Piccadilly Circus")
    s.players[0].branch_tiles = 2
    red, c = line_of(s, "red"), conn("Green Park", "Oxford Circus")
    from game.engine.rules import legal_placements
    offered = [x for x in legal_placements(s) if x[:2] == (red, c)]
    assert offered == [(red, c, 0)]
    assert len(set(legal_placements(s))) == len(legal_placements(s))
    ev = apply(s, PlaceTrack(red, c))
    assert ev[0].branch_tiles_spent == 0 and s.players[0].branch_tiles == 2


# ---- turn flow --------------------------------------------------------------------------------------

def test_turn_passes_in_seat_order_and_later_turns_have_four_actions():
    s = new_game("london", 4, seed=2, start_player=2)
    seen = []
    for _ in range(8):
        assert not s.over
        seen.append((s.current, s.actions_left))
        events = finish_turn(s)
        assert [e for e in events if isinstance(e, TurnStarted)][-1].player == s.current
    assert seen == [(2, 3), (3, 4), (0, 4), (1, 5), (2, 4), (3, 4), (0, 4), (1, 4)]


# ---- refusals ---------------------------------------------------------------------------------------

def test_a_line_or_connection_that_does_not_exist_is_refused():
    s = make_game(players=2)
    with pytest.raises(IllegalAction, match="there is no line 8"):
        apply(s, PlaceTrack(len(s.lines), 0))
    with pytest.raises(IllegalAction, match=f"there is no connection {len(BOARD.connections)}"):
        apply(s, PlaceTrack(0, len(BOARD.connections)))


def test_classic_on_a_board_without_a_first_edition_names_the_boards_that_have_one():
    with pytest.raises(SetupError, match="maps with a first edition: 'london'"):
        new_game("tests/maps/tiny_valid.toml", 2, variant="classic")


def test_a_route_option_that_does_not_exist_is_refused():
    s = make_game(players=2, first=("Mile End", "Leytonstone", "Kew Gardens", "Ruislip"))
    lay(s, "red", "Stratford", "Mile End")
    lay(s, "blue", "Stratford", "Leytonstone")
    at_turn_end(s, "Stratford")
    assert s.phase == "route" and len(s.options) == 2
    with pytest.raises(IllegalAction, match="route option 2 does not exist"):
        apply(s, ChooseRoute(2))
    with pytest.raises(IllegalAction, match="choose the passenger's route first"):
        apply(s, TakeBranch())


# ---- set-up: "2-5 players", one seeded generator for everything random ------------------------------

def test_new_game_defaults_two_players_on_london_from_seed_0():
    s = new_game()
    assert (s.setup.map, len(s.players), s.setup.seed) == ("london", 2, 0)
    assert [p.name for p in s.players] == ["Player 1", "Player 2"]
    assert s.setup == new_game("london", 2, seed=0).setup


def test_the_seed_decides_everything_random_and_is_recorded():
    a, b, c = new_game("london", 3, seed=41), new_game("london", 3, seed=41), new_game("london", 3, seed=42)
    assert a.setup == b.setup and a.setup.seed == 41
    assert (a.setup.deck, a.setup.connection_tiles) != (c.setup.deck, c.setup.connection_tiles)


def test_players_by_name_and_a_deck_by_station_names():
    deck = [BOARD.stations[x].name for x in new_game("london", 2, seed=3).setup.deck]
    s = new_game("london", ["Ann", "Ben", "Cy"], seed=3, deck=deck)
    assert [p.name for p in s.players] == ["Ann", "Ben", "Cy"]
    assert names(s.setup.deck) == deck and names(s.face_up) == deck[:4]


@pytest.mark.parametrize("players", [[], ["Solo"], [f"P{i}" for i in range(6)]])
def test_fewer_than_two_or_more_than_five_players_is_refused(players):
    lines = [["red"]] * len(players)
    with pytest.raises(SetupError, match="2 to 5"):
        new_game("london", players, seed=1, lines=lines if players else None)


def test_a_start_player_who_is_not_at_the_table_is_refused():
    with pytest.raises(SetupError, match="setup.start_player: 2 is not a seat"):
        new_game("london", 2, seed=1, start_player=2)


def test_unknown_colours_and_unequal_tokens_are_refused_with_each_players_total():
    with pytest.raises(SetupError, match="unknown colour 'gold'"):
        new_game("london", 2, seed=1, lines=[["red", "blue", "orange", "gold"], ["black", "yellow", "pink", "brown"]])
    with pytest.raises(SetupError, match=r"\(red\+blue\+orange\+green = 70, none = 0\)"):
        new_game("london", 2, seed=1, lines=[["red", "blue", "orange", "green"], []])


def test_a_deck_that_is_not_the_boards_is_refused_saying_why():
    s = new_game("london", 2, seed=1)
    deck = list(s.setup.deck)
    with pytest.raises(SetupError, match=r"destination cards \(station numbers out of range: \[999\]\); give every"):
        new_game("london", 2, seed=1, deck=deck[:-1] + [999])
    with pytest.raises(SetupError, match="deck of 55 destination cards .*; give every card exactly once") as err:
        new_game("london", 2, seed=1, deck=deck[:-1] + deck[:1])
    off = {deck[0]: f"{BOARD.stations[deck[0]].name} 2 time(s), the deck has 1",
           deck[-1]: f"{BOARD.stations[deck[-1]].name} 0 time(s), the deck has 1"}
    assert f"({'; '.join(off[x] for x in sorted(off))})" in str(err.value), "names both cards, by station number"


def test_classic_setup_on_the_second_edition_board_is_refused_naming_the_first_editions():
    import msgspec

    from game.engine import start
    setup = msgspec.structs.replace(new_game("london", 2, seed=1).setup, variant="classic")
    with pytest.raises(SetupError, match="setup.map: 'london' with variant 'classic'.*use map 'london-2006'"):
        start(setup)


def test_classic_start_scores_follow_turn_order_from_the_start_player():
    """First edition: "the start player ... on zero, the others clockwise on one, two, three and four"."""
    s = new_game("london", 4, seed=3, start_player=1, variant="classic")
    assert [p.score for p in s.players] == [3, 0, 1, 2]
    assert [p.points.get("start", 0) for p in s.players] == [3, 0, 1, 2]


def test_london_connection_tiles_must_be_two_of_each_symbol():
    with pytest.raises(SetupError, match=r"\(2 each of restaurants, monuments, shops, parks\)"):
        new_game("london", 2, seed=1, connection_tiles=["parks"] * 8)
