"""Every lesson opens in the app as a learner sees it: no error output, test cells stripped, tables drawn."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from .voila_server import PRACTICE, Server, lesson_paths, open_lesson, shown_cells

pytestmark = pytest.mark.browser
LESSON_PATHS = lesson_paths()
# What a failed cell looks like on the page: a traceback, an exception's name, Voilà's own message
FAILURE = re.compile(r"Traceback|\b[A-Z]\w*(Error|Exception)\b|There was an error when executing cell")


def test_the_lessons_are_there() -> None:
    assert "index.ipynb" in LESSON_PATHS, "lessons/index.ipynb is the app's first page"
    assert PRACTICE in LESSON_PATHS, "the practice lesson is missing"
    assert len(LESSON_PATHS) >= 2


@pytest.mark.parametrize("path", LESSON_PATHS)
def test_a_lesson_opens_with_no_error_and_its_tables_drawn(page: Page, voila: Server, path: str) -> None:
    open_lesson(page, voila, path)
    expect(page.locator(".jp-Cell")).to_have_count(shown_cells(path))  # cells tagged `hide` are stripped
    expect(page.locator(".jp-CodeCell:not(.jp-mod-noInput)")).to_have_count(0)  # no code shown to learners
    if path.startswith("czech-bulka/"):
        expect(page.locator(".bt-table").first).to_be_visible()
        tables = page.locator(".bt-table")
        for k in range(tables.count()):
            expect(tables.nth(k)).not_to_have_attribute("data-render", "0")
    stderr = page.locator('.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]')
    assert stderr.count() == 0, f"{path} shows error output: {stderr.all_inner_texts()}"
    failures = [text for text in page.locator(".jp-OutputArea-output").all_inner_texts() if FAILURE.search(text)]
    assert not failures, f"{path} shows a failure: {failures}"
    expect(page.get_by_text("Error displaying widget")).to_have_count(0)
    assert not page.js_errors, f"{path} raised in the browser: {page.js_errors}"  # type: ignore[attr-defined]


def test_a_wrong_answer_shows_its_own_reason_and_the_right_one_its_explanation(page: Page, voila: Server) -> None:
    """The first-deal lesson's first question: the king is a wrong choice and says why; the X is right."""
    open_lesson(page, voila, "czech-bulka/00-first-deal.ipynb")
    quiz = page.locator(".bt-quiz").first
    quiz.get_by_role("button", name=re.compile(r"^Kl")).click()
    feedback = quiz.locator(".bt-quiz-feedback")
    expect(feedback).to_contain_text("The king is worth 4; the X is worth 10 and also beats the king.")
    expect(feedback).not_to_contain_text("Try again.")
    quiz.get_by_role("button", name=re.compile(r"^Xl")).click()
    expect(feedback).to_contain_text("Right")
    expect(feedback).to_contain_text("The X is worth 10, the king only 4")
