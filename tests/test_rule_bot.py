"""The rule-based bot: legal and deterministic in whole bulkas, and each teaching rule fires where it should."""
from __future__ import annotations

import ast
import pathlib

import pytest

from bulka_teach import Record
from bulka_teach.bots import RandomBot
from bulka_teach.czech.ai import RULES, RuleBot, default_bot
from bulka_teach.czech.ai.teaching import RULES_BY_NAME, advice_of_rules
from bulka_teach.czech.stacking import stack_deck

HOUSE_RULES = [{}, {"must_beat": True}, {"meld_scope": "best_only", "bela_mode": "capture"},
               {"renonc_mode": True, "exchange_chain": "none"}, {"max_deals": 1, "stake": 5}]


def _whole_bulka(seed: int, rules: dict, players: tuple[str, ...], bots: list) -> list[tuple[dict, str, str | None]]:
    """Play one bulka (until a bank is won) with ``bots`` by seat; every (view, action, rule) the RuleBots chose."""
    game = Record(game="czech-bulka", players=players, rules=rules, seed=seed).start()
    chosen = []
    while game.bulka == 1 and game.to_move is not None:
        seat = game.to_move
        view = game.view(seat)
        choice = bots[seat].choose(view)
        assert choice.action in view["legal"], (choice, view["legal"])
        if isinstance(bots[seat], RuleBot):
            chosen.append((view, choice.action, choice.rule))
        game.apply(choice.action)
    return chosen


@pytest.mark.parametrize("rules", HOUSE_RULES, ids=lambda r: ",".join(r) or "std")
def test_legal_in_whole_bulkas_against_random_and_itself(rules):
    for seed in range(4):
        players = ("Ann", "Ben", "Cyril") if seed % 2 == 1 else ("Ann", "Ben")
        bots = [RuleBot(seed) if (s + seed) % 2 else RandomBot(seed + s) for s in range(len(players))]
        chosen = _whole_bulka(seed, rules, players, bots)
        chosen += _whole_bulka(seed + 100, rules, players, [RuleBot(seed)] * len(players))
        assert chosen
        # every position of a real game is covered by a named teaching rule, with a sentence for the learner
        assert all(rule in RULES_BY_NAME for _, _, rule in chosen)


def test_deterministic_for_a_seed_and_a_view():
    chosen = _whole_bulka(3, {}, ("Ann", "Ben"), [RuleBot(1), RandomBot(2)])
    for view, action, _ in chosen:
        assert RuleBot(1).choose(view).action == action
        assert RuleBot(99).choose(view).action == action  # without noise the seed does not matter
    noisy = [RuleBot(5, noise=0.5).choose(view).action for view, _, _ in chosen]
    assert noisy == [RuleBot(5, noise=0.5).choose(view).action for view, _, _ in chosen]
    assert noisy != [action for _, action, _ in chosen]  # half the decisions random: some differ


def test_practice_tables_get_the_rule_bot():
    assert isinstance(default_bot(7), RuleBot)


def test_the_bot_reads_views_only():
    """The module imports from the engine only card tables and the meld reader, never a game or a record."""
    source = (pathlib.Path(__file__).parents[1] / "bulka_teach" / "czech" / "ai" / "teaching.py").read_text()
    imported = {node.module for node in ast.walk(ast.parse(source)) if isinstance(node, ast.ImportFrom)}
    assert imported <= {"__future__", "collections.abc", "dataclasses", "typing", "cards", "melds",
                        "rules", "bots.base"}, imported


def test_noise_out_of_range_is_refused_with_a_sentence():
    with pytest.raises(ValueError, match="between 0 and 1"):
        RuleBot(noise=2)


# --- each rule in a position built for it ---------------------------------------------------
def _view(deck: dict, actions: list[str], rules: dict | None = None) -> dict:
    """Ann (seat 0) deals, Ben (seat 1) is the forehand; the view of the seat to move after ``actions``."""
    record = Record(game="czech-bulka", players=("Ann", "Ben"), rules=rules or {}, dealer=0,
                    decks=(tuple(stack_deck(**deck)),), actions=tuple(actions))
    game = record.replay()
    return game.view(game.to_move)


def _assert_fires(view: dict, rule: str, action: str | None = None) -> None:
    choice = RuleBot().choose(view)
    assert choice.rule == rule, (choice, view["legal"])
    if action is not None:
        assert choice.action == action
    assert choice.why and choice.action in view["legal"]


STRONG_HEARTS = {"forehand": ["Oh", "9h", "Ah", "Xh", "Al", "8b"], "dealer": ["7h", "7l", "8l", "7a", "8a", "9b"],
                 "first": "Kh", "stock_top": ["Uh"]}  # two trumps face up: whoever exchanges takes both


def test_take_with_strong_trumps():
    _assert_fires(_view(STRONG_HEARTS, []), "take-with-strong-trumps", "take")


def test_take_with_aces_and_melds():
    """A strong hand with fewer than three trumps is taken by another rule than take-with-strong-trumps."""
    deck = {"forehand": ["7a", "Ah", "Xh", "Al", "Xl", "Ab"], "dealer": ["7h", "8h", "8l", "Ua", "8a", "9b"],
            "first": "Ka", "stock_top": ["Uh"]}
    _assert_fires(_view(deck, []), "take-with-aces-and-melds", "take")
    names = [rule.name for rule, _ in advice_of_rules(_view(deck, []))]
    assert names == ["take-with-aces-and-melds"]  # neither strong trumps nor a weak hand: only what is true


def test_pass_a_weak_hand():
    _assert_fires(_view(STRONG_HEARTS, ["pass"]), "pass-a-weak-hand", "pass")


def test_forced_dealer_takes():
    deck = {"forehand": ["7l", "8l", "7a", "8a", "7b", "8b"], "dealer": ["9l", "Xl", "9a", "Xa", "9b", "Xb"],
            "first": "Xh", "stock_top": ["Kh"]}
    view = _view(deck, ["pass"], rules={"max_deals": 1})
    assert sorted(view["legal"]) == ["fold", "take"]
    _assert_fires(view, "forced-dealer-takes", "take")


def test_pass_without_the_seven_then_sibr_when_you_can_then_discard_low_plain():
    view = _view(STRONG_HEARTS, ["take"])
    _assert_fires(view, "pass-without-the-seven", "pass")
    view = _view(STRONG_HEARTS, ["take", "pass"])
    _assert_fires(view, "sibr-when-you-can", "exchange")
    view = _view(STRONG_HEARTS, ["take", "pass", "exchange"])
    choice = RuleBot().choose(view)
    assert choice.rule == "discard-low-plain"
    card = choice.action.split()[1]
    assert card[1] != "h" and card[0] in "789", choice  # a worthless plain card, never a trump


def test_keep_the_minda():
    deck = {"forehand": ["9h", "Oh", "Ah", "Xh", "Al", "8b"], "first": "7h", "stock_top": ["8h"]}
    view = _view(deck, ["take"])
    assert sorted(view["legal"]) == ["exchange", "pass"]
    _assert_fires(view, "keep-the-minda", "pass")


def test_sibr_during_play():
    # Ben keeps his 7h before play; the Ah still shows on the stock when he leads, so he may exchange then
    deck = {"forehand": ["7h", "Oh", "Al", "Xl", "Kl", "8b"], "first": "Xh", "stock_top": ["Ah"]}
    view = _view(deck, ["take", "pass", "pass"])
    assert view["deal"]["phase"] == "play" and "exchange" in view["legal"]
    _assert_fires(view, "sibr-when-you-can", "exchange")


HUNDRED = {"forehand": ["Oh", "Ah", "Xh", "Al", "8b", "9b"], "dealer": ["7l", "8l", "9l", "Xl", "Ul", "7a"],
           "forehand_dokup": ["8a", "9a", "Ka"], "first": "Kh",
           "stock_top": ["7b", "7h"]}  # the 7h lies in the stock: nobody can exchange


def test_ask_about_your_hundred_then_fold_against_a_hundred():
    view = _view(HUNDRED, ["take", "pass", "pass"])
    _assert_fires(view, "ask-about-your-hundred", "ask-hundred")
    _assert_fires(_view(HUNDRED, ["take", "pass", "pass", "ask-hundred"]), "fold-against-a-hundred", "fold")


def test_play_on_with_strong_hand():
    deck = {"forehand": ["9a", "Xa", "Ua", "Oa", "Ka", "Oh"], "dealer": ["7l", "8l", "9l", "Xl", "Ul", "8a"],
            "first": "Kh", "stock_top": ["7b", "7h"]}
    _assert_fires(_view(deck, ["take", "pass", "pass", "ask-hundred"]), "play-on-with-strong-hand", "play-on")


def test_declare_every_meld_highest_first():
    deck = {"forehand": ["7l", "8l", "9l", "Ob", "Kb", "Ab"], "dealer": ["Xl", "Ul", "Kl", "7a", "8a", "9a"],
            "forehand_dokup": ["Ub", "8h", "9h"], "first": "Oh", "stock_top": ["8b"]}
    view = _view(deck, ["take", "pass", "pass"])
    _assert_fires(view, "declare-every-meld-highest-first", "declare Ub-Ob-Kb-Ab")  # the fifty before the twenty
    view = _view(deck, ["take", "pass", "pass", "declare Ub-Ob-Kb-Ab"])
    _assert_fires(view, "declare-every-meld-highest-first", "declare 7l-8l-9l")


# Ben (the forehand) takes hearts and leads; Ann follows. Neither holds a meld or the 7h.
PLAY = {"forehand": ["Xl", "Kl", "8h", "Ab", "Oa", "Ua"], "dealer": ["Al", "8l", "7h", "Oh", "Ka", "9b"],
        "first": "Uh", "forehand_dokup": ["7l", "7a", "Xh"], "dealer_dokup": ["Ob", "8b", "Kb"],
        "stock_top": ["7b"]}


def _following(card: str) -> dict:
    return _view(PLAY, ["take", "pass", "pass", f"play {card}"])


def test_take_the_trick_when_it_holds_points():
    _assert_fires(_following("Xl"), "take-the-trick-when-it-holds-points", "play Al")


def test_win_cheaply():
    _assert_fires(_following("7l"), "win-cheaply", "play 8l")


def test_dont_waste_jasnej():
    _assert_fires(_following("8h"), "dont-waste-jasnej", "play 7h")


def test_throw_a_low_card():
    _assert_fires(_following("Ab"), "throw-a-low-card", "play 8b")


def test_lead_aces():
    view = _view(PLAY, ["take", "pass", "pass"])
    _assert_fires(view, "lead-aces", "play Ab")


def test_draw_trumps_when_long():
    deck = {"forehand": ["Oh", "9h", "Ah", "Xh", "Kb", "Ua"], "dealer": ["7l", "8l", "Ul", "7a", "8a", "9b"],
            "first": "Kh", "forehand_dokup": ["7b", "8b", "9a"], "stock_top": ["Ab"]}
    _assert_fires(_view(deck, ["take", "pass", "pass"]), "draw-trumps-when-long", "play Oh")


def test_lead_a_singleton():
    deck = {"forehand": ["Uh", "Kh", "8l", "Ul", "9a", "Oa"], "dealer": ["Al", "Aa", "Ab", "7l", "Xa", "Xb"],
            "first": "Xh", "forehand_dokup": ["7b", "Kl", "Ka"], "stock_top": ["7a"]}
    _assert_fires(_view(deck, ["take", "pass", "pass"]), "lead-a-singleton", "play 7b")


def test_lead_low():
    deck = {"forehand": ["8l", "Ul", "9a", "Oa", "7b", "8b"], "dealer": ["Oh", "9h", "Ah", "Xh", "Al", "Ab"],
            "first": "Kh", "forehand_dokup": ["Kl", "Ka", "Xb"], "stock_top": ["7a"]}
    _assert_fires(_view(deck, ["pass", "take", "pass", "pass"]), "lead-low", "play 7b")


def test_every_rule_has_a_test_position_and_a_lesson():
    tested = {name for name in globals() if name.startswith("test_")}
    for rule in RULES:
        assert any(rule.name.replace("-", "_") in name for name in tested), f"no position for {rule.name}"
        assert rule.lesson.endswith(".")


def test_advice_of_rules_lists_every_rule_that_applies():
    names = [rule.name for rule, _ in advice_of_rules(_following("Xl"))]
    assert names[0] == "take-the-trick-when-it-holds-points"
    assert "win-cheaply" in names
    assert "throw-a-low-card" not in names  # it says "you cannot win this trick": not true here
    assert [rule.name for rule, _ in advice_of_rules(_following("Ab"))] == ["throw-a-low-card"]


def test_decisions_do_not_depend_on_the_opponents_hidden_cards():
    # the same actions from two decks that differ only in cards Ann cannot see (Ben's Ua and a stock card)
    twin = dict(PLAY, forehand=["Xl", "Kl", "8h", "Ab", "Oa", "9a"])
    for actions in (["take", "pass"], ["take", "pass", "pass", "play Xl"], ["take", "pass", "pass", "play 7l"]):
        view, other = _view(PLAY, actions), _view(twin, actions)
        assert view["seat"] == other["seat"] == 0
        assert RuleBot().choose(view) == RuleBot().choose(other)
