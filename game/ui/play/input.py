"""The play screen's input: what a point on the table is, and what a finger, mouse or key does there.

Functions of the scene (a :class:`~game.ui.play_scene.PlayScene`) rather than its methods so that the scene
keeps only what joins its parts; the scene's ``_on_pointer``, ``_tap``, ``_target_at`` and ``on_key`` call
these, and a scene built on it (the replay viewer) overrides those and calls back here through ``super()``.
A tap acts only for the player whose turn the table shows, through ``scene.act``.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from ...engine import ChooseRoute, PlaceTrack, TakeBranch, Undo
from ...i18n import _
from ..scene import CANCEL, DOWN, MOVE, UP, PointerEvent

TAP_SLOP = 14  # px at 1080p a finger may wander and still tap
ZOOM_SETTLE_S = 0.25  # after the last pinch/wheel step the board is redrawn crisp


@dataclass
class Gesture:
    pid: int
    target: tuple  # ("board",) | ("panel", index, control) | ("button", name) | ("none",)
    x0: float
    y0: float
    x: float
    y: float
    t0: float
    moved: bool = False
    passive: bool = False  # pressed during an animation: may pan, never acts
    preview_before: int | None = None


def target_at(scene, x: float, y: float) -> tuple:
    bar = scene.bar
    if bar.rect is not None and bar.rect.collidepoint(x, y):  # a laptop's: the acting seat's controls
        return ("panel", bar.player, bar.hit(x, y))
    for i, p in enumerate(scene.panels):
        if p.rect.collidepoint(x, y):
            return ("panel", i, p.hit(x, y))
    for name, r in scene.board_buttons().items():
        if r.collidepoint(x, y):
            return ("button", name)
    card = scene.cards.hit(x, y)
    if card is not None:
        return ("cards",) + card
    if scene.board_view.rect.collidepoint(x, y):
        return ("board",)
    return ("none",)


def pointer(scene, e: PointerEvent) -> bool:
    """One pointer event on the table (odd coordinates were turned away by the scene)."""
    if not (math.isfinite(e.x) and math.isfinite(e.y)):
        return True
    if scene.guide is not None and scene.guide.on_pointer(e):
        return True
    if scene.long_press.on_pointer(e):
        return True
    x, y = e.x, e.y
    k = scene.app.scale
    if e.phase == DOWN:
        target = scene._target_at(x, y)
        g = Gesture(e.pid, target, x, y, x, y, e.t, passive=scene.blocking, preview_before=scene.route_preview)
        if target[0] == "panel" and target[2] == "secret":  # opens after a moment, only while held
            scene.peek.press(target[1], e.pid)
        if scene.blocking and target[-1] not in ("menu", "phone") and target[0] != "cards":
            scene.fast = True
        scene.gestures[e.pid] = g
        return True
    if e.phase == MOVE:
        if e.wheel:
            if scene.board_view.rect.collidepoint(x, y):
                zooming(scene)
                scene.board_view.zoom_at(x, y, 1.15 ** max(-4.0, min(4.0, e.wheel)))
            return True
        g = scene.gestures.get(e.pid)
        if g is None:
            if e.pid == -1 and not e.is_touch:
                hover(scene, x, y)
            return False
        dx, dy = x - g.x, y - g.y
        g.x, g.y = x, y
        if math.hypot(x - g.x0, y - g.y0) > TAP_SLOP * k:
            g.moved = True
        if g.target[0] == "board":
            on_board = [h for h in scene.gestures.values() if h.target[0] == "board"]
            if len(on_board) >= 2:
                if e.pinch != 1.0 and math.isfinite(e.pinch) and e.pinch > 0:
                    zooming(scene)
                    a, b2 = on_board[0], on_board[1]
                    mx, my = (a.x + b2.x) / 2, (a.y + b2.y) / 2
                    scene.board_view.zoom_at(mx, my, e.pinch)
                scene.board_view.pan_by(dx / 2, dy / 2)
                scene._invalidate()
            elif g.moved:
                scene.board_view.pan_by(dx, dy)
                scene._invalidate()
        return True
    if e.phase in (CANCEL, UP) and e.pid in scene.peek.presses:
        tapped = scene.peek.release(e.pid)
        if tapped is not None and e.phase == UP:
            scene.explain_secret(tapped)
        scene.dirty = True
    if e.phase == CANCEL:
        scene.gestures.pop(e.pid, None)
        return True
    if e.phase == UP:
        g = scene.gestures.pop(e.pid, None)
        if g is None:
            return False
        if g.target[0] == "panel" and g.target[2] == "secret":
            return True
        if g.target[0] == "cards" and not g.moved:  # any seat may look at the cards at any time
            if scene._target_at(x, y) == g.target and g.target[1] == "card":
                scene.find_card(g.target[2], (x, y))
            return True
        if g.target[0] == "panel" and g.target[2] in ("menu", "phone") and not g.moved:
            if scene._target_at(x, y) == g.target:  # the menu and the phone card open at any time, for any seat
                (scene.open_menu if g.target[2] == "menu" else scene.phones.open_card)(g.target[1])
            return True
        if g.moved or g.passive or scene.blocking:
            return True
        target = scene._target_at(x, y)
        if target != g.target:
            return True  # slid from one place to another (e.g. board onto a panel): not a tap
        scene._tap(g, target, x, y)
        return True
    return False


def zooming(scene) -> None:
    """A zoom step: stretch the cached board until the gesture settles, then redraw it crisp."""
    scene.board_view.interactive = True
    scene._zoom_idle = ZOOM_SETTLE_S
    scene._invalidate()


def hover(scene, x: float, y: float) -> None:
    """Mouse hover over a route option shows it lightly on the board; like a tap, a click previews it
    and a second click chooses it, as the panel says."""
    if scene.state.phase != "route" or not scene._human_turn():
        return
    panel = scene.panels[scene.state.current]
    name = scene.bar.hit(x, y) if panel.bar is not None else panel.hit(x, y)
    idx = int(name.split(":")[1]) if name and name.startswith("route:") else None
    if idx != scene.hover_route:
        scene.hover_route = idx
        scene._invalidate()


def tap(scene, g: Gesture, target: tuple, x: float, y: float) -> None:
    st = scene.state
    if scene.reveal is not None and not scene.reveal.done:  # a tap shows the next secret card at once
        scene.reveal.next()
        scene.dirty = True
        return
    if target[0] == "board":
        if st.phase == "over":
            return
        if not scene._human_turn():
            if scene._is_computer(st.current):
                scene.toast(_("{player} (computer) is playing").format(player=st.players[st.current].name), (x, y))
            else:
                refuse_remote(scene, (x, y))
            return
        conn = scene.board_view.hit_test(x, y)
        if conn is None:
            return
        line = scene.selected.get(st.current)
        if line is None:
            scene.toast(_("choose one of your lines on your panel first"), (x, y))
            return
        if scene.act(PlaceTrack(line, conn), (x, y)):
            scene.turns.default_selection()
        return
    if target[0] == "button":  # view controls: anyone at the table may use them
        if target[1] == "names":
            scene.names_mode = "active" if scene.names_mode == "upright" else "upright"
        elif target[1] == "fit":
            scene.board_view.fit()
        scene._invalidate()
        return
    if target[0] != "panel":
        return
    _kind, idx, control = target  # not "_": that is the translation function here
    if control is None:
        return
    if idx != st.current or not scene._human_turn():
        if idx == st.current and control != "hint":
            refuse_remote(scene, (x, y))
        return  # only the active player's panel acts, and not for a seat that plays from a phone
    if control.startswith("line:"):
        li = int(control.split(":")[1])
        if li in st.players[idx].lines:
            scene.selected[idx] = li
            scene._invalidate()
    elif control == "hint":
        scene.ask_hint()
    elif control == "branch":
        scene.act(TakeBranch(), (x, y))
    elif control == "undo":
        if scene.turns.can_undo():
            scene.act(Undo(), (x, y))
            scene.turns.default_selection()
    elif control in ("route_more", "choice_more"):  # more options than buttons: the next page
        (scene.bar if scene.panels[idx].bar is not None else scene.panels[idx]).next_option_page()
        scene._invalidate()
    elif control.startswith("choice:"):  # a city's choice (Paris): an ordinary action, undo takes it back
        buttons = scene.board_view.city.choices(st, scene.board)
        i = int(control.split(":")[1])
        if 0 <= i < len(buttons):
            scene.act(buttons[i][2], (x, y))
    elif control.startswith("route:"):
        i = int(control.split(":")[1])
        if st.phase != "route" or not 0 <= i < len(st.options):
            return
        if g.preview_before == i:
            scene.act(ChooseRoute(i), (x, y))
        else:
            scene.route_preview = i
            scene._invalidate()


def refuse_remote(scene, at: tuple[float, float]) -> None:
    """A touch at the table in the turn of a seat that plays from a phone does not act for it: the table says so,
    facing that seat (the toast faces the seat whose turn it is), and how to take the seat back."""
    st = scene.state
    if scene.blocking or st.phase == "over" or not scene.turns.is_remote(st.current):
        return
    scene.toast(_("{player} plays from a phone — take the seat back from the game menu").format(
        player=st.players[st.current].name), at)


def key(scene, e) -> bool:
    if getattr(e, "type", None) != pygame.KEYDOWN:
        return False
    key = getattr(e, "key", None)
    if key in (pygame.K_ESCAPE, pygame.K_AC_BACK):
        scene.open_menu(None)
        return True
    if key == pygame.K_n:
        scene.names_mode = "active" if scene.names_mode == "upright" else "upright"
        scene._invalidate()
        return True
    if key in (pygame.K_0, pygame.K_HOME):
        scene.board_view.fit()
        scene._invalidate()
        return True
    if key == pygame.K_SPACE and scene.blocking:
        scene.fast = True
        return True
    return False
