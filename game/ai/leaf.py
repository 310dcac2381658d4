"""The expert's learned leaf: each player's final points predicted from the judge's parts, fitted to hard's games.

Hard's judge (evaluate.Judge) adds its parts with hand-tuned weights. Here the same parts are measured
separately per player (points so far, each part of the potential, the passenger points of the trips still to
come on today's network, the next ride, the turns left) and weighed by a linear model fitted, per board, to the
final points of hard-against-hard games (tools/fit_leaf.py, which writes leaf_weights.json beside this module).
The leaf's value for a player is its predicted final points minus the best opponent's. The paired weights
(leaf_paired_weights.json, ``fit_leaf.py fitpairs``) weigh the same parts so that the leaf's difference between two of
hard's candidate turns in one sampled world predicts the difference of their playouts' final points leads.
"""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from ..engine import GameState
from .evaluate import PARTS, Judge, lead_of, passenger_points, turns_left

WEIGHTS_FILE = Path(__file__).with_name("leaf_weights.json")
PAIRED_FILE = Path(__file__).with_name("leaf_paired_weights.json")  # fitted to hard's candidates' playouts
FEATURES = ("score",) + PARTS + ("trips", "ride", "turns_left")


def board_key(state: GameState) -> str:
    """The board family a fit is for: the map, and "classic" for London's first edition."""
    return "classic" if state.setup.variant == "classic" else state.setup.map


def ride_points(state: GameState) -> list[float]:
    """Per player, the passenger points of the moves the player to move would get if the turn ended now, routes
    chosen for that player (``passenger_now`` gives the same as a lead)."""
    pts = None if state.over else passenger_points(state, state.current)
    return [0.0] * state.n_players if pts is None else [float(x) for x in pts]


def features(judge: Judge, state: GameState, origins: list[int]) -> list[list[float]]:
    """Per player, the values of FEATURES in ``state`` (``origins``: the trips' sample origins, as trip_lead's)."""
    parts: dict[str, list[float]] = {}
    judge.potentials(state, parts=parts)
    per_trip, trips = judge.trip_shares(state, origins)
    ride = ride_points(state)
    tl = turns_left(state)
    return [[float(pl.score)] + [parts[k][p] for k in PARTS] + [per_trip[p] * trips, ride[p], tl[p]]
            for p, pl in enumerate(state.players)]


def judge_leaf(judge: Judge, rows: list[list[float]], mover: int, me: int) -> float:
    """The expert's leaf before the learned one, from ``features``' rows: judge.value, the next ride's lead for the
    mover (against ``me`` when the mover is another), trip_lead."""
    i = FEATURES.index
    tot = [r[i("score")] + sum(r[i(k)] for k in PARTS) for r in rows]
    score = [r[i("score")] for r in rows]
    ride = lead_of([s + r[i("ride")] for s, r in zip(score, rows)], mover) - lead_of(score, mover)
    trips = [judge.w.trips * r[i("trips")] for r in rows]
    return lead_of(tot, me) + (ride if mover == me else -ride) + (lead_of(trips, me) if judge.w.trips else 0.0)


@lru_cache(maxsize=4)
def load(path: str = str(WEIGHTS_FILE)) -> dict:
    """The fitted weights: per board family, the intercept and one weight per feature (FEATURES' order)."""
    data = json.loads(Path(path).read_text())
    if tuple(data["features"]) != FEATURES:
        raise ValueError(f"{path}: fitted for features {data['features']}, this code reads {list(FEATURES)}")
    return data


def predicted(rows: list[list[float]], model: dict) -> list[float]:
    """Each player's predicted final points."""
    b0 = model["intercept"]
    coef = model["coef"]
    return [b0 + sum(c * x for c, x in zip(coef, r)) for r in rows]


def learned_leaf(judge: Judge, state: GameState, origins: list[int], me: int, path: str = str(WEIGHTS_FILE)) -> float:
    """``me``'s predicted final points minus the best opponent's."""
    model = load(path)["boards"][board_key(state)]
    return lead_of(predicted(features(judge, state, origins), model), me)
