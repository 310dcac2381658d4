"""The forms a station's name may be set in (game/ui/board/name_forms.py), on every board's real names: the
breaks a cartographer would make and none that reads wrong; and the names set smaller and flush to their
station as drawn (game/ui/board/names.py)."""
from __future__ import annotations

import os
import re

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from game.engine import load_board  # noqa: E402
from game.ui.board import name_forms  # noqa: E402
from game.ui.board.name_forms import MOST_FORMS, forms  # noqa: E402

BOARDS = ("london", "london-2006", "berlin", "newyork", "paris")
ALL_NAMES = sorted({st.name for b in BOARDS for st in load_board(b).stations})


def broken(name: str) -> list[str]:
    return [text for text, _ in forms(name)[1:]]


@pytest.mark.parametrize("name,first,also", [
    ("Palais-Royal - Musée du Louvre", "Palais-Royal -\nMusée du Louvre", "Palais-Royal -\nMusée\ndu Louvre"),
    ("Réaumur - Sébastopol", "Réaumur -\nSébastopol", None),
    ("Reuilly - Diderot", "Reuilly -\nDiderot", None),
    ("Chaussée d'Antin - La Fayette", "Chaussée d'Antin -\nLa Fayette", "Chaussée\nd'Antin -\nLa Fayette"),
    ("Notre-Dame-de-Lorette", "Notre-Dame-\nde-Lorette", None),
    ("Porte de Versailles", "Porte de\nVersailles", "Porte\nde Versailles"),
    ("Karl-Bonhoeffer-Nervenklinik", "Karl-Bonhoeffer-\nNervenklinik", None),
    ("Zoologischer Garten", "Zoologischer\nGarten", None),
    ("Atlantic Av Barclays Ctr", "Atlantic Av\nBarclays Ctr", None),
    ("Port Authority Bus Terminal", "Port Authority\nBus Terminal", "Port\nAuthority\nBus Terminal"),
    ("Brooklyn Bridge City Hall", "Brooklyn Bridge\nCity Hall", "Brooklyn\nBridge\nCity Hall"),
    ("Sutphin Blvd Archer Av JFK Airport", "Sutphin Blvd\nArcher Av JFK Airport", "Sutphin Blvd\nArcher Av\nJFK Airport"),
    ("14 St - 7 Av", "14 St -\n7 Av", None),
    ("King's Cross St. Pancras", "King's Cross\nSt. Pancras", None),
    ("Harrow on the Hill", "Harrow\non the Hill", None),
    ("Elephant & Castle", "Elephant\n& Castle", None),
])
def test_the_breaks_a_cartographer_would_make(name, first, also):
    """The cheapest broken form of each name is where a printed map breaks it (after a double name's dash,
    between the words of a long name), and the other forms offered include the natural three-line one."""
    assert name in ALL_NAMES
    got = broken(name)
    assert got[0] == first, got
    if also:
        assert also in got, got


@pytest.mark.parametrize("name,never", [
    ("Palais-Royal - Musée du Louvre", "Palais-Royal - Musée\ndu Louvre"),  # a double name breaks at its dash
    ("Champs-Élysées - Clemenceau", "Champs-\nÉlysées - Clemenceau"),
    ("Harrow on the Hill", "Harrow on\nthe Hill"),  # no line ends on a small English word
    ("King's Cross St. Pancras", "King's Cross St.\nPancras"),  # nor on Saint
    ("Jackson Hts Roosevelt Av", "Jackson\nHts Roosevelt Av"),  # an abbreviation stays with its word
    ("Mairie de Saint-Ouen", "Mairie de Saint-\nOuen"),  # Saint-Ouen is one name
    ("Messe Nord/ICC", "Messe Nord/\nICC"),
])
def test_breaks_that_read_wrong_are_never_offered(name, never):
    assert name in ALL_NAMES
    assert never not in broken(name)


@pytest.mark.parametrize("name", ["Bank", "86 St", "Wash Sq", "Union Sq", "Alt-Tegel", "Saint-Lazare", "Bastille"])
def test_short_names_stay_on_one_line(name):
    """No line of one or two letters ("St", "Sq"), no break of a short hyphenated name."""
    assert name in ALL_NAMES
    assert forms(name) == [(name, 0.0)]


def test_every_form_of_every_name_reads_right():
    """On every board: the name on one line first (cost 0), then at most MOST_FORMS - 1 broken forms, cheapest
    first; each breaks only between words or after a dash or hyphen (joined again, the name), never leaves a
    lone dash or a line of fewer than three letters, and is narrower than the name on one line."""
    offered = 0
    for name in ALL_NAMES:
        got = forms(name)
        assert got[0] == (name, 0.0)
        assert len(got) <= MOST_FORMS
        costs = [c for _, c in got]
        assert costs == sorted(costs) and all(c > 0 for c in costs[1:]), name
        for text, _ in got[1:]:
            offered += 1
            lines = text.split("\n")
            assert 2 <= len(lines) <= 3, text
            joined = lines[0]
            for line in lines[1:]:
                joined += line if joined.endswith("-") and not joined.endswith(" -") else " " + line
            assert joined == name, text
            for line in lines:
                body = line[:-2] if line.endswith(" -") else line
                assert len(re.findall(r"\w", body)) >= 3 and not line.startswith("-") and line.strip() == line, text
            assert max(len(t) for t in lines) < len(name), text
            if " - " in name:
                assert any(t.endswith(" -") for t in lines[:-1]), text
    assert offered > 200  # every board's long names have forms


def test_a_name_set_smaller_is_at_most_15_percent_smaller_and_never_below_the_least_size():
    from game.ui.board.names import MIN_LABEL_PX, smaller_px

    for px in range(MIN_LABEL_PX, 60):
        assert MIN_LABEL_PX <= smaller_px(px) <= px and smaller_px(px) >= 0.85 * px
    assert smaller_px(12) == 11 and smaller_px(MIN_LABEL_PX) == MIN_LABEL_PX and smaller_px(26) == 23
    assert name_forms.unmarked(name_forms.smaller("Opéra")) == ("Opéra", True)
    assert name_forms.unmarked("Opéra") == ("Opéra", False)


@pytest.fixture
def layer():
    import pygame

    from game.ui import theme as th
    from game.ui.board.view import BoardView

    pygame.display.init()
    pygame.font.init()
    view = BoardView(load_board("paris"), pygame.Rect(0, 0, 1200, 700), th.Theme(), th.Fonts(), ui_scale=1.0)
    return view.names


def test_every_form_is_drawn_as_measured(layer):
    """The placement measures the forms without drawing them (label_size); each picture, in every turn, set
    smaller or not, lined up any way, has exactly that size."""
    for name in ("Palais-Royal - Musée du Louvre", "Port Authority Bus Terminal", "Opéra"):
        for text, _ in forms(name):
            for t in (text, name_forms.smaller(text)):
                for angle in (0, 90, 180, 270):
                    want = layer.label_size(t, 20, angle)
                    for align in ("left", "right", "centre"):
                        layer._label_cache.clear()
                        assert layer.label_surface(t, 20, angle, align).get_size() == want, (t, angle, align)
    assert layer.label_size(name_forms.smaller("Opéra"), 20, 0) < layer.label_size("Opéra", 20, 0)


def test_lines_are_flush_to_the_side_facing_the_station(layer):
    """A broken name right of its station starts each line beside it, one on its left ends them there, one
    above or below is centred; turned to face the top seat, left and right swap; turned to a side seat, it is
    the station's height that counts."""
    align = layer.align
    two = "Réaumur -\nSébastopol"
    assert align(two, 12, -15, 80, 30, 0) == "left"  # right of the station
    assert align(two, -92, -15, 80, 30, 0) == "right"  # left of it
    assert align(two, -40, 12, 80, 30, 0) == "centre"  # below it
    assert align("Opéra", 12, -8, 40, 16, 0) == "centre"  # one line: nothing to line up
    assert align(two, 12, -15, 80, 30, 180) == "right"  # upside down: its lines start on the far side
    assert align(two, -15, -92, 30, 80, 90) == "left"  # a quarter turn left, above the station: starts there
    assert align(two, -15, 12, 30, 80, 90) == "right"
