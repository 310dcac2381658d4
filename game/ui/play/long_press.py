"""Press and hold: a small card facing the seat that asked, and never a placement.

Held on a station: its name, its kind(s) and what it would score for the chosen line of the player
whose turn it is, worked out by placing that token on a copy of the game (or why it cannot go there
now). Held on a player's score: their points by kind so far. The finger that held is then passive: lifting
it taps nothing (play_scene's gestures), so a long press never places a token.

The card stays until the next press anywhere (a press on the card itself only closes it) or
``CARD_S`` seconds after it opened.
"""
from __future__ import annotations

import math

import pygame

from ...engine import PlaceTrack, apply, legal_placements
from ...engine.events import ChoiceNeeded, LandmarkTaken, Scored
from ...i18n import CATEGORY_LABELS, N_, _, ngettext
from .. import textfit
from .. import theme as th
from ...engine.log_words import cluster_title
from ..rules_help import Facing
from ..scene import CANCEL, DOWN, MOVE, UP, PointerEvent

LONG_PRESS_S = 0.55  # held this long without moving: a long press
SLOP = 14  # design px a finger may wander and still be holding
CARD_S = 8.0  # how long a card stays if nobody presses
CARD_W = 520  # design px, the widest a card grows

KIND_WORDS = {"express": N_("express"), "standard": N_("standard"), "terminus": N_("terminus"),
              "national_rail": N_("National Rail"), "start": N_("the passenger's start"),
              "plus": N_("\u201c+\u201d station"), "landmark": N_("landmark"), "rer": N_("RER"),
              "water": N_("water icon")}


def station_kinds(board, station: int, city=None) -> str:
    """The station's kinds in words: "express · terminus", "connection (parks)"…"""
    st = board.stations[station]
    words = []
    for k in sorted(st.kinds):
        if k == "connection":
            words.append(_("connection"))
        elif k in KIND_WORDS:
            words.append(_(KIND_WORDS[k]))
    if st.cluster:
        words.append(_("cluster {name}").format(name=cluster_title(st.cluster)))  # as on the board
    return " \u00b7 ".join(words) or _("station")


def station_outlook(state, board, station: int, line: int | None) -> str:
    """What a token of ``line`` reaching ``station`` would score now, placed on a copy of the game."""
    if line is None:
        return _("Choose a line on your panel to see what it would score here.")
    ln = state.lines[line]
    colour = _(ln.colour)
    if ln.degree.get(station, 0) > 0:
        return _("The {colour} line already reaches it.").format(colour=colour)
    if state.phase != "actions" or ln.owner != state.current:
        return _("Not reachable by {colour} now.").format(colour=colour)
    opts = [(c, cost) for li, c, cost in legal_placements(state) if li == line and station in board.conn_ends[c]]
    if not opts:
        return _("Not reachable by {colour} now.").format(colour=colour)
    best = None
    for c, cost in opts:
        copy = state.copy()
        copy.actions_left = max(copy.actions_left, 2)  # a placement, not the turn's end: no passenger move
        events = apply(copy, PlaceTrack(line, c))
        pts = sum(e.points for e in events if isinstance(e, Scored) and e.player == ln.owner)
        tiles = sum(1 for e in events if isinstance(e, LandmarkTaken))
        reward = any(isinstance(e, ChoiceNeeded) and e.kind == "reward" for e in events)  # Paris: chosen later
        key = (pts, tiles, reward, -cost)
        if best is None or key > best[0]:
            best = (key, c, cost, pts, tiles, reward)
    _key, c, cost, pts, tiles, reward = best
    text = ngettext("{colour} here now: +{n} point", "{colour} here now: +{n} points", pts).format(
        colour=colour.capitalize(), n=pts)
    if tiles:
        text += _(" and a landmark tile")
    if reward:
        text += _(" and a terminus reward to choose")
    text += " " + _("(via {connection})").format(connection=board.conn_name(c))
    if cost:
        text += " " + ngettext("costs {n} branch tile", "costs {n} branch tiles", cost).format(n=cost)
    return text


def score_rows(state, board, player: int) -> list[tuple[str, int]]:
    """(category in words, points) for the player's points so far, in the end screen's order."""
    from ..cities import drawing_for

    pts = state.players[player].points
    cats = list(drawing_for(board).end_categories)
    cats += [c for c in pts if c not in cats and pts.get(c)]
    return [(_(CATEGORY_LABELS.get(c, c.replace("_", " ").capitalize())), pts.get(c, 0)) for c in cats]


class LongPress:
    """Watches presses on the play screen; a press held still on a station or a score shows a card."""

    def __init__(self, play):
        self.play = play
        self._held: dict[int, tuple[float, float, float]] = {}  # pid -> where and when (app time) it went down
        self.facing: Facing | None = None
        self.surface: pygame.Surface | None = None
        self.kind = ""  # "station" or "score": what the card shows
        self.subject = -1  # the station or the player
        self.lines: list[str] = []  # the card's words, for tests and logs
        self.opened_at = 0.0
        self.shown = 0  # cards shown so far (the first-game guide waits for one)

    @property
    def open(self) -> bool:
        return self.surface is not None

    @property
    def rect(self) -> pygame.Rect | None:
        return self.facing.rect if self.surface is not None else None

    def close(self) -> None:
        if self.surface is not None:
            self.surface = None
            self.play.dirty = True

    # ---- input ---------------------------------------------------------------------------------------
    def on_pointer(self, e: PointerEvent) -> bool:
        """True when the event is used up here (a press on the open card closes it and does nothing else)."""
        if e.phase == DOWN:
            on_card = self.open and self.facing.rect.collidepoint(e.x, e.y)
            self.close()
            if on_card:
                return True
            self._held[e.pid] = (e.x, e.y, self.play.app.time)
            if len(self._held) > 1:
                self._held.clear()  # two fingers: a pinch, not a long press
        elif e.phase == MOVE and e.pid in self._held:
            x0, y0, _t = self._held[e.pid]
            if math.hypot(e.x - x0, e.y - y0) > SLOP * self.play.app.scale:
                del self._held[e.pid]
        elif e.phase in (UP, CANCEL):
            self._held.pop(e.pid, None)
        return False

    def update(self, dt: float) -> None:
        now = self.play.app.time
        for pid, (x, y, t0) in list(self._held.items()):
            if now - t0 >= LONG_PRESS_S:
                del self._held[pid]
                self.fire(pid, x, y)
        if self.open and now - self.opened_at > CARD_S and not self._held:
            self.close()

    def fire(self, pid: int, x: float, y: float) -> bool:
        """The press ``pid`` has been held: show the card for what is under it. The finger's gesture becomes
        passive, so lifting it does not tap."""
        play = self.play
        g = play.gestures.get(pid)
        if g is None or g.moved:
            return False
        target = g.target
        if target[0] == "board":
            station = play.board_view.station_at(x, y)
            if station is None:  # a finger on a station's name asks about that station too
                station = next((i for i, r in enumerate(play.board_view.label_rects()) if r.collidepoint(x, y)),
                               None)
            if station is None:
                return False
            edge = self._nearest_edge(x, y)
            self.show("station", station, edge, (x, y))
        elif target[0] == "panel":
            idx = target[1]
            panel = play.panels[idx]
            r = panel.controls.get("_id")
            if r is None or not r.collidepoint(*panel.to_local(x, y)):
                return False
            self.show("score", idx, panel.edge, (x, y))
        else:
            return False
        g.passive = True
        return True

    def _nearest_edge(self, x: float, y: float) -> str:
        """The edge of the seat nearest the press: the card faces whoever is likely to have pressed."""
        panels = self.play.panels
        if not panels:
            return "bottom"

        def dist(p) -> float:
            r = p.rect
            dx = max(r.left - x, 0, x - r.right)
            dy = max(r.top - y, 0, y - r.bottom)
            return math.hypot(dx, dy)

        return min(panels, key=dist).edge

    # ---- the card ------------------------------------------------------------------------------------
    def card_lines(self, kind: str, subject: int) -> tuple[str, list[str]]:
        play = self.play
        st, board = play.state, play.board
        if kind == "station":
            name = board.stations[subject].name
            city = play.board_view.city if hasattr(play.board_view, "city") else None
            line = play.selected.get(st.current) if st.phase == "actions" else None
            return name, [station_kinds(board, subject, city), station_outlook(st, board, subject, line)]
        pl = st.players[subject]
        head = ngettext("{name}: {n} point", "{name}: {n} points", pl.score).format(name=pl.name, n=pl.score)
        rows = [f"{label}: {n}" for label, n in score_rows(st, board, subject)]
        rows.append(ngettext("{n} branch tile", "{n} branch tiles", pl.branch_tiles).format(n=pl.branch_tiles))
        return head, rows

    def show(self, kind: str, subject: int, edge: str, at: tuple[float, float]) -> None:
        play = self.play
        self.kind, self.subject = kind, subject
        head, rows = self.card_lines(kind, subject)
        self.lines = [head] + rows
        self.facing = Facing(edge)
        self.surface = self.facing.turn(self._draw(head, rows))
        self.facing.rect = self._place(self.surface.get_size(), at, edge)
        self.opened_at = play.app.time
        self.shown += 1
        play.dirty = True

    def _draw(self, head: str, rows: list[str]) -> pygame.Surface:
        play = self.play
        t, fonts, p = play.theme, play.fonts, play.app.px
        pad = p(18)
        f_head = fonts.get(max(11, p(24)), True)
        f = fonts.get(max(11, p(20)))
        width = p(CARD_W) - 2 * pad
        lines: list[tuple[str, pygame.font.Font]] = [(s, f_head) for s in th.wrap(f_head, head, width)]
        for row in rows:
            lines += [(s, f) for s in th.wrap(f, row, width)]
        w = max(fn.size(s)[0] for s, fn in lines) + 2 * pad
        h = sum(fn.get_linesize() for _s, fn in lines) + 2 * pad + p(6)
        W, H = play.app.size
        if self.facing is not None and self.facing.edge in ("left", "right"):
            W, H = H, W  # turned to a side seat, the card's width runs along the screen's height
        textfit.check(head, W, w, "long_press card width")
        textfit.check(head, H, h, "long_press card height")
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(surf, t.panel, surf.get_rect(), border_radius=p(14))
        pygame.draw.rect(surf, t.accent, surf.get_rect(), width=max(1, p(3)), border_radius=p(14))
        y = pad
        for j, (s, fn) in enumerate(lines):
            surf.blit(fn.render(s, True, t.ink), (pad, y))
            y += fn.get_linesize()
            if fn is f_head and j + 1 < len(lines) and lines[j + 1][1] is f:
                y += p(6)  # a little air under the heading
        return surf

    def _place(self, size: tuple[int, int], at: tuple[float, float], edge: str) -> pygame.Rect:
        """Beside the finger, on the far side from the seat, so the hand does not cover it."""
        r = pygame.Rect((0, 0), size)
        gap = self.play.app.px(40)
        x, y = at
        if edge == "bottom":
            r.midbottom = (round(x), round(y - gap))
        elif edge == "top":
            r.midtop = (round(x), round(y + gap))
        elif edge == "left":
            r.midleft = (round(x + gap), round(y))
        else:
            r.midright = (round(x - gap), round(y))
        return r.clamp(pygame.Rect((0, 0), self.play.app.size))

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect]:
        if self.surface is None:
            return []
        surface.blit(self.surface, self.facing.rect)
        return [self.facing.rect.copy()]
