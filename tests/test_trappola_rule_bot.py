"""Trappola's rule-based bot: only legal actions over many random Partien and house rules, deterministic, and each
teaching rule fires where it should and does what it says."""
from __future__ import annotations

import ast
import dataclasses
import pathlib
from collections import defaultdict

import pytest
from trappola_helpers import trappola

from bulka_teach import Record
from bulka_teach.bots import RandomBot
from bulka_teach.registry import game_spec
from bulka_teach.trappola.ai import AI, LESSONS, RULES, RULES_BY_NAME, RuleBot, default_bot
from bulka_teach.trappola.ai.teaching import EXCHANGE_BELOW, PRO_POT_STAKES, Situation, hand_worth
from bulka_teach.trappola.rules import PACK
from bulka_teach.trappola.stacking import stack_deck

HOUSE_RULES = [{}, {"stock_exchange": True}, {"renonc_mode": True, "two_player_alifer": True},
               {"stock_exchange": True, "stake": 20, "bulka_won_seating": "redraw"},
               {"bonus_marc": 0, "points_asso": 11, "figura_blans": 0}]
NAMES = ("Ann", "Ben", "Cleo", "Dan")


def _play(seed: int, rules: dict, players: int, bots: list, partien: int = 10):
    """Play ``partien`` Partien (or until no deck is left); every (game before, view, choice) of a RuleBot."""
    game = Record(game="trappola", players=NAMES[:players], rules=rules, seed=seed).start()
    chosen = []
    while game.to_move is not None and len(game.deals) <= partien:
        seat = game.to_move
        view = game.view(seat)
        choice = bots[seat].choose(view)
        assert choice.action in view["legal"], (choice, view["legal"])
        if isinstance(bots[seat], RuleBot):
            chosen.append((len(game.actions), view, choice))
        game.apply(choice.action)
    return game, chosen


@pytest.mark.parametrize("rules", HOUSE_RULES, ids=lambda r: ",".join(r) or "std")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_legal_over_random_partien_against_random_and_itself(rules, players):
    for seed in range(3):
        bots = [RuleBot(seed) if (s + seed) % 2 else RandomBot(seed + s) for s in range(players)]
        _, chosen = _play(seed, rules, players, bots)
        _, more = _play(seed + 50, rules, players, [RuleBot(seed)] * players)
        chosen += more
        assert chosen
        assert all(choice.rule in RULES_BY_NAME for _, _, choice in chosen)
        assert all(choice.why.rstrip().endswith((".", "!")) for _, _, choice in chosen)


def test_every_rule_names_a_planned_lesson_and_a_sentence():
    for rule in RULES:
        assert rule.lesson.startswith("trappola/") and rule.lesson.split("/")[1] in LESSONS, rule
        assert rule.sentence.endswith(".") and len(rule.sentence.split()) >= 8, rule
    assert len(RULES_BY_NAME) == len(RULES)


def test_deterministic_for_a_seed_and_a_view():
    _, chosen = _play(3, {}, 2, [RuleBot(1), RandomBot(2)])
    for _, view, choice in chosen:
        assert RuleBot(1).choose(view) == choice
        assert RuleBot(99).choose(view).action == choice.action  # without noise the seed does not matter
    noisy = [RuleBot(5, noise=0.5).choose(view).action for _, view, _ in chosen]
    assert noisy == [RuleBot(5, noise=0.5).choose(view).action for _, view, _ in chosen]
    assert noisy != [choice.action for _, _, choice in chosen]


def test_the_spec_offers_the_rule_bot_and_the_core_loads_no_game():
    assert game_spec("trappola").ai is AI and AI.default == "rule"
    assert isinstance(default_bot(7), RuleBot) and isinstance(AI.opponent("rule", 3), RuleBot)
    with pytest.raises(ValueError, match="no opponent"):
        AI.opponent("nobody", 1)


def test_the_bot_reads_views_only():
    source = (pathlib.Path(__file__).parents[1] / "bulka_teach" / "trappola" / "ai" / "teaching.py").read_text()
    imported = {node.module for node in ast.walk(ast.parse(source)) if isinstance(node, ast.ImportFrom)}
    assert imported <= {"__future__", "collections.abc", "dataclasses", "functools", "typing", "cards", "figura",
                        "rules", "bots.base"}, imported


# --- each rule does what it says, in the games where it fired ---------------------------------------------------
def _firings() -> dict[str, list]:
    """For every rule, the (game replayed to that moment, view, choice) of each time it decided, over many games."""
    found: dict[str, list] = defaultdict(list)
    for seed in range(24):
        players = 2 + seed % 3
        rules = HOUSE_RULES[seed % len(HOUSE_RULES)]
        bots = [RuleBot(seed)] * players if seed % 2 else [RuleBot(seed) if s % 2 else RandomBot(s)
                                                           for s in range(players)]
        game, chosen = _play(seed, rules, players, bots, partien=8)
        for index, view, choice in chosen:
            found[choice.rule].append((game.record(), index, view, choice))
    return found


@pytest.fixture(scope="module")
def firings():
    return _firings()


def _after(record, index: int, actions: int):
    """The game replayed to action ``index`` plus the next ``actions`` of the record."""
    return dataclasses.replace(record, actions=record.actions[:index + actions]).replay()


def test_every_rule_fires_in_real_games(firings):
    assert set(firings) == set(RULES_BY_NAME), set(RULES_BY_NAME) - set(firings)


@pytest.mark.parametrize("name", ["lead-a-two-they-cannot-follow", "twos-take-the-last-tricks"])
def test_a_two_led_when_they_cannot_follow_wins_the_trick(firings, name):
    for record, index, view, choice in firings[name][:30]:
        game = _after(record, index, 0)
        partie = game.deal
        before = len(partie.tricks)
        game.apply(choice.action)
        if game.to_move is None or game.deal is not partie:
            continue
        other = game.view(game.to_move)
        reply = next(a for a in other["legal"] if a.startswith("play "))
        game.apply(reply)
        assert partie.by_two[before] == (view["seat"], True), (choice, reply)


@pytest.mark.parametrize("name", ["lead-a-sure-winner", "cash-winners-before-the-twos"])
def test_a_sure_winner_led_wins_whatever_the_reply(firings, name):
    for record, index, view, choice in firings[name][:30]:
        game = _after(record, index, 0)
        partie = game.deal
        game.apply(choice.action)
        for reply in game.legal_actions():
            if reply.startswith("play "):
                trial = _after(game.record(), len(game.actions), 0)
                trial.apply(reply)
                assert trial.deals[-1].tricks[-1][1] == view["seat"] or trial.deals[-1] is not partie, reply


@pytest.mark.parametrize("name", ["take-points-cheaply", "win-cheaply"])
def test_winning_cheaply_wins_with_the_cheapest_winner(firings, name):
    for _, _, view, choice in firings[name][:30]:
        s = Situation.from_view(view)
        card = PACK.card(choice.action[5:])
        led = s.trick[0]
        assert card.suit == led.suit and card.rank > led.rank
        winners = [c for c in s.plays() if c.suit == led.suit and c.rank > led.rank]
        assert s.worth(card) == min(s.worth(c) for c in winners)
        if name == "take-points-cheaply":
            assert s.worth(led) > 0


def test_keep_your_twos_gives_another_card(firings):
    for _, _, view, choice in firings["keep-your-twos"]:
        s = Situation.from_view(view)
        assert any(c.code[0] == "2" for c in s.plays()) and choice.action[5] != "2"
        assert s.worth(PACK.card(choice.action[5:])) == 0


def test_throwing_and_leading_low_give_the_least(firings):
    for name in ("throw-the-lowest", "lead-low", "dont-spend-a-court-on-nothing"):
        for _, _, view, choice in firings[name][:60]:
            s = Situation.from_view(view)
            assert s.worth(PACK.card(choice.action[5:])) == min(s.worth(c) for c in s.plays()), (name, choice)


def test_declarations_count_and_aces_are_declared_before_the_first_ace(firings):
    for record, index, view, choice in firings["declare-your-figura"][:30]:
        assert not choice.action.startswith("declare A")
        game = _after(record, index, 1)
        assert game.deal.declared[view["seat"]][-1].figura.code == choice.action[8:]
    for record, index, _, choice in firings["declare-aces-with-the-first-ace"][:30]:
        assert choice.action.startswith("declare A")
        following = record.actions[index + 1:]
        nxt = next(a for a in following if a.startswith("play "))
        assert nxt[5] == "A", nxt  # the seat's own next card: the declaration is made as it is played
    for _, _, view, choice in firings["hold-aces-back"][:30]:
        assert choice.action.startswith("play ") and choice.action[5] != "A"
        assert any(a.startswith("declare A") for a in view["legal"])


def test_manko_tells_the_missing_suit(firings):
    for record, index, view, _ in firings["ask-manko"][:20]:
        game = _after(record, index, 1)
        seen = game.view(view["seat"])["deal"]["declarations"]
        opponent = next(s for s in view["deal"]["seats"] if s != view["seat"])
        told = [d for d in seen[str(opponent)] if d["count"] == 3 and d["rank"] != "A"]
        assert told and all(d["manko"] in "scdb" for d in told)


def test_exchange_and_pro_follow_their_thresholds(firings):
    for name, below in (("exchange-a-weak-hand", True), ("keep-a-good-hand", False)):
        for _, _, view, _ in firings[name]:
            s = Situation.from_view(view)
            assert (hand_worth(s.hand, s.points) < EXCHANGE_BELOW) == below
    for name, rich in (("pro-for-a-rich-bulka", True), ("no-pro-for-a-thin-bulka", False)):
        for _, _, view, _ in firings[name]:
            stakes = view["pot"] / (view["rules"]["stake"] * view["deal"]["multiplier"])
            assert (stakes >= PRO_POT_STAKES) == rich


# --- positions built for a rule --------------------------------------------------------------------------------
def test_three_kings_declared_before_the_first_card_and_aces_held_back():
    deck = stack_deck(challenger=["Rs", "Rc", "Rd", "As", "Ac", "Ad", "7c", "8d", "9b"], dealer=["Xs"])
    game = trappola(deck)
    choice = RuleBot().choose(game.view(1))
    assert (choice.action, choice.rule) == ("declare Rs-Rc-Rd", "declare-your-figura")
    game.apply(choice.action)
    choice = RuleBot().choose(game.view(1))
    # its lead is an ace (the highest of swords): so the aces are declared first
    assert (choice.action, choice.rule) == ("declare As-Ac-Ad", "declare-aces-with-the-first-ace")


def test_a_void_second_player_keeps_the_two():
    deck = stack_deck(challenger=["As", "Rs", "Cs", "Fs", "Xs", "9s", "8s", "7s", "2s"],
                      dealer=["2c", "7c", "8c", "Ad", "Rd", "Cd", "Fd", "Xd", "9d"])
    game = trappola(deck, ["play As"])
    choice = RuleBot().choose(game.view(0))
    assert (choice.action, choice.rule) == ("play 7c", "keep-your-twos")


def test_a_two_is_led_once_the_opponent_showed_he_holds_none_of_its_suit():
    deck = stack_deck(challenger=["Xs", "2s", "7c", "8c", "9c", "7b", "8b", "9b", "7d"],
                      dealer=["Ac", "Rc", "Cc", "Fc", "Ab", "Rb", "Cb", "Fb", "Ad"])
    game = trappola(deck, ["play Xs", "play Ad"])  # the dealer holds no sword: Ben's ten wins, he leads again
    choice = RuleBot().choose(game.view(1))
    assert (choice.action, choice.rule) == ("play 2s", "lead-a-two-they-cannot-follow")
    game.apply(choice.action)
    game.apply(RuleBot().choose(game.view(0)).action)
    assert [(b.seat, b.bonus, b.tricks) for b in game.deal.bonuses()] == [(1, "two", (2,))]
