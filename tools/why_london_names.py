"""What bars a London name without room (either edition): tools/why_newyork_names.py's explanation on London's
boards as tools/layout_london.py lays them out, with moves on top of its NUDGES (eleventh session).

    .venv/bin/python tools/why_london_names.py "1280x720 4 table" ["Harrow on the Hill"] [--board london-2006]
        [--try '{"Euston": [-5, 0]}'] [--fine 3] [--show 6]

The view is "WxH seats table|laptop"; without a station it explains every name without room there. ``--try``
takes moves as tools/search_london_nudges.py's ``--try`` does (board units on top of NUDGES).
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tools"), str(ROOT / "tests" / "ui")]

import layout_london as ll  # noqa: E402
import search_london_nudges as sl  # noqa: E402
import why_newyork_names as why  # noqa: E402


def _crossed(rule, i: int, box, own: float, st: list[str], seg_names: list[str]) -> dict[str, float]:
    """By how many pixels ``box`` crosses each limit of the hard rule for station ``i``'s name (``own``: its
    distance from its own station's centre)."""
    from game.ui.board import clearance as cl

    over = {}
    if own < rule.keep[i] + cl.MARGIN:
        over["own disc"] = rule.keep[i] + cl.MARGIN - own
    for j, (jx, jy) in enumerate(rule.centres):
        if j != i:
            d = cl.point_box_dist(jx, jy, box)
            lim = max(rule.keep[j], rule.symbols[j]) + cl.MARGIN
            if d < lim:
                over[f"disc of {st[j]}"] = lim - d
            elif d < own + cl.MARGIN:
                over[f"nearer {st[j]}"] = own + cl.MARGIN - d
    for k, (x0, y0, x1, y1, hw) in enumerate(rule.segs):
        d = cl.seg_box_dist(x0, y0, x1, y1, box)
        if d < hw + cl.MARGIN:
            key = f"track {seg_names[k]}"
            over[key] = max(over.get(key, 0.0), hw + cl.MARGIN - d)
    return over


def shortfalls(text: str, board: str, view, station: str, step: float = 1.0, show: int = 8, out=sys.stdout):
    """The spots nearest to being allowed for ``station``'s name: on a ``step``-pixel grid round its station
    (the scan's band, every form), the pixels by which each limit of the hard rule is crossed there (a
    connection's track spaces or letter badge, a station's disc, a station nearer than its own, the edge), the
    least crossed first. Says which neighbour or connection to move, and how far."""
    import names_audit as na
    from game import mapfile
    from game.engine import new_game
    from game.engine.board import from_mapfile
    from game.ui import play_scene
    from game.ui.app import App
    from game.ui.board import clearance as cl, name_forms, placement

    size, seats, arrangement = view
    app = App(size=size, headless=True)
    state = new_game("london", seats, seed=1, start_player=0,
                     variant="classic" if board == "london-2006" else "standard")
    state.__dict__["_board"] = b = from_mapfile(mapfile.decode(text, board))
    try:
        scene = app.push(play_scene.PlayScene(app, state, na.seats_for(state, arrangement)))
        app.step(0.1)
        names = scene.board_view.names
        card = why._run(names.name_card(names.wanted()))
        placer = placement._Placer(card)
        why._run(placer.obstacles())
        rule = placer.rule
        st = [s.name for s in b.stations]
        seg_names = why._track_names(scene, card)
        i = st.index(station)
        x, y = rule.centres[i]
        sizes = [(t, *card.measure(t)) for t, _ in name_forms.forms(card.names[i])]
        r, _ = placer.reach(i, [(t, 0, w, h) for t, w, h in sizes])
        rows = []
        for t, w, h in sizes:
            far = r + 2.0 * h
            for gx in range(int((w + 2 * far) / step) + 1):
                for gy in range(int((h + 2 * far) / step) + 1):
                    box = (x - w - far + gx * step, y - h - far + gy * step, 0.0, 0.0)
                    box = (box[0], box[1], box[0] + w, box[1] + h)
                    own = cl.point_box_dist(x, y, box)
                    if not r <= own <= far or not rule._inside(box):
                        continue
                    over = _crossed(rule, i, box, own, st, seg_names)
                    rows.append((sum(over.values()), why._form(t), (round(box[0] - x), round(box[1] - y), round(w),
                                                                      round(h)), over))
        rows.sort(key=lambda row: row[0])
        free: dict = {}
        for total, form, _, _ in rows:
            if not total:
                free[form] = free.get(form, 0) + 1
        print(f"{size[0]}x{size[1]} {seats} {arrangement} {board}: {station}, scale "
              f"{scene.board_view.camera.s:.3f} (pixels per board unit), {len(rows)} spots; allowed per form "
              f"{free or 'none'}; without room: {station in {st[k] for k in names.names_without_room}}", file=out)
        seen = set()
        for total, form, at, over in rows:
            sig = (form, tuple(sorted(over)))
            if sig in seen:
                continue
            seen.add(sig)
            print(f"  {total:5.1f} px {form!r} at {at}: " + ", ".join(f"{k} {v:.1f}" for k, v in sorted(
                over.items(), key=lambda kv: -kv[1])), file=out)
            if len(seen) >= show:
                break
    finally:
        while app.scenes:
            app.scenes.pop().exit()


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("view", help='"1280x720 4 table"')
    ap.add_argument("station", nargs="?")
    ap.add_argument("--board", default="london", choices=sl.BOARDS)
    ap.add_argument("--try", dest="trial", default="{}", help='moves on top of NUDGES, JSON {"station": [dx, dy]}')
    ap.add_argument("--show", type=int, default=6)
    ap.add_argument("--fine", type=float, default=0.0, help="also every spot on a grid this fine (pixels)")
    ap.add_argument("--short", action="store_true", help="with a station: the spots nearest to allowed, and by "
                    "how many pixels each limit is crossed there")
    args = ap.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    wh, seats, arr = args.view.split()
    view = (tuple(int(v) for v in wh.split("x")), int(seats), arr)
    nudges = dict(ll.NUDGES)
    for n, (dx, dy) in json.loads(args.trial).items():
        cx, cy = nudges.get(n, (0, 0))
        nudges[n] = (cx + dx, cy + dy)
    pos, texts = sl.layout_texts(nudges)
    problems = ll.check_layout(pos, ll.printed(), ll.connections())
    if problems:
        print("check_layout:", problems)
    if args.short and args.station:
        shortfalls(texts[args.board], args.board, view, args.station, args.fine or 1.0, args.show)
        return 0
    why.explain(texts[args.board], view, args.station, args.show, args.fine, board=args.board)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
