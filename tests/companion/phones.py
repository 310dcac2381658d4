"""A table without a screen and phones without a browser, for the companion server's tests.

:class:`Table` is the game thread: an engine position, a :class:`Companion` on 127.0.0.1 (port 0), and the
same hand-offs the play screen uses (``publish`` after every change, ``apply_next`` to apply a phone's action).
:class:`Phone` is a WebSocket client (aiohttp) that keeps every frame it was sent, as text, so tests check what
was SENT. Everything runs on the test's own asyncio loop; the server has its own thread.
"""
from __future__ import annotations

import asyncio
import contextlib
import json
import time

import aiohttp

from game.companion import Companion
from game.engine import apply


class Table:
    def __init__(self, state, remote=None, **server):
        self.state = state
        self.companion = Companion(host="127.0.0.1", port=0, **server).start()
        self.companion.new_game(state.n_players, remote or [False] * state.n_players)
        self.version = self.companion.publish(state)
        self.applied = 0

    def publish(self) -> None:
        self.version = self.companion.publish(self.state)

    def step(self) -> bool:
        """What the play screen does each frame: apply one phone action, publish if the position changed."""
        if self.companion.apply_next(self.state, lambda a: apply(self.state, a)):
            self.applied += 1
            self.publish()
            return True
        return False

    def close(self) -> None:
        self.companion.stop()


class Phone:
    def __init__(self, session: aiohttp.ClientSession, url: str):
        self.session = session
        self.url = url  # the ws url
        self.frames: list[str] = []  # every text frame received, in order
        self.parsed: list[dict] = []  # the same, decoded
        self.stamps: list[int] = []  # the table's version when each frame arrived
        self.clock = lambda: 0
        self.ws = None
        self._task = None
        self.closed = asyncio.Event()
        self.device = ""

    @classmethod
    async def open(cls, session, companion: Companion, token: str | None = None, device: str = "",
                   hello: bool = True, headers=None) -> "Phone":
        p = cls(session, f"ws://127.0.0.1:{companion.port}/ws")
        p.ws = await session.ws_connect(p.url, headers=headers, max_msg_size=0)
        p._task = asyncio.get_running_loop().create_task(p._read())
        if hello and token is not None:
            await p.send({"type": "hello", "token": token, "device": device})
        return p

    async def _read(self) -> None:
        async for msg in self.ws:
            if msg.type == aiohttp.WSMsgType.TEXT:
                self.frames.append(msg.data)
                self.stamps.append(self.clock())
                m = json.loads(msg.data)
                self.parsed.append(m)
                if m.get("type") == "kept":
                    self.device = m["device"]
        self.closed.set()

    async def send(self, obj) -> None:
        await self.ws.send_str(obj if isinstance(obj, str) else json.dumps(obj))

    def messages(self, kind: str | None = None) -> list[dict]:
        return [m for m in self.parsed if kind is None or m.get("type") == kind]

    def last(self, kind: str) -> dict | None:
        ms = self.messages(kind)
        return ms[-1] if ms else None

    async def wait_for(self, pred, timeout: float = 5.0, table: Table | None = None) -> dict:
        """The first message (from now on or already received) that ``pred`` accepts; the table keeps stepping."""
        deadline = time.monotonic() + timeout
        seen = 0
        while time.monotonic() < deadline:
            ms = self.parsed
            for m in ms[seen:]:
                if pred(m):
                    return m
            seen = len(ms)
            if table is not None:
                table.step()
            await asyncio.sleep(0.005)
        raise AssertionError(f"no such message within {timeout} s; got {[m.get('type') for m in self.messages()]}"
                             f" last: {self.frames[-3:]}")

    async def wait_error(self, code: str, timeout: float = 5.0, table: Table | None = None) -> dict:
        return await self.wait_for(lambda m: m.get("type") == "error" and m.get("code") == code, timeout, table)

    async def state(self, version: int | None = None, timeout: float = 5.0, table: Table | None = None) -> dict:
        return await self.wait_for(lambda m: m.get("type") == "state" and (version is None or m["version"] >= version),
                                   timeout, table)

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
        if self._task is not None:
            await self._task


async def wait_until(pred, timeout: float = 5.0, table: Table | None = None) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if pred():
            return
        if table is not None:
            table.step()
        await asyncio.sleep(0.005)
    raise AssertionError("condition not met in time")


async def kept_phone(session, table: Table, seat: int) -> Phone:
    """A phone that opened seat ``seat``'s link and was kept by the table."""
    c = table.companion
    p = await Phone.open(session, c, c.seat_tokens[seat])
    p.clock = lambda: table.version
    await wait_until(lambda: c.phone(seat) == "asking")
    c.keep(seat)
    await p.wait_for(lambda m: m.get("type") == "kept")
    await p.state()
    return p


async def spectator(session, table: Table) -> Phone:
    p = await Phone.open(session, table.companion, table.companion.spectator_token)
    p.clock = lambda: table.version
    await p.state()
    return p


@contextlib.asynccontextmanager
async def served(state, **table):
    """A table serving ``state`` and an HTTP session for its phones; the server stops afterwards."""
    t = Table(state, **table)
    try:
        async with aiohttp.ClientSession() as session:
            yield t, session
    finally:
        t.close()
