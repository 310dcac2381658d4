"""The first-game guide: during the first turns, one step at a time, what to tap and why.

Asked for on the set-up screen ("First game: show me"); never started by the kiosk's attract game
(a scene whose computers are driven from outside, ``drive_computers`` False). Each step is a bubble
facing the seat whose turn it is, with an arrow at the thing to tap: place a token, extend a line at an
end, branch tiles, the passenger, a Paris seat's secret cards, press and hold. A step ends when the player does it (or taps Next);
Stop guide ends the guide at once. It waits, hidden, while a computer plays or the passenger travels.
"""
from __future__ import annotations

import math

import pygame

from ...i18n import N_, _
from .. import textfit
from .. import theme as th
from ..rules_help import Facing
from ..card_taps import button_under
from ..scene import CANCEL, DOWN, UP, PointerEvent

NEXT, STOP = "next", "stop"
STEPS: tuple[tuple[str, str, str], ...] = (
    ("place", N_("Place a token"),
     N_("Your chosen line is lit on your panel. Tap a track space between two stations to put a token of it "
        "there; a line's first token may go anywhere free.")),
    ("extend", N_("Grow the line at an end"),
     N_("Each later token must touch an end of the line, so tap a space that joins one of its ends. "
        "Stations reached first by a line may score.")),
    ("branch", N_("Branch tiles"),
     N_("Instead of placing, you may take a branch tile here. With 2 branch tiles a line may also grow from "
        "its middle, not just its ends.")),
    ("passenger", N_("The passenger"),
     N_("After your last action the passenger travels to a destination; every line it rides scores 1 point "
        "for its owner. The marked station is where it stands.")),
    ("hold", N_("Press and hold"),
     N_("Hold a station to see what it would score for your line now; hold a score to see its points by "
        "kind. The menu button has the rules.")),
)
# on a board with secret cards (Paris), before "Press and hold": how to look at them at a shared table
SECRET_STEP = ("secret", N_("Your secret cards"),
               N_("Press and hold the cards button on your panel to look at your two secret objectives, and "
                  "shield it with your hand. The whole table is told whenever a seat's cards are looked at."))
BUBBLE_W = 560  # design px
ARROW_GAP = 18


class FirstGameGuide:
    """The guide on ``play`` (a PlayScene): ``step`` indexes STEPS; ``active`` until finished or stopped."""

    def __init__(self, play):
        self.play = play
        self.steps = steps_for(play)
        self.step = 0
        self.active = True
        self.stopped = False  # dismissed with Stop guide (as against finished)
        self.facing: Facing | None = None
        self.buttons: dict[str, pygame.Rect] = {}  # upright bubble coordinates
        self._surface: pygame.Surface | None = None
        self._key = None
        self._target: tuple[float, float] | None = None
        self._press: dict[int, str] = {}
        self._mark = self._progress()

    # ---- where the game is -----------------------------------------------------------------------
    @property
    def name(self) -> str | None:
        return self.steps[self.step][0] if self.active else None

    def _humans(self) -> list[int]:
        return [i for i in range(self.play.state.n_players) if not self.play._is_computer(i)]

    def _progress(self) -> tuple:
        """What the steps watch: tokens and branch tiles taken by people, the passenger, long presses, looks
        at secret cards."""
        st = self.play.state
        humans = self._humans()
        tokens = sum(len(st.lines[li].conns) for i in humans for li in st.players[i].lines)
        branches = sum(1 for a in st.log if type(a).__name__ == "TakeBranch")
        return (tokens, branches, st.passenger, st.turn, self.play.long_press.shown, sum(self.play.peek.openings))

    def showing(self) -> bool:
        """Shown only while a person may act and nothing travels."""
        play = self.play
        return (self.active and play.state.phase == "actions" and not play.blocking
                and not play._is_computer(play.state.current))

    def update(self) -> None:
        if not self.active:
            return
        st = self.play.state
        quick = (len(st.log), st.turn, st.passenger, self.play.long_press.shown, sum(self.play.peek.openings))
        if quick != getattr(self, "_quick", None):  # this runs every fixed step: look closer only on a change
            self._quick = quick
            now = self._progress()
            tokens, branches, passenger, turn, presses, looks = self._mark
            done = {"place": now[0] > tokens, "extend": now[0] > tokens, "branch": now[1] > branches,
                    "passenger": now[2] != passenger or now[3] != turn, "hold": now[4] > presses,
                    "secret": now[5] > looks}[self.name]
            if done:
                self.advance()
                if not self.active:
                    return
        key = self._view_key()
        if key != self._key:
            self._key = key
            self._surface = None
            self.play.dirty = True

    def _view_key(self) -> tuple:
        play = self.play
        return (self.step, self.active, self.showing(), play.state.current, play.app.size, len(play.state.log),
                play.selected.get(play.state.current), getattr(play.board_view, "_geom_key", None))

    def advance(self) -> None:
        self.step += 1
        self._mark = self._progress()
        if self.step >= len(self.steps):
            self.active = False
        self._surface = None
        self.play.dirty = True

    def stop(self) -> None:
        self.active = False
        self.stopped = True
        self._surface = None
        self.play.dirty = True

    # ---- the thing to tap ------------------------------------------------------------------------
    def target(self) -> tuple[float, float] | None:
        """A screen point at what this step is about (None: the bubble alone)."""
        play = self.play
        st, board = play.state, play.board
        name = self.name
        if name in ("place", "extend"):
            from ...engine import legal_placements

            line = play.selected.get(st.current)
            conns = [(cost, c) for li, c, cost in legal_placements(st) if li == line]
            if name == "extend":
                ln = st.lines[line] if line is not None else None
                ends = {s for s, d in ln.degree.items() if d == 1} if ln is not None else set()
                conns = [(cost, c) for cost, c in conns if ends & set(board.conn_ends[c])] or conns
            for _cost, c in sorted(conns):
                pt = play.board_view.point_for_connection(c)
                if pt is not None:
                    return pt
            return None
        if name in ("branch", "secret"):
            return play.point_for_button(st.current, name)
        if name == "passenger" and st.passenger >= 0:
            x, y = play.board_view.station_xy(st.passenger)
            return (x, y) if play.board_view.rect.collidepoint(x, y) else None
        return None

    # ---- the bubble --------------------------------------------------------------------------------
    def _build(self) -> None:
        if self._surface is not None:
            return
        play = self.play
        t, fonts, p = play.theme, play.fonts, play.app.px
        _key, title, body = self.steps[self.step]
        pad = p(20)
        w = p(BUBBLE_W)
        f_title = fonts.get(max(11, p(26)), True)
        for size, cond in ((24, False), (22, False), (22, True), (20, True)):  # a long heading: smaller, condensed
            if f_title.size(_(title))[0] <= w - 2 * p(20):
                break
            f_title = fonts.get(max(11, p(size)), True, cond)
        f = fonts.get(max(11, p(21)))
        f_btn = fonts.get(max(11, p(22)), True)
        lines = th.wrap(f, _(body), w - 2 * pad)
        step = _("First game {n} / {total}").format(n=self.step + 1, total=len(self.steps))
        f_small = fonts.get(max(11, p(18)))
        touch = th.touch_px(play.app.scale)
        y = pad + f_small.get_linesize() + f_title.get_linesize() + p(6) + len(lines) * f.get_linesize() + p(12)
        bw = (w - 2 * pad - p(12)) // 2
        self.buttons = {STOP: pygame.Rect(pad, y, bw, touch), NEXT: pygame.Rect(pad + bw + p(12), y, bw, touch)}
        h = y + touch + pad
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(surf, t.highlight, surf.get_rect(), border_radius=p(16))
        pygame.draw.rect(surf, t.ink, surf.get_rect(), width=max(1, p(3)), border_radius=p(16))
        yy = pad
        surf.blit(f_small.render(step, True, t.ink), (pad, yy))
        yy += f_small.get_linesize()
        surf.blit(f_title.render(_(title), True, t.ink), (pad, yy))
        yy += f_title.get_linesize() + p(6)
        for line in lines:
            surf.blit(f.render(line, True, t.ink), (pad, yy))
            yy += f.get_linesize()
        labels = {STOP: _("Stop guide"), NEXT: _("Next") if self.step + 1 < len(self.steps) else _("Done")}
        for name, r in self.buttons.items():
            fill = t.ink if name == NEXT else t.panel
            pygame.draw.rect(surf, fill, r, border_radius=p(12))
            pygame.draw.rect(surf, t.ink, r, width=max(1, p(2)), border_radius=p(12))
            img = f_btn.render(labels[name], True, t.panel if name == NEXT else t.ink)
            surf.blit(img, img.get_rect(center=r.center))
        self.cut = [s for s in lines if f.size(s)[0] > w - 2 * pad] + \
            [v for v in labels.values() if f_btn.size(v)[0] > bw - p(8)]
        if textfit.is_recording():  # the same words, and the heading, said to whoever measures every screen
            for text, font, room in [(s, f, w - 2 * pad) for s in lines] + [(_(title), f_title, w - 2 * pad),
                                                                              (step, f_small, w - 2 * pad)] + \
                    [(v, f_btn, bw - p(8)) for v in labels.values()]:
                textfit.check(text, room, font.size(text)[0], "guide bubble")
        self.facing = Facing(play.panels[play.state.current].edge if play.panels else "bottom")
        self._surface = self.facing.turn(surf)
        self._target = self.target()
        self.facing.rect = self._place(self._surface.get_size(), self._target)

    def _place(self, size: tuple[int, int], target) -> pygame.Rect:
        """Inside the board, near the target but never over it; towards the seat when there is none. Of those
        places, the first that leaves the turn banner and the panels clear (moved clear if need be)."""
        bv = self.play.board_view.rect
        r = pygame.Rect((0, 0), size)
        m = self.play.app.px(ARROW_GAP * 3)
        candidates = []
        if target is None:
            edge = self.facing.edge
            r.center = bv.center
            if edge == "bottom":
                r.bottom = bv.bottom - m
            elif edge == "top":
                r.top = bv.top + m
            elif edge == "left":
                r.left = bv.left + m
            else:
                r.right = bv.right - m
            candidates.append(r.clamp(bv))
        else:
            for dx, dy in ((0, -1), (0, 1), (1, 0), (-1, 0), (1, -1), (-1, -1), (1, 1), (-1, 1)):
                c = r.copy()
                c.center = (round(target[0] + dx * (r.w / 2 + m)), round(target[1] + dy * (r.h / 2 + m)))
                c = c.clamp(bv)
                if not c.inflate(m, m).collidepoint(target):
                    candidates.append(c)
            if not candidates:
                return r.clamp(bv)
        keep = self._keep_clear()
        for c in list(candidates):  # each place also moved just clear of what it covers (the arrow longer)
            for k in keep:
                if c.colliderect(k):
                    for moved in (c.move(0, k.top - m // 2 - c.bottom), c.move(0, k.bottom + m // 2 - c.top),
                                  c.move(k.left - m // 2 - c.right, 0), c.move(k.right + m // 2 - c.left, 0)):
                        moved = moved.clamp(bv)
                        if target is None or not moved.inflate(m, m).collidepoint(target):
                            candidates.append(moved)
        # the first place that covers none of them, else the one that covers least
        return min(candidates, key=lambda c: sum(c.clip(k).w * c.clip(k).h for k in keep))

    def _keep_clear(self) -> list[pygame.Rect]:
        """What the bubble must not cover: the turn banner (whose turn, the actions left) and the seats' panels."""
        play = self.play
        banner = play.backdrop.banner_rect() if getattr(play, "backdrop", None) is not None else None
        return ([banner] if banner is not None else []) + [p.rect for p in play.panels]

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect]:
        if not self.showing():
            return []
        self._build()
        rect = self.facing.rect
        drawn = [rect.copy()]
        if self._target is not None:
            drawn.append(self._draw_arrow(surface, rect, self._target))
        surface.blit(self._surface, rect)
        return drawn

    def _draw_arrow(self, surface, rect: pygame.Rect, target) -> pygame.Rect:
        """From the bubble's edge to a ring round the target."""
        t = self.play.theme
        p = self.play.app.px
        x, y = target
        sx = min(max(x, rect.left), rect.right)
        sy = min(max(y, rect.top), rect.bottom)
        d = math.hypot(x - sx, y - sy) or 1.0
        ux, uy = (x - sx) / d, (y - sy) / d
        ring = p(26)
        tip = (x - ux * ring, y - uy * ring)
        w = max(3, p(6))
        pygame.draw.line(surface, t.ink, (sx, sy), tip, w + 2)
        pygame.draw.line(surface, t.highlight, (sx, sy), tip, w)
        head = p(22)
        left = (tip[0] - ux * head - uy * head * 0.6, tip[1] - uy * head + ux * head * 0.6)
        right = (tip[0] - ux * head + uy * head * 0.6, tip[1] - uy * head - ux * head * 0.6)
        pygame.draw.polygon(surface, t.highlight, [tip, left, right])
        pygame.draw.polygon(surface, t.ink, [tip, left, right], max(1, p(2)))
        pygame.draw.circle(surface, t.ink, (round(x), round(y)), ring, max(2, p(4)))
        box = pygame.Rect(min(sx, x) - ring - head, min(sy, y) - ring - head, abs(x - sx) + 2 * (ring + head),
                          abs(y - sy) + 2 * (ring + head))
        return box.clip(surface.get_rect())

    # ---- input ---------------------------------------------------------------------------------------
    def point_for(self, name: str) -> tuple[float, float] | None:
        """Where the bubble's button ``name`` is on screen (tests tap there); None when hidden."""
        if not self.showing():
            return None
        self._build()
        b = self.buttons.get(name)
        return None if b is None else self.facing.to_screen(*b.center)

    def _button_at(self, x: float, y: float) -> str | None:
        if not self.showing():
            return None
        self._build()
        return button_under(self.buttons, self.facing.rect, self.facing.rotation, x, y)

    def on_pointer(self, e: PointerEvent) -> bool:
        """Presses on the bubble are the guide's (nothing under it is tapped); all else goes on to the game."""
        if e.phase == DOWN:
            hit = self._button_at(e.x, e.y)
            if hit is None:
                return False
            self._press[e.pid] = hit
            return True
        if e.pid not in self._press:
            return False
        if e.phase == CANCEL:
            self._press.pop(e.pid, None)
        elif e.phase == UP:
            pressed = self._press.pop(e.pid)
            if pressed and pressed == self._button_at(e.x, e.y):
                if pressed == NEXT:
                    self.advance()
                else:
                    self.stop()
        return True


def steps_for(play) -> tuple[tuple[str, str, str], ...]:
    """The steps on this board: Paris's secret cards get a step of their own before "Press and hold"."""
    if not play.board_view.city.has_secret_cards(play.board):
        return STEPS
    at = [key for key, _t, _b in STEPS].index("hold")
    return STEPS[:at] + (SECRET_STEP,) + STEPS[at:]


def start(play) -> FirstGameGuide | None:
    """Put the guide on ``play`` (a PlayScene); refused for a scene whose game is played from outside (the
    kiosk's attract demo) and in kiosk attract mode."""
    if not getattr(play, "drive_computers", True) or getattr(play, "attract", False):
        return None
    play.guide = FirstGameGuide(play)
    play.dirty = True
    return play.guide
