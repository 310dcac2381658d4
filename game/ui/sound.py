"""The game's sound effects: preloaded once, played by SDL's mixer, never loaded or decoded on a frame.

The effects are short WAV files made by ``tools/make_sounds.py`` (``assets/sounds/``). :class:`SoundPlayer`
opens the mixer and loads them all when the App starts; ``play`` only hands a loaded sound to a free mixer
channel, which SDL mixes on its own audio thread. No audio device (a server, a broken driver) means a
silent game: the failure is logged once and every call after it does nothing.

The volume is the player's setting (Settings: volume and mute, remembered in the config dir) or, on a
kiosk, the operator's (the admin menu sets ``App.volume``). Each effect also has its own level so they sit
well together. ``requested`` keeps the last effects asked for (played or silent), which is what the tests
read. See docs/sound.md.
"""
from __future__ import annotations

import logging
from collections import deque

from ..engine import events as ev

log = logging.getLogger("underground.sound")

# effect -> (file in assets/sounds/, its level against the others)
EFFECTS: dict[str, tuple[str, float]] = {
    "place": ("place.wav", 0.55),  # a track token goes on the board
    "branch": ("branch.wav", 0.6),  # a branch tile is taken
    "score": ("score.wav", 0.6),  # points scored by a placement (National Rail, terminus, connections, ...)
    "refused": ("refused.wav", 0.5),  # a tap the game cannot act on
    "travel": ("travel.wav", 0.45),  # the passenger sets off
    "arrive": ("arrive.wav", 0.6),  # the passenger reaches the destination
    "turn": ("turn.wav", 0.45),  # a new player's turn is shown
    "fanfare": ("fanfare.wav", 0.7),  # the end screen
}
SCORE_DELAY_S = 0.18  # a placement that scores: the score follows the token's click
TURN_AFTER_ARRIVE_S = 0.5  # the new turn's chime waits for the arrival's
REQUESTED_KEPT = 64
NO_DEVICE, MISSING_EFFECTS = "no_device", "missing_effects"  # SoundPlayer.reason
DEFAULT_VOLUME = 0.7


class SoundPlayer:
    """Preloaded effects on SDL's mixer. ``enabled=False`` (or no audio device) plays nothing."""

    def __init__(self, enabled: bool = True, volume: float = DEFAULT_VOLUME, muted: bool = False):
        self.sounds: dict[str, object] = {}
        self.available = False
        self.problem = ""  # in English with the library's own words, for the log
        self.reason = ""  # what went wrong, for the settings screen to say in the player's language: REASONS
        self._volume = _clamp(volume)
        self._muted = bool(muted)
        self.requested: deque[str] = deque(maxlen=REQUESTED_KEPT)  # every effect asked for, newest last
        self.played = 0  # effects handed to the mixer
        self._later: list[tuple[float, str]] = []  # (app time, effect) waiting to be played
        self._now = 0.0
        self._turn_pending = False
        self._arrived_at = -1.0  # app time the passenger last arrived
        if enabled:
            self._open()

    # set-up -------------------------------------------------------------------------------------
    def _open(self) -> None:
        try:
            import pygame

            if not pygame.mixer.get_init():
                pygame.mixer.pre_init(44100, -16, 2, 512)  # a small buffer: a tap is heard at once
                pygame.mixer.init()
            pygame.mixer.set_num_channels(max(8, pygame.mixer.get_num_channels()))
        except Exception as exc:  # noqa: BLE001 - no audio device must never stop the game
            self.problem = f"no sound: the audio device did not open ({exc})"
            self.reason = NO_DEVICE
            log.warning("%s; the game plays on silently", self.problem)
            return
        from ..resources import asset_path

        missing = []
        for name, (file, _) in EFFECTS.items():
            try:
                self.sounds[name] = pygame.mixer.Sound(str(asset_path(f"sounds/{file}")))
            except (FileNotFoundError, pygame.error, OSError) as exc:
                missing.append(f"{file} ({exc})")
        if missing:
            self.problem = "sound effects that did not load: " + "; ".join(missing)
            self.reason = MISSING_EFFECTS
            log.warning("%s; those effects stay silent", self.problem)
        self.available = bool(self.sounds)
        self._apply_volume()

    # volume -------------------------------------------------------------------------------------
    @property
    def volume(self) -> float:
        return self._volume

    @volume.setter
    def volume(self, value: float) -> None:
        self._volume = _clamp(value)
        self._apply_volume()

    @property
    def muted(self) -> bool:
        return self._muted

    @muted.setter
    def muted(self, value: bool) -> None:
        self._muted = bool(value)
        self._apply_volume()

    @property
    def level(self) -> float:
        """What is heard: 0 when muted, else the volume."""
        return 0.0 if self._muted else self._volume

    def _apply_volume(self) -> None:
        # set on the sounds (a channel's own volume is reset to full whenever a sound starts on it)
        for name, snd in self.sounds.items():
            try:
                snd.set_volume(self.level * EFFECTS[name][1])
            except Exception as exc:  # noqa: BLE001
                log.debug("volume of %s not set: %s", name, exc)

    # playing ------------------------------------------------------------------------------------
    def play(self, name: str, delay: float = 0.0) -> None:
        """Play an effect now (or ``delay`` seconds of app time from now); unknown names are a bug."""
        if name not in EFFECTS:
            raise KeyError(f"no sound effect {name!r}; the effects are {', '.join(EFFECTS)}")
        if delay > 0:
            self._later.append((self._now + delay, name))
            return
        self.requested.append(name)
        if name == "arrive":
            self._arrived_at = self._now
        snd = self.sounds.get(name)
        if snd is None or self.level <= 0:
            return
        try:
            snd.play()
            self.played += 1
        except Exception as exc:  # noqa: BLE001 - a glitching device must not stop a turn
            log.debug("effect %s not played: %s", name, exc)

    def tick(self, now: float) -> None:
        """The app's clock moved on: play delayed effects that are due."""
        self._now = now
        if self._later:
            due = [n for t, n in self._later if t <= now]
            self._later = [(t, n) for t, n in self._later if t > now]
            for n in due:
                self.play(n)

    def events(self, events: list) -> None:
        """One action's engine events: the token's click, a branch tile, points scored, the passenger
        setting off (its arrival and the new turn are played when the table shows them)."""
        kinds = {type(e) for e in events}
        if ev.TokenPlaced in kinds:
            self.play("place")
        if ev.BranchTaken in kinds:
            self.play("branch")
        if any(isinstance(e, ev.Scored) and e.category != "passenger" and e.points > 0 for e in events):
            self.play("score", delay=SCORE_DELAY_S if ev.TokenPlaced in kinds else 0.0)
        if ev.PassengerMoved in kinds:
            self.play("travel")
        if ev.TurnStarted in kinds:
            self._turn_pending = True  # chimed when the table shows the new turn (turn_shown)

    def turn_shown(self, state) -> None:
        """The table shows the position after a turn's animations: a chime when a new turn began."""
        if self._turn_pending and state.phase != "over":
            # after the arrival chime, not over it
            self.play("turn", delay=TURN_AFTER_ARRIVE_S if self._arrived_at == self._now else 0.0)
        self._turn_pending = False

    def close(self) -> None:
        self._later.clear()


class _Silent(SoundPlayer):
    """The player of an app without sound (a stand-in app in a test, the kiosk's attract demo)."""

    def __init__(self):
        super().__init__(enabled=False)


def of(app) -> SoundPlayer:
    """The app's player; a silent one when the app has none or the kiosk is showing its demo."""
    player = getattr(app, "sound", None)
    if player is None:
        return _SILENT
    kiosk = getattr(app, "kiosk", None)
    if kiosk is not None and getattr(kiosk, "mode", "") == "attract":
        return _SILENT  # a demo that plays itself in a café stays quiet
    return player


def _clamp(v: float) -> float:
    try:
        return min(1.0, max(0.0, float(v)))
    except (TypeError, ValueError):
        return DEFAULT_VOLUME


_SILENT = _Silent()

__all__ = ["EFFECTS", "SoundPlayer", "of", "DEFAULT_VOLUME"]
