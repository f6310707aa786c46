"""How soon a class server is ready: from the command to the log's ready line, to every lesson's pool filled, a
student who arrives before that, and a class arriving at once right after the ready line.

Prints figures, asserts nothing. For each checkout — this one, and ``--before DIR`` (another checkout, e.g.
``git worktree add --detach /tmp/main main``), their runs interleaved over ``--rounds`` — the server is started
as the last line of ``scripts/app.sh`` starts it (``python -m bulka_teach.serve lessons --class=N``, with this
Python and the checkout as its working directory; app.sh's set-up of its .venv is left out), and timed from that
command to:

- ``up``: its tree page answers;
- ``early``: a student who opens each of ``--early`` lessons in turn as soon as the server answers, leaving each
  (the server's time to the whole page): no kernel is prepared for those lessons yet, he gets one of his own;
- ``ready``: the line the teacher waits for: ``The class is ready`` where the checkout logs it; otherwise (before
  it did) the class lesson's ``Kernel pool of LESSON is filled with N kernel(s)`` line;
- ``burst``: right after ``ready``, ``--students`` ask for the class's deal within ``--spread`` seconds (the
  server's time to the whole page; from a prepared kernel or not, as the log says), then each plays ``--clicks``
  moves through the kernel's websocket as the page's widgets do (click → the table's update), and leaves;
- ``all``: every lesson's ``Kernel pool of … is filled`` line (its last kernel started), and ``idle``: the first
  second after it in which the server and its kernels used under a fifth of a core (the last page rendered).

With ``--no-class`` the same is measured on a server without ``CLASS`` (the pools of voila.json), for the early
student: "a student arriving early is never slower than without class mode".

Usage: python scripts/bench_class_ready.py [--before DIR] [--rounds 1] [--students 30] [--no-class] [--no-all]
"""
from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))  # the browser tests' server helpers
sys.path.insert(0, str(Path(__file__).resolve().parent))  # bench_class's students

from bench_app import machine, percentile  # noqa: E402
from bench_class import DEAL, Table, Tally, Visit, _busy, fetch, leave, stop  # noqa: E402
from browser.voila_server import PRACTICE, REPO, Server, free_port  # noqa: E402
from tornado.httpclient import AsyncHTTPClient  # noqa: E402

READY_LINE = "The class is ready:"  # bulka_teach.serve.pools.READY (not imported: the checkout may be older)
FILLED = re.compile(r"Kernel pool of (\S+) is filled with (\d+) kernel")
PREHEATED = "Using pre-heated kernel: {kernel}"


@dataclass
class Run:
    """One server's start, timed from the command (seconds)."""

    label: str
    up: float | None = None
    ready: float | None = None
    ready_how: str = ""
    class_pool: float | None = None  # the class lesson's "filled" line
    all_filled: float | None = None
    idle: float | None = None
    kernels: int = 0
    early: list[Visit] = field(default_factory=list)
    burst: list[Visit] = field(default_factory=list)
    prepared: int = 0  # burst pages served from a prepared kernel
    clicks: list[float] = field(default_factory=list)
    first_clicks: list[float] = field(default_factory=list)  # each student's first (the opponent's first replies)
    failures: list[str] = field(default_factory=list)


class LogWatch:
    """The server's log, read as it grows; the moment (since the command) each awaited line was first seen."""

    def __init__(self, server: Server, began: float) -> None:
        self.server, self.began = server, began

    def seen(self, text: str) -> bool:
        return text in self.server.log()

    def filled(self) -> dict[str, int]:
        return {lesson: int(size) for lesson, size in FILLED.findall(self.server.log())}

    def since(self) -> float:
        return time.monotonic() - self.began


def start(root: Path, students: int | None, log_path: Path) -> tuple[Server, float]:
    """The server from ``root`` as app.sh starts it (its kernels importing ``root``'s package, the class's data in a
    fresh file); the monotonic moment of the command."""
    port = free_port()
    command = [sys.executable, "-m", "bulka_teach.serve", "lessons", "--no-browser", f"--port={port}",
               "--Voila.ip=127.0.0.1", *([f"--class={students}"] if students else [])]
    log = log_path.open("wb")
    began = time.monotonic()
    env = {**os.environ, "PYTHONPATH": str(root), "BULKA_CLASS_DB": str(log_path.with_suffix(".sqlite3"))}
    process = subprocess.Popen(command, cwd=root, env=env, stdout=log, stderr=subprocess.STDOUT,
                               start_new_session=True)
    return Server(url=f"http://127.0.0.1:{port}", process=process, log_path=log_path), began


def lessons_of(root: Path) -> list[str]:
    return sorted(str(p.relative_to(root / "lessons")) for p in (root / "lessons").rglob("*.ipynb")
                  if ".ipynb_checkpoints" not in p.parts)


async def wait_up(server: Server, http: AsyncHTTPClient, limit: float) -> None:
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            raise RuntimeError(f"the server ended:\n{server.log()[-3000:]}")
        try:
            await http.fetch(server.url + "/voila/tree/", request_timeout=5)
            return
        except Exception:  # not yet listening
            await asyncio.sleep(0.1)
    raise TimeoutError("the server did not answer")


async def early_student(server: Server, http: AsyncHTTPClient, lessons: list[str], run: Run) -> None:
    """Opens ``lessons`` one after the other, leaving each."""
    visitor = uuid.uuid4().hex
    for path in lessons:
        visit, _ = await fetch(http, server, path, visitor=visitor)
        run.early.append(visit)
        if visit.kernel is None:
            run.failures.append(visit.error or f"early student: {path} without a kernel")
        await leave(http, server, visit, Tally())


async def wait_ready(watch: LogWatch, run: Run, lesson: str, students: int, limit: float) -> None:
    """Until the ready line (or, where the checkout logs none, the class lesson's pool is filled)."""
    filled_line = f"Kernel pool of {lesson} is filled with {students} kernel"
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if run.class_pool is None and watch.seen(filled_line):
            run.class_pool = watch.since()
        if watch.seen(READY_LINE):
            run.ready, run.ready_how = watch.since(), f"'{READY_LINE}'"
            return
        if run.class_pool is not None and not ready_line_logged_by(watch):
            run.ready, run.ready_how = run.class_pool, "the class lesson's 'filled' line (no ready line)"
            return
        await asyncio.sleep(0.1)
    run.failures.append(f"not ready within {limit:.0f} s")


def ready_line_logged_by(watch: LogWatch) -> bool:
    """Whether this checkout's app logs a ready line (its class mode says so at the start)."""
    return "prepared first" in watch.server.log()


async def student(number: int, arrive: float, server: Server, http: AsyncHTTPClient, run: Run, clicks: int,
                  rng: random.Random) -> None:
    await asyncio.sleep(arrive)
    visitor = uuid.uuid4().hex
    visit, _ = await fetch(http, server, PRACTICE, f"?deal={DEAL}", visitor)
    run.burst.append(visit)
    if visit.kernel is None:
        run.failures.append(visit.error or f"student {number}: a page without a kernel")
        return
    try:
        table = await Table.connect(server, visit.kernel)
        for click in range(clicks):
            await asyncio.sleep(rng.uniform(0.5, 1.5))
            seconds, _move = await table.click()
            (run.clicks if click else run.first_clicks).append(seconds)
        table.ws.close()
    except (TimeoutError, OSError, LookupError) as err:
        run.failures.append(f"student {number} playing: {err!r}")
    await leave(http, server, visit, Tally())


async def wait_all(server: Server, watch: LogWatch, run: Run, lessons: list[str], limit: float) -> None:
    """Until every lesson's pool logged 'filled', then until the server and kernels are nearly idle."""
    deadline = time.monotonic() + limit
    loop = asyncio.get_running_loop()
    while time.monotonic() < deadline:
        if run.all_filled is None and set(lessons) <= set(watch.filled()):
            run.all_filled = watch.since()
        if run.all_filled is not None:
            if await loop.run_in_executor(None, _busy, server) < 0.2:
                run.idle = watch.since() - 1  # _busy looked at the last second
                run.kernels = len(server.kernels())
                return
        else:
            await asyncio.sleep(0.5)
    run.failures.append(f"not every pool filled and quiet within {limit:.0f} s "
                        f"({len(watch.filled())} of {len(lessons)} lessons)")
    run.kernels = len(server.kernels())


async def measure(root: Path, label: str, args: argparse.Namespace, log_path: Path) -> Run:
    run = Run(label)
    server, began = start(root, None if args.no_class else args.students, log_path)
    watch = LogWatch(server, began)
    http = AsyncHTTPClient(force_instance=True, max_clients=4 * args.students)
    try:
        await wait_up(server, http, 120)
        run.up = watch.since()
        if args.early:
            await early_student(server, http, args.early, run)
        if args.no_class:
            return run
        await wait_ready(watch, run, PRACTICE, args.students, args.limit)
        if run.ready is None:
            return run
        rng = random.Random(args.seed)
        arrivals = sorted(rng.uniform(0, args.spread) for _ in range(args.students))
        await asyncio.gather(*(student(n, a, server, http, run, args.clicks, rng) for n, a in enumerate(arrivals)))
        log = server.log()
        run.prepared = sum(PREHEATED.format(kernel=v.kernel) in log for v in run.burst if v.kernel)
        if args.all:
            await wait_all(server, watch, run, lessons_of(root), args.limit)
        return run
    finally:
        http.close()
        stop(server, [k.pid for k in server.kernels()])


def seconds(value: float | None) -> str:
    return "—" if value is None else f"{value:.1f} s"


def spread(values: list[float], unit: str = "s", scale: float = 1.0) -> str:
    if not values:
        return "none"
    return (f"p50 {statistics.median(values) * scale:.2f}, p95 {percentile(values, 0.95) * scale:.2f}, "
            f"max {max(values) * scale:.2f} {unit} ({len(values)})")


def show(run: Run) -> None:
    print(f"{run.label}: up {seconds(run.up)}; ready {seconds(run.ready)} ({run.ready_how or '—'}); the class "
          f"lesson's pool 'filled' {seconds(run.class_pool)}; every pool 'filled' {seconds(run.all_filled)}, idle "
          f"{seconds(run.idle)} ({run.kernels} kernels)")
    for visit in run.early:
        print(f"  early student, {visit.lesson}: {seconds(visit.seconds)} (widgets {visit.widgets}, "
              f"errors {visit.errors})")
    if run.burst:
        served = [v.seconds for v in run.burst if v.seconds is not None]
        print(f"  burst of {len(run.burst)} after ready: pages {spread(served)}, from prepared kernels "
              f"{run.prepared}/{len(run.burst)}, with errors {sum(v.errors for v in run.burst)}; "
              f"first clicks {spread(run.first_clicks, 'ms', 1e3)}; later clicks {spread(run.clicks, 'ms', 1e3)}")
    for failure in run.failures[:5]:
        print(f"  failure: {failure}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", type=Path, help="another checkout, measured in turn with this one")
    parser.add_argument("--rounds", type=int, default=1, help="rounds, each checkout once a round, in turn first")
    parser.add_argument("--before-first", action="store_true", help="the first round starts with --before")
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--spread", type=float, default=10.0, help="seconds within which the burst arrives")
    parser.add_argument("--clicks", type=int, default=6, help="moves each student of the burst plays")
    parser.add_argument("--early", nargs="*", default=["czech-bulka/02-deal.ipynb", "trappola/01-cards.ipynb"],
                        help="lessons the early student opens (none: no early student)")
    parser.add_argument("--no-class", action="store_true", help="servers without CLASS (the early student only)")
    parser.add_argument("--no-all", dest="all", action="store_false", help="stop after the burst")
    parser.add_argument("--limit", type=float, default=900, help="seconds to wait for ready, then for every pool")
    parser.add_argument("--seed", type=int, default=30)
    args = parser.parse_args()
    roots = [("after", REPO)] + ([("before", args.before.resolve())] if args.before else [])
    print(machine())
    print(f"roots: {', '.join(f'{label} {root}' for label, root in roots)}; CLASS="
          f"{'unset' if args.no_class else args.students}")
    folder = Path(tempfile.mkdtemp(prefix="bench-ready-"))
    runs: list[Run] = []
    for round_ in range(args.rounds):
        order = roots if (round_ + args.before_first) % 2 == 0 else roots[::-1]
        for label, root in order:
            print(f"[{time.strftime('%H:%M:%S', time.gmtime())} UTC, load {os.getloadavg()[0]:.1f}] {label} ...",
                  flush=True)
            run = asyncio.run(measure(root, label, args, folder / f"{label}-{round_}.log"))
            show(run)
            runs.append(run)
    print(f"logs: {folder}")


if __name__ == "__main__":
    main()
