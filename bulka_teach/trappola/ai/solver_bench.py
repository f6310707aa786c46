"""``python -m bulka_teach bench solver --game trappola``: the exact solver's time on full 9-trick positions.

Each Partie is dealt from its seed (two players, the standard house rules, the stock dead) and the challenger is
about to lead trick 1; ``solve`` values every card he may lead, with all 18 cards open. Printed: median and 95th
percentile time in milliseconds, the processor time alone (steadier on a shared machine), the nodes searched, the
machine and the Python version. The goal is a median under 50 ms.
"""
from __future__ import annotations

import os
import platform
import statistics
import sys
import time
from collections.abc import Sequence

from ...records import Record
from ..rules import TrappolaRules
from .solver import Position, position_from_partie, solve


def first_lead(seed: int) -> Position:
    """The open position at the first lead of the Partie dealt from ``seed``."""
    game = Record(game="trappola", players=("Ann", "Ben"), seed=seed).start()
    return position_from_partie(game.deal)


def _percentile(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def main(deals: int = 200, seed: int = 1) -> int:
    rules = TrappolaRules()
    positions = [first_lead(s) for s in range(seed, seed + deals)]
    times, cpu, nodes = [], [], []
    for position in positions:
        start, start_cpu = time.perf_counter(), time.process_time()
        solution = solve(position, rules)
        times.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
        nodes.append(solution.nodes)
    print(f"Trappola exact solver, full 9-trick positions at the first lead: {deals} deals from seed {seed}")
    print(f"  time per position: median {statistics.median(times):.1f} ms, p95 {_percentile(times, 0.95):.1f} ms, "
          f"max {max(times):.1f} ms (goal: median under 50 ms)")
    print(f"  processor time per position: median {statistics.median(cpu):.1f} ms, p95 {_percentile(cpu, 0.95):.1f} ms "
          "(the same, less the time other programs took the core)")
    print(f"  nodes searched: median {statistics.median(nodes):.0f}, p95 {_percentile(nodes, 0.95):.0f}")
    print(f"  machine: {platform.machine()}, {os.cpu_count()} cores, {platform.platform()}; "
          f"Python {sys.version.split()[0]} ({platform.python_implementation()})")
    return 0
