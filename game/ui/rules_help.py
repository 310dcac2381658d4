"""The rules card: one illustrated, paginated card per board, turned to face the seat that asked.

Opened from the game menu's "Rules" (facing that seat) and from the set-up screen's "Rules" (upright,
for the board chosen there). The words and diagrams are data in rules_cards.py; this module lays a page
out, measures its text with the real fonts (stepping the size down before anything would be cut, and
noting in ``overflow`` whatever still does not fit, which the tests require to stay empty), draws the
diagram with pygame primitives and handles Previous / Next / Close.

The card is an opaque scene over the one that opened it: that scene is drawn, dimmed, underneath and is
not updated (a game stays paused, as under the game menu).
"""
from __future__ import annotations

import math

import pygame

from ..i18n import N_, _
from . import theme as th
from .rules_cards import SKETCH_H, SKETCH_W, Page, Sketch, board_title, pages_for
from .card_taps import OFF_CARD, CardTaps, button_under
from .scene import PointerEvent, Scene
from .seats import EDGE_ROTATION, screen_to_upright, upright_to_screen

PREV, CLOSE, NEXT = "prev", "close", "next"
BUTTON_LABELS = {PREV: N_("\u2039 Previous"), CLOSE: N_("Close"), NEXT: N_("Next \u203a")}
CARD_W, CARD_H = 1240, 860  # design px at 1080p (upright); smaller when the window is
TEXT_PX, MIN_TEXT_PX = 26, 18  # body text, design px; stepped down to the minimum before overflowing
MIN_SCREEN_PX = 11  # never smaller on screen


class Facing:
    """A card drawn upright and turned to face a table edge: screen <-> upright card coordinates."""

    def __init__(self, edge: str = "bottom"):
        self.edge = edge if edge in EDGE_ROTATION else "bottom"
        self.rect = pygame.Rect(0, 0, 1, 1)  # the turned card on screen

    @property
    def rotation(self) -> int:
        return EDGE_ROTATION[self.edge]

    def upright_size(self) -> tuple[int, int]:
        r = self.rect
        return (r.h, r.w) if self.rotation in (90, 270) else (r.w, r.h)

    def to_local(self, x: float, y: float) -> tuple[float, float]:
        """Screen point -> upright card coordinates."""
        return screen_to_upright(self.rect, self.rotation, x, y)

    def to_screen(self, u: float, v: float) -> tuple[float, float]:
        """Upright card point -> screen."""
        return upright_to_screen(self.rect, self.rotation, u, v)

    def turn(self, upright: pygame.Surface) -> pygame.Surface:
        return pygame.transform.rotate(upright, self.rotation) if self.rotation else upright


def fit_paragraphs(fonts, paragraphs, width: int, height: int, size: int, smallest: int):
    """Wrap ``paragraphs`` to ``width`` at the largest size from ``size`` down to ``smallest`` whose lines
    fit ``height``. Returns (font, lines, fits): lines are (text or None for a paragraph gap)."""
    s = size
    while True:
        f = fonts.get(s)
        lines: list[str | None] = []
        for j, para in enumerate(paragraphs):
            if j:
                lines.append(None)
            lines += th.wrap(f, para, max(1, width))
        h = _lines_height(f, lines)
        wide = max((f.size(t)[0] for t in lines if t), default=0)
        if (h <= height and wide <= width) or s <= smallest:
            return f, lines, h <= height and wide <= width
        s -= 1


def _lines_height(font, lines) -> int:
    ls = font.get_linesize()
    return sum(ls if t else ls // 2 for t in lines)


# ------------------------------------------------------------------------------------------------
# diagrams


def draw_sketch(surf: pygame.Surface, box: pygame.Rect, sketch: Sketch, theme: th.Theme, fonts,
                overflow: list | None = None) -> None:
    """Draw ``sketch`` scaled into ``box``: areas, track spaces and tokens, stations, marks, notes."""
    g = _SketchGrid(box, sketch)
    note_font = fonts.get(max(MIN_SCREEN_PX, round(g.u * 4.2)), True)
    _sketch_areas(surf, g, sketch)  # under everything
    _sketch_tracks(surf, g, sketch, theme, fonts)
    _sketch_stations(surf, g, sketch, theme)
    _sketch_icons(surf, g, sketch, theme, note_font)
    for x, y, text, tone in sketch.notes:
        ink = {"good": theme.good, "bad": theme.bad, "muted": theme.muted}.get(tone, theme.ink)
        text = _(text) if any(ch.isalpha() for ch in text) else text
        img = note_font.render(text, True, ink)
        rect = img.get_rect(center=(round(g.P(x, y)[0]), round(g.P(x, y)[1])))
        if overflow is not None and not box.contains(rect):
            overflow.append(f"diagram note {text!r}")
        surf.blit(img, rect)


class _SketchGrid:
    """A sketch's grid scaled into ``box``: grid points to pixels, and the sizes of its stations and lanes."""

    def __init__(self, box: pygame.Rect, sketch: Sketch):
        self.u = u = min(box.w / (SKETCH_W + 8), box.h / (SKETCH_H + 8))  # a margin of 4 grid units all round
        self.ox = box.centerx - SKETCH_W * u / 2
        self.oy = box.centery - SKETCH_H * u / 2
        self.r = r = max(4.0, u * 3.0)  # a station's radius
        self.lw = max(1, round(r * 0.28))
        self.lane = max(4, round(r * 0.9))  # a track space's width
        self.pts = [self.P(x, y) for x, y, _ in sketch.stations]

    def P(self, x: float, y: float) -> tuple[float, float]:
        return (self.ox + x * self.u, self.oy + y * self.u)

    def ends(self, a: int, b: int) -> tuple[tuple[float, float], tuple[float, float], float, float]:
        """The ends of the link a-b, trimmed clear of the stations, and its normal."""
        (ax, ay), (bx, by) = self.pts[a], self.pts[b]
        d = math.hypot(bx - ax, by - ay) or 1.0
        ux, uy = (bx - ax) / d, (by - ay) / d
        trim = self.r * 1.2
        return (ax + ux * trim, ay + uy * trim), (bx - ux * trim, by - uy * trim), -uy, ux

    def lane_line(self, a, b, k: int, n: int):
        """Track space ``k`` of the ``n`` side by side between stations a and b."""
        p, q, nx, ny = self.ends(a, b)
        off = (k - (n - 1) / 2) * (self.lane + 2)
        return (p[0] + nx * off, p[1] + ny * off), (q[0] + nx * off, q[1] + ny * off)


def _sketch_areas(surf: pygame.Surface, g: _SketchGrid, sketch: Sketch) -> None:
    """Clusters (New York's neighbourhoods) and water."""
    r, lw = g.r, g.lw
    for kind, members in sketch.areas:
        ms = [g.pts[i] for i in members]
        xs, ys = [p[0] for p in ms], [p[1] for p in ms]
        if kind == "cluster":
            from .cities.newyork import CLUSTER_EDGE, CLUSTER_FILL

            a = pygame.Rect(0, 0, max(xs) - min(xs) + 4 * r, max(ys) - min(ys) + 4 * r)
            a.center = (round(sum(xs) / len(xs)), round(sum(ys) / len(ys)))
            pygame.draw.rect(surf, CLUSTER_FILL, a, border_radius=round(2 * r))
            pygame.draw.rect(surf, CLUSTER_EDGE, a, width=max(1, lw), border_radius=round(2 * r))
        elif kind == "water":
            from .cities.newyork import WATER_FILL

            a = pygame.Rect(0, 0, round(3 * r), round(SKETCH_H * g.u + 2 * r))
            a.center = (round(sum(xs) / len(xs)), round(g.oy + SKETCH_H * g.u / 2))
            surf.fill(WATER_FILL, a)


def _sketch_tracks(surf: pygame.Surface, g: _SketchGrid, sketch: Sketch, theme: th.Theme, fonts) -> None:
    """Track spaces with their tokens, the ghost tokens (a placement allowed or not) and walks."""
    from .draw import disc

    lane, r = g.lane, g.r
    for a, b, spaces, colours in sketch.links:
        for k in range(spaces):
            p, q = g.lane_line(a, b, k, spaces)
            pygame.draw.line(surf, theme.panel_edge, p, q, lane + 2)
            pygame.draw.line(surf, theme.panel, p, q, lane - 2)
            if k < len(colours):
                _token(surf, p, q, colours[k], lane, fonts)
    for a, b, colour, ok in sketch.ghosts:
        spaces = next((s for x, y, s, _ in sketch.links if {x, y} == {a, b}), 1)
        used = next((len(c) for x, y, _, c in sketch.links if {x, y} == {a, b}), 0)
        p, q = g.lane_line(a, b, min(used, spaces - 1), spaces)
        _dashed(surf, th.line_outline(colour) if th.is_light(colour) else th.line_rgb(colour), p, q,
                max(2, lane // 3), lane * 0.9)
        mx, my = (p[0] + q[0]) / 2, (p[1] + q[1]) / 2
        _tick(surf, (mx, my), r * 0.9, theme.good if ok else theme.bad, ok)
    for a, b in sketch.walks:
        p, q, nx, ny = g.ends(a, b)
        off = lane * 1.4
        p, q = (p[0] - nx * off, p[1] - ny * off), (q[0] - nx * off, q[1] - ny * off)
        n = max(2, int(math.hypot(q[0] - p[0], q[1] - p[1]) / max(3.0, lane * 0.7)))
        for i in range(n + 1):
            t = i / n
            disc(surf, theme.accent, (p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t), max(1.5, lane * 0.18))


def _sketch_stations(surf: pygame.Surface, g: _SketchGrid, sketch: Sketch, theme: th.Theme) -> None:
    from .cities import draw_station
    from .cities import drawing_for

    london = drawing_for("london")
    symbols = dict(sketch.symbols)
    for i, (x, y, kind) in enumerate(sketch.stations):
        c = g.pts[i]
        if kind == "water":
            from .cities.newyork import draw_water_icon

            draw_water_icon(surf, c, g.r * 0.9)
            continue
        city = london
        if ":" in kind:
            name, kind = kind.split(":", 1)
            city = drawing_for(name)
        draw_station(surf, kind, c, g.r * (1.4 if kind == "connection" else 1.0), g.lw, theme, symbols.get(i), city)


def _sketch_icons(surf: pygame.Surface, g: _SketchGrid, sketch: Sketch, theme: th.Theme, note_font) -> None:
    """Branch tiles, the passenger, cards and the deck, city symbols."""
    from .cities import draw_station
    from .draw import disc
    from .cities import draw_symbol
    from .panel.icons import draw_branch_icon

    r, lw = g.r, g.lw
    for x, y, icon, arg in sketch.icons:
        c = g.P(x, y)
        if icon == "branch":
            s = round(r * 2.6)
            for j in range(max(1, int(arg or 1))):
                draw_branch_icon(surf, pygame.Rect(round(c[0] - s / 2 + j * s * 0.35), round(c[1] - s / 2 - j * s * 0.2),
                                                   s, s), theme.ink, (255, 255, 255))
        elif icon == "passenger":
            disc(surf, theme.accent, (c[0], c[1] - r * 0.9), r * 0.55)
            body = pygame.Rect(0, 0, round(r * 1.4), round(r * 1.3))
            body.midtop = (round(c[0]), round(c[1] - r * 0.2))
            pygame.draw.rect(surf, theme.accent, body, border_radius=round(r * 0.5))
        elif icon in ("card", "deck"):
            card = pygame.Rect(0, 0, round(r * 3.2), round(r * 4.2))
            card.center = (round(c[0]), round(c[1]))
            layers = 3 if icon == "deck" else 1
            for j in range(layers - 1, -1, -1):
                cr = card.move(j * lw * 2, -j * lw * 2)
                pygame.draw.rect(surf, (255, 255, 255), cr, border_radius=round(r * 0.4))
                pygame.draw.rect(surf, theme.ink, cr, width=max(1, lw // 2 + 1), border_radius=round(r * 0.4))
            if icon == "card":
                draw_station(surf, "express" if arg == "express" else "standard", card.center, r * 0.8, lw, theme)
            else:
                img = note_font.render(str(arg), True, theme.muted)
                surf.blit(img, img.get_rect(center=card.center))
        elif icon == "symbol":
            draw_symbol(surf, str(arg), c, r * 3.0, theme.ink)


def _token(surf, p, q, colour: str, lane: int, fonts) -> None:
    """A track token: the line's colour with its outline and letter, so colour is not the only clue."""
    pygame.draw.line(surf, th.line_outline(colour), p, q, lane + 2)
    pygame.draw.line(surf, th.line_rgb(colour), p, q, lane)
    if lane >= 10:
        f = fonts.get(max(8, round(lane * 0.8)), True)
        img = f.render(th.line_letter(colour), True, th.ink_on(colour))
        surf.blit(img, img.get_rect(center=((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)))


def _dashed(surf, ink, p, q, width: int, dash: float) -> None:
    d = math.hypot(q[0] - p[0], q[1] - p[1]) or 1.0
    n = max(1, int(d / (2 * dash)))
    for i in range(n + 1):
        t0 = i * 2 * dash / d
        t1 = min(1.0, t0 + dash / d)
        if t0 >= 1.0:
            break
        a = (p[0] + (q[0] - p[0]) * t0, p[1] + (q[1] - p[1]) * t0)
        b = (p[0] + (q[0] - p[0]) * t1, p[1] + (q[1] - p[1]) * t1)
        pygame.draw.line(surf, ink, a, b, width)


def _tick(surf, c, r: float, ink, ok: bool) -> None:
    """A tick (allowed) or a cross (refused) in a white disc, so shape says it as well as colour."""
    from .draw import disc

    x, y = c
    disc(surf, (255, 255, 255), c, r * 1.2)
    disc(surf, ink, c, r * 1.2, max(1, round(r * 0.2)))
    w = max(2, round(r * 0.35))
    if ok:
        pygame.draw.lines(surf, ink, False, [(x - r * 0.55, y), (x - r * 0.1, y + r * 0.5), (x + r * 0.6, y - r * 0.5)], w)
    else:
        e = r * 0.5
        pygame.draw.line(surf, ink, (x - e, y - e), (x + e, y + e), w)
        pygame.draw.line(surf, ink, (x - e, y + e), (x + e, y - e), w)


# ------------------------------------------------------------------------------------------------
# the card


class RulesScene(Scene):
    """The rules card of ``city`` (``variant``: "standard" or "classic"), facing ``edge``, over ``under``."""

    opaque = True  # the scene below is drawn by us, dimmed, and not updated

    def __init__(self, app, city: str, variant: str = "standard", edge: str = "bottom", under: Scene | None = None):
        super().__init__(app)
        self.city, self.variant = city, variant
        self.pages: list[Page] = pages_for(city, variant)
        self.title = board_title(city, variant)
        self.page = 0
        self.facing = Facing(edge)
        self.under = under
        self.buttons: dict[str, pygame.Rect] = {}  # upright card coordinates
        self.overflow: list[str] = []  # text that did not fit even at the smallest size (tests: none)
        self.text_px = 0  # the body size the last page was drawn at
        self._card: pygame.Surface | None = None
        self._shade: pygame.Surface | None = None
        self._taps = CardTaps()

    @classmethod
    def for_state(cls, app, state, edge: str = "bottom", under: Scene | None = None) -> "RulesScene":
        from ..engine.rules import board_of

        return cls(app, (board_of(state).city or "").lower(), state.setup.variant, edge, under)

    @property
    def edge(self) -> str:
        return self.facing.edge

    # ---- layout ------------------------------------------------------------------------------------
    def upright_size(self) -> tuple[int, int]:
        W, H = self.app.size
        if self.facing.rotation in (90, 270):
            W, H = H, W
        m = self.app.px(24)
        return (max(1, min(self.app.px(CARD_W), W - 2 * m)), max(1, min(self.app.px(CARD_H), H - 2 * m)))

    def boxes(self, w: int, h: int) -> dict[str, pygame.Rect]:
        """The card's parts in upright coordinates: heading, diagram, text, and the three buttons."""
        p = self.app.px
        pad = p(28)
        touch = th.touch_px(self.app.scale)
        head = pygame.Rect(pad, pad, w - 2 * pad, p(34) + p(46))
        bh = max(touch, p(72))
        bw = (w - 2 * pad - 2 * p(16)) // 3
        by = h - pad - bh
        self.buttons = {name: pygame.Rect(pad + j * (bw + p(16)), by, bw, bh)
                        for j, name in enumerate((PREV, CLOSE, NEXT))}
        body = pygame.Rect(pad, head.bottom + p(12), w - 2 * pad, by - p(16) - head.bottom - p(12))
        page = self.pages[self.page]
        if page.sketch is None:
            return {"head": head, "text": body}
        sk = pygame.Rect(body.x, body.y, body.w, min(round(body.h * 0.5), round(body.w * 0.45)))
        text = pygame.Rect(body.x, sk.bottom + p(14), body.w, body.bottom - sk.bottom - p(14))
        return {"head": head, "sketch": sk, "text": text}

    def _build(self) -> None:
        if self._card is not None:
            return
        w, h = self.upright_size()
        self._card = self.facing.turn(self.draw_card(w, h))
        r = self._card.get_rect(center=(self.app.size[0] // 2, self.app.size[1] // 2))
        self.facing.rect = r.clamp(pygame.Rect((0, 0), self.app.size))

    def draw_card(self, w: int, h: int) -> pygame.Surface:
        """The page, upright, measured: anything that would not fit is noted in ``overflow``."""
        t = self.app.theme
        fonts = self.app.fonts
        p = self.app.px
        page = self.pages[self.page]
        boxes = self.boxes(w, h)
        self.overflow = []
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(surf, t.panel, surf.get_rect(), border_radius=p(20))
        pygame.draw.rect(surf, t.accent, surf.get_rect(), width=max(1, p(4)), border_radius=p(20))
        head = boxes["head"]
        small = max(MIN_SCREEN_PX, p(22))
        f_small = fonts.get(small)
        where = _("Rules \u00b7 {board}").format(board=_(self.title))
        count = f"{self.page + 1} / {len(self.pages)}"
        cw = f_small.size(count)[0]
        self._text(surf, f_small, where, (head.x, head.y), head.w - cw - p(20), t.muted, "heading")
        surf.blit(f_small.render(count, True, t.muted), (head.right - cw, head.y))
        size = p(34)
        f_title = fonts.get(max(MIN_SCREEN_PX, size), True)
        title = _(page.title)
        while f_title.size(title)[0] > head.w and size > p(24):
            size -= 1
            f_title = fonts.get(max(MIN_SCREEN_PX, size), True)
        self._text(surf, f_title, title, (head.x, head.y + f_small.get_linesize() + p(6)), head.w, t.ink, "title")
        if page.sketch is not None:
            sk = boxes["sketch"]
            pygame.draw.rect(surf, t.board_bg, sk, border_radius=p(12))
            pygame.draw.rect(surf, t.panel_edge, sk, width=max(1, p(2)), border_radius=p(12))
            draw_sketch(surf, sk, page.sketch, t, fonts, self.overflow)
        tb = boxes["text"]
        f, lines, fits = fit_paragraphs(fonts, [_(t) for t in page.text], tb.w, tb.h, max(MIN_SCREEN_PX, p(TEXT_PX)),
                                        max(MIN_SCREEN_PX, p(MIN_TEXT_PX)))
        self.text_px = f.get_height()
        if not fits:
            self.overflow.append(f"page {page.key!r} text")
        y = tb.y
        for line in lines:
            if line:
                surf.blit(f.render(line, True, t.ink), (tb.x, y))
                y += f.get_linesize()
            else:
                y += f.get_linesize() // 2
        f_btn = fonts.get(max(MIN_SCREEN_PX, p(28)), True)
        for name, r in self.buttons.items():
            enabled = not ((name == PREV and self.page == 0) or (name == NEXT and self.page == len(self.pages) - 1))
            primary = name == (NEXT if self.page < len(self.pages) - 1 else CLOSE)
            fill = t.accent if primary else t.bg
            pygame.draw.rect(surf, fill, r, border_radius=p(14))
            if not primary:
                pygame.draw.rect(surf, t.panel_edge, r, width=max(1, p(2)), border_radius=p(14))
            ink = t.accent_ink if primary else (t.ink if enabled else t.panel_edge)
            self._text(surf, f_btn, _(BUTTON_LABELS[name]), None, r.w - p(16), ink, f"button {name}", centre=r.center)
        return surf

    def _text(self, surf, font, text: str, at, width: int, ink, what: str, centre=None) -> None:
        if font.size(text)[0] > width:
            self.overflow.append(what)
        img = font.render(text, True, ink)
        surf.blit(img, img.get_rect(center=centre) if centre else at)

    # ---- drawing -----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        if self.under is not None:
            self.under.draw(surface)
        else:
            surface.fill(self.app.theme.bg)
        if self._shade is None or self._shade.get_size() != surface.get_size():
            self._shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            self._shade.fill((0, 0, 0, 110))
        surface.blit(self._shade, (0, 0))
        self._build()
        surface.blit(self._card, self.facing.rect)

    @property
    def animating(self) -> bool:
        return bool(getattr(self.under, "animating", False)) if self.under is not None and \
            hasattr(self.under, "board_view") else False

    def on_resize(self, w: int, h: int) -> None:
        self._card = None  # the app tells every scene, the one under this card too
        self.dirty = True

    # ---- input -------------------------------------------------------------------------------------
    def point_for(self, name: str) -> tuple[float, float] | None:
        """Where on screen the button ``name`` is (tests tap there)."""
        self._build()
        b = self.buttons.get(name)
        return None if b is None else self.facing.to_screen(*b.center)

    def _button_at(self, x: float, y: float) -> str | None:
        self._build()
        return button_under(self.buttons, self.facing.rect, self.facing.rotation, x, y)

    def on_pointer(self, e: PointerEvent) -> bool:
        tapped = self._taps.feed(e, self._button_at)
        if tapped is OFF_CARD:
            self.close()  # a tap beside the card
        elif tapped:
            self.choose(tapped)
        return True

    def on_key(self, e) -> bool:
        if getattr(e, "type", None) != pygame.KEYDOWN:
            return True
        key = getattr(e, "key", None)
        if key in (pygame.K_ESCAPE, pygame.K_AC_BACK):
            self.close()
        elif key in (pygame.K_RIGHT, pygame.K_PAGEDOWN, pygame.K_SPACE):
            self.turn_page(1)
        elif key in (pygame.K_LEFT, pygame.K_PAGEUP):
            self.turn_page(-1)
        return True

    def choose(self, name: str) -> None:
        if name == PREV:
            self.turn_page(-1)
        elif name == NEXT:
            self.turn_page(1)
        elif name == CLOSE:
            self.close()

    def turn_page(self, d: int) -> None:
        page = max(0, min(len(self.pages) - 1, self.page + d))
        if page != self.page:
            self.page = page
            self._card = None
            self.dirty = True

    def close(self) -> None:
        if self.app.top is self:
            self.app.pop()
