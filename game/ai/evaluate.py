"""How the bots judge a position: points already scored plus what each player's network can still earn.

Everything here reads a public view (view.py): the stations still to be visited (``pool``) are the
unseen cards plus the face-up ones, a set that a look-ahead's draw does not change, so no estimate
depends on which card happens to be drawn next.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..engine import ChooseRoute, GameState, TakeBranch, apply, passenger
from ..engine.rules import board_of, rules_of
from ..engine.state import CHOICE_PHASES
from .cities import city_value

ROUTE = "route"
PARTS = ("cover", "tiles", "hand", "ends", "fresh", "reach")  # Judge.potentials' parts, in points
_ENDS = "_ai_ends"  # per-position cache of line-end values (a look-ahead copy's own, never the game's)


@dataclass(frozen=True)
class Weights:
    """The knobs of the position value, in points; tuned by playing hard against normal (docs/ai.md)."""

    tile: float = 0.25  # a branch tile: half a branch, plus the tie-break
    tile_end: float = 0.05  # a branch tile once no actions are left: only the tie-break
    symbol_half: float = 0.8  # reaching an unpaired connection symbol: half of a future pair
    pool_reach: float = 0.35  # reaching a station that still has a destination card to come
    face_reach: float = 0.3  # reaching a face-up destination (the next passenger moves go there)
    decay: float = 0.6  # how much a bonus two tokens away is worth against one token away
    depth: int = 3  # tokens looked ahead from each end of a line
    end: float = 0.8  # weight of the best run of bonuses ahead of an end
    room: float = 1.5  # an end with room to grow (``room_full`` stations within reach), against a walled-in one
    room_full: int = 6
    fresh: float = 3.0  # an unstarted line: it can still start on the best free spot
    cover: float = 1.5  # per destination still to come that one of the player's lines touches
    hold_full: float = 12.0  # actions left from which the future counts fully
    trips: float = 0.3  # share of the trips still to come on which today's network is counted
    origins: int = 4  # trip origins sampled for that count (the passenger's station and pool stations)
    dests: int = 64  # trip destinations sampled for it (64: all of London's)
    city_reach: float = 0.35  # share of a city piece within reach of a line end (Berlin: "+", landmarks)
    city_quick: float = 1.0  # share of a city piece's worth in quick_gain (which placements get looked at)


DEFAULT = Weights()


@dataclass
class Facts:
    """Board facts for one game (the connection tiles differ per game), computed once."""

    nbrs: list[list[tuple[int, int]]]  # station -> (connection, other station)
    base: list[float]  # National Rail and terminus value of reaching a station
    symbol: list[str | None]
    partner: list[int]  # the other station with the same connection symbol, or -1
    cards: frozenset[int]
    conn_ends: list[tuple[int, int]]
    spaces: list[int]
    start_value: list[float] = field(default_factory=list)  # per connection: worth of a first token there
    dist: list[list[int]] = field(default_factory=list)  # hops between stations on the empty board


_FACTS: dict[tuple, Facts] = {}
_FACTS_KEPT = 8  # one per recent game (keyed by its connection tiles): a kiosk plays games all day


def facts_of(state: GameState, w: Weights = DEFAULT) -> Facts:
    board = board_of(state)
    key = (board.name, tuple(state.setup.connection_tiles), w)
    f = _FACTS.get(key)
    if f is not None:
        return f
    n = len(board.stations)
    nbrs: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    for c, (a, b) in enumerate(board.conn_ends):
        nbrs[a].append((c, b))
        nbrs[b].append((c, a))
    base = [0.0] * n
    for st in board.stations:
        if "national_rail" in st.kinds:
            base[st.index] += 1.0
        if "terminus" in st.kinds:
            base[st.index] += 2.0 + w.tile
    symbol: list[str | None] = [None] * n
    partner = [-1] * n
    tiles = state.setup.connection_tiles
    for i, s in enumerate(board.london_connection_stations):
        if i < len(tiles):
            symbol[s] = tiles[i]
    for s in range(n):
        if symbol[s] is not None:
            for t in range(n):
                if t != s and symbol[t] == symbol[s]:
                    partner[s] = t
    cards = frozenset(board.express_cards + board.standard_cards)
    f = Facts(nbrs, base, symbol, partner, cards, list(board.conn_ends), list(board.conn_spaces))
    # a first token is worth what its two stations give plus what lies one step beyond
    for c, (a, b) in enumerate(board.conn_ends):
        v = base[a] + base[b] + w.symbol_half * ((symbol[a] is not None) + (symbol[b] is not None))
        v += w.pool_reach * ((a in cards) + (b in cards))
        near = 0.0
        for s in (a, b):
            near = max([near] + [base[t] + w.pool_reach * (t in cards) for _, t in nbrs[s] if t not in (a, b)])
        f.start_value.append(v + w.decay * near)
    for src in range(n):
        d = [n + 1] * n
        d[src] = 0
        todo = [src]
        for s in todo:
            for _, t in nbrs[s]:
                if d[t] > d[s] + 1:
                    d[t] = d[s] + 1
                    todo.append(t)
        f.dist.append(d)
    while len(_FACTS) >= _FACTS_KEPT:
        del _FACTS[next(iter(_FACTS))]  # the oldest game's facts
    _FACTS[key] = f
    return f


def score_lead(state: GameState, me: int) -> int:
    """Own points minus the best opponent's: what decides the game."""
    mine = state.players[me].score
    return mine - max(p.score for i, p in enumerate(state.players) if i != me)


def turns_left(state: GameState) -> list[float]:
    """Expected turns each player still gets after the current one, from the cards left (public).

    A turn uses about 1.6 destination cards (New York: 2, its passenger's two moves; the city hook's
    ``cards_per_turn``); once the deck is empty only the round is finished.
    """
    n = state.n_players
    if state.over:
        return [0.0] * n
    last = (state.setup.start_player - 1) % n
    after = set()
    p = state.current
    while p != last:
        p = (p + 1) % n
        after.add(p)
    if state.end_triggered:
        return [1.0 if p in after else 0.0 for p in range(n)]
    rounds = len(state.deck) / (city_value(state).cards_per_turn * n)
    return [rounds + (0.5 if p in after else 0.0) for p in range(n)]


class Judge:
    """Position value for one player, with the board facts and horizons fixed for one decision."""

    def __init__(self, root: GameState, me: int, w: Weights = DEFAULT):
        self.me = me
        self.w = w
        self.facts = facts_of(root, w)
        self.city = city_value(root)  # the board's own pieces ("+" stations, landmarks): cities/
        tl = turns_left(root)
        pool = sorted(set(root.deck) | set(root.face_up))
        step = max(1.0, len(pool) / w.dests)
        self.trip_dests = sorted({pool[int(i * step)] for i in range(min(len(pool), w.dests))})
        # actions per player after the turn being decided (the same for every position of one decision)
        self.future = [4.0 * t for t in tl]

    # ---- the parts ----------------------------------------------------------------------------
    def end_value(self, state: GameState, li: int, end: int, depth: int, pool: set[int],
                  extra: dict[int, float] | None = None) -> tuple[float, dict[int, float] | None]:
        """Best discounted run of bonuses reachable from one end of a line, plus the room to grow there;
        and the city's pieces within reach.

        Room (stations the end can still reach in ``depth`` tokens) matters on its own: a line whose
        ends are walled in can only grow by branching, and its tokens are lost to the passenger.
        ``extra`` is the city's worth of this line reaching a station (cities/, e.g. Berlin's landmarks);
        those are not part of the run but returned per station, discounted by the tokens to get there,
        so that ``potentials`` counts each of them once per player however many ends reach it.
        """
        f = self.facts
        w = self.w
        ln = state.lines[li]
        deg = ln.degree
        tokens = state.tokens
        spaces = f.spaces
        nbrs = f.nbrs
        base = f.base
        symbol = f.symbol
        partner = f.partner
        scored = ln.symbols_scored
        face = state.face_up
        best = 0.0
        reached = set()
        grab: dict[int, float] | None = {} if extra else None
        # iterative DFS: (station, depth used, value so far, factor, visited tuple, symbols met)
        stack = [(end, 0, 0.0, 1.0, (end,), ())]
        while stack:
            s, d, val, fac, seen, syms = stack.pop()
            if val > best:
                best = val
            if d >= depth:
                continue
            for c, t in nbrs[s]:
                toks = tokens[c]
                if len(toks) >= spaces[c] or li in toks or t in seen:
                    continue
                if deg.get(t, 0) > 0:
                    continue  # closing a loop: the search finds those exactly when they are one token away
                b = base[t]
                sym = symbol[t]
                nsyms = syms
                if sym is not None and sym not in scored and sym not in syms:
                    p = partner[t]
                    if deg.get(p, 0) > 0 or p in seen:
                        b += 3.0
                    else:
                        b += w.symbol_half
                    nsyms = syms + (sym,)
                if t in pool:
                    b += w.pool_reach
                    if t in face:
                        b += w.face_reach
                if extra:
                    x = extra.get(t)
                    if x and grab.get(t, 0.0) < fac * x:
                        grab[t] = fac * x
                reached.add(t)
                stack.append((t, d + 1, val + fac * b, fac * w.decay, seen + (t,), nsyms))
        return best + w.room * min(len(reached), w.room_full) / w.room_full, grab

    def potentials(self, state: GameState, parent: GameState | None = None, changed: int | None = None,
                   parts: dict[str, list[float]] | None = None) -> list[float]:
        """Per player: what the network may still earn, in points (rough, for comparing positions).

        With ``parent`` (the position one action earlier) and ``changed`` (the connection that action
        placed on, or -1 for a branch tile), line ends out of reach of the change keep the parent's
        values instead of being searched again; the result is the same. ``parts`` (PARTS -> a list per
        player, filled in) gets the sum's parts separately, for the learned leaf (leaf.py).
        """
        w = self.w
        f = self.facts
        future = self.future
        pool = set(state.deck)
        pool.update(state.face_up)
        city = self.city
        sig = (frozenset(pool), tuple(sorted(state.face_up)), city.signature(state))
        old = parent.__dict__.get(_ENDS) if parent is not None and changed is not None else None
        if old is not None and old[0] != sig:
            old = None
        reuse = old[1] if old is not None else {}
        placed_line = -1
        ca = cb = -1
        if old is not None and changed >= 0:
            ca, cb = f.conn_ends[changed]
            toks = state.tokens[changed]
            placed_line = toks[-1] if toks else -1
        dist = f.dist
        ends: dict[tuple[int, int], float] = {}
        n = state.n_players
        pot = [0.0] * n
        # who touches each station still to be visited
        touch: dict[int, list[int]] = {}
        for li, ln in enumerate(state.lines):
            for s, d in ln.degree.items():
                if d > 0 and s in pool:
                    touch.setdefault(s, []).append(ln.owner)
        for s, owners in touch.items():
            share = w.cover / len(owners)
            for o in owners:
                pot[o] += share
        if parts is not None:
            for k in PARTS:
                parts[k] = [0.0] * n
            parts["cover"] = list(pot)
        for p in range(n):
            acts = future[p]
            h = min(1.0, acts / w.hold_full)
            pl = state.players[p]
            tiles = pl.branch_tiles * (w.tile_end + (w.tile - w.tile_end) * h)
            hand = city.hand(state, p, h)
            pot[p] += tiles
            pot[p] += hand
            if parts is not None:
                parts["tiles"][p] = tiles
                parts["hand"][p] = hand
            if h <= 0:
                continue
            fresh = 0
            ends_total = 0.0
            grabs: dict[tuple[int, int], float] = {}  # (line or -1 for a landmark, station) -> best worth
            for li in pl.lines:
                ln = state.lines[li]
                if ln.tokens_left <= 0:
                    continue
                depth = min(w.depth, ln.tokens_left, max(1, int(acts)))
                if not ln.conns:
                    ends_total += w.fresh
                    fresh += 1
                    continue
                extra = False  # the city's worth per station for this line, fetched once it is needed
                for s, d in ln.degree.items():
                    if d == 1:
                        key = (li, s)
                        v = reuse.get(key)
                        if v is None or li == placed_line or (ca >= 0 and min(dist[s][ca], dist[s][cb]) <= depth):
                            if extra is False:
                                extra = city.reach(state, li, deny=False)
                            v = self.end_value(state, li, s, depth, pool, extra)
                        ends[key] = v
                        ends_total += v[0]
                        if v[1]:
                            for t, x in v[1].items():
                                k = city.grab_key(li, t)
                                if grabs.get(k, 0.0) < x:
                                    grabs[k] = x
            pot[p] += w.end * h * (ends_total + w.city_reach * sum(grabs.values()))
            if parts is not None:
                parts["fresh"][p] = w.end * h * w.fresh * fresh
                parts["ends"][p] = w.end * h * (ends_total - w.fresh * fresh)
                parts["reach"][p] = w.end * h * w.city_reach * sum(grabs.values())
        state.__dict__[_ENDS] = (sig, ends)
        return pot

    def trip_lead(self, state: GameState, origins: list[int]) -> float:
        """Expected passenger points over the trips still to come, own minus the best opponent's.

        Trips from a few origins to the stations whose cards are still to come (an even sample of
        them, ``trip_dests``, the same for every position of one decision) are routed with the
        engine's search on this network; tied line sets count equally. The per-trip average is scaled
        by the number of trips left and by ``trips``, since the network will change meanwhile.
        """
        per_trip, trips = self.trip_shares(state, origins)
        if not trips:
            return 0.0
        return self.w.trips * trips * lead_of(per_trip, self.me)

    def trip_shares(self, state: GameState, origins: list[int]) -> tuple[list[float], int]:
        """Per player, the passenger points of an average sample trip on this network (``trip_lead``'s
        sample); and the trips still to come (the pool's stations), 0 when no sample trip was routed."""
        board = board_of(state)
        pool = set(state.deck)
        pool.update(state.face_up)
        dests = [d for d in self.trip_dests if d in pool]
        n = state.n_players
        owner = [ln.owner for ln in state.lines]
        tot = [0.0] * n
        count = 0
        all_bit = 1 << len(board.stations)
        for o in origins:
            if o < 0:
                continue  # the passenger has left the board (classic, deck out): no trips from it
            se = passenger.Search(state, board, o, all_bit)  # a target no station has: settle them all
            lvl = se.lvl
            for d in dests:
                if d == o or d not in lvl:
                    continue
                sets = se.line_sets(d)
                share = 1.0 / len(sets)
                for m in sets:
                    while m:
                        low = m & -m
                        tot[owner[low.bit_length() - 1]] += share
                        m ^= low
                count += 1
        if not count:
            return tot, 0
        return [x / count for x in tot], len(pool)

    def value(self, state: GameState, parent: GameState | None = None, changed: int | None = None) -> float:
        """Own (points + potential) minus the best opponent's."""
        pot = self.potentials(state, parent, changed)
        tot = [pl.score + pot[i] for i, pl in enumerate(state.players)]
        me = self.me
        return tot[me] - max(t for i, t in enumerate(tot) if i != me)


# ------------------------------------------------------------------------------------------------
# the passenger


def branch_legal(state: GameState) -> bool:
    """Whether taking a branch tile is legal now: always on London and Berlin; on New York not when the
    action would leave a line on a water icon with no action left to take it off (the engine's own check)."""
    problem = getattr(rules_of(state), "action_problem", None)
    return problem is None or problem(state, board_of(state), TakeBranch()) is None


def copy_state(state: GameState) -> GameState:
    """``state.copy()`` that keeps the loaded board and rules, which the copy would otherwise look up again, and
    shares the passenger search's lookups (the engine's ``passenger.share_lookups``); its passenger moves are worked
    out without the hops of their routes, which no bot reads (``passenger.without_hops``)."""
    c = state.copy()
    passenger.share_lookups(state, c)
    passenger.without_hops(c)
    for k in ("_board", "_rules"):
        v = state.__dict__.get(k)
        if v is not None:
            c.__dict__[k] = v
    return c


def _bits(m: int):
    while m:
        low = m & -m
        yield low.bit_length() - 1
        m ^= low


def lead_of(scores, me: int) -> float:
    mine = scores[me]
    return mine - max(x for i, x in enumerate(scores) if i != me)


def _best_moves(state, board, kinds, origin, face, me, base, memo) -> tuple:
    """Passenger points per player from the moves ``kinds``, routes chosen for the best lead of ``me``.

    The same search as the engine's (passenger.Search), but only destinations and line sets are read,
    not the hops, which the choice does not need.
    """
    n = len(base)
    if not kinds:
        return (0,) * n
    key = (len(kinds), origin, face)
    if key in memo:
        return memo[key]
    kind = kinds[0]
    stations = board.stations
    mask = 0
    for s in face:
        if kind == "any" or kind in stations[s].kinds:
            mask |= 1 << s
    best = None
    if mask:
        se = passenger.Search(state, board, origin, mask)
        if se.best is not None:
            owner = [ln.owner for ln in state.lines]
            for d in _bits(se.hit):
                rest = _after_arrival(state, board, kinds[1:], d, face, me, base, memo)
                for m in se.line_sets(d):
                    pts = list(rest)
                    for li in _bits(m):
                        pts[owner[li]] += 1
                    lead = lead_of([b + x for b, x in zip(base, pts)], me)
                    if best is None or lead > best[0]:
                        best = (lead, tuple(pts))
    r = best[1] if best is not None else _best_moves(state, board, kinds[1:], origin, face, me, base, memo)
    memo[key] = r
    return r


def _after_arrival(state, board, kinds, d, face, me, base, memo) -> tuple:
    """The rest of the turn's moves once the passenger has arrived at ``d``.

    ``face`` still holds the arrival's card. New York: a station with two identical cards face up holds two
    tokens; arriving removes one, and the next move stays still (no line scores) and removes the other.
    """
    rest_face = tuple(x for x in face if x != d)
    if len(face) - len(rest_face) >= 2 and kinds:
        kinds = kinds[1:]  # the move that stays still
    return _best_moves(state, board, kinds, d, rest_face, me, base, memo)


def passenger_points(state: GameState, me: int) -> tuple | None:
    """Passenger points per player if the turn ended now, routes chosen for ``me``; None when the passenger has
    no move to make."""
    board = board_of(state)
    kinds = rules_of(state).passenger_moves(state, board)
    if not kinds:
        return None
    base = [p.score for p in state.players]
    return _best_moves(state, board, kinds, state.passenger, tuple(state.face_up), me, base, {})


def passenger_now(state: GameState, me: int) -> float:
    """Lead the passenger would add for ``me`` if the turn ended now, choosing routes for ``me``.

    Follows the engine's moves (express then standard) with the face-up cards as they are; used to
    value a half-built turn, whose real passenger move the look-ahead only sees at its last action.
    """
    pts = passenger_points(state, me)
    if pts is None:
        return 0.0
    base = [p.score for p in state.players]
    return lead_of([b + x for b, x in zip(base, pts)], me) - lead_of(base, me)


def route_choice(state: GameState, me: int) -> int:
    """The pending route option that leaves ``me`` furthest ahead once the passenger's moves are done.

    The express move's choice decides where the standard move starts, so each option is followed
    through the moves still to make, choosing the same way.
    """
    board = board_of(state)
    base = [p.score for p in state.players]
    owner = [ln.owner for ln in state.lines]
    rest_kinds = state.moves_left[1:]
    memo: dict = {}
    best = None
    for i, o in enumerate(state.options):
        pts = list(_after_arrival(state, board, rest_kinds, o.destination, tuple(state.face_up), me, base, memo))
        for li in o.lines:
            pts[owner[li]] += 1
        lead = lead_of([b + x for b, x in zip(base, pts)], me)
        if best is None or lead > best[0]:
            best = (lead, i)
    assert best is not None
    return best[1]


def finish_routes(state: GameState, me: int) -> GameState:
    """Resolve pending choices in a look-ahead the way ``me`` would (in place): the board's own (Paris: terminus
    rewards, set completions, cities/) and the passenger's route."""
    while True:
        if state.phase == ROUTE:
            apply(state, ChooseRoute(route_choice(state, me)))
        elif state.phase in CHOICE_PHASES:
            apply(state, city_value(state).choice(state, me))
        else:
            return state
