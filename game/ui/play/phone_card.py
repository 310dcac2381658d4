"""A seat's phone card: its QR code and what the table decides about the seat's phone, facing that seat.

Opened from the seat panel's Phone button or the game menu's Phone (any seat, any time) and by itself when a
phone asks for a seat. It shows the seat's code (or the spectators'), the table's address, and per the seat's
phone: Keep / Refuse a phone that asked; Take the seat back or Hand it to a computer (a phone that is kept or
gone, or a computer's seat that a person takes over; the level on play/level_card.py); whether the seat plays
from its phone. Built on the game menu's card (same placing, turning and buttons); like the menu it pauses the
table while it is open.
"""
from __future__ import annotations

import pygame

from ...companion import ASKING, GONE, KEPT, qr
from ...i18n import N_, _
from .. import theme as th
from .level_card import LevelCard
from .menu import GameMenu, _fit

KEEP, REFUSE, TAKE_BACK, TO_COMPUTER, REMOTE, SPECTATORS, SEAT_CODE, CLOSE = (
    "keep", "refuse", "take_back", "to_computer", "remote", "spectators", "seat_code", "close")
LABELS = {KEEP: N_("Keep this phone"), REFUSE: N_("Refuse it"), TAKE_BACK: N_("Take the seat back at the table"),
          TO_COMPUTER: N_("Hand the seat to a computer"), SPECTATORS: N_("Code for spectators"),
          SEAT_CODE: N_("Code for this seat"), CLOSE: N_("Close")}
REMOTE_LABELS = (N_("Plays at the table (phone shows the hand)"), N_("Plays from the phone"))
STATUS = {ASKING: N_("A phone asked for this seat. Keep it only if it is this player's."),
          KEPT: N_("This seat's hand is on a phone."), GONE: N_("The phone has disconnected; it may come back."),
          "none": N_("Scan with the phone's camera to hold this seat's hand there.")}
QR_MODULE = 7  # design px per module at 1080p
_QR_CACHE: dict = {}


def qr_surface(url: str, module_px: int) -> pygame.Surface:
    """The QR code for ``url`` as a picture, ``module_px`` per module, dark on white with its quiet zone."""
    key = (url, module_px)
    surf = _QR_CACHE.get(key)
    if surf is None:
        rows = qr.modules(url)
        n = len(rows)
        small = pygame.Surface((n, n))
        small.fill((255, 255, 255))
        for y, row in enumerate(rows):
            for x, dark in enumerate(row):
                if dark:
                    small.set_at((x, y), (0, 0, 0))
        surf = pygame.transform.scale(small, (n * module_px, n * module_px))  # nearest neighbour: sharp modules
        _QR_CACHE.clear()
        _QR_CACHE[key] = surf
    return surf


class PhoneCard(GameMenu):
    def __init__(self, app, play, seat: int):
        super().__init__(app, play, seat)
        self.spectators = False  # showing the spectators' code instead of the seat's

    @property
    def phones(self):
        return self.play.phones

    @property
    def status(self) -> str:
        return self.phones.companion.phone(self.seat)

    def url(self) -> str:
        c = self.phones.companion
        return c.spectator_url() if self.spectators else c.seat_url(self.seat)

    def _rows(self) -> list[str]:
        status = self.status
        if status == ASKING:
            return [KEEP, REFUSE, CLOSE]
        rows = [] if self.play.seats[self.seat].computer else [REMOTE]
        if status in (KEPT, GONE) or self.play.seats[self.seat].computer:
            rows += [TAKE_BACK]
        if not self.play.seats[self.seat].computer:
            rows += [TO_COMPUTER]
        return rows + [SEAT_CODE if self.spectators else SPECTATORS, CLOSE]

    def _shows_code(self) -> bool:
        return self.spectators or self.status not in (ASKING, KEPT)

    def _head_height(self, w: int, pad: int) -> int:
        p = self.app.px
        code = qr_surface(self.url(), p(QR_MODULE)).get_height() + p(16) if self._shows_code() else 0
        return p(70) + p(34) * 3 + code

    def _draw_head(self, surf: pygame.Surface, w: int, pad: int) -> None:
        t, p, fonts = self.play.theme, self.app.px, self.play.fonts
        f_head = fonts.get(p(34), True)
        name = self.play.state.players[self.seat].name
        head = _("Spectators") if self.spectators else _("Phone · {player}").format(player=name)
        surf.blit(f_head.render(_fit(f_head, head, w - 2 * pad), True, t.ink), (pad, pad))
        f = fonts.get(p(24))
        y = pad + p(62)
        lines = [_(STATUS[self.status if self.status in STATUS else "none"]) if not self.spectators else
                 _("Anyone may watch: the board, the scores and the log; no one's secrets."),
                 _("Table address: {address}").format(address=self.phones.companion.address())]
        for line in lines:
            for part in th.wrap(f, line, max(1, w - 2 * pad))[:2]:
                surf.blit(f.render(part, True, t.muted), (pad, y))
                y += p(34)
        if self._shows_code():
            code = qr_surface(self.url(), p(QR_MODULE))
            surf.blit(code, code.get_rect(midtop=(w // 2, pad + p(70) + p(34) * 3)))

    def _label(self, name: str) -> str:
        if name == REMOTE:
            return _(REMOTE_LABELS[bool(self.play.seats[self.seat].phone)])
        return _(LABELS[name])

    def _style(self, name: str) -> tuple[bool, bool]:
        return name in (KEEP, CLOSE), name in (REFUSE, TO_COMPUTER)

    def update(self, dt: float) -> None:
        status = self.status  # a phone may join or drop while the card is open
        if status != getattr(self, "_seen", None):
            self._seen = status
            self._card = None
            self.dirty = True

    def back(self) -> None:
        self.choose(CLOSE)

    def choose(self, name: str) -> None:
        phones = self.phones
        if name == KEEP:
            phones.companion.keep(self.seat)
        elif name == REFUSE:
            phones.companion.refuse(self.seat)
        elif name == TAKE_BACK:
            phones.take_back(self.seat)
        elif name == TO_COMPUTER:  # which computer: the set-up's levels, facing the seat (play/level_card.py)
            self._close()
            self.app.push(LevelCard(self.app, self.play, self.seat))
            return
        elif name == REMOTE:
            phones.set_remote(self.seat, not self.play.seats[self.seat].phone)
            self._card = None
            self.dirty = True
            return
        elif name in (SPECTATORS, SEAT_CODE):
            self.spectators = name == SPECTATORS
            self._card = None
            self.dirty = True
            return
        self._close()
