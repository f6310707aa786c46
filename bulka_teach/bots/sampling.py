"""The sampling bot's skeleton, for any game: many possible worlds, each solved exactly, averaged.

``SamplingBot(game, level)`` reads one seat's view and nothing else. For each decision it asks the game
(a ``SamplingGame``) what is decided and how to value it in one world, draws worlds of the hidden cards
consistent with the view, values every legal action in each, averages, and picks the action of highest
utility: what the action brings in chips over the whole session, in stakes —

    utility = E[chips] / stake + won * P(win) + MARGIN_WEIGHT * mean margin
    E[chips] = P(win) * win + (1 - P(win)) * lose - P(I pay) * paying + P(they pay) * receiving

where the game's ``Stakes`` say, from the position the view shows, what winning and losing this game are worth
(a share of the bank, or the bank itself when the win completes a streak), what paying the stake costs and
what the opponent paying it brings (less, or more, the share of it that comes back from the bank), and what a
game won is worth beyond its chips (``won``, in stakes: a player counts the games it wins as well as its chips).
A game without ``Stakes`` is valued by the chance to win alone. The margin — my points minus the opponent's at the
end — only separates actions of equal value.

Levels set the number of worlds, a time cap per decision (the bot stops drawing worlds when it is spent;
``None`` makes decisions depend on the seed alone) and noise added to utilities (a weaker, more human
bot). The worlds are drawn from the bot's own random generator (``seed``). Each game's own part — its
sampler, solver and sentences — lives with the game (``bulka_teach.czech.ai.sampling``).
"""
from __future__ import annotations

import hashlib
import json
import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from .base import Choice, View, asked

MARGIN_WEIGHT = 0.002  # a point of margin: only separates actions of (nearly) equal value


@dataclass(frozen=True)
class Level:
    """How hard the bot tries: worlds per decision, seconds per decision (None: no cap), utility noise."""

    worlds: int
    time_cap: float | None
    noise: float


LEVELS = {
    "easy": Level(worlds=6, time_cap=0.3, noise=0.25),
    "medium": Level(worlds=16, time_cap=0.6, noise=0.06),
    "strong": Level(worlds=40, time_cap=0.8, noise=0.0),
}


@dataclass(frozen=True)
class Stakes:
    """What one game's outcome is worth in chips over the session, seen from the position now (a game's own
    reckoning: Czech Bulka's counts the bank and the streaks). ``stake`` is the unit utilities are told in."""

    stake: float
    win: float  # expected chips from here if I win the game and nobody pays
    lose: float  # if I lose it and nobody pays
    paying: float  # what paying the stake costs me, less my expected share of it back from the bank
    receiving: float  # what the opponent paying the stake brings me: my expected share of it from the bank
    won: float = 0.0  # what winning the game is worth beyond its chips, in stakes

    def chips(self, win: float, pays: float, receives: float) -> float:
        """Expected chips for these chances to win, to pay the stake and to see the opponent pay it."""
        return win * self.win + (1.0 - win) * self.lose - pays * self.paying + receives * self.receiving


@dataclass(frozen=True)
class Estimate:
    """One action's averages over the worlds: chance to win the game, to pay the stake, mean margin (or None),
    the chance that the opponent pays it, and the expected chips (None: the game counts no chips, the chance
    to win is the value) with the stake they are told in."""

    win: float
    pays: float
    margin: float | None
    receives: float = 0.0
    chips: float | None = None
    stake: float = 1.0
    won: float = 0.0  # what a game won is worth beyond its chips, in stakes (``Stakes.won``)

    @property
    def value(self) -> float:
        """Expected chips in stakes (and what the chance to win is worth beyond them), or the chance to win
        when no chips are counted."""
        return self.win if self.chips is None else self.chips / self.stake + self.won * self.win

    @property
    def utility(self) -> float:
        return self.value + MARGIN_WEIGHT * (self.margin or 0.0)


@dataclass
class Evaluation:
    """Every evaluated action's estimate, the number of worlds used, and what was decided.

    ``replicates`` (the coach's evaluations only) holds, for each world left out in turn, every action's utility
    over the other worlds: the jackknife, from which ``noise`` tells how far two actions' utilities could differ
    by the luck of the worlds drawn. None: not measured, or exact (every world counted, e.g. enumerated)."""

    estimates: dict[str, Estimate]
    worlds: int
    decision: str  # the game's name for the kind of decision (play, trump, …; "forced": nothing to weigh)
    details: dict[str, Any] = field(default_factory=dict)
    replicates: list[dict[str, float]] | None = None

    def ranked(self) -> list[str]:
        return sorted(self.estimates, key=lambda a: self.estimates[a].utility, reverse=True)

    def noise(self, a: str, b: str) -> float:
        """The jackknife standard error of ``utility(a) - utility(b)``: the sampling noise of their difference
        (0.0 when no replicates were kept)."""
        reps = self.replicates
        if not reps or len(reps) < 2:
            return 0.0
        diffs = [r[a] - r[b] for r in reps if a in r and b in r]
        n = len(diffs)
        if n < 2:
            return 0.0
        mean = sum(diffs) / n
        return math.sqrt((n - 1) / n * sum((d - mean) ** 2 for d in diffs))


#: One world's outcome per action: (win 0..1, I pay the stake 0..1, the opponent pays it 0..1, margin or None)
Outcomes = dict[str, tuple[float, float, float, float | None]]


@dataclass
class Decision:
    """What a game asks the skeleton to weigh: its kind, how to value the actions in one world, the worlds to
    value them in (``worlds(n, rng, deadline)``), extra details for the sentences, a last step over the
    averaged evaluation (e.g. a declaration valued by its best follow-up card), and what the outcomes are worth
    in chips (None: the chance to win is the value)."""

    kind: str
    per_world: Callable[[Any], Outcomes]
    worlds: Callable[[int, random.Random, float | None], list[Any]]
    details: dict[str, Any] = field(default_factory=dict)
    settle: Callable[[Evaluation], Evaluation] = lambda evaluation: evaluation
    stakes: Stakes | None = None


class SamplingGame(Protocol):
    """A game's side of the sampling bot."""

    def decision(self, view: View) -> Decision | Evaluation:
        """What the view asks, to be weighed over worlds; an ``Evaluation`` with no estimates when there is
        nothing to weigh (one action, or a phase the bot answers by rule)."""

    def why(self, action: str, evaluation: Evaluation, view: View) -> str:
        """The sentence that says why ``action`` is chosen."""

    def only(self, action: str) -> str:
        """The sentence for an action that is the only one."""

    def name(self, action: str) -> str:
        """How an action reads inside a sentence ("Ah", "discarding 7l")."""


class SamplingBot:
    """A bot of one level over ``game``; ``choose(view)`` for the seat to move, ``evaluate(view)`` for the coach."""

    name = "sampling"

    def __init__(self, game: SamplingGame, level: str = "strong", seed: int | None = None, *,
                 worlds: int | None = None, time_cap: float | None | str = "level", noise: float | None = None,
                 per_view: bool = False) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}: choose one of {', '.join(LEVELS)}")
        base = LEVELS[level]
        self.game = game
        self.level = level
        self.seed = seed
        self.worlds = worlds if worlds is not None else base.worlds
        self.time_cap: float | None = base.time_cap if time_cap == "level" else time_cap  # type: ignore[assignment]
        self.noise = base.noise if noise is None else noise
        self.rng = random.Random(seed)
        #: draw each view's worlds from the seed and that view alone (the coach: a hint and a review of the same
        #: decision then value it alike, whatever was evaluated before); otherwise one generator runs on
        self.per_view = per_view

    def choose(self, view: View) -> Choice:
        legal = asked(view)
        evaluation = self.evaluate(view)
        if not evaluation.estimates:
            return Choice(legal[0], self.game.only(legal[0]), evaluation.details.get("rule"))
        noisy = {a: e.utility + (self.rng.gauss(0.0, self.noise) if self.noise else 0.0)
                 for a, e in evaluation.estimates.items()}
        action = max(noisy, key=noisy.__getitem__)
        rule = evaluation.details.get("rule") if action.startswith("play ") else None
        best = evaluation.ranked()[0]
        if action != best:  # the noise of a weaker level chose another action
            name = self.game.name
            why = (f"A loose choice (level {self.level}): across {deals_text(evaluation.worlds)}, {name(best)} "
                   f"would have done better on average than {name(action)}.")
            return Choice(action, why, rule)
        return Choice(action, self.game.why(action, evaluation, view), rule)

    def evaluate(self, view: View) -> Evaluation:
        """Every legal action's estimate from sampled worlds (empty when there is nothing to weigh)."""
        legal = list(view.get("legal") or [])
        decision = self.game.decision(view)
        if isinstance(decision, Evaluation):
            return decision
        rng = random.Random(f"{self.seed}|{view_key(view)}") if self.per_view else self.rng
        evaluation = decision.settle(self._run(decision, rng))
        # only what may be done now (a seat that must declare its hundred first may not play yet)
        evaluation.estimates = {a: e for a, e in evaluation.estimates.items() if a in legal}
        return evaluation

    def _run(self, decision: Decision, rng: random.Random) -> Evaluation:
        start = time.perf_counter()
        deadline = start + self.time_cap / 2 if self.time_cap is not None else None  # half the time at most
        worlds = decision.worlds(self.worlds, rng, deadline)
        rows: list[Outcomes] = []
        for world in worlds:
            began = time.perf_counter()
            rows.append(decision.per_world(world))
            now = time.perf_counter()
            if self.time_cap is not None and now + (now - began) - start > self.time_cap:
                break  # another world like the last one would overrun the cap
        totals = _Totals.of(rows)
        evaluation = decision.settle(totals.evaluation(decision))
        if self.per_view and len(rows) > 1:  # the coach: how much of each difference is the worlds' luck
            evaluation.replicates = [
                {a: e.utility for a, e in decision.settle(totals.without(row).evaluation(decision)).estimates.items()}
                for row in rows]
        return evaluation


@dataclass
class _Totals:
    """Per action, the sums of its outcomes over some worlds: [wins, pays, receives, margins], the actions valued
    with a margin (not pass or fold), and how many worlds."""

    sums: dict[str, list[float]]
    with_margin: set[str]
    used: int

    @classmethod
    def of(cls, rows: list[Outcomes]) -> _Totals:
        sums: dict[str, list[float]] = {}
        with_margin: set[str] = set()
        for row in rows:
            for action, (win, pays, receives, margin) in row.items():
                total = sums.setdefault(action, [0.0, 0.0, 0.0, 0.0])
                total[0] += win
                total[1] += pays
                total[2] += receives
                if margin is not None:
                    total[3] += margin
                    with_margin.add(action)
        return cls(sums, with_margin, len(rows))

    def without(self, row: Outcomes) -> _Totals:
        """These totals less one world's outcomes (the jackknife's leave-one-out)."""
        sums = {a: list(t) for a, t in self.sums.items()}
        for action, (win, pays, receives, margin) in row.items():
            total = sums[action]
            total[0] -= win
            total[1] -= pays
            total[2] -= receives
            total[3] -= margin or 0.0
        return _Totals(sums, self.with_margin, self.used - 1)

    def evaluation(self, decision: Decision) -> Evaluation:
        """The averages as estimates (in chips where the decision has stakes), before the decision's settling."""
        stakes, used = decision.stakes, self.used
        estimates = {}
        for action, (wins, pays, receives, margins) in self.sums.items():
            win, pay, receive = wins / used, pays / used, receives / used
            margin = margins / used if action in self.with_margin else None
            if stakes is None:
                estimates[action] = Estimate(win, pay, margin, receive)
            else:
                estimates[action] = Estimate(win, pay, margin, receive, stakes.chips(win, pay, receive), stakes.stake,
                                             stakes.won)
        return Evaluation(estimates, used, decision.kind, dict(decision.details))


def view_key(view: View) -> str:
    """A digest of everything in a view: equal views, and only they, share it."""
    return hashlib.sha256(json.dumps(view, sort_keys=True, default=str).encode()).hexdigest()


def deals_text(n: int) -> str:
    """ "16 possible deals": how the sentences count the worlds."""
    return f"{n} possible deal{'s' if n != 1 else ''}"
