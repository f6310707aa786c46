"""The lessons opened in JupyterLab, as a learner who wants to experiment does: Run All, then use the tables.

The app serves the lessons with Voilà; the same notebooks must also work in JupyterLab. The server here
serves a copy of ``lessons/`` (Lab autosaves outputs into the notebooks it runs), keeps its settings and
workspaces in a temporary folder (never ``~/.jupyter``), and asks nobody for news or updates.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect

from .test_lessons import FAILURE
from .voila_server import LESSONS, WIDGET_TIMEOUT_MS, Server, free_port, start_server

pytestmark = pytest.mark.browser
# No news feed, no update check: their notification would cover the bottom right of the notebook
NOTIFICATIONS = {"fetchNews": "false", "checkForUpdates": False}
NOT_RUN = r"\[( |\*)\]"  # the prompt of a code cell that has not run yet, or is running


def lab_command(port: int, root: Path, settings: Path, workspaces: Path) -> list[str]:
    """``jupyter lab`` on 127.0.0.1:``port``, with no token or password, serving ``root``."""
    command = [sys.executable, "-m", "jupyter", "lab", "--no-browser", "--ServerApp.ip=127.0.0.1",
               f"--ServerApp.port={port}", "--ServerApp.port_retries=0", "--IdentityProvider.token=",
               "--ServerApp.password=", f"--ServerApp.root_dir={root}", f"--LabApp.user_settings_dir={settings}",
               f"--LabApp.workspaces_dir={workspaces}", "--LabApp.extension_manager=readonly"]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        command.append("--allow-root")  # CI containers run as root; Jupyter refuses that without the flag
    return command


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    base = tmp_path_factory.mktemp("jupyterlab")
    root = base / "lessons"
    shutil.copytree(LESSONS, root, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    settings = base / "settings"
    notification = settings / "@jupyterlab" / "apputils-extension" / "notification.jupyterlab-settings"
    notification.parent.mkdir(parents=True)
    notification.write_text(json.dumps(NOTIFICATIONS), encoding="utf-8")
    port = free_port()
    server = start_server(lab_command(port, root, settings, base / "workspaces"), base / "lab.log",
                          f"http://127.0.0.1:{port}", "/lab")
    try:
        yield server
    finally:
        server.stop()


def menu(page: Page, top: str, item: str) -> None:
    page.locator(".lm-MenuBar-itemLabel", has_text=top).first.click()
    page.locator(".lm-Menu-itemLabel").get_by_text(item, exact=True).click()


def run_all_cells(page: Page, lab: Server, path: str) -> None:
    """Open ``path`` in Lab (a fresh workspace), Run › Run All Cells, and wait until every cell ran."""
    page.goto(f"{lab.url}/lab/tree/{path}?reset", wait_until="domcontentloaded", timeout=WIDGET_TIMEOUT_MS)
    expect(page.locator("#jp-main-statusbar")).to_contain_text("Idle")  # the kernel is up
    expect(page.locator(".jp-Notebook-ExecutionIndicator[data-status='idle']")).to_have_count(1)
    menu(page, "Run", "Run All Cells")
    page.wait_for_function(
        """pattern => { const prompts = [...document.querySelectorAll('.jp-Notebook .jp-CodeCell .jp-InputPrompt')];
                        return prompts.length > 0 && !prompts.some(p => new RegExp(pattern).test(p.textContent)); }""",
        arg=NOT_RUN, timeout=WIDGET_TIMEOUT_MS)


def assert_no_failure(page: Page, path: str, tables: int) -> None:
    """No error output, no widget that failed to display, ``tables`` card tables drawn, no JavaScript error."""
    stderr = page.locator('.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]')
    assert stderr.count() == 0, f"{path} shows error output in Lab: {stderr.all_inner_texts()}"
    failures = [text for text in page.locator(".jp-OutputArea-output").all_inner_texts() if FAILURE.search(text)]
    assert not failures, f"{path} shows a failure in Lab: {failures}"
    expect(page.get_by_text("Error displaying widget")).to_have_count(0)
    expect(page.locator(".bt-table")).to_have_count(tables)
    for k in range(tables):
        expect(page.locator(".bt-table").nth(k)).not_to_have_attribute("data-render", "0")
    assert not page.js_errors, f"{path} raised in the browser: {page.js_errors}"  # type: ignore[attr-defined]


def answer(quiz: Locator, choice: str, expected: str) -> None:
    quiz.get_by_role("button", name=choice, exact=True).click()
    expect(quiz.locator(".bt-quiz-feedback")).to_contain_text(expected)


def test_the_deal_lesson_runs_in_lab_and_its_stepper_and_quiz_answer(page: Page, lab: Server) -> None:
    run_all_cells(page, lab, "czech-bulka/02-deal.ipynb")
    assert_no_failure(page, "czech-bulka/02-deal.ipynb", tables=5)
    cut = page.locator(".bt-table").first
    expect(cut.locator(".bt-step")).to_have_text("1 / 9")  # the cut, the stake, the deal in 7 moments
    cut.locator(".bt-control[data-name='next']").click()  # ▶
    expect(cut.locator(".bt-step")).to_have_text("2 / 9")
    answer(page.locator(".bt-quiz").first, "Ben", "Not Ben")
    answer(page.locator(".bt-quiz").first, "Ann", "Right: Ann")


def test_a_refused_card_in_a_tricks_puzzle_is_explained_in_lab(page: Page, lab: Server) -> None:
    run_all_cells(page, lab, "czech-bulka/06-tricks.ipynb")
    assert_no_failure(page, "czech-bulka/06-tricks.ipynb", tables=7)
    puzzle = page.locator(".bt-table").first  # Ben led Kl; Ann holds leaves, so her Ah is refused
    puzzle.locator(".bt-hand.bt-mine .bt-card[data-card='Ah']").click()
    notice = puzzle.locator(".bt-notice[data-kind='refused']")
    expect(notice).to_contain_text("follow suit")
    expect(puzzle.locator(".bt-hand.bt-mine .bt-card[data-card='Ah']")).to_have_count(1)  # still in her hand


def test_the_practice_table_deals_and_answers_in_lab(page: Page, lab: Server) -> None:
    run_all_cells(page, lab, "czech-bulka/10-practice.ipynb")
    assert_no_failure(page, "czech-bulka/10-practice.ipynb", tables=2)
    table = page.locator(".bt-table").first
    expect(table.locator(".bt-deal-code")).to_contain_text(re.compile(r"CB2-std-\w+"))
    table.locator(".bt-control[data-name='hint']").click()  # the coach answers whatever the deal is
    expect(table.locator(".bt-notice")).to_contain_text(re.compile(r"\S"))
    answer(page.locator(".bt-quiz").first, "nothing changes, and the table says why", "Right")
