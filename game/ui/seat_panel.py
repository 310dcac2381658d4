"""One player's panel at their table edge: score, lines, branch tiles, actions and their buttons.

The panel is laid out and drawn upright on an off-screen surface, then rotated in 90-degree steps
(seats.EDGE_ROTATION) so it reads correctly from its edge; taps are mapped back through the same
rotation. The panel only draws and hit-tests: whether a tap may act is the play scene's decision.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from ..engine.state import GameState
from . import textfit
from . import theme as th
from .board_view import disc
from ..i18n import N_, _, ngettext
from .seats import EDGE_ROTATION, SeatConfig, screen_to_upright, upright_to_screen

DEPTH = 132  # panel depth at 1080p (design px) when everything fits in one row
STRIP = 50  # the status strip of a narrow panel's second row (design px)
LINES_ROW = 30  # a tall panel's row of lines: below a swatch, its count (design px)
LEAST_SWATCH = 52  # a line's swatch is never narrower (design px): the layouts are chosen so it fits
BRANCH_LABEL = N_("Take branch tile")
UNDO_LABEL = N_("Undo")
ROUTE_LABEL = N_("Choose the passenger's route: tap to preview, tap again to choose")


@dataclass
class PanelView:
    """What a panel shows besides the position itself (decided by the play scene)."""

    active: bool = False  # it is this player's turn and the table may act
    current_name: str = ""  # whose turn it is, shown on the waiting panels
    selected_line: int | None = None
    score: int | None = None  # shown score (lags the engine while points float in); None = engine's
    can_branch: bool = False
    can_undo: bool = False
    route_options: list = field(default_factory=list)  # RouteOption list while choosing
    route_preview: int | None = None
    would_score: frozenset = frozenset()  # lines the passenger would score for if the turn ended now
    status: str = ""  # e.g. "Computer is thinking" or "Passenger travelling"
    deck: int | None = None  # destination cards left in the deck (shown on every panel)
    last_turn: str = ""  # after the end is triggered: "last" (still to play, or playing) or "done"
    start_player: bool = False  # this seat started the game
    note: str = ""  # a short notice for this seat, e.g. the first edition's starting score
    city_notes: tuple = ()  # the city's own notes for this seat (game/ui/cities: CityDrawing.panel_notes)
    city_tiles: tuple = ()  # (symbol, count) the seat holds, shown as icon pills (CityDrawing.panel_tiles)
    choices: tuple = ()  # a city's choice asked at this seat (Paris): (label, score preview) per big button
    choice_title: str = ""  # what is being chosen, shown above the buttons

    hint: str = ""  # the hint button (play/hint.py): "" off, "ready", "thinking" or "shown"
    phone: tuple = ()  # the seat's phone (play/phones.py): (text, style), e.g. "phone disconnected"

    def key(self) -> tuple:
        return (self.active, self.current_name, self.selected_line, self.score, self.can_branch, self.can_undo,
                tuple((o.destination, tuple(o.lines)) for o in self.route_options), self.route_preview,
                tuple(sorted(self.would_score)), self.status, self.deck, self.last_turn, self.start_player,
                self.note, tuple(self.city_notes), tuple(self.city_tiles), tuple(self.choices), self.choice_title,
                self.hint, self.phone)


_TEXT_CACHE: dict = {}  # (font, text, colour) -> picture, and (font, text, width) -> fitted text
_TEXT_CACHE_MAX = 256  # a few of the four panels' turns; bounded so a long kiosk run does not grow (~1 MB)


def _words(font: pygame.font.Font, text: str, colour) -> pygame.Surface:
    """``font.render(text, True, colour)``, remembered: the four panels draw the same few words again at
    every turn (names, "points", "2 left", button labels). The font itself is in the key (kept alive),
    so a picture is never taken for another size. Callers only blit the picture, never draw on it."""
    key = (font, text, tuple(colour))
    img = _TEXT_CACHE.get(key)
    if img is None:
        if len(_TEXT_CACHE) >= _TEXT_CACHE_MAX:
            _TEXT_CACHE.clear()
        img = _TEXT_CACHE[key] = font.render(text, True, colour)
    return img


def _fit_text(font: pygame.font.Font, text: str, width: int) -> str:
    key = (font, text, width)
    got = _TEXT_CACHE.get(key)
    if got is not None:
        if got != text and textfit.is_recording():  # a cut remembered from before is still a cut
            textfit.report(text, width, font.size(text)[0], got, "seat_panel._fit_text")
        return got
    out = textfit.cut(font, text, width, "seat_panel._fit_text")
    if len(_TEXT_CACHE) >= _TEXT_CACHE_MAX:
        _TEXT_CACHE.clear()
    _TEXT_CACHE[key] = out
    return out


def _step_font(fonts: th.Fonts, text: str, width: int, steps) -> pygame.font.Font:
    """The first of ``steps`` ((px, bold, condensed), largest first) in which ``text`` fits ``width``, else the last."""
    for size, bold, condensed in steps:
        f = fonts.get(max(MIN_NAME_PX, size), bold, condensed)  # never below the names' floor
        if f.size(text)[0] <= width:
            break
    return f


def draw_branch_icon(surf: pygame.Surface, rect: pygame.Rect, ink, paper) -> None:
    """A branch tile: a small tile with a railway switch on it (a track and a branch curving off)."""
    r = pygame.Rect(rect)
    pygame.draw.rect(surf, paper, r, border_radius=max(2, r.w // 6))
    pygame.draw.rect(surf, ink, r, width=max(1, r.w // 12), border_radius=max(2, r.w // 6))
    lw = max(2, r.w // 9)
    y = r.y + r.h * 0.66
    pygame.draw.line(surf, ink, (r.x + r.w * 0.16, y), (r.right - r.w * 0.16, y), lw)
    pts = [(r.x + r.w * (0.3 + 0.5 * t), y - r.h * 0.42 * (t ** 1.6)) for t in (0.0, 0.25, 0.5, 0.75, 1.0)]
    pygame.draw.lines(surf, ink, False, pts, lw)


NAME_SIZES = (24, 22, 20, 18, 17, 16, 15, 14)  # design px tried for a seat's name, largest first
MIN_NAME_PX = 11  # never smaller on screen (the board's names have the same floor)


def fit_name(fonts: th.Fonts, name: str, width: int, scale: float, two_lines: bool = True) -> tuple:
    """The largest readable font that shows ``name`` whole in ``width``: (font, lines). One line when any
    size fits, else (``two_lines``) two lines split at the space that balances them; only when nothing
    fits is the name cut (the last line ends in "…")."""
    sizes = []
    for size in NAME_SIZES:
        px = max(MIN_NAME_PX, round(size * scale))
        if px not in sizes:
            sizes.append(px)
    for px in sizes:
        f = fonts.get(px, True)
        if f.size(name)[0] <= width:
            return f, [name]
    if two_lines and " " in name:
        cuts = sorted((i for i, ch in enumerate(name) if ch == " "), key=lambda i: abs(i - len(name) / 2))
        for px in sizes:
            f = fonts.get(px, True)
            for i in cuts:
                a, b = name[:i], name[i + 1:]
                if max(f.size(a)[0], f.size(b)[0]) <= width:
                    return f, [a, b]
    f = fonts.get(sizes[-1], True)
    return f, [_fit_text(f, name, width)]


class SeatPanel:
    """The panel of ``player_index`` on ``edge``; ``rect`` is its place on screen (already rotated)."""

    def __init__(self, player_index: int, edge: str, seat: SeatConfig | None = None,
                 theme: th.Theme | None = None, fonts: th.Fonts | None = None):
        if edge not in EDGE_ROTATION:
            edge = "bottom"
        self.player = player_index
        self.edge = edge
        self.seat = seat
        self.theme = theme or th.Theme()
        self.fonts = fonts or th.Fonts()
        self.rect = pygame.Rect(0, 0, 1, 1)
        self.scale = 1.0
        self.controls: dict[str, pygame.Rect] = {}  # control name -> rect in upright coordinates
        self._layout_key = None
        self._surface: pygame.Surface | None = None
        self._surface_key = None
        self.renders = 0
        self.stand_ins = 0  # frames shown with the last picture scaled (render's ``stand_in``)
        self.behind = False  # the last render returned an older picture: a fresh one is owed
        self._stand_in: tuple | None = None  # ((picture id, size), the scaled picture)
        self.mode = "wide"  # "wide" | "stacked" | "compact" | "tall" (see needed_depth)
        self.cut_labels: list[str] = []  # button labels that did not fit at the last render (should be none)
        self.shown_notes = 0  # how many of notes() the last render had room for
        self.name_lines: list[str] = []  # the seat's name as the last render showed it (one or two lines)
        self.name_cut = False  # the last render had to cut the name (should never happen when it can fit)
        self._tiles_at = None  # upright point of the first city tile pill (where a taken tile lands)
        self.has_secret = False  # a hold-to-see button for the seat's secret cards (Paris objectives)
        self.has_hint = False  # the hint button (play/hint.py): a person's seat, not in the kiosk's demo
        self.option_page = 0  # which page of the route options (or a city's choices) is shown
        self.option_pages = 1  # how many pages they take at this size (1: all shown, no "›" button)
        self._options_key = None  # the options the page belongs to: new options start at the first page

    @property
    def rotation(self) -> int:
        return EDGE_ROTATION[self.edge]

    @property
    def upright_size(self) -> tuple[int, int]:
        if self.rotation in (90, 270):
            return (self.rect.h, self.rect.w)
        return (self.rect.w, self.rect.h)

    def set_rect(self, rect, scale: float) -> None:
        rect = pygame.Rect(rect)
        if rect != self.rect or scale != self.scale:
            self.rect = rect
            self.scale = scale
            self._layout_key = None
            self._surface_key = None

    # ---- rotation ------------------------------------------------------------------------------
    def to_local(self, x: float, y: float) -> tuple[float, float]:
        """Screen point -> upright panel coordinates."""
        return screen_to_upright(self.rect, self.rotation, x, y)

    def to_screen(self, u: float, v: float) -> tuple[float, float]:
        """Upright panel coordinates -> screen point (the inverse of :meth:`to_local`)."""
        return upright_to_screen(self.rect, self.rotation, u, v)

    # ---- layout --------------------------------------------------------------------------------
    def shown_name(self, state: GameState) -> str:
        name = state.players[self.player].name
        if self.seat is not None and self.seat.computer:
            name = _("{name} (computer)").format(name=name)
        return name

    def px(self, n: float) -> int:
        return max(1, round(n * self.scale))

    def _needs(self, n_lines: int, W: int, scale: float) -> dict:
        """The widths a layout of upright width ``W`` needs at ``scale``, and the mode that fits."""
        def p(n: float) -> int:
            return max(1, round(n * scale))

        pad = p(12)
        touch = max(th.touch_px(scale), p(48))
        W -= (touch + pad) * (1 + self.has_secret + self.has_hint)  # the menu (secret cards, hint) buttons at the end
        f_btn = self.fonts.get(p(21), True)
        branch_need = p(26) + p(8) + f_btn.size(_(BRANCH_LABEL))[0] + p(24)  # icon, gap, label, margins
        branch_w = max(p(220), branch_need)
        undo_w = max(p(130), f_btn.size(_(UNDO_LABEL))[0] + p(40))
        id_w = min(p(250), max(p(150), W // 5))
        sw = max(touch, p(76))
        lines_w = n_lines * (sw + pad)
        status_min = p(170)
        row = pad + id_w + pad + lines_w + status_min
        if row + branch_w + pad + undo_w + pad <= W:
            mode = "wide"
        elif row + max(branch_w, undo_w) + pad <= W:
            mode = "stacked"
        elif pad + id_w + pad + n_lines * p(LEAST_SWATCH) + max(0, n_lines - 1) * pad + pad <= W:
            mode = "compact"
        else:  # not even the lines at their least beside the name and the round buttons (five seats along a
            # laptop's bottom edge ran the swatches under the hint and the menu): the lines get a row of their own
            mode = "tall"
        return dict(mode=mode, pad=pad, touch=touch, branch_w=branch_w, undo_w=undo_w, id_w=id_w, sw=sw,
                    branch_need=branch_need)

    def needed_depth(self, width: int, n_lines: int, scale: float) -> int:
        """How deep (upright height) this panel must be at upright ``width`` so no button is below the touch
        size and no label is cut: one row when the width allows, else the buttons stacked, else a second row."""
        def p(n: float) -> int:
            return max(1, round(n * scale))

        need = self._needs(n_lines, width, scale)
        base = p(DEPTH)
        if need["mode"] == "wide":
            return base
        if need["mode"] == "stacked":
            return max(base, 2 * need["touch"] + 3 * need["pad"])
        if need["mode"] == "tall":
            return base + need["touch"] + p(LINES_ROW) + need["touch"] + need["pad"]
        return base + p(STRIP) + need["touch"] + need["pad"]

    def _route_name(self, name: str, width: int, height: int, colour) -> pygame.Surface:
        """A route button's destination: one line at the largest size that fits, else broken at spaces and
        hyphens into as many lines as the button's height holds (largest size first), else cut with "…"
        (reported)."""
        p = self.px
        steps = [(p(19), True, False), (p(16), True, False), (p(16), True, True), (p(14), True, True)]
        f = _step_font(self.fonts, name, width, steps)
        if f.size(name)[0] > width:
            for size, bold, condensed in steps:
                f2 = self.fonts.get(max(MIN_NAME_PX, size), bold, condensed)
                rows = th.break_name(f2, name, width, max(1, height // f2.get_linesize()))
                if rows is not None and len(rows) > 1:
                    return th.stack_lines([_words(f2, t, colour) for t in rows], f2.get_linesize())
        return _words(f, _fit_text(f, name, width), colour)

    def layout(self, state: GameState, view: PanelView) -> dict[str, pygame.Rect]:
        """Control rects (upright coordinates); recomputed when the size or the panel's mode changes."""
        player = state.players[self.player]
        choosing = bool(view.choices) and view.active  # a city's choice (Paris) takes the route options' place
        routing = (bool(view.route_options) or choosing) and view.active
        n_opts = len(view.choices) if choosing else len(view.route_options)
        label_text = view.choice_title if choosing else _(ROUTE_LABEL)
        options_key = (choosing, tuple(c[0] for c in view.choices) if choosing else
                       tuple((o.destination, tuple(o.lines)) for o in view.route_options)) if routing else None
        if options_key != self._options_key:
            self._options_key, self.option_page = options_key, 0
        key = (self.upright_size, self.scale, tuple(player.lines), routing, n_opts, choosing, label_text,
               view.active, self.shown_name(state), self.has_secret, self.has_hint, self.option_page)
        if key == self._layout_key:
            return self.controls
        self._layout_key = key
        W, H = self.upright_size
        p = self.px
        need = self._needs(len(player.lines), W, self.scale)
        mode = need["mode"]
        pad, touch, id_w = need["pad"], need["touch"], need["id_w"]
        self.mode = mode
        ctl: dict[str, pygame.Rect] = {}
        rows = mode in ("compact", "tall")  # the name and the round buttons in a first row, more rows below
        menu_y = (min(H, p(DEPTH)) if rows else H) // 2 - touch // 2
        ctl["menu"] = pygame.Rect(W - pad - touch, max(0, menu_y), touch, touch)  # the game menu, for any seat
        W_row = W  # compact: the menu button sits in the first row; the button row below keeps the width
        W -= touch + pad
        if self.has_secret:  # Paris: hold to see this seat's secret objectives, beside the menu button
            ctl["secret"] = pygame.Rect(W - touch, max(0, menu_y), touch, touch)
            W -= touch + pad
        if self.has_hint:  # the hint (play/hint.py), lit on the active panel
            ctl["hint"] = pygame.Rect(W - touch, max(0, menu_y), touch, touch)
            W -= touch + pad
        # the name at its full size may take room the row does not need (the lines at full size, the
        # status its least): "Player 2 (computer)" whole rather than cut
        want = self.fonts.get(p(24), True).size(self.shown_name(state))[0]
        if want > id_w and not routing:
            n = len(player.lines)
            lines_w = n * need["sw"] + max(0, n - 1) * pad
            if mode == "compact":
                spare = W - pad - (pad + id_w + pad) - lines_w
            else:
                buttons = need["branch_w"] + pad + need["undo_w"] if mode == "wide" \
                    else max(need["branch_w"], need["undo_w"])
                spare = W - (pad + id_w + pad) - lines_w - p(12) - p(170) - buttons - 2 * pad
            id_w += max(0, min(want - id_w, spare))
        if mode == "tall":  # the first row is the name's, beside the round buttons
            id_w = max(id_w, W - 2 * pad)
        x = pad + id_w + pad
        row_h = min(H, p(DEPTH)) if rows else H  # the first row (identity, lines, status)
        ctl["_id"] = pygame.Rect(pad, pad, id_w, row_h - 2 * pad)
        if mode == "wide":
            btn_h = touch
            ctl["undo"] = pygame.Rect(W - pad - need["undo_w"], (H - btn_h) // 2, need["undo_w"], btn_h)
            if not routing:
                ctl["branch"] = pygame.Rect(ctl["undo"].x - pad - need["branch_w"], (H - btn_h) // 2,
                                            need["branch_w"], btn_h)
            right = (ctl["branch"].x if "branch" in ctl else ctl["undo"].x) - pad
        elif mode == "stacked":
            # while the route is asked there is no branch tile button: Undo alone sets the width, and what it
            # gives back goes to the route buttons (a side seat at 1280x720 cut "Westminster" before)
            bw = need["undo_w"] if routing else max(need["branch_w"], need["undo_w"])
            bh = max(touch, (H - 3 * pad) // 2) if H >= 2 * touch + 3 * pad else max(p(48), (H - 3 * pad) // 2)
            ctl["undo"] = pygame.Rect(W - pad - bw, H - pad - bh, bw, bh)
            if not routing:
                ctl["branch"] = pygame.Rect(W - pad - bw, pad, bw, bh)
            right = W - pad - bw - pad
        else:  # compact: identity and lines, then a strip for the status, then the buttons across (tall: the
            # lines and the status in the second row)
            right = W - pad
            by = H - pad - touch
            undo_w = need["undo_w"]
            ctl["undo"] = pygame.Rect(W_row - pad - undo_w, by, undo_w, touch)
            if not routing:
                ctl["branch"] = pygame.Rect(pad, by, max(1, ctl["undo"].x - 2 * pad), touch)
        if routing:
            label_font = self.fonts.get(p(17), True)
            if mode == "tall":  # the label and the table's notes across the second row, the options below
                y2 = row_h - pad
                n_label = max(1, min(2, len(th.wrap(label_font, label_text, max(1, W_row - 2 * pad)))))
                label_h = n_label * label_font.get_linesize()
                notes_h = p(28)
                ctl["_label"] = pygame.Rect(pad, y2, W_row - 2 * pad, label_h)
                ctl["_status"] = pygame.Rect(pad, y2 + label_h, W_row - 2 * pad, notes_h)
                top = y2 + label_h + notes_h + p(4)
                area = pygame.Rect(pad, top, ctl["undo"].x - 2 * pad, H - pad - top)
            elif mode == "compact":  # the options take the strip and the button row, beside Undo
                area = pygame.Rect(pad, row_h - pad, ctl["undo"].x - 2 * pad, H - row_h)
                notes_h = p(28)  # one row of the table's notes under the label
                ctl["_label"] = pygame.Rect(x, pad, W - x - pad, row_h - 2 * pad - notes_h)
                ctl["_status"] = pygame.Rect(x, row_h - pad - notes_h, W - x - pad, notes_h)
                top = area.y
            else:
                # the table's notes stay in view unless the route buttons would get too narrow for the names
                notes_w = p(130) if right - x > p(130) + max(2, min(3, n_opts)) * p(150) else 0
                if notes_w:
                    ctl["_status"] = pygame.Rect(right - notes_w, pad, notes_w, H - 2 * pad)
                    right -= notes_w + pad
                span = right - x
                n_label = max(1, min(2, len(th.wrap(label_font, label_text, max(1, span)))))
                label_h = n_label * label_font.get_linesize()
                ctl["_label"] = pygame.Rect(x, pad, span, label_h)
                area = pygame.Rect(x, pad + label_h + p(4), span, H - 2 * pad - label_h - p(4))
                top = area.y
            # as many buttons as the area holds at the names' least width; more options than that are
            # shown a page at a time, the last button turning the page ("›"), so no button ever runs
            # under Undo, the hint or the menu (a route can have a dozen equal options)
            n = n_opts
            rows = 1 if n <= 3 or area.h < 2 * p(48) + p(6) else 2
            least, gap = p(165), p(8)  # the least width a station's name has (two lines of it)
            per_row = max(1, (area.w + gap) // (least + gap))
            if n > rows * per_row:  # pages: the turner takes a touch-wide slot at the end of the last row
                more_w = max(need["touch"], p(56))
                last_row = max(1, (area.w - more_w) // (least + gap))
                per_page = max(1, (rows - 1) * per_row + last_row)
            else:
                more_w, per_page = 0, n
            self.option_pages = max(1, -(-n // per_page))
            self.option_page %= self.option_pages
            shown = list(range(self.option_page * per_page, min(n, (self.option_page + 1) * per_page)))
            bh = max(p(48), (area.h - (rows - 1) * p(6)) // rows)
            kind = "choice" if choosing else "route"
            caps = [per_row] * (rows - 1) + [last_row] if more_w else [-(-len(shown) // rows)] * rows
            j = 0
            for r, cap in enumerate(caps):
                room = area.w - (more_w + gap if more_w and r == rows - 1 else 0)
                bw = max(p(100), min(p(320), (room - (cap - 1) * gap) // max(1, cap)))
                for c in range(cap):
                    if j < len(shown):
                        ctl[f"{kind}:{shown[j]}"] = pygame.Rect(area.x + c * (bw + gap), top + r * (bh + p(6)), bw, bh)
                        j += 1
            if more_w:
                ctl[f"{kind}_more"] = pygame.Rect(area.right - more_w, top + (rows - 1) * (bh + p(6)), more_w, bh)
        else:
            sw = need["sw"]
            sh = touch
            gap = pad
            n = len(player.lines)
            room = right - x
            if mode == "compact":
                room = W - pad - x
            y = max(pad, (row_h - sh - p(22)) // 2)
            if mode == "tall":  # the second row: the lines, then the status beside them
                x, y = pad, row_h - pad + p(4)
                room = W_row - 2 * pad - p(120)
            total = n * sw + (n - 1) * gap
            if total > room:
                sw = max(p(LEAST_SWATCH), (room - (n - 1) * gap) // max(1, n))
            for j, li in enumerate(player.lines):
                ctl[f"line:{li}"] = pygame.Rect(x + j * (sw + gap), y, sw, sh)
            sx = x + n * (sw + gap) + p(12)
            if mode == "compact":
                ctl["_status"] = pygame.Rect(pad, row_h - pad + p(2), W_row - 2 * pad, max(0, H - row_h - touch - pad))
            elif mode == "tall":
                ctl["_status"] = pygame.Rect(sx, y, max(0, W_row - pad - sx), max(0, ctl["undo"].y - pad - y))
            else:
                ctl["_status"] = pygame.Rect(sx, pad, max(0, right - sx), H - 2 * pad)
        self.controls = ctl
        self._surface_key = None
        return ctl

    def next_option_page(self) -> None:
        """The next page of route options (or choices), back to the first after the last."""
        self.option_page = (self.option_page + 1) % max(1, self.option_pages)
        self._layout_key = None

    def hit(self, x: float, y: float) -> str | None:
        """The control under a screen point (None on the panel's background or outside it)."""
        if not self.rect.collidepoint(x, y):
            return None
        u, v = self.to_local(x, y)
        for name, r in self.controls.items():
            if not name.startswith("_") and r.collidepoint(u, v):
                return name
        return None

    def point_for(self, name: str) -> tuple[float, float] | None:
        r = self.controls.get(name)
        if r is None:
            return None
        return self.to_screen(r.centerx + 0.25, r.centery + 0.25)

    def control_rect_on_screen(self, name: str) -> pygame.Rect | None:
        r = self.controls.get(name)
        if r is None:
            return None
        a = self.to_screen(r.left, r.top)
        b = self.to_screen(r.right, r.bottom)
        return pygame.Rect(min(a[0], b[0]), min(a[1], b[1]), abs(a[0] - b[0]), abs(a[1] - b[1]))

    def anchor(self, target: str = "score") -> tuple[float, float]:
        """Where floating points land on screen: the score, or the branch tiles ("tiles")."""
        r = self.controls.get("_id")
        if r is None:
            return self.rect.center
        if target == "landmarks" and self._tiles_at is not None:
            return self.to_screen(*self._tiles_at)
        if target in ("tiles", "landmarks"):
            return self.to_screen(r.x + self.px(60), r.bottom - self.px(14))
        return self.to_screen(r.x + self.px(40), r.y + r.h * 0.5)

    # ---- drawing -------------------------------------------------------------------------------
    def render(self, state: GameState, view: PanelView, stand_in: bool = False) -> pygame.Surface:
        """The panel, rotated to face its edge (cached until anything it shows changes).

        ``stand_in``: the last picture may stand in for a frame or two when what the panel shows changed
        (scaled, when the panel has a new size after a window resize): the play screen draws at most one
        panel afresh a frame rather than all four in one (each costs a millisecond or two, several at a new
        size, its fonts loaded and its words drawn). ``behind`` then says a fresh picture is still owed.
        Controls are laid out for the new size at once either way."""
        ctl = self.layout(state, view)
        pl = state.players[self.player]
        lines_key = tuple((li, state.lines[li].tokens_left) for li in pl.lines)
        key = (self.rect.size, self.scale, view.key(), pl.name, pl.score, pl.branch_tiles, lines_key,
               state.actions_left if view.active else None, self._layout_key)
        if self._surface is not None and key == self._surface_key:
            self.behind = False
            return self._surface
        if stand_in and self._surface is not None and self._surface.get_size() == self.rect.size:
            self.behind = True  # the last picture, unchanged, for a frame more
            return self._surface
        if stand_in and self._surface is not None and self._surface.get_size() != self.rect.size:
            self.behind = True
            if self._stand_in is None or self._stand_in[0] != (id(self._surface), self.rect.size):
                self._stand_in = ((id(self._surface), self.rect.size),
                                  pygame.transform.scale(self._surface, self.rect.size))
            self.stand_ins += 1
            return self._stand_in[1]
        self._stand_in = None
        self.behind = False
        self._surface_key = key
        self.renders += 1
        surf = self._draw_upright(state, view, ctl)
        if self.rotation:
            surf = pygame.transform.rotate(surf, self.rotation)
        self._surface = surf
        return surf

    def notes(self, view: PanelView) -> list[tuple[str, str]]:
        """The table's notes for this seat, most important first, as (text, style)."""
        out: list[tuple[str, str]] = []
        if view.phone:
            out.append(view.phone)
        if view.last_turn == "last":
            out.append((_("Last turn"), "bad"))
        elif view.last_turn == "done":
            out.append((_("Turns over"), "muted"))
        if view.deck is not None:
            out.append((_("Deck: {cards}").format(cards=view.deck), "muted"))
        # the city's tiles held (Berlin's landmarks): the count, drawn after the type's icon
        out.extend((f"{count}", f"tile:{symbol}") for symbol, count in view.city_tiles)
        if view.start_player:
            out.append((_("1st player"), "ink"))
        if view.note:
            out.append((view.note, "accent"))
        # the city's notes: a text (muted) or (text, style), e.g. New York's "Red: leave the water" (bad)
        out.extend((n, "muted") if isinstance(n, str) else tuple(n) for n in view.city_notes)
        return out

    def _draw_notes(self, surf: pygame.Surface, area: pygame.Rect, view: PanelView, keep: int = 0) -> int:
        """Small pills along the bottom of ``area`` (wrapping upwards); returns the height they take."""
        t = self.theme
        p = self.px
        notes = self.notes(view)
        if not notes:
            return 0
        font = self.fonts.get(p(15), True)
        colours = {"bad": (t.bad, (255, 255, 255)), "accent": (t.accent, t.accent_ink),
                   "ink": (t.ink, (255, 255, 255)), "muted": (_shade(t.panel_edge, t.panel, 0.3), t.ink)}
        pills = []
        tile_bg = (255, 250, 232)
        first_tile = None
        for text, style in notes:
            if style.startswith("tile:"):
                if first_tile is None:
                    first_tile = len(pills)
                pills.append(_icon_pill(font, style[5:], text, t.ink, tile_bg, p(8)))
                continue
            bg, fg = colours[style]
            pill = _pill(font, text, fg, bg, p(8))
            if pill.get_width() > area.w:  # a smaller, then condensed font before the words are cut
                f = _step_font(self.fonts, text, max(1, area.w - p(16)), [(p(14), True, False), (p(13), True, True),
                                                                          (p(12), True, True)])
                pill = _pill(f, _fit_text(f, text, max(1, area.w - p(16))), fg, bg, p(8))
            pills.append(pill)
        rows: list[list[pygame.Surface]] = [[]]
        used = 0
        for pill in pills:
            w = pill.get_width() + (p(6) if rows[-1] else 0)
            if rows[-1] and used + w > area.w:
                rows.append([])
                used = 0
                w = pill.get_width()
            rows[-1].append(pill)
            used += w
        ph = max(q.get_height() for q in pills)
        max_rows = max(1, (area.h - keep) // (ph + p(4)))  # ``keep``: room left for the status line(s)
        rows = rows[:max_rows]
        self.shown_notes = sum(len(r) for r in rows)
        y = area.bottom - len(rows) * (ph + p(4)) + p(4)
        top = y
        self._tiles_at = None
        k = 0
        for row in rows:
            x = area.x if self.mode != "compact" else area.right - sum(q.get_width() + p(6) for q in row) + p(6)
            for pill in row:
                surf.blit(pill, (x, y + (ph - pill.get_height()) // 2))
                if k == first_tile:  # where a taken tile lands (Animations: target "landmarks")
                    self._tiles_at = (x + pill.get_height() // 2, y + ph // 2)
                k += 1
                x += pill.get_width() + p(6)
            y += ph + p(4)
        if self.mode == "compact":
            self._notes_w = max(sum(q.get_width() + p(6) for q in r) for r in rows)
            return 0  # the strip holds the status on the left and the notes on the right
        return area.bottom - top + p(4)

    def draw(self, surface: pygame.Surface, state: GameState, view: PanelView) -> None:
        surface.blit(self.render(state, view), self.rect.topleft)

    def _draw_upright(self, state: GameState, view: PanelView, ctl: dict[str, pygame.Rect]) -> pygame.Surface:
        t = self.theme
        p = self.px
        W, H = self.upright_size
        surf = pygame.Surface((max(1, W), max(1, H)))
        surf.fill(t.bg)
        pl = state.players[self.player]
        box = pygame.Rect(0, 0, W, H).inflate(-p(4), -p(4))
        rad = p(14)
        pygame.draw.rect(surf, t.panel if view.active else _shade(t.panel, t.bg, 0.6), box, border_radius=rad)
        if view.active:
            pygame.draw.rect(surf, t.accent, box, width=p(6), border_radius=rad)
        else:
            pygame.draw.rect(surf, t.panel_edge, box, width=p(2), border_radius=rad)
        ink = t.ink
        muted = t.muted
        # identity: name, score, branch tiles, actions
        idr = ctl["_id"]
        f_name = self.fonts.get(p(24), True)
        f_score = self.fonts.get(p(44), True)
        f_small = self.fonts.get(p(17))
        f_small_b = self.fonts.get(p(17), True)
        y = idr.y
        name = self.shown_name(state)
        # a smaller name before a second line, a second line before a cut one ("Player 1 (co…")
        f_name, lines = fit_name(self.fonts, name, idr.w, self.scale)
        self.name_lines = lines
        self.name_cut = lines[-1].endswith("…") and not name.endswith("…")
        if len(lines) > 1:  # the score steps down a size so the block keeps its height
            f_score = self.fonts.get(p(36), True)
        for j, line in enumerate(lines):
            img = _words(f_name, line, t.accent if view.active else ink)
            surf.blit(img, (idr.x, y))
            y += img.get_height() if j == len(lines) - 1 else f_name.get_linesize() - p(2)
        score = pl.score if view.score is None else view.score
        simg = _words(f_score, str(score), ink)
        surf.blit(simg, (idr.x, y - p(2)))
        pimg = _words(f_small, _("points"), muted)
        textfit.check(_("points"), idr.right - simg.get_width() - p(6) - idr.x, pimg.get_width(), "seat_panel points")
        surf.blit(pimg, (idr.x + simg.get_width() + p(6), y + simg.get_height() - pimg.get_height() - p(8)))
        y += simg.get_height() - p(4)
        icon = pygame.Rect(idr.x, y, p(24), p(24))
        draw_branch_icon(surf, icon, ink, (255, 255, 255))
        tiles = ngettext("{n} branch tile", "{n} branch tiles", pl.branch_tiles).format(n=pl.branch_tiles)
        room = max(1, idr.right - icon.right - p(5))  # smaller, then condensed, before the words are cut
        f_tiles = _step_font(self.fonts, tiles, room, [(p(17), True, False), (p(15), True, False),
                                                       (p(15), True, True), (p(13), True, True)])
        bimg = _words(f_tiles, _fit_text(f_tiles, tiles, room), ink)
        surf.blit(bimg, (icon.right + p(5), icon.centery - bimg.get_height() // 2))
        # status: whose turn it is, readable from this seat; below it the table's notes
        st_r = ctl.get("_status")
        if st_r is not None and st_r.w > p(60):
            self._notes_w = 0
            keep = f_small_b.get_linesize() if not (view.active and state.phase == "actions" and not view.status) \
                else self.fonts.get(p(24), True).get_linesize() + f_small.get_linesize()
            notes_h = self._draw_notes(surf, st_r, view, 0 if self.mode == "compact" else keep)
            body = pygame.Rect(st_r.x, st_r.y, st_r.w - self._notes_w, st_r.h - notes_h)
            f_big = self.fonts.get(p(24), True)
            if view.active and state.phase == "actions" and not view.status:
                n = state.actions_left
                head = _words(f_big, _fit_text(f_big, _("Your turn"), body.w), t.accent)
                sub = _words(f_small, _fit_text(f_small, ngettext("{n} action left", "{n} actions left", n).format(n=n),
                                                 body.w), ink)
                dots = p(16) if body.h >= head.get_height() + sub.get_height() + p(16) else 0
                if self.mode == "compact":  # one line in the strip
                    head = _words(f_small_b, _fit_text(f_small_b, ngettext("Your turn · {n} action left",
                                                                    "Your turn · {n} actions left", n).format(n=n),
                                                      body.w), t.accent)
                    surf.blit(head, (body.x, body.y + (body.h - head.get_height()) // 2))
                else:
                    y0 = body.centery - (head.get_height() + sub.get_height() + dots) // 2
                    surf.blit(head, (body.x, y0))
                    surf.blit(sub, (body.x, y0 + head.get_height()))
                    if dots:
                        cy = y0 + head.get_height() + sub.get_height() + p(8)
                        for k in range(n):
                            disc(surf, t.accent, (body.x + p(7) + k * p(18), cy), p(7))
            else:
                msg = view.status or (_("{player}'s turn").format(player=view.current_name) if view.current_name else "")
                if view.active and (state.phase == "route" or view.choices) and not view.status:
                    msg = ""
                if msg:
                    steps = [(p(17), True, False), (p(15), True, False), (p(15), True, True), (p(13), True, True)]
                    f_msg = _step_font(self.fonts, msg, body.w, steps)
                    two = th.wrap(f_small_b, msg, body.w) if f_msg.size(msg)[0] > body.w else []
                    if len(two) == 2 and " ".join(two).split() == msg.split() \
                            and 2 * f_small_b.get_linesize() <= body.h:  # two lines, no word broken
                        top = body.centery - f_small_b.get_linesize()
                        for j, line in enumerate(two):
                            surf.blit(_words(f_small_b, line, muted), (body.x, top + j * f_small_b.get_linesize()))
                    else:
                        img = _words(f_msg, _fit_text(f_msg, msg, body.w), muted)
                        surf.blit(img, (body.x, body.centery - img.get_height() // 2))
        # lines
        f_letter = self.fonts.get(p(26), True)
        f_count = self.fonts.get(p(16))
        for li in pl.lines:
            r = ctl.get(f"line:{li}")
            if r is None:
                continue
            ln = state.lines[li]
            if view.active and view.selected_line == li:
                pygame.draw.rect(surf, t.accent, r.inflate(p(12), p(12)), width=p(5), border_radius=p(12))
            th.draw_swatch(surf, r, ln.colour, f_letter, radius=p(10))
            if ln.tokens_left == 0:
                pygame.draw.line(surf, t.bad, r.topleft, r.bottomright, p(4))
            left = _("{n} left").format(n=ln.tokens_left)
            f_left = _step_font(self.fonts, left, r.w + p(8), [(p(16), False, False), (p(14), False, False),
                                                               (p(14), False, True), (p(13), False, True)])
            cnt = _words(f_left, _fit_text(f_left, left, r.w + p(8)), ink if ln.tokens_left else t.bad)
            surf.blit(cnt, cnt.get_rect(midtop=(r.centerx, r.bottom + p(4))))
            if li in view.would_score:
                b = pygame.Rect(0, 0, p(34), p(22))
                b.center = (r.right - p(4), r.y + p(2))
                pygame.draw.rect(surf, t.good, b, border_radius=p(11))
                pimg = _words(f_count, "+1", (255, 255, 255))
                surf.blit(pimg, pimg.get_rect(center=b.center))
        # route choice
        if "_label" in ctl:
            lr = ctl["_label"]
            words = view.choice_title if view.choices else _(ROUTE_LABEL)
            for f_lab in (self.fonts.get(size, True, cond) for size, cond in
                          ((p(17), False), (p(15), False), (p(15), True), (p(13), True))):  # smaller before cut
                rows = max(1, lr.h // f_lab.get_linesize())
                text = th.wrap(f_lab, words, max(1, lr.w))
                if len(text) <= rows:
                    break
            if len(text) > rows:
                text = text[:rows - 1] + [_fit_text(f_lab, " ".join(text[rows - 1:]), lr.w)]
            for j, line in enumerate(text):
                surf.blit(_words(f_lab, line, t.accent), (lr.x, lr.y + j * f_lab.get_linesize()))
            f_opt = self.fonts.get(p(19), True)
            f_chip = self.fonts.get(p(14), True)
            for i, opt in enumerate(view.route_options):
                r = ctl.get(f"route:{i}")
                if r is None:
                    continue
                chosen = view.route_preview == i
                pygame.draw.rect(surf, t.accent if chosen else (255, 255, 255), r, border_radius=p(10))
                pygame.draw.rect(surf, t.accent, r, width=p(3), border_radius=p(10))
                dest = state_board_name(state, opt.destination)
                fg = t.accent_ink if chosen else ink
                chip = p(24)
                text_w = r.w - p(16)
                img = self._route_name(dest, text_w, r.h - chip - p(12), fg)
                surf.blit(img, (r.x + p(8), r.y + p(5)))
                cx = r.x + p(8)
                cy = r.y + p(8) + img.get_height()
                if cy + chip > r.bottom - p(2):
                    cy = r.bottom - chip - p(3)
                if opt.lines:
                    for li in opt.lines:
                        if cx + chip > r.right - p(6):
                            break
                        th.draw_swatch(surf, pygame.Rect(cx, cy, chip, chip), state.lines[li].colour, f_chip,
                                       radius=p(5))
                        cx += chip + p(4)
                else:
                    no = _words(self.fonts.get(p(14)), _("no line scores"), fg)
                    surf.blit(no, (cx, cy + (chip - no.get_height()) // 2))
            for i, (label, preview) in enumerate(view.choices):  # a city's choice: big buttons with a preview
                r = ctl.get(f"choice:{i}")
                if r is None:
                    continue
                pygame.draw.rect(surf, t.accent, r, border_radius=p(12))
                pygame.draw.rect(surf, _shade(t.accent, (0, 0, 0), 0.25), r, width=p(2), border_radius=p(12))
                size = p(21)
                while self.fonts.get(size, True).size(label)[0] > r.w - p(12) and size > max(10, p(13)):
                    size -= 1
                f_big = self.fonts.get(size, True)
                img = _words(f_big, _fit_text(f_big, label, r.w - p(12)), t.accent_ink)
                sub = _words(f_chip, _fit_text(f_chip, preview, r.w - p(12)), t.accent_ink)
                both = img.get_height() + (sub.get_height() if r.h >= img.get_height() + sub.get_height() else 0)
                y0 = r.centery - both // 2
                surf.blit(img, img.get_rect(midtop=(r.centerx, y0)))
                if both > img.get_height():
                    surf.blit(sub, sub.get_rect(midtop=(r.centerx, y0 + img.get_height())))
            for name in ("route_more", "choice_more"):
                if name in ctl:
                    draw_page_button(surf, ctl[name], t, p, self.option_page, self.option_pages, self.fonts)
        draw_menu_button(surf, ctl["menu"], t, p)
        if "secret" in ctl:
            draw_secret_button(surf, ctl["secret"], t, p)
        if "hint" in ctl:
            draw_hint_button(surf, ctl["hint"], t, p, view.hint)
        # buttons: the label always whole (a smaller font before anything is cut)
        self.cut_labels = []
        for name, label, enabled in (("branch", _(BRANCH_LABEL), view.can_branch),
                                     ("undo", _(UNDO_LABEL), view.can_undo)):
            r = ctl.get(name)
            if r is None:
                continue
            on = enabled and view.active
            pygame.draw.rect(surf, t.accent if on else _shade(t.panel_edge, t.panel, 0.5), r, border_radius=p(12))
            if on:
                pygame.draw.rect(surf, _shade(t.accent, (0, 0, 0), 0.25), r, width=p(2), border_radius=p(12))
            room = r.w - p(12)
            size = p(21)
            f_btn = self.fonts.get(size, True)
            while f_btn.size(label)[0] > room and size > max(10, p(14)):
                size -= 1
                f_btn = self.fonts.get(size, True)
            if f_btn.size(label)[0] > room:
                self.cut_labels.append(name)
            img = _words(f_btn, _fit_text(f_btn, label, room), t.accent_ink if on else muted)
            if name == "branch":
                ic = pygame.Rect(0, 0, p(26), p(26))
                total = ic.w + p(8) + img.get_width()
                if total <= r.w - p(12):
                    ic.midleft = (r.centerx - total // 2, r.centery)
                    draw_branch_icon(surf, ic, t.accent if on else muted, (255, 255, 255))
                    surf.blit(img, img.get_rect(midleft=(ic.right + p(8), r.centery)))
                    continue
            surf.blit(img, img.get_rect(center=r.center))
        return surf


def draw_page_button(surf: pygame.Surface, r: pygame.Rect, t, p, page: int, pages: int, fonts) -> None:
    """The options' page turner: a big "›" and "2/3" under it (no words, so nothing to translate or cut)."""
    pygame.draw.rect(surf, _shade(t.panel_edge, t.panel, 0.5), r, border_radius=p(10))
    pygame.draw.rect(surf, t.accent, r, width=p(3), border_radius=p(10))
    arrow = _words(fonts.get(max(MIN_NAME_PX, p(30)), True), "›", t.accent)
    count = _words(fonts.get(max(MIN_NAME_PX, p(14)), True), f"{page + 1}/{pages}", t.ink)
    h = arrow.get_height() + count.get_height()
    y = r.centery - h // 2
    surf.blit(arrow, arrow.get_rect(midtop=(r.centerx, y)))
    surf.blit(count, count.get_rect(midtop=(r.centerx, y + arrow.get_height())))


def draw_menu_button(surf: pygame.Surface, r: pygame.Rect, t, p) -> None:
    """The game menu's button: three bars, the sign people know, so no word needs to fit."""
    pygame.draw.rect(surf, _shade(t.panel_edge, t.panel, 0.5), r, border_radius=p(12))
    bar_w, bar_h = r.w * 9 // 16, max(2, p(5))
    for k in (-1, 0, 1):
        bar = pygame.Rect(0, 0, bar_w, bar_h)
        bar.center = (r.centerx, r.centery + k * p(11))
        pygame.draw.rect(surf, t.ink, bar, border_radius=bar_h // 2)


def draw_hint_button(surf: pygame.Surface, r: pygame.Rect, t, p, state: str) -> None:
    """The hint's button: a light bulb, lit while a hint may be asked or is shown, dots while it is thought."""
    on = state in ("ready", "shown")
    bg = t.accent if state == "shown" else _shade(t.panel_edge, t.panel, 0.5)
    pygame.draw.rect(surf, bg, r, border_radius=p(12))
    ink = (255, 255, 255) if state == "shown" else (t.ink if on else t.muted)
    cx, cy = r.centerx, r.centery - r.h // 10
    rad = r.w * 0.22
    if state == "ready":
        disc(surf, t.highlight, (cx, cy), rad)
    disc(surf, ink, (cx, cy), rad, max(2, p(3)))
    base = pygame.Rect(0, 0, round(rad * 1.1), max(2, p(4)))
    for k in (0, 1):
        base.midtop = (cx, round(cy + rad + p(2) + k * p(6)))
        pygame.draw.rect(surf, ink, base, border_radius=max(1, p(2)))
    if state == "thinking":
        for k in (-1, 0, 1):
            disc(surf, ink, (cx + k * rad * 0.6, cy), max(1.5, p(2.5)))


def draw_secret_button(surf: pygame.Surface, r: pygame.Rect, t, p) -> None:
    """The secret cards' button: two cards fanned, face down (press and hold to see them)."""
    pygame.draw.rect(surf, _shade(t.panel_edge, t.panel, 0.5), r, border_radius=p(12))
    cw, ch = r.w * 5 // 16, r.h * 7 // 16
    for k, dx in ((0, -p(6)), (1, p(6))):
        card = pygame.Rect(0, 0, cw, ch)
        card.center = (r.centerx + dx, r.centery - p(2) + k * p(4))
        pygame.draw.rect(surf, (255, 255, 255), card, border_radius=p(4))
        pygame.draw.rect(surf, t.ink, card, width=max(1, p(2)), border_radius=p(4))
        pygame.draw.line(surf, t.ink, (card.x + p(4), card.centery), (card.right - p(4), card.centery), max(1, p(2)))


def _pill(font: pygame.font.Font, text: str, fg, bg, pad: int) -> pygame.Surface:
    img = font.render(text, True, fg)
    h = img.get_height() + pad
    out = pygame.Surface((img.get_width() + 2 * pad, h), pygame.SRCALPHA)
    pygame.draw.rect(out, bg, out.get_rect(), border_radius=h // 2)
    out.blit(img, (pad, pad // 2))
    return out


def _icon_pill(font: pygame.font.Font, symbol: str, text: str, fg, bg, pad: int) -> pygame.Surface:
    """A pill holding a city tile's icon (drawn by game/ui/cities) and its count: "[icon] 2"."""
    from .cities import draw_symbol

    img = font.render(text, True, fg)
    h = img.get_height() + pad
    icon = round(h * 0.8)
    w = pad // 2 + icon + pad // 3 + img.get_width() + pad
    out = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(out, bg, out.get_rect(), border_radius=h // 2)
    pygame.draw.rect(out, fg, out.get_rect(), width=max(1, pad // 6), border_radius=h // 2)
    draw_symbol(out, symbol, (pad // 2 + icon / 2, h / 2), icon, fg)
    out.blit(img, (pad // 2 + icon + pad // 3, pad // 2))
    return out


def state_board_name(state: GameState, station: int) -> str:
    from ..engine.rules import board_of

    return board_of(state).stations[station].name


def _shade(a, b, t: float) -> tuple[int, int, int]:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))
