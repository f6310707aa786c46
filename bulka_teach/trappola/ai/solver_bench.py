"""``python -m bulka_teach bench solver --game trappola``: the exact solver's time on full 9-trick positions.

Each Partie is dealt from its seed (two players, the standard house rules, the stock dead) and the challenger is
about to lead trick 1; ``solve`` values every card he may lead, with all 18 cards open. Printed: median and 95th
percentile time in milliseconds, the processor time alone (steadier on a shared machine), the nodes searched, the
machine and the Python version, and for a compiled solver its Python source's figures beside
(``bots.solver_bench``). The goal is a median under 50 ms.
"""
from __future__ import annotations

from ...bots.solver_bench import report
from ...records import Record
from ..rules import TrappolaRules
from . import solver
from .solver import Position, position_from_partie


def first_lead(seed: int) -> Position:
    """The open position at the first lead of the Partie dealt from ``seed``."""
    game = Record(game="trappola", players=("Ann", "Ben"), seed=seed).start()
    return position_from_partie(game.deal)


def main(deals: int = 200, seed: int = 1) -> int:
    rules = TrappolaRules()
    positions = [first_lead(s) for s in range(seed, seed + deals)]
    report(f"Trappola exact solver, full 9-trick positions at the first lead: {deals} deals from seed {seed}",
           positions, solver, lambda module, position: module.solve(position, rules))
    return 0
