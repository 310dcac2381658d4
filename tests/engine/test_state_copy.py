"""GameState.copy() (look-ahead's copy) is written out field by field for speed; it must stay what a msgpack round
trip gives, and share nothing that can change."""
from __future__ import annotations

import msgspec
import pytest

from game.ai import RandomBot
from game.engine import apply, can_undo, new_game
from game.engine.actions import Undo
from game.engine.state import Choice, GameState, Line, Player, RouteOption, Setup

BOARDS = [("london", "standard"), ("london", "classic"), ("berlin", "standard"), ("newyork", "standard"),
          ("paris", "standard")]


def round_trip(state: GameState) -> GameState:
    return msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=GameState)


def scribble(obj, seen=None) -> int:
    """Change every list and dict reachable from ``obj`` (Structs included); how many were changed."""
    seen = set() if seen is None else seen
    if id(obj) in seen:
        return 0
    seen.add(id(obj))
    n = 0
    if isinstance(obj, msgspec.Struct):
        for f in obj.__struct_fields__:
            n += scribble(getattr(obj, f), seen)
    elif isinstance(obj, list):
        for x in obj:
            n += scribble(x, seen)
        obj.append(-99)
        n += 1
    elif isinstance(obj, dict):
        for x in list(obj.values()):
            n += scribble(x, seen)
        obj[-99] = -99
        n += 1
    return n


@pytest.mark.parametrize("map_name,variant", BOARDS)
def test_copy_equals_a_round_trip_and_shares_nothing_mutable(map_name, variant):
    seen_options = seen_pending = 0
    for seed in range(3):
        state = new_game(map_name, 4, seed=seed, variant=variant)
        bots = [RandomBot(seed * 5 + i) for i in range(4)]
        step = 0
        while not state.over:
            apply(state, bots[state.current].choose(state))
            step += 1
            if step % 3 and not state.options and not state.pending:
                continue
            if step % 11 == 0 and can_undo(state):
                apply(state, Undo())
            seen_options += bool(state.options)
            seen_pending += bool(state.pending)
            before = msgspec.msgpack.encode(state)
            c = state.copy()
            assert c == round_trip(state)
            assert msgspec.msgpack.encode(c) == before
            assert not c.__dict__, "a copy carries no caches"
            assert scribble(c) > 0
            assert msgspec.msgpack.encode(state) == before, "changing the copy changed the original"
    assert seen_options, "the games had a route choice pending in some copied position"
    if map_name == "paris":
        assert seen_pending, "the Paris games had a choice pending in some copied position"


def test_copy_names_every_field():
    """copy() lists the fields by hand: a new field must be added there (this list is the reminder)."""
    assert GameState.__struct_fields__ == (
        "setup", "players", "lines", "tokens", "deck", "face_up", "discard", "passenger", "current", "actions_left",
        "turn", "phase", "moves_left", "options", "end_triggered", "log", "turn_log_start",
        "passenger_moved_this_turn", "landmarks_left", "pending")
    assert Setup.__struct_fields__ == ("map", "players", "lines", "start_player", "deck", "connection_tiles",
                                       "landmark_tiles", "objectives", "seed", "variant")
    assert Player.__struct_fields__ == ("name", "lines", "score", "branch_tiles", "points", "score_history",
                                        "landmarks")
    assert Line.__struct_fields__ == ("colour", "owner", "tokens_left", "conns", "degree", "loop_scored",
                                      "symbols_scored", "plus_stations", "clusters")
    assert RouteOption.__struct_fields__ == ("destination", "lines", "empty", "hops")
    assert Choice.__struct_fields__ == ("kind", "player", "line", "station")


def without_hops_of(state: GameState) -> bytes:
    c = round_trip(state)
    for o in c.options:
        o.hops = []
    return msgspec.msgpack.encode(c)


@pytest.mark.parametrize("map_name,variant", BOARDS)
def test_a_look_ahead_copy_plays_as_the_game_does(map_name, variant):
    """A look-ahead's copy (passenger.share_lookups, passenger.without_hops: what the bots' copy_state makes) plays
    every action as the game does: the same legal actions, events, points and position, but for the hops of its
    passenger's routes, which are left empty (an animation reads them, no bot does)."""
    from game.engine import legal_actions, passenger
    from game.engine.events import PassengerMoved

    def blank(events):
        return [msgspec.structs.replace(e, hops=()) if isinstance(e, PassengerMoved) else e for e in events]

    hops_seen = hops_left = 0
    for seed in range(2):
        state = new_game(map_name, 3, seed=seed + 40, variant=variant)
        bots = [RandomBot(seed * 3 + i) for i in range(3)]
        ahead = None
        step = 0
        while not state.over:
            if step % 7 == 0:  # now and then a fresh copy of the game, or of the look-ahead itself
                src = state if ahead is None or step % 2 else ahead
                ahead = src.copy()
                passenger.share_lookups(src, ahead)
                passenger.without_hops(ahead)
            action = bots[state.current].choose(state)
            assert legal_actions(ahead) == legal_actions(state)
            events, ahead_events = apply(state, action), apply(ahead, action)
            # (a route chosen from options offered before the copy keeps their hops)
            hops_seen += sum(bool(e.hops) for e in events if isinstance(e, PassengerMoved))
            hops_left += sum(not e.hops for e in ahead_events if isinstance(e, PassengerMoved))
            assert blank(ahead_events) == blank(events)
            if step % 7:
                assert all(not o.hops for o in ahead.options)
            assert without_hops_of(ahead) == without_hops_of(state)
            step += 1
    assert hops_seen and hops_left
