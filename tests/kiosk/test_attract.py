"""Attract mode: demo games on the real play screen, captions, pacing, and memory over many games."""
from __future__ import annotations

import logging
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

from game.engine import events as ev
from game.engine import new_game
from game.engine.rules import board_of
from game.ui.kiosk import attract as attract_mod
from game.ui.app import FIXED_DT, App
from game.ui.kiosk.attract import AttractScene, CaptionBoard, DemoPlayScene, best_level, captions_for
from game.ui.kiosk.mode import attract_rss_growth
from game.ui.play_scene import PlayScene

RSS_LIMIT_MB = 2.0  # over the soak's 1000 and 300 games, once the heap has filled: the leak guard
# five games after the warm-up grew 1.86-2.16 MB on 26 Nov 2026 (fcf8d36: 2.14 with the names' last search, 1.90
# with it off; at 18:40 UTC 1.86), and ten games 2.83 (search on) and 3.60 MB (off): the first games still grow the
# heap whatever the search does, and too noisily for five games to tell a leak. Whether it levels off is the
# 1000-game soak's question, which keeps 2 MB
QUICK_RSS_LIMIT_MB = 2.5


# ------------------------------------------------------------------------------------------------
# memory


def test_attract_games_do_not_grow_memory():
    """Five accelerated demo games (drawn every update) after a warm-up: RSS grows by at most 2.5 MB.

    Measured in a process of its own, as a kiosk runs it: in a test worker the RSS also carries whatever the
    tests run before it left behind (fonts, surfaces, other boards' caches), which is not the demo's growth."""
    cpu = resource.getrusage(resource.RUSAGE_CHILDREN)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    code = "from game.ui.kiosk.mode import attract_rss_growth; print(attract_rss_growth(5, level='easy'))"
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=300,
                         cwd=Path(__file__).resolve().parents[2])
    assert out.returncode == 0, out.stderr[-2000:]
    growth = float(out.stdout.strip().splitlines()[-1])
    assert growth <= QUICK_RSS_LIMIT_MB, f"RSS grew by {growth} MB over 5 attract games"
    # the demo's own processor time, not the wall clock: a shared, loaded machine stretched the wall clock to 158 s
    done = resource.getrusage(resource.RUSAGE_CHILDREN)
    assert done.ru_utime + done.ru_stime - cpu.ru_utime - cpu.ru_stime < 120


@pytest.mark.soak
def test_attract_soak_1000_games_do_not_grow_memory():
    """The real thing: 1000 demo games at the attract mode's own level (hard: about 7.5 s of processor time a
    game on the shared 2-core machine, 26 Nov 2026, so about 2 hours)."""
    curve: list[tuple[int, float]] = []
    growth = attract_rss_growth(1000, curve=curve)
    print("attract RSS growth (games, MB):", curve)
    leak = leaked(curve)
    assert leak <= RSS_LIMIT_MB, f"RSS grew by {leak} MB after the heap filled ({growth} MB in all) over 1000 " \
                                 f"attract games at {best_level()}: {curve}"


@pytest.mark.soak
def test_attract_soak_screens_only_300_random_games():
    """The screens and the engine alone (random moves keep no AI caches): tells a UI leak from an AI one."""
    curve: list[tuple[int, float]] = []
    growth = attract_rss_growth(300, level="random", curve=curve)
    print("attract RSS growth, random moves (games, MB):", curve)
    leak = leaked(curve)
    assert leak <= RSS_LIMIT_MB, f"RSS grew by {leak} MB after the heap filled ({growth} MB in all) over 300 " \
                                 f"attract games with random moves: {curve}"


def leaked(curve: list[tuple[int, float]]) -> float:
    """MB the process grew from the first third of a long run to the last. The first games fill the heap to
    its high-water mark (fonts at every size the boards and seat counts ask for, the largest game's pictures
    and tables: 50-125 MB over the first 10-50 random games on 26 Nov 2026, then flat, even falling, with
    passing peaks); a leak goes on climbing after that, a filled heap does not. So: the lowest sample of the
    last third above the highest of the first (a passing peak at either end does not count)."""
    third = max(1, len(curve) // 3)
    return round(min(mb for _, mb in curve[-third:]) - max(mb for _, mb in curve[:third]), 3)


def test_the_leak_measure_sees_a_climb_and_not_a_filled_heap():
    filled = [(50, 110.6), (100, 109.4), (150, 100.0), (200, 125.3), (250, 102.9), (300, 101.0)]
    assert leaked(filled) <= RSS_LIMIT_MB
    climbing = [(50, 110.0), (100, 112.0), (150, 114.0), (200, 116.0), (250, 118.0), (300, 120.0)]
    assert leaked(climbing) > RSS_LIMIT_MB
    peak_at_the_end = filled[:-1] + [(300, 125.0), (350, 101.0)]
    assert leaked(peak_at_the_end) <= RSS_LIMIT_MB


# ------------------------------------------------------------------------------------------------
# the demo drives the real play screen


def test_the_demo_is_the_real_play_screen_with_computer_seats(app):
    scene = app.push(AttractScene(app, pace=0.0, level="random", seed=1, threaded=False, result_s=5.0))
    demo = scene.demo
    assert isinstance(demo, PlayScene) and isinstance(demo, DemoPlayScene)
    assert demo.state.n_players == 4
    assert all(s.computer for s in demo.seats)
    scene.play_games(1)
    assert scene.games_finished == 1 and scene.result is not None
    first = scene.result
    assert first.over
    scene.draw(app.screen)  # the result card
    scene.update(5.0)
    assert scene.result is None and scene.games_started == 2 and scene.demo.state is not first
    assert not scene.demo.state.log or scene.demo.state.setup.seed != first.setup.seed


def test_a_finished_demo_shows_the_result_for_a_while_then_deals_again(app):
    scene = app.push(AttractScene(app, pace=0.0, level="random", seed=2, threaded=False, result_s=3.0))
    scene.play_games(1)
    assert scene.result is not None
    for _ in range(int(2.5 / FIXED_DT)):
        scene.update(FIXED_DT)
    assert scene.result is not None, "the result went too soon"
    for _ in range(int(1.0 / FIXED_DT)):
        scene.update(FIXED_DT)
    assert scene.result is None and scene.games_started == 2


def test_the_best_level_is_used_and_random_is_the_fallback(monkeypatch):
    real = attract_mod.make_bot

    def builds(level):
        try:
            real(level, 0)
            return True
        except ValueError:
            return False

    assert best_level() == next(lv for lv in attract_mod.LEVEL_PREFERENCE if builds(lv))
    assert builds("hard") and best_level() == "hard"  # today the AI has all levels

    def only_random(level, seed=None):
        if level != "random":
            raise ValueError("not yet")
        return real(level, seed)

    monkeypatch.setattr(attract_mod, "make_bot", only_random)
    assert best_level() == "random"


def test_paced_demo_waits_between_actions_and_thinks_off_the_main_thread(app):
    scene = app.push(AttractScene(app, pace=0.5, level="easy", seed=3, threaded=True))
    demo = scene.demo
    times = []
    last = 0
    t = 0.0
    deadline = time.monotonic() + 30
    while len(times) < 6 and time.monotonic() < deadline:
        app.step(FIXED_DT)
        t += FIXED_DT
        if not demo.threaded:
            break
        n = len(demo.state.log)
        if n != last:
            times.append(t)
            last = n
        if demo._future is not None and not demo._future.done():
            time.sleep(0.001)  # give the worker a moment, as real frames would
    assert len(times) >= 6
    gaps = [b - a for a, b in zip(times, times[1:])]
    assert min(gaps) >= 0.5 - 1e-6, gaps
    demo.close()


def test_the_demo_changes_play_scene_only_through_its_public_hooks():
    """DemoPlayScene uses these PlayScene hooks; a rename there must fail here, loudly."""
    for name in ("on_game_over", "on_engine_events", "banner_text", "act", "update", "draw"):
        assert callable(getattr(PlayScene, name, None)), f"PlayScene.{name} is gone: update game/ui/kiosk/attract.py"
    for name in ("on_game_over", "on_engine_events", "banner_text", "update"):
        assert getattr(DemoPlayScene, name) is not getattr(PlayScene, name)
    assert PlayScene.drive_computers and not DemoPlayScene.drive_computers
    overridden = {n for n, v in vars(DemoPlayScene).items() if callable(v) and n.startswith("_") and not n.startswith("__")}
    private_of_play = {n for n in overridden if hasattr(PlayScene, n)}
    assert not private_of_play, f"the demo overrides PlayScene's private {sorted(private_of_play)}"


def test_the_demo_never_lets_play_scene_move_for_it(app, monkeypatch):
    """Only the paced driver moves: PlayScene's own computer turns (every BOT_DELAY) must not act."""
    scene = app.push(AttractScene(app, pace=5.0, level="random", seed=8, threaded=False))
    scene.demo.turns.bot_delay = 0.01
    for _ in range(int(4.0 / FIXED_DT)):
        scene.update(FIXED_DT)
    assert scene.demo.state.log == []  # nothing before the 5 s pace
    for _ in range(int(1.5 / FIXED_DT)):
        scene.update(FIXED_DT)
    assert len(scene.demo.state.log) == 1


def test_a_failing_computer_player_deals_a_new_game_instead_of_crashing(app, caplog):
    scene = app.push(AttractScene(app, pace=0.0, level="random", seed=4, threaded=False))

    class Broken:
        def choose(self, state):
            raise RuntimeError("bot exploded")

    scene.demo.demo_bots = [Broken()] * 4
    first = scene.demo
    with caplog.at_level(logging.ERROR, logger="underground"):
        for _ in range(3):
            scene.update(0.5)
    assert scene.demo is not first and scene.games_started == 2
    assert "dealing a new one" in caplog.text


def test_an_illegal_choice_is_replaced_by_a_legal_move(app, caplog):
    from game.engine import ChooseRoute

    scene = app.push(AttractScene(app, pace=0.0, level="random", seed=5, threaded=False))

    class Silly:
        def choose(self, state):
            return ChooseRoute(9)

    scene.demo.demo_bots = [Silly()] * 4
    with caplog.at_level(logging.WARNING, logger="underground"):
        scene.update(0.5)
    assert len(scene.demo.state.log) == 1
    assert "illegal" in caplog.text


def test_the_banner_does_not_invite_a_tap_to_hurry(app):
    scene = app.push(AttractScene(app, pace=0.0, level="random", seed=6, threaded=False))
    for _ in range(400):
        scene.update(0.05)
        if scene.demo.blocking:
            break
    assert scene.demo.blocking
    assert "tap" not in scene.demo.banner_text()


def test_the_far_invitation_stands_clear_of_the_top_seats_banner(app, monkeypatch):
    """At 1280x720 the top seat's banner takes two lines ("The passenger / is travelling") and reached under
    the upside-down "Touch to play" for the far side of the table; the invitation now stands below it. Since
    the boards' layouts were widened for their names (issue 22 item 1) the demo's banner no longer comes up
    there by itself, so the demo's own banner, once shown near the top, is put where the invitation stood."""
    scene = app.push(AttractScene(app, pace=0.0, level="random", seed=3, threaded=False))
    backdrop = scene.demo.backdrop
    real = backdrop.banner_rect
    seen = 0
    for _ in range(1200):
        app.step(FIXED_DT * 4)
        area = scene.demo.board_view.rect
        banner = real()
        if banner is None:
            continue
        monkeypatch.setattr(backdrop, "banner_rect", real)
        _, unmoved = scene._far_invitation(area)
        if unmoved.top != area.top + app.px(attract_mod.FAR_TOP):
            continue  # the real banner already pushed it down
        banner = banner.copy()
        banner.midbottom = (unmoved.centerx, unmoved.centery)  # reaching under the invitation's old place
        monkeypatch.setattr(backdrop, "banner_rect", lambda b=banner: b)
        _, far = scene._far_invitation(area)
        assert banner.colliderect(unmoved)
        assert not far.colliderect(banner), (far, banner)
        assert far.bottom < area.bottom
        seen += 1
        if seen >= 3:
            break
    assert seen >= 3, "the demo showed no banner"


def test_draws_at_small_and_large_windows(app):
    for size in ((640, 360), (1920, 1080), (1024, 768)):
        app.resize(*size)
        scene = AttractScene(app, pace=0.0, level="random", seed=7, threaded=False)
        while app.scenes:
            app.scenes.pop().exit()
        app.push(scene)
        for _ in range(20):
            scene.update(0.5)
        app.draw(force=True)
        scene.play_games(1, draw=False)
        app.draw(force=True)  # the result card


# ------------------------------------------------------------------------------------------------
# captions


def test_captions_tell_what_happened_in_short_friendly_sentences():
    st = new_game("london", ["Ada", "Ben"], seed=1)
    board = board_of(st)
    nr = next(s.index for s in board.stations if "national_rail" in s.kinds)
    red = next(i for i, ln in enumerate(st.lines) if ln.colour == "red")
    green = next(i for i, ln in enumerate(st.lines) if ln.colour == "green")
    owner_red = st.lines[red].owner
    events = [
        ev.TokenPlaced(owner_red, red, 0, 0, 0),
        ev.Scored(owner_red, red, 1, "national_rail", (nr,)),
        ev.Scored(owner_red, red, 4, "loops", (1, 2, 3, 4)),
        ev.PassengerMoved(0, nr, ((0, nr, red),), (red, green)),
    ]
    texts = [t for t, _ in captions_for(st, events)]
    name = board.stations[nr].name
    assert f"Red reaches {name}, a National Rail station: +1" in texts
    assert any(t.startswith("A loop! 4 stations inside score +4") for t in texts)
    assert any(t.startswith(f"The passenger rides red and green to {name}") for t in texts)
    assert all(len(t) <= 110 for t in texts)


def test_captions_over_whole_games_are_short_and_never_fail():
    from game.ai import RandomBot
    from game.engine import apply

    seen = set()
    for seed in range(3):
        st = new_game("london", 4, seed=seed)
        bot = RandomBot(seed)
        while not st.over:
            events = apply(st, bot.choose(st))
            for text, important in captions_for(st, events):
                assert 5 < len(text) <= 110, text
                seen.add(text.split(" ")[0])
    assert {"The", "A"} & seen


def test_caption_board_keeps_important_captions_over_chatter():
    b = CaptionBoard(life=2.0, slots=2)
    b.add("Ada builds the red line", False)
    b.add("Red reaches Bank: +1", True)
    b.add("Ben takes a branch tile", False)
    assert b.texts == ["Red reaches Bank: +1"]
    b.add("A loop!", True)
    b.add("The passenger rides red", True)
    assert b.texts == ["A loop!", "The passenger rides red"]
    b.update(2.1)
    assert b.texts == []


def test_the_demo_cycles_every_board_the_screens_draw_with_captions_for_each(app):
    """London, then Berlin, then London again (screens.table_setup.available_maps): each demo's opening caption
    names its board, and Berlin's landmark captions tell its own scoring."""
    from game.ui.screens.table_setup import available_maps

    class Recording(AttractScene):  # the real scene, remembering every caption it was given
        def __init__(self, *a, **kw):
            self.seen: list[tuple[str, str]] = []
            super().__init__(*a, **kw)

        def _on_events(self, events):
            self.seen.extend((self.demo.state.setup.map, t) for t, _ in captions_for(self.demo.state, events))
            super()._on_events(events)

    boards = [m for m, _ in available_maps()]
    assert boards[:1] == ["london"] and "berlin" in boards
    scene = app.push(Recording(app, pace=0.0, level="random", players=2, seed=4, threaded=False, result_s=0.0))
    assert scene.maps == boards
    played, openings = [], []
    for _ in range(len(boards) + 1):
        played.append(scene.demo.state.setup.map)
        openings.append(scene.captions.texts[0])
        scene.play_games(1, draw=False)
    assert played == boards + boards[:1], "each demo is dealt on the next board in turn"
    for map_id, text in zip(played, openings):
        name = board_of(new_game(map_id, 2, seed=0)).name
        assert f"on the {name} board" in text, text
    assert "Underground" in openings[0] and "U-Bahn" in openings[boards.index("berlin")]
    berlin = [t for m, t in scene.seen if m == "berlin"]
    assert any("landmark at" in t for t in berlin), "a Berlin demo tells of landmarks taken"
    assert not any("landmark" in t for m, t in scene.seen if m == "london")
    assert all(5 < len(t) <= 110 for _, t in scene.seen)


def test_the_demo_shows_only_the_boards_it_is_given(app):
    scene = app.push(AttractScene(app, pace=0.0, level="random", players=2, seed=5, threaded=False, result_s=0.0,
                                  maps=["berlin"]))
    assert scene.demo.state.setup.map == "berlin"
    scene.play_games(1, draw=False)
    assert scene.demo.state.setup.map == "berlin"


def test_the_kiosk_attract_mode_cycles_every_board_from_its_first_board(tmp_path):
    """The kiosk's own attract screen (not just the scene): every drawable board, London first."""
    from game.ui.screens.table_setup import available_maps

    from test_kiosk_ui import Table  # the kiosk table harness (tests/kiosk is on sys.path)

    t = Table(tmp_path)
    try:
        assert t.ctl.start() == "attract"
        scene = t.top
        assert isinstance(scene, AttractScene)
        assert scene.maps == [m for m, _ in available_maps()] and "berlin" in scene.maps
        assert scene.map_id == t.ctl.config.boards[0] == "london"
    finally:
        t.close()


def test_a_finished_demo_game_is_let_go_though_the_app_froze_it(app):
    """The App freezes what lives (``gc.freeze``, so the cycle collector's passes stay short) on idle passes
    and at screen changes. A demo game replaced inside attract mode is no screen change: unless the attract
    mode collects then too, the finished game's play screen, frozen while it played, is never collected, and
    an unattended kiosk holds every demo game it ever played."""
    import gc
    import weakref

    scene = app.push(AttractScene(app, pace=0.0, level="random", seed=3, threaded=False, result_s=0.5))
    first = weakref.ref(scene.demo)
    for _ in range(5):  # a few moves, then an idle pass of the kiosk's loop freezes what lives
        scene.update(0.5)
    app._gc_last = -1e9
    app._tidy_memory(False)
    assert gc.get_freeze_count() > 0, "the App froze nothing: the test would prove nothing"
    scene.play_games(1)  # the first game ends, its result shows, and the next is dealt
    for _ in range(10):
        if scene.games_started >= 2:
            break
        scene.update(0.5)
    assert scene.games_started >= 2 and scene.demo is not first()
    gc.collect()  # an ordinary full collection, as would come due: frozen objects are not looked at
    assert first() is None, "the first demo game's play screen is still held (frozen garbage)"
