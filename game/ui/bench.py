"""UI figures for `underground bench`: frame times of the play scene; the waits are bench_waits.py's."""
from __future__ import annotations

import os
import random
import time


def p99(values: list[float]) -> float:
    v = sorted(values)
    return v[min(len(v) - 1, int(round(0.99 * (len(v) - 1))))]


def ui_figures(quick: bool = False) -> dict:
    from .play_scene import bench_frames

    frames = 120 if quick else 600
    out = {}
    for label, size in (("1080p", (1920, 1080)), ("2160p", (3840, 2160))):
        ms = bench_frames(size, frames=frames)
        out[f"frame_ms_p99_{label}"] = round(p99(ms), 3)
        out[f"frame_ms_median_{label}"] = round(sorted(ms)[len(ms) // 2], 3)
    for label, size in (("1080p", (1920, 1080)), ("2160p", (3840, 2160))):
        for clock, name in (("wall", "tap_ms"), ("cpu", "tap_cpu_ms")):
            ms = tap_latencies(size, taps=20 if quick else 80, clock=clock)
            out[f"{name}_p99_{label}"] = round(p99(ms), 3)
            out[f"{name}_median_{label}"] = round(sorted(ms)[len(ms) // 2], 3)
    for clock, worst, per99 in (("wall", "worst_frame_ms_1080p", "minute_frame_ms_p99_1080p"),
                                ("cpu", "worst_frame_cpu_ms_1080p", "minute_frame_cpu_ms_p99_1080p")):
        ms = scripted_minute((1920, 1080), seconds=20.0 if quick else 60.0, clock=clock)
        out[worst] = round(max(ms), 3)
        out[per99] = round(p99(ms), 3)
    ms, got = phones_frames((1920, 1080), frames=frames)
    out["frame_ms_p99_1080p_phones"] = round(p99(ms), 3)
    out["phones_states_least_1080p"] = got["least_states"]  # states the slowest of the 15 got ...
    out["phones_updates_1080p"] = got["updates"]  # ... of this many sent
    from .bench_waits import launch_figures, wait_figures

    out.update(launch_figures(1 if quick else 3))  # first_frame_s, launch_to_title_s (docs/bench.md, "Waits")
    out.update(wait_figures(1 if quick else 3))  # start_game_s, watch_s and theirs
    from .review_bench import review_frames, review_ready_figures

    ms, messages = review_frames((1920, 1080), frames=frames)  # the table while the game review works
    out["frame_ms_p99_1080p_review"] = round(p99(ms), 3)
    out["frame_ms_p99_1080p_review_off"] = round(p99(review_frames((1920, 1080), frames=frames, review=False)[0]), 3)
    out["review_messages_during_frames"] = messages
    out.update(review_ready_figures(quick))  # review_ready_s_<board>, review_ready_s_max
    return out


# ------------------------------------------------------------------------------------------------
# taps and a scripted minute of play


_names: list[str] = []


def _names_folder() -> str:
    """An empty folder of this process's for kept name placements (removed at exit)."""
    if not _names:
        import atexit
        import shutil
        import tempfile

        _names.append(tempfile.mkdtemp(prefix="underground-bench-names-"))
        atexit.register(shutil.rmtree, _names[0], True)
    return _names[0]


def _table(size: tuple[int, int], seed: int = 7, actions: int = 90):
    """A headless app showing a mid-game 4-player table (every seat human), after its first frame."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from ..ai import make_bot
    from ..engine import apply, new_game
    from .app import App
    from .play_scene import PlayScene
    from .seats import SeatConfig, default_edges

    from .board import name_cache

    os.environ[name_cache.CACHE_ENV] = _names_folder()  # the bench times placing the names, not reading them
    app = App(size=tuple(size), headless=True)
    state = new_game("london", 4, seed=seed)
    bot = make_bot("random", seed)
    for _ in range(actions):
        apply(state, bot.choose(state))
    while state.phase != "actions" or state.actions_left < 2:
        apply(state, bot.choose(state))
    seats = [SeatConfig(name=p.name, edge=e) for p, e in zip(state.players, default_edges(4))]
    scene = PlayScene(app, state, seats)
    app.push(scene)
    for _ in range(3):
        app.step(1 / 60)
    return app, scene


def _finger(kind: str, x: float, y: float, size, finger_id: int):
    import pygame

    et = {"down": pygame.FINGERDOWN, "move": pygame.FINGERMOTION, "up": pygame.FINGERUP}[kind]
    return pygame.event.Event(et, x=x / (size[0] - 1), y=y / (size[1] - 1), dx=0.0, dy=0.0, touch_id=1,
                              finger_id=finger_id, pressure=1.0)


def _legal_point(scene, rng):
    """A screen point on a legal track space for the selected line, and that connection."""
    from ..engine.rules import legal_placements

    st = scene.state
    line = scene.selected.get(st.current)
    conns = [c for li, c, _ in legal_placements(st) if li == line]
    rng.shuffle(conns)
    for c in conns:
        pt = scene.point_for_connection(c)
        if pt is not None:
            return pt, c
    return None, None


def tap_latencies(size: tuple[int, int] = (1920, 1080), taps: int = 60, seed: int = 1,
                  clock: str = "wall") -> list[float]:
    """Milliseconds from posting a finger's release on a legal space (its press already handled) to the end
    of the frame that shows the token: the app's own loop pass (events, update, draw, display update).

    Each tap is taken back (Undo, untimed) and the animations are let finish, so every tap lands on the
    same kind of mid-game table; the line and the space change from tap to tap. ``clock="cpu"`` counts
    this process's CPU time instead of the wall clock (the frame's own cost on a busy machine).
    """
    timer = time.process_time if clock == "cpu" else time.perf_counter
    import pygame

    from ..engine.rules import legal_placements

    app, scene = _table(size)
    rng = random.Random(seed)
    out = []
    try:
        st = scene.state
        fid = 1000
        for i in range(taps):
            player = st.current
            lines = [li for li in st.players[player].lines if st.lines[li].tokens_left > 0
                     and any(p[0] == li for p in legal_placements(st))]
            if lines:
                scene.selected[player] = lines[i % len(lines)]
            for _ in range(2):
                app.step(1 / 60)  # the glow for the chosen line is on the table before the tap
            (x, y), conn = _legal_point(scene, rng)
            if conn is None:
                raise RuntimeError("no legal space on screen to tap")
            before = len(st.tokens[conn])
            fid += 1
            pygame.event.post(_finger("down", x, y, app.size, fid))
            app.step(1 / 120)
            pygame.event.post(_finger("up", x, y, app.size, fid))
            t0 = timer()
            drawn = app.step(1 / 120)
            out.append((timer() - t0) * 1000.0)
            if not drawn or len(st.tokens[conn]) != before + 1:
                raise RuntimeError(f"tap {i} on connection {conn} did not place a token in a drawn frame")
            scene.skip_animations()
            ux, uy = scene.point_for_button(player, "undo")  # untimed: back to the same table
            for kind in ("down", "up"):
                fid += 1 if kind == "down" else 0
                pygame.event.post(_finger(kind, ux, uy, app.size, fid))
                app.step(1 / 60)
            if len(st.tokens[conn]) != before:
                raise RuntimeError("undo did not take the token back")
            scene.skip_animations()
            app.step(1 / 60)
        return out
    finally:
        app.close()


def scripted_minute(size: tuple[int, int] = (1920, 1080), seconds: float = 60.0, seed: int = 2,
                    clock: str = "wall") -> list[float]:
    """Milliseconds of every loop pass over a minute of simulated play at 60 frames a second: taps that
    place tokens (the passenger travels after each third action), a wheel zoom in and out, finger pans, a
    window resize and back. Real drawing, headless; the game's clock is simulated so every run plays the
    same. ``clock="cpu"`` measures each pass in this process's CPU time instead of the wall clock."""
    timer = time.process_time if clock == "cpu" else time.perf_counter
    import pygame

    app, scene = _table(size)
    rng = random.Random(seed)
    st = scene.state
    dt = 1 / 60
    frames = int(seconds / dt)
    plan: dict[int, str] = {}
    for f in range(60, frames - 60, 75):
        plan[f] = "tap"
    for f, what in ((600, "zoom_in"), (640, "zoom_in"), (700, "pan"), (900, "pan"), (1500, "resize"),
                    (1900, "resize_back"), (2400, "zoom_in"), (2460, "pan"), (2700, "zoom_out"),
                    (2720, "zoom_out")):
        plan[f] = what
    out = []
    fid = 5000
    pending: list[tuple[int, list]] = []  # (frame, events) posted later, e.g. a finger's release
    try:
        for f in range(frames):
            what = plan.get(f)
            evs = []
            if what == "tap" and st.phase == "actions" and scene._human_turn():
                pt, conn = _legal_point(scene, rng)
                if conn is None and st.players[st.current].lines:
                    scene.selected[st.current] = rng.choice(st.players[st.current].lines)
                elif conn is not None:
                    x, y = pt
                    fid += 1
                    evs.append(_finger("down", x, y, app.size, fid))
                    pending.append((f + 6, [_finger("up", x, y, app.size, fid)]))
            elif what == "tap" and st.phase == "route":
                pt = scene.point_for_button(st.current, "route:0")
                if pt:
                    for _ in range(2):  # preview, then choose
                        fid += 1
                        pending.append((f + 1, [_finger("down", *pt, app.size, fid)]))
                        pending.append((f + 4, [_finger("up", *pt, app.size, fid)]))
                        f += 6
            elif what in ("zoom_in", "zoom_out"):
                bx, by = scene.board_view.rect.center
                evs.append(pygame.event.Event(pygame.MOUSEMOTION, pos=(bx, by), rel=(0, 0), buttons=(0, 0, 0),
                                              touch=False))
                step = 2.0 if what == "zoom_in" else -2.0
                for k in range(4):
                    pending.append((f + 1 + 3 * k, [pygame.event.Event(
                        pygame.MOUSEWHEEL, x=0, y=int(step), precise_x=0.0, precise_y=step, flipped=False,
                        touch=False, which=0)]))
            elif what == "pan":
                x, y = scene.board_view.rect.center
                fid += 1
                evs.append(_finger("down", x, y, app.size, fid))
                for k in range(1, 31):
                    pending.append((f + k, [_finger("move", x - 9 * k, y - 5 * k, app.size, fid)]))
                pending.append((f + 32, [_finger("up", x - 270, y - 150, app.size, fid)]))
            elif what in ("resize", "resize_back"):
                w, h = (round(size[0] * 0.8), round(size[1] * 0.8)) if what == "resize" else size
                evs.append(pygame.event.Event(pygame.VIDEORESIZE, w=w, h=h, size=(w, h)))
            due = [e for fr, es in pending if fr == f for e in es]
            pending = [(fr, es) for fr, es in pending if fr != f]
            for e in evs + due:
                pygame.event.post(e)
            t0 = timer()
            app.step(dt)
            out.append((timer() - t0) * 1000.0)
        return out
    finally:
        app.close()


# ------------------------------------------------------------------------------------------------
# phones at the table


PHONES, SPECTATORS = 5, 10  # frame_ms_p99_1080p_phones: this many connected, receiving every update
PUBLISH_EVERY = 6  # frames between updates sent to them (10 a second: more than a table makes)


class _BenchPhones:
    """Phones and spectators on their own thread and asyncio loop (loopback), counting the states they get."""

    def __init__(self, companion, seats: int, spectators: int):
        import asyncio
        import threading

        self.companion = companion
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name="bench-phones", daemon=True)
        self.thread.start()
        self.states: list[int] = []
        self.sockets: list = []
        tokens = list(companion.seat_tokens[:seats]) + [companion.spectator_token] * spectators
        asyncio.run_coroutine_threadsafe(self._open(tokens), self.loop).result(30)

    async def _open(self, tokens: list[str]) -> None:
        import aiohttp

        self.session = aiohttp.ClientSession()
        for i, token in enumerate(tokens):
            ws = await self.session.ws_connect(f"ws://127.0.0.1:{self.companion.port}/ws")
            await ws.send_str('{"type": "hello", "token": "%s"}' % token)
            self.states.append(0)
            self.sockets.append(ws)
            self.loop.create_task(self._read(i, ws))

    async def _read(self, i: int, ws) -> None:
        async for msg in ws:
            if '"type":"state"' in msg.data[:20]:
                self.states[i] += 1

    def close(self) -> None:
        import asyncio

        async def shut():
            for ws in self.sockets:
                await ws.close()
            await self.session.close()
        asyncio.run_coroutine_threadsafe(shut(), self.loop).result(30)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)


def phones_frames(size: tuple[int, int] = (1920, 1080), frames: int = 300) -> tuple[list[float], dict]:
    """bench_frames with phones at the table: a 5-seat table whose every seat has a kept phone, 10 spectators,
    the position sent to all of them every PUBLISH_EVERY frames; returns the frame times and what they got."""
    from ..companion import KEPT, Companion
    from .play.phones import TablePhones
    from .play_scene import bench_frames

    got: dict = {}

    def prepare(scene):
        companion = Companion(host="127.0.0.1", port=0).start()
        scene.phones = TablePhones(scene, companion)
        scene.phones.update()
        phones = _BenchPhones(companion, PHONES, SPECTATORS)
        for seat in range(PHONES):
            deadline = time.monotonic() + 10
            while companion.phone(seat) != "asking" and time.monotonic() < deadline:
                time.sleep(0.01)
            companion.keep(seat)
        deadline = time.monotonic() + 10
        while any(companion.phone(s) != KEPT for s in range(PHONES)) and time.monotonic() < deadline:
            time.sleep(0.01)
        published = [0]

        def each_frame(i: int) -> None:
            time.sleep(1 / 60)  # the game loop sleeps the rest of each frame: the phones' threads run then
            if i % PUBLISH_EVERY == 0:
                scene.phones._published = None  # as if the position changed: sent to every phone this frame
                published[0] += 1

        def finish() -> None:
            time.sleep(0.5)  # the last update on its way
            got.update(updates=published[0], least_states=min(phones.states), sockets=len(phones.states))
            phones.close()
            companion.stop()

        return each_frame, finish

    ms = bench_frames(size, frames=frames, players=PHONES, prepare=prepare)
    return ms, got
