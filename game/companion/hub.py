"""The phones' server thread: every socket, what it says and what it is sent (docs/phones.md).

:class:`Hub` lives on the server's asyncio loop only; the game thread reaches it through
``loop.call_soon_threadsafe`` (:class:`~game.companion.server.Companion`), and the two share only the
:class:`~game.companion.seats.TableSeats` (under its lock) and the queue of phones' actions.

A socket says hello with its link's token: a spectator's sees the public table at once; a seat's *asks* and sees
nothing of the seat until the table keeps it (or its device key says it was kept before). Each change of the
position is turned into what each kind of phone may see (views.py) once per seat, not per socket, and a slow
phone is sent only the newest state. Every message is checked (size, rate, JSON, type, who may act, on which
position, whether the engine allows it); a bad one is answered with an error on that socket only.
"""
from __future__ import annotations

import asyncio
import collections
import logging
import queue
import time
from dataclasses import dataclass, field

import msgspec
from aiohttp import WSMsgType, web

from ..engine.actions import IllegalAction
from ..engine.rules import board_of, check
from ..engine.state import GameState
from ..i18n import words_text
from .protocol import Act, BadMessage, Error, Hello, Kept, Ping, Pong, TurnNotice, Welcome, decode, encode
from .seats import ASKING, GONE, KEPT, NONE, TableSeats, new_token
from .views import SPECTATOR, LogCache, actor, board_view, table_state
from .words import error_text, page_words, translator

log = logging.getLogger("underground.companion")

FRAME_LIMIT = 4096  # bytes: a phone's message is a few dozen; longer ones are answered with an error
HARD_FRAME_LIMIT = 65536  # bytes: aiohttp closes the socket (1009) on anything longer without reading it
MAX_SOCKETS = 64  # phones and spectators at once
RATE = 20.0  # messages a second one socket may send on average ...
BURST = 40  # ... and at once
HELLO_S = 10.0  # seconds a socket has to say hello
OUTBOX = 64  # frames waiting for a slow phone before it is closed


@dataclass
class PhoneAction:
    """An action a phone asked for, for the game thread to apply (or refuse with a reason)."""

    seat: int
    action: object
    version: int
    client: int  # which socket asked (its answer goes there)


class Bucket:
    """Token bucket: ``rate`` messages a second on average, ``burst`` at once."""

    def __init__(self, rate: float = RATE, burst: int = BURST):
        self.rate, self.burst = rate, burst
        self.level = float(burst)
        self.at = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.level = min(self.burst, self.level + (now - self.at) * self.rate)
        self.at = now
        if self.level >= 1:
            self.level -= 1
            return True
        return False


@dataclass(eq=False)
class Client:
    ws: web.WebSocketResponse
    id: int
    request: web.Request | None = None
    role: str = ""  # "" until hello; "seat" | "spectator"
    seat: int = SPECTATOR
    kept: bool = False
    bucket: Bucket = field(default_factory=Bucket)
    warned_at: float = 0.0
    outbox: collections.deque = field(default_factory=collections.deque)
    state_frame: bytes | None = None  # the newest state not yet sent (older ones are skipped)
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    closing: bool = False



class Hub:
    """Every phone's socket, on the server thread."""

    def __init__(self, seats: TableSeats, actions: queue.SimpleQueue, max_sockets: int = MAX_SOCKETS,
                 rate: float = RATE, burst: int = BURST):
        self.seats = seats
        self.actions = actions
        self.max_sockets = max_sockets
        self.rate, self.burst = rate, burst
        self._clients: dict[int, Client] = {}
        self._next_id = 0
        self._state: GameState | None = None
        self._version = 0
        self._language = "en"  # of the last position published: the words phones are sent
        self._board = None
        self._board_view = None
        self._log = LogCache()
        self._frames: dict[tuple, bytes] = {}
        self._turn_key: tuple | None = None
        self.sent_frames = 0  # every frame sent (tests and the bench count them)

    async def close_every_socket(self) -> None:
        for c in list(self._clients.values()):
            await self._close(c)

    async def websocket(self, request: web.Request) -> web.StreamResponse:
        origin = request.headers.get("Origin")
        if origin is not None and origin not in (f"http://{request.host}",):
            return web.Response(status=403, text="a page of another site may not talk to the table",
                                content_type="text/plain")
        ws = web.WebSocketResponse(max_msg_size=HARD_FRAME_LIMIT, heartbeat=20.0)
        await ws.prepare(request)
        self._next_id += 1
        client = Client(ws, self._next_id, request, bucket=Bucket(self.rate, self.burst))
        if len(self._clients) >= self.max_sockets:
            await ws.send_str(encode(Error("too_many", error_text("too_many", self._language,
                                                                    limit=self.max_sockets))).decode())
            await ws.close(code=1013, message=b"too many phones")
            return ws
        self._clients[client.id] = client
        writer = asyncio.get_running_loop().create_task(self._writer(client))
        hello_timer = asyncio.get_running_loop().call_later(HELLO_S, self._hello_due, client)
        try:
            async for msg in ws:
                if msg.type in (WSMsgType.TEXT, WSMsgType.BINARY):
                    self._receive(client, msg.data)
                elif msg.type == WSMsgType.ERROR:
                    break
        finally:
            hello_timer.cancel()
            self._gone(client)
            client.closing = True
            client.wake.set()
            await writer
        return ws

    def _hello_due(self, client: Client) -> None:
        if not client.role and not client.closing:
            self._send(client, Error("hello_first", error_text("hello_first", self._language)))
            asyncio.get_running_loop().create_task(self._close(client))

    async def _writer(self, client: Client) -> None:
        """Send the client's frames in order; a newer state replaces an unsent older one."""
        ws = client.ws
        try:
            while True:
                await client.wake.wait()
                client.wake.clear()
                while client.outbox or client.state_frame is not None:
                    if client.outbox:
                        frame = client.outbox.popleft()
                    else:
                        frame, client.state_frame = client.state_frame, None
                    if ws.closed:
                        return
                    await ws.send_str(frame.decode())
                    self.sent_frames += 1
                if client.closing:
                    return
        except (ConnectionError, RuntimeError, asyncio.CancelledError):
            return

    def _send(self, client: Client, message) -> None:
        if len(client.outbox) >= OUTBOX:
            log.info("phones: socket %d does not read; closing it", client.id)
            asyncio.get_running_loop().create_task(self._close(client))
            return
        client.outbox.append(encode(message))
        client.wake.set()

    async def _close(self, client: Client) -> None:
        client.closing = True
        client.wake.set()
        if not client.ws.closed:
            await asyncio.sleep(0)  # let the writer send what is queued (an error saying why)
            await client.ws.close()

    def _error(self, client: Client, code: str, **values) -> None:
        self._send(client, Error(code, error_text(code, self._language, **values)))

    def send_error(self, client_id: int, code: str, values: dict) -> None:
        client = self._clients.get(client_id)
        if client is not None:
            self._error(client, code, **values)

    def send_illegal(self, client_id: int, exc: IllegalAction) -> None:
        client = self._clients.get(client_id)
        if client is not None:
            why = words_text(exc.args[0], translator(self._language)) if exc.args else str(exc)
            self._error(client, "illegal", why=why)

    # ---- a phone's messages -------------------------------------------------------------------------
    def _receive(self, client: Client, data) -> None:
        if not client.bucket.take():
            now = time.monotonic()
            if now - client.warned_at >= 1.0:
                client.warned_at = now
                self._error(client, "rate", rate=int(self.rate))
            return
        size = len(data.encode() if isinstance(data, str) else data)
        if size > FRAME_LIMIT:
            self._error(client, "too_big", size=size, limit=FRAME_LIMIT)
            return
        try:
            message = decode(data)
        except BadMessage as exc:
            self._error(client, exc.code, **exc.values)
            return
        if isinstance(message, Ping):
            self._send(client, Pong())
        elif isinstance(message, Hello):
            self._hello(client, message)
        elif not client.role:
            self._error(client, "hello_first")
        else:
            self._act(client, message)

    def _hello(self, client: Client, hello: Hello) -> None:
        if client.role:
            self._error(client, "wrong_seat")
            return
        seat, spectator, device_ok = self.seats.lookup(hello.token, hello.device)
        if seat is None and not spectator:
            self._error(client, "bad_token")
            asyncio.get_running_loop().create_task(self._close(client))
            return
        if spectator:
            client.role = "spectator"
        else:
            client.role, client.seat = "seat", seat
            for other in self._clients.values():  # one phone asks at a time: the newest
                if other is not client and other.seat == seat and other.role == "seat" and not other.kept:
                    self._error(other, "replaced")
                    asyncio.get_running_loop().create_task(self._close(other))
            if device_ok:
                self._make_kept(client)
            else:
                with self.seats.lock:
                    self.seats.phones[seat] = ASKING
        self._welcome(client)
        self.broadcast()

    def _welcome(self, client: Client) -> None:
        if self._board_view is None:
            self._send(client, Error("no_game", error_text("no_game", self._language)))
            return
        self._send(client, Welcome(client.role, client.seat, client.kept, self._language,
                                   page_words(self._language), self._board_view))

    def _kept_client(self, seat: int) -> Client | None:
        for c in self._clients.values():
            if c.role == "seat" and c.seat == seat and c.kept and not c.closing:
                return c
        return None

    def _make_kept(self, client: Client) -> None:
        seat = client.seat
        old = self._kept_client(seat)
        if old is not None and old is not client:
            self._error(old, "replaced")
            asyncio.get_running_loop().create_task(self._close(old))
            old.kept = False
        client.kept = True
        with self.seats.lock:
            if not self.seats.devices[seat]:
                self.seats.devices[seat] = new_token()
            device = self.seats.devices[seat]
            self.seats.phones[seat] = KEPT
        self._send(client, Kept(device))

    def keep(self, seat: int) -> None:
        asking = [c for c in self._clients.values() if c.role == "seat" and c.seat == seat and not c.kept
                  and not c.closing]
        if not asking:
            return
        with self.seats.lock:
            self.seats.devices[seat] = ""  # a new phone: the old one's key no longer works
        self._make_kept(asking[-1])
        self._welcome(asking[-1])
        self.broadcast()

    def refuse(self, seat: int) -> None:
        for c in list(self._clients.values()):
            if c.role == "seat" and c.seat == seat and not c.kept:
                c.closing = True
                self._error(c, "refused")
                asyncio.get_running_loop().create_task(self._close(c))
        with self.seats.lock:
            self.seats.phones[seat] = KEPT if self._kept_client(seat) else (GONE if self.seats.devices[seat] else NONE)
        self.broadcast()

    def close_seat(self, seat: int, code: str) -> None:
        for c in list(self._clients.values()):
            if c.role == "seat" and c.seat == seat:
                c.kept = False
                self._error(c, code)
                asyncio.get_running_loop().create_task(self._close(c))
        self.broadcast()

    def close_all(self, code: str) -> None:
        for c in list(self._clients.values()):
            if c.role:
                c.kept = False
                self._error(c, code)
                asyncio.get_running_loop().create_task(self._close(c))
        self._state = None
        self._board_view = None
        self._frames.clear()
        self._turn_key = None

    def drop(self, seat: int | None) -> None:
        for c in list(self._clients.values()):
            if seat is None or (c.role == "seat" and c.seat == seat):
                transport = c.request.transport if c.request is not None else None
                if transport is not None:
                    transport.abort()

    def _gone(self, client: Client) -> None:
        self._clients.pop(client.id, None)
        if client.role != "seat":
            return
        seat = client.seat
        with self.seats.lock:
            if seat >= len(self.seats.phones):
                return
            if client.kept and self._kept_client(seat) is None:
                self.seats.phones[seat] = GONE
            elif not client.kept and self.seats.phones[seat] == ASKING and not any(
                    c.role == "seat" and c.seat == seat and not c.kept and not c.closing
                    for c in self._clients.values()):
                self.seats.phones[seat] = KEPT if self._kept_client(seat) else (GONE if self.seats.devices[seat] else NONE)
        self.broadcast()

    def _act(self, client: Client, act) -> None:
        state = self._state
        if not isinstance(act, Act):
            self._error(client, "bad_message", why="expected an act")
            return
        if client.role != "seat":
            self._error(client, "spectator")
            return
        if not client.kept:
            self._error(client, "not_kept")
            return
        with self.seats.lock:
            remote = client.seat < len(self.seats.remote) and self.seats.remote[client.seat]
            version = self.seats.version
        if not remote:
            self._error(client, "not_remote")
            return
        if state is None:
            self._error(client, "no_game")
            return
        if state.over:
            self._error(client, "game_over")
            return
        if actor(state) != client.seat:
            self._error(client, "not_your_turn", name=state.players[actor(state)].name)
            return
        if act.version != version:
            self._error(client, "stale")
            self._send_state(client)
            return
        try:
            check(state, act.action)
        except IllegalAction as exc:
            self.send_illegal(client.id, exc)
            return
        self.actions.put(PhoneAction(client.seat, act.action, act.version, client.id))

    # ---- the table's position -----------------------------------------------------------------------
    def on_snapshot(self, snapshot: bytes, version: int, language: str) -> None:
        state = msgspec.msgpack.decode(snapshot, type=GameState)
        board = board_of(state)
        new_board = self._board is not board or self._board_view is None
        self._state, self._version = state, version
        if new_board:
            self._board = board
            self._board_view = board_view(board)
        if new_board or language != self._language:
            self._language = language
            for c in self._clients.values():
                if c.role and (c.kept or c.role == "spectator"):
                    self._welcome(c)
        self.broadcast()
        key = (state.turn, state.current)
        if key != self._turn_key and not state.over:
            if self._turn_key is not None:
                notice = TurnNotice(state.current, state.turn + 1)
                for c in self._clients.values():
                    if c.role == "seat" and c.kept and c.seat == state.current:
                        self._send(c, notice)
            self._turn_key = key

    def broadcast(self) -> None:
        """Send every phone that may see the table its state (built once per kind of phone)."""
        self._frames.clear()
        if self._state is None:
            return
        for c in self._clients.values():
            if c.role == "spectator" or (c.role == "seat" and c.kept):
                self._send_state(c)

    def _send_state(self, client: Client) -> None:
        state = self._state
        if state is None or client.closing:
            return
        with self.seats.lock:
            phones, remote, version = list(self.seats.phones), list(self.seats.remote), self._version
        seat = client.seat if client.role == "seat" else SPECTATOR
        may_act = seat != SPECTATOR and seat < len(remote) and remote[seat] and client.kept
        key = (seat, may_act)
        frame = self._frames.get(key)
        if frame is None:
            lines = self._log.lines(state, seat, self._language)
            frame = encode(table_state(state, seat, version, may_act=may_act, phones=phones, remote=remote,
                                       log=lines))
            self._frames[key] = frame
        client.state_frame = frame
        client.wake.set()


