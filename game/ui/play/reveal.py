"""The end of a game with secret cards (Paris objectives): each player's cards revealed one at a time.

Before the end screen, every card is shown in turn in the middle of the board, turned to face its owner's
seat, with what it scored ("2 lines × 5 = 10"), and its three stations lit on the board. A card stays
``STEP_S`` seconds; a tap shows the next at once. Nothing here is drawn during the game: the cards only
appear once the game is over (the kiosk's demo game skips the reveal, so attract mode never shows them).
"""
from __future__ import annotations

import pygame

from ...i18n import _
from .. import textfit

STEP_S = 2.4  # seconds each card stays


class SecretReveal:
    """The cards still to show, in turn order from the start player: (player, card in hand)."""

    def __init__(self, scene):
        st = scene.state
        city = scene.board_view.city
        n = st.n_players
        order = [(st.setup.start_player + k) % n for k in range(n)]
        self.steps: list[tuple[int, int]] = []
        for p in order:
            k = 0
            while city.secret_stations(st, scene.board, p, k):
                self.steps.append((p, k))
                k += 1
        self.i = 0
        self.t = 0.0
        self._pics: dict = {}

    @property
    def done(self) -> bool:
        return self.i >= len(self.steps)

    @property
    def current(self) -> tuple[int, int] | None:
        return None if self.done else self.steps[self.i]

    def step(self, dt: float) -> bool:
        """Advance the clock; True when the shown card changed (the table redraws)."""
        if self.done:
            return False
        self.t += dt
        if self.t >= STEP_S:
            self.next()
            return True
        return False

    def next(self) -> None:
        self.i += 1
        self.t = 0.0

    def draw(self, surface: pygame.Surface, scene) -> list[pygame.Rect]:
        """The card being revealed and rings round its stations; returns the areas drawn."""
        cur = self.current
        if cur is None:
            return []
        p, k = cur
        bv = scene.board_view
        k_ui = scene.app.scale
        out = []
        colour = scene.theme.line(scene.state.lines[scene.state.players[p].lines[0]].colour) \
            if scene.state.players[p].lines else scene.theme.accent
        for stn in bv.city.secret_stations(scene.state, scene.board, p, k):
            x, y = bv.station_xy(stn)
            if not bv.rect.collidepoint(x, y):
                continue
            r = bv.station_radius(stn) * 1.6 + 10 * k_ui
            w = max(3, round(5 * k_ui))
            pygame.draw.circle(surface, (255, 255, 255), (x, y), r + w, w + 2)
            pygame.draw.circle(surface, colour, (x, y), r, w)
            out.append(pygame.Rect(round(x - r - w - 2), round(y - r - w - 2), round(2 * (r + w) + 5),
                                   round(2 * (r + w) + 5)))
        panel = scene.panels[p]
        key = (p, k, panel.rotation, k_ui)
        pic = self._pics.get(key)
        if pic is None:
            img = bv.city.secret_cards_picture(scene.state, scene.board, p, scene.fonts, k_ui * 1.5, met=True, only=k)
            if img is None:
                return out
            name = scene.fonts.get(max(10, round(20 * k_ui)), True).render(
                _("{name}'s secret objective").format(name=scene.state.players[p].name), True, scene.theme.ink)
            pad = max(4, round(8 * k_ui))
            both = pygame.Surface((max(img.get_width(), name.get_width()) + 2 * pad,
                                   img.get_height() + name.get_height() + 3 * pad), pygame.SRCALPHA)
            pygame.draw.rect(both, (*scene.theme.bg, 235), both.get_rect(), border_radius=pad * 2)
            both.blit(name, ((both.get_width() - name.get_width()) // 2, pad))
            both.blit(img, ((both.get_width() - img.get_width()) // 2, name.get_height() + 2 * pad))
            pic = self._pics[key] = pygame.transform.rotate(both, panel.rotation) if panel.rotation else both
        area = bv.rect
        cx, cy = area.center
        dx = panel.rect.centerx - cx
        dy = panel.rect.centery - cy
        if panel.edge in ("top", "bottom"):
            cy += round(area.h * 0.22) * (1 if dy > 0 else -1)
        else:
            cx += round(area.w * 0.22) * (1 if dx > 0 else -1)
        box = pic.get_rect(center=(cx, cy))
        what = _("{name}'s secret objective").format(name=scene.state.players[p].name)
        textfit.check(what, area.w, box.w, "reveal card width")  # in the middle of the board, on it
        textfit.check(what, area.h, box.h, "reveal card height")
        box.clamp_ip(surface.get_rect())
        surface.blit(pic, box)
        out.append(box)
        return out


def reveal_or_end(scene, dt: float) -> bool:
    """The game is over and shown: reveal the secret cards one by one where the board has them (and the scene
    reveals them: not the kiosk's demo); True once there is nothing (more) to reveal and the end may come."""
    if scene.reveal is None and scene.reveal_secrets and scene.board_view.city.has_secret_cards(scene.board):
        scene.reveal = SecretReveal(scene)
        scene.dirty = True
    if scene.reveal is not None and not scene.reveal.done:
        if scene.reveal.step(dt):
            scene.dirty = True
        return False
    return True
