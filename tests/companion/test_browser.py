"""The phone pages in a real browser: headless Chromium (Debian's chromium and chromium-driver) via Selenium.

The seat page is opened from the link its QR code says (read back from the code), shows the seat's objectives,
plays a whole turn (a placement, an undo, placements and taking a branch tile, the passenger's route if asked),
survives its socket being cut, and is photographed at 360x800. In CI (CI=true) a missing browser fails;
elsewhere it skips with a message (.ci/run installs it).
"""
from __future__ import annotations

import json
import os
import random
import shutil
import threading
import time
from pathlib import Path

import pytest

from game.companion import qr
import struct

from game.engine import Undo, apply, legal_actions, load_board, new_game

from .phones import Table
from .qr_decode import read_text

SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync",
                  "--disable-dev-shm-usage"]


def _missing(why: str):
    if os.environ.get("CI") == "true":
        pytest.fail(f"{why}: CI must run the browser tests (.ci/run installs chromium and chromium-driver)")
    pytest.skip(f"{why}: install Debian's chromium and chromium-driver (apt-get install -y chromium "
                f"chromium-driver) to run the phone pages in a browser")


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        _missing("selenium is not installed")
    binary = shutil.which("chromium") or shutil.which("chromium-browser")
    driver_path = shutil.which("chromedriver")
    if not binary or not driver_path:
        _missing("no chromium or chromedriver on PATH")
    os.environ["SE_OFFLINE"] = "true"  # Selenium Manager must never download a browser or a driver
    opts = webdriver.ChromeOptions()
    opts.binary_location = binary
    for flag in CHROMIUM_FLAGS:
        opts.add_argument(flag)
    opts.add_argument(f"--user-data-dir={tmp_path_factory.mktemp('chromium-profile')}")
    opts.add_argument("--window-size=360,800")
    opts.add_experimental_option("mobileEmulation", {"deviceMetrics": {"width": 360, "height": 800,
                                                                       "pixelRatio": 1.0, "touch": True}})
    driver = webdriver.Chrome(service=Service(driver_path), options=opts)
    driver.set_page_load_timeout(20)
    try:
        yield driver
    finally:
        driver.quit()


class GameLoop:
    """The table's game thread: applies phones' actions and publishes, every 10 ms, like the play screen."""

    def __init__(self, table: Table):
        self.table = table
        self.lock = threading.Lock()
        self._stop = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self):
        while not self._stop.is_set():
            with self.lock:
                self.table.step()
            time.sleep(0.01)

    def stop(self):
        self._stop.set()
        self.thread.join(5)


def wait(pred, timeout=10.0, what="condition"):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = pred()
        if value:
            return value
        time.sleep(0.02)
    raise AssertionError(f"timed out waiting for {what}")


def js(driver, script, *args):
    return driver.execute_script(script, *args)


def shown_version(driver) -> int:
    return int(js(driver, "return document.body.dataset.version || -1;"))


def text(driver, element_id: str) -> str:
    """An element's text read in one step (the page redraws its parts on every state)."""
    return js(driver, "const e = document.getElementById(arguments[0]); return e ? e.textContent : '';", element_id)


def actions_offered(driver) -> list[dict]:
    """The action buttons the page shows now, enabled ones only."""
    return json.loads(js(driver, "return JSON.stringify([...document.querySelectorAll('#buttons button')]"
                                 ".filter(b => !b.disabled).map(b => JSON.parse(b.dataset.action)));"))


def press(driver, action: dict) -> None:
    js(driver, "for (const b of document.querySelectorAll('#buttons button')) "
               "if (b.dataset.action === arguments[0]) { b.click(); return; }", json.dumps(action, separators=(",", ":")))


def legal_conns(driver) -> list[int]:
    return js(driver, "return [...document.querySelectorAll('svg .legal-conn')].map(e => +e.dataset.conn);")


def tap_conn(driver, conn: int) -> None:
    """A tap on a highlighted track space of the board."""
    js(driver, "document.querySelector(`svg .legal-conn[data-conn='${arguments[0]}']`)"
               ".dispatchEvent(new MouseEvent('click', {bubbles: true}));", conn)


def test_seat_page_in_chromium(browser, tmp_path):
    from selenium.webdriver.common.by import By

    t0 = time.monotonic()
    state = new_game("paris", 2, seed=21)
    rng = random.Random(21)
    while state.turn < 6 or state.phase != "actions":  # a game under way: tokens on the board, lines with ends
        apply(state, rng.choice([a for a in legal_actions(state) if not isinstance(a, Undo)]))
    seat = state.current
    log_before = len(state.log)
    remote = [False, False]
    remote[seat] = True
    table = Table(state, remote=remote)
    loop = GameLoop(table)
    c = table.companion
    try:
        # the page is opened from what the table's QR code says
        url = read_text(qr.code(c.seat_url(seat)).matrix)
        assert url == c.seat_url(seat)
        browser.get(url)
        wait(lambda: c.phone(seat) == "asking", what="the phone asking for its seat")
        status = browser.find_element(By.ID, "status")
        assert status.get_attribute("data-state") == "waiting"
        assert not browser.find_elements(By.CSS_SELECTOR, "#objectives li")  # nothing before Keep
        c.keep(seat)
        wait(lambda: browser.find_elements(By.CSS_SELECTOR, "#objectives li"), what="the objectives")
        cards = js(browser, "return [...document.querySelectorAll('#objectives li')].map(e => +e.dataset.card);")
        assert sorted(cards) == sorted(state.setup.objectives[seat])
        board = load_board("paris")
        first_card = state.setup.objectives[seat][0]
        names = [board.stations[s].name for s in board.objective_stations[first_card]]
        shown = text(browser, "objectives")
        assert all(n in shown for n in names), (names, shown)
        assert "Your turn" in text(browser, "whose-turn")
        browser.save_screenshot(str(tmp_path / "phone-seat.png"))

        # a whole turn from the phone: place, undo it, then play on until the turn has passed on
        before = table.applied
        conn = wait(lambda: legal_conns(browser), what="legal track spaces")[0]
        tap_conn(browser, conn)
        wait(lambda: table.applied == before + 1, what="the placement applied")
        with loop.lock:
            placed = table.state.log[-1]
            assert placed.connection == conn and placed.line in table.state.players[seat].lines
        wait(lambda: {"type": "undo"} in actions_offered(browser), what="the undo button")
        press(browser, {"type": "undo"})
        wait(lambda: table.applied == before + 2, what="the undo applied")
        with loop.lock:
            assert len(table.state.log) == log_before and placed.line not in table.state.tokens[conn]
        turn = table.state.turn
        took_branch = False
        for _ in range(12):
            if table.state.turn != turn:
                break
            n = table.applied
            wait(lambda: shown_version(browser) == table.version, what="the page showing the position")
            offered = wait(lambda: actions_offered(browser) or legal_conns(browser), what="something to do")
            offered = actions_offered(browser)
            others = [a for a in offered if a["type"] not in ("undo", "branch")]
            if others:  # a route or a Paris choice is asked
                press(browser, others[0])
            elif {"type": "branch"} in offered and not took_branch and table.state.actions_left == 1:
                press(browser, {"type": "branch"})
                took_branch = True
            else:
                tap_conn(browser, wait(lambda: legal_conns(browser), what="legal track spaces")[0])
            wait(lambda: table.applied > n or table.state.turn != turn, what="the action applied")
        with loop.lock:
            assert table.state.turn != turn, "the phone played its whole turn"
            played = [type(a).__name__ for a in table.state.log[log_before:]]
        assert "PlaceTrack" in played
        # the page says whose turn it is now
        other = table.state.players[table.state.current].name
        wait(lambda: other in text(browser, "whose-turn"), what="the next player's turn")

        # the socket is cut (Wi-Fi lost): the page reconnects by itself, kept, with the current state
        c.drop(seat)
        wait(lambda: c.phone(seat) == "gone", what="the table seeing the phone gone")
        wait(lambda: c.phone(seat) == "kept", timeout=15, what="the phone back")
        with loop.lock:
            tokens_now = sum(len(t) for t in table.state.tokens)
        wait(lambda: len(browser.find_elements(By.CSS_SELECTOR, "svg .token")) == tokens_now,
             what="the board as it is now")
        assert browser.find_element(By.ID, "status").get_attribute("data-state") == "connected"
        assert len(browser.find_elements(By.CSS_SELECTOR, "#objectives li")) == 2

        # the same page as a spectator's: the board and scores, no objectives
        browser.get(c.spectator_url())
        wait(lambda: browser.find_elements(By.CSS_SELECTOR, "#scores tr"), what="the scores")
        assert not browser.find_elements(By.CSS_SELECTOR, "#objectives li")
        assert not browser.find_element(By.ID, "objectives-card").is_displayed()
        assert len(browser.find_elements(By.CSS_SELECTOR, "svg .token")) == tokens_now
    finally:
        loop.stop()
        table.close()
    shot = tmp_path / "phone-seat.png"
    head = shot.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n" and struct.unpack(">II", head[16:24]) == (360, 800)
    if os.environ.get("UNDERGROUND_WRITE_SCREENSHOTS"):
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        shutil.copy(shot, SCREENSHOTS / "phone-seat-360x800.png")
    assert time.monotonic() - t0 < 60


def test_a_whole_paris_game_with_two_seats_on_phones(browser):
    """Two tabs, one seat each, both played from the phone to the end; the record replays to the same game."""
    import msgspec
    from selenium.webdriver.common.by import By

    from game.engine.record import from_state, replay

    t0 = time.monotonic()
    state = new_game("paris", 2, seed=8)
    table = Table(state, remote=[True, True])
    loop = GameLoop(table)
    c = table.companion
    rng = random.Random(8)
    tabs = []
    try:
        for seat in (0, 1):
            if seat:
                browser.switch_to.new_window("tab")
            browser.get(read_text(qr.code(c.seat_url(seat)).matrix))
            wait(lambda: c.phone(seat) == "asking", what="the phone asking")
            c.keep(seat)
            wait(lambda: c.phone(seat) == "kept", what="the phone kept")
            tabs.append(browser.current_window_handle)
        shown = 1
        actions = 0
        while True:
            with loop.lock:
                if state.over:
                    break
                seat = state.pending[0].player if state.phase in ("reward", "complete_set") else state.current
                version, n = table.version, table.applied
            if seat != shown:
                browser.switch_to.window(tabs[seat])
                shown = seat
            wait(lambda: shown_version(browser) == version, what="the page showing the position")
            offered = [a for a in actions_offered(browser) if a["type"] != "undo"]
            conns = legal_conns(browser)
            choices = [("button", a) for a in offered] + [("conn", k) for k in conns]
            assert choices, "the seat to act is offered something"
            kind, what = rng.choice(choices)
            if kind == "button":
                press(browser, what)
            else:
                tap_conn(browser, what)
            wait(lambda: table.applied > n, what="the action applied")
            actions += 1
        for seat in (0, 1):
            browser.switch_to.window(tabs[seat])
            wait(lambda: "Game over" in text(browser, "turn"), what="the end on the phone")
            assert len(browser.find_elements(By.CSS_SELECTOR, "#objectives li")) == 2
    finally:
        loop.stop()
        table.close()
        for handle in tabs[1:]:
            browser.switch_to.window(handle)
            browser.close()
        if tabs:
            browser.switch_to.window(tabs[0])
    assert state.over and actions == len(state.log)
    again = replay(from_state(state))
    assert msgspec.msgpack.encode(again) == msgspec.msgpack.encode(state)
    assert time.monotonic() - t0 < 60, f"{actions} actions took {time.monotonic() - t0:.1f} s"
