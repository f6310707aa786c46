"""``python -m bulka_teach bench solver``: the exact solver's time on full 9-trick positions.

Each deal is dealt from its seed and brought to the first lead by a fixed policy (the first player
asked takes trumps, nobody exchanges, a hundred is played on); then ``solve`` values every card the
forehand may lead, with all 18 cards open. Printed: median and 95th percentile time in milliseconds,
the processor time alone (steadier on a shared machine), the nodes searched, the machine and the
Python version, and for a compiled solver its Python source's figures beside (``bots.solver_bench``). The goal is
a median under 50 ms.
"""
from __future__ import annotations

from ...bots.solver_bench import report
from ...records import Record
from ..deal import PLAY, Deal
from . import solver
from .solver import Position, position_from_deal

#: The fixed policy's choice among the legal actions before play.
_PREFERENCE = ("take", "play-on", "ask-hundred", "pass")


def first_lead(seed: int) -> Position:
    """The open position at the first lead of the deal dealt from ``seed``."""
    game = Record(game="czech-bulka", players=("Ann", "Ben"), seed=seed).start()
    first = game.deal
    assert isinstance(first, Deal), "a seed always deals"
    deal: Deal = first
    while deal.phase != PLAY:
        legal = game.legal_actions()
        game.apply(next((a for a in _PREFERENCE if a in legal), legal[0]))
        if game.deal is not deal:
            raise RuntimeError(f"deal {seed} ended before play")
    return position_from_deal(deal)


def main(deals: int = 200, seed: int = 1) -> int:
    positions = [first_lead(s) for s in range(seed, seed + deals)]
    report(f"exact solver, full 9-trick positions at the first lead: {deals} deals from seed {seed}", positions,
           solver, lambda module, position: module.solve(position))
    return 0
