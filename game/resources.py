"""Where the game's own files are: the bundled boards (``maps/``) and assets (``assets/``: fonts, gui theme).

In the repository they sit at the top level, where map makers and artists look for them.  The wheel
carries them inside the package, as ``game/maps`` and ``game/assets`` (setup.py maps them there), so an
installed game (``pip install``, pipx) reads them with :mod:`importlib.resources` and never depends on
the directory it was started from.  A source checkout or an editable install has no ``game/maps``, so
the top-level folders are used.

Maps made by users live elsewhere (:func:`game.mapfile.user_maps_dir`); this module is only about what
ships with the game.  Nothing here imports pygame: the engine uses it too.
"""
from __future__ import annotations

import atexit
import contextlib
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import BinaryIO

__all__ = ["bundled_dir", "asset_path", "open_asset", "read_asset_text", "real_path"]

_KINDS = ("maps", "assets")
_extracted = contextlib.ExitStack()  # files copied out of a zipped install; removed at exit
atexit.register(_extracted.close)
_paths: dict[str, Path] = {}


def bundled_dir(kind: str) -> Traversable:
    """The folder of bundled ``maps`` or ``assets``: inside the installed package, else the checkout's."""
    if kind not in _KINDS:
        raise ValueError(f"bundled_dir: {kind!r} is not one of {', '.join(_KINDS)}")
    inside = resources.files("game").joinpath(kind)
    if inside.is_dir():
        return inside
    return Path(__file__).resolve().parent.parent / kind  # source checkout or editable install


def real_path(node: Traversable) -> Path:
    """A real file path for a bundled file: the file itself, or from a zipped install a copy kept until exit."""
    if isinstance(node, Path):
        return node
    key = str(node)
    if key not in _paths:
        _paths[key] = Path(_extracted.enter_context(resources.as_file(node)))
    return _paths[key]


def _asset(relative: str) -> Traversable:
    parts = Path(relative).parts
    if not parts or Path(relative).is_absolute() or ".." in parts:
        raise ValueError(f"asset {relative!r}: name a file inside assets/, e.g. 'fonts/DejaVuSans.ttf'")
    node = bundled_dir("assets")
    for p in parts:
        node = node.joinpath(p)
    return node


def asset_path(relative: str) -> Path:
    """A real file path for an asset such as ``'fonts/DejaVuSans.ttf'`` (pygame and pygame-gui want paths).

    For an ordinary install this is the file itself; from a zipped install it is a temporary copy that
    lives until the program exits.  A missing asset raises FileNotFoundError naming it.
    """
    node = _asset(relative)
    if not node.is_file():
        raise FileNotFoundError(f"asset {relative!r} is missing from {bundled_dir('assets')}; reinstall the game")
    return real_path(node)


def open_asset(relative: str) -> BinaryIO:
    """An asset opened for reading bytes (close it, or use ``with``)."""
    node = _asset(relative)
    try:
        return node.open("rb")
    except FileNotFoundError:
        raise FileNotFoundError(f"asset {relative!r} is missing from {bundled_dir('assets')}; "
                                f"reinstall the game") from None


def read_asset_text(relative: str) -> str:
    """The text of an asset such as ``'gui_theme.json'`` (UTF-8)."""
    node = _asset(relative)
    try:
        return node.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise FileNotFoundError(f"asset {relative!r} is missing from {bundled_dir('assets')}; "
                                f"reinstall the game") from None
