"""Screenshots of the game review for the docs: a real two-player game per board played on the play screen
(seat 0 a person, played here by the easy computer as a stand-in; seat 1 the hard computer), reviewed by the
background process as at the table, then the end screen's review at 1920x1080 and 1280x720.

    .venv/bin/python tools/review_shots.py [board ...]      # writes docs/screenshots/review-<board>-<size>.png
    .venv/bin/python tools/review_shots.py --bar            # the win-chance bar and chart (the setting on)
"""
from __future__ import annotations

import os
import sys
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

BOARDS = ("london", "london-2006", "berlin", "newyork", "paris")


def play_reviewed_game(app, map_name: str, seed: int, person: str = "easy", computer: str = "hard", each=None):
    """The game on the real play screen, the person's seat acted for by ``person``; returns the end screen.
    ``each(scene)`` is called after every action."""
    from game.ai import make_bot
    from game.ui.screens import open_screen
    from game.ui.screenshot import demo_state, demo_seats

    state = demo_state(map_name, 2, seed=seed, actions=0)
    seats = demo_seats(state, {1: computer})
    scene = open_screen(app, "play", state, seats, computer_speed="fast")
    stand_in = make_bot(person, seed)
    while not state.over:
        if scene._is_computer(state.current):
            scene.play_computer_turn()
        else:
            scene.act(stand_in.choose(state))
        scene.skip_animations()
        scene.update(1 / 60)
        if each is not None:
            each(scene)
    scene.on_game_over()
    return app.top


def main(boards) -> None:
    import pygame

    from game.ui.app import App

    app = App(size=(1920, 1080), headless=True)
    app.review_games = True
    try:
        for k, b in enumerate(boards):
            end = play_reviewed_game(app, b, seed=11 + k)
            t0 = time.perf_counter()
            while not end.reviewer().ready:
                end.update(1 / 60)
                time.sleep(0.05)
            print(f"{b}: review ready {time.perf_counter() - t0:.1f} s after the last action; costs of the shown "
                  f"turns: {[d['cost'] for d in end.reviewed(0)]}", flush=True)
            end.opened_at = -10.0
            end.update(1 / 60)
            end.show_review()
            for size in ((1920, 1080), (1280, 720)):
                app.resize(*size)
                end.update(1 / 60)
                app.draw(force=True)
                out = f"docs/screenshots/review-{b}-{size[0]}x{size[1]}.png"
                pygame.image.save(app.screen, out)
                print("wrote", out, flush=True)
            app.resize(1920, 1080)
    finally:
        app.close()


def bar_shots(map_name: str = "london", seed: int = 21) -> None:
    """The win-chance bar on the play screen mid-game and the chances in the end screen's chart (the setting on):
    docs/screenshots/win-bar-play.png and win-chance-chart.png."""
    import tempfile

    import pygame

    from game.ui.app import App

    os.environ["UNDERGROUND_CONFIG_DIR"] = tempfile.mkdtemp(prefix="underground-shots-")  # not the user's settings
    app = App(size=(1920, 1080), headless=True)
    app.review_games = True
    prefs = app.settings.preferences()
    prefs.win_chance = True
    app.settings.remember_preferences(prefs)
    shot = []

    def mid_game(scene) -> None:
        state = scene.state
        if not shot and state.turn >= 16 and state.current == 0 and state.turn_log_start == len(state.log):
            while len(scene.review.chances) <= state.turn:
                scene.update(1 / 60)
                time.sleep(0.05)
            app.draw(force=True)
            pygame.image.save(app.screen, "docs/screenshots/win-bar-play.png")
            shot.append(True)

    try:
        end = play_reviewed_game(app, map_name, seed, each=mid_game)
        while not end.reviewer().ready:
            end.update(1 / 60)
            time.sleep(0.05)
        end.opened_at = -10.0
        end.update(1 / 60)
        app.draw(force=True)
        pygame.image.save(app.screen, "docs/screenshots/win-chance-chart.png")
    finally:
        app.close()


if __name__ == "__main__":
    if sys.argv[1:] == ["--bar"]:
        bar_shots()
    else:
        main(sys.argv[1:] or BOARDS)
