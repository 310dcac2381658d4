"""Berlin records: landmark_tiles in the set-up, replay prints each player's landmark tiles by type."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from game.engine import record

BASE = Path(__file__).parent / "bad_records" / "_valid_berlin_base.json"


def cli(*args):
    return subprocess.run([sys.executable, "-m", "game.cli", *args], capture_output=True, text=True, timeout=120)


def test_berlin_record_holds_the_landmark_deal():
    doc = json.loads(BASE.read_text(encoding="utf-8"))
    assert doc["map"] == "berlin" and len(doc["setup"]["landmark_tiles"]) == 20
    s = record.load_state(BASE)
    assert s.setup.landmark_tiles == doc["setup"]["landmark_tiles"]
    assert any(p.landmarks for p in s.players), "the base record has tiles taken (else the replay test is empty)"


def test_replay_prints_landmark_tiles_by_type():
    s = record.load_state(BASE)
    r = cli("replay", str(BASE))
    assert r.returncode == 0, r.stderr
    for p in s.players:
        want = ", ".join(f"{t} {p.landmarks.get(t, 0)}" for t in ("culture", "government", "retail", "education",
                                                                    "sports"))
        assert f"landmark tiles: {want};" in r.stdout
    r = cli("replay", str(BASE), "--json")
    out = json.loads(r.stdout)
    assert [p["landmark_tiles"] for p in out["players"]] == [
        {t: p.landmarks.get(t, 0) for t in ("culture", "government", "retail", "education", "sports")}
        for p in s.players]
    assert sum(out["landmarks_left"].values()) == sum(s.landmarks_left)


def test_london_replay_has_no_landmark_lines():
    london = Path(__file__).parent / "bad_records" / "_valid_base.json"
    r = cli("replay", str(london))
    assert r.returncode == 0 and "landmark" not in r.stdout
    assert "landmark_tiles" not in json.loads(cli("replay", str(london), "--json").stdout)["players"][0]
