"""Drawing one seat's panel upright from its layout (layout.py): the frame, the seat's name, score and
branch tiles, the status and the table's notes, the lines, the route options or a city's choices, and the
buttons. What the drawing had to do (a name on two lines, a label cut, how many notes fitted) is kept on
the painter for the panel to report."""
from __future__ import annotations

import pygame

from ...engine.state import GameState
from ...i18n import _, ngettext
from .. import textfit
from .. import theme as th
from ..draw import disc
from .icons import (draw_branch_icon, draw_hint_button, draw_menu_button, draw_page_button, draw_phone_button,
                    draw_secret_button, icon_pill, pill, shade)
from .view import BRANCH_LABEL, ROUTE_LABEL, UNDO_LABEL, PanelView
from .words import MIN_NAME_PX, fit_name, fit_text, step_font, words

SMALL_STEPS = ((17, True, False), (15, True, False), (15, True, True), (13, True, True))  # design px, bold, condensed
ROW_MODES = ("row", "deep", "row2")  # a laptop's panels (row.py): the action bar holds the acting seat's controls
HEAD_STEPS = ((21, False), (19, False), (17, False), (17, True))  # "Your turn" too wide at 24: design px, condensed


def notes_for(view: PanelView, city: bool = True) -> list[tuple[str, str]]:
    """The table's notes for a seat, most important first, as (text, style); ``city``: with the city's notes
    (a laptop's action bar shows the acting seat's, play/action_bar.py)."""
    out: list[tuple[str, str]] = []
    if view.phone:
        out.append(view.phone)
    if view.last_turn == "last":
        out.append((_("Last turn"), "bad"))
    elif view.last_turn == "done":
        out.append((_("Turns over"), "muted"))
    if view.deck is not None:
        out.append((_("Deck: {cards}").format(cards=view.deck), "muted"))
    # the city's tiles held (Berlin's landmarks): the count, drawn after the type's icon
    out.extend((f"{count}", f"tile:{symbol}") for symbol, count in view.city_tiles)
    if view.start_player:
        out.append((_("1st player"), "ink"))
    if view.note:
        out.append((view.note, "accent"))
    # the city's notes: a text (muted) or (text, style), e.g. New York's "Red: leave the water" (bad)
    out.extend(((n, "muted") if isinstance(n, str) else tuple(n) for n in view.city_notes) if city else ())
    return out


def lead_words(fonts: th.Fonts, p, t: th.Theme, width: int, actions_left: int | None, msg: str) -> list:
    """A deep row's status (row.py) as words leading its notes' first row, the ways to show it, fullest first:
    "Your turn · N actions left" (else its two halves), then "Your turn" and a dot per action left (as the action
    bar shows them) where the notes need the room; or the seat's message, each part on one line."""
    from .row import turn_words

    steps = [(p(s), True, c) for s, _b, c in SMALL_STEPS]

    def img(text: str, colour) -> pygame.Surface:
        f = step_font(fonts, text, width, steps)
        return words(f, fit_text(f, text, width), colour)

    if actions_left is None:
        f = step_font(fonts, msg, width, steps)
        return [[img(line, t.muted) for line in (th.wrap(f, msg, width) if msg else [])]]
    head, left, one = turn_words(actions_left)
    full = [img(one, t.accent)] if step_font(fonts, one, width, steps).size(one)[0] <= width \
        else [img(head, t.accent), img(left, t.ink)]
    short = img(head, t.accent)
    dots = pygame.Surface((short.get_width() + p(6) + actions_left * p(18), short.get_height()), pygame.SRCALPHA)
    dots.blit(short, (0, 0))
    for k in range(actions_left):
        disc(dots, t.accent, (short.get_width() + p(6) + p(7) + k * p(18), short.get_height() // 2), p(6))
    return [full, [dots]]


def pill_rows(pills: list, width: int, gap: int) -> list[list]:
    """``pills`` in rows of ``width``, in order."""
    rows: list[list] = [[]]
    used = 0
    for one in pills:
        w = one.get_width() + (gap if rows[-1] else 0)
        if rows[-1] and used + w > width:
            rows.append([])
            used, w = 0, one.get_width()
        rows[-1].append(one)
        used += w
    return rows


def state_board_name(state: GameState, station: int) -> str:
    from ...engine.rules import board_of

    return board_of(state).stations[station].name


class Painter:
    """Draws one panel of upright ``size`` in ``mode``. ``shown_notes`` and ``tiles_at`` start as the last
    drawing left them (a drawing without notes leaves them as they were)."""

    def __init__(self, theme: th.Theme, fonts: th.Fonts, scale: float, mode: str, size: tuple[int, int],
                 shown_notes: int = 0, tiles_at=None):
        self.t, self.fonts, self.scale, self.mode, self.size = theme, fonts, scale, mode, size
        self.shown_notes = shown_notes  # how many of the notes the drawing had room for
        self.tiles_at = tiles_at  # upright point of the first city tile pill (where a taken tile lands)
        self.name_lines: list[str] = []
        self.name_cut = False
        self.cut_labels: list[str] = []
        self.surf: pygame.Surface | None = None
        self._notes_w = 0

    def p(self, n: float) -> int:
        return max(1, round(n * self.scale))

    def paint(self, state: GameState, view: PanelView, ctl: dict[str, pygame.Rect], player: int, name: str,
              option_page: int = 0, option_pages: int = 1) -> pygame.Surface:
        pl = state.players[player]
        self._frame(view)
        # while the route or a choice is asked a shared panel's name column has the name and points only (shared.py)
        self._identity(ctl["_id"], name, pl, view, tiles=not (self.mode == "shared" and "_label" in ctl))
        st_r = ctl.get("_status")
        if "_notes" in ctl:  # the notes in a place of their own (shared.py), not under the status
            self._notes_apart(ctl, view)
        if st_r is not None and st_r.w > self.p(60):
            self._status(st_r, state, view, "_notes" not in ctl)
        self._lines(ctl, state, pl.lines, view)
        if "_label" in ctl:
            self._route_label(ctl["_label"], view)
            self._route_options(ctl, state, view)
            self._choices(ctl, view)
            for button in ("route_more", "choice_more"):
                if button in ctl:
                    draw_page_button(self.surf, ctl[button], self.t, self.p, option_page, option_pages, self.fonts)
        self._round_buttons(ctl, view)
        self._action_buttons(ctl, view)
        return self.surf

    def _frame(self, view: PanelView) -> None:
        t, p = self.t, self.p
        W, H = self.size
        self.surf = surf = pygame.Surface((max(1, W), max(1, H)))
        surf.fill(t.bg)
        box = pygame.Rect(0, 0, W, H).inflate(-p(4), -p(4))
        rad = p(14)
        pygame.draw.rect(surf, t.panel if view.active else shade(t.panel, t.bg, 0.6), box, border_radius=rad)
        if view.active:
            pygame.draw.rect(surf, t.accent, box, width=p(6), border_radius=rad)
        else:
            pygame.draw.rect(surf, t.panel_edge, box, width=p(2), border_radius=rad)

    def _identity(self, idr: pygame.Rect, name: str, pl, view: PanelView, tiles: bool = True) -> None:
        """The seat's name, score and (``tiles``) branch tiles."""
        t, p, surf, ink = self.t, self.p, self.surf, self.t.ink
        f_score = self.fonts.get(p(44), True)
        f_small = self.fonts.get(p(17))
        y = idr.y
        # a smaller name before a second line, a second line before a cut one ("Player 1 (co…")
        f_name, lines = fit_name(self.fonts, name, idr.w, self.scale)
        self.name_lines = lines
        self.name_cut = lines[-1].endswith("…") and not name.endswith("…")
        name_h = (len(lines) - 1) * (f_name.get_linesize() - p(2)) + f_name.get_height()
        tiles_h = p(24) if tiles else 0
        for size in ((36, 30, 26) if len(lines) > 1 else (44, 36, 30, 26)):  # the block keeps inside its box
            f_score = self.fonts.get(p(size), True)  # (the route's buttons are just below it in a compact panel)
            if name_h + f_score.get_height() - p(6) + tiles_h <= idr.h:
                break
        textfit.check(name, idr.h, name_h + f_score.get_height() - p(6) + tiles_h, "panel.draw identity height")
        for j, line in enumerate(lines):
            img = words(f_name, line, t.accent if view.active else ink)
            surf.blit(img, (idr.x, y))
            y += img.get_height() if j == len(lines) - 1 else f_name.get_linesize() - p(2)
        score = pl.score if view.score is None else view.score
        simg = words(f_score, str(score), ink)
        surf.blit(simg, (idr.x, y - p(2)))
        pimg = words(f_small, _("points"), t.muted)
        textfit.check(_("points"), idr.right - simg.get_width() - p(6) - idr.x, pimg.get_width(), "panel.draw points")
        surf.blit(pimg, (idr.x + simg.get_width() + p(6), y + simg.get_height() - pimg.get_height() - p(8)))
        y += simg.get_height() - p(4)
        if not tiles:
            return
        icon = pygame.Rect(idr.x, y, p(24), p(24))
        draw_branch_icon(surf, icon, ink, (255, 255, 255))
        tiles = ngettext("{n} branch tile", "{n} branch tiles", pl.branch_tiles).format(n=pl.branch_tiles)
        room = max(1, idr.right - icon.right - p(5))  # smaller, then condensed, before the words are cut
        f_tiles = step_font(self.fonts, tiles, room, [(p(s), b, c) for s, b, c in SMALL_STEPS])
        bimg = words(f_tiles, fit_text(f_tiles, tiles, room), ink)
        surf.blit(bimg, (icon.right + p(5), icon.centery - bimg.get_height() // 2))

    def _status(self, st_r: pygame.Rect, state: GameState, view: PanelView, with_notes: bool = True) -> None:
        """Whose turn it is, readable from this seat; below it the table's notes (``with_notes``)."""
        p = self.p
        f_small, f_small_b = self.fonts.get(p(17)), self.fonts.get(p(17), True)
        self._notes_w = 0
        own_turn = view.active and state.phase == "actions" and not view.status and not view.watching
        keep = f_small_b.get_linesize() if not own_turn \
            else self.fonts.get(p(24), True).get_linesize() + f_small.get_linesize()
        if self.mode == "deep":  # the status's words lead the notes' first row (row.py)
            msg = view.status if view.status and not own_turn else ""
            # its rows from the bottom up, each with a gap above it: the first's above the strip, under the counts
            lead = lead_words(self.fonts, p, self.t, st_r.w, state.actions_left if own_turn else None, msg)
            self._notes(pygame.Rect(st_r.x, st_r.y - p(4), st_r.w, st_r.h + p(4)), view, leads=lead)
            return
        notes_h = self._notes(st_r, view, 0 if self.mode == "compact" else keep) if with_notes else 0
        body = pygame.Rect(st_r.x, st_r.y, st_r.w - self._notes_w, st_r.h - notes_h)
        if own_turn:
            self._your_turn(body, state.actions_left)
            return
        msg = view.status or (_("{player}'s turn").format(player=view.current_name) if view.current_name else "")
        if self.mode in ROW_MODES and not view.status:  # a laptop's: the action bar names the acting seat
            msg = ""
        if view.active and (state.phase == "route" or view.choices) and not view.status and not view.watching:
            msg = ""
        if msg:
            self._message(body, msg)

    def _your_turn(self, body: pygame.Rect, n: int) -> None:
        """"Your turn", the actions left in words and as dots (one line in a compact panel's strip)."""
        t, p, surf = self.t, self.p, self.surf
        f_small_b = self.fonts.get(p(17), True)
        f_big = self.fonts.get(p(24), True)
        if f_big.size(_("Your turn"))[0] > body.w:  # smaller before it is cut (a shared panel's narrow status)
            f_big = step_font(self.fonts, _("Your turn"), body.w, [(p(s), True, c) for s, c in HEAD_STEPS])
        head = words(f_big, fit_text(f_big, _("Your turn"), body.w), t.accent)
        left = ngettext("{n} action left", "{n} actions left", n).format(n=n)
        f_left = step_font(self.fonts, left, body.w, [(p(s), False, c) for s, _b, c in SMALL_STEPS])
        sub = words(f_left, fit_text(f_left, left, body.w), t.ink) if f_left.size(left)[0] <= body.w else None
        if sub is None:  # on two lines before it is cut (a shared panel's narrow status: "3 actions restantes")
            rows = th.wrap(f_left, left, body.w)
            rows = rows if len(rows) <= 2 else [rows[0], " ".join(rows[1:])]
            sub = th.stack_lines([words(f_left, fit_text(f_left, r, body.w), t.ink) for r in rows],
                                 f_left.get_linesize())
        dots = p(16) if body.h >= head.get_height() + sub.get_height() + p(16) else 0
        if self.mode == "compact":  # one line in the strip
            head = words(f_small_b, fit_text(f_small_b, ngettext("Your turn · {n} action left",
                                                                 "Your turn · {n} actions left", n).format(n=n),
                                             body.w), t.accent)
            surf.blit(head, (body.x, body.y + (body.h - head.get_height()) // 2))
            return
        y0 = body.centery - (head.get_height() + sub.get_height() + dots) // 2
        surf.blit(head, (body.x, y0))
        surf.blit(sub, (body.x, y0 + head.get_height()))
        if dots:
            cy = y0 + head.get_height() + sub.get_height() + p(8)
            for k in range(n):
                disc(surf, t.accent, (body.x + p(7) + k * p(18), cy), p(7))

    def _message(self, body: pygame.Rect, msg: str) -> None:
        """A waiting seat's line (whose turn, or the table's status): smaller, then on two lines broken between
        phrases (a smaller font again if need be), and only then cut."""
        p, surf, muted = self.p, self.surf, self.t.muted
        steps = [self.fonts.get(p(s), b, c) for s, b, c in SMALL_STEPS]
        got = th.fit_lines(steps, msg, body.w, body.h)
        if got is None:
            f = steps[-1]
            got = f, [fit_text(f, msg, body.w)]
        f, lines = got
        top = body.centery - len(lines) * f.get_linesize() // 2
        for j, line in enumerate(lines):
            surf.blit(words(f, line, muted), (body.x, top + j * f.get_linesize()))

    def _notes_apart(self, ctl: dict, view: PanelView) -> None:
        """The notes in their own places (``_notes``, then ``_notes_more``: shared.py), each note in the first
        with room for it whole (a long one, "Commence avec 4 points", in the wider), in order in each."""
        areas = [ctl["_notes"]] + ([ctl["_notes_more"]] if "_notes_more" in ctl else [])
        shown, at = 0, None
        for area, which in zip(areas, self._notes_split(areas, view)):
            if which:
                self._notes(area, view, only=which)
                shown, at = shown + self.shown_notes, at or self.tiles_at
        self.shown_notes, self.tiles_at = shown, at

    def _notes_split(self, areas: list, view: PanelView) -> list[list[int]]:
        """Which notes each of ``areas`` shows, in rows as ``_place_pills`` lays them, the longest placed first:
        each in the first with room for it whole, else the first with room (where it is drawn smaller), else
        none; each place shows its notes in their order."""
        p, font = self.p, self.fonts.get(self.p(15), True)
        ph = font.get_height() + p(8)
        fill = [[1, 0] for _ in areas]  # each place's rows and the width its last row uses
        out: list[list[int]] = [[] for _ in areas]
        widths = [font.size(text)[0] + 2 * p(8) + (font.get_height() if style.startswith("tile:") else 0)
                  for text, style in notes_for(view)]
        for j in sorted(range(len(widths)), key=lambda j: -widths[j]):
            w0 = widths[j]
            for k in sorted(range(len(areas)), key=lambda k: (w0 > areas[k].w, k)):
                rows, used = fill[k]
                w = w0 + (p(6) if used else 0)
                if used and used + w > areas[k].w:
                    if rows >= max(1, areas[k].h // (ph + p(4))):
                        continue
                    rows, used, w = rows + 1, 0, w0
                fill[k] = [rows, used + w]
                out[k].append(j)
                break
        return [sorted(which) for which in out]

    def _notes(self, area: pygame.Rect, view: PanelView, keep: int = 0, only: list | None = None,
               leads=((),)) -> int:
        """Small pills along the bottom of ``area`` (wrapping upwards), the notes ``only`` when given, after the
        first of ``leads`` (a deep row's status: ``lead_words``) with which they all fit; returns their height."""
        t, p = self.t, self.p
        notes = notes_for(view, city=self.mode not in ROW_MODES)
        notes = notes if only is None else [notes[j] for j in only]
        if not notes and not leads[0]:
            return 0
        font = self.fonts.get(p(15), True)
        colours = {"bad": (t.bad, (255, 255, 255)), "accent": (t.accent, t.accent_ink),
                   "ink": (t.ink, (255, 255, 255)), "muted": (shade(t.panel_edge, t.panel, 0.3), t.ink)}
        pills = []
        first_tile = None
        for text, style in notes:
            if style.startswith("tile:"):
                if first_tile is None:
                    first_tile = len(pills)
                pills.append(icon_pill(font, style[5:], text, t.ink, (255, 250, 232), p(8)))
                continue
            bg, fg = colours[style]
            one = pill(font, text, fg, bg, p(8))
            if one.get_width() > area.w:  # a smaller, then condensed font before the words are cut
                f = step_font(self.fonts, text, max(1, area.w - p(16)), [(p(14), True, False), (p(13), True, True),
                                                                         (p(12), True, True)])
                one = pill(f, fit_text(f, text, max(1, area.w - p(16))), fg, bg, p(8))
            pills.append(one)
        ph = max(q.get_height() for q in pills) if pills else 0
        lead = next((lead for lead in leads if len(pill_rows(list(lead) + pills, area.w, p(6))) * (ph + p(4))
                     <= area.h - keep), leads[-1])
        first_tile = None if first_tile is None else first_tile + len(lead)
        got = self._place_pills(area, list(lead) + pills, first_tile, keep)
        self.shown_notes = max(0, self.shown_notes - len(lead))
        return got

    def _place_pills(self, area: pygame.Rect, pills: list, first_tile: int | None, keep: int) -> int:
        """Rows of ``pills`` from the bottom of ``area`` up, as many as leave ``keep`` for the status."""
        p = self.p
        rows = pill_rows(pills, area.w, p(6))
        ph = max(q.get_height() for q in pills)
        max_rows = max(1, (area.h - keep) // (ph + p(4)))  # ``keep``: room left for the status line(s)
        rows = rows[:max_rows]
        self.shown_notes = sum(len(r) for r in rows)
        y = area.bottom - len(rows) * (ph + p(4)) + p(4)
        top = y
        self.tiles_at = None
        k = 0
        for row in rows:
            x = area.x if self.mode != "compact" else area.right - sum(q.get_width() + p(6) for q in row) + p(6)
            for one in row:
                self.surf.blit(one, (x, y + (ph - one.get_height()) // 2))
                if k == first_tile:  # where a taken tile lands (Animations: target "landmarks")
                    self.tiles_at = (x + one.get_height() // 2, y + ph // 2)
                k += 1
                x += one.get_width() + p(6)
            y += ph + p(4)
        if self.mode == "compact":
            self._notes_w = max(sum(q.get_width() + p(6) for q in r) for r in rows)
            return 0  # the strip holds the status on the left and the notes on the right
        return area.bottom - top + p(4)

    def _lines(self, ctl: dict, state: GameState, lines, view: PanelView) -> None:
        """Each line's swatch, the tokens it has left, and "+1" on the lines the passenger would score for."""
        t, p, surf = self.t, self.p, self.surf
        f_letter = self.fonts.get(p(26), True)
        f_count = self.fonts.get(p(16))
        rects = sorted(r for li in lines if (r := ctl.get(f"line:{li}")) is not None)
        gaps = [b.x - a.right for a, b in zip(rects, rects[1:]) if b.y == a.y]
        spill = max(0, min([p(8)] + [g - p(4) for g in gaps]))  # a count wider than its swatch keeps off the next
        for li in lines:
            r = ctl.get(f"line:{li}")
            if r is None:
                continue
            ln = state.lines[li]
            if view.active and view.selected_line == li:
                pygame.draw.rect(surf, t.accent, r.inflate(p(12), p(12)), width=p(5), border_radius=p(12))
            th.draw_swatch(surf, r, ln.colour, f_letter, radius=p(10))
            if ln.tokens_left == 0:
                pygame.draw.line(surf, t.bad, r.topleft, r.bottomright, p(4))
            left = _("{n} left").format(n=ln.tokens_left)
            f_left = step_font(self.fonts, left, r.w + spill, [(p(16), False, False), (p(14), False, False),
                                                               (p(14), False, True), (p(13), False, True)])
            cnt = words(f_left, fit_text(f_left, left, r.w + spill), t.ink if ln.tokens_left else t.bad)
            surf.blit(cnt, cnt.get_rect(midtop=(r.centerx, r.bottom + p(4))))
            if li in view.would_score:
                b = pygame.Rect(0, 0, p(34), p(22))
                b.center = (r.right - p(4), r.y + p(2))
                pygame.draw.rect(surf, t.good, b, border_radius=p(11))
                pimg = words(f_count, "+1", (255, 255, 255))
                surf.blit(pimg, pimg.get_rect(center=b.center))

    def _route_label(self, lr: pygame.Rect, view: PanelView) -> None:
        """The words over the options: wrapped, a smaller font before the last line is cut."""
        p = self.p
        text_of = view.choice_title if view.choices else _(ROUTE_LABEL)
        heads = [text_of] + ([text_of.split(": ", 1)[0]] if ": " in text_of else [])
        for text_of in heads:  # the words before the colon alone ("Choose the passenger's route") last
            for f_lab in (self.fonts.get(size, True, cond) for size, cond in
                          ((p(17), False), (p(15), False), (p(15), True), (p(13), True))):  # smaller before cut
                rows = max(1, lr.h // f_lab.get_linesize())
                text = th.wrap(f_lab, text_of, max(1, lr.w))
                if len(text) <= rows:
                    break
            if len(text) <= rows:
                break
        if len(text) > rows:
            text = text[:rows - 1] + [fit_text(f_lab, " ".join(text[rows - 1:]), lr.w)]
        for j, line in enumerate(text):
            self.surf.blit(words(f_lab, line, self.t.accent), (lr.x, lr.y + j * f_lab.get_linesize()))

    def _route_options(self, ctl: dict, state: GameState, view: PanelView) -> None:
        """A button per route option: the destination's name and the lines that would score."""
        t, p, surf = self.t, self.p, self.surf
        f_chip = self.fonts.get(p(14), True)
        for i, opt in enumerate(view.route_options):
            r = ctl.get(f"route:{i}")
            if r is None:
                continue
            chosen = view.route_preview == i
            pygame.draw.rect(surf, t.accent if chosen else (255, 255, 255), r, border_radius=p(10))
            pygame.draw.rect(surf, t.accent, r, width=p(3), border_radius=p(10))
            dest = state_board_name(state, opt.destination)
            fg = t.accent_ink if chosen else t.ink
            chip = p(24)
            img = self._route_name(dest, r.w - p(16), r.h - chip - p(12), fg)
            surf.blit(img, (r.x + p(8), r.y + p(5)))
            cx = r.x + p(8)
            cy = r.y + p(8) + img.get_height()
            if cy + chip > r.bottom - p(2):
                cy = r.bottom - chip - p(3)
            if opt.lines:
                for li in opt.lines:
                    if cx + chip > r.right - p(6):
                        break
                    th.draw_swatch(surf, pygame.Rect(cx, cy, chip, chip), state.lines[li].colour, f_chip,
                                   radius=p(5))
                    cx += chip + p(4)
            else:  # smaller, then on two lines, before it is cut
                self._lines_in(_("no line scores"), pygame.Rect(cx, cy, r.right - p(6) - cx,
                                                                 max(chip, r.bottom - p(3) - cy)), fg)

    def _lines_in(self, text: str, box: pygame.Rect, colour) -> None:
        """Small words in ``box``: one line (a size smaller, condensed, if need be), else two, else cut."""
        p = self.p
        steps = [self.fonts.get(p(14)), self.fonts.get(p(13), False, True), self.fonts.get(p(12), False, True)]
        f, lines = th.fit_lines(steps, text, box.w, box.h) or (steps[-1], [fit_text(steps[-1], text, box.w)])
        y = box.y + max(0, (min(box.h, p(24)) - len(lines) * f.get_linesize()) // 2)
        for j, line in enumerate(lines):
            self.surf.blit(words(f, line, colour), (box.x, y + j * f.get_linesize()))

    def _route_name(self, name: str, width: int, height: int, colour) -> pygame.Surface:
        """A route button's destination: one line at the largest size that fits, else broken at spaces and
        hyphens into as many lines as the button's height holds (largest size first), else cut with "…"
        (reported)."""
        p = self.p
        steps = [(p(19), True, False), (p(16), True, False), (p(16), True, True), (p(14), True, True)]
        f = step_font(self.fonts, name, width, steps)
        if f.size(name)[0] > width:
            for size, bold, condensed in steps:
                f2 = self.fonts.get(max(MIN_NAME_PX, size), bold, condensed)
                rows = th.break_name(f2, name, width, max(1, height // f2.get_linesize()))
                if rows is not None and len(rows) > 1:
                    return th.stack_lines([words(f2, t, colour) for t in rows], f2.get_linesize())
        return words(f, fit_text(f, name, width), colour)

    def _choices(self, ctl: dict, view: PanelView) -> None:
        """A city's choice (Paris): big buttons, each with its score preview under the label."""
        t, p, surf = self.t, self.p, self.surf
        for i, (label, preview) in enumerate(view.choices):
            r = ctl.get(f"choice:{i}")
            if r is None:
                continue
            pygame.draw.rect(surf, t.accent, r, border_radius=p(12))
            pygame.draw.rect(surf, shade(t.accent, (0, 0, 0), 0.25), r, width=p(2), border_radius=p(12))
            room = r.w - p(12)
            f_subs = [self.fonts.get(p(14), True), self.fonts.get(p(13), True, True), self.fonts.get(p(12), True, True)]
            sub = self._words_in(preview, f_subs, room, r.h // 2, t.accent_ink)
            # smaller, then condensed, then on two lines (choices side by side in a shared panel) before it is cut
            least = max(10, p(13))
            f_bigs = [self.fonts.get(size, True) for size in range(max(least, p(21)), least - 1, -1)]
            img = self._words_in(label, f_bigs + [self.fonts.get(least, True, True)], room,
                                 r.h - sub.get_height() - p(8), t.accent_ink)
            both = img.get_height() + (sub.get_height() if r.h >= img.get_height() + sub.get_height() else 0)
            y0 = r.centery - both // 2
            surf.blit(img, img.get_rect(midtop=(r.centerx, y0)))
            if both > img.get_height():
                surf.blit(sub, sub.get_rect(midtop=(r.centerx, y0 + img.get_height())))

    def _words_in(self, text: str, fonts: list, width: int, height: int, colour) -> pygame.Surface:
        """``text`` on one line in the largest of ``fonts`` that fits ``width``, else on two no taller than
        ``height``, else cut (reported), each line centred."""
        f, lines = th.fit_lines(fonts, text, width, height) or (fonts[-1], [fit_text(fonts[-1], text, width)])
        imgs = [words(f, line, colour) for line in lines]
        out = pygame.Surface((max(i.get_width() for i in imgs), len(imgs) * f.get_linesize()), pygame.SRCALPHA)
        for j, img in enumerate(imgs):
            out.blit(img, ((out.get_width() - img.get_width()) // 2, j * f.get_linesize()))
        return out

    def _round_buttons(self, ctl: dict, view: PanelView) -> None:
        if "menu" in ctl:  # (a shared panel asking its seat shows the hint alone: panel/shared.py)
            draw_menu_button(self.surf, ctl["menu"], self.t, self.p)
        if "phone" in ctl:
            draw_phone_button(self.surf, ctl["phone"], self.t, self.p, view.phone[1] if view.phone else "")
        if "secret" in ctl:
            draw_secret_button(self.surf, ctl["secret"], self.t, self.p)
        if "hint" in ctl:
            draw_hint_button(self.surf, ctl["hint"], self.t, self.p, view.hint)

    def _action_buttons(self, ctl: dict, view: PanelView) -> None:
        """The branch tile and Undo buttons: the label always whole (a smaller font before anything is cut)."""
        t, p, surf = self.t, self.p, self.surf
        self.cut_labels = []
        if view.watching:
            return  # a replay: nothing to play
        for name, label, enabled in (("branch", _(BRANCH_LABEL), view.can_branch),
                                     ("undo", _(UNDO_LABEL), view.can_undo)):
            r = ctl.get(name)
            if r is None:
                continue
            on = enabled and view.active
            pygame.draw.rect(surf, t.accent if on else shade(t.panel_edge, t.panel, 0.5), r, border_radius=p(12))
            if on:
                pygame.draw.rect(surf, shade(t.accent, (0, 0, 0), 0.25), r, width=p(2), border_radius=p(12))
            room = r.w - p(12)
            size = p(21)
            f_btn = self.fonts.get(size, True)
            while f_btn.size(label)[0] > room and size > max(10, p(14)):
                size -= 1
                f_btn = self.fonts.get(size, True)
            if f_btn.size(label)[0] > room:  # condensed before cut (a laptop's Undo beside the hint)
                f_btn = self.fonts.get(size, True, True)
            if f_btn.size(label)[0] > room:
                self.cut_labels.append(name)
            img = words(f_btn, fit_text(f_btn, label, room), t.accent_ink if on else t.muted)
            if name == "branch":
                ic = pygame.Rect(0, 0, p(26), p(26))
                total = ic.w + p(8) + img.get_width()
                if total <= r.w - p(12):
                    ic.midleft = (r.centerx - total // 2, r.centery)
                    draw_branch_icon(surf, ic, t.accent if on else t.muted, (255, 255, 255))
                    surf.blit(img, img.get_rect(midleft=(ic.right + p(8), r.centery)))
                    continue
            surf.blit(img, img.get_rect(center=r.center))
