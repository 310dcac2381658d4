"""Kiosk config: broken files must degrade key by key, with a message that helps."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.kiosk_config import (
    DEFAULT_BOARDS,
    DEFAULT_PIN,
    KioskConfig,
    encode_kiosk_config,
    hash_pin,
    load_kiosk_config,
    parse_pin_hash,
    save_kiosk_config,
    uses_default_pin,
    verify_pin,
)

FAST = 1000  # PBKDF2 iterations for tests; the real default is 600 000
GOOD_HASH = hash_pin("2468", iterations=FAST)

VALID = f"""
display = 1
idle_timeout_s = 120
admin_pin_hash = "{GOOD_HASH}"
boards = ["london", "paris"]
volume = 0.25
attract_pace = 2.5
heartbeat_timeout_s = 15
data_dir = "/srv/underground"
"""


def write(tmp_path: Path, text: str | bytes, name: str = "kiosk.toml") -> Path:
    path = tmp_path / name
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def with_line(line: str) -> str:
    """The valid file with one key replaced (or added)."""
    key = line.split("=")[0].strip()
    kept = [l for l in VALID.splitlines() if not l.startswith(key + " ")]
    return "\n".join(kept + [line]) + "\n"


def only_problem(problems: list[str], field: str) -> str:
    hits = [p for p in problems if f"`{field}`" in p]
    assert len(hits) == 1, problems
    assert len(problems) == 1, problems
    return hits[0]


def test_valid_file_loads_without_problems(tmp_path):
    path = write(tmp_path, VALID)
    config, problems = load_kiosk_config(path)
    assert problems == []
    assert config == KioskConfig(
        display=1,
        idle_timeout_s=120,
        admin_pin_hash=GOOD_HASH,
        boards=["london", "paris"],
        volume=0.25,
        attract_pace=2.5,
        heartbeat_timeout_s=15.0,
        data_dir="/srv/underground",
    )
    assert verify_pin("2468", config.admin_pin_hash)
    assert not uses_default_pin(config)


def test_unknown_key_is_ignored_with_a_spelling_hint(tmp_path):
    path = write(tmp_path, VALID + "volumne = 0.9\n")
    config, problems = load_kiosk_config(path)
    msg = only_problem(problems, "volumne")
    assert str(path) in msg and "unknown key" in msg and "did you mean `volume`" in msg
    assert config.volume == 0.25  # the real key is untouched


def test_section_header_is_reported_as_unknown_key(tmp_path):
    path = write(tmp_path, VALID + "[kiosk]\nvolume = 0.1\n")
    config, problems = load_kiosk_config(path)
    msg = only_problem(problems, "kiosk")
    assert "no [sections]" in msg
    assert config.volume == 0.25


@pytest.mark.parametrize(
    "line, field, default",
    [
        ('display = "left"', "display", 0),
        ("idle_timeout_s = 90.5", "idle_timeout_s", 90),
        ('volume = "loud"', "volume", 0.6),
        ("boards = \"london\"", "boards", list(DEFAULT_BOARDS)),
        ("attract_pace = true", "attract_pace", 1.2),
        ("heartbeat_timeout_s = [20]", "heartbeat_timeout_s", 20.0),
        ("data_dir = 42", "data_dir", None),
    ],
)
def test_wrong_type_falls_back_for_that_key_only(tmp_path, line, field, default):
    path = write(tmp_path, with_line(line))
    config, problems = load_kiosk_config(path)
    msg = only_problem(problems, field)
    assert str(path) in msg and "wrong type" in msg and "Fix:" in msg
    assert getattr(config, field) == default
    # every other key keeps the file's value
    assert config.admin_pin_hash == GOOD_HASH
    if field != "volume":
        assert config.volume == 0.25


@pytest.mark.parametrize(
    "line, field, default",
    [
        ("idle_timeout_s = 5", "idle_timeout_s", 90),
        ("idle_timeout_s = 3601", "idle_timeout_s", 90),
        ("volume = 1.5", "volume", 0.6),
        ("volume = -0.1", "volume", 0.6),
        ("display = -1", "display", 0),
        ("attract_pace = 0", "attract_pace", 1.2),
        ("heartbeat_timeout_s = 1", "heartbeat_timeout_s", 20.0),
        ("heartbeat_timeout_s = nan", "heartbeat_timeout_s", 20.0),
        ("boards = []", "boards", list(DEFAULT_BOARDS)),
    ],
)
def test_out_of_range_falls_back_for_that_key_only(tmp_path, line, field, default):
    path = write(tmp_path, with_line(line))
    config, problems = load_kiosk_config(path)
    msg = only_problem(problems, field)
    assert str(path) in msg and "Fix:" in msg
    assert getattr(config, field) == default
    assert config.display == (1 if field != "display" else 0)


def test_bad_board_names_are_dropped_one_by_one(tmp_path):
    path = write(tmp_path, with_line('boards = ["london", "../etc", 7, "tokyo"]'))
    config, problems = load_kiosk_config(path)
    msg = only_problem(problems, "boards")
    assert "'../etc'" in msg and "7" in msg
    assert config.boards == ["london", "tokyo"]


def test_relative_data_dir_is_refused(tmp_path):
    path = write(tmp_path, with_line('data_dir = "saves"'))
    config, problems = load_kiosk_config(path)
    msg = only_problem(problems, "data_dir")
    assert "relative" in msg
    assert config.data_dir is None


def test_missing_pin_hash_uses_the_documented_default_pin(tmp_path):
    text = "\n".join(l for l in VALID.splitlines() if not l.startswith("admin_pin_hash"))
    path = write(tmp_path, text)
    config, problems = load_kiosk_config(path)
    msg = only_problem(problems, "admin_pin_hash")
    assert "no admin_pin_hash set" in msg
    assert "default PIN 0000" in msg and "python -m kiosk hash-pin" in msg
    assert verify_pin(DEFAULT_PIN, config.admin_pin_hash)
    assert uses_default_pin(config)
    assert config.volume == 0.25


@pytest.mark.parametrize(
    "stored, reason",
    [
        ("1234", "4 parts"),
        ("md5$1000$00112233445566778899$" + "00" * 32, "unknown scheme"),
        ("pbkdf2_sha256$lots$0011223344556677$" + "00" * 32, "not a whole number"),
        ("pbkdf2_sha256$10$0011223344556677$" + "00" * 32, "iteration count"),
        ("pbkdf2_sha256$1000$zz11223344556677$" + "00" * 32, "hexadecimal"),
        ("pbkdf2_sha256$1000$0011223344556677$00", "32 bytes"),
    ],
)
def test_malformed_pin_hash_is_explained_and_replaced(tmp_path, stored, reason):
    path = write(tmp_path, with_line(f'admin_pin_hash = "{stored}"'))
    config, problems = load_kiosk_config(path)
    msg = only_problem(problems, "admin_pin_hash")
    assert reason in msg
    assert verify_pin(DEFAULT_PIN, config.admin_pin_hash)


def test_invalid_toml_keeps_the_lines_that_still_parse(tmp_path):
    text = with_line("idle_timeout_s = ") + "volume 0.3\n"
    path = write(tmp_path, text)
    config, problems = load_kiosk_config(path)
    assert len(problems) == 1, problems
    msg = problems[0]
    assert str(path) in msg and "not valid TOML" in msg and "line" in msg
    assert "check-config" in msg
    assert config.idle_timeout_s == 90  # the broken line
    assert config.display == 1 and config.volume == 0.25  # salvaged lines
    assert config.admin_pin_hash == GOOD_HASH


def test_invalid_toml_with_nothing_salvageable_gives_all_defaults(tmp_path):
    path = write(tmp_path, "this is not toml at all\n")
    config, problems = load_kiosk_config(path)
    assert any("not valid TOML" in p for p in problems)
    assert any("`admin_pin_hash`" in p for p in problems)
    defaults = KioskConfig()
    assert (config.volume, config.boards, config.idle_timeout_s) == (
        defaults.volume,
        defaults.boards,
        defaults.idle_timeout_s,
    )


def test_missing_file_gives_defaults_and_says_where_to_put_it(tmp_path):
    path = tmp_path / "nope" / "kiosk.toml"
    config, problems = load_kiosk_config(path)
    assert len(problems) == 2
    assert str(path) in problems[0] and "not found" in problems[0]
    assert "kiosk.example.toml" in problems[0]
    assert "`admin_pin_hash`" in problems[1]
    assert config.idle_timeout_s == 90 and config.boards == list(DEFAULT_BOARDS)
    assert verify_pin(DEFAULT_PIN, config.admin_pin_hash)


def test_unreadable_file_gives_defaults(tmp_path):
    config, problems = load_kiosk_config(tmp_path)  # a directory, not a file
    assert "cannot read" in problems[0] and str(tmp_path) in problems[0]
    assert config.volume == 0.6


def test_non_utf8_file_gives_defaults(tmp_path):
    path = write(tmp_path, b"volume = 0.3\nboards = [\"l\xe9ndon\"]\n")
    config, problems = load_kiosk_config(path)
    assert "UTF-8" in problems[0]
    assert config.volume == 0.6


def test_several_problems_are_all_reported(tmp_path):
    path = write(tmp_path, 'display = "x"\nvolume = 9\ncolour = 1\n')
    config, problems = load_kiosk_config(path)
    fields = ["display", "volume", "colour", "admin_pin_hash"]
    for field in fields:
        assert any(f"`{field}`" in p for p in problems), (field, problems)
    assert len(problems) == len(fields)


# ------------------------------------------------------------------ PINs


def test_pin_hash_round_trip():
    stored = hash_pin("013579", iterations=FAST)
    iterations, salt, digest = parse_pin_hash(stored)
    assert iterations == FAST and len(salt) == 16 and len(digest) == 32
    assert verify_pin("013579", stored)
    assert not verify_pin("013578", stored)
    assert not verify_pin("", stored)
    # same PIN, new salt: different text, both verify
    again = hash_pin("013579", iterations=FAST)
    assert again != stored and verify_pin("013579", again)


def test_default_iterations_are_strong():
    assert parse_pin_hash(hash_pin("1234"))[0] >= 600_000


@pytest.mark.parametrize("pin", ["", "123", "12345678901234", "12a4", " 1234", "１２３４"])
def test_hash_pin_refuses_pins_the_keypad_cannot_type(pin):
    with pytest.raises(ValueError, match="4 to 12 digits"):
        hash_pin(pin, iterations=FAST)


@pytest.mark.parametrize("stored", ["", "garbage", "pbkdf2_sha256$1000$00$00", None, 42])
def test_verify_pin_is_false_for_malformed_hashes(stored):
    assert verify_pin("1234", stored) is False


# ---------------------------------------------------------------- saving


def test_save_then_load_round_trip(tmp_path):
    config, _ = load_kiosk_config(write(tmp_path, VALID))
    config.idle_timeout_s = 300
    config.volume = 0.8
    config.boards = ["paris"]
    target = tmp_path / "out" / "kiosk.toml"
    save_kiosk_config(config, target)
    loaded, problems = load_kiosk_config(target)
    assert problems == []
    assert loaded == config


def test_save_does_not_persist_the_fallback_pin(tmp_path):
    config, _ = load_kiosk_config(tmp_path / "missing.toml")
    target = tmp_path / "kiosk.toml"
    save_kiosk_config(config, target)
    assert "admin_pin_hash = (not set)" in target.read_text()
    _, problems = load_kiosk_config(target)
    assert [p for p in problems if "`admin_pin_hash`" in p]  # still nagging


def test_save_keeps_a_backup_and_refuses_invalid_values(tmp_path):
    path = write(tmp_path, VALID)
    config, _ = load_kiosk_config(path)
    config.volume = 0.5
    save_kiosk_config(config, path)
    assert (tmp_path / "kiosk.toml.bak").read_text(encoding="utf-8") == VALID
    before = path.read_bytes()
    config.volume = 1.7
    with pytest.raises(ValueError, match="volume"):
        save_kiosk_config(config, path)
    assert path.read_bytes() == before


text_no_surrogates = st.text(
    alphabet=st.characters(blacklist_categories=("Cs",)), min_size=0, max_size=40
)


@settings(max_examples=60, deadline=None)
@given(tail=text_no_surrogates, volume=st.floats(0.0, 1.0), idle=st.integers(10, 3600))
def test_encoder_round_trips_any_text_and_numbers(tail, volume, idle):
    config = KioskConfig(
        admin_pin_hash=GOOD_HASH,
        volume=volume,
        idle_timeout_s=idle,
        data_dir="/" + tail,
    )
    decoded = msgspec.toml.decode(encode_kiosk_config(config), type=KioskConfig)
    assert decoded == config
