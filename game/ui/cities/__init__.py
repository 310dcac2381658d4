"""Each city's own drawing, so a city's look never lands in the shared board view, panels or play scene.

Mirrors ``game/engine/cities/``: the shared screens ask :func:`drawing_for` (by the board's ``city``)
for a :class:`CityDrawing` and call its hooks; a city without a module draws nothing of its own.
"""
from __future__ import annotations


class CityDrawing:
    """The hooks a city may fill in; the defaults draw nothing city-specific."""

    city = ""
    symbols: tuple[str, ...] = ()  # connection tile symbols this city knows how to draw

    def station_symbols(self, board, connection_tiles) -> dict[int, str]:
        """Station index -> the symbol drawn inside it (London: the connection tile dealt there)."""
        return {}

    def draw_symbol(self, surf, symbol: str, c, size: float, ink) -> bool:
        """Draw ``symbol`` centred on ``c`` in a box of side ``size``; False if this city does not know it."""
        return False

    def panel_notes(self, state, player: int) -> list[str]:
        """Short city-specific notes for ``player``'s seat panel, shown as pills after the table's own
        (none by default; London has none)."""
        return []


def _table() -> dict[str, type]:
    from .london import LondonDrawing

    return {"london": LondonDrawing}


_cache: dict[str, CityDrawing] = {}


def drawn_on_screen(city: str) -> bool:
    """True when the screens know how to draw ``city``: a board whose city's tiles, stations and panels
    have no drawing here would look playable but hide part of its rules, so menus do not offer it."""
    return (city or "").lower() in _table()


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
    from ..board_view import disc

    disc(surf, ink, c, size / 12.0 * 2.5)  # an unknown symbol still draws, so a new map works
