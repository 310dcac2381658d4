"""`pip install` gives a working game: the wheel is built from these sources, installed into a fresh
virtual environment outside the checkout, and the installed `underground` is run from another directory.

This is the only test that sees the game as a user of pip or pipx does: no checkout on the path, maps and
fonts read from inside the installed package, user maps from the user data dir.  It needs PyPI (or a
pip cache) for the dependencies; each step has its own time limit and fails with what pip or the
program printed, never hangs.
"""
from __future__ import annotations

import json
import os
import shutil
import struct
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
SOURCES = ("pyproject.toml", "setup.py", "README.md", "game", "kiosk", "maps", "assets")
BUILD_S, INSTALL_S, RUN_S = 240, 300, 120

pytestmark = pytest.mark.timeout(BUILD_S + INSTALL_S + 4 * RUN_S)

MAKE_RECORD = """
import json, sys
from game.ai import RandomBot
from game.engine import apply, new_game, record
state = new_game("london", 3, seed=11)
bot = RandomBot(11)
while not state.over:
    apply(state, bot.choose(state))
record.save(state, sys.argv[1])
print(json.dumps([p.score for p in state.players]))
"""


def _tail(text: str, n: int = 4000) -> str:
    return text if len(text) <= n else "...\n" + text[-n:]


def run(cmd: list, *, what: str, timeout: float, cwd: Path, env: dict | None = None,
        ok: bool = True) -> subprocess.CompletedProcess:
    """Run one step; a failure or a time-out fails the test with the step, the command and its output."""
    cmd = [str(c) for c in cmd]
    try:
        r = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired as exc:
        out = (exc.stdout or b"").decode(errors="replace") if isinstance(exc.stdout, bytes) else (exc.stdout or "")
        err = (exc.stderr or b"").decode(errors="replace") if isinstance(exc.stderr, bytes) else (exc.stderr or "")
        pytest.fail(f"{what}: no answer within {timeout:.0f} s (for pip: is PyPI reachable?)\n"
                    f"$ {' '.join(cmd)}\n--- stdout\n{_tail(out)}\n--- stderr\n{_tail(err)}", pytrace=False)
    if ok and r.returncode != 0:
        pytest.fail(f"{what}: failed with exit code {r.returncode}\n$ {' '.join(cmd)}\n"
                    f"--- stdout\n{_tail(r.stdout)}\n--- stderr\n{_tail(r.stderr)}", pytrace=False)
    return r


class Installed:
    def __init__(self, base: Path):
        self.base = base
        self.wheel: Path | None = None
        self.venv = base / "venv"
        bindir = self.venv / ("Scripts" if os.name == "nt" else "bin")
        self.python = bindir / ("python.exe" if os.name == "nt" else "python")
        self.underground = bindir / ("underground.exe" if os.name == "nt" else "underground")
        self.data = base / "data"  # the user data dir: autosaves, user maps
        self.cwd = base / "elsewhere"
        self.cwd.mkdir()
        env = {k: v for k, v in os.environ.items()
               if k not in ("PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP", "VIRTUAL_ENV")
               and not k.startswith(("COVERAGE_", "UNDERGROUND_"))}
        env.update({"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
                    "UNDERGROUND_DATA_DIR": str(self.data), "UNDERGROUND_CONFIG_DIR": str(base / "config"),
                    "PATH": f"{bindir}{os.pathsep}{os.environ.get('PATH', '')}",
                    "PIP_DISABLE_PIP_VERSION_CHECK": "1", "PIP_NO_INPUT": "1"})
        self.env = env

    def ug(self, *args, ok: bool = True) -> subprocess.CompletedProcess:
        return run([self.underground, *args], what=f"installed `underground {args[0]}`", timeout=RUN_S,
                   cwd=self.cwd, env=self.env, ok=ok)

    def py(self, *args) -> subprocess.CompletedProcess:
        return run([self.python, *args], what="the installed package's Python", timeout=RUN_S, cwd=self.cwd,
                   env=self.env)


def _copy_sources(dest: Path) -> None:
    """The files a release is built from, without caches or earlier build output."""
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info", "build", "dist")
    dest.mkdir()
    for name in SOURCES:
        src = REPO / name
        if src.is_dir():
            shutil.copytree(src, dest / name, ignore=ignore)
        else:
            shutil.copy2(src, dest / name)


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Installed:
    inst = Installed(tmp_path_factory.mktemp("install"))
    src, dist = inst.base / "src", inst.base / "dist"
    _copy_sources(src)
    run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-w", dist, src], what="building the wheel",
        timeout=BUILD_S, cwd=inst.base, env=inst.env)
    wheels = list(dist.glob("underground-*.whl"))
    assert len(wheels) == 1, f"expected one wheel in {dist}, found {wheels}"
    inst.wheel = wheels[0]
    run([sys.executable, "-m", "venv", "--without-pip", inst.venv], what="creating the virtual environment",
        timeout=RUN_S, cwd=inst.base, env=inst.env)
    run([sys.executable, "-m", "pip", "--python", inst.python, "install", inst.wheel],
        what="installing the wheel and its dependencies", timeout=INSTALL_S, cwd=inst.base, env=inst.env)
    return inst


def _files_under(folder: Path, pattern: str) -> set[str]:
    return {p.relative_to(REPO).as_posix() for p in folder.rglob(pattern)
            if "__pycache__" not in p.parts and p.is_file()}


def test_the_wheel_holds_every_module_map_and_asset(installed):
    names = set(zipfile.ZipFile(installed.wheel).namelist())
    modules = _files_under(REPO / "game", "*") | _files_under(REPO / "kiosk", "*")
    assert modules - names == set(), ("files missing from the wheel: a package without __init__.py, or a data "
                                      "file type setup.py's package_data does not list?")
    maps = {f"game/{m}" for m in _files_under(REPO / "maps", "*.toml")}
    assets = {f"game/{a}" for a in _files_under(REPO / "assets", "*")}
    assert "game/maps/london.toml" in maps and "game/assets/fonts/DejaVuSans.ttf" in assets
    assert (maps | assets) - names == set(), "bundled maps or assets missing from the wheel"
    where = installed.py("-c", "import game, game.resources as r; print(game.__file__); "
                               "print(r.bundled_dir('maps')); print(r.bundled_dir('assets'))").stdout.split()
    site = installed.venv.resolve()
    for w in where:
        assert Path(w).resolve().is_relative_to(site), f"{w} is not inside the installed package"
        assert not Path(w).resolve().is_relative_to(REPO), f"{w}: the installed game reads the checkout"


def test_installed_game_validates_simulates_and_renders(installed):
    r = installed.ug("validate-map", "london")
    assert "OK: London (london), 100 stations" in r.stdout and "map name: london" in r.stdout
    assert str(installed.venv) in r.stdout, "the bundled map is read from the installed package"
    r = installed.ug("simulate", "--map", "london", "--players", "3", "--games", "2", "--seed", "4", "--json")
    games = json.loads(r.stdout)["games"]
    assert len(games) == 2 and all(g["finished"] and len(g["scores"]) == 3 for g in games)
    out = installed.cwd / "play.png"
    installed.ug("screenshot", "--map", "london", "--scene", "play", "--size", "1280x720", "--out", out)
    head = out.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n" and struct.unpack(">II", head[16:24]) == (1280, 720)


def test_installed_game_replays_a_record_it_made(installed):
    rec = installed.cwd / "game.json"
    scores = json.loads(installed.py("-c", MAKE_RECORD, rec).stdout)
    assert json.loads(rec.read_text())["map"] == "london"
    r = installed.ug("replay", rec, "--json")
    s = json.loads(r.stdout)
    assert s["finished"] and s["scores"] == scores


def test_installed_game_finds_user_maps_and_refuses_a_path_in_a_record(installed):
    london = installed.py("-c", "from game import mapfile; print(mapfile.map_file('london'))").stdout.strip()
    user_maps = installed.data / "maps"
    user_maps.mkdir(parents=True, exist_ok=True)
    shutil.copy(london, user_maps / "my-board.toml")
    r = installed.ug("validate-map", "my-board")
    assert f"{user_maps / 'my-board.toml'}: OK" in r.stdout
    r = installed.ug("simulate", "--map", "my-board", "--games", "1", "--json")
    assert json.loads(r.stdout)["games"][0]["finished"]
    made = installed.cwd / "made.json"
    installed.py("-c", MAKE_RECORD, made)
    rec = json.loads(made.read_text())
    rec["map"] = rec["setup"]["map"] = london  # a path to a real, valid map file
    bad = installed.cwd / "bad.json"
    bad.write_text(json.dumps(rec))
    r = installed.ug("replay", bad, ok=False)
    assert r.returncode == 1 and "is not a map name" in r.stderr and "Traceback" not in r.stderr


SPEAK = """
from game import i18n, resources
for lang in ("de", "fr"):
    got = i18n.set_language(lang)
    print(got, i18n.load(lang).__class__.__name__, resources.bundled_dir("assets"), i18n._("Resume"), sep="|")
"""


def test_installed_game_speaks_german_and_french(installed):
    """The wheel carries the compiled catalogues and the installed game loads them (not the English fallback)."""
    names = set(zipfile.ZipFile(installed.wheel).namelist())
    for lang in ("de", "fr"):
        assert f"game/assets/locale/{lang}/LC_MESSAGES/underground.mo" in names, f"no {lang} .mo in the wheel"
    site = installed.venv.resolve()
    for line, lang in zip(installed.py("-c", SPEAK).stdout.splitlines(), ("de", "fr")):
        got, kind, where, resume = line.split("|")
        assert (got, kind) == (lang, "GNUTranslations"), f"{lang}: the installed game fell back to English ({line})"
        assert Path(where).resolve().is_relative_to(site), f"{lang}: assets read from {where}, not the package"
        assert resume != "Resume", f"{lang}: 'Resume' untranslated in the installed catalogue"
