"""Pass and play in the app: two people deal a code from the form and play a whole deal by clicks at one device; at
every handover the screen shows no card of any hand, and no websocket frame names a card the seat it was drawn for
(or, covered, a spectator) had not been shown."""
from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser

from bulka_teach.table import HotSeat

from .hotseat_page import CLASSMATES, COVER, PassAndPlay, check_handovers, play_a_deal, sit_down
from .practice_page import TABLE, Move
from .voila_server import WIDGET_TIMEOUT_MS, Server, open_lesson
from .ws_frames import cards_in, decode, widget_states

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def session(browser: Browser, voila: Server, tmp_path_factory: pytest.TempPathFactory) -> tuple[PassAndPlay, list]:
    """The classmates lesson: the table opens covered; the form deals CB2-std-7 to Ann and Ben; a whole deal."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    frames: list[tuple[int, bytes | str]] = []
    moves: list[Move] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda frame: frames.append((len(moves), frame))))
    try:
        open_lesson(page, voila, CLASSMATES)
        table = page.locator(TABLE).first
        table.locator(COVER).wait_for(timeout=WIDGET_TIMEOUT_MS)
        assert table.locator(".bt-hand .bt-card[data-card]").count() == 0, "the table opened uncovered"
        moves.append(("control", "sit down"))  # frames from here on belong to the replayed deal
        replay = sit_down(page, table)
        shots = tmp_path_factory.mktemp("handovers")
        played = play_a_deal(page, table, replay, shots=Path(shots), moves=moves)
        assert not errors, errors
        return played, frames
    finally:
        context.close()


def test_a_whole_deal_by_clicks_covers_every_handover(session: tuple[PassAndPlay, list]) -> None:
    played, _ = session
    assert played.replay.s.shown is not None and played.replay.table.view["deal"]["outcome"]
    check_handovers(played)


def test_no_websocket_frame_names_a_card_its_seat_had_not_been_shown(session: tuple[PassAndPlay, list]) -> None:
    """Each frame after click k is checked against what the replay's seats knew after k clicks: a table update
    drawn for a seat (``ui.me``) against that seat, a covered one (``me`` null) against a spectator."""
    played, frames = session
    replay = played.replay
    known = _knowledge(played)
    table_ids: set[str] = set()
    checked = 0
    for clicks, frame in frames:
        if clicks == 0:
            continue  # the deal the page opened with, before the form dealt the code
        message = decode(frame)
        for model_id, state in widget_states(message):
            if not isinstance(state, dict):
                continue
            if "felt" in state or "ui" in state:
                table_ids.add(str(model_id))
            if str(model_id) not in table_ids:
                assert not cards_in(state) - known[clicks - 1][None], f"a widget names a card: {state}"
                continue
            viewer = (state.get("ui") or {}).get("me") if "ui" in state else next(
                (s["seat"] for s in state["felt"].get("seats", []) if s.get("me")), None)
            leaked = cards_in(state) - known[clicks - 1][viewer]
            assert not leaked, f"a frame after {clicks} clicks drawn for {viewer} names {sorted(leaked)}"
            checked += 1
    assert checked >= len(played.moves) - 1 and replay is not None


def _knowledge(played: PassAndPlay) -> list[dict[int | None, set[str]]]:
    """What each seat and a spectator had been shown after each click (the sit-down is click 0)."""
    again = HotSeat(played.replay.players, code=played.replay.deal_code)
    seats: list[int | None] = [None, *range(again.game.n)]
    seen: dict[int | None, set[str]] = {seat: set() for seat in seats}
    told = 0
    found = []

    def learn() -> None:
        nonlocal told
        for seat in seats:
            seen[seat] |= cards_in(again.game.view(seat)) | {
                card for event in again.game.events[told:] for card in cards_in(again.game.explain(event, seat))}
        told = len(again.game.events)
        found.append({seat: set(cards) for seat, cards in seen.items()})

    learn()
    for kind, value in played.moves[1:]:
        again.click(value) if kind == "card" else again.act(value)
        learn()
    return found
