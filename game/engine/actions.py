"""Actions a player can take, as a msgspec tagged union so records encode them by name."""
from __future__ import annotations

import msgspec


class PlaceTrack(msgspec.Struct, tag="place", frozen=True, forbid_unknown_fields=True):
    """Place a token of ``line`` on ``connection``.

    Whether two branch tiles are spent is not the player's to say: a connection touching an end of
    the line is free, one touching any other station of the line costs two tiles.
    """

    line: int
    connection: int


class TakeBranch(msgspec.Struct, tag="branch", frozen=True, forbid_unknown_fields=True):
    pass


class ChooseRoute(msgspec.Struct, tag="route", frozen=True, forbid_unknown_fields=True):
    """Pick one of the pending passenger outcomes (``state.options``)."""

    option: int


class ChooseReward(msgspec.Struct, tag="reward", frozen=True, forbid_unknown_fields=True):
    """Paris: the terminus reward asked in the "reward" phase: "points" (2 points), "point_and_tile"
    (1 point and 1 Branch tile) or "tiles" (2 Branch tiles); the map's [paris].terminus_rewards gives the numbers."""

    choice: str


class CompleteSet(msgspec.Struct, tag="complete_set", frozen=True, forbid_unknown_fields=True):
    """Paris: in the "complete_set" phase, return 2 Branch tiles per missing landmark type and score the set
    (``complete=True``), or keep the tiles (``False``)."""

    complete: bool


class Undo(msgspec.Struct, tag="undo", frozen=True, forbid_unknown_fields=True):
    """Take back the last action of the current turn, allowed until the passenger moves."""


Action = PlaceTrack | TakeBranch | ChooseRoute | ChooseReward | CompleteSet | Undo
CHOICE_ACTIONS = (ChooseReward, CompleteSet)  # answers to a city's choice phase (Paris)


class Words(str):
    """A message in English that keeps its template and values, so a screen can say it in the player's language
    (game/i18n.py ``refusal_text``); everywhere else it is the plain English string."""

    template: str
    params: dict

    def __new__(cls, template: str, **params) -> "Words":
        w = super().__new__(cls, template.format(**params))
        w.template = template
        w.params = params
        return w


class Plural(Words):
    """A count in words: English says ``singular`` for 1 and ``plural`` otherwise, a screen asks its language
    (``ngettext``); ``{n}`` in either is the count."""

    plural: str
    n: int

    def __new__(cls, singular: str, plural: str, n: int, **params) -> "Plural":
        params = dict(params, n=n)
        w = str.__new__(cls, (singular if n == 1 else plural).format(**params))
        w.template, w.plural, w.n, w.params = singular, plural, n, params
        return w

    def __getnewargs__(self):  # copies and pickles keep the count
        return self.template, self.plural, self.n


def ngettext(singular: str, plural: str, n: int, **params) -> Plural:
    """A :class:`Plural`; named like gettext's function so that ``make translations`` extracts both forms."""
    return Plural(singular, plural, n, **params)


class WordList(str):
    """Words joined by ``sep`` (punctuation only), each said in the screen's language; ``kind`` names what plain
    strings are (``"colour"``: translated as colour names; ``""``: names, kept as they are)."""

    parts: tuple
    sep: str
    kind: str

    def __new__(cls, parts, sep: str = ", ", kind: str = "") -> "WordList":
        parts = tuple(parts)
        w = super().__new__(cls, sep.join(parts))
        w.parts, w.sep, w.kind = parts, sep, kind
        return w

    def __getnewargs__(self):
        return self.parts, self.sep, self.kind


class IllegalAction(ValueError):
    """An action the rules forbid; the message says why in the game's own words (often a :class:`Words`)."""


def describe(action: Action, board=None, state=None) -> str:
    if isinstance(action, PlaceTrack):
        ok_conn = board is not None and 0 <= action.connection < len(board.connections)
        where = board.conn_name(action.connection) if ok_conn else f"connection {action.connection}"
        ok_line = state is not None and 0 <= action.line < len(state.lines)
        colour = state.lines[action.line].colour if ok_line else f"line {action.line}"
        return f"place {colour} on {where}"
    if isinstance(action, TakeBranch):
        return "take a branch tile"
    if isinstance(action, ChooseRoute):
        return f"choose route {action.option}"
    if isinstance(action, ChooseReward):
        return {"points": "terminus reward: 2 points", "point_and_tile": "terminus reward: 1 point and 1 branch tile",
                "tiles": "terminus reward: 2 branch tiles"}.get(action.choice, f"terminus reward {action.choice!r}")
    if isinstance(action, CompleteSet):
        return "complete the landmark set with branch tiles" if action.complete else "keep the branch tiles"
    return "undo"
