"""A contest link in Chromium: the practice lesson with ``?deal=…&contest=1`` (the app's preheated kernel learns the
link once the page is asked for) offers no Undo and no Hint, and its heading says so."""
from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from bulka_teach.table.practice import CONTEST_LINE

from .practice_page import open_practice
from .voila_server import Server

pytestmark = pytest.mark.browser
CODE = "CB2-std-4KQ7M2XA-N"


def test_a_contest_link_deals_its_code_with_no_undo_and_no_hint_and_says_so(page: Page, voila: Server) -> None:
    table = open_practice(page, voila, f"?deal={CODE}&contest=1")
    expect(table.locator(".bt-title")).to_have_text(CONTEST_LINE)
    expect(table.locator(".bt-deal-code")).to_contain_text(CODE)
    expect(table.locator('.bt-control[data-name="new"]')).to_have_count(1)
    expect(table.locator('.bt-control[data-name="undo"], .bt-control[data-name="hint"]')).to_have_count(0)
    expect(table.locator('.bt-control[data-name="review"]')).to_be_disabled()  # until the deal is over
    assert not page.js_errors, page.js_errors  # type: ignore[attr-defined]
