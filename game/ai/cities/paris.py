"""Paris for the bots: RER stations, landmark sets, terminus rewards, set completion and the bot's own objectives.

What a line newly reaching a station is worth (``reach``):

- an RER station: 1 point when some line already reaches it, 0 for the first (RULES.md);
- a landmark station whose tile is still there: what the tile adds to the owner's hand (``tile_gain``: a set
  of five scores 7 at once; with Branch tiles the hand may be completed on the spot, which the owner does when
  7 points beat the tiles' worth), plus a share of the best opponent's gain in ``quick_gain`` (``deny``);
- a station of one of the bot's own objective cards: the card's points spread over its three stations
  (``OBJ_STEP``), more for the last; ``quick_gain`` also counts stations that bring a line nearer to a missing
  objective station (``TOWARDS``), since the three stations are far apart and the line-end search sees only
  three tokens ahead.

A player's hand (``hand``) is the hope of a landmark set (different types held, the supply left on the board,
Branch tiles that could complete it) and, for the bot itself, its objectives: every line already meeting a
card counts the card in full (scored at the end), the best other line a part by its progress and its distance
to the missing stations. In a public view the other players' objectives are empty (view.py), so nothing of
theirs is valued.

The terminus reward and the set completion are asked as choices; ``choice`` answers both the same way in a
look-ahead and at the table, so hard's plans stay valid across them: Branch tiles are worth what they buy this
bot now (``tile_worth``: a pair opens a branch or a full connection, a walled-in line needs one, and the tiles a
set completion would cost are worth a share of the set).
"""
from __future__ import annotations

import dataclasses

from ...engine.actions import ChooseReward, CompleteSet
from ...engine.state import PHASE_REWARD
from .base import PositionReach

PROGRESS = (0.0, 0.15, 0.45, 1.0, 1.8)  # by different types held (0..4): the hope of a natural set of five, in points
SCARCE = 3  # tiles of a missing type on the board from which the hope of a set counts fully
DENY = 0.5  # share of the best opponent's gain counted for taking a tile they could have had (quick_gain only)
TILE = 0.45  # a Branch tile's worth while the game has turns left (a pair buys a branch or a full connection)
TILE_END = 0.05  # the same once nothing can be bought any more: the tie-break
WALLED = 1.2  # per tile of the first pair when a line with tokens left has no free track space at any end
SET_HOPE = 0.45  # chance-like share of a set that tiles in hand could complete at the next landmark taken
OBJ_DONE = (0.0, 0.2, 0.45)  # share of a card's points held by a line meeting 0, 1 or 2 of its stations
OBJ_NEAR = 0.45  # share of a card's points for a line close to its missing stations (by ``OBJ_RANGE``)
OBJ_RANGE = 10.0  # track spaces to the missing stations at which that share has fallen to nothing
TOWARDS = 0.5  # quick_gain: points per space a station brings a line nearer to a missing objective station

# Hard's judge on Paris: Berlin's (docs/ai.md): the line-end potential, the destinations touched and unstarted
# lines at half weight, city pieces within reach at a small share. 17 of 22 against normal in tuning series,
# against 5 of 10 with London's potential weights.
HARD = {"end": 0.4, "cover": 0.75, "fresh": 1.5, "city_quick": 0.3, "city_reach": 0.2}

# What hard's search pieces cost on Paris, in work units (HardBot.COST's 1.0, 0.4, 0.4, 0.5 were measured on London
# and Berlin). Processor time per piece, measured interleaved over one hard-vs-normal game per board (deal 1000,
# docs/ai.md "Time"): a child position 0.93 ms on Paris, 0.89 on Berlin, 0.58 on London; ranking a sequence's
# placements 0.68 ms (the objective pull and the landmark values per line), 0.29 and 0.17. Passenger estimates and
# trip origins are cheaper on Paris (0.25 and 0.22 ms) and keep London's prices. With these the 1000-unit budget
# bounds a Paris decision at about 0.65 s of processor time, as it does on London and Berlin. The expert's playouts
# ("playout": their pieces' price factor, ai/expert.py) cost on Paris 1.2 times what these prices say (elsewhere 1.6):
# over whole expert decisions in a game (deal 1011, 27 Nov 2026, load 11-13) a counted unit took 0.295 ms on Paris
# at 1.0 against 0.256 on London, and Paris's slowest decisions ran over 1 s at load 8 (docs/ai.md "Expert's time").
SEARCH_COSTS = {"child": 1.4, "rank": 1.0, "playout": 1.2}


class ParisValue(PositionReach):
    cards_per_turn = 1.0  # one passenger move per turn

    def __init__(self, board):
        pd = board.paris
        self.types = tuple(pd.landmark_types)
        self.stations = list(board.landmark_stations)
        self.landmark_index = {s: i for i, s in enumerate(self.stations)}
        self.set_points = pd.set_points
        self.set_cost = pd.set_tile_cost
        self.rewards = dict(pd.terminus_rewards)
        self.rer = frozenset(st.index for st in board.stations if "rer" in st.kinds)
        self.rer_points = list(pd.rer_points)
        self.obj_stations = [tuple(s) for s in board.objective_stations]
        self.obj_points = list(board.objective_points)
        n = len(board.stations)
        nbrs = [[] for _ in range(n)]
        for a, b in board.conn_ends:
            nbrs[a].append(b)
            nbrs[b].append(a)
        self.nbrs = nbrs
        self.dist = []  # hops between stations on the empty board
        for src in range(n):
            d = [n + 1] * n
            d[src] = 0
            todo = [src]
            for s in todo:
                for t in nbrs[s]:
                    if d[t] > d[s] + 1:
                        d[t] = d[s] + 1
                        todo.append(t)
            self.dist.append(d)
        self._reach: dict[tuple, dict[int, float]] = {}
        self._line_obj: dict[tuple, float] = {}
        self._game = None
        # one game's tables (cleared when the game changes, see ``_same_game``): the type of each landmark slot,
        # the supply per landmarks_left, and the landmark part of ``reach`` (the same for every line of a player)
        self._tiles: list | None = None
        self._slot_type: list[int] = []
        self._supply: dict[tuple, tuple[int, ...]] = {}
        self._landmark_values: dict[tuple, tuple] = {}

    def weights(self, level: str, w, players: int = 2):
        return dataclasses.replace(w, **HARD) if level in ("hard", "expert") else w

    def search_costs(self, costs: dict[str, float]) -> dict[str, float]:
        return {**costs, **SEARCH_COSTS}

    # ---- landmark hands -------------------------------------------------------------------------
    def counts(self, state, player: int) -> tuple[int, ...]:
        held = state.players[player].landmarks
        return tuple([held.get(t, 0) for t in self.types])

    def _same_game(self, state) -> None:
        """Drop the tables of another game's landmark deal (a kiosk plays game after game)."""
        tiles = state.setup.landmark_tiles
        if tiles != self._tiles:
            self._tiles = list(tiles)
            self._slot_type = [self.types.index(t) for t in tiles]
            self._supply.clear()
            self._landmark_values.clear()

    def supply(self, state) -> tuple[int, ...]:
        """Tiles of each type still on the board (public: they lie face up)."""
        self._same_game(state)
        left = tuple(state.landmarks_left)
        out = self._supply.get(left)
        if out is None:
            counts = [0] * len(self.types)
            for t, n in zip(self._slot_type, left):
                if n > 0:
                    counts[t] += n
            out = self._supply[left] = tuple(counts)
        return out

    def rer_reached(self, state) -> frozenset[int]:
        """RER stations some line already reaches (a line reaching one of them next scores): a line's ``degree``
        keys are the stations it touches (the engine only ever adds to them; its passenger search reads them so)."""
        touched: set[int] = set()
        for ln in state.lines:
            touched.update(ln.degree)
        return self.rer & touched

    def set_hope(self, counts, supply, tiles: int, h: float) -> float:
        """Worth of a hand beyond the points scored: the hope of a set, naturally or completed with tiles."""
        d = sum(1 for c in counts if c)
        if not d or h <= 0:
            return 0.0
        missing = [supply[i] for i, c in enumerate(counts) if not c]
        natural = PROGRESS[d] * h * min(1.0, min(missing) / SCARCE) if missing and min(missing) else 0.0
        # at the next landmark taken (of a missing type) the hand lacks one type less; tiles may complete it then
        need = self.set_cost * max(0, len(missing) - 1)
        with_tiles = 0.0
        if tiles >= need and any(supply):
            with_tiles = SET_HOPE * min(1.0, 2 * h) * (self.set_points - need * TILE)
        return max(natural, with_tiles)

    def take(self, counts, t: int, tiles: int, h: float):
        """The hand after taking a tile of type ``t``: (points scored now, counts, tiles) — a set of five scores
        at once, and a set the tiles can complete is completed when that beats keeping the tiles."""
        c = list(counts)
        c[t] += 1
        pts = 0.0
        if all(c):
            return self.set_points, tuple(x - 1 for x in c), tiles
        missing = sum(1 for x in c if not x)
        cost = self.set_cost * missing
        if tiles >= cost and self.completes(tuple(c), tiles, cost, h):
            return self.set_points, tuple(max(0, x - 1) for x in c), tiles - cost
        return pts, tuple(c), tiles

    def completes(self, counts, tiles: int, cost: int, h: float) -> bool:
        """Whether returning ``cost`` tiles for a set beats keeping the hand and the tiles."""
        after = tuple(max(0, x - 1) for x in counts)
        tv = self.tile_value(h)
        gain = self.set_points - cost * tv + self.set_hope(after, (1,) * 5, tiles - cost, h) \
            - self.set_hope(counts, (1,) * 5, tiles, h)
        return gain > 0

    @staticmethod
    def tile_value(h: float) -> float:
        return TILE_END + (TILE - TILE_END) * min(1.0, h)

    def tile_gain(self, counts, t: int, supply, tiles: int, h: float) -> float:
        pts, after, left = self.take(counts, t, tiles, h)
        less = supply[:t] + (supply[t] - 1,) + supply[t + 1:]
        tv = self.tile_value(h)
        return (pts + self.set_hope(after, less, left, h) - (tiles - left) * tv
                - self.set_hope(counts, supply, tiles, h))

    # ---- objectives -----------------------------------------------------------------------------
    def objective_hope(self, state, player: int, h: float) -> float:
        """The player's objective cards (own only: a view holds no one else's): lines meeting a card count it in
        full, the best other line a part by progress and nearness, as much as the game has turns left."""
        hands = state.setup.objectives
        if player >= len(hands) or not hands[player]:
            return 0.0
        total = 0.0
        lines = state.players[player].lines
        for card in hands[player]:
            pts = self.obj_points[card]
            best = 0.0
            for li in lines:
                v = self.line_objective(state, li, card)
                if v >= 1.0:
                    total += pts
                elif v > best:
                    best = v
            total += pts * best * h
        return total

    def line_objective(self, state, li: int, card: int) -> float:
        """Share of ``card`` a line holds: 1 when it meets all three stations, else progress and nearness."""
        ln = state.lines[li]
        key = (li, card, len(ln.conns), tuple(ln.conns), ln.tokens_left)
        v = self._line_obj.get(key)
        if v is not None:
            return v
        deg = ln.degree
        stations = self.obj_stations[card]
        missing = [s for s in stations if not deg.get(s, 0)]
        if not missing:
            v = 1.0
        elif not ln.conns or ln.tokens_left <= 0:
            v = 0.0
        else:
            mine = [s for s, d in deg.items() if d]
            dist = self.dist
            far = sum(min(dist[m][s] for s in mine) for m in missing)
            near = max(0.0, 1.0 - far / OBJ_RANGE) if far <= ln.tokens_left else 0.0
            v = OBJ_DONE[3 - len(missing)] + OBJ_NEAR * near
        if len(self._line_obj) > 50000:
            self._line_obj.clear()
        self._line_obj[key] = v
        return v

    # ---- the hook -------------------------------------------------------------------------------
    def hand(self, state, player: int, h: float) -> float:
        if state.over:
            return 0.0  # objectives are in the score now; landmark tiles left over score nothing
        tiles = state.players[player].branch_tiles
        v = self.set_hope(self.counts(state, player), self.supply(state), tiles, round(h, 3))
        return v + self.objective_hope(state, player, h)

    def grab_key(self, line: int, station: int):
        # a landmark's tile goes to whichever of the player's lines comes first: once per player
        return (-1 if station in self.landmark_index else line, station)

    def signature(self, state):
        reached = tuple(sorted(self.rer_reached(state)))
        return (tuple(state.landmarks_left), tuple(self.counts(state, p) for p in range(state.n_players)),
                tuple(p.branch_tiles for p in state.players), reached)

    def _position(self, state) -> tuple:
        """What ``reach`` reads of the position beyond the line: the same for every line (tiles left, hands, branch
        tiles, horizon, RER stations reached)."""
        setup = state.setup
        if self._game is None or setup.landmark_tiles != self._game[0] or setup.objectives != self._game[1]:
            # an earlier game's values (or another seat's cards) can never be asked for again
            self._reach.clear()
            self._line_obj.clear()
            self._game = (list(setup.landmark_tiles), [list(c) for c in setup.objectives])
        h = round(_horizon(state), 2)
        hands = tuple([self.counts(state, p) for p in range(state.n_players)])
        tiles = tuple([p.branch_tiles for p in state.players])
        return h, hands, tiles, self.rer_reached(state), tuple(state.landmarks_left)

    def _line_reach(self, state, line: int, deny: bool, position: tuple) -> dict[int, float]:
        """Worth per station for ``line`` (``reach``); stations it already touches are left in (callers skip them).

        With ``deny`` (quick_gain's ranking) a share of what a tile would give the best opponent and the pull
        towards missing objective stations are added; the judge asks without them.
        """
        h, hands, tiles, rer_reached, left = position
        ln = state.lines[line]
        me = ln.owner
        setup = state.setup
        cards = tuple(setup.objectives[me]) if me < len(setup.objectives) else ()
        deg = ln.degree
        progress = tuple(tuple(bool(deg.get(s, 0)) for s in self.obj_stations[c]) for c in cards)
        key = (me, deny, left, hands, tiles, h, progress, rer_reached,
               tuple(ln.conns) if deny and cards else None)
        out = self._reach.get(key)
        if out is not None:
            return out
        out: dict[int, float] = {}
        later = self.rer_points[-1]
        for s in rer_reached:
            out[s] = float(later)
        for s, v in self.landmark_values(state, me, deny, left, hands, tiles, h):
            out[s] = out.get(s, 0.0) + v
        for card, got in zip(cards, progress):
            k = sum(got)
            if k == 3:
                continue
            pts = self.obj_points[card]
            step = pts * ((1.0 if k == 2 else OBJ_DONE[k + 1]) - OBJ_DONE[k])
            for s, g in zip(self.obj_stations[card], got):
                if not g:
                    out[s] = out.get(s, 0.0) + step
            if deny and ln.conns and ln.tokens_left > 0:
                # stations one space nearer to a missing objective station than the line is now
                touched = [s for s, d in deg.items() if d]
                for m, g in zip(self.obj_stations[card], got):
                    if g:
                        continue
                    dm = self.dist[m]
                    now = min(dm[s] for s in touched)
                    for s in touched:
                        if deg.get(s, 0) != 1:
                            continue
                        for t in self.nbrs[s]:
                            if dm[t] < now and not deg.get(t, 0):
                                out[t] = out.get(t, 0.0) + TOWARDS * pts / 5.0
        if len(self._reach) > 20000:
            self._reach.clear()
        self._reach[key] = out
        return out

    def landmark_values(self, state, me: int, deny: bool, left: tuple, hands: tuple, tiles: tuple, h: float):
        """(station, worth) of every landmark still on the board for player ``me``: the tile's gain to the hand,
        plus with ``deny`` a share of the best opponent's. The same for all of a player's lines, and per type
        of tile, so it is counted once per type and kept for the position's hands."""
        self._same_game(state)
        key = (me, deny, left, hands, tiles, h)
        out = self._landmark_values.get(key)
        if out is not None:
            return out
        supply = self.supply(state)
        mine = hands[me]
        others = [(c, tiles[p]) for p, c in enumerate(hands) if p != me]
        per_type: dict[int, float] = {}
        pairs = []
        for s, t, n in zip(self.stations, self._slot_type, left):
            if n <= 0:
                continue
            v = per_type.get(t)
            if v is None:
                v = self.tile_gain(mine, t, supply, tiles[me], h)
                if deny and others:
                    v += DENY * max(self.tile_gain(c, t, supply, b, h) for c, b in others)
                per_type[t] = v
            pairs.append((s, v))
        if len(self._landmark_values) > 20000:
            self._landmark_values.clear()
        out = self._landmark_values[key] = tuple(pairs)
        return out

    # ---- choices --------------------------------------------------------------------------------
    def tile_worth(self, state, player: int, tiles: int, h: float) -> float:
        """What ``tiles`` Branch tiles are worth to the player now, in points: each a share of a branch or a
        full connection, the first pair more when a line is walled in, plus the set they could complete."""
        tv = self.tile_value(h)
        v = tiles * tv
        if h > 0 and walled_lines(state, player):
            v += min(tiles, 2) * WALLED
        v += self.set_hope(self.counts(state, player), self.supply(state), tiles, h)
        return v

    def choice(self, state, me: int):
        """The answer to ``state.pending[0]`` (a terminus reward or a set completion), the same in a look-ahead
        as at the table."""
        h = _horizon(state)
        pl = state.players[me]
        if state.phase == PHASE_REWARD:
            best = None
            base = self.tile_worth(state, me, pl.branch_tiles, h)
            for name in ("points", "point_and_tile", "tiles"):
                if name not in self.rewards:
                    continue
                pts, tiles = self.rewards[name]
                v = pts + self.tile_worth(state, me, pl.branch_tiles + tiles, h) - base
                if best is None or v > best[0] + 1e-9:
                    best = (v, name)
            return ChooseReward(best[1])
        counts = self.counts(state, me)
        cost = self.set_cost * sum(1 for c in counts if not c)
        return CompleteSet(pl.branch_tiles >= cost and self.completes(counts, pl.branch_tiles, cost, h))


def walled_lines(state, player: int) -> int:
    """The player's lines with tokens left and no free track space at any end (they can grow only by a branch
    or a full connection, both bought with Branch tiles)."""
    from ...engine.rules import board_of

    board = board_of(state)
    spaces = board.conn_spaces
    n = 0
    for li in state.players[player].lines:
        ln = state.lines[li]
        if ln.tokens_left <= 0 or not ln.conns:
            continue
        free = False
        for s, d in ln.degree.items():
            if d != 1:
                continue
            for c in board.station_conns[s]:
                t = state.tokens[c]
                if len(t) < spaces[c] and li not in t:
                    free = True
                    break
            if free:
                break
        n += not free
    return n


def _horizon(state) -> float:
    """Share of the game left to act in, from the cards still to come (33 at the start)."""
    if state.end_triggered:
        return 0.0
    return min(1.0, len(state.deck) / 20.0)


_CACHE: dict[str, ParisValue] = {}


def paris_value(board) -> ParisValue:
    v = _CACHE.get(board.name)
    if v is None:
        v = _CACHE[board.name] = ParisValue(board)
    return v
