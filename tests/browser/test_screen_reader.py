"""What a screen reader hears of a practice table (Trappola's, in Chromium under Voilà): only what can be pressed is a
button — the learner's cards, the choices, the toolbar and the copy buttons — while cards face down, played or lying
in the stock are pictures; every card's name starts in English; and no stray sentence sits in the tree."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from .voila_server import WIDGET_TIMEOUT_MS, Server, open_lesson

pytestmark = pytest.mark.browser
TABLE = ".bt-table[data-mode='play']"
ENGLISH_FIRST = re.compile(r"\w+ of \w+ \(.+\)(, trump)?")  # "nine of cups (nove di coppe)"


def test_only_what_can_be_pressed_is_a_button_and_cards_are_named_in_english_first(page: Page, voila: Server) -> None:
    open_lesson(page, voila, "trappola/09-practice.ipynb")
    table = page.locator(TABLE).first
    table.locator(".bt-legal, .bt-action").first.wait_for(timeout=WIDGET_TIMEOUT_MS)
    while not table.locator(".bt-trick .bt-card, .bt-last-trick .bt-card").count():  # a card played to see
        before = int(table.get_attribute("data-render") or 0)
        table.locator(".bt-legal, .bt-action").first.click()
        page.wait_for_function("([s, n]) => Number(document.querySelector(s).dataset.render) > n", arg=[TABLE, before])
    table.locator(".bt-legal, .bt-action").first.wait_for(timeout=WIDGET_TIMEOUT_MS)
    assert table.locator(".bt-back").count() >= 7, "the computer's hand and the stock lie face down"

    buttons = table.get_by_role("button")
    where = buttons.evaluate_all("""bs => bs.map(b => [b.getAttribute('aria-label') || b.innerText,
        Boolean(b.closest('.bt-hand.bt-mine, .bt-head, .bt-actions'))])""")  # the toolbar, the copy buttons
    assert where and all(pressable for _name, pressable in where), [name for name, ok in where if not ok]
    assert not any("face-down" in name for name, _ in where)

    shown = table.locator(".bt-trick .bt-card, .bt-last-trick .bt-card, .bt-stock .bt-card, .bt-hand:not(.bt-mine) "
                          ".bt-card")
    assert shown.count() >= 2
    assert shown.evaluate_all("cs => cs.filter(c => c.tagName === 'BUTTON').length") == 0
    played = table.locator(".bt-trick .bt-card, .bt-last-trick .bt-card").first.get_attribute("aria-label") or ""
    expect(table.get_by_role("img", name=played, exact=True).first).to_be_attached()

    names = table.locator(".bt-hand.bt-mine .bt-card").evaluate_all("cs => cs.map(c => c.getAttribute('aria-label'))")
    assert names and all(ENGLISH_FIRST.fullmatch(name) for name in [*names, played]), [*names, played]

    tree = table.aria_snapshot()
    assert not re.search(r'(button|img) "face-down card"', tree) and "you may play this card" not in tree, tree
    assert "toolbar" in tree and names[0] in tree
