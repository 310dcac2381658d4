"""The panel's pictures without words: the branch tile, the round buttons (menu, phone, hint, secret cards, the
options' page turner) and the pills the table's notes are shown in."""
from __future__ import annotations

import pygame

from ..draw import disc
from .words import MIN_NAME_PX, words


def shade(a, b, t: float) -> tuple[int, int, int]:
    """The colour ``t`` of the way from ``a`` to ``b``."""
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


def draw_branch_icon(surf: pygame.Surface, rect: pygame.Rect, ink, paper) -> None:
    """A branch tile: a small tile with a railway switch on it (a track and a branch curving off)."""
    r = pygame.Rect(rect)
    pygame.draw.rect(surf, paper, r, border_radius=max(2, r.w // 6))
    pygame.draw.rect(surf, ink, r, width=max(1, r.w // 12), border_radius=max(2, r.w // 6))
    lw = max(2, r.w // 9)
    y = r.y + r.h * 0.66
    pygame.draw.line(surf, ink, (r.x + r.w * 0.16, y), (r.right - r.w * 0.16, y), lw)
    pts = [(r.x + r.w * (0.3 + 0.5 * t), y - r.h * 0.42 * (t ** 1.6)) for t in (0.0, 0.25, 0.5, 0.75, 1.0)]
    pygame.draw.lines(surf, ink, False, pts, lw)


def draw_page_button(surf: pygame.Surface, r: pygame.Rect, t, p, page: int, pages: int, fonts) -> None:
    """The options' page turner: a big "›" and "2/3" under it (no words, so nothing to translate or cut)."""
    pygame.draw.rect(surf, shade(t.panel_edge, t.panel, 0.5), r, border_radius=p(10))
    pygame.draw.rect(surf, t.accent, r, width=p(3), border_radius=p(10))
    arrow = words(fonts.get(max(MIN_NAME_PX, p(30)), True), "›", t.accent)
    count = words(fonts.get(max(MIN_NAME_PX, p(14)), True), f"{page + 1}/{pages}", t.ink)
    h = arrow.get_height() + count.get_height()
    y = r.centery - h // 2
    surf.blit(arrow, arrow.get_rect(midtop=(r.centerx, y)))
    surf.blit(count, count.get_rect(midtop=(r.centerx, y + arrow.get_height())))


def draw_menu_button(surf: pygame.Surface, r: pygame.Rect, t, p) -> None:
    """The game menu's button: three bars, the sign people know, so no word needs to fit."""
    pygame.draw.rect(surf, shade(t.panel_edge, t.panel, 0.5), r, border_radius=p(12))
    bar_w, bar_h = r.w * 9 // 16, max(2, p(5))
    for k in (-1, 0, 1):
        bar = pygame.Rect(0, 0, bar_w, bar_h)
        bar.center = (r.centerx, r.centery + k * p(11))
        pygame.draw.rect(surf, t.ink, bar, border_radius=bar_h // 2)


def draw_phone_button(surf: pygame.Surface, r: pygame.Rect, t, p, style: str = "") -> None:
    """The seat's Phone button: a phone upright, and a dot when the seat's phone wants the table's eye (``style``
    of its note: "bad" asked or disconnected, red; "accent" kept, the accent colour)."""
    pygame.draw.rect(surf, shade(t.panel_edge, t.panel, 0.5), r, border_radius=p(12))
    body = pygame.Rect(0, 0, r.w * 6 // 16, r.h * 10 // 16)
    body.center = r.center
    pygame.draw.rect(surf, t.ink, body, width=max(2, p(3)), border_radius=max(2, p(5)))
    screen = body.inflate(-max(4, p(9)), -max(8, p(18)))
    pygame.draw.rect(surf, shade(t.ink, t.panel, 0.6), screen, border_radius=max(1, p(2)))
    disc(surf, t.ink, (body.centerx, body.bottom - max(3, p(5))), max(1.0, p(2)))
    if style in ("bad", "accent"):
        disc(surf, t.bad if style == "bad" else t.accent, (body.right, body.top), max(3.0, p(7)))
        disc(surf, (255, 255, 255), (body.right, body.top), max(3.0, p(7)), max(1, p(2)))


def draw_hint_button(surf: pygame.Surface, r: pygame.Rect, t, p, state: str) -> None:
    """The hint's button: a light bulb, lit while a hint may be asked or is shown, dots while it is thought."""
    on = state in ("ready", "shown")
    bg = t.accent if state == "shown" else shade(t.panel_edge, t.panel, 0.5)
    pygame.draw.rect(surf, bg, r, border_radius=p(12))
    ink = (255, 255, 255) if state == "shown" else (t.ink if on else t.muted)
    cx, cy = r.centerx, r.centery - r.h // 10
    rad = r.w * 0.22
    if state == "ready":
        disc(surf, t.highlight, (cx, cy), rad)
    disc(surf, ink, (cx, cy), rad, max(2, p(3)))
    base = pygame.Rect(0, 0, round(rad * 1.1), max(2, p(4)))
    for k in (0, 1):
        base.midtop = (cx, round(cy + rad + p(2) + k * p(6)))
        pygame.draw.rect(surf, ink, base, border_radius=max(1, p(2)))
    if state == "thinking":
        for k in (-1, 0, 1):
            disc(surf, ink, (cx + k * rad * 0.6, cy), max(1.5, p(2.5)))


def draw_secret_button(surf: pygame.Surface, r: pygame.Rect, t, p) -> None:
    """The secret cards' button: two cards fanned, face down (press and hold to see them)."""
    pygame.draw.rect(surf, shade(t.panel_edge, t.panel, 0.5), r, border_radius=p(12))
    cw, ch = r.w * 5 // 16, r.h * 7 // 16
    for k, dx in ((0, -p(6)), (1, p(6))):
        card = pygame.Rect(0, 0, cw, ch)
        card.center = (r.centerx + dx, r.centery - p(2) + k * p(4))
        pygame.draw.rect(surf, (255, 255, 255), card, border_radius=p(4))
        pygame.draw.rect(surf, t.ink, card, width=max(1, p(2)), border_radius=p(4))
        pygame.draw.line(surf, t.ink, (card.x + p(4), card.centery), (card.right - p(4), card.centery), max(1, p(2)))


def pill(font: pygame.font.Font, text: str, fg, bg, pad: int) -> pygame.Surface:
    """A note's pill: ``text`` on a rounded ``bg``."""
    img = font.render(text, True, fg)
    h = img.get_height() + pad
    out = pygame.Surface((img.get_width() + 2 * pad, h), pygame.SRCALPHA)
    pygame.draw.rect(out, bg, out.get_rect(), border_radius=h // 2)
    out.blit(img, (pad, pad // 2))
    return out


def icon_pill(font: pygame.font.Font, symbol: str, text: str, fg, bg, pad: int) -> pygame.Surface:
    """A pill holding a city tile's icon (drawn by game/ui/cities) and its count: "[icon] 2"."""
    from ..cities import draw_symbol

    img = font.render(text, True, fg)
    h = img.get_height() + pad
    icon = round(h * 0.8)
    w = pad // 2 + icon + pad // 3 + img.get_width() + pad
    out = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(out, bg, out.get_rect(), border_radius=h // 2)
    pygame.draw.rect(out, fg, out.get_rect(), width=max(1, pad // 6), border_radius=h // 2)
    draw_symbol(out, symbol, (pad // 2 + icon / 2, h / 2), icon, fg)
    out.blit(img, (pad // 2 + icon + pad // 3, pad // 2))
    return out
