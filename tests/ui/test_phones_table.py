"""Phones at a real play screen (headless app, loopback): a phone asks, the seat's card opens facing it, the table
keeps it; its hand leaves the table; a remote seat's phone plays through the table's own act; a dropped phone
shows on the panel; the seat is taken back or handed to a computer; Restart gives new codes."""
from __future__ import annotations

import asyncio
import json
import threading

import aiohttp
import pytest

from game.companion import ASKING, GONE, KEPT, NONE
from game.engine import new_game
from game.ui.play.menu import PHONE, GameMenu
from game.ui.play.phone_card import KEEP, TAKE_BACK, TO_COMPUTER, PhoneCard, qr_surface
from game.ui.play_scene import PlayScene
from game.ui.screenshot import demo_seats

from play_helpers import STEP, settle  # noqa: E402 (tests/ui is on sys.path)


class SyncPhone:
    """A phone (aiohttp WebSocket client) on its own thread and loop, so the test's thread can step the app."""

    def __init__(self, port: int, token: str, device: str = ""):
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.messages: list[dict] = []
        self.device = device
        self._call(self._open(port, token))

    def _call(self, coro, timeout=10):
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    async def _open(self, port, token):
        self.session = aiohttp.ClientSession()
        self.ws = await self.session.ws_connect(f"ws://127.0.0.1:{port}/ws")
        self.reader = self.loop.create_task(self._read())
        await self.ws.send_str(json.dumps({"type": "hello", "token": token, "device": self.device}))

    async def _read(self):
        async for msg in self.ws:
            m = json.loads(msg.data)
            self.messages.append(m)
            if m["type"] == "kept":
                self.device = m["device"]

    def send(self, obj) -> None:
        self._call(self.ws.send_str(json.dumps(obj)))

    def last(self, kind):
        ms = [m for m in self.messages if m["type"] == kind]
        return ms[-1] if ms else None

    def close(self) -> None:
        async def shut():
            await self.ws.close()
            await self.session.close()
        self._call(shut())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)


def until(app, pred, steps=400):
    for _ in range(steps):
        if pred():
            return
        app.step(STEP)
        import time
        time.sleep(0.005)
    raise AssertionError("condition not met")


@pytest.fixture
def phones_on(app):
    prefs = app.settings.preferences()
    prefs.phones, prefs.phones_host = True, "localhost"
    app.settings.remember_preferences(prefs)
    yield app
    comp = getattr(app, "companion", None)
    if comp is not None:
        comp.stop()


def _table(app, remote_seat=None):
    state = new_game("paris", ["Ada", "Ben", "Cy"], seed=5, start_player=0)
    seats = demo_seats(state)
    if remote_seat is not None:
        seats[remote_seat].phone = True
    scene = PlayScene(app, state, seats)
    app.push(scene)
    settle(app, scene)
    return scene


def test_phones_are_off_by_default(app):
    scene = _table(app)
    assert scene.phones is None and getattr(app, "companion", None) is None
    assert PHONE not in GameMenu(app, scene, 0).items


def test_a_phone_is_kept_at_the_table_and_takes_the_hand_off_it(phones_on):
    app = phones_on
    scene = _table(app)
    c = scene.phones.companion
    assert c.host == "127.0.0.1" and PHONE in GameMenu(app, scene, 1).items
    assert scene.panels[1].has_secret
    phone = SyncPhone(c.port, c.seat_tokens[1])
    try:
        until(app, lambda: isinstance(app.top, PhoneCard))
        card = app.top
        assert card.seat == 1 and card.edge == scene.panels[1].edge  # facing the seat asked for
        assert scene.panel_view(1).phone[0] == "phone joined — keep / refuse"
        app.draw(force=True)
        card.choose(KEEP)
        until(app, lambda: c.phone(1) == KEPT and phone.last("state") is not None)
        app.step(STEP)  # the table's next frame sees the kept phone
        assert app.top is scene
        assert not scene.panels[1].has_secret  # the hand is on the phone now, not on the table
        assert [o["card"] for o in phone.last("state")["objectives"]] == scene.state.setup.objectives[1]
        assert scene.panel_view(1).phone[0] == "hand on a phone"
        c.drop(1)
        until(app, lambda: c.phone(1) == GONE)
        app.step(STEP)
        assert scene.panel_view(1).phone[0] == "phone disconnected" and not scene.panels[1].has_secret
        old = c.seat_tokens[1]
        scene.phones.take_back(1)  # the table takes the seat back: a new code, the secrets button again
        until(app, lambda: c.phone(1) == NONE)
        app.step(STEP)
        assert c.seat_tokens[1] != old and scene.panels[1].has_secret
    finally:
        phone.close()


def test_a_remote_seat_plays_from_its_phone_through_the_table(phones_on):
    app = phones_on
    scene = _table(app, remote_seat=0)
    c = scene.phones.companion
    phone = SyncPhone(c.port, c.seat_tokens[0])
    try:
        until(app, lambda: isinstance(app.top, PhoneCard))
        app.top.choose(KEEP)
        until(app, lambda: phone.last("state") is not None and phone.last("state")["legal"])
        app.step(STEP)
        assert scene.banner_text() == "Ada is playing from a phone"  # marked as a computer's moves are
        assert scene.panel_view(0).status == "playing from a phone"
        st = phone.last("state")
        action = next(a for a in st["legal"] if a["type"] == "place")
        phone.send({"type": "act", "version": st["version"], "action": action})
        until(app, lambda: len(scene.state.log) == 1)
        placed = scene.state.log[0]
        assert (placed.line, placed.connection) == (action["line"], action["connection"])
        assert scene.phones.applied == 1 and scene.version == 1  # through the table's act, as a touch
        until(app, lambda: phone.last("state")["version"] > st["version"])
        # the seat's player leaves: a computer plays on
        scene.phones.to_computer(0)
        assert scene.seats[0].computer and not scene.seats[0].phone
        until(app, lambda: scene.state.current != 0, steps=2000)
        assert c.phone(0) == NONE
    finally:
        phone.close()


def test_the_card_shows_a_code_and_restart_changes_every_code(phones_on):
    app = phones_on
    scene = _table(app)
    c = scene.phones.companion
    app.push(PhoneCard(app, scene, 2))
    card = app.top
    app.draw(force=True)
    assert card._shows_code() and card.buttons
    assert TAKE_BACK not in card._rows() and TO_COMPUTER in card._rows()
    code = qr_surface(c.seat_url(2), 4)
    assert code.get_at((0, 0))[:3] == (255, 255, 255) and code.get_at((4 * 4 + 1, 4 * 4 + 1))[:3] == (0, 0, 0)
    card.choose("close")
    old = list(c.seat_tokens)
    from game.ui.play.menu import GameMenu as Menu

    menu = Menu(app, scene, 0)
    app.push(menu)
    menu.restart()
    assert app.top is not scene and app.top.phones is not None
    assert all(a != b for a, b in zip(old, c.seat_tokens))
    assert app.top.phones.companion is c  # one server per table, new codes per game
    assert ASKING not in [c.phone(i) for i in range(3)]


def test_set_up_offers_a_person_on_a_phone_and_the_game_gets_a_remote_seat(phones_on, driver):
    from game.ui.screens.end import EndScene
    from game.ui.screens.setup import SetupScene

    app = phones_on
    s = app.push(SetupScene(app))
    assert s.seat_kinds()[-1] == (False, "random", True)  # a person, the computers, a person on a phone
    for _ in s.seat_kinds()[1:]:
        driver.tap_rect(s.buttons["seat1_kind"].rect)
    assert s.setup.seats[1].phone and not s.setup.seats[1].computer
    assert s.buttons["seat1_kind"].text == "Person on a phone"
    driver.tap_rect(s.buttons["start"].rect)
    play = app.top
    assert isinstance(play, PlayScene) and play.seats[1].phone and not play.seats[0].phone
    assert play.phones.companion.remote[:2] == [False, True]
    assert EndScene(app, play.state, play.seats).next_setup().seats[1].phone  # Play again keeps it


# ---- the Phone button on each seat panel ------------------------------------------------------------------------

def test_each_seat_panel_has_a_phone_button_that_opens_its_card_facing_it(phones_on, driver):
    app = phones_on
    scene = _table(app)
    for seat, panel in enumerate(scene.panels):
        assert panel.has_phone and "phone" in panel.controls
        r = panel.control_rect_on_screen("phone")
        assert min(r.w, r.h) >= round(48 * app.scale)
        driver.tap(*scene.point_for_button(seat, "phone"))
        card = app.top
        assert isinstance(card, PhoneCard) and card.seat == seat and card.edge == panel.edge
        card.choose("close")
        assert app.top is scene


def test_no_phone_button_while_phones_are_off(app):
    scene = _table(app)
    assert not any(p.has_phone or "phone" in p.controls for p in scene.panels)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (3840, 2160)])
@pytest.mark.parametrize("arrangement", ["laptop", "table"])
def test_the_phone_button_covers_nothing_on_five_paris_panels(phones_on, size, arrangement):
    """Four round buttons (menu, phone, secret cards, hint) on each of five Paris panels: no control or text
    area over another, the names whole, every label whole, the notes shown."""
    from game.ui.seats import SeatConfig, default_edges

    app = phones_on
    app.resize(*size)
    names = ["Ada", "Ben", "Cy", "Dee", "Eve"]
    st = new_game("paris", names, seed=1, start_player=0)
    edges = default_edges(5, arrangement)
    scene = app.push(PlayScene(app, st, [SeatConfig(name=n, edge=edges[i], colours=list(st.setup.lines[i]))
                                         for i, n in enumerate(names)]))
    settle(app, scene)
    app.draw(force=True)
    for i, panel in enumerate(scene.panels):
        panel.layout(st, scene.panel_view(i))
        ctl = panel.controls
        # a laptop's hint is on its action bar, for the acting seat (play/action_bar.py)
        want = {"menu", "phone", "secret"} | ({"hint"} if arrangement == "table" else set())
        assert want <= set(ctl), (i, sorted(ctl))
        box = __import__("pygame").Rect(0, 0, *panel.upright_size)
        for a, r in ctl.items():
            assert box.contains(r), (size, i, a)
            for b, q in ctl.items():
                assert a >= b or not r.colliderect(q), (size, arrangement, i, panel.mode, a, b)
        panel.render(st, scene.panel_view(i))
        assert not panel.name_cut and panel.cut_labels == [] and panel.shown_notes >= 1, (size, i)
    if arrangement == "laptop":
        assert "hint" in scene.bar.controls


# ---- a seat that plays from a phone ------------------------------------------------------------------------------

def test_a_touch_at_the_table_does_not_act_for_a_seat_that_plays_from_a_phone(phones_on, driver):
    app = phones_on
    scene = _table(app, remote_seat=0)
    if isinstance(app.top, PhoneCard):
        app.top.choose("close")
    st = scene.state
    assert st.current == 0 and not scene.turns.human_turn(scene.blocking)
    conn = next(c for li, c, _cost in __import__("game.engine.rules", fromlist=["x"]).legal_placements(st))
    driver.tap(*scene.point_for_connection(conn))
    driver.tap_rect(scene.panels[0].control_rect_on_screen("branch"))
    assert st.log == []  # nothing done for Ada
    words = [t.text for t in scene.toasts]
    assert words and all(w == "Ada plays from a phone — take the seat back from the game menu" for w in words)
    assert {t.angle for t in scene.toasts} == {0}  # facing Ada's edge (bottom)
    assert scene.banner_text() == "Ada is playing from a phone"  # whether or not a phone has joined yet
    menu = GameMenu(app, scene, 0)
    from game.ui.play.menu import HAND_OFF, TAKE_SEAT

    assert menu.items[1:4] == [PHONE, TAKE_SEAT, HAND_OFF]
    app.push(menu)
    menu.choose(TAKE_SEAT)  # the seat taken back at the table: a touch plays it again
    assert not scene.seats[0].phone and scene.phones.companion.remote[0] is False
    driver.tap_rect(scene.panels[0].control_rect_on_screen("branch"))
    assert len(st.log) == 1


# ---- this game's phones switch on the set-up screen ---------------------------------------------------------------

def test_set_up_phones_switch_defaults_from_settings_and_a_phone_seat_turns_it_on(app, driver):
    from game.ui.screens.setup import SetupScene

    s = app.push(SetupScene(app))
    assert s.setup.phones is False and "phones" in s.buttons  # its switch drawn from setup.phones (draw_front)
    while not s.setup.seats[1].phone:  # a person, the computers, then a person on a phone
        driver.tap_rect(s.buttons["seat1_kind"].rect)
    assert s.setup.phones
    assert s.labels["error"].text == "Phones at the table are on for this game: Player 2 plays from a phone."
    driver.tap_rect(s.buttons["phones"].rect)  # off again: the seat plays at the table, and the screen says so
    assert not s.setup.phones and not s.setup.seats[1].phone and s.buttons["seat1_kind"].text == "Person"
    assert s.labels["error"].text == "No phones in this game: Player 2 plays at the table."
    driver.tap_rect(s.buttons["phones"].rect)
    while not s.setup.seats[1].phone:
        driver.tap_rect(s.buttons["seat1_kind"].rect)
    app.settings.preferences().phones_host = "localhost"
    prefs = app.settings.preferences()
    prefs.phones_host = "localhost"
    app.settings.remember_preferences(prefs)
    driver.tap_rect(s.buttons["start"].rect)
    play = app.top
    try:
        assert isinstance(play, PlayScene) and play.phones is not None and play.seats[1].phone
        assert not app.settings.preferences().phones  # Settings are left as they were
        from game.ui.screens.end import EndScene

        assert EndScene(app, play.state, play.seats).next_setup().phones  # Play again keeps this game's phones
        menu = GameMenu(app, play, 0)
        app.push(menu)
        menu.restart()  # Restart keeps this game's phones
        assert app.top is not play and app.top.phones is not None
    finally:
        app.companion.stop()


def test_phones_switched_off_for_one_game_close_the_server(phones_on, driver):
    from game.ui.screens.setup import SetupScene

    app = phones_on
    first = _table(app)
    assert first.phones is not None
    comp = app.companion
    s = app.push(SetupScene(app))
    assert s.setup.phones  # Settings say on
    driver.tap_rect(s.buttons["phones"].rect)
    driver.tap_rect(s.buttons["start"].rect)
    play = app.top
    assert isinstance(play, PlayScene) and play.phones is None and "phone" not in play.panels[0].controls
    assert not comp.running and app.companion is None  # no earlier game's code stays open
    from game.ui.screens.end import EndScene

    assert EndScene(app, play.state, play.seats).next_setup().phones is False  # nor does Play again


def test_a_kiosk_without_phones_offers_no_switch_and_no_phone_seat(app):
    from game.ui.screens.setup import SetupScene

    app.kiosk_mode = True
    s = app.push(SetupScene(app))
    assert "phones" not in s.buttons and not s.setup.phones
    assert all(not phone for _c, _l, phone in s.seat_kinds())
