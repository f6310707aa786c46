"""Driving the practice lesson in Chromium as a learner does, and replaying the same game in-process.

The practice table's computer is seeded from the deal code, so the same code and the same learner
moves give the same game in this process: the tests get the engine's own ``game.view(learner)``
after every action as ground truth for what the page may show.
"""
from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field

from playwright.sync_api import Locator, Page

from bulka_teach import DealCode
from bulka_teach.game import Game
from bulka_teach.table.practice import GAME, Practice

from .voila_server import PRACTICE, WIDGET_TIMEOUT_MS, Server, open_lesson
from .ws_frames import CARD, cards_in

TABLE = ".bt-table[data-mode='play']"
Move = tuple[str, str]  # ("card", "7a"), ("action", "take") or ("control", "continue")

# True once the table was drawn again after render number `n` and waits for the learner (or shows the outcome). A
# table "thinking…" (the sampling bot's turn: drawn busy with the learner's old choices still on it) waits for no one.
_REDRAWN = """([selector, n]) => {
  const table = document.querySelector(selector);
  return table !== null && Number(table.dataset.render) > n && !table.classList.contains('bt-busy')
    && table.querySelector('.bt-legal, .bt-action, .bt-outcome') !== null;
}"""


def open_practice(page: Page, server: Server, query: str = "") -> Locator:
    """Open the practice lesson (``query``: e.g. ``?deal=CB2-std-…``) and return its table once it is drawn."""
    open_lesson(page, server, PRACTICE, query)
    table = page.locator(TABLE).first
    table.locator(".bt-legal, .bt-action").first.wait_for(timeout=WIDGET_TIMEOUT_MS)
    return table


def render_count(table: Locator) -> int:
    return int(table.get_attribute("data-render") or 0)


def deal_code(table: Locator) -> str:
    """The code printed on the table ("deal CB2-std-4KQ7M2XA" → "CB2-std-4KQ7M2XA")."""
    return table.locator(".bt-deal-code").inner_text().split()[-1]


def learner_seat(table: Locator) -> int:
    """The seat whose hand is face up (in practice only the learner's is)."""
    return int(table.locator(".bt-hand:has(.bt-card[data-card])").first.get_attribute("data-seat") or 0)


def hand(table: Locator) -> list[str]:
    """The learner's face-up cards, in the order drawn."""
    return table.locator(".bt-hand .bt-card[data-card]").evaluate_all("cards => cards.map(c => c.dataset.card)")


def next_move(table: Locator) -> tuple[Locator, Move]:
    """What the test learner does next: the first legal card, else the first action button."""
    legal = table.locator(".bt-card.bt-legal[data-card]")
    if legal.count():
        return legal.first, ("card", legal.first.get_attribute("data-card") or "")
    button = table.locator(".bt-action").first
    return button, ("action", button.get_attribute("data-action") or "")


def click_and_wait(page: Page, table: Locator, target: Locator) -> None:
    """Click ``target`` and wait until the table is drawn again and asks the learner again (or shows the outcome)."""
    before = render_count(table)
    target.click()
    page.wait_for_function(_REDRAWN, arg=[TABLE, before], timeout=WIDGET_TIMEOUT_MS)


def state_snapshot(table: Locator, leave_out: str = ".bt-notice") -> str:
    """Everything on the table but the render counter and the parts ``leave_out`` selects (by default the notice:
    to see that a refusal changed nothing)."""
    return table.evaluate("""(t, leaveOut) => {
      const copy = t.cloneNode(true);
      copy.querySelectorAll(leaveOut).forEach(n => n.remove());
      copy.removeAttribute('data-render');
      return copy.outerHTML;
    }""", leave_out)


def move_target(table: Locator, move: Move) -> Locator:
    """The page element a learner clicks for ``move``: the card in the hand, or the action button."""
    kind, value = move
    if kind == "card":
        return table.locator(f".bt-hand .bt-card[data-card='{value}']")
    if kind == "control":
        return table.locator(f".bt-control[data-name='{value}']")
    return table.locator(f".bt-action[data-action='{value}']")


def scripted_deal(done: Callable[[Practice], bool], seat: int = 0,
                  seeds: range = range(1, 300)) -> tuple[str, list[Move]]:
    """A two-player deal (its code) and the learner moves (the first clickable card, else the first button) after
    which ``done(practice)`` holds: found in this process, so a browser test that needs a situation (a card to
    refuse, a finished deal with decisions to review) replays a deal known to reach it, not a lucky fresh one."""
    for seed in seeds:
        code = str(DealCode(GAME, 2, "std", seed))
        practice, moves = Practice(code=code, seat=seat), []
        while len(moves) < 100:
            if done(practice):
                return code, moves
            ui, deal = practice.table.ui, practice.table.view.get("deal")
            if deal is None or deal.get("outcome"):
                break  # over without what is wanted: try the next seed
            if ui["clickable"]:
                moves.append(("card", next(iter(ui["clickable"]))))
                practice.click(moves[-1][1])
            elif ui["buttons"]:
                moves.append(("action", ui["buttons"][0]["action"]))
                practice.act(moves[-1][1])
            else:
                break
    raise AssertionError(f"no deal among seeds {seeds.start}–{seeds.stop - 1} reaches what the test needs")


def unplayable_card(practice: Practice) -> str | None:
    """A card in the learner's hand it may not play now, while it has cards it may play; else None."""
    ui, deal = practice.table.ui, practice.table.view.get("deal") or {}
    refused = [card for card in deal.get("hand", []) if card not in ui["clickable"]]
    return refused[0] if ui["clickable"] and refused else None


@dataclass
class Replay:
    """The same practice game in this process, with the cards the learner may know after each of its moves."""

    code: str
    seat: int
    game: str = GAME
    players: tuple[str, ...] | None = None  # the page's names (by default the practice table's own)
    pattern: re.Pattern[str] = CARD  # how the game's card codes look
    practice: Practice = field(init=False)
    allowed: list[set[str]] = field(default_factory=list)  # allowed[k]: after k learner moves
    _seen: set[str] = field(default_factory=set)
    _views_done: int = 0

    def __post_init__(self) -> None:
        names = {"players": self.players} if self.players else {}
        self.practice = Practice(code=self.code, seat=self.seat, game=self.game, **names)
        assert self.practice.deal_code == self.code, "the replay must deal the page's deal"
        self._catch_up()

    def move(self, move: Move) -> None:
        kind, value = move
        before = len(self.practice.game.actions)
        if kind == "card":
            self.practice.click(value)
        elif kind == "control":
            self.practice.control(value)
        else:
            self.practice.act(value)
        asked = kind == "card" and any(b["action"].endswith(f" {value}") for b in self.practice.table.ui["buttons"])
        assert len(self.practice.game.actions) > before or asked or kind == "control", \
            f"the replay did not accept {move}: {self.practice.table.ui.get('notice')}"  # asked: declare a meld first?
        self._catch_up()

    def _catch_up(self) -> None:
        """Add what the learner may know after every action since the last move (the computer's actions too)."""
        record = self.practice.game.record()
        for n in range(self._views_done, len(record.actions) + 1):
            self._seen |= known_to(record.with_actions(record.actions[:n]).replay(), self.seat, self.pattern)
        self._views_done = len(record.actions) + 1
        self.allowed.append(set(self._seen))


def known_to(game: Game, seat: int, pattern: re.Pattern[str] = CARD) -> set[str]:
    """The cards the engine lets ``seat`` know in this state: its view, its explanation of every event so far
    (the open cut of earlier deals included), and the card the šíbr rule names publicly (the lowest of the
    trump 7, 8, 9 not lying face up), which the table may name without saying who holds it."""
    view = game.view(seat)
    known = cards_in(view, pattern) | {card for event in game.events
                                       for card in cards_in(game.explain(event, seat), pattern)}
    deal = view.get("deal") or {}
    trump = deal.get("trump")
    if trump:
        face_up = {deal.get("first_candidate"), deal.get("stock_top"), *deal.get("out_of_play", [])}
        known |= {next((rank + trump for rank in "789" if rank + trump not in face_up), "")} - {""}
    return known


def describe(cards: set[str]) -> str:
    return json.dumps(sorted(cards))
