"""The hooks a city's drawing may fill in, with defaults that draw nothing city-specific. Each city module derives
from this (its own module, so a city never imports the package that picks it)."""
from __future__ import annotations


class CityDrawing:
    """The hooks a city may fill in; the defaults draw nothing city-specific."""

    city = ""
    symbols: tuple[str, ...] = ()  # connection tile symbols this city knows how to draw
    # the score categories the end screen always shows for this board, in order (others appear if they scored)
    end_categories: tuple[str, ...] = ("national_rail", "terminus", "connections", "loops", "passenger")
    # the city's own scoring pages of the rules card, by key in game/ui/rules_cards.PAGES (its words live there)
    rules_pages: tuple[str, ...] = ()

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

    # ---- a city's own station kinds and what the position puts on them (Berlin) ----------------
    def station_kind(self, kinds, kind: str) -> str:
        """The kind that decides a station's symbol, given the map's ``kinds`` and the shared choice
        ``kind``: a city may name a kind of its own (drawn by ``draw_station``)."""
        return kind

    def radius_units(self, kind: str) -> float | None:
        """The radius (board units) of this city's own station ``kind``; None for the shared kinds."""
        return None

    def draw_station(self, surf, kind: str, c, r: float, lw: int, theme) -> bool:
        """Draw this city's own station ``kind`` on the static board; False if it is a shared kind."""
        return False

    def station_marks(self, state, board) -> dict[int, tuple]:
        """Station -> a signature of what the position shows on it (Berlin: the landmark stack's type and
        tiles left). The board view redraws a station's mark only when its signature changes."""
        return {}

    def draw_mark(self, surf, sig: tuple, c, r: float, theme) -> None:
        """Draw a mark from ``station_marks`` centred on ``c``, within ``mark_radius(r)`` of it."""

    def mark_radius(self, r: float) -> float:
        """How far from a station's centre its mark may reach, for a station of radius ``r`` (pixels)."""
        return r * 1.1

    def name_clearance(self, kind: str, r: float) -> float:
        """How far from a station of ``kind`` and radius ``r`` (pixels) station names keep (its mark too)."""
        return r

    def panel_tiles(self, state, player: int) -> list[tuple[str, int]]:
        """(symbol, count) pairs shown as icon pills on ``player``'s seat panel (Berlin: landmark tiles
        held, by type); none by default."""
        return []

    # ---- choices a placement raises, and secret cards (Paris) -----------------------------------
    def choices(self, state, board) -> list[tuple[str, str, object]]:
        """While the engine asks a choice of this city (state.pending): (label, score preview, action) per
        button at the asked seat; none by default."""
        return []

    def choice_title(self, state, board) -> str:
        """What the asked seat is choosing, shown above the buttons and in the turn banner."""
        return ""

    def has_secret_cards(self, board) -> bool:
        """True when every seat holds cards only its owner may see (Paris objectives): a hold-to-see button."""
        return False

    def secret_cards_picture(self, state, board, player: int, fonts, scale: float, met: bool = False,
                             only: int | None = None):
        """``player``'s secret cards, upright, as a picture (None: nothing to show). Drawn only while the
        owner holds the button, and at the end when they are revealed (``met``: with what each scored;
        ``only``: that card alone)."""
        return None

    def secret_stations(self, state, board, player: int, only: int) -> list[int]:
        """The stations of ``player``'s secret card number ``only`` (in their hand's order), lit at the end."""
        return []

    # ---- the board's own ground and names (New York) ----------------------------------------
    def station_label(self, station) -> str:
        """The name written next to ``station`` on the board; "" writes none (New York's water icons are
        crossed, not stopped at, so they carry no name)."""
        return station.name

    def ground_names(self, view) -> list[tuple[float, float, float, float]]:
        """Boxes (board pixels at the view's zoom) of the names this city writes on its ground (New York's
        clusters), which the grid reference keeps clear of; none by default."""
        return []

    def draw_under_lines(self, surf, view, origin) -> None:
        """Draw on the static sheet under the track spaces (New York: rivers, bays, clusters). ``origin``
        is the sheet's top-left in board pixels: a board point (x, y) is at (x * view.s - ox, y * view.s - oy).
        The station names are placed by then (``view.names.place()``), so what is written here can keep
        off them."""
