"""The three practice pages on a phone (390 × 844), as Voilà serves them: the learner's whole hand inside the screen's
width, the question and its buttons within a screen of it, no seat plate over another or cut by the felt's edge, and
the menus under the table inside the screen — for Czech Bulka's two seats before and after the dokup, Trappola's
two and four, Bouillotte's three and five. ``BULKA_SCREENSHOTS=docs/screenshots`` also saves the README's picture
of the Czech page on a phone."""
from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from .phone import PHONE, measure, screen_problems
from .practice_page import click_and_wait, next_move, open_practice
from .voila_server import WIDGET_TIMEOUT_MS, Server, open_lesson

pytestmark = pytest.mark.browser
CZECH_DEAL = "CB2-std-JPEVH49J-3"  # the learner's six cards beside the face-down dokup, in one row
TABLES = ".bt-table[data-mode='play']"
ASKS = ".bt-card.bt-legal, .bt-action, .bt-outcome, .bt-control[data-name='continue']:not([disabled])"
MAX_CONTINUES = 12  # a learner waiting in Trappola's queue plays again after a few Partien of the others


def keep(page: Page, name: str) -> None:
    folder = os.environ.get("BULKA_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / name))


@pytest.fixture
def phone(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport=PHONE)
    context.set_default_timeout(WIDGET_TIMEOUT_MS)
    tab = context.new_page()
    tab.js_errors = []  # type: ignore[attr-defined]
    tab.on("pageerror", lambda error: tab.js_errors.append(str(error)))  # type: ignore[attr-defined]
    try:
        yield tab
    finally:
        context.close()


def _asked(page: Page, index: int) -> Locator:
    """Table ``index`` of the page once it asks the learner something (or shows a finished deal)."""
    table = page.locator(TABLES).nth(index)
    table.locator(ASKS).first.wait_for(timeout=WIDGET_TIMEOUT_MS)
    return table


def _press(page: Page, table: Locator, target: Locator) -> None:
    before = int(table.get_attribute("data-render") or 0)
    target.click()
    handle = table.element_handle()
    page.wait_for_function(f"([t, n]) => Number(t.dataset.render) > n && t.querySelector(\"{ASKS}\") !== null",
                           arg=[handle, before], timeout=WIDGET_TIMEOUT_MS)


def _until_the_learner_holds_cards(page: Page, table: Locator) -> None:
    """Act (Bouillotte's carre asked before the cards) or Continue (Trappola's queue) until the learner holds cards."""
    for _ in range(MAX_CONTINUES):
        if table.locator(".bt-hand.bt-mine .bt-card").count():
            return
        action = table.locator(".bt-action")
        _press(page, table, action.first if action.count() else table.locator(".bt-control[data-name='continue']"))
    raise AssertionError(f"the learner held no cards after {MAX_CONTINUES} moves")


def test_czech_practice_shows_the_hand_and_its_question_on_the_first_screen(phone: Page, voila: Server) -> None:
    table = open_practice(phone, voila, f"?deal={CZECH_DEAL}")
    assert phone.evaluate("scrollY") == 0
    m = measure(table)
    assert len(m["hand"]) == 6 and m["asks"], m
    lowest = max(box["bottom"] for box in m["hand"] + m["asks"])
    assert lowest <= PHONE["height"], f"the hand and the question end at {lowest} px, below the first screen"
    assert screen_problems(table) == []
    keep(phone, "phone-czech-practice.png")
    for _ in range(6):  # trumps chosen, the dokup picked up: a hand of nine
        if len(measure(table)["hand"]) >= 9:
            break
        target, _move = next_move(table)
        click_and_wait(phone, table, target)
    assert len(measure(table)["hand"]) >= 9
    assert screen_problems(table) == []
    assert not phone.js_errors  # type: ignore[attr-defined]


@pytest.mark.parametrize(("lesson", "tables"), [("trappola/09-practice.ipynb", {0: 2, 2: 4}),
                                                 ("bouillotte/09-practice.ipynb", {0: 3, 2: 5})],
                         ids=["trappola", "bouillotte"])
def test_practice_tables_of_two_to_five_seats_fit_a_phone(phone: Page, voila: Server, lesson: str,
                                                          tables: dict[int, int]) -> None:
    open_lesson(phone, voila, lesson)
    game = lesson.split("/")[0]
    for index, seats in tables.items():
        table = _asked(phone, index)
        expect(table.locator(".bt-seat")).to_have_count(seats)
        _until_the_learner_holds_cards(phone, table)
        table.locator(".bt-felt").scroll_into_view_if_needed()
        assert screen_problems(table) == [], f"{game}, {seats} seats"
    assert not phone.js_errors  # type: ignore[attr-defined]

