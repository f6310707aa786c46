"""10,000 random Partien and 1,000 whole Bulkas (3 and 4 players) of Trappola over house-rule combinations, with
rule errors under ``renonc_mode``: no error, chips conserved, every card accounted for, each branch reached."""
from __future__ import annotations

import itertools
import random
from collections import Counter

from bulka_teach import Record
from bulka_teach.trappola.match import TrappolaBulka

PLAYERS = ("Ann", "Ben", "Cleo", "Dan")
COMBOS = [dict(zip(("stock_exchange", "renonc_mode", "two_player_alifer", "bulka_won_seating"), values, strict=True))
          for values in itertools.product((False, True), (False, True), (False, True), ("rules", "redraw"))]


def step(game: TrappolaBulka, rng: random.Random, stats: Counter) -> None:
    legal = game.legal_actions()
    if game.rules.renonc_mode and rng.random() < 0.01 and game.deal is not None:
        renoncs = [a for a, _ in game.deal.candidates() if (v := game.verdict(a)) is not None and v.renonc]
        if renoncs:
            legal = renoncs
    if "pro" in legal:
        legal = ["pro"] if rng.random() < 0.8 else legal
    partie = game.deal
    game.apply(rng.choice(legal))
    assert sum(game.chips) + game.pot == 0
    if partie is not None and partie.outcome is not None:
        stats["partien"] += 1
        stats[partie.outcome.result] += 1
        stats["pro"] += partie.pro is not None
        cards = partie.all_cards()
        assert len(set(cards)) == 36


def test_ten_thousand_random_partien():
    stats: Counter = Counter()
    table = 0
    while stats["partien"] < 10_000:
        rng = random.Random(table)
        rules = COMBOS[table % len(COMBOS)] | {"stake": rng.choice([10, 20])}
        game = Record(game="trappola", players=PLAYERS[: 2 + table % 3], rules=rules, seed=table).start()
        assert isinstance(game, TrappolaBulka)
        start = stats["partien"]
        while stats["partien"] - start < 25:
            step(game, rng, stats)
        table += 1
    for kind in ("won", "renonc", "alifer", "draw", "pro"):
        assert stats[kind], f"no {kind} in {stats['partien']} Partien"


def test_a_thousand_whole_bulkas():
    stats: Counter = Counter()
    bulkas = 0
    table = 0
    while bulkas < 1000:
        rng = random.Random(10_000 + table)
        rules = COMBOS[table % len(COMBOS)]
        game = Record(game="trappola", players=PLAYERS[: 3 + table % 2], rules=rules, seed=10_000 + table).start()
        assert isinstance(game, TrappolaBulka)
        while game.bulka < 3:
            step(game, rng, stats)
        bulkas += 2
        table += 1
    assert stats["pro"] >= 1000
