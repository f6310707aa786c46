"""The static site (``scripts/site.sh``) in an offline Chromium: every lesson as under Voilà, a practice deal by
clicks with Hint and Review, a refused click explained, a teacher's ``?deal=`` link, the house-rules panel, a
pass-and-play deal covered at every handover, Python restored from the first visit's snapshot, and no request to
any host but the site's own."""
from __future__ import annotations

import json
import re
import time
import zipfile

from playwright.sync_api import Locator, Page, Worker, expect

from bulka_teach.table.practice import Practice
from tests.browser.hotseat_page import CLASSMATES, COVER, check_handovers, play_a_deal, sit_down
from tests.browser.practice_page import (
    TABLE,
    click_and_wait,
    deal_code,
    hand,
    learner_seat,
    move_target,
    scripted_deal,
    state_snapshot,
    unplayable_card,
)
from tests.browser.progress_page import answer_quiz, mark, wait_stored
from tests.browser.test_review import reviewable

from .conftest import LESSONS, SITE_TIMEOUT_MS, Site, lesson_url, open_site_lesson

LESSON_PATHS = sorted(str(p.relative_to(LESSONS)) for p in LESSONS.rglob("*.ipynb")
                      if ".ipynb_checkpoints" not in p.parts)
PRACTICE = "czech-bulka/10-practice.ipynb"
SITE_LIMIT_BYTES = 30_000_000  # issue 15: the site at most 30 MB (million bytes, the stricter reading)
FAILURE = re.compile(r"Traceback|\b[A-Z]\w*(Error|Exception)\b|There was an error when executing cell")


def shown_cells(path: str) -> int:
    cells = json.loads((LESSONS / path).read_text(encoding="utf-8"))["cells"]
    return sum("hide" not in cell.get("metadata", {}).get("tags", []) for cell in cells)


def open_practice(page: Page, site: Site, query: str = "") -> Locator:
    open_site_lesson(page, site, PRACTICE, query)
    table = page.locator(TABLE).first
    table.locator(".bt-legal, .bt-action").first.wait_for(timeout=SITE_TIMEOUT_MS)
    return table


def test_the_site_is_whole_and_small(site: Site) -> None:
    size = sum(f.stat().st_size for f in site.root.rglob("*") if f.is_file())
    assert size <= SITE_LIMIT_BYTES, f"the site is {size / 1e6:.1f} MB, over 30 MB"
    for path in LESSON_PATHS:
        assert (site.root / "voici" / "render" / path.replace(".ipynb", ".html")).is_file(), f"{path} has no page"
    with zipfile.ZipFile(site.root / "static" / "pyodide" / "python_stdlib.zip") as modules:  # what Pyodide imports
        names = set(modules.namelist())
        entry_points = next(modules.read(n) for n in names if re.fullmatch(r"bulka_teach-[^/]+/entry_points.txt", n))
    assert {"bulka_teach/__init__.pyc", "ipywidgets/__init__.pyc", "IPython/__init__.pyc"} <= names, \
        "the package or the widgets are not in the site's Pyodide"
    assert not [n for n in names if n.startswith(("anywidget/labextension/", "anywidget/nbextension/"))], \
        "anywidget's front end rides in Python's zip (the browser gets it from the site)"
    assert b"czech-bulka" in entry_points, "the game registry's entry points are not in the site's Pyodide"
    config = json.loads((site.root / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["pyodideUrl"].startswith("./static/pyodide/"), "Pyodide would load from a CDN"
    assert kernel["disablePyPIFallback"] is True
    # what the kernel's worker installs when it starts unless preloaded: it installs nothing on any visit
    assert set(kernel["loadPyodideOptions"]["packages"]) >= {
        "micropip", "piplite", "sqlite3", "ipykernel", "comm", "pyodide_kernel", "jedi", "ipython"}
    pages = "\n".join(p.read_text(encoding="utf-8") for p in site.root.rglob("*.html"))
    assert not re.search(r'<(link|script)[^>]+(href|src)="https?://', pages), "a page still loads from another host"
    assert not list(site.root.rglob("service-worker.js")), "a service worker would slow every kernel's start"
    for path in LESSON_PATHS:  # the lessons' checks (cells tagged `hide`) are left out of the pages, source and all
        page = (site.root / "voici" / "render" / path.replace(".ipynb", ".html")).read_text(encoding="utf-8")
        cells = json.loads((LESSONS / path).read_text(encoding="utf-8"))["cells"]
        for cell in cells:
            if "hide" in cell.get("metadata", {}).get("tags", []):
                line = json.dumps(cell["source"][0].rstrip("\n"))[1:-1]  # as the page's JSON spells it
                assert line not in page, f"{path} holds a test cell: {line}"


def test_every_lesson_opens_with_its_tables_drawn_and_no_error(site_page: Page, site: Site) -> None:
    """One tab opens the lessons one after the other, as a learner does (the browser's cache warm after the first)."""
    page = site_page
    for path in LESSON_PATHS:
        open_site_lesson(page, site, path)
        expect(page.locator(".jp-Cell")).to_have_count(shown_cells(path))  # the cells tagged `hide` are stripped
        expect(page.locator(".jp-CodeCell .jp-InputArea")).to_have_count(0)  # no code shown to learners
        if path.startswith("czech-bulka/"):
            tables = page.locator(".bt-table")
            expect(tables.first).to_be_visible()
            for k in range(tables.count()):
                expect(tables.nth(k)).not_to_have_attribute("data-render", "0")
        stderr = page.locator('.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]')
        assert stderr.count() == 0, f"{path} shows error output: {stderr.all_inner_texts()}"
        failures = [t for t in page.locator(".jp-OutputArea-output").all_inner_texts() if FAILURE.search(t)]
        assert not failures, f"{path} shows a failure: {failures}"
        expect(page.get_by_text("Error displaying widget")).to_have_count(0)
        assert not page.js_errors, f"{path} raised in the browser: {page.js_errors}"  # type: ignore[attr-defined]


def test_a_deal_link_deals_it_and_is_played_by_clicks_with_hint_and_review(site_page: Page, site: Site) -> None:
    page = site_page
    code, moves = scripted_deal(reviewable)  # found in-process: a deal that ends with decisions to review
    table = open_practice(page, site, f"?deal={code}")
    assert deal_code(table) == code, "the page did not deal the ?deal= code"
    seat = learner_seat(table)
    same = Practice(code=code, seat=seat)
    assert sorted(hand(table)) == sorted(same.table.view["deal"]["hand"]), "the link dealt other cards"

    table.locator(".bt-control[data-name='hint']").click()  # the coach, in the browser's Python
    expect(table.locator(".bt-notice")).to_contain_text(re.compile(r"\S"))
    review = table.locator(".bt-control[data-name='review']")
    expect(review).to_be_disabled()
    for move in moves:
        click_and_wait(page, table, move_target(table, move))
    expect(table.locator(".bt-outcome")).to_be_visible()
    assert any(t.strip() for t in table.locator(".bt-points").all_inner_texts()), "the score shows no points"
    expect(review).to_be_enabled()
    review.click()
    expect(table.locator(".bt-review-item").first).to_be_visible()
    expect(table.locator(".bt-review-summary")).to_contain_text("decision")


def test_a_refused_click_is_explained_and_the_house_rules_deal_again(site_page: Page, site: Site) -> None:
    page = site_page
    code, moves = scripted_deal(lambda practice: unplayable_card(practice) is not None)
    table = open_practice(page, site, f"?deal={code}")
    for move in moves:
        click_and_wait(page, table, move_target(table, move))
    same = Practice(code=code, seat=learner_seat(table))
    for kind, value in moves:
        if kind == "card":
            same.click(value)
        else:
            same.act(value)
    refused = unplayable_card(same)
    assert refused is not None
    before = state_snapshot(table)
    rendered = int(table.get_attribute("data-render") or 0)
    table.locator(f".bt-hand .bt-card[data-card='{refused}']").click()
    page.wait_for_function("([s, n]) => Number(document.querySelector(s).dataset.render) > n", arg=[TABLE, rendered])
    expect(table.locator(".bt-notice")).to_contain_text(re.compile(r"\w{3,}"))
    assert state_snapshot(table) == before, "a refused card changed the table"

    cell = page.locator(".jp-Cell", has=page.locator(TABLE)).first  # the table's own rules panel
    cell.get_by_text("House rules (domácí pravidla)").click()
    cell.locator(".bt-rules .widget-checkbox input[type='checkbox']").first.click()  # a house rule, not the words box
    cell.get_by_role("button", name="Deal with these rules").click()
    expect(table.locator(".bt-deal-code")).not_to_contain_text("-std-")


def test_pass_and_play_covers_every_handover_with_no_card_of_any_hand_on_screen(site_page: Page, site: Site) -> None:
    """Two people deal a code from the form and play a whole deal by clicks; at each handover the screen shows no
    card that any seat holds unseen (checked against the same deal replayed here)."""
    page = site_page
    open_site_lesson(page, site, CLASSMATES)
    table = page.locator(TABLE).first
    table.locator(COVER).wait_for(timeout=SITE_TIMEOUT_MS)
    assert table.locator(".bt-hand .bt-card[data-card]").count() == 0, "the table opened uncovered"
    played = play_a_deal(page, table, sit_down(page, table))
    assert played.replay.table.view["deal"]["outcome"]
    check_handovers(played)
    assert not page.js_errors, page.js_errors  # type: ignore[attr-defined]


def test_progress_is_kept_in_the_browser_and_shown_on_the_start_page(site_page: Page, site: Site) -> None:
    """With no server at all: a question answered in a lesson is kept by the browser, the start page marks the
    lesson started and resumes it, and "Forget my progress" clears it."""
    page = site_page
    open_site_lesson(page, site, "bouillotte/08-variants.ipynb")
    first = answer_quiz(page, 0)
    record = wait_stored(page, "bouillotte/08-variants", lambda r: len(r.get("questions", {})) == 1)
    open_site_lesson(page, site, "index.ipynb")
    assert mark(page, "bouillotte/08-variants.html") == (
        f" [started · {int(first)} of {record['total']} right the first time]")
    expect(page.locator(".bt-progress-continue")).to_have_attribute("href", "bouillotte/08-variants.html")
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Forget my progress").click()
    assert mark(page, "bouillotte/08-variants.html") == " [not started]"
    assert not page.js_errors, page.js_errors  # type: ignore[attr-defined]


# The kernel's worker and the snapshot it keeps in IndexedDB (site/kernel_worker.js)
SNAPSHOT_KEY = """([record, value]) => new Promise((resolve, reject) => {
  const open = indexedDB.open("bulka_teach-python", 1);
  open.onupgradeneeded = () => open.result.createObjectStore("snapshots");
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const transaction = open.result.transaction("snapshots", value === null ? "readonly" : "readwrite");
    const store = transaction.objectStore("snapshots");
    const request = value === null ? store.get(record + " key") : store.put(value, record + " key");
    transaction.oncomplete = () => { open.result.close(); resolve(value === null ? request.result ?? null : value); };
    transaction.onerror = () => reject(transaction.error);
  };
})"""


def kernel_worker(page: Page) -> Worker:
    return next(worker for worker in page.workers if "pyodide-kernel-extension" in worker.url)


def python_started(page: Page) -> str:
    """How the page's Python started: ``fresh`` or ``restored`` (from the snapshot)."""
    return str(kernel_worker(page).evaluate("__bulkaStarted"))


def saved_key(page: Page, site: Site, unlike: str | None = None, timeout_s: float = 60) -> str:
    """The key of this site's saved snapshot, once the browser has kept one (other than ``unlike``)."""
    record = ["kernel " + site.url + "/static/pyodide/", None]
    deadline = time.monotonic() + timeout_s
    while (key := page.evaluate(SNAPSHOT_KEY, record)) in (None, unlike):
        assert time.monotonic() < deadline, "no snapshot of Python was kept"
        time.sleep(0.5)
    return str(key)


def test_a_later_visit_restores_python_from_the_first_visits_snapshot(site_page: Page, site: Site) -> None:
    """The first page keeps Python's memory just after the kernel's import; the next pages restore it instead of
    starting Python: each seeds Python's random generator anew and takes its own ``?deal=`` link. A snapshot made
    from other files is dropped: Python starts afresh and keeps a new one."""
    page = site_page
    open_practice(page, site)
    assert python_started(page) == "fresh"
    key = saved_key(page, site)
    code = Practice().deal_code
    draws = []
    for query in ("", f"?deal={code}"):
        table = open_practice(page, site, query)
        assert python_started(page) == "restored", f"the page with {query or 'no query'} started Python afresh"
        draws.append(kernel_worker(page).evaluate(
            "async () => (await __bulkaEager).runPython('import random\\nrandom.random()')"))
    assert deal_code(table) == code, "a restored page did not deal its ?deal= code"
    assert draws[0] != draws[1], "two restored pages drew the same random numbers"
    assert not page.js_errors, page.js_errors  # type: ignore[attr-defined]

    other = page.evaluate(SNAPSHOT_KEY, ["kernel " + site.url + "/static/pyodide/", key.replace(" ", " other ", 1)])
    open_practice(page, site)
    assert python_started(page) == "fresh", "a snapshot of other files was restored"
    assert saved_key(page, site, unlike=other) == key, "the snapshot of other files was not replaced"


def test_no_request_left_the_site(site_page: Page, site: Site) -> None:
    """Every request of every page of this session (the workers' too) went to the site's own origin."""
    if not site.requests:  # run alone: open a page first
        site_page.goto(lesson_url(site, "index.ipynb"), wait_until="domcontentloaded")
        site_page.wait_for_selector("#loading", state="detached", timeout=SITE_TIMEOUT_MS)
    assert site.requests, "no request was recorded"
    foreign = sorted({url for url in site.requests if not url.startswith((site.url + "/", "blob:", "data:"))})
    assert not foreign, f"requests left the site: {foreign[:10]}"
    # no service worker: the kernel's imports do not ask JupyterLite's contents (a second of every start)
    drive = [url for url in site.requests if "/api/drive" in url]
    assert not drive, f"the kernel asked JupyterLite's contents {len(drive)} times, through a service worker"
