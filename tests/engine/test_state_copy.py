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
