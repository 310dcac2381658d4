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

from ..board_view import _merge

FULL_SHARE = 0.6  # when the changed areas cover more of the window than this, compose it all


class Backdrop:
    """One window-sized picture and what each of its pieces showed when it was last composed."""

    def __init__(self, theme):
        self.theme = theme
        self.surf: pygame.Surface | None = None
        self._scratch: pygame.Surface | None = None
        self._serial = -1  # the board view's layer_serial composed last
        self._layer_id = None
        self._keys: dict[str, tuple] = {}  # piece -> (key, screen rect)
        self.full_builds = 0
        self.partial_builds = 0

    def invalidate(self) -> None:
        self._keys = {}
        self._serial = -1

    def update(self, scene, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """Bring the backdrop up to date; the window areas that changed, or None when all of it did."""
        st = scene.state
        bv = scene.board_view
        k = scene.app.scale
        facing = scene.panels[scene.shown_current].edge
        bv.names_facing = facing if scene.names_mode == "active" else None
        glow, glow_line = scene.turns.glow(scene.blocking)
        views = [scene.panel_view(i) for i in range(len(scene.panels))]
        panel_surfs = [p.render(st, v) for p, v in zip(scene.panels, views)]
        layer = bv.state_layer(st, key=scene.version, glow=glow, glow_line=glow_line,
                               face_up=scene.turns.shown_face_up, passenger=scene._passenger_shown(),
                               show_passenger=not scene.anim.travels)
        banner = scene.banner_text()
        buttons = scene.board_buttons()
        if scene.blocking:
            previews = None
        elif st.phase == "route":
            previews = ("route", scene.version, scene.route_preview, len(st.options))
        else:
            opts = scene.preview_options()
            previews = ("would", scene.version, len(opts)) if opts else None
        view = (bv.rect.topleft, bv.rect.size, bv.s, bv.vx0, bv.vy0, bv.names_facing)
        pieces = {
            "banner": (banner, facing, st.phase == "over", view, tuple(p.rect.topleft for p in scene.panels)),
            "buttons": (tuple((n, tuple(r)) for n, r in buttons.items()), scene.names_mode, facing),
            "previews": (previews, view),
        }
        for i, p in enumerate(scene.panels):
            pieces[f"panel{i}"] = (p.renders, tuple(p.rect))
        size = surface.get_size()
        W, H = size
        full = self.surf is None or self.surf.get_size() != size or not self._keys
        damage: list[pygame.Rect] = []
        if not full:
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
        if self.surf is None or self.surf.get_size() != size:
            self.surf = pygame.Surface(size, 0, surface)
        # where each piece goes now
        rects: dict[str, pygame.Rect | None] = {}
        for i, p in enumerate(scene.panels):
            rects[f"panel{i}"] = pygame.Rect(p.rect)
        rects["buttons"] = _union(buttons.values())
        rects["previews"] = self._previews_rect(scene, bv, st, k) if previews else None
        rects["banner"] = None  # placed by the overlay; found by drawing it
        changed = [n for n, key in pieces.items() if self._keys.get(n, (None,))[0] != key]
        if not full:
            if "banner" in changed:
                probe = self._scratch_for(surface)
                clip = probe.get_clip()
                r = scene.overlays.draw_banner(probe, bv, scene.panels[scene.shown_current], banner, k,
                                               st.phase == "over")
                probe.set_clip(clip)
                rects["banner"] = pygame.Rect(r) if r is not None else pygame.Rect(0, 0, W, H)
            else:
                rects["banner"] = self._keys["banner"][1]
            damage = [d for d in damage if d is not None]
            for n in changed:
                if rects.get(n) is not None:
                    damage.append(rects[n])
            damage = [r.clip(pygame.Rect(0, 0, W, H)) for r in damage]
            damage = _merge([r for r in damage if r.w > 0 and r.h > 0])
            if sum(r.w * r.h for r in damage) > FULL_SHARE * W * H:
                full = True
        if full:
            damage = [pygame.Rect(0, 0, W, H)]
        banner_rect = self._compose(scene, bv, st, k, layer, panel_surfs, banner, buttons, previews, damage,
                                    rects, full, facing)
        if full or rects["banner"] is None:
            rects["banner"] = banner_rect
        self._keys = {n: (key, rects.get(n)) for n, key in pieces.items()}
        self._serial = bv.layer_serial
        self._layer_id = id(layer)
        if full:
            self.full_builds += 1
            return None
        self.partial_builds += bool(damage)
        return damage

    # ------------------------------------------------------------------------------------------
    def _scratch_for(self, surface: pygame.Surface) -> pygame.Surface:
        if self._scratch is None or self._scratch.get_size() != surface.get_size():
            self._scratch = pygame.Surface(surface.get_size(), 0, surface)
        return self._scratch

    @staticmethod
    def _previews_rect(scene, bv, st, k) -> pygame.Rect:
        """A box sure to hold the route previews: their stations, rings, bold routes and score tag."""
        if st.phase == "route":
            opts = list(st.options)
        else:
            opts = scene.preview_options()
        pts = [bv.station_xy(s) for o in opts for h in o.hops for s in (h[0], h[1])]
        pts += [bv.station_xy(o.destination) for o in opts]
        if not pts:
            return pygame.Rect(bv.rect.center, (0, 0))
        rmax = max((bv.station_radius(o.destination) for o in opts), default=0)
        m = max(bv.lane_gap * 1.3, 6.0 * k) + rmax + 16 * max(0.6, k) + 8
        xs = [p[0] for p in pts]
        ys = [p[1] for p in pts]
        box = pygame.Rect(int(min(xs) - m), int(min(ys) - m), int(max(xs) - min(xs) + 2 * m) + 2,
                          int(max(ys) - min(ys) + 2 * m) + 2)
        for o in opts:  # the score tag above the destination; clamped into the board, it may shift
            x, y = bv.station_xy(o.destination)
            w, h = round(1400 * k), round(90 * k)
            box.union_ip(pygame.Rect(round(x - w / 2), round(y - bv.station_radius(o.destination) - h), w, 2 * h))
        return box.clip(bv.rect)

    def _compose(self, scene, bv, st, k, layer, panel_surfs, banner, buttons, previews, damage, rects, full,
                 facing):
        bd = self.surf
        bg = self.theme.bg
        origin = bv.rect.topleft
        for r in damage:
            bd.fill(bg, r)
            bd.blit(layer, r.topleft, r.move(-origin[0], -origin[1]))
        if previews:
            pr = rects["previews"]
            hit = [r for r in damage if r.colliderect(pr)]
            if hit:
                target = bd if full else self._scratch_for(bd)
                if target is not bd:
                    for r in hit:
                        target.blit(bd, r, r)
                clip = target.get_clip()
                target.set_clip(bv.rect)
                if st.phase == "route":
                    scene.overlays.draw_route_choice(target, bv, st, st.options, scene.route_preview, k)
                else:
                    scene.overlays.draw_would_go(target, bv, st, scene.preview_options(), k)
                target.set_clip(clip)
                if target is not bd:
                    for r in hit:
                        bd.blit(target, r, r)
        banner_rect = None
        clip = bd.get_clip()
        for r in damage:
            bd.set_clip(r)
            for p, s in zip(scene.panels, panel_surfs):
                if r.colliderect(p.rect):
                    bd.blit(s, p.rect.topleft)
            br = rects.get("banner")
            if full or br is None or r.colliderect(br):
                got = scene.overlays.draw_banner(bd, bv, scene.panels[scene.shown_current], banner, k,
                                                 st.phase == "over")
                if got is not None:
                    banner_rect = pygame.Rect(got)
            if r.colliderect(rects["buttons"]):
                scene.overlays.draw_board_buttons(bd, buttons, k, scene.names_mode == "active", facing)
        bd.set_clip(clip)
        return banner_rect


def _union(rects) -> pygame.Rect:
    rects = [pygame.Rect(r) for r in rects]
    if not rects:
        return pygame.Rect(0, 0, 0, 0)
    out = rects[0].copy()
    out.unionall_ip(rects[1:])
    return out

