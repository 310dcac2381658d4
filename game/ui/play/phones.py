"""Phones at the table, the play screen's side (docs/phones.md; the server is game/companion).

:class:`TablePhones` joins one play screen to the app's :class:`~game.companion.Companion`: fresh codes for every
new game, the position published after every change, a phone's action applied through ``PlayScene.act`` (so the
table shows it, sounds it and autosaves it as a touch), the seats' phones on their panels, and the hand-offs
(take a seat back, hand it to a computer). A phone that asks for a seat opens that seat's phone card
(play/phone_card.py) so the table keeps or refuses it.
"""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from ...companion import ASKING, GONE, KEPT, NetworkError
from ...engine import PlaceTrack
from ...i18n import N_, _, current_language

if TYPE_CHECKING:  # pragma: no cover - the server (aiohttp) loads when phones are first used
    from ...companion import Companion

log = logging.getLogger("underground.ui.phones")

NOTES = {ASKING: (N_("phone joined — keep / refuse"), "bad"), KEPT: (N_("hand on a phone"), "accent"),
         GONE: (N_("phone disconnected"), "bad")}
COMPUTER_LEVEL = "normal"  # a seat handed to a computer plays at this level


def phones_allowed(app) -> bool:
    """Whether a game may have phones at all: anywhere but on a kiosk whose operator has not enabled them
    (kiosk.toml ``phones = true``)."""
    if getattr(app, "kiosk_mode", False):
        kiosk = getattr(app, "kiosk", None)
        return bool(kiosk is not None and getattr(kiosk.config, "phones", False))
    return True


def phones_enabled(app) -> bool:
    """Phones by default for a new game: Settings says so; on a kiosk only its operator's config."""
    if getattr(app, "kiosk_mode", False):
        return phones_allowed(app)
    settings = getattr(app, "settings", None)
    return bool(settings is not None and settings.preferences().phones)


def companion_for(app) -> Companion | None:
    """The app's phones server, started on first use; None when it cannot listen (logged, and kept in
    ``app.phones_problem`` for the table to say)."""
    comp = getattr(app, "companion", None)
    if comp is not None and comp.running:
        return comp
    from ...companion import Companion  # aiohttp loads only when a game has phones (the start-up's wait)

    prefs = app.settings.preferences()
    try:
        comp = Companion(host=prefs.phones_host, port=prefs.phones_port).start()
    except NetworkError as exc:
        log.warning("%s", exc)
        app.phones_problem = str(exc)
        return None
    log.info("phones: listening on %s", comp.address())
    app.companion = comp
    return comp


class TablePhones:
    """The phones of the game on one play screen."""

    def __init__(self, scene, companion: Companion):
        self.scene = scene
        self.companion = companion
        n = scene.state.n_players
        companion.new_game(n, [bool(s.phone) for s in scene.seats])
        self.status = [companion.phone(i) for i in range(n)]
        self._published: tuple | None = None
        self.applied = 0  # phone actions applied on this table

    @classmethod
    def attach(cls, scene, wanted: bool | None = None) -> "TablePhones | None":
        """The game's phones when it has them: ``wanted`` is the set-up's switch for this game (None: as Settings
        say, or on when a seat plays from a phone, as a game continued from a save); never where phones are not
        allowed, nor on a table that plays no game of its own (a replay, the kiosk's demo). A game without phones
        closes a server an earlier game left running, and every phone with it; its seats play at the table."""
        app = scene.app
        if wanted is None:
            wanted = phones_enabled(app) or any(s.phone and not s.computer for s in scene.seats)
        wanted = wanted and scene.drive_computers
        companion = companion_for(app) if wanted and phones_allowed(app) else None
        if companion is not None:
            return cls(scene, companion)
        running = getattr(app, "companion", None)
        if not wanted and scene.drive_computers and running is not None:
            running.stop()
            app.companion = None
        for seat in scene.seats:
            seat.phone = False
        return None

    def open_card(self, seat: int) -> None:
        """The seat panel's Phone button: the seat's phone card (play/phone_card.py), facing it."""
        from .phone_card import PhoneCard

        self.scene.gestures.clear()
        self.scene.app.push(PhoneCard(self.scene.app, self.scene, seat))

    # ---- every frame ------------------------------------------------------------------------------
    def update(self) -> None:
        sc = self.scene
        key = (sc.turns.version, current_language())
        if key != self._published:
            self._published = key
            self.companion.publish(sc.state, key[1])
        status = [self.companion.phone(i) for i in range(len(self.status))]
        if status != self.status:
            asked = [i for i, s in enumerate(status) if s == ASKING and self.status[i] != ASKING]
            self.status = status
            sc.seat_buttons()  # a seat whose hand is on a phone shows no secret cards at the table
            sc._invalidate()
            if asked and sc.app.top is sc:
                self.open_card(asked[0])
        if not sc.blocking and sc.state.phase != "over":
            if self.companion.apply_next(sc.state, self._act):
                self.applied += 1

    def _act(self, action) -> None:
        sc = self.scene
        at = sc.board_view.conn_point(action.connection) if isinstance(action, PlaceTrack) else None
        sc.act(action, at)

    # ---- what the panels say ----------------------------------------------------------------------
    def has_phone(self, seat: int) -> bool:
        """The seat's hand is on a phone (even while it reconnects): the table no longer shows its secrets."""
        return self.status[seat] in (KEPT, GONE) if seat < len(self.status) else False

    def note(self, seat: int) -> tuple[str, str] | None:
        """The seat panel's note about its phone, as (text, style)."""
        text_style = NOTES.get(self.status[seat]) if seat < len(self.status) else None
        if text_style is None:
            return None
        return _(text_style[0]), text_style[1]

    # ---- hand-offs ----------------------------------------------------------------------------------
    def set_remote(self, seat: int, remote: bool) -> None:
        """Whether the seat plays from its phone (its kept phone may act) or at the table."""
        self.scene.seats[seat].phone = bool(remote)
        self.companion.set_remote(seat, remote)
        self.scene._invalidate()

    def take_back(self, seat: int) -> None:
        """A person at the table takes the seat (play/handoff.py): its phone is closed and its code changes."""
        from .handoff import take_seat

        take_seat(self.scene, seat)

    def to_computer(self, seat: int, level: str = COMPUTER_LEVEL) -> None:
        """The seat's player leaves: a computer plays on for it (play/handoff.py); its phone is closed."""
        from .handoff import to_computer

        to_computer(self.scene, seat, COMPUTER_LEVEL if level == "random" else level)

    def released(self, seat: int) -> None:
        """The seat changed hands at the table (play/handoff.py): its phone is closed and its code changes, so a
        phone that held it must scan anew."""
        self.companion.set_remote(seat, False)
        self.companion.claim_anew(seat)
        self._changed()

    def _changed(self) -> None:
        self.status = [self.companion.phone(i) for i in range(len(self.status))]
        self.scene.seat_buttons()
        self.scene._invalidate()
