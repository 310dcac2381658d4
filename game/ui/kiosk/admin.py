"""The kiosk's hidden admin screens: a PIN pad, then the admin menu.

Both are pushed on top of whatever the table shows (the game below pauses) after the corner gesture
(see kiosk_mode.py). The PIN pad checks PINs with :class:`kiosk.pin.PinGate`, which locks it for 60 s
after 5 wrong tries; the pad shows how long. The menu has the only way out of the kiosk (Exit), a
restart, the boards the set-up offers, the volume and the idle timeout, and lists every problem found
in the config (or the autosave) at start-up. Every target is at least 48 px on any window.
"""
from __future__ import annotations

import logging
import math
from typing import TYPE_CHECKING, Callable

import pygame

from ...i18n import _, ngettext
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UIHorizontalSlider

from ..screens.base import GuiScene, PointerGui, theme_json
from ..theme import wrap

if TYPE_CHECKING:  # pragma: no cover
    from kiosk.pin import PinGate

log = logging.getLogger("underground.ui.admin")

MIN_TARGET = 48  # px: the smallest thing a finger must hit, on any window
MAX_PIN = 12
IDLE_RANGE = (30, 600)
IDLE_STEP = 10

_EXTRA_THEME = {
    "#danger": {
        "colours": {"normal_bg": "#c42028", "hovered_bg": "#d8353d", "active_bg": "#9a1820",
                    "normal_text": "#ffffff", "hovered_text": "#ffffff", "active_text": "#ffffff",
                    "normal_border": "#9a1820", "hovered_border": "#ffc400", "active_border": "#ffc400"},
    },
    "#key": {"font": {"name": "dejavu", "size": "44", "bold": "1"}},
}


class _OverlayGui(GuiScene):
    """A menu drawn over a dimmed picture of the screen it covers."""

    kiosk_admin = True  # the kiosk closes these after the idle timeout (a menu left open is a risk)

    def __init__(self, app, backdrop: pygame.Surface | None = None):
        self._backdrop_src = backdrop if backdrop is not None else app.screen.copy()
        self._backdrop: pygame.Surface | None = None
        super().__init__(app)

    def build(self) -> None:
        theme = theme_json(self.app.scale)
        for key, val in _EXTRA_THEME.items():
            node = {k: (dict(v) if isinstance(v, dict) else v) for k, v in val.items()}
            if "font" in node:
                node["font"] = dict(node["font"])
                node["font"]["size"] = str(max(8, round(int(node["font"]["size"]) * self.app.scale)))
                base_font = theme.get("defaults", {}).get("font", {})
                for k in ("regular_path", "bold_path"):
                    if k in base_font:
                        node["font"][k] = base_font[k]
            theme[key] = node
        # sliders: no tiny arrow buttons, and a thumb a finger can hold
        theme["horizontal_slider"] = {"misc": {"enable_arrow_buttons": "0",
                                               "sliding_button_width": str(max(MIN_TARGET, round(72 * self.app.scale)))}}
        self.manager = PointerGui(self.app.size, theme)
        # as GuiScene.build: fresh widget tables for the new manager, then declare the widgets
        self.buttons, self.labels, self.entries = {}, {}, {}
        self.sliders = {}
        self._primary = None
        self.refresh()

    def T(self, w: float, h: float) -> tuple[int, int]:
        """A design size in pixels, never below the touch minimum."""
        s = self.app.scale
        return max(MIN_TARGET, round(w * s)), max(MIN_TARGET, round(h * s))

    def draw_back(self, surface: pygame.Surface) -> None:
        if self._backdrop is None or self._backdrop.get_size() != surface.get_size():
            src = self._backdrop_src
            if src is None or src.get_size() != surface.get_size():
                src = pygame.Surface(surface.get_size())
                src.fill(self.app.theme.bg)
            bd = src.copy()
            veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            veil.fill((16, 22, 40, 215))
            bd.blit(veil, (0, 0))
            self._backdrop = bd
        surface.blit(self._backdrop, (0, 0))

    def card(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        th = self.app.theme
        pygame.draw.rect(surface, th.bg, rect, border_radius=self.app.px(24))
        pygame.draw.rect(surface, th.accent, rect, max(2, self.app.px(4)), border_radius=self.app.px(24))


# ------------------------------------------------------------------------------------------------
# PIN pad


class PinScene(_OverlayGui):
    """A numeric keypad; OK asks the gate. ``on_ok`` opens the menu, ``on_cancel`` goes back."""

    def __init__(self, app, gate: "PinGate", on_ok: Callable[[], None], on_cancel: Callable[[], None],
                 backdrop: pygame.Surface | None = None):
        self.gate = gate
        self.on_ok = on_ok
        self.on_cancel = on_cancel
        self.entered = ""
        self.message = ""
        self._locked_shown = -1
        super().__init__(app, backdrop)

    # geometry: everything is placed around the window's centre from the key size
    def _geometry(self):
        kw, kh = self.T(150, 112)
        gap = max(8, self.app.px(18))
        pad_w = 3 * kw + 2 * gap
        W, H = self.app.size
        head = self.app.px(262)
        total_h = head + 4 * kh + 3 * gap + gap + self.T(0, 84)[1]
        top = max(self.app.px(10), (H - total_h) // 2)
        left = (W - pad_w) // 2
        return kw, kh, gap, pad_w, left, top, head

    def layout(self) -> None:
        kw, kh, gap, pad_w, left, top, head = self._geometry()
        locked = self.gate.seconds_locked() > 0
        keys = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "del", "0", "ok"]
        for i, k in enumerate(keys):
            r = pygame.Rect(left + (i % 3) * (kw + gap), top + head + (i // 3) * (kh + gap), kw, kh)
            if k == "del":
                self.button("key_del", r, "⌫", self.delete, object_id="#key", enabled=not locked)
            elif k == "ok":
                self.button("key_ok", r, _("OK"), self.submit, object_id="#primary",
                            enabled=not locked and len(self.entered) >= 4)
            else:
                self.button(f"key_{k}", r, k, lambda k=k: self.press(k), object_id="#key", enabled=not locked)
        cw, ch = pad_w, self.T(0, 84)[1]
        r = pygame.Rect(left, top + head + 4 * (kh + gap) + gap, cw, ch)
        self.button("cancel", r, _("Cancel"), self.cancel)

    # model
    def press(self, digit: str) -> None:
        if self.gate.seconds_locked() > 0 or len(self.entered) >= MAX_PIN:
            return
        self.entered += digit
        self.message = ""
        self.refresh()

    def delete(self) -> None:
        self.entered = self.entered[:-1]
        self.refresh()

    def submit(self) -> None:
        pin, self.entered = self.entered, ""
        result = self.gate.try_pin(pin)
        if result == "ok":
            log.info("admin PIN accepted: opening the admin menu")
            self.message = ""
            self.on_ok()
            return
        if result == "locked":
            log.warning("admin PIN: too many wrong tries; locked for %.0f s", self.gate.seconds_locked())
            self.message = ""
        else:
            left = self.gate.tries_left()
            log.warning("admin PIN: wrong PIN (%d tries left before the lock)", left)
            self.message = ngettext("Wrong PIN. {n} try left.", "Wrong PIN. {n} tries left.", left).format(n=left)
        self.refresh()

    def cancel(self) -> None:
        self.entered = ""
        self.on_cancel()

    def status(self) -> str:
        left = self.gate.seconds_locked()
        if left > 0:
            return ngettext("Locked after {n} wrong PIN. Try again in {seconds} s.",
                            "Locked after {n} wrong PINs. Try again in {seconds} s.", self.gate.max_tries).format(
                n=self.gate.max_tries, seconds=math.ceil(left))
        return self.message

    def on_key(self, ev) -> bool:
        if ev.type == pygame.KEYDOWN:
            ch = getattr(ev, "unicode", "")
            if ch and ch.isdigit() and ch.isascii():
                self.press(ch)
            elif ev.key == pygame.K_BACKSPACE:
                self.delete()
            elif ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and len(self.entered) >= 4:
                self.submit()
        self._touched()
        return True

    def update(self, dt: float) -> None:
        super().update(dt)
        left = math.ceil(self.gate.seconds_locked())
        if left != self._locked_shown:
            was_locked = self._locked_shown > 0
            self._locked_shown = left
            if was_locked != (left > 0):
                self.refresh()  # keys disabled while locked, enabled after
            self.dirty = True

    def draw_back(self, surface: pygame.Surface) -> None:
        super().draw_back(surface)
        kw, kh, gap, pad_w, left, top, head = self._geometry()
        px = self.app.px
        bottom = top + head + 4 * (kh + gap) + gap + self.T(0, 84)[1]
        m = px(36)
        self.card(surface, pygame.Rect(left - m, top - px(14), pad_w + 2 * m, bottom - top + px(14) + m))

    def draw_front(self, surface: pygame.Surface) -> None:
        th = self.app.theme
        px = self.app.px
        kw, kh, gap, pad_w, left, top, head = self._geometry()
        W = surface.get_width()
        self.text(surface, _("Admin PIN"), 48, (W // 2, top + px(6)), bold=True, anchor="midtop")
        box = pygame.Rect(left, top + px(84), pad_w, px(80))
        pygame.draw.rect(surface, th.panel, box, border_radius=px(14))
        pygame.draw.rect(surface, th.panel_edge, box, max(1, px(2)), border_radius=px(14))
        n = len(self.entered)
        if n:
            r = px(13)
            step = min(px(44), (box.w - px(40)) // max(1, n))
            x0 = box.centerx - step * (n - 1) / 2
            for i in range(n):
                pygame.draw.circle(surface, th.ink, (round(x0 + i * step), box.centery), r)
        else:
            self.text(surface, _("enter the PIN"), 28, box.center, colour=th.muted, anchor="center")
        status = self.status()
        if status:
            colour = th.warn if self.gate.seconds_locked() > 0 else th.bad
            font = self.app.fonts.get(px(26), True)
            lines = wrap(font, status, pad_w + px(40))
            y = box.bottom + px(10)
            for ln in lines[:2]:
                self.text(surface, ln, 26, (W // 2, y), colour=colour, bold=True, anchor="midtop")
                y += font.get_linesize()


# ------------------------------------------------------------------------------------------------
# admin menu


class AdminScene(_OverlayGui):
    """The admin menu. ``host`` is the kiosk controller (see kiosk_mode.KioskController)."""

    CONFIRM_S = 4.0

    def __init__(self, app, host, backdrop: pygame.Surface | None = None):
        self.host = host
        self.note = ""
        self.confirm: str | None = None  # "exit" / "restart" while waiting for the second tap
        self._confirm_until = 0.0
        self._slider_vals: dict[str, float] = {}
        self.sliders: dict[str, UIHorizontalSlider] = {}
        self.problem_page = 0
        super().__init__(app, backdrop)

    # layout (design coordinates, 1920x1080) ---------------------------------------------------------
    def layout(self) -> None:
        R = self.R
        cfg = self.host.config

        def tall(r: pygame.Rect) -> pygame.Rect:
            r.h = max(MIN_TARGET, r.h)
            r.w = max(MIN_TARGET, r.w)
            return r

        self.button("back", tall(R(80, 150, 460, 100)), _("Back to the table"), self.host.close_admin,
                    object_id="#primary")
        self.button("restart", tall(R(80, 280, 460, 100)),
                    _("Tap again to restart") if self.confirm == "restart" else _("Restart the game"),
                    lambda: self._confirmed("restart"))
        self.button("exit", tall(R(80, 410, 460, 100)),
                    _("Tap again to exit") if self.confirm == "exit" else _("Exit the kiosk"),
                    lambda: self._confirmed("exit"), object_id="#danger")
        # boards
        boards = self.host.available_boards()
        x = 640
        for map_id, name in boards:
            on = map_id in cfg.boards
            self.button(f"board_{map_id}", tall(R(x, 190, 260, 84)), f"{'✓ ' if on else ''}{name}",
                        lambda m=map_id: self.toggle_board(m), object_id="#selected" if on else None)
            x += 280
        # volume
        self.button("volume_minus", tall(R(640, 390, 84, 84)), "−", lambda: self.nudge("volume", -0.1))
        self.slider("volume", tall(R(744, 400, 720, 64)), float(cfg.volume), (0.0, 1.0), 0.05)
        self.button("volume_plus", tall(R(1484, 390, 84, 84)), "+", lambda: self.nudge("volume", 0.1))
        # idle timeout
        lo, hi = IDLE_RANGE
        idle = min(hi, max(lo, int(cfg.idle_timeout_s)))
        self.button("idle_minus", tall(R(640, 590, 84, 84)), "−", lambda: self.nudge("idle", -IDLE_STEP))
        self.slider("idle", tall(R(744, 600, 720, 64)), idle, (lo, hi), IDLE_STEP)
        self.button("idle_plus", tall(R(1484, 590, 84, 84)), "+", lambda: self.nudge("idle", IDLE_STEP))
        self._slider_vals = {k: float(s.get_current_value()) for k, s in self.sliders.items()}
        pages = self.problem_pages()
        if len(pages) > 1:
            box = self.problems_box()
            w, h = self.T(300, 60)
            last = self.problem_page % len(pages) == len(pages) - 1
            self.button("more_problems", pygame.Rect(box.right - w - self.app.px(12), box.y + self.app.px(8), w, h),
                        _("Back to the first") if last else _("More problems ▸"), self.more_problems)

    def slider(self, key: str, rect: pygame.Rect, value: float, value_range, step: float) -> UIHorizontalSlider:
        """Declare a slider; one already at this place is kept (a drag in progress is not cut off)."""
        old = self.sliders.get(key)
        if old is not None and old.relative_rect == rect and old.alive():
            if abs(float(old.get_current_value()) - float(value)) > 1e-9:
                old.set_current_value(value)
            return old
        if old is not None:
            old.kill()
        sl = UIHorizontalSlider(rect, value, value_range, self.manager, click_increment=step)
        self.sliders[key] = sl
        return sl

    # actions -------------------------------------------------------------------------------------
    def _confirmed(self, what: str) -> None:
        """Exit and restart take two taps, so a stray touch never closes the table."""
        if self.confirm == what and self.app.time < self._confirm_until:
            self.confirm = None
            if what == "exit":
                self.host.request_exit("exit")
            else:
                self.host.request_exit("restart")
            return
        self.confirm = what
        self._confirm_until = self.app.time + self.CONFIRM_S
        self.refresh()

    def toggle_board(self, map_id: str) -> None:
        boards = list(self.host.config.boards)
        if map_id in boards:
            if len(boards) == 1:
                self.note = _("At least one board must stay on.")
                self.refresh()
                return
            boards.remove(map_id)
        else:
            order = [m for m, _ in self.host.available_boards()]
            boards.append(map_id)
            boards.sort(key=lambda m: order.index(m) if m in order else len(order))
        self.note = self.host.set_boards(boards) or ""
        self.refresh()

    def nudge(self, which: str, delta: float) -> None:
        cfg = self.host.config
        if which == "volume":
            self.set_value("volume", round(min(1.0, max(0.0, cfg.volume + delta)), 2))
        else:
            lo, hi = IDLE_RANGE
            self.set_value("idle", int(min(hi, max(lo, cfg.idle_timeout_s + delta))))
        self.refresh()

    def set_value(self, which: str, value: float) -> None:
        if which == "volume":
            self.note = self.host.set_volume(float(value)) or ""
        else:
            self.note = self.host.set_idle_timeout(int(round(value))) or ""

    def update(self, dt: float) -> None:
        super().update(dt)
        for key, slider in self.sliders.items():
            v = float(slider.get_current_value())
            if abs(v - self._slider_vals.get(key, v)) > 1e-9:
                self._slider_vals[key] = v
                if key == "idle":
                    v = round(v / IDLE_STEP) * IDLE_STEP
                self.set_value(key, v)
                self.dirty = True
        if self.confirm is not None and self.app.time >= self._confirm_until:
            self.confirm = None
            self.refresh()

    def exit(self) -> None:
        self.host.save_config()

    # drawing -------------------------------------------------------------------------------------
    def draw_back(self, surface: pygame.Surface) -> None:
        super().draw_back(surface)
        self.card(surface, self.R(40, 30, 1840, 1020))

    def draw_front(self, surface: pygame.Surface) -> None:
        th = self.app.theme
        R = self.R
        cfg = self.host.config
        px = self.app.px
        self.text(surface, _("Kiosk admin"), 48, R(80, 56, 0, 0).topleft, bold=True)
        self.text(surface, _("Boards the set-up offers"), 30, R(640, 140, 0, 0).topleft, bold=True)
        self.text(surface, _("Volume: {percent} %").format(percent=round(cfg.volume * 100)), 30, R(640, 340, 0, 0).topleft, bold=True)
        if not self.host.sound_available():
            self.text(surface, _("(no audio device: the table is silent)"), 24, R(980, 345, 0, 0).topleft,
                      colour=th.muted)
        self.text(surface, _("Back to the demo after {seconds} s without a touch").format(seconds=cfg.idle_timeout_s), 30,
                  R(640, 540, 0, 0).topleft, bold=True)
        self.text(surface, _("(then a 10 s countdown)"), 24, R(640, 680, 0, 0).topleft, colour=th.muted)
        if self.note:
            self.text(surface, self.note, 26, R(80, 560, 0, 0).topleft, colour=th.warn, bold=True)
        status = self.host.status_lines()
        y = R(0, 560, 0, 0).y + (px(40) if self.note else 0)
        for line in status:
            for part in wrap(self.app.fonts.get(px(24)), line, R(0, 0, 480, 0).w, report=False):  # paths break anywhere
                self.text(surface, part, 24, (R(80, 0, 0, 0).x, y), colour=th.muted)
                y += px(32)
        # problems found at start-up
        box = self.problems_box()
        pygame.draw.rect(surface, th.panel, box, border_radius=px(14))
        pygame.draw.rect(surface, th.panel_edge, box, max(1, px(2)), border_radius=px(14))
        problems = self.problem_texts()
        head = (_("Problems found at start-up ({count})").format(count=len(problems)) if problems
                else _("Problems found at start-up: none"))
        self.text(surface, head, 28, (box.x + px(20), box.y + px(14)), bold=True,
                  colour=th.warn if problems else th.good)
        font = self.app.fonts.get(px(22), False, True)
        lh = font.get_linesize()
        pages = self.problem_pages()
        page = pages[self.problem_page % len(pages)] if pages else []
        y = box.y + px(58)
        for i in page:
            for ln in wrap(font, f"{i + 1}. {problems[i]}", box.w - px(40)):
                if y + lh > box.bottom - px(4):
                    break
                surface.blit(font.render(ln, True, th.ink), (box.x + px(20), y))
                y += lh
            y += px(6)
        if len(pages) > 1:
            self.text(surface, _("page {page} of {pages}").format(page=self.problem_page % len(pages) + 1, pages=len(pages)), 22,
                      (box.right - px(20), box.bottom - px(10)), colour=th.muted, anchor="bottomright")

    def problem_pages(self) -> list[list[int]]:
        """The problems split into pages that fit the box (a long one is cut at the box's end)."""
        px = self.app.px
        box = self.problems_box()
        font = self.app.fonts.get(px(22), False, True)
        lh = font.get_linesize()
        room = box.bottom - px(8) - (box.y + px(58))
        pages: list[list[int]] = []
        cur: list[int] = []
        used = 0
        for i, p in enumerate(self.problem_texts()):
            h = lh * len(wrap(font, f"{i + 1}. {p}", box.w - px(40))) + px(6)
            if cur and used + h > room:
                pages.append(cur)
                cur, used = [], 0
            cur.append(i)
            used += h
        if cur:
            pages.append(cur)
        return pages

    def problems_box(self) -> pygame.Rect:
        return self.R(80, 740, 1760, 290)

    def problem_texts(self) -> list[str]:
        """The start-up problems without the settings file's path (it is shown above)."""
        prefix = f"{self.host.config_path}: "
        return [p[len(prefix):] if p.startswith(prefix) else p for p in self.host.problems]

    def more_problems(self) -> None:
        self.problem_page += 1
        self.refresh()


__all__ = ["PinScene", "AdminScene", "MIN_TARGET", "IDLE_RANGE", "wrap"]
