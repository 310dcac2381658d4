"""The ``underground`` command: play, kiosk, simulate, replay, view, validate-map, screenshot, bench.

Every sub-command turns bad input into one clear message on stderr and a non-zero exit, never a
traceback; nothing is written unless the command is asked to write.
"""
from __future__ import annotations

import argparse
import json
import sys

from .random_games import run_random_games


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a size like 1920x1080") from None
    if not (1280 <= w <= 3840 and 720 <= h <= 2160):
        raise argparse.ArgumentTypeError(f"{text}: sizes from 1280x720 to 3840x2160 are supported")
    return w, h


def _positive(text: str) -> int:
    try:
        v = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if v < 1 or v > 1_000_000:
        raise argparse.ArgumentTypeError(f"{text}: use a number from 1 to 1000000")
    return v


def _map_name(text: str) -> str | None:
    """A ``--map`` value (a map name, or a map file's path) as the map name games record; None after an error."""
    from . import mapfile

    try:
        return mapfile.map_arg(text)
    except mapfile.MapError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return None


def cmd_validate_map(args) -> int:
    """A path (ends in .toml or has a slash) is checked as a file, including that its name can name a map."""
    from . import mapfile

    try:
        if mapfile.looks_like_path(args.path):
            name = mapfile.use_map_file(args.path)
            mf = mapfile.load(args.path)
        else:
            name = args.path
            mf = mapfile.load_map(name)
    except mapfile.MapError as exc:
        for p in exc.problems:
            print(p, file=sys.stderr)
        from .i18n import ngettext

        n = len(exc.problems)
        print(ngettext("{n} problem in {path}", "{n} problems in {path}", n).format(n=n, path=exc.path),
              file=sys.stderr)
        return 1
    print(mapfile.summary(mf))
    print(f"map name: {name} (what a game on this map records)")
    return 0


def _load_game(args):
    """The game ``args.record`` holds (a record file, or a file of saves/ or history/), replayed, with the saved
    game when it is one; None after printing why not. ``--map`` must name the map the record was played on."""
    from .engine import record
    from .saves import load_record

    name = None
    if args.map is not None:
        name = _map_name(args.map)
        if name is None:
            return None
    try:
        rec, saved = load_record(args.record)
        if name is not None and name != rec.map:
            print(f"error: --map {args.map} is the map {name!r}, but {args.record} is a game on {rec.map!r}; "
                  f"leave --map out, or give the file of the map {rec.map!r} it was played on", file=sys.stderr)
            return None
        return record.replay(rec, str(args.record)), saved
    except record.RecordError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return None


def cmd_replay(args) -> int:
    from .engine import record
    from .i18n import ngettext

    loaded = _load_game(args)
    if loaded is None:
        return 1
    state, _saved = loaded
    s = record.summary(state, reveal=args.reveal)
    if args.json:
        print(json.dumps(s))
        return 0
    status = "finished" if s["finished"] else f"not finished (turn {s['turn']}, {s['phase']})"
    print(f"{s['map']}: {status}")
    for i, p in enumerate(s["players"]):
        mark = " (winner)" if i in s["winners"] else ""
        points = ngettext("{n} point", "{n} points", p["score"]).format(n=p["score"])
        tiles = ngettext("{n} branch tile", "{n} branch tiles", p["branch_tiles"]).format(n=p["branch_tiles"])
        print(f"  {p['name']}: {points}, {tiles}, lines {'/'.join(p['lines'])}{mark}")
        if "landmark_tiles" in p and "rer_points" in p:  # Paris
            tiles = ", ".join(f"{t} {n}" for t, n in p["landmark_tiles"].items())
            print(f"    landmark tiles: {tiles}; landmark sets scored: {p['landmark_sets']}")
            print(f"    RER points: {p['rer_points']}; terminus points: {p['terminus_points']}")
            _print_objectives(p, s["finished"])
        elif "landmark_tiles" in p:  # Berlin
            tiles = ", ".join(f"{t} {n}" for t, n in p["landmark_tiles"].items())
            print(f"    landmark tiles: {tiles}; sets of five scored: {p['landmark_sets']}")
        if "cluster_points" in p:  # New York
            reached = ", ".join(f"{c} {len(v)}" for c, v in p["line_clusters"].items())
            print(f"    cluster points: {p['cluster_points']} (clusters reached by line: {reached}); "
                  f"water points: {p['water_points']}")
    if s["passenger"] is None:
        print("  passenger: off the board (classic: the deck ran out)")
    else:
        print(f"  passenger at {s['passenger']}")
    print(f"  face-up destinations: {', '.join(s['face_up']) or '(none)'}")
    print(f"  cards left in the deck: {s['deck_left']}")
    if "landmarks_left" in s:
        left = sum(s["landmarks_left"].values())
        where = sum(1 for n in s["landmarks_left"].values() if n)
        print(f"  landmark tiles left on the board: {left} on "
              + ngettext("{n} station", "{n} stations", where).format(n=where))
    if "choice" in s:  # Paris: the record stops while a choice is asked
        c = s["choice"]
        what = "terminus reward" if c["kind"] == "reward" else "complete a landmark set"
        print(f"  asking {s['players'][c['player']]['name']}: {what} at {c['station']}")
    return 0


def _print_objectives(p: dict, finished: bool) -> None:
    """Paris: a player's secret objectives, only when `replay --reveal` asked for them."""
    if "objectives" not in p:
        print("    secret objectives: hidden (replay --reveal shows them)")
        return
    from .i18n import ngettext

    for card in p["objectives"]:
        met = f"met by {', '.join(card['lines'])}" if card["lines"] else "not met"
        worth = card["points"] * len(card["lines"])
        scored = ", " + ngettext("{n} point", "{n} points", worth).format(n=worth) if finished else " so far"
        print(f"    objective {card['card']}: {' / '.join(card['stations'])} ({card['points']} per line): "
              f"{met}{scored}")


def cmd_view(args) -> int:
    """The replay viewer for a record (or a saved or finished game's file); a file `replay` refuses gets the same
    message, before any window opens."""
    if _load_game(args) is None:
        return 1
    reason = no_screen_reason()
    if reason:
        print(f"error: {reason}", file=sys.stderr)
        return 1
    from .ui.screens.replay import ReplayError, run_view

    try:
        return run_view(args.record, size=args.size, fullscreen=args.fullscreen, display=args.display,
                        reveal=args.reveal)
    except ReplayError as exc:  # pragma: no cover - load_state above refuses the same records
        print(f"error: {exc}", file=sys.stderr)
        return 1


def cmd_simulate(args) -> int:
    from . import mapfile

    args.map = _map_name(args.map)
    if args.map is None:
        return 1
    from .engine.rules import SetupError, classic_map

    map_name = args.map
    if args.variant == "classic":
        try:
            map_name = classic_map(args.map)
        except SetupError as exc:
            print(f"error: --variant classic: {exc}", file=sys.stderr)
            return 1
    try:
        mapfile.load_map(map_name)
    except mapfile.MapError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    if args.bots:
        try:
            from .ai import arena
        except ImportError as exc:  # pragma: no cover
            print(f"error: computer players are not available: {exc}", file=sys.stderr)
            return 1
        bots = [b.strip() for b in args.bots.split(",") if b.strip()]
        try:
            result = arena.run_games(bots, args.games, args.seed, players=args.players, map=map_name,
                                     variant=args.variant)
        except ValueError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 1
    else:
        if not 2 <= args.players <= 5:
            print(f"error: --players {args.players}: the game is for 2 to 5 players", file=sys.stderr)
            return 1
        try:
            result = run_random_games(map_name, args.players, args.games, args.seed, args.variant)
        except ValueError as exc:  # e.g. a board whose city has no rules yet
            print(f"error: --map {args.map}: {exc}", file=sys.stderr)
            return 1
    if args.json:
        print(json.dumps(result))
        return 0
    for i, g in enumerate(result["games"]):
        print(f"game {i + 1}: deal {g['seed']} seats {','.join(g['seats'])} scores {g['scores']} "
              f"winner(s) {[w + 1 for w in g['winners']]} turns {g['turns']}{'' if g['finished'] else ' (unfinished)'}")
    if "winrates" in result:
        print("win rates: " + ", ".join(f"{k} {v:.3f}" for k, v in result["winrates"].items()))
    print(f"{result['games_per_s']} games/s")
    return 0


def no_screen_reason() -> str | None:
    """Why a window cannot open here (Linux without X11/Wayland), or None."""
    import os

    if not sys.platform.startswith("linux"):
        return None
    if os.environ.get("SDL_VIDEODRIVER") not in (None, "", "x11", "wayland", "kmsdrm"):
        return None
    if os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"):
        return None
    if os.environ.get("SDL_VIDEODRIVER") == "kmsdrm":
        return None
    return ("no screen to open a window on (neither DISPLAY nor WAYLAND_DISPLAY is set); run it on a desktop, "
            "or under a virtual screen: xvfb-run -s '-screen 0 1920x1080x24' underground play")


def cmd_play(args) -> int:
    reason = no_screen_reason()
    if reason:
        print(f"error: {reason}", file=sys.stderr)
        return 1
    from .ui import run_play

    return run_play(fullscreen=args.fullscreen, size=args.size, display=args.display)


def cmd_screenshot(args) -> int:
    from .ui.screenshot import render_screenshot

    args.map = _map_name(args.map)
    if args.map is None:
        return 1
    try:
        render_screenshot(args.map, args.scene, args.size, args.out, language=args.language)
    except (ValueError, OSError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    print(args.out)
    return 0


def cmd_kiosk(args) -> int:
    from .ui.kiosk.mode import run_kiosk

    return run_kiosk(config=args.config, child=args.child, attract=args.attract)


def cmd_bench(args) -> int:
    from .bench import run_bench

    try:
        result = run_bench(quick=args.quick, parts=args.only.split(",") if args.only else None)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(result))
    else:
        for k, v in result.items():
            print(f"{k}: {v}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="underground", description="On the Underground for tables and laptops")
    sub = p.add_subparsers(dest="cmd", required=True)

    s = sub.add_parser("play", help="open the game")
    s.add_argument("--fullscreen", action="store_true")
    s.add_argument("--size", type=_size, default=None, help="window size, e.g. 1920x1080")
    s.add_argument("--display", type=int, default=0, help="which display (0 = first)")
    s.set_defaults(func=cmd_play)

    s = sub.add_parser("kiosk", help="run the unattended table (see docs/kiosk.md)")
    s.add_argument("--config", default=None)
    s.add_argument("--child", action="store_true", help="run as the supervisor's child")
    s.add_argument("--attract", action="store_true", help="start straight into attract mode")
    s.set_defaults(func=cmd_kiosk)

    s = sub.add_parser("simulate", help="play games with computer players and print the results")
    s.add_argument("--map", default="london", help="a map name, or a map file's path")
    s.add_argument("--players", type=int, default=2)
    s.add_argument("--games", type=_positive, default=10)
    s.add_argument("--seed", type=int, default=0)
    s.add_argument("--bots", default=None, help="comma-separated levels cycled over seats, e.g. hard,normal")
    s.add_argument("--variant", default="standard", choices=["standard", "classic"],
                   help="classic: the first edition (2006), on its own board (London only)")
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=cmd_simulate)

    s = sub.add_parser("replay", help="replay a game record (or a file of saves/ or history/) and print the "
                                      "final position")
    s.add_argument("record")
    s.add_argument("--map", default=None, metavar="PATH",
                   help="the map file of a record made from a map given by path (records name maps)")
    s.add_argument("--json", action="store_true")
    s.add_argument("--reveal", action="store_true",
                   help="Paris: also print each player's secret objectives (hidden otherwise)")
    s.set_defaults(func=cmd_replay)

    s = sub.add_parser("view", help="watch a game record (or a file of saves/ or history/) on screen: step, jump "
                                    "to a turn, play (docs/ui.md)")
    s.add_argument("record")
    s.add_argument("--map", default=None, metavar="PATH",
                   help="the map file of a record made from a map given by path (records name maps)")
    s.add_argument("--fullscreen", action="store_true")
    s.add_argument("--size", type=_size, default=None, help="window size, e.g. 1920x1080")
    s.add_argument("--display", type=int, default=0, help="which display (0 = first)")
    s.add_argument("--reveal", action="store_true",
                   help="Paris: let each panel's cards button show that player's secret objectives")
    s.set_defaults(func=cmd_view)

    s = sub.add_parser("validate-map", help="check a map file")
    s.add_argument("path", help="a map file (.toml), or the name of a bundled or user map")
    s.set_defaults(func=cmd_validate_map)

    s = sub.add_parser("screenshot", help="render a scene to a PNG without a display")
    s.add_argument("--map", default="london", help="a map name, or a map file's path")
    s.add_argument("--scene", default="play", choices=["title", "continue", "saved-games", "history",
                                                        "set-aside-notice", "set-aside", "settings", "setup", "play",
                                                        "cards", "menu", "rules", "log", "replay", "end"])
    s.add_argument("--language", default="en", choices=["en", "de", "fr"],
                   help="the words' language (default English)")
    s.add_argument("--size", type=_size, default=(1920, 1080))
    s.add_argument("--out", required=True)
    s.set_defaults(func=cmd_screenshot)

    s = sub.add_parser("bench", help="measure speed figures")
    s.add_argument("--json", action="store_true")
    s.add_argument("--quick", action="store_true", help="fewer repetitions (for tests)")
    s.add_argument("--only", default=None, help="comma-separated parts: engine,ui,ai,expert,kiosk")
    s.set_defaults(func=cmd_bench)
    return p


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
