"""The game menu: opened from any seat panel's menu button (or Esc / Android Back), facing that seat.

Resume · Log · Settings · Restart · Save and leave · Quit to title; in kiosk mode Resume, Rules, Settings and
End this game, which returns the table to its demo as the idle timeout would (the kiosk itself is never left
without the admin PIN). Restart, Quit to title and End this game end the game, so each asks first;
Save and leave keeps the game (it is saved after every action, game/saves.py), so it does not.

The menu is an opaque scene pushed over the play screen: the play screen is not updated while it is open,
so no computer seat moves and no animation advances; it is only drawn, dimmed, under the menu's card.
"""
from __future__ import annotations

import logging
import random

import pygame

from ...engine import rules as engine_rules
from .. import textfit
from .. import theme as th
from ..card_taps import OFF_CARD, CardTaps, button_under
from ..scene import PointerEvent, Scene
from ...i18n import N_, _
from ..seats import EDGE_ROTATION, screen_to_upright, upright_to_screen

log = logging.getLogger("underground.ui.menu")

RESUME, SETTINGS, RESTART, SAVE_LEAVE, QUIT = "resume", "settings", "restart", "save_leave", "quit"
LOG = "log"  # the game log (play/log_panel.py)
LABELS = {RESUME: N_("Resume"), LOG: N_("Log"), SETTINGS: N_("Settings"),
          RESTART: N_("Restart (same seats, new shuffle)"), SAVE_LEAVE: N_("Save and leave"), QUIT: N_("Quit to title")}
RULES = "rules"  # the board's rules card (game/ui/rules_help.py), facing the seat that asked
LABELS[RULES] = N_("Rules")
END_GAME = "end_game"  # a kiosk's players leave early: back to the demo
LABELS[END_GAME] = N_("End this game")
PHONE = "phone"  # this seat's phone: its QR code, keep or refuse a phone, hand the seat on (play/phone_card.py)
LABELS[PHONE] = N_("Phone")
TAKE_SEAT, HAND_OFF = "take_seat", "hand_off"  # the seat changes hands (play/handoff.py, play/level_card.py)
LABELS[TAKE_SEAT], LABELS[HAND_OFF] = N_("Take this seat"), N_("Hand to a computer")
ASK = {RESTART: (N_("Restart this game?"), N_("The game so far is lost; the same seats play a new shuffle."),
                 N_("Yes, restart")),
       QUIT: (N_("Quit this game?"), N_("It is not kept. (Save and leave keeps it for Continue.)"), N_("Yes, quit")),
       END_GAME: (N_("End this game?"), N_("It is not kept; the table goes back to the demo for the next players."),
                  N_("Yes, end it"))}
NO = N_("No, go back")
CARD_W = 660  # design px at 1080p (upright)
ROW_H = 84  # every button; at least the touch size whatever the window
GAP = 16


def items_for(app, saving: bool | None = None) -> list[str]:
    """What the menu offers: everything on a laptop or a table; on a kiosk Resume, Rules, Settings and End this
    game. ``saving``: whether games are saved (default: the app's autosaver is on)."""
    if app.kiosk_mode:
        return [RESUME, RULES, SETTINGS] + ([END_GAME] if getattr(app, "kiosk", None) is not None else [])
    out = [RESUME, LOG, SETTINGS, RESTART]
    out.insert(1, RULES)  # second, as issue 12 lists the items
    if saving is None:
        saving = getattr(app, "autosaver", None) is not None
    if saving:  # without saving (headless runs) nothing could be kept
        out.append(SAVE_LEAVE)
    return out + [QUIT]


def hand_off_items(play, seat: int) -> list[str]:
    """A seat changes hands at any time of a game played here: a person takes a computer's seat or a seat that
    plays from a phone; a person's seat (at the table or on a phone) goes to a computer."""
    if not getattr(play, "drive_computers", False) or play.state.phase == "over":
        return []
    cfg = play.seats[seat]
    if cfg.computer:
        return [TAKE_SEAT]
    return [TAKE_SEAT, HAND_OFF] if cfg.phone else [HAND_OFF]


def restarted(state):
    """A new game with the same board, players, colours, start player and variant, and a new shuffle."""
    s = state.setup
    seed = random.SystemRandom().randrange(2 ** 31)
    return engine_rules.new_game(s.map, list(s.players), seed=seed, start_player=s.start_player,
                                 lines=[list(x) for x in s.lines], variant=s.variant)


class GameMenu(Scene):
    """The menu for seat ``seat`` of the play screen ``play``; ``confirm`` is the item awaiting a yes."""

    opaque = True  # the play screen below is neither updated (it is paused) nor drawn except by us

    def __init__(self, app, play, seat: int):
        super().__init__(app)
        self.play = play
        self.seat = seat if 0 <= seat < len(play.panels) else 0
        self.edge = play.panels[self.seat].edge if play.panels else "bottom"
        self.items = items_for(app)
        self.items[1:1] = hand_off_items(play, self.seat)
        if getattr(play, "phones", None) is not None:  # phones at the table are on (play/phones.py)
            self.items.insert(1, PHONE)
        self.confirm: str | None = None
        self.buttons: dict[str, pygame.Rect] = {}  # upright card coordinates
        self.card_rect = pygame.Rect(0, 0, 1, 1)  # on screen
        self._card: pygame.Surface | None = None
        self._taps = CardTaps()
        self._shade: pygame.Surface | None = None
        self.cut_labels: list[str] = []

    # ---- geometry ---------------------------------------------------------------------------------
    @property
    def rotation(self) -> int:
        return EDGE_ROTATION.get(self.edge, 0)

    def _rows(self) -> list[str]:
        return [self.confirm, RESUME] if self.confirm else list(self.items)

    def _layout(self) -> tuple[int, int]:
        """Upright card size and its buttons: in one column, or in two when one is taller than the screen
        allows (a laptop's 720 rows hold nine buttons at the touch size, and a seat may have ten)."""
        k = self.app.scale
        p = self.app.px
        pad, gap = p(28), p(GAP)
        row = max(th.touch_px(k), p(ROW_H))
        rows = self._rows()
        room = self.app.size[1 if self.rotation in (0, 180) else 0] - 2 * p(24)
        w = p(CARD_W)
        cols = 1
        if pad + self._head_height(w, pad) + len(rows) * (row + gap) - gap + pad > room and len(rows) > 2:
            cols, w = 2, 2 * p(CARD_W) - pad
        bw = (w - 2 * pad - (cols - 1) * gap) // cols
        top = pad + self._head_height(w, pad)
        self.buttons = {}
        for j, name in enumerate(rows):
            self.buttons[name] = pygame.Rect(pad + (j % cols) * (bw + gap), top + (j // cols) * (row + gap), bw, row)
        return w, top + -(-len(rows) // cols) * (row + gap) - gap + pad

    def _head_height(self, w: int, pad: int) -> int:
        """Height of what stands above the buttons (a card built on this one shows more there)."""
        p = self.app.px
        return p(70) if not self.confirm else p(70) + p(34) * len(self._question_lines(w - 2 * pad))

    def _question_lines(self, width: int) -> list[str]:
        f = self.play.fonts.get(self.app.px(24))
        return th.wrap(f, _(ASK[self.confirm][1]), max(1, width))

    def to_local(self, x: float, y: float) -> tuple[float, float]:
        """Screen point -> upright card coordinates (the card turned to face its seat)."""
        return screen_to_upright(self.card_rect, self.rotation, x, y)

    def point_for(self, name: str) -> tuple[float, float] | None:
        """Where on screen the button ``name`` is (tests tap there)."""
        self._build()
        b = self.buttons.get(name)
        if b is None:
            return None
        return upright_to_screen(self.card_rect, self.rotation, *b.center)

    def _place(self, size: tuple[int, int]) -> pygame.Rect:
        """Near the seat's own edge of the board, in line with its panel."""
        bv = self.play.board_view.rect
        panel = self.play.panels[self.seat].rect if self.play.panels else bv
        r = pygame.Rect((0, 0), size)
        m = self.app.px(24)
        r.center = panel.center
        if self.edge == "bottom":
            r.bottom = bv.bottom - m
        elif self.edge == "top":
            r.top = bv.top + m
        elif self.edge == "left":
            r.left = bv.left + m
        else:
            r.right = bv.right - m
        return r.clamp(pygame.Rect((0, 0), self.app.size))

    def _build(self) -> None:
        if self._card is not None:
            return
        w, h = self._layout()
        self._card = self._draw_card(w, h)
        if self.rotation:
            self._card = pygame.transform.rotate(self._card, self.rotation)
        self.card_rect = self._place(self._card.get_size())

    # ---- drawing ---------------------------------------------------------------------------------
    def _draw_card(self, w: int, h: int) -> pygame.Surface:
        t = self.play.theme
        p = self.app.px
        fonts = self.play.fonts
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(surf, t.panel, surf.get_rect(), border_radius=p(20))
        pygame.draw.rect(surf, t.accent, surf.get_rect(), width=p(4), border_radius=p(20))
        pad = p(28)
        self._draw_head(surf, w, pad)
        f_btn = fonts.get(p(28), True)
        self.cut_labels = []  # labels that did not fit even at the smallest size (should be none)
        for name, r in self.buttons.items():
            label = self._label(name)
            primary, bad = self._style(name)
            fill = t.bad if bad else (t.accent if primary else t.bg)
            pygame.draw.rect(surf, fill, r, border_radius=p(14))
            if not (primary or bad):
                pygame.draw.rect(surf, t.panel_edge, r, width=p(2), border_radius=p(14))
            ink = t.accent_ink if (primary or bad) else t.ink
            size, f = p(28), f_btn
            while f.size(label)[0] > r.w - p(24) and size > max(10, p(18)):  # smaller before cut
                size -= 1
                f = fonts.get(size, True)
            if f.size(label)[0] > r.w - p(24):
                self.cut_labels.append(label)
            img = f.render(_fit(f, label, r.w - p(24)), True, ink)
            surf.blit(img, img.get_rect(center=r.center))
        return surf

    def _draw_head(self, surf: pygame.Surface, w: int, pad: int) -> None:
        t, p, fonts = self.play.theme, self.app.px, self.play.fonts
        name = self.play.state.players[self.seat].name
        head = _(ASK[self.confirm][0]) if self.confirm else _("Game menu · {player}").format(player=name)
        f_head = next((f for f in [fonts.get(p(px), True) for px in (34, 30, 26)] if f.size(head)[0] <= w - 2 * pad),
                      fonts.get(p(26), True))  # smaller before a long name is cut
        surf.blit(f_head.render(_fit(f_head, head, w - 2 * pad), True, t.ink),
                  (pad, pad + (fonts.get(p(34), True).get_height() - f_head.get_height()) // 2))
        if self.confirm:
            f = fonts.get(p(24))
            for j, line in enumerate(self._question_lines(w - 2 * pad)):
                surf.blit(f.render(line, True, t.muted), (pad, pad + p(62) + j * p(34)))

    def _label(self, name: str) -> str:
        if self.confirm and name == self.confirm:
            return _(ASK[name][2])
        return _(NO if self.confirm else LABELS[name])

    def _style(self, name: str) -> tuple[bool, bool]:
        """(primary, bad): the button that goes on (filled), the one that loses something (red)."""
        return name == (self.confirm or RESUME), self.confirm is not None and name == self.confirm

    @property
    def animating(self) -> bool:
        """The board below may still be finishing a picture for a new window size (never the game)."""
        return bool(self.play.board_view.busy or self.play.backdrop.pending)

    def draw(self, surface: pygame.Surface) -> None:
        self.play.draw(surface)  # as it stood when the menu opened: nothing below moves on
        if self._shade is None or self._shade.get_size() != surface.get_size():
            self._shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            self._shade.fill((0, 0, 0, 110))
        surface.blit(self._shade, (0, 0))
        self._build()
        surface.blit(self._card, self.card_rect)

    def on_resize(self, w: int, h: int) -> None:
        self._card = None
        self.dirty = True

    def resume(self) -> None:  # back from Settings
        self._card = None
        self.dirty = True

    # ---- input -----------------------------------------------------------------------------------
    def _button_at(self, x: float, y: float) -> str | None:
        self._build()
        return button_under(self.buttons, self.card_rect, self.rotation, x, y)

    def on_pointer(self, e: PointerEvent) -> bool:
        tapped = self._taps.feed(e, self._button_at)
        if tapped is OFF_CARD:
            self.back()  # a tap on the dimmed table outside the card: as Resume (or No)
        elif tapped:
            self.choose(tapped)
        return True  # nothing reaches the paused table

    def on_key(self, e) -> bool:
        if getattr(e, "type", None) == pygame.KEYDOWN and getattr(e, "key", None) in (pygame.K_ESCAPE,
                                                                                      pygame.K_AC_BACK):
            self.back()
        return True

    def back(self) -> None:
        """Esc, Back or a tap beside the card: out of a question, else out of the menu."""
        if self.confirm:
            self._ask(None)
        else:
            self.choose(RESUME)

    def _ask(self, item: str | None) -> None:
        self.confirm = item
        self._card = None
        self.dirty = True

    # ---- the items ---------------------------------------------------------------------------------
    def choose(self, name: str) -> None:
        if self.confirm and name == RESUME:
            self._ask(None)  # "No, go back": the menu again
            return
        if name in ASK and self.confirm != name:
            self._ask(name)
            return
        if name == RULES:
            self.open_rules()
            return
        if name in (PHONE, HAND_OFF):  # cards built on this menu (play/phone_card.py, play/level_card.py), named,
            from ..screens import make_screen  # not imported back

            self._close()
            self.app.push(make_screen(self.app, "phone_card" if name == PHONE else "level_card", self.play, self.seat))
            return
        if name == TAKE_SEAT:
            from .handoff import take_seat

            self._close()
            take_seat(self.play, self.seat)
            return
        if name == RESUME:
            self._close()
        elif name == LOG:
            self.open_log()
        elif name == SETTINGS:
            from ..screens import make_screen

            self.app.push(make_screen(self.app, "settings"))  # its Back pops to this menu, over the same game
        elif name == RESTART:
            self.restart()
        elif name == SAVE_LEAVE:
            self.save_and_leave()
        elif name == QUIT:
            self.quit_to_title()
        elif name == END_GAME:
            self.end_kiosk_game()

    def _close(self) -> None:
        if self.app.top is self:
            self.app.pop()

    def open_log(self) -> None:
        """The game log over the menu, facing the same seat; closing it comes back here, as Rules and Settings do."""
        from .log_panel import LogPanel

        self.app.push(LogPanel(self.app, self.play, self.seat))

    def _saved_id(self) -> str | None:
        saver = getattr(self.app, "autosaver", None)
        return saver.game_id(self.play.state) if saver is not None else None

    def _forget_save(self) -> str:
        """The game is being ended: remove its save so Continue does not offer it. Returns a problem, or ""."""
        saver = getattr(self.app, "autosaver", None)
        game_id = self._saved_id()
        if saver is None or game_id is None:
            return ""
        saver.flush()  # a write on its way would bring the save back
        return self.app.saves.delete(game_id) or ""

    def open_rules(self) -> None:
        """The board's rules card over the paused game, facing this seat; closing it comes back here."""
        from ..rules_help import RulesScene

        self.app.push(RulesScene.for_state(self.app, self.play.state, self.edge, under=self.play))

    def restart(self) -> None:
        from ..screens import open_screen

        play = self.play
        problem = self._forget_save()
        state = restarted(play.state)
        log.info("game restarted from the menu (seed %s)", state.setup.seed)
        self._close()
        open_screen(self.app, "play", state, list(play.seats), names=play.names_mode,
                    computer_speed=play.turns.computer_speed, phones=play.phones is not None)
        if problem:
            self.app.top.toast(problem)

    def save_and_leave(self) -> None:
        from ..screens import open_screen

        saver = getattr(self.app, "autosaver", None)
        if saver is not None:
            saver.check(self.app.scenes)  # the position as it is now (already saved after every action)
            saver.flush()
        self._close()
        open_screen(self.app, "title")

    def end_kiosk_game(self) -> None:
        """A kiosk's players are done: the table returns to attract mode and the game's autosave goes, as
        when the idle timeout ends an abandoned game."""
        self._close()
        self.app.kiosk.to_attract(discard=True, reason="the players ended the game from the game menu")

    def quit_to_title(self) -> None:
        from ..screens import open_screen

        problem = self._forget_save()
        self._close()
        open_screen(self.app, "title", message=problem)


def _fit(font: pygame.font.Font, text: str, width: int) -> str:
    """``text`` whole if it fits, else cut with an ellipsis (a long player name in the heading)."""
    return textfit.cut(font, text, width, "menu._fit")
