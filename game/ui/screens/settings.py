"""The settings screen: language, sound volume and mute."""
from __future__ import annotations

from ...i18n import _
from .. import sound as sound_mod
from ..scene import DOWN, PointerEvent
from . import open_screen
from .base import GuiScene, PointerGui, theme_json


def no_sound_note(player) -> str:
    """Why there is no sound, in the player's language (the library's own words, in English, go to the log)."""
    why = {sound_mod.NO_DEVICE: _("the audio device did not open"),
           sound_mod.MISSING_EFFECTS: _("the sound effects did not load")}.get(getattr(player, "reason", ""))
    return _("No sound on this computer: {problem}").format(problem=why or _("no audio device"))


class SettingsScene(GuiScene):
    """The player's settings: sound volume (a slider, − and +) and mute, remembered in the config dir.
    Opened over the screen that asked; Back returns to it. On a kiosk the operator sets the volume."""

    STEP = 0.1

    def __init__(self, app):
        self.prefs = app.settings.preferences()
        self.sliders: dict = {}
        self._slider_val: float | None = None
        super().__init__(app)

    def build(self) -> None:
        theme = theme_json(self.app.scale)
        theme["horizontal_slider"] = {"misc": {"enable_arrow_buttons": "0",
                                               "sliding_button_width": str(max(24, round(72 * self.app.scale)))}}
        self.manager = PointerGui(self.app.size, theme)
        self.buttons, self.labels, self.entries = {}, {}, {}
        self.sliders = {}
        self._primary = None
        self.refresh()

    def layout(self) -> None:
        from pygame_gui.elements import UIHorizontalSlider

        R = self.R
        self.label("heading", R(80, 30, 900, 70), _("Settings"), "#heading")
        self.button("back", R(80, 950, 300, 90), _("Back"), self.back, object_id="#primary")
        self.label("language_label", R(80, 100, 300, 84), _("Language"), "#muted")
        self.language_buttons(R(400, 100, 750, 84))
        if self.app.kiosk_mode:
            self.label("kiosk_note", R(80, 200, 1760, 60), _("The volume is set in the kiosk's admin menu."), "#muted")
            return
        self.label("volume_label", R(80, 200, 300, 84), _("Sound volume"), "#muted")
        self.button("volume_minus", R(400, 200, 84, 84), "−", lambda: self.nudge(-self.STEP))
        rect = R(504, 210, 760, 64)
        old = self.sliders.get("volume")
        if old is None or old.relative_rect != rect or not old.alive():
            if old is not None:
                old.kill()
            self.sliders["volume"] = UIHorizontalSlider(rect, float(self.prefs.volume), (0.0, 1.0), self.manager,
                                                        click_increment=0.05)
        elif abs(float(old.get_current_value()) - self.prefs.volume) > 1e-9:
            old.set_current_value(float(self.prefs.volume))
        self._slider_val = float(self.sliders["volume"].get_current_value())
        self.button("volume_plus", R(1284, 200, 84, 84), "+", lambda: self.nudge(self.STEP))
        self.label("volume_value", R(1390, 200, 160, 84), f"{round(self.prefs.volume * 100)} %", "#heading")
        self.button("mute", R(400, 320, 420, 84), _("Sound off (muted)") if self.prefs.muted else _("Sound on"),
                    self.toggle_mute, object_id="#selected" if self.prefs.muted else None)
        self.button("test_sound", R(850, 320, 300, 84), _("Try it"), lambda: sound_mod.of(self.app).play("score"))
        if not getattr(self.app.sound, "available", False):
            self.label("no_sound", R(80, 440, 1760, 50), no_sound_note(self.app.sound), "#warning")
        self.label("phones_label", R(80, 540, 300, 84), _("Phones"), "#muted")
        self.button("phones", R(400, 540, 750, 84), _("Phones at the table: on") if self.prefs.phones else
                    _("Phones at the table: off"), self.toggle_phones, object_id="#selected" if self.prefs.phones else None)
        self.label("phones_note", R(1170, 540, 700, 84), _("From the next game; see docs/phones.md"), "#muted")
        self.label("win_chance_label", R(80, 660, 300, 84), _("Win chance"), "#muted")
        self.button("win_chance", R(400, 660, 750, 84), _("Win-chance bar: on") if self.prefs.win_chance else
                    _("Win-chance bar: off"), self.toggle_win_chance,
                    object_id="#selected" if self.prefs.win_chance else None)
        self.label("win_chance_note", R(1170, 660, 700, 84), _("The expert's estimate, from the next game"),
                   "#muted")

    def set_volume(self, v: float) -> None:
        self.prefs.volume = round(min(1.0, max(0.0, v)), 2)
        self.app.sound.volume = self.prefs.volume
        self.remember()

    def nudge(self, d: float) -> None:
        self.set_volume(self.prefs.volume + d)
        if self.prefs.muted and d > 0:
            self.toggle_mute()
            return
        self.refresh()

    def toggle_mute(self) -> None:
        self.prefs.muted = not self.prefs.muted
        self.app.sound.muted = self.prefs.muted
        self.remember()
        self.refresh()

    def toggle_phones(self) -> None:
        """Phones at the table (docs/phones.md): the server starts with the next game."""
        self.prefs.phones = not self.prefs.phones
        self.remember()
        companion = getattr(self.app, "companion", None)
        if not self.prefs.phones and companion is not None:  # off: every phone is closed at once
            companion.stop()
            self.app.companion = None
        self.refresh()

    def toggle_win_chance(self) -> None:
        """The win-chance bar beside the board (play/win_bar.py), shown when a person plays."""
        self.prefs.win_chance = not self.prefs.win_chance
        self.remember()
        self.refresh()

    def remember(self) -> None:
        self.app.settings.remember_preferences(self.prefs)

    def update(self, dt: float) -> None:
        super().update(dt)
        sl = self.sliders.get("volume")
        if sl is not None and self._slider_val is not None:
            v = float(sl.get_current_value())
            if abs(v - self._slider_val) > 1e-9:
                self._slider_val = v
                self.set_volume(v)
                self.labels["volume_value"].set_text(f"{round(self.prefs.volume * 100)} %")
                self.dirty = True

    def on_pointer(self, ev: PointerEvent) -> bool:
        """A press on the volume slider's track moves the knob there at once (pygame-gui's slider moves only when
        its knob is dragged); the press then lands on the knob, so the same finger can drag on."""
        sl = self.sliders.get("volume")
        if (ev.phase == DOWN and sl is not None and self._primary is None and sl.rect.collidepoint(ev.x, ev.y)
                and not sl.sliding_button.rect.collidepoint(ev.x, ev.y)):
            # where the knob's centre may go: inside the border, half a knob in from either end
            left = sl.rect.x + (sl.background_rect.x - sl.relative_rect.x) + sl.sliding_button.rect.w / 2
            frac = min(1.0, max(0.0, (ev.x - left) / max(1, sl.scrollable_width)))
            sl.set_current_value(frac)
            self.update(0.0)  # the new value reaches the sound and the label now
        return super().on_pointer(ev)

    def back(self) -> None:
        if len(self.app.scenes) > 1 and self.app.top is self:
            self.app.pop()
        else:
            open_screen(self.app, "title")

    def on_escape(self) -> None:
        self.back()
