"""New York: water crossings, clusters, and two passenger moves a turn (all destinations standard).

Public helpers for the screens and the computer players (all pure, none changes the state):

- ``lines_on_water(state, player=None)`` -> [(line, icon)]: the player's lines (default: the one to act) that
  end at a water icon now, i.e. must still leave the water before the turn ends.
- ``water_actions_needed(state, player=None)`` -> int | None: the fewest placements that take all of them off
  the water (0: none on water; None: impossible, which legal play never reaches).
- ``rules.why_illegal(state, action)`` -> str | None: why a tap is refused ("red would end on the water icon by
  Marcy Av with no action left to leave it"), or None if the action is legal.
- ``destination_tokens(state)`` -> {station: tokens}: a station with two identical cards face up holds 2.
- ``icon_label(board, icon)``: how messages name an icon.

Water (RULES.md): an icon is a node a line may pass through, but at the end of the player's turn none of their
lines may end at one. An action after which that can no longer be put right with the actions and tokens left is
illegal. Putting it right only ever means extending a line from the icon it ends at (always free: it is an end),
so the fewest placements needed is a small search over those extensions; see ``_fix``.
"""
from __future__ import annotations

from collections import Counter

from ..actions import Action, PlaceTrack, TakeBranch, Words, ngettext
from ..board import Board, board_of
from ..ruleset import Ruleset, add_points
from ..state import NO_PASSENGER, GameState, Setup

WATER_POINTS = 3  # a line connected to its third water icon
WATER_ICONS_FOR_POINTS = 3
SEARCH_LIMIT = 8  # more placements than any turn has; only used to word a refusal


def icon_label(board: Board, icon: int) -> str:
    """'the water icon by Marcy Av' for the node named 'Water: Marcy Av'."""
    name = board.stations[icon].name
    if name.startswith("Water: "):
        return Words("the water icon by {station}", station=name[len('Water: '):])
    return Words("the water icon {station}", station=name)


def destination_tokens(state: GameState) -> dict[int, int]:
    """Destination tokens on each station: one per face-up card, so two identical cards make two."""
    return dict(Counter(state.face_up))


def lines_on_water(state: GameState, player: int | None = None) -> list[tuple[int, int]]:
    """(line, icon) for each of the player's lines that ends at a water icon now."""
    board = board_of(state)
    p = state.current if player is None else player
    return _dangling(state, board, state.players[p].lines, ())


def water_actions_needed(state: GameState, player: int | None = None) -> int | None:
    """The fewest placements that take all the player's lines off the water (None: cannot be done)."""
    board = board_of(state)
    p = state.current if player is None else player
    return _fix(state, board, state.players[p].lines, (), SEARCH_LIMIT)


# ---- the search -----------------------------------------------------------------------------------------
# ``added`` is a tuple of (line, connection) placements imagined on top of the state, so that nothing is
# copied or changed while legal_actions asks about every candidate placement.


def _water_degrees(state: GameState, board: Board, lines) -> list[tuple[int, list[tuple[int, int]], list]]:
    """(line, [(icon, degree)], [(line, icon) ending there]) for each of ``lines``: the icons it touches, in its
    station order. Worked out once per question, since _can_fix asks _dangling about many imagined placements
    on the same position."""
    water = board.water
    out = []
    for li in lines:
        degree = state.lines[li].degree
        if water.isdisjoint(degree):
            out.append((li, [], []))
            continue
        icons = [(s, d) for s, d in degree.items() if d and s in water]
        out.append((li, icons, [(li, s) for s, d in icons if d == 1]))
    return out


def _dangling(state: GameState, board: Board, lines, added, wet=None) -> list[tuple[int, int]]:
    if wet is None:
        wet = _water_degrees(state, board, lines)
    water = board.water
    ends = board.conn_ends
    out = []
    for li, icons, dangling in wet:
        deg = None
        for al, c in added:
            if al == li:
                a, b = ends[c]
                if a in water or b in water:
                    if deg is None:
                        deg = dict(icons)
                    if a in water:
                        deg[a] = deg.get(a, 0) + 1
                    if b in water:
                        deg[b] = deg.get(b, 0) + 1
        if deg is None:
            out += dangling
        else:
            out.extend((li, s) for s, d in deg.items() if d == 1)
    return out


def _on_water(state: GameState, board: Board, lines) -> bool:
    """Whether one of ``lines`` ends at a water icon now (_dangling is not empty)."""
    water = board.water
    for li in lines:
        degree = state.lines[li].degree
        for s in water.intersection(degree):
            if degree[s] == 1:
                return True
    return False


def _dry_answer(state: GameState, board: Board, li: int, c: int, budget: int, icons) -> bool | None:
    """_can_fix(((li, c),), budget) when none of the player's lines is on the water, if it is plain from the
    placement alone (None: ask _can_fix). ``icons``: the line's stations, or at least all its icons."""
    water = board.water
    a, b = board.conn_ends[c]
    new_a = a in water and a not in icons  # an icon the line newly reaches is left on the water
    new_b = b in water and b not in icons
    if not new_a and not new_b:
        return True
    if budget < 1 or state.lines[li].tokens_left < 2:
        return False
    if new_a and new_b:
        return None
    w = a if new_a else b
    tokens = state.tokens
    spaces = board.conn_spaces
    for c2, x in board.station_nbrs[w]:
        if c2 != c and x not in water:  # one free connection on from the icon to a station on land is a fix
            t = tokens[c2]
            if len(t) < spaces[c2] and li not in t:
                return True
    return None


def _can_fix(state: GameState, board: Board, lines, added: tuple, budget: int, wet=None) -> bool:
    if wet is None:
        wet = _water_degrees(state, board, lines)
    dangling = _dangling(state, board, lines, added, wet)
    if not dangling:
        return True
    if budget <= 0:
        return False
    # Every plan must extend the first dangling end from its icon (nothing else changes its degree), and doing
    # that first keeps the rest of the plan legal, so trying only those placements loses no plan.
    li, icon = dangling[0]
    used = 0
    added_conns = []
    for al, ac in added:
        used += al == li
        added_conns.append(ac)
    if state.lines[li].tokens_left - used <= 0:
        return False
    tokens = state.tokens
    spaces = board.conn_spaces
    last = len(dangling) == 1
    water = board.water
    for c, x in board.station_nbrs[icon]:
        here = tokens[c]
        if len(here) + added_conns.count(c) >= spaces[c] or li in here or (li, c) in added:
            continue
        if last and x not in water:
            return True  # the last end on the water goes on to land: nothing is left on it
        if _can_fix(state, board, lines, added + ((li, c),), budget - 1, wet):
            return True
    return False


def _fix(state: GameState, board: Board, lines, added: tuple, limit: int, wet=None) -> int | None:
    """Fewest further placements (at most ``limit``) that leave none of ``lines`` ending at an icon."""
    if wet is None:
        wet = _water_degrees(state, board, lines)
    for k in range(max(limit, 0) + 1):
        if _can_fix(state, board, lines, added, k, wet):
            return k
    return None


class NewYorkRules(Ruleset):
    city = "newyork"

    def check_setup(self, board: Board, setup: Setup) -> list[str]:
        problems = []
        if setup.connection_tiles:
            problems.append(f"setup.connection_tiles: {setup.connection_tiles!r}; connection tiles are London's, "
                            f"the {board.name} board has none; leave it empty")
        if setup.landmark_tiles:
            problems.append(f"setup.landmark_tiles: {setup.landmark_tiles!r}; landmark tiles are Berlin's, "
                            f"the {board.name} board has none; leave it empty")
        return problems

    # ---- scoring ----------------------------------------------------------------------------------------
    def on_connected(self, state: GameState, board: Board, line: int, station: int, events: list) -> None:
        super().on_connected(state, board, line, station, events)
        ln = state.lines[line]
        if station in board.water:
            icons = [s for s, d in ln.degree.items() if d and s in board.water]
            if len(icons) == WATER_ICONS_FOR_POINTS:  # icons are reached one at a time, so this happens once
                add_points(state, ln.owner, WATER_POINTS, "water", events, line, tuple(icons))
            return
        cluster = board.station_cluster[station] if board.station_cluster else None
        if cluster and cluster not in ln.clusters:
            earlier = len(ln.clusters)
            ln.clusters.append(cluster)
            if earlier:  # the first cluster scores nothing: no Scored event (line.clusters records it)
                add_points(state, ln.owner, earlier, "clusters", events, line, (station,))

    # ---- the passenger -----------------------------------------------------------------------------------
    def passenger_moves(self, state: GameState, board: Board) -> list[str]:
        """Two moves every turn; all New York destinations are standard. A move with nowhere to go is skipped."""
        if state.passenger == NO_PASSENGER or not state.face_up:
            return []
        return ["standard", "standard"]

    # ---- water legality ----------------------------------------------------------------------------------
    def action_problem(self, state: GameState, board: Board, action: Action) -> str | None:
        lines = state.players[state.current].lines
        budget = state.actions_left - 1
        if isinstance(action, TakeBranch):
            added: tuple = ()
        elif isinstance(action, PlaceTrack):
            added = ((action.line, action.connection),)
        else:
            return None
        if not _on_water(state, board, lines):
            if not added or added[0][1] not in board.water_conns:
                return None  # nothing is or will be on the water (what _can_fix finds first)
            ok = _dry_answer(state, board, action.line, action.connection, budget, state.lines[action.line].degree)
            if ok is None:
                ok = _can_fix(state, board, lines, added, budget)
        else:
            ok = _can_fix(state, board, lines, added, budget)
        if ok:
            return None
        doing = Words("taking a branch tile") if isinstance(action, TakeBranch) else ""
        return self._explain(state, board, lines, added, budget, doing)

    def _explain(self, state: GameState, board: Board, lines, added: tuple, budget: int, doing: str) -> str:
        li, icon = _dangling(state, board, lines, added)[0]
        colour = state.lines[li].colour
        where = icon_label(board, icon)
        lead = Words("{doing} would leave {colour}", doing=doing, colour=colour) if doing else \
            Words("{colour} would end", colour=colour)
        if budget <= 0:
            return Words("{lead} on {where} with no action left to leave it (a line cannot end its turn on water)",
                         lead=lead, where=where)
        need = _fix(state, board, lines, added, SEARCH_LIMIT)
        if need is None:
            left = state.lines[li].tokens_left - sum(1 for al, _ in added if al == li)
            if left <= 0:
                return Words("{lead} on {where} with no {colour} tokens left to leave it (a line cannot end its "
                             "turn on water)", lead=lead, where=where, colour=colour)
            return Words("{lead} on {where} with no free track space to leave it by (a line cannot end its turn "
                         "on water)", lead=lead, where=where)
        placements = ngettext("{n} more placement", "{n} more placements", need)
        actions = ngettext("{n} action", "{n} actions", budget)
        return Words("{lead} on the water: leaving it needs {placements} and only {actions} would be left",
                     lead=lead, placements=placements, actions=actions)

    def filter_placements(self, state: GameState, board: Board,
                          placements: list[tuple[int, int, int]]) -> list[tuple[int, int, int]]:
        water = board.water
        if not water or not placements:
            return placements
        lines = state.players[state.current].lines
        budget = state.actions_left - 1
        wet = _water_degrees(state, board, lines)
        dangling = _dangling(state, board, lines, (), wet)
        need_now = _fix(state, board, lines, (), budget, wet) if dangling else 0
        # A placement that touches no icon by a line not on water leaves the fix as it is (fixes only use
        # connections at icons), so it is legal exactly when the present fix still fits in one action fewer.
        plain_ok = need_now is not None and need_now <= budget
        wet_lines = {li for li, _ in dangling}
        water_conns = board.water_conns
        on_icons = {li: {s for s, _ in icons} for li, icons, _ in wet}
        dry_ok: dict[int, bool] = {}  # wet line -> whether a placement of it touching no icon leaves a fix

        def legal(p) -> bool:
            li, c, _ = p
            if c not in water_conns:
                if li not in wet_lines:
                    return plain_ok
                # Such a placement only takes one of the line's tokens from the fix (the fix's own placements are
                # all at icons), so every one of them gets the same answer.
                ok = dry_ok.get(li)
                if ok is None:
                    ok = dry_ok[li] = _can_fix(state, board, lines, ((li, c),), budget, wet)
                return ok
            if not dangling:
                ok = _dry_answer(state, board, li, c, budget, on_icons[li])
                if ok is not None:
                    return ok
            return _can_fix(state, board, lines, ((li, c),), budget, wet)

        if plain_ok and not wet_lines:  # the usual case: only placements at icons need a look
            return [p for p in placements if p[1] not in water_conns or legal(p)]
        return [p for p in placements if legal(p)]
