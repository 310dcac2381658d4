#!/usr/bin/env python3
"""Plant issue 8's six rule bugs one at a time in a throwaway copy and show which engine tests catch each.

Why: a test suite is only worth what it notices. Each bug below once passed `tests/engine` (issue 8); this script
re-plants them at any commit so anyone can check they still fail it (docs/testing.md, "Planted bugs").

It never touches the working tree: it makes a `git worktree` of the commit (default HEAD) under a temporary
directory, plants one bug there by an exact text replacement (refusing to go on if the text is not found exactly
as often as expected, so a refactor cannot make a bug silently not planted), runs the tests there with the
project's venv, puts the file back, and removes the worktree at the end.

    .venv/bin/python tools/plant_bugs.py                      # all six, tests/engine in full
    .venv/bin/python tools/plant_bugs.py --bug tie-break      # one
    .venv/bin/python tools/plant_bugs.py --tests tests/engine/test_rulings.py --commit 7a7938b
    .venv/bin/python tools/plant_bugs.py --check              # only check that every bug still applies
    .venv/bin/python tools/plant_bugs.py --fast               # the mutation runs' fast selection of tests/engine

Exit status 0 only if every planted bug failed at least one test (and the unplanted copy passed, with --baseline).
"""
from __future__ import annotations

import argparse
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
import tomllib
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class Bug:
    name: str
    what: str  # the bug in the rules' words
    file: str
    edits: tuple[tuple[str, str, int], ...]  # (old text, new text, how many times old occurs)


BUGS = [
    Bug("end-late", "the end triggers one turn late: 'game over' is decided from the flag as it was before this "
        "turn's refill, so a deck emptied in the last seat's turn plays another round",
        "game/engine/rules.py",
        (("def _end_turn(state: GameState, events: list) -> None:\n    drawn = []",
          "def _end_turn(state: GameState, events: list) -> None:\n    was_triggered = state.end_triggered\n"
          "    drawn = []", 1),
         ("    if state.end_triggered and state.current == last_player(state):",
          "    if was_triggered and state.current == last_player(state):", 1))),
    Bug("tie-break", "the tie-break reversed: fewer branch tiles wins a tie on points",
        "game/engine/rules.py",
        (("        return (p.score, p.branch_tiles)", "        return (p.score, -p.branch_tiles)", 1),)),
    Bug("lines-first", "routes ordered by lines before empty spaces: the search's heap orders its keys as "
        "(lines, empty spaces)",
        "game/engine/passenger.py",
        (("            key = heappop(heap)", "            key = heappop(heap)[::-1]", 1),
         ("heappush(heap, k2)", "heappush(heap, k2[::-1])", 2))),
    Bug("standard-first", "standard move before express: passenger_moves returns ['standard', 'express']",
        "game/engine/rules.py",
        (('            return ["express", "standard"]', '            return ["standard", "express"]', 1),)),
    Bug("per-owner", "1 point per owner instead of per line ridden: each owner of the lines ridden scores once",
        "game/engine/rules.py",
        (("    for li in opt.lines:\n        add_points(",
          "    for li in {state.lines[x].owner: x for x in opt.lines}.values():\n        add_points(", 1),)),
    Bug("loops-again", "loop stations scored again: London's after_placement forgets which stations a line "
        "already scored inside its loops",
        "game/engine/cities/london.py",
        (("new = [s for s in inside if s not in ln.loop_scored and ln.degree.get(s, 0) == 0]",
          "new = [s for s in inside if ln.degree.get(s, 0) == 0]", 1),)),
]


def plant(root: Path, bug: Bug) -> str:
    """Apply the bug's edits under ``root``; return the original text of the file (to put back)."""
    path = root / bug.file
    original = path.read_text(encoding="utf-8")
    text = original
    for old, new, times in bug.edits:
        found = text.count(old)
        if found != times:
            raise SystemExit(f"{bug.name}: {bug.file} has {found} copies of {old!r}, expected {times}; the code "
                             f"changed: update the bug's text in tools/plant_bugs.py")
        text = text.replace(old, new)
    path.write_text(text, encoding="utf-8")
    return original


def run_tests(root: Path, tests: list[str], python: str) -> tuple[int, list[str], float, str]:
    """(exit code, failed test ids, seconds, last line) of one pytest run in ``root``."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONPATH=str(root))
    cmd = [python, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-o", "addopts=-m 'not soak'",
           "-rf", "--timeout=1200", *tests]
    t0 = time.monotonic()
    out = subprocess.run(cmd, cwd=root, env=env, capture_output=True, text=True)
    took = time.monotonic() - t0
    failed = sorted({m.group(1) for m in re.finditer(r"^FAILED (\S+)", out.stdout, re.M)})
    lines = [ln for ln in out.stdout.strip().splitlines() if ln.strip()]
    return out.returncode, failed, took, lines[-1] if lines else out.stderr.strip()[-300:]


def fast_selection() -> list[str]:
    """The engine tests `make mutate` runs (pyproject.toml [tool.mutmut]), a subset of tests/engine."""
    data = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    return list(data["tool"]["mutmut"]["pytest_add_cli_args_test_selection"])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--commit", default="HEAD", help="the commit to plant the bugs in (default HEAD)")
    ap.add_argument("--tests", nargs="+", default=["tests/engine"], help="what to run (default tests/engine)")
    ap.add_argument("--bug", action="append", choices=[b.name for b in BUGS], help="only this bug (repeatable)")
    ap.add_argument("--baseline", action="store_true", help="first run the tests unplanted (they must pass)")
    ap.add_argument("--check", action="store_true", help="only check that every bug applies; run no tests")
    ap.add_argument("--fast", action="store_true", help="run the mutation runs' fast selection instead of --tests")
    ap.add_argument("--python", default=str(REPO / ".venv" / "bin" / "python"))
    args = ap.parse_args(argv)
    bugs = [b for b in BUGS if not args.bug or b.name in args.bug]
    if args.fast:
        args.tests = fast_selection()
    # a stopped run (SIGTERM) still removes its worktree
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(f"stopped; removing the worktree"))
    commit = subprocess.run(["git", "rev-parse", "--short", args.commit], cwd=REPO, check=True,
                            capture_output=True, text=True).stdout.strip()
    tmp = Path(tempfile.mkdtemp(prefix="plant-bugs-"))
    root = tmp / "tree"
    subprocess.run(["git", "worktree", "add", "--detach", "--quiet", str(root), commit], cwd=REPO, check=True)
    ok = True
    try:
        # the copy's own engine must be the one imported (not the working tree's, through the editable install)
        where = subprocess.run([args.python, "-c", "import game.engine, sys; print(game.engine.__file__)"], cwd=root,
                               env=dict(os.environ, PYTHONPATH=str(root)), capture_output=True, text=True)
        if not where.stdout.strip().startswith(str(root)):
            raise SystemExit(f"the copy at {root} imports its engine from {where.stdout.strip() or where.stderr}; "
                             f"planting there would test nothing")
        print(f"planting in a worktree of {commit} at {root}; tests: {' '.join(args.tests)}", flush=True)
        if args.baseline and not args.check:
            code, failed, took, last = run_tests(root, args.tests, args.python)
            print(f"\n[baseline, nothing planted] {took:.0f} s: {last}")
            if code != 0:
                print("  the unplanted copy fails already: " + ", ".join(failed))
                ok = False
        for bug in bugs:
            original = plant(root, bug)
            try:
                if args.check:
                    print(f"[{bug.name}] applies to {bug.file}")
                    continue
                code, failed, took, last = run_tests(root, args.tests, args.python)
            finally:
                (root / bug.file).write_text(original, encoding="utf-8")
            caught = code != 0 and bool(failed)
            ok &= caught
            print(f"\n[{bug.name}] {bug.what}\n  {'CAUGHT' if caught else 'NOT CAUGHT'} in {took:.0f} s: {last}")
            for f in failed:
                print(f"    {f}")
            sys.stdout.flush()
    finally:
        subprocess.run(["git", "worktree", "remove", "--force", str(root)], cwd=REPO)
        try:
            tmp.rmdir()
        except OSError:
            pass
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
