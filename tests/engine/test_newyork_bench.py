"""New York in `bench` (keys ending _newyork) and in `simulate` (every game finishes)."""
import json
import subprocess
import sys

from game.bench import board_figures


def test_bench_measures_new_york():
    figures = board_figures("newyork", quick=True)
    assert set(figures) == {"route_ms", "legal_ms", "games_per_s"}
    assert all(isinstance(v, (int, float)) and v > 0 for v in figures.values()), figures


def test_simulate_new_york_finishes_every_game():
    r = subprocess.run([sys.executable, "-m", "game.cli", "simulate", "--map", "newyork", "--players", "5",
                        "--games", "8", "--json"], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    games = json.loads(r.stdout)["games"]
    assert len(games) == 8 and all(g["finished"] for g in games)
    assert all(g["turns"] % 5 == 0 for g in games), "everyone had the same number of turns"
