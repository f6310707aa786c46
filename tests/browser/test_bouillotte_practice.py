"""Bouillotte's practice lesson in Chromium: a whole deal by clicks at the tables for 3, 4 and 5 players, a refused
amount explained, the deal parameter, and no websocket frame naming a card the learner may not see (before the
showdown the other hands are only backs)."""
from __future__ import annotations

from dataclasses import dataclass, field

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from bulka_teach.cards import FRENCH

from .practice_page import Move, Replay, deal_code, describe, hand, render_count, state_snapshot
from .voila_server import WIDGET_TIMEOUT_MS, Server, open_lesson
from .ws_frames import card_pattern, cards_in, decode, widget_states

pytestmark = pytest.mark.browser
LESSON = "bouillotte/09-practice.ipynb"
GAME = "bouillotte"
CARDS = card_pattern(FRENCH)  # the 32-card pack's codes cover every reduced pack (french_pack(3..5))
#: The lesson's practice tables, in page order.
PLAYERS = (("Player", "Computer 1", "Computer 2"), ("Player", "Computer 1", "Computer 2", "Computer 3"),
           ("Player", "Computer 1", "Computer 2", "Computer 3", "Computer 4"))
TABLES = ".bt-table[data-mode='play']"
SEAT = 0
# A plain action button (an amount action is a box with a stepper: its button sends "<verb> <amount>").
PLAIN = ".bt-actions > .bt-action"
CONTINUE = ".bt-control[data-name='continue']:not([disabled])"
ASKS = f"{PLAIN}, {CONTINUE}, .bt-outcome"
_REDRAWN = """([selector, index, n, asks]) => {
  const table = document.querySelectorAll(selector)[index];
  return table !== undefined && Number(table.dataset.render) > n && !table.classList.contains('bt-busy')
    && table.querySelector(asks) !== null;
}"""
#: The cards the page's mistigri question draws as its choices: lesson text, allowed only outside the tables.
QUIZ_CARDS = frozenset({"Qc", "Jc", "Kc"})
#: What a refused amount may change: the notice, and the amount box's number (it keeps what was typed).
OUTSIDE_THE_GAME = ".bt-notice, .bt-amount-input"
MAX_MOVES = 60  # a deal asks the learner a few times; a deal he is not asked in, a Continue


@dataclass
class Session:
    codes: list[str] = field(default_factory=list)
    moves: list[list[Move]] = field(default_factory=lambda: [[] for _ in PLAYERS])
    frames: list[tuple[tuple[int, ...], bytes | str]] = field(default_factory=list)
    outcomes: list[str] = field(default_factory=list)
    refused: tuple[int, str, str, bool] | None = None  # (moves made, action typed, notice, the table unchanged)


def _table(page: Page, index: int) -> Locator:
    return page.locator(TABLES).nth(index)


def _play_deal(page: Page, session: Session, index: int) -> None:
    """Click the first plain action (or Continue) at table ``index`` until a deal the learner acted in is over."""
    table, moves = _table(page, index), session.moves[index]
    acted = False
    while True:
        assert len(moves) < MAX_MOVES, f"table {index}: no outcome after {MAX_MOVES} moves; last {moves[-5:]}"
        outcome = table.locator(".bt-outcome")
        if outcome.count() and acted:
            session.outcomes.append(outcome.inner_text())
            return
        table.locator(f"{PLAIN}, {CONTINUE}").first.wait_for(timeout=WIDGET_TIMEOUT_MS)
        if session.refused is None and index == 0 and table.locator(".bt-amount").count():
            _refuse_an_amount(page, session, table)
        if table.locator(PLAIN).count():
            target = table.locator(PLAIN).first
            move: Move = ("action", target.get_attribute("data-action") or "")
            acted = True
        else:
            target, move = table.locator(".bt-control[data-name='continue']"), ("control", "continue")
        moves.append(move)
        before = render_count(table)
        target.click()
        page.wait_for_function(_REDRAWN, arg=[TABLES, index, before, ASKS], timeout=WIDGET_TIMEOUT_MS)


def _refuse_an_amount(page: Page, session: Session, table: Locator) -> None:
    """Type an amount one above the range of the first amount action and press Enter: the notice, the table as it
    was."""
    box = table.locator(".bt-amount").first
    field_ = box.locator(".bt-amount-input")
    verb = box.get_attribute("data-action") or ""
    too_much = int(field_.get_attribute("max") or "0") + 1
    field_.fill(str(too_much))
    before, count = state_snapshot(table, OUTSIDE_THE_GAME), render_count(table)
    field_.press("Enter")
    notice = table.locator(".bt-notice[data-kind='refused']")
    expect(notice).to_be_visible()
    page.wait_for_function("([t, n]) => Number(document.querySelectorAll(t)[0].dataset.render) > n",
                           arg=[TABLES, count], timeout=WIDGET_TIMEOUT_MS)
    # the game and the table are as they were; the box keeps the typed amount, so the learner can correct it
    unchanged = state_snapshot(table, OUTSIDE_THE_GAME) == before and field_.input_value() == str(too_much)
    session.refused = (len(session.moves[0]), f"{verb} {too_much}", notice.inner_text(), unchanged)


@pytest.fixture(scope="module")
def session(browser: Browser, voila: Server) -> Session:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    played = Session()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("websocket", lambda ws: ws.on("framereceived", lambda frame: played.frames.append(
        (tuple(len(m) for m in played.moves), frame))))
    try:
        open_lesson(page, voila, LESSON)
        expect(page.locator(TABLES)).to_have_count(len(PLAYERS))
        for index in range(len(PLAYERS)):
            table = _table(page, index)
            table.locator(f"{PLAIN}, {CONTINUE}").first.wait_for(timeout=WIDGET_TIMEOUT_MS)
            played.codes.append(deal_code(table))
        for index in range(len(PLAYERS)):
            _play_deal(page, played, index)
        assert not errors, errors
        return played
    finally:
        context.close()


def _replay(session: Session, index: int) -> Replay:
    replay = Replay(session.codes[index], SEAT, game=GAME, players=PLAYERS[index], pattern=CARDS)
    for move in session.moves[index]:
        replay.move(move)
    return replay


@pytest.mark.parametrize("index", range(len(PLAYERS)), ids=[f"{len(p)} players" for p in PLAYERS])
def test_a_whole_deal_is_played_by_clicks_to_its_outcome(session: Session, index: int) -> None:
    assert session.codes[index].startswith(f"BO{len(PLAYERS[index])}-"), session.codes[index]
    assert any(m[0] == "action" for m in session.moves[index]), "the learner never acted"
    assert session.outcomes[index].strip(), "the deal ended with an empty outcome panel"
    replay = _replay(session, index)  # the same code and clicks give the same game in-process
    assert replay.practice.table.view["deal"]["outcome"], "the same clicks in-process did not finish the deal"


def test_no_websocket_frame_carries_a_card_the_learner_may_not_see(session: Session) -> None:
    replays = [_replay(session, index) for index in range(len(PLAYERS))]
    table_of: dict[str, int] = {}
    checked = [0] * len(PLAYERS)
    for counts, frame in session.frames:
        message = decode(frame)
        anywhere = set().union(*(r.allowed[n] for r, n in zip(replays, counts, strict=True)))
        for model_id, state in widget_states(message):
            code = (state.get("ui") or {}).get("deal_code") if isinstance(state, dict) else None
            if model_id is not None and code in session.codes:
                table_of[model_id] = session.codes.index(code)
            index = table_of.get(model_id) if model_id is not None else None
            allowed = anywhere | QUIZ_CARDS if index is None else replays[index].allowed[counts[index]]
            if index is not None:
                checked[index] += 1
            leaked = cards_in(state, CARDS) - allowed
            assert not leaked, (f"a {message.channel}/{message.msg_type} frame names {describe(leaked)}, which the "
                                f"learner may not see then (table {index}, {counts} moves, codes {session.codes})")
        for buffer in message.buffers:
            leaked = set(CARDS.findall(buffer.decode("utf-8", errors="replace"))) - anywhere
            assert not leaked, f"a binary buffer names {describe(leaked)}"
    assert all(n >= len(m) for n, m in zip(checked, session.moves, strict=True)), (checked, session.moves)


def test_a_refused_amount_shows_the_engines_reason_and_changes_nothing(session: Session) -> None:
    assert session.refused is not None, "the learner was never asked for an amount"
    made, action, notice, unchanged = session.refused
    replay = Replay(session.codes[0], SEAT, game=GAME, players=PLAYERS[0], pattern=CARDS)
    for move in session.moves[0][:made]:
        replay.move(move)
    refusal = replay.practice.game.verdict(action, SEAT)
    assert refusal is not None and refusal.message in notice, (notice, refusal)
    assert unchanged, "a refused amount changed the table"


def test_the_deal_parameter_deals_the_same_hand(browser: Browser, voila: Server, session: Session) -> None:
    code = session.codes[0]
    expected = Replay(code, SEAT, game=GAME, players=PLAYERS[0], pattern=CARDS)
    context = browser.new_context()
    try:
        page = context.new_page()
        open_lesson(page, voila, LESSON, f"?deal={code}")
        table = _table(page, 0)
        table.locator(f"{PLAIN}, {CONTINUE}").first.wait_for(timeout=WIDGET_TIMEOUT_MS)
        assert deal_code(table) == code
        assert sorted(hand(table)) == sorted(expected.practice.game.view(SEAT)["deal"]["hand"])
    finally:
        context.close()
