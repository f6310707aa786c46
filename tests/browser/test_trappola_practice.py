"""Trappola's practice lesson in Chromium: whole Partien by clicks at the tables for 2, 3 and 4 players, a refused
click explained, the deal parameter, and no websocket frame naming a card the learner may not see."""
from __future__ import annotations

from dataclasses import dataclass, field

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from bulka_teach.cards import ITALIAN

from .practice_page import Move, Replay, deal_code, describe, hand, render_count, state_snapshot
from .voila_server import WIDGET_TIMEOUT_MS, Server, open_lesson
from .ws_frames import card_pattern, cards_in, decode, widget_states

pytestmark = pytest.mark.browser
LESSON = "trappola/09-practice.ipynb"
#: The first table's deal (the lesson's link deals it): at its first card the learner holds a card it may not play,
#: which the refusal test clicks. A fresh deal may never offer one (a CI run met such a Partie).
REFUSABLE = "TR2-std-00000001-B"
GAME = "trappola"
CARDS = card_pattern(ITALIAN)
#: The lesson's practice tables, in page order: how many players each seats, and their names.
PLAYERS = (("Player", "Computer"), ("Player", "Computer 1", "Computer 2"),
           ("Player", "Computer 1", "Computer 2", "Computer 3"))
TABLES = ".bt-table[data-mode='play']"
SEAT = 0  # the learner's seat at every table (the draw decides who deals and who waits)
ASKS = ".bt-card.bt-legal[data-card], .bt-action, .bt-control[data-name='continue']:not([disabled]), .bt-outcome"
# True once table `index` was drawn again after render number `n` and asks the learner (or shows a score).
_REDRAWN = """([selector, index, n, asks]) => {
  const table = document.querySelectorAll(selector)[index];
  return table !== undefined && Number(table.dataset.render) > n && !table.classList.contains('bt-busy')
    && table.querySelector(asks) !== null;
}"""
MAX_MOVES = 120  # a Partie takes a dozen learner moves; waiting Partien a Continue each


@dataclass
class Session:
    """The lesson's page with its practice tables played, and every frame it received."""

    codes: list[str] = field(default_factory=list)
    moves: list[list[Move]] = field(default_factory=lambda: [[] for _ in PLAYERS])
    frames: list[tuple[tuple[int, ...], bytes | str]] = field(default_factory=list)  # (moves per table, frame)
    outcomes: list[str] = field(default_factory=list)
    refused: tuple[int, str, str, bool] | None = None  # (moves made, card, notice, the table unchanged)


def _table(page: Page, index: int) -> Locator:
    return page.locator(TABLES).nth(index)


def _asked(table: Locator) -> Locator:
    """What the learner can do now: a legal card, an action, or Continue while waiting."""
    return table.locator(".bt-card.bt-legal[data-card], .bt-action, .bt-control[data-name='continue']:not([disabled])")


def _play_partie(page: Page, session: Session, index: int) -> None:
    """Click at table ``index`` until a Partie the learner played in shows its score (Continue while waiting)."""
    table, moves = _table(page, index), session.moves[index]
    played_a_card = False
    while True:
        assert len(moves) < MAX_MOVES, f"table {index}: no score after {MAX_MOVES} moves; last {moves[-5:]}"
        outcome = table.locator(".bt-outcome")
        if outcome.count() and played_a_card:
            session.outcomes.append(outcome.inner_text())
            return
        _asked(table).first.wait_for(timeout=WIDGET_TIMEOUT_MS)
        legal = table.locator(".bt-card.bt-legal[data-card]")
        if legal.count():
            if session.refused is None and index == 0:
                _refuse_one(page, session, table, legal)
            target, move = legal.first, ("card", legal.first.get_attribute("data-card") or "")
            played_a_card = True
        elif table.locator(".bt-action").count():
            target = table.locator(".bt-action").first
            move = ("action", target.get_attribute("data-action") or "")
        else:
            target, move = table.locator(".bt-control[data-name='continue']"), ("control", "continue")
        moves.append(move)  # counted before the click: its frames can only come after
        before = render_count(table)
        target.click()
        page.wait_for_function(_REDRAWN, arg=[TABLES, index, before, ASKS], timeout=WIDGET_TIMEOUT_MS)


def _refuse_one(page: Page, session: Session, table: Locator, legal: Locator) -> None:
    """Click a card of the hand that is not lifted, if there is one: the notice and the unchanged table."""
    lifted = set(legal.evaluate_all("cards => cards.map(c => c.dataset.card)"))
    others = [c for c in hand(table) if c not in lifted]
    if not others:
        return
    before, count = state_snapshot(table), render_count(table)
    table.locator(f".bt-hand .bt-card[data-card='{others[0]}']").click()
    notice = table.locator(".bt-notice[data-kind='refused']")
    expect(notice).to_be_visible()
    page.wait_for_function("([t, n]) => Number(document.querySelectorAll(t)[0].dataset.render) > n",
                           arg=[TABLES, count], timeout=WIDGET_TIMEOUT_MS)
    session.refused = (len(session.moves[0]), others[0], notice.inner_text(), state_snapshot(table) == before)


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
        open_lesson(page, voila, LESSON, f"?deal={REFUSABLE}")
        expect(page.locator(TABLES)).to_have_count(len(PLAYERS))
        for index in range(len(PLAYERS)):
            table = _table(page, index)
            _asked(table).first.wait_for(timeout=WIDGET_TIMEOUT_MS)
            played.codes.append(deal_code(table))
        for index in range(len(PLAYERS)):
            _play_partie(page, played, index)
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
def test_a_whole_partie_is_played_by_clicks_to_the_score(session: Session, index: int) -> None:
    assert session.codes[index].startswith(f"TR{len(PLAYERS[index])}-"), session.codes[index]
    assert any(m[0] == "card" for m in session.moves[index]), "the learner never played a card"
    assert session.outcomes[index].strip(), "the Partie ended with an empty outcome panel"
    replay = _replay(session, index)  # the same code and clicks give the same game in-process, over there too
    assert replay.practice.table.view["deal"]["outcome"], "the same clicks in-process did not finish the Partie"


def test_no_websocket_frame_carries_a_card_the_learner_may_not_see(session: Session) -> None:
    """Each table's updates name only what its learner may know after that many clicks; other messages only what
    some table may show then."""
    replays = [_replay(session, index) for index in range(len(PLAYERS))]
    table_of: dict[str, int] = {}  # widget model id → which table
    checked = [0] * len(PLAYERS)
    for counts, frame in session.frames:
        message = decode(frame)
        anywhere = set().union(*(r.allowed[n] for r, n in zip(replays, counts, strict=True)))
        for model_id, state in widget_states(message):
            code = (state.get("ui") or {}).get("deal_code") if isinstance(state, dict) else None
            if model_id is not None and code in session.codes:
                table_of[model_id] = session.codes.index(code)
            index = table_of.get(model_id) if model_id is not None else None
            allowed = anywhere if index is None else replays[index].allowed[counts[index]]
            if index is not None:
                checked[index] += 1
            leaked = cards_in(state, CARDS) - allowed
            assert not leaked, (f"a {message.channel}/{message.msg_type} frame names {describe(leaked)}, which the "
                                f"learner may not see then (table {index}, {counts} moves, codes {session.codes})")
        for buffer in message.buffers:
            leaked = set(CARDS.findall(buffer.decode("utf-8", errors="replace"))) - anywhere
            assert not leaked, f"a binary buffer names {describe(leaked)}"
    assert all(n >= len(m) for n, m in zip(checked, session.moves, strict=True)), (checked, session.moves)


def test_a_refused_click_shows_the_engines_reason_and_changes_nothing(session: Session) -> None:
    assert session.refused is not None, "the learner never held a card it could not play"
    made, card, notice, unchanged = session.refused
    replay = Replay(session.codes[0], SEAT, game=GAME, players=PLAYERS[0], pattern=CARDS)
    for move in session.moves[0][:made]:
        replay.move(move)
    refusal = replay.practice.game.verdict(f"play {card}", SEAT)
    assert refusal is not None and refusal.message in notice, (notice, refusal)
    assert unchanged, "a refused click changed the table"


def test_the_deal_parameter_deals_the_same_hand(browser: Browser, voila: Server, session: Session) -> None:
    code = session.codes[0]
    expected = Replay(code, SEAT, game=GAME, players=PLAYERS[0], pattern=CARDS)
    context = browser.new_context()
    try:
        page = context.new_page()
        open_lesson(page, voila, LESSON, f"?deal={code}")
        table = _table(page, 0)
        _asked(table).first.wait_for(timeout=WIDGET_TIMEOUT_MS)
        assert deal_code(table) == code
        assert sorted(hand(table)) == sorted(expected.practice.game.view(SEAT)["deal"]["hand"])
    finally:
        context.close()
