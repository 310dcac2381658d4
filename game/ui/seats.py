"""Who sits where: the set-up choices the play screen needs besides the engine's Setup."""
from __future__ import annotations

import msgspec

EDGES = ("bottom", "top", "left", "right")
# Rotation (degrees, counter-clockwise as pygame.transform.rotate uses) that turns a panel drawn
# upright so that it reads correctly for a person sitting at that edge.
EDGE_ROTATION = {"bottom": 0, "top": 180, "left": 270, "right": 90}


class SeatConfig(msgspec.Struct):
    name: str
    edge: str = "bottom"  # one of EDGES; a fifth seat shares an edge
    computer: bool = False
    level: str = "random"  # computer level: "random", "easy", "normal", "hard"
    colours: list[str] = []  # line colours; empty = the RULES.md defaults for the player count
    phone: bool = False  # plays from a phone (docs/phones.md): its kept phone acts for it


class TableSetup(msgspec.Struct):
    """The whole set-up screen's choice; remembered between runs."""

    map: str = "london"
    seats: list[SeatConfig] = []
    start_player: int = 0
    seed: int | None = None
    variant: str = "standard"  # the engine's Setup.variant: "standard", or "classic" (first edition)
    computer_speed: str = "normal"  # pause between a computer's actions: a key of play.turns.COMPUTER_SPEEDS
    phones: bool | None = None  # phones at the table for this game (docs/phones.md); None: as Settings say


# Seat arrangements the set-up screen offers: "table" seats people round a touch table in turn order
# (a fifth shares the bottom edge); "laptop" puts everyone at the bottom, so no panel starts sideways
# or upside down on a screen that people look at from one side.
ARRANGEMENTS = ("table", "laptop")


def default_edges(n: int, arrangement: str = "table") -> list[str]:
    """Each seat's table edge for ``n`` players in an arrangement of ARRANGEMENTS."""
    if arrangement == "laptop":
        return ["bottom"] * n
    if arrangement != "table":
        raise ValueError(f"seat arrangement {arrangement!r}: use one of {', '.join(ARRANGEMENTS)}")
    return {2: ["bottom", "top"], 3: ["bottom", "left", "top"], 4: ["bottom", "left", "top", "right"],
            5: ["bottom", "left", "top", "right", "bottom"]}[n]


def arrangement_of(edges: list[str]) -> str | None:
    """The arrangement these edges follow, or None when someone chose their own edge."""
    for a in ARRANGEMENTS:
        if 2 <= len(edges) <= 5 and list(edges) == default_edges(len(edges), a):
            return a
    return None


def screen_to_upright(rect, rotation: int, x: float, y: float) -> tuple[float, float]:
    """A screen point -> coordinates in ``rect`` as read upright from a seat whose things turn by ``rotation``
    (seat panels, the game menu, the log, the card strips and the rules card all face their seat this way)."""
    px, py = x - rect.x, y - rect.y
    W, H = (rect.h, rect.w) if rotation in (90, 270) else (rect.w, rect.h)
    if rotation == 0:
        return (px, py)
    if rotation == 180:
        return (W - px, H - py)
    if rotation == 90:
        return (W - py, px)
    return (py, H - px)  # 270


def upright_to_screen(rect, rotation: int, u: float, v: float) -> tuple[float, float]:
    """The inverse of :func:`screen_to_upright`."""
    W, H = (rect.h, rect.w) if rotation in (90, 270) else (rect.w, rect.h)
    if rotation == 0:
        x, y = u, v
    elif rotation == 180:
        x, y = W - u, H - v
    elif rotation == 90:
        x, y = v, W - u
    else:
        x, y = H - v, u
    return (rect.x + x, rect.y + y)
