"""The messages between the table and a phone: what decodes, what each refusal says, what a state holds."""
from __future__ import annotations

import json

import msgspec
import pytest

from game.companion.protocol import Act, BadMessage, Hello, Ping, TableState, decode, encode
from game.companion.views import SPECTATOR, table_state
from game.companion.words import ERROR_WORDS, error_text
from game.engine import ChooseReward, PlaceTrack, TakeBranch, Undo, legal_actions, new_game


def test_a_phones_messages_decode_to_the_engines_actions():
    assert decode('{"type": "hello", "token": "abc"}') == Hello("abc")
    assert decode('{"type": "ping"}') == Ping()
    act = decode('{"type": "act", "version": 3, "action": {"type": "place", "line": 2, "connection": 17}}')
    assert act == Act(3, PlaceTrack(2, 17))
    for action in (TakeBranch(), Undo(), ChooseReward("tiles")):
        wire = json.dumps({"type": "act", "version": 1, "action": msgspec.to_builtins(action)})
        assert decode(wire).action == action  # what the page sends back is what legal_actions said


@pytest.mark.parametrize("data, code", [
    ("{", "bad_json"), ("", "bad_json"), ("\x00", "bad_json"), ("null", "bad_message"), ("[]", "bad_message"),
    ('{"kind": "hello"}', "bad_message"), ('{"type": 7}', "unknown_type"), ('{"type": "HELLO"}', "unknown_type"),
    ('{"type": "hello"}', "bad_message"), ('{"type": "hello", "token": 5}', "bad_message"),
    ('{"type": "act", "version": "1", "action": {"type": "branch"}}', "bad_message"),
    ('{"type": "act", "version": 1, "action": {"type": "place", "line": 1}}', "bad_message"),
    ('{"type": "act", "version": 1, "action": {"type": "branch", "free": true}}', "bad_message"),
    ('{"type": "ping", "extra": 1}', "bad_message"),
])
def test_anything_else_is_a_bad_message_with_its_code(data, code):
    with pytest.raises(BadMessage) as exc:
        decode(data)
    assert exc.value.code == code and str(exc.value)


def test_every_error_code_has_words_in_every_language():
    values = dict(why="x", kind="x", size=1, limit=2, rate=3, name="Ada")
    for code in ERROR_WORDS:
        for lang in ("en", "de", "fr"):
            text = error_text(code, lang, **values)
            assert text and "{" not in text, (code, lang, text)


def test_a_state_sends_legal_actions_only_to_the_seat_that_may_act():
    st = new_game("paris", 3, seed=2)
    seat = st.current
    common = dict(phones=["none"] * 3, remote=[True] * 3, log=[])
    mine = table_state(st, seat, 1, may_act=True, **common)
    assert mine.legal == legal_actions(st) and mine.actor == seat
    assert table_state(st, seat, 1, may_act=False, **common).legal == []  # a hand-only seat
    assert table_state(st, (seat + 1) % 3, 1, may_act=True, **common).legal == []  # not its turn
    watcher = table_state(st, SPECTATOR, 1, may_act=True, **common)
    assert watcher.legal == [] and watcher.objectives == []
    back = msgspec.json.decode(encode(mine), type=TableState)
    assert back.objectives == mine.objectives and [o.card for o in back.objectives] == st.setup.objectives[seat]
    assert "deck" not in TableState.__struct_fields__ and "setup" not in TableState.__struct_fields__
