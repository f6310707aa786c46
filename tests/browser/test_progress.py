"""The learner's progress in the app: questions answered in two lessons are kept by the browser; after the browser
is closed and opened again the start page shows each lesson's state and resumes the latest; "Forget my progress"
clears it all."""
from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from .progress_page import answer_quiz, mark, stored, wait_stored
from .voila_server import WIDGET_TIMEOUT_MS, Server, open_lesson

pytestmark = pytest.mark.browser

SHORT = "bouillotte/08-variants"  # two questions, no puzzle: answered whole in a test
OTHER = "trappola/01-cards"


def test_progress_survives_the_browser_and_the_start_page_shows_it(browser: Browser, voila: Server,
                                                                     tmp_path) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(WIDGET_TIMEOUT_MS)
    page = context.new_page()
    open_lesson(page, voila, f"{SHORT}.ipynb")
    page.locator(".bt-quiz .bt-quiz-choices button").last.wait_for()  # the widgets are drawn
    quizzes = page.locator(".bt-quiz").count()
    assert quizzes >= 2
    firsts = [answer_quiz(page, k) for k in range(quizzes)]
    done = wait_stored(page, SHORT, lambda r: r.get("done") is True)
    assert done["total"] == quizzes and sum(q["first"] for q in done["questions"].values()) == sum(firsts)
    open_lesson(page, voila, f"{OTHER}.ipynb")
    first = answer_quiz(page, 0)
    wait_stored(page, OTHER, lambda r: len(r.get("questions", {})) == 1)
    state = tmp_path / "state.json"
    context.storage_state(path=str(state))
    context.close()  # the browser is closed, and opened again the next day

    again = browser.new_context(viewport={"width": 1280, "height": 900}, storage_state=str(state))
    again.set_default_timeout(WIDGET_TIMEOUT_MS)
    try:
        page = again.new_page()
        open_lesson(page, voila, "index.ipynb")
        total = stored(page, OTHER)["total"]
        assert mark(page, f"{SHORT}.ipynb") == f" [done · {sum(firsts)} of {quizzes} right the first time]"
        assert mark(page, f"{OTHER}.ipynb") == f" [started · {int(first)} of {total} right the first time]"
        assert mark(page, "czech-bulka/01-cards.ipynb") == " [not started]"
        go = page.locator(".bt-progress-continue")
        expect(go).to_have_attribute("href", f"{OTHER}.ipynb")
        expect(go).to_contain_text("Continue where you left off: The cards")
        page.once("dialog", lambda dialog: dialog.accept())
        page.get_by_role("button", name="Forget my progress").click()
        expect(page.locator(".bt-progress-forgotten")).to_contain_text("Forgotten")
        assert mark(page, f"{SHORT}.ipynb") == " [not started]" and stored(page, SHORT) == {}
        assert page.evaluate("() => Object.keys(localStorage).filter(k => k.startsWith('bulka_teach:'))") == []
    finally:
        again.close()
