"""The class deal's results board: the students ranked, and the decisions where the class's choices split.

Every student played the same deal against the same computer, so two students who made the same choices met the
same moments: a decision is known by the moment it was taken at (``at``, the hash of every action before it). Where
two or more students met one moment and chose differently, the board shows each choice, who made it and what it
cost by the coach's reckoning — what a teacher puts on the projector to discuss the deal.
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Result:
    """One student's game of the class deal, as the store keeps it."""

    name: str
    won: bool
    score: float
    unit: str
    decisions: list[dict[str, Any]] = field(default_factory=list)

    @property
    def mistakes(self) -> int:
        return sum(bool(d.get("mistake")) for d in self.decisions)


def ranked(results: list[Result]) -> list[tuple[int, Result]]:
    """The results with their places: a win first, then the higher score, then fewer mistakes; equal ones share a
    place (1, 2, 2, 4)."""
    key = lambda r: (not r.won, -r.score, r.mistakes)  # noqa: E731 - one sort key, read where it is used
    order = sorted(results, key=lambda r: (*key(r), r.name.casefold()))
    places: list[tuple[int, Result]] = []
    for at, result in enumerate(order, start=1):
        same = places and key(places[-1][1]) == key(result)
        places.append((places[-1][0] if same else at, result))
    return places


def splits(results: list[Result]) -> list[dict[str, Any]]:
    """Each moment where students who met it chose differently, in the order of the game: where it was, the choices
    that led there (``after``), and each choice with the students who made it, whether it was the coach's best and
    what it cost (``cost``: games given away, the coach's estimate; ``cost_words``: as the Review said it)."""
    met: dict[str, list[tuple[str, dict[str, Any]]]] = defaultdict(list)
    before: dict[str, list[str]] = {}  # the choices that led to a moment (the same for everyone who met it)
    for result in results:
        for k, decision in enumerate(result.decisions):
            if isinstance(decision.get("at"), str):
                met[decision["at"]].append((result.name, decision))
                before.setdefault(decision["at"], [str(d.get("choice", "")) for d in result.decisions[:k]])
    found = []
    for at, who in met.items():
        choices: dict[str, dict[str, Any]] = {}
        for name, decision in who:
            choice = choices.setdefault(str(decision.get("choice", "")), {
                "choice": str(decision.get("choice", "")), "students": [],
                "best": not decision.get("mistake"), "cost": float(decision.get("cost") or 0.0),
                "cost_words": str(decision.get("cost_words", ""))})
            choice["students"].append(name)
        if len(choices) < 2:
            continue
        first = who[0][1]
        found.append({"at": at, "number": int(first.get("number") or 0), "where": str(first.get("where", "")),
                      "after": before[at], "best": str(first.get("best", "")), "students": len(who),
                      "choices": sorted(choices.values(), key=lambda c: (c["cost"], -len(c["students"])))})
    return sorted(found, key=lambda split: (split["number"], -split["students"]))
