"""The "Still playing?" countdown shown over an abandoned set-up or game on the kiosk.

It is a see-through scene on top of the stack: the game below keeps drawing (and computer seats keep
playing), while every touch goes to the countdown. Any touch means "still here": the kiosk removes the
countdown and the game carries on. When the countdown runs out the kiosk returns to attract mode.
Time is the App's fixed-step clock, so tests can run it fast.
"""
from __future__ import annotations

import math
from typing import Callable

import pygame

from ...i18n import _

from .. import textfit
from ..scene import DOWN, PointerEvent, Scene
from ..seats import EDGE_ROTATION

COUNTDOWN_S = 10.0


class CountdownScene(Scene):
    """Dims the screen and counts down to ``deadline`` (app time); a touch calls ``on_stay``."""

    opaque = False
    kiosk_transient = True  # the kiosk removes it whenever the scene below changes

    def __init__(self, app, deadline: float, on_stay: Callable[[], None] | None = None,
                 total: float = COUNTDOWN_S):
        super().__init__(app)
        self.deadline = deadline
        self.total = max(0.1, total)
        self.on_stay = on_stay
        self._shown = None
        self._acc = 0.0
        self.facing: dict[str, pygame.Rect] = {}  # edge -> where the question faces it (last drawn)

    @property
    def seconds_left(self) -> float:
        return max(0.0, self.deadline - self.app.time)

    def on_pointer(self, e: PointerEvent) -> bool:
        if e.phase == DOWN and self.on_stay is not None:
            self.on_stay()
        return True  # the touch that says "still here" must not also play a move

    def on_key(self, e) -> bool:
        if getattr(e, "type", None) == pygame.KEYDOWN and self.on_stay is not None:
            self.on_stay()
        return True

    def update(self, dt: float) -> None:
        self._acc += dt
        shown = math.ceil(self.seconds_left)
        if shown != self._shown or self._acc >= 1 / 30:  # the ring moves smoothly, the number each second
            self._shown = shown
            self._acc = 0.0
            self.dirty = True

    def text(self) -> str:
        return _("Returning to the demo in {seconds}…").format(seconds=max(0, math.ceil(self.seconds_left)))

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        th = app.theme
        px = app.px
        W, H = surface.get_size()
        dim = pygame.Surface((W, H), pygame.SRCALPHA)
        dim.fill((16, 22, 40, 165))
        surface.blit(dim, (0, 0))
        big = app.fonts.get(px(72), True)
        mid = app.fonts.get(px(40), True)
        small = app.fonts.get(px(30))
        card = pygame.Rect(0, 0, min(W - px(40), px(1100)), px(370))
        card.center = (W // 2, H // 2 + px(50))
        pygame.draw.rect(surface, th.panel, card, border_radius=px(28))
        pygame.draw.rect(surface, th.accent, card, max(2, px(5)), border_radius=px(28))
        title = big.render(_("Still playing?"), True, th.ink)
        textfit.check(_("Still playing?"), card.w - px(40), title.get_width(), "idle title")
        surface.blit(title, title.get_rect(midtop=(card.centerx, card.top + px(36))))
        line = textfit.squeeze(mid.render(self.text(), True, th.accent), card.w - px(40), self.text(), "idle countdown")
        surface.blit(line, line.get_rect(midtop=(card.centerx, card.top + px(150))))
        hint = small.render(_("Touch anywhere to keep playing"), True, th.muted)
        textfit.check(_("Touch anywhere to keep playing"), card.w - px(40), hint.get_width(), "idle hint")
        surface.blit(hint, hint.get_rect(midtop=(card.centerx, card.top + px(222))))
        # the time left as a draining bar
        bar = pygame.Rect(card.left + px(80), card.bottom - px(72), card.w - px(160), px(26))
        pygame.draw.rect(surface, (226, 224, 218), bar, border_radius=bar.h // 2)
        frac = min(1.0, self.seconds_left / self.total)
        if frac > 0:
            fill = bar.copy()
            fill.w = max(bar.h, round(bar.w * frac))
            pygame.draw.rect(surface, th.highlight if frac > 0.3 else th.warn, fill, border_radius=bar.h // 2)
        pygame.draw.rect(surface, th.panel_edge, bar, max(1, px(2)), border_radius=bar.h // 2)
        self.facing = {"bottom": card.copy()}
        # the same question for the other sides of the table: upside down above the card, sideways beside it
        img = mid.render(_("Still playing? Touch to stay"), True, th.accent_ink)
        pill = pygame.Surface((img.get_width() + px(56), img.get_height() + px(24)), pygame.SRCALPHA)
        pygame.draw.rect(pill, th.accent, pill.get_rect(), border_radius=pill.get_height() // 2)
        pill.blit(img, img.get_rect(center=pill.get_rect().center))
        gap = px(24)
        places = {"top": lambda r: r.get_rect(midbottom=(W // 2, card.top - gap)),
                  "left": lambda r: r.get_rect(midright=(card.left - gap, card.centery)),
                  "right": lambda r: r.get_rect(midleft=(card.right + gap, card.centery))}
        for edge, place in places.items():
            turned = pygame.transform.rotate(pill, EDGE_ROTATION[edge])
            room = W - px(40) if edge == "top" else H - px(40)
            textfit.check(_("Still playing? Touch to stay"), room, pill.get_width(), f"idle {edge} side")
            at = place(turned).clamp(surface.get_rect())
            if edge != "top" and at.colliderect(card):
                continue  # a screen too narrow for the sides (a laptop): the card and the top pill say it
            surface.blit(turned, at)
            self.facing[edge] = at


__all__ = ["CountdownScene", "COUNTDOWN_S"]
