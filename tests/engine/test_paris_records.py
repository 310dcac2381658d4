"""Paris records: the set-up holds the landmark deal and the secret objectives, the choices are actions
("reward", "complete_set"), a record replays and re-encodes the same, broken Paris records are refused naming
the place; `replay` prints landmark hands and sets, and the objectives only with --reveal; `simulate` and `bench`
play Paris."""
from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from game.bench import board_figures
from game.engine import apply, legal_actions, new_game, record
from game.engine.actions import ChooseReward, CompleteSet
from game.engine.cities import paris
from game.engine.rules import board_of


def cli(*args):
    return subprocess.run([sys.executable, "-m", "game.cli", *args], capture_output=True, text=True, timeout=300)


def random_game(seed: int, players: int, stop=None):
    s = new_game("paris", players, seed=seed)
    rng = random.Random(seed)
    while not s.over and not (stop and stop(s)):
        apply(s, rng.choice(legal_actions(s)))
    return s


@pytest.fixture(scope="module")
def finished():
    """A finished 3-player game whose log holds every kind of choice (the first such seed)."""
    for seed in range(200):
        s = random_game(seed, 3)
        kinds = {repr(a) for a in s.log if isinstance(a, (ChooseReward, CompleteSet))}
        if {repr(CompleteSet(True)), repr(CompleteSet(False)), repr(ChooseReward("tiles"))} <= kinds \
                and any(p.landmarks for p in s.players):
            return s
    raise AssertionError("no seed below 200 gives a game with every choice")


@pytest.fixture
def saved(finished, tmp_path):
    path = tmp_path / "paris.json"
    record.save(finished, path)
    return path


def test_paris_record_holds_the_deal_and_the_choices(finished, saved):
    doc = json.loads(saved.read_text(encoding="utf-8"))
    assert doc["map"] == "paris" and len(doc["setup"]["landmark_tiles"]) == 40
    assert doc["setup"]["objectives"] == finished.setup.objectives and len(doc["setup"]["objectives"]) == 3
    types = {a["type"] for a in doc["actions"]}
    assert {"place", "reward", "complete_set"} <= types
    assert {"type": "complete_set", "complete": True} in doc["actions"]
    assert {"type": "reward", "choice": "tiles"} in doc["actions"]


def test_paris_record_round_trip(finished, saved, tmp_path):
    again = record.load_state(saved)
    assert again.setup == finished.setup and again.log == finished.log and again.over
    assert again.players == finished.players and again.lines == finished.lines and again.tokens == finished.tokens
    assert again.landmarks_left == finished.landmarks_left
    out = tmp_path / "again.json"
    record.save(again, out)
    assert out.read_bytes() == saved.read_bytes(), "a replayed record re-encodes byte for byte"


@pytest.mark.parametrize("phase", ["reward", "complete_set"])
def test_a_record_stopped_in_a_choice_replays_to_the_same_choice(phase, tmp_path):
    for seed in range(100):
        s = random_game(seed, 2, stop=lambda st: st.phase == phase)
        if s.phase == phase:
            break
    path = tmp_path / "mid.json"
    record.save(s, path)
    again = record.load_state(path)
    assert again.phase == phase and again.pending == s.pending and again.players == s.players
    assert legal_actions(again) == legal_actions(s)


def broken(saved, tmp_path, change) -> str:
    doc = json.loads(saved.read_text(encoding="utf-8"))
    change(doc)
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    before = path.read_bytes()
    with pytest.raises(record.RecordError) as err:
        record.load_state(path)
    r = cli("replay", str(path))
    assert r.returncode == 1 and "Traceback" not in r.stderr and str(err.value) in r.stderr
    assert path.read_bytes() == before, "loading never changes the file"
    assert str(path) in str(err.value)
    return str(err.value)


def first(doc, kind: str) -> int:
    return next(i for i, a in enumerate(doc["actions"]) if a["type"] == kind)


def test_broken_paris_records_are_refused_naming_the_place(saved, tmp_path):
    def dup(doc):
        doc["setup"]["objectives"][1][0] = doc["setup"]["objectives"][0][1]
    assert "setup.objectives[1][0]: card" in broken(saved, tmp_path, dup)

    def three(doc):
        dealt = {c for hand in doc["setup"]["objectives"] for c in hand}
        doc["setup"]["objectives"][2].append(min(set(range(11)) - dealt))
    assert "setup.objectives[2]: 3 cards; every player is dealt 2" in broken(saved, tmp_path, three)

    def tiles(doc):
        doc["setup"]["landmark_tiles"][0] = "opera"
    assert "setup.landmark_tiles[0]: unknown landmark type 'opera'" in broken(saved, tmp_path, tiles)

    def missing(doc):
        doc["setup"]["landmark_tiles"] = doc["setup"]["landmark_tiles"][:-1]
    assert "setup.landmark_tiles: 39 tiles for 40 landmark stations" in broken(saved, tmp_path, missing)

    def bad_choice(doc):
        doc["actions"][first(doc, "reward")]["choice"] = "lots"
    i = first(json.loads(saved.read_text(encoding="utf-8")), "reward")
    assert f"actions[{i}] (terminus reward 'lots'): illegal: 'lots' is not a terminus reward" in \
        broken(saved, tmp_path, bad_choice)

    def not_a_bool(doc):
        doc["actions"][first(doc, "complete_set")]["complete"] = "yes"
    j = first(json.loads(saved.read_text(encoding="utf-8")), "complete_set")
    assert f"actions[{j}].complete: Expected `bool`" in broken(saved, tmp_path, not_a_bool)

    def skipped(doc):
        del doc["actions"][first(doc, "reward")]
    msg = broken(saved, tmp_path, skipped)
    assert f"actions[{i}] (" in msg and "choose the terminus reward" in msg

    def extra(doc):
        doc["actions"].insert(0, {"type": "reward", "choice": "points"})
    assert "actions[0] (terminus reward: 2 points): illegal: there is no choice to make now" in \
        broken(saved, tmp_path, extra)


# ---- replay ------------------------------------------------------------------------------------------------

def test_replay_prints_landmark_hands_and_sets_and_hides_the_objectives(finished, saved):
    board = board_of(finished)
    r = cli("replay", str(saved))
    assert r.returncode == 0, r.stderr
    for p in finished.players:
        hand = ", ".join(f"{t} {p.landmarks.get(t, 0)}" for t in board.paris.landmark_types)
        sets = p.points.get("landmark_sets", 0) // 7
        assert f"landmark tiles: {hand}; landmark sets scored: {sets}" in r.stdout
    assert r.stdout.count("secret objectives: hidden (replay --reveal shows them)") == 3
    assert "objective " not in r.stdout.replace("secret objectives", "")
    out = json.loads(cli("replay", str(saved), "--json").stdout)
    assert all("objectives" not in p for p in out["players"]) and "objectives" not in json.dumps(out)
    assert [p["landmark_tiles"] for p in out["players"]] == [
        {t: p.landmarks.get(t, 0) for t in board.paris.landmark_types} for p in finished.players]
    assert sum(out["landmarks_left"].values()) == sum(finished.landmarks_left)


def test_replay_reveal_prints_each_players_objectives(finished, saved):
    board = board_of(finished)
    r = cli("replay", str(saved), "--reveal")
    assert r.returncode == 0, r.stderr
    assert "hidden" not in r.stdout
    for p in range(3):
        for card in paris.objectives_of(finished, p):
            names = " / ".join(board.stations[x].name for x in board.objective_stations[card])
            assert f"objective {card}: {names} ({board.objective_points[card]} per line): " in r.stdout
    out = json.loads(cli("replay", str(saved), "--json", "--reveal").stdout)
    for p, entry in enumerate(out["players"]):
        assert [c["card"] for c in entry["objectives"]] == finished.setup.objectives[p]
        for c in entry["objectives"]:
            want = [finished.lines[li].colour for li in paris.lines_meeting(finished, board, p, c["card"])]
            assert c["lines"] == want
        assert entry["objective_points"] == sum(board.objective_points[c["card"]] * len(c["lines"])
                                                for c in entry["objectives"])


def test_replay_of_a_record_stopped_in_a_choice_says_what_is_asked(tmp_path):
    s = random_game(5, 2, stop=lambda st: st.phase == "reward")
    path = tmp_path / "mid.json"
    record.save(s, path)
    r = cli("replay", str(path))
    name = board_of(s).stations[s.pending[0].station].name
    assert r.returncode == 0 and f"asking {s.players[s.current].name}: terminus reward at {name}" in r.stdout
    assert "not finished" in r.stdout


def test_reveal_on_another_board_prints_no_objectives():
    from pathlib import Path

    london = Path(__file__).parent / "bad_records" / "_valid_base.json"
    r = cli("replay", str(london), "--reveal")
    assert r.returncode == 0 and "objective" not in r.stdout


# ---- simulate and bench ------------------------------------------------------------------------------------

def test_simulate_paris_five_players_finishes_every_game():
    r = cli("simulate", "--map", "paris", "--players", "5", "--games", "50", "--json")
    assert r.returncode == 0, r.stderr
    games = json.loads(r.stdout)["games"]
    assert len(games) == 50 and all(g["finished"] for g in games)
    assert all(g["turns"] % 5 == 0 for g in games), "everyone had the same number of turns"


def test_bench_measures_paris():
    figures = board_figures("paris", quick=True)
    assert set(figures) == {"route_ms", "legal_ms", "games_per_s"}
    assert all(isinstance(v, (int, float)) and v > 0 for v in figures.values()), figures
