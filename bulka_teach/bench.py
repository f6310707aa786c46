"""Benchmarks that print figures: ``python -m bulka_teach bench engine``.

Complete random deals a second (deal to payment, random legal choices, the full event log
kept), and the cost of ``legal_actions`` and ``view``. Figures, not assertions: the machine
decides them, so they are printed with the best and the median of several repetitions.
"""
from __future__ import annotations

import platform
import random
import statistics
import time
from typing import cast

from .czech import CzechBulka
from .records import Record


def _table(players: tuple[str, ...], seed: int) -> CzechBulka:
    return cast(CzechBulka, Record(game="czech-bulka", players=players, seed=seed).start())


def random_deals(deals: int, players: tuple[str, ...], seed: int) -> float:
    """Seconds to play ``deals`` complete deals with random legal choices (a fresh table each bulka)."""
    rng = random.Random(seed)
    rand = rng.random
    done = 0
    table = 0
    start = time.perf_counter()
    while done < deals:
        table += 1
        game = _table(players, seed * 100_003 + table)
        while game.bulka == 1 and done < deals:
            deal = game.deal
            actions = game.legal_actions()
            game.apply(actions[int(rand() * len(actions))])
            if game.deal is not deal:
                done += 1
    return time.perf_counter() - start


def _costs(steps: int, seed: int = 1) -> tuple[list[float], list[float]]:
    """Microseconds of each first ``legal_actions`` call after a move, and of ``view`` for the player to move."""
    rng = random.Random(seed)
    game = _table(("Ann", "Ben"), seed)
    legal, view = [], []
    clock = time.perf_counter
    for _ in range(steps):
        if game.bulka > 1:
            seed += 1
            game = _table(("Ann", "Ben"), seed)
        t0 = clock()
        actions = game.legal_actions()
        t1 = clock()
        game.view(game.to_move)
        t2 = clock()
        legal.append((t1 - t0) * 1e6)
        view.append((t2 - t1) * 1e6)
        game.apply(rng.choice(actions))
    return legal, view


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def engine(deals: int = 4000, repeat: int = 5) -> None:
    print(f"bulka_teach engine benchmark — Python {platform.python_version()} on {platform.machine()}, one core")
    for players in (("Ann", "Ben"), ("Ann", "Ben", "Cyril")):
        rates = [deals / random_deals(deals, players, seed=r + 1) for r in range(repeat)]
        print(f"  Czech Bulka, {len(players)} players: complete random deals per second "
              f"best {max(rates):,.0f}, median {statistics.median(rates):,.0f} "
              f"({repeat} runs of {deals:,} deals; deal to payment, event log kept)")
    legal, view = _costs(min(20_000, deals * 5))
    print(f"  legal_actions (first call after a move): mean {statistics.mean(legal):.1f} µs, "
          f"p50 {_pct(legal, .5):.1f} µs, p95 {_pct(legal, .95):.1f} µs over {len(legal):,} positions")
    print(f"  view(seat to move) with the deal's explained log: mean {statistics.mean(view):.0f} µs, "
          f"p50 {_pct(view, .5):.0f} µs, p95 {_pct(view, .95):.0f} µs")
