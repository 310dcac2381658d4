"""The shipped example config and systemd unit must match the code."""

from __future__ import annotations

import configparser
from pathlib import Path

from game.kiosk_config import FIELD_NAMES, KioskConfig, load_kiosk_config

KIOSK = Path(__file__).resolve().parents[2] / "kiosk"


def test_example_config_mentions_every_key_and_loads_as_the_defaults():
    path = KIOSK / "kiosk.example.toml"
    text = path.read_text(encoding="utf-8")
    for key in FIELD_NAMES:
        assert f"{key} =" in text, key
    config, problems = load_kiosk_config(path)
    # only the deliberately empty PIN hash is reported
    assert len(problems) == 1 and "`admin_pin_hash`" in problems[0], problems
    defaults = KioskConfig()
    for key in FIELD_NAMES:
        if key != "admin_pin_hash":
            assert getattr(config, key) == getattr(defaults, key), key


def test_systemd_unit_runs_the_supervisor_and_always_restarts():
    unit = configparser.ConfigParser(strict=False, interpolation=None)
    unit.optionxform = str  # systemd keys are case-sensitive
    unit.read(KIOSK / "underground-kiosk.service", encoding="utf-8")
    service = unit["Service"]
    assert service["Restart"] == "always"
    exec_start = service["ExecStart"].split()
    assert exec_start[0].endswith("/.venv/bin/python")
    assert exec_start[1:] == ["-m", "kiosk", "--config", "%h/.config/underground/kiosk.toml"]
    assert unit["Install"]["WantedBy"]
