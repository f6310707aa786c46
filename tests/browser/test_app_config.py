"""The shipped server settings take effect: closed tabs free their kernels, and Binder's way of serving works too."""
from __future__ import annotations

import asyncio
import os
import re
import shutil
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from urllib.parse import quote, unquote

import pytest
from playwright.sync_api import Browser, Page, expect
from tornado.websocket import websocket_connect

from bulka_teach import DealCode

from .practice_page import deal_code, hand
from .voila_server import (
    CULL_IDLE_SECONDS,
    CULL_INTERVAL_SECONDS,
    PRACTICE,
    REPO,
    WIDGET_TIMEOUT_MS,
    Server,
    free_port,
    kernel_ids,
    shown_cells,
    start_server,
)

pytestmark = pytest.mark.browser
SHUTDOWN_SECONDS = 10  # the goal of issue 16: a closed tab's kernel is gone within this


def close_tab_and_wait(browser: Browser, server: Server, url: str) -> str:
    """Open ``url`` in a tab, wait for its table, close the tab; return its kernel's id once that kernel is gone."""
    context = browser.new_context()
    page = context.new_page()
    ids = kernel_ids(page)
    page.goto(url, timeout=WIDGET_TIMEOUT_MS, wait_until="domcontentloaded")
    page.locator(".bt-table").first.wait_for(timeout=WIDGET_TIMEOUT_MS)
    assert context.cookies() and any(c["name"] == "_xsrf" for c in context.cookies()), "no _xsrf cookie on the page"
    assert ids and server.kernel(ids[0]), "the page's kernel should be running while the tab is open"
    page.close(run_before_unload=True)  # as a browser closing a tab: the page's beforeunload handler posts
    context.close()  # its beacon, POST /voila/api/shutdown/<kernel> (Playwright skips the handler unless asked)
    deadline = time.monotonic() + SHUTDOWN_SECONDS
    while server.kernel(ids[0]):
        assert time.monotonic() < deadline, (f"the kernel of a closed tab still runs after {SHUTDOWN_SECONDS} s; "
                                             f"the log:\n{server.log()[-3000:]}")
        time.sleep(0.2)
    return ids[0]


def test_closing_the_tab_shuts_its_kernel_down(browser: Browser, voila: Server) -> None:
    kernel = close_tab_and_wait(browser, voila, f"{voila.url}/voila/render/{PRACTICE}")
    assert f"Kernel shutdown: {kernel}" in voila.log()
    assert "403 POST /voila/api/shutdown" not in voila.log()


def test_a_page_that_vanished_without_a_word_is_culled(voila: Server) -> None:
    """The safety net: a page whose widgets connected and then went without a beacon (a laptop shut) is culled
    once idle. (A page that never connected is shut down sooner: ``test_visitors``.)"""
    with urllib.request.urlopen(f"{voila.url}/voila/render/czech-bulka/02-deal.ipynb", timeout=120) as response:
        html = response.read().decode("utf-8")
    kernel = re.search(r'"kernelId": *"([0-9a-f-]{36})"', html)
    assert kernel and voila.kernel(kernel.group(1)), "the page's kernel should be running"

    async def connect_and_vanish() -> None:
        socket = await websocket_connect(f"ws{voila.url[4:]}/api/kernels/{kernel.group(1)}/channels")
        socket.close()

    with ThreadPoolExecutor(1) as thread:  # Playwright's sync API may hold this thread's event loop
        thread.submit(asyncio.run, connect_and_vanish()).result(timeout=120)
    deadline = time.monotonic() + CULL_IDLE_SECONDS + 5 * CULL_INTERVAL_SECONDS + 20
    while voila.kernel(kernel.group(1)):
        assert time.monotonic() < deadline, "the kernel of a page that vanished was not culled"
        time.sleep(1)
    assert f"Culling 'idle' kernel 'python3' ({kernel.group(1)})" in voila.log()


@pytest.fixture(scope="module")
def binder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The server as Binder runs it: ``binder/postBuild`` in a fresh home, then jupyter_server with Voilà as an
    extension, started in the repository root (where ``voila.json`` lies and is not enough)."""
    home = tmp_path_factory.mktemp("binder-home")
    env = {**os.environ, "HOME": str(home), "JUPYTER_CONFIG_DIR": str(home / ".jupyter")}
    env.pop("JUPYTER_PATH", None)
    subprocess.run(["bash", str(REPO / "binder" / "postBuild")], cwd=REPO, env=env, check=True)
    assert (home / ".jupyter" / "jupyter_server_config.json").exists()
    port = free_port()
    command = [sys.executable, "-m", "jupyter_server", "--no-browser", f"--port={port}", "--ServerApp.ip=127.0.0.1",
               "--IdentityProvider.token=", "--ServerApp.password="]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        command.append("--allow-root")  # Binder runs as an ordinary user; CI containers often as root
    server = start_server(command, home / "server.log", f"http://127.0.0.1:{port}", "/voila/tree/lessons", env=env)
    try:
        yield server
    finally:
        server.stop()
        shutil.rmtree(home, ignore_errors=True)


def binder_target(urlpath: str) -> str:
    """The page a teacher's link opens: mybinder.org decodes ``?urlpath=…`` once and goes there."""
    link = "https://mybinder.org/v2/gh/owner/repo/main?urlpath=" + quote(urlpath, safe="")
    return "/" + unquote(link.split("?urlpath=", 1)[1])


def test_binder_serves_the_lessons_tree(page: Page, binder: Server) -> None:
    page.goto(binder.url + binder_target("voila/tree/lessons"))
    expect(page.get_by_text("czech-bulka")).to_be_visible()
    expect(page.get_by_text("index.ipynb")).to_be_visible()


def test_binder_link_with_a_deal_opens_that_deal_with_test_cells_stripped(page: Page, binder: Server) -> None:
    code = "CB2-std-4KQ7M2XA"
    target = binder_target(f"voila/render/lessons/{PRACTICE}?deal={code}")
    assert target == f"/voila/render/lessons/{PRACTICE}?deal={code}"
    page.goto(binder.url + target, timeout=WIDGET_TIMEOUT_MS, wait_until="domcontentloaded")
    table = page.locator(".bt-table[data-mode='play']").first
    table.locator(".bt-legal, .bt-action").first.wait_for(timeout=WIDGET_TIMEOUT_MS)
    assert deal_code(table) == str(DealCode.parse(code)), "the link's deal, printed with its check character"
    expect(page.locator(".jp-Cell")).to_have_count(shown_cells(PRACTICE))
    expect(page.locator(".jp-CodeCell:not(.jp-mod-noInput)")).to_have_count(0)
    assert hand(table), "the learner's hand is not drawn"
    binder.wait_for_log("Culling kernels with idle durations > 300 seconds", timeout=10)  # from the copied config


def test_binder_closing_the_tab_shuts_its_kernel_down(browser: Browser, binder: Server) -> None:
    kernel = close_tab_and_wait(browser, binder, binder.url + binder_target(f"voila/render/lessons/{PRACTICE}"))
    assert f"Kernel shutdown: {kernel}" in binder.log()
    assert "Voilà's render pages set the _xsrf cookie" in binder.log()
