"""Berlin's pieces for the bots: "+" stations, landmark tiles (sets of five, the end bonus, denying stacks).

Landmark stacks lie face up on the board, so their types and sizes are public: the bots read
``setup.landmark_tiles`` and ``state.landmarks_left`` as every player at the table can.

A hand of landmark tiles is worth (``hand_points``): the end bonus it would score now (3 per tile of the
most-held type) plus, while a set of five can still be completed (every missing type still has tiles on the
board), ``progress[d]`` for d different types held, scaled by the share of the game left. A tile taken that
completes a set is scored at once by the engine (10) and leaves the hand smaller, which ``hand_points``
follows, so the worth of one more tile (``tile_gain``) is exact about sets and the bonus and rough only
about the future. Reaching a landmark station is worth the owner's ``tile_gain`` for its type plus a share
of the best opponent's (``deny``; all of it when this is the last tile of the stack, since it is then gone
for them). A "+" station is worth what the line's next "+" scores (0, 2, 2, 4, then 0); the first one's 0
is counted as ``first_plus``, since it opens the 2, 2 and 4 behind it.
"""
from __future__ import annotations

import dataclasses
from functools import lru_cache

from .base import PositionReach

PROGRESS = (0.0, 0.2, 0.6, 1.4, 2.5)  # by different types held (0..4): the hope of a set of five, in points
DENY = 0.35  # share of the best opponent's gain counted for taking a tile they could have had
DENY_LAST = 1.0  # the same when the tile is the stack's last
SCARCE = 3  # tiles of a missing type on the board from which the hope of a set counts fully
FIRST_PLUS = 1.0  # a line's first "+" station scores 0 but opens 2, 2, 4


# Hard's judge on Berlin (docs/ai.md, "How it was tuned"): the line-end potential, the destinations touched
# and unstarted lines at half weight, city pieces within reach at a small share. At London's weights the
# potential (now also holding landmark hopes) outweighed points in hand and hard lost to normal.
HARD = {"end": 0.4, "cover": 0.75, "fresh": 1.5, "city_quick": 0.3, "city_reach": 0.2}
# The expert's judge at four players (its beam and its playouts' leaf): London's potential with hard's city shares.
# Tuned against hard, not normal: hard with it alone against three hard won 43 of 120 (25 % is even), the margin
# +2.3 ± 1.4 a game; the expert with it 37.5 of 88 against 27.5, +2.3 ± 1.7 (docs/ai.md, Measured, 28 Nov, s12/tune). At two
# players it gained nothing for hard and lost for the expert, so there it keeps ``HARD``.
EXPERT_FOUR = {"city_quick": HARD["city_quick"], "city_reach": HARD["city_reach"]}


class BerlinValue(PositionReach):
    def __init__(self, board):
        bd = board.berlin
        self.types = tuple(bd.landmark_types)
        self.stations = list(board.landmark_stations)
        self.set_points = bd.set_points
        self.bonus = bd.bonus_per_tile
        self.plus_points = list(bd.plus_points)
        self.plus = [st.index for st in board.stations if "plus" in st.kinds]
        self._landmark = frozenset(self.stations)
        self._reach: dict[tuple, dict[int, float]] = {}  # one game's values (cleared when the game changes)
        self._reach_game: tuple | None = None

    def search_costs(self, costs: dict[str, float]) -> dict[str, float]:
        """Hard's prices, but the expert's playouts cost more than elsewhere (1.85 times hard's prices, 1.6 on London):
        over whole expert decisions in a game (deal 1011, 27 Nov 2026, load 11-13) a counted unit took 0.290 ms on
        Berlin against 0.256 on London, and its slowest decision 1.12 s at load 8 (docs/ai.md "Expert's time")."""
        return {**costs, "playout": 1.85}

    # ---- hands -------------------------------------------------------------------------------
    def hand_points(self, counts: tuple[int, ...], supply: tuple[int, ...], h: float) -> float:
        """Worth of a hand (counts per type, in ``types`` order) beyond the points already scored.

        ``supply`` is the tiles of each type still on the board: the hope of a set shrinks with the
        scarcest missing type (a last tile may go to someone else) and is gone when one has none left.
        """
        v = 0.0
        while all(counts):  # a full set is scored at once by the engine: count it and play on
            v += self.set_points
            counts = tuple(c - 1 for c in counts)
        v += self.bonus * max(counts, default=0)
        missing = [supply[i] for i, c in enumerate(counts) if not c]
        if h > 0 and missing:
            v += PROGRESS[len(counts) - len(missing)] * h * min(1.0, min(missing) / SCARCE)
        return v

    def counts(self, state, player: int) -> tuple[int, ...]:
        held = state.players[player].landmarks
        return tuple(held.get(t, 0) for t in self.types)

    def supply(self, state) -> tuple[int, ...]:
        """Tiles of each type still on the board (public: the stacks lie face up)."""
        tiles = state.setup.landmark_tiles
        out = [0] * len(self.types)
        for i, left in enumerate(state.landmarks_left):
            out[self.types.index(tiles[i])] += left
        return tuple(out)

    def tile_gain(self, counts: tuple[int, ...], t: int, supply: tuple[int, ...], h: float) -> float:
        """Worth of one more tile of type ``t`` to a hand; the tile leaves the board's supply."""
        more = counts[:t] + (counts[t] + 1,) + counts[t + 1:]
        less = supply[:t] + (supply[t] - 1,) + supply[t + 1:]
        h = round(h, 3)
        return _points(self, more, less, h) - _points(self, counts, supply, h)

    # ---- the hook ----------------------------------------------------------------------------
    def hand(self, state, player: int, h: float) -> float:
        if state.over:
            return 0.0  # the end bonus is in the score now
        return _points(self, self.counts(state, player), self.supply(state), round(h, 3))

    def weights(self, level: str, w, players: int = 2):
        if level == "expert" and players >= 4:
            return dataclasses.replace(w, **EXPERT_FOUR)
        return dataclasses.replace(w, **HARD) if level in ("hard", "expert") else w

    def grab_key(self, line: int, station: int):
        # "+" stations count per line, landmarks once per player (whichever line comes first takes the tile)
        return (-1 if station in self._landmark else line, station)

    def signature(self, state):
        return (tuple(state.landmarks_left), tuple(self.counts(state, p) for p in range(state.n_players)))

    def _position(self, state) -> tuple:
        """What ``reach`` reads of the position beyond the line (the same for every line): hands and horizon."""
        hands = tuple(self.counts(state, p) for p in range(state.n_players))
        h = round(_horizon(state), 3)
        game = (state.setup.seed, tuple(state.setup.landmark_tiles))
        if game != self._reach_game:  # an earlier game's values can never be asked for again
            self._reach.clear()
            self._reach_game = game
        return hands, h

    def _line_reach(self, state, line: int, deny: bool, position: tuple) -> dict[int, float]:
        """Worth per station (``reach``); stations the line already touches are left in (callers skip them), so the
        answer depends only on the owner, the line's "+" count and the public stacks and hands, and is
        shared between look-ahead positions (the judge asks for it thousands of times per decision)."""
        hands, h = position
        ln = state.lines[line]
        me = ln.owner
        k = len(ln.plus_stations)
        plus_v = (FIRST_PLUS if k == 0 else self.plus_points[k]) if k < len(self.plus_points) else 0.0
        key = (me, plus_v, deny, tuple(state.landmarks_left), hands, h)
        out = self._reach.get(key)
        if out is not None:
            return out
        out = {s: plus_v for s in self.plus} if plus_v else {}
        supply = self.supply(state)
        mine = hands[me]
        others = [c for p, c in enumerate(hands) if p != me]
        tiles = state.setup.landmark_tiles
        for i, s in enumerate(self.stations):
            left = state.landmarks_left[i]
            if left <= 0:
                continue
            t = self.types.index(tiles[i])
            v = self.tile_gain(mine, t, supply, h)
            if deny and others:
                best = max(self.tile_gain(c, t, supply, h) for c in others)
                v += (DENY_LAST if left == 1 else DENY) * best
            out[s] = out.get(s, 0.0) + v
        if len(self._reach) > 20000:
            self._reach.clear()
        self._reach[key] = out
        return out


def _horizon(state) -> float:
    """Share of the game left to act in, from the cards still to come (55 at the start)."""
    if state.end_triggered:
        return 0.0
    return min(1.0, len(state.deck) / 30.0)


@lru_cache(maxsize=8192)
def _points(bv: BerlinValue, counts, supply, h) -> float:
    return bv.hand_points(counts, supply, h)


_CACHE: dict[str, BerlinValue] = {}


def berlin_value(board) -> BerlinValue:
    v = _CACHE.get(board.name)
    if v is None:
        v = _CACHE[board.name] = BerlinValue(board)
    return v
