"""Hostile and broken phones (loopback only): each gets a clear error, nothing changes, the table is unaffected."""
from __future__ import annotations

import asyncio
import json
import time

import aiohttp
import msgspec
import pytest

from game.companion import hub as srv
from game.companion.network import NetworkError, bind_address
from game.engine import PlaceTrack, apply, legal_actions, new_game
from game.engine.rules import legal_placements

from .test_secrets import leaks
from .phones import Phone, Table, kept_phone, served, spectator, wait_until


def run(coro):
    return asyncio.run(asyncio.wait_for(coro, 60))


class Unchanged:
    """The table's position and action queue before a hostile message, to compare after it."""

    def __init__(self, table: Table):
        self.table = table
        self.position = msgspec.msgpack.encode(table.state)
        self.version = table.version

    def check(self) -> None:
        table = self.table
        assert not table.step(), "a hostile message reached the table"
        assert msgspec.msgpack.encode(table.state) == self.position
        assert table.version == self.version


async def _answered(phone: Phone, payload, code: str, table: Table) -> dict:
    before = Unchanged(table)
    n = len(phone.parsed)
    await phone.send(payload)
    m = await phone.wait_for(lambda m: m.get("type") == "error" and any(x is m for x in phone.parsed[n:]))
    assert m["code"] == code, m
    assert m["text"] and "{" not in m["text"], m  # a sentence, its values filled in
    before.check()
    return m


def test_bad_messages_get_a_clear_error_and_change_nothing():
    async def scenario():
        state = new_game("paris", 3, seed=3)
        first = next(a for a in legal_actions(state) if isinstance(a, PlaceTrack))
        apply(state, first)  # the line has ends now: most connections are not legal for it
        async with served(state, remote=[True, False, False]) as (table, s):
            seat = table.state.current
            table.companion.set_remote(seat, True)
            phone = await kept_phone(s, table, seat)
            other = (seat + 1) % 3
            table.companion.set_remote(other, True)
            out_of_turn = await kept_phone(s, table, other)
            hand = (seat + 2) % 3
            table.companion.set_remote(hand, False)
            hand_only = await kept_phone(s, table, hand)
            watcher = await spectator(s, table)
            st = await phone.state(table.version)
            v = st["version"]
            got = {}
            cases = [
                ("invalid JSON", phone, "{not json", "bad_json"),
                ("JSON that is not an object", phone, "[1, 2, 3]", "bad_message"),
                ("an object without a type", phone, {"token": "x"}, "bad_message"),
                ("unknown message type", phone, {"type": "sudo", "seat": 0}, "unknown_type"),
                ("oversized frame (5 000 bytes)", phone, {"type": "ping", "pad": "x" * 5000}, "too_big"),
                ("act with a malformed action", phone, {"type": "act", "version": v,
                                                       "action": {"type": "place", "line": "red"}}, "bad_message"),
                ("act with an unknown action", phone, {"type": "act", "version": v,
                                                      "action": {"type": "teleport"}}, "bad_message"),
                ("act with extra fields", phone, {"type": "act", "version": v, "seat": 2,
                                                 "action": {"type": "branch"}}, "bad_message"),
                ("a second hello on a joined socket", phone, {"type": "hello", "token": "x" * 32}, "wrong_seat"),
                ("a stale version", phone, {"type": "act", "version": v - 1, "action": {"type": "branch"}}, "stale"),
                ("an illegal placement", phone, {"type": "act", "version": v,
                                                 "action": _illegal_place(table)}, "illegal"),
                ("a connection that does not exist", phone, {"type": "act", "version": v, "action": {
                    "type": "place", "line": _own_line(table, seat), "connection": 10 ** 6}}, "illegal"),
                ("a negative route option", phone, {"type": "act", "version": v,
                                                    "action": {"type": "route", "option": -1}}, "illegal"),
                ("a line of another seat", phone, {"type": "act", "version": v,
                                                   "action": _other_line(table, seat)}, "illegal"),
                ("a route choice out of phase", phone, {"type": "act", "version": v,
                                                        "action": {"type": "route", "option": 0}}, "illegal"),
                ("out of turn", out_of_turn, {"type": "act", "version": v, "action": {"type": "branch"}},
                 "not_your_turn"),
                ("a hand-only seat acting", hand_only, {"type": "act", "version": v,
                                                        "action": {"type": "branch"}}, "not_remote"),
                ("a spectator acting", watcher, {"type": "act", "version": v, "action": {"type": "branch"}},
                 "spectator"),
            ]
            for name, who, payload, code in cases:
                m = await _answered(who, payload, code, table)
                got[name] = m["text"]
            # the phone still works: a legal action goes through
            await phone.send({"type": "act", "version": v, "action": {"type": "branch"}})
            await wait_until(lambda: table.applied == 1, table=table)
            await asyncio.gather(*(p.close() for p in (phone, out_of_turn, hand_only, watcher)))
            return got

    got = run(scenario())
    assert "not JSON" in got["invalid JSON"]
    assert "sudo" in got["unknown message type"]
    assert "5" in got["oversized frame (5 000 bytes)"] and "4096" in got["oversized frame (5 000 bytes)"]
    assert "Player" in got["out of turn"]  # names who is playing
    assert "Not allowed" in got["an illegal placement"]


def _illegal_place(table: Table) -> dict:
    legal = {(li, c) for li, c, _ in legal_placements(table.state)}
    line = table.state.log[0].line
    conn = next(c for c in range(len(table.state.tokens)) if (line, c) not in legal)
    return {"type": "place", "line": line, "connection": conn}


def _own_line(table: Table, seat: int) -> int:
    return table.state.players[seat].lines[0]


def _other_line(table: Table, seat: int) -> dict:
    other = table.state.players[(seat + 1) % table.state.n_players].lines[0]
    conn = next(c for li, c, _ in legal_placements(table.state))
    return {"type": "place", "line": other, "connection": conn}


def test_tokens_that_are_not_this_games():
    async def scenario():
        async with served(new_game("london", 2, seed=1)) as (table, s):
            c = table.companion
            texts = {}
            p = await Phone.open(s, c, "A" * 32)
            texts["unknown token"] = (await p.wait_error("bad_token"))["text"]
            await asyncio.wait_for(p.closed.wait(), 5)
            old = c.seat_tokens[0]
            old_spectator = c.spectator_token
            kept = await kept_phone(s, table, 0)
            c.new_game(2)  # Play again: new tokens, the old game's phones are closed
            table.publish()
            await kept.wait_error("new_game")
            await asyncio.wait_for(kept.closed.wait(), 5)
            for name, token in (("seat token of the last game", old), ("spectator token of the last game",
                                                                          old_spectator)):
                p = await Phone.open(s, c, token)
                texts[name] = (await p.wait_error("bad_token"))["text"]
                await asyncio.wait_for(p.closed.wait(), 5)
            p = await Phone.open(s, c, hello=False)
            await p.send({"type": "act", "version": 1, "action": {"type": "branch"}})
            texts["act before hello"] = (await p.wait_error("hello_first"))["text"]
            await p.close()
            # the seat page of an old token is not served either
            async with s.get(f"http://127.0.0.1:{c.port}/seat/{old}") as r:
                assert r.status == 404
            async with s.get(f"http://127.0.0.1:{c.port}/seat/{c.seat_tokens[0]}") as r:
                assert r.status == 200 and "text/html" in r.headers["Content-Type"]
                assert "default-src 'none'" in r.headers["Content-Security-Policy"]
                assert r.headers["Referrer-Policy"] == "no-referrer"
            return texts

    texts = run(scenario())
    assert all(texts.values())
    assert "Scan the table's code again" in texts["seat token of the last game"]


def test_a_photographed_code_sees_nothing_until_kept_and_refused_loses_the_code():
    async def scenario():
        async with served(new_game("paris", 2, seed=4)) as (table, s):
            c = table.companion
            token = c.seat_tokens[1]
            neighbour = await Phone.open(s, c, token)
            await wait_until(lambda: c.phone(1) == "asking")
            await asyncio.sleep(0.2)
            assert [m["type"] for m in neighbour.parsed] == ["welcome"]
            assert neighbour.parsed[0]["kept"] is False
            assert not leaks(neighbour.frames[0], -1, table.state.setup.objectives, [list(table.state.deck)],
                             set())  # no one's objectives, as a spectator sees
            c.refuse(1)
            await neighbour.wait_error("refused")
            await asyncio.wait_for(neighbour.closed.wait(), 5)
            await wait_until(lambda: c.phone(1) == "none")
            assert c.seat_tokens[1] != token  # the photo is useless now
            again = await Phone.open(s, c, token)
            await again.wait_error("bad_token")
            # the owner scans the new code, is kept, and reconnects later without asking again
            owner = await kept_phone(s, table, 1)
            device = owner.device
            assert device and c.phone(1) == "kept"
            await owner.close()
            await wait_until(lambda: c.phone(1) == "gone")
            back = await Phone.open(s, c, c.seat_tokens[1], device=device)
            st = await back.state()  # the current state at once, no Keep needed
            assert st["objectives"] and c.phone(1) == "kept"
            # the table claims the seat anew: that phone is closed and its key is void
            c.claim_anew(1)
            await back.wait_error("replaced")
            await asyncio.wait_for(back.closed.wait(), 5)
            stale = await Phone.open(s, c, c.seat_tokens[1], device=device)
            await wait_until(lambda: c.phone(1) == "asking")
            assert not stale.messages("state")
            await stale.close()

    run(scenario())


def test_static_files_only_from_the_package_and_no_other_site():
    async def scenario():
        async with served(new_game("london", 2, seed=1)) as (table, s):
            base = f"http://127.0.0.1:{table.companion.port}"
            statuses = {}
            for path in ("/static/../server.py", "/static/%2e%2e/server.py", "/static/..%2fserver.py",
                         "/static/%2e%2e%2f%2e%2e%2fpyproject.toml", "/static/table.html", "/static/nothing.js",
                         "/../../etc/passwd", "/static//etc/passwd", "/seat/%2e%2e%2fstatic%2fapp.js", "/",
                         "/seat/" + "A" * 32, "/watch/" + "A" * 32, "/static/__init__.py"):
                async with s.get(base + path, allow_redirects=False) as r:
                    body = await r.text()
                    statuses[path] = r.status
                    assert r.status in (404, 400, 403), (path, r.status)
                    assert "import" not in body and "root:" not in body and "[project]" not in body
            async with s.get(base + "/static/app.js") as r:
                assert r.status == 200 and r.headers["Content-Type"].startswith("text/javascript")
            # a page of another site may not open the table's socket (its Origin differs)
            with pytest.raises(aiohttp.WSServerHandshakeError) as exc:
                await s.ws_connect(base + "/ws", headers={"Origin": "http://evil.example"})
            assert exc.value.status == 403
            return statuses

    run(scenario())


def test_a_thousand_messages_a_second_are_dropped_without_stalling_anyone():
    async def scenario():
        async with served(new_game("london", 3, seed=2), remote=[True, True, True]) as (table, s):
            flood = await Phone.open(s, table.companion, table.companion.spectator_token)
            await flood.state()
            seat = table.state.current
            player = await kept_phone(s, table, seat)
            before = Unchanged(table)
            t0 = time.monotonic()
            for i in range(1000):
                await flood.send('{"type":"ping"}' if i % 2 else '{"type": "act", "version": 1, '
                                                                 '"action": {"type": "branch"}}')
            sent_in = time.monotonic() - t0
            # meanwhile a player's phone is answered at once and can play
            t1 = time.monotonic()
            await player.send({"type": "ping"})
            await player.wait_for(lambda m: m.get("type") == "pong")
            answered_in = time.monotonic() - t1
            before.check()
            await asyncio.sleep(0.3)
            pongs = len(flood.messages("pong"))
            rate_errors = flood.messages("error")
            st = await player.state(table.version)
            await player.send({"type": "act", "version": st["version"], "action": {"type": "branch"}})
            await wait_until(lambda: table.applied == 1, table=table)
            await flood.close()
            await player.close()
            return sent_in, answered_in, pongs, rate_errors

    sent_in, answered_in, pongs, errors = run(scenario())
    assert sent_in < 2.0
    assert answered_in < 0.5
    # the bucket let through its burst and what refilled meanwhile, no more; the rest was dropped
    assert pongs <= srv.BURST + srv.RATE * (sent_in + 0.5)
    codes = [e["code"] for e in errors]
    assert "rate" in codes and set(codes) <= {"rate", "spectator"}
    assert 1 <= codes.count("rate") <= 2 + sent_in  # one warning a second at most


def test_fifty_simultaneous_sockets_and_a_cap():
    async def scenario():
        async with served(new_game("paris", 5, seed=8)) as (table, s):
            c = table.companion
            phones = await asyncio.gather(*(Phone.open(s, c, c.spectator_token) for _ in range(50)))
            states = await asyncio.gather(*(p.state() for p in phones))
            assert len(states) == 50 and all(st["objectives"] == [] for st in states)
            await asyncio.gather(*(p.close() for p in phones))
        async with served(new_game("london", 2, seed=8), max_sockets=5) as (small, s):
            c = small.companion
            phones = [await Phone.open(s, c, c.spectator_token) for _ in range(5)]
            await asyncio.gather(*(p.state() for p in phones))
            extra = await Phone.open(s, c, c.spectator_token)
            m = await extra.wait_error("too_many")
            await asyncio.wait_for(extra.closed.wait(), 5)
            await asyncio.gather(*(p.close() for p in phones))
            return m["text"]

    assert "at most 5" in run(scenario())


def test_a_socket_that_never_says_hello_is_closed(monkeypatch):
    monkeypatch.setattr(srv, "HELLO_S", 0.3)

    async def scenario():
        async with served(new_game("london", 2, seed=1)) as (table, s):
            p = await Phone.open(s, table.companion, hello=False)
            await p.wait_error("hello_first")
            await asyncio.wait_for(p.closed.wait(), 5)

    run(scenario())


def test_a_frame_past_the_hard_limit_closes_only_that_socket():
    async def scenario():
        async with served(new_game("london", 2, seed=1)) as (table, s):
            c = table.companion
            big = await Phone.open(s, c, c.spectator_token)
            calm = await Phone.open(s, c, c.spectator_token)
            await asyncio.gather(big.state(), calm.state())
            await big.send("x" * (srv.HARD_FRAME_LIMIT + 10))
            await asyncio.wait_for(big.closed.wait(), 5)
            assert big.ws.close_code == 1009  # "message too big"
            await calm.send({"type": "ping"})
            await calm.wait_for(lambda m: m.get("type") == "pong")
            await calm.close()

    run(scenario())


def test_only_local_network_addresses():
    for host in ("0.0.0.0", "8.8.8.8", "::", "example.com", "224.0.0.1"):
        with pytest.raises(NetworkError, match="not a local network address"):
            bind_address(host)
    assert bind_address("localhost") == "127.0.0.1"
    assert bind_address("192.168.1.20") == "192.168.1.20"
    assert bind_address("auto")  # this machine's LAN address, or loopback


def test_the_server_imports_no_pygame():
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-c", "import sys, game.companion, game.companion.views; "
                                                "print('pygame' in sys.modules)"], capture_output=True, text=True)
    assert out.stdout.strip() == "False", out.stderr
