"""Waits show progress (game/ui/loading.py): the first frame comes before the heavy work, and a frame is shown
between the steps of the work. How long the waits take is the bench's (docs/bench.md, "Waits"), not a test's."""
from __future__ import annotations

import subprocess
import sys

import pygame
import pytest

from game.ui.app import App
from game.ui.loading import LoadingScene, open_loading, progress_rect, screen_steps
from game.ui.scene import Scene
from game.ui.screens import make_screen


class Shown(Scene):
    """What a wait prepared."""


def recording_steps(app, seen: list, n: int = 5, fail: bool = False):
    for k in range(n):
        seen.append(app.frames_drawn)  # frames shown before this step
        yield (k + 1) / n
    if fail:
        raise ValueError("the record does not replay")
    return Shown(app)


def forget_placed_names() -> None:
    """Names placed by earlier tests in this process are kept (board/names.py, cities/newyork.py): a wait that
    finds them has little to do."""
    from game.ui.board import names
    from game.ui.cities import drawing_for

    names._placements.clear()
    drawing_for("newyork")._names.clear()


def run_until_done(app, most: int = 5000) -> None:
    for _ in range(most):
        if not isinstance(app.top, LoadingScene):
            return
        app.step(1 / 60)
    raise AssertionError("the wait never ended")


def test_the_first_frame_comes_before_any_step_and_a_frame_between_steps(app):
    seen: list[int] = []
    before = app.frames_drawn
    loading = LoadingScene(app, recording_steps(app, seen), slice_s=0.0)  # one step a frame
    app.push(loading)
    app.step(1 / 60)
    assert seen == [] and app.frames_drawn == before + 1, "the first frame must be shown before any work"
    run_until_done(app)
    assert isinstance(app.top, Shown)
    assert len(seen) == 5
    assert all(b > a for a, b in zip(seen, seen[1:])), f"no frame between two steps: {seen}"


def test_progress_moves_from_frame_to_frame(app):
    """The band changes on every frame even when the fraction does not (the passenger travels)."""
    seen: list[int] = []

    def slow():
        for _ in range(3):
            seen.append(app.frames_drawn)
            yield None  # no progress reported: still something moves
        return Shown(app)

    app.push(LoadingScene(app, slow(), slice_s=0.0))
    band = progress_rect(app.size)
    pictures = []
    for _ in range(3):
        app.step(1 / 60)
        pictures.append(pygame.image.tobytes(app.screen.subsurface(band), "RGB"))
    assert len(set(pictures)) == 3


def test_a_step_that_fails_shows_the_screen_on_error_gives(app):
    seen: list[int] = []
    got = []

    def on_error(exc):
        got.append(exc)
        return Shown(app)

    open_loading(app, recording_steps(app, seen, n=2, fail=True), on_error=on_error)
    run_until_done(app)
    assert isinstance(app.top, Shown) and isinstance(got[0], ValueError)
    assert len(app.scenes) == 1


def test_start_game_shows_progress_before_the_play_screen_is_made(app):
    from game.ui.play_scene import PlayScene
    from game.ui.screens.table_setup import default_setup

    forget_placed_names()
    setup = make_screen(app, "setup", default_setup(5, "newyork", "table"))
    app.push(setup)
    app.step(1 / 60)
    setup.start()
    loading = app.top
    assert isinstance(loading, LoadingScene)
    loading.slice_s = 0.0  # a step a frame, however fast the machine
    app.step(1 / 60)
    assert loading.frames == 1 and loading.steps_run == 0, "the first progress frame comes before the work"
    run_until_done(app)
    play = app.top
    assert isinstance(play, PlayScene)
    # the names were placed and the sheet drawn in steps, a frame shown between them
    assert loading.steps_run > 10 and loading.frames > loading.steps_run
    assert play.board_view.names.key == play.board_view.names.wanted() and not play.board_view.busy
    # its first frame on screen only copies what was prepared (no rebuild left for the next frames)
    app.step(1 / 60)
    assert not play.board_view.busy


def test_the_guide_starts_on_the_prepared_play_screen(app):
    from game.ui.screens.table_setup import default_setup

    setup = make_screen(app, "setup", default_setup(2, "london", "laptop"))
    setup.guide = True
    app.push(setup)
    app.step(1 / 60)
    setup.start()
    run_until_done(app)
    assert app.top.guide is not None


def test_watch_shows_progress_before_the_replay_is_made(app, tmp_path):
    from game.ai import RandomBot
    from game.engine import apply, new_game
    from game.ui.screens.replay import ReplayScene
    from game.ui.seats import SeatConfig, default_edges

    state = new_game("london", 4, seed=5)
    bots = [RandomBot(i) for i in range(4)]
    while not state.over:
        apply(state, bots[state.current].choose(state))
    app.saves.save(app.saves.new_id(state), state,
                   [SeatConfig(name=p.name, edge=e) for p, e in zip(state.players, default_edges(4, "table"))])
    history = make_screen(app, "finished_games")
    app.push(history)
    app.step(1 / 60)
    forget_placed_names()
    history.watch(app.saves.history()[0][0].id)
    loading = app.top
    assert isinstance(loading, LoadingScene)
    loading.slice_s = 0.0
    app.step(1 / 60)
    assert loading.frames == 1 and loading.steps_run == 0
    run_until_done(app)
    assert isinstance(app.top, ReplayScene) and loading.steps_run > 10 and loading.frames > loading.steps_run
    assert app.top.step == 0 < app.top.n_steps  # the viewer opens at the game's start (issue 22 item 8)


def test_the_title_at_launch_is_prepared_behind_progress(app):
    from game.ui.loading import TITLE_MODULES

    loading = open_loading(app, screen_steps(app, "title", modules=TITLE_MODULES))
    app.step(1 / 60)
    assert loading.frames == 1 and loading.steps_run == 0
    run_until_done(app)
    assert type(app.top).__name__ == "TitleScene" and loading.frames >= 2


def test_the_launch_shows_a_frame_before_reading_the_settings(monkeypatch):
    """App(splash=True): the progress picture is on the window before the settings (and with them the engine),
    the sound and the saved games are opened."""
    import game.ui.app as app_module
    from game.ui.theme import Theme

    on_screen = []
    real = app_module.open_settings

    def open_settings():
        surf = pygame.display.get_surface()
        band = progress_rect(surf.get_size())
        on_screen.append(surf.get_at((band.centerx, band.centery))[:3])
        return real()

    monkeypatch.setattr(app_module, "open_settings", open_settings)
    a = App(size=(1280, 720), headless=True, splash=True)
    try:
        assert a.splash_at is not None
        assert on_screen and on_screen[0] != Theme().bg, "nothing was drawn before the settings were read"
    finally:
        a.close()


def test_the_play_screen_does_not_load_the_phones_server():
    """aiohttp (~0.15 s) is imported when phones are first used, not with the play screen."""
    code = "import sys, game.ui.play_scene; assert 'aiohttp' not in sys.modules, 'aiohttp loaded'"
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       env={**__import__("os").environ, "SDL_VIDEODRIVER": "dummy"})
    assert r.returncode == 0, r.stderr[-800:]


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
def test_new_york_cluster_names_in_steps_are_the_names_placed_at_once(size):
    from game.engine.board import load_board
    from game.ui.board.view import BoardView

    board = load_board("newyork")
    view = BoardView(board, pygame.Rect(0, 0, *size))
    city = view.city
    city._names.clear()
    yields = sum(1 for _ in city.prepare_job(view))
    assert yields > 3, "the clusters are placed a step each"
    stepped = city.cluster_names(view)
    city._names.clear()  # the city's drawing is shared: placed again at once
    assert city.cluster_names(view) == stepped and stepped


def test_a_resized_window_shows_the_progress_picture_whole(app):
    def slow():
        for _ in range(4):
            yield None
        return Shown(app)

    app.push(LoadingScene(app, slow(), slice_s=0.0))
    app.step(1 / 60)
    app.screen.fill((255, 0, 0))  # what a bigger window holds before anything is drawn on it
    app.resize(1600, 900)
    app.step(1 / 60)
    assert app.screen.get_at((5, 5))[:3] == app.theme.bg
