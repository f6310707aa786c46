"""The Chromium harness the table's front-end tests share: the shipped module on a blank page, fed traits directly.

``tests/test_widget_assets.py`` (Czech Bulka's felt) and ``tests/test_felt.py`` (layouts no game makes yet)
load the very module and stylesheet ``CardTable`` sends into Chromium, with a stand-in for anywidget's model
holding the ``layout`` and ``ui`` traits, and record what the front end sends back in ``window.sent``.
"""
from __future__ import annotations

import queue
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, sync_playwright

from bulka_teach.table.widget import front_end, table_module

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]

HARNESS = """
window.sent = [];
window.models = [];
window.showTable = (layout, ui) => {
  const el = document.createElement('div');
  document.body.appendChild(el);
  const state = {felt: layout, ui}, handlers = {};  // CardTable syncs the layout as `felt`
  const model = {
    get: (key) => state[key],
    set: (key, value) => { state[key] = value; (handlers['change:' + key] || []).forEach((h) => h()); },
    on: (event, h) => { (handlers[event] ||= []).push(h); },
    off: (event, h) => { handlers[event] = (handlers[event] || []).filter((x) => x !== h); },
    send: (message) => window.sent.push(message),
  };
  window.models.push(model);
  btWidget.render({model, el});
  return window.models.length - 1;
};
"""


class ChromiumThread:
    """Chromium driven from a thread of its own.

    Playwright's sync API allows one instance per thread, and the app's browser tests (``tests/browser``)
    keep theirs open for the whole session: this module's checks run in another thread, one job at a time.
    """

    def __init__(self) -> None:
        self._jobs: queue.Queue[tuple[Callable[[Browser], None], Future[None]] | None] = queue.Queue()
        started: Future[None] = Future()
        self._thread = threading.Thread(target=self._serve, args=(started,), name="chromium", daemon=True)
        self._thread.start()
        started.result(timeout=120)

    def _serve(self, started: Future[None]) -> None:
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
                started.set_result(None)
                while (job := self._jobs.get()) is not None:
                    work, done = job
                    try:
                        done.set_result(work(browser))
                    except BaseException as error:  # handed to the test's thread, which raises it
                        done.set_exception(error)
                browser.close()
        except BaseException as error:
            if not started.done():
                started.set_exception(error)

    def run(self, work: Callable[[Browser], None]) -> None:
        done: Future[None] = Future()
        self._jobs.put((work, done))
        done.result(timeout=300)

    def close(self) -> None:
        self._jobs.put(None)
        self._thread.join(timeout=60)


def chromium_worker() -> Iterator[ChromiumThread]:
    """The ``chromium`` fixture's body (the fixture is in ``tests/conftest.py``): one Chromium thread per module."""
    if not CHROMIUM.exists():
        pytest.fail(f"Chromium is not installed at {CHROMIUM}: run `apt-get install -y chromium` "
                    "(scripts/test.sh does it); these tests never download a browser.")
    worker = ChromiumThread()
    try:
        yield worker
    finally:
        worker.close()


@contextmanager
def blank_page(browser: Browser) -> Iterator[Page]:
    """An empty page, closed afterwards; fails if a JavaScript error was raised on it."""
    page = browser.new_page(viewport={"width": 1100, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        page.set_content("<!doctype html><html><head><meta charset='utf-8'></head><body></body></html>")
        yield page
    finally:
        page.close()
    assert not errors, errors


def on_a_fresh_page(browser: Browser, test: Callable[[Page], None]) -> None:
    """Run ``test`` on a page holding the shipped module (its one ``export default`` made a global) and CSS."""
    esm, css = table_module(), front_end()[1]
    with blank_page(browser) as page:
        page.add_style_tag(content=css)
        page.add_script_tag(content=esm.replace("export default", "window.btWidget =", 1) + HARNESS)
        test(page)


def in_chromium(test: Callable[[Page], None]) -> Callable[[ChromiumThread], None]:
    """Make ``test(page)`` a pytest test that runs on a fresh page in the Chromium thread."""
    def run(chromium: ChromiumThread) -> None:
        chromium.run(lambda browser: on_a_fresh_page(browser, test))
    run.__name__, run.__qualname__, run.__doc__ = test.__name__, test.__qualname__, test.__doc__
    return run


def ui(**overrides: Any) -> dict[str, Any]:
    base = {"mode": "play", "me": 0, "caption": "", "prompt": "", "notice": None, "card_verb": None,
            "clickable": {}, "buttons": [], "controls": [], "step": None, "deal_code": None, "highlight": [],
            "busy": False, "title": ""}
    return base | overrides


def show_layout(page: Page, layout: dict[str, Any], table_ui: dict[str, Any]) -> int:
    """Draw a table from ``layout`` and ``ui``; the index of its model in ``window.models``."""
    return page.evaluate("([layout, ui]) => showTable(layout, ui)", [layout, table_ui])


def update_traits(page: Page, index: int, **traits: Any) -> None:
    """Set traits at once, as one websocket update does (one redraw expected); ``layout`` goes as ``felt``."""
    if "layout" in traits:
        traits["felt"] = traits.pop("layout")
    page.evaluate("""async ([i, traits]) => {
      for (const [key, value] of Object.entries(traits)) models[i].set(key, value);
      await Promise.resolve();  // the redraw is queued as a microtask: let it run
    }""", [index, traits])


def cards(page: Page, selector: str) -> list[str]:
    return page.locator(selector).evaluate_all("cards => cards.map(c => c.dataset.card)")
