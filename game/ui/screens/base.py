"""What every menu screen shares: pygame-gui driven by our pointer layer, the theme as pygame-gui reads it, and
the warning note the lists and the title draw.

Each scene owns one UIManager sized to the window and rebuilds its widgets on resize from its own
model (the widgets hold no state of their own except typed names). pygame-gui is fed from our pointer
layer, not from SDL's mouse: one finger at a time drives the menus (a second finger pressing while the
first is down is ignored, so two people tapping at once cannot press two things with one gesture),
and hover follows the finger, not the hidden system cursor. Menus are drawn upright: they are used
before and after the game, when people gather at one side to set up or read the result.
"""
from __future__ import annotations

import json
import warnings
from typing import Callable

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UILabel, UITextEntryLine

from .. import textfit
from ..scene import CANCEL, DOWN, MOVE, UP, PointerEvent, Scene
from ..theme import BASE_H, BASE_W, gui_theme, wrap
from ...i18n import LANGUAGES, current_language

OFF = (-10000, -10000)  # where the virtual mouse rests when no finger is on the glass
_theme_cache: dict[float, str] = {}


QUESTION_BOX = (560, 340, 800, 350)  # design rect of a question's card (draw_question)
SWITCH_W, SWITCH_H, SWITCH_PAD = 72, 40, 18  # a toggle button's switch (design px), at its left end


def theme_json(scale: float) -> dict:
    key = round(scale, 3)
    if key not in _theme_cache:
        theme = gui_theme(key)
        # a toggle's words start after its switch (GuiScene.draw_switch draws it over the button)
        theme["#toggle"] = {"misc": {"text_horiz_alignment": "left", "text_horiz_alignment_padding":
                                     str(round((SWITCH_W + 2 * SWITCH_PAD) * key))}}
        _theme_cache[key] = json.dumps(theme)
    return json.loads(_theme_cache[key])  # a fresh dict: pygame-gui may keep and change it


# ------------------------------------------------------------------------------------------------
# pygame-gui driven by pointer events


class PointerGui(pygame_gui.UIManager):
    """A UIManager whose idea of the mouse is our pointer, not SDL's cursor (hidden under a finger)."""

    def __init__(self, size, theme: dict):
        super().__init__(size, theme_path=theme, enable_live_theme_updates=False)
        self.pointer_pos = OFF

    def _update_mouse_position(self):
        self.mouse_position = self.calculate_scaled_mouse_position(self.pointer_pos)


class GuiScene(Scene):
    """A full-screen menu: our background drawing, pygame-gui widgets, and pointer routing."""

    HOT_SECONDS = 0.6  # keep redrawing this long after input, for pygame-gui's press/hover states
    STUCK_SECONDS = 20.0  # a press held longer than this gives way to a new one

    def __init__(self, app):
        super().__init__(app)
        self.buttons: dict[str, UIButton] = {}
        self.labels: dict[str, UILabel] = {}
        self.entries: dict[str, UITextEntryLine] = {}
        self._old: dict = {}
        self._primary: int | None = None
        self._primary_t = 0.0
        self._pending: list[Callable[[], None]] = []
        self._hot_until = 0.0
        self._blink = 0.0
        self.manager: PointerGui | None = None
        self.build()

    # language ------------------------------------------------------------------------------------
    def language_buttons(self, area: pygame.Rect) -> None:
        """One button per language, the current one marked; choosing one switches every word at once."""
        n = len(LANGUAGES)
        gap = max(2, area.w // 60)
        w = (area.w - gap * (n - 1)) // n
        for i, (code, name) in enumerate(LANGUAGES.items()):
            self.button(f"lang_{code}", pygame.Rect(area.x + i * (w + gap), area.y, w, area.h), name,
                        lambda c=code: self.choose_language(c),
                        object_id="#selected" if code == current_language() else None)

    def choose_language(self, code: str) -> None:
        """Switch language and remember it (not on a kiosk: the operator's machine keeps its own)."""
        code = self.app.set_language(code)
        if not self.app.kiosk_mode:
            prefs = getattr(self, "prefs", None) or self.app.settings.preferences()
            prefs.language = code
            self.app.settings.remember_preferences(prefs)
        self.refresh()

    # layout helpers ------------------------------------------------------------------------------
    def R(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        """A 1920x1080 design rectangle on this window (scaled, and centred when the aspect differs)."""
        s = self.app.scale
        W, H = self.app.size
        ox = (W - BASE_W * s) / 2
        oy = (H - BASE_H * s) / 2
        return pygame.Rect(round(ox + x * s), round(oy + y * s), max(1, round(w * s)), max(1, round(h * s)))

    def button(self, key: str, rect, text: str, on_press: Callable[[], None], object_id: str | None = None,
               enabled: bool = True) -> UIButton:
        """Declare a button; an existing one with this key and place is updated, not rebuilt (fast at 4K)."""
        rect = pygame.Rect(rect)
        b = self._old.pop(key, None)
        if b is not None and (not isinstance(b, UIButton) or b.relative_rect != rect):
            b.kill()
            b = None
        if b is None:
            b = UIButton(rect, text, self.manager, object_id=ObjectID(object_id=object_id) if object_id else None)
            b.ug_object_id = object_id
        else:
            if b.ug_object_id != object_id:
                b.change_object_id(ObjectID(object_id=object_id) if object_id else None)
                b.ug_object_id = object_id
            if b.text != text:
                b.set_text(text)
        textfit.fit_widget(b)  # a smaller font for a longer language's words
        b.bind(pygame_gui.UI_BUTTON_PRESSED, self._deferred(on_press))
        if enabled and not b.is_enabled:
            b.enable()
        elif not enabled and b.is_enabled:
            b.disable()
        self.buttons[key] = b
        return b

    def _deferred(self, f: Callable[[], None]) -> Callable[[], None]:
        """Widget callbacks run after pygame-gui has finished with the event, so they may rebuild the UI."""
        return lambda: self._pending.append(f)

    def label(self, key: str, rect, text: str, object_id: str | None = None) -> UILabel:
        rect = pygame.Rect(rect)
        lab = self._old.pop("label:" + key, None)
        if lab is not None and (not isinstance(lab, UILabel) or lab.relative_rect != rect
                                or lab.ug_object_id != object_id):
            lab.kill()
            lab = None
        with warnings.catch_warnings(record=True) as said:  # "Label Rect is too small" in the theme's font...
            warnings.simplefilter("always")
            if lab is None:
                lab = UILabel(rect, text, self.manager, object_id=ObjectID(object_id=object_id) if object_id else None)
                lab.ug_object_id = object_id
            elif lab.text != text:
                lab.set_text(text)
        font = lab.font
        textfit.fit_widget(lab)  # ...is said again by pygame-gui only if the words do not fit a smaller font either
        for w in said:
            if lab.font is font or not str(w.message).startswith("Label Rect is too small"):
                warnings.warn_explicit(w.message, w.category, w.filename, w.lineno)
        self.labels[key] = lab
        return lab

    def entry(self, key: str, rect, text: str, limit: int) -> UITextEntryLine:
        """Declare a text field; an existing one keeps what is typed in it."""
        rect = pygame.Rect(rect)
        e = self._old.pop("entry:" + key, None)
        if e is not None and (not isinstance(e, UITextEntryLine) or e.relative_rect != rect):
            e.kill()
            e = None
        if e is None:
            e = UITextEntryLine(rect, self.manager, initial_text=text)
            e.set_text_length_limit(limit)
        elif e.get_text() != text:
            e.set_text(text)
        self.entries[key] = e
        return e

    def build(self) -> None:
        """A new UIManager for the window's size (first time and on resize), then the widgets."""
        self.manager = PointerGui(self.app.size, theme_json(self.app.scale))
        self.buttons, self.labels, self.entries = {}, {}, {}
        self._primary = None
        self.refresh()

    def layout(self) -> None:
        """Declare the widgets for the current model and window."""

    def refresh(self) -> None:
        """The model changed: declare the widgets again; only what differs is rebuilt, the rest removed."""
        self._old = {**self.buttons, **{"label:" + k: v for k, v in self.labels.items()},
                     **{"entry:" + k: v for k, v in self.entries.items()}}
        self.buttons, self.labels, self.entries = {}, {}, {}
        self.layout()
        for w in self._old.values():
            w.kill()
        self._old = {}
        self.manager.update(0.0)
        self.dirty = True

    # events --------------------------------------------------------------------------------------
    def _mouse(self, etype, pos, **kw) -> None:
        self.manager.process_events(pygame.event.Event(etype, pos=pos, touch=False, **kw))

    def on_pointer(self, ev: PointerEvent) -> bool:
        m = self.manager
        pos = (int(ev.x), int(ev.y))
        if ev.wheel:
            m.pointer_pos = pos
            step = 1 if ev.wheel > 0 else -1
            m.process_events(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=step, precise_x=0.0,
                                                precise_y=float(ev.wheel), flipped=False, touch=False, which=0))
        elif ev.phase == DOWN:
            if self._primary is not None:
                stuck = (self._primary not in self.app.pointer.active
                         or ev.t - self._primary_t > self.STUCK_SECONDS)
                if not stuck:
                    return True  # someone is already pressing; one gesture at a time in menus
                # the old press lost its release (a glitching touch frame): let it go, never lock the menu
                self._mouse(pygame.MOUSEBUTTONUP, OFF, button=1)
            self._primary = ev.pid
            self._primary_t = ev.t
            m.pointer_pos = pos
            self._mouse(pygame.MOUSEBUTTONDOWN, pos, button=1)
        elif ev.phase == MOVE:
            if ev.pid == self._primary:
                m.pointer_pos = pos
                self._mouse(pygame.MOUSEMOTION, pos, rel=(0, 0), buttons=(1, 0, 0))
            elif self._primary is None and not ev.is_touch:
                m.pointer_pos = pos  # mouse hover
                self._mouse(pygame.MOUSEMOTION, pos, rel=(0, 0), buttons=(0, 0, 0))
            else:
                return True
        elif ev.phase in (UP, CANCEL):
            if ev.pid != self._primary:
                return True
            self._primary = None
            self._mouse(pygame.MOUSEBUTTONUP, pos if ev.phase == UP else OFF, button=1)
            m.pointer_pos = OFF if ev.is_touch else pos
        self._touched()
        return True

    def on_key(self, ev) -> bool:
        if ev.type == pygame.KEYDOWN and ev.key == pygame.K_ESCAPE:
            self.on_escape()
        else:
            self.manager.process_events(ev)
        self._touched()
        return True

    def on_escape(self) -> None:
        """Esc: go back (the App swallows it in kiosk mode)."""

    def _touched(self) -> None:
        self._hot_until = self.app.time + self.HOT_SECONDS
        self.dirty = True
        self._run_pending()

    def _run_pending(self) -> None:
        while self._pending:
            f = self._pending.pop(0)
            if self.app.top is not self and self not in self.app.scenes:
                self._pending.clear()
                return
            f()

    def on_resize(self, w: int, h: int) -> None:
        self.build()

    # time and drawing ----------------------------------------------------------------------------
    def _text_focused(self) -> bool:
        return any(isinstance(e, UITextEntryLine) and e.is_focused for e in self.manager.get_root_container().elements)

    def update(self, dt: float) -> None:
        hot = self.app.time < self._hot_until
        if hot:
            self.manager.update(dt)
            self.dirty = True
        elif self._text_focused():
            self._blink += dt
            if self._blink >= 0.1:  # the text cursor blinks; ten redraws a second are plenty
                self.manager.update(self._blink)
                self._blink = 0.0
                self.dirty = True

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(self.app.theme.bg)
        self.draw_back(surface)
        self.manager.draw_ui(surface)
        self.draw_front(surface)

    def draw_back(self, surface: pygame.Surface) -> None: ...

    def draw_question(self, surface: pygame.Surface, question: str, note: str) -> pygame.Rect:
        """A question card over the dimmed screen (leaving the results, quitting): the answers are the scene's
        "confirm_no" and "confirm_yes" buttons, laid inside the card's lower half by the scene."""
        th, px = self.app.theme, self.app.px
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((20, 24, 36, 150))
        surface.blit(shade, (0, 0))
        box = self.R(*QUESTION_BOX)
        pygame.draw.rect(surface, th.panel, box, border_radius=px(16))
        pygame.draw.rect(surface, th.panel_edge, box, max(1, px(2)), border_radius=px(16))
        self.text(surface, question, 40, (box.centerx, box.y + px(40)), bold=True, anchor="midtop")
        self.text(surface, note, 28, (box.centerx, box.y + px(110)), colour=th.muted, anchor="midtop")
        return box

    def question_buttons(self, no: str, yes: str, on_no: Callable[[], None], on_yes: Callable[[], None]) -> None:
        """The two answers of ``draw_question``'s card: the safe one first, the one that leaves in the accent."""
        self.button("confirm_no", self.R(610, 560, 330, 90), no, on_no)
        self.button("confirm_yes", self.R(980, 560, 330, 90), yes, on_yes, object_id="#primary")

    def draw_switch(self, surface: pygame.Surface, key: str, on: bool) -> pygame.Rect | None:
        """The on/off switch of the toggle button ``key`` (declared with object_id "#toggle"), at its left end:
        a track, filled in the accent colour with the knob at the right when on, grey with the knob at the left
        when off, as phones and laptops show a setting that is either on or off. Returns the switch's rect."""
        b = self.buttons.get(key)
        if b is None:
            return None
        th, px = self.app.theme, self.app.px
        r = pygame.Rect(0, 0, px(SWITCH_W), px(SWITCH_H))
        r.midleft = (b.rect.x + px(SWITCH_PAD), b.rect.centery)
        pygame.draw.rect(surface, th.accent if on else th.muted, r, border_radius=r.h // 2)
        knob = r.h // 2 - max(2, px(4))
        pygame.draw.circle(surface, (255, 255, 255), (r.right - r.h // 2 if on else r.x + r.h // 2, r.centery), knob)
        return r

    def draw_front(self, surface: pygame.Surface) -> None: ...

    def text(self, surface, s: str, size: float, pos, colour=None, bold=False, anchor="topleft",
             condensed=False) -> pygame.Rect:
        """Draw text at a design size; ``pos`` is in window pixels."""
        f = self.app.fonts.get(self.app.px(size), bold, condensed)
        img = f.render(s, True, colour or self.app.theme.ink)
        r = img.get_rect(**{anchor: pos})
        if textfit.is_recording() and not surface.get_rect().contains(r):  # words running off the screen
            textfit.report(s, r.clip(surface.get_rect()).w, r.w, where=f"{type(self).__name__}.text")
        surface.blit(img, r)
        return r


NOTICE_PT = 26  # the set-aside notice's words (design px): readable at 1280x720, never shrunk below 0.85 of it


def draw_note(scene, surface: pygame.Surface, text: str, box: pygame.Rect, size: float = 24,
              centred: bool = False) -> None:
    """A warning wrapped into ``box``, a little smaller if it needs to be; words that still do not fit are
    reported to textfit (the text-fit tests fail on them) rather than shrunk out of sight."""
    px = scene.app.px
    for sz in (size, size * 0.92, size * 0.85):
        font = scene.app.fonts.get(px(sz), True)
        lines = wrap(font, text, box.w)
        if len(lines) * font.get_linesize() <= box.h:
            break
    step = font.get_linesize()
    y = box.y + max(0, (box.h - len(lines) * step) // 2) if centred else box.y
    for k, line in enumerate(lines):
        if y + step > box.bottom + 1:
            rest = " ".join(lines[k:])
            textfit.report(rest, box.w, font.size(rest)[0], "", "screens.draw_note (lines left out)")
            break
        surface.blit(font.render(line, True, scene.app.theme.warn), (box.x, y))
        y += step
