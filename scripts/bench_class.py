"""A class on one server: N students arrive within a few seconds, play, leave, open other lessons.

Prints figures, asserts nothing. The server is started as ``scripts/app.sh`` starts it, from ``--root``
(this repository unless told; give another checkout to measure it the same way), with ``CLASS=N`` in
class mode, on 127.0.0.1 and a free port; everything it started is stopped at the end.

Students are plain clients, so that the figures are the server's and not thirty browsers' on the same cores:
  - each asks for the practice lesson with one ``?deal=`` code at a random moment within ``--spread``
    seconds (HTTP, reading the page to its last byte: the server's time to the whole page), checks that
    the page is whole (as many widget outputs as the lesson gives on a calm server, no error output);
  - then plays through the kernel's websocket as the page's widgets do (a card or an action each
    ``--think`` seconds: click → the table's update, over the websocket, without any rendering);
  - leaves as the page does (the beacon ``POST /voila/api/shutdown/<kernel>`` with the ``_xsrf`` its
    cookie holds, if the page set one) and opens another lesson, reads it, leaves it the same way.
A few Chromium tabs (``--browsers``) play among them and give click → redraw in the page (the goal's
figure), and close their tabs as a browser does (its beforeunload beacon). At the end: how long each
closed page's kernel took to go, the kernels left and the memory, once the class has gone.

Usage: .venv/bin/python scripts/bench_class.py [--students 30] [--spread 10] [--no-class] [--root DIR]
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))  # the browser tests' server helpers
sys.path.insert(0, str(Path(__file__).resolve().parent))  # bench_app's pieces

import psutil  # noqa: E402
from bench_app import _CLICK_TO_REDRAW, _WAITING, READY, machine, percentile  # noqa: E402
from browser.practice_page import TABLE  # noqa: E402
from browser.voila_server import (  # noqa: E402
    CHROMIUM,
    CHROMIUM_ARGS,
    PRACTICE,
    REPO,
    WIDGET_TIMEOUT_MS,
    Server,
    free_port,
    kernel_ids,
    lesson_paths,
)
from playwright.sync_api import sync_playwright  # noqa: E402
from tornado.httpclient import AsyncHTTPClient, HTTPClientError, HTTPRequest  # noqa: E402
from tornado.websocket import WebSocketClientConnection, websocket_connect  # noqa: E402

MB = 1024 * 1024
DEAL = "CB2-std-4KQ7M2XA"  # the class's deal (README: one link for the class)
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
ERROR_MARKS = ('data-mime-type="application/vnd.jupyter.stderr"', "Cell execution timed out",
               "There was an error when executing cell", "An exception occurred at the server")
KERNEL_ID = re.compile(r'"kernelId": *"([0-9a-f-]{36})"')
VISITOR_COOKIE = "bulka_visitor"  # bulka_teach.serve.visitors.COOKIE (not imported: --root may be another checkout)
PAGE_TIMEOUT = 180  # seconds a student waits for a page before it counts as failed
UPDATE_TIMEOUT = 30  # seconds a click waits for the table's update


@dataclass
class Visit:
    """One student's page: what it cost the server and whether it came whole."""

    lesson: str
    seconds: float | None = None  # to the page's last byte; None: failed
    widgets: int = 0
    errors: bool = False
    kernel: str | None = None
    xsrf: str = ""
    beacon: int | None = None  # the status the shutdown beacon got
    left_at: float | None = None  # monotonic time of the beacon
    error: str = ""


@dataclass
class Tally:
    """Everything the students measured."""

    visits: list[Visit] = field(default_factory=list)
    ws_clicks: list[float] = field(default_factory=list)  # seconds, click → the table's update (websocket)
    slowest: list[tuple[float, float, str]] = field(default_factory=list)  # (seconds, when, move) of each click
    page_clicks: list[float] = field(default_factory=list)  # milliseconds, click → redraw in Chromium
    browser_opens: list[float] = field(default_factory=list)  # seconds, asking → an interactive table
    closed: dict[str, float] = field(default_factory=dict)  # kernel id → monotonic time its page left
    gone: dict[str, float] = field(default_factory=dict)  # kernel id → monotonic time it was seen gone
    kernel_mb: dict[str, list[float]] = field(default_factory=dict)  # lesson → RSS of its students' kernels
    failures: list[str] = field(default_factory=list)
    began: float = field(default_factory=time.monotonic)  # when the class began


# --- the server ----------------------------------------------------------------------------------------------
def start(root: Path, students: int, class_mode: bool, log_path: Path) -> Server:
    """``bash ROOT/scripts/app.sh`` on a free port of 127.0.0.1 (``CLASS`` set in class mode), in its own session."""
    port = free_port()
    env = {**os.environ, "PORT": str(port), "HOST": "127.0.0.1"}
    env.pop("CLASS", None)
    if class_mode:
        env["CLASS"] = str(students)
    log = log_path.open("wb")
    process = subprocess.Popen(["bash", str(root / "scripts" / "app.sh")], cwd=root, env=env, stdout=log,
                               stderr=subprocess.STDOUT, start_new_session=True)
    server = Server(url=f"http://127.0.0.1:{port}", process=process, log_path=log_path)
    deadline = time.monotonic() + 300  # app.sh sets up its .venv first
    while not _answers(server.url + "/voila/tree/"):
        if process.poll() is not None or time.monotonic() > deadline:
            stop(server, [])
            raise SystemExit(f"the server did not start:\n{server.log()[-3000:]}")
        time.sleep(0.5)
    return server


def _answers(url: str) -> bool:
    try:
        return subprocess.run(["curl", "-sf", "-o", "/dev/null", url], timeout=10).returncode == 0
    except subprocess.TimeoutExpired:
        return False


def settle(server: Server, quiet_seconds: float = 10, limit: float = 600) -> list[psutil.Process]:
    """Wait until the server's kernels stop changing and the server and kernels are nearly idle."""
    deadline, last, since = time.monotonic() + limit, None, time.monotonic()
    while time.monotonic() < deadline:
        kernels = server.kernels()
        ids = sorted(k.pid for k in kernels)
        if ids != last:
            last, since = ids, time.monotonic()
        elif time.monotonic() - since >= quiet_seconds and _busy(server) < 0.2:
            return kernels
        time.sleep(1)
    return server.kernels()


def _busy(server: Server) -> float:
    """Cores the server and its kernels used over the last second."""
    processes = [psutil.Process(server.process.pid), *server.kernels()]
    before = [_cpu(p) for p in processes]
    time.sleep(1)
    return sum(_cpu(p) - b for p, b in zip(processes, before))


def _cpu(process: psutil.Process) -> float:
    try:
        times = process.cpu_times()
        return times.user + times.system
    except psutil.Error:
        return 0.0


def rss(processes: list[psutil.Process]) -> float:
    total = 0.0
    for process in processes:
        try:
            total += process.memory_info().rss / MB
        except psutil.Error:
            continue
    return total


def command_lines(server: Server) -> dict[int, str]:
    """Each running kernel's command line (which names its connection file, so its id), by pid."""
    lines = {}
    for kernel in server.kernels():
        try:
            lines[kernel.pid] = " ".join(kernel.cmdline())
        except psutil.Error:  # it just ended
            continue
    return lines


def kernel_rss(server: Server, kernel: str) -> float | None:
    pid = next((pid for pid, line in command_lines(server).items() if kernel in line), None)
    try:
        return psutil.Process(pid).memory_info().rss / MB if pid else None
    except psutil.Error:
        return None


def stop(server: Server, known: list[int]) -> None:
    """Stop the server (it shuts its kernels down), then end whatever of its session or kernels is left."""
    server.stop()
    for pid in known:
        try:
            psutil.Process(pid).kill()
        except psutil.Error:
            continue
    try:
        os.killpg(server.process.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


# --- a student without a browser -----------------------------------------------------------------------------
async def fetch(http: AsyncHTTPClient, server: Server, lesson: str, query: str = "",
                visitor: str = "") -> tuple[Visit, str]:
    """Ask for a lesson's page as a browser does (with its visitor cookie, as a browser that has been here before
    sends it; the app counts requests without one by their address) and read it to its last byte."""
    visit = Visit(lesson)
    start = time.monotonic()
    headers = {"Cookie": f"{VISITOR_COOKIE}={visitor or uuid.uuid4().hex}"}
    try:
        response = await http.fetch(f"{server.url}/voila/render/{lesson}{query}", headers=headers,
                                    request_timeout=PAGE_TIMEOUT)
    except (TimeoutError, HTTPClientError, OSError) as err:
        visit.error = f"{lesson}: {err}"
        return visit, ""
    visit.seconds = time.monotonic() - start
    html = response.body.decode("utf-8", errors="replace")
    visit.widgets = html.count(WIDGET_VIEW)
    visit.errors = any(mark in html for mark in ERROR_MARKS)
    found = KERNEL_ID.search(html)
    visit.kernel = found.group(1) if found else None
    for cookie in response.headers.get_list("Set-Cookie"):
        if cookie.startswith("_xsrf="):
            visit.xsrf = cookie.split(";", 1)[0].split("=", 1)[1]
    return visit, html


async def leave(http: AsyncHTTPClient, server: Server, visit: Visit, tally: Tally) -> None:
    """What the page does when its tab closes: the shutdown beacon, with the ``_xsrf`` of its cookie if any."""
    if visit.kernel is None:
        return
    visit.left_at = time.monotonic()
    tally.closed[visit.kernel] = visit.left_at
    headers = {"Content-Type": "application/x-www-form-urlencoded"}
    if visit.xsrf:
        headers["Cookie"] = f"_xsrf={visit.xsrf}"
    request = HTTPRequest(f"{server.url}/voila/api/shutdown/{visit.kernel}", method="POST", headers=headers,
                          body=urlencode({"_xsrf": visit.xsrf}), request_timeout=60)
    try:
        visit.beacon = (await http.fetch(request)).code
    except HTTPClientError as err:
        visit.beacon = err.code
    except OSError:
        visit.beacon = None


def message(msg_type: str, content: dict[str, Any], session: str) -> str:
    header = {"msg_id": uuid.uuid4().hex, "msg_type": msg_type, "session": session, "username": "student",
              "version": "5.3", "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}
    return json.dumps({"header": header, "parent_header": {}, "metadata": {}, "content": content,
                       "channel": "shell", "buffers": []})


async def receive(ws: WebSocketClientConnection, timeout: float) -> dict[str, Any] | None:
    """The next JSON message (binary frames, which carry buffers, are skipped); None when the socket closed."""
    while True:
        frame = await asyncio.wait_for(ws.read_message(), timeout)
        if frame is None:
            return None
        if isinstance(frame, str):
            data: dict[str, Any] = json.loads(frame)
            return data


class Table:
    """The practice table of a kernel, played through its websocket as the page's widgets play it."""

    def __init__(self, ws: WebSocketClientConnection, session: str, comm: str, ui: dict[str, Any]) -> None:
        self.ws, self.session, self.comm, self.ui = ws, session, comm, ui

    @classmethod
    async def connect(cls, server: Server, kernel: str) -> Table:
        session = uuid.uuid4().hex
        ws = await websocket_connect(f"{server.url.replace('http', 'ws')}/api/kernels/{kernel}/channels"
                                     f"?session_id={session}", connect_timeout=30)
        ws.write_message(message("comm_info_request", {"target_name": "jupyter.widget"}, session))
        comms: list[str] = []
        while not comms:
            data = await receive(ws, UPDATE_TIMEOUT)
            if data is None:
                raise ConnectionError("the kernel's websocket closed")
            if data["header"]["msg_type"] == "comm_info_reply":
                comms = list(data["content"]["comms"])
        for comm in comms:
            ws.write_message(message("comm_msg", {"comm_id": comm, "data": {"method": "request_state"}}, session))
        waiting = set(comms)
        while waiting:
            data = await receive(ws, UPDATE_TIMEOUT)
            if data is None:
                raise ConnectionError("the kernel's websocket closed")
            if data["header"]["msg_type"] != "comm_msg":
                continue
            comm, state = data["content"]["comm_id"], data["content"]["data"].get("state", {})
            waiting.discard(comm)
            if (state.get("ui") or {}).get("mode") == "play":
                return cls(ws, session, comm, state["ui"])
        raise LookupError("the page holds no practice table")

    def next_move(self) -> dict[str, Any]:
        if self.ui.get("clickable"):
            return {"type": "card", "card": sorted(self.ui["clickable"])[0]}
        if self.ui.get("buttons"):
            return {"type": "action", "action": self.ui["buttons"][0]["action"]}
        enabled = {c["name"] for c in self.ui.get("controls", []) if c.get("enabled")}
        return {"type": "control", "name": "continue" if "continue" in enabled else "new"}

    async def click(self) -> tuple[float, str]:
        """Play the next move; seconds until the table's new ``ui`` arrives, and the move."""
        move = self.next_move()
        content = {"method": "custom", "content": move}
        start = time.monotonic()
        self.ws.write_message(message("comm_msg", {"comm_id": self.comm, "data": content}, self.session))
        while True:
            data = await receive(self.ws, UPDATE_TIMEOUT)
            if data is None:
                raise ConnectionError("the kernel's websocket closed")
            if data["header"]["msg_type"] == "comm_msg" and data["content"]["comm_id"] == self.comm:
                state = data["content"]["data"].get("state", {})
                if "ui" in state:
                    self.ui = state["ui"]
                    return time.monotonic() - start, str(move.get("card") or move.get("action") or move.get("name"))


async def student(number: int, arrive: float, args: argparse.Namespace, server: Server, http: AsyncHTTPClient,
                  tally: Tally, class_over: asyncio.Event, rng: random.Random, others: list[str]) -> None:
    """Arrive, open the class's deal, play until the class is over, leave; open another lesson, read it, leave."""
    await asyncio.sleep(arrive)
    visitor = uuid.uuid4().hex  # the student's browser's cookie
    visit, _ = await fetch(http, server, PRACTICE, f"?deal={DEAL}", visitor)
    tally.visits.append(visit)
    if visit.kernel is None:
        tally.failures.append(visit.error or f"student {number}: a page without a kernel")
        return
    try:
        table = await Table.connect(server, visit.kernel)
        clicks = 0
        while clicks < args.clicks or not class_over.is_set():
            await asyncio.sleep(rng.uniform(0.5, 1.5) * args.think)
            seconds, move = await table.click()
            tally.ws_clicks.append(seconds)
            tally.slowest.append((seconds, time.monotonic() - tally.began, move))
            clicks += 1
        size = kernel_rss(server, visit.kernel)
        if size is not None:
            tally.kernel_mb.setdefault(PRACTICE, []).append(size)
        await leave(http, server, visit, tally)
        table.ws.close()
    except (TimeoutError, OSError, LookupError) as err:
        tally.failures.append(f"student {number} playing: {err!r}")
        await leave(http, server, visit, tally)
    await asyncio.sleep(rng.uniform(0.5, 1.5) * args.think)
    second, _ = await fetch(http, server, rng.choice(others), visitor=visitor)
    tally.visits.append(second)
    if second.kernel is None:
        tally.failures.append(second.error or f"student {number}: {second.lesson} without a kernel")
        return
    await asyncio.sleep(rng.uniform(1, 2) * args.think)
    size = kernel_rss(server, second.kernel)
    if size is not None:
        tally.kernel_mb.setdefault("other lessons", []).append(size)
    await leave(http, server, second, tally)


async def watch_kernels(server: Server, tally: Tally, done: asyncio.Event) -> None:
    """Note when each closed page's kernel is seen gone (every half second)."""
    loop = asyncio.get_running_loop()
    while not done.is_set():
        alive = " ".join((await loop.run_in_executor(None, command_lines, server)).values())
        now = time.monotonic()
        for kernel in list(tally.closed):
            if kernel not in tally.gone and kernel not in alive:
                tally.gone[kernel] = now
        await asyncio.sleep(0.5)


# --- a few students in Chromium --------------------------------------------------------------------------------
def browsers(args: argparse.Namespace, server: Server, tally: Tally, start: threading.Event,
             finished: threading.Event) -> None:
    """``--browsers`` tabs open the class's deal, click with a short think time, then close as a tab does."""
    try:
        start.wait()
        with sync_playwright() as playwright:
            chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
            try:
                tabs = []
                for _ in range(args.browsers):
                    context = chromium.new_context()
                    page = context.new_page()
                    ids = kernel_ids(page)
                    opened = time.monotonic()
                    page.goto(f"{server.url}/voila/render/{PRACTICE}?deal={DEAL}", wait_until="commit",
                              timeout=WIDGET_TIMEOUT_MS)
                    page.locator(TABLE).first.locator(READY).first.wait_for(timeout=WIDGET_TIMEOUT_MS)
                    tally.browser_opens.append(time.monotonic() - opened)
                    tabs.append((context, page, ids))
                for _ in range(args.browser_clicks):
                    for _context, page, _ids in tabs:
                        page.wait_for_function(_WAITING, arg=TABLE, timeout=WIDGET_TIMEOUT_MS)
                        if page.locator(TABLE).first.locator(".bt-outcome").count():
                            page.locator(TABLE).first.locator(".bt-control[data-name='new']").click()
                            page.wait_for_function(_WAITING, arg=TABLE, timeout=WIDGET_TIMEOUT_MS)
                        elapsed = page.evaluate(_CLICK_TO_REDRAW, TABLE)
                        if elapsed is not None:
                            tally.page_clicks.append(elapsed)
                    time.sleep(args.browser_think)
                for context, page, ids in tabs:
                    for kernel in ids[:1]:
                        tally.closed[kernel] = time.monotonic()
                    page.close(run_before_unload=True)
                    context.close()
            finally:
                chromium.close()
    except Exception as err:  # reported with the figures; the class goes on
        tally.failures.append(f"browsers: {err!r}"[:300])
    finally:
        finished.set()


# --- the class -----------------------------------------------------------------------------------------------
async def lesson_class(args: argparse.Namespace, server: Server, tally: Tally) -> None:
    rng = random.Random(args.seed)
    http = AsyncHTTPClient(force_instance=True, max_clients=4 * args.students)
    others = [path for path in lesson_paths() if path != PRACTICE]
    class_over, watching = asyncio.Event(), asyncio.Event()
    browsers_go, browsers_done = threading.Event(), threading.Event()
    watcher = asyncio.create_task(watch_kernels(server, tally, watching))
    thread = threading.Thread(target=browsers, args=(args, server, tally, browsers_go, browsers_done), daemon=True)
    thread.start()
    arrivals = sorted(rng.uniform(0, args.spread) for _ in range(args.students))
    students = [asyncio.create_task(student(n, a, args, server, http, tally, class_over, rng, others))
                for n, a in enumerate(arrivals)]

    async def end_of_class() -> None:
        while sum(v.lesson == PRACTICE for v in tally.visits) < args.students:  # every student is in
            await asyncio.sleep(0.5)
        browsers_go.set()
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(None, browsers_done.wait)
        class_over.set()

    ender = asyncio.create_task(end_of_class())
    try:
        await asyncio.wait_for(asyncio.gather(*students, ender), args.max_seconds)
    except TimeoutError:
        tally.failures.append(f"the class did not end within {args.max_seconds} s")
        class_over.set()
    deadline = time.monotonic() + 30  # every closed page's kernel gets this long to go
    while set(tally.closed) - set(tally.gone) and time.monotonic() < deadline:
        await asyncio.sleep(0.5)
    watching.set()
    await watcher
    http.close()


async def references(server: Server, lessons: list[str]) -> dict[str, int]:
    """Widget outputs of each lesson's page on a calm server (each kernel then shut down with the tree's cookie)."""
    http = AsyncHTTPClient(force_instance=True)
    tree = await http.fetch(server.url + "/voila/tree/")
    xsrf = next((c.split(";", 1)[0].split("=", 1)[1] for c in tree.headers.get_list("Set-Cookie")
                 if c.startswith("_xsrf=")), "")
    counts = {}
    for lesson in lessons:
        visit, _ = await fetch(http, server, lesson, f"?deal={DEAL}" if lesson == PRACTICE else "")
        counts[lesson] = visit.widgets
        visit.xsrf = visit.xsrf or xsrf
        await leave(http, server, visit, Tally())
    http.close()
    return counts


def figures(values: list[float], unit: str, scale: float = 1.0) -> str:
    if not values:
        return "none"
    return (f"p50 {statistics.median(values) * scale:.2f} {unit}, p95 {percentile(values, 0.95) * scale:.2f} {unit}, "
            f"max {max(values) * scale:.2f} {unit} ({len(values)})")


def report(args: argparse.Namespace, tally: Tally, refs: dict[str, int], prepared: int, prepared_mb: float,
           after: list[psutil.Process], after_mb: float, server_mb: float, leftover: int) -> None:
    first = [v for v in tally.visits if v.lesson == PRACTICE]
    later = [v for v in tally.visits if v.lesson != PRACTICE]

    def whole(v: Visit) -> bool:
        return v.seconds is not None and not v.errors and v.widgets >= refs.get(v.lesson, 0)

    print(f"\n{args.students} students arriving within {args.spread:g} s, "
          f"{'CLASS set' if not args.no_class else 'CLASS unset'} (root {args.root}):")
    print(f"  the class's page (practice, ?deal=), server's time to the whole page: "
          f"{figures([v.seconds for v in first if v.seconds is not None], 's')}; "
          f"whole {sum(map(whole, first))}/{len(first)} (failed {sum(v.seconds is None for v in first)}, "
          f"partial {sum(v.seconds is not None and not whole(v) for v in first)})")
    print(f"  another lesson after leaving: {figures([v.seconds for v in later if v.seconds is not None], 's')}; "
          f"whole {sum(map(whole, later))}/{len(later)}")
    print(f"  in Chromium ({args.browsers} tab(s) among them): asking → interactive table "
          f"{figures(tally.browser_opens, 's')}")
    print(f"click → redraw in Chromium, {args.students + args.browsers} playing: {figures(tally.page_clicks, 'ms')}")
    print(f"click → the table's update over the websocket (no rendering): {figures(tally.ws_clicks, 'ms', 1e3)}; "
          "slowest: " + ", ".join(f"{s * 1e3:.0f} ms at {t:.0f} s ({m})" for s, t, m in sorted(tally.slowest)[-3:]))
    gone = [tally.gone[k] - t for k, t in tally.closed.items() if k in tally.gone]
    beacons: dict[str, int] = {}
    for visit in tally.visits:
        beacons[str(visit.beacon)] = beacons.get(str(visit.beacon), 0) + 1
    print(f"closed pages: {len(tally.closed)}; kernel gone {figures(gone, 's')}; still running 30 s after "
          f"the last left: {len(set(tally.closed) - set(tally.gone))}; beacon answers {beacons}")
    print(f"kernels prepared before the class: {prepared} ({prepared_mb:.0f} MB); after the class left: "
          f"{len(after)} ({after_mb:.0f} MB), of them students' still running: {leftover}; server {server_mb:.0f} MB")
    for lesson, sizes in tally.kernel_mb.items():
        print(f"  a student's kernel ({lesson}): median {statistics.median(sizes):.0f} MB, max {max(sizes):.0f} MB")
    if tally.failures:
        print(f"failures ({len(tally.failures)}): " + "; ".join(tally.failures[:5]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=30, help="students in the class (at most 60)")
    parser.add_argument("--spread", type=float, default=10.0, help="seconds within which they arrive")
    parser.add_argument("--clicks", type=int, default=8, help="clicks each student plays at least")
    parser.add_argument("--think", type=float, default=3.0, help="a student's mean think time, seconds")
    parser.add_argument("--browsers", type=int, default=2, help="students in Chromium tabs (at most 4)")
    parser.add_argument("--browser-clicks", type=int, default=30, help="clicks of each Chromium tab")
    parser.add_argument("--browser-think", type=float, default=0.5, help="seconds between Chromium clicks")
    parser.add_argument("--no-class", action="store_true", help="start the server without CLASS")
    parser.add_argument("--root", type=Path, default=REPO, help="the checkout whose scripts/app.sh to run")
    parser.add_argument("--max-seconds", type=float, default=600, help="the class ends by then, whatever happens")
    parser.add_argument("--seed", type=int, default=16)
    args = parser.parse_args()
    if not 1 <= args.students <= 60 or not 0 <= args.browsers <= 4:
        sys.exit("--students is 1 to 60 and --browsers 0 to 4")
    if args.browsers and not CHROMIUM.exists():
        sys.exit(f"Chromium is not installed at {CHROMIUM}: apt-get install -y chromium")
    print(machine())
    log_path = Path(tempfile.mkdtemp(prefix="bench-class-")) / "server.log"
    server = start(args.root.resolve(), args.students, not args.no_class, log_path)
    seen: set[int] = set()
    try:
        prepared_kernels = settle(server)
        prepared = {k.pid for k in prepared_kernels}
        prepared_mb = rss(prepared_kernels)
        seen |= prepared
        tally = Tally()
        asyncio.run(lesson_class(args, server, tally))
        after = settle(server, quiet_seconds=5, limit=120)
        seen |= {k.pid for k in after}
        after_mb = rss(after)
        leftover = sum(1 for line in command_lines(server).values() if any(kid in line for kid in tally.closed))
        server_mb = rss([psutil.Process(server.process.pid)])
        refs = asyncio.run(references(server, lesson_paths()))
        report(args, tally, refs, len(prepared), prepared_mb, after, after_mb, server_mb, leftover)
        print(f"server log: {log_path}")
    finally:
        seen |= {k.pid for k in server.kernels()}
        stop(server, sorted(seen))


if __name__ == "__main__":
    main()
