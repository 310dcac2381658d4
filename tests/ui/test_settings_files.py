"""The set-up and preferences files: written whole or not at all, and a disk that refuses is told, never fatal."""
import logging

from game.ui.settings import Preferences, SeatConfig, Settings, TableSetup

SEATS = [SeatConfig(name="Ada"), SeatConfig(name="Ben", edge="top")]


def test_preferences_and_set_up_are_remembered_and_read_back(tmp_path):
    s = Settings(tmp_path / "config")
    assert s.remember_preferences(Preferences(volume=0.25, language="de"))
    assert s.remember_setup(TableSetup(map="berlin", seats=SEATS))
    again = Settings(tmp_path / "config")
    assert again.preferences().volume == 0.25 and again.preferences().language == "de"
    assert again.last_setup().map == "berlin"
    assert not list((tmp_path / "config").glob("*.tmp")), "no temporary file is left beside them"


def test_a_disk_that_refuses_loses_nothing_and_says_so(tmp_path, caplog):
    s = Settings(tmp_path / "config")
    assert s.remember_preferences(Preferences(volume=0.25))
    before = s.preferences_path.read_bytes()
    blocked = Settings(s.preferences_path)  # a file stands where the directory should be: every write fails
    with caplog.at_level(logging.WARNING):
        assert blocked.remember_preferences(Preferences(volume=0.9)) is False
        assert blocked.remember_setup(TableSetup(map="paris", seats=SEATS)) is False
    assert "cannot remember the preferences" in caplog.text and "cannot remember the set-up" in caplog.text
    assert s.preferences_path.read_bytes() == before, "the file kept is the one written before"
    assert s.preferences().volume == 0.25
