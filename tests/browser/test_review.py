"""The review panel in Chromium under Voilà: a practice deal played by clicks to its end, Review, the list of the
learner's decisions, one chosen (the table as the learner saw it then, the cards marked), a refused click on that
past table, and back to the live table unchanged — with no card on the wire the learner may not see."""
from __future__ import annotations

import pytest
from playwright.sync_api import Locator, Page, expect

from bulka_teach.table.practice import Practice

from .practice_page import (
    Replay,
    click_and_wait,
    learner_seat,
    move_target,
    open_practice,
    scripted_deal,
    state_snapshot,
)
from .voila_server import Server
from .ws_frames import cards_in, decode, widget_states

pytestmark = pytest.mark.browser
REVIEW_TIMEOUT_MS = 90_000  # the lesson's coach (the sampling bot, medium) judges every decision: seconds on 2 cores


def live_table(table: Locator) -> str:
    """The table without its notice, render counter and (hidden) review panel: what back must restore."""
    return state_snapshot(table, ".bt-notice, .bt-review")


def learner_decisions(practice: Practice, seat: int) -> list[int]:
    """The record's indices of the learner's decisions with a choice (the deal played is the game's first)."""
    record = practice.game.record()
    game, found = record.start(), []
    for index, action in enumerate(record.actions):
        if game.to_move == seat and len(game.legal_actions()) > 1:
            found.append(index)
        game.apply(action)
    return found


def reviewable(practice: Practice) -> bool:
    """The deal is over, and the learner had at least two decisions with a choice, a card played among them."""
    deal = practice.table.view.get("deal") or {}
    if not deal.get("outcome"):
        return False
    decisions = learner_decisions(practice, practice.seat)
    actions = practice.game.record().actions
    return len(decisions) >= 2 and any(actions[index].startswith("play ") for index in decisions)


def test_review_after_a_deal_lists_the_decisions_shows_one_and_goes_back(page: Page, voila: Server) -> None:
    frames: list[bytes | str] = []
    code, moves = scripted_deal(reviewable)  # a deal known to end with decisions worth reviewing
    table = open_practice(page, voila, f"?deal={code}")
    replay = Replay(code, learner_seat(table))
    review = table.locator(".bt-control[data-name='review']")
    expect(review).to_be_disabled()
    for move in moves:
        click_and_wait(page, table, move_target(table, move))
        replay.move(move)
    expect(table.locator(".bt-outcome")).to_be_visible()
    expect(review).to_be_enabled()
    live = live_table(table)
    decisions = learner_decisions(replay.practice, replay.seat)
    record = replay.practice.game.record()

    page.on("websocket", lambda ws: ws.on("framereceived", frames.append))  # what the review sends
    review.click()
    items = table.locator(".bt-review-item")
    expect(items).to_have_count(len(decisions), timeout=REVIEW_TIMEOUT_MS)
    expect(table.locator(".bt-review-summary")).to_contain_text("decision")
    expect(table.locator(".bt-review-summary")).to_have_attribute("aria-live", "polite")
    expect(items.first).to_be_focused()  # the list takes the focus: ↑/↓ from here

    page.keyboard.press("ArrowDown")  # the second decision, by keyboard
    expect(items.nth(1)).to_have_attribute("aria-pressed", "true")
    expect(table.locator(".bt-review-detail h5")).to_contain_text("Decision 2")

    # the last card played with a choice: the learner's card and the best one are marked on the past table
    last = max(k for k, index in enumerate(decisions) if record.actions[index].startswith("play "))
    items.nth(last).click()
    expect(items.nth(last)).to_have_attribute("aria-pressed", "true")
    expect(table.locator(".bt-prompt")).to_have_text(
        f"The table as you saw it at decision {last + 1} of {len(decisions)}.")
    then = record.with_actions(record.actions[:decisions[last]]).replay().view(replay.seat)
    shown = table.locator(".bt-hand.bt-mine .bt-card[data-card]").evaluate_all("cs => cs.map(c => c.dataset.card)")
    assert shown == then["deal"]["hand"], "the past table is not the learner's hand at that decision"
    played = record.actions[decisions[last]].split()[1]
    expect(table.locator(f".bt-hand.bt-mine .bt-card.bt-review-taken[data-card='{played}']")).to_have_count(1)
    expect(table.locator(".bt-hand.bt-mine .bt-card.bt-review-best").first).to_be_visible()
    expect(table.locator(".bt-hand.bt-mine .bt-review-badge").first).to_be_visible()

    # the past table does not play (its cards are aria-disabled, which Playwright reads as "wait": force the click)
    table.locator(f".bt-hand.bt-mine .bt-card[data-card='{played}']").click(force=True)
    expect(table.locator(".bt-notice[data-kind='refused']")).to_contain_text(
        f"This is the table as it was at decision {last + 1}: go back to the game to play.")

    table.locator(".bt-control[data-name='back']").click()
    expect(table.locator(".bt-review")).to_be_hidden()
    expect(table.locator(".bt-outcome")).to_be_visible()
    expect(review).to_be_focused()
    assert live_table(table) == live, "back to the game did not restore the live table"
    assert replay.practice.game.record().actions == record.actions

    allowed = replay.allowed[-1]  # all the learner may know by the end of the deal
    for frame in frames:
        for _model, state in widget_states(decode(frame)):
            leaked = cards_in(state) - allowed
            assert not leaked, f"a review frame names {sorted(leaked)}, which the learner never saw"
    assert not page.js_errors, page.js_errors  # type: ignore[attr-defined]


def test_a_learner_who_follows_every_hint_finds_no_mistake_in_the_review(page: Page, voila: Server) -> None:
    """The deal where Hint said "play the Ub" and Review then called Ub a mistake: on the page, follow the Hint at
    every decision to the end of the deal, then Review — every decision is good, and each hint said what the
    coach in this process says for the same view."""
    code = "CB2-std-3BN1ZJVK-N"
    table = open_practice(page, voila, f"?deal={code}")
    replay = Replay(code, learner_seat(table))
    notice = table.locator(".bt-notice")
    followed = 0
    while not table.locator(".bt-outcome").is_visible():
        view = replay.practice.game.view(replay.seat)
        hint = replay.practice._coach().hint(view)
        table.locator(".bt-control[data-name='hint']").click()
        expect(notice).to_contain_text(hint.why[:60], timeout=REVIEW_TIMEOUT_MS)
        verb, _, card = hint.action.partition(" ")
        move = ("card", card) if verb == "play" else ("action", hint.action)
        click_and_wait(page, table, move_target(table, move))
        replay.move(move)
        followed += 1
    assert followed >= 5
    table.locator(".bt-control[data-name='review']").click()
    items = table.locator(".bt-review-item")
    expect(items).to_have_count(len(learner_decisions(replay.practice, replay.seat)), timeout=REVIEW_TIMEOUT_MS)
    expect(table.locator(".bt-review-item.bt-mistake")).to_have_count(0)
    expect(table.locator(".bt-review-summary")).to_contain_text("about as good as the best")
    assert not page.js_errors, page.js_errors  # type: ignore[attr-defined]
