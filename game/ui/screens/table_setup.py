"""The set-up as a model, apart from its screen: what can be offered (boards, editions, computer levels and
speeds), a table's default seats, resizing a set-up keeping what people chose, and starting the game it
describes. The set-up screen, the end screen's Play again, the kiosk and the screenshots share it.
"""
from __future__ import annotations

import functools
import logging
import random

import msgspec

from ...engine import rules as engine_rules
from ...engine.state import FIRST_EDITION_MAPS, TOKEN_SUPPLY, GameState
from ...mapfile import MAX_PLAYERS
from ...i18n import LANGUAGES, N_, _, load
from ..seats import SeatConfig, TableSetup, arrangement_of, default_edges
from ..settings import RANDOM_START
from . import open_screen

log = logging.getLogger("underground.ui")

from ...ai.bots import LEVELS  # the computer levels, weakest first: random, easy, normal, hard, expert
SPEED_NAMES = {"slow": N_("Slow"), "normal": N_("Normal"), "fast": N_("Fast")}  # the computer speeds, as buttons say them
DEFAULT_MAP = "london"  # the board a new set-up starts on (the box's first side)
EDITION_LABELS = {"standard": N_("2nd edition"), "classic": N_("First edition (2006)")}
ARRANGEMENT_LABELS = {"table": N_("Around the table"), "laptop": N_("All at the bottom (laptop)")}


def available_maps() -> list[tuple[str, str]]:
    """(map id, board name) for every bundled and user map that loads; a broken file is logged and left out.

    A first edition's board (FIRST_EDITION_MAPS) is not a board of its own here: it is offered as the
    edition of the board it belongs to. A board whose city the screens cannot draw yet (its rules exist
    in the engine, for ``simulate``) is left out (``cities.drawn_on_screen``).
    """
    from ...engine.board import load_board
    from ...mapfile import available_maps as map_names
    from ..cities import drawn_on_screen

    editions = set(FIRST_EDITION_MAPS.values())
    out = []
    for name in map_names():
        if name in editions:
            continue
        try:
            board = load_board(name)
        except Exception as exc:  # a half-written map must not break the menu
            log.warning("map %s does not load, not offered: %s", name, exc)
            continue
        if not drawn_on_screen(board.city):
            log.info("map %s (%s) is not offered: its city is not drawn on screen yet", name, board.city)
            continue
        out.append((name, board.name))
    out.sort(key=lambda m: m[0] != DEFAULT_MAP)  # the default board first: the set-up starts on it
    return out


def available_levels() -> list[str]:
    """Computer levels the AI can build right now (make_bot refuses the others)."""
    try:
        from ...ai import make_bot
    except Exception as exc:
        log.warning("computer players unavailable: %s", exc)
        return []
    out = []
    for lvl in LEVELS:
        try:
            make_bot(lvl, 0)
        except ValueError:
            continue
        except Exception as exc:
            log.warning("computer level %s fails to start: %s", lvl, exc)
            continue
        out.append(lvl)
    return out


def has_first_edition(map_id: str) -> bool:
    """Whether this board can be played as its first edition (the classic variant)."""
    from ...mapfile import MapError, map_file

    edition = FIRST_EDITION_MAPS.get(map_id)
    if edition is None:
        return False
    try:
        map_file(edition)
    except MapError:
        return False
    return True


def base_map(map_id: str) -> str:
    """The board a map belongs to: the 2nd edition's id for a first edition's map, else itself."""
    for base, edition in FIRST_EDITION_MAPS.items():
        if edition == map_id:
            return base
    return map_id


def board_title(map_id: str, variant: str, names: dict[str, str] | None = None) -> str:
    """The board and, for a board that has two editions, which one: "London, first edition (2006)"."""
    base = base_map(map_id)
    name = (names or {}).get(base)
    if name is None:
        try:
            from ...engine.board import load_board

            name = load_board(base).name
        except Exception:
            name = base.replace("-", " ").title()
    if variant == "classic" or has_first_edition(base):
        label = _(EDITION_LABELS.get(variant, variant))
        return f"{name}, {label[0].lower()}{label[1:]}"
    return name


def available_speeds() -> list[str]:
    """The computer speeds the play screen knows (slow, normal, fast), slowest first."""
    try:
        from ..play.turns import COMPUTER_SPEEDS
    except Exception as exc:  # the play screen's absence is reported when a game starts
        log.warning("computer speeds unavailable: %s", exc)
        return ["normal"]
    return sorted(COMPUTER_SPEEDS, key=lambda k: -COMPUTER_SPEEDS[k])


def lines_per_player(n: int) -> int:
    return len(engine_rules.default_lines(n)[0])


def default_name(i: int) -> str:
    """Seat ``i``'s name until someone types one: "Player 1" in the language now chosen."""
    return _("Player {n}").format(n=i + 1)


@functools.lru_cache(maxsize=None)
def _default_names() -> dict[str, int]:
    """Every language's default seat names ("Player 2", "Spieler 2", "Joueur 2") -> the seat number in them."""
    out = {}
    for code in LANGUAGES:
        try:
            tr = load(code)
        except OSError:  # a missing catalogue: that language is not offered either (i18n.set_language)
            continue
        out.update({tr.gettext("Player {n}").format(n=k): k for k in range(1, MAX_PLAYERS + 1)})
    return out


def follow_language(setup: TableSetup) -> None:
    """Seats still named by default take the default name of the language now chosen (keeping their number);
    a name someone typed stays as typed."""
    for s in setup.seats:
        k = _default_names().get(s.name.strip())
        if k is not None:
            s.name = default_name(k - 1)


def default_setup(n: int = 2, map_id: str = "london", arrangement: str = "table") -> TableSetup:
    lines = engine_rules.default_lines(n)
    edges = default_edges(n, arrangement)
    seats = [SeatConfig(name=default_name(i), edge=edges[i], colours=list(lines[i])) for i in range(n)]
    return TableSetup(map=map_id, seats=seats, start_player=RANDOM_START)


def default_arrangement(app) -> str:
    """Everyone at the bottom in a window (a laptop is looked at from one side); round the table when
    the game fills a screen or runs as a kiosk (a touch table)."""
    return "table" if getattr(app, "fullscreen", False) or getattr(app, "kiosk_mode", False) else "laptop"


def resize_setup(setup: TableSetup, n: int) -> TableSetup:
    """The set-up for ``n`` players, keeping what people chose.

    Names and who plays stay with their seat. Seats that followed an arrangement (round the table, or
    all at the bottom) follow it for the new count, so turn order still goes round the table; edges
    someone chose themselves stay. Every seat that stays keeps its colours (people pick up their
    tokens and keep them when someone joins or leaves; issue 22): each seat gets the new count's mix of
    20- and 15-token lines (every player must have as many tokens), filled first from the colours it
    had, then from its default colours, then from any colour no seat uses. A new seat gets its
    defaults where they are free.
    """
    old = setup.seats
    arrangement = arrangement_of([s.edge for s in old])
    edges = default_edges(n, arrangement or "table")
    lines = engine_rules.default_lines(n)
    seats = []
    for i in range(n):
        if i < len(old):
            o = old[i]
            seats.append(SeatConfig(name=o.name, edge=edges[i] if arrangement else o.edge, computer=o.computer,
                                    level=o.level))
        else:
            seats.append(SeatConfig(name=default_name(i), edge=edges[i]))
    kept = [list(old[i].colours) if i < len(old) else [] for i in range(n)]
    used: set[str] = set()
    picks: list[list[str | None]] = [[None] * len(lines[i]) for i in range(n)]
    # 1: a seat keeps its own colours where they fit a slot of the same token count
    for i in range(n):
        for j, d in enumerate(lines[i]):
            for c in kept[i]:
                if c not in used and TOKEN_SUPPLY.get(c) == TOKEN_SUPPLY[d]:
                    picks[i][j] = c
                    used.add(c)
                    kept[i].remove(c)
                    break
    # 2: then its default colour for the slot, 3: then any free colour with as many tokens
    for i in range(n):
        for j, d in enumerate(lines[i]):
            if picks[i][j] is None and d not in used:
                picks[i][j] = d
                used.add(d)
    for i in range(n):
        for j, d in enumerate(lines[i]):
            if picks[i][j] is None:
                c = next(c for c in TOKEN_SUPPLY if c not in used and TOKEN_SUPPLY[c] == TOKEN_SUPPLY[d])
                picks[i][j] = c
                used.add(c)
    for s, cols in zip(seats, picks):
        s.colours = [c for c in cols if c is not None]
    start = setup.start_player if setup.start_player < n else RANDOM_START
    return msgspec.structs.replace(setup, seats=seats, start_player=start)


def token_totals(setup: TableSetup) -> list[int]:
    return [sum(TOKEN_SUPPLY.get(c, 0) for c in s.colours) for s in setup.seats]


def next_free_colour(setup: TableSetup, seat: int, slot: int) -> str:
    """The next colour after this chip's that no seat is using and that has as many track tokens, so
    every player keeps the same number of tokens, as the rules (and the engine) require; the chip's own
    colour when no such colour is free."""
    order = list(TOKEN_SUPPLY)
    current = setup.seats[seat].colours[slot]
    used = {c for s in setup.seats for c in s.colours}
    want = TOKEN_SUPPLY.get(current)
    i = order.index(current) if current in order else -1
    for k in range(1, len(order) + 1):
        c = order[(i + k) % len(order)]
        if c not in used and (want is None or TOKEN_SUPPLY[c] == want):
            return c
    return current


def start_game(app, setup: TableSetup, seed: int | None = None, loading: bool = False, on_done=None,
               on_error=None) -> GameState:
    """Build the engine game for a set-up and open the play screen.

    The seed is the argument, else the set-up's pinned seed, else a fresh one; it is always recorded
    in the game's Setup so the game can be replayed. ``loading``: the play screen is prepared in steps behind
    a progress screen (game/ui/loading.py; ``on_done(scene)`` once it shows, ``on_error(exc)`` gives the screen
    to show if it could not be made); a set-up the engine refuses raises here either way.
    """
    if seed is None:
        seed = setup.seed if setup.seed is not None else random.SystemRandom().randrange(2**31)
    names = [s.name.strip() or default_name(i) for i, s in enumerate(setup.seats)]
    start = None if setup.start_player == RANDOM_START else setup.start_player
    variant = setup.variant if setup.variant == "classic" and has_first_edition(setup.map) else "standard"
    state = engine_rules.new_game(setup.map, names, seed=seed, start_player=start,
                                  lines=[list(s.colours) for s in setup.seats], variant=variant)
    seats = [SeatConfig(name=names[i], edge=s.edge, computer=s.computer, level=s.level, colours=list(s.colours),
                        phone=s.phone and not s.computer) for i, s in enumerate(setup.seats)]
    if loading:
        from ..loading import PLAY_MODULES, open_loading, screen_steps

        open_loading(app, screen_steps(app, "play", state, seats, computer_speed=setup.computer_speed,
                                       phones=setup.phones, modules=PLAY_MODULES), on_done, on_error)
    else:
        open_screen(app, "play", state, seats, computer_speed=setup.computer_speed, phones=setup.phones)
    return state
