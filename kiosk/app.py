"""Command line of ``python -m kiosk``: the supervisor plus two operator tools."""

from __future__ import annotations

import argparse
import getpass
import logging
import logging.handlers
import os
import shlex
import signal
import sys
import tempfile
from pathlib import Path
from typing import Sequence, TextIO

from game.autosave import DATA_DIR_ENV, data_dir
from game.kiosk_config import default_config_path, hash_pin, load_kiosk_config
from kiosk.supervisor import Supervisor

__all__ = [
    "HEARTBEAT_NAME",
    "LOG_NAME",
    "build_parser",
    "default_child_cmd",
    "heartbeat_path",
    "main",
    "setup_logging",
]

LOG_NAME = "kiosk.log"
HEARTBEAT_NAME = "kiosk-heartbeat"
LOG_MAX_BYTES = 1_000_000
LOG_BACKUPS = 5

log = logging.getLogger("underground.kiosk")


def default_child_cmd(config_path: Path) -> list[str]:
    """The game in kiosk mode; ``--attract`` is appended by the supervisor when needed."""
    return [sys.executable, "-m", "game.cli", "kiosk", "--child", "--config", str(config_path)]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m kiosk",
        description="Run On the Underground as an unattended kiosk: start the game, "
        "restart it when it exits or freezes. See docs/kiosk.md.",
    )
    parser.add_argument(
        "--config",
        type=Path,
        default=None,
        help=f"kiosk TOML file (default: {default_config_path()})",
    )
    parser.add_argument(
        "--child-cmd",
        default=None,
        metavar="CMD",
        help="command that runs the game, as one shell-quoted string "
        "(default: python -m game.cli kiosk --child --config FILE)",
    )
    sub = parser.add_subparsers(dest="command", metavar="{run,hash-pin,check-config}")
    sub.add_parser("run", help="supervise the game (the default)")
    sub.add_parser(
        "hash-pin",
        help="read an admin PIN (prompt, or one line on stdin) and print the config line",
    )
    check = sub.add_parser("check-config", help="list the problems in a kiosk config file")
    check.add_argument("file", type=Path)
    return parser


def setup_logging(directory: Path | None, stream: TextIO | None = None) -> list[logging.Handler]:
    """Log to stderr (the journal under systemd) and to a rotating file."""
    fmt = logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s")
    handlers: list[logging.Handler] = []
    console = logging.StreamHandler(stream or sys.stderr)
    console.setFormatter(fmt)
    handlers.append(console)
    problem = None
    if directory is not None:
        try:
            directory.mkdir(parents=True, exist_ok=True)
            rotating = logging.handlers.RotatingFileHandler(
                directory / LOG_NAME,
                maxBytes=LOG_MAX_BYTES,
                backupCount=LOG_BACKUPS,
                encoding="utf-8",
            )
        except OSError as exc:
            problem = f"cannot write the log file in {directory} ({exc}); logging to stderr only"
        else:
            rotating.setFormatter(fmt)
            handlers.append(rotating)
    root = logging.getLogger("underground")
    root.setLevel(logging.INFO)
    for handler in handlers:
        root.addHandler(handler)
    if problem:
        log.warning(problem)
    return handlers


def _teardown_logging(handlers: list[logging.Handler]) -> None:
    root = logging.getLogger("underground")
    for handler in handlers:
        root.removeHandler(handler)
        handler.close()


def heartbeat_path(directory: Path) -> Path:
    """The heartbeat file, in the data dir if it is writable.

    An unwritable data dir must not turn into "no heartbeat, kill the game"
    every few seconds, so fall back to a private temp directory.
    """
    try:
        directory.mkdir(parents=True, exist_ok=True)
        probe = directory / HEARTBEAT_NAME
        probe.touch()
        return probe
    except OSError as exc:
        fallback = Path(tempfile.gettempdir()) / f"underground-{getpass.getuser()}"
        fallback.mkdir(mode=0o700, parents=True, exist_ok=True)
        log.error(
            "data dir %s is not writable (%s): heartbeat file moved to %s; "
            "fix the directory or set data_dir in the config",
            directory,
            exc,
            fallback,
        )
        return fallback / HEARTBEAT_NAME


def cmd_run(args: argparse.Namespace) -> int:
    config_path = args.config if args.config is not None else default_config_path()
    config, problems = load_kiosk_config(config_path)
    directory = data_dir(config.data_dir)
    handlers = setup_logging(directory)
    try:
        for problem in problems:
            log.warning("config: %s", problem)
        if args.child_cmd is not None:
            child_cmd = shlex.split(args.child_cmd)
            if not child_cmd:
                log.error("--child-cmd is empty: give the command that runs the game")
                return 2
        else:
            child_cmd = default_child_cmd(config_path)
        env = dict(os.environ)
        env[DATA_DIR_ENV] = str(directory)
        # pygame-ce opens its window on this display index (SDL2 itself has
        # no variable for it); an explicit PYGAME_DISPLAY still wins.
        env.setdefault("PYGAME_DISPLAY", str(config.display))
        supervisor = Supervisor(
            child_cmd,
            heartbeat_file=heartbeat_path(directory),
            heartbeat_timeout_s=config.heartbeat_timeout_s,
            env=env,
        )

        def on_signal(signum: int, _frame: object) -> None:
            supervisor.stop(f"received {signal.Signals(signum).name}")

        previous = {sig: signal.signal(sig, on_signal) for sig in (signal.SIGTERM, signal.SIGINT)}
        log.info(
            "kiosk supervisor starting: config %s, data dir %s, log %s",
            config_path,
            directory,
            directory / LOG_NAME,
        )
        try:
            return supervisor.run()
        finally:
            for sig, handler in previous.items():
                signal.signal(sig, handler)
    finally:
        _teardown_logging(handlers)


def cmd_hash_pin(stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    if stdin.isatty():
        pin = getpass.getpass("New admin PIN (4 to 12 digits): ")
        again = getpass.getpass("Same PIN again: ")
        if pin != again:
            print("error: the two PINs differ; nothing printed, try again", file=stderr)
            return 2
    else:
        pin = stdin.readline().strip()
    try:
        line = hash_pin(pin)
    except ValueError as exc:
        print(f"error: {exc}", file=stderr)
        return 2
    print(f'admin_pin_hash = "{line}"', file=stdout)
    return 0


def cmd_check_config(path: Path, stdout: TextIO) -> int:
    _config, problems = load_kiosk_config(path)
    for problem in problems:
        print(problem, file=stdout)
    if problems:
        print(f"{len(problems)} problem(s) in {path}", file=stdout)
        return 1
    print(f"{path}: OK", file=stdout)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "hash-pin":
        return cmd_hash_pin(sys.stdin, sys.stdout, sys.stderr)
    if args.command == "check-config":
        return cmd_check_config(args.file, sys.stdout)
    return cmd_run(args)
