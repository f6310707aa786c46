"""Class mode (``CLASS=N bash scripts/app.sh``): the kernels it promises are prepared — the class's lesson first,
then the log's ready line, then the other lessons' —, used by a class arriving right after that line, and given back.

The server serves a copy of three lessons (the class's practice lesson and two others) so that the pools
stay small: N kernels for the practice lesson, one for each other lesson (``class_pools``).
"""
from __future__ import annotations

import re
import shutil
import sys
import time
import urllib.parse
import urllib.request
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from http.cookiejar import CookieJar
from pathlib import Path

import pytest

from bulka_teach.serve.pools import READY, class_pools

from .voila_server import LESSONS, PRACTICE, REPO, Server, free_port, start_server

pytestmark = pytest.mark.browser

STUDENTS = 3
COPIED = ("index.ipynb", "czech-bulka/02-deal.ipynb", PRACTICE)
KERNEL_ID = re.compile(r'"kernelId": *"([0-9a-f-]{36})"')


@pytest.fixture(scope="module")
def lessons(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("class") / "lessons"
    for path in COPIED:
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(LESSONS / path, root / path)
    return root


@pytest.fixture(scope="module")
def classroom(lessons: Path) -> Iterator[Server]:
    port = free_port()
    command = [sys.executable, "-m", "bulka_teach.serve", str(lessons), "--no-browser", f"--port={port}",
               "--Voila.ip=127.0.0.1", f"--class={STUDENTS}"]
    server = start_server(command, lessons.parent / "server.log", f"http://127.0.0.1:{port}", "/voila/tree/",
                          cwd=REPO)
    try:
        yield server
    finally:
        server.stop()


def promised() -> dict[str, int]:
    pools = class_pools(STUDENTS, PRACTICE)
    return {path: pools.get(path, pools["default"])["pool_size"] for path in COPIED}


def wait_for_kernels(server: Server, count: int, timeout: float = 180) -> None:
    deadline = time.monotonic() + timeout
    while len(server.kernels()) != count:
        assert time.monotonic() < deadline, f"{len(server.kernels())} kernels, not {count}:\n{server.log()[-3000:]}"
        time.sleep(0.5)


def student(server: Server) -> tuple[str, str]:
    """Open the class's deal as a student's browser does; the page and its kernel, then leave as the tab does."""
    cookies = CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(cookies))
    with opener.open(f"{server.url}/voila/render/{PRACTICE}?deal=CB2-std-4KQ7M2XA", timeout=180) as response:
        html = response.read().decode("utf-8")
    found = KERNEL_ID.search(html)
    assert found, "the page names no kernel"
    xsrf = next((c.value for c in cookies if c.name == "_xsrf"), "")
    beacon = urllib.request.Request(f"{server.url}/voila/api/shutdown/{found.group(1)}", method="POST",
                                    data=urllib.parse.urlencode({"_xsrf": xsrf}).encode())
    with opener.open(beacon, timeout=60) as answer:
        assert answer.status == 204
    return html, found.group(1)


def test_the_class_arrives_right_after_the_ready_line_on_prepared_kernels_and_leaves_none_behind(
        classroom: Server) -> None:
    classroom.wait_for_log(READY, timeout=240)
    with ThreadPoolExecutor(STUDENTS) as pool:
        pages = list(pool.map(lambda _: student(classroom), range(STUDENTS)))
    for html, kernel in pages:
        assert "application/vnd.jupyter.widget-view+json" in html and "Cell execution timed out" not in html
        assert f"Using pre-heated kernel: {kernel} for {PRACTICE}" in classroom.log(), "a student waited for a kernel"
    for _, kernel in pages:
        deadline = time.monotonic() + 10
        while classroom.kernel(kernel):
            assert time.monotonic() < deadline, f"a student's kernel ({kernel}) outlived its page by 10 s"
            time.sleep(0.2)
    wait_for_kernels(classroom, sum(promised().values()))  # the pools refilled, nothing else


def test_class_mode_prepares_the_class_lesson_first_then_the_kernels_it_promises(classroom: Server) -> None:
    pools = promised()
    classroom.wait_for_log(READY, timeout=240)
    for path, size in pools.items():
        classroom.wait_for_log(f"Kernel pool of {path} is filled with {size} kernel(s)", timeout=240)
    classroom.wait_for_log("Every lesson's kernels are prepared", timeout=240)
    log = classroom.log()
    assert f"Class mode: {STUDENTS} students; prepared first: {STUDENTS} kernels for {PRACTICE}" in log
    assert f"{READY} {STUDENTS} of {STUDENTS} kernels for {PRACTICE}" in log
    ready = log.index(READY)
    assert log.index(f"Kernel pool of {PRACTICE} is filled") < ready
    for path in set(pools) - {PRACTICE}:
        assert log.index(f"Kernel pool of {path} is filled") > ready, f"{path}'s spare came before the class's"
    wait_for_kernels(classroom, sum(pools.values()))
