"""The static site's speed as a learner meets it: the site served by a plain static file server on 127.0.0.1,
an offline Chromium (every other host unreachable) opening lessons and clicking.

Prints figures, asserts nothing:
  - the site's size (bytes and files on disk) and what a first visit of the practice lesson fetches;
  - open → interactive: seconds from asking for a lesson to a table the learner can act on (a legal card or an
    action button), over cold visits (each in a new browser context: an empty cache, as a learner's first
    visit), later visits as a learner's browser makes them (Chromium closed and opened again on one profile,
    whose disk cache keeps the files and whose IndexedDB keeps the first visit's snapshot of Python) and new
    tabs of one private window (an incognito-like context: its cache and its IndexedDB live in memory while it
    is open); each visit leaves as soon as the table is interactive; with the CPU seconds
    Chromium spent meanwhile (all its processes), which a loaded shared machine inflates less than wall time;
  - click → redraw: milliseconds from a click on a legal card or action button to the table's ``data-render``
    changing, measured in the page with ``performance.now()`` (p50, p95, max over N clicks in practice deals:
    the learner's move and the computer's reply are computed by Python in the page meanwhile).

Usage: .venv/bin/python scripts/bench_site.py [--site _site] [--cold 3] [--warm 3] [--clicks 60]
                                              [--lesson czech-bulka/10-practice.ipynb]
(builds the site with scripts/site.sh first when the folder is missing)
"""
from __future__ import annotations

import argparse
import datetime
import os
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))  # the app benchmark's in-page timers, shared

import psutil  # noqa: E402
from bench_app import _CLICK_TO_REDRAW, _WAITING, READY, percentile  # noqa: E402
from playwright.sync_api import Browser, BrowserContext, Page, Playwright, sync_playwright  # noqa: E402

from tests.browser.practice_page import TABLE  # noqa: E402
from tests.browser.voila_server import CHROMIUM, CHROMIUM_ARGS, free_port  # noqa: E402
from tests.static_site.conftest import OFFLINE  # noqa: E402

MB = 1_000_000  # million bytes, as the size goal reads
TIMEOUT_MS = 180_000
SETTLE_SECONDS = 3


def chromium_cpu() -> dict[int, float]:
    """CPU seconds of every Chromium process under this one (Playwright's driver starts them)."""
    seconds = {}
    for process in psutil.Process().children(recursive=True):
        try:
            if "chrom" in process.name():
                times = process.cpu_times()
                seconds[process.pid] = times.user + times.system
        except psutil.Error:
            continue
    return seconds


def cpu_since(before: dict[int, float]) -> float:
    return sum(now - before.get(pid, 0.0) for pid, now in chromium_cpu().items())


def lesson_url(base: str, path: str) -> str:
    return f"{base}/voici/render/{path.removesuffix('.ipynb')}.html"


def visit(context: BrowserContext, url: str, fetched: list[str] | None = None) -> tuple[float, float, Page]:
    """Open ``url`` in a new tab: (seconds to an interactive table, Chromium's CPU seconds meanwhile, the tab)."""
    page = context.new_page()
    if fetched is not None:
        page.on("requestfinished", lambda request: fetched.append(request.url))
    cpu = chromium_cpu()
    start = time.perf_counter()
    page.goto(url, timeout=TIMEOUT_MS, wait_until="commit")
    page.locator(TABLE).first.locator(READY).first.wait_for(timeout=TIMEOUT_MS)
    return time.perf_counter() - start, cpu_since(cpu), page


def click_latencies(page: Page, clicks: int) -> tuple[list[float], int]:
    """Play practice deals by clicks (first legal card, else first action; New deal after each score)."""
    latencies: list[float] = []
    deals = 1
    while len(latencies) < clicks:
        table = page.locator(TABLE).first
        if table.locator(".bt-outcome").count():
            table.locator(".bt-control[data-name='new']").click()
            table.locator(".bt-outcome").wait_for(state="detached", timeout=TIMEOUT_MS)
            deals += 1
        page.wait_for_function(_WAITING, arg=TABLE, timeout=TIMEOUT_MS)
        elapsed = page.evaluate(_CLICK_TO_REDRAW, TABLE)
        if elapsed is None:
            raise RuntimeError("the practice table offered nothing to click")
        latencies.append(elapsed)
        page.wait_for_function(_WAITING, arg=TABLE, timeout=TIMEOUT_MS)
    return latencies, deals


def summary(label: str, runs: list[tuple[float, float]]) -> None:
    walls = ", ".join(f"{wall:.1f}" for wall, _ in runs)
    cpus = ", ".join(f"{cpu:.1f}" for _, cpu in runs)
    print(f"  {label}: median {statistics.median(w for w, _ in runs):.1f} s (runs: {walls} s); "
          f"Chromium CPU median {statistics.median(c for _, c in runs):.1f} s (runs: {cpus} s)")


def reopened(playwright: Playwright, url: str, visits: int) -> list[tuple[float, float]]:
    """Later visits with the browser closed and opened again on one profile (the first visit fills it)."""
    runs: list[tuple[float, float]] = []
    with tempfile.TemporaryDirectory() as profile:
        for k in range(visits + 1):
            context = playwright.chromium.launch_persistent_context(
                profile, executable_path=str(CHROMIUM), args=[*CHROMIUM_ARGS, OFFLINE],
                viewport={"width": 1280, "height": 900})
            try:
                time.sleep(SETTLE_SECONDS)
                wall, cpu, page = visit(context, url)
                page.close()
                if k:
                    runs.append((wall, cpu))
            finally:
                context.close()
    return runs


def bench(playwright: Playwright, browser: Browser, base: str, site: Path, args: argparse.Namespace) -> None:
    url = lesson_url(base, args.lesson)
    cold: list[tuple[float, float]] = []
    fetched: list[str] = []
    for k in range(args.cold):
        time.sleep(SETTLE_SECONDS)
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        try:
            wall, cpu, _ = visit(context, url, fetched if k == 0 else None)
            cold.append((wall, cpu))
        finally:
            context.close()
    first = {u.split("?")[0].removeprefix(base + "/") for u in fetched if u.startswith(base + "/")}
    first_bytes = sum((site / p).stat().st_size for p in first if (site / p).is_file())
    print(f"\na first visit of {args.lesson} fetches {len(first)} files, {first_bytes / MB:.1f} MB")

    private: list[tuple[float, float]] = []
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        _, _, page = visit(context, url)  # fills this context's cache; not counted
        page.close()
        for _ in range(args.warm):
            time.sleep(SETTLE_SECONDS)
            wall, cpu, page = visit(context, url)
            private.append((wall, cpu))
            page.close()
        later = reopened(playwright, url, args.warm)
        print(f"\nopen {args.lesson} → interactive table (wall time; Chromium's CPU time):")
        summary(f"first visit (cold cache, {len(cold)} runs)", cold)
        summary(f"later visit (browser reopened on its profile, {len(later)} runs)", later)
        summary(f"new tab of a private window (cache in memory, {len(private)} runs)", private)
        if args.clicks:
            _, _, page = visit(context, lesson_url(base, "czech-bulka/10-practice.ipynb"))
            latencies, deals = click_latencies(page, args.clicks)
            print(f"\nclick → redraw ({len(latencies)} clicks in {deals} practice deal(s), in-page performance.now()):")
            print(f"  p50 {percentile(latencies, 0.5):.0f} ms, p95 {percentile(latencies, 0.95):.0f} ms, "
                  f"max {max(latencies):.0f} ms")
    finally:
        context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--site", type=Path, default=ROOT / "_site")
    parser.add_argument("--cold", type=int, default=3)
    parser.add_argument("--warm", type=int, default=3)
    parser.add_argument("--clicks", type=int, default=60)
    parser.add_argument("--lesson", default="czech-bulka/10-practice.ipynb")
    args = parser.parse_args()
    site = args.site.resolve()
    if not (site / "voici").is_dir():
        subprocess.run(["bash", str(ROOT / "scripts" / "site.sh")], check=True,
                       env={**os.environ, "SITE_OUT": str(site)})
    files = [f for f in site.rglob("*") if f.is_file()]
    print(f"{datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M} UTC, load average {os.getloadavg()[0]:.1f} "
          f"(2 cores), site {site}: {sum(f.stat().st_size for f in files) / MB:.1f} MB in {len(files)} files")
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "--directory",
                               str(site)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(f"{base}/index.html", timeout=2).close()
                break
            except OSError:
                time.sleep(0.1)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=[*CHROMIUM_ARGS, OFFLINE])
            print(f"Chromium {browser.version}")
            try:
                bench(playwright, browser, base, site, args)
            finally:
                browser.close()
    finally:
        server.terminate()
        server.wait(timeout=10)
    print(f"\nload average at the end {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
