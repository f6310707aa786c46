"""The kernel's share of a table interaction: ``python -m bulka_teach.table.bench`` prints the figures.

A practice click (the learner's move, the computer's replies, the redraw) and a stepper step, timed
in-process without a browser: what Voilà adds on top is the websocket and the front end's render.
"""
from __future__ import annotations

import random
import statistics
import time

from .practice import Practice
from .stepper import Stepper


def _percentiles(times: list[float]) -> str:
    times = sorted(times)
    return (f"p50 {statistics.median(times) * 1e3:.2f} ms, p95 {times[int(len(times) * 0.95)] * 1e3:.2f} ms, "
            f"max {times[-1] * 1e3:.2f} ms")


def bench_practice(games: int = 20, seed: int = 1) -> tuple[list[float], Practice]:
    """Times of random legal clicks (Continue after each deal) over ``games`` whole games."""
    rng, times = random.Random(seed), []
    practice = Practice(code="CB2-std-0")
    for game in range(games):
        if game:
            practice = Practice(code=f"CB2-std-{game}")
        while not practice.finished:
            ui = practice.table.ui
            messages = ([{"type": "card", "card": c} for c in ui["clickable"]]
                        + [{"type": "action", "action": b["action"]} for b in ui["buttons"]])
            message = rng.choice(messages) if messages else {"type": "control", "name": "continue"}
            start = time.perf_counter()
            practice.table.send_from_browser(message)
            times.append(time.perf_counter() - start)
    return times, practice


def main() -> None:
    times, practice = bench_practice()
    print(f"practice click (learner's move, computer's replies, redraw): {len(times)} clicks, {_percentiles(times)}")
    record = practice.game.record()
    start = time.perf_counter()
    stepper = Stepper(record)
    built = time.perf_counter() - start
    forward, back = [], []
    for _ in range(stepper.count - 1):
        start = time.perf_counter()
        stepper.next()
        forward.append(time.perf_counter() - start)
    for _ in range(stepper.count - 1):
        start = time.perf_counter()
        stepper.prev()
        back.append(time.perf_counter() - start)
    print(f"stepper over {stepper.count} events ({len(record.actions)} actions): built in {built * 1e3:.1f} ms; "
          f"next {_percentiles(forward)}; prev (cached) {_percentiles(back)}")


if __name__ == "__main__":
    main()
