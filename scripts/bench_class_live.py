"""How soon the teacher's page shows a class's answers: ``python scripts/bench_class_live.py``.

A class server (the app's class routes, a real tornado server and store) on loopback; STUDENTS students, each a
thread, answer questions with a think time of 1–4 s, as browsers do (``api/record``); the teacher's page is a poller
reading ``teacher/data`` every 2 s, as the page does. For each answer: how long the student's request took, and how
long until a poll that began after it was committed came back (the answer on the teacher's screen). SQLite always;
PostgreSQL too where ``BULKA_TEST_POSTGRES`` (default ``postgresql:///postgres``) is reachable
(``bench_class_store.postgres_database``).

    python scripts/bench_class_live.py [--students 30] [--seconds 60]
"""
from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import tempfile
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

from bench_class_store import postgres_database  # scripts/: the same throwaway database
from tornado.httpserver import HTTPServer
from tornado.web import Application

from bulka_teach.classroom.store import open_store
from bulka_teach.classroom.web import TEACHER_HEADER, Classroom, class_routes

TEACHER = "bench-teacher"
POLL_SECONDS = 2.0  # as the teacher's page


def post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.loads(answer.read() or b"{}")


def serve(where: str) -> tuple[str, Any]:
    """The class server in a thread; its API root and a function that stops it."""
    store = open_store(where)
    box: dict[str, Any] = {}
    ready = threading.Event()

    def run() -> None:
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        http = HTTPServer(Application(class_routes(Classroom(store, TEACHER), "/")))
        http.listen(0, "127.0.0.1")
        box.update(port=next(iter(http._sockets.values())).getsockname()[1], loop=loop, http=http)
        ready.set()
        loop.run_forever()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    ready.wait(10)

    def stop() -> None:
        box["loop"].call_soon_threadsafe(box["http"].stop)
        box["loop"].call_soon_threadsafe(box["loop"].stop)
        thread.join(5)
        store.close()

    return f"http://127.0.0.1:{box['port']}/bulka/class/", stop


def measure(name: str, where: str, students: int, seconds: float) -> None:
    root, stop = serve(where)
    tokens = [post(root + "api/join", {"name": f"Student {n + 1}"})["token"] for n in range(students)]
    answers: list[tuple[float, float]] = []  # (sent, committed)
    polls: list[tuple[float, float]] = []  # (began, came back)
    lock = threading.Lock()
    end = time.monotonic() + seconds

    def student(token: str, seed: int) -> None:
        rng = random.Random(seed)
        while time.monotonic() < end:
            time.sleep(rng.uniform(1, 4))
            entry = {"kind": "answer", "question": f"q{rng.randrange(8)}", "text": "A question", "right": rng.random()
                     < 0.7, "choice": rng.choice(["the ace", "the king"]), "total": 8}
            sent = time.monotonic()
            lesson = f"czech-bulka/{rng.randrange(12):02d}"
            post(root + "api/record", {"token": token, "lesson": lesson, "entry": entry})
            with lock:
                answers.append((sent, time.monotonic()))

    def teacher() -> None:
        while time.monotonic() < end + POLL_SECONDS:
            began = time.monotonic()
            request = urllib.request.Request(root + "teacher/data", headers={TEACHER_HEADER: TEACHER})
            with urllib.request.urlopen(request, timeout=30) as answer:
                answer.read()
            polls.append((began, time.monotonic()))
            time.sleep(max(0.0, POLL_SECONDS - (time.monotonic() - began)))

    threads = [threading.Thread(target=student, args=(token, n)) for n, token in enumerate(tokens)]
    threads.append(threading.Thread(target=teacher))
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    stop()
    shown = []
    for sent, committed in answers:
        after = [back for began, back in polls if began >= committed]
        if after:
            shown.append(min(after) - sent)
    writes = [committed - sent for sent, committed in answers]
    reads = [back - began for began, back in polls]
    q = statistics.quantiles
    print(f"{name:10} {students} students, {len(answers)} answers in {seconds:.0f} s: an answer recorded in "
          f"{statistics.median(writes) * 1000:.1f} ms median, {q(writes, n=20)[18] * 1000:.1f} ms p95; the teacher's "
          f"data read in {statistics.median(reads) * 1000:.1f} ms median; an answer on the teacher's page "
          f"{statistics.median(shown):.2f} s median, {q(shown, n=20)[18]:.2f} s p95 after it was sent")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--seconds", type=float, default=60)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        measure("SQLite", str(Path(folder) / "class.sqlite3"), args.students, args.seconds)
    with postgres_database() as url:
        if url:
            measure("PostgreSQL", url, args.students, args.seconds)


if __name__ == "__main__":
    main()
