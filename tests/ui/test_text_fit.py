"""No word is cut in any language: every screen that carries words is drawn in English, German and French at
1280x720 and 1920x1080, and nothing may be cut or squeezed, measured with the bundled fonts.

Two kinds of box are measured. Text the program draws itself (seat panels, card strip, game menu, log, rules
card, list rows, kiosk cards) reports every cut through ``game.ui.textfit.recording()``; the rules card also
keeps its own ``overflow`` list. pygame-gui's buttons and labels are measured here: the text's width in the
widget's own theme font against the widget's inner width.

The screens: title, settings, saved games, finished games, the notice of damaged files set aside (on the title
and both lists) and its details, set-up, the play screen of London and Paris with a
seat at every edge (a turn under way, the passenger's route asked, a Paris reward asked), the hint's tag, the
long-press cards (a station, a player's points) facing the bottom and a side seat, Paris's secret cards held
at every edge and revealed one by one at the end, the game menu and its two questions, the log, the rules
card's pages (London, Paris), the replay viewer, the end screens (London with its question, Paris), and the
kiosk's attract demo with its result card, the idle countdown, the PIN pad and the admin screen. Words the
screens wrap are measured too: a word broken in two by ``theme.wrap`` is reported as a cut.
"""
from __future__ import annotations

import functools
from contextlib import contextmanager
import gettext
import math
import os
import warnings

import pygame
import pytest

from game import i18n
from game.engine import apply
from game.ui.screens.end import EndScene
from game.ui.screens.finished_games import HistoryScene
from game.ui.screens.saved_games import SavedGamesScene
from game.ui import screenshot as shot
from game.ui import textfit
from game.ui.app import App
from game.ui.play import guide as guide_mod
from game.ui.play.log_panel import LogPanel
from game.ui.play.menu import END_GAME, QUIT, RESTART, GameMenu, items_for
from game.ui.play_scene import PlayScene
from game.ui.rules_help import RulesScene
from game.ui.seats import SeatConfig

SIZES = [(1280, 720), (1920, 1080)]
LANGUAGES = ["en", "de", "fr"]
EDGES4 = ["bottom", "left", "top", "right"]
NAMES4 = ["Ada", "Ben", "Chloe", "Dev"]


# ------------------------------------------------------------------------------------------------
# positions (the same in every language: made once)


def _play_until(map_id: str, players: int, seed: int, stop) -> "object":
    from game.ai import RandomBot
    from game.engine import new_game

    state = new_game(map_id, NAMES4[:players], seed=seed, start_player=0)
    bot = RandomBot(seed)
    for _ in range(2000):
        if stop(state) or state.over:
            break
        apply(state, bot.choose(state))
    assert stop(state), f"no {map_id} position of the kind wanted in 2000 random actions (seed {seed})"
    return state


@functools.lru_cache(maxsize=None)
def position(kind: str):
    """A seeded position: "london"/"paris" mid-game (four seats), "route" (the passenger's route asked),
    "reward" (a Paris choice asked), "whole" (a finished 3-player London game)."""
    if kind in ("london", "paris"):
        return _play_until(kind, 4, 7, lambda s: len(s.log) >= 40)
    if kind == "route":
        return _play_until("london", 4, 5, lambda s: s.phase == "route")
    if kind == "reward":
        from game.engine.rules import board_of
        from game.ui.cities import drawing_for

        city = drawing_for("paris")
        return _play_until("paris", 4, 3, lambda s: bool(city.choices(s, board_of(s))))
    if kind == "whole":
        return shot.demo_state("london", players=3, actions=None)
    raise ValueError(kind)


def seats_for(state, edges=EDGES4) -> list[SeatConfig]:
    return [SeatConfig(name=p.name, edge=edges[i], colours=list(state.setup.lines[i]))
            for i, p in enumerate(state.players)]


# ------------------------------------------------------------------------------------------------
# measuring


def gui_cuts(scene) -> list[textfit.Cut]:
    """pygame-gui buttons and labels whose words are wider than the widget's inside, in the font it draws with."""
    out = []
    for key, w in list(getattr(scene, "buttons", {}).items()) + list(getattr(scene, "labels", {}).items()):
        if not isinstance(getattr(w, "text", None), str) or getattr(w, "font", None) is None:
            continue  # the rules card's and the game menu's own buttons are rectangles: they report themselves
        need, room = textfit.widget_needed(w), textfit.widget_room(w)
        if need > room:
            out.append(textfit.Cut(text=w.text, shown=w.text, available=room, needed=need,
                                   where=f"{type(scene).__name__} gui {key}"))
    return out


def warned(w) -> textfit.Cut:
    """A warning as a cut: pygame-gui's "Label Rect is too small for text: … - size diff: (-367, 15)" needs the
    pixels it is short of (a negative difference), any other warning at least one."""
    import re

    diff = re.search(r"size diff: \((-?\d+), (-?\d+)\)", str(w.message))
    short = max([1] + [-int(d) for d in diff.groups()]) if diff else 1
    return textfit.Cut(text=str(w.message), shown="", available=0, needed=short,
                       where=f"warning from {w.filename}:{w.lineno}")


class Walk:
    """What was cut, screen by screen: every report made while a screen is built, settles and is drawn is
    kept under that screen's name (screens draw some words ahead, into pictures they keep)."""

    def __init__(self):
        self.found: list[tuple[str, textfit.Cut]] = []
        self._name = "?"
        self._cuts: list[textfit.Cut] | None = None

    @contextmanager
    def screen(self, name: str):
        """Also every warning given meanwhile (pygame-gui's "Label Rect is too small for text" is one)."""
        self._name = name
        with textfit.recording() as cuts, warnings.catch_warnings(record=True) as said:
            warnings.simplefilter("always")
            self._cuts = cuts
            try:
                yield
            finally:
                self._cuts = None
        self.found += [(name, c) for c in cuts]
        self.found += [(name, warned(w)) for w in said]

    def draw(self, app, scene, name: str | None = None) -> None:
        """Draw the app (``scene`` on top) and measure ``scene``'s widgets and rules-card boxes."""
        name = name or self._name
        with textfit.recording() as cuts:
            app.draw(force=True)
        self.found += [(name, c) for c in cuts + gui_cuts(scene)]
        if isinstance(scene, RulesScene):
            self.found += [(name, textfit.Cut(text=o, shown="", available=0, needed=0, where="rules overflow"))
                           for o in scene.overflow]


def settle(app, n: int = 30) -> None:
    for _ in range(n):
        app.step(1 / 30)


def visit_menus(app, walk: Walk) -> None:
    for name, make in [("title", lambda: shot.build_scene(app, "title")),
                       ("saved games", lambda: shot.build_scene(app, "saved-games")),
                       ("finished games", lambda: shot.build_scene(app, "history")),
                       ("set-aside notice on the title", lambda: shot.build_scene(app, "set-aside-notice")),
                       ("set-aside notice in saved games", lambda: _with_set_aside(app, SavedGamesScene)),
                       ("set-aside notice in finished games", lambda: _with_set_aside(app, HistoryScene)),
                       ("set-aside details", lambda: shot.build_scene(app, "set-aside")),
                       ("settings", lambda: shot.build_scene(app, "settings")),
                       ("setup", lambda: shot.build_scene(app, "setup")),
                       ("setup paris", lambda: shot.build_scene(app, "setup", "paris")),
                       ("setup first edition", lambda: shot.build_scene(app, "setup", "london-2006"))]:
        with walk.screen(name):
            scene = app.push(make())
            settle(app, 3)
            walk.draw(app, scene)
            app.pop()
    with walk.screen("settings, no sound on this computer"), no_audio_device(app):
        scene = app.push(shot.build_scene(app, "settings"))
        settle(app, 3)
        walk.draw(app, scene)
        app.pop()
    st = position("whole")
    with walk.screen("end"):
        end = app.push(EndScene(app, st, shot.demo_seats(st, {2: "hard"})))
        settle(app, 40)  # past the guard that ignores the last turn's taps
        walk.draw(app, end)
        for what in ("play_again", "new_setup"):
            for kept in (True, False):  # the game is in Finished games / nothing is saved (kiosk, headless)
                end.kept = kept
                end.ask(what)
                walk.draw(app, end, f"end: ask {what}" + ("" if kept else " (nothing saved)"))
                end.cancel_confirm()
        end.show_board()
        walk.draw(app, end, "end: final board")
        app.pop()


@contextmanager
def no_audio_device(app):
    """The app as on a computer whose audio device does not open (a driver that does not exist)."""
    from game.ui.sound import SoundPlayer

    before, kept = os.environ.get("SDL_AUDIODRIVER"), app.sound
    pygame.mixer.quit()
    os.environ["SDL_AUDIODRIVER"] = "no-such-audio-driver"
    try:
        app.sound = SoundPlayer(enabled=True)
        assert not app.sound.available and app.sound.problem
        yield app.sound
    finally:
        app.sound = kept
        if before is None:
            os.environ.pop("SDL_AUDIODRIVER", None)
        else:
            os.environ["SDL_AUDIODRIVER"] = before
        pygame.mixer.quit()


def _with_set_aside(app, kind):
    """A list of games with the notice of the damaged files set aside (and its Details button) above it."""
    shot.build_scene(app, "set-aside-notice")  # the demo games with three that do not read, set aside
    scene = kind(app)
    assert scene.unseen and "set_aside" in scene.buttons
    return scene


def visit_play(app, walk: Walk, kinds=("london", "paris", "route", "reward")) -> None:
    for kind in kinds:
        st = position(kind)
        with walk.screen(f"play {kind}"):  # Paris with the seat to play at the side: its hint faces that way
            play = app.push(PlayScene(app, st, seats_facing(st, "left") if kind == "paris" else seats_for(st)))
            settle(app, 4)
            walk.draw(app, play)
        if kind in ("london", "paris"):
            visit_table(app, walk, play, kind)
        if kind == "paris":  # its guide has the secret cards' step
            with walk.screen("first-game guide paris"):
                guide = guide_mod.start(play)
                for i in range(len(guide.steps)):
                    settle(app, 1)
                    walk.draw(app, play, f"first-game guide paris step {i + 1}")
                    guide.advance()
                play.guide = None
        if kind != "london":
            app.pop()
            continue
        with walk.screen("first-game guide"):
            guide = guide_mod.start(play)
            for i in range(len(guide.steps)):
                settle(app, 1)
                walk.draw(app, play, f"first-game guide step {i + 1}")
                guide.advance()
            play.guide = None
        for seat in (0, 1):  # facing the bottom seat and a side seat
            with walk.screen(f"game menu seat {seat}"):
                menu = app.push(GameMenu(app, play, seat))
                menu.items = items_for(app, saving=True) + [END_GAME]  # a kiosk's End this game too
                for confirm in (None, RESTART, QUIT, END_GAME):
                    menu.confirm, menu._card = confirm, None
                    walk.draw(app, menu, f"game menu seat {seat} {confirm or ''}")
                app.pop()
            with walk.screen(f"log seat {seat}"):
                log = app.push(LogPanel(app, play, seat))
                walk.draw(app, log)
                app.pop()
        app.pop()


def seats_facing(state, edge: str) -> list[SeatConfig]:
    """Seats round the table with the seat to play at ``edge``."""
    i = EDGES4.index(edge)
    return seats_for(state, (EDGES4 * 2)[(i - state.current) % 4:][:4])


@functools.lru_cache(maxsize=None)
def wordiest_hint_action(kind: str):
    """Of the seat to play's legal token placements, the one whose hint gives the most words (in English)."""
    from game.engine import PlaceTrack, legal_actions
    from game.ui.play.hint import describe

    st = position(kind)
    acts = [a for a in legal_actions(st) if isinstance(a, PlaceTrack)]
    return max(acts, key=lambda a: len(describe(st, a)))


@functools.lru_cache(maxsize=None)
def finished_paris():
    """A finished four-player Paris game (its secret cards are revealed at the end)."""
    return _play_until("paris", 4, 11, lambda s: s.over)


def visit_table(app, walk: Walk, play, kind: str) -> None:
    """What the table opens over the play screen ``play`` (of position ``kind``): the hint's tag (facing the
    seat to play), the long-press cards facing the bottom seat and a side seat (a station with the line
    selected, a player's points) and, in Paris, every seat's secret cards held at once (one seat at each
    edge)."""
    from game.engine.rules import board_of
    from game.ui.play.hint import Hint, describe, position_key

    st = play.state
    board = board_of(st)
    wordy = max(range(len(board.stations)), key=lambda s: len(board.stations[s].name))
    action = wordiest_hint_action(kind)
    with walk.screen(f"hint {kind} ({play.panels[st.current].edge} seat)"):
        play.selected[st.current] = action.line
        play.hints.shown = Hint(st.current, action, describe(st, action), position_key(st))
        walk.draw(app, play)
        play.hints.shown = None
    for edge in ("bottom", "left"):
        with walk.screen(f"long-press {kind} {edge}"):
            at = play.board_view.station_xy(wordy)
            play.long_press.show("station", wordy, edge, at)
            walk.draw(app, play, f"long-press station {kind} {edge}")
            play.long_press.show("score", st.current, edge, at)
            walk.draw(app, play, f"long-press score {kind} {edge}")
            play.long_press.close()
    if board_of(st).paris is not None:
        with walk.screen("secret cards held"):
            from game.ui.play.secrets import HOLD_S

            for seat in range(st.n_players):  # a finger on every seat's button, held long enough to open
                play.peek.press(seat, seat + 1)
            assert play.peek.step(HOLD_S) == list(range(st.n_players))
            walk.draw(app, play)
            play.peek.clear()


def visit_paris_end(app, walk: Walk) -> None:
    """A finished Paris game: every secret card revealed in turn (each facing its owner, one at each edge),
    then the end screen with the city's categories."""
    from game.ui.play.reveal import SecretReveal

    st = finished_paris()
    with walk.screen("reveal"):
        play = app.push(PlayScene(app, st, seats_for(st)))
        play.drive_computers = False
        play.reveal = SecretReveal(play)
        assert play.reveal.steps, "a finished Paris game with no secret cards to reveal"
        while not play.reveal.done:
            walk.draw(app, play, f"reveal card {play.reveal.i + 1} ({play.panels[play.reveal.current[0]].edge})")
            play.reveal.next()
        app.pop()
    with walk.screen("end paris"):
        end = app.push(EndScene(app, st, seats_for(st)))
        settle(app, 40)
        walk.draw(app, end)
        app.pop()


def visit_rules(app, walk: Walk) -> None:
    for city, edge in (("london", "bottom"), ("paris", "left")):
        with walk.screen(f"rules {city}"):
            card = app.push(RulesScene(app, city, "standard", edge))
            for i in range(len(card.pages)):
                card.page, card._card = i, None
                walk.draw(app, card, f"rules {city} page {i + 1} ({card.pages[i].key})")
            app.pop()


def visit_replay(app, walk: Walk) -> None:
    from game.engine.record import from_state
    from game.ui.screens.replay import ReplayScene

    st = position("whole")
    with walk.screen("replay"):
        viewer = app.push(ReplayScene(app, from_state(st), shot.demo_seats(st)))
        viewer.jump_to_turn(viewer.n_turns // 2)
        settle(app, 4)
        walk.draw(app, viewer)
        app.pop()


def visit_kiosk(app, walk: Walk) -> None:
    from game.ui.kiosk.attract import AttractScene
    from game.ui.kiosk.idle import CountdownScene

    with walk.screen("attract"):
        attract = app.push(AttractScene(app, pace=0.0, level="random", seed=1, threaded=False, result_s=60.0,
                                        maps=["london"]))
        settle(app, 2)
        walk.draw(app, attract)
        attract._on_finished(position("whole"))
        walk.draw(app, attract, "attract result")
    with walk.screen("idle countdown"):
        idle = app.push(CountdownScene(app, deadline=app.time + 20.0))
        walk.draw(app, idle)
        app.pop()
    app.pop()


def visit_admin(size, walk: Walk, tmp_path) -> None:
    from game.kiosk_config import KioskConfig, hash_pin
    from game.ui.kiosk.mode import KioskApp, KioskController

    app = KioskApp(size=size, headless=True, kiosk_mode=True, sound=False)
    try:
        app.set_language(i18n.current_language())
        ctl = KioskController(app, KioskConfig(admin_pin_hash=hash_pin("2468", iterations=1000)),
                              config_path=tmp_path / "kiosk.toml", problems=["kiosk.toml: a problem worded long "
                                                                            "enough to need its whole line"],
                              attract_level="random", attract_threaded=False)
        ctl.start(attract_only=True)
        with walk.screen("PIN pad"):
            ctl.open_pin()
            walk.draw(app, app.top)
        with walk.screen("admin"):
            ctl.open_admin()
            walk.draw(app, app.top)
    finally:
        while app.scenes:
            app.scenes.pop().exit()


def all_cuts(size, tmp_path) -> list:
    """Every cut on every screen at ``size`` in the language now chosen."""
    walk = Walk()
    app = App(size=size, headless=True, sound=False, language=i18n.current_language())
    try:
        visit_menus(app, walk)
        visit_play(app, walk)
        visit_paris_end(app, walk)
        visit_rules(app, walk)
        visit_replay(app, walk)
        visit_kiosk(app, walk)
    finally:
        while app.scenes:
            app.scenes.pop().exit()
    visit_admin(size, walk, tmp_path)
    return walk.found


def describe(found: list) -> str:
    return "\n".join(f"  {name}: {c}" for name, c in found)


# ------------------------------------------------------------------------------------------------
# the tests


@pytest.fixture
def language(request):
    code = request.param
    assert i18n.set_language(code) == code, f"no {code} catalogue (assets/locale/{code}/LC_MESSAGES/underground.mo)"
    yield code
    i18n.set_language("en")


# `make test`: every language at 1280x720 (the tightest) and German, the longest, at 1920x1080 too; English and
# French at 1920x1080 in `make soak` (make test's time, docs/testing.md)
TEXT_QUICK = {("en", (1280, 720)), ("de", (1280, 720)), ("fr", (1280, 720)), ("de", (1920, 1080))}


@pytest.mark.parametrize("language,size", [
    pytest.param(lang, size, id=f"{lang}-{size[0]}x{size[1]}", marks=() if (lang, size) in TEXT_QUICK else pytest.mark.soak)
    for lang in LANGUAGES for size in SIZES], indirect=["language"])
def test_no_text_is_cut(language, size, tmp_path):
    """Station names included: the route buttons break a long name over two lines and turn pages when
    there are many options, the card strip's passenger item breaks it over the deck count."""
    found = all_cuts(size, tmp_path)
    assert not found, f"text cut in {language} at {size[0]}x{size[1]}:\n{describe(found)}"


LONG = ("Weiterspielen" * 5)[:60]


class _OneLonger(gettext.NullTranslations):
    """English, except one word made 60 characters long (the measuring must notice)."""

    def __init__(self, msgid: str):
        super().__init__()
        self.msgid = msgid

    def gettext(self, message):
        return LONG if message == self.msgid else message

    def ngettext(self, singular, plural, n):
        return LONG if singular == self.msgid else (singular if n == 1 else plural)


@pytest.mark.parametrize("msgid,screen,visit,shown", [
    ("Resume", "game menu", "play", None), ("Settings", "title", "menus", None),
    ("{player}'s turn", "play london", "play", None), ("Stop guide", "first-game guide", "play", None), ("Final scores", "end", "menus", None),
    ("\u2039 Previous", "rules london", "rules", "button prev"),
    ("Touch to play", "attract", "kiosk", None), ("Still playing?", "idle", "kiosk", None),
    ("Details", "set-aside notice on the title", "menus", None), ("Dismiss", "set-aside details", "menus", None),
    ("Hint: {move} ({reason})", "hint", "table", None), ("{name}: {n} point", "long-press", "table", None),
    ("Final scores", "end paris", "paris end", None)])
def test_an_over_long_word_is_found(monkeypatch, msgid, screen, visit, shown):
    """The check can fail: one word made 60 characters long is reported on the screen that shows it."""
    app = App(size=(1280, 720), headless=True, sound=False, language="en")
    monkeypatch.setattr(i18n, "_translation", _OneLonger(msgid))
    walk = Walk()
    try:
        {"play": lambda a, w: visit_play(a, w, ("london",)), "menus": visit_menus, "rules": visit_rules, "kiosk": visit_kiosk,
         "replay": visit_replay, "table": lambda a, w: visit_play(a, w, ("paris",)),
         "paris end": visit_paris_end}[visit](app, walk)
    finally:
        while app.scenes:
            app.scenes.pop().exit()
    hits = [(n, c) for n, c in walk.found if (shown or LONG) in c.text]
    assert hits, f"{msgid!r} made 60 characters long was not reported; found:\n{describe(walk.found)}"
    assert any(n.startswith(screen) for n, _ in hits), describe(hits)
    assert all(c.needed > c.available for _, c in hits if c.where != "rules overflow"), describe(hits)


class _LongNotice(_OneLonger):
    """English, except the notice of files set aside, said in forty words (more than its card holds)."""

    def ngettext(self, singular, plural, n):
        if singular == self.msgid:
            return " ".join(["Weiterspielen"] * 40)
        return super().ngettext(singular, plural, n)


@pytest.mark.parametrize("screen", ["set-aside notice on the title", "set-aside notice in saved games",
                                    "set-aside notice in finished games"])
def test_a_notice_too_long_for_its_card_is_found(monkeypatch, screen):
    """The notice is wrapped, a little smaller if need be, and words that still do not fit are reported (the old
    note shrank them to ~9 px and dropped the rest unseen)."""
    app = App(size=(1280, 720), headless=True, sound=False, language="en")
    monkeypatch.setattr(i18n, "_translation", _LongNotice(
        "{n} saved or finished game could not be read and was set aside."))
    walk = Walk()
    try:
        visit_menus(app, walk)
    finally:
        while app.scenes:
            app.scenes.pop().exit()
    hits = [(n, c) for n, c in walk.found if "Weiterspielen" in c.text and n == screen]
    assert hits, f"the over-long notice was not reported on {screen}; found:\n{describe(walk.found)}"


def test_screenshots_in_another_language(tmp_path, monkeypatch):
    """``underground screenshot --language de`` draws German words (not the English picture), leaves the
    language as it was, and refuses an unknown language or an unreadable catalogue by name."""
    en = shot.render_screenshot("london", "rules", "1280x720", tmp_path / "en.png")
    de = shot.render_screenshot("london", "rules", "1280x720", tmp_path / "de.png", language="de")
    assert i18n.current_language() == "en"
    a, b = pygame.image.load(str(en)), pygame.image.load(str(de))
    assert a.get_size() == b.get_size() == (1280, 720)
    assert pygame.image.tobytes(a, "RGB") != pygame.image.tobytes(b, "RGB")
    with pytest.raises(ValueError, match="language 'xx': choose one of en, de, fr"):
        shot.render_screenshot("london", "menu", "1280x720", tmp_path / "xx.png", language="xx")

    def unreadable(name):
        raise FileNotFoundError(f"asset {name!r} is missing")

    monkeypatch.setattr(i18n, "open_asset", unreadable)
    with pytest.raises(ValueError, match="language 'fr': its catalogue .* could not be read"):
        shot.render_screenshot("london", "menu", "1280x720", tmp_path / "fr.png", language="fr")
    assert not (tmp_path / "fr.png").exists() and i18n.current_language() == "en"
