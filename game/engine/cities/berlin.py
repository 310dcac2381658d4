"""Berlin: "+" stations (a line's 1st..4th score 0, 2, 2, 4) and landmark tiles (sets of five, end bonus).

The numbers and the stacks are the map's ``[berlin]`` table (board.berlin); the rules are here. Every
landmark stack holds a single type (RULES.md), so taking a tile is automatic: no choice, no phase.
"""
from __future__ import annotations

import random
from collections import Counter

from ..board import Board
from ..events import LandmarkTaken
from ..ruleset import Ruleset, add_points
from ..state import GameState, Setup


def deal_landmarks(board: Board, rng: random.Random) -> list[str]:
    """One type per landmark station: each type split into ``stacks_per_type``, the stacks of each size
    shuffled onto the stations of that size (rulebook set-up, step 3)."""
    bd = board.berlin
    stacks: dict[int, list[str]] = {}
    for t in bd.landmark_types:
        for size in bd.stacks_per_type:
            stacks.setdefault(size, []).append(t)
    for size in sorted(stacks, reverse=True):  # 3s, then 2s, then singles, as the rulebook deals them
        rng.shuffle(stacks[size])
    return [stacks[size].pop() for size in board.landmark_stack_sizes]


def landmark_problems(board: Board, tiles: list[str]) -> list[str]:
    """Why ``tiles`` (setup.landmark_tiles) is not a deal of this board's landmark stacks, naming the field."""
    bd = board.berlin
    n = len(board.landmark_stations)
    if len(tiles) != n:
        return [f"setup.landmark_tiles: {len(tiles)} types for {n} landmark stations; give one type per "
                f"landmark station, in the order of the map's [berlin].landmarks"]
    problems = []
    for i, t in enumerate(tiles):
        if t not in bd.landmark_types:
            problems.append(f"setup.landmark_tiles[{i}]: unknown landmark type {t!r}; use one of "
                            f"{', '.join(bd.landmark_types)}")
    if problems:
        return problems
    want = sorted(bd.stacks_per_type, reverse=True)
    for t in bd.landmark_types:
        got = sorted((size for size, x in zip(board.landmark_stack_sizes, tiles) if x == t), reverse=True)
        if got != want:
            have = "+".join(map(str, got)) or "none"
            problems.append(f"setup.landmark_tiles: {t} has stacks {have} ({sum(got)} tiles); every type is "
                            f"one stack each of {'+'.join(map(str, want))} ({sum(want)} tiles, rulebook set-up), "
                            f"so give each type stations of those sizes")
    return problems


class BerlinRules(Ruleset):
    city = "berlin"

    def random_setup(self, board: Board, rng: random.Random, setup: dict) -> None:
        if setup.get("landmark_tiles") is None:
            setup["landmark_tiles"] = deal_landmarks(board, rng)

    def check_setup(self, board: Board, setup: Setup) -> list[str]:
        problems = landmark_problems(board, setup.landmark_tiles)
        if setup.connection_tiles:
            problems.append(f"setup.connection_tiles: {setup.connection_tiles!r}; connection tiles are London's, "
                            f"the {board.name} board has none; leave it empty")
        return problems

    def prepare_state(self, state: GameState, board: Board) -> None:
        state.landmarks_left = list(board.landmark_stack_sizes)

    def on_connected(self, state: GameState, board: Board, line: int, station: int, events: list) -> None:
        super().on_connected(state, board, line, station, events)
        kinds = board.stations[station].kinds
        ln = state.lines[line]
        if "plus" in kinds:
            ln.plus_stations.append(station)
            table = board.berlin.plus_points
            k = len(ln.plus_stations)
            points = table[k - 1] if k <= len(table) else 0
            if points:  # the first "+" station scores nothing: no Scored event (line.plus_stations records it)
                add_points(state, ln.owner, points, "plus", events, line, (station,))
        if "landmark" in kinds:
            self._take_landmark(state, board, line, station, events)

    def _take_landmark(self, state: GameState, board: Board, line: int, station: int, events: list) -> None:
        i = board.landmark_stations.index(station)
        if state.landmarks_left[i] <= 0:
            return
        state.landmarks_left[i] -= 1
        owner = state.lines[line].owner
        kind = state.setup.landmark_tiles[i]
        held = state.players[owner].landmarks
        held[kind] = held.get(kind, 0) + 1
        events.append(LandmarkTaken(owner, line, station, kind, state.landmarks_left[i]))
        types = board.berlin.landmark_types
        if all(held.get(t, 0) > 0 for t in types):
            for t in types:  # one of each is discarded; duplicates stay in hand
                held[t] -= 1
                if not held[t]:
                    del held[t]
            add_points(state, owner, board.berlin.set_points, "landmark_sets", events, line, (station,))

    def final_scoring(self, state: GameState, board: Board, events: list) -> None:
        """3 points per tile of the type a player holds most of; tied types count once (rulebook example)."""
        for p, player in enumerate(state.players):
            most = max(player.landmarks.values(), default=0)
            if most:
                add_points(state, p, board.berlin.bonus_per_tile * most, "landmark_bonus", events)


def landmark_counts(state: GameState) -> Counter:
    """Landmark tiles held by all players together, by type (for checks and summaries)."""
    total: Counter = Counter()
    for p in state.players:
        total.update(p.landmarks)
    return total
