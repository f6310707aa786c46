"""Scenario tests for Czech Bulka, written from shared/rules/czech-bulka.md.

Every position is built with ``stack_deck`` (or a literal deck), so each hand is known, and the
expected values below come from the rules text, worked out by hand in the comments. With
``dealer=0`` and two players, seat 1 (Ben) is the forehand: asked first, leads first.

Part 1: one scenario per refusal reason code (the reason, a helpful sentence, and a state left
exactly as it was). Part 2: one group of tests per section of the rules.
"""
from __future__ import annotations

import json
import re
from collections.abc import Sequence

import pytest
from conftest import czech

from bulka_teach import IllegalAction
from bulka_teach.czech.stacking import stack_deck

# ----------------------------------------------------------------------------------------------
# Helpers
# ----------------------------------------------------------------------------------------------


def deck9(forehand: Sequence[str], dealer: Sequence[str], first: str, stock_top: Sequence[str] = ()) -> list[str]:
    """A deck from the two 9-card hands: the first 6 are dealt, the last 3 are the dokup."""
    return stack_deck(forehand=forehand[:6], dealer=dealer[:6], first=first, forehand_dokup=forehand[6:],
                      dealer_dokup=dealer[6:], stock_top=stock_top)


def snapshot(game) -> str:
    """Everything every seat (and a spectator) may see, the action count and the legal actions."""
    seats = list(range(len(game.setup.players))) + [None]
    return json.dumps({"views": [game.view(s) for s in seats], "actions": len(game.actions),
                       "legal": game.legal_actions(), "to_move": game.to_move,
                       "result": game.result()}, sort_keys=True, default=str)


def assert_sentence(message: str) -> None:
    """A helpful sentence: several words, starting like a sentence and ending with a full stop."""
    assert isinstance(message, str)
    assert len(message.split()) >= 5, message
    assert message[0].isupper() or message[0] in "'\"" or re.match(r"[789XUOKA][hlab]\b", message), message
    assert message.rstrip().endswith((".", "!", ")")), message
    assert "Traceback" not in message and "Error" not in message.split()[0], message


def refuse(game, action: str, reason: str, seat: int | None = None) -> IllegalAction:
    """Assert ``action`` is refused with ``reason`` and that the game did not change at all."""
    before = snapshot(game)
    n_actions = len(game.actions)
    legal = game.legal_actions()
    verdict = game.verdict(action) if seat is None else game.verdict(action, seat)
    assert verdict is not None, f"{action!r} was judged legal"
    assert verdict.reason == reason, (verdict.reason, verdict.message)
    if seat is None or seat == game.to_move:
        assert action not in legal
    with pytest.raises(IllegalAction) as info:
        if seat is None:
            game.apply(action)
        else:
            game.apply(action, seat)
    err = info.value
    assert err.reason == reason
    assert err.message == verdict.message
    assert_sentence(err.message)
    assert len(game.actions) == n_actions
    assert snapshot(game) == before, "a refused action changed the game"
    return err


def hand(game, seat: int) -> set[str]:
    return set(game.view(seat)["deal"]["hand"])


def codes_in(obj) -> set[str]:
    """Every card code mentioned anywhere in a (JSON-able) view."""
    return set(re.findall(r"\b[789XUOKA][hlab]\b", json.dumps(obj, ensure_ascii=False)))


def plays(*cards: str) -> list[str]:
    return [f"play {c}" for c in cards]


# Card points and trick order straight from the rules ("Cards"): an independent oracle.
PLAIN_POINTS = {"A": 11, "X": 10, "K": 4, "O": 3, "U": 2, "9": 0, "8": 0, "7": 0}
TRUMP_POINTS = {"O": 20, "9": 14, "A": 11, "X": 10, "K": 4, "U": 2, "8": 0, "7": 0}
PLAIN_ORDER = "AXKOU987"  # high to low
TRUMP_ORDER = "O9AXKU87"


def card_points(code: str, trump: str) -> int:
    return (TRUMP_POINTS if code[1] == trump else PLAIN_POINTS)[code[0]]


def trick_winner(led: str, follow: str, trump: str) -> int:
    """0 when the card led wins, 1 when the follower's card wins."""
    if follow[1] == led[1]:
        order = TRUMP_ORDER if led[1] == trump else PLAIN_ORDER
        return 1 if order.index(follow[0]) < order.index(led[0]) else 0
    return 1 if follow[1] == trump else 0


# ----------------------------------------------------------------------------------------------
# Decks used in many tests (trump is the first candidate's suit; its seven lies hidden in the
# stock). A trump lies face up (the candidate taken), so after trumps are chosen both players are
# asked the šíbr question, forehand first; neither holds the seven, so each can only pass:
# "take", "pass" (Ben), "pass" (Ann). TAKE is that opening, Ben (the forehand) taking.
# ----------------------------------------------------------------------------------------------

# PLAIN: trump hearts (first candidate Kh), no melds, no bela, stock top 8l.
#   Ben (seat 1, forehand): Ah Xh 9l Ul Ab Kb | dokup Xa 8b 7b
#   Ann (seat 0, dealer):   Oh 9h Al Xl Aa Ka | dokup Ua 9a 7l   (no bells)
PLAIN_FH = ["Ah", "Xh", "9l", "Ul", "Ab", "Kb", "Xa", "8b", "7b"]
PLAIN_DL = ["Oh", "9h", "Al", "Xl", "Aa", "Ka", "Ua", "9a", "7l"]
PLAIN = deck9(PLAIN_FH, PLAIN_DL, first="Kh", stock_top=["8l"])
TAKE = ["take", "pass", "pass"]  # Ben takes; Ben, then Ann, pass the šíbr question (the seven is in the stock)

# A whole deal on PLAIN, worked out by hand with the rules' points (trump hearts):
#  1 Ben Ab, Ann 9h (no bells: must trump)   Ann 11+14 = 25
#  2 Ann Al, Ben 9l                          Ann 11        (36)
#  3 Ann Xl, Ben Ul                          Ann 10+2      (48)
#  4 Ann Aa, Ben Xa                          Ann 11+10     (69)
#  5 Ann Ka, Ben Xh (no acorns: must trump)  Ben 4+10 = 14
#  6 Ben Ah, Ann Oh                          Ann 11+20     (100)
#  7 Ann Ua, Ben 7b (neither suit nor trump) Ann 2         (102)
#  8 Ann 9a, Ben 8b                          Ann 0         (102)
#  9 Ann 7l, Ben Kb                          Ann 4 + 10 for the last trick = 116
# Ann 116, Ben 14 (card points 48 + 72, plus 10).
PLAIN_PLAYS = plays("Ab", "9h", "Al", "9l", "Xl", "Ul", "Aa", "Xa", "Ka", "Xh", "Ah", "Oh", "Ua", "7b", "9a", "8b",
                    "7l", "Kb")
PLAIN_WINNERS = [0, 0, 0, 0, 1, 0, 0, 0, 0]

# MELD: trump bells (first candidate Ab), stock top 8l.
#   Ben: fifty 9h-Xh-Uh-Oh and twenty Ul-Ol-Kl;  Ann: twenty Xa-Ua-Oa.
MELD_FH = ["9h", "Xh", "Uh", "Oh", "Ul", "Ol", "Kl", "Aa", "8a"]
MELD_DL = ["Xa", "Ua", "Oa", "Ah", "Kh", "Al", "Xl", "Kb", "9b"]
MELD = deck9(MELD_FH, MELD_DL, first="Ab", stock_top=["8l"])

# HUNDRED: trump hearts (first candidate Uh), stock top 8l.
#   Ben (declarer when he takes): nothing;  Ann: hundred 9l-Xl-Ul-Ol-Kl and twenty Xa-Ua-Oa.
HUNDRED_FH = ["Ah", "Xh", "9h", "Al", "7l", "Aa", "Ka", "Kb", "Xb"]
HUNDRED_DL = ["9l", "Xl", "Ul", "Ol", "Kl", "Xa", "Ua", "Oa", "Ab"]
HUNDRED_DECK = deck9(HUNDRED_FH, HUNDRED_DL, first="Uh", stock_top=["8l"])
ANN_HUNDRED = "declare 9l-Xl-Ul-Ol-Kl"


def test_decks_are_what_the_comments_say():
    game = czech(PLAIN, ["take"])
    assert hand(game, 1) == set(PLAIN_FH) and hand(game, 0) == set(PLAIN_DL)
    game = czech(MELD, ["take"])
    assert hand(game, 1) == set(MELD_FH) and hand(game, 0) == set(MELD_DL)
    # the šíbr question goes to both, forehand first; without the trump seven, pass is all they may say
    for deck in (PLAIN, MELD, HUNDRED_DECK):
        game = czech(deck, ["take"])
        assert (game.deal.phase, game.to_move, game.legal_actions()) == ("exchange", 1, ["pass"])
        game.apply("pass")
        assert (game.deal.phase, game.to_move, game.legal_actions()) == ("exchange", 0, ["pass"])


# ----------------------------------------------------------------------------------------------
# Part 1 — every refusal reason code
# ----------------------------------------------------------------------------------------------


def test_not_your_turn():
    game = czech(PLAIN)
    assert game.to_move == 1  # the forehand is asked first
    err = refuse(game, "take", "not-your-turn", seat=0)
    assert "Ben" in err.message  # names who is to move
    assert game.verdict("take", 1) is None


def test_nothing_to_do_when_the_decks_run_out():
    # Both pass both candidates: a redeal, and there is no second deck (and no seed).
    game = czech(PLAIN, ["pass", "pass", "pass", "pass"])
    assert game.to_move is None and game.legal_actions() == []
    refuse(game, "take", "nothing-to-do")
    refuse(game, "play Ah", "nothing-to-do")


def test_nothing_to_do_after_the_game_is_over():
    game = czech(PLAIN, TAKE + PLAIN_PLAYS)
    assert game.deals[0].outcome is not None
    refuse(game, "play Kb", "nothing-to-do")


@pytest.mark.parametrize("action", ["shuffle", "play", "declare", "take Ah", "discard", "exchange 7h", ""])
def test_unknown_action(action):
    game = czech(PLAIN, TAKE)
    err = refuse(game, action, "unknown-action")
    assert "play <card>" in err.message  # lists the verbs


@pytest.mark.parametrize("action,hint", [("play Zh", "Zh"), ("play ah", "'Ah'"), ("discard 1b", "1b"),
                                         ("play Ahh", "Ahh"), ("declare Ah-Zh-Kh", "Zh")])
def test_bad_card(action, hint):
    game = czech(PLAIN, TAKE)
    err = refuse(game, action, "bad-card")
    assert hint in err.message


@pytest.mark.parametrize("action", ["declare Ah-Kh", "declare 7h-7l-7a-7b", "declare 8h-8l-8a-8b",
                                    "declare Ah-Al-Aa", "declare 9h-Uh-Oh", "declare Ah-Ah-Kh-Oh"])
def test_not_a_meld(action):
    game = czech(PLAIN, TAKE)
    refuse(game, action, "not-a-meld")


def test_not_a_meld_names_the_right_order_for_a_meld_written_out_of_order():
    game = czech(MELD, TAKE)
    err = refuse(game, "declare Kl-Ol-Ul", "not-a-meld")
    assert "Ul-Ol-Kl" in err.message


@pytest.mark.parametrize("actions,action", [
    ([], "play Ah"),                 # trump choice: no card play yet
    ([], "exchange"),
    ([], "ask-hundred"),
    ([], "play-on"),
    ([], "discard Ah"),
    (["take"], "take"),              # the šíbr question: trumps are chosen already
    (["take"], "play Ah"),           # no card is played before both have answered it
    (["take"], "discard Ah"),
    (["take"], "ask-hundred"),
    (["take"], "fold"),
    (["take", "pass"], "play Ah"),   # Ann is still to answer it
    (TAKE, "take"),                  # play: trumps are chosen already
    (TAKE, "pass"),
    (TAKE, "discard Ah"),
    (TAKE, "ask-hundred"),
    (TAKE, "fold"),
])
def test_not_now(actions, action):
    game = czech(PLAIN, actions)
    err = refuse(game, action, "not-now")
    assert "now" in err.message


def test_not_now_in_the_hundred_question_and_answer():
    game = czech(HUNDRED_DECK, TAKE)
    assert game.to_move == 0 and game.legal_actions() == ["ask-hundred"]  # the question is mandatory
    refuse(game, "pass", "not-now")
    refuse(game, "play 9l", "not-now")
    refuse(game, ANN_HUNDRED, "not-now")
    game.apply("ask-hundred")
    assert game.to_move == 1 and sorted(game.legal_actions()) == ["fold", "play-on"]
    refuse(game, "pass", "not-now")
    refuse(game, "play Ah", "not-now")


def test_forced_dealer_cannot_pass_at_the_last_offer():
    # max_deals 3: the third deal's dealer must take or fold.
    passes = ["pass"] * 8  # two deals in which nobody takes (two suits offered, two players)
    game = czech(decks=[PLAIN, PLAIN, PLAIN], actions=passes + ["pass", "pass", "pass"])
    assert game.deal.number == 3 and game.deal.dealer == 0 and game.to_move == 0
    err = refuse(game, "pass", "forced-dealer")
    assert "fold" in err.message and "take" in err.message.lower()
    assert sorted(game.legal_actions()) == ["fold", "take"]


def test_cannot_fold_when_not_forced():
    game = czech(PLAIN)
    refuse(game, "fold", "cannot-fold")
    game.apply("pass")
    refuse(game, "fold", "cannot-fold", seat=0)  # the dealer of deal 1 is not forced


def test_cannot_fold_as_the_forehand_of_the_forced_deal():
    game = czech(decks=[PLAIN] * 3, actions=["pass"] * 8)
    assert game.deal.number == 3 and game.to_move == 1  # the forehand: he is not forced
    refuse(game, "fold", "cannot-fold")


def test_no_exchange_when_the_stock_card_is_not_a_trump():
    game = czech(PLAIN, TAKE)  # in play; stock top 8l, trumps hearts
    err = refuse(game, "exchange", "no-exchange")
    assert "trump" in err.message


def test_no_exchange_without_the_seven():
    # Trumps hearts from the second candidate Ah (stock top); the 7h lies in Ann's hand, Ben has none.
    deck = deck9(["Xh", "9l", "Ul", "Ab", "Kb", "Xa", "8b", "7b", "Kh"], ["7h", "9h", "Al", "Xl", "Aa", "Ka",
                                                                        "Ua", "9a", "7l"],
                 first="Ol", stock_top=["Ah", "8l"])
    game = czech(deck, ["pass", "pass", "take"])  # Ben takes hearts from the second candidate
    assert game.to_move == 1 and game.deal.phase == "exchange"  # Ben is asked too, forehand first...
    assert game.legal_actions() == ["pass"]  # ...but without the seven he can only pass
    err = refuse(game, "exchange", "no-exchange")
    assert "7h" in err.message
    game.apply("pass")
    assert game.to_move == 0 and game.deal.phase == "exchange"
    assert sorted(game.legal_actions()) == ["exchange", "pass"]
    game.apply("pass")  # Ann keeps her seven for now
    assert game.to_move == 1 and game.deal.phase == "play"
    err = refuse(game, "exchange", "no-exchange")
    assert "7h" in err.message


def test_card_not_in_hand_in_play_and_in_discards():
    game = czech(PLAIN, TAKE)
    err = refuse(game, "play Oh", "card-not-in-hand")  # Ann holds Oh, not Ben
    assert "Oh" in err.message
    # Discards: Ben exchanges his 7h for two trumps and must discard 1.
    deck = deck9(["7h", "Xh", "9l", "Ul", "Ab", "Kb", "Xa", "8b", "7b"], PLAIN_DL, first="Kh",
                 stock_top=["Ah", "8l"])
    game = czech(deck, ["take", "exchange"])
    assert game.deal.phase == "discard" and game.to_move == 1
    refuse(game, "discard Oh", "card-not-in-hand")
    refuse(game, "discard 7h", "card-not-in-hand")  # the seven went out of play


def test_must_follow_suit():
    game = czech(PLAIN, TAKE + ["play Ul"])
    assert sorted(game.legal_actions()) == ["play 7l", "play Al", "play Xl"]
    err = refuse(game, "play Aa", "must-follow-suit")
    for code in ("Al", "Xl", "7l"):
        assert code in err.message
    refuse(game, "play Oh", "must-follow-suit")  # trumping while holding the suit is a revoke too


def test_must_trump():
    game = czech(PLAIN, TAKE + ["play Ab"])  # Ann has no bells
    assert sorted(game.legal_actions()) == ["play 9h", "play Oh"]
    err = refuse(game, "play Aa", "must-trump")
    assert "Oh" in err.message and "9h" in err.message


def test_must_beat_only_under_the_house_rule():
    game = czech(PLAIN, TAKE + ["play Ul"], rules={"must_beat": True})
    assert sorted(game.legal_actions()) == ["play Al", "play Xl"]
    err = refuse(game, "play 7l", "must-beat")
    assert "Ul" in err.message
    # default: the 7l may follow
    assert czech(PLAIN, TAKE + ["play Ul"]).verdict("play 7l") is None


def test_declare_too_late():
    # Ben leads Aa without declaring; in trick 2 his fifty can no longer be declared.
    game = czech(MELD, TAKE + ["play Aa", "play Xa"])
    assert game.to_move == 1 and len(game.deal.tricks) == 1
    err = refuse(game, "declare 9h-Xh-Uh-Oh", "declare-too-late")
    assert "first" in err.message
    # Ann wins trick 1 with her twenty still whole, and leads trick 2: too late for her, and for
    # Ben, who follows in trick 2 with his undeclared twenty.
    game = czech(MELD, TAKE + ["play 9h", "play Kh"])
    assert game.to_move == 0 and len(game.deal.tricks) == 1
    refuse(game, "declare Xa-Ua-Oa", "declare-too-late")
    game.apply("play Al")
    refuse(game, "declare Ul-Ol-Kl", "declare-too-late")


def test_meld_already_declared():
    game = czech(MELD, TAKE + ["declare 9h-Xh-Uh-Oh"])
    refuse(game, "declare 9h-Xh-Uh-Oh", "meld-already-declared")


def test_declare_whole_meld():
    game = czech(MELD, TAKE)
    err = refuse(game, "declare 9h-Xh-Uh", "declare-whole-meld")
    assert "9h-Xh-Uh-Oh" in err.message
    refuse(game, "declare Xh-Uh-Oh", "declare-whole-meld")


def test_meld_not_held_is_a_false_meld():
    game = czech(MELD, TAKE)
    err = refuse(game, "declare Xa-Ua-Oa", "meld-not-held")  # Ann's twenty, not Ben's
    assert "Xa" in err.message and "renonc" in err.message.lower()
    assert game.verdict("declare Xa-Ua-Oa").renonc


def test_declare_highest_first():
    game = czech(MELD, TAKE + ["declare Ul-Ol-Kl"])
    err = refuse(game, "declare 9h-Xh-Uh-Oh", "declare-highest-first")
    assert "9h-Xh-Uh-Oh" in err.message


def test_hundred_not_asked():
    # The hundred question is mandatory for a hundred held before the first lead, so a hundred goes
    # unasked only when it is completed during play. Trumps hearts from the second candidate 9h; Ann
    # (non-declarer) holds the 7h and three nines. She keeps the seven before play (no hundred yet,
    # so no hundred question); in trick 1, before her card, she exchanges it for the 9h: four nines,
    # a hundred nobody asked about before the first lead. It will not count.
    ben = ["Xl", "Kl", "Ah", "Xh", "Ka", "Aa", "Ab", "Xb", "8a"]
    ann = ["7h", "9l", "9a", "9b", "Ub", "Ob", "Kb", "Al", "7a"]
    game = czech(deck9(ben, ann, first="Ol", stock_top=["9h", "8l"]),
                 ["pass", "pass", "take", "pass", "pass", "play Xl"])
    assert game.to_move == 0 and game.deal.phase == "play"
    game.apply("exchange")
    assert {"9h", "9l", "9a", "9b"} <= hand(game, 0)
    err = refuse(game, "declare 9h-9l-9a-9b", "hundred-not-asked")
    assert "ask-hundred" in err.message
    assert "declare Ub-Ob-Kb" in game.legal_actions()  # her twenty still may be declared


def test_must_declare_hundred_before_anything_else():
    game = czech(HUNDRED_DECK, TAKE + ["ask-hundred", "play-on", "play Ah"])
    assert game.to_move == 0
    assert game.legal_actions() == [ANN_HUNDRED]
    refuse(game, "play Ab", "must-declare-hundred")
    refuse(game, "declare Xa-Ua-Oa", "must-declare-hundred")
    game.apply(ANN_HUNDRED)
    assert "declare Xa-Ua-Oa" in game.legal_actions() and "play Ab" in game.legal_actions()


def test_must_declare_hundred_before_exchanging_during_play():
    # Trumps hearts from the second candidate Ah. Ann (non-declarer) holds a hundred in leaves and the
    # 7h; she keeps the seven before play, asks about her hundred, and Ben plays on. In trick 1 she
    # owes the hundred's declaration: no exchange before it (it could break the promised hundred).
    ben = ["Xh", "Kh", "Al", "7l", "Aa", "Ka", "Kb", "Xb", "8a"]
    ann = ["9l", "Xl", "Ul", "Ol", "Kl", "7h", "Xa", "Ua", "Ab"]
    game = czech(deck9(ben, ann, first="Ob", stock_top=["Ah", "8l"]), ["pass", "pass", "take", "pass"])
    assert game.to_move == 0 and sorted(game.legal_actions()) == ["exchange", "pass"]
    game.apply("pass")  # Ann keeps her seven
    assert game.deal.phase == "hundred-ask" and game.legal_actions() == ["ask-hundred"]
    for action in ("ask-hundred", "play-on", "play Al"):
        game.apply(action)
    assert game.to_move == 0 and game.legal_actions() == ["declare 9l-Xl-Ul-Ol-Kl"]
    err = refuse(game, "exchange", "must-declare-hundred")
    assert "declare" in err.message
    game.apply("declare 9l-Xl-Ul-Ol-Kl")
    assert "exchange" in game.legal_actions()  # declared: now she may exchange
    game.apply("exchange")
    assert "Ah" in hand(game, 0) and "7h" not in hand(game, 0)


# ----------------------------------------------------------------------------------------------
# Part 2 — the rules, section by section
# ----------------------------------------------------------------------------------------------

NATURAL = "789XUOKA"  # rules, "Cards": natural order, used for the cut


def final_cut(game) -> list[str]:
    cuts = [e for e in game.events if e.kind == "cut"]
    assert cuts, "no cut was made"
    return list(cuts[-1].data["cards"])


# --- Players, seats: the cut --------------------------------------------------------------------

@pytest.mark.parametrize("seed", range(8))
def test_cut_two_players_highest_deals_against_the_lowest(seed):
    game = czech(dealer=None, seed=seed)
    cut = final_cut(game)
    ranks = [NATURAL.index(c[0]) for c in cut]
    assert len(set(ranks)) == 2
    assert game.deal.dealer == ranks.index(max(ranks))
    assert game.deal.forehand == ranks.index(min(ranks))
    assert game.sitting_out is None
    assert game.to_move == game.deal.forehand  # the non-dealer is asked first


@pytest.mark.parametrize("seed", range(8))
def test_cut_three_players_the_middle_one_sits_out(seed):
    game = czech(dealer=None, seed=seed, players=("Ann", "Ben", "Cid"))
    cut = final_cut(game)
    ranks = [NATURAL.index(c[0]) for c in cut]
    assert len(set(ranks)) == 3
    order = sorted(range(3), key=lambda s: ranks[s])
    assert game.deal.dealer == order[2]      # velká dává
    assert game.deal.forehand == order[0]    # malá plays against him
    assert game.sitting_out == order[1]      # the middle one pauzíruje
    sitter = game.sitting_out
    view = game.view(sitter)
    assert view["deal"]["hand"] == [] and view["legal"] == []
    public = {view["deal"]["first_candidate"], view["deal"]["stock_top"]}
    assert codes_in(view["deal"]) == public  # the one sitting out sees no hand
    refuse(game, game.legal_actions()[0], "not-your-turn", seat=sitter)


def test_cut_ties_cut_again():
    for seed in range(200):
        game = czech(dealer=None, seed=seed, players=("Ann", "Ben", "Cid"))
        kinds = [e.kind for e in game.events if e.kind in ("cut", "cut-tie")]
        if "cut-tie" in kinds:
            break
    else:
        pytest.fail("no seed below 200 gives a tie in the cut")
    cuts = [e for e in game.events if e.kind in ("cut", "cut-tie")]
    assert [e.kind for e in cuts[:2]] == ["cut", "cut-tie"]
    tied = [NATURAL.index(c[0]) for c in cuts[0].data["cards"]]
    assert len(set(tied)) < 3  # it really was a tie
    ranks = [NATURAL.index(c[0]) for c in final_cut(game)]
    assert len(set(ranks)) == 3 and cuts[-1].kind == "cut"
    assert game.deal.dealer == ranks.index(max(ranks))
    assert game.deal.forehand == ranks.index(min(ranks))


def test_the_cut_is_reproducible_from_the_seed():
    a = czech(dealer=None, seed=11, players=("Ann", "Ben", "Cid"))
    b = czech(dealer=None, seed=11, players=("Ann", "Ben", "Cid"))
    assert final_cut(a) == final_cut(b)
    assert (a.deal.dealer, a.deal.forehand, a.sitting_out) == (b.deal.dealer, b.deal.forehand, b.sitting_out)
    assert a.view(a.deal.forehand)["deal"]["hand"] == b.view(b.deal.forehand)["deal"]["hand"]


# --- The deal ------------------------------------------------------------------------------------

PACK_ORDER = ["7h", "8h", "9h", "Xh", "Uh", "Oh", "Kh", "Ah", "7l", "8l", "9l", "Xl", "Ul", "Ol", "Kl", "Al",
              "7a", "8a", "9a", "Xa", "Ua", "Oa", "Ka", "Aa", "7b", "8b", "9b", "Xb", "Ub", "Ob", "Kb", "Ab"]
# Dealt from index 0: 3 to the forehand (7h 8h 9h), 3 to the dealer (Xh Uh Oh), 3 to the forehand
# (Kh Ah 7l), 3 to the dealer (8l 9l Xl); first candidate Ul; dokup Ol Kl Al (forehand) and 7a 8a 9a
# (dealer); the stock 9a..Ab crosswise, its last card Ab on top (the second candidate), Kb under it.
FH_SIX = {"7h", "8h", "9h", "Kh", "Ah", "7l"}
DL_SIX = {"Xh", "Uh", "Oh", "8l", "9l", "Xl"}
FH_DOKUP, DL_DOKUP = {"Ol", "Kl", "Al"}, {"7a", "8a", "9a"}


@pytest.mark.parametrize("dealer", [0, 1])
def test_deal_order_gives_each_deck_position_to_the_right_player(dealer):
    game = czech(PACK_ORDER, dealer=dealer)
    forehand = 1 - dealer
    assert game.to_move == forehand
    assert hand(game, forehand) == FH_SIX
    assert hand(game, dealer) == DL_SIX
    view = game.view(forehand)["deal"]
    assert view["first_candidate"] == "Ul"
    assert view["stock_top"] == "Ab" and view["stock_count"] == 13
    assert view["offer"] == {"suit": "l", "which": "first"}


def test_dokup_is_hidden_until_trumps_are_chosen_then_picked_up():
    game = czech(PACK_ORDER)
    public = {"Ul", "Ab"}  # the first candidate and the top of the stock
    assert codes_in(game.view(1)) == FH_SIX | public
    assert codes_in(game.view(0)) == DL_SIX | public
    assert codes_in(game.view(None)) == public
    for seat in (0, 1):
        assert game.view(seat)["deal"]["dokup_face_down"] == {"0": 3, "1": 3}
    game.apply("pass")
    assert codes_in(game.view(0)) == DL_SIX | public  # still 6 cards while choosing
    game.apply("take")  # Ann takes leaves; both pick up their dokup: 9 cards each
    assert hand(game, 1) == FH_SIX | FH_DOKUP
    assert hand(game, 0) == DL_SIX | DL_DOKUP
    assert game.view(0)["deal"]["hand_counts"] == {"0": 9, "1": 9}
    assert not codes_in(game.view(0)) & (FH_SIX | FH_DOKUP)  # Ann never sees Ben's cards
    assert not codes_in(game.view(1)) & (DL_SIX | DL_DOKUP)


def test_the_second_candidate_is_the_last_card_of_the_deck():
    game = czech(PACK_ORDER, ["pass", "pass"])
    assert game.view(1)["deal"]["offer"] == {"suit": "b", "which": "second"}
    game.apply("take")
    assert game.deal.trump is not None and game.view(0)["deal"]["trump"] == "b"
    assert game.deal.declarer == 1


def test_the_card_under_the_stock_top_is_the_next_to_last():
    # Ben exchanges his 7h for the visible Ah; the card lying under it (Kb) becomes visible.
    deck = deck9(["7h", "Xh", "9l", "Ul", "Ab", "Xa", "8b", "7b", "Ob"], PLAIN_DL, first="Ol",
                 stock_top=["Ah", "Kb"])
    assert deck[-1] == "Ah" and deck[-2] == "Kb"
    game = czech(deck, ["pass", "pass", "take", "exchange"])
    assert game.view(0)["deal"]["stock_top"] == "Kb"


# --- Choosing trumps ----------------------------------------------------------------------------

def test_trump_offers_go_forehand_then_dealer_first_candidate_then_second():
    game = czech(PLAIN)  # first candidate Kh, stock top 8l
    seen = []
    for _ in range(3):
        seen.append((game.to_move, game.view(game.to_move)["deal"]["offer"]["suit"]))
        game.apply("pass")
    seen.append((game.to_move, game.view(game.to_move)["deal"]["offer"]["suit"]))
    assert seen == [(1, "h"), (0, "h"), (1, "l"), (0, "l")]
    game.apply("take")
    assert (game.deal.declarer, game.view(1)["deal"]["trump"]) == (0, "l")
    assert hand(game, 0) == set(PLAIN_DL) and hand(game, 1) == set(PLAIN_FH)


def test_same_suit_candidates_are_offered_once():
    deck = deck9(PLAIN_FH, PLAIN_DL, first="Kh", stock_top=["Uh"])
    game = czech(decks=[deck, PLAIN], actions=["pass", "pass"])
    assert game.deals[0].outcome.kind == "redeal"
    assert game.deal.number == 2 and game.result()["deals"][0]["winner"] is None


def test_redeals_alternate_the_dealer_and_the_third_deal_is_forced():
    game = czech(decks=[PLAIN] * 3, actions=["pass"] * 8)
    assert [(d.number, d.dealer, d.forehand) for d in game.deals] == [(1, 0, 1), (2, 1, 0), (3, 0, 1)]
    assert [game.result()["deals"][i]["winner"] for i in (0, 1)] == [None, None]
    assert [d.outcome.kind for d in game.deals[:2]] == ["redeal", "redeal"]
    assert game.view(0)["deal"]["forced"] is True
    assert game.bank == 20 and game.chips == [-10, -10]  # a redeal costs nothing
    assert game.to_move == 1


def test_redeal_with_three_players_stays_between_the_two_playing():
    game = czech(decks=[PLAIN] * 2, players=("Ann", "Ben", "Cid"), queue=[2], actions=["pass"] * 4)
    assert (game.deal.number, game.deal.dealer, game.deal.forehand, game.sitting_out) == (2, 1, 0, 2)


def test_forced_dealer_may_take_at_the_first_offer():
    game = czech(decks=[PLAIN] * 3, actions=["pass"] * 8 + ["pass"])
    assert game.to_move == 0 and "take" in game.legal_actions()
    game.apply("take")
    assert game.deal.declarer == 0 and game.view(0)["deal"]["trump"] == "h"


def test_forced_dealer_folds_and_pays_the_stake():
    game = czech(decks=[PLAIN] * 3, actions=["pass"] * 11 + ["fold"])
    summary = game.result()["deals"][2]
    assert summary["winner"] == 1 and summary["declarer"] is None
    assert game.chips == [-20, -10] and game.bank == 30
    assert game.streaks == [0, 1]


def test_forced_dealer_takes_the_last_suit_and_plays():
    game = czech(decks=[PLAIN] * 3, actions=["pass"] * 11 + ["take"])
    assert game.deal.declarer == 0 and game.view(0)["deal"]["trump"] == "l"
    assert hand(game, 0) == set(PLAIN_DL) and hand(game, 1) == set(PLAIN_FH)  # with the dokup


def test_forced_dealer_with_one_suit_offered():
    deck = deck9(PLAIN_FH, PLAIN_DL, first="Kh", stock_top=["Uh"])
    game = czech(deck, ["pass"], rules={"max_deals": 1})
    assert game.to_move == 0 and sorted(game.legal_actions()) == ["fold", "take"]
    refuse(game, "pass", "forced-dealer")


@pytest.mark.parametrize("max_deals", [1, 2, 4])
def test_max_deals_option_sets_the_forced_deal(max_deals):
    passes_per_deal = 4
    game = czech(decks=[PLAIN] * max_deals, actions=["pass"] * (passes_per_deal * (max_deals - 1) + 3),
                 rules={"max_deals": max_deals})
    assert game.deal.number == max_deals
    assert game.deal.dealer == (0 if max_deals % 2 else 1)
    assert game.view(0)["deal"]["forced"] is True
    assert [d.forced for d in game.deals] == [False] * (max_deals - 1) + [True]
    assert sorted(game.legal_actions()) == ["fold", "take"]
    refuse(game, "pass", "forced-dealer")


# --- Exchange with the trump seven (šíbr) ---------------------------------------------------------

def exchanger(fh: Sequence[str], first: str, stock_top: Sequence[str], dealer_hand=PLAIN_DL):
    return deck9(fh, dealer_hand, first=first, stock_top=stock_top)


BEN_7H = ["7h", "Xh", "9l", "Ul", "Ab", "Kb", "Xa", "8b", "7b"]  # PLAIN_FH with the 7h instead of the Ah


def test_sibr_one_candidate():
    game = czech(exchanger(BEN_7H, "Ah", ["8l"]), ["take"])
    assert game.deal.phase == "exchange" and game.to_move == 1
    assert sorted(game.legal_actions()) == ["exchange", "pass"]
    game.apply("exchange")
    assert hand(game, 1) == set(BEN_7H) - {"7h"} | {"Ah"}
    ann = game.view(0)["deal"]
    assert ann["out_of_play"] == ["7h"] and ann["first_candidate"] is None
    assert ann["taken"]["1"] == ["Ah"]
    # 9 cards: nothing to discard; no trump lies face up any more, so Ann is not asked
    assert game.deal.phase == "play" and game.to_move == 1
    text = next(e["text"] for e in game.view(0)["log"] if e["kind"] == "exchange")
    assert "7h" in text and "Ah" in text and "tupl" not in text  # one candidate: no tupl šíbr


def test_sibr_pass_keeps_the_seven():
    game = czech(exchanger(BEN_7H, "Ah", ["8l"]), ["take", "pass"])
    assert "7h" in hand(game, 1) and game.view(1)["deal"]["first_candidate"] == "Ah"
    # the Ah still lies face up: Ann is asked too, though without the seven she can only pass
    assert game.deal.phase == "exchange" and game.to_move == 0 and game.legal_actions() == ["pass"]
    refuse(game, "exchange", "no-exchange")
    game.apply("pass")
    assert "7h" in hand(game, 1) and game.view(1)["deal"]["first_candidate"] == "Ah"
    assert game.deal.phase == "play"


def test_the_dealer_is_asked_when_he_holds_the_seven():
    ann = ["7h", "9h", "Al", "Xl", "Aa", "Ka", "Ua", "9a", "7l"]
    game = czech(deck9(PLAIN_FH, ann, first="Kh", stock_top=["8l"]), ["take"])
    assert game.deal.phase == "exchange" and game.to_move == 1  # the forehand is asked first...
    assert game.legal_actions() == ["pass"]  # ...and, without the seven, can only pass
    game.apply("pass")
    assert game.deal.phase == "exchange" and game.to_move == 0  # the non-declarer may exchange too
    assert sorted(game.legal_actions()) == ["exchange", "pass"]
    game.apply("exchange")
    assert "Kh" in hand(game, 0) and "7h" not in hand(game, 0)


def test_tupl_sibr_takes_both_candidates_then_discards():
    game = czech(exchanger(BEN_7H, "Kh", ["Ah", "8l"]), ["take", "exchange"])
    assert {"Kh", "Ah"} <= hand(game, 1) and "7h" not in hand(game, 1)
    assert game.view(0)["deal"]["stock_top"] == "8l"
    assert game.deal.phase == "discard" and game.to_move == 1  # 10 cards: one to discard
    assert sorted(game.legal_actions()) == sorted(f"discard {c}" for c in hand(game, 1))
    game.apply("discard 7b")
    assert len(hand(game, 1)) == 9 and game.deal.phase == "play"
    text = next(e["text"] for e in game.view(0)["log"] if e["kind"] == "exchange")
    assert "(tupl šíbr" in text  # both candidates taken


def test_the_eight_exchanges_when_the_seven_lies_face_up():
    ben = ["8h", "Xh", "9l", "Ul", "Ab", "Kb", "Xa", "8b", "7b"]
    game = czech(exchanger(ben, "7h", ["8l"]), ["take"])
    assert game.deal.phase == "exchange" and game.to_move == 1
    game.apply("exchange")
    assert "7h" in hand(game, 1) and "8h" not in hand(game, 1)
    assert game.view(0)["deal"]["out_of_play"] == ["8h"]


def test_the_nine_minda_exchanges_when_seven_and_eight_lie_face_up():
    ben = ["9h", "Xh", "9l", "Ul", "Ab", "Kb", "Xa", "8b", "7b"]
    ann = ["Oh", "Ah", "Al", "Xl", "Aa", "Ka", "Ua", "9a", "7l"]
    game = czech(exchanger(ben, "7h", ["8h", "8l"], ann), ["take"])
    assert game.deal.phase == "exchange" and game.to_move == 1
    game.apply("exchange")
    assert {"7h", "8h"} <= hand(game, 1) and "9h" not in hand(game, 1)
    assert game.view(0)["deal"]["out_of_play"] == ["9h"]
    assert game.deal.phase == "discard"


# Trumps hearts from the second candidate: the stock shows Ah, under it Uh, then 8l.
CHAIN = exchanger(BEN_7H, "Ol", ["Ah", "Uh", "8l"])


def test_exchange_chain_takes_each_next_visible_trump():
    game = czech(CHAIN, ["pass", "pass", "take", "exchange"])
    assert {"Ah", "Uh"} <= hand(game, 1)
    assert game.view(0)["deal"]["stock_top"] == "8l"
    assert game.view(0)["deal"]["taken"]["1"] == ["Ah", "Uh"]
    assert len(hand(game, 1)) == 10 and game.deal.phase == "discard"
    text = next(e["text"] for e in game.view(0)["log"] if e["kind"] == "exchange")
    assert "Ah" in text and "Uh" in text and "tupl" not in text  # two cards, but one candidate: no tupl šíbr


def test_exchange_chain_none_takes_only_the_visible_card():
    game = czech(CHAIN, ["pass", "pass", "take", "exchange"], rules={"exchange_chain": "none"})
    assert "Ah" in hand(game, 1) and "Uh" not in hand(game, 1)
    assert game.view(0)["deal"]["stock_top"] == "Uh"
    # the Uh now face up would need the 7h, which is out of play: Ann is not asked
    assert len(hand(game, 1)) == 9 and game.deal.phase == "play"


def test_tupl_sibr_with_a_chain_discards_back_to_nine_hidden_from_the_opponent():
    game = czech(exchanger(BEN_7H, "Kh", ["Ah", "Uh", "8l"]), ["take", "exchange"])
    assert {"Kh", "Ah", "Uh"} <= hand(game, 1) and len(hand(game, 1)) == 11
    game.apply("discard 8b")
    assert game.deal.phase == "discard" and game.to_move == 1  # one more to go
    game.apply("discard 7b")
    assert len(hand(game, 1)) == 9 and game.deal.phase == "play"
    ann, ben = game.view(0), game.view(1)
    assert ann["deal"]["discard_counts"]["1"] == 2
    assert not codes_in(ann) & {"8b", "7b"}  # discards are face down
    assert set(ben["deal"]["discards"]) == {"8b", "7b"}


def test_one_card_exchange_during_play_before_ones_own_card():
    # Ann holds the 7h and keeps it before play; in trick 1, before her card, she exchanges it
    # for the visible Ah only (no chain: the Uh under it stays in the stock).
    ann = ["7h", "9h", "Al", "Xl", "Aa", "Ka", "Ua", "9a", "7l"]
    deck = deck9(["Xh", "9l", "Ul", "Ab", "Kb", "Xa", "8b", "7b", "Kh"], ann, first="Ol",
                 stock_top=["Ah", "Uh", "8l"])
    game = czech(deck, ["pass", "pass", "take", "pass", "pass", "play Xa"], rules={"exchange_chain": "trumps"})
    assert game.to_move == 0 and "exchange" in game.legal_actions()
    game.apply("exchange")
    assert "Ah" in hand(game, 0) and "7h" not in hand(game, 0) and "Uh" not in hand(game, 0)
    assert len(hand(game, 0)) == 9 and game.deal.phase == "play"
    assert game.view(1)["deal"]["stock_top"] == "Uh"
    assert game.to_move == 0 and "exchange" not in game.legal_actions()  # the 7h is gone: no second one
    assert set(game.legal_actions()) == {"play Aa", "play Ka", "play Ua", "play 9a"}  # then she follows


def test_during_play_only_one_card_may_be_exchanged_no_chain():
    # Trumps hearts from the second candidate; the stock shows 7h, under it Ah. Ben holds the 8h, which
    # exchanges for a face-up seven. He keeps it before play; then, during play, "only the single
    # visible stock card ... no chain" (seed: "jen jednu kartu a to vrchní").
    ben = ["8h", "Xh", "9l", "Ul", "Ab", "Kb", "Xa", "8b", "7b"]
    game = czech(deck9(ben, PLAIN_DL, first="Ol", stock_top=["7h", "Ah", "8l"]),
                 ["pass", "pass", "take", "pass", "pass"])  # Ben keeps his 8h; Ann (no 8h) can only pass
    assert game.deal.phase == "play" and "exchange" in game.legal_actions()
    game.apply("exchange")
    assert "7h" in hand(game, 1) and game.view(0)["deal"]["stock_top"] == "Ah"
    assert "exchange" not in game.legal_actions()  # the Ah now visible is a second card: no chain
    refuse(game, "exchange", "no-exchange")


def test_no_exchange_of_the_first_candidate_during_play():
    # Ben keeps his 7h before play; during play only the stock card may be exchanged, and it is 8l.
    game = czech(exchanger(BEN_7H, "Ah", ["8l"]), ["take", "pass", "pass"])  # Ben passes, then Ann
    assert game.deal.phase == "play" and game.view(1)["deal"]["first_candidate"] == "Ah"
    assert "exchange" not in game.legal_actions()
    refuse(game, "exchange", "no-exchange")


# --- Melds ---------------------------------------------------------------------------------------

def melds_after_trick_one(deck, actions, rules=None):
    game = czech(deck, actions, rules=rules)
    assert len(game.deal.tricks) == 1
    return game, game.result()["deals"][0]["melds"]


def test_melds_are_declared_with_the_first_card_by_both_players():
    game = czech(MELD, TAKE)
    assert {"declare 9h-Xh-Uh-Oh", "declare Ul-Ol-Kl"} <= set(game.legal_actions())
    game.apply("declare 9h-Xh-Uh-Oh")
    game.apply("declare Ul-Ol-Kl")
    game.apply("play Aa")
    assert "declare Xa-Ua-Oa" in game.legal_actions()  # the follower declares before his card
    game.apply("declare Xa-Ua-Oa")
    game.apply("play Xa")
    assert not any(a.startswith("declare") for a in game.legal_actions())


@pytest.mark.parametrize("scope,expected", [
    ("all_of_winner", [{"seat": 1, "meld": "9h-Xh-Uh-Oh", "points": 50},
                       {"seat": 1, "meld": "Ul-Ol-Kl", "points": 20}]),
    ("best_only", [{"seat": 1, "meld": "9h-Xh-Uh-Oh", "points": 50}]),
])
def test_meld_scope(scope, expected):
    actions = TAKE + ["declare 9h-Xh-Uh-Oh", "declare Ul-Ol-Kl", "play Aa", "declare Xa-Ua-Oa", "play Xa"]
    _, melds = melds_after_trick_one(MELD, actions, rules={"meld_scope": scope})
    assert melds == expected  # Ann's twenty is lower: it does not count


def test_an_undeclared_meld_does_not_count():
    _, melds = melds_after_trick_one(MELD, TAKE + ["play Aa", "declare Xa-Ua-Oa", "play Xa"])
    assert melds == [{"seat": 0, "meld": "Xa-Ua-Oa", "points": 20}]  # Ben declared nothing


# Class beats height: Ann's fifty to the U beats Ben's twenty to the A.
CLASS_DECK = deck9(["Ol", "Kl", "Al", "7h", "9h", "Kh", "Xb", "Ub", "8l"],
                   ["8a", "9a", "Xa", "Ua", "Ah", "Xh", "9l", "Xl", "Kb"], first="Ab", stock_top=["7a"])


def test_meld_class_beats_height():
    _, melds = melds_after_trick_one(CLASS_DECK, TAKE + ["declare Ol-Kl-Al", "play 7h", "declare 8a-9a-Xa-Ua",
                                                         "play Ah"])
    assert melds == [{"seat": 0, "meld": "8a-9a-Xa-Ua", "points": 50}]


def twenty_deck(ann_twenty: Sequence[str]) -> list[str]:
    ann = list(ann_twenty) + ["Ah", "Xh", "9l", "Xl", "Kb", "7l"]
    return deck9(["Ul", "Ol", "Kl", "7h", "9h", "Kh", "Xb", "Ub", "8a"], ann, first="Ab", stock_top=["7a"])


def test_higher_twenty_wins_over_the_forehand():
    deck = twenty_deck(["Oa", "Ka", "Aa"])
    _, melds = melds_after_trick_one(deck, TAKE + ["declare Ul-Ol-Kl", "play 7h", "declare Oa-Ka-Aa", "play Ah"])
    assert melds == [{"seat": 0, "meld": "Oa-Ka-Aa", "points": 20}]


def test_equal_melds_go_to_the_leader_of_the_first_trick():
    deck = twenty_deck(["Ua", "Oa", "Ka"])
    game, melds = melds_after_trick_one(deck, TAKE + ["declare Ul-Ol-Kl", "play 7h", "declare Ua-Oa-Ka",
                                                      "play Ah"])
    assert game.result()["deals"][0]["tricks"][0]["winner"] == 0  # Ann won the trick...
    assert melds == [{"seat": 1, "meld": "Ul-Ol-Kl", "points": 20}]  # ...but Ben led it


def test_equal_melds_go_to_the_leader_with_the_seats_swapped():
    # dealer=1: Ann (seat 0) is the forehand, gets the same cards as Ben above and leads trick 1.
    deck = twenty_deck(["Ua", "Oa", "Ka"])
    game = czech(deck, TAKE + ["declare Ul-Ol-Kl", "play 7h", "declare Ua-Oa-Ka", "play Ah"], dealer=1)
    assert game.result()["deals"][0]["tricks"][0]["winner"] == 1
    assert game.result()["deals"][0]["melds"] == [{"seat": 0, "meld": "Ul-Ol-Kl", "points": 20}]


def test_a_sequence_of_six_is_still_a_hundred():
    ben = ["9l", "Xl", "Ul", "Ol", "Kl", "Al", "8h", "8a", "8b"]
    ann = ["Oh", "9h", "Ah", "Xh", "Aa", "Ka", "Ua", "9a", "7l"]
    game = czech(deck9(ben, ann, first="Kh", stock_top=["7a"]), TAKE)
    assert "declare 9l-Xl-Ul-Ol-Kl-Al" in game.legal_actions()
    refuse(game, "declare Xl-Ul-Ol-Kl-Al", "declare-whole-meld")
    game.apply("declare 9l-Xl-Ul-Ol-Kl-Al")
    seen = game.view(0)["deal"]["melds"]["1"][0]
    assert seen["points"] == 100 and "hundred" in seen["name"] and seen["height"] == "A"


# Ann (non-declarer) holds four nines; Ben (declarer) a sequence hundred to the ace.
FOURS = deck9(["Xl", "Ul", "Ol", "Kl", "Al", "7h", "8h", "Xa", "Ua"],
              ["9h", "9l", "9a", "9b", "Ah", "Kh", "Aa", "Ka", "Ab"], first="Kb", stock_top=["7a"])


def test_four_of_a_kind_beats_a_sequence_hundred():
    game = czech(FOURS, TAKE)
    assert game.to_move == 0 and game.legal_actions() == ["ask-hundred"]
    _, melds = melds_after_trick_one(FOURS, TAKE + ["ask-hundred", "play-on", "declare Xl-Ul-Ol-Kl-Al",
                                                    "play Al", "declare 9h-9l-9a-9b", "play 9l"])
    assert melds == [{"seat": 0, "meld": "9h-9l-9a-9b", "points": 100}]


def test_four_sevens_or_eights_are_no_meld_but_four_unders_are():
    ben = ["7h", "7l", "7a", "7b", "8h", "8l", "8a", "8b", "Xh"]
    ann = ["Oh", "9h", "Al", "Xl", "Aa", "Ka", "Ua", "9a", "Ub"]
    game = czech(deck9(ben, ann, first="Kh", stock_top=["Ab"]), ["take", "pass", "pass"])  # Ben keeps his 7h
    assert game.deal.phase == "play"
    assert not any(a.startswith("declare") for a in game.legal_actions())
    refuse(game, "declare 7h-7l-7a-7b", "not-a-meld")
    refuse(game, "declare 8h-8l-8a-8b", "not-a-meld")
    ben = ["Uh", "Ul", "Ua", "Ub", "8h", "8l", "8a", "8b", "Xh"]
    ann = ["Oh", "9h", "Al", "Xl", "Aa", "Ka", "7a", "9a", "7l"]
    game = czech(deck9(ben, ann, first="Kh", stock_top=["Ab"]), TAKE)
    assert "declare Uh-Ul-Ua-Ub" in game.legal_actions()
    game.apply("declare Uh-Ul-Ua-Ub")
    assert game.view(0)["deal"]["melds"]["1"][0]["points"] == 100


def test_a_card_may_belong_to_two_melds():
    ben = ["Ah", "Al", "Aa", "Ab", "Ol", "Kl", "7h", "8h", "Xa"]
    ann = ["9h", "Xh", "9l", "Xl", "9a", "Ua", "Ub", "Xb", "7l"]
    deck = deck9(ben, ann, first="Kb", stock_top=["7a"])
    game = czech(deck, TAKE)
    assert {"declare Ah-Al-Aa-Ab", "declare Ol-Kl-Al"} <= set(game.legal_actions())
    _, melds = melds_after_trick_one(deck, TAKE + ["declare Ah-Al-Aa-Ab", "declare Ol-Kl-Al", "play Ah",
                                                   "play 9h"])
    assert melds == [{"seat": 1, "meld": "Ah-Al-Aa-Ab", "points": 100},
                     {"seat": 1, "meld": "Ol-Kl-Al", "points": 20}]


def test_what_the_opponent_learns_of_melds_and_when():
    game = czech(MELD, TAKE + ["declare 9h-Xh-Uh-Oh", "declare Ul-Ol-Kl"])
    fifty, twenty = game.view(0)["deal"]["melds"]["1"]
    # a fifty: height and suit at once
    assert fifty["meld"] == "9h-Xh-Uh-Oh" and fifty["height"] == "O" and fifty["points"] == 50
    # a twenty: its class at once, nothing more
    assert "twenty" in twenty["name"] and twenty["points"] == 20
    assert "height" not in twenty and "meld" not in twenty
    assert not codes_in(game.view(0)) & {"Ul", "Ol", "Kl"}
    game.apply("play Aa")
    game.apply("declare Xa-Ua-Oa")
    game.apply("play Xa")  # trick 1 complete: heights are told
    ann_sees = game.view(0)["deal"]["melds"]["1"][1]
    assert ann_sees["height"] == "K" and "meld" not in ann_sees
    assert not codes_in(game.view(0)) & {"Ul", "Ol", "Kl"}
    ben_sees = game.view(1)["deal"]["melds"]["0"][0]
    assert ben_sees["height"] == "O" and "meld" not in ben_sees
    game.apply("play 8a")
    game.apply("play Ua")  # trick 2: the suits are told
    assert game.view(0)["deal"]["melds"]["1"][1]["meld"] == "Ul-Ol-Kl"
    assert game.view(1)["deal"]["melds"]["0"][0]["meld"] == "Xa-Ua-Oa"


def test_a_hundred_is_shown_at_once():
    game = czech(HUNDRED_DECK, TAKE + ["ask-hundred", "play-on", "play Ah", ANN_HUNDRED])
    seen = game.view(1)["deal"]["melds"]["0"][0]
    assert seen["meld"] == "9l-Xl-Ul-Ol-Kl" and seen["height"] == "K" and seen["points"] == 100


# --- The hundred procedure -------------------------------------------------------------------------

def test_hundred_ask_then_fold_declarer_loses_but_pays_nothing():
    game = czech(HUNDRED_DECK, TAKE + ["ask-hundred", "fold"])
    summary = game.result()["deals"][0]
    assert summary["declarer"] == 1 and summary["winner"] == 0
    assert game.chips == [-10, -10] and game.bank == 20  # only the ante
    assert game.streaks == [1, 0]


# After play-on, trick 1 is Ah/Ab: Ann declares her hundred and her twenty (120 for her).
# Card points: Ben's cards 75, Ann's 45, +10: 130 in all, so Ben must take 126 or more to win.
#  Ah/Ab Ben 22 | Xh/Xa Ben 20 | 9h/Ua Ben 16 | Al/Kl Ben 15 | 7l/fifth: Ann wins (Xl 10 or Ol 3) |
#  Oa/Aa Ben 14 | Ka/9l Ben 4 | Kb/Ul Ben 6 | Xb/last: Ben 10 + (Ol 3 or Xl 10) + 10 for the last trick.
#  fifth Xl: Ben 22+20+16+15+14+4+6+23 = 120, Ann 10 + 120 = 130.
#  fifth Ol: Ben 22+20+16+15+14+4+6+30 = 127, Ann 3 + 120 = 123.
HUNDRED_PLAY_ON = TAKE + ["ask-hundred", "play-on", "play Ah", ANN_HUNDRED, "declare Xa-Ua-Oa", "play Ab"]


@pytest.mark.parametrize("fifth,last,points,chips", [
    ("Xl", "Ol", [130, 120], [-10, -20]),  # Ben 120 < Ann 10 + 120: he falls and pays
    ("Ol", "Xl", [123, 127], [-10, -10]),  # Ben 127 > Ann 3 + 120: he made it against the hundred
])
def test_hundred_play_on_the_hundred_counts_and_the_declarer_must_win_or_pay(fifth, last, points, chips):
    game = czech(HUNDRED_DECK, HUNDRED_PLAY_ON)
    assert game.result()["deals"][0]["melds"] == [{"seat": 0, "meld": "9l-Xl-Ul-Ol-Kl", "points": 100},
                                                  {"seat": 0, "meld": "Xa-Ua-Oa", "points": 20}]
    line = plays("Xh", "Xa", "9h", "Ua", "Al", "Kl", "7l", fifth, "Oa", "Aa", "Ka", "9l", "Kb", "Ul", "Xb", last)
    for action in line:
        game.apply(action)
    summary = game.result()["deals"][0]
    assert summary["points"] == points
    assert summary["winner"] == (0 if points[0] > points[1] else 1)
    assert game.chips == chips


def test_hundred_question_is_mandatory_pass_is_refused():
    # Letting Ann skip the question would tell Ben she holds a hundred only when she asks: she must ask.
    game = czech(HUNDRED_DECK, TAKE)
    assert game.deal.phase == "hundred-ask" and game.to_move == 0
    assert game.legal_actions() == ["ask-hundred"]
    err = refuse(game, "pass", "not-now")
    assert "ask-hundred" in err.message
    assert not any(e.kind == "hundred-keep" for e in game.events)
    game.apply("ask-hundred")
    assert game.deal.phase == "hundred-answer" and game.to_move == 1


def test_a_declarer_with_a_hundred_just_declares_it():
    game = czech(HUNDRED_DECK, ["pass", "take", "pass", "pass"])  # Ann takes hearts: the declarer holds the hundred
    assert game.deal.phase == "play" and game.to_move == 1  # nobody is asked about it
    game.apply("play Ah")
    assert ANN_HUNDRED in game.legal_actions()
    game.apply(ANN_HUNDRED)
    game.apply("play Ab")
    assert game.result()["deals"][0]["melds"] == [{"seat": 0, "meld": "9l-Xl-Ul-Ol-Kl", "points": 100}]


# --- Bela --------------------------------------------------------------------------------------------

# Trumps hearts (first candidate Xh). Ben holds Oh + Kh (bela); Ann holds Ah and Uh.
BELA = deck9(["Oh", "Kh", "Al", "Xl", "Aa", "Xa", "Ab", "Xb", "9a"],
             ["Ah", "Uh", "Kl", "8l", "Ka", "8a", "Kb", "8b", "7l"], first="Xh", stock_top=["7a"])
# Line A: Ann wins Ben's Kh with her Ah.
#  Kh/Ah Ann 15 | Kl/Al Ben 15 | Oh/Uh Ben 22 | Xl/8l 10 | Aa/Ka 15 | Xa/8a 10 | Ab/Kb 15 | Xb/8b 10 | 9a/7l 0+10
#  card points: Ben 107, Ann 15.
BELA_A = plays("Kh", "Ah", "Kl", "Al", "Oh", "Uh", "Xl", "8l", "Aa", "Ka", "Xa", "8a", "Ab", "Kb", "Xb", "8b", "9a",
               "7l")
# Line B: Ben wins both: Oh/Ah 31 | Kh/Uh 6 | Al/Kl 15 | Xl/8l 10 | Aa/Ka 15 | Xa/8a 10 | Ab/Kb 15 | Xb/8b 10 |
#  9a/7l 0+10: card points Ben 122, Ann 0.
BELA_B = plays("Oh", "Ah", "Kh", "Uh", "Al", "Kl", "Xl", "8l", "Aa", "Ka", "Xa", "8a", "Ab", "Kb", "Xb", "8b", "9a",
               "7l")


@pytest.mark.parametrize("mode,line,points,bela", [
    # holder: +40 to Ben, and the Oh's own 20 counts for nobody: 107 - 20 + 40
    ("holder", BELA_A, [15, 127], {"seat": 1, "points": 40}),
    ("holder", BELA_B, [0, 142], {"seat": 1, "points": 40}),
    # capture: nobody won both O and K, so nobody scores the 40 and the O keeps its 20
    ("capture", BELA_A, [15, 107], None),
    # capture: Ben won both; the O counts 40 instead of 20 (as under holder)
    ("capture", BELA_B, [0, 142], {"seat": 1, "points": 40}),
])
def test_bela(mode, line, points, bela):
    game = czech(BELA, TAKE + line, rules={"bela_mode": mode})
    summary = game.result()["deals"][0]
    assert summary["points"] == points
    assert summary["bela"] == bela
    assert summary["winner"] == 1


def test_bela_by_exchange_counts():
    # Ben holds Oh and the 7h; he exchanges the 7h for the Kh lying face up: bela.
    ben = ["Oh", "7h", "Al", "Xl", "Aa", "Xa", "Ab", "Xb", "9a"]
    ann = ["Ah", "Uh", "Kl", "8l", "Ka", "8a", "Kb", "8b", "7l"]
    game = czech(deck9(ben, ann, first="Kh", stock_top=["7a"]), ["take", "exchange"])
    assert {"Oh", "Kh"} <= hand(game, 1)
    autoplay(game)
    assert game.result()["deals"][0]["bela"] == {"seat": 1, "points": 40}


# --- Play ----------------------------------------------------------------------------------------------

def test_forehand_leads_and_each_trick_winner_leads_the_next():
    game = czech(PLAIN, TAKE)
    assert game.to_move == 1
    leaders = []
    for i in range(0, len(PLAIN_PLAYS), 2):
        leaders.append(game.to_move)
        game.apply(PLAIN_PLAYS[i])
        game.apply(PLAIN_PLAYS[i + 1])
    tricks = game.result()["deals"][0]["tricks"]
    assert [t["winner"] for t in tricks] == PLAIN_WINNERS
    assert leaders == [1] + PLAIN_WINNERS[:-1]


def test_trick_winners_follow_the_trick_order():
    """Each trick's winner, by the rules' trick order (plain A X K O U 9 8 7, trump O 9 A X K U 8 7)."""
    deck, line, trump = TIE_DECK, TIE_PLAYS, "b"
    game = czech(deck, TAKE + line)
    tricks = game.result()["deals"][0]["tricks"]
    leader = 1
    for trick in tricks:
        led, follow = trick["cards"]
        expected = leader if trick_winner(led, follow, trump) == 0 else 1 - leader
        assert trick["winner"] == expected, trick
        leader = expected


def test_without_the_suit_or_trumps_any_card():
    game = czech(PLAIN, TAKE + PLAIN_PLAYS[:13])  # Ann leads Ua; Ben has no acorns and no trumps left
    assert game.to_move == 1
    assert sorted(game.legal_actions()) == ["play 7b", "play 8b", "play Kb"]


def test_a_higher_card_of_another_suit_does_not_win():
    game = czech(PLAIN, TAKE + PLAIN_PLAYS)
    last = game.result()["deals"][0]["tricks"][-1]
    assert last == {"cards": ["7l", "Kb"], "winner": 0}  # the 7 led beats a king of another plain suit


def test_must_beat_allows_any_card_of_the_suit_when_none_beats():
    game = czech(PLAIN, TAKE + ["play Ab", "play 9h", "play Al"], rules={"must_beat": True})
    assert sorted(game.legal_actions()) == ["play 9l", "play Ul"]  # neither beats the Al


def test_must_beat_within_trumps():
    # Ben leads the Xh; Ann holds the Oh (beats it: trump order O 9 A X K U 8 7) and the 8h (does not).
    ann = ["Oh", "8h", "Al", "Xl", "Aa", "Ka", "Ua", "9a", "7l"]
    game = czech(deck9(PLAIN_FH, ann, first="Kh", stock_top=["8l"]), TAKE + ["play Xh"], rules={"must_beat": True})
    assert game.legal_actions() == ["play Oh"]
    game = czech(deck9(PLAIN_FH, ann, first="Kh", stock_top=["8l"]), TAKE + ["play Xh"])
    assert sorted(game.legal_actions()) == ["play 8h", "play Oh"]


# --- Result and payments ------------------------------------------------------------------------------

def test_declarer_loses_and_pays_the_stake():
    game = czech(PLAIN, TAKE + PLAIN_PLAYS)
    summary = game.result()["deals"][0]
    assert summary["points"] == [116, 14]
    assert summary["declarer"] == 1 and summary["winner"] == 0
    assert game.chips == [-10, -20] and game.bank == 30
    assert game.streaks == [1, 0]


def test_declarer_wins_and_nobody_pays():
    game = czech(PLAIN, ["pass", "take", "pass", "pass"] + PLAIN_PLAYS)  # Ann takes hearts this time
    summary = game.result()["deals"][0]
    assert summary["points"] == [116, 14]
    assert summary["declarer"] == 0 and summary["winner"] == 0
    assert game.chips == [-10, -10] and game.bank == 20


# A tie, trumps bells (first candidate 8b):
#   Ben: 9b 8l 7h Kh 9l 8a Ub Ka Kb     Ann: Oh Xh 9h 9a Ab Ob 7a Ua Xb
#  1 Ben 7h Ann 9h -> Ann 0     | 2 Ann 7a Ben 8a -> Ben 0   | 3 Ben Kb Ann Ob -> Ann 4+20 = 24
#  4 Ann Oh Ben Kh -> Ben 3+4=7 | 5 Ben 9b Ann Xb -> Ben 14+10 (trump 9 beats X) = 24
#  6 Ben Ub Ann Ab -> Ann 2+11  | 7 Ann Xh Ben 9l -> Ann 10  | 8 Ann Ua Ben Ka -> Ben 2+4 = 6
#  9 Ben 8l Ann 9a -> Ben 0 + 10 for the last trick
# Ben 7+24+6+10 = 47, Ann 24+13+10 = 47.
TIE_DECK = deck9(["9b", "8l", "7h", "Kh", "9l", "8a", "Ub", "Ka", "Kb"],
                 ["Oh", "Xh", "9h", "9a", "Ab", "Ob", "7a", "Ua", "Xb"], first="8b", stock_top=["Al"])
TIE_PLAYS = plays("7h", "9h", "7a", "8a", "Kb", "Ob", "Oh", "Kh", "9b", "Xb", "Ub", "Ab", "Xh", "9l", "Ua", "Ka",
                  "8l", "9a")


def test_tie_the_non_declarer_wins_but_the_declarer_does_not_pay():
    game = czech(TIE_DECK, TAKE + TIE_PLAYS)
    summary = game.result()["deals"][0]
    assert summary["points"] == [47, 47]
    assert summary["declarer"] == 1 and summary["winner"] == 0
    assert game.chips == [-10, -10] and game.bank == 20
    assert game.streaks == [1, 0]


def test_the_last_trick_is_worth_ten():
    game = czech(TIE_DECK, TAKE + TIE_PLAYS)
    last = game.result()["deals"][0]["tricks"][-1]
    assert last == {"cards": ["8l", "9a"], "winner": 1}  # no card points in it, yet Ben's 47 includes 10


def autoplay(game) -> None:
    """Finish the current deal: take, exchange, ask and play on, declare every meld, play the first card."""
    deal = game.deal
    prefer = ("take", "exchange", "ask-hundred", "play-on")
    while game.to_move is not None and game.deal is deal:
        legal = game.legal_actions()
        action = next((a for a in legal if a.startswith("declare")), None) or \
            next((p for p in prefer if p in legal), None) or legal[0]
        game.apply(action)


@pytest.mark.parametrize("seed", range(40))
def test_points_identity(seed):
    """points(p0) + points(p1) = card points of the 18 played cards + 10 + scored melds + bela adjustment,
    and each trick goes where the trick order says."""
    game = czech(dealer=0, seed=seed)
    autoplay(game)
    deal = game.deals[0]
    summary = game.result()["deals"][0]
    if summary["trump"] is None:
        return
    trump = summary["trump"]
    totals = [0, 0]
    leader = deal.forehand
    for trick in summary["tricks"]:
        led, follow = trick["cards"]
        winner = leader if trick_winner(led, follow, trump) == 0 else 1 - leader
        assert trick["winner"] == winner
        totals[winner] += card_points(led, trump) + card_points(follow, trump)
        leader = winner
    assert len(summary["tricks"]) == 9
    totals[leader] += 10
    for meld in summary["melds"]:
        totals[meld["seat"]] += meld["points"]
    if summary["bela"]:
        totals[summary["bela"]["seat"]] += 40
        o_trump = "O" + trump
        o_winner = next(t["winner"] for t in summary["tricks"] if o_trump in t["cards"])
        totals[o_winner] -= 20
    assert summary["points"] == totals
    declarer = summary["declarer"]
    expected_winner = declarer if totals[declarer] > totals[1 - declarer] else 1 - declarer
    assert summary["winner"] == expected_winner


# --- Renonc ---------------------------------------------------------------------------------------------

def test_renonc_mode_accepts_a_revoke_then_ends_the_game():
    game = czech(PLAIN, TAKE + ["play Ul"], rules={"renonc_mode": True})
    assert "play Aa" not in game.legal_actions()  # still not offered as a legal move
    game.apply("play Aa")  # Ann revokes
    summary = game.result()["deals"][0]
    assert summary["winner"] == 1  # the offender loses, though she is not the declarer
    assert summary["renonc"] == {"seat": 0, "reason": "must-follow-suit"}
    assert game.chips == [-20, -10] and game.bank == 30
    assert game.to_move is None


def test_renonc_mode_false_meld_by_the_declarer():
    game = czech(MELD, TAKE, rules={"renonc_mode": True})
    game.apply("declare Xa-Ua-Oa")
    summary = game.result()["deals"][0]
    assert summary["winner"] == 0 and summary["renonc"] == {"seat": 1, "reason": "meld-not-held"}
    assert game.chips == [-10, -20] and game.bank == 30


def test_renonc_mode_trumping_while_holding_the_suit_and_not_trumping():
    game = czech(PLAIN, TAKE + ["play Ab"], rules={"renonc_mode": True})
    game.apply("play Aa")  # Ann has no bells but trumps: she must trump
    assert game.result()["deals"][0]["renonc"] == {"seat": 0, "reason": "must-trump"}


def test_renonc_mode_still_refuses_what_is_not_a_rule_error_at_the_table():
    game = czech(PLAIN, TAKE, rules={"renonc_mode": True})
    refuse(game, "play Oh", "card-not-in-hand")
    refuse(game, "take", "not-now")
    refuse(game, "play Ah", "not-your-turn", seat=0)


# --- Stakes, the bank, streaks, the rotation ------------------------------------------------------------

def test_everyone_antes_at_the_start_of_a_bulka():
    game = czech(PLAIN, rules={"stake": 25}, players=("Ann", "Ben", "Cid"), queue=[2])
    assert game.chips == [-25, -25, -25] and game.bank == 75
    game = czech(PLAIN)
    assert game.chips == [-10, -10] and game.bank == 20


def test_the_loser_pays_the_stake_option():
    game = czech(PLAIN, TAKE + PLAIN_PLAYS, rules={"stake": 7})
    assert game.chips == [-7, -14] and game.bank == 21


def lose(game, seat: int) -> None:
    """On a PLAIN deck (renonc_mode on): the forehand takes, and ``seat`` commits a false meld."""
    deal = game.deal
    assert seat in deal.seats
    for action in TAKE:  # nobody holds the 7h: both pass the šíbr question
        game.apply(action)
    if deal.forehand != seat:
        game.apply("play Ah")
    game.apply("declare 7h-8h-9h")  # 7h and 8h lie in the stock
    assert deal.outcome is not None and deal.outcome.loser == seat


def test_winner_deals_the_next_game_two_players():
    game = czech(decks=[PLAIN] * 3, rules={"renonc_mode": True})
    lose(game, 0)  # Ben wins
    assert (game.deal.dealer, game.deal.forehand) == (1, 0)
    lose(game, 0)  # Ben wins again, and deals again
    assert (game.deal.dealer, game.deal.forehand) == (1, 0)
    assert game.streaks == [0, 2]
    assert "nahoře" in game.view(0)["streak_words"][1]


def test_three_wins_in_a_row_take_the_bank_two_players():
    game = czech(decks=[PLAIN] * 4, rules={"renonc_mode": True})
    lose(game, 0)
    assert game.chips == [-20, -10] and game.bank == 30 and game.streaks == [0, 1]
    lose(game, 0)
    assert game.chips == [-30, -10] and game.bank == 40 and game.streaks == [0, 2]
    lose(game, 0)
    # Ben takes the bank of 40 (-10 + 40 = 30); a new bulka: everyone pays 10 (bank 20), and Ann, who
    # lost the last game, pays her 10 into the new bank as well.
    assert game.chips == [-50, 20] and game.bank == 30
    assert game.streaks == [0, 0] and game.bulka == 2
    assert sum(game.chips) + game.bank == 0
    # the loser of the last game deals the new bulka
    assert (game.deal.dealer, game.deal.forehand) == (0, 1)


def test_bank_won_on_a_tie_the_loser_pays_only_the_new_stake():
    # Ann (dealer) wins three ties in a row: Ben, the declarer, never pays a penalty.
    actions = (TAKE + TIE_PLAYS) * 3
    game = czech(decks=[TIE_DECK] * 4, actions=actions)
    assert [d.dealer for d in game.deals] == [0, 0, 0, 1]
    # Ann: -10 + bank 20 = 10, then the new ante: 0. Ben: -10, then -20. New bank: 20.
    assert game.chips == [0, -20] and game.bank == 20
    assert game.bulka == 2 and game.streaks == [0, 0]


def test_three_player_rotation_winner_deals_against_the_one_who_sat_out():
    game = czech(decks=[PLAIN] * 4, players=("Ann", "Ben", "Cid"), queue=[2], rules={"renonc_mode": True})
    assert (game.deal.dealer, game.deal.forehand, game.sitting_out) == (0, 1, 2)
    lose(game, 0)  # Ben beats Ann
    assert (game.deal.dealer, game.deal.forehand, game.sitting_out) == (1, 2, 0)
    assert game.view(0)["deal"]["hand"] == []
    lose(game, 1)  # Cid beats Ben: Ben's streak is broken (shodit)
    assert game.streaks == [0, 0, 1]
    assert (game.deal.dealer, game.deal.forehand, game.sitting_out) == (2, 0, 1)
    lose(game, 2)  # Ann beats Cid
    assert game.streaks == [1, 0, 0]
    assert (game.deal.dealer, game.deal.forehand, game.sitting_out) == (0, 1, 2)
    assert game.chips == [-20, -20, -20] and game.bank == 60


def test_three_players_bank_new_bulka_loser_deals_against_the_one_who_sat_out():
    game = czech(decks=[PLAIN] * 4, players=("Ann", "Ben", "Cid"), queue=[2], rules={"renonc_mode": True})
    lose(game, 0)  # Ben 1; Ann sits out; Ben deals to Cid
    lose(game, 2)  # Ben 2; Cid sits out; Ben deals to Ann
    assert game.streaks == [0, 2, 0]
    assert (game.deal.dealer, game.deal.forehand, game.sitting_out) == (1, 0, 2)
    lose(game, 0)  # Ben 3: the bank
    # ante 30, Ann's 10, Cid's 10: Ben takes 50 (-10 + 50 = 40); a new bulka: everyone pays 10
    # (bank 30, Ben 30) and Ann, who lost the last game, pays her 10 into the new bank.
    assert game.chips == [-40, 30, -30] and game.bank == 40
    assert sum(game.chips) + game.bank == 0
    assert game.bulka == 2 and game.streaks == [0, 0, 0]
    # Ann (the loser) deals against Cid (who sat out); Ben sits out
    assert (game.deal.dealer, game.deal.forehand, game.sitting_out) == (0, 2, 1)


def test_streak_words():
    game = czech(decks=[PLAIN] * 3, rules={"renonc_mode": True})
    lose(game, 0)
    words = game.view(1)["streak_words"]
    assert "novej" in words[1] and words[0] == ""
    lose(game, 0)
    assert "nahoře" in game.view(0)["streak_words"][1]
    lose(game, 1)  # Ben, nahoře, loses: back to nothing
    assert game.streaks == [1, 0]
    assert game.view(0)["streak_words"][1] == ""
