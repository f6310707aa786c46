"""Trick bonuses (Stichprämien): Marc, the Two's 10 for tricks 2–8, and the one bonus for the last tricks.

A trick "won by a Two" is one a seat's own Two took (only a Two that was led and not followed can); a Two that is
merely in the trick does not count. Of the three bonuses for the last tricks (26, 52, 78) only the one covering the
most trailing Two-won tricks of one seat applies, and a trick it covers earns no 10 as well. Marc (trick 1) stacks.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from .rules import TRICKS, TrappolaRules

MARC, TWO_BONUS, LAST = "marc", "two", "last"


class Bonus(NamedTuple):
    seat: int
    bonus: str  # marc, two, last
    tricks: tuple[int, ...]  # trick numbers, 1-based
    points: int


def trailing_twos(won_by_two: Sequence[tuple[int, bool]]) -> tuple[int | None, int]:
    """The seat whose Twos won the last tricks of a finished Partie, and how many (at most three)."""
    if len(won_by_two) < TRICKS or not won_by_two[-1][1]:
        return None, 0
    seat = won_by_two[-1][0]
    count = 0
    for winner, by_two in reversed(won_by_two):
        if count == 3 or not by_two or winner != seat:
            break
        count += 1
    return seat, count


def trick_bonuses(won_by_two: Sequence[tuple[int, bool]], rules: TrappolaRules) -> list[Bonus]:
    """The bonuses of the tricks played so far, each trick's (winner, won by his Two), in order of their first
    trick. Before the last trick is played the 10 of trick 8 is provisional: the last tricks' bonus may cover it."""
    seat, count = trailing_twos(won_by_two)
    covered = set(range(TRICKS - count + 1, TRICKS + 1)) if count else set()
    found: list[Bonus] = []
    for number, (winner, by_two) in enumerate(won_by_two, start=1):
        if not by_two:
            continue
        if number == 1:
            found.append(Bonus(winner, MARC, (1,), rules.bonus_marc))
        elif number < TRICKS and number not in covered:
            found.append(Bonus(winner, TWO_BONUS, (number,), rules.bonus_two))
    if seat is not None:
        value = (rules.bonus_last_one, rules.bonus_last_two, rules.bonus_last_three)[count - 1]
        found.append(Bonus(seat, LAST, tuple(sorted(covered)), value))
    return found
