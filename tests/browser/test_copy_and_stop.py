"""The practice page's deal code and the page's last word, in Chromium under Voilà: a button copies the deal's code
and another the link that deals it (or, where the browser lets no page copy, selects it with a sentence); when the
lesson's kernel is gone, a banner over the page says so and how to reload, rather than clicks that do nothing."""
from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from bulka_teach.layout import DEFAULT_WORDS

from .practice_page import deal_code, open_practice
from .voila_server import PRACTICE, WIDGET_TIMEOUT_MS, Server, kernel_ids

pytestmark = pytest.mark.browser
WORDS = DEFAULT_WORDS


def test_buttons_copy_the_deal_code_and_the_link_that_deals_it(browser: Browser, voila: Server) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900},
                                  permissions=["clipboard-read", "clipboard-write"])
    try:
        page = context.new_page()
        table = open_practice(page, voila, "?deal=CB2-std-JPEVH49J-3")
        code = deal_code(table)
        copied = table.locator(".bt-copied")
        table.get_by_role("button", name=WORDS["copy_code"], exact=True).click()
        expect(copied).to_have_text(WORDS["copied"].format(text=code))
        assert page.evaluate("navigator.clipboard.readText()") == code
        link = f"{voila.url}/voila/render/{PRACTICE}?deal={code}"
        table.get_by_role("button", name=WORDS["copy_link"], exact=True).click()
        expect(copied).to_have_text(WORDS["copied"].format(text=link))
        assert page.evaluate("navigator.clipboard.readText()") == link

        # a browser that lets no page write the clipboard: the link is selected in a field, with how to copy it
        page.evaluate("Object.defineProperty(navigator, 'clipboard', {value: undefined, configurable: true})")
        table.get_by_role("button", name=WORDS["copy_link"], exact=True).click()
        field = copied.locator("input")
        expect(field).to_have_value(link)
        expect(field).to_be_focused()
        assert field.evaluate("f => f.value.slice(f.selectionStart, f.selectionEnd)") == link
        expect(copied).to_contain_text(WORDS["copy_yourself"])
    finally:
        context.close()


def test_a_lesson_whose_kernel_stopped_says_so_over_the_page(page: Page, voila: Server) -> None:
    ids = kernel_ids(page)
    table = open_practice(page, voila)
    kernel = voila.kernel(ids[0])
    assert kernel is not None, "the page's kernel runs"
    kernel.kill()  # as the system does to a lesson that used too much memory
    kernel.wait(timeout=30)
    table.locator(".bt-legal, .bt-action").first.click()
    banner = page.get_by_role("alert")
    expect(banner).to_contain_text(WORDS["stopped_kernel"], timeout=WIDGET_TIMEOUT_MS)
    reload = banner.get_by_role("button", name=WORDS["reload"])
    expect(reload).to_be_visible()
    assert banner.bounding_box() is not None and banner.bounding_box()["y"] == 0  # type: ignore[index]
    reload.click()
    page.wait_for_selector("#loading", state="detached", timeout=WIDGET_TIMEOUT_MS)
    expect(page.locator(".bt-table[data-mode='play']").first.locator(".bt-legal, .bt-action").first).to_be_visible()
    expect(page.get_by_role("alert")).to_have_count(0)
