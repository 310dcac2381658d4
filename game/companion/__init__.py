"""Phones at the table (docs/phones.md): a seat's private hand, remote seats and spectators over the local network.

An aiohttp server in a thread beside the game loop (:class:`~game.companion.server.Companion`; its sockets in
hub.py), the pages it serves (``static/``), and the filter that decides what each phone may see
(:mod:`game.companion.views`). Nothing here imports pygame: the table (game/ui) uses it through
:class:`Companion`'s thread-safe methods.
"""
from .hub import PhoneAction
from .network import NetworkError
from .seats import ASKING, GONE, KEPT, NONE
from .server import Companion

__all__ = ["ASKING", "GONE", "KEPT", "NONE", "Companion", "NetworkError", "PhoneAction"]
