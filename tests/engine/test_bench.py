"""`underground bench --json` prints one JSON object with the engine figures (no speed asserted here)."""
import json
import subprocess
import sys


def test_bench_json_has_the_engine_figures():
    r = subprocess.run([sys.executable, "-m", "game.cli", "bench", "--json", "--quick", "--only", "engine"],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    for key in ("route_ms", "route_vs_networkx", "legal_ms", "games_per_s",
                "route_ms_berlin", "legal_ms_berlin", "games_per_s_berlin"):
        assert isinstance(out[key], (int, float)) and out[key] > 0, key
