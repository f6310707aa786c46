"""How the coach says its figures to a learner: what a figure counts, in words, without false precision.

The coach's figures are averages over a few ways the cards the learner cannot see might lie (the worlds), each
played out. Said as percentages they read as promises ("you win in 100%"); said as counts they say what they are:
"in 12 of the 16 ways the cards you cannot see might lie". A share that is not a count (a chance weighed in each
world) is said as a simple fraction ("about 3 times in 4"), and amounts are rounded to what the sampling can tell.
"""
from __future__ import annotations

from fractions import Fraction

#: The fractions a share is rounded to: a learner reads "about 3 in 4", not "73%".
_FRACTIONS = sorted({Fraction(k, n) for n in (2, 3, 4, 5, 10) for k in range(1, n)})


def ways(n: int) -> str:
    """ "16 ways the cards you cannot see might lie": what the coach's worlds are, in a learner's words."""
    return f"{n} way{'' if n == 1 else 's'} the cards you cannot see might lie"


def count(share: float, n: int) -> int | None:
    """How many of ``n`` worlds a share counts, when it is a count (each world won or lost), else None."""
    k = share * n
    return round(k) if n > 0 and abs(k - round(k)) < 1e-6 else None


def in_how_many(share: float, n: int) -> str:
    """ "in 12 of them", "in all 16", "in none of them", or "about 3 times in 4" when the share is not a count."""
    k = count(share, n)
    if k is None:
        return share_words(share)
    if k == n:
        return f"in all {n}" if n > 1 else "in it"
    if k == 0:
        return "in none of them" if n > 1 else "not in it"
    return f"in {k} of them"


def share_words(share: float) -> str:
    """A chance in words: "nearly always", "about 3 times in 4", "about half the time", "hardly ever"."""
    if share >= 0.95:
        return "nearly always"
    if share <= 0.05:
        return "hardly ever"
    nearest = _nearest(share)
    if nearest == Fraction(1, 2):
        return "about half the time"
    return f"about {nearest.numerator} time{'' if nearest.numerator == 1 else 's'} in {nearest.denominator}"


def _nearest(share: float) -> Fraction:
    return min(_FRACTIONS, key=lambda f: (abs(float(f) - share), f.denominator))


def difference(delta: float, n: int) -> str | None:
    """How much more (``delta`` > 0) or less often one action did something than another, out of ``n`` worlds:
    "in 2 more of them", "in 2 fewer of them" (a count), "with a chance about 1 in 10 higher" or "lower" (a share);
    None when the difference is nothing."""
    k = count(abs(delta), n)
    if k is not None:
        return f"in {k} {'more' if delta > 0 else 'fewer'} of them" if k > 0 else None
    if abs(delta) < 0.05:
        return None
    nearest = _nearest(min(abs(delta), 0.95))
    return f"with a chance about {nearest.numerator} in {nearest.denominator} {'higher' if delta > 0 else 'lower'}"


def amount(value: float, unit: str) -> str:
    """An average amount as the sampling can tell it: "about 3 points", "about half a chip", "less than a chip"
    (``unit`` singular: "point", "chip", "jeton"; a plural adds an s)."""
    value = abs(value)
    if value < 0.25:
        return f"less than half a {unit}"
    if value < 0.75:
        return f"about half a {unit}"
    whole = round(value)
    return f"about {whole} {unit}{'' if whole == 1 else 's'}"
