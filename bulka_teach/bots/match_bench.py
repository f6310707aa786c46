"""``python -m bulka_teach bench bots [--game ID]``: how fast each bot decides, and how strong it is in duplicate
matches — an arena for any game whose ``GameSpec.ai`` has an ``arena`` (its bots by name, when a match is over,
who won it).

**Decision time.** Views are collected from a few games between rule-based bots; every bot (each sampling
level too) is timed choosing on the same views. Figures are printed, never asserted.

**Duplicate matches.** Each deal (a seed) is played twice with the seats swapped, so luck of the cards
cancels out. A match is a single game: from the deal to its outcome, redeals included. For each bot:
win rate (games won / games) and mean bank result (the chips the bot's seat gained or lost over the game,
after the ante both paid: a declarer who falls pays the stake), each with a 95% confidence interval by the
normal approximation over the paired deals (the two games of a deal are one observation). A game whose arena
counts points (``Arena.points``: Trappola, where two players play for points only) also reports each bot's mean
final points margin. The matches run in ``jobs`` worker processes.
"""
from __future__ import annotations

import math
import multiprocessing
import os
import platform
import statistics
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from ..game import Game
from ..records import Record
from ..registry import game_spec
from .base import Bot, RandomBot
from .sampling import LEVELS

PLAYERS = ("A", "B")
MAX_ACTIONS = 2_000  # a game is far shorter; a longer one means a bot is stuck
GAME = "czech-bulka"
Task = TypeVar("Task")
Result = TypeVar("Result")


class Arena(Protocol):
    """A game's side of the arena (``GameAI.arena``)."""

    names: str  # the bot names it makes, for error messages ("rule or sampling:<level>[:<worlds>]")

    def bot(self, name: str, seed: int) -> Bot | None:
        """The game's bot of that name, seeded for one game (None: no such bot)."""

    def over(self, game: Game[Any]) -> bool:
        """Whether the match (one unit of the game: Czech Bulka's one game, redeals included) is decided."""

    def winner(self, game: Game[Any]) -> int:
        """The seat that won the match, once ``over``."""


def points_of(side: Arena, game: Game[Any], seat: int) -> int | None:
    """The seat's final points margin in the match, when the arena counts points (an optional ``points`` method)."""
    points = getattr(side, "points", None)
    return points(game, seat) if points is not None else None


def arena(game: str) -> Arena:
    spec = game_spec(game)
    ai = spec.ai
    if ai is None or ai.arena is None:
        raise ValueError(f"{spec.title} has no computer players to match yet")
    return ai.arena  # type: ignore[no-any-return]


def make_bot(name: str, seed: int, game: str = GAME) -> Bot:
    """A bot by name, seeded for one game: ``random``, or one of the game's (Czech Bulka: ``rule``,
    ``sampling:<level>`` or ``sampling:<level>:<worlds>``, the level with fewer or more worlds per decision)."""
    if name == "random":
        return RandomBot(seed)
    side = arena(game)
    bot = side.bot(name, seed)
    if bot is None:
        raise ValueError(f"unknown bot {name!r}: use random, {side.names}")
    return bot


@dataclass(frozen=True)
class GameResult:
    """One game's outcome for the two bots of a match: whether the first bot won, and each bot's chips."""

    first_won: bool
    chips: tuple[int, int]  # (first bot's, second bot's) chips change over the game, after the ante
    decisions: int
    margin: int | None = None  # the first bot's final points margin, when the arena counts points


def play_game(seed: int, names: tuple[str, str], first_seat: int, game_id: str = GAME) -> GameResult:
    """Play the game dealt by ``seed`` with bot ``names[0]`` in ``first_seat`` and ``names[1]`` in the other."""
    game = Record(game=game_id, players=PLAYERS, seed=seed).start()
    side = arena(game_id)
    seats = {first_seat: 0, 1 - first_seat: 1}
    bots = {seat: make_bot(names[which], seed * 2 + seat, game_id) for seat, which in seats.items()}
    start = list(game.chips)
    decisions = 0
    while not side.over(game) and game.to_move is not None:
        seat = game.to_move
        game.apply(bots[seat].choose(game.view(seat)).action, seat)
        decisions += 1
        if decisions > MAX_ACTIONS:
            raise RuntimeError(f"game {seed} did not end after {MAX_ACTIONS} actions")
    winner = side.winner(game)
    change = [game.chips[s] - start[s] for s in range(2)]
    return GameResult(first_won=winner == first_seat, chips=(change[first_seat], change[1 - first_seat]),
                      decisions=decisions, margin=points_of(side, game, first_seat))


def play_deal(task: tuple[int, tuple[str, str]] | tuple[int, tuple[str, str], str]) -> tuple[GameResult, GameResult]:
    """Both games of a duplicate deal (seed, bot names[, game id]): the first bot in seat 0, then in seat 1."""
    seed, names, game = task if len(task) == 3 else (*task, GAME)  # type: ignore[misc]
    return play_game(seed, names, 0, game), play_game(seed, names, 1, game)


@dataclass(frozen=True)
class Estimate:
    mean: float
    half_width: float  # of the 95% confidence interval

    def __str__(self) -> str:
        return f"{self.mean:.3f} ± {self.half_width:.3f}"


def estimate(values: Sequence[float]) -> Estimate:
    """Mean and the 95% normal-approximation half-width over independent observations."""
    n = len(values)
    if n < 2:
        return Estimate(values[0] if values else math.nan, math.inf)
    return Estimate(statistics.fmean(values), 1.96 * statistics.stdev(values) / math.sqrt(n))


@dataclass(frozen=True)
class MatchSummary:
    names: tuple[str, str]
    deals: int
    win_rate: Estimate  # of the first bot
    chips: tuple[Estimate, Estimate]
    seconds: float
    margin: Estimate | None = None  # the first bot's mean final points margin (None: the game counts no points)
    any_chips: bool = True  # False: no game of the match moved a chip (two players of Trappola play for points)


def over_tasks(work: Callable[[Task], Result], tasks: Sequence[Task], jobs: int, most: int = 20
               ) -> Iterator[Result]:
    """``work`` done on every task, each result as it comes: in this process when ``jobs`` is 1 (in order),
    else in ``jobs`` spawned worker processes (in the order they finish), handed out in chunks of at most
    ``most`` tasks (a long task: fewer, so no worker waits on another's last chunk)."""
    if jobs <= 1:
        yield from map(work, tasks)
        return
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        yield from pool.imap_unordered(work, tasks, chunksize=max(1, min(most, len(tasks) // (jobs * 8))))


def run_match(names: tuple[str, str], deals: int, seed: int, jobs: int,
              progress: Callable[[int, int, float, float], None] | None = None, game: str = GAME) -> MatchSummary:
    """A duplicate match of ``deals`` deals (seeds ``seed`` …) of ``game``, in ``jobs`` processes (1: in this
    one); ``progress(done, total, seconds, win rate so far)`` after every tenth of the deals."""
    tasks = [(seed + i, names, game) for i in range(deals)]
    wins: list[float] = []
    chips: list[list[float]] = [[], []]
    margins: list[float] = []
    start = time.perf_counter()
    step = max(1, deals // 10)

    def add(pair: tuple[GameResult, GameResult]) -> None:
        wins.append(statistics.fmean(g.first_won for g in pair))
        for b in range(2):
            chips[b].append(statistics.fmean(g.chips[b] for g in pair))
        if all(g.margin is not None for g in pair):
            margins.append(statistics.fmean(float(g.margin or 0) for g in pair))
        if progress is not None and (len(wins) % step == 0 or len(wins) == deals):
            progress(len(wins), deals, time.perf_counter() - start, statistics.fmean(wins))

    for pair in over_tasks(play_deal, tasks, jobs):
        add(pair)
    return MatchSummary(names, deals, estimate(wins), (estimate(chips[0]), estimate(chips[1])),
                        time.perf_counter() - start, estimate(margins) if margins else None,
                        any_chips=any(any(c) for c in chips))


# --- decision time ---------------------------------------------------------------------------
def sample_views(games: int, seed: int, game_id: str = GAME) -> list[dict[str, Any]]:
    """Every view a seat was asked to decide on, over ``games`` games between the game's default bots."""
    views = []
    side = arena(game_id)
    default = game_spec(game_id).ai.default
    for g in range(games):
        game = Record(game=game_id, players=PLAYERS, seed=seed + 10_000 + g).start()
        bot = make_bot(default, g, game_id)
        while not side.over(game) and game.to_move is not None:
            view = game.view(game.to_move)
            views.append(view)
            game.apply(bot.choose(view).action)
    return views


@dataclass(frozen=True)
class Timing:
    name: str
    seconds: list[float]

    @property
    def mean(self) -> float:
        return statistics.fmean(self.seconds)

    def pct(self, q: float) -> float:
        ordered = sorted(self.seconds)
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def time_decisions(name: str, views: list[dict[str, Any]], game: str = GAME) -> Timing:
    bot = make_bot(name, 1, game)
    seconds = []
    clock = time.perf_counter
    for view in views:
        t0 = clock()
        bot.choose(view)
        seconds.append(clock() - t0)
    return Timing(name, seconds)


def _ms(seconds: float) -> str:
    if seconds < 1e-3:
        return f"{seconds * 1e6:.0f} µs"
    return f"{seconds * 1e3:.1f} ms" if seconds < 1 else f"{seconds:.2f} s"


def main(deals: int = 2000, seed: int = 1, jobs: int | None = None, *, timing_games: int = 4,
         levels: Sequence[str] | None = None, match_level: str = "strong", game: str = GAME) -> int:
    """Print decision times and the duplicate matches of ``game``. ``levels`` limits the sampling levels timed
    (None: all); the sampling bot plays the match at ``match_level``."""
    own = getattr(arena(game), "main", None)
    if own is not None:  # a game with its own bench (Bouillotte: three to five players)
        return int(own(deals, seed, jobs, match_level))
    jobs = jobs or os.cpu_count() or 1
    if deals < 1:
        print("--deals must be 1 or more")
        return 2
    print(f"bulka_teach bots benchmark — {game_spec(game).title}, Python {platform.python_version()} on "
          f"{platform.machine()}, {jobs} worker process(es)")
    views = sample_views(games=timing_games, seed=seed, game_id=game)
    levels = tuple(LEVELS) if levels is None else levels
    names = ["random", "rule", *(f"sampling:{level}" for level in levels)]
    print(f"Decision time over {len(views)} views from {timing_games} games (one core):")
    timings = {}
    for name in names:
        timing = timings[name] = time_decisions(name, views, game)
        print(f"  {name:18} mean {_ms(timing.mean)}, p50 {_ms(timing.pct(.5))}, p95 {_ms(timing.pct(.95))}, "
              f"max {_ms(max(timing.seconds))}")
    decisions_per_game = len(views) / timing_games

    def progress(done: int, total: int, seconds: float, win_rate: float) -> None:
        print(f"    {done}/{total} deals, {seconds:.0f} s, win rate so far {win_rate:.3f}", flush=True)

    level = f"sampling:{match_level}"
    timing = timings.get(level) or time_decisions(level, views, game)
    estimated = deals * decisions_per_game * timing.mean / jobs  # two games a deal; the sampling bot makes half
    print(f"Sampling level for the match: {match_level} (estimated {estimated / 60:.0f} minutes on {jobs} "
          f"process(es))")
    for pair in ((level, "rule"), ("rule", "random")):
        print(f"Duplicate match {pair[0]} vs {pair[1]}: {deals} deal{'s' if deals != 1 else ''}, each played twice "
              "with the seats swapped")
        summary = run_match(pair, deals, seed, jobs, progress, game)
        goal = " (goal: at least 0.600)" if pair[0].startswith("sampling:") else ""
        print(f"  {pair[0]} win rate {summary.win_rate} (95% CI){goal}")
        if not summary.any_chips:
            print("  no chips changed hands in any game of the match")
        for b in range(2 if summary.any_chips else 0):
            print(f"  {pair[b]} mean bank result {summary.chips[b]} chips a game (95% CI)")
        if summary.margin is not None:
            print(f"  {pair[0]} mean points margin {summary.margin} points a game over {pair[1]} (95% CI)")
        print(f"  {summary.seconds:.0f} s")
    return 0
