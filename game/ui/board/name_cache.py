"""The station names' placements kept on disk, so a board placed once at a zoom, window size and font is not
placed again in the next run of the game (Start game, Watch, the kiosk's next demo after a restart).

A placement is keyed by a hash of everything ``placement.place_names`` reads (the name card's numbers, each
name's measured size in each of its forms, the work bound) and of the placing code itself (``placement.py``,
``clearance.py`` and ``name_forms.py`` as they are on disk), so a changed map, font, size, rule or way of
breaking names never meets an old placement. The
files live in the user cache folder, never in the data folder (watching a game writes nothing there;
``UNDERGROUND_CACHE_DIR`` overrides it, as tests and the bench do); the last ``KEEP`` are kept. A file that cannot be
read or does not fit the card is passed over with a log line and the names are placed anew: never a crash.
"""
from __future__ import annotations

import hashlib
import json
import logging
import os
from pathlib import Path

from . import clearance, name_forms, placement

log = logging.getLogger("underground.ui")

CACHE_ENV = "UNDERGROUND_CACHE_DIR"
FORMAT = 1  # the files' layout
KEEP = 64  # placements kept (a few kB each)
_code: list[str] = []  # the placing code's hash, worked out once


def cache_dir() -> Path:
    """Where placements are kept."""
    env = os.environ.get(CACHE_ENV, "").strip()
    if env:
        return Path(env).expanduser()
    import platformdirs

    return Path(platformdirs.user_cache_dir("underground")) / "names"


def code_hash() -> str:
    """A hash of the placing code, so a changed rule or search never meets a placement made by the old one."""
    if not _code:
        h = hashlib.sha256(str(FORMAT).encode())
        try:
            for module in (placement, clearance, name_forms):
                h.update(Path(module.__file__).read_bytes())
        except (OSError, TypeError) as exc:  # no source to read: nothing kept is trusted in this run
            log.warning("placing code unreadable (%s): name placements are not taken from disk", exc)
            h.update(os.urandom(16))
        _code.append(h.hexdigest())
    return _code[0]


def card_key(card: placement.NameCard, sizes: dict[str, tuple]) -> str:
    """The hash of what the placement of ``card`` depends on; ``sizes``: every name's measured (width,
    height), in each of its forms (name_forms.py)."""
    numbers = {f: getattr(card, f) for f in ("centres", "radii", "clearances", "names", "segments", "destinations",
                                             "connections", "special", "card", "view", "px", "lane_gap",
                                             "badge_least", "work_bound", "keep_out", "smaller", "doubles")}
    numbers["sizes"] = sorted(sizes.items())
    numbers["code"] = code_hash()
    text = json.dumps(numbers, default=list, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()


def load(key: str, stations: int) -> placement.Placement | None:
    """The placement kept under ``key`` (None when there is none, or it cannot be read: logged)."""
    path = cache_dir() / f"{key}.json"
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as exc:
        log.warning("kept name placement %s unreadable (%s): the names are placed anew", path, exc)
        return None
    try:
        if data["format"] != FORMAT or data["key"] != key or len(data["names"]) != stations \
                or len(data["corners"]) != stations:
            raise ValueError("made for another card")
        names = [(str(text), tuple(float(v) for v in box), float(cost)) for text, box, cost in data["names"]]
        if any(len(box) != 4 for _, box, _ in names):
            raise ValueError("a name's box is not four numbers")
        return placement.Placement(
            names=names, corners=[(float(x), float(y)) for x, y in data["corners"]],
            left_off={int(i) for i in data["left_off"]}, work=int(data["work"]),
            no_room={int(i) for i in data["no_room"]})
    except (KeyError, TypeError, ValueError) as exc:
        log.warning("kept name placement %s does not fit (%s): the names are placed anew", path, exc)
        return None


def store(key: str, done: placement.Placement) -> None:
    """Keep ``done`` under ``key`` (written whole or not at all; the oldest beyond ``KEEP`` removed)."""
    folder = cache_dir()
    data = {"format": FORMAT, "key": key, "names": [[t, list(b), c] for t, b, c in done.names],
            "corners": [list(c) for c in done.corners], "left_off": sorted(done.left_off), "work": done.work,
            "no_room": sorted(done.no_room)}
    try:
        folder.mkdir(parents=True, exist_ok=True)
        tmp = folder / f"{key}.tmp"
        tmp.write_text(json.dumps(data), encoding="utf-8")
        os.replace(tmp, folder / f"{key}.json")
        kept = sorted(folder.glob("*.json"), key=lambda p: p.stat().st_mtime)
        for old in kept[:-KEEP]:
            old.unlink(missing_ok=True)
    except OSError as exc:
        log.warning("could not keep the name placement in %s (%s)", folder, exc)
