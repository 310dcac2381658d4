"""Paris's facts after every action, recounted from the record (set-up and action log) and the map file (its rule
numbers from the rulebook, tests/reference/rulebook.py), with none of the engine's code: a small model of the Paris rules replays the log and must agree with the position.

The model knows RER points (first line of anyone 0, later lines 1), terminus rewards as chosen, landmark tiles
taken by the first line, sets of five, set completion (2 Branch tiles per missing type), what each placement
costs (2 off the line's ends, 2 more on a full connection), the order the choices are asked in and which of them
are skipped, and the secret objectives at the end. From it:

- tile conservation: landmark tiles on the board + in hands + in scored sets = 40, and per type 8 (a set
  completed with Branch tiles holds only the tiles the player had);
- every player's Branch tiles, hands, and "rer", "terminus", "landmark_sets", "objectives" points;
- the position's tokens lane by lane (so a connection holds more lines than spaces only where a full connection
  was paid for), the choices still pending and the phase that asks the first;
- the shared structure: token supplies, each line in one piece, the deck, whose turn and how many actions;
- optionally (``oracle``) every legal placement and its cost, against the model's own list.
"""
from __future__ import annotations

import functools
import tomllib
from collections import Counter
from pathlib import Path

import networkx as nx

from game.engine import GameState, legal_actions, legal_placements
from game.engine.actions import ChooseReward, ChooseRoute, CompleteSet, PlaceTrack, TakeBranch
from game.engine.state import (CHOICE_PHASES, PHASE_ACTIONS, PHASE_COMPLETE_SET, PHASE_OVER, PHASE_REWARD,
                               PHASE_ROUTE, TOKEN_SUPPLY)
from tests.reference import rulebook as rb

MAPS = Path(__file__).resolve().parent.parent.parent / "maps"
FIRST_TURN = {2: (3, 5), 3: (3, 4, 5), 4: (3, 4, 4, 5), 5: (3, 4, 4, 4, 5)}  # the rulebook's table
PARIS_CATEGORIES = {"rer", "terminus", "landmark_sets", "objectives", "passenger"}


@functools.lru_cache(maxsize=None)
def paris_facts(map_name: str) -> dict:
    data = tomllib.loads((MAPS / f"{map_name}.toml").read_text(encoding="utf-8"))
    names = [s["name"] for s in data["stations"]]
    idx = {n: i for i, n in enumerate(names)}
    pd = data["paris"]
    return {
        "names": names,
        "kinds": [frozenset(s.get("kinds", [])) for s in data["stations"]],
        "conns": [(idx[c["a"]], idx[c["b"]], c.get("spaces", 1)) for c in data["connections"]],
        "landmarks": [idx[n] for n in pd["landmarks"]],
        "types": list(pd["landmark_types"]),
        "per_type": pd["tiles_per_type"],
        # the rule numbers are the rulebook's (tests/reference/rulebook.py), not the file's, so that a wrong number
        # in the map shows as a disagreement instead of being counted the engine's way
        "rer": list(rb.PARIS_RER_POINTS),
        "rewards": {k: (points, tiles) for k, points, tiles in rb.PARIS_TERMINUS_REWARDS},
        "set_points": rb.PARIS_SET_POINTS,
        "set_cost": rb.PARIS_SET_TILE_COST,
        "full": rb.PARIS_FULL_CONNECTION_TILES,
        "cards": [([idx[n] for n in o["stations"]], rb.PARIS_OBJECTIVE_CARDS[frozenset(o["stations"])])
                  for o in pd["objectives"]],
    }


class Model:
    """The Paris rules as this file reads them, replaying a record's actions."""

    def __init__(self, s: GameState):
        self.f = f = paris_facts(s.setup.map)
        self.setup = s.setup
        n = len(s.setup.players)
        self.owner = [p for p, cols in enumerate(s.setup.lines) for _ in cols]
        self.colour = [c for cols in s.setup.lines for c in cols]
        self.tokens: list[list[int]] = [[] for _ in f["conns"]]
        self.deg: list[Counter] = [Counter() for _ in self.owner]
        self.placed = [0] * len(self.owner)
        self.tiles = [0] * n
        self.hand: list[Counter] = [Counter() for _ in range(n)]
        self.points: list[Counter] = [Counter() for _ in range(n)]
        self.left = {st: 1 for st in f["landmarks"]}
        self.tile_type = dict(zip(f["landmarks"], s.setup.landmark_tiles))
        self.pending: list[tuple[str, int, int, int]] = []  # (kind, player, line, station)
        self.in_sets: Counter = Counter()  # tiles that left the game in scored sets, by type
        self.full_paid = Counter()  # connection -> tokens placed there on a full connection
        self.actions_done = 0  # placements and Branch tiles: they fix whose turn it is

    # -- whose turn ----------------------------------------------------------------------------------------
    def acting(self) -> int:
        """The player taking the next action, from the number of actions taken so far (turns are fixed-size)."""
        n = len(self.setup.players)
        k, done = 0, self.actions_done
        while True:
            size = FIRST_TURN[n][k] if k < n else 4
            if done < size:
                return (self.setup.start_player + k) % n
            done -= size
            k += 1

    # -- costs -------------------------------------------------------------------------------------------------
    def cost(self, li: int, c: int) -> int | None:
        """Branch tiles a placement costs, or None if the rules forbid it whatever the player holds."""
        a, b, spaces = self.f["conns"][c]
        if li in self.tokens[c] or self.placed[li] >= TOKEN_SUPPLY[self.colour[li]]:
            return None
        extra = self.f["full"] if len(self.tokens[c]) >= spaces else 0
        if not self.placed[li]:
            return extra
        da, db = self.deg[li][a], self.deg[li][b]
        if da == 1 or db == 1:
            return extra
        if da or db:
            return 2 + extra
        return None

    def missing(self, p: int) -> int:
        return sum(1 for t in self.f["types"] if self.hand[p][t] <= 0)

    def score_set(self, p: int) -> None:
        for t in self.f["types"]:
            if self.hand[p][t] > 0:
                self.hand[p][t] -= 1
                self.in_sets[t] += 1
        self.points[p]["landmark_sets"] += self.f["set_points"]

    def open(self, choice) -> bool:
        kind, p, _li, _st = choice
        if kind == PHASE_REWARD:
            return True
        held = +self.hand[p]
        return bool(held) and self.missing(p) > 0 and self.tiles[p] >= self.f["set_cost"] * self.missing(p)

    def settle(self) -> None:
        while self.pending and not self.open(self.pending[0]):
            self.pending.pop(0)

    # -- actions -----------------------------------------------------------------------------------------------
    def place(self, li: int, c: int) -> None:
        p = self.owner[li]
        assert p == self.acting(), f"action {self.actions_done}: the line of player {p} moved out of turn"
        cost = self.cost(li, c)
        assert cost is not None and self.tiles[p] >= cost, f"the model forbids placing line {li} on {c}"
        a, b, spaces = self.f["conns"][c]
        if len(self.tokens[c]) >= spaces:
            self.full_paid[c] += 1
        self.tiles[p] -= cost
        self.tokens[c].append(li)
        self.placed[li] += 1
        new = [x for x in (a, b) if self.deg[li][x] == 0]
        self.deg[li][a] += 1
        self.deg[li][b] += 1
        kinds = self.f["kinds"]
        for x in new:
            if "rer" in kinds[x]:
                before = sum(1 for other in range(len(self.owner)) if other != li and self.deg[other][x] > 0)
                self.points[p]["rer"] += self.f["rer"][min(before, len(self.f["rer"]) - 1)]
            if "terminus" in kinds[x]:
                self.pending.append((PHASE_REWARD, p, li, x))
            if "landmark" in kinds[x] and self.left[x]:
                self.left[x] = 0
                self.hand[p][self.tile_type[x]] += 1
                if not self.missing(p):
                    self.score_set(p)
                self.pending.append((PHASE_COMPLETE_SET, p, li, x))
        self.actions_done += 1
        self.settle()

    def apply(self, action) -> None:
        if isinstance(action, PlaceTrack):
            assert not self.pending, "a placement while a choice is pending"
            self.place(action.line, action.connection)
        elif isinstance(action, TakeBranch):
            assert not self.pending, "a Branch tile while a choice is pending"
            self.tiles[self.acting()] += 1
            self.actions_done += 1
        elif isinstance(action, ChooseReward):
            kind, p, _li, _x = self.pending.pop(0)
            assert kind == PHASE_REWARD
            pts, tiles = self.f["rewards"][action.choice]
            self.points[p]["terminus"] += pts
            self.tiles[p] += tiles
            self.settle()
        elif isinstance(action, CompleteSet):
            kind, p, _li, _x = self.pending.pop(0)
            assert kind == PHASE_COMPLETE_SET
            if action.complete:
                self.tiles[p] -= self.f["set_cost"] * self.missing(p)
                self.score_set(p)
            self.settle()
        else:
            assert isinstance(action, ChooseRoute), action

    def objectives(self, p: int) -> int:
        total = 0
        for card in self.setup.objectives[p]:
            stations, pts = self.f["cards"][card]
            for li, owner in enumerate(self.owner):
                if owner == p and all(self.deg[li][x] > 0 for x in stations):
                    total += pts
        return total


_last: list = [None, [], None]  # (set-up, log, model) of the last check: a game's next check replays only the rest


def model_of(s: GameState) -> Model:
    """The model after the log; from the last check's model when the log only grew since (not after an undo)."""
    setup, log, m = _last
    k = len(log)
    if setup is not s.setup or len(s.log) < k or s.log[:k] != log:
        m, k = Model(s), 0
    for a in s.log[k:]:
        m.apply(a)
    _last[:] = [s.setup, list(s.log), m]
    return m


def check_paris(s: GameState, oracle: bool = False) -> Model:
    """Every fact above; returns the model (tests look at it for coverage)."""
    f = paris_facts(s.setup.map)
    m = model_of(s)
    n = s.n_players
    _check_structure(s, f, m)
    # tile conservation (a set completed with Branch tiles holds fewer than five tiles)
    sets = sum(p.points.get("landmark_sets", 0) for p in s.players) // f["set_points"]
    on_board = Counter(t for t, left in zip(s.setup.landmark_tiles, s.landmarks_left) for _ in range(left))
    in_hands = sum((Counter(p.landmarks) for p in s.players), Counter())
    for t in f["types"]:
        assert on_board[t] + in_hands[t] + m.in_sets[t] == f["per_type"], f"{t} tiles are not conserved"
    assert sum(s.landmarks_left) + sum(in_hands.values()) + sum(m.in_sets.values()) == len(f["landmarks"]) == 40
    assert sets <= sum(m.in_sets.values()) <= 5 * sets, "every scored set holds one to five tiles"
    # the model's account
    assert s.landmarks_left == [m.left[x] for x in f["landmarks"]], "landmark tiles left differ from the model"
    for p, pl in enumerate(s.players):
        assert all(v > 0 for v in pl.landmarks.values()), f"player {p}'s hand holds a zero: {pl.landmarks}"
        assert len(pl.landmarks) < 5, f"player {p} holds all five types unscored"
        assert pl.landmarks == dict(+m.hand[p]), f"player {p}: hand {pl.landmarks}, model {dict(+m.hand[p])}"
        assert pl.branch_tiles == m.tiles[p] >= 0, f"player {p}: {pl.branch_tiles} Branch tiles, model {m.tiles[p]}"
        assert set(pl.points) <= PARIS_CATEGORIES, f"player {p} scored outside Paris's categories: {pl.points}"
        for k in ("rer", "terminus", "landmark_sets"):
            got = pl.points.get(k, 0)
            assert got == m.points[p][k], f"player {p}: {k} {got}, model {m.points[p][k]}"
        want = m.objectives(p) if s.over else 0
        assert pl.points.get("objectives", 0) == want, f"player {p}: objectives {pl.points.get('objectives', 0)}, " \
                                                       f"want {want}"
    # the choices
    assert [(c.kind, c.player, c.line, c.station) for c in s.pending] == m.pending, "pending choices differ"
    if s.phase in CHOICE_PHASES:
        c = s.pending[0]
        assert c.kind == s.phase and c.player == s.current, "the choice asked is the first pending, the actor's"
        assert not s.passenger_moved_this_turn, "the passenger waits until the choices are made"
        assert m.open(m.pending[0])
        want = ([ChooseReward(x) for x in ("points", "point_and_tile", "tiles")] if s.phase == PHASE_REWARD
                else [CompleteSet(True), CompleteSet(False)])
        assert legal_actions(s) == want
    else:
        assert not s.pending, f"choices pending in phase {s.phase}"
    if oracle and s.phase == PHASE_ACTIONS:
        check_placements(s, m)
    assert n == len(s.setup.objectives)
    return m


def check_placements(s: GameState, m: Model) -> None:
    """legal_placements is exactly the model's list of affordable placements, with the same costs."""
    p = s.current
    want = set()
    for li in s.players[p].lines:
        for c in range(len(m.tokens)):
            cost = m.cost(li, c)
            if cost is not None and cost <= m.tiles[p]:
                want.add((li, c, cost))
    got = set(legal_placements(s))
    assert got == want, f"engine-only {sorted(got - want)[:5]}, model-only {sorted(want - got)[:5]}"


def _check_structure(s: GameState, f: dict, m: Model) -> None:
    """The shared facts (as tests/engine/invariants.py checks them), with Paris's full connections allowed."""
    assert s.tokens == m.tokens, "tokens differ from the model, lane by lane"
    for c, toks in enumerate(s.tokens):
        spaces = f["conns"][c][2]
        assert len(toks) <= spaces + m.full_paid[c], f"more tokens than spaces on {c} without a full-connection price"
        assert len(set(toks)) == len(toks), f"one colour twice on connection {c}"
    for li, ln in enumerate(s.lines):
        assert ln.tokens_left >= 0 and ln.tokens_left + len(ln.conns) == TOKEN_SUPPLY[ln.colour]
        deg: Counter = Counter()
        g = nx.Graph()
        for c in ln.conns:
            a, b, _ = f["conns"][c]
            deg[a] += 1
            deg[b] += 1
            g.add_edge(a, b)
        assert dict(deg) == {k: v for k, v in ln.degree.items() if v} == dict(+m.deg[li])
        if ln.conns:
            assert nx.is_connected(g), f"the {ln.colour} line is in pieces"
    for p in s.players:
        assert p.score == sum(p.points.values()), "score is the sum of its categories"
        assert p.score_history == sorted(p.score_history)
    assert Counter(s.deck) + Counter(s.face_up) + Counter(s.discard) == Counter(s.setup.deck)
    assert len(s.face_up) <= 4
    assert s.phase in (PHASE_ACTIONS, PHASE_ROUTE, PHASE_OVER, *CHOICE_PHASES)
    n = s.n_players
    assert s.current == (s.setup.start_player + s.turn) % n, "turns go round in seat order"
    if not s.over:
        assert s.current == m.acting() or (s.phase in CHOICE_PHASES + (PHASE_ROUTE,) and s.actions_left == 0)
    if s.phase == PHASE_ACTIONS:
        seat = (s.current - s.setup.start_player) % n
        full = 4 if s.turn >= n else FIRST_TURN[n][seat]
        taken = sum(isinstance(a, (PlaceTrack, TakeBranch)) for a in s.log[s.turn_log_start:])
        assert s.actions_left == full - taken >= 1
    assert s.end_triggered == (not s.deck)
    if s.over:
        assert (s.turn + 1) % n == 0, "everyone had the same number of turns"
    if s.phase in CHOICE_PHASES:
        assert s.actions_left >= 0
