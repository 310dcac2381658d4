"""The waits players sit through, for `underground bench` (docs/bench.md, "Waits"): launch to the title, Start
game to the board, Watch to the replay. Each is timed in a fresh process (modules not yet imported, no names
placed yet), as a player meets it, with the real App under SDL's dummy drivers.

``python -m game.ui.bench_waits start MAP`` and ``... watch DATA_DIR`` are the child processes: they print one
JSON object (the wait in seconds, when its first frame came, how many frames were shown and the longest gap).
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time

BOARDS = (("london", "standard"), ("london", "classic"), ("berlin", "standard"), ("newyork", "standard"),
          ("paris", "standard"))
SEATS = 5  # five seats round the table: the smallest board, the most crowded names (the slowest start)
SIZE = (1920, 1080)


def _env(data_dir: str, pycache: str) -> dict:
    """The children's environment: dummy drivers, their own data folder, and compiled modules kept (in
    ``pycache``, outside the source tree) as an installed game has them, even where the caller's environment
    says not to write them (PYTHONDONTWRITEBYTECODE: every process would compile the game's ~200 modules
    again, ~0.8 s of processor time). A first, untimed run compiles them."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", UNDERGROUND_DATA_DIR=data_dir,
               PYTHONPYCACHEPREFIX=pycache, UNDERGROUND_CACHE_DIR=pycache + "-names")
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def _median(values: list[float]) -> float:
    v = sorted(values)
    return v[len(v) // 2]


# ------------------------------------------------------------------------------------------------
# launch


def launch_figures(runs: int = 3) -> dict:
    """Medians of seconds from spawning `underground play` to its first frame (the progress picture) and to the
    title drawn (the ``UNDERGROUND_STARTUP_PROBE`` hook prints both and leaves); and, run alternately in the same
    session, the floor: a bare interpreter that imports pygame, opens the window and shows one frame."""
    floor_code = ("import time, pygame; pygame.display.init(); s = pygame.display.set_mode((%d, %d)); "
                  "s.fill((242, 240, 234)); pygame.display.flip(); print('first-frame', repr(time.time()))" % SIZE)
    first, title, floor = [], [], []
    with tempfile.TemporaryDirectory(prefix="underground-bench-") as root:
        env = _env(os.path.join(root, "data"), os.path.join(root, "pycache"))
        play = [sys.executable, "-m", "game.cli", "play", "--size", "%dx%d" % SIZE]
        probe = dict(env, UNDERGROUND_STARTUP_PROBE="1")
        _spawn(play, probe)  # untimed: compiles the modules
        for _ in range(runs):
            stamps = _spawn(play, probe)
            first.append(stamps["first-frame"])
            title.append(stamps["title"])
            floor.append(_spawn([sys.executable, "-c", floor_code], env)["first-frame"])
    return {"first_frame_s": round(_median(first), 3), "launch_to_title_s": round(_median(title), 3),
            "first_frame_floor_s": round(_median(floor), 3)}


def _spawn(cmd: list[str], env: dict) -> dict[str, float]:
    """Run ``cmd``; the seconds from just before it was spawned to each ``name time.time()`` line it printed."""
    t0 = time.time()
    r = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=120)
    if r.returncode != 0:
        raise RuntimeError(f"{cmd[-2:]} failed: {r.stderr.strip()[-400:]}")
    out = {}
    for line in r.stdout.splitlines():
        parts = line.split()
        if len(parts) == 2:
            try:
                out[parts[0]] = float(parts[1]) - t0
            except ValueError:
                pass
    if not out:
        raise RuntimeError(f"{cmd[-2:]} printed no time stamps: {r.stdout[-400:]!r}")
    return out


# ------------------------------------------------------------------------------------------------
# Start game and Watch, each in a fresh process


def wait_figures(runs: int = 3) -> dict:
    """``start_game_s``: the slowest board's median seconds from the Start game tap to the board shown ready
    (five seats round the table); ``watch_s``: the same from the Watch tap to the replay of a finished five-seat
    game (the slowest board's); per board ``start_game_s_<board>`` and ``watch_s_<board>``; and the first
    progress frame after each tap (``*_first_frame_ms``, the slowest) and the longest time between two frames
    (``*_gap_ms``, the longest). ``*_cpu_s``: the same waits in the child's CPU time (their own cost when
    other programs share the processor). Each child keeps its name placements in a folder of its own, so every
    wait is a first one (name_cache.py); ``start_game_warm_s``: the slowest board's Start game with its names
    kept on disk by the run before (one run)."""
    out: dict = {}
    start_first, start_gap, watch_first, watch_gap = [], [], [], []
    with tempfile.TemporaryDirectory(prefix="underground-bench-") as root:
        pycache = os.path.join(root, "pycache")
        for k, (map_id, variant) in enumerate(BOARDS):
            name = map_id if variant == "standard" else "classic"
            data = os.path.join(root, name)
            _finished_game(data, map_id, variant)
            env = _env(data, pycache)
            if k == 0:
                _child(["watch", data], env)  # untimed: compiles the modules
            got = [_child(["start", map_id, variant], _cold(env, root)) for _ in range(runs)]
            out[f"start_game_s_{name}"] = round(_median([g["ready_s"] for g in got]), 3)
            warm = dict(env, UNDERGROUND_CACHE_DIR=_cold(env, root)["UNDERGROUND_CACHE_DIR"])
            _child(["start", map_id, variant], warm)  # (keeps this board's name placements on disk)
            out[f"start_game_warm_s_{name}"] = _child(["start", map_id, variant], warm)["ready_s"]
            out[f"start_game_cpu_s_{name}"] = round(_median([g["cpu_s"] for g in got]), 3)
            start_first.append(_median([g["first_frame_ms"] for g in got]))
            start_gap.append(_median([g["gap_ms"] for g in got]))
            got = [_child(["watch", data], _cold(env, root)) for _ in range(runs)]
            out[f"watch_s_{name}"] = round(_median([g["ready_s"] for g in got]), 3)
            out[f"watch_cpu_s_{name}"] = round(_median([g["cpu_s"] for g in got]), 3)
            watch_first.append(_median([g["first_frame_ms"] for g in got]))
            watch_gap.append(_median([g["gap_ms"] for g in got]))
    out["start_game_s"] = max(v for k, v in out.items() if k.startswith("start_game_s_"))
    out["start_game_warm_s"] = max(v for k, v in out.items() if k.startswith("start_game_warm_s_"))
    out["watch_s"] = max(v for k, v in out.items() if k.startswith("watch_s_"))
    out["start_game_cpu_s"] = max(v for k, v in out.items() if k.startswith("start_game_cpu_s_"))
    out["watch_cpu_s"] = max(v for k, v in out.items() if k.startswith("watch_cpu_s_"))
    out["start_game_first_frame_ms"] = round(max(start_first), 1)
    out["start_game_gap_ms"] = round(max(start_gap), 1)
    out["watch_first_frame_ms"] = round(max(watch_first), 1)
    out["watch_gap_ms"] = round(max(watch_gap), 1)
    return out


def _cold(env: dict, root: str) -> dict:
    """``env`` with a name placement cache of its own, empty (board/name_cache.py)."""
    return dict(env, UNDERGROUND_CACHE_DIR=tempfile.mkdtemp(prefix="names-", dir=root))


def _child(args: list[str], env: dict) -> dict:
    r = subprocess.run([sys.executable, "-m", "game.ui.bench_waits", *args], capture_output=True, text=True,
                       env=env, timeout=300)
    if r.returncode != 0:
        raise RuntimeError(f"bench wait {args} failed: {r.stderr.strip()[-600:]}")
    return json.loads(r.stdout.strip().splitlines()[-1])


def _finished_game(data: str, map_id: str, variant: str) -> None:
    """A finished five-seat game of random players in the history of ``data``, seated round the table."""
    from ..ai import RandomBot
    from ..engine import apply, new_game
    from ..saves import SaveStore
    from .seats import SeatConfig, default_edges

    state = new_game(map_id, SEATS, seed=11, variant=variant)
    bots = [RandomBot(i) for i in range(SEATS)]
    while not state.over:
        apply(state, bots[state.current].choose(state))
    store = SaveStore(data)
    seats = [SeatConfig(name=p.name, edge=e) for p, e in zip(state.players, default_edges(SEATS, "table"))]
    store.save(store.new_id(state), state, seats)


def _measure(app, tap, ready) -> dict:
    """Run the app's loop as ``App.run`` does (without sleeping) from ``tap()`` until ``ready()`` after a frame:
    the seconds it took (and this process's CPU seconds), when the first frame after the tap came and the
    longest time between two frames."""
    t0 = last = time.perf_counter()
    c0 = time.process_time()
    tap()
    first = None
    gap = 0.0
    prev = t0
    while True:
        n = app.frames_drawn
        now = time.perf_counter()
        app.step(now - prev)  # the real time since the last pass, as App._loop gives it
        prev = now
        t = time.perf_counter()
        if app.frames_drawn > n:
            first = t - t0 if first is None else first
            gap = max(gap, t - last)
            last = t
            if ready():
                return {"ready_s": round(t - t0, 4), "cpu_s": round(time.process_time() - c0, 4),
                        "first_frame_ms": round(first * 1000, 2), "gap_ms": round(gap * 1000, 2)}
        if t - t0 > 120:
            raise RuntimeError("the wait did not end in two minutes")


def _ready(app, kind: str) -> bool:
    """The screen waited for is on top, drawn, its board's picture finished (no progressive rebuild left)."""
    top = app.top
    return type(top).__name__ == kind and not top.board_view.busy and not top.backdrop.pending


def _main(argv: list[str]) -> int:
    from .app import App
    from .screens import make_screen

    app = App(size=SIZE, headless=True, sound=False, save_games=False)
    if argv[0] == "start":
        from .screens.table_setup import default_setup

        setup = default_setup(SEATS, argv[1], "table")
        setup.variant = argv[2]
        scene = make_screen(app, "setup", setup)
        app.push(scene)
        app.step(1 / 60)
        got = _measure(app, scene.start, lambda: _ready(app, "PlayScene"))
    else:
        scene = make_screen(app, "finished_games")
        app.push(scene)
        app.step(1 / 60)
        game_id = app.saves.history()[0][0].id
        got = _measure(app, lambda: scene.watch(game_id), lambda: _ready(app, "ReplayScene"))
    app.close()
    print(json.dumps(got))
    return 0


if __name__ == "__main__":
    sys.exit(_main(sys.argv[1:]))
