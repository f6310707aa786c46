"""The kernel's share of a table interaction: ``python -m bulka_teach.table.bench`` prints the figures.

A practice click (the learner's move, the computer's replies, the redraw) and a stepper step, timed
in-process without a browser: what Voilà adds on top is the websocket and the front end's render.
``--game trappola --players 3`` times another game or table size (whole games: a deal the learner plays decided).
"""
from __future__ import annotations

import argparse
import random
import statistics
import time

from ..registry import game_spec
from .practice import GAME, Practice
from .stepper import Stepper


def _percentiles(times: list[float]) -> str:
    times = sorted(times)
    return (f"p50 {statistics.median(times) * 1e3:.2f} ms, p95 {times[int(len(times) * 0.95)] * 1e3:.2f} ms, "
            f"max {times[-1] * 1e3:.2f} ms")


def bench_practice(games: int = 20, seed: int = 1, game_id: str = GAME,
                   players: int = 2) -> tuple[list[float], Practice]:
    """Times of random legal clicks (Continue after each deal) over ``games`` whole games of ``game_id``."""
    rng, times = random.Random(seed), []
    names = ("Player", "Computer", "Ann", "Ben")[:players]
    tag = f"{game_spec(game_id).tag}{players}-std"
    practice = Practice(names, code=f"{tag}-0", game=game_id)
    for game in range(games):
        if game:
            practice = Practice(names, code=f"{tag}-{game}", game=game_id)
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
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default=GAME, help="the game's id (czech-bulka, trappola)")
    parser.add_argument("--players", type=int, default=2)
    args = parser.parse_args()
    times, practice = bench_practice(game_id=args.game, players=args.players)
    print(f"{args.game}, {args.players} players: practice click (learner's move, computer's replies, redraw): "
          f"{len(times)} clicks, {_percentiles(times)}")
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
