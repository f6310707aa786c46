"""How long the teacher's page takes to read a big class from its store: ``python scripts/bench_class_store.py``.

Fills a store with ANSWERS answers (30 students, every lesson of the three games, questions answered right or
wrong, first tries and second) plus practice mistakes, then times what the teacher's page reads (the roster with
each lesson's first-try score, the hardest questions with their wrong answers, the costliest mistakes) and one
more answer recorded. SQLite always; PostgreSQL too where ``BULKA_TEST_POSTGRES`` (default
``postgresql:///postgres``) is reachable. Figures are printed, medians of REPEATS reads.

    python scripts/bench_class_store.py [ANSWERS]      # default 100000
"""
from __future__ import annotations

import os
import random
import secrets
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from bulka_teach.classroom.store import ClassStore, open_store

REPEATS = 7
LESSONS = [f"{game}/{n:02d}" for game, count in (("czech-bulka", 12), ("trappola", 11), ("bouillotte", 11))
           for n in range(count)]


def fill(store: ClassStore, answers: int) -> float:
    """Record ``answers`` answers; the seconds it took (each answer its own committed transaction)."""
    rng = random.Random(7)
    students = [store.join(f"Student {n + 1}")[0] for n in range(30)]
    start = time.perf_counter()
    for n in range(answers):
        student = rng.choice(students)
        lesson = rng.choice(LESSONS)
        question = f"q{rng.randrange(8)}"
        choice = rng.choice(["the ace", "the king", "32", "36", "pass", "take"])
        store.answered(student, lesson, question, f"Question {question} of {lesson}", choice, rng.random() < 0.7, 8)
        if n % 50 == 0:
            store.mistakes(student, "czech-bulka/10-practice", [(f"play {choice}, not the ace", rng.random() * 3)])
    return time.perf_counter() - start


def teacher_page(store: ClassStore) -> float:
    """Seconds to read everything the teacher's page shows."""
    start = time.perf_counter()
    store.roster()
    store.hardest()
    store.costliest()
    return time.perf_counter() - start


def measure(name: str, where: str, answers: int) -> None:
    store = open_store(where)
    seconds = fill(store, answers)
    reads = [teacher_page(store) for _ in range(REPEATS)]
    one = []
    somebody, _ = store.join("One more")
    for _ in range(REPEATS):
        start = time.perf_counter()
        store.answered(somebody, "czech-bulka/01", "q1", "Question q1", "the ace", True, 8)
        one.append(time.perf_counter() - start)
    print(f"{name:10} {answers:,} answers recorded in {seconds:.1f} s ({answers / seconds:,.0f} a second); "
          f"the teacher's page read in {statistics.median(reads) * 1000:.0f} ms (median of {REPEATS}, "
          f"max {max(reads) * 1000:.0f} ms); one more answer {statistics.median(one) * 1000:.1f} ms")
    store.close()


@contextmanager
def postgres_database() -> Iterator[str | None]:
    """A throwaway PostgreSQL database's URL, dropped afterwards; None (said why) where PostgreSQL is not reachable."""
    admin_url = os.environ.get("BULKA_TEST_POSTGRES", "postgresql:///postgres")
    try:
        import psycopg

        admin = psycopg.connect(admin_url, autocommit=True)
    except Exception as failed:  # no psycopg, or no server: say so
        print(f"PostgreSQL not measured: {admin_url} is not reachable ({type(failed).__name__}); "
              "bash scripts/postgres.sh starts Debian's")
        yield None
        return
    name = f"bulka_bench_{secrets.token_hex(4)}"
    admin.execute(f"CREATE DATABASE {name}")
    try:
        yield admin_url.rsplit("/", 1)[0] + "/" + name
    finally:
        admin.execute(f"DROP DATABASE {name} WITH (FORCE)")
        admin.close()


def main() -> None:
    answers = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    with tempfile.TemporaryDirectory() as folder:
        measure("SQLite", str(Path(folder) / "class.sqlite3"), answers)
    with postgres_database() as url:
        if url:
            measure("PostgreSQL", url, answers)


if __name__ == "__main__":
    main()
