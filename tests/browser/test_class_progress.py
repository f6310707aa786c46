"""A class in Chromium: five students type their names once on the start page, three answer a lesson's questions,
and the teacher's page (opened with the link the app printed) shows each student, their lesson and score and the
question the class gets wrong most, within seconds; its CSV downloads; a student's browser is refused it. The app
runs with ``BULKA_CLASS_DB`` (a store of its own) and a known teacher's token."""
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

from .progress_page import answer_quiz, wait_stored
from .voila_server import WIDGET_TIMEOUT_MS, Server, free_port, open_lesson, start_server, voila_command

pytestmark = pytest.mark.browser

TEACHER = "a-teachers-token-for-the-test"
LESSON = "bouillotte/08-variants"  # two questions, no puzzle
NAMES = ["Annabel", "Benedikt", "Cleopatra", "Dora", "Emil"]


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
    finally:
        for context in [*contexts, teacher]:
            context.close()
    store = open_store(str(store_path))  # what the app kept is in its file, for the next start
    try:
        assert sorted(row.name for row in store.roster()) == sorted(NAMES)
    finally:
        store.close()
