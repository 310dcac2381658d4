"""Words that are translated and counted right, and fit where they are drawn (issue 22 item 6).

What is cut on every screen in every language is measured in tests/ui/test_text_fit.py (pygame-gui's warnings
included); here: a count in words says it with ngettext, default seat names follow the language until someone
types one, the settings' no-sound note is in the player's language, and New York's clusters are written as the
board prints them.
"""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pygame
import pytest

from game import i18n
from game.ui.screens.setup import SetupScene

GAME = Path(__file__).resolve().parents[2] / "game"


@pytest.fixture
def language(request):
    code = request.param
    assert i18n.set_language(code) == code
    yield code
    i18n.set_language("en")


# ---- counts -----------------------------------------------------------------------------------------

# "{n} points", "{cost} branch tiles", "{turns} turns": a number before a counted word
COUNTED = re.compile(r"\{(?!colour\b|landmark\b|kind\b)\w+\} (?:branch |track |landmark |secret |destination |wrong )?"
                     r"(?:points?|tiles?|tokens?|cards?|games?|seats?|turns?|actions?|stations?|players?|PINs?)\b")
SINGLE_WORDS = ("_", "N_", "Words", "pgettext")  # what says one form whatever the count


def counted_words_without_ngettext(root: Path = GAME) -> list[str]:
    """Every message said with one form only that puts a count before a counted word ("1 points" in French)."""
    out = []
    for p in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(p.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            called = getattr(node.func, "id", getattr(node.func, "attr", ""))
            if called not in SINGLE_WORDS:
                continue
            for a in node.args:
                if isinstance(a, ast.Constant) and isinstance(a.value, str) and COUNTED.search(a.value):
                    out.append(f"{p.relative_to(root.parent)}:{node.lineno}: {a.value!r}")
    return out


def test_every_count_in_words_is_said_with_ngettext():
    found = counted_words_without_ngettext()
    assert not found, "a count said with one form (use ngettext):\n" + "\n".join(found)


def test_the_check_finds_a_count_said_with_one_form(tmp_path):
    (tmp_path / "m.py").write_text('x = _("{player} wins with {points} points.")\ny = _("no {colour} tokens left")\n')
    assert counted_words_without_ngettext(tmp_path) == [f"{tmp_path.name}/m.py:1: "
                                                        "'{player} wins with {points} points.'"]


@pytest.mark.parametrize("language,said", [("en", {1: "1 point", 0: "0 points"}), ("fr", {1: "1 point", 0: "0 point"})],
                         indirect=["language"])
def test_the_winner_on_one_point_in_the_singular(language, said):
    """French says "1 point" and "0 point" (its plural starts at 2); the old sentences said "1 points"."""
    from game.ui.screens.results import tie_note
    from game.ui.screenshot import demo_state

    st = demo_state("london", players=2, actions=None)
    for score, other in ((1, 0), (0, 0)):  # a win on 1 point; a tie on 0 broken by branch tiles
        st.players[0].score, st.players[1].score = score, other
        st.players[0].branch_tiles, st.players[1].branch_tiles = 1, 0
        note = tie_note(st)
        assert re.search(rf"\b{said[score]}\b", note), note


# ---- default names --------------------------------------------------------------------------------


def _type_name(driver, entry, text: str) -> None:
    driver.click_rect(entry.rect)
    for _ in range(20):
        driver.key(pygame.K_BACKSPACE)
    driver.post(pygame.event.Event(pygame.TEXTINPUT, text=text))


def test_default_names_follow_the_language_until_edited(app, driver):
    """Seats named by default are renamed in the language chosen (in Settings, over the set-up); a name someone
    typed stays; a set-up remembered in German shows English default names in English."""
    from game.ui.screens import make_screen
    from game.ui.screens.table_setup import default_setup

    setup = app.push(SetupScene(app, setup=default_setup(3, "london", "table")))
    assert [s.name for s in setup.setup.seats] == ["Player 1", "Player 2", "Player 3"]
    _type_name(driver, setup.entries["seat1_name"], "Zoë")
    settings = app.push(make_screen(app, "settings"))
    driver.tap_rect(settings.buttons["lang_de"].rect)
    try:
        assert i18n.current_language() == "de"
        assert [s.name for s in setup.setup.seats] == ["Spieler 1", "Zoë", "Spieler 3"]
        assert [setup.entries[f"seat{i}_name"].get_text() for i in range(3)] == ["Spieler 1", "Zoë", "Spieler 3"]
        driver.tap_rect(settings.buttons["lang_fr"].rect)
        assert [s.name for s in setup.setup.seats] == ["Joueur 1", "Zoë", "Joueur 3"]
        driver.tap_rect(settings.buttons["lang_en"].rect)
        assert [s.name for s in setup.setup.seats] == ["Player 1", "Zoë", "Player 3"]
        remembered = default_setup(2, "london", "table")
        remembered.seats[0].name, remembered.seats[1].name = "Spieler 2", "Spieler"
        again = SetupScene(app, setup=remembered)
        assert [s.name for s in again.setup.seats] == ["Player 2", "Spieler"]  # "Spieler" alone was typed
    finally:
        i18n.set_language("en")


# ---- the no-sound note ----------------------------------------------------------------------------


@pytest.mark.parametrize("language", ["de", "fr"], indirect=True)
def test_the_no_sound_note_is_in_the_players_language(app, language):
    """On a computer whose audio device does not open, Settings says so in the player's language; SDL's own
    English words go to the log only."""
    from test_text_fit import no_audio_device  # noqa: E402 (tests/ui is on sys.path)
    from game.ui.screens import make_screen

    with no_audio_device(app) as player:
        scene = app.push(make_screen(app, "settings"))
        note = scene.labels["no_sound"].text
        app.pop()
    assert player.problem and "audio device did not open" in player.problem
    assert "device" not in note and "did not open" not in note and "no-such-audio-driver" not in note, note
    assert note == i18n._("No sound on this computer: {problem}").format(
        problem=i18n._("the audio device did not open")) and note.split(":")[0] != "No sound on this computer"


# ---- New York's clusters --------------------------------------------------------------------------


def test_a_hint_names_the_cluster_as_the_board_prints_it():
    """A placement that reaches a new cluster: the hint says "reaches LOWER MANHATTAN, a new cluster"."""
    from game.ai import RandomBot
    from game.engine import PlaceTrack, apply, legal_actions, new_game
    from game.engine import events as ev
    from game.engine.log_words import cluster_title
    from game.engine.rules import board_of
    from game.ui.play.hint import describe

    for seed in range(40):
        st = new_game("newyork", ["Ada", "Ben"], seed=seed, start_player=0)
        bot = RandomBot(seed)
        for _ in range(400):
            if st.over:
                break
            for a in legal_actions(st):
                if not isinstance(a, PlaceTrack):
                    continue
                scored = [e for e in apply(st.copy(), a) if isinstance(e, ev.Scored) and e.category == "clusters"
                          and e.player == st.current and e.points]
                if scored:
                    name = cluster_title(board_of(st).station_cluster[scored[0].stations[0]])
                    words = describe(st, a)
                    assert name.isupper() and name in words, words
                    return
            apply(st, bot.choose(st))
    pytest.fail("no placement scoring a cluster in 40 random New York games")


# ---- the end table --------------------------------------------------------------------------------


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("language", ["en", "de", "fr"], indirect=True)
def test_the_winners_row_keeps_its_words_and_chips_inside_its_frame(language, size):
    """Five players at a laptop, every one a computer (a name, "(computer, level)" and two line chips in each row): the
    winner's frame is drawn whole along its top and bottom, nothing over it (the chips sat on it at 1280x720)."""
    from game.ui.app import App
    from game.ui.screens.end import EndScene
    from game.ui.screenshot import demo_seats, demo_state

    app = App(size=size, headless=True, sound=False, language=language)
    try:
        st = demo_state("london", players=5, actions=None)
        seats = demo_seats(st, {i: "expert" for i in range(5)})
        for s in seats:  # the laptop's one table of rows (round a table each seat has its own card: test_flows)
            s.edge = "bottom"
        end = app.push(EndScene(app, st, seats))
        for _ in range(60):
            app.step(1 / 30)
        app.draw(force=True)
        px = app.px
        panel = end.table_box()
        rows_top = panel.y + px(100)
        row_h = min(px(120), (panel.bottom - px(10) - rows_top) // st.n_players)
        row = pygame.Rect(panel.x + px(15), rows_top, panel.w - px(30), row_h - px(10))
        frame = pygame.Color(app.theme.highlight)
        for y in (row.y + 1, row.bottom - 2):
            off = [x for x in range(row.x + px(14), row.right - px(14)) if app.screen.get_at((x, y)) != frame]
            assert not off, f"the winner's frame is covered at y={y}, x={off[0]}..{off[-1]} ({len(off)} px)"
    finally:
        while app.scenes:
            app.scenes.pop().exit()


# ---- long names -----------------------------------------------------------------------------------

LONG_NAMES = ["Zoëefghijklmnopq", "Wolfgang-Amadeus", "Marie-Christine", "Jean-Baptiste B."]  # 16: the longest


def long_named(state):
    """A copy of ``state`` whose players have names as long as the set-up allows."""
    from game.ui.screens.setup import SetupScene

    out = state.copy()
    for p, name in zip(out.players, LONG_NAMES):
        assert len(name) <= SetupScene.MAX_NAME
        p.name = name
    out.setup.players = [p.name for p in out.players]
    return out


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("language", ["en", "de", "fr"], indirect=True)
def test_long_names_are_not_cut(language, size, monkeypatch):
    """The play screens (a turn, the route asked, a Paris reward, the guide, the hint, the game menu, the log),
    a Paris game's end and the end screen with four 16-letter names: whose turn in every panel, the banner, the
    log's and the menu's titles ("Spielprotokoll · Zoëefg…"), the end chart's names (they ran off the screen)."""
    import test_text_fit as T  # noqa: E402 (tests/ui is on sys.path)
    from game.ui.app import App

    monkeypatch.setattr(T, "position", lambda kind, _p=T.position: long_named(_p(kind)))
    monkeypatch.setattr(T, "finished_paris", lambda _f=T.finished_paris: long_named(_f()))
    walk = T.Walk()
    app = App(size=size, headless=True, sound=False, language=language)
    try:
        T.visit_play(app, walk)
        T.visit_paris_end(app, walk)
    finally:
        while app.scenes:
            app.scenes.pop().exit()
    assert not walk.found, f"cut in {language} at {size[0]}x{size[1]}:\n{T.describe(walk.found)}"


# ---- the first-game guide -------------------------------------------------------------------------


@pytest.mark.parametrize("arrangement", ["laptop", "table"])
@pytest.mark.parametrize("language", ["de", "fr"], indirect=True)
def test_the_guide_bubble_leaves_the_turn_banner_readable(language, arrangement):
    """At every step of the first-game guide (London, 1280x720) the bubble covers neither the turn banner (whose
    turn, the actions left) nor a seat's panel (it covered the banner's last words at the branch-tile step)."""
    import test_text_fit as T  # noqa: E402 (tests/ui is on sys.path)
    from game.ui.app import App
    from game.ui.play import guide as guide_mod
    from game.ui.play_scene import PlayScene

    app = App(size=(1280, 720), headless=True, sound=False, language=language)
    try:
        st = T.position("london")
        play = app.push(PlayScene(app, st, T.seats_for(st, ["bottom"] * 4 if arrangement == "laptop" else T.EDGES4)))
        T.settle(app, 30)
        guide = guide_mod.start(play)
        for i in range(len(guide.steps)):
            T.settle(app, 2)
            app.draw(force=True)
            bubble, banner = guide.facing.rect, play.backdrop.banner_rect()
            assert banner is not None and not bubble.colliderect(banner), (i, guide.name, bubble, banner)
            assert not any(bubble.colliderect(p.rect) for p in play.panels), (i, guide.name, bubble)
            guide.advance()
    finally:
        while app.scenes:
            app.scenes.pop().exit()


# ---- the hint's tag -------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["london", "paris"])
@pytest.mark.parametrize("language", ["de", "fr"], indirect=True)
def test_a_hints_tag_stays_on_the_board_when_it_can(language, kind):
    """Every other placement the seat to play could make, hinted (1280x720, laptop and table): the tag lies in
    the board's view, and past the edge of the board's card only where the card has no place for it that covers
    as few names, symbols, tokens and legal spaces (the tags ran past the card's right edge into the margin)."""
    import test_text_fit as T  # noqa: E402 (tests/ui is on sys.path)
    from game.engine import PlaceTrack, legal_actions
    from game.ui.app import App
    from game.ui.play.hint import Hint, describe, position_key
    from game.ui.play import keepclear
    from game.ui.play.overlays import place_box
    from game.ui.play_scene import PlayScene

    app = App(size=(1280, 720), headless=True, sound=False, language=language)
    st = T.position(kind)
    try:
        for edges in (["bottom"] * 4, T.EDGES4):
            play = app.push(PlayScene(app, st, T.seats_for(st, edges)))
            T.settle(app, 10)
            bv = play.board_view
            (x0, y0), (x1, y1) = bv.to_screen(*bv.bounds[:2]), bv.to_screen(*bv.bounds[2:])
            card = pygame.Rect(round(x0), round(y0), round(x1 - x0), round(y1 - y0)).clip(bv.rect)
            for a in [a for a in legal_actions(st) if isinstance(a, PlaceTrack)][::2]:
                play.selected[st.current] = a.line
                play.hints.shown = Hint(st.current, a, describe(st, a), position_key(st))
                app.draw(force=True)
                tag = play.hints._place[1]
                assert bv.rect.contains(tag), (a, tag, bv.rect)
                if not card.contains(tag):
                    # what the hint keeps clear of (names, symbols, tokens, legal spaces: play/keepclear.py)
                    keep = keepclear.of_scene(play) + [play.backdrop.banner_rect()]
                    on_card = place_box(tag.size, bv.conn_point(a.connection), 24 * app.scale, card, [], keep)
                    assert len(on_card.collidelistall(keep)) > len(tag.collidelistall(keep)), (a, tag, on_card)
            play.hints.shown = None
            app.pop()
    finally:
        while app.scenes:
            app.scenes.pop().exit()


@pytest.fixture(scope="module")
def five_seat_positions():
    """London with the passenger's route asked and Paris with a reward asked, five players with long names."""
    import test_text_fit as T  # noqa: E402 (tests/ui is on sys.path)
    from game.engine.rules import board_of
    from game.ui.cities import drawing_for

    paris = drawing_for("paris")
    out = {"route": T._play_until("london", 5, 5, lambda s: s.phase == "route"),
           "reward": T._play_until("paris", 5, 3, lambda s: bool(paris.choices(s, board_of(s))))}
    for st in out.values():
        for p, name in zip(st.players, LONG_NAMES + ["Marie-Antoinette"]):
            p.name = name
        st.setup.players = [p.name for p in st.players]
    return out


@pytest.mark.parametrize("arrangement", ["laptop", "table"])
@pytest.mark.parametrize("language", ["en", "de", "fr"], indirect=True)
def test_five_long_named_seats_choosing_a_route_or_a_reward(language, arrangement, five_seat_positions):
    """Five seats at 1280x720 (the narrowest panels), the seat to choose named "Marie-Antoinette": its name,
    points and branch tiles stay above the route's buttons, the buttons' "no line scores" and every status fit
    (the French "aucune ligne ne marque" ran out of its button, "Marie-Antoine…" was cut)."""
    import test_text_fit as T  # noqa: E402 (tests/ui is on sys.path)
    from game.ui.app import App
    from game.ui.play_scene import PlayScene
    from game.ui.seats import SeatConfig, default_edges

    app = App(size=(1280, 720), headless=True, sound=False, language=language)
    walk = T.Walk()
    try:
        for kind, st in five_seat_positions.items():
            edges = default_edges(5, arrangement)
            seats = [SeatConfig(name=p.name, edge=edges[i], colours=list(st.setup.lines[i]))
                     for i, p in enumerate(st.players)]
            with walk.screen(f"{kind}, five seats ({arrangement})"):
                play = app.push(PlayScene(app, st, seats))
                T.settle(app, 4)
                walk.draw(app, play)
                app.pop()
    finally:
        while app.scenes:
            app.scenes.pop().exit()
    assert not walk.found, T.describe(walk.found)


# ---- pygame-gui's warnings ------------------------------------------------------------------------


def test_pygame_guis_label_warning_fails_the_words_walk(monkeypatch):
    """A label whose words do not fit even its smallest font: pygame-gui warns "Label Rect is too small", and the
    walk of every screen (tests/ui/test_text_fit.py) reports it on the screens that showed it (Settings, with and
    without an audio device)."""
    import test_text_fit as T  # noqa: E402 (tests/ui is on sys.path)
    from game.ui.app import App

    class Longest(T._OneLonger):  # longer than the label's line at its smallest font
        def gettext(self, message):
            return " ".join(["Weiterspielen"] * 20) if message == self.msgid else message

    app = App(size=(1280, 720), headless=True, sound=False, language="en")
    monkeypatch.setattr(i18n, "_translation", Longest("No sound on this computer: {problem}"))
    walk = T.Walk()
    try:
        T.visit_menus(app, walk)
    finally:
        while app.scenes:
            app.scenes.pop().exit()
    warned = [(n, c) for n, c in walk.found if c.where.startswith("warning from") and "Label Rect is too small" in c.text]
    assert warned and all(n.startswith("settings") and c.needed > c.available for n, c in warned), \
        T.describe(walk.found)


def test_a_label_that_fits_a_smaller_font_says_nothing(app, recwarn):
    """pygame-gui warns as it builds a label in the theme's font; the screens then fit a smaller one, and a label
    whose words fit that is not reported (the console stayed full of warnings for labels shown whole)."""
    from game.ui.screens import make_screen
    from game.ui import textfit

    scene = app.push(make_screen(app, "settings"))
    lab = scene.labels["language_label"]
    themed = lab.ui_theme.get_font(lab.combined_element_ids)
    words = "Sprache"
    while themed.size(words)[0] <= textfit.widget_room(lab) * 1.1:  # wider than the theme's font allows
        words += "n"
    lab = scene.label("language_label", lab.relative_rect, words, "#muted")
    assert lab.font is not lab.ui_theme.get_font(lab.combined_element_ids), "the words fit the theme's font"
    assert textfit.widget_needed(lab) <= textfit.widget_room(lab)
    assert not [w for w in recwarn if "Label Rect is too small" in str(w.message)]


# ---- the turn banner ------------------------------------------------------------------------------

PHRASE_ENDS = (" (", " · ")  # where the banner's words break into two: before the explanation, between parts


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("language", ["en", "de", "fr"], indirect=True)
def test_the_turn_banner_breaks_between_phrases_on_two_lines_at_most(language, size):
    """The last action's banner ("Wolfgang-Amadeus's turn · 1 action left (last action: see where the passenger
    would go)") and a turn's, read from every edge and on a laptop: one line, or two broken between its phrases,
    never three or four (it wrapped word by word to four lines)."""
    import test_text_fit as T  # noqa: E402 (tests/ui is on sys.path)
    from game.ui.app import App
    from game.ui.play_scene import PlayScene

    app = App(size=size, headless=True, sound=False, language=language)
    seen = []
    try:
        for left in (1, 3):
            st = long_named(T.position("london"))
            st.actions_left = left
            for seats in [T.seats_facing(st, e) for e in T.EDGES4] + [T.seats_for(st, ["bottom"] * 4)]:
                play = app.push(PlayScene(app, st, seats))
                T.settle(app, 4)
                app.draw(force=True)
                text, lines = play.banner_text(), play.overlays.banner_lines
                seen.append((play.panels[st.current].edge, lines))
                assert 1 <= len(lines) <= 2, (text, lines)
                if len(lines) == 2 and any(b in text for b in PHRASE_ENDS):
                    assert any(text.startswith(lines[0] + b) for b in PHRASE_ENDS), (text, lines)
                app.pop()
    finally:
        while app.scenes:
            app.scenes.pop().exit()
    assert any(len(lines) == 2 for _, lines in seen) or size == (1920, 1080), seen  # the long one did break
