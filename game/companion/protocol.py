"""The WebSocket messages between the table and a phone, as msgspec structs sent as JSON.

Every message is one JSON object with a ``type``. A phone sends ``hello`` (its link's token, and the device
key the table gave it when the phone was kept), ``act`` (an engine action, encoded as records encode it, and the
state version it was chosen on) and ``ping``. The table sends ``welcome`` (who the phone is, the board to draw,
the page's words), ``state`` (what that seat may see: :mod:`game.companion.views`), ``kept`` (the table accepted
this phone; its device key), ``turn`` (the seat's turn begins), ``error`` (a clear sentence) and ``pong``.
"""
from __future__ import annotations

import msgspec

from ..engine.actions import Action

# ---- phone -> table ---------------------------------------------------------------------------------


class Hello(msgspec.Struct, tag="hello", frozen=True, forbid_unknown_fields=True):
    token: str
    device: str = ""  # the key ``kept`` gave this phone earlier: a reconnect needs no new approval


class Act(msgspec.Struct, tag="act", frozen=True, forbid_unknown_fields=True):
    """One of the seat's legal actions, chosen on the position of state ``version``."""

    version: int
    action: Action


class Ping(msgspec.Struct, tag="ping", frozen=True, forbid_unknown_fields=True):
    pass


ClientMessage = Hello | Act | Ping
CLIENT_TYPES = ("hello", "act", "ping")

# ---- table -> phone ---------------------------------------------------------------------------------


class StationView(msgspec.Struct, array_like=True):
    name: str
    x: float
    y: float
    kinds: list[str]


class ConnectionView(msgspec.Struct, array_like=True):
    a: int
    b: int
    spaces: int
    bends: list[tuple[float, float]]


class BoardView(msgspec.Struct):
    """The map as the phone draws it (stations, connections, line colours); public, sent once."""

    name: str
    city: str
    width: float
    height: float
    stations: list[StationView]
    connections: list[ConnectionView]
    colours: dict[str, str]  # line colour name -> CSS colour


class Welcome(msgspec.Struct, tag="welcome"):
    role: str  # "seat" | "spectator"
    seat: int  # -1 for a spectator
    kept: bool  # a seat's phone: the table has accepted it (until then it sees nothing of the seat)
    language: str
    words: dict[str, str]  # the page's words in the table's language
    board: BoardView


class Kept(msgspec.Struct, tag="kept"):
    """The table kept this phone: ``device`` lets it reconnect without asking again (kept on the phone)."""

    device: str


class TurnNotice(msgspec.Struct, tag="turn"):
    seat: int
    turn: int  # 1-based, as the table counts


class Error(msgspec.Struct, tag="error"):
    code: str  # machine-readable: bad_json, too_big, unknown_type, bad_message, bad_token, not_kept, refused,
    # not_remote, not_your_turn, stale, illegal, rate, too_many, hello_first, wrong_seat, replaced, new_game,
    # spectator, game_over, no_game (words.ERROR_WORDS)
    text: str  # what the phone shows, in the table's language


class Pong(msgspec.Struct, tag="pong"):
    pass


def encode(message) -> bytes:
    return msgspec.json.encode(message)


_decoder = msgspec.json.Decoder(ClientMessage)


class BadMessage(ValueError):
    """A phone's message that is not one of ours; ``code`` as in :class:`Error`, ``values`` for its words."""

    def __init__(self, code: str, text: str, **values):
        super().__init__(text)
        self.code = code
        self.values = values or {"why": text}


def decode(data: str | bytes) -> Hello | Act | Ping:
    """A phone's message, or BadMessage saying what is wrong with it (never anything else)."""
    try:
        return _decoder.decode(data)
    except msgspec.DecodeError as exc:
        # the JSON itself is broken, or the object is not a known message type
        try:
            raw = msgspec.json.decode(data)
        except msgspec.DecodeError:
            raise BadMessage("bad_json", str(exc)) from None
        kind = raw.get("type") if isinstance(raw, dict) else None
        if not isinstance(raw, dict) or kind is None:
            raise BadMessage("bad_message", "a message is a JSON object with a \"type\"") from None
        if kind not in CLIENT_TYPES:
            shown = str(kind)[:40]
            raise BadMessage("unknown_type", f"unknown message type {shown!r}; one of {', '.join(CLIENT_TYPES)}",
                             kind=shown) from None
        raise BadMessage("bad_message", f"malformed {kind!r} message: {exc}") from None


class LineView(msgspec.Struct):
    line: int
    colour: str
    tokens_left: int


class PlayerView(msgspec.Struct):
    name: str
    score: int
    branch_tiles: int
    points: dict[str, int]  # score by category
    landmarks: dict[str, int]  # Berlin/Paris landmark tiles in hand, by type
    lines: list[LineView]
    phone: str  # "none" | "asking" | "kept" | "gone" (the table's word for this seat's phone)
    remote: bool  # the seat plays from its phone


class ObjectiveView(msgspec.Struct):
    """One of the receiving seat's own Paris objective cards (never another seat's)."""

    card: int
    points: int
    stations: list[int]
    met_by: list[int]  # the seat's lines connected to all three stations


class RouteView(msgspec.Struct):
    option: int
    destination: int
    lines: list[int]


class ChoiceView(msgspec.Struct):
    kind: str  # "reward" | "complete_set"
    player: int
    station: int
    cost: int = 0  # complete_set: branch tiles it returns


class LogLine(msgspec.Struct, array_like=True):
    turn: int
    player: int
    text: str


class TableState(msgspec.Struct, tag="state"):
    """What one phone may see of the table: built from ``public_view`` of its seat (views.py)."""

    version: int
    seat: int  # the receiving seat; -1 for a spectator
    turn: int  # 1-based
    current: int  # whose turn
    actor: int  # who must act now (the current player, or the player a Paris choice asks)
    phase: str
    actions_left: int
    players: list[PlayerView]
    tokens: list[list[int]]  # per connection: the lines on its track spaces
    face_up: list[int]
    passenger: int  # a station, or -1
    deck_left: int
    landmarks: list[tuple[int, str, int]]  # (station, type, tiles left) on the board (public, face up)
    choice: ChoiceView | None
    routes: list[RouteView]
    legal: list[Action]  # the receiving seat's actions now (empty unless it may act from the phone)
    can_undo: bool
    objectives: list[ObjectiveView]  # the receiving seat's own; [] for a spectator
    log: list[LogLine]
    over: bool
    winners: list[int]
