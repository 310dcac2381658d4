"""Each city's own drawing, so a city's look never lands in the shared board view, panels or play scene.

Mirrors ``game/engine/cities/``: the shared screens ask :func:`drawing_for` (by the board's ``city``)
for a :class:`CityDrawing` and call its hooks; a city without a module draws nothing of its own.
"""
from __future__ import annotations

from ..draw import disc, draw_station_shape


from .base import CityDrawing  # the hooks' defaults; a city module imports them from there, not back from here


def _table() -> dict[str, type]:
    from .berlin import BerlinDrawing
    from .london import LondonDrawing
    from .newyork import NewYorkDrawing
    from .paris import ParisDrawing

    return {"london": LondonDrawing, "berlin": BerlinDrawing, "newyork": NewYorkDrawing, "paris": ParisDrawing}


_cache: dict[str, CityDrawing] = {}


def drawn_on_screen(city: str) -> bool:
    """True when the screens know how to draw ``city``: a board whose city's tiles, stations and panels
    have no drawing here would look playable but hide part of its rules, so menus do not offer it. A city
    drawn here whose rules the engine does not have yet cannot be played either, so it is left out too."""
    city = (city or "").lower()
    if city not in _table():
        return False
    from ...engine.cities import ruleset_for_city

    try:
        ruleset_for_city(city)
    except ValueError:
        return False
    return True


def drawing_for(board_or_city) -> CityDrawing:
    """The drawing hooks for a board (or a city name); an unknown city gets the plain defaults."""
    city = board_or_city if isinstance(board_or_city, str) else getattr(board_or_city, "city", "")
    city = (city or "").lower()
    if city not in _cache:
        cls = _table().get(city, CityDrawing)
        _cache[city] = cls()
    return _cache[city]


def draw_symbol(surf, symbol: str, c, size: float, ink, city: CityDrawing | None = None) -> None:
    """A connection tile's symbol: drawn by ``city``, or by whichever city knows it; else a plain dot."""
    cities = [city] if city is not None else [drawing_for(name) for name in _table()]
    for d in cities:
        if d.draw_symbol(surf, symbol, c, size, ink):
            return
    disc(surf, ink, c, size / 12.0 * 2.5)  # an unknown symbol still draws, so a new map works


def draw_station(surf, kind: str, c, r: float, lw: int, theme, symbol: str | None = None,
                 city: CityDrawing | None = None) -> None:
    """One station symbol: a city's own kind drawn by ``city`` (Berlin's "+" and landmark stations), the
    shared kinds by ``game.ui.draw``; a connection station's ``symbol`` by ``city`` (or whichever city knows it)."""
    if city is not None and city.draw_station(surf, kind, c, r, lw, theme):
        return
    draw_station_shape(surf, kind, c, r, lw, theme, symbol,
                       lambda s, sym, at, size, ink: draw_symbol(s, sym, at, size, ink, city))
