"""A class in Chromium: five students type their names once on the start page, three answer a lesson's questions,
and the teacher's page (opened with the link the app printed) shows each student, their lesson and score and the
question the class gets wrong most, within seconds; its CSV downloads; a student's browser is refused it. Then the
teacher sets the class deal by its code, three students follow the link their start page shows and play it by
clicks, two alike and one otherwise, and the teacher's results board ranks the three and shows the decision where
they split, on the projector too. The app runs with ``BULKA_CLASS_DB`` (a store of its own) and a known teacher's
token."""
from __future__ import annotations

import csv
import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from bulka_teach.classroom.store import open_store
from bulka_teach.classroom.web import DB_ENV, TEACHER_ENV
from bulka_teach.dealing import DealCode

from .progress_page import answer_quiz, wait_stored
from .voila_server import WIDGET_TIMEOUT_MS, Server, free_port, open_lesson, start_server, voila_command

pytestmark = pytest.mark.browser

TEACHER = "a-teachers-token-for-the-test"
LESSON = "bouillotte/08-variants"  # two questions, no puzzle
NAMES = ["Annabel", "Benedikt", "Cleopatra", "Dora", "Emil"]
#: The class deal: a Bouillotte deal whose first decision offers the learner several choices (tests/test_class_deal.py
#: plays it in-process, and the first and the last choice there part the class).
CLASS_DEAL = str(DealCode("bouillotte", 3, "std", 4242))
TABLE = ".bt-table[data-mode='play']"
PLAIN = ".bt-actions > .bt-action"  # a plain choice (an amount is typed in its box)
#: The table was drawn again after render ``n`` and is not thinking (the computer's moves, the Review's verdicts).
ASKS_AGAIN = """([selector, n]) => {
  const table = document.querySelector(selector);
  return Number(table.dataset.render) > n && !table.closest(".bt-busy") && !table.querySelector(".bt-busy");
}"""


@pytest.fixture(scope="module")
def class_app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, Path]]:
    """The app run for a class: its store and teacher's token set in its environment."""
    folder = tmp_path_factory.mktemp("class")
    store = folder / "class.sqlite3"
    env = dict(os.environ, **{DB_ENV: str(store), TEACHER_ENV: TEACHER})
    port = free_port()
    app = start_server(voila_command(port, "--VoilaConfiguration.preheat_kernel=False"), folder / "app.log",
                       f"http://127.0.0.1:{port}", "/voila/tree/", env=env)
    try:
        yield app, store
    finally:
        app.stop()


def join(context: BrowserContext, app: Server, name: str) -> Page:
    """A student opens the start page and types their name by keyboard."""
    page = context.new_page()
    open_lesson(page, app, "index.ipynb")
    field = page.get_by_label("Your name")
    field.click()
    field.press_sequentially(name)
    field.press("Enter")
    expect(page.locator(".bt-class-who")).to_have_text(
        f"You are in the class as {name}: your teacher sees your lessons.")
    return page


def play_the_class_deal(page: Page, app: Server, first: int) -> str:
    """From the start page, follow the class deal's link and play it: the ``first``-th choice at the first decision
    (-1: the last), then always the first, until the deal's outcome; the choice made first."""
    open_lesson(page, app, "index.ipynb")
    follow = page.locator(".bt-class-deal a")
    expect(follow).to_have_text("Play the class deal (Bouillotte, 3 players)")
    with page.expect_navigation(wait_until="domcontentloaded"):
        follow.click()
    page.wait_for_selector("#loading", state="detached")
    table = page.locator(TABLE).first
    expect(table.locator(".bt-title")).to_contain_text("Contest deal: no Undo, no Hint")
    chosen = ""
    while not table.locator(".bt-outcome").count():
        table.locator(PLAIN).first.wait_for()
        buttons = table.locator(PLAIN)
        target = buttons.nth(buttons.count() - 1 if first < 0 and not chosen else 0)
        chosen = chosen or (target.inner_text() or "").strip()
        before = int(table.get_attribute("data-render") or 0)
        target.click()
        page.wait_for_function(ASKS_AGAIN, arg=[TABLE, before])
    expect(page.locator(".bt-class-notice")).to_have_text(
        "Your game of the class deal is on your teacher's results board.")
    return chosen


def the_class_deal(app: Server, board: Page, students: list[Page]) -> None:
    """The teacher sets the class deal by its code (typed, by keyboard); three students play it; the board."""
    board.get_by_label("Game").select_option("bouillotte")
    board.get_by_label("Deal code").fill(CLASS_DEAL.lower())
    board.get_by_label("Deal code").press("Enter")
    expect(board.locator("#deal-shown")).to_have_text(f"{CLASS_DEAL} (Bouillotte, 3 players)")
    assert (board.locator("#deal-link").get_attribute("href") or "").endswith(
        f"/voila/render/bouillotte/09-practice.ipynb?contest=1&deal={CLASS_DEAL}")
    expect(board.locator("#no-results")).to_be_visible()

    firsts = [play_the_class_deal(page, app, first) for page, first in zip(students, (0, -1, 0))]
    assert firsts[0] == firsts[2] != firsts[1]
    results = board.locator("#results tr")
    expect(results).to_have_count(3)
    assert sorted(results.locator("td:nth-child(2)").all_inner_texts()) == sorted(NAMES[:3])
    split = board.locator("#splits > li").first
    expect(split).to_contain_text("Decision 1,")
    expect(split).to_contain_text("3 students were here")
    choices = split.locator("li")
    expect(choices).to_have_count(2)
    texts = choices.all_inner_texts()
    assert any(f"{NAMES[0]}, {NAMES[2]}" in text for text in texts) and any(NAMES[1] in text for text in texts)

    board.get_by_role("button", name="Show the board on the projector").click()
    expect(board.locator("#students")).to_be_hidden()
    expect(board.locator("#results")).to_be_visible()
    board.keyboard.press("Escape")
    expect(board.locator("#students")).to_be_visible()


def test_the_teacher_sees_the_class_live_and_a_student_cannot(browser: Browser, class_app: tuple[Server, Path],
                                                                tmp_path: Path) -> None:
    app, store_path = class_app
    contexts = [browser.new_context(viewport={"width": 390, "height": 844}) for _ in NAMES]
    teacher = browser.new_context(viewport={"width": 1280, "height": 900}, accept_downloads=True)
    for context in [*contexts, teacher]:
        context.set_default_timeout(WIDGET_TIMEOUT_MS)
    try:
        pages = [join(context, app, name) for context, name in zip(contexts, NAMES)]
        link = re.search(r"The teacher's page: (\S+)", app.log())
        assert link and link.group(1).endswith(f"bulka/class/teacher?token={TEACHER}")
        board = teacher.new_page()
        board.goto(link.group(1))
        rows = board.locator("#students tr")
        expect(rows).to_have_count(5)
        expect(board.locator("#count")).to_have_text("5 students")

        firsts = []
        for page in pages[:3]:  # three of them answer the lesson's first question
            open_lesson(page, app, f"{LESSON}.ipynb")
            firsts.append(answer_quiz(page, 0))
            wait_stored(page, LESSON, lambda r: len(r.get("questions", {})) == 1)
        annabel = board.locator("#students tr", has_text="Annabel")
        expect(annabel.locator("td").nth(1)).to_have_text("Bouillotte 8: variants", timeout=5_000)
        expect(annabel.locator("td").nth(3)).to_contain_text(f"Bouillotte 8: variants: {int(firsts[0])} of")
        expect(board.locator("#students tr", has_text="Dora").locator("td").nth(1)).to_have_text("not started")
        assert len(set(firsts)) == 1  # the same clicks: the same first try
        if firsts[0]:
            expect(board.locator("#no-hardest")).to_be_visible()
        else:  # the first choice was wrong: the class's hardest question, its wrong answer named
            hardest = board.locator("#hardest tr").first.locator("td")
            expect(hardest.nth(2)).to_have_text("3 of 3", timeout=5_000)
            expect(hardest.nth(3)).to_have_text(re.compile(r"\(3\)$"))

        with board.expect_download() as download:
            board.get_by_role("link", name="Download every answer (CSV)").click()
        rows_csv = list(csv.reader(download.value.path().open(encoding="utf-8")))
        assert rows_csv[0][0] == "student" and {row[0] for row in rows_csv[1:]} == set(NAMES[:3])

        student_view = pages[3]
        student_view.goto(link.group(1).split("?")[0])
        expect(student_view.locator("h1")).to_have_text("This page is the teacher's")
        student_view.goto(link.group(1).replace(TEACHER, "forged-token"))
        expect(student_view.locator("h1")).to_have_text("This page is the teacher's")

        the_class_deal(app, board, pages[:3])
    finally:
        for context in [*contexts, teacher]:
            context.close()
    store = open_store(str(store_path))  # what the app kept is in its file, for the next start
    try:
        assert sorted(row.name for row in store.roster()) == sorted(NAMES)
    finally:
        store.close()
