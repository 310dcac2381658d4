"""Crash-safe saving for the kiosk table.

A table PC loses power or gets its plug pulled; the saved game must then be
either the old version or the new one, never half of each.  A file that still
fails to decode is moved aside (kept for a bug report) so the table starts
fresh instead of crashing on every start.
"""

from __future__ import annotations

import logging
import os
import tempfile
import time
from pathlib import Path
from typing import Callable, TypeVar

import platformdirs

__all__ = [
    "APP_NAME",
    "AUTOSAVE_NAME",
    "DATA_DIR_ENV",
    "data_dir",
    "default_autosave_path",
    "load_autosave",
    "save_atomic",
]

APP_NAME = "underground"
AUTOSAVE_NAME = "autosave.json"
DATA_DIR_ENV = "UNDERGROUND_DATA_DIR"
#: How many moved-aside corrupt files to keep; older ones are deleted so a
#: file that keeps breaking cannot fill the disk.
KEEP_CORRUPT = 5

log = logging.getLogger("underground.autosave")

T = TypeVar("T")


def data_dir(override: str | os.PathLike[str] | None = None) -> Path:
    """Where the kiosk keeps its autosave and logs.

    The environment variable wins so that tests and the supervisor can point
    every process at one directory; then the config's ``data_dir``; then the
    platform's per-user data directory.
    """
    env = os.environ.get(DATA_DIR_ENV, "").strip()
    if env:
        return Path(env).expanduser()
    if override:
        return Path(override).expanduser()
    return Path(platformdirs.user_data_dir(APP_NAME))


def default_autosave_path(override: str | os.PathLike[str] | None = None) -> Path:
    return data_dir(override) / AUTOSAVE_NAME


def _temp_prefix(path: Path) -> str:
    return f".{path.name}."


def _fsync_dir(directory: Path) -> None:
    """Make the rename itself durable; without this a power cut can undo it."""
    if os.name != "posix":
        return
    fd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def save_atomic(path: str | os.PathLike[str], data: bytes) -> None:
    """Replace ``path`` with ``data`` so readers see old or new, never partial.

    Raises ``OSError`` (with the path in the message) when the disk refuses;
    the previous file is then left untouched.
    """
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise TypeError(f"save_atomic needs bytes for {path}, got {type(data).__name__}")
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(
        dir=target.parent, prefix=_temp_prefix(target), suffix=".tmp"
    )
    tmp = Path(tmp_name)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, target)
    except BaseException:
        try:
            tmp.unlink()
        except OSError:
            pass
        raise
    _fsync_dir(target.parent)


def _corrupt_key(candidate: Path, path: Path) -> tuple[str, int]:
    """Sort key (timestamp, counter) of a moved-aside file; oldest first."""
    parts = candidate.name[len(path.name) + len(".corrupt-") :].split("-")
    stamp = "-".join(parts[:2])
    count = int(parts[2]) if len(parts) > 2 and parts[2].isdigit() else 0
    return stamp, count


def _aside_name(path: Path, now: float) -> Path:
    """A new name that sorts after every earlier one, even within one second."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(now))
    same = [
        _corrupt_key(p, path)[1]
        for p in path.parent.glob(f"{path.name}.corrupt-*")
        if _corrupt_key(p, path)[0] == stamp
    ]
    if not same:
        return path.with_name(f"{path.name}.corrupt-{stamp}")
    return path.with_name(f"{path.name}.corrupt-{stamp}-{max(same) + 1}")


def _prune_corrupt(path: Path) -> None:
    # Sorted by the name's timestamp (mtime would be the broken file's own
    # age, not when it was moved aside).
    old = sorted(
        path.parent.glob(f"{path.name}.corrupt-*"), key=lambda p: _corrupt_key(p, path)
    )
    for stale in old[: max(0, len(old) - KEEP_CORRUPT)]:
        try:
            stale.unlink()
            log.info("deleted old corrupt autosave %s (keeping the newest %d)", stale, KEEP_CORRUPT)
        except OSError as exc:
            log.warning("could not delete old corrupt autosave %s: %s", stale, exc)


def _remove_leftover_temps(path: Path) -> None:
    """Temp files are only left behind by a crash mid-save; they are useless."""
    for tmp in path.parent.glob(f"{_temp_prefix(path)}*.tmp"):
        try:
            tmp.unlink()
            log.info("removed unfinished save %s left by an earlier crash", tmp)
        except OSError as exc:
            log.warning("could not remove unfinished save %s: %s", tmp, exc)


def load_autosave(
    path: str | os.PathLike[str],
    decode: Callable[[bytes], T],
    *,
    clock: Callable[[], float] = time.time,
) -> tuple[T | None, str | None]:
    """Load the autosave, or explain why the table starts fresh.

    Returns ``(obj, None)`` on success, ``(None, None)`` when there is no save,
    and ``(None, message)`` when the save was unreadable or did not decode; a
    file that did not decode has been renamed to ``<name>.corrupt-<timestamp>``.
    Never raises for a bad file: a broken save must not keep the kiosk down.
    """
    target = Path(path)
    if target.parent.is_dir():
        _remove_leftover_temps(target)
    try:
        raw = target.read_bytes()
    except FileNotFoundError:
        return None, None
    except OSError as exc:
        message = f"could not read the autosave {target}: {exc}; starting a fresh game"
        log.error(message)
        return None, message
    try:
        obj = decode(raw)
    except Exception as exc:  # any decode failure means the file is unusable
        reason = f"{type(exc).__name__}: {exc}"
        aside = _aside_name(target, clock())
        try:
            os.replace(target, aside)
        except OSError as move_exc:
            message = (
                f"the autosave {target} is corrupt ({reason}) and could not be moved "
                f"aside ({move_exc}); starting a fresh game"
            )
            log.error(message)
            return None, message
        message = (
            f"the autosave {target} is corrupt ({reason}); moved it to {aside.name} "
            f"for a bug report and started a fresh game"
        )
        log.warning(message)
        _prune_corrupt(target)
        return None, message
    return obj, None
