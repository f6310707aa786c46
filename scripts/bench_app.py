"""The app's speed and memory as a learner meets them: Voilà serving the lessons, Chromium clicking.

Prints figures, asserts nothing:
  - click → redraw: time from a click on a legal card or an action button to the table's ``data-render``
    counter changing, measured in the page with ``performance.now()`` (p50, p95, max over N clicks in
    practice deals; the computer's answer is computed in between, so this is the wait a learner sees);
  - open → interactive: time from asking for the practice lesson to a table with a legal card or an action
    button, with the preheated kernel pool (the shipped ``voila.json``) and cold (pool switched off);
  - memory: RSS of the server and of each kernel it started (``ipykernel_launcher`` children): the pooled
    ones waiting, and the one a learner just played N clicks with;
  - timer stalls while a lesson opens: the longest wait between two ticks of a 100 ms timer in the page,
    for every lesson (worst of R openings), and the widgets that showed "Error displaying widget". The
    stall matters because ipywidgets gives up on a widget it is still waiting for once its own 100 ms
    timer has been kept waiting for 2 s.

Usage: .venv/bin/python scripts/bench_app.py [--clicks 120] [--opens 3] [--lesson-opens 3]
"""
from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from importlib.metadata import version
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))  # the browser tests' server helpers

import psutil  # noqa: E402
from browser.practice_page import TABLE  # noqa: E402
from browser.voila_server import (  # noqa: E402
    CHROMIUM,
    CHROMIUM_ARGS,
    PRACTICE,
    WIDGET_TIMEOUT_MS,
    Server,
    free_port,
    kernel_ids,
    lesson_paths,
    open_lesson,
    start_server,
)
from playwright.sync_api import Browser, Page, sync_playwright  # noqa: E402

MB = 1024 * 1024
SETTLE_SECONDS = 5  # before each timed opening, so the last one's kernel work (and the pool refill) is done
READY = ".bt-legal, .bt-action:not([disabled])"

# Click the learner's next move inside the page and resolve with the milliseconds until the table redraws.
_CLICK_TO_REDRAW = """async (selector) => {
  const table = document.querySelector(selector);
  const target = table.querySelector('.bt-card.bt-legal[data-card]') || table.querySelector('.bt-action');
  if (!target) return null;
  const before = table.dataset.render;
  return await new Promise(resolve => {
    const observer = new MutationObserver(() => {
      if (table.dataset.render !== before) { observer.disconnect(); resolve(performance.now() - start); }
    });
    observer.observe(table, { attributes: true, attributeFilter: ['data-render'] });
    const start = performance.now();
    target.click();
  });
}"""

_WAITING = """(selector) => {
  const table = document.querySelector(selector);
  return table !== null && table.querySelector('.bt-legal, .bt-action, .bt-outcome') !== null;
}"""


# From the page's first script on, a 100 ms timer records how long each of its waits really took.
_TIMER_PROBE = """window.__btWaits = [];
(function tick(last) {
  setTimeout(() => {
    const now = performance.now();
    window.__btWaits.push(now - last);
    if (now < 30000) tick(now);
  }, 100);
})(performance.now());"""
WIDGETS_SETTLE_MS = 3000  # after Voilà's spinner goes: the widgets are drawn by then


def start_voila(*extra: str) -> Server:
    """``voila lessons`` with the shipped ``voila.json`` (run from the repository root), on a free port."""
    port = free_port()
    log_path = Path(tempfile.mkdtemp(prefix="bench-app-")) / "voila.log"
    command = [sys.executable, "-m", "voila", "lessons", "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
               *extra]
    return start_server(command, log_path, f"http://127.0.0.1:{port}", "/voila/tree/")


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def time_to_interactive(page: Page, server: Server) -> float:
    """Seconds from asking for the practice lesson to a table the learner can act on."""
    start = time.perf_counter()
    # "commit", not "load": the page's load event also waits for icon fonts from a CDN, which offline never come
    page.goto(f"{server.url}/voila/render/{PRACTICE}", timeout=WIDGET_TIMEOUT_MS, wait_until="commit")
    page.locator(TABLE).first.locator(READY).first.wait_for(timeout=WIDGET_TIMEOUT_MS)
    return time.perf_counter() - start


def opens(browser: Browser, server: Server, count: int, pooled: bool) -> list[float]:
    """``count`` fresh tabs opening the practice lesson, one at a time; with a pool, each waits for its refill."""
    times = []
    for k in range(count):
        if pooled:
            server.wait_for_log(f"Kernel pool of {PRACTICE} is filled", count=k + 1)
        time.sleep(SETTLE_SECONDS)
        context = browser.new_context()
        try:
            times.append(time_to_interactive(context.new_page(), server))
        finally:
            context.close()
    return times


def click_latencies(page: Page, server: Server, clicks: int) -> tuple[list[float], int]:
    """Play practice deals by clicks (first legal card, else first action; New deal after each score)."""
    open_lesson(page, server, PRACTICE)
    page.locator(TABLE).first.locator(READY).first.wait_for(timeout=WIDGET_TIMEOUT_MS)
    latencies: list[float] = []
    deals = 1
    while len(latencies) < clicks:
        table = page.locator(TABLE).first
        if table.locator(".bt-outcome").count():
            table.locator(".bt-control[data-name='new']").click()
            table.locator(".bt-outcome").wait_for(state="detached", timeout=WIDGET_TIMEOUT_MS)
            deals += 1
        page.wait_for_function(_WAITING, arg=TABLE, timeout=WIDGET_TIMEOUT_MS)
        elapsed = page.evaluate(_CLICK_TO_REDRAW, TABLE)
        if elapsed is None:
            raise RuntimeError("the practice table offered nothing to click")
        latencies.append(elapsed)
        page.wait_for_function(_WAITING, arg=TABLE, timeout=WIDGET_TIMEOUT_MS)
    return latencies, deals


def lesson_stalls(browser: Browser, server: Server, rounds: int) -> dict[str, tuple[float, int]]:
    """For every lesson, the longest timer wait (seconds, worst of ``rounds`` fresh tabs) and failed widgets."""
    results = {}
    for path in lesson_paths():
        worst, failed = 0.0, 0
        for _ in range(rounds):
            context = browser.new_context()
            try:
                page = context.new_page()
                page.add_init_script(_TIMER_PROBE)
                open_lesson(page, server, path)
                page.wait_for_timeout(WIDGETS_SETTLE_MS)
                worst = max(worst, max(page.evaluate("window.__btWaits"), default=0.0) / 1000)
                failed += page.get_by_text("Error displaying widget").count()
            finally:
                context.close()
        results[path] = (worst, failed)
    return results


def seconds(times: list[float]) -> str:
    return f"median {statistics.median(times):.2f} s  (each: {', '.join(f'{t:.2f}' for t in times)})"


def rss_mb(process: psutil.Process) -> float:
    return process.memory_info().rss / MB


def chromium_version() -> str:
    out = subprocess.run([str(CHROMIUM), "--version"], capture_output=True, text=True, check=False)
    return out.stdout.strip() or "unknown"


def machine() -> str:
    model = next((line.split(":", 1)[1].strip() for line in Path("/proc/cpuinfo").read_text().splitlines()
                  if line.startswith("model name")), platform.processor()) if Path("/proc/cpuinfo").exists() else ""
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    packages = ", ".join(f"{name} {version(name)}" for name in ("voila", "jupyter_server", "ipywidgets", "anywidget",
                                                                  "ipykernel", "playwright"))
    return (f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}; {os.cpu_count()} CPUs ({model}); "
            f"load {load}\nPython {platform.python_version()}; {packages}; {chromium_version()}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clicks", type=int, default=120, help="clicks to time (at least 100 for a p95)")
    parser.add_argument("--opens", type=int, default=3, help="lesson openings to time, pooled and cold")
    parser.add_argument("--lesson-opens", type=int, default=3, help="openings of every lesson for its timer stall")
    args = parser.parse_args()
    if not CHROMIUM.exists():
        sys.exit(f"Chromium is not installed at {CHROMIUM}: apt-get install -y chromium")
    print(machine())

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            server = start_voila()
            try:
                server.wait_for_log(f"Kernel pool of {PRACTICE} is filled")
                waiting = {k.pid: rss_mb(k) for k in server.kernels()}
                pooled = opens(browser, server, args.opens, pooled=True)
                context = browser.new_context()
                page = context.new_page()
                ids = kernel_ids(page)
                latencies, deals = click_latencies(page, server, args.clicks)
                learner = [rss_mb(k) for k in map(server.kernel, ids) if k is not None]
                kernels = [rss_mb(k) for k in server.kernels()]
                server_rss = rss_mb(psutil.Process(server.process.pid))
                context.close()
                stalls = lesson_stalls(browser, server, args.lesson_opens)
            finally:
                server.stop()
            cold_server = start_voila("--VoilaConfiguration.preheat_kernel=False")
            try:
                cold = opens(browser, cold_server, args.opens, pooled=False)
            finally:
                cold_server.stop()
        finally:
            browser.close()

    print(f"\nclick → redraw ({len(latencies)} clicks in {deals} practice deal(s), in-page performance.now()):")
    print(f"  p50 {statistics.median(latencies):.0f} ms   p95 {percentile(latencies, 0.95):.0f} ms   "
          f"max {max(latencies):.0f} ms   (goal: p95 under 150 ms)")
    print(f"open the practice lesson → interactive table ({args.opens} tabs each):")
    print(f"  preheated pool: {seconds(pooled)}")
    print(f"  cold kernel:    {seconds(cold)}")
    print("memory (RSS):")
    print(f"  server (voila, Python): {server_rss:.0f} MB")
    print("  kernels waiting in the pools before any learner: "
          + ", ".join(f"{mb:.0f} MB" for mb in waiting.values()))
    print(f"  the learner's kernel after {len(latencies)} clicks: "
          + (", ".join(f"{mb:.0f} MB" for mb in learner) or "not found") + "   (goal: under 120 MB)")
    print(f"  all {len(kernels)} kernels now (the pools refilled, earlier tabs not yet culled): "
          + ", ".join(f"{mb:.0f} MB" for mb in kernels))
    print(f"timer stalls while a lesson opens (longest wait of a 100 ms timer, worst of {args.lesson_opens} tabs;"
          " ipywidgets gives up on a widget after 2 s):")
    for path, (worst, failed) in stalls.items():
        print(f"  {path:34} {worst:.2f} s" + (f"   {failed} widget(s) failed to display" if failed else ""))


if __name__ == "__main__":
    main()
