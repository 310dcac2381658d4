"""The hint: what the expert computer would do now, shown on the board with a few words why, never taken.

The hint button on the active panel asks; the strongest computer level whose counted work fits ``HINT_WORK`` (the
expert) thinks on a worker thread (it takes up to about a second) about the seat's public view (game/ai/view.py: no
deck order, no other seat's secret cards), so no frame waits for it. The answer is shown until the position changes:
the track space it would take glows with a tag ("connects a terminus: +2 and a tile"), or the branch tile button or
the route option is ringed. The reason is made from the action's scoring: the action is applied to a copy of the view
and its Scored events are put into words. Hints used are counted per seat; the count goes with the saved
game (``saved_extras``, game/saves.py) and to the end screen. Only seats people play get the button, so
the kiosk's demo (every seat a computer) never offers one.
"""
from __future__ import annotations

import math
import threading
from dataclasses import dataclass

import pygame

from ...engine import ChooseRoute, PlaceTrack, TakeBranch, apply
from ...engine import events as ev
from ...engine.log_words import node_words
from ...i18n import COLOUR_NAMES, LANDMARK_NAMES, N_, _, ngettext, words_text
from .. import textfit
from .. import theme as th
from ..draw import capsule, disc
from ..seats import EDGE_ROTATION
from .keepclear import lane_boxes, names_over

CATEGORY_WORDS = {
    "national_rail": N_("reaches National Rail"),
    "terminus": N_("connects a terminus"),
    "connections": N_("matches connection tiles"),
    "loops": N_("closes a loop"),
    "passenger": N_("the passenger rides it"),
    "plus": N_("reaches a + station"),
    "landmark_sets": N_("completes a landmark set"),
    "landmark_bonus": N_("landmark bonus"),
    "clusters": N_("reaches a new cluster"),
    "water": N_("reaches its third water icon"),
    "rer": N_("reaches an RER station"),
    "objectives": N_("meets a secret objective"),
}


# the work a hint may take, in counted work units (hard's units; docs/ai.md "Time"): about a second of processor
# time on the slowest board, so the hint answers within about a second on a busy machine as on an idle one
HINT_WORK = 2000.0
# the tag's words wrap at these shares of the board's length, the widest first that finds a free place
TAG_SHARES = (0.6, 0.4, 0.28, 0.2, 0.14)


@dataclass
class Hint:
    """One answer: the action, the words, and the position it was for."""

    player: int
    action: object
    reason: str
    key: tuple


def position_key(state) -> tuple:
    """What a hint depends on: it is stale once any of this changes."""
    return (len(state.log), state.phase, state.turn, state.current, state.actions_left)


def describe(view, action) -> str:
    """A few words on why: the action applied to a copy of ``view`` and its scoring put into words."""
    me = view.current
    try:
        events = apply(view.copy(), action)
    except Exception:  # noqa: BLE001 - words are a courtesy; the action stands without them
        events = []
    parts = []
    tiles = 0
    for e in events:
        if isinstance(e, ev.Scored) and e.player == me and (e.points or e.branch_tiles):
            words = _(CATEGORY_WORDS.get(e.category, e.category.replace("_", " ")))
            cluster = _cluster_of(view, e)
            if cluster:  # its name as the board prints it
                words = _("reaches {cluster}, a new cluster").format(cluster=cluster)
            parts.append(_("{reason}: +{points}").format(reason=words, points=e.points) if e.points else words)
            tiles += e.branch_tiles
        elif isinstance(e, ev.LandmarkTaken) and e.player == me:
            kind = _(LANDMARK_NAMES.get(e.landmark_type, e.landmark_type))
            parts.append(_("takes a {landmark} landmark").format(landmark=kind))
    if parts:
        text = ", ".join(dict.fromkeys(parts))
        if tiles:
            text = _("{reasons} and {tiles}").format(
                reasons=text, tiles=ngettext("a tile", "{n} tiles", tiles).format(n=tiles))
        return text
    if isinstance(action, TakeBranch):
        return _("take a branch tile for a later turn")
    if isinstance(action, ChooseRoute):
        return _("the route that scores you most")
    if isinstance(action, PlaceTrack):
        return _("builds towards stations still to come")
    return _("the computer's choice")


def _cluster_of(view, e) -> str:
    """The New York cluster a cluster score is for, named as on the board ("" for any other score)."""
    if e.category != "clusters" or not e.stations:
        return ""
    from ...engine.log_words import cluster_title
    from ...engine.rules import board_of

    clusters = board_of(view).station_cluster or []
    key = clusters[e.stations[0]] if e.stations[0] < len(clusters) else None
    return cluster_title(key) if key else ""


def hint_level() -> str:
    """The strongest level that answers within the hint's work (ai.strongest_within)."""
    from ...ai import strongest_within

    return strongest_within(HINT_WORK)


def think(view):
    """The hint level's action for the seat to play in ``view`` and why (runs on the worker thread)."""
    from ...ai import make_bot

    bot = make_bot(hint_level(), 0)
    action = bot.choose(view)
    return action, describe(view, action)


class HintControl:
    """Hints of one table: asking, the worker thread, what is shown, and the count per seat."""

    def __init__(self, n_players: int, used: list[int] | None = None):
        self.used = [0] * n_players
        for i, n in enumerate((used or [])[:n_players]):
            self.used[i] = max(0, int(n))
        self.shown: Hint | None = None
        self._thread: threading.Thread | None = None
        self._result: tuple | None = None  # (key, player, action, reason) or (key, player, None, error)
        self._asked: tuple | None = None  # (key, player) being thought about
        self._tags: dict = {}  # (text, turn, scale, room, share) -> the tag's picture
        self._tag: pygame.Surface | None = None  # the shown tag's picture
        self._place: tuple | None = None  # (key, rect) where the tag goes

    # ---- asking ------------------------------------------------------------------------------------
    def thinking(self) -> bool:
        return self._asked is not None

    def ask(self, state, view) -> bool:
        """Start thinking about ``view`` (the seat's public view) for the seat to play; False when busy or
        already shown for this position. Counted when asked (a hint asked is a hint used)."""
        key = position_key(state)
        if self._asked is not None or (self.shown is not None and self.shown.key == key) or state.over:
            return False
        player = state.current
        self._asked = (key, player)
        self.used[player] += 1

        def work():
            try:
                action, reason = think(view)
                self._result = (key, player, action, reason)
            except Exception as exc:  # noqa: BLE001 - a failed hint is a message, never a crash
                self._result = (key, player, None, str(exc))

        self._thread = threading.Thread(target=work, name="underground-hint", daemon=True)
        self._thread.start()
        return True

    def wait(self, timeout: float = 30.0) -> None:
        """Tests: let the worker finish."""
        if self._thread is not None:
            self._thread.join(timeout)

    def poll(self, state) -> bool:
        """Take a finished answer (if still for this position) and drop a stale one; True when what is
        shown changed."""
        changed = False
        if self._result is not None:
            key, player, action, reason = self._result
            self._result = None
            self._asked = None
            if action is not None and key == position_key(state):
                self.shown = Hint(player, action, reason, key)
                changed = True
        if self.shown is not None and self.shown.key != position_key(state):
            self.shown = None
            changed = True
        return changed

    def button_state(self, player: int, state, may_act: bool) -> str:
        """What the hint button on ``player``'s panel shows."""
        if not may_act or state.over or player != state.current:
            return ""
        if self._asked is not None and self._asked[1] == player:
            return "thinking"
        if self.shown is not None and self.shown.player == player:
            return "shown"
        return "ready"

    # ---- showing -------------------------------------------------------------------------------------
    def draw(self, surf: pygame.Surface, bv, state, panels, theme, fonts, k: float,
             avoid: list | None = None, soft: list = (), banner: pygame.Rect | None = None) -> list[pygame.Rect]:
        """The shown hint over the board: the track space glowing (or the button or route ringed) and the
        tag with the words, facing the seat, beside what it points at. The tag keeps clear of names, station
        symbols and the board's buttons, and of ``avoid`` (the route callouts); of ``soft`` (tokens and legal
        spaces: play/keepclear.py) and of the turn ``banner`` unless there is no such place. Returns the areas
        drawn."""
        h = self.shown
        if h is None:
            return []
        out = []
        own = []  # the hinted track space itself: the tag goes beside it
        a = h.action
        panel = panels[h.player]
        angle = EDGE_ROTATION.get(panel.edge, 0)
        text = _("Hint: {move} ({reason})").format(move=self.verb(a, state, bv), reason=h.reason)
        short = _("Hint: {reason}").format(reason=h.reason)  # where the board has no room for the move's words
        # last, the heading alone ("Hint", in every language the words before the reason): the glow shows the move
        word = _("Hint: {reason}").split("{reason}", 1)[0].strip().rstrip(":").strip() or short
        if isinstance(a, PlaceTrack):
            lane = max(0, min(len(state.tokens[a.connection]), bv.board.connections[a.connection].spaces - 1))
            segs = bv.lane_segments(a.connection, lane)
            w = max(bv.lane_gap * 1.6, 8 * k)
            colour = theme.line(state.lines[a.line].colour)
            clip = surf.get_clip()
            surf.set_clip(bv.rect)
            for p, q in segs:
                capsule(surf, theme.highlight, p, q, w + 6 * k)
                capsule(surf, colour, p, q, w)
            surf.set_clip(clip)
            at = bv.conn_point(a.connection)
            xs = [c for p, q in segs for c in (p[0], q[0])] or [at[0]]
            ys = [c for p, q in segs for c in (p[1], q[1])] or [at[1]]
            own = lane_boxes(segs, w / 2 + 3 * k, max(4.0, 2 * w))
            m = w + 8 * k
            out.append(pygame.Rect(min(xs) - m, min(ys) - m, max(xs) - min(xs) + 2 * m,
                                   max(ys) - min(ys) + 2 * m).clip(bv.rect))
        elif isinstance(a, TakeBranch):
            r = panel.control_rect_on_screen("branch")
            at = r.center if r is not None else bv.rect.center
            if r is not None:
                pygame.draw.rect(surf, theme.highlight, r.inflate(8 * k, 8 * k), max(3, round(5 * k)),
                                 border_radius=round(14 * k))
                out.append(r.inflate(10 * k + 4, 10 * k + 4))
        else:  # a route: ring its destination
            opts = list(state.options)
            i = getattr(a, "option", getattr(a, "index", 0))
            stn = opts[i].destination if 0 <= i < len(opts) else state.passenger
            at = bv.station_xy(stn) if stn >= 0 else bv.rect.center
            rr = bv.station_radius(stn) + 10 * k if stn >= 0 else 0
            if stn >= 0:
                disc(surf, theme.highlight, at, rr, max(3, round(5 * k)))
                out.append(pygame.Rect(at[0] - rr - 4, at[1] - rr - 4, 2 * rr + 8, 2 * rr + 8))
        avoid = [pygame.Rect(r) for r in (avoid or []) if r is not None] + own
        place_key = (h.key, tuple(bv.rect), bv.s, bv.vx0, bv.vy0, text, angle, tuple(map(round, at)),
                     tuple(tuple(r) for r in avoid), id(soft), len(soft), banner and tuple(banner))
        if self._place is None or self._place[0] != place_key:  # beside the hint, over nothing if it can be
            self._tag, tr = self._placed_tag((text, short, word), angle, theme, fonts, k, bv, at, avoid, soft,
                                             [pygame.Rect(banner)] if banner is not None else [])
            self._place = (place_key, tr)
        tag = self._tag
        textfit.check(text, bv.rect.w, tag.get_width(), "hint tag width")  # beside the board: it must fit on it
        textfit.check(text, bv.rect.h, tag.get_height(), "hint tag height")
        tr = self._place[1]
        if not tr.inflate(8 * k, 8 * k).collidepoint(at):  # a leader from the tag to what it points at
            ex = min(max(at[0], tr.left), tr.right)
            ey = min(max(at[1], tr.top), tr.bottom)
            clip = surf.get_clip()
            surf.set_clip(bv.rect)
            pygame.draw.line(surf, theme.ink, (ex, ey), at, max(2, round(2 * k)))
            out += names_over(surf, bv, [((ex, ey), at)], max(2, round(2 * k)))  # the names stay on top
            surf.set_clip(clip)
            out.append(pygame.Rect(min(ex, at[0]) - 3, min(ey, at[1]) - 3, abs(ex - at[0]) + 7,
                                   abs(ey - at[1]) + 7).clip(bv.rect))
        surf.blit(tag, tr)
        out.append(tr)
        return out

    @staticmethod
    def verb(action, state, bv) -> str:
        if isinstance(action, PlaceTrack):
            c = bv.board.connections[action.connection]
            colour = state.lines[action.line].colour
            a, b = (words_text(node_words(bv.board, s)) for s in (c.a, c.b))  # a water crossing in words
            return f"{_(COLOUR_NAMES.get(colour, colour))} {a} – {b}"
        if isinstance(action, TakeBranch):
            return _("take a branch tile")
        return _("choose this route")

    def _placed_tag(self, texts: tuple[str, ...], angle: int, theme, fonts, k: float, bv, at, avoid: list,
                    soft: list, banner: list) -> tuple[pygame.Surface, pygame.Rect]:
        """The tag's picture and place: the nearest place beside ``at`` covering no name, symbol, board button
        or anything in ``avoid``, nor ``soft`` and the ``banner`` while there is such a place (the banner's
        words are on the seat's panel too), the words on one line or in a narrower block (more lines) where
        that finds one, the move's words left out (``texts``: with them, without, the heading alone) where only
        that finds one (a dense board at a small window: the glowing space shows the move); else where it covers
        the fewest names."""
        text = texts[0]
        from .overlays import Overlays, _nearest_free, place_box

        m = round(8 * k)
        clear = avoid + [b.inflate(m, m) for b in Overlays.board_buttons(bv, k).values()] + bv.occupied_rects()
        along = bv.rect.h if angle in (90, 270) else bv.rect.w
        reach = math.hypot(bv.rect.w, bv.rect.h)  # the nearest free place, however far (a leader joins it)
        (x0, y0), (x1, y1) = bv.to_screen(*bv.bounds[:2]), bv.to_screen(*bv.bounds[2:])
        card = pygame.Rect(round(x0), round(y0), round(x1 - x0), round(y1 - y0)).clip(bv.rect)
        for tier in (clear + banner + list(soft), clear + banner, clear):
            for words in dict.fromkeys(texts):
                for inside in (card, bv.rect):  # on the board's card where it can, else in the margin too
                    for share in TAG_SHARES:
                        tag = self._tag_surface(words, angle, theme, fonts, k, along, share)
                        free = _nearest_free(tag.get_size(), at, round(24 * k), inside, tier, reach)
                        if free is not None:
                            return tag, free
        tag = self._tag_surface(text, angle, theme, fonts, k, along, TAG_SHARES[0])
        return tag, place_box(tag.get_size(), at, 24 * k, bv.rect, clear + banner + list(soft), bv.label_rects())

    def _tag_surface(self, text: str, angle: int, theme, fonts, k: float, max_w: int,
                     share: float) -> pygame.Surface:
        key = (text, angle, round(k, 3), max_w, share)
        got = self._tags.get(key)
        if got is not None:
            return got
        f = fonts.get(max(11, round(18 * k)), True)
        # one line when short, else two broken between phrases (the move / the reason), else wrapped
        # a narrower form still holds its longest word whole, up to the widest form's width
        word = min(max(f.size(w)[0] for w in text.split()), int(max_w * TAG_SHARES[0]))
        lines = th.phrase_lines(f, text, max(80, word, int(max_w * share * 0.75)), 2, hyphens=False) or \
            th.wrap(f, text, max(80, word, int(max_w * share)))
        imgs = [f.render(t, True, theme.ink) for t in lines]
        pad = round(10 * k)
        w = max(i.get_width() for i in imgs) + 2 * pad
        hh = sum(i.get_height() for i in imgs) + pad
        box = pygame.Surface((w, hh), pygame.SRCALPHA)
        pygame.draw.rect(box, theme.highlight, box.get_rect(), border_radius=round(10 * k))
        pygame.draw.rect(box, theme.ink, box.get_rect(), width=max(1, round(2 * k)), border_radius=round(10 * k))
        y = pad // 2
        for i in imgs:
            box.blit(i, ((w - i.get_width()) // 2, y))
            y += i.get_height()
        pic = pygame.transform.rotate(box, angle) if angle else box
        if len(self._tags) >= 8:
            self._tags.clear()
        self._tags[key] = pic
        return pic
