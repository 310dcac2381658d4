"""A seat's secret cards (Paris objectives) at a shared table, guarded as a real table guards them.

At a table anyone can reach any panel, so the screen cannot know whose finger is on a button. What it can
do is what the cardboard does: the cards open only while a finger holds their owner's button, small and
facing that seat (the hand shields them); a tap opens nothing and says how to look; the same seat's cards
stay shut for a moment after they close (a rate limit on quick peeks); and every opening is told to the
whole table without the content, so a neighbour reaching over to another's panel is seen by everyone, as
a hand on someone else's cards would be. A computer seat has no button at all (``PlayScene`` decides).
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from ...i18n import _
from .. import textfit
from ..seats import EDGE_ROTATION

HOLD_S = 0.35  # a press this long opens the cards; a shorter one is a tap and explains instead
REST_S = 2.0  # after a seat's cards close they stay shut this long, however they are held
PEEK_NOTICE_S = 2.5  # "X's secret cards were looked at": told to every seat, shorter than other notices


@dataclass
class _Press:
    seat: int
    held_s: float = 0.0
    opened: bool = False


class SecretPeek:
    """Which seat's cards are open now, and for which finger. ``step`` advances the clock and answers the
    seats whose cards opened in it (the scene tells the table); ``release`` answers the seat a tap was on."""

    def __init__(self, n_seats: int):
        self.presses: dict[int, _Press] = {}  # pointer id -> its press on a cards button
        self.rest: dict[int, float] = {}  # seat -> seconds before its cards may open again
        self.openings = [0] * n_seats  # how many times each seat's cards were opened (told to the table)

    @property
    def held(self) -> dict[int, int]:
        """Seat -> the pointer holding its cards open now."""
        return {p.seat: pid for pid, p in self.presses.items() if p.opened}

    def press(self, seat: int, pid: int) -> None:
        self.presses[pid] = _Press(seat)

    def release(self, pid: int) -> int | None:
        """The finger ``pid`` lifted (or was cancelled): its seat's cards close. Answers the seat when the
        press was too short to open them (a tap), else None."""
        p = self.presses.pop(pid, None)
        if p is None:
            return None
        if p.opened and not any(q.seat == p.seat and q.opened for q in self.presses.values()):
            self.rest[p.seat] = REST_S
        return None if p.opened or p.held_s >= HOLD_S else p.seat

    def step(self, dt: float) -> list[int]:
        for seat in list(self.rest):
            self.rest[seat] -= dt
            if self.rest[seat] <= 0:
                del self.rest[seat]
        opened = []
        open_now = set(self.held)
        for p in self.presses.values():
            p.held_s += dt
            if p.opened or p.held_s < HOLD_S or p.seat in self.rest:
                continue
            p.opened = True
            if p.seat not in open_now:  # a second finger on already open cards is no new opening
                open_now.add(p.seat)
                self.openings[p.seat] += 1
                opened.append(p.seat)
        return opened

    def clear(self) -> None:
        self.presses.clear()


class SecretCards:
    """The play screen's side of the secret cards: the presses (``peek``), telling the table of each look,
    the pictures facing their seats, and ``drawn``: whose cards the last frame drew, turned how, where (what
    the tests check from the outside, as ``BoardView.drawn_items`` for the board)."""

    def __init__(self, scene):
        self.scene = scene
        self.peek = SecretPeek(scene.state.n_players)
        self.drawn: list[tuple[int, int, pygame.Rect]] = []
        self._pictures: dict = {}
        self._told: list[str] = []  # looks waiting for the notice before them to end

    def update(self, dt: float) -> None:
        scene = self.scene
        if self.peek.presses or self.peek.rest:
            for seat in self.peek.step(dt):
                self._told.append(_("{player}'s secret cards were looked at").format(
                    player=scene.state.players[seat].name))
                scene.dirty = True
        if self._told and not scene.anim.notices:
            scene.notice(self._told.pop(0), PEEK_NOTICE_S)

    def explain(self, seat: int) -> None:
        """A tap on the cards button: how to look, facing that seat, beside the button."""
        scene = self.scene
        at = scene.point_for_button(seat, "secret") or scene.panels[seat].rect.center
        scene.anim.toast(_("Press and hold to look — shield it with your hand."), at[0], at[1],
                         EDGE_ROTATION.get(scene.panels[seat].edge, 0), colour=scene.theme.accent)
        scene.dirty = True

    def rect(self, seat: int) -> tuple[pygame.Surface, pygame.Rect] | None:
        """Seat ``seat``'s cards as shown while its button is held: the picture turned to face the seat and
        where it goes, just beyond the finger on the button (the hand covers it from the others). None when
        the seat has no such button."""
        scene = self.scene
        panel = scene.panels[seat]
        r = panel.controls.get("secret")
        if r is None:
            return None
        k = scene.app.scale
        key = (seat, k, panel.rotation)
        got = self._pictures.get(key)
        if got is None:
            img = scene.board_view.city.secret_cards_picture(scene.state, scene.board, seat, scene.fonts, k)
            if img is None:
                return None
            turned = pygame.transform.rotate(img, panel.rotation) if panel.rotation else img
            got = self._pictures[key] = (turned, img.get_size())
        turned, (w, h) = got
        gap = max(4, round(8 * k))
        left = max(0, min(r.right - w, panel.upright_size[0] - w))
        corners = [panel.to_screen(left, -gap - h), panel.to_screen(left + w, -gap)]
        box = pygame.Rect(round(min(c[0] for c in corners)), round(min(c[1] for c in corners)),
                          turned.get_width(), turned.get_height())
        W, H = scene.app.size
        what = _("SECRET OBJECTIVE")  # a picture larger than the screen is cut, words and all
        textfit.check(what, W, box.w, "secret cards width")
        textfit.check(what, H, box.h, "secret cards height")
        box.clamp_ip(pygame.Rect(0, 0, W, H))
        return turned, box

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """The cards of every seat whose button is held open now, and only those."""
        out = []
        self.drawn = []
        for seat in sorted(self.peek.held):
            got = self.rect(seat)
            if got is not None:
                surface.blit(got[0], got[1])
                out.append(got[1])
                self.drawn.append((seat, self.scene.panels[seat].rotation, got[1].copy()))
        return out
