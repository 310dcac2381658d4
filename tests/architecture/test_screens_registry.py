"""The screens' registry (game/ui/screens/__init__.py, docs/architecture.md): every screen is registered and found
by name, and the way from one screen to another goes through it: no screen module imports another screen
module, and the play screen, its parts and the kiosk import no screen module at all (only the registry and
the shared parts: base, table_setup, results)."""
from __future__ import annotations

import ast
import importlib
import inspect

import pytest

from game.ui.scene import Scene
from game.ui.screens import SCREENS, screen_class
from test_code_shape import PACKAGE, import_graph

SCREENS_DIR = PACKAGE / "ui" / "screens"
BASES = {"GuiScene", "ListScene"}  # what screens are built on, not screens themselves


def screen_modules() -> set[str]:
    """The modules of game/ui/screens that hold a registered screen."""
    mods = {target.partition(":")[0] for target in SCREENS.values()}
    return {m for m in mods if m.startswith("game.ui.screens.")}


def test_every_name_finds_its_scene_class():
    for name, target in SCREENS.items():
        cls = screen_class(name)
        module, _sep, attr = target.partition(":")
        assert inspect.isclass(cls) and issubclass(cls, Scene), name
        assert (cls.__module__, cls.__name__) == (module, attr), f"{name}: {target} is {cls.__module__}.{cls.__name__}"


def test_an_unknown_name_says_which_screens_there_are():
    with pytest.raises(KeyError) as err:
        screen_class("titel")
    assert "'titel'" in str(err.value) and "title" in str(err.value) and "finished_games" in str(err.value)


def test_every_screen_in_the_folder_is_registered():
    """A scene class written in game/ui/screens/ but left out of SCREENS could only be reached by importing it."""
    registered = {tuple(t.split(":")) for t in SCREENS.values()}
    unregistered = []
    for path in sorted(SCREENS_DIR.glob("*.py")):
        module = f"game.ui.screens.{path.stem}"
        classes = [n.name for n in ast.parse(path.read_text(encoding="utf-8")).body if isinstance(n, ast.ClassDef)]
        if path.stem == "__init__" or not classes:
            continue
        mod = importlib.import_module(module)
        for name in classes:
            cls = getattr(mod, name)
            if issubclass(cls, Scene) and name not in BASES and (module, name) not in registered:
                unregistered.append(f"{module}:{name}")
    assert not unregistered, "screens missing from SCREENS: " + ", ".join(unregistered)


def test_screens_reach_each_other_through_the_registry_only():
    graph = import_graph()
    screens = screen_modules()
    assert len(screens) >= 8
    wrong = [f"{m} imports {t}" for m in screens for t in graph.successors(m) if t in screens]
    play_side = [m for m in graph if m == "game.ui.play_scene" or m.startswith(("game.ui.play.", "game.ui.kiosk."))]
    assert len(play_side) > 10
    wrong += [f"{m} imports {t}" for m in play_side for t in graph.successors(m) if t in screens]
    assert not wrong, "name the screen through game.ui.screens.open_screen/make_screen instead:\n" + "\n".join(wrong)
