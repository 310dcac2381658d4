"""The classic variant: the first edition's (2006) rules on the first edition's London board."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from game.ai import RandomBot, make_bot
from game.engine import SetupError, apply, can_undo, load_board, new_game, ranking, record, start, winners
from game.engine.actions import TakeBranch, Undo
from game.engine.events import EndTriggered, PassengerLeft, PassengerMoved, Scored
from game.engine.passenger import route_options
from game.engine.rules import classic_map, legal_actions, rank_key, rules_of
from game.engine.state import FIRST_EDITION_MAPS, NO_PASSENGER, Setup

from invariants import check_invariants

NEW = load_board("london")  # 2nd edition
OLD = load_board("london-2006")  # first edition

MADE_DOUBLE = [("Paddington", "Shepherd's Bush"), ("Shepherd's Bush", "Goldhawk Road"),
               ("Goldhawk Road", "Hammersmith"), ("Waterloo", "Borough"), ("London Bridge", "Bank"),
               ("Stratford", "West Ham"), ("West Ham", "Canning Town")]


def cli(*args):
    return subprocess.run([sys.executable, "-m", "game.cli", *args], capture_output=True, text=True, timeout=300)


def spaces(board, a, b):
    return board.connections[board.connection(a, b)].spaces


# ---- the board ---------------------------------------------------------------------------------


@pytest.mark.parametrize("a,b", MADE_DOUBLE)
def test_the_seven_connections_the_second_edition_doubled_are_single(a, b):
    assert spaces(OLD, a, b) == 1 and spaces(NEW, a, b) == 2


def test_borough_london_bridge_is_double_not_triple():
    assert spaces(OLD, "Borough", "London Bridge") == 2 and spaces(NEW, "Borough", "London Bridge") == 3


def test_new_cross_and_aldgate_canada_water_are_on_the_first_edition_board_only():
    nc = OLD.station("New Cross")
    assert OLD.stations[nc].kinds == frozenset({"terminus"})
    assert [OLD.conn_name(c) for c in OLD.station_conns[nc]] == ["Canada Water - New Cross"]
    assert spaces(OLD, "New Cross", "Canada Water") == 1
    assert spaces(OLD, "Aldgate", "Canada Water") == 1
    with pytest.raises(KeyError):
        NEW.station("New Cross")
    with pytest.raises(KeyError):
        NEW.connection("Aldgate", "Canada Water")


def test_everything_else_is_the_second_edition_board():
    changed = {frozenset(p) for p in MADE_DOUBLE + [("Borough", "London Bridge")]}
    added = {frozenset(("Aldgate", "Canada Water")), frozenset(("Canada Water", "New Cross"))}
    old = {frozenset((OLD.stations[c.a].name, OLD.stations[c.b].name)): c.spaces for c in OLD.connections}
    new = {frozenset((NEW.stations[c.a].name, NEW.stations[c.b].name)): c.spaces for c in NEW.connections}
    assert set(old) - set(new) == added and set(new) <= set(old)
    assert {p for p in new if old[p] != new[p]} == changed
    assert {s.name for s in OLD.stations} - {s.name for s in NEW.stations} == {"New Cross"}
    # Aldgate and Limehouse stand a little elsewhere on the first edition's board only, and New Cross a little
    # left of Canada Water: its Aldgate - Canada Water and Canada Water - New Cross had taken the room of Aldgate's,
    # Limehouse's and Canada Water's names (issue 22 item 1; MOVED in tools/make_london_2006_map.py)
    moved = {"Aldgate": (5, 10), "Limehouse": (5, -5)}
    for s in NEW.stations:
        o = OLD.stations[OLD.station(s.name)]
        dx, dy = moved.get(s.name, (0, 0))
        assert (o.x, o.y, o.kinds) == (s.x + dx, s.y + dy, s.kinds)
    nc = OLD.stations[OLD.station("New Cross")]
    at = {s.name: s for s in NEW.stations}
    assert (nc.x, nc.y) == (at["Canada Water"].x - 10, at["Greenwich"].y)
    assert all((s.x, s.y) != (nc.x, nc.y) for s in NEW.stations), "New Cross must not sit on another station"


def test_the_deck_is_the_same_55_cards():
    names = lambda b, cards: sorted(b.stations[c].name for c in cards)  # noqa: E731
    assert len(OLD.express_cards) == 22 and len(OLD.standard_cards) == 33
    assert names(OLD, OLD.express_cards) == names(NEW, NEW.express_cards)
    assert names(OLD, OLD.standard_cards) == names(NEW, NEW.standard_cards)
    assert OLD.stations[OLD.start].name == "Euston"


# ---- choosing the variant ------------------------------------------------------------------------


def test_classic_on_london_plays_the_first_edition_board():
    s = new_game("london", 3, seed=2, variant="classic")
    assert s.setup.map == "london-2006" and s.setup.variant == "classic"
    assert len(s.tokens) == len(OLD.connections)
    assert new_game("london-2006", 3, seed=2, variant="classic").setup == s.setup
    assert new_game("london", 3, seed=2).setup.map == "london"
    assert classic_map("london") == FIRST_EDITION_MAPS["london"] == "london-2006"


def test_classic_on_a_map_without_a_first_edition_is_refused():
    with pytest.raises(SetupError, match="map 'berlin' has none"):
        new_game("berlin", 2, variant="classic")
    with pytest.raises(SetupError, match="variant 'rapid'"):
        new_game("london", 2, variant="rapid")


def test_a_pinned_classic_setup_on_the_second_edition_board_is_refused():
    good = new_game("london", 2, seed=4, variant="classic").setup
    bad = Setup(**{f: getattr(good, f) for f in good.__struct_fields__ if f != "map"}, map="london")
    with pytest.raises(SetupError, match=r"setup.map: 'london' with variant 'classic'.*use map 'london-2006'"):
        start(bad)


# ---- first-edition rules ------------------------------------------------------------------------


@pytest.mark.parametrize("players,first", [(2, 1), (3, 2), (5, 3)])
def test_starting_scores_count_up_from_the_start_player(players, first):
    s = new_game("london", players, seed=1, start_player=first, variant="classic")
    in_turn_order = [s.players[(first + k) % players] for k in range(players)]
    assert [p.score for p in in_turn_order] == list(range(players))
    assert all(p.points.get("start", 0) == p.score for p in s.players)
    assert all(p.score == 0 for p in new_game("london", players, seed=1, start_player=first).players)


def test_every_turn_has_four_actions_even_the_first():
    s = new_game("london", 2, seed=5, start_player=1, variant="classic")
    seen = []
    while len(seen) < 4:
        seen.append((s.current, s.actions_left))
        turn = s.turn
        while s.turn == turn:
            apply(s, TakeBranch() if s.phase == "actions" else legal_actions(s)[0])
    assert seen == [(1, 4), (0, 4), (1, 4), (0, 4)]


def play_until_deck_out(seed: int, players: int, variant: str):
    """A random game up to the action that empties the deck; returns (state, that action's events)."""
    s = new_game("london", players, seed=seed, variant=variant)
    bot = RandomBot(seed)
    while True:
        had = len(s.deck)
        events = apply(s, bot.choose(s))
        check_invariants(s)
        if had and not s.deck:
            return s, bot, events


@pytest.mark.parametrize("seed,players", [(1, 2), (7, 4), (12, 5)])
def test_when_the_deck_runs_out_the_passenger_and_destinations_leave(seed, players):
    s, bot, events = play_until_deck_out(seed, players, "classic")
    left = [e for e in events if isinstance(e, PassengerLeft)]
    assert len(left) == 1 and any(isinstance(e, EndTriggered) for e in events)
    assert 0 <= left[0].station < len(OLD.stations)
    assert s.passenger == NO_PASSENGER and s.face_up == [] and sorted(s.discard) == sorted(s.setup.deck)
    assert rules_of(s).passenger_moves(s, OLD) == []
    assert route_options(s, OLD, "any") == []
    turns_at_deck_out = s.turn
    passenger_points = sum(p.points.get("passenger", 0) for p in s.players)
    while not s.over:
        events = apply(s, bot.choose(s))
        check_invariants(s)
        assert not any(isinstance(e, PassengerMoved) for e in events)
        assert s.phase != "route"
    assert sum(p.points.get("passenger", 0) for p in s.players) == passenger_points
    # the round is finished: everyone had the same number of turns
    assert (s.turn + 1) % players == 0 and s.turn - turns_at_deck_out < players
    assert s.passenger == NO_PASSENGER


def test_in_the_standard_game_the_passenger_stays_after_the_deck_runs_out():
    s, bot, events = play_until_deck_out(1, 2, "standard")
    assert s.passenger >= 0 and s.face_up and not any(isinstance(e, PassengerLeft) for e in events)


def test_undo_after_the_deck_ran_out_keeps_the_passenger_off_the_board():
    s, bot, _ = play_until_deck_out(7, 4, "classic")
    if s.over:
        pytest.skip("the deck ran out in the last player's turn")
    apply(s, TakeBranch())
    assert can_undo(s)
    apply(s, Undo())
    assert s.passenger == NO_PASSENGER and s.face_up == []
    check_invariants(s)


@pytest.mark.parametrize("level", ["random", "easy", "normal", "hard"])
def test_bots_play_on_after_the_passenger_left(level):
    s, _, _ = play_until_deck_out(12, 5, "classic")
    bot = make_bot(level, 3)
    while not s.over:
        apply(s, bot.choose(s))
    assert s.passenger == NO_PASSENGER and winners(s)


def test_ties_are_shared_in_classic_but_broken_by_branch_tiles_otherwise():
    def tied(variant):
        s = new_game("london", 3, seed=8, start_player=0, variant=variant)
        for p, (score, tiles) in zip(s.players, [(30, 1), (30, 4), (25, 9)]):
            p.score, p.branch_tiles = score, tiles
        return s

    classic, standard = tied("classic"), tied("standard")
    assert winners(classic) == [0, 1] and ranking(classic) == [0, 1, 2]
    assert rank_key(classic, 0) == rank_key(classic, 1) == (30,)
    assert winners(standard) == [1] and ranking(standard) == [1, 0, 2]
    assert rank_key(standard, 1) == (30, 4)


def test_a_whole_classic_game_ends_with_shared_ties_by_points_only():
    s = new_game("london", 4, seed=21, variant="classic")
    bot = RandomBot(21)
    while not s.over:
        apply(s, bot.choose(s))
    best = max(p.score for p in s.players)
    assert winners(s) == [i for i, p in enumerate(s.players) if p.score == best]


# ---- records and the command line ---------------------------------------------------------------


def finished_classic(seed=6, players=3):
    s = new_game("london", players, seed=seed, variant="classic")
    bot = RandomBot(seed)
    while not s.over:
        apply(s, bot.choose(s))
    return s


def test_classic_record_replays_and_replay_cli_says_the_passenger_left(tmp_path):
    s = finished_classic()
    path = tmp_path / "classic.json"
    record.save(s, path)
    doc = json.loads(path.read_text())
    assert doc["map"] == doc["setup"]["map"] == "london-2006" and doc["setup"]["variant"] == "classic"
    again = record.load_state(path)
    assert again.players == s.players and again.passenger == NO_PASSENGER and again.over
    r = cli("replay", str(path), "--json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["passenger"] is None and out["face_up"] == [] and out["winners"] == winners(s)
    r = cli("replay", str(path))
    assert r.returncode == 0 and "passenger: off the board" in r.stdout


def test_simulate_variant_classic_random_and_bots():
    r = cli("simulate", "--variant", "classic", "--games", "2", "--players", "3", "--json")
    assert r.returncode == 0, r.stderr
    games = json.loads(r.stdout)["games"]
    assert len(games) == 2 and all(g["finished"] for g in games)
    r = cli("simulate", "--variant", "classic", "--games", "1", "--bots", "random,easy", "--json")
    assert r.returncode == 0, r.stderr
    g = json.loads(r.stdout)["games"][0]
    assert g["variant"] == "classic" and g["map"] == "london-2006" and g["finished"]


def test_simulate_classic_uses_the_same_games_as_the_engine():
    from game.cli import run_random_games

    out = run_random_games("london", 2, 2, seed=4, variant="classic")
    for g, game in enumerate(out["games"]):
        s = new_game("london", 2, seed=4 + g, variant="classic")
        bots = [RandomBot(4 * 7919 + g * 31 + i) for i in range(2)]
        while not s.over:
            apply(s, bots[s.current].choose(s))
        assert game["scores"] == [p.score for p in s.players] and game["winners"] == winners(s)
        assert s.setup.map == "london-2006"


def test_simulate_classic_on_a_map_without_a_first_edition_is_a_clear_error(tmp_path):
    r = cli("simulate", "--variant", "classic", "--map", "tests/maps/tiny_valid.toml", "--games", "1")
    assert r.returncode == 1 and "Traceback" not in r.stderr
    assert "--variant classic" in r.stderr and "first edition" in r.stderr
