"""The practice lesson in Chromium: a whole deal by clicks, refusals, deal codes, and no hidden card on the wire."""
from __future__ import annotations

from dataclasses import dataclass, field

import pytest
from playwright.sync_api import Browser, Page, expect

from bulka_teach import DealCode
from bulka_teach.dealing import DealCodeError

from .practice_page import (
    Move,
    Replay,
    click_and_wait,
    deal_code,
    describe,
    hand,
    learner_seat,
    move_target,
    next_move,
    open_practice,
    render_count,
    scripted_deal,
    state_snapshot,
    unplayable_card,
)
from .voila_server import Server
from .ws_frames import CARD, cards_in, decode, widget_states

pytestmark = pytest.mark.browser
MAX_MOVES = 200  # a deal takes a few dozen learner moves; more means the table stopped progressing


@dataclass
class PlayedDeal:
    """A practice deal played to its score by clicks, with every frame the page received."""

    code: str
    seat: int
    moves: list[Move] = field(default_factory=list)
    frames: list[tuple[int, bytes | str]] = field(default_factory=list)  # (learner moves made when received, frame)
    outcome: str = ""
    points: list[str] = field(default_factory=list)


@pytest.fixture(scope="module")
def played(browser: Browser, voila: Server) -> PlayedDeal:
    """Open the practice lesson (a fresh deal), then click the first legal card or action until the score shows."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    record: list[tuple[int, bytes | str]] = []
    moves: list[Move] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda frame: record.append((len(moves), frame))))
    try:
        table = open_practice(page, voila)
        deal = PlayedDeal(code=deal_code(table), seat=learner_seat(table), moves=moves, frames=record)
        while table.locator(".bt-outcome").count() == 0:
            assert len(moves) < MAX_MOVES, f"no score after {MAX_MOVES} moves; last moves {moves[-5:]}"
            target, move = next_move(table)
            moves.append(move)  # counted before the click: its frames can only come after
            click_and_wait(page, table, target)
        deal.outcome = table.locator(".bt-outcome").inner_text()
        deal.points = table.locator(".bt-points").all_inner_texts()
        return deal
    finally:
        context.close()


def test_a_whole_deal_is_played_by_clicks_to_the_score(played: PlayedDeal) -> None:
    assert played.moves, "the learner was never asked to act"
    assert played.outcome.strip(), "the deal ended with an empty outcome panel"
    assert any(text.strip() for text in played.points), "the score shows no points"
    # the same code and the same clicks give the same game in-process, and it is over there too
    replay = Replay(played.code, played.seat)
    for move in played.moves:
        replay.move(move)
    assert replay.practice.table.view["deal"]["outcome"], "the same clicks in-process did not finish the deal"


def test_no_websocket_frame_carries_a_card_the_learner_may_not_see(played: PlayedDeal) -> None:
    """Each practice table's updates may name only what its learner may know; the played table's after each
    click, any other table's (never clicked) at its start; other messages only what some table may show."""
    replay = Replay(played.code, played.seat)
    for move in played.moves:
        replay.move(move)
    assert len(replay.allowed) == len(played.moves) + 1
    other_tables: dict[str, set[str]] = {}  # deal code → what that untouched table's learner may know
    table_of: dict[str, str] = {}  # widget model id → the deal code its table shows
    checked = 0
    for moves_made, frame in played.frames:
        message = decode(frame)
        for model_id, state in widget_states(message):
            code = (state.get("ui") or {}).get("deal_code") if isinstance(state, dict) else None
            if model_id is not None and code:
                table_of[model_id] = code
            code = table_of.get(model_id) if model_id is not None else None
            if code == played.code:
                allowed = replay.allowed[moves_made]
                checked += 1
            elif code is not None:
                if code not in other_tables:
                    other_tables[code] = Replay(code, played.seat).allowed[0]
                allowed = other_tables[code]
            else:
                allowed = replay.allowed[moves_made].union(*other_tables.values())
            leaked = cards_in(state) - allowed
            assert not leaked, (f"a {message.channel}/{message.msg_type} frame received after {moves_made} learner "
                                f"moves names {describe(leaked)}, which the learner may not see then "
                                f"(table {code or 'none'}; deal {played.code}, moves {played.moves[:moves_made]})")
        for buffer in message.buffers:  # binary widget buffers, read as text
            leaked = set(CARD.findall(buffer.decode("utf-8", errors="replace"))) - replay.allowed[moves_made]
            assert not leaked, f"a binary buffer names {describe(leaked)}"
    assert checked >= len(played.moves), "too few updates of the played table were seen: the frames were not all read"


def test_a_refused_click_shows_the_engines_explanation_and_changes_nothing(page: Page, voila: Server) -> None:
    code, moves = scripted_deal(lambda practice: unplayable_card(practice) is not None)
    table = open_practice(page, voila, f"?deal={code}")
    replay = Replay(code, learner_seat(table))
    for move in moves:
        click_and_wait(page, table, move_target(table, move))
        replay.move(move)
    card = unplayable_card(replay.practice)
    assert card is not None, f"deal {code} after {moves} has no card to refuse here, though it had when found"
    assert table.locator(".bt-card.bt-legal[data-card]").count(), "the learner was not asked to play a card"
    refused = move_target(table, ("card", card))
    assert "bt-legal" not in (refused.get_attribute("class") or ""), f"the page marks {card} as legal"
    refusal = replay.practice.game.verdict(f"{replay.practice.table.ui['card_verb']} {card}", replay.seat)
    assert refusal is not None, f"the engine would accept {card}: the page marked a legal card as not legal"

    before_html, before_render = state_snapshot(table), render_count(table)
    refused.click()
    notice = table.locator(".bt-notice[data-kind='refused']")
    expect(notice).to_be_visible()
    expect(notice).to_contain_text(refusal.message)
    assert render_count(table) > before_render
    assert state_snapshot(table) == before_html, "a refused click changed the table"


def test_the_deal_parameter_deals_the_same_hand_again(browser: Browser, voila: Server, played: PlayedDeal) -> None:
    hands = []
    for _ in range(2):
        context = browser.new_context()
        try:
            table = open_practice(context.new_page(), voila, f"?deal={played.code}")
            assert deal_code(table) == played.code
            hands.append(hand(table))
        finally:
            context.close()
    expected = Replay(played.code, played.seat).practice.game.view(played.seat)["deal"]["hand"]
    assert hands[0] == hands[1], "the same deal code dealt two different hands"
    assert sorted(hands[0]) == sorted(expected), "the page's hand is not the deal code's hand"


def test_a_malformed_deal_code_gives_a_clear_notice_and_a_fresh_deal(page: Page, voila: Server) -> None:
    bad = "CB2-std-4K!Q"
    with pytest.raises(DealCodeError) as problem:
        DealCode.parse(bad)
    table = open_practice(page, voila, f"?deal={bad}")
    notice = table.locator(".bt-notice")
    expect(notice).to_contain_text("deal code")
    expect(notice).to_contain_text(str(problem.value))
    fresh = deal_code(table)
    assert fresh != bad
    DealCode.parse(fresh)  # a real code, that deals this fresh deal again
    expect(table.locator(".bt-legal, .bt-action").first).to_be_visible()
    assert not page.js_errors, page.js_errors  # type: ignore[attr-defined]


def test_the_practice_tables_buttons_are_on_the_first_screen(page: Page, voila: Server) -> None:
    """At 1280×900, as the lesson opens (nothing scrolled): the question, its buttons and the hand are in sight."""
    table = open_practice(page, voila, "?deal=CB2-std-2")
    assert page.viewport_size == {"width": 1280, "height": 900}
    assert page.evaluate("window.scrollY") == 0
    for part in (table.locator(".bt-prompt"), *table.locator(".bt-action").all(), table.locator(".bt-hand").last):
        box = part.bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 900, (part, box)


def test_the_first_card_with_an_undeclared_meld_asks_whether_to_declare_it(page: Page, voila: Server) -> None:
    """CB2-std-2: the learner takes leaves, the computer leads Ab; clicking 8b asks about the fifty, once."""
    table = open_practice(page, voila, "?deal=CB2-std-2")
    click_and_wait(page, table, table.locator(".bt-action[data-action='take']"))
    before = render_count(table)
    table.locator(".bt-card[data-card='8b']").click()
    play = table.locator(".bt-action[data-action='play 8b']")
    expect(play).to_have_text("Play 8b without declaring")
    expect(table.locator(".bt-prompt")).to_contain_text("scores only when it is declared with your first card")
    assert render_count(table) > before
    expect(table.locator(".bt-action[data-action='declare 9l-Xl-Ul-Ol']")).to_be_visible()
    expect(table.locator(".bt-trick .bt-card[data-card='8b']")).to_have_count(0)  # asking played nothing
    click_and_wait(page, table, play)
    expect(table.locator(".bt-card[data-card='8b']").first).to_be_visible()
    expect(table.locator(".bt-hand .bt-card[data-card='8b']")).to_have_count(0)  # the card left the hand
    assert not page.js_errors, page.js_errors  # type: ignore[attr-defined]
