"""Kernels bounded per visitor and in total (``bulka_teach.serve.gate``), on the app as shipped.

A page whose widgets never connect frees its kernel within 30 s; one visitor (a browser's cookie, or a program's
address) holds at most ``kernels_per_visitor`` pages, a reload storm included; thirty browsers behind one address
are thirty visitors; a server at its maximum answers "The class is full"; a contest deal opens in one tab only.
One server per module (the shipped config: default grace and limits) and a second one with a maximum of 3 kernels.
"""
from __future__ import annotations

import re
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from bulka_teach.serve.kernels import BoundedKernels
from bulka_teach.serve.visitors import COOKIE, new_token

from .practice_page import open_practice
from .voila_server import (
    PRACTICE,
    WIDGET_TIMEOUT_MS,
    Server,
    free_port,
    kernel_ids,
    start_server,
    voila_command,
)

pytestmark = pytest.mark.browser

POOLS = 2  # voila.json: one waiting kernel for the index, one for the practice lesson
LIMIT = 4  # LessonsApp.kernels_per_visitor's default
LESSON = "czech-bulka/02-deal.ipynb"  # a lesson without a pool: each page starts a kernel
KERNEL_ID = re.compile(r'"kernelId": *"([0-9a-f-]{36})"')
GRACE = BoundedKernels.connect_grace.default_value


def serve(tmp: Path, *extra: str) -> Server:
    port = free_port()
    server = start_server(voila_command(port, *extra), tmp / "voila.log", f"http://127.0.0.1:{port}", "/voila/tree/")
    try:
        server.wait_for_log(f"Kernel pool of {PRACTICE} is filled")
    except AssertionError:
        server.stop()
        raise
    return server


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The app as shipped (its grace and limits), with the browser tests' culling (60 idle seconds)."""
    server = serve(tmp_path_factory.mktemp("visitors"))
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="module")
def small(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The app with room for one kernel beyond its two pools."""
    server = serve(tmp_path_factory.mktemp("small"), "--max-kernels=3")
    try:
        yield server
    finally:
        server.stop()


def fetch(server: Server, path: str, cookie: str | None = None) -> tuple[int, str, dict[str, str]]:
    """GET a page as a program does (no cookie unless given): its status, text and headers."""
    request = urllib.request.Request(f"{server.url}/voila/render/{path}")
    if cookie is not None:
        request.add_header("Cookie", f"{COOKIE}={cookie}")
    try:
        with urllib.request.urlopen(request, timeout=180) as response:
            return response.status, response.read().decode("utf-8"), dict(response.headers)
    except urllib.error.HTTPError as refused:
        return refused.code, refused.read().decode("utf-8"), dict(refused.headers)


def kernel_of(html: str) -> str:
    found = KERNEL_ID.search(html)
    assert found, f"the page names no kernel: {html[:300]!r}"
    return found.group(1)


def settle(server: Server, count: int = POOLS, timeout: float = 90) -> None:
    """Wait until the server runs ``count`` kernels (what earlier tests left has gone)."""
    deadline = time.monotonic() + timeout
    while len(server.kernels()) != count:
        assert time.monotonic() < deadline, f"{len(server.kernels())} kernels, not {count}:\n{server.log()[-3000:]}"
        time.sleep(0.5)


def test_a_page_fetched_without_a_browser_frees_its_kernel_within_30_s(app: Server) -> None:
    assert GRACE <= 25  # the shipped grace, plus the check's second and the shutdown, within 30 s
    settle(app)
    status, html, _ = fetch(app, LESSON)
    assert status == 200
    kernel = kernel_of(html)
    fetched = time.monotonic()
    while app.kernel(kernel):
        assert time.monotonic() - fetched < 30, f"the kernel of a page nobody connected to lived 30 s:\n{app.log()}"
        time.sleep(0.5)
    assert "its page's widgets did not connect" in app.log()


def test_a_visitor_holds_at_most_its_limit_of_pages_the_oldest_given_up(app: Server) -> None:
    settle(app)
    cookie = new_token()
    kernels = []
    for _ in range(LIMIT + 2):
        status, html, _ = fetch(app, LESSON, cookie)
        assert status == 200
        kernels.append(kernel_of(html))
    alive = [kernel for kernel in kernels if app.kernel(kernel)]
    assert alive == kernels[2:], "the visitor's two oldest pages gave their kernels up at once, the others kept theirs"


def test_a_burst_of_20_reloads_leaves_at_most_the_visitors_limit(app: Server, browser: Browser) -> None:
    settle(app)
    context = browser.new_context()
    try:
        tab = context.new_page()
        ids = kernel_ids(tab)
        url = f"{app.url}/voila/render/{PRACTICE}"
        for _ in range(20):  # F5 half a second after the page starts loading, twenty times
            tab.goto(url, wait_until="commit", timeout=WIDGET_TIMEOUT_MS)
            time.sleep(0.5)
        open_practice(tab, app)
        deadline = time.monotonic() + 30
        while len(app.kernels()) > POOLS + LIMIT:
            assert time.monotonic() < deadline, f"{len(app.kernels())} kernels 30 s after a burst of reloads"
            time.sleep(0.5)
        assert ids and app.kernel(ids[-1]), "the page the student sees keeps its kernel"
    finally:
        context.close()


def test_a_program_without_cookies_is_refused_beyond_the_limit(app: Server) -> None:
    settle(app)
    with ThreadPoolExecutor(LIMIT + 2) as pool:
        answers = list(pool.map(lambda _: fetch(app, LESSON), range(LIMIT + 2)))
    assert sorted(status for status, _, _ in answers) == [200] * LIMIT + [429, 429]
    status, html, headers = next(answer for answer in answers if answer[0] == 429)
    assert "Too many pages from this address" in html and "try again in half a minute" in html
    assert headers["Retry-After"] == "30" and "Traceback" not in html


def test_thirty_browsers_behind_one_address_are_thirty_visitors(app: Server) -> None:
    settle(app)
    with ThreadPoolExecutor(10) as pool:
        answers = list(pool.map(lambda _: fetch(app, "index.ipynb", new_token()), range(30)))
    assert [status for status, _, _ in answers] == [200] * 30
    assert len({kernel_of(html) for _, html, _ in answers}) == 30


def test_a_second_contest_tab_of_the_same_deal_is_refused_while_the_first_is_open(app: Server,
                                                                                 browser: Browser) -> None:
    settle(app)
    query = "?contest=1&deal=CB2-std-4KQ7M2XA"
    context = browser.new_context()
    try:
        first = context.new_page()
        open_practice(first, app, query)
        second = context.new_page()
        answer = second.goto(f"{app.url}/voila/render/{PRACTICE}{query}", wait_until="domcontentloaded")
        assert answer is not None and answer.status == 409
        assert second.locator("h1").inner_text() == "This contest deal is already open"
        assert ("already open in another tab of yours: close this one and go back to it"
                in second.locator("body").inner_text())
        practice = context.new_page()  # nor for practice, where Undo would show the computer's cards
        answer = practice.goto(f"{app.url}/voila/render/{PRACTICE}?deal=CB2-std-4KQ7M2XA",
                               wait_until="domcontentloaded")
        assert answer is not None and answer.status == 409
        other = context.new_page()  # another deal opens
        open_practice(other, app, "?deal=CB2-std-3BN1ZJVK")
        other.close(run_before_unload=True)
        first.close(run_before_unload=True)  # the first tab closed: the second may open the deal
        open_practice(second, app, query)
    finally:
        context.close()


def test_the_servers_maximum_answers_with_the_class_full_page(small: Server) -> None:
    settle(small)
    status, html, _ = fetch(small, LESSON, new_token())  # the one kernel beyond the pools
    assert status == 200
    status, html, headers = fetch(small, LESSON, new_token())
    assert status == 503 and headers["Retry-After"] == "60"
    assert "The class is full: try again in a minute" in html and "kernelId" not in html
    assert len(small.kernels()) == POOLS + 1

