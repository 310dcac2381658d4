"""What bars a name without room on Paris, Berlin or any board (issue 22 items 1 and 5, eleventh session): each of its places (every form, the
three rings round its station, as game/ui/board/placement.py offers them), and for the least barred what the hard
rule (clearance.py) finds there: the card's or view's edge, its own station's disc, another station's disc or
symbol (a landmark's stack, a "+"), a station nearer than its own ("nearer X"), a connection's track spaces (Paris:
widened by the extra lane beside a full connection) or a token's letter badge on it; and the other names as the placement put them (too
close) and the destination badges. New York's tool (tools/why_newyork_names.py) does the work; this one measures
the board's map as it is (rebuild it first with its tools/make_<board>_map.py) and names its pieces of track.

    .venv/bin/python tools/why_names.py "1920x1080 4 table" ["Saint-Lazare"] [--board paris] [--fine 3] [--show 6]
        [--summary]
    .venv/bin/python tools/why_names.py "1280x720 4 laptop" --board berlin --summary

``--summary`` prints, per name, what bars its best places (those barred by the fewest things) counted over them.
"""
from __future__ import annotations

import argparse
import os
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tools"), str(ROOT / "tests" / "ui")]

import why_newyork_names as why  # noqa: E402


def _track_names(scene, card) -> list[str]:
    """What each of the name card's pieces of track is (name_card's order: every connection's pieces, then their
    letter discs, an extra lane's if the city has one: Paris's)."""
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


def explain(view, station=None, show=6, fine=0.0, summary=False, out=sys.stdout, board: str = "paris") -> None:
    import names_audit as na
    from game.engine import new_game
    from game.ui import play_scene
    from game.ui.app import App
    from game.ui.board import placement

    size, seats, arrangement = view
    app = App(size=size, headless=True)
    state = new_game(board, seats, seed=1, start_player=0, variant="standard")
    try:
        scene = app.push(play_scene.PlayScene(app, state, na.seats_for(state, arrangement)))
        app.step(0.1)
        b = scene.board_view.board
        names = scene.board_view.names
        lacking = sorted(names.names_without_room)
        card = why._run(names.name_card(names.wanted()))
        placer = placement._Placer(card)
        why._run(placer.obstacles())
        done = why._run(placement.place_names(card))
        st = [s.name for s in b.stations]
        seg_names = _track_names(scene, card)
        soft = [(f"name {st[j]}", box, placer.gx, placer.gy) for j, (t, box, _) in enumerate(done.names) if t]
        soft += [(f"badge of {st[d]}", placer.badge_box(d, done.corners[d], 2), 0, 0) for d in placer.dests]
        print(f"{size[0]}x{size[1]} {seats} {arrangement}: without room {[st[i] for i in lacking]}; "
              f"scale {scene.board_view.camera.s:.3f} px {card.px}", file=out)
        for i in [st.index(station)] if station else lacking:
            others = [o for o in soft if o[0] != f"name {st[i]}"]
            rows = why._rows(placer, card, i, lambda box: why.barriers(placer.rule, i, box, seg_names, st, others),
                             fine)
            t, box, _ = done.names[i]
            x, y = placer.pos[i]
            print(f"  {st[i]} ({'no room' if i in lacking else 'room'}) placed as {why._form(t)!r} at "
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
    ap.add_argument("view", help='"1920x1080 4 table"')
    ap.add_argument("station", nargs="?")
    ap.add_argument("--board", default="paris", help="paris, berlin, london, newyork")
    ap.add_argument("--show", type=int, default=6)
    ap.add_argument("--fine", type=float, default=0.0, help="also every spot on a grid this fine (pixels)")
    ap.add_argument("--summary", action="store_true")
    args = ap.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    wh, seats, arr = args.view.split()
    explain((tuple(int(v) for v in wh.split("x")), int(seats), arr), args.station, args.show, args.fine,
            args.summary, board=args.board)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
