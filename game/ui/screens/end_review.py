"""The end screen's game review: for each person at the table (computer seats get none), the three turns that
cost them most by the expert's estimate (ai/review.py), each on a small board — what was played (solid) and what
the expert would have played (dashed) — with the estimated cost in final points and why, in the game's words
(review_words.py). Tapping a board replays that position in the viewer; "Try again from here" starts a
practice game there (screens/practice.py). The review was worked out during the game in a background process
(ai/review_worker.py, via ``app.review``); while it is not in yet this shows how far it has come and fills in.

A part of EndScene (end.py), which supplies ``self.state``, ``self.seats``, ``self.app``, ``self.R``,
``self.text``, ``self.button`` and ``self.label``.
"""
from __future__ import annotations

import random

import pygame

from ...engine import record as rec_mod
from ...engine.rules import apply, board_of, start
from ...i18n import _, ngettext
from ..theme import line_outline, line_rgb, wrap
from . import make_screen, open_screen
from .review_words import cost_words, turn_words, why_words

CARD_X, CARD_Y, CARD_W, CARD_H, CARD_GAP = 40, 190, 600, 860, 20  # design px at 1080p
BOARD_H = 360
PLAYED_RING = (22, 30, 52)  # rings round the played turn's tokens (ink) and the expert's (the glow's yellow, dashed)
EXPERT_RING = (230, 150, 0)


class GameReview:
    """The review view of the end screen (``self.view == "review"``)."""

    review_seat: int | None = None
    _review_boards: dict | None = None
    _review_before: dict | None = None
    _review_seen = -1
    _show_chances: bool | None = None

    @property
    def show_chances(self) -> bool:
        """The win-chance setting (Settings; off by default): the chart shows the chances too."""
        if self._show_chances is None:
            try:
                self._show_chances = bool(self.app.settings.preferences().win_chance)
            except Exception:  # noqa: BLE001 - a preferences file that does not read: the default, off
                self._show_chances = False
        return self._show_chances

    # ---- model ----------------------------------------------------------------------------------
    def reviewer(self):
        """The background review of this game, if one ran (not for practice games shown elsewhere, the kiosk)."""
        r = getattr(self.app, "review", None)
        return r if r is not None and r.for_game(self.state) else None

    def chance_history(self) -> list[list[float]]:
        """The win chances after every turn, when the win-chance bar was on for this game."""
        r = self.reviewer()
        if r is None or not self.show_chances:
            return []
        return r.chance_history(self.state.n_players)

    def review_people(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if not s.computer and i < self.state.n_players]

    def has_review(self) -> bool:
        return self.reviewer() is not None and bool(self.review_people())

    def reviewed(self, seat: int) -> list[dict]:
        from ...ai.review import mistakes

        r = self.reviewer()
        return mistakes(r.decisions, seat) if r is not None else []

    def position_before(self, step: int):
        """The position before action ``step`` of this game (replayed once per card)."""
        if self._review_before is None:
            self._review_before = {}
        if step not in self._review_before:
            st = start(self.state.setup)
            for a in self.state.log[:step]:
                apply(st, a)
            self._review_before[step] = st
        return self._review_before[step]

    # ---- actions --------------------------------------------------------------------------------
    def show_review(self) -> None:
        if self.guarded():
            return
        people = self.review_people()
        if self.review_seat not in people:
            self.review_seat = people[0] if people else None
        self.view = "review"
        self.refresh()

    def pick_review_seat(self, seat: int) -> None:
        self.review_seat = seat
        self._review_boards = None
        self.refresh()

    def replay_decision(self, d: dict) -> None:
        """The reviewed position in the replay viewer, over this screen (Close comes back here)."""
        record = rec_mod.from_state(self.state)
        self.app.push(make_screen(self.app, "replay", record, list(self.seats), step=d["start"],
                                  on_close=self.app.pop, reveal=True))

    def try_again(self, d: dict) -> None:
        """A practice game from the reviewed position: the same seats, the unseen cards reshuffled."""
        from ...ai.review import practice_position

        seed = random.SystemRandom().randrange(2 ** 31)
        state = practice_position(self.state, d["start"], seed)
        open_screen(self.app, "practice", state, list(self.seats), practice_from=d["start"],
                    computer_speed=self.computer_speed)

    def review_poll(self) -> None:
        """Take in what the background review sent; show it when it changed."""
        r = self.reviewer()
        if r is None:
            return
        r.feed(self.state)
        r.poll()
        seen = (len(r.decisions), r.reviewed, r.ready)
        if seen != self._review_seen:
            self._review_seen = seen
            if self.view == "review":
                self._review_boards = None
                self.refresh()

    # ---- widgets --------------------------------------------------------------------------------
    def review_layout(self) -> None:
        R = self.R
        self.button("back_to_results", R(1530, 20, 350, 80), _("Back to results"), self.show_results,
                    object_id="#primary")
        people = self.review_people()
        for k, seat in enumerate(people):
            self.button(f"review_seat_{seat}", R(40 + k * 300, 110, 280, 64), self.state.players[seat].name,
                        lambda s=seat: self.pick_review_seat(s),
                        object_id="#selected" if seat == self.review_seat else None)
        if self.review_seat is None:
            return
        for k, d in enumerate(self.reviewed(self.review_seat)):
            x = CARD_X + k * (CARD_W + CARD_GAP)
            self.button(f"replay_{k}", R(x + 20, CARD_Y + CARD_H - 90, 250, 70), _("Replay"),
                        lambda d=d: self.replay_decision(d))
            self.button(f"again_{k}", R(x + 290, CARD_Y + CARD_H - 90, 290, 70), _("Try again from here"),
                        lambda d=d: self.try_again(d), object_id="#primary")

    def review_card_board(self, k: int) -> pygame.Rect:
        x = CARD_X + k * (CARD_W + CARD_GAP)
        return self.R(x + 12, CARD_Y + 60, CARD_W - 24, BOARD_H)

    def review_pointer_board(self, x: float, y: float) -> bool:
        """A tap on a card's board replays its position."""
        if self.review_seat is None:
            return False
        for k, d in enumerate(self.reviewed(self.review_seat)):
            if self.review_card_board(k).collidepoint(x, y):
                self.replay_decision(d)
                return True
        return False

    # ---- drawing --------------------------------------------------------------------------------
    def _draw_review(self, surface: pygame.Surface) -> None:
        th = self.app.theme
        px = self.app.px
        head = self.text(surface, _("Game review"), 44, self.R(40, 14, 0, 0).topleft, bold=True)
        self.text(surface, self.title(), 26, (head.right + px(24), head.bottom - px(6)), colour=th.muted,
                  anchor="bottomleft")
        r = self.reviewer()
        if r is None or self.review_seat is None:
            self.text(surface, _("No review for this game: only the turns of people are reviewed, during the game."),
                      30, self.R(960, 500, 0, 0).center, colour=th.muted, anchor="center")
            return
        if not r.ready:
            self._draw_progress(surface, r)
        found = self.reviewed(self.review_seat)
        if not found and r.ready:
            self.text(surface, _("No costly turn found: {name} played as the expert would, or close to it.").format(
                name=self.state.players[self.review_seat].name), 30, self.R(960, 500, 0, 0).center, anchor="center")
        if self._review_boards is None:
            self._review_boards = {}
        for k, d in enumerate(found):
            self._draw_card(surface, k, d)

    def _draw_progress(self, surface: pygame.Surface, r) -> None:
        th = self.app.theme
        px = self.app.px
        box = self.R(1000, 120, 500, 40)
        done, total = r.reviewed, max(r.to_review, 1)
        pygame.draw.rect(surface, th.panel_edge, box, max(1, px(2)), border_radius=px(8))
        fill = box.inflate(-px(6), -px(6))
        fill.w = round(fill.w * min(1.0, done / total))
        pygame.draw.rect(surface, th.accent, fill, border_radius=px(6))
        words = ngettext("Reviewing the game: {done} of {total} turn", "Reviewing the game: {done} of {total} turns",
                         r.to_review)
        self.text(surface, words.format(done=done, total=r.to_review),
                  22, (box.x, box.bottom + px(4)), colour=th.muted)

    def _draw_card(self, surface: pygame.Surface, k: int, d: dict) -> None:
        th = self.app.theme
        px = self.app.px
        x = CARD_X + k * (CARD_W + CARD_GAP)
        card = self.R(x, CARD_Y, CARD_W, CARD_H)
        pygame.draw.rect(surface, th.panel, card, border_radius=px(16))
        pygame.draw.rect(surface, th.panel_edge, card, max(1, px(2)), border_radius=px(16))
        self.text(surface, _("Turn {n}").format(n=d["turn"] + 1), 30, (card.x + px(20), card.y + px(14)), bold=True)
        self.text(surface, cost_words(d["cost"]), 28, (card.right - px(20), card.y + px(16)), colour=th.bad, anchor="topright", bold=True)
        before = self.position_before(d["start"])
        self._draw_small_board(surface, k, d, before)
        board = board_of(self.state)
        y = self.review_card_board(k).bottom + px(10)
        width = card.w - px(40)
        rows = [(why_words(board, before, d), True),
                (_("Expert: {what}").format(what=turn_words(board, before, d["expert"])), False),
                (_("You: {what}").format(what=turn_words(board, before, d["played"])), False)]
        limit = self.R(0, CARD_Y + CARD_H - 100, 0, 0).y
        for size in (22, 20, 18):  # the largest size at which every row fits; else the last rows are cut
            wrapped = [(self.app.fonts.get(px(size), bold, True), bold) for _t, bold in rows]
            lines = [wrap(font, text, width) for (font, _b), (text, _bb) in zip(wrapped, rows)]
            need = sum(len(ls) * f.get_linesize() + px(6) for ls, (f, _b) in zip(lines, wrapped))
            if y + need <= limit:
                break
        for ls, (font, _bold) in zip(lines, wrapped):
            for line in ls:
                if y + font.get_linesize() > limit:
                    break
                surface.blit(font.render(line, True, th.ink), (card.x + px(20), y))
                y += font.get_linesize()
            y += px(6)

    def _draw_small_board(self, surface: pygame.Surface, k: int, d: dict, before) -> None:
        """The position before the turn, the played track solid, the expert's dashed, zoomed onto both."""
        from ..board.view import BoardView

        th = self.app.theme
        rect = self.review_card_board(k)
        bv = self._review_boards.get(k)
        if bv is None or bv.rect != rect:
            bv = BoardView(board_of(self.state), rect, th, self.app.fonts, ui_scale=self.app.scale * 0.8)
            bv.connection_tiles = list(self.state.setup.connection_tiles)
            conns = [c for _li, c in d["played"]["placed"] + d["expert"]["placed"]]
            _focus(bv, conns)
            self._review_boards[k] = bv
        prev = surface.get_clip()
        surface.set_clip(rect)
        bv.draw(surface, before, key=("review", d["start"]), show_passenger=before.passenger >= 0)
        ring = max(8, round(bv.token_width() * 2.2))
        for li, c in d["expert"]["placed"]:
            _track(surface, bv, c, before.lines[li].colour, dashed=True)
            _ring(surface, bv.conn_point(c), ring, EXPERT_RING, dashed=True)
        for li, c in d["played"]["placed"]:
            _track(surface, bv, c, before.lines[li].colour, dashed=False)
            _ring(surface, bv.conn_point(c), ring, PLAYED_RING, dashed=False)
        surface.set_clip(prev)
        pygame.draw.rect(surface, th.panel_edge, rect, max(1, self.app.px(2)))
        self._draw_legend(surface, rect)

    def _draw_legend(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        px = self.app.px
        font = self.app.fonts.get(px(18), True, True)
        y = rect.bottom - px(26)
        x = rect.x + px(8)
        for label, dashed, colour in ((_("played"), False, PLAYED_RING), (_("expert"), True, EXPERT_RING)):
            img = font.render(label, True, (20, 24, 36))
            bg = pygame.Rect(x, y, px(44) + img.get_width() + px(10), px(22))
            pygame.draw.rect(surface, (255, 255, 255), bg, border_radius=px(6))
            _dash_line(surface, (x + px(4), y + px(11)), (x + px(38), y + px(11)), colour, px(4), dashed, px(6))
            surface.blit(img, (x + px(44), y + (px(22) - img.get_height()) // 2))
            x = bg.right + px(8)


def _focus(bv, conns: list[int]) -> None:
    """Zoom the small board onto the connections of the two turns (the whole board when there are none)."""
    pts = [bv.conn_point(c, t) for c in conns for t in (0.0, 1.0)]
    if not pts:
        return
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    box = pygame.Rect(min(xs), min(ys), max(1, max(xs) - min(xs)), max(1, max(ys) - min(ys)))
    factor = min(2.5, 0.7 * bv.rect.w / max(box.w, 1), 0.7 * bv.rect.h / max(box.h, 1))
    if factor > 1.05:
        bv.zoom_at(box.centerx, box.centery, factor)
    pts = [bv.conn_point(c, 0.5) for c in conns]
    cx = sum(p[0] for p in pts) / len(pts)
    cy = sum(p[1] for p in pts) / len(pts)
    bv.pan_by(bv.rect.centerx - cx, bv.rect.centery - cy)


def _ring(surface, centre, r: int, colour, dashed: bool) -> None:
    """A ring round a token of one of the two turns, so it is found on the whole board."""
    import math

    w = max(2, r // 5)
    if not dashed:
        pygame.draw.circle(surface, colour, (round(centre[0]), round(centre[1])), r, w)
        return
    for k in range(0, 12, 2):
        a0, a1 = k * math.pi / 6, (k + 1) * math.pi / 6
        rect = pygame.Rect(0, 0, 2 * r, 2 * r)
        rect.center = (round(centre[0]), round(centre[1]))
        pygame.draw.arc(surface, colour, rect, a0, a1, w)


def _dash_line(surface, a, b, colour, width: int, dashed: bool, dash: int) -> None:
    if not dashed:
        pygame.draw.line(surface, colour, a, b, width)
        return
    ax, ay = a
    bx, by = b
    length = max(1.0, ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5)
    n = max(1, int(length // dash))
    for i in range(0, n, 2):
        t0, t1 = i / n, min(1.0, (i + 1) / n)
        pygame.draw.line(surface, colour, (ax + (bx - ax) * t0, ay + (by - ay) * t0),
                         (ax + (bx - ax) * t1, ay + (by - ay) * t1), width)


def _track(surface, bv, conn: int, colour: str, dashed: bool) -> None:
    """One turn's token on a connection: solid for the played turn, dashed (with a white edge) for the expert's."""
    pts = [bv.conn_point(conn, t / 8) for t in range(9)]
    w = max(3, round(bv.token_width() * 0.9))
    edge = (255, 255, 255) if dashed else line_outline(colour)
    for i, (a, b) in enumerate(zip(pts, pts[1:])):
        if not (dashed and i % 2):
            pygame.draw.line(surface, edge, a, b, w + 4)
    for i, (a, b) in enumerate(zip(pts, pts[1:])):
        if not (dashed and i % 2):
            pygame.draw.line(surface, line_rgb(colour), a, b, w)
