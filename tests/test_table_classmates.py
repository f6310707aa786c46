"""Play with classmates in the kernel: two pages (``Classmates``) at one shared table of a real server of tables, each
drawing only its own seat; set up, join, play a whole deal by clicks, Hint and Review from a seat's own frames, a
reload back to the seat, a spectator, and what is refused."""
from __future__ import annotations

import asyncio
import html
import json
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from browser.voila_server import free_port
from tornado.httpserver import HTTPServer

from bulka_teach.dealing import DealCode
from bulka_teach.game import Game
from bulka_teach.table.classmates import NAME_KEY, NO_SERVER, Classmates, seat_key
from bulka_teach.table.table_client import TableClient
from bulka_teach.tables.service import TableService
from bulka_teach.tables.web import Tables, make_app

SECRET = "a-class-secret"
DEAL = "CB2-std-7"


def run_apart(coroutine: Any) -> Any:
    """``asyncio.run`` in a thread of its own: the browser tests leave an event loop running in the main thread."""
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, coroutine).result()


async def until(check: Callable[[], bool], timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "the table never got there"
        await asyncio.sleep(0.02)


OPENED: list[Classmates] = []  # the pages of the running test, whose connections it closes at its end


def with_server(test: Callable[[str], Awaitable[Any]]) -> Any:
    async def go() -> Any:
        port = free_port()
        server = HTTPServer(make_app(Tables(TableService(), SECRET)))
        server.listen(port, "127.0.0.1")
        try:
            return await test(f"http://127.0.0.1:{port}/bulka/tables/")
        finally:
            for cm in OPENED:
                await cm.client.close()
            OPENED.clear()
            server.stop()
    return run_apart(go())


def page(url: str, game: str = "czech-bulka") -> Classmates:
    OPENED.append(Classmates(game, client=TableClient(url, SECRET, reconnects=0)))
    return OPENED[-1]


def notice(cm: Classmates) -> str:
    return (cm.table.ui.get("notice") or {}).get("text", "")


def hidden_from(mirror: Game, seat: int | None) -> set[str]:
    """The cards of other hands that ``seat`` has not been shown (by the view or the log in its words)."""
    shown = json.dumps(mirror.view(seat)) + " ".join(mirror.explain(e, seat) for e in mirror.events)
    return {c.code for other, hand in enumerate(mirror.deal.hands) if other != seat for c in hand
            if c.code not in shown}


def drawn(cm: Classmates) -> str:
    return json.dumps(cm.table.layout) + json.dumps(cm.table.ui)


async def seated_pair(url: str, game: str = "czech-bulka", deal: str = DEAL,
                      prepare: Callable[[Classmates], None] | None = None) -> tuple[Classmates, Classmates, str]:
    """Ann sets a table of two up (``prepare`` fills more of her form) and both sit: Ben first, then Ann."""
    ann, ben = page(url, game), page(url, game)
    ann.count.value = 2
    ann.deal.value = deal
    if prepare is not None:
        prepare(ann)
    ann.set_up()
    await ann.settled()
    code = ann.code.value
    assert len(code) == 5 and f"Table {code} is set up for 2 classmates" in ann.status.value
    ben.code.value, ben.name.value = code, "Ben"
    ben.join()
    await ben.settled()
    await until(lambda: ben.frame is not None)
    assert "Waiting for 1 more" in ben.status.value and ben.table not in ben.widget.children
    ann.name.value = "Ann"
    ann.join()
    await ann.settled()
    await until(lambda: ann._live_view() is not None and ben._live_view() is not None)
    return ann, ben, code


def test_two_classmates_play_a_whole_deal_by_clicks_each_drawing_only_their_own_cards():
    async def test(url: str) -> None:
        ann, ben, code = await seated_pair(url)
        pages = {ann.frame["me"]: ann, ben.frame["me"]: ben}
        names = {ann.frame["me"]: "Ann", ben.frame["me"]: "Ben"}
        players = tuple(names[seat] for seat in range(2))
        mirror = DealCode.parse(DEAL).record(players).start()
        assert ben.store.get(seat_key(code)) and ben.store.get(NAME_KEY) == "Ben"
        clicks = 0
        while not mirror.deals[0].over:
            seat = mirror.to_move
            assert seat is not None
            cm, other = pages[seat], pages[1 - seat]
            asked, events = mirror.view(seat)["legal"], len(mirror.events)
            await until(lambda cm=cm, asked=asked, events=events: (cm._live_view() or {}).get("legal") == asked
                        and cm.frame["events"] == events)
            for who in (0, 1):
                leaked = {c for c in hidden_from(mirror, who) if c in drawn(pages[who])}
                assert not leaked, f"seat {who}'s table names {sorted(leaked)}"
            assert other.table.ui["buttons"] == [] and not other.table.ui["clickable"]
            ui = cm.table.ui
            before = len(mirror.events)
            if ui["clickable"]:
                card = sorted(ui["clickable"])[0]
                cm.table.send_from_browser({"type": "card", "card": card})
                mirror.apply(f"{ui['card_verb']} {card}", seat)
            else:
                action = ui["buttons"][0]["action"]
                cm.table.send_from_browser({"type": "action", "action": action})
                mirror.apply(action, seat)
            clicks += 1
            await cm.settled()
            await until(lambda cm=cm, before=before: cm.frame["events"] > before)
        await until(lambda: ann.ended is not None and ben.ended is not None)
        assert clicks > 10
        for cm in (ann, ben):
            assert cm.table.ui["prompt"].startswith("This deal is over")
            assert [c["name"] for c in cm.table.ui["controls"] if c["enabled"]] == ["review", "continue"]
        ann.table.send_from_browser({"type": "control", "name": "review"})
        review = ann.table.ui["review"]
        chosen = [view for view, _ in ann.finished or [] if len(view["legal"]) > 1]
        assert 0 < len(review["items"]) <= len(chosen) and ann.table.ui["me"] == ann.frame["me"]
        ann.table.send_from_browser({"type": "control", "name": "back"})
        ann.table.send_from_browser({"type": "control", "name": "continue"})
        assert ann.ended is None and "review" not in ann.table.ui
    with_server(test)


def test_hint_and_review_judge_a_decision_alike_from_the_seats_own_view():
    async def test(url: str) -> None:
        ann, ben, _ = await seated_pair(url)
        mover = ann if ann._live_view()["to_move"] == ann.frame["me"] else ben
        waiting = ben if mover is ann else ann
        waiting.table.send_from_browser({"type": "control", "name": "hint"})
        assert notice(waiting).startswith("Hint advises you when it is your turn.")
        mover.table.send_from_browser({"type": "control", "name": "hint"})
        text = notice(mover)
        assert text.startswith("Hint: "), text
        view = mover._live_view()
        advised = mover._coach().hint(view).action
        assert mover._coach().judge(0, view, advised).mistake is False
    with_server(test)


def test_a_reload_takes_the_seat_back_with_the_token_the_browser_kept(monkeypatch):
    async def test(url: str) -> None:
        ann, ben, code = await seated_pair(url)
        seat = ben.frame["me"]
        kept = dict(ben.store.stored)
        await ben.client.close()
        monkeypatch.setenv("QUERY_STRING", f"table={code}")
        again = page(url)
        assert again.code.value == code
        started = time.monotonic()
        again.store.stored = kept  # what the browser hands the new page's kernel
        await again.settled()
        await until(lambda: again._live_view() is not None)
        assert time.monotonic() - started < 3 and again.frame["me"] == seat
        assert again.name.value == "Ben" and again.table in again.widget.children
        stale = page(url)
        stale.store.stored = {seat_key(code): "not-a-token"}
        stale._requested(f"table={code}")
        await stale.settled()
        assert "could not be taken back" in stale.status.value and stale.store.get(seat_key(code)) is None
    with_server(test)


def test_a_spectator_sees_no_hand_and_has_nothing_to_press():
    async def test(url: str) -> None:
        ann, ben, code = await seated_pair(url)
        teacher = page(url)
        teacher.code.value = code
        teacher.watch()
        await teacher.settled()
        await until(lambda: teacher._live_view() is not None)
        mirror = DealCode.parse(DEAL).record(("Ann", "Ben") if ann.frame["me"] == 0 else ("Ben", "Ann")).start()
        hands = {c.code for hand in mirror.deal.hands for c in hand}
        assert not {c for c in hands if c in drawn(teacher)}
        assert teacher.table.ui["controls"] == [] and teacher.table.ui["buttons"] == []
        teacher.table.send_from_browser({"type": "card", "card": sorted(hands)[0]})
        assert teacher.frame["events"] == ann.frame["events"]
    with_server(test)


@pytest.mark.parametrize(("name", "sentence"), [
    ("", "Type your name to take a seat"),
    ("<b>Ann</b>", "not < or >"),
    ("A" * 10_000, "10,000 characters long"),
])
def test_a_bad_name_or_code_gets_a_sentence_and_no_seat(name, sentence):
    async def test(url: str) -> None:
        ann, ben, code = await seated_pair(url)
        cleo = page(url)
        cleo.code.value, cleo.name.value = code, name
        cleo.join()
        await cleo.settled()
        assert sentence in html.unescape(cleo.status.value) and cleo.frame is None
        assert "<b>" not in cleo.status.value  # what a student typed is never markup on the page
        cleo.code.value, cleo.name.value = "QQQQQ", "Cleo"
        cleo.join()
        await cleo.settled()
        assert "QQQQQ" in cleo.status.value and cleo.frame is None
    with_server(test)


def test_the_house_rules_chosen_at_set_up_are_the_tables():
    async def test(url: str) -> None:
        def stake(ann: Classmates) -> None:
            ann.rules.controls["stake"].value = 20  # the Grundeinsatz, ten jetons by default

        ann, _, _ = await seated_pair(url, "trappola", deal="", prepare=stake)
        rules = ann.spec.rules_class.from_dict({"stake": 20})
        assert ann._live_view()["rules_id"] == rules.rules_id != ann.spec.rules_class.from_dict(None).rules_id
    with_server(test)


def test_out_of_turn_a_click_is_explained_and_changes_nothing():
    async def test(url: str) -> None:
        ann, ben, _ = await seated_pair(url)
        waiting = ben if ann._live_view()["to_move"] == ann.frame["me"] else ann
        events = waiting.frame["events"]
        waiting.table.send_from_browser({"type": "action", "action": "pass"})
        await waiting.settled()
        assert "is to play" in notice(waiting) and waiting.frame["events"] == events
    with_server(test)


def test_without_a_server_the_page_says_so_and_points_to_pass_and_play(monkeypatch):
    monkeypatch.delenv("BULKA_TABLES_URL", raising=False)
    cm = Classmates("trappola")
    assert NO_SERVER in html.unescape(cm.status.value) and "pass and play" in NO_SERVER
    assert cm.join_button.disabled and cm.setup_button.disabled


def test_without_a_server_a_kept_seat_token_is_left_alone(monkeypatch):
    """The static site has no server (nor its client's modules): a token the browser kept from the app changes
    nothing there."""
    monkeypatch.delenv("BULKA_TABLES_URL", raising=False)
    monkeypatch.setenv("QUERY_STRING", "table=KXQMP")
    cm = Classmates("czech-bulka")
    cm.store.stored = {seat_key("KXQMP"): "a-token", NAME_KEY: "Ann"}
    assert cm.client is None and cm._task is None and NO_SERVER in html.unescape(cm.status.value)
