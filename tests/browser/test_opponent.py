"""The practice table's opponent menu in Chromium under Voilà: the learner picks the sampling bot, the table says
so, and the computer goes on answering the learner's clicks with no error on the page."""
from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .practice_page import click_and_wait, next_move, open_practice
from .voila_server import Server

pytestmark = pytest.mark.browser


def test_choosing_the_sampling_bot_in_the_menu_and_playing_on(page: Page, voila: Server) -> None:
    table = open_practice(page, voila)
    menu = page.locator(".bt-opponent select").first
    expect(menu).to_be_visible()
    labels = [text.replace("\xa0", " ") for text in menu.locator("option").all_inner_texts()]  # ipywidgets: nbsp
    assert labels[0].startswith("teaching rules") and labels[1].startswith("sampling bot, easy")
    menu.select_option(index=1)
    expect(table.locator(".bt-notice")).to_contain_text("sampling bot, easy")
    for _ in range(4):  # a few learner moves, each answered by the sampling bot
        if table.locator(".bt-outcome").count():
            break
        target, _move = next_move(table)
        click_and_wait(page, table, target)
    stderr = page.locator('.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]')
    assert stderr.count() == 0, stderr.all_inner_texts()
    assert not page.js_errors  # type: ignore[attr-defined]
