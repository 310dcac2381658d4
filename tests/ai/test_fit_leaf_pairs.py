"""tools/fit_leaf.py's paired records and fit: the candidates of one position share their sampled worlds, the records
are the same on every run, and the fit to paired differences finds weights that order the candidates as their
outcomes."""
from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest

from game.ai import RandomBot
from game.ai.leaf import FEATURES
from game.engine import apply, new_game

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def fit_leaf():
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import fit_leaf
    finally:
        sys.path.remove(str(ROOT / "tools"))
    return fit_leaf


def _midgame():
    state = new_game(map="london", players=2, seed=7, start_player=0)
    bots = [RandomBot(3), RandomBot(4)]
    for _ in range(40):
        apply(state, bots[state.current].choose(state))
    while state.phase != "actions":
        apply(state, bots[state.current].choose(state))
    return state


def test_candidates_share_their_worlds(fit_leaf):
    state = _midgame()
    recs = fit_leaf.candidate_records(state, 6000, worlds=2, keep=3)
    assert recs == fit_leaf.candidate_records(state, 6000, worlds=2, keep=3)
    assert [(r["world"], r["cand"]) for r in recs] == [(w, c) for w in range(2) for c in range(3)]
    assert all(r["me"] == state.current for r in recs)
    for r in recs:
        assert r["rows"] is None or (len(r["rows"]) == 2 and len(r["rows"][0]) == len(FEATURES))
    # the same world for every candidate: what differs between them is the turn only (the final leads are whole
    # points, the leaf values differ between candidates)
    assert len({r["judge"] for r in recs if r["world"] == 0}) > 1


def test_paired_fit_orders_candidates_as_their_outcomes(fit_leaf):
    """Outcomes made from known weights on the lead features (plus what every candidate of a world shares): the
    paired fit orders held-out candidates as their outcomes, and the judge's leaf, unrelated here, does not."""
    rng = random.Random(1)
    true = [rng.uniform(-1, 1) for _ in FEATURES]
    groups = []
    for pos in range(160):
        shared = rng.gauss(0, 30)  # what one world gives all its candidates: the fit must not need it
        g = []
        for cand in range(3):
            rows = [[rng.gauss(0, 3) for _ in FEATURES] for _ in range(2)]
            rows[1][0] = -50.0  # the opponent is always the second row's
            lead = [a - b for a, b in zip(rows[0], rows[1])]
            end = shared + sum(w * x for w, x in zip(true, lead))
            g.append({"board": "london", "players": 2, "deal": pos, "turn": 1, "world": 0, "cand": cand, "me": 0,
                      "rows": rows, "end": round(end * 100), "judge": rng.gauss(0, 1)})
        groups.append(g)
    train = [g for g in groups if g[0]["deal"] % 4 != 3]
    held = [g for g in groups if g[0]["deal"] % 4 == 3]
    coef = fit_leaf.fit_paired(train)
    assert fit_leaf.ranking(held, coef)["world_pairs"] > 0.95
    assert fit_leaf.ranking(held, None)["world_pairs"] < 0.8


def test_paired_weights_load_and_prefer_the_better_position():
    """The shipped paired weights (game/ai/leaf_paired_weights.json) exist for every board, and five points more for
    ``me`` (for an opponent) raise (lower) the paired leaf."""
    from game.ai.bots import HardBot
    from game.ai.cities import city_value
    from game.ai.evaluate import DEFAULT, Judge
    from game.ai.leaf import PAIRED_FILE, board_key, learned_leaf, load

    data = load(str(PAIRED_FILE))
    for map_name, variant in [("london", "standard"), ("london", "classic"), ("berlin", "standard"),
                              ("newyork", "standard"), ("paris", "standard")]:
        state = new_game(map=map_name, players=2, seed=7, start_player=0, variant=variant)
        assert len(data["boards"][board_key(state)]["coef"]) == len(FEATURES)
    state = _midgame()
    w = city_value(state).weights("hard", DEFAULT)
    judge, origins = Judge(state, 0, w), [state.passenger] + HardBot(0, w).trip_origins(state)
    ahead, behind = state.copy(), state.copy()
    ahead.players[0].score += 5
    behind.players[1].score += 5
    before = learned_leaf(judge, state, origins, 0, str(PAIRED_FILE))
    assert learned_leaf(judge, ahead, origins, 0, str(PAIRED_FILE)) > before
    assert before > learned_leaf(judge, behind, origins, 0, str(PAIRED_FILE))


def test_expert_plays_with_the_paired_leaf():
    from game.ai import ExpertBot

    state = _midgame()
    bot = ExpertBot(1, leaf="paired", work_budget=300.0, beam_budget=150.0, budget=float("inf"))
    action = bot.choose(state)
    assert bot.last_playouts > 0
    apply(state, action)  # legal


@pytest.mark.soak
def test_the_tool_gives_back_the_shipped_paired_weights(fit_leaf, tmp_path):
    """tools/fit_leaf.py fitpairs, on the data it recorded, writes exactly the shipped paired weights (seconds)."""
    from game.ai.leaf import PAIRED_FILE

    out = tmp_path / "w.json"
    fit_leaf.fit_pairs(str(ROOT / "tools" / "fit_leaf_pairs_data.jsonl.gz"), str(out), check=False)
    assert json.loads(out.read_text()) == json.loads(PAIRED_FILE.read_text())
