"""Browser tests: Playwright for Python driving Debian's Chromium against a Voilà server started here.

The server runs the shipped config (``voila.json`` in the repository root: hidden cells stripped, no
tracebacks, preheated pools) with a short kernel culling, on 127.0.0.1 and a free port. Chromium must be
at ``/usr/bin/chromium`` (``scripts/test.sh`` installs it from Debian): without it these tests fail, they
never skip.
"""
from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, Playwright, expect

from .voila_server import (
    CHROMIUM,
    CHROMIUM_ARGS,
    LESSONS,
    PRACTICE,
    WIDGET_TIMEOUT_MS,
    Server,
    free_port,
    start_server,
    voila_command,
)

expect.set_options(timeout=WIDGET_TIMEOUT_MS)  # widgets appear after the cells ran; CI shares two cores


@pytest.fixture(scope="session")
def voila(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The app as shipped, serving ``lessons/``, with the practice lesson's preheated kernel ready."""
    port = free_port()
    log_path = tmp_path_factory.mktemp("voila") / "voila.log"
    server = start_server(voila_command(port), log_path, f"http://127.0.0.1:{port}", "/voila/tree/")
    try:
        if (LESSONS / PRACTICE).exists():
            server.wait_for_log(f"Kernel pool of {PRACTICE} is filled")
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    if not CHROMIUM.exists():
        pytest.fail(f"Chromium is not installed at {CHROMIUM}: run `apt-get install -y chromium` "
                    "(scripts/test.sh does it) — the browser tests need it and never download one.")
    chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
    try:
        yield chromium
    finally:
        chromium.close()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    """A fresh tab (its own context: no shared cookies or storage); JavaScript errors are collected."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(WIDGET_TIMEOUT_MS)
    tab = context.new_page()
    tab.js_errors = []  # type: ignore[attr-defined]
    tab.on("pageerror", lambda error: tab.js_errors.append(str(error)))  # type: ignore[attr-defined]
    try:
        yield tab
    finally:
        context.close()
