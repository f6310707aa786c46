"""A classmate who leaves: the computer plays their seat, the felt says so, and they take it back on return — in
Chromium, through an app server whose kernels use a separate server of shared tables (as a JupyterHub class does),
started with the stand-in time shortened to two seconds."""
from __future__ import annotations

import os
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from bulka_teach.tables.protocol import SECRET_ENV, URL_ENV

from .practice_page import render_count
from .test_classmates import SHARED, TABLE, asked, hand, shared_table, take_seat
from .voila_server import REPO, WIDGET_TIMEOUT_MS, Server, free_port, open_lesson, start_server, voila_command

pytestmark = pytest.mark.browser

SECRET = "a-class-secret"
LESSON = "czech-bulka/11-classmates.ipynb"
AWAY = ".bt-badge[data-kind='away']"
DEAL = "CB2-std-7"  # the deal test_classmates plays whole by clicks


@pytest.fixture(scope="module")
def class_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """``python -m bulka_teach.serve tables --stand-in-after=2``, and the app with its kernels pointed at it."""
    folder = tmp_path_factory.mktemp("away")
    port = free_port()
    env = dict(os.environ, **{SECRET_ENV: SECRET})
    with (folder / "tables.log").open("wb") as log:
        tables = subprocess.Popen([sys.executable, "-m", "bulka_teach.serve", "tables", f"--port={port}",
                                   "--stand-in-after=2"], cwd=REPO, env=env, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}/bulka/tables/"
    try:
        _wait_for(url, tables)
        app_env = dict(env, **{URL_ENV: url})
        app_port = free_port()
        app = start_server(voila_command(app_port, "--VoilaConfiguration.preheat_kernel=False"),
                           folder / "app.log", f"http://127.0.0.1:{app_port}", "/voila/tree/", env=app_env)
        try:
            yield app
        finally:
            app.stop()
    finally:
        tables.terminate()
        tables.wait(10)


def _wait_for(url: str, process: subprocess.Popen[bytes]) -> None:
    request = urllib.request.Request(url, headers={"X-Bulka-Secret": SECRET})
    for _ in range(150):
        try:
            with urllib.request.urlopen(request, timeout=5):
                return
        except (urllib.error.URLError, ConnectionError):
            assert process.poll() is None, "the server of shared tables stopped"
            time.sleep(0.2)
    raise AssertionError("the server of shared tables did not start")


def open_table(page: Page, server: Server, query: str = "") -> None:
    open_lesson(page, server, LESSON, query)


def test_a_seat_left_empty_is_played_by_the_computer_and_taken_back(browser: Browser, class_server: Server) -> None:
    ann_context, ben_context = (browser.new_context(viewport={"width": 1280, "height": 900}) for _ in range(2))
    try:
        ann = ann_context.new_page()
        open_table(ann, class_server)
        form = ann.locator(SHARED)
        form.get_by_text("Set up a table of Czech Bulka").click()
        # a known deal: on a random one Ann's first two choices and the computer's replies could end the deal, and
        # her page then shows the finished deal with Continue instead of asking her (CI49 met one)
        form.get_by_placeholder("a code from a table").fill(DEAL)
        form.get_by_role("button", name="Set up the table").click()
        expect(form.locator(".bt-classmates-status")).to_contain_text("is set up")
        code = form.locator(".bt-classmates-code input").input_value()
        take_seat(ann, "Ann")
        ben = ben_context.new_page()
        open_table(ben, class_server, f"?table={code}")
        take_seat(ben, "Ben")
        ann_table, ben_table = shared_table(ann), shared_table(ben)
        expect(ben_table.locator(".bt-hand .bt-card[data-card]").first).to_be_visible()
        expect(ann_table.locator(AWAY)).to_have_count(0)
        ben.close(run_before_unload=True)  # Ben leaves: as a tab closes, the page ends its kernel and its connection
        expect(ann_table.locator(AWAY)).to_contain_text("the computer plays", timeout=WIDGET_TIMEOUT_MS)
        for _ in range(2):  # the game goes on without Ben: the computer plays his turns, and Ann is asked again
            target = asked(ann_table)
            target.wait_for(state="visible")
            before = render_count(ann_table)
            target.click()
            ann.wait_for_function("([s, n]) => Number(document.querySelector(s).dataset.render) > n",
                                  arg=[TABLE, before])
        asked(ann_table).wait_for(state="visible")
        back = ben_context.new_page()  # the same browser: it kept his seat's token
        open_table(back, class_server, f"?table={code}")
        expect(shared_table(back).locator(".bt-hand .bt-card[data-card]").first).to_be_visible()
        assert hand(shared_table(back)) and shared_table(back).locator(".bt-you").first.inner_text() == "(you)"
        expect(ann_table.locator(AWAY)).to_have_count(0)
    finally:
        ann_context.close()
        ben_context.close()
