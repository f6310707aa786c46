"""Ten thousand random games of Czech Bulka against a model of the money and the seats.

A "game" runs from a deal to the payment, redeals included. Tables of 2 and 3 players play
with house rules sampled from every value of every option (stakes and max_deals varied); a
random player picks among the legal actions, and under ``renonc_mode`` now and then commits a
rule error the table accepts. After every game the engine's chips, bank, streaks, seats and
next dealer must match an independent model of the rules (czech-bulka.md, "Players, seats,
the bank" and "Result and payments").

Takes about 5 s for 10,000 games on a 2-core machine (measured; see the final report).
"""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

from bulka_teach import Record
from bulka_teach.czech.deal import PLAY
from bulka_teach.czech.rules import PACK, CzechRules

GAMES = 10_000
GAMES_PER_TABLE = 25
MASTER_SEED = 20240601
STAKES = (1, 2, 5, 10, 25, 100, 1000)
PLAYERS = ("Ann", "Ben", "Cid")
PLAYS = [f"play {c.code}" for c in PACK.cards]


def sampled_rules(rng: random.Random) -> dict:
    """One value of every option, drawn from all its values (stakes and max_deals from a spread)."""
    rules = {}
    for f in CzechRules.options():
        meta = f.metadata
        if isinstance(f.default, bool):
            value = rng.random() < 0.5
        elif meta["choices"]:
            value = rng.choice(meta["choices"])
        elif f.name == "stake":
            value = rng.choice(STAKES)
        else:
            value = rng.randint(meta["low"], meta["high"])
        rules[f.name] = value
    return rules


@dataclass
class Model:
    """The bank, chips, streaks and seats as czech-bulka.md describes them."""

    n: int
    stake: int
    dealer: int
    opponent: int
    chips: list = field(default_factory=list)
    bank: int = 0
    streaks: list = field(default_factory=list)
    bulka: int = 1

    def __post_init__(self) -> None:
        self.chips = [-self.stake] * self.n  # every player pays S at the start of a bulka
        self.bank = self.stake * self.n
        self.streaks = [0] * self.n
        self.sitting_out = next((s for s in range(self.n) if s not in (self.dealer, self.opponent)), None)

    def game_over(self, winner: int, loser: int, pays: bool) -> bool:
        """Settle one game; True when the winner took the bank."""
        penalty = self.stake if pays else 0
        self.streaks[winner] += 1
        self.streaks[loser] = 0
        sitter = self.sitting_out
        if self.streaks[winner] == 3:
            self.chips[winner] += self.bank  # three in a row: the bank is his
            self.bank = 0
            self.bulka += 1
            self.streaks = [0] * self.n
            for s in range(self.n):  # a new bulka: everyone pays S
                self.chips[s] -= self.stake
            self.bank += self.stake * self.n
            self.chips[loser] -= penalty  # the loser's penalty goes into the new bank
            self.bank += penalty
            # the loser deals against the one who sat out (with two players, against the winner)
            self.dealer, self.opponent = loser, (sitter if sitter is not None else winner)
            self.sitting_out = winner if sitter is not None else None
            return True
        self.chips[loser] -= penalty
        self.bank += penalty
        # the winner deals against the one who sat out; the loser sits out
        self.dealer, self.opponent = winner, (sitter if sitter is not None else loser)
        self.sitting_out = loser if sitter is not None else None
        return False


def check_outcome(deal) -> None:
    """The outcome fits how the deal ended."""
    o = deal.outcome
    assert {o.winner, o.loser} == set(deal.seats) and o.winner != o.loser
    declarer, dealer = deal.declarer, deal.dealer
    if o.kind in ("declarer-won", "declarer-lost", "tie"):
        pts = o.points
        opponent = deal.other(declarer)
        assert len(deal.tricks) == 9 and not any(deal.hands[s] for s in deal.seats)
        if o.kind == "declarer-won":
            assert o.winner == declarer and pts[declarer] > pts[opponent] and not o.pays
        elif o.kind == "tie":
            assert o.loser == declarer and pts[declarer] == pts[opponent] and not o.pays
        else:
            assert o.loser == declarer and pts[declarer] < pts[opponent] and o.pays
    elif o.kind == "hundred-fold":
        assert o.loser == declarer and not o.pays and not deal.tricks
    elif o.kind == "forced-fold":
        assert o.loser == dealer and o.pays and deal.forced and deal.trump is None
    elif o.kind == "renonc":
        assert o.pays and o.renonc is not None and o.renonc.renonc
    else:
        raise AssertionError(f"unknown outcome {o.kind!r}")


def renonc_move(game, rng: random.Random):
    """A rule error the renonc_mode table accepts (a card that breaks the follow rules), if any."""
    deal = game.deal
    if deal.phase != PLAY or not deal.trick:
        return None
    errors = [p for p in PLAYS if (v := game.verdict(p)) is not None and v.renonc]
    return rng.choice(errors) if errors else None


def play_table(table: int, games: int, stats: Counter) -> None:
    rng = random.Random(MASTER_SEED * 1_000 + table)
    n = rng.choice((2, 3))
    rules = sampled_rules(rng)
    for name, value in rules.items():
        stats[(name, value)] += 1
    stats[("players", n)] += 1
    record = Record(game="czech-bulka", players=PLAYERS[:n], rules=rules, seed=rng.getrandbits(40))
    game = record.start()
    stake, max_deals = rules["stake"], rules["max_deals"]
    first = game.deal
    model = Model(n, stake, first.dealer, first.forehand)
    assert game.chips == model.chips and game.bank == model.bank
    assert game.sitting_out == model.sitting_out
    renonc = rules["renonc_mode"]
    choice, rand = rng.choice, rng.random
    done = 0
    deal = game.deal
    deals_this_game = 1
    while done < games:
        # the deal is between the two players the model expects, in the expected roles
        assert (deal.dealer, deal.forehand) == (model.dealer, model.opponent)
        assert deal.forced == (deal.number >= max_deals) and deal.number <= max_deals
        while game.deal is deal:
            legal = game.legal_actions()
            assert legal and game.to_move in deal.seats, "someone is to move, so something must be allowed"
            if deal.hundred_owed == game.to_move and deal.phase == PLAY and deal.stock \
                    and deal.stock[-1].suit == deal.trump:
                # the hundred is owed and a trump lies on the stock: no exchange before the hundred is declared
                refusal = game.verdict("exchange")
                assert refusal is not None and "exchange" not in legal
                stats[f"exchange-refused-{refusal.reason}"] += 1
            action = (renonc_move(game, rng) if renonc and rand() < 0.02 else None) or choice(legal)
            if action == "exchange":
                stats[f"exchange-{deal.phase}"] += 1
            game.apply(action)
            assert sum(game.chips) + game.bank == 0 and game.bank >= 0
        outcome = deal.outcome
        stats[outcome.kind] += 1
        if outcome.kind == "redeal":
            assert deal.trump is None and deal.number < max_deals
            nxt = game.deal
            # the other player shuffles and deals the next deal of the same game
            assert (nxt.dealer, nxt.forehand, nxt.number) == (deal.forehand, deal.dealer, deal.number + 1)
            model.dealer, model.opponent = model.opponent, model.dealer
            deals_this_game += 1
            deal = nxt
            continue
        check_outcome(deal)
        assert deals_this_game == deal.number <= max_deals
        bank_before = game.bank
        bank_events = [e for e in game.events[-12:] if e.kind == "bank-won"]
        took = model.game_over(outcome.winner, outcome.loser, outcome.pays)
        if took:
            stats["bank-won"] += 1
            assert bank_events and bank_events[-1].seat == outcome.winner
            assert game.bank == stake * n + (stake if outcome.pays else 0)
        assert game.chips == model.chips, (table, done, outcome.kind)
        assert game.bank == model.bank == bank_before
        assert game.streaks == model.streaks and game.bulka == model.bulka
        assert max(game.streaks) <= 2
        assert game.sitting_out == model.sitting_out
        if game.sitting_out is not None:
            assert game.streaks[game.sitting_out] == 0
        done += 1
        deals_this_game = 1
        deal = game.deal
        assert deal.number == 1
    stats["games"] += done


def test_ten_thousand_random_games_keep_the_money_and_seats_right():
    stats: Counter = Counter()
    tables = GAMES // GAMES_PER_TABLE
    for table in range(tables):
        play_table(table, GAMES_PER_TABLE, stats)
    assert stats["games"] == GAMES
    # every value of every option was played, with both table sizes
    for f in CzechRules.options():
        meta = f.metadata
        if isinstance(f.default, bool):
            values = (False, True)
        elif meta["choices"]:
            values = meta["choices"]
        elif f.name == "stake":
            values = STAKES
        else:
            values = range(meta["low"], meta["high"] + 1)
        for value in values:
            assert stats[(f.name, value)], f"{f.name}={value!r} was never played"
    assert stats[("players", 2)] and stats[("players", 3)]
    # and every way a game can end happened, the bank was won, redeals happened
    for kind in ("declarer-won", "declarer-lost", "tie", "hundred-fold", "forced-fold", "renonc", "redeal",
                 "bank-won"):
        assert stats[kind], f"no {kind} in {GAMES} games: the random games miss a branch"
    # exchanges before and during play, and a holder of the šíbr refused while he owes his hundred
    for kind in ("exchange-exchange", "exchange-play", "exchange-refused-must-declare-hundred"):
        assert stats[kind], f"no {kind} in {GAMES} games: the random games miss a branch"
