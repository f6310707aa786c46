"""``python -m bulka_teach bench bots --game bouillotte``: how fast Bouillotte's bots decide, and how strong they
are in duplicate matches at tables of three, four and five.

**Decision time.** Views are collected from sessions between rule bots at 3, 4 and 5 players; each bot (each
sampling level too) is timed choosing on the same views. Figures are printed, never asserted.

**Duplicate matches.** A hand is the first deal of a session dealt by a seed (a void deal's redeal included),
at 3, 4 or 5 players in turn. The bot measured plays one seat and the opponent bot every other; the same cards
are played once with the measured bot in each seat (seats rotated), so the luck of the cards cancels out. One
observation is the measured bot's mean result over the rotations of a hand, in jetons (its chips after the hand
less its chips before); the figure is the mean over the hands with a 95% interval (normal approximation).
"""
from __future__ import annotations

import os
import platform
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ...bots.base import Bot, RandomBot
from ...bots.match_bench import Estimate, Timing, estimate, over_tasks
from ...records import Record
from ..deal import VOID
from ..session import Bouillotte
from .sampling import LEVELS, SamplingBot
from .teaching import RuleBot

NAMES = ("Ann", "Ben", "Cleo", "Dan", "Eve")
MAX_ACTIONS = 500  # a hand is far shorter; a longer one means a bot is stuck


def hand_over(game: Bouillotte) -> bool:
    """Whether the session's first hand is settled (a void deal is replayed with the next deck, the same hand)."""
    return game.deal is None or any(d.over and d.outcome is not None and d.outcome.result != VOID
                                    for d in game.deals)


def make_bot(name: str, seed: int) -> Bot:
    """``random``, ``rule`` or ``sampling:<level>[:<worlds>]``."""
    if name == "random":
        return RandomBot(seed)
    if name == "rule":
        return RuleBot(seed)
    if name.startswith("sampling:"):
        parts = name.split(":")
        return SamplingBot(level=parts[1], seed=seed, worlds=int(parts[2]) if len(parts) > 2 else None)
    raise ValueError(f"unknown bot {name!r}: use random, rule or sampling:<level>[:<worlds>]")


def players_of(seed: int) -> int:
    """The table of hand ``seed``: three, four and five players in turn."""
    return 3 + seed % 3


def play_hand(seed: int, names: tuple[str, str], seat: int) -> int:
    """Play hand ``seed`` with ``names[0]`` in ``seat`` and ``names[1]`` in every other: its jetons won or lost."""
    n = players_of(seed)
    game = Record(game="bouillotte", players=NAMES[:n], seed=seed).start()
    assert isinstance(game, Bouillotte)
    bots = [make_bot(names[0] if s == seat else names[1], seed * 8 + s) for s in range(n)]
    before = game.chips[seat]
    for _ in range(MAX_ACTIONS):
        if hand_over(game) or game.to_move is None:
            return game.chips[seat] - before
        mover = game.to_move
        game.apply(bots[mover].choose(game.view(mover)).action, mover)
    raise RuntimeError(f"hand {seed} did not end after {MAX_ACTIONS} actions")


def play_rotated(task: tuple[int, tuple[str, str]]) -> float:
    """The measured bot's mean result over every seat of hand ``seed`` (the duplicate observation)."""
    seed, names = task
    return statistics.fmean(play_hand(seed, names, seat) for seat in range(players_of(seed)))


@dataclass(frozen=True)
class MatchSummary:
    names: tuple[str, str]
    hands: int
    chips: Estimate  # the measured bot's jetons per hand
    seconds: float


def run_match(names: tuple[str, str], hands: int, seed: int, jobs: int,
              progress: Callable[[int, int, float, float], None] | None = None) -> MatchSummary:
    """A duplicate match of ``hands`` hands (seeds ``seed`` …), in ``jobs`` processes (1: in this one);
    ``progress(done, total, seconds, mean so far)`` after every tenth of the hands."""
    tasks = [(seed + i, names) for i in range(hands)]
    results: list[float] = []
    start = time.perf_counter()
    step = max(1, hands // 10)

    def add(result: float) -> None:
        results.append(result)
        if progress is not None and (len(results) % step == 0 or len(results) == hands):
            progress(len(results), hands, time.perf_counter() - start, statistics.fmean(results))

    for result in over_tasks(play_rotated, tasks, jobs, most=10):
        add(result)
    return MatchSummary(names, hands, estimate(results), time.perf_counter() - start)


def sample_views(sessions: int, seed: int) -> list[dict]:
    """Every view a seat was asked to decide on with a choice, over ``sessions`` sessions of three deals
    between rule bots at 3, 4 and 5 players."""
    views = []
    for k in range(sessions):
        n = players_of(k)
        game = Record(game="bouillotte", players=NAMES[:n], seed=seed + 10_000 + k).start()
        bot = RuleBot(k)
        while game.to_move is not None and len(game.deals) <= 3:
            view = game.view(game.to_move)
            if len(view["legal"]) > 1:
                views.append(view)
            game.apply(bot.choose(view).action)
    return views


def time_decisions(name: str, views: list[dict]) -> Timing:
    bot = make_bot(name, 1)
    seconds = []
    for view in views:
        t0 = time.perf_counter()
        bot.choose(view)
        seconds.append(time.perf_counter() - t0)
    return Timing(name, seconds)


def _ms(seconds: float) -> str:
    if seconds < 1e-3:
        return f"{seconds * 1e6:.0f} µs"
    return f"{seconds * 1e3:.1f} ms" if seconds < 1 else f"{seconds:.2f} s"


def main(hands: int = 2000, seed: int = 1, jobs: int | None = None, *, timing_sessions: int = 6,
         levels: Sequence[str] | None = None, match_level: str = "strong",
         matches: Sequence[tuple[str, str]] | None = None) -> int:
    """Print decision times and the duplicate matches (the sampling bot at ``match_level`` against rule bots,
    the rule bot against random players)."""
    jobs = jobs or os.cpu_count() or 1
    if hands < 1:
        print("--deals must be 1 or more")
        return 2
    print(f"bulka_teach bots benchmark — Bouillotte (3, 4 and 5 players in turn), Python "
          f"{platform.python_version()} on {platform.machine()}, {jobs} worker process(es)")
    views = sample_views(timing_sessions, seed)
    names = ["random", "rule", *(f"sampling:{level}" for level in (tuple(LEVELS) if levels is None else levels))]
    print(f"Decision time over {len(views)} views with a choice from {timing_sessions} sessions (one core):")
    for name in names:
        timing = time_decisions(name, views)
        print(f"  {name:18} mean {_ms(timing.mean)}, p50 {_ms(timing.pct(.5))}, p95 {_ms(timing.pct(.95))}, "
              f"max {_ms(max(timing.seconds))}")

    def progress(done: int, total: int, seconds: float, mean: float) -> None:
        print(f"    {done}/{total} hands, {seconds:.0f} s, {mean:+.3f} jetons a hand so far", flush=True)

    for pair in matches or ((f"sampling:{match_level}", "rule"), ("rule", "random")):
        print(f"Duplicate match {pair[0]} against {pair[1]} in the other seats: {hands} hand"
              f"{'s' if hands != 1 else ''}, each played with {pair[0]} in every seat")
        summary = run_match(pair, hands, seed, jobs, progress)
        lo, hi = summary.chips.mean - summary.chips.half_width, summary.chips.mean + summary.chips.half_width
        verdict = "wholly above zero" if lo > 0 else "not wholly above zero"
        print(f"  {pair[0]}: {summary.chips} jetons a hand (95% CI [{lo:+.3f}, {hi:+.3f}], {verdict}); "
              f"{summary.seconds:.0f} s")
    return 0
