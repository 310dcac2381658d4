"""What bars a New York name without room: each of its places (every form, the three rings round its station, as
game/ui/board/placement.py offers them), and for the least barred what the hard rule (clearance.py) finds there:
the card's or view's edge, its own station's disc, another station's disc or symbol, a station nearer than its
own, a connection's track spaces (or a token's letter badge on it); and the other names as the placement put
them (too close) and the destination badges, which also leave a name without room (placement.py's last steps).
``--fine 3`` also tries every spot on a 3-pixel grid round the station, places the placement never offers.

    .venv/bin/python tools/why_newyork_names.py "3840x2160 4 table" ["Times Sq"] [--start "Station=x,y;..."]
        [--fine 3] [--show 6]

The view is "WxH seats table|laptop" as tools/search_newyork_nudges.py names them; without a station it explains
every name without room there. ``--start`` measures the map with those nudges (as the search's ``--start``).
"""
from __future__ import annotations

import argparse
import os
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tools"), str(ROOT / "tests" / "ui")]

import search_newyork_nudges as sn  # noqa: E402
from game.ui.board import clearance as cl  # noqa: E402


def barriers(rule: cl.HardRule, i: int, box, seg_names: list[str], st_names: list[str],
             soft: list | None = None) -> list[str]:
    """Everything that bars ``box`` for station ``i``'s name: the hard rule's, and (``soft``: (what, box,
    gap x, gap y) each) the other names as placed, too close, and the destination badges."""
    out = []
    for what, b, gx, gy in soft or ():
        if box[0] - gx < b[2] and b[0] < box[2] + gx and box[1] - gy < b[3] and b[1] < box[3] + gy:
            out.append(what)
    if not rule._inside(box):
        out.append("edge")
    x, y = rule.centres[i]
    own = cl.point_box_dist(x, y, box)
    if own < rule.keep[i] + cl.MARGIN:
        out.append(f"own disc ({own:.0f} < {rule.keep[i] + cl.MARGIN:.0f})")
    for j, (jx, jy) in enumerate(rule.centres):
        if j == i:
            continue
        d = cl.point_box_dist(jx, jy, box)
        if d < max(rule.keep[j], rule.symbols[j]) + cl.MARGIN:
            out.append(f"disc of {st_names[j]}")
        elif d < own + cl.MARGIN:
            out.append(f"nearer {st_names[j]}")
    for k, (x0, y0, x1, y1, hw) in enumerate(rule.segs):
        if cl.seg_near_box(x0, y0, x1, y1, box, hw + cl.MARGIN):
            out.append(f"track {seg_names[k]}")
    return sorted(set(out))


def _run(gen):
    """A generator's return value (the placement's steps run to their end)."""
    try:
        while True:
            next(gen)
    except StopIteration as stop:
        return stop.value


def _track_names(scene, card) -> list[str]:
    """What each of the name card's pieces of track is: a connection's piece, or a token's letter disc on it
    (name_card's order: every connection's pieces, then their letter discs, an extra lane's among them where the
    city has one: Paris's beside a full connection)."""
    from game.engine.cities import ruleset_for_city

    view = scene.board_view
    b = view.board
    st = [s.name for s in b.stations]
    extra = 1 if ruleset_for_city(b.city).full_connection_tiles(b) is not None else 0
    out = []
    for con in b.connections:
        out += [f"{st[con.a]} - {st[con.b]}"] * (len(con.bends) + 1)
    for c, con in enumerate(b.connections):
        got = len(view.pieces.letter_centres(c, con.spaces + extra, view.geometry.lane_px))
        out += [f"letter badge {st[con.a]} - {st[con.b]}"] * got
    assert len(out) == len(card.segments), (len(out), len(card.segments))
    return out


def _form(text: str) -> str:
    from game.ui.board import name_forms

    return text.replace("\n", "/").replace(name_forms.SMALLER, "(smaller) ")


def _rows(placer, card, i: int, why, fine: float) -> list[tuple]:
    """Each place of name ``i`` (the rings; ``fine``: every spot on a grid that fine) with what bars it:
    (how many things, ring (9: the grid), preference, form, box from the station, the things)."""
    from game.ui.board import name_forms, placement

    sizes = [(t, c, *card.measure(t)) for t, c in name_forms.forms(card.names[i])]
    r, _ = placer.reach(i, sizes)
    if card.smaller:  # the forms set smaller, tried where no full-sized place is allowed
        sizes += [(name_forms.smaller(t), c + placement.SMALLER_COST, *card.measure(name_forms.smaller(t)))
                  for t, c, _, _ in sizes]
    x, y = placer.pos[i]
    spots = []  # (ring, preference, form, left, top, width, height)
    for ring in range(3):
        for t, c, w, h in sizes:
            spots += [(ring, pref + c, t, lx, ly, w, h) for (lx, ly), pref in placer.places(x, y, r, w, h, ring)]
    for t, c, w, h in sizes if fine else ():
        far = r + 2.0 * h
        for gx in range(int((w + 2 * far) / fine) + 1):
            for gy in range(int((h + 2 * far) / fine) + 1):
                lx, ly = x - w - far + gx * fine, y - h - far + gy * fine
                d = cl.point_box_dist(x, y, (lx, ly, lx + w, ly + h))
                if d <= far:
                    spots.append((9, d / h, t, lx, ly, w, h))
    rows = []
    for ring, pref, t, lx, ly, w, h in spots:
        got = why((lx, ly, lx + w, ly + h))
        rows.append((len(got), ring, pref, _form(t), (round(lx - x), round(ly - y), round(w), round(h)), got))
    return sorted(rows, key=lambda r: (r[0], r[1], r[2]))


def explain(text: str | None, view, station: str | None = None, show: int = 6, fine: float = 0.0,
            out=sys.stdout, board: str = "newyork", summary: bool = False) -> None:
    """Prints what bars each name without room (or ``station``'s) on the map ``text`` of ``board`` ("newyork",
    "london" or "london-2006", the first edition played by London's "classic" variant; ``text`` None: the board's
    bundled map, any board) at ``view``; ``summary``: also what bars its best places (those barred by the fewest
    things), counted over them."""
    import names_audit as na
    from game import mapfile
    from game.engine import new_game
    from game.engine.board import from_mapfile
    from game.ui import play_scene
    from game.ui.board import placement
    from game.ui.app import App

    size, seats, arrangement = view
    app = App(size=size, headless=True)
    city = "london" if board.startswith("london") else board
    variant = "classic" if board == "london-2006" else "standard"
    state = new_game(city, seats, seed=1, start_player=0, variant=variant)
    if text is not None:
        state.__dict__["_board"] = from_mapfile(mapfile.decode(text, board))
    try:
        scene = app.push(play_scene.PlayScene(app, state, na.seats_for(state, arrangement)))
        app.step(0.1)
        b = scene.board_view.board
        names = scene.board_view.names
        lacking = sorted(names.names_without_room)
        card = _run(names.name_card(names.wanted()))
        placer = placement._Placer(card)
        _run(placer.obstacles())
        done = _run(placement.place_names(card))
        st = [s.name for s in b.stations]
        seg_names = _track_names(scene, card)
        soft = [(f"name {st[j]}", box, placer.gx, placer.gy) for j, (t, box, _) in enumerate(done.names) if t]
        soft += [(f"badge of {st[d]}", placer.badge_box(d, done.corners[d], 2), 0, 0) for d in placer.dests]
        print(f"{size[0]}x{size[1]} {seats} {arrangement}: without room {[st[i] for i in lacking]}; "
              f"scale {scene.board_view.camera.s:.3f} px {card.px}", file=out)
        for i in [st.index(station)] if station else lacking:
            others = [o for o in soft if o[0] != f"name {st[i]}"]
            rows = _rows(placer, card, i, lambda box: barriers(placer.rule, i, box, seg_names, st, others), fine)
            t, box, _ = done.names[i]
            x, y = placer.pos[i]
            print(f"  {st[i]} ({'no room' if i in lacking else 'room'}) placed as {_form(t)!r} at "
                  f"{(round(box[0] - x), round(box[1] - y))}: {len(rows)} places, "
                  f"{sum(1 for r in rows if not r[0])} free", file=out)
            alone = Counter(r[5][0] for r in rows if len(r[5]) == 1)
            print(f"    barred by one thing alone (places): {dict(alone.most_common())}", file=out)
            if summary:
                least = min((r[0] for r in rows), default=0)
                near = Counter(w for r in rows if r[0] <= least + 1 for w in r[5])
                print(f"    over the places barred by {least}-{least + 1} things: {dict(near.most_common(8))}",
                      file=out)
            for row in rows[:show]:
                print(f"    ring {row[1]} {row[3]!r} at {row[4]}: {row[5]}", file=out)
    finally:
        while app.scenes:
            app.scenes.pop().exit()


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("view", help='"3840x2160 4 table"')
    ap.add_argument("station", nargs="?")
    ap.add_argument("--start", default="")
    ap.add_argument("--show", type=int, default=6)
    ap.add_argument("--fine", type=float, default=0.0, help="also every spot on a grid this fine (pixels)")
    args = ap.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    wh, seats, arr = args.view.split()
    view = (tuple(int(v) for v in wh.split("x")), int(seats), arr)
    nudges, elbows = dict(sn.lay.NUDGES), dict(sn.lay.ELBOWS_FROM)
    for k, v in sn.parse_start(args.start).items():
        (elbows if isinstance(k, tuple) else nudges)[k] = v
    _, text, problems = sn.Board().build(nudges, elbows)
    if problems:
        print("problems:", problems)
    explain(text, view, args.station, args.show, args.fine)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
