"""Benchmarks that print figures: ``python -m bulka_teach bench engine [--game trappola]`` and ``bench openspiel``.

Complete random deals a second (deal to payment, random legal choices, the full event log
kept), and the cost of ``legal_actions`` and ``view``. Figures, not assertions: the machine
decides them, so they are printed with the best and the median of several repetitions.
A deal is a game's deal: a Czech Bulka deal, a Trappola Partie, a Bouillotte hand; a fresh table
starts when a match is decided (a bank, a Bulka won; a seat without jetons), or after ``SESSION`` deals (two
players of Trappola play no match: one endless session would measure the garbage collector's walk over its log).
"""
from __future__ import annotations

import importlib
import platform
import random
import statistics
import time

from .game import Game
from .records import Record
from .registry import game_spec

NAMES = ("Ann", "Ben", "Cleo", "Dan", "Eve")
SESSION = 20  # deals at most at one table, as an evening's
#: What ``bench openspiel`` sets against OpenSpiel's Skat: each trick game at each of its table sizes.
TRICK_GAMES = (("czech-bulka", 2), ("czech-bulka", 3), ("trappola", 2), ("trappola", 3), ("trappola", 4))
OPENSPIEL_GAME = "skat"  # the same 32-card family, written in C++
INSTALL_OPENSPIEL = "pip install open_spiel"  # a wheel from PyPI; not a dependency of bulka_teach


def _table(players: tuple[str, ...], seed: int, game: str = "czech-bulka") -> Game:
    return Record(game=game, players=players, seed=seed).start()


def random_deals(deals: int, players: tuple[str, ...], seed: int, game: str = "czech-bulka") -> float:
    """Seconds to play ``deals`` complete deals with random legal choices (a fresh table each match)."""
    rng = random.Random(seed)
    rand = rng.random
    done = 0
    table = 0
    start = time.perf_counter()
    while done < deals:
        table += 1
        session = _table(players, seed * 100_003 + table, game)
        legal_actions, apply = session.legal_actions, session.apply
        deal, k = session.deal, len(session.deals) - 1  # the deal being played, and its index
        while deal is not None:
            actions = legal_actions()
            if not actions:  # nothing is asked of anyone (as ``to_move`` None says): the table is done
                break
            apply(actions[int(rand() * len(actions))])
            if session.deal is not deal:  # the deal is over (the next one, if any, is dealt)
                done += 1
                if session.deal_decision(k).decided == "match":
                    break
                deal, k = session.deal, len(session.deals) - 1
                if k >= SESSION or done >= deals:
                    break
    return time.perf_counter() - start


def _costs(steps: int, seed: int = 1, game_id: str = "czech-bulka") -> tuple[list[float], list[float]]:
    """Microseconds of each first ``legal_actions`` call after a move, and of ``view`` for the player to move."""
    rng = random.Random(seed)
    players = NAMES[:min(game_spec(game_id).players)]
    game = _table(players, seed, game_id)
    legal, view = [], []
    clock = time.perf_counter
    for _ in range(steps):
        if game.to_move is None or len(game.deals) > SESSION:  # a fresh table now and then: a session's log
            seed += 1
            game = _table(players, seed, game_id)
        t0 = clock()
        actions = game.legal_actions()
        t1 = clock()
        game.view(game.to_move)
        t2 = clock()
        legal.append((t1 - t0) * 1e6)
        view.append((t2 - t1) * 1e6)
        game.apply(rng.choice(actions))
    return legal, view


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def engine(deals: int = 4000, repeat: int = 5, game: str = "czech-bulka") -> None:
    spec = game_spec(game)
    print(f"bulka_teach engine benchmark — Python {platform.python_version()} on {platform.machine()}, one core")
    for count in spec.players:
        players = NAMES[:count]
        rates = [deals / random_deals(deals, players, seed=r + 1, game=game) for r in range(repeat)]
        print(f"  {spec.title}, {len(players)} players: complete random deals per second "
              f"best {max(rates):,.0f}, median {statistics.median(rates):,.0f} "
              f"({repeat} runs of {deals:,} deals; deal to payment, event log kept)")
    legal, view = _costs(min(20_000, deals * 5), game_id=game)
    print(f"  legal_actions (first call after a move): mean {statistics.mean(legal):.1f} µs, "
          f"p50 {_pct(legal, .5):.1f} µs, p95 {_pct(legal, .95):.1f} µs over {len(legal):,} positions")
    print(f"  view(seat to move) with the deal's explained log: mean {statistics.mean(view):.0f} µs, "
          f"p50 {_pct(view, .5):.0f} µs, p95 {_pct(view, .95):.0f} µs")


def openspiel_random_deals(deals: int, seed: int, game: str = OPENSPIEL_GAME) -> float:
    """Seconds for OpenSpiel's ``game`` (C++, driven from Python) to play ``deals`` complete deals: every chance
    outcome (Skat deals card by card, each remaining card equally likely) and every player's action drawn at random
    among the legal ones, as ``random_deals`` draws ours. Needs ``open_spiel`` (ImportError without it)."""
    pyspiel = importlib.import_module("pyspiel")  # imported here: open_spiel is not a dependency of bulka_teach
    rand = random.Random(seed).random
    spiel_game = pyspiel.load_game(game)
    start = time.perf_counter()
    for _ in range(deals):
        state = spiel_game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[int(rand() * len(outcomes))][0])
            else:
                actions = state.legal_actions()
                state.apply_action(actions[int(rand() * len(actions))])
    return time.perf_counter() - start


def against_openspiel(deals: int = 4000, repeat: int = 5) -> None:
    """Deals a second of Czech Bulka and Trappola at every table size against OpenSpiel's Skat, interleaved round by
    round in one process, with each game's ratio to Skat (the median of the rounds' ratios, so a busy minute slows
    both sides of a ratio alike). Without ``open_spiel`` it says so and prints ours alone."""
    try:
        pyspiel = importlib.import_module("pyspiel")
    except ImportError:
        pyspiel = None
    print(f"Random deals a second against OpenSpiel — Python {platform.python_version()} on {platform.machine()}, "
          f"one core; {repeat} rounds of {deals:,} deals each, interleaved")
    if pyspiel is None:
        print(f"  OpenSpiel is not installed, so its {OPENSPIEL_GAME} is not measured (to measure it: "
              f"{INSTALL_OPENSPIEL}); ours alone:")
    rates: dict[str, list[float]] = {}
    for r in range(repeat):
        if pyspiel is not None:
            rates.setdefault(OPENSPIEL_GAME, []).append(deals / openspiel_random_deals(deals, seed=r + 1))
        for game, count in TRICK_GAMES:
            rates.setdefault(f"{game}/{count}", []).append(deals / random_deals(deals, NAMES[:count], r + 1, game))
    skat = rates.get(OPENSPIEL_GAME)
    if skat is not None:
        print(f"  OpenSpiel {OPENSPIEL_GAME} (C++, pyspiel {getattr(pyspiel, '__version__', '')}, random legal actions "
              f"and chance outcomes): best {max(skat):,.0f}, median {statistics.median(skat):,.0f}")
    for game, count in TRICK_GAMES:
        ours = rates[f"{game}/{count}"]
        line = (f"  {game_spec(game).title}, {count} players (event log kept): best {max(ours):,.0f}, "
                f"median {statistics.median(ours):,.0f}")
        if skat is not None:
            ratios = [o / s for o, s in zip(ours, skat, strict=True)]
            line += (f"; × {statistics.median(ratios):.2f} of {OPENSPIEL_GAME} "
                     f"(rounds {min(ratios):.2f}–{max(ratios):.2f})")
        print(line)
