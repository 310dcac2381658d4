"""The rules card (game/ui/rules_help.py, words in game/ui/rules_cards.py): every board's card opens from the
game menu (facing the seat that asked) and from the set-up screen (upright); every page draws with no text
running out of its box at 1280x720 and 1920x1080, measured with the bundled fonts, for every table edge."""
from __future__ import annotations

import pygame
import pytest

from game.engine import new_game
from game.ui.screens.setup import SetupScene
from game.ui.play.menu import RULES, GameMenu
from game.ui.play_scene import PlayScene
from game.ui.rules_cards import BOARDS, PAGES, pages_for, scoring_keys
from game.ui.rules_help import CLOSE, MIN_TEXT_PX, NEXT, PREV, RulesScene
from game.ui.seats import EDGE_ROTATION, SeatConfig
from play_helpers import STEP

EDGES4 = ["bottom", "left", "top", "right"]
MAPS = {("london", "standard"): "london", ("london", "classic"): "london", ("berlin", "standard"): "berlin",
        ("newyork", "standard"): "newyork", ("paris", "standard"): "paris"}


def table(app, city: str, variant: str) -> PlayScene:
    names = ["Ada", "Ben", "Chloe", "Dev"]
    st = new_game(MAPS[(city, variant)], names, seed=3, start_player=0, variant=variant)
    scene = PlayScene(app, st, [SeatConfig(name=n, edge=e) for n, e in zip(names, EDGES4)])
    app.push(scene)
    app.step(STEP)
    return scene


def rules_of(app) -> RulesScene:
    assert isinstance(app.top, RulesScene), f"the rules card is not open (top: {type(app.top).__name__})"
    return app.top


def test_each_board_has_its_own_scoring_pages():
    """Each city names pages that exist, and no two boards' cards are the same."""
    cards = {}
    for city, variant in BOARDS:
        keys = scoring_keys(city)
        assert keys, f"{city} names no scoring pages"
        assert all(k in PAGES for k in keys)
        pages = pages_for(city, variant)
        assert [p.key for p in pages[:3]] == ["turn", "placing", "branch"]
        assert pages[-1].key == "table" and any(p.key == "passenger" for p in pages) and any(p.key == "end"
                                                                                              for p in pages)
        cards[(city, variant)] = tuple(p.text for p in pages)
    assert len(set(cards.values())) == len(BOARDS)
    assert any("4 actions" in t for t in pages_for("london", "classic")[0].text)
    assert not any("4 actions every turn" in t for t in pages_for("london")[0].text)


def each_page(app, edge: str, label: str = ""):
    """Every page of every board's card drawn facing ``edge``, as (card, page, where); each checked to fit."""
    for city, variant in BOARDS:
        card = RulesScene(app, city, variant, edge)
        app.push(card)
        for i in range(len(card.pages)):
            card.page = i
            card._card = None
            card.draw(app.screen)
            where = f"{label}{city}/{variant} page {i + 1} ({card.pages[i].key}) at {app.size}, {edge}"
            assert card.overflow == [], f"{where}: {card.overflow}"
            assert card.text_px >= round(MIN_TEXT_PX * app.scale) - 1, where
            yield card, card.pages[i], where
        app.pop()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("edge", EDGES4)
def test_every_page_fits_its_boxes(app, size, edge):
    app.resize(*size)
    for card, _page, where in each_page(app, edge):
        assert app.screen.get_rect().contains(card.facing.rect), where
        up = card.upright_size()
        assert card.facing.rect.size == (up if EDGE_ROTATION[edge] in (0, 180) else up[::-1]), where
        for name, b in card.buttons.items():  # big enough for a finger
            assert min(b.size) >= round(48 * app.scale), f"{where}: {name} is {b.size}"


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("lang", ["de", "fr"])
def test_every_page_fits_its_boxes_in_german_and_french(app, size, lang):
    """The longer words of German and French still fit every page, upright (bottom) and across (left: a top or
    right seat's card is the same card turned)."""
    from game import i18n

    app.resize(*size)
    assert i18n.set_language(lang) == lang
    try:
        for edge in ("bottom", "left"):
            for _card, page, where in each_page(app, edge, f"{lang}: "):
                assert all(i18n._(t) != t for t in (page.title,) + tuple(page.text)), f"{where}: English left"
    finally:
        i18n.set_language("en")


def test_text_that_cannot_fit_is_reported_not_hidden(app):
    """The measuring itself can fail: squeezed into a tiny window, the card says what did not fit."""
    app.resize(480, 270)
    card = RulesScene(app, "london")
    app.push(card)
    card.page = 6
    card.draw(app.screen)
    assert card.overflow


@pytest.mark.parametrize("city,variant", BOARDS)
def test_opens_from_the_game_menu_facing_the_seat_that_asked(app, driver, city, variant):
    app.resize(1280, 720)
    scene = table(app, city, variant)
    for seat, edge in enumerate(EDGES4):
        driver.tap(*scene.point_for_button(seat, "menu"))
        menu = app.top
        assert isinstance(menu, GameMenu) and menu.seat == seat
        driver.tap(*menu.point_for(RULES))
        card = rules_of(app)
        assert (card.city, card.variant) == (city, variant) and card.edge == edge
        assert card.facing.rotation == EDGE_ROTATION[edge]
        assert card.page == 0
        driver.tap(*card.point_for(NEXT))
        assert card.page == 1
        driver.tap(*card.point_for(PREV))
        assert card.page == 0
        driver.tap(*card.point_for(CLOSE))
        assert app.top is menu, "closing the rules goes back to the menu"
        driver.key(pygame.K_ESCAPE)
        assert app.top is scene


def test_the_game_stays_paused_under_the_rules(app, driver):
    scene = table(app, "london", "standard")
    scene.seats[1].computer = True
    driver.tap(*scene.point_for_button(0, "menu"))
    driver.tap(*app.top.point_for(RULES))
    card = rules_of(app)
    logged = len(scene.state.log)
    for _ in range(30):
        app.step(STEP)
    assert len(scene.state.log) == logged
    for _ in range(len(card.pages) + 2):  # Next on the last page does nothing more
        driver.key(pygame.K_RIGHT)
    assert card.page == len(card.pages) - 1
    driver.key(pygame.K_ESCAPE)
    assert isinstance(app.top, GameMenu)


def test_kiosk_menu_offers_the_rules(app, driver):
    app.kiosk_mode = True
    scene = table(app, "berlin", "standard")
    driver.tap(*scene.point_for_button(2, "menu"))
    assert RULES in app.top.items
    driver.tap(*app.top.point_for(RULES))
    assert rules_of(app).edge == "top"


@pytest.mark.parametrize("city,variant", BOARDS)
def test_opens_from_the_set_up_screen_for_the_chosen_board(app, driver, city, variant):
    app.resize(1280, 720)
    setup = app.push(SetupScene(app))
    for _ in range(len(setup.maps)):
        if setup.setup.map == MAPS[(city, variant)]:
            break
        driver.tap_rect(setup.buttons["map"].rect)
    assert setup.setup.map == MAPS[(city, variant)]
    if variant != setup.setup.variant:
        driver.tap_rect(setup.buttons["edition"].rect)
    assert setup.setup.variant == variant
    driver.tap_rect(setup.buttons["rules"].rect)
    card = rules_of(app)
    assert (card.city, card.variant, card.edge) == (city, variant, "bottom")
    while card.page < len(card.pages) - 1:
        driver.tap(*card.point_for(NEXT))
        assert card.overflow == []
    driver.tap(*card.point_for(CLOSE))
    assert app.top is setup
