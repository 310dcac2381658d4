"""Paris's own drawing: RER stations, landmark stations with their face-up tile, the five landmark icons,
the Seine, the terminus reward and set-completion buttons, and the secret objective cards.

Nothing is copied from the printed board: the shapes are our own, drawn with pygame primitives so they
stay sharp at any zoom. An RER station is a deep blue disc with a white ring (found at a glance among the
white circles); a terminus that is also an RER station keeps the terminus square with a blue RER dot at
its corner. A landmark station is a pale square place on which its face-up tile lies: a tile tinted by
its type holding the type's icon (a tower for a monument, a columned front for a museum, a cross for a
church, a tree for a garden, a cup for a cafe), so a type reads by its shape alone and its colour helps.
The tile is drawn on the board view's state layer (``station_marks``/``draw_mark``), so taking it redraws
just that station. The Seine is the map's ``[[water]]`` polygon, under the track spaces.

The secret objectives are never part of anything drawn here for the board or the panels: the play screen
draws :func:`draw_objective_cards` only while a seat's owner holds the cards button (play_scene), and the
end screen reveals them.
"""
from __future__ import annotations


import pygame

from ...i18n import N_, _, ngettext
from ..draw import aapoly, capsule, disc, draw_station_shape
from .base import CityDrawing

R_RER = 9.0  # board units: a little bigger than a standard station
R_LANDMARK = 17.0  # room for a face-up tile with its icon
LANDMARK_TYPES = ("monument", "museum", "church", "garden", "cafe")
# per type: (tile tint, icon ink); shapes differ, so the colours only help
TYPE_COLOURS = {
    "monument": ((250, 226, 200), (150, 70, 20)),
    "museum": ((232, 220, 248), (92, 52, 150)),
    "church": ((214, 230, 250), (30, 80, 160)),
    "garden": ((214, 240, 210), (30, 110, 40)),
    "cafe": ((246, 224, 214), (120, 60, 40)),
}
TYPE_NAMES = {"monument": "Monument", "museum": "Museum", "church": "Church", "garden": "Garden", "cafe": "Cafe"}
RER_BLUE = (22, 74, 156)
PLATE = (226, 222, 210)  # the empty place of a landmark tile
WATER_FILL = (206, 228, 243)
WATER_SHORE = (160, 199, 226)
CARD_PAPER = (255, 252, 240)

# the terminus reward buttons: choice -> (label, what it gives, points, branch tiles)
REWARD_LABELS = {"points": N_("2 points"), "point_and_tile": N_("1 point + 1 tile"), "tiles": N_("2 tiles")}


class ParisDrawing(CityDrawing):
    city = "paris"
    symbols = LANDMARK_TYPES
    end_categories = ("terminus", "rer", "passenger", "landmark_sets", "objectives")

    def __init__(self):
        self._fonts = None

    # ---- stations ---------------------------------------------------------------------------
    def station_kind(self, kinds, kind: str) -> str:
        ks = set(kinds)
        if "landmark" in ks:
            return "landmark_rer" if "rer" in ks else "landmark"
        if "rer" in ks:
            return "terminus_rer" if kind == "terminus" else ("rer" if kind in ("standard", "express") else kind)
        return kind

    def radius_units(self, kind: str) -> float | None:
        if kind in ("landmark", "landmark_rer"):
            return R_LANDMARK
        if kind == "rer":
            return R_RER
        if kind == "terminus_rer":
            return 8.0
        return None

    def draw_station(self, surf, kind: str, c, r: float, lw: int, theme) -> bool:
        x, y = c
        if kind == "rer":
            draw_rer(surf, c, r, lw)
            return True
        if kind == "terminus_rer":
            draw_station_shape(surf, "terminus", c, r, lw, theme)
            dr = max(3.0, r * 0.5)
            disc(surf, (255, 255, 255), (x + r, y - r), dr + max(1.0, dr * 0.3))
            disc(surf, RER_BLUE, (x + r, y - r), dr)
            return True
        if kind in ("landmark", "landmark_rer"):  # the place where the tile lies; the tile is a state mark
            box = pygame.Rect(0, 0, round(1.8 * r), round(1.8 * r))
            box.center = (round(x), round(y))
            rad = max(2, round(r * 0.3))
            edge = RER_BLUE if kind == "landmark_rer" else theme.ink
            pygame.draw.rect(surf, PLATE, box, border_radius=rad)
            pygame.draw.rect(surf, edge, box, width=max(1, lw // 2 + 1) * (2 if kind == "landmark_rer" else 1),
                             border_radius=rad)
            return True
        return False

    def station_marks(self, state, board) -> dict[int, tuple]:
        tiles = list(getattr(state.setup, "landmark_tiles", ()) or ())
        left = list(getattr(state, "landmarks_left", ()) or ())
        if len(tiles) != len(board.landmark_stations) or len(left) != len(tiles):
            return {}
        return {stn: ("tile", tiles[i], left[i]) for i, stn in enumerate(board.landmark_stations)}

    def draw_mark(self, surf, sig: tuple, c, r: float, theme) -> None:
        if sig[:1] != ("tile",):
            return
        _, kind, left = sig
        if left > 0:
            draw_tile(surf, kind, c, r * 1.5, theme.ink)
        else:  # taken: the type stays as a faint ghost, so the board still says what was there
            faded = tuple(round(a * 0.35 + b * 0.65) for a, b in zip(theme.ink, PLATE))
            draw_landmark_icon(surf, kind, c, r * 1.1, faded)

    def mark_radius(self, r: float) -> float:
        return r * 1.1

    def name_clearance(self, kind: str, r: float) -> float:
        if kind in ("landmark", "landmark_rer"):
            return r * 1.1
        return r * 1.05 if kind in ("rer", "terminus_rer") else r

    def draw_symbol(self, surf, symbol: str, c, size: float, ink) -> bool:
        if symbol not in LANDMARK_TYPES:
            return False
        draw_landmark_icon(surf, symbol, c, size, TYPE_COLOURS[symbol][1])
        return True

    def panel_tiles(self, state, player: int) -> list[tuple[str, int]]:
        held = state.players[player].landmarks
        return [(t, held[t]) for t in LANDMARK_TYPES if held.get(t)]

    # ---- choices and secret cards ---------------------------------------------------------------
    def choices(self, state, board) -> list[tuple[str, str, object]]:
        return choice_buttons(state, board)

    def choice_title(self, state, board) -> str:
        return choice_title(state, board)

    def has_secret_cards(self, board) -> bool:
        return getattr(board, "paris", None) is not None

    def secret_cards_picture(self, state, board, player: int, fonts, scale: float, met: bool = False,
                             only: int | None = None):
        from ...engine.cities import paris as rules

        cards = objective_cards(state, board, player)
        if only is not None:
            cards = cards[only:only + 1]
        if not cards:
            return None
        counts = [len(rules.lines_meeting(state, board, player, card)) for _, _, card in cards] if met else None
        return draw_objective_cards(None, cards, fonts, scale, counts)

    def secret_stations(self, state, board, player: int, only: int) -> list[int]:
        from ...engine.cities import paris as rules

        cards = rules.objectives_of(state, player)
        return list(board.objective_stations[cards[only]]) if 0 <= only < len(cards) else []

    # ---- the Seine --------------------------------------------------------------------------
    def draw_under_lines(self, surf, view, origin) -> None:
        src = getattr(view.board, "source", None)
        areas = list(getattr(src, "water", None) or ())
        if not areas:
            return
        s = view.s
        x0, y0 = origin
        shore = max(1, round(1.6 * s))
        for area in areas:
            pts = [(x * s - x0, y * s - y0) for x, y in area.points]
            pygame.draw.polygon(surf, WATER_SHORE, pts, shore * 2)
            pygame.draw.polygon(surf, WATER_FILL, pts)
            pygame.draw.aalines(surf, WATER_SHORE, True, pts)


# ---- the choices a placement raises ------------------------------------------------------------
def choice_buttons(state, board) -> list[tuple[str, str, object]]:
    """While a Paris choice is asked: (label, score preview, action) per button, in the engine's order.
    The preview says what the seat's score and Branch tiles become."""
    from ...engine.actions import ChooseReward, CompleteSet
    from ...engine.cities import paris as rules
    from ...engine.state import CHOICE_PHASES, PHASE_REWARD

    if state.phase not in CHOICE_PHASES or not state.pending:
        return []
    choice = state.pending[0]
    pl = state.players[choice.player]
    pd = board.paris
    out = []
    if choice.kind == PHASE_REWARD:
        for key in rules.REWARD_ORDER:
            if key not in pd.terminus_rewards:
                continue
            pts, tiles = pd.terminus_rewards[key]
            label = _(REWARD_LABELS.get(key, key))
            out.append((label, _points_tiles(pl.score + pts, pl.branch_tiles + tiles), ChooseReward(key)))
        return out
    missing = rules.missing_types(board, pl.landmarks)
    cost = rules.set_completion_cost(state, board, choice.player)
    out.append((ngettext("Complete set: −{n} tile, +{points}", "Complete set: −{n} tiles, +{points}", cost).format(
                    n=cost, points=pd.set_points),
                _("{points_tiles} ({missing})").format(
                    points_tiles=_points_tiles(pl.score + pd.set_points, pl.branch_tiles - cost),
                    missing=ngettext("{n} type missing", "{n} types missing", missing).format(n=missing)),
                CompleteSet(True)))
    out.append((_("Keep tiles"), _points_tiles(pl.score, pl.branch_tiles), CompleteSet(False)))
    return out


def _points_tiles(points: int, tiles: int) -> str:
    """A choice's outcome, e.g. "5 points · 1 tile" (each count in its own plural form)."""
    return _("{points} · {tiles}").format(points=ngettext("{n} point", "{n} points", points).format(n=points),
                                          tiles=ngettext("{n} tile", "{n} tiles", tiles).format(n=tiles))


def choice_title(state, board) -> str:
    """What the asked seat is choosing, e.g. "Terminus Porte Maillot: choose your reward"."""
    from ...engine.state import PHASE_REWARD

    if not state.pending:
        return ""
    choice = state.pending[0]
    name = board.stations[choice.station].name
    if choice.kind == PHASE_REWARD:
        return _("Terminus {station}: choose your reward").format(station=name)
    return _("{station}: complete your landmark set?").format(station=name)


# ---- drawing ------------------------------------------------------------------------------------
def draw_rer(surf, c, r: float, lw: int) -> None:
    """An RER station: a deep blue disc with a white ring inside."""
    x, y = c
    disc(surf, (255, 255, 255), (x, y), r + max(1.0, r * 0.12))
    disc(surf, RER_BLUE, (x, y), r)
    disc(surf, (255, 255, 255), (x, y), r * 0.62)
    disc(surf, RER_BLUE, (x, y), r * 0.62 - max(1.0, r * 0.22))


def draw_tile(surf, kind: str, c, side: float, ink) -> None:
    """A landmark tile: a rounded square tinted by its type, with the type's icon."""
    tint, icon_ink = TYPE_COLOURS.get(kind, ((255, 250, 232), ink))
    rect = pygame.Rect(0, 0, round(side), round(side))
    rect.center = (round(c[0]), round(c[1]))
    rad = max(2, round(side * 0.16))
    pygame.draw.rect(surf, tint, rect, border_radius=rad)
    pygame.draw.rect(surf, icon_ink, rect, width=max(1, round(side * 0.07)), border_radius=rad)
    draw_landmark_icon(surf, kind, rect.center, side * 0.8, icon_ink)


def draw_landmark_icon(surf: pygame.Surface, symbol: str, c, size: float, ink) -> None:
    """A Paris landmark type as a simple vector icon in a box of side ``size`` (12 x 12 grid)."""
    cx, cy = c
    u = size / 12.0
    lw = max(1, round(u * 1.1))

    def P(x: float, y: float):
        return (cx + (x - 6) * u, cy + (y - 6) * u)

    if symbol == "monument":  # a lattice tower on its arch
        aapoly(surf, ink, [P(5.4, 0.6), P(6.6, 0.6), P(7.6, 6.0), P(10.6, 11.4), P(8.4, 11.4), P(6, 8.0),
                           P(3.6, 11.4), P(1.4, 11.4), P(4.4, 6.0)])
        surf.fill(ink, pygame.Rect(*P(3.4, 6.2), 5.2 * u, 1.2 * u))
    elif symbol == "museum":  # a columned front under a pediment
        aapoly(surf, ink, [P(0.8, 4.2), P(6, 1.0), P(11.2, 4.2)])
        surf.fill(ink, pygame.Rect(*P(1.2, 4.6), 9.6 * u, 1.0 * u))
        for x in (1.8, 4.2, 6.6, 9.0):
            surf.fill(ink, pygame.Rect(*P(x, 5.8), 1.2 * u, 4.4 * u))
        surf.fill(ink, pygame.Rect(*P(0.8, 10.2), 10.4 * u, 1.4 * u))
    elif symbol == "church":  # a cross
        surf.fill(ink, pygame.Rect(*P(4.8, 0.6), 2.4 * u, 10.8 * u))
        surf.fill(ink, pygame.Rect(*P(1.6, 3.2), 8.8 * u, 2.4 * u))
    elif symbol == "garden":  # a round tree on its trunk
        surf.fill(ink, pygame.Rect(*P(5.1, 6.0), 1.8 * u, 5.4 * u))
        disc(surf, ink, P(6, 4.6), 4.0 * u)
        disc(surf, ink, P(3.4, 6.4), 2.2 * u)
        disc(surf, ink, P(8.6, 6.4), 2.2 * u)
        surf.fill(ink, pygame.Rect(*P(2.4, 10.6), 7.2 * u, 1.0 * u))
    elif symbol == "cafe":  # a cup on its saucer, with steam
        aapoly(surf, ink, [P(1.8, 5.0), P(8.6, 5.0), P(8.0, 9.4), P(2.4, 9.4)])
        pygame.draw.circle(surf, ink, P(9.0, 6.6), 1.7 * u, max(1, round(u * 0.9)))
        surf.fill(ink, pygame.Rect(*P(0.8, 10.0), 10.0 * u, 1.2 * u))
        for x in (3.8, 6.4):
            capsule(surf, ink, P(x, 1.0), P(x, 3.6), u * 0.9)
    else:
        disc(surf, ink, P(6, 6), 2.5 * u)
    del lw


def objective_cards(state, board, player: int) -> list[tuple[list[str], int, int]]:
    """(station names, points, card number) of ``player``'s secret objectives."""
    from ...engine.cities import paris as rules

    out = []
    for card in rules.objectives_of(state, player):
        stations = [board.stations[s].name for s in board.objective_stations[card]]
        out.append((stations, board.objective_points[card], card))
    return out


def draw_objective_cards(surf: pygame.Surface, cards, fonts, scale: float, met=None) -> pygame.Surface:
    """The objective cards side by side on a transparent picture (upright): three station names and the
    points on each, small. ``met``: per card the number of the owner's lines meeting it (None: not shown).
    Returns the picture; ``surf`` is unused (kept for symmetry with the other drawers)."""
    del surf
    px = lambda n: max(1, round(n * scale))  # noqa: E731
    f_name = fonts.get(px(15), True)
    f_pts = fonts.get(px(20), True)
    f_head = fonts.get(px(12), True)
    pad = px(8)
    def points_words(k: int, pts: int) -> str:
        if met is not None and k < len(met):
            return ngettext("{n} line × {points} = {total}", "{n} lines × {points} = {total}", met[k]).format(
                n=met[k], points=pts, total=met[k] * pts)
        return ngettext("{n} point per line", "{n} points per line", pts).format(n=pts)

    # as wide as the longest words on any card: a station's name, the heading, or the points line (German
    # and French say them longer than English)
    cw = max(px(170), max((f_name.size(n)[0] for names, _, _ in cards for n in names), default=0) + px(14),
             f_head.size(_("SECRET OBJECTIVE"))[0],
             max((f_pts.size(points_words(k, pts))[0] for k, (_n, pts, _c) in enumerate(cards)), default=0)) + 2 * pad
    lh = f_name.get_linesize()
    ch = pad + f_head.get_linesize() + 3 * lh + f_pts.get_linesize() + pad
    gap = px(8)
    n = max(1, len(cards))
    img = pygame.Surface((n * cw + (n - 1) * gap, ch), pygame.SRCALPHA)
    for k, (names, pts, _card) in enumerate(cards):
        r = pygame.Rect(k * (cw + gap), 0, cw, ch)
        pygame.draw.rect(img, CARD_PAPER, r, border_radius=px(10))
        pygame.draw.rect(img, RER_BLUE, r, width=px(3), border_radius=px(10))
        y = r.y + pad
        head = f_head.render(_("SECRET OBJECTIVE"), True, RER_BLUE)
        img.blit(head, (r.x + pad, y))
        y += f_head.get_linesize()
        for name in names:
            pygame.draw.circle(img, (30, 30, 30), (r.x + pad + px(4), y + lh // 2), px(4))
            img.blit(f_name.render(name, True, (30, 30, 30)), (r.x + pad + px(14), y))
            y += lh
        img.blit(f_pts.render(points_words(k, pts), True, RER_BLUE), (r.x + pad, y))
    return img
