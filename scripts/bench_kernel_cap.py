"""A practice kernel's memory in real play in the app, the figure the kernel's memory cap (``--kernel-memory``) is
sized from (``scripts/bench_kernel_memory.py`` measures a kernel over 1,000 deals without the server, before and
after).

Starts the app as ``scripts/app.sh`` serves it (Voilà through ``bulka_teach.serve``, the root ``voila.json``), its
kernels uncapped (``--kernel-memory=0``) unless ``--cap`` says, then for each game's practice lesson opens the page
without a browser and plays through the kernel's websocket as the page's widgets do: a legal card or action at each
turn, Hint every ``--hint-every``-th decision, Review (and back) after every ``--review-every``-th deal. After every
click it reads the kernel's ``/proc/<pid>/status``:

  - ``VmData``: the kernel's private writable memory (heap, anonymous maps, thread stacks), which the cap limits
    (``RLIMIT_DATA``);
  - ``VmRSS``: the memory it really holds; ``VmSize``: its address space (what ``RLIMIT_AS`` would limit).

With ``--flood N`` it plays nothing: it forges N widgets of 5 MB each on a practice page's kernel (``comm_open``
messages over the kernel's websocket, no code run), once uncapped and once capped (``--cap``, else the default), and
prints each kernel's peak and whether it ended, and the ratio of the peaks.

Prints, per game, the clicks, the deals played on (New deal or Continue pressed), hints and reviews, and those
figures after the page's cells ran and their peaks over the play; with ``--cap``, whether any kernel ended for its
memory. Asserts nothing.

Usage: .venv/bin/python scripts/bench_kernel_cap.py [--clicks 600] [--cap MB] [--games trappola …] [--flood 80]
"""
from __future__ import annotations

import argparse
import asyncio
import json
import random
import re
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))  # the browser tests' server helpers
sys.path.insert(0, str(Path(__file__).resolve().parent))  # bench_class's websocket player

import psutil  # noqa: E402
from bench_app import machine  # noqa: E402
from bench_class import Table, message, receive  # noqa: E402
from browser.voila_server import Server, free_port, start_server, voila_command  # noqa: E402
from tornado.httpclient import AsyncHTTPClient  # noqa: E402
from tornado.websocket import websocket_connect  # noqa: E402

from bulka_teach.serve.memory import KERNEL_MEMORY_MB  # noqa: E402

PRACTICE_LESSONS = ("czech-bulka/10-practice.ipynb", "trappola/09-practice.ipynb", "bouillotte/09-practice.ipynb")
FIELDS = ("VmData", "VmRSS", "VmSize")
MEMORY_LINE = "ran out of the memory it may use"
FLOOD_VALUE = "x" * (5 << 20)
FLOOD_STATE = {"_model_name": "TextModel", "_model_module": "@jupyter-widgets/controls",
               "_model_module_version": "2.0.0", "_view_name": "TextView", "_view_module": "@jupyter-widgets/controls",
               "_view_module_version": "2.0.0", "value": FLOOD_VALUE}
UPDATE_TIMEOUT = 60


@dataclass
class Figures:
    """One kernel's memory (kB, as ``/proc`` gives it): after its page rendered, and the peaks over the play."""

    lesson: str
    start: dict[str, int] = field(default_factory=dict)
    peak: dict[str, int] = field(default_factory=dict)
    clicks: int = 0
    hints: int = 0
    reviews: int = 0
    deals: int = 0
    ended: str = ""


def status(pid: int) -> dict[str, int]:
    """The kernel's ``FIELDS`` (kB) from ``/proc/<pid>/status``; empty once it is gone."""
    try:
        lines = Path(f"/proc/{pid}/status").read_text().splitlines()
    except (FileNotFoundError, ProcessLookupError):
        return {}
    values = dict(line.split(":", 1) for line in lines if ":" in line)
    return {name: int(values[name].split()[0]) for name in FIELDS if name in values}


class Player(Table):
    """The practice table played as a learner who asks for hints and reviews deals."""

    async def press(self, move: dict[str, Any]) -> None:
        """Send ``move`` and wait until the kernel has handled it (its ``idle`` status for it), keeping the table's
        latest ``ui`` (a move may change nothing, and the computer's turns may follow it)."""
        content = {"method": "custom", "content": move}
        text = message("comm_msg", {"comm_id": self.comm, "data": content}, self.session)
        sent = json.loads(text)["header"]["msg_id"]
        self.ws.write_message(text)
        while True:
            data = await receive(self.ws, UPDATE_TIMEOUT)
            if data is None:
                raise ConnectionError("the kernel's websocket closed")
            kind, parent = data["header"]["msg_type"], data.get("parent_header") or {}
            if kind == "comm_msg" and data["content"]["comm_id"] == self.comm:
                state = data["content"]["data"].get("state", {})
                if "ui" in state:
                    self.ui = state["ui"]
            elif kind == "status" and parent.get("msg_id") == sent and data["content"]["execution_state"] == "idle":
                return

    def enabled(self) -> set[str]:
        return {c["name"] for c in self.ui.get("controls", []) if c.get("enabled")}


async def play(server: Server, http: AsyncHTTPClient, lesson: str, args: argparse.Namespace) -> Figures:
    figures = Figures(lesson)
    response = await http.fetch(f"{server.url}/voila/render/{lesson}", request_timeout=300)
    found = re.search(r'"kernelId": *"([0-9a-f-]{36})"', response.body.decode())
    if not found:
        figures.ended = "the page has no kernel"
        return figures
    kernel = server.kernel(found.group(1))
    if kernel is None:
        figures.ended = "the page's kernel is not running"
        return figures
    table = await Player.connect(server, found.group(1))
    figures.start = figures.peak = status(kernel.pid)
    rng = random.Random(args.seed)
    decisions, reviewed = 0, -1
    try:
        while figures.clicks < args.clicks:
            enabled = table.enabled()
            if "back" in enabled:  # in the review: look at a decision, then back to the game
                items = (table.ui.get("review") or {}).get("items") or []
                if items and rng.random() < 0.5:
                    await table.press({"type": "review", "item": rng.randrange(len(items))})
                await table.press({"type": "control", "name": "back"})
            elif table.ui.get("clickable") or table.ui.get("buttons"):
                decisions += 1
                if "hint" in enabled and decisions % args.hint_every == 0:
                    await table.press({"type": "control", "name": "hint"})
                    figures.hints += 1
                await table.press(table.next_move())
            elif "review" in enabled and figures.deals % args.review_every == 0 and reviewed != figures.deals:
                reviewed = figures.deals
                await table.press({"type": "control", "name": "review"})
                figures.reviews += 1
            else:
                name = "continue" if "continue" in enabled else "new"
                figures.deals += 1
                await table.press({"type": "control", "name": name})
            figures.clicks += 1
            now = status(kernel.pid)
            if not now:
                figures.ended = "the kernel ended"
                break
            figures.peak = {name: max(figures.peak.get(name, 0), value) for name, value in now.items()}
    except (ConnectionError, TimeoutError) as err:
        figures.ended = f"{type(err).__name__}: {err}"
    table.ws.close()
    return figures


async def run(server: Server, args: argparse.Namespace) -> list[Figures]:
    http = AsyncHTTPClient()
    return [await play(server, http, lesson, args) for lesson in PRACTICE_LESSONS
            if not args.games or lesson.split("/")[0] in args.games]


@contextmanager
def serve(cap: int) -> Iterator[Server]:
    """The app on a free port, its kernels capped at ``cap`` MB (0: none), no preheated kernels."""
    log_path = Path(tempfile.mkdtemp(prefix="bench-kernel-memory-")) / "server.log"
    port = free_port()
    command = voila_command(port, f"--kernel-memory={cap}", "--VoilaConfiguration.preheat_kernel=False")
    server = start_server(command, log_path, f"http://127.0.0.1:{port}", "/voila/tree/")
    try:
        yield server
    finally:
        server.stop()
        print(f"server log: {log_path}")


async def flood(server: Server, widgets: int) -> tuple[int, dict[str, int], dict[str, int], bool]:
    """Forge ``widgets`` widgets of ``FLOOD_VALUE`` on a practice page's kernel (no code run: ``comm_open``
    messages, as a script on the school network could send); how many were sent before the kernel ended, its
    ``FIELDS`` before and at their peak, and whether it ended."""
    response = await AsyncHTTPClient().fetch(f"{server.url}/voila/render/{PRACTICE_LESSONS[0]}",
                                             request_timeout=300)
    found = re.search(r'"kernelId": *"([0-9a-f-]{36})"', response.body.decode())
    kernel = server.kernel(found.group(1)) if found else None
    if found is None or kernel is None:
        raise LookupError("the practice page has no running kernel")
    session = uuid.uuid4().hex
    ws = await websocket_connect(f"{server.url.replace('http', 'ws')}/api/kernels/{found.group(1)}/channels"
                                 f"?session_id={session}", connect_timeout=30, max_message_size=64 << 20)
    start = peak = status(kernel.pid)
    sent = 0
    while sent < widgets:
        content = {"comm_id": uuid.uuid4().hex, "target_name": "jupyter.widget", "data": {"state": FLOOD_STATE}}
        text = json.loads(message("comm_open", content, session))
        text["metadata"] = {"version": "2.1.0"}
        ws.write_message(json.dumps(text))
        sent += 1
        deadline = time.monotonic() + 0.3
        while time.monotonic() < deadline:  # read what comes back (ipywidgets echoes each value)
            try:
                await asyncio.wait_for(ws.read_message(), deadline - time.monotonic())
            except TimeoutError:
                break
        now = status(kernel.pid)
        if not now or _ended(kernel):
            break
        peak = {name: max(peak.get(name, 0), value) for name, value in now.items()}
    ws.close()
    return sent, start, peak, _ended(kernel)


def _ended(process: psutil.Process) -> bool:
    try:
        return not process.is_running() or process.status() == psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return True


def mb(kb: int | None) -> str:
    return "—" if kb is None else f"{kb / 1024:.1f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clicks", type=int, default=600, help="clicks played in each game's practice lesson")
    parser.add_argument("--hint-every", type=int, default=5, help="ask for a hint at every N-th decision")
    parser.add_argument("--review-every", type=int, default=3, help="review every N-th deal")
    parser.add_argument("--cap", type=int, default=0, help="the kernels' cap, MB (0: none, to measure)")
    parser.add_argument("--games", nargs="*", default=[], help="only these games' lessons (czech-bulka, …)")
    parser.add_argument("--flood", type=int, default=0,
                        help="instead of playing: forge this many 5 MB widgets, uncapped and capped (--cap, else the "
                             "default)")
    parser.add_argument("--seed", type=int, default=27)
    args = parser.parse_args()
    print(machine())
    if args.flood:
        report_flood(args.flood, args.cap or KERNEL_MEMORY_MB)
        return
    with serve(args.cap) as server:
        results = asyncio.run(run(server, args))
        log = server.log()
    print(f"kernels capped at {args.cap} MB" if args.cap else "kernels uncapped (--kernel-memory=0)")
    print(f"{'lesson':34} {'clicks':>6} {'deals':>5} {'hints':>5} {'reviews':>7}   "
          + "   ".join(f"{name} MB start → peak" for name in FIELDS))
    for f in results:
        row = "   ".join(f"{mb(f.start.get(name)):>8} → {mb(f.peak.get(name)):>6}" for name in FIELDS)
        print(f"{f.lesson:34} {f.clicks:>6} {f.deals:>5} {f.hints:>5} {f.reviews:>7}   {row}"
              + (f"   ({f.ended})" if f.ended else ""))
    worst = max((f.peak.get("VmData", 0) for f in results), default=0)
    print(f"highest VmData: {mb(worst)} MB; kernels that ended for their memory: {log.count(MEMORY_LINE)}")


def report_flood(widgets: int, cap: int) -> None:
    """The flood on an uncapped kernel and on one capped at ``cap`` MB, and the ratio of their peaks."""
    rows = []
    for each in (0, cap):
        with serve(each) as server:
            sent, start, peak, ended = asyncio.run(flood(server, widgets))
            told = MEMORY_LINE in server.log()
        rows.append((each, sent, start, peak, ended, told))
    print(f"{widgets} forged widgets of {len(FLOOD_VALUE) >> 20} MB each on a practice page's kernel:")
    for each, sent, start, peak, ended, told in rows:
        outcome = ("ended for its memory" if told else "ended") if ended else "still running"
        name = f"capped at {each} MB" if each else "uncapped"
        grew = (peak.get("VmRSS", 0) - start.get("VmRSS", 0)) / 1024 / max(1, sent)
        print(f"  {name:18} sent {sent:>4}   VmData {mb(start.get('VmData'))} → {mb(peak.get('VmData'))} MB, "
              f"RSS {mb(start.get('VmRSS'))} → {mb(peak.get('VmRSS'))} MB ({grew:.1f} MB a widget)   {outcome}")
    before, after = rows[0][3], rows[1][3]
    print(f"  peak RSS capped / uncapped: {after.get('VmRSS', 0) / max(1, before.get('VmRSS', 0)):.2f} "
          "(uncapped, the peak grows with the flood; capped, it stops at the cap)")


if __name__ == "__main__":
    main()
