"""A whole Paris game played from phones: what each phone and a spectator were SENT never holds another seat's
objectives or the deck's order, at any step (every frame is kept and checked)."""
from __future__ import annotations

import asyncio
import json
import random

import msgspec

from game.engine import new_game
from game.engine.log_words import FINAL, log_of
from game.engine.record import from_state, replay
from game.companion.views import REVEAL_TEMPLATE

from .phones import kept_phone, served, spectator


def walk(obj, path=()):
    """Every (path, value) in a decoded JSON frame."""
    yield path, obj
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from walk(v, path + (k,))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield from walk(v, path + (i,))


def leaks(frame: str, seat: int, hands: list[list[int]], future_decks: list[list[int]],
          hidden_lines: set[str]) -> list[str]:
    """What ``frame`` (sent to ``seat``; -1 a spectator) holds that it must not. ``future_decks``: the deck's
    cards still to come, in order, when the frame was made (face-up cards were in it before they were drawn)."""
    found = []
    msg = json.loads(frame)
    own = set(hands[seat]) if seat >= 0 else set()
    for path, value in walk(msg):
        key = path[-1] if path else None
        if key in ("deck", "seed", "setup"):
            found.append(f"{'/'.join(map(str, path))}: a {key} field")
        if key == "objectives" and isinstance(value, list):
            cards = {o["card"] if isinstance(o, dict) else o for o in value if not isinstance(o, list)}
            cards |= {c for o in value if isinstance(o, list) for c in o}
            if cards - own:
                found.append(f"{'/'.join(map(str, path))}: objective cards {sorted(cards - own)} of another seat")
        if isinstance(value, list) and len(value) >= 3 and all(isinstance(v, int) for v in value):
            for deck in future_decks:
                for i in range(len(deck) - len(value) + 1):
                    if deck[i:i + len(value)] == value:
                        found.append(f"{'/'.join(map(str, path))}: {value} is the deck's order")
                        break
        if isinstance(value, str) and value in hidden_lines:
            found.append(f"{'/'.join(map(str, path))}: another seat's objective reveal {value!r}")
    return found


def test_the_leak_finder_finds_leaks():
    """The check below can fail: the whole position (as the table holds it) leaks, a public view does not."""
    from game.companion.views import secret_free

    st = new_game("paris", 3, seed=5)
    hands = st.setup.objectives
    whole = json.dumps({"type": "state", "x": msgspec.to_builtins(st)})
    found = leaks(whole, 0, hands, [list(st.deck)], set())
    assert any("objective cards" in f for f in found) and any("deck" in f for f in found)
    other = json.dumps({"objectives": [{"card": hands[1][0]}]})
    assert leaks(other, 0, hands, [], set()) and leaks(other, -1, hands, [], set())
    assert leaks(json.dumps({"face_up": st.deck[:4]}), 0, hands, [list(st.deck)], set())
    mine = json.dumps({"objectives": [{"card": c} for c in hands[0]]})
    assert not leaks(mine, 0, hands, [], set())
    view = secret_free(st, 1)
    assert view.setup.objectives[0] == [] and view.setup.objectives[1] == hands[1]
    assert all(h == [] for h in secret_free(st, -1).setup.objectives)


async def _whole_game(seed: int):
    state = new_game("paris", 3, seed=seed)
    hands = [list(h) for h in state.setup.objectives]
    rng = random.Random(seed)
    # three phones play a whole game as fast as the machine goes, far above a person's pace: the rate limit (its
    # own test in test_hostile.py) is raised so that it never answers instead of the table on a fast machine
    async with served(state, remote=[True, True, True], rate=10_000.0, burst=10_000) as (table, session):
        decks = {table.version: list(state.deck)}  # the deck still to come, by version
        phones = [await kept_phone(session, table, k) for k in range(3)]
        watcher = await spectator(session, table)
        turns_noticed = 0
        undos = 0
        while not state.over:
            seat = state.pending[0].player if state.phase in ("reward", "complete_set") and state.pending \
                else state.current
            phone = phones[seat]
            st = await phone.state(table.version)
            assert st["version"] == table.version and st["actor"] == seat
            legal = st["legal"]
            assert legal, "the seat to act was sent its legal actions"
            if st["can_undo"] and rng.random() < 0.05:
                choice = {"type": "undo"}
                undos += 1
            else:
                choice = rng.choice(legal)
            before = table.applied
            await phone.send({"type": "act", "version": st["version"], "action": choice})
            while table.applied == before:
                table.step()
                await asyncio.sleep(0.001)
                assert phone.parsed[-1]["type"] != "error", phone.parsed[-1]
            decks[table.version] = list(state.deck)
        for p in phones + [watcher]:
            await p.state(table.version)
        turns_noticed = sum(len(p.messages("turn")) for p in phones)
        hidden = {}
        for e in log_of(state):
            if e.kind == FINAL and getattr(e.text, "template", None) == REVEAL_TEMPLATE:
                hidden.setdefault(e.player, set()).add(str(e.text))
        for k, p in enumerate(phones + [watcher]):
            seat = k if k < 3 else -1
            others = set().union(*(v for pl, v in hidden.items() if pl != seat))
            for frame, stamp in zip(p.frames, p.stamps):
                made = json.loads(frame).get("version", stamp)  # a state says its version
                found = leaks(frame, seat, hands, [decks[made], decks[stamp]], others)
                assert not found, (seat, found)
        for k, p in enumerate(phones):  # each seat did see its own hand
            assert {o["card"] for o in p.last("state")["objectives"]} == set(hands[k])
        assert watcher.last("state")["objectives"] == []
        await asyncio.gather(*(p.close() for p in phones + [watcher]))
        return state, turns_noticed, undos, sum(len(p.frames) for p in phones + [watcher])


def test_a_whole_paris_game_from_phones_sends_no_secret():
    state, noticed, undos, frames = asyncio.run(_whole_game(11))
    assert state.over and state.phase == "over"
    assert noticed >= state.turn  # every seat was told when its turn began
    assert frames > 100
    # the game the phones played is a record like any other: it replays to the same position
    again = replay(from_state(state))
    assert msgspec.msgpack.encode(again) == msgspec.msgpack.encode(state)
