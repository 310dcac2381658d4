"""The phones' server: aiohttp on its own asyncio loop in a thread beside the game loop (docs/phones.md).

:class:`Companion` is the game thread's handle. Two hand-offs cross the threads, and nothing else:

- the game thread *publishes* the position after every change (:meth:`Companion.publish`: msgpack bytes, an
  immutable snapshot); the server thread (hub.py) decodes it once and builds what each kind of phone may see
  (views.py), once per seat, not per socket;
- phones' actions come back through a queue the game thread drains (:meth:`Companion.apply_next`), applying
  them where a touch is applied, or telling the phone why not.

Who may do what: a seat's link (``/seat/<token>``) lets a phone *ask* for the seat; it sees nothing of the seat
until the table keeps it (:meth:`Companion.keep`), and then gets a device key that lets it reconnect without
asking again. Only a kept phone of a seat marked remote may act, only when that seat must act, only on the
position it was shown. Spectators (``/watch/<token>``) see the public table only. Tokens are
``secrets.token_urlsafe`` per seat and game, replaced by :meth:`Companion.new_game`, :meth:`Companion.claim_anew`
and :meth:`Companion.refuse`, which close the old phones. Every public method is for the game thread and never
waits for the server thread, so a frame never waits for a phone.
"""
from __future__ import annotations

import asyncio
import logging
import queue
import re
import threading
from importlib import resources

import msgspec
from aiohttp import web

from ..engine.actions import IllegalAction
from ..engine.rules import check
from ..engine.state import GameState
from . import network
from .hub import BURST, FRAME_LIMIT, MAX_SOCKETS, RATE, Hub, PhoneAction
from .seats import GONE, KEPT, NONE, TableSeats
from .views import actor
from .words import error_text

log = logging.getLogger("underground.companion")

TOKEN_RE = re.compile(r"^[A-Za-z0-9_-]{16,64}$")
STATIC = "static"
PAGE = "table.html"  # a seat's phone and a spectator's: one page, the link says which
CONTENT_TYPES = {".html": "text/html", ".css": "text/css", ".js": "text/javascript", ".svg": "image/svg+xml"}


def _static_files() -> dict[str, bytes]:
    """Every file the pages need, read from the package once: only these names are ever served."""
    out = {}
    for entry in resources.files(__package__).joinpath(STATIC).iterdir():
        suffix = "." + entry.name.rsplit(".", 1)[-1]
        if entry.is_file() and suffix in CONTENT_TYPES:
            out[entry.name] = entry.read_bytes()
    return out


class Companion:
    """The phones' server of one table. Start it with :meth:`start`."""

    def __init__(self, host: str = "auto", port: int = 0, max_sockets: int = MAX_SOCKETS,
                 rate: float = RATE, burst: int = BURST):
        self.host = network.bind_address(host)
        self.port = network.check_port(port)
        self.seats = TableSeats()
        self._actions: queue.SimpleQueue[PhoneAction] = queue.SimpleQueue()
        self.hub = Hub(self.seats, self._actions, max_sockets, rate, burst)
        self._files = _static_files()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._failed: BaseException | None = None
        self._runner: web.AppRunner | None = None

    # ---- what the table shows ------------------------------------------------------------------------
    @property
    def seat_tokens(self) -> list[str]:
        return self.seats.tokens

    @property
    def spectator_token(self) -> str:
        return self.seats.spectator

    @property
    def remote(self) -> list[bool]:
        return self.seats.remote

    @property
    def version(self) -> int:
        return self.seats.version

    def address(self) -> str:
        return f"http://{self.host}:{self.port}"

    def seat_url(self, seat: int) -> str:
        return f"{self.address()}/seat/{self.seats.tokens[seat]}"

    def spectator_url(self) -> str:
        return f"{self.address()}/watch/{self.seats.spectator}"

    def phone(self, seat: int) -> str:
        """The seat's phone: "none", "asking" (waiting for Keep or Refuse), "kept" or "gone" (disconnected)."""
        return self.seats.phone(seat)

    def has_phone(self, seat: int) -> bool:
        """The seat's hand is on a phone (kept, even while it reconnects): the table no longer shows it."""
        return self.phone(seat) in (KEPT, GONE)

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

    # ---- the table's decisions ----------------------------------------------------------------------
    def new_game(self, n_seats: int, remote: list[bool] | None = None) -> None:
        """Fresh tokens for a new game (set-up, Restart, Play again): every phone of the old game is closed."""
        self.seats.new_game(n_seats, remote)
        self._call(self.hub.close_all, "new_game")

    def claim_anew(self, seat: int) -> None:
        """The table takes the seat back (or hands it to someone new): a new code; the old phone is closed."""
        self.seats.renew(seat, forget_phone=True)
        self._call(self.hub.close_seat, seat, "replaced")

    def set_remote(self, seat: int, remote: bool) -> None:
        """Whether the seat plays from its phone (its kept phone may act) or at the table."""
        with self.seats.lock:
            self.seats.remote[seat] = bool(remote)
        self._call(self.hub.broadcast)

    def keep(self, seat: int) -> None:
        """The table keeps the phone that asked for ``seat`` (the seat's Keep)."""
        self._call(self.hub.keep, seat)

    def refuse(self, seat: int) -> None:
        """The table refuses the phone that asked: it is closed and the seat's code changes (a photographed
        code is then useless)."""
        self.seats.renew(seat)
        self._call(self.hub.refuse, seat)

    def drop(self, seat: int | None = None) -> None:
        """Cut the sockets (of ``seat``, or all) without a word, as a lost Wi-Fi or a locked screen does; the
        phones reconnect by themselves with their device keys. The table's "phone disconnected" is tried so."""
        self._call(self.hub.drop, seat)

    # ---- the position and the phones' actions -------------------------------------------------------
    def publish(self, state: GameState, language: str = "en") -> int:
        """The position changed (or the table's language): hand a snapshot to the server thread. Returns the new
        version phones act on."""
        snapshot = msgspec.msgpack.encode(state)
        with self.seats.lock:
            self.seats.version += 1
            version = self.seats.version
            self.seats.language = language
        self._call(self.hub.on_snapshot, snapshot, version, language)
        return version

    def next_action(self) -> PhoneAction | None:
        """The oldest action a phone asked for, or None."""
        try:
            return self._actions.get_nowait()
        except queue.Empty:
            return None

    def refuse_action(self, pa: PhoneAction, code: str, **values) -> None:
        self._call(self.hub.send_error, pa.client, code, values)

    def apply_next(self, state: GameState, act) -> bool:
        """Apply the oldest phone action to ``state`` with ``act(action)`` (the table's own way of acting: the
        play screen's ``act``, so autosave and the table's marks follow), if it is still legal on the position
        the phone was shown; else tell that phone why. Call it only when the table could take a touch.
        True if an action was applied."""
        pa = self.next_action()
        if pa is None:
            return False
        with self.seats.lock:
            version = self.seats.version
            remote = pa.seat < len(self.seats.remote) and self.seats.remote[pa.seat]
            kept = pa.seat < len(self.seats.phones) and self.seats.phones[pa.seat] == KEPT
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
                self._call(self.hub.send_illegal, pa.client, exc)
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
        app.router.add_get("/ws", self.hub.websocket)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port, reuse_address=True)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # port 0: the one the system chose

    async def _shutdown(self) -> None:
        await self.hub.close_every_socket()
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
            with self.seats.lock:
                valid = (token in self.seats.tokens) if kind == "seat" else token == self.seats.spectator
            if not TOKEN_RE.match(token) or not valid:
                return web.Response(status=404, text=error_text("bad_token", self.seats.language),
                                    content_type="text/plain")
            return web.Response(body=self._files[PAGE], content_type="text/html", charset="utf-8")
        return handler

    async def _static(self, request: web.Request) -> web.Response:
        name = request.match_info["name"]
        body = self._files.get(name)
        if body is None or name == PAGE:
            return web.Response(status=404, text="not found", content_type="text/plain")
        ctype = CONTENT_TYPES["." + name.rsplit(".", 1)[-1]]
        return web.Response(body=body, content_type=ctype, charset="utf-8")



__all__ = ["Companion", "PhoneAction", "NONE", "GONE", "KEPT"]
