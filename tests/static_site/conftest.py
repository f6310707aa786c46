"""The static site in Chromium: built here by ``scripts/site.sh``, served by a plain static file server on
127.0.0.1, and opened in a browser that can reach no other host (``--host-resolver-rules``), so a page that
needed a CDN or PyPI would fail here as it would on a school's offline network.

Chromium must be at ``/usr/bin/chromium`` (``scripts/test.sh`` installs it); the build needs PyPI, npm and
Node. Without them these tests fail, they never skip.
"""
from __future__ import annotations

import os
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, Playwright, expect

from tests.browser.voila_server import CHROMIUM, CHROMIUM_ARGS, free_port

ROOT = Path(__file__).resolve().parents[2]
LESSONS = ROOT / "lessons"
# Every name resolves to nothing but 127.0.0.1: a request to any other host fails as offline.
OFFLINE = "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"
SITE_TIMEOUT_MS = 150_000  # Python starts in the page; CI's two cores are shared with the rest of the suite
BUILD_TIMEOUT_S = 1500

expect.set_options(timeout=SITE_TIMEOUT_MS)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "site: builds the static site (scripts/site.sh) and drives it in Chromium")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.site)
            item.add_marker(pytest.mark.browser)


@dataclass
class Site:
    """The built site, served: its origin, its folder, and every request any page of the session made."""

    url: str
    root: Path
    requests: list[str] = field(default_factory=list)


def build_site(out: Path) -> None:
    started = time.monotonic()
    result = subprocess.run(["bash", str(ROOT / "scripts" / "site.sh")], cwd=ROOT, capture_output=True, text=True,
                            env={**os.environ, "SITE_OUT": str(out)}, timeout=BUILD_TIMEOUT_S)
    if result.returncode != 0:
        pytest.fail(f"scripts/site.sh failed ({result.returncode}):\n{result.stdout[-3000:]}\n{result.stderr[-5000:]}")
    print(f"\nsite built in {time.monotonic() - started:.0f} s: {result.stderr.strip().splitlines()[-1]}")


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    prebuilt = os.environ.get("BULKA_SITE_DIR")  # to work on the tests: a site built already (CI never sets it)
    out = Path(prebuilt) if prebuilt else tmp_path_factory.mktemp("site") / "_site"
    if not prebuilt:
        build_site(out)
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1",
                               "--directory", str(out)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        url = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 20
        while True:
            try:
                urllib.request.urlopen(f"{url}/index.html", timeout=2).close()
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)
        yield Site(url=url, root=out)
    finally:
        server.terminate()
        server.wait(timeout=10)


@pytest.fixture(scope="session")
def offline_browser(playwright: Playwright) -> Iterator[Browser]:
    if not CHROMIUM.exists():
        pytest.fail(f"Chromium is not installed at {CHROMIUM}: run `apt-get install -y chromium` "
                    "(scripts/test.sh does it) — the site tests need it and never download one.")
    chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=[*CHROMIUM_ARGS, OFFLINE])
    try:
        yield chromium
    finally:
        chromium.close()


@pytest.fixture
def site_page(offline_browser: Browser, site: Site) -> Iterator[Page]:
    """A fresh tab in its own context (an empty cache: a first visit); every request is noted in
    ``site.requests`` (the service worker's and the kernel worker's too), JavaScript errors in ``js_errors``."""
    context = offline_browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(SITE_TIMEOUT_MS)
    context.on("request", lambda request: site.requests.append(request.url))
    tab = context.new_page()
    tab.js_errors = []  # type: ignore[attr-defined]
    tab.on("pageerror", lambda error: tab.js_errors.append(str(error)))  # type: ignore[attr-defined]
    try:
        yield tab
    finally:
        context.close()


def lesson_url(site: Site, path: str, query: str = "") -> str:
    """A lesson's page on the site: ``czech-bulka/01-cards.ipynb`` → ``…/voici/render/czech-bulka/01-cards.html``"""
    return f"{site.url}/voici/render/{path.removesuffix('.ipynb')}.html{query}"


def open_site_lesson(page: Page, site: Site, path: str, query: str = "") -> None:
    """Open a lesson as a learner does and wait until Python has run every cell (the page shows itself at its
    first output; ``site/finish.py`` marks the body once the last cell has run)."""
    page.goto(lesson_url(site, path, query), wait_until="domcontentloaded", timeout=SITE_TIMEOUT_MS)
    page.wait_for_selector("body[data-cells-run='all']", state="attached", timeout=SITE_TIMEOUT_MS)
    page.wait_for_selector("#loading", state="detached", timeout=SITE_TIMEOUT_MS)
