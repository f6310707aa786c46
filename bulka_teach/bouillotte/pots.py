"""The pot and the side pots: who can win which of the chips in the middle (the one place for the split).

Nobody can win more from another player than he staked himself. The levels are the distinct stakes of the
seats still in; pot j takes from every seat (folded ones too) its stake between level j−1 and level j, pot 1
also the dead money (what earlier deals left in the middle); its contenders are the seats still in whose stake
reaches level j. A stake above the top level (it cannot happen in play) goes into the last pot.
"""
from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import NamedTuple


class Share(NamedTuple):
    """One pot: its amount, its level (the stake that contends for it) and its contenders."""

    amount: int
    level: int
    contenders: tuple[int, ...]


def split(stakes: Sequence[int], levels: Collection[int], live: Collection[int], dead: int) -> list[Share]:
    """The pots for these levels (each seat's stake cut at them), pot 1 with the dead money."""
    shares: list[Share] = []
    seats = sorted(live)
    below = 0
    for level in sorted(set(levels)):
        amount = sum(min(stake, level) - below for stake in stakes if stake > below) + (dead if not shares else 0)
        shares.append(Share(amount, level, tuple(s for s in seats if stakes[s] >= level)))
        below = level
    if shares:
        excess = sum(max(0, stake - below) for stake in stakes)
        if excess:
            last = shares[-1]
            shares[-1] = last._replace(amount=last.amount + excess)
    return shares


def showdown_pots(stakes: Sequence[int], shown: Collection[int], dead: int) -> list[Share]:
    """The pots of a showdown: one level for each distinct stake of the seats shown."""
    return split(stakes, {stakes[s] for s in shown}, shown, dead)


def betting_pots(stakes: Sequence[int], live: Collection[int], all_in: Collection[int], dead: int) -> list[Share]:
    """The pots as they stand during the betting: a side pot begins above each seat all-in for less."""
    top = max([stakes[s] for s in live] or [0])
    levels = {stakes[s] for s in all_in if s in live and stakes[s] < top} | {top}
    return split(stakes, levels, live, dead)
