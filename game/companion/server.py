"""The phones' server: aiohttp on its own asyncio loop in a thread beside the game loop.

Two hand-offs cross the threads, and nothing else:

- the game thread *publishes* the position after every change (:meth:`Companion.publish`: msgpack bytes, an
  immutable snapshot); the server thread decodes it once and builds what each kind of phone may see
  (:mod:`game.companion.views`), once per seat, not per socket;
- phones' actions go the other way through a queue the game thread drains (:meth:`Companion.next_action`),
  applying them where a touch is applied, and answering a refusal with :meth:`Companion.refuse_action`.

Who may do what (docs/phones.md): a seat's link (``/seat/<token>``) lets a phone *ask* for the seat; it sees
nothing of the seat until the table keeps it (:meth:`Companion.keep`), and then gets a device key that lets
it reconnect without asking again. Only a kept phone of a seat marked remote may act, only when that seat must
act, only on the position it was shown. Spectators (``/watch/<token>``) see the public table only. Tokens are
``secrets.token_urlsafe`` per seat and game, replaced by :meth:`Companion.new_game` and
:meth:`Companion.claim_anew`, which close the old phones.
"""
from __future__ import annotations

import asyncio
import collections
import logging
import queue
import re
import secrets
import threading
import time
from dataclasses import dataclass, field
from importlib import resources

import msgspec
from aiohttp import WSMsgType, web

from ..engine.actions import IllegalAction
from ..engine.rules import board_of, check
from ..engine.state import GameState
from ..i18n import words_text
from . import network
from .protocol import Act, BadMessage, Error, Hello, Kept, Ping, Pong, TurnNotice, Welcome, decode, encode
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
TOKEN_RE = re.compile(r"^[A-Za-z0-9_-]{16,64}$")
STATIC = "static"
PAGES = {"seat": "seat.html", "watch": "watch.html"}
CONTENT_TYPES = {".html": "text/html", ".css": "text/css", ".js": "text/javascript", ".svg": "image/svg+xml"}

NONE, ASKING, KEPT, GONE = "none", "asking", "kept", "gone"  # a seat's phone, as its panel says it


def _static_files() -> dict[str, bytes]:
    """Every file the pages need, read from the package once: only these names are ever served."""
    out = {}
    for entry in resources.files(__package__).joinpath(STATIC).iterdir():
        suffix = "." + entry.name.rsplit(".", 1)[-1]
        if entry.is_file() and suffix in CONTENT_TYPES:
            out[entry.name] = entry.read_bytes()
    return out


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
    dropped: int = 0
    outbox: collections.deque = field(default_factory=collections.deque)
    state_frame: bytes | None = None  # the newest state not yet sent (older ones are skipped)
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    closing: bool = False


class Companion:
    """The phones' server of one table. Start it with :meth:`start`; every public method is for the game thread
    (they never wait for the server thread, so a frame never waits for a phone)."""

    def __init__(self, host: str = "auto", port: int = 0, max_sockets: int = MAX_SOCKETS,
                 rate: float = RATE, burst: int = BURST):
        self.host = network.bind_address(host)
        self.port = network.check_port(port)
        self.max_sockets = max_sockets
        self.rate, self.burst = rate, burst
        self._lock = threading.Lock()
        self._actions: queue.SimpleQueue[PhoneAction] = queue.SimpleQueue()
        self._files = _static_files()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._failed: BaseException | None = None
        self._runner: web.AppRunner | None = None
        # the game: tokens and seats (guarded by _lock; the server thread changes phone states)
        self.seat_tokens: list[str] = []
        self.spectator_token = ""
        self.remote: list[bool] = []
        self.phones: list[str] = []
        self._devices: list[str] = []
        self.version = 0
        self.language = "en"
        # server thread only
        self._clients: dict[int, Client] = {}
        self._next_id = 0
        self._state: GameState | None = None
        self._board = None
        self._board_view = None
        self._log = LogCache()
        self._frames: dict[tuple, bytes] = {}
        self._turn_key: tuple | None = None
        self._version = 0
        self.sent_frames = 0  # every frame sent (tests and the bench count them)

    # ---- life ---------------------------------------------------------------------------------------
    def start(self) -> "Companion":
        self._thread = threading.Thread(target=self._run, name="phones", daemon=True)
        self._thread.start()
        self._ready.wait(15)
        if self._failed is not None:
            raise network.NetworkError(f"phones: cannot listen on {self.host}:{self.port}: {self._failed}")
        if not self._ready.is_set():
            raise network.NetworkError("phones: the server did not start within 15 s")
        return self

    def stop(self) -> None:
        loop, thread = self._loop, self._thread
        if loop is None or thread is None:
            return
        try:
            asyncio.run_coroutine_threadsafe(self._shutdown(), loop).result(10)
        except Exception:  # noqa: BLE001 - stopping must not fail the table
            log.exception("phones: stopping the server")
        loop.call_soon_threadsafe(loop.stop)
        thread.join(10)
        self._loop = self._thread = None

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def address(self) -> str:
        return f"http://{self.host}:{self.port}"

    def seat_url(self, seat: int) -> str:
        return f"{self.address()}/seat/{self.seat_tokens[seat]}"

    def spectator_url(self) -> str:
        return f"{self.address()}/watch/{self.spectator_token}"

    # ---- the game thread's side ---------------------------------------------------------------------
    def new_game(self, n_seats: int, remote: list[bool] | None = None) -> None:
        """Fresh tokens for a new game (set-up, Restart, Play again): every phone of the old game is closed."""
        with self._lock:
            self.seat_tokens = [secrets.token_urlsafe(24) for _ in range(n_seats)]
            self.spectator_token = secrets.token_urlsafe(24)
            self.remote = list(remote or [False] * n_seats)[:n_seats] + [False] * max(0, n_seats - len(remote or []))
            self.phones = [NONE] * n_seats
            self._devices = [""] * n_seats
        self._call(self._close_all, "new_game")

    def claim_anew(self, seat: int) -> None:
        """The table takes the seat back (or hands it to someone new): a new code; the old phone is closed."""
        with self._lock:
            self.seat_tokens[seat] = secrets.token_urlsafe(24)
            self._devices[seat] = ""
            self.phones[seat] = NONE
        self._call(self._close_seat, seat, "replaced")

    def set_remote(self, seat: int, remote: bool) -> None:
        """Whether the seat plays from its phone (its kept phone may act) or at the table."""
        with self._lock:
            self.remote[seat] = bool(remote)
        self._call(self._broadcast)

    def keep(self, seat: int) -> None:
        """The table keeps the phone that asked for ``seat`` (the panel's Keep)."""
        self._call(self._keep, seat)

    def refuse(self, seat: int) -> None:
        """The table refuses the phone that asked: it is closed and the seat's code changes (a photographed
        code is then useless)."""
        with self._lock:
            self.seat_tokens[seat] = secrets.token_urlsafe(24)
        self._call(self._refuse, seat)

    def drop(self, seat: int | None = None) -> None:
        """Cut the sockets (of ``seat``, or all) without a word, as a lost Wi-Fi or a locked screen does; the
        phones reconnect by themselves with their device keys. The table's "phone disconnected" is tried so."""
        self._call(self._drop, seat)

    def phone(self, seat: int) -> str:
        """The seat's phone: "none", "asking" (waiting for Keep or Refuse), "kept" or "gone" (disconnected)."""
        with self._lock:
            return self.phones[seat] if seat < len(self.phones) else NONE

    def has_phone(self, seat: int) -> bool:
        """The seat's hand is on a phone (kept, even while it reconnects): the table no longer shows it."""
        return self.phone(seat) in (KEPT, GONE)

    def publish(self, state: GameState, language: str = "en") -> int:
        """The position changed (or the table's language): hand a snapshot to the server thread. Returns the new
        version phones act on."""
        snapshot = msgspec.msgpack.encode(state)
        with self._lock:
            self.version += 1
            version = self.version
            self.language = language
        self._call(self._on_snapshot, snapshot, version, language)
        return version

    def next_action(self) -> PhoneAction | None:
        """The oldest action a phone asked for, or None."""
        try:
            return self._actions.get_nowait()
        except queue.Empty:
            return None

    def refuse_action(self, pa: PhoneAction, code: str, **values) -> None:
        self._call(self._send_error, pa.client, code, values)

    def refuse_illegal(self, pa: PhoneAction, exc: IllegalAction) -> None:
        self._call(self._send_illegal, pa.client, exc)

    def apply_next(self, state: GameState, act) -> bool:
        """Apply the oldest phone action to ``state`` with ``act(action)`` (the table's own way of acting: the
        play screen's ``act``, so autosave and the table's marks follow), if it is still legal on the position
        the phone was shown; else tell that phone why. Call it only when the table could take a touch.
        True if an action was applied."""
        pa = self.next_action()
        if pa is None:
            return False
        with self._lock:
            version, remote = self.version, pa.seat < len(self.remote) and self.remote[pa.seat]
            kept = pa.seat < len(self.phones) and self.phones[pa.seat] == KEPT
        if not remote or not kept:
            self.refuse_action(pa, "not_remote" if not remote else "not_kept")
        elif pa.version != version:
            self.refuse_action(pa, "stale")
        elif state.over:
            self.refuse_action(pa, "game_over")
        elif actor(state) != pa.seat:
            self.refuse_action(pa, "not_your_turn", name=state.players[actor(state)].name)
        else:
            try:
                check(state, pa.action)
            except IllegalAction as exc:
                self.refuse_illegal(pa, exc)
                return False
            act(pa.action)
            return True
        return False

    # ---- server thread ------------------------------------------------------------------------------
    def _call(self, fn, *args) -> None:
        loop = self._loop
        if loop is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(fn, *args)
            except RuntimeError:  # the loop is stopping
                pass

    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        try:
            loop.run_until_complete(self._serve())
        except BaseException as exc:  # noqa: BLE001 - reported to start()
            self._failed = exc
            self._ready.set()
            loop.close()
            return
        self._loop = loop
        self._ready.set()
        try:
            loop.run_forever()
        finally:
            loop.close()

    async def _serve(self) -> None:
        app = web.Application(client_max_size=FRAME_LIMIT, middlewares=[self._headers])
        app.router.add_get("/seat/{token}", self._page("seat"))
        app.router.add_get("/watch/{token}", self._page("watch"))
        app.router.add_get("/static/{name}", self._static)
        app.router.add_get("/ws", self._websocket)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port, reuse_address=True)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # port 0: the one the system chose

    async def _shutdown(self) -> None:
        for c in list(self._clients.values()):
            await self._close(c)
        if self._runner is not None:
            await self._runner.cleanup()

    @web.middleware
    async def _headers(self, request, handler):
        try:
            resp = await handler(request)
        except web.HTTPException as exc:
            self._secure(request, exc)
            raise
        if not isinstance(resp, web.WebSocketResponse):
            self._secure(request, resp)
        return resp

    @staticmethod
    def _secure(request, resp) -> None:
        """Pages run only their own scripts, talk only to the table, and never pass the link on."""
        resp.headers["Content-Security-Policy"] = (
            f"default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
            f"connect-src 'self' ws://{request.host}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
        resp.headers["X-Content-Type-Options"] = "nosniff"
        resp.headers["Referrer-Policy"] = "no-referrer"
        resp.headers["Cache-Control"] = "no-store"

    def _page(self, kind: str):
        async def handler(request: web.Request) -> web.Response:
            token = request.match_info["token"]
            with self._lock:
                valid = (token in self.seat_tokens) if kind == "seat" else token == self.spectator_token
            if not TOKEN_RE.match(token) or not valid:
                return web.Response(status=404, text=error_text("bad_token", self.language),
                                    content_type="text/plain")
            return web.Response(body=self._files[PAGES[kind]], content_type="text/html", charset="utf-8")
        return handler

    async def _static(self, request: web.Request) -> web.Response:
        name = request.match_info["name"]
        body = self._files.get(name)
        if body is None or name in PAGES.values():
            return web.Response(status=404, text="not found", content_type="text/plain")
        ctype = CONTENT_TYPES["." + name.rsplit(".", 1)[-1]]
        return web.Response(body=body, content_type=ctype, charset="utf-8")

    async def _websocket(self, request: web.Request) -> web.StreamResponse:
        origin = request.headers.get("Origin")
        if origin is not None and origin not in (f"http://{request.host}",):
            return web.Response(status=403, text="a page of another site may not talk to the table",
                                content_type="text/plain")
        ws = web.WebSocketResponse(max_msg_size=HARD_FRAME_LIMIT, heartbeat=20.0)
        await ws.prepare(request)
        self._next_id += 1
        client = Client(ws, self._next_id, request, bucket=Bucket(self.rate, self.burst))
        if len(self._clients) >= self.max_sockets:
            await ws.send_str(encode(Error("too_many", error_text("too_many", self.language,
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
            self._send(client, Error("hello_first", error_text("hello_first", self.language)))
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
        self._send(client, Error(code, error_text(code, self.language, **values)))

    def _send_error(self, client_id: int, code: str, values: dict) -> None:
        client = self._clients.get(client_id)
        if client is not None:
            self._error(client, code, **values)

    def _send_illegal(self, client_id: int, exc: IllegalAction) -> None:
        client = self._clients.get(client_id)
        if client is not None:
            why = words_text(exc.args[0], translator(self.language)) if exc.args else str(exc)
            self._error(client, "illegal", why=why)

    # ---- a phone's messages -------------------------------------------------------------------------
    def _receive(self, client: Client, data) -> None:
        if not client.bucket.take():
            client.dropped += 1
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
            if exc.code == "unknown_type":
                self._error(client, exc.code, kind=str(exc).split("'")[1] if "'" in str(exc) else "?")
            else:
                self._error(client, exc.code, why=str(exc))
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
        with self._lock:
            seat = self.seat_tokens.index(hello.token) if hello.token in self.seat_tokens else None
            spectator = bool(self.spectator_token) and secrets.compare_digest(hello.token, self.spectator_token)
            device_ok = (seat is not None and bool(self._devices[seat])
                         and secrets.compare_digest(hello.device, self._devices[seat]))
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
                with self._lock:
                    self.phones[seat] = ASKING
        self._welcome(client)
        self._broadcast()

    def _welcome(self, client: Client) -> None:
        if self._board_view is None:
            self._send(client, Error("no_game", error_text("no_game", self.language)))
            return
        self._send(client, Welcome(client.role, client.seat, client.kept, self.language,
                                   page_words(self.language), self._board_view))

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
        with self._lock:
            if not self._devices[seat]:
                self._devices[seat] = secrets.token_urlsafe(24)
            device = self._devices[seat]
            self.phones[seat] = KEPT
        self._send(client, Kept(device))

    def _keep(self, seat: int) -> None:
        asking = [c for c in self._clients.values() if c.role == "seat" and c.seat == seat and not c.kept
                  and not c.closing]
        if not asking:
            return
        with self._lock:
            self._devices[seat] = ""  # a new phone: the old one's key no longer works
        self._make_kept(asking[-1])
        self._welcome(asking[-1])
        self._broadcast()

    def _refuse(self, seat: int) -> None:
        for c in list(self._clients.values()):
            if c.role == "seat" and c.seat == seat and not c.kept:
                c.closing = True
                self._error(c, "refused")
                asyncio.get_running_loop().create_task(self._close(c))
        with self._lock:
            self.phones[seat] = KEPT if self._kept_client(seat) else (GONE if self._devices[seat] else NONE)
        self._broadcast()

    def _close_seat(self, seat: int, code: str) -> None:
        for c in list(self._clients.values()):
            if c.role == "seat" and c.seat == seat:
                c.kept = False
                self._error(c, code)
                asyncio.get_running_loop().create_task(self._close(c))
        self._broadcast()

    def _close_all(self, code: str) -> None:
        for c in list(self._clients.values()):
            if c.role:
                c.kept = False
                self._error(c, code)
                asyncio.get_running_loop().create_task(self._close(c))
        self._state = None
        self._board_view = None
        self._frames.clear()
        self._turn_key = None

    def _drop(self, seat: int | None) -> None:
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
        with self._lock:
            if seat >= len(self.phones):
                return
            if client.kept and self._kept_client(seat) is None:
                self.phones[seat] = GONE
            elif not client.kept and self.phones[seat] == ASKING and not any(
                    c.role == "seat" and c.seat == seat and not c.kept and not c.closing
                    for c in self._clients.values()):
                self.phones[seat] = KEPT if self._kept_client(seat) else (GONE if self._devices[seat] else NONE)
        if self._loop is not None and not self._loop.is_closed():
            self._broadcast()

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
        with self._lock:
            remote = client.seat < len(self.remote) and self.remote[client.seat]
            version = self.version
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
            self._send_illegal(client.id, exc)
            return
        self._actions.put(PhoneAction(client.seat, act.action, act.version, client.id))

    # ---- the table's position -----------------------------------------------------------------------
    def _on_snapshot(self, snapshot: bytes, version: int, language: str) -> None:
        state = msgspec.msgpack.decode(snapshot, type=GameState)
        board = board_of(state)
        new_board = self._board is not board or self._board_view is None
        self._state, self._version = state, version
        if new_board:
            self._board = board
            self._board_view = board_view(board)
        if new_board or language != self.language:
            self.language = language
            for c in self._clients.values():
                if c.role and (c.kept or c.role == "spectator"):
                    self._welcome(c)
        self._broadcast()
        key = (state.turn, state.current)
        if key != self._turn_key and not state.over:
            if self._turn_key is not None:
                notice = TurnNotice(state.current, state.turn + 1)
                for c in self._clients.values():
                    if c.role == "seat" and c.kept and c.seat == state.current:
                        self._send(c, notice)
            self._turn_key = key

    def _broadcast(self) -> None:
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
        with self._lock:
            phones, remote, version = list(self.phones), list(self.remote), self._version
        seat = client.seat if client.role == "seat" else SPECTATOR
        may_act = seat != SPECTATOR and seat < len(remote) and remote[seat] and client.kept
        key = (seat, may_act)
        frame = self._frames.get(key)
        if frame is None:
            lines = self._log.lines(state, seat, self.language)
            frame = encode(table_state(state, seat, version, may_act=may_act, phones=phones, remote=remote,
                                       log=lines))
            self._frames[key] = frame
        client.state_frame = frame
        client.wake.set()


