"""Storms on one server, before and after: kernels alive and memory after a reload storm and a page-request storm.

Prints figures, asserts nothing. For each checkout (``--root``, e.g. a worktree of main, then this repository) and
each storm, a fresh server is started from that checkout as ``scripts/app.sh`` runs it (``python -m
bulka_teach.serve lessons`` in the checkout, the shipped ``voila.json``, on 127.0.0.1 and a free port), its pools
are left to fill, and:

  - the reload storm: one student's browser asks for the practice lesson and gives up after ``--abort`` seconds
    (F5 while it loads; the connection closes as a browser's does), ``--reloads`` times; the last page is read
    whole and its widgets' websocket connected, as the page that stays open. The visitor cookie the first
    answer sets (if any) goes with every later request, as a browser's does.
  - the page-request storm: ``--requests`` requests for a lesson page without cookies (a script, ``curl``),
    ``--concurrency`` at a time, each read whole; and (``--storms invented``) the same with a new invented
    visitor cookie on each request, as a determined script would send.

After each storm, and again ``--later`` seconds on: the kernels alive (beyond the pools) and the memory of the
server and its kernels (RSS, MB); the answers' statuses. Then a line of ratios (this checkout / the other).

Usage: .venv/bin/python scripts/bench_storm.py --root /tmp/main27v [--reloads 20] [--requests 100]
(``git worktree add --detach /tmp/main27v main`` makes that checkout; its server runs with this .venv.)
"""
from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
import uuid
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))  # the browser tests' server helpers
sys.path.insert(0, str(Path(__file__).resolve().parent))  # bench_app's and bench_class's pieces

import psutil  # noqa: E402
from bench_app import machine  # noqa: E402
from bench_class import KERNEL_ID, rss, stop  # noqa: E402
from browser.voila_server import PRACTICE, REPO, Server, free_port, start_server  # noqa: E402
from tornado.httpclient import AsyncHTTPClient, HTTPClientError, HTTPRequest  # noqa: E402
from tornado.websocket import websocket_connect  # noqa: E402

LESSON = "czech-bulka/02-deal.ipynb"  # a lesson page without a pool: each page asked for starts a kernel
PAGE_TIMEOUT = 180


@dataclass
class Figures:
    """What one storm left on one server."""

    seconds: float = 0.0
    statuses: Counter[str] = field(default_factory=Counter)
    pools: int = 0
    kernels: int = 0
    mb: float = 0.0
    kernels_later: int = 0
    mb_later: float = 0.0


def serve(root: Path, log_path: Path) -> Server:
    port = free_port()
    command = [sys.executable, "-m", "bulka_teach.serve", "lessons", "--no-browser", f"--port={port}",
               "--Voila.ip=127.0.0.1"]
    server = start_server(command, log_path, f"http://127.0.0.1:{port}", "/voila/tree/", cwd=root)
    server.wait_for_log(f"Kernel pool of {PRACTICE} is filled", timeout=180)
    time.sleep(3)
    return server


def memory(server: Server) -> float:
    return rss([psutil.Process(server.process.pid), *server.kernels()])


async def reload_storm(server: Server, reloads: int, abort: float, statuses: Counter[str]) -> object:
    """The reloads; the last page's widget websocket (open: the page that stays) or None."""
    http = AsyncHTTPClient(force_instance=True)
    headers: list[str] = []  # the first answer's header lines (a browser keeps the cookies they set)
    url = f"{server.url}/voila/render/{PRACTICE}"
    try:
        for _ in range(reloads - 1):
            request = HTTPRequest(url, headers=_cookie(headers), request_timeout=abort,
                                  header_callback=headers.append if not headers else None,
                                  streaming_callback=lambda chunk: None)
            try:
                response = await http.fetch(request)
                statuses[str(response.code)] += 1
            except HTTPClientError as err:
                statuses["given up" if err.code == 599 else str(err.code)] += 1
        final = await http.fetch(url, headers=_cookie(headers), request_timeout=PAGE_TIMEOUT, raise_error=False)
        statuses[str(final.code)] += 1
        found = KERNEL_ID.search(final.body.decode("utf-8", errors="replace"))
        if found is None:
            return None
        return await websocket_connect(HTTPRequest(f"ws{server.url[4:]}/api/kernels/{found.group(1)}/channels",
                                                   headers=_cookie(headers)))
    finally:
        http.close()


def _cookie(header_lines: list[str]) -> dict[str, str]:
    """The Cookie header a browser sends back for these answer header lines (the visitor cookie, if set)."""
    cookies = [line.split(":", 1)[1].split(";", 1)[0].strip() for line in header_lines
               if line.lower().startswith("set-cookie:") and "bulka_visitor=" in line]
    return {"Cookie": "; ".join(cookies)} if cookies else {}


async def request_storm(server: Server, requests: int, concurrency: int, statuses: Counter[str],
                        invent: bool = False) -> None:
    http = AsyncHTTPClient(force_instance=True, max_clients=concurrency)
    gate = asyncio.Semaphore(concurrency)  # so that no request waits in the client's queue, where its time runs

    async def one() -> None:
        async with gate:
            try:
                headers = {"Cookie": f"bulka_visitor={uuid.uuid4().hex}"} if invent else None
                answer = await http.fetch(f"{server.url}/voila/render/{LESSON}", headers=headers,
                                          request_timeout=PAGE_TIMEOUT, raise_error=False)
                statuses[str(answer.code)] += 1
            except (HTTPClientError, OSError) as err:
                statuses[type(err).__name__] += 1

    try:
        await asyncio.gather(*(one() for _ in range(requests)))
    finally:
        http.close()


async def storm(server: Server, name: str, args: argparse.Namespace) -> Figures:
    figures = Figures(pools=len(server.kernels()))
    start = time.monotonic()
    page = None
    if name == "reload":
        page = await reload_storm(server, args.reloads, args.abort, figures.statuses)
    else:
        await request_storm(server, args.requests, args.concurrency, figures.statuses, invent=name == "invented")
    figures.seconds = time.monotonic() - start
    await asyncio.sleep(2)  # the last kernels' shutdowns, if any, under way
    figures.kernels, figures.mb = len(server.kernels()) - figures.pools, memory(server)
    await asyncio.sleep(args.later)
    figures.kernels_later, figures.mb_later = len(server.kernels()) - figures.pools, memory(server)
    if page is not None:
        page.close()  # type: ignore[attr-defined]
    return figures


def measure(root: Path, name: str, args: argparse.Namespace) -> Figures:
    server = serve(root, Path(tempfile.mkdtemp(prefix="bench-storm-")) / "server.log")
    try:
        return asyncio.run(storm(server, name, args))
    finally:
        stop(server, [kernel.pid for kernel in server.kernels()])  # kernels still running when Voilà ends are ended


def line(label: str, f: Figures) -> str:
    answers = ", ".join(f"{status} ×{count}" for status, count in sorted(f.statuses.items()))
    return (f"  {label:<8} {f.seconds:6.1f} s  answers: {answers:<34} kernels beyond the pools ({f.pools}): "
            f"{f.kernels:3d}, {f.kernels_later:3d} later; server+kernels {f.mb:6.0f} MB, {f.mb_later:6.0f} MB later")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, required=True, help="the checkout to compare with (e.g. main)")
    parser.add_argument("--reloads", type=int, default=20)
    parser.add_argument("--abort", type=float, default=0.5, help="seconds after which a reload gives up its page")
    parser.add_argument("--requests", type=int, default=100)
    parser.add_argument("--concurrency", type=int, default=10)
    parser.add_argument("--later", type=float, default=30.0, help="seconds after the storm for the second figures")
    parser.add_argument("--storms", default="reload,requests", help="which storms, comma-separated: reload, "
                                                                    "requests, invented")
    args = parser.parse_args()
    print(machine())
    roots = {"other": args.root.resolve(), "this": REPO}
    for name, title in (("reload", f"reload storm: one visitor, {args.reloads} reloads {args.abort} s into loading"),
                        ("requests", f"page-request storm: {args.requests} requests without cookies, "
                                     f"{args.concurrency} at a time"),
                        ("invented", f"page-request storm: {args.requests} requests, each with a new invented "
                                     "visitor cookie (a determined script: only the grace and the maximum hold it)")):
        if name not in args.storms.split(","):
            continue
        print(title, flush=True)
        results = {}
        for label, root in roots.items():
            results[label] = measure(root, name, args)
            print(line(label, results[label]), flush=True)
        other, this = results["other"], results["this"]
        print(f"  this/other: kernels {this.kernels}/{other.kernels}, later {this.kernels_later}/{other.kernels_later};"
              f" memory {this.mb / max(other.mb, 1):.2f}×, later {this.mb_later / max(other.mb_later, 1):.2f}×",
              flush=True)


if __name__ == "__main__":
    main()
