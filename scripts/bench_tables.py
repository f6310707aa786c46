"""Classmates at shared tables, on one server: how soon every seat sees a move, what a table costs, how soon a student
is back at their seat.

    .venv/bin/python scripts/bench_tables.py [--tables 10] [--seats 3] [--seconds 60] [--standalone]

Starts the app server as ``scripts/app.sh`` does (no kernels prepared: the students here are the bench's clients,
one ``TableClient`` each, as their kernels would hold), or with ``--standalone`` the tables service alone
(``python -m bulka_teach.serve tables``). Sets up ``--tables`` tables of ``--seats`` students (Czech Bulka, Trappola
and Bouillotte in turn), and lets every student play for ``--seconds``: on their turn they think 0.5–2 s, then act.
Prints, per action, the time until each seat's connection received the table after it (p50, p95, max), the
server's memory per table (its RSS grown over the tables, once each game's code is loaded, and a table's own
objects measured in this process), and the time from a new connection to the seat taken back and drawn (a reload),
for every student.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import random
import socket
import statistics
import subprocess
import sys
import time
import tracemalloc
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psutil

from bulka_teach.table.table_client import TableClient
from bulka_teach.tables.protocol import SECRET_ENV, SECRET_HEADER, STUDENT
from bulka_teach.tables.service import TableService

REPO = Path(__file__).resolve().parents[1]
GAMES = ("czech-bulka", "trappola", "bouillotte")
SECRET = "bench-secret"
THINK = (0.5, 2.0)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start(standalone: bool) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    if standalone:
        command = [sys.executable, "-m", "bulka_teach.serve", "tables", f"--port={port}"]
    else:
        command = [sys.executable, "-m", "bulka_teach.serve", "lessons", "--no-browser", f"--port={port}",
                   "--Voila.ip=127.0.0.1", "--VoilaConfiguration.preheat_kernel=False"]
    process = subprocess.Popen(command, cwd=REPO, env=dict(os.environ, **{SECRET_ENV: SECRET}),
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}/bulka/tables/"
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        try:
            request = urllib.request.Request(url, headers={SECRET_HEADER: SECRET})
            with urllib.request.urlopen(request, timeout=5) as response:
                if response.status == 200:
                    return process, url
        except (urllib.error.URLError, ConnectionError):
            time.sleep(0.3)
    process.kill()
    raise SystemExit("the server did not start")


@dataclass
class Table:
    code: str
    clients: list[TableClient] = field(default_factory=list)
    pending: list[tuple[float, int, set[int]]] = field(default_factory=list)  # (sent at, events before, seats told)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def figures(name: str, values: list[float]) -> str:
    if not values:
        return f"{name}: none"
    ms = [v * 1000 for v in values]
    return (f"{name}: n={len(ms)}, p50 {statistics.median(ms):.0f} ms, p95 {percentile(ms, 0.95):.0f} ms, "
            f"max {max(ms):.0f} ms")


async def play(url: str, tables: int, seats: int, seconds: float, server: psutil.Process) -> None:
    told: list[float] = []
    for game in GAMES:  # the server loads each game's code once: not a table's cost
        warm = await TableClient(url, SECRET).create(game, [STUDENT] * 3)
        for seat in range(3):
            client = TableClient(url, SECRET)
            await client.join(warm["code"], f"Warm {seat}")
            await client.close()
    rss_before = server.memory_info().rss
    made: list[Table] = []
    names = ("Ann", "Ben", "Cleo", "Dan", "Eve")
    for number in range(tables):
        game = GAMES[number % len(GAMES)]
        if seats not in {"czech-bulka": (2, 3), "trappola": (2, 3, 4), "bouillotte": (3, 4, 5)}[game]:
            game = "trappola" if seats <= 4 else "bouillotte"
        setup = await TableClient(url, SECRET).create(game, [STUDENT] * seats)
        table = Table(setup["code"])
        for seat in range(seats):
            def seen(frame: dict[str, Any], table: Table = table, seat: int = seat) -> None:
                now = time.perf_counter()
                for sent, before, got in list(table.pending):
                    if frame["events"] > before and seat not in got:
                        got.add(seat)
                        told.append(now - sent)
                        if len(got) == seats:
                            table.pending.remove((sent, before, got))
            client = TableClient(url, SECRET, on_frame=seen)
            await client.join(table.code, names[seat])
            table.clients.append(client)
        made.append(table)
    stop = time.monotonic() + seconds
    actions = 0

    async def student(table: Table, client: TableClient, rng: random.Random) -> None:
        nonlocal actions
        acted_at = -1
        while time.monotonic() < stop:
            try:
                frame = await client.wait(lambda f, acted_at=acted_at: f["events"] != acted_at
                                          and bool(f["view"] and f["view"]["legal"]),
                                          timeout=max(0.1, stop - time.monotonic()))
            except TimeoutError:
                return
            await asyncio.sleep(rng.uniform(*THINK))
            legal = frame["view"]["legal"]
            action = rng.choice([a for a in legal if a != "tapis"] or legal)
            acted_at = frame["events"]
            table.pending.append((time.perf_counter(), acted_at, set()))
            await client.act(action)
            actions += 1

    rng = random.Random(1)
    await asyncio.gather(*(student(t, c, random.Random(rng.random())) for t in made for c in t.clients))
    rss_after = server.memory_info().rss
    print(f"{tables} tables of {seats} students, {seconds:.0f} s with {THINK[0]}-{THINK[1]} s think time: "
          f"{actions} actions")
    print(figures("an action → each seat's table received", told))
    print(f"server memory: {rss_before / 2**20:.1f} MB before the tables, {rss_after / 2**20:.1f} MB after; "
          f"{(rss_after - rss_before) / tables / 2**10:.0f} KB RSS per table")
    back: list[float] = []
    for table in made:
        for seat, client in enumerate(table.clients):
            token = client.token
            assert token is not None
            await client.close()
            started = time.perf_counter()
            again = TableClient(url, SECRET)
            await again.rejoin(table.code, token)
            await again.wait(lambda f, seat=seat: f["me"] == seat)
            back.append(time.perf_counter() - started)
            table.clients[seat] = again
    print(figures("a reload: new connection → seat taken back and its table received", back))
    for table in made:
        for client in table.clients:
            await client.close()


def table_objects(seats: int) -> float:
    """A table's own objects (its game mid-deal, its seats), in KB, measured in this process."""
    service = TableService()
    tables = []
    tracemalloc.start()
    start_size = tracemalloc.get_traced_memory()[0]
    for number in range(30):
        table = service.create(GAMES[number % 3] if seats == 3 else "trappola", [STUDENT] * seats)
        tokens = [table.join(f"P{seat}")[1] for seat in range(seats)]
        rng = random.Random(number)
        for _ in range(12):
            game = table.game
            if game is None or game.to_move is None:
                break
            table.act(tokens[game.to_move], rng.choice(game.legal_actions()))
        tables.append(table)
    size = tracemalloc.get_traced_memory()[0] - start_size
    tracemalloc.stop()
    return size / len(tables) / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--seats", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--standalone", action="store_true", help="the tables service alone, not the app server")
    args = parser.parse_args()
    process, url = start(args.standalone)
    try:
        server = psutil.Process(process.pid)
        print(f"server: {'the tables service alone' if args.standalone else 'the app server'} at {url}")
        asyncio.run(play(url, args.tables, args.seats, args.seconds, server))
    finally:
        process.terminate()
        process.wait(timeout=15)
    print(f"a table's own objects (game 12 actions in, {args.seats} seats), measured in-process: "
          f"{table_objects(args.seats):.0f} KB")


if __name__ == "__main__":
    main()
