"""The expert's learned leaf (game/ai/leaf.py): the judge's parts measured separately add up to the judge, the fitted
weights load for every board and prefer the better position, and tools/fit_leaf.py gives back the shipped weights
from its data."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from game.ai import ExpertBot, RandomBot
from game.ai.bots import HardBot
from game.ai.cities import city_value
from game.ai.evaluate import DEFAULT, PARTS, Judge, passenger_now
from game.ai.leaf import FEATURES, WEIGHTS_FILE, board_key, features, judge_leaf, learned_leaf, load
from game.engine import apply, new_game

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tools" / "fit_leaf_data.jsonl.gz"
BOARDS = [("london", "standard"), ("london", "classic"), ("berlin", "standard"), ("newyork", "standard"),
          ("paris", "standard")]


def _midgame(map_name: str, variant: str, players: int, actions: int = 40):
    state = new_game(map=map_name, players=players, seed=7, start_player=0, variant=variant)
    bots = [RandomBot(3 + i) for i in range(players)]
    for _ in range(actions):
        apply(state, bots[state.current].choose(state))
    while state.phase != "actions":
        apply(state, bots[state.current].choose(state))
    return state


def _judged(state):
    w = city_value(state).weights("hard", DEFAULT)
    judge = Judge(state, 0, w)
    origins = [state.passenger] + HardBot(0, w).trip_origins(state)
    return judge, origins


@pytest.mark.parametrize("map_name,variant", BOARDS)
@pytest.mark.parametrize("players", [2, 4])
def test_parts_are_the_old_leaf(map_name, variant, players):
    """The features' parts add up to the judge's potential, and the old leaf computed from them is the expert's
    (judge.value, the next ride's lead for or against ``me``, trip_lead), for every player."""
    state = _midgame(map_name, variant, players)
    judge, origins = _judged(state)
    rows = features(judge, state, origins)
    pot = judge.potentials(state)
    for p, row in enumerate(rows):
        assert sum(row[FEATURES.index(k)] for k in PARTS) == pytest.approx(pot[p])
        me = Judge(state, p, judge.w)
        ride = passenger_now(state, state.current)
        old = me.value(state) + (ride if p == state.current else -ride) + me.trip_lead(state, origins)
        assert judge_leaf(me, rows, state.current, p) == pytest.approx(old)


def test_weights_load_for_every_board():
    data = load()
    for map_name, variant in BOARDS:
        model = data["boards"][board_key(new_game(map=map_name, players=2, seed=1, variant=variant))]
        assert len(model["coef"]) == len(FEATURES)
        assert model["games"] > 0


@pytest.mark.parametrize("map_name,variant", BOARDS)
def test_learned_leaf_prefers_the_better_position(map_name, variant):
    """Five points more for ``me`` (or for an opponent) raise (lower) the leaf on every board."""
    state = _midgame(map_name, variant, 2)
    judge, origins = _judged(state)
    before = learned_leaf(judge, state, origins, 0)
    ahead = state.copy()
    ahead.players[0].score += 5
    behind = state.copy()
    behind.players[1].score += 5
    assert learned_leaf(judge, ahead, origins, 0) > before > learned_leaf(judge, behind, origins, 0)


def test_weights_of_other_features_are_refused(tmp_path):
    data = json.loads(WEIGHTS_FILE.read_text())
    data["features"] = data["features"][:-1]
    path = tmp_path / "w.json"
    path.write_text(json.dumps(data))
    with pytest.raises(ValueError, match="fitted for features"):
        load(str(path))


def test_expert_leaf_setting():
    with pytest.raises(ValueError, match="leaf"):
        ExpertBot(1, leaf="neural")
    state = _midgame("london", "standard", 2)
    bot = ExpertBot(1, leaf="learned", work_budget=300.0, beam_budget=150.0, budget=float("inf"))
    action = bot.choose(state)
    assert bot.last_playouts > 0
    apply(state, action)  # legal


def test_the_tool_gives_back_the_shipped_weights(tmp_path):
    """tools/fit_leaf.py fit, on the data it recorded (and relative or not, as the weights say), writes exactly the
    shipped weights."""
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import fit_leaf
    finally:
        sys.path.remove(str(ROOT / "tools"))
    out = tmp_path / "w.json"
    shipped = json.loads(WEIGHTS_FILE.read_text())
    fit_leaf.fit(str(DATA), str(out), relative=shipped["relative"])
    assert json.loads(out.read_text()) == shipped
