"""A save's date in the lists (saves.when) is said in the player's language: strftime's %b gave English months."""
from __future__ import annotations

import time

import pytest

from game import i18n
from game.saves import when


@pytest.fixture
def language():
    yield i18n.set_language
    i18n.set_language("en")


@pytest.mark.parametrize("code, want", [("en", "2 Mar 2026, 14:03"), ("de", "2. März 2026, 14:03"),
                                        ("fr", "2 mars 2026 à 14:03")])
def test_a_save_date_is_said_in_the_players_language(language, code, want):
    assert language(code) == code
    assert when(time.mktime((2026, 3, 2, 14, 3, 0, 0, 0, -1))) == want


def test_every_month_has_its_own_word_in_every_language(language):
    for code in ("en", "de", "fr"):
        language(code)
        words = [when(time.mktime((2026, m, 15, 9, 5, 0, 0, 0, -1))).split(",")[0].split(" à ")[0] for m in range(1, 13)]
        assert len(set(words)) == 12, (code, words)


def test_a_time_the_clock_cannot_say_is_a_question_mark():
    assert when(1e30) == "?"
