"""Saved games outside the kiosk: every unfinished game on disk, every finished one in a history.

A game is saved after every action that changes it, atomically (``autosave.save_atomic``), to
``saves/<id>.json`` in the user data dir (``UNDERGROUND_DATA_DIR`` overrides it). The file holds the
game's record (set-up plus actions, so it replays to exactly the same position), who sits where and a
short summary (board, players, turn, who is to play) so the title screen can list saves without
replaying them. When the game ends the file moves to ``history/<id>.json`` with the winners filled in.

Writing a file costs ~12 ms here (the fsync), more than a frame, so :class:`Autosaver` encodes on the
game's thread (well under a millisecond) and writes on a background thread, newest position last.

A file that does not read is set aside (renamed ``<name>.corrupt-<timestamp>`` in its folder, kept for a bug
report, never deleted) and never stops the game; :meth:`SaveStore.set_aside` lists those files and
:func:`diagnose` says in plain words why each one did not read, for the screens' notice and its details. Nothing
here imports pygame.
See docs/saves.md.
"""
from __future__ import annotations

import logging
import os
import queue
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable

import msgspec

from .autosave import data_dir, save_atomic
from .engine.record import Record, RecordError, from_state, replay
from .engine.state import GameState
from .i18n import N_, _, pgettext
from .ui.seats import SeatConfig

log = logging.getLogger("underground.saves")

FORMAT = "underground-save"
SCHEMA_VERSION = 1
SAVES_DIR = "saves"
HISTORY_DIR = "history"
KEEP_HISTORY = 500  # finished games kept; the oldest go first (a record is ~10-60 KB)
MAX_SAVE_BYTES = 16 * 1024 * 1024
KEEP_TRACKED = 4  # games the autosaver remembers (the one on the table and the few before it)
ASIDE_MARK = ".corrupt-"  # a file set aside is renamed <name>.corrupt-<YYYYmmdd-HHMMSS>[-n]
SEEN_FILE = "set-aside-seen.json"  # in the data dir: the files set aside that a person has seen and dismissed

#: Why a file did not read, in words a player understands (the details view shows one line per file): never a
#: parser's words. The keys are what diagnose() returns.
REASONS = {
    "unreadable": N_("the disk would not give the file back"),
    "empty": N_("the file is empty"),
    "too_large": N_("the file is far too large to be a saved game"),
    "cut_short": N_("the file is cut short (the computer may have stopped while writing it)"),
    "garbled": N_("the file is garbled"),
    "not_ours": N_("it is not a saved game of this program"),
    "a_record": N_("it is a game record, not a saved game"),
    "newer": N_("it was made by a newer version of the game"),
    "older": N_("it was made by an older version this one cannot read"),
    "damaged": N_("parts of the game in it are missing or damaged"),
    "no_replay": N_("the game in it no longer plays out (the board may have changed since)"),
    "not_shown": N_("the game in it could not be shown"),
}


class Summary(msgspec.Struct):
    """What a list of saved games shows, written beside the record so listing never replays."""

    map: str
    board: str  # the board's printed name, e.g. "London"
    variant: str
    players: list[str]
    turn: int  # 1-based, as the table counts
    to_play: str  # whose turn it is ("" once the game is over)
    actions: int
    scores: list[int]
    finished: bool = False
    winners: list[str] = []


class _Kind(msgspec.Struct):
    format: str = ""
    schema_version: int = 0


class SaveHeader(msgspec.Struct):
    """The part of a save file a list needs (the record is skipped when listing)."""

    format: str
    schema_version: int
    id: str
    started: float  # seconds since the epoch
    saved: float
    summary: Summary


class SavedGame(msgspec.Struct, forbid_unknown_fields=True):
    """One save file: the header fields, the seats and the game's record."""

    format: str
    schema_version: int
    id: str
    started: float
    saved: float
    summary: Summary
    seats: list[SeatConfig]
    computer_speed: str
    record: Record
    extras: dict = {}  # what the table keeps besides the game, e.g. {"hints_used": [2, 0]} (play/hint.py)


@dataclass
class Entry:
    """A save or history file as a list shows it."""

    id: str
    path: Path
    started: float
    saved: float
    summary: Summary


@dataclass
class LoadedGame:
    """A saved game read back: the position replayed from its record, and its table."""

    id: str
    state: GameState
    seats: list[SeatConfig]
    computer_speed: str
    started: float
    extras: dict = field(default_factory=dict)  # SavedGame.extras


class SaveError(ValueError):
    """A save file that cannot be used; the message names the file and why."""


@dataclass
class SetAside:
    """A file that did not read and was set aside, as the details view lists it."""

    path: Path  # where it is now: <name>.corrupt-<time> in its folder
    name: str  # its name before, e.g. 20260512-143005-london-1234.json
    finished: bool  # it was in the history (a finished game), not the saves
    when: float  # when it was set aside (seconds since the epoch)

    @property
    def key(self) -> str:
        """What a dismissal remembers: the folder and the name it has now."""
        return f"{self.path.parent.name}/{self.path.name}"


def diagnose(data: bytes) -> str:
    """Why a saved game's bytes do not make a game, as a key of REASONS; "not_shown" when they do."""
    if not data.strip():
        return "empty"
    if len(data) > MAX_SAVE_BYTES:
        return "too_large"
    try:
        kind = msgspec.json.decode(data, type=_Kind)
    except msgspec.ValidationError:
        return "not_ours"  # JSON, but not an object with our format's fields
    except msgspec.DecodeError as exc:
        return "cut_short" if "truncated" in str(exc) else "garbled"
    if kind.format == "underground-record":
        return "a_record"
    if kind.format != FORMAT:
        return "not_ours"
    if kind.schema_version > SCHEMA_VERSION:
        return "newer"
    if 0 < kind.schema_version < SCHEMA_VERSION:
        return "older"
    if kind.schema_version != SCHEMA_VERSION:
        return "damaged"  # no version at all
    try:
        saved = msgspec.json.decode(data, type=SavedGame)
    except msgspec.DecodeError:
        return "damaged"
    try:
        replay(saved.record)
    except Exception:  # noqa: BLE001 - a RecordError, or whatever else stops it: the game does not play out
        return "no_replay"
    return "not_shown"


def reason_text(key: str) -> str:
    """A REASONS key in the player's language."""
    return _(REASONS.get(key, REASONS["damaged"]))


def summarise(state: GameState) -> Summary:
    from .engine.rules import board_of, winners

    try:
        board = board_of(state).name
    except Exception:  # noqa: BLE001 - a summary is a label; the record is what matters
        board = state.setup.map
    over = state.over
    return Summary(map=state.setup.map, board=board, variant=state.setup.variant,
                   players=[p.name for p in state.players], turn=state.turn + 1,
                   to_play="" if over else state.players[state.current].name, actions=len(state.log),
                   scores=[p.score for p in state.players], finished=over,
                   winners=[state.players[i].name for i in winners(state)] if over else [])


def encode_game(game_id: str, state: GameState, seats: Iterable[SeatConfig], computer_speed: str,
                started: float, now: float, extras: dict | None = None) -> bytes:
    saved = SavedGame(format=FORMAT, schema_version=SCHEMA_VERSION, id=game_id, started=started, saved=now,
                      summary=summarise(state), seats=list(seats), computer_speed=computer_speed,
                      record=from_state(state), extras=dict(extras or {}))
    return msgspec.json.encode(saved)


def _check(obj, path: Path) -> None:
    if obj.format != FORMAT:
        raise SaveError(f"{path}: format: {obj.format!r} is not {FORMAT!r}; this is not a saved game")
    if obj.schema_version != SCHEMA_VERSION:
        raise SaveError(f"{path}: schema_version: {obj.schema_version} is not supported "
                        f"(this version reads {SCHEMA_VERSION})")


def _decode(data: bytes, path: Path, kind):
    if len(data) > MAX_SAVE_BYTES:
        raise SaveError(f"{path}: {len(data)} bytes is too large for a saved game (limit {MAX_SAVE_BYTES})")
    try:
        _check(msgspec.json.decode(data, type=_Kind), path)  # what the file is, before what is in it
        return msgspec.json.decode(data, type=kind)
    except msgspec.ValidationError as exc:
        raise SaveError(f"{path}: {exc}") from None
    except msgspec.DecodeError as exc:
        raise SaveError(f"{path}: not valid JSON ({exc}); the file may be truncated") from None


def load_record(path: str | os.PathLike[str]) -> tuple[Record, SavedGame | None]:
    """A game record file, or one of this program's own saved or finished games (``saves/``, ``history/``):
    the record, and the saved game when it is one (its seats, its summary). Raises RecordError naming the file
    and the place, as `underground replay` prints it."""
    from .engine import record as rec_mod

    path = Path(path)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise RecordError(f"{path}: cannot read ({exc.strerror or exc})") from None
    try:
        kind = msgspec.json.decode(data, type=_Kind)
    except (msgspec.ValidationError, msgspec.DecodeError):
        kind = None  # not an object with a format: record.decode says what is wrong with it
    if kind is None or kind.format != FORMAT:
        return rec_mod.decode(data, str(path)), None
    try:
        saved = _decode(data, path, SavedGame)
    except SaveError as exc:
        raise RecordError(str(exc)) from None
    # the record inside is checked as a record file is (map name, set-up and players agree)
    return rec_mod.decode(msgspec.json.encode(saved.record), f"{path}: record"), saved


class SaveStore:
    """The saves and history folders in one data dir; every method is safe against bad files."""

    def __init__(self, root: str | os.PathLike[str] | None = None, clock: Callable[[], float] = time.time):
        self.root = Path(root) if root is not None else data_dir()
        self.clock = clock
        self._lock = threading.Lock()  # the background writer and the screens share the folders

    @property
    def saves_dir(self) -> Path:
        return self.root / SAVES_DIR

    @property
    def history_dir(self) -> Path:
        return self.root / HISTORY_DIR

    def save_path(self, game_id: str) -> Path:
        return self.saves_dir / f"{game_id}.json"

    def history_path(self, game_id: str) -> Path:
        return self.history_dir / f"{game_id}.json"

    def new_id(self, state: GameState) -> str:
        """A file name that sorts by start time and says which board: ``20260512-143005-london-1234``."""
        stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(self.clock()))
        seed = state.setup.seed if state.setup.seed is not None else id(state) % 100000
        base = f"{stamp}-{state.setup.map}-{seed}"
        game_id, n = base, 1
        while self.save_path(game_id).exists() or self.history_path(game_id).exists():
            game_id = f"{base}-{n}"
            n += 1
        return game_id

    # writing ---------------------------------------------------------------------------------------
    def write(self, game_id: str, data: bytes) -> Path:
        """The game's save file, replaced atomically. Raises OSError naming the file when the disk refuses."""
        path = self.save_path(game_id)
        with self._lock:
            save_atomic(path, data)
        return path

    def finish(self, game_id: str, data: bytes) -> Path:
        """A finished game: its file goes to the history (atomically) and its save is removed."""
        path = self.history_path(game_id)
        with self._lock:
            save_atomic(path, data)
            try:
                self.save_path(game_id).unlink()
            except FileNotFoundError:
                pass
        self._prune_history()
        return path

    def save(self, game_id: str, state: GameState, seats: Iterable[SeatConfig], computer_speed: str = "normal",
             started: float | None = None) -> Path:
        """Write the game now (on this thread): to the saves, or to the history when it is over."""
        now = self.clock()
        data = encode_game(game_id, state, seats, computer_speed, now if started is None else started, now)
        return self.finish(game_id, data) if state.over else self.write(game_id, data)

    def delete(self, game_id: str, folder: str = SAVES_DIR) -> str | None:
        """Remove an unfinished game (or, ``folder=HISTORY_DIR``, a finished one) and nothing else; returns why
        it could not be, or None."""
        path = self.root / folder / f"{game_id}.json"
        with self._lock:
            try:
                path.unlink()
            except FileNotFoundError:
                return None
            except OSError as exc:
                log.error("cannot delete the game %s: %s", path, exc)
                return _("Could not delete {name}: {problem}").format(name=path.name, problem=exc.strerror or exc)
        log.info("deleted the game %s", path)
        return None

    def _prune_history(self) -> None:
        files = sorted(self.history_dir.glob("*.json"))
        for old in files[: max(0, len(files) - KEEP_HISTORY)]:
            try:
                old.unlink()
                log.info("removed the oldest finished game %s (keeping %d)", old, KEEP_HISTORY)
            except OSError as exc:
                log.warning("could not remove the old finished game %s: %s", old, exc)

    # reading ---------------------------------------------------------------------------------------
    def move_aside(self, path: Path, reason: str) -> str:
        """Rename a file that does not read to ``<name>.corrupt-<time>`` (the screens' notice then counts it);
        ``reason`` is logged. Returns "" when it is set aside (or gone), else what a player is told: it could not
        be moved and stays where it is."""
        stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(self.clock()))
        aside = path.with_name(f"{path.name}{ASIDE_MARK}{stamp}")
        n = 1
        while aside.exists():
            aside = path.with_name(f"{path.name}{ASIDE_MARK}{stamp}-{n}")
            n += 1
        with self._lock:
            try:
                os.replace(path, aside)
            except FileNotFoundError:
                return ""
            except OSError as exc:
                log.error("the saved game %s cannot be read (%s) and could not be moved aside (%s)", path, reason,
                          exc)
                return _("The game file {name} could not be read, and could not be set aside either ({problem}); "
                         "it is left where it is.").format(name=path.name, problem=exc.strerror or exc)
        log.warning("the saved game %s cannot be read (%s); moved it to %s", path, reason, aside)
        return ""

    def set_aside(self) -> list[SetAside]:
        """Every file set aside in the saves and the history, the most recent first."""
        out: list[SetAside] = []
        for folder, finished in ((self.saves_dir, False), (self.history_dir, True)):
            try:
                paths = list(folder.glob(f"*.json{ASIDE_MARK}*"))
            except OSError:
                continue
            for path in paths:
                name, _mark, stamp = path.name.rpartition(ASIDE_MARK)
                try:
                    when = time.mktime(time.strptime(stamp[:15], "%Y%m%d-%H%M%S"))
                except ValueError:
                    try:
                        when = path.stat().st_mtime
                    except OSError:
                        when = 0.0
                out.append(SetAside(path=path, name=name, finished=finished, when=when))
        out.sort(key=lambda a: (a.when, a.path.name), reverse=True)
        return out

    def reason(self, item: SetAside) -> str:
        """Why ``item`` did not read, as a key of REASONS (read again from the file kept aside)."""
        try:
            data = item.path.read_bytes()
        except OSError:
            return "unreadable"
        return diagnose(data)

    @property
    def seen_path(self) -> Path:
        return self.root / SEEN_FILE

    def _seen(self) -> set[str]:
        try:
            return set(msgspec.json.decode(self.seen_path.read_bytes(), type=list[str]))
        except FileNotFoundError:
            return set()
        except (OSError, msgspec.DecodeError) as exc:
            log.warning("%s not read (%s); every file set aside is news again", self.seen_path, exc)
            return set()

    def unseen_set_aside(self) -> list[SetAside]:
        """The files set aside since a person last dismissed the notice (all of them if never)."""
        seen = self._seen()
        return [a for a in self.set_aside() if a.key not in seen]

    def dismiss_set_aside(self) -> str | None:
        """The notice is read: remember every file set aside now, so it comes back only for a new one. Returns
        why it could not be remembered, or None (nothing is deleted either way)."""
        keys = sorted(a.key for a in self.set_aside())
        try:
            with self._lock:
                save_atomic(self.seen_path, msgspec.json.encode(keys))
        except OSError as exc:
            log.warning("cannot remember the dismissed notice in %s: %s", self.seen_path, exc)
            return _("Could not remember that: {problem}").format(problem=exc.strerror or exc)
        return None

    def _list(self, folder: Path) -> tuple[list[Entry], list[str]]:
        out: list[Entry] = []
        problems: list[str] = []
        try:
            paths = sorted(folder.glob("*.json"))
        except OSError as exc:
            return [], [f"Cannot read the folder {folder}: {exc.strerror or exc}"]
        for path in paths:
            if path.name.startswith("."):
                continue  # a temporary file of a write in progress
            try:
                head = _decode(path.read_bytes(), path, SaveHeader)
            except FileNotFoundError:
                continue  # deleted meanwhile
            except OSError as exc:
                problems.append(f"Cannot read {path}: {exc.strerror or exc}")
                continue
            except SaveError as exc:
                msg = self.move_aside(path, str(exc).removeprefix(f"{path}: "))
                if msg:
                    problems.append(msg)
                continue  # set aside: the notice counts it (set_aside)
            out.append(Entry(id=path.stem, path=path, started=head.started, saved=head.saved, summary=head.summary))
        return out, problems

    def unfinished(self) -> tuple[list[Entry], list[str]]:
        """Unfinished games, the most recently played first, and messages about what could not be done (a
        folder that does not read, a bad file that could not be set aside; one set aside is in set_aside())."""
        entries, problems = self._list(self.saves_dir)
        entries.sort(key=lambda e: (e.saved, e.id), reverse=True)
        return entries, problems

    def history(self) -> tuple[list[Entry], list[str]]:
        """Finished games, the most recent first, and messages as unfinished() gives them."""
        entries, problems = self._list(self.history_dir)
        entries.sort(key=lambda e: (e.saved, e.id), reverse=True)
        return entries, problems

    def load(self, game_id: str, folder: str = SAVES_DIR) -> tuple[LoadedGame | None, str | None]:
        """Read a game back and replay it: ``(game, None)``; ``(None, "")`` when it does not decode or replay and
        was set aside (the notice counts it); ``(None, message)`` for anything else (a missing file, a disk
        that refuses, a file that could not be set aside)."""
        path = (self.root / folder) / f"{game_id}.json"
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            return None, _("The game {name} is gone (deleted elsewhere?).").format(name=path.name)
        except OSError as exc:
            return None, _("The game {name} cannot be read from the disk: {problem}").format(
                name=path.name, problem=exc.strerror or exc)
        try:
            saved = _decode(data, path, SavedGame)
            state = replay(saved.record, str(path))
        except (SaveError, RecordError) as exc:
            return None, self.move_aside(path, str(exc).removeprefix(f"{path}: "))
        n = state.n_players
        seats = list(saved.seats)
        if len(seats) != n or [s.name for s in seats] != [p.name for p in state.players]:
            log.warning("%s: the seats do not match the players; seating them round the table", path)
            from .ui.seats import default_edges

            edges = default_edges(n) if 2 <= n <= 5 else ["bottom"] * n
            seats = [SeatConfig(name=p.name, edge=edges[i], colours=list(state.setup.lines[i]))
                     for i, p in enumerate(state.players)]
        return LoadedGame(id=saved.id if saved.id == game_id else game_id, state=state, seats=seats,
                          computer_speed=saved.computer_speed, started=saved.started,
                          extras=dict(saved.extras)), None


class Autosaver:
    """Saves the game on the table after every change, writing on a background thread.

    ``check(scenes)`` runs after every loop step: it finds the topmost scene showing a game (a ``state`` that
    is a GameState; a scene that only shows one, the replay viewer, opts out with ``save_game = False``), and
    when that position changed since the last look, encodes it and queues the write. A finished game goes to the history once.
    """

    def __init__(self, store: SaveStore, background: bool = True):
        self.store = store
        self.background = background
        # id(state) -> (game id, started, state), for the last few games shown (the state is kept so its id
        # cannot be reused by another position while it is here)
        self._ids: dict[int, tuple[str, float, GameState]] = {}
        self._seen: dict[int, tuple] = {}
        self._finished: set[str] = set()
        self._queue: queue.Queue = queue.Queue()
        self._thread: threading.Thread | None = None
        self.failed: str | None = None  # the last write error, for a screen to show
        self.writes = 0

    def adopt(self, state: GameState, game_id: str, started: float, extras: dict | None = None) -> None:
        """This position continues a saved game (Continue): keep writing to the same file."""
        self._remember(state, (game_id, started, state))
        # just read back: nothing new to write
        self._seen[id(state)] = self._signature(state) + (repr(sorted((extras or {}).items())),)

    def _remember(self, state: GameState, entry: tuple[str, float, GameState]) -> None:
        self._ids.pop(id(state), None)
        self._ids[id(state)] = entry
        while len(self._ids) > KEEP_TRACKED:
            old = next(iter(self._ids))
            self._ids.pop(old)
            self._seen.pop(old, None)

    def game_id(self, state: GameState) -> str | None:
        got = self._ids.get(id(state))
        return got[0] if got is not None and got[2] is state else None

    @staticmethod
    def _signature(state: GameState) -> tuple:
        return (len(state.log), state.phase, state.turn, state.current, state.actions_left)

    def check(self, scenes: Iterable) -> None:
        """The topmost scene showing a game decides: saved, or (``save_game = False``, the replay viewer) not."""
        for scene in reversed(list(scenes)):
            state = getattr(scene, "state", None)
            if isinstance(state, GameState):
                if getattr(scene, "save_game", True):
                    self._consider(scene, state)
                return

    def _consider(self, scene, state: GameState) -> None:
        key = id(state)
        known = self._ids.get(key)
        if known is None or known[2] is not state:
            if state.over:
                return  # a finished game shown without having been played here (e.g. a test's end screen)
            known = (self.store.new_id(state), self.store.clock(), state)
            self._seen.pop(key, None)
            self._remember(state, known)
        game_id, started, _ = known
        get_extras = getattr(scene, "saved_extras", None)
        extras = get_extras() if callable(get_extras) else {}
        sig = self._signature(state) + (repr(sorted(extras.items())),)  # a hint asked is saved too
        if self._seen.get(key) == sig or game_id in self._finished:
            return
        self._seen[key] = sig
        seats = list(getattr(scene, "seats", []) or [])
        turns = getattr(scene, "turns", None)
        speed = getattr(turns, "computer_speed", None) or getattr(scene, "computer_speed", None) or "normal"
        data = encode_game(game_id, state, seats, speed, started, self.store.clock(), extras)
        if state.over:
            self._finished.add(game_id)
            self._submit(self.store.finish, game_id, data)
        else:
            self._submit(self.store.write, game_id, data)

    def _submit(self, fn, game_id: str, data: bytes) -> None:
        if not self.background:
            self._run(fn, game_id, data)
            return
        if self._thread is None or not self._thread.is_alive():
            self._thread = threading.Thread(target=self._work, name="underground-saves", daemon=True)
            self._thread.start()
        self._queue.put((fn, game_id, data))

    def _run(self, fn, game_id: str, data: bytes) -> None:
        try:
            fn(game_id, data)
        except OSError as exc:
            if self.failed is None:
                log.error("cannot save the game %s: %s (play goes on; a crash would lose the game)", game_id, exc)
            self.failed = f"Could not save the game: {exc}"
            return
        if self.failed is not None:
            log.info("saving works again (%s)", game_id)
            self.failed = None
        self.writes += 1

    def _work(self) -> None:
        while True:
            job = self._queue.get()
            try:
                if job is None:
                    return
                self._run(*job)
            finally:
                self._queue.task_done()

    def flush(self) -> None:
        """Wait until every queued write is on disk (before quitting, and in tests)."""
        if self._thread is not None and self._thread.is_alive():
            self._queue.join()

    def close(self) -> None:
        self.flush()
        if self._thread is not None and self._thread.is_alive():
            self._queue.put(None)
            self._thread.join(timeout=5)
        self._thread = None


def _month(m: int) -> str:
    """The month's short name in the player's language (strftime's %b is the C locale's English)."""
    return (pgettext("month", "Jan"), pgettext("month", "Feb"), pgettext("month", "Mar"), pgettext("month", "Apr"),
            pgettext("month", "May"), pgettext("month", "Jun"), pgettext("month", "Jul"), pgettext("month", "Aug"),
            pgettext("month", "Sep"), pgettext("month", "Oct"), pgettext("month", "Nov"),
            pgettext("month", "Dec"))[m - 1]


def when(ts: float) -> str:
    """A save's time as a list shows it: "12 May 2026, 14:30" (the order and words in the player's language)."""
    try:
        t = time.localtime(ts)
    except (OverflowError, OSError, ValueError):
        return "?"
    return _("{day} {month} {year}, {time}").format(day=t.tm_mday, month=_month(t.tm_mon), year=t.tm_year,
                                                    time=f"{t.tm_hour:02d}:{t.tm_min:02d}")


__all__ = ["Autosaver", "Entry", "LoadedGame", "SaveError", "SetAside", "diagnose", "load_record", "reason_text",
           "REASONS", "SaveHeader", "SaveStore", "SavedGame", "Summary",
           "encode_game", "summarise", "when", "FORMAT", "SCHEMA_VERSION", "SAVES_DIR", "HISTORY_DIR"]
