"""Driving a pass-and-play table (``HotSeat``) in Chromium as people at one device do, and replaying the same
session in-process: the form seats two people on a deal code, then the test clicks through a whole deal, and at
every handover reads what the screen shows while the table is covered.

The same code and the same clicks give the same game here (two people, no computer), so the replay's
``game`` says what each seat holds and what a spectator has been shown at every moment.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.sync_api import Locator, Page, expect

from bulka_teach.game import Game
from bulka_teach.table import HotSeat
from bulka_teach.table.hotseat import READY

from .practice_page import TABLE, Move, click_and_wait, next_move, render_count
from .ws_frames import CARD, cards_in

CLASSMATES = "czech-bulka/11-classmates.ipynb"
PEOPLE = ("Ann", "Ben")
CODE = "CB2-std-7"  # a deal whose first-card-or-first-button play ends within MAX_MOVES, with handovers both ways
MAX_MOVES = 150
COVER = f".bt-action[data-action='{READY}']"

# What a person at the screen sees of the table: the visible face-up cards (every face is a card with its
# code), the visible text, and the names a tag or a card is given (tooltips and labels).
SCREEN = """t => {
  const seen = (el) => el.checkVisibility({visibilityProperty: true, opacityProperty: true});
  return {
    cards: [...t.querySelectorAll('[data-card]')].filter(seen).map(el => el.dataset.card),
    text: t.innerText,
    names: [...t.querySelectorAll('[title], [aria-label]')].filter(seen)
      .map(el => (el.getAttribute('title') || '') + ' ' + (el.getAttribute('aria-label') || '')),
  };
}"""


def spectator_knows(game: Game) -> set[str]:
    """The cards a spectator has been shown so far: its view and its words for every event."""
    return cards_in(game.view(None)) | {card for event in game.events for card in cards_in(game.explain(event, None))}


def hidden_cards(game: Game) -> dict[int, set[str]]:
    """Each seat's cards that nobody but the seat has been shown."""
    public = spectator_knows(game)
    return {seat: set(game.view(seat)["deal"]["hand"]) - public for seat in range(game.n)}


@dataclass
class Handover:
    """What the screen showed while the table was covered for ``seat``, and the cards that were hidden then."""

    seat: int
    prompt: str
    hidden: dict[int, set[str]]
    screen: dict[str, Any]
    labels: dict[str, str] = field(default_factory=dict)  # the next seat's hidden cards' labels, read once shown


@dataclass
class PassAndPlay:
    """A deal played through a pass-and-play page, with its in-process replay and every handover seen."""

    replay: HotSeat
    moves: list[Move] = field(default_factory=list)
    handovers: list[Handover] = field(default_factory=list)


def sit_down(page: Page, table: Locator, code: str = CODE) -> HotSeat:
    """Open the form under the table, deal ``code`` to the two people, and return the same table in-process."""
    form = page.locator(".bt-seats")
    form.get_by_text("Who sits at the table").click()
    form.get_by_placeholder("a code from a table").fill(code)
    before = render_count(table)
    form.get_by_role("button", name="Sit down and deal").click()
    page.wait_for_function("([s, n]) => Number(document.querySelector(s).dataset.render) > n", arg=[TABLE, before])
    expect(table.locator(COVER)).to_be_visible()
    return HotSeat(PEOPLE, code=code)


def play_a_deal(page: Page, table: Locator, replay: HotSeat, shots: Path | None = None,
                moves: list[Move] | None = None) -> PassAndPlay:
    """Click through the deal on the table (the cover's button, else the first legal card, else the first button)
    until its outcome shows; the replay takes the same clicks. ``moves`` (appended to before each click) lets a
    caller tell which frames came after which click."""
    played = PassAndPlay(replay, moves if moves is not None else [])
    while table.locator(".bt-outcome").count() == 0:
        assert len(played.moves) < MAX_MOVES, f"no outcome after {MAX_MOVES} clicks; last {played.moves[-5:]}"
        cover = table.locator(COVER)
        if cover.count():
            handover = read_cover(table, replay)
            if shots is not None:
                table.screenshot(path=str(shots / f"handover-{len(played.handovers) + 1:02d}.png"))
            target, move = cover, ("action", READY)
        else:
            target, move = next_move(table)
        played.moves.append(move)
        click_and_wait(page, table, target)
        kind, value = move
        replay.click(value) if kind == "card" else replay.act(value)
        if move == ("action", READY):
            assert replay.viewer == handover.seat and not replay.covered
            handover.labels = {code: table.locator(f".bt-hand .bt-card[data-card='{code}']").get_attribute(
                "aria-label") or "" for code in handover.hidden[handover.seat]}
            played.handovers.append(handover)
    return played


def read_cover(table: Locator, replay: HotSeat) -> Handover:
    """The covered table as the screen shows it, with the cards hidden then (the replay must be covered too)."""
    cover = replay.covered
    assert cover is not None, "the page is covered, its replay is not"
    return Handover(cover.seat, table.locator(".bt-prompt").inner_text(), hidden_cards(replay.game),
                    table.evaluate(SCREEN))


def label_core(label: str) -> str:
    """A card's label without what the hand adds to it ("…, trump", "(trump)")."""
    return re.split(r" \(|, ", label)[0].strip()


def check_handovers(played: PassAndPlay) -> None:
    """At every handover the screen named the next person and showed no card any seat held unseen."""
    names = played.replay.players
    assert {h.seat for h in played.handovers} == {0, 1}, "the device never went both ways"
    for h in played.handovers:
        name = names[h.seat]
        assert h.prompt == f"Pass the device to {name} — press when {name} is ready."
        hidden = set().union(*h.hidden.values())
        assert h.hidden[h.seat], f"{name} held no hidden card: the check would prove nothing"
        assert not hidden & set(h.screen["cards"]), f"a hidden card lay face up: {hidden & set(h.screen['cards'])}"
        assert not hidden & set(CARD.findall(h.screen["text"])), "a hidden card was named on the screen"
        named = " | ".join(h.screen["names"])
        for code, label in h.labels.items():
            assert label and label_core(label) not in named, f"{name}'s {code} ({label}) was named while covered"
