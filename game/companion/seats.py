"""The codes and phones of the game on the table: shared by the game thread and the phones' server thread.

Everything here is read and changed under ``TableSeats.lock`` only, and briefly: neither thread ever waits long
for the other.
"""
from __future__ import annotations

import secrets
import threading

NONE, ASKING, KEPT, GONE = "none", "asking", "kept", "gone"  # a seat's phone, as its panel says it


def new_token() -> str:
    """A fresh secret for a link (seat or spectators) or a phone's device key."""
    return secrets.token_urlsafe(24)


class TableSeats:
    """One token per seat and one for spectators; per seat whether it plays from its phone (``remote``), its
    phone (NONE, ASKING, KEPT, GONE) and the kept phone's device key; the version of the position phones act on
    and the table's language."""

    def __init__(self):
        self.lock = threading.Lock()
        self.tokens: list[str] = []
        self.spectator = ""
        self.remote: list[bool] = []
        self.phones: list[str] = []
        self.devices: list[str] = []
        self.version = 0
        self.language = "en"

    def new_game(self, n_seats: int, remote: list[bool] | None = None) -> None:
        remote = list(remote or [])
        with self.lock:
            self.tokens = [new_token() for _ in range(n_seats)]
            self.spectator = new_token()
            self.remote = [bool(r) for r in remote[:n_seats]] + [False] * max(0, n_seats - len(remote))
            self.phones = [NONE] * n_seats
            self.devices = [""] * n_seats

    def renew(self, seat: int, forget_phone: bool = False) -> None:
        """A new code for the seat; ``forget_phone``: its kept phone's key is void and it has no phone."""
        with self.lock:
            self.tokens[seat] = new_token()
            if forget_phone:
                self.devices[seat] = ""
                self.phones[seat] = NONE

    def phone(self, seat: int) -> str:
        with self.lock:
            return self.phones[seat] if seat < len(self.phones) else NONE

    def lookup(self, token: str, device: str) -> tuple[int | None, bool, bool]:
        """(the seat whose token it is, or None; a spectators' token; the device key is that seat's kept one)."""
        with self.lock:
            seat = self.tokens.index(token) if token in self.tokens else None
            spectator = bool(self.spectator) and secrets.compare_digest(token, self.spectator)
            device_ok = (seat is not None and bool(self.devices[seat])
                         and secrets.compare_digest(device, self.devices[seat]))
        return seat, spectator, device_ok
