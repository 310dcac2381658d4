"""The play screen's backdrop: everything under the moving bits, kept up to date piece by piece.

The backdrop is the board's state layer, the route previews, the panels, the turn banner and the
board's buttons, composed on one window-sized surface. Each piece has a key; when keys change only the
pieces' old and new rects are composed again (the state layer says itself which of its areas changed),
so a tap that places a token costs the token's neighbourhood, its panel and the banner rather than the
whole window. Route previews are antialiased lines, which pygame does not draw the same when clipped, so
they are drawn whole on a scratch surface and only the changed areas are copied.
"""
from __future__ import annotations

import pygame

from ..board.layer import merge_rects
from ..surfaces import Reusable
from . import keepclear

# when the changed areas cover more of the window than this, compose it all; a pan or zoom changes the board
# (~65 % of a 1080p window), and composing just it and what lies over it saves ~2 ms a frame (docs/bench.md)
FULL_SHARE = 0.8


class Backdrop:
    """One window-sized picture and what each of its pieces showed when it was last composed."""

    def __init__(self, theme):
        self.theme = theme
        self.surf: pygame.Surface | None = None
        self._surf_buffer = Reusable()  # a resize takes a view of it, no new picture (surfaces.py)
        self._after_resize = False  # the last update was a resize's (its banner and previews owed)
        self._scratch: pygame.Surface | None = None
        self._serial = -1  # the board view's layer_serial composed last
        self._layer_id = None
        self._keys: dict[str, tuple] = {}  # piece -> (key, screen rect)
        self.full_builds = 0
        self.partial_builds = 0
        self.pending = False  # something is still owed a fresh drawing (drawn in the next frames)
        self.marks_only = False  # this frame's board overlays are the last turn's marks alone
        self._previews_waited = False
        self._banner_waited = 0  # frames a new banner has waited
        self._banner_view = None  # the view the banner was placed for (kept while fingers zoom)

    def invalidate(self) -> None:
        self._keys = {}
        self._serial = -1

    def banner_rect(self) -> pygame.Rect | None:
        """Where the turn banner stands on screen now (None before the first frame)."""
        got = self._keys.get("banner")
        return None if got is None or got[1] is None else pygame.Rect(got[1])

    def update(self, scene, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """Bring the backdrop up to date; the window areas that changed, or None when all of it did."""
        st = scene.state
        bv = scene.board_view
        k = scene.app.scale
        facing = scene.panels[scene.shown_current].edge
        bv.names_facing = facing if scene.names_mode == "active" else None
        glow, glow_line = scene.turns.glow(scene.blocking)
        views = [scene.panel_view(i) for i in range(len(scene.panels))]  # each seat's, the bar's among them
        panel_surfs, fresh = self._render_panels(scene, surface, views)
        self.pending = any(p.behind for p in scene.panels)
        panel_drawn = fresh <= 0 and self.surf is not None and self.surf.get_size() == surface.get_size()
        layer = bv.state_layer(st, key=scene.version, glow=glow, glow_line=glow_line,
                               face_up=scene.turns.shown_face_up, passenger=scene._passenger_shown(),
                               show_passenger=not scene.anim.travels)
        banner = scene.banner_text()
        buttons = scene.board_buttons()
        view = (bv.rect.topleft, bv.rect.size, bv.s, bv.vx0, bv.vy0, bv.names_facing, bv.names.key)
        size = surface.get_size()
        full = fresh_build = self.surf is None or self.surf.get_size() != size or not self._keys
        # A window resize's own frame (set_mode, the stretched board, every panel scaled) leaves the banner
        # and the route previews to the next frame, which adds them as changed pieces.
        resized = self.surf is not None and self.surf.get_size() != size and bool(self._keys)
        previews = self._previews(scene, full, panel_drawn, resized)
        pieces = {
            "banner": self._banner_key(scene, banner, facing, view, full, panel_drawn, resized, previews),
            "buttons": (tuple((n, tuple(r)) for n, r in buttons.items()), scene.names_mode, facing),
            "previews": (previews, view),
            "cards": scene.cards_key(),  # the destination card strips (play/cards.py)
        }
        for i, p in enumerate(scene.panels):
            pieces[f"panel{i}"] = (p.renders, p.stand_ins, tuple(p.rect))
        bar_surf = self._render_bar(scene, views)
        if bar_surf is not None:  # a laptop's action bar (play/action_bar.py)
            pieces["bar"] = (scene.bar.renders, tuple(scene.bar.rect))
        damage = [] if full else self._old_damage(bv, layer, pieces)
        if self.surf is None or self.surf.get_size() != size:
            self.surf = self._surf_buffer.get(size, surface)
        rects = self._piece_rects(scene, buttons, previews)  # where each piece goes now
        changed = [n for n, key in pieces.items() if self._keys.get(n, (None,))[0] != key]
        banner_moved = "banner" in changed
        if not full:
            damage, full = self._new_damage(damage, changed, rects, size)
        # a new window (or a forgotten one) places the banner afresh; a frame that composes everything
        # only because much changed draws the unchanged banner where it was
        old_banner = None if fresh_build else self._keys["banner"][1]
        if full:
            damage = [pygame.Rect(0, 0, *size)]
        panel_surfs = panel_surfs + [bar_surf] if bar_surf is not None else panel_surfs
        banner_rect = self._compose(scene, bv, st, k, layer, panel_surfs, None if resized else banner, buttons,
                                    previews, damage, rects, fresh_build, facing, banner_moved, old_banner)
        if banner_rect is None and not full:
            return self.update(scene, surface) if self._fallback() else None
        rects["banner"] = banner_rect if banner_rect is not None else old_banner
        if not full and banner_moved and rects["banner"] is not None:
            damage = merge_rects(damage + [rects["banner"]])
        self._keys = {n: (key, rects.get(n)) for n, key in pieces.items()}
        self._serial = bv.layer_serial
        self._layer_id = id(layer)
        if full:
            self.full_builds += 1
            return None
        self.partial_builds += bool(damage)
        return damage

    @staticmethod
    def _render_bar(scene, views: list) -> pygame.Surface | None:
        """The action bar's picture, when the table has one (the acting seat's view, of ``views``: the panels')."""
        if scene.bar.rect is None:
            return None
        i = scene.shown_current
        return scene.bar.render(scene.state, views[i], i, scene.panels[i].has_hint)

    def _render_panels(self, scene, surface: pygame.Surface, views: list) -> tuple[list, int]:
        """Each panel's picture, and what is left of this frame's budget of panels drawn afresh.

        At most one panel is drawn afresh a frame, the active seat's first (none in a resize's own frame,
        nor in the next, which places the banner and the previews the resize left: a panel at a new size
        renders all its words again, ~4-5 ms): a tap before the last action changes all four (the "+1"
        marks of the lines that would score), ~1.5 ms each. The others show their last picture (scaled
        after a resize) meanwhile."""
        st = scene.state
        resizing = self.surf is not None and self.surf.get_size() != surface.get_size()
        fresh = 0 if resizing or self._after_resize else 1
        self._after_resize = resizing and bool(self._keys)
        if self.surf is None:
            fresh = len(scene.panels)  # the very first picture: every panel has to be there
        n = len(scene.panels)
        first = scene.shown_current if 0 <= scene.shown_current < n else 0
        panel_surfs: list = [None] * n
        for i in [(first + j) % n for j in range(n)]:
            p = scene.panels[i]
            drawn = p.renders
            panel_surfs[i] = p.render(st, views[i], stand_in=fresh <= 0)
            fresh -= p.renders - drawn
        return panel_surfs, fresh

    def _previews(self, scene, full: bool, panel_drawn: bool, resized: bool):
        """The route previews and last turn's marks to show (their key). The would-be route before the last
        action (its search, dotted lines and score tag: ~5 ms) is drawn the frame after the one that drew a
        panel afresh: that frame shows the marks alone, as the frame before it did."""
        self.marks_only = False
        previews = None if resized else scene.board_overlays_key()  # route previews and last turn's marks
        old_key = self._keys.get("previews")
        old_prev = old_key[0][0][0] if old_key is not None and old_key[0][0] is not None else None
        if (not full and panel_drawn and previews is not None and previews[0] is not None
                and (old_prev is None or old_prev[:2] != previews[0][:2]) and not self._previews_waited):
            self.marks_only = True
            self._previews_waited = True
            self.pending = True
            previews = (None, previews[1], previews[2]) if previews[1] else None
        else:
            self._previews_waited = False
        return previews

    def _banner_key(self, scene, banner, facing, view, full: bool, panel_drawn: bool, resized: bool, previews):
        """The turn banner's key. The banner keeps its place while fingers zoom (the names under it are a
        stretched stand-in anyway) and is placed again when the zoom settles; a new banner waits a frame or
        two while panels are drawn afresh (its search for a free place costs 1-10 ms)."""
        bv = scene.board_view
        if not (bv.interactive or getattr(scene, "view_moving", False)) or self._banner_view is None:
            self._banner_view = view
        # the tokens, the legal spaces and the route callouts it keeps clear of change with these; the grid's
        # letters with the sheet (drawn over a few frames after a new size)
        bkey = (banner, facing, scene.state.phase == "over", self._banner_view,
                tuple(p.rect.topleft for p in scene.panels), scene.version, scene.turns.glow(scene.blocking),
                previews, bv.grid_label_boxes())
        old_b = self._keys.get("banner")
        if (not full and old_b is not None and old_b[0] != bkey and panel_drawn and self._banner_waited < 2
                and old_b[1] is not None):
            self._banner_waited += 1
            self.pending = True
            bkey = old_b[0]
        else:
            self._banner_waited = 0
        if resized:
            bkey = None
            self.pending = True
        return bkey

    def _old_damage(self, bv, layer, pieces: dict) -> list:
        """What changed on the board's state layer, and the old places of the pieces whose key changed (a
        None for each, its new place known once drawn)."""
        damage: list = []
        lay = bv.damage_since(self._serial) if id(layer) == self._layer_id else None
        if lay is None:
            damage.append(pygame.Rect(bv.rect))
        else:
            damage.extend(r.move(bv.rect.topleft) for r in lay)
        for name, key in pieces.items():
            old = self._keys.get(name)
            if old is None or old[0] != key:
                if old is not None and old[1] is not None:
                    damage.append(old[1])
                damage.append(None)  # the new rect is known once drawn; marked below
        return damage

    def _piece_rects(self, scene, buttons: dict, previews) -> dict[str, pygame.Rect | None]:
        rects: dict[str, pygame.Rect | None] = {}
        for i, p in enumerate(scene.panels):
            rects[f"panel{i}"] = pygame.Rect(p.rect)
        if scene.bar.rect is not None:
            rects["bar"] = pygame.Rect(scene.bar.rect)
        rects["buttons"] = _union(buttons.values())
        rects["cards"] = _union(scene.cards.rects()) if scene.cards.strips else None
        rects["previews"] = (scene.board_overlays_rect(self.marks_only) if previews else None) or None
        return rects

    @staticmethod
    def _new_damage(damage: list, changed: list, rects: dict, size) -> tuple[list[pygame.Rect], bool]:
        """The old places with the new places of the changed pieces, clipped to the window and merged; and
        whether they cover so much of it that composing it all is cheaper."""
        W, H = size
        damage = [d for d in damage if d is not None]
        for n in changed:
            if rects.get(n) is not None:
                damage.append(rects[n])
        damage = [r.clip(pygame.Rect(0, 0, W, H)) for r in damage]
        damage = merge_rects([r for r in damage if r.w > 0 and r.h > 0])
        return damage, sum(r.w * r.h for r in damage) > FULL_SHARE * W * H

    # ------------------------------------------------------------------------------------------
    def _scratch_for(self, surface: pygame.Surface) -> pygame.Surface:
        if self._scratch is None or self._scratch.get_size() != surface.get_size():
            self._scratch = pygame.Surface(surface.get_size(), 0, surface)
        return self._scratch

    def _fallback(self) -> bool:
        """Forget what was composed, so the next update composes the whole window."""
        self.invalidate()
        return True

    def _compose(self, scene, bv, st, k, layer, panel_surfs, banner, buttons, previews, damage, rects, full,
                 facing, banner_moved, old_banner):
        bd = self.surf
        bg = self.theme.bg
        origin = bv.rect.topleft
        for r in damage:
            if not bv.rect.contains(r):  # the layer covers the board; only the rest needs the table colour
                bd.fill(bg, r)
            bd.blit(layer, r.topleft, r.move(-origin[0], -origin[1]))
        pr = rects["previews"]
        if previews and pr is not None:
            hit = [r for r in damage if r.colliderect(pr)]
            if hit:
                # drawn straight on the backdrop when one changed area holds them all (as a full build does)
                whole = full or any(r.contains(pr) for r in hit)
                target = bd if whole else self._scratch_for(bd)
                if target is not bd:
                    for r in hit:
                        target.blit(bd, r, r)
                clip = target.get_clip()
                target.set_clip(bv.rect)
                scene.draw_board_overlays(target, self.marks_only)
                target.set_clip(clip)
                if target is not bd:
                    for r in hit:
                        bd.blit(target, r, r)
        clip = bd.get_clip()
        for r in damage:
            bd.set_clip(r)
            for p, s in zip(scene.panels + [scene.bar], panel_surfs):  # the bar's last, when shown
                if r.colliderect(p.rect):
                    bd.blit(s, p.rect.topleft)
            if rects["cards"] is not None and r.colliderect(rects["cards"]):
                scene.draw_cards(bd, r)
        # The banner is drawn once, last but for the buttons: everything under its new place is already up
        # to date (changed areas were just composed, the rest did not change), and redrawing it over its
        # own unchanged pixels gives the same pixels (it is opaque, with square-cut corners).
        banner_rect = None
        if banner is None:
            pass  # left to the next frame (a resize's own frame)
        elif full or banner_moved:
            bd.set_clip(None if full else pygame.Rect(0, 0, *bd.get_size()))
            banner_rect = pygame.Rect(scene.overlays.draw_banner(bd, bv, scene.panels[scene.shown_current], banner,
                                                                 k, st.phase == "over", _clear_of(scene, previews),
                                                                 keepclear.letters_of(bv)))
        elif old_banner is not None:
            hit = [r for r in damage if r.colliderect(old_banner)]
            if hit:  # the same banner again over what was composed under it (its last picture and place)
                area = hit[0].unionall(hit[1:]) if len(hit) > 1 else hit[0]
                bd.set_clip(area)
                scene.overlays.redraw_banner(bd)
            banner_rect = old_banner
        bb = rects["buttons"]
        if not full and banner_rect is not None and banner_moved and banner_rect.colliderect(bb):
            bd.set_clip(clip)
            return None  # the banner ran under the buttons: compose everything instead (rare)
        for r in damage:
            if r.colliderect(bb):
                bd.set_clip(r)
                scene.overlays.draw_board_buttons(bd, buttons, k, scene.names_mode == "active", facing)
        bd.set_clip(clip)
        return banner_rect


def _clear_of(scene, previews) -> list[pygame.Rect]:
    """What the banner keeps clear of besides names and symbols: tokens, legal spaces, the route callouts
    drawn (the previews are composed before the banner) and the notices shown (a notice comes as the turn's
    animations end, before the next seat's banner is placed: that banner once took the only free place on the
    left seat's side of a crowded board, and the copy moved over a grid letter)."""
    tags = list(scene.overlays.tags) if previews and previews[0] is not None else []
    notices = scene.anim.notice_rects(scene.app.scale) if scene.anim.notices else []
    return keepclear.pieces_of(scene) + tags + notices


def _union(rects) -> pygame.Rect:
    rects = [pygame.Rect(r) for r in rects]
    if not rects:
        return pygame.Rect(0, 0, 0, 0)
    out = rects[0].copy()
    out.unionall_ip(rects[1:])
    return out


