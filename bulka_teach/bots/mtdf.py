"""MTD(f), the exact solvers' way to value one card exactly with null-window searches only.

A null-window search (alpha, alpha + 1) only asks "at least alpha + 1?", and with a transposition table that keeps the
bounds each pass proved, a few of them cost less than one full-window search. Both games' solvers value every legal
card of the first trick this way, each card starting from the value of the card before it: cards often tie.
"""
from __future__ import annotations

from collections.abc import Callable

INF = 1_000_000  # beyond any margin of either game


def mtdf(search: Callable[[int, int], int], guess: int) -> int:
    """The exact value of ``search(alpha, beta)``, a fail-soft alpha-beta search: a result at or below alpha bounds
    the value from above, at or above beta from below."""
    lower, upper, value = -INF, INF, guess
    while lower < upper:
        beta = value + 1 if value == lower else value
        value = search(beta - 1, beta)
        if value < beta:
            upper = value
        else:
            lower = value
    return value
