"""Driving a learner's progress in Chromium: answer a lesson's questions by clicks, then read the start page's marks
(shared by the app's test and the static site's)."""
from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Page, expect

KEY = "bulka_teach:progress:"


FEEDBACK = "(n) => document.querySelectorAll('.bt-quiz')[n].querySelector('.bt-quiz-feedback').textContent"


def answer_quiz(page: Page, number: int) -> bool:
    """Answer the page's quiz ``number`` (0-based) by trying its choices in order until one is right; returns
    whether the first try was right."""
    quiz = page.locator(".bt-quiz").nth(number)
    quiz.scroll_into_view_if_needed()
    buttons = quiz.locator(".bt-quiz-choices button")
    for k in range(buttons.count()):
        before = page.evaluate(FEEDBACK, number)
        buttons.nth(k).click()
        page.wait_for_function(f"([n, before]) => ({FEEDBACK})(n) !== before", arg=[number, before])
        if quiz.locator(".bt-quiz-ok").count():
            return k == 0
    raise AssertionError(f"no choice of quiz {number} is right")


def stored(page: Page, lesson: str) -> dict[str, Any]:
    return json.loads(page.evaluate("(key) => localStorage.getItem(key) || '{}'", KEY + lesson))


def wait_stored(page: Page, lesson: str, check: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    """The lesson's record once ``check`` holds for it (the browser writes it as the kernel tells it)."""
    for _ in range(200):
        record = stored(page, lesson)
        if check(record):
            return record
        page.wait_for_timeout(100)
    raise AssertionError(f"the browser never kept what was expected of {lesson}: {stored(page, lesson)}")


def mark(page: Page, lesson_href_end: str) -> str:
    """The state the start page shows beside the link to a lesson."""
    link = page.locator(f"a[href$='{lesson_href_end}']:not(.bt-progress-continue)").first
    locator = link.locator("xpath=following-sibling::span[contains(@class, 'bt-progress-mark')][1]")
    expect(locator).to_be_visible()
    return locator.inner_text()
