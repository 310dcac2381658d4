"""Where everything goes on the play screen, and what the table says where: each seat's panel, the turn banner
and the places of a notice for every seat.

``lay_out``: each edge as deep as its most crowded panel needs, the panels along it, the face-up card strips
carved from what is left, the board in the rest. ``panel_view``: what a seat's panel shows besides the
position itself (whose turn, the chosen line, route options, a city's choice, notes). Both are functions of
the scene (``PlayScene._layout`` and ``panel_view`` call them; the replay viewer overrides those).
"""
from __future__ import annotations

import functools

import pygame

from ...engine.rules import rules_of
from ...i18n import _, ngettext
from ..panel import DEPTH, PanelView, SeatPanel
from ..seats import EDGE_ROTATION
from . import keepclear
from .action_bar import ActionBar
from . import win_bar
from .cards import CardStrips
from .phones import NOTES as PHONE_NOTES
from .overlays import _free_band_spot, least_hidden_place


def is_laptop(scene) -> bool:
    """Every seat's panel along the bottom edge (``seats.default_edges(n, "laptop")``): one screen every player
    reads, where one action bar serves the acting seat (play/action_bar.py)."""
    return len(scene.panels) > 1 and all(p.edge == "bottom" for p in scene.panels)


def lay_out(scene, bar: bool = True) -> None:
    """``bar``: a laptop's panels in one row and the acting seat's controls on the action bar under the cards
    (tables, and a laptop whose cards stand in no column with room below them, keep them on the panels)."""
    W, H = scene.app.size
    k = scene.app.scale
    scene._size = (W, H)
    D = max(60, round(DEPTH * k))
    laptop = bar and is_laptop(scene)
    for i, p in enumerate(scene.panels):
        p.bar = scene.bar if laptop else None
        if laptop:
            p.row_words = row_words(scene, i)
    by_edge: dict[str, list[SeatPanel]] = {}
    for p in scene.panels:
        by_edge.setdefault(p.edge, []).append(p)
    for p in scene.panels:  # two panels side by side on an edge while seats sit at others (five round a table):
        # the shared shape (panel/shared.py) keeps that edge as deep as a side seat's, not the compact 258 px
        p.shares_edge = len(by_edge[p.edge]) > 1 and len(by_edge) > 1

    def depth(edge: str, span: int) -> int:
        """The edge is as deep as its most crowded panel needs (no button below touch size, no cut label)."""
        ps = by_edge.get(edge)
        if not ps:
            return 0
        width = span // len(ps)
        return max([D] + [p.needed_depth(width, len(scene.state.players[p.player].lines), k) for p in ps])

    L = depth("left", H)
    R = depth("right", H)
    T = depth("top", W - L - R)
    B = depth("bottom", W - L - R)
    cap = max(D, (H - 2 * D) // 2) if H > 0 else D  # the board keeps at least a third of the height
    T, B = min(T, cap), min(B, cap)
    depths = {"left": L, "right": R, "top": T, "bottom": B}
    for edge, ps in by_edge.items():
        n = len(ps)
        if edge in ("bottom", "top"):
            x0, span = L, W - L - R
            y = H - B if edge == "bottom" else 0
            order = ps if edge == "bottom" else list(reversed(ps))
            for j, p in enumerate(order):
                a = x0 + span * j // n
                b = x0 + span * (j + 1) // n
                p.set_rect(pygame.Rect(a, y, b - a, depths[edge]), k)
        else:
            x = 0 if edge == "left" else W - R
            order = list(reversed(ps)) if edge == "left" else ps
            for j, p in enumerate(order):
                a = H * j // n
                b = H * (j + 1) // n
                p.set_rect(pygame.Rect(x, a, depths[edge], b - a), k)
    m = max(2, round(6 * k))
    area = pygame.Rect(L, T, W - L - R, H - T - B)
    n_cards = max(4, len(scene.state.face_up))
    area = scene.cards.carve(area, CardStrips.edges_for(scene.seats, scene._is_computer), k, n_cards,
                             scene.board_view.size_units())
    bar_rect = None
    if laptop and not scene.panel_view(scene.shown_current).watching:  # the replay plays nothing: no bar
        bar_rect = scene.cards.split_column(n_cards, ActionBar.least_height(k))
        if bar_rect is None:
            return lay_out(scene, bar=False)
    scene.bar.place(bar_rect, k)
    area = win_bar.carve(scene, area.inflate(-2 * m, -2 * m), k)  # the win-chance bar's strip, when shown
    if area.w < 10 or area.h < 10:
        area = pygame.Rect(0, 0, max(10, W), max(10, H))
    scene.board_view.ui_scale = k
    scene.board_view.set_rect(area)
    scene._invalidate()
    for i, p in enumerate(scene.panels):
        p.layout(scene.state, scene.panel_view(i))


def row_words(scene, i: int) -> tuple:
    """(name, notes, status messages): the widest words seat ``i``'s panel may show in the game, so a laptop's
    one-row panel keeps room for each whole (panel/row.py). A waiting seat's status there says no "Dee's turn"
    (the action bar and the banner name the acting seat), and the city's notes for the acting seat (New York's
    "Red: leave the water") are on the bar."""
    st = scene.state
    notes = [_("Last turn"), _("Turns over"), _("Deck: {cards}").format(cards=max(88, len(st.deck))), _("1st player")]
    first = rules_of(st).initial_score(st.setup, (i - st.setup.start_player) % st.n_players)
    if st.setup.variant == "classic" or first:
        notes.append(ngettext("Started on {n} point", "Started on {n} points", first).format(n=first))
    if scene.phones is not None:
        notes += [_(text) for text, _style in PHONE_NOTES.values()]
    messages = [_("computer playing"), _("playing from a phone"), _("passenger travelling"), _("game over")]
    return scene.panels[i].shown_name(st), tuple(notes), tuple(messages)


def panel_view(scene, i: int) -> PanelView:
    """What seat ``i``'s panel shows besides the position itself."""
    st = scene.state
    cur = scene.shown_current
    active = (i == cur and not scene.blocking and st.phase != "over" and cur == st.current)
    human = active and not scene._is_computer(i) and not scene.turns.is_remote(i)  # a person at the table
    v = PanelView(active=active, current_name=st.players[cur].name if st.phase != "over" else "",
                  score=scene.shown_score[i])
    if scene.panels[i].has_hint:
        v.hint = scene.hints.button_state(i, st, human and st.phase in ("actions", "route"))
    if active:
        v.selected_line = scene.selected.get(i)
        v.can_branch = human and st.phase == "actions" and st.actions_left > 0
        v.can_undo = human and scene.turns.can_undo()
        if st.phase == "route":
            v.route_options = list(st.options)
            v.route_preview = scene.route_preview
        elif st.pending:  # a city's choice (Paris): big buttons with a score preview
            city = scene.board_view.city
            v.choices = tuple((label, preview) for label, preview, _ in city.choices(st, scene.board))
            v.choice_title = city.choice_title(st, scene.board)
        if scene._is_computer(i):
            v.status = _("computer playing")
        elif scene.turns.is_remote(i):
            v.status = _("playing from a phone")
    if scene.blocking:
        v.status = _("passenger travelling")
    elif st.phase == "over":
        v.status = _("game over")
    # this seat's lines the passenger would score for if the turn ended now (every move up to a tie)
    v.would_score = frozenset(li for li in scene.turns.would_score(scene.blocking) if st.lines[li].owner == i)
    n = st.n_players
    v.deck = len(st.deck)
    v.start_player = i == st.setup.start_player
    if st.end_triggered and st.phase != "over":
        def order(p: int) -> int:
            return (p - st.setup.start_player) % n

        v.last_turn = "last" if order(i) >= order(st.current) else "done"
    v.city_notes = tuple(scene.board_view.city.panel_notes(st, i))  # the city's own (game/ui/cities)
    if scene.phones is not None:
        v.phone = scene.phones.note(i) or ()
    v.city_tiles = tuple(scene.board_view.city.panel_tiles(st, i))  # e.g. Berlin's landmark tiles held
    if st.turn < n and st.phase != "over":  # the first round: say what each seat started with
        first = rules_of(st).initial_score(st.setup, (i - st.setup.start_player) % n)
        if st.setup.variant == "classic" or first:
            v.note = ngettext("Started on {n} point", "Started on {n} points", first).format(n=first)
    return v


def banner_text(scene) -> str:
    """The turn banner's words, facing the shown seat."""
    st = scene.state
    name = st.players[scene.shown_current].name
    if st.phase == "over":
        return _("Game over")
    if scene.blocking:
        return _("The passenger is travelling (tap to hurry)")
    if scene._is_computer(st.current):
        return _("{player} (computer) is playing").format(player=name)
    if scene.turns.is_remote(st.current):
        return _("{player} is playing from a phone").format(player=name)
    if st.phase == "route":
        return _("{player}: choose the passenger's route").format(player=name)
    if st.pending:
        return f"{name}: {scene.board_view.city.choice_title(st, scene.board)}"
    n = st.actions_left
    if n == 1:
        return _("{player}'s turn · 1 action left (last action: see where the passenger would go)").format(
            player=name)
    return ngettext("{player}'s turn · {n} action left", "{player}'s turn · {n} actions left", n).format(
        player=name, n=n)


NOTICE_WIDTHS = (520, 380, 280, 170)  # design px a notice's words wrap at: the widest that comes nearest its seat
NOTICE_REACH = 0.25  # of the way across the board: a copy with no free place on its seat's side tries this near
NOTICE_PX = (20, 17)  # design px of a notice's words: smaller where the board has no room at the first
NOTICE_LAST_PX = 14  # the heading alone smaller still (never below 12 px), before a copy leaves its seat's side


def notice_forms(text: str, short: str = "") -> list[tuple[str, float]]:
    """A notice's forms, (words, design px), in the order tried: the whole message, then smaller; then its last
    sentence alone ("Last round: the game ends after Dee's turn.": the panels' "Deck: 0" pill says the rest);
    then ``short`` ("Last round: ends after Dee"), when given; last, their heading alone ("Last round": each
    panel's "Last turn" or "Turns over" pill says whose), where a crowded board has room for nothing longer."""
    texts = [text]
    last = text.replace(". ", ".\n").split("\n")[-1]
    head = (short or last).split(":", 1)[0].strip() if ":" in (short or last) else ""
    texts += [t for t in (last, short, head) if t and t not in texts]
    return [(t, px) for t in texts for px in NOTICE_PX] + [(texts[-1], NOTICE_LAST_PX)]


def _edge_point(edge: str, seats: pygame.Rect, bv: pygame.Rect, inset: int) -> tuple[int, int]:
    """A point on the board ``inset`` in from the seats' edge, across from the middle of their panels."""
    c = seats.center
    x = min(max(c[0], bv.left + inset), bv.right - inset)
    y = min(max(c[1], bv.top + inset), bv.bottom - inset)
    return {"bottom": (x, bv.bottom - inset), "top": (x, bv.top + inset), "left": (bv.left + inset, y),
            "right": (bv.right - inset, y)}[edge]


def _notice_spot(scene, forms, size_of, edge: str, seats: pygame.Rect, taken: list, m: int,
                 sides=(), letters=()) -> tuple | None:
    """(words, px, wrap, place) of the first form (``notice_forms``) that has a free place in the first stretch of
    ``_notice_stretches`` that has one for any form, in the wrap width that comes nearest the seats' edge; None when
    none has. ``size_of(words, px, wrap)``: a form's size upright."""
    turned = edge in ("left", "right")
    across = {"bottom": "top", "top": "bottom", "left": "right", "right": "left"}[edge]
    for area, reach, keep_off, against in _notice_stretches(scene, edge, seats, taken, sides, letters):
        span = area.w if turned else area.h
        for words, px in forms:
            best = None  # (how far in from the seats' edge, wrap width, place)
            # the last form also a word a line ("Last / round": a squarer block fits where a line does not)
            for wrap in NOTICE_WIDTHS + ((_widest_word(scene, words, px),) if (words, px) == forms[-1] else ()):
                w, h = size_of(words, px, wrap)
                r = reach
                if reach == 0.5 and across in keep_off:  # its centre this side of the middle, off the seats across
                    r = min(reach, (span / 2 - m - (h + 2) / 2) / span)
                spot = _free_band_spot((h + 2, w + 2) if turned else (w + 2, h + 2), edge, area, seats, against, m,
                                       reach=r, sides=keep_off)
                if spot is not None:
                    depth = {"bottom": area.bottom - spot.bottom, "top": spot.top - area.top,
                             "left": spot.left - area.left, "right": area.right - spot.right}[edge]
                    if best is None or depth < best[0] - 2 * m:
                        best = (depth, wrap, spot)
            if best is not None:
                return words, px, best[1], best[2]
    return None


def _notice_stretches(scene, edge: str, seats: pygame.Rect, taken: list, sides, letters) -> list[tuple]:
    """Where a copy for the seats at ``edge`` is looked for, in order: (area, reach, edges it keeps farther from,
    what it keeps off). First on the seats' half of the board, its centre no nearer ``sides`` (the other edges with
    seats) than theirs (a copy by another seat's edge reads as theirs), off the grid reference's ``letters``; then
    between the board's edge and the seats' panels, on a card strip's empty part (``_beyond_board``); then on their
    half over the letters; only then in the quarter of the board by their edge (a corner), on their half, and the
    free place nearest their edge however far in (a crowded board at 1280x720), each off the letters, then over
    them. A copy covers a letter rather than leave its seat's side, and never covers a name for them."""
    bv = scene.board_view.rect
    off = list(taken) + list(letters)
    out = [(bv, 0.5, sides, off)]
    beyond = _beyond_board(scene, edge, seats)
    if beyond is not None:
        out.append((beyond[0], 1.0, sides, off + beyond[1]))
    if letters:
        out.append((bv, 0.5, sides, taken))
        if beyond is not None:
            out.append((beyond[0], 1.0, sides, list(taken) + beyond[1]))
    for reach in (NOTICE_REACH, 0.5, 1.0):
        out += [(bv, reach, (), off)] + ([(bv, reach, (), taken)] if letters else [])
    return out


def _beyond_board(scene, edge: str, seats: pygame.Rect) -> tuple[pygame.Rect, list] | None:
    """(the seats' half of the board and what lies between it and their panels, what is drawn there besides the
    board): where a card strip stands between them, its cards take part of it and the rest is empty, and a copy
    may stand across the board's edge; None when nothing lies between."""
    bv = scene.board_view.rect
    if edge in ("left", "right"):
        x0, x1 = (bv.centerx, seats.left) if edge == "right" else (seats.right, bv.centerx)
        area = pygame.Rect(x0, bv.top, x1 - x0, bv.h)
    else:
        y0, y1 = (bv.centery, seats.top) if edge == "bottom" else (seats.bottom, bv.centery)
        area = pygame.Rect(bv.left, y0, bv.w, y1 - y0)
    between = {"right": seats.left - bv.right, "left": bv.left - seats.right, "bottom": seats.top - bv.bottom,
               "top": bv.top - seats.bottom}[edge]
    if between <= 0 or area.w <= 0 or area.h <= 0:
        return None
    drawn = [p.rect for p in scene.panels] + scene.cards.item_rects()
    bar = win_bar.bar_rect(scene)
    if bar is not None:
        drawn.append(bar)
    return area, drawn


def _widest_word(scene, words: str, px: float) -> float:
    """The wrap width (design px) that puts each word of ``words`` on its own line, cutting none."""
    k = scene.app.scale
    font = scene.fonts.get(max(12, round(px * k)), True)
    return max(font.size(w)[0] for w in words.split()) / k + 1


def _seat_band(bv: pygame.Rect, edge: str, depth: int) -> pygame.Rect:
    """The stretch of the board ``bv`` within ``depth`` of ``edge``."""
    r = pygame.Rect(bv)
    if edge in ("bottom", "top"):
        r.h = min(bv.h, depth)
        r.bottom = bv.bottom if edge == "bottom" else bv.top + r.h
    else:
        r.w = min(bv.w, depth)
        r.right = bv.right if edge == "right" else bv.left + r.w
    return r


def notice_places(scene, text: str = "", short: str = "") -> list[tuple]:
    """Where a message for the whole table goes: one copy at each edge of the board where seats sit, turned
    to read from there (x, y, angle, wrap width, design px, words); seats side by side on an edge (a laptop's
    row) read the same copy, so a crowded board need not find room for five. Each copy goes on the board where
    it covers no name, station, token, legal space, the banner or another edge's copy, as near the edge and its
    seats' panels as that allows (its words in a narrower block when that comes nearer; smaller, then only the
    last sentence, then ``short``, where the board has no room for the whole message: ``notice_forms``)."""
    bv = scene.board_view.rect
    k = scene.app.scale
    m = round(8 * k)
    taken = keepclear.of_scene(scene)
    letters = keepclear.letters_of(scene.board_view)
    banner = scene.backdrop.banner_rect()
    if banner is not None:
        taken.append(banner)
    forms = notice_forms(text, short) if text else []
    # each form's size measured once (rendered words), for every edge and the last resort alike
    size_of = functools.cache(lambda words, px, wrap: scene.anim.notice_size(words, k, wrap, px))
    places = []
    edges: dict[str, pygame.Rect] = {}  # each edge with seats: the panels there, as one rect
    for p in scene.panels:
        edges[p.edge] = edges[p.edge].union(p.rect) if p.edge in edges else pygame.Rect(p.rect)
    for edge, seats in edges.items():
        angle = EDGE_ROTATION.get(edge, 0)
        x, y = _edge_point(edge, seats, bv, round(90 * k))
        if not forms:
            places.append((x, y, angle, NOTICE_WIDTHS[0]))
            continue
        got = _notice_spot(scene, forms, size_of, edge, seats, taken, m, set(edges) - {edge}, letters)
        if got is None:  # no free place for any form: the form and place hiding the least, by the seats
            boxes = []
            for words, px in forms:
                for wrap in NOTICE_WIDTHS:
                    w, h = size_of(words, px, wrap)
                    boxes.append(((h + 2, w + 2) if edge in ("left", "right") else (w + 2, h + 2), words, px, wrap))
            across = bv.h if edge in ("bottom", "top") else bv.w
            deep = max(b[0][1] if edge in ("bottom", "top") else b[0][0] for b in boxes)  # on its seat's side
            band = _seat_band(bv.inflate(-2 * m, -2 * m), edge, round(across / 2) + deep)
            i, spot = least_hidden_place([b[0] for b in boxes], (x, y), 0, band, taken + letters,
                                         scene.board_view.label_rects())
            got = (boxes[i][1], boxes[i][2], boxes[i][3], spot)
        words, px, wrap, spot = got
        taken.append(spot)
        places.append((spot.x + spot.w / 2, spot.y + spot.h / 2, angle, wrap, px, words))
    return places


def show_notice(scene, text: str, short: str = "", seconds: float | None = None) -> None:
    """A message for the whole table, a copy facing each seat (``notice_places``), placed against the banner
    shown now; ``notices_follow_banner`` places it again against the banner that shows next."""
    scene.anim.notice(text, notice_places(scene, text, short), seconds)
    scene.anim.notice_of = (text, short, scene.backdrop.banner_rect(), 0)


def notices_follow_banner(scene) -> None:
    """After the backdrop's update: the notices shown, placed again when the banner has moved since they were
    placed and lies under one (or before they are first drawn). A notice comes as the turn's animations end,
    before the next seat's banner is placed (which keeps off nothing temporary): that banner once lay under the
    top seat's copy for its four seconds. While the new banner waits a frame or two the copies wait with it."""
    anim = scene.anim
    if not anim.notices or anim.notice_of is None:
        anim.notice_wait = False
        return
    text, short, against, waited = anim.notice_of
    fresh = all(t.surf is None for t in anim.notices)
    anim.notice_wait = fresh and scene.backdrop.pending and waited < 3
    if anim.notice_wait:
        anim.notice_of = (text, short, against, waited + 1)
        return
    banner = scene.backdrop.banner_rect()
    if banner == against:
        return
    anim.notice_of = (text, short, banner, waited)
    if fresh or (banner is not None and banner.collidelist(anim.notice_rects(scene.app.scale)) >= 0):
        anim.move_notices(notice_places(scene, text, short))


def seat_buttons(scene) -> None:
    """Which panels have a hint and a secret cards button: a person's seat only (a computer's secrets are
    nobody's to read before the end, and the kiosk's demo has no one to give a hint to; no hint at the table for
    a seat that plays from a phone), and no secret cards for a seat whose hand is on a phone (play/phones.py):
    they are seen there only, never at the table. Every seat has the Phone button while phones are on."""
    secret = scene.board_view.city.has_secret_cards(scene.board)  # Paris: objectives, held to be seen
    phones = scene.phones
    for i, p in enumerate(scene.panels):
        person = not scene._is_computer(i)
        p.has_hint = scene.drive_computers and person and not scene.turns.is_remote(i)
        p.has_secret = secret and person and not (phones is not None and phones.has_phone(i))
        p.has_phone = phones is not None
