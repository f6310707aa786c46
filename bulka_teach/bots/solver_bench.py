"""The timing shared by both games' ``bench solver``: each position solved by the installed solver and, when that
is compiled, by its Python source too, the two interleaved so that both meet the same load."""
from __future__ import annotations

import os
import platform
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any

from .compiled import is_compiled, source_of


def percentile(values: Sequence[float], share: float) -> float:
    """The value at ``share`` (0–1) of the sorted values, the nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def _timed(solve: Callable[[Any], Any], position: Any) -> tuple[float, float, int]:
    start, start_cpu = time.perf_counter(), time.process_time()
    solution = solve(position)
    return (time.perf_counter() - start) * 1000, (time.process_time() - start_cpu) * 1000, solution.nodes


def report(title: str, positions: Sequence[Any], module: ModuleType,
           solve_with: Callable[[ModuleType, Any], Any]) -> None:
    """Solve every position with ``solve_with(module, position)`` and print the figures (the goal: a median under
    50 ms); for a compiled ``module``, its source's figures and the ratio of the medians follow."""
    runs: dict[str, list[tuple[float, float, int]]] = {"installed": [], "source": []}
    source = source_of(module) if is_compiled(module) else None
    for position in positions:
        runs["installed"].append(_timed(lambda p: solve_with(module, p), position))
        if source is not None:
            runs["source"].append(_timed(lambda p: solve_with(source, p), position))
    times, cpu, nodes = (list(column) for column in zip(*runs["installed"], strict=True))
    print(title)
    print(f"  solver: {'compiled by mypyc (setup.py)' if source else 'its Python source (not compiled)'}")
    print(f"  time per position: median {statistics.median(times):.1f} ms, p95 {percentile(times, 0.95):.1f} ms, "
          f"max {max(times):.1f} ms (goal: median under 50 ms)")
    print(f"  processor time per position: median {statistics.median(cpu):.1f} ms, p95 {percentile(cpu, 0.95):.1f} ms "
          "(the same, less the time other programs took the core)")
    print(f"  nodes searched: median {statistics.median(nodes):.0f}, p95 {percentile(nodes, 0.95):.0f}")
    if source is not None:
        source_cpu = [run[1] for run in runs["source"]]
        ratio = statistics.median(cpu) / statistics.median(source_cpu)
        print(f"  the same positions by its Python source, interleaved: processor time median "
              f"{statistics.median(source_cpu):.1f} ms, p95 {percentile(source_cpu, 0.95):.1f} ms; "
              f"compiled ×{ratio:.2f} of it")
    print(f"  machine: {platform.machine()}, {os.cpu_count()} cores, {platform.platform()}; "
          f"Python {sys.version.split()[0]} ({platform.python_implementation()})")
