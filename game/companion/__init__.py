"""Phones at the table (docs/phones.md): a seat's private hand, remote seats and spectators over the local network.

An aiohttp server in a thread beside the game loop (:class:`~game.companion.server.Companion`; its sockets in
hub.py), the pages it serves (``static/``), and the filter that decides what each phone may see
(:mod:`game.companion.views`). Nothing here imports pygame: the table (game/ui) uses it through
:class:`Companion`'s thread-safe methods.
"""
from .network import NetworkError
from .seats import ASKING, GONE, KEPT, NONE

# The server and its sockets (aiohttp, ~0.15 s to import) load when first asked for, not with the play screen:
# a table without phones never needs them (docs/bench.md, start_game_s).
_LAZY = {"Companion": ".server", "PhoneAction": ".hub"}


def __getattr__(name: str):
    if name in _LAZY:
        import importlib

        value = getattr(importlib.import_module(_LAZY[name], __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["ASKING", "GONE", "KEPT", "NONE", "Companion", "NetworkError", "PhoneAction"]
