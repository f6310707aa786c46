"""Bouillotte at the card table: the presenter's felt for 3, 4 and 5 players (backs before the showdown, the pot
and side pots, the retourne, the amount action for open and raise), the rules file's worked examples stepped to
the chips it states, a puzzle and a quiz over them, and Practice played by clicks, buttons and amounts — with no
card the learner may not see ever reaching the table."""
from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from bulka_teach import Record
from bulka_teach.bots import Coach
from bulka_teach.bouillotte import SPEC, presenter
from bulka_teach.table import Practice, Puzzle, Quiz, Stepper
from bulka_teach.table.present import table_layout, table_ui

CARD = re.compile(r"\b[AKQJX98][cdhs]\b")
POINTS = " points"

#: The rules file's worked examples (shared/rules/bouillotte.md, "Worked examples").
CARRE_EXAMPLE = {"game": "bouillotte", "players": ["Ann", "Ben", "Cleo", "Dan"], "dealer": 0,
                 "decks": [["Kc", "8c", "Qc", "As", "Kd", "8d", "Ah", "Xs", "Kh", "8h", "Ad", "8s", "Ks", "Ac", "Qd",
                            "Qh", "Qs", "Xc", "Xd", "Xh"]],
                 "actions": ["pass", "open 2", "raise 5", "hold", "fold", "raise 10", "hold", "hold", "pass"]}
SIDE_POT_EXAMPLE = {"game": "bouillotte", "players": ["Ann", "Ben", "Cleo"], "dealer": 0, "chips": [30, 30, 6],
                    "decks": [["8h", "Kh", "Xc", "8d", "Xh", "8c", "Xs", "8s", "Kd", "Ah", "Ac", "Kc", "Ad", "Xd", "As",
                               "Ks"]],
                    "actions": ["pass", "open 4", "tapis", "raise 12", "hold"]}
NOBODY_OPENS_EXAMPLE = {"game": "bouillotte", "players": ["Ann", "Ben", "Cleo", "Dan", "Eve"], "dealer": 0,
                        "decks": [["Ac", "Qc", "Kc", "Xc", "Jc", "Kd", "Jd", "8d", "Ad", "Xd", "8h", "Xs", "Js", "Qh",
                                   "8s", "As", "Ah", "Kh", "Ks", "Qd", "Qs", "Jh", "Xh", "8c"],
                                  ["Ac", "Kc", "Qc", "Jc", "Xc", "8c", "Ad", "Kd", "Qd", "Jd", "Xd", "8d", "Ah", "Kh",
                                   "Qh", "Jh", "Xh", "8h", "As", "Ks", "Qs", "Js", "Xs", "8s"]],
                        "actions": ["carre", "contre-carre", "pass", "pass", "pass", "pass", "pass", "pass", "pass",
                                    "pass", "pass", "pass", "pass"]}


def record(example: dict[str, Any], actions: int | None = None) -> Record:
    data = dict(example)
    if actions is not None:
        data["actions"] = example["actions"][:actions]
    return Record.from_dict(data)


def hands(layout: dict[str, Any]) -> dict[int, list[str] | None]:
    return {p["at"]: p["cards"] for p in layout["piles"] if p["id"] == "hand"}


def chips_shown(layout: dict[str, Any]) -> list[int]:
    by_seat = {s["seat"]: s["chips"] for s in layout["seats"]}
    return [int(by_seat[s].rsplit(" ", 1)[1]) for s in sorted(by_seat)]


# --- the felt --------------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [3, 4, 5])
def test_before_the_showdown_the_others_hands_are_backs_and_the_retourne_lies_face_up(players):
    game = Record(game="bouillotte", players=[f"P{k}" for k in range(players)], seed=11).start()
    while game.deal is not None and game.deal.phase != "betting":
        game.apply(game.legal_actions()[-1])  # pass the carre
    me = game.to_move
    layout = table_layout(game.view(me), me)
    shown = hands(layout)
    assert shown[me] == game.view(me)["deal"]["hand"] and len(shown[me] or []) == 3
    assert all(cards is None for seat, cards in shown.items() if seat != me)
    assert [p["count"] for p in layout["piles"] if p["id"] == "hand" and p["at"] != me] == [3] * (players - 1)
    retourne = game.view(me)["deal"]["retourne"]
    assert [p["cards"] for p in layout["piles"] if p["id"] == "retourne"] == [[retourne]]
    assert [s["place"] for s in layout["seats"]] == list(presenter.lay.places(players))
    assert layout["seats"][0]["seat"] == me and layout["seats"][0]["turn"] == "your turn"
    assert chips_shown(layout) == game.view(me)["chips"]
    assert layout["pack"] == "french" and layout["pots"][0]["amount"] == sum(game.deal.stakes) + game.table.dead


@pytest.mark.parametrize("players", [3, 4, 5])
def test_open_is_one_amount_action_over_exactly_the_legal_stakes(players):
    game = Record(game="bouillotte", players=[f"P{k}" for k in range(players)], seed=5).start()
    while game.deal.phase != "betting":
        game.apply("pass")
    view = game.view(game.to_move)
    buttons = table_ui(view, "play", game.to_move)["buttons"]
    opens = sorted(int(a.split()[1]) for a in view["legal"] if a.startswith("open "))
    amount = next(b for b in buttons if b["action"] == "open")["amount"]
    assert (amount["min"], amount["max"], amount["step"]) == (opens[0], opens[-1], 1) and amount["value"] == opens[0]
    assert f"between {opens[0]} and {opens[-1]}" in amount["outside"]
    assert [b["action"] for b in buttons] == ["pass", "open", "tapis"]
    assert "open (ouvrir)" in next(b for b in buttons if b["action"] == "open")["label"].lower()


def test_the_side_pot_example_at_the_raise_draws_both_pots_and_a_raise_range():
    game = record(SIDE_POT_EXAMPLE, 4).replay()
    view = game.view(1)  # Ben, to hold 12 or raise after Cleo's tapis and Ann's raise
    layout = table_layout(view, 1)
    assert [(p["label"], p["amount"], p["badges"]) for p in layout["pots"]] == [
        ("the main pot", 16, ["between Ann and Cleo"]),
        ("side pot 1", 6, ["only Ann so far"])]
    seats = {s["seat"]: s for s in layout["seats"]}
    assert seats[2]["badges"][0]["text"] == "all in (tapis)"
    assert seats[0]["badges"][0]["text"] == "raised (relance)"
    assert [f["text"] for f in seats[0]["facts"]] == [["stake (mise) ", {"b": "12"}]]
    raise_ = next(b for b in table_ui(view, "play", 1)["buttons"] if b["action"] == "raise")
    assert (raise_["amount"]["min"], raise_["amount"]["max"]) == (13, 29)
    assert hands(layout)[0] is None and hands(layout)[2] is None


def test_the_side_pot_showdown_draws_each_suits_highest_card_and_what_it_collects():
    game = record(SIDE_POT_EXAMPLE).replay()
    view = game.view_at(0, game.deal_end(0))
    layout = table_layout(view, 0)
    assert hands(layout) == {0: ["Xc", "8c", "Kd"], 1: ["8h", "8d", "Xs"], 2: ["Kh", "Xh", "8s"]}
    marked = {p["at"]: p.get("marked") for p in layout["piles"] if p["id"] == "hand"}
    assert marked == {0: ["Xc", "Kd"], 1: ["Xs", "8h"], 2: ["Kh"]}  # Ben's 8h is hearts' highest in side pot 1
    cleo = next(s for s in layout["seats"] if s["seat"] == 2)
    assert [f["text"] for f in cleo["facts"]][1:] == [
        [{"card": "Kh"}, " highest hearts (cœur) collects ", {"card": "Kh"}, {"card": "Xh"}, {"card": "8h"},
         {"card": "Ah"}, " = ", {"b": "39"}, POINTS, " (main pot)"]]
    ben = next(s for s in layout["seats"] if s["seat"] == 1)
    assert [{"card": "8h"}, " highest hearts (cœur) collects ", {"card": "8h"}, {"card": "Ah"}, " = ", {"b": "19"},
            POINTS, " (side pot 1)"] in [f["text"] for f in ben["facts"]]
    ann = next(s for s in layout["seats"] if s["seat"] == 0)
    assert [f["text"][-1] for f in ann["facts"][1:]] == [" (main pot, side pot 1)"] * 2  # clubs and diamonds
    assert [(p["amount"], p["badges"]) for p in layout["pots"]] == [(18, ["to Cleo"]), (12, ["to Ben"])]
    assert chips_shown(layout) == [18, 30, 18]
    assert layout["outcome"]["paragraphs"][-1]["text"] == ["jetons now: Ann 18, Ben 30, Cleo 18"]


def test_a_folded_hand_stays_backs_at_the_showdown_and_brelans_are_told_with_their_payments():
    game = record(CARRE_EXAMPLE).replay()
    layout = table_layout(game.view_at(0, game.deal_end(0)), 0)
    assert sorted(hands(layout)[1] or []) == ["Kc", "Kd", "Kh"] and sorted(hands(layout)[0] or []) == ["8s", "As", "Xs"]
    # Ann folded: her hand is hers alone; Ben, Cleo and Dan showed.
    assert set(hands(layout)) == {0, 1, 2, 3} and all(hands(layout)[s] for s in (1, 2, 3))
    other = table_layout(game.view_at(2, game.deal_end(0)), 2)
    assert hands(other)[0] is None
    ben = next(s for s in layout["seats"] if s["seat"] == 1)
    assert ben["facts"][1]["text"] == [{"b": "a brelan carré of kings"}, ": paid 3 jetons"]
    texts = [json.dumps(p["text"], ensure_ascii=False) for p in layout["outcome"]["paragraphs"]]
    assert any("a brelan of eights, paid 2 jetons" in t for t in texts)
    assert chips_shown(layout) == [27, 54, 21, 18]


# --- stepping through the worked examples ----------------------------------------------------------

@pytest.mark.parametrize("example, chips", [(CARRE_EXAMPLE, [27, 54, 21, 18]), (SIDE_POT_EXAMPLE, [18, 30, 18]),
                                             (NOBODY_OPENS_EXAMPLE, [29, 28, 32, 30, 30])])
def test_a_stepper_over_a_worked_example_reaches_the_chips_the_rules_state(example, chips):
    stepper = Stepper(record(example), open_hands=False, seat=0)
    stepper.last()
    assert chips_shown(stepper.table.layout) == chips
    stepper.first()
    assert all(cards is None for seat, cards in hands(stepper.table.layout).items() if seat != 0)
    for k in range(stepper.count):  # Ann never sees another hand before it is shown
        stepper.go(k)
        deal = stepper.table.view["deal"]
        for seat, cards in hands(stepper.table.layout).items():
            assert cards is None or seat == 0 or str(seat) in deal["shown"]


def test_the_stepper_shows_the_hands_one_by_one_then_each_pot_then_each_brelan_paid():
    stepper = Stepper(record(SIDE_POT_EXAMPLE), open_hands=False, seat=0)
    stepper.go_to_event(next(i for i, e in enumerate(stepper._final.events) if e.kind == "show"))
    assert stepper.caption == "Ben shows 8h, 8d, Xs: no brelan."
    layout = stepper.table.layout
    assert hands(layout)[1] == ["8h", "8d", "Xs"] and hands(layout)[2] is None
    assert chips_shown(layout) == [18, 18, 0] and layout["outcome"] is None
    assert [p["amount"] for p in layout["pots"]] == [18, 12]
    stepper.go_to_event(next(i for i, e in enumerate(stepper._final.events) if e.kind == "pot"))
    layout = stepper.table.layout
    assert chips_shown(layout) == [18, 18, 18], "Cleo has taken the main pot, the side pot is still to come"
    assert [p["badges"] for p in layout["pots"]] == [["to Cleo"], []]
    stepper = Stepper(record(CARRE_EXAMPLE), open_hands=False, seat=0)
    paid = [i for i, e in enumerate(stepper._final.events) if e.kind == "brelan-paid"]
    stepper.go_to_event(paid[0])
    assert chips_shown(stepper.table.layout) == [28, 54, 19, 19]
    assert [b["seat"] for b in stepper.table.view["deal"]["outcome"]["brelans"]] == [1]
    stepper.go_to_event(paid[1])
    assert chips_shown(stepper.table.layout) == [27, 54, 21, 18]


def test_before_the_deal_no_card_is_drawn_and_a_void_deal_is_told_after_its_cards():
    stepper = Stepper(record(SIDE_POT_EXAMPLE), open_hands=True)
    stepper.go_to_event(1)  # Ben declines the carre: the cards come in the same action, but after it
    assert stepper.caption == "Ben does not play carre." and hands(stepper.table.layout) == {}
    assert not [p for p in stepper.table.layout["piles"] if p["id"] == "retourne"]
    void = Record.from_dict({**NOBODY_OPENS_EXAMPLE, "exposed": [4], "actions": ["pass"]})
    stepper = Stepper(void, open_hands=False, seat=0)
    events = stepper._final.events
    stepper.go_to_event(next(i for i, e in enumerate(events) if e.kind == "deal"))
    assert stepper.table.layout["outcome"] is None and len(hands(stepper.table.layout)[0] or []) == 3
    stepper.go_to_event(next(i for i, e in enumerate(events) if e.kind == "void"))
    assert stepper.table.layout["outcome"]["head"] == "A card was exposed: the deal is void"


def test_the_nobody_opens_stepper_ends_with_the_dead_jeton_on_the_table():
    stepper = Stepper(record(NOBODY_OPENS_EXAMPLE), seat=None)
    stepper.last()
    assert stepper.table.layout["outcome"]["head"] == "Nobody opened: the cards are thrown in"
    assert [p["amount"] for p in stepper.table.layout["pots"]] == [1]


# --- a puzzle and a quiz over a record --------------------------------------------------------------

def test_a_puzzle_on_the_side_pot_example_refuses_a_stake_beyond_the_chips_with_the_engines_sentence():
    puzzle = Puzzle(record(SIDE_POT_EXAMPLE, 4), seat=1, answer="hold", right="Hold: the side pot is yours.",
                    reasons={"fold": "Your 8h collects the retourne against Ann alone."})
    before = puzzle.game.record().to_json()
    puzzle.table.send_from_browser({"type": "action", "action": "raise 99"})
    notice = puzzle.table.ui["notice"]
    assert notice["kind"] == "refused" and notice["text"] == (
        "A stake of 99 would take 95 more jetons and you have 26 in front of you: nobody bets more than lies "
        "before him.")
    assert puzzle.game.record().to_json() == before
    puzzle.table.send_from_browser({"type": "action", "action": "raise 12"})
    assert "above the highest" in puzzle.table.ui["notice"]["text"] and puzzle.game.record().to_json() == before
    puzzle.table.send_from_browser({"type": "action", "action": "fold"})
    assert puzzle.table.ui["notice"] == {**puzzle.table.ui["notice"], "kind": "wrong",
                                         "text": "Your 8h collects the retourne against Ann alone."}
    puzzle.table.send_from_browser({"type": "action", "action": "hold"})
    assert puzzle.table.ui["notice"]["kind"] == "ok"
    assert chips_shown(puzzle.table.layout) == [18, 30, 18]


def test_a_quiz_names_french_cards_in_the_bouillotte_pack():
    quiz = Quiz("In side pot 1 (Ann and Ben), which card collects the hearts?", ["Kh", "8h", "Ah"], answer="8h",
                explain="Cleo's Kh is not in side pot 1: Ben's 8h is the highest heart there, and takes the Ah.",
                reasons={"Kh": "Cleo staked only 6: she does not contend for side pot 1.",
                         "Ah": "The retourne is collected, it collects nothing."},
                pack=SPEC.pack(3, {}))
    assert [label for label, _ in quiz.buttons.options][1] == "8h — eight of hearts (cœur)"
    quiz.buttons.value = 0
    assert quiz.correct is False
    quiz.buttons.value = 1
    assert quiz.correct is True


# --- practice -------------------------------------------------------------------------------------

def moves(practice: Practice, rng: random.Random) -> list[dict[str, Any]]:
    """What a learner could send now: each button, an amount action with an amount from its range."""
    result = []
    for b in practice.table.ui["buttons"]:
        if "amount" in b:
            a = b["amount"]
            result.append({"type": "action", "action": f"{b['action']} {rng.randint(a['min'], a['max'])}"})
        else:
            result.append({"type": "action", "action": b["action"]})
    return result


def play(practice: Practice, rng: random.Random, clicks: int, check=lambda p: None) -> int:
    """Random legal clicks (Continue after each deal) until the session ends or ``clicks`` are sent."""
    for k in range(clicks):
        check(practice)
        if practice.finished:
            return k
        options = moves(practice, rng)
        message = rng.choice(options) if options else {"type": "control", "name": "continue"}
        before = len(practice.game.actions)
        practice.table.send_from_browser(message)
        notice = practice.table.ui["notice"]
        assert notice is None or notice["kind"] != "refused", notice
        assert message["type"] == "control" or len(practice.game.actions) > before
    return clicks


@pytest.mark.parametrize("players", [("You", "Ann", "Ben"), ("You", "Ann", "Ben", "Cleo"),
                                     ("You", "Ann", "Ben", "Cleo", "Dan")])
def test_practice_plays_whole_hands_by_buttons_and_amounts(players):
    practice = Practice(game="bouillotte", players=players, whole="match", code=f"BO{len(players)}-std-3")
    assert practice.deal_code.startswith(f"BO{len(players)}-std-00000003")
    deals = set()
    play(practice, random.Random(len(players)), 3000,
         check=lambda p: deals.add(len(p.game.deals)) if p.game.deals else None)
    assert practice.finished and len(deals) >= 2, "the session was played to its end, hand after hand"
    assert practice.table.ui["prompt"].endswith(presenter.PRACTICE_WORDS["match_over"])
    assert 0 in practice.game.chips and sum(practice.game.chips) + practice.game.table.dead == 30 * len(players)


def test_a_refused_amount_is_explained_and_changes_nothing():
    practice = Practice(game="bouillotte", players=("You", "Ann", "Ben"), code="BO3-std-3")
    rng = random.Random(0)
    while not any("amount" in b for b in practice.table.ui["buttons"]):
        practice.table.send_from_browser(rng.choice(moves(practice, rng)) if practice.table.ui["buttons"]
                                         else {"type": "control", "name": "continue"})
    amount = next(b for b in practice.table.ui["buttons"] if "amount" in b)
    before = (practice.game.record().to_json(), practice.table.layout)
    practice.table.send_from_browser({"type": "action", "action": f"{amount['action']} {amount['amount']['max'] + 50}"})
    notice = practice.table.ui["notice"]
    assert notice["kind"] == "refused" and "nobody bets more than lies before him" in notice["text"]
    assert (practice.game.record().to_json(), practice.table.layout) == before
    taken = len(practice.game.actions)
    practice.table.send_from_browser({"type": "action", "action": f"{amount['action']} {amount['amount']['min']}"})
    assert practice.game.actions[taken] == f"{amount['action']} {amount['amount']['min']}", "the lowest is taken"


def test_new_hand_undo_and_the_deal_code_deal_the_same_cards_again():
    first = Practice(game="bouillotte", players=("You", "Ann", "Ben", "Cleo"), code="BO4-std-8")
    again = Practice(game="bouillotte", players=("You", "Ann", "Ben", "Cleo"), code=first.deal_code)
    assert first.table.layout == again.table.layout
    rng = random.Random(2)
    while not first._decisions:
        first.table.send_from_browser(rng.choice(moves(first, rng)))
    after = first.table.layout
    first.table.send_from_browser({"type": "control", "name": "undo"})
    assert first.table.layout["seats"] == again.table.layout["seats"] and first.table.layout != after
    first.table.send_from_browser({"type": "control", "name": "new"})
    assert first.deal_code != again.deal_code


def test_house_rules_start_a_new_session_with_them():
    practice = Practice(game="bouillotte", players=("You", "Ann", "Ben"), code="BO3-std-4")
    practice.deal_with_rules({"start_chips": 12, "ante": "all"})
    assert practice.game.rules.start_chips == 12
    assert sum(practice.game.view(0)["chips"]) + sum(p["amount"] for p in practice.game.view(0)["pots"]) == 36
    assert practice.table.ui["notice"]["text"].startswith("A new deal with these house rules")


def test_hint_and_review_speak_through_the_coach_in_jetons():
    practice = Practice(game="bouillotte", players=("You", "Ann", "Ben"), code="BO3-std-6",
                        coach=Coach(level="easy", seed=3))
    rng = random.Random(6)
    while practice.game.to_move != 0:
        practice.table.send_from_browser({"type": "control", "name": "continue"})
    practice.table.send_from_browser({"type": "control", "name": "hint"})
    hint = practice.table.ui["notice"]["text"]
    assert hint.startswith("Hint: ") and "on average and took the pot" in hint and "%" not in hint
    while practice._shown is None:
        practice.table.send_from_browser(rng.choice(moves(practice, rng)))
    practice.table.send_from_browser({"type": "control", "name": "review"})
    review = practice.table.ui["review"]
    assert review["items"] and review["summary"]
    item = review["items"][0]
    assert item["where"].startswith("deal 1, ") and item["cards"] == [] and item["doing"]
    practice.table.send_from_browser({"type": "review", "item": 0})
    assert practice.table.ui["buttons"] == [] and practice.table.ui["review"]["selected"] == 0


# --- nothing hidden reaches the widget ------------------------------------------------------------

@pytest.mark.parametrize("players, seed, me", [(3, 1, 0), (3, 2, 2), (4, 3, 1), (4, 4, 3), (5, 5, 4), (5, 6, 0)])
def test_no_card_the_learner_may_not_see_reaches_the_table(players, seed, me):
    names = ("You", "Ann", "Ben", "Cleo", "Dan")[:players]
    practice = Practice(game="bouillotte", players=names, seat=me, whole="match", code=f"BO{players}-std-{seed}")

    def check(p: Practice) -> None:
        game = p.game
        known: set[str] = set()
        for event in game.events:
            known.update(CARD.findall(game.explain(event, me)))
        sent = json.dumps(p.table.view) + json.dumps(p.table.layout) + json.dumps(p.table.ui)
        assert set(CARD.findall(sent)) <= known, "the table shows a card never shown to the learner"
        deal = p.table.view["deal"]
        assert deal is None or "open_hands" not in deal
        if deal is not None:
            for pile in p.table.layout["piles"]:
                if pile["id"] == "hand" and pile["at"] != me:
                    assert pile["cards"] is None or str(pile["at"]) in deal["shown"]
        assert p.table.layout["seats"][0]["seat"] == me

    calls = [0]

    def check_and_undo(p: Practice) -> None:
        check(p)
        calls[0] += 1
        if calls[0] % 17 == 0 and p._decisions:  # now and then an undo
            p.table.send_from_browser({"type": "control", "name": "undo"})
            check(p)

    rng, hands_played = random.Random(seed), 0
    while hands_played < 30:  # whole sessions, a new one whenever a player is ruined
        play(practice, rng, 1000, check=check_and_undo)
        hands_played += len(practice.game.deals)
        practice.table.send_from_browser({"type": "control", "name": "new"})


def test_the_prompt_offers_only_the_choices_the_seat_has():
    short = {**SIDE_POT_EXAMPLE, "chips": [30, 30, 3], "actions": ["pass", "open 4"]}
    game = record(short).replay()
    view = game.view(2)  # Cleo: holding 4 would take all her 3 jetons, so it is tapis or fold
    assert sorted(view["legal"]) == ["fold", "tapis"]
    ui = table_ui(view, "play", 2)
    assert ui["prompt"] == "The highest stake is 4, yours 0; you have 3. Go all in (tapis) or fold?"
    assert [b["action"] for b in ui["buttons"]] == ["fold", "tapis"]


# --- the true reason of each brelan payment, and plates that match the log -------------------------------------

#: Ann and Ben go all in and lose everything to Cleo's brelan: nobody is left to pay it.
BROKE_EXAMPLE = {"game": "bouillotte", "players": ["Ann", "Ben", "Cleo"], "dealer": 0, "chips": [5, 5, 30],
                 "decks": [["Ks", "8c", "As", "Kd", "8d", "Ad", "Xs", "8h", "Xd", "Ah", "Kc", "Xc", "Ac", "Kh", "Xh",
                            "8s"]],
                 "actions": ["pass", "tapis", "hold", "tapis"]}


def paid_captions(example: dict[str, Any]) -> list[str]:
    stepper = Stepper(record(example))
    return [stepper.steps[stepper.step_of(i)].caption for i, e in enumerate(stepper._final.events)
            if e.kind == "brelan-paid"]


def outcome_texts(example: dict[str, Any]) -> list[str]:
    game = record(example).replay()
    layout = table_layout(game.view_at(0, game.deal_end(0)), 0)
    return ["".join(x if isinstance(x, str) else x.get("b", "") for x in p["text"])
            for p in layout["outcome"]["paragraphs"] if p["kind"] == "brelan"]


def test_a_brelan_nobody_could_pay_says_the_others_had_no_jeton_not_that_they_held_a_higher_brelan():
    caption, = paid_captions(BROKE_EXAMPLE)
    assert "Ann and Ben have no jeton left to pay" in caption and "higher" not in caption, caption
    box, = outcome_texts(BROKE_EXAMPLE)
    assert "no jeton left" in box and "higher" not in box, box


def test_a_brelan_payment_names_who_paid_and_who_held_a_higher_brelan_and_a_mistigri_is_never_paid():
    ben, cleo = paid_captions(CARRE_EXAMPLE)
    assert ben.startswith("Ben is paid for a brelan carré of kings: 3 jetons, 1 from each of Ann, Cleo and Dan")
    assert "higher" not in ben and "no jeton" not in ben, ben
    assert cleo.startswith("Cleo is paid for a brelan of eights: 2 jetons, 1 from each of Ann and Dan")
    assert "Ben holds a higher brelan and pays nothing for a lower one" in cleo, cleo
    boxes = outcome_texts(CARRE_EXAMPLE)
    assert any(t.startswith("Cleo: a brelan of eights, paid 2 jetons") and "Ben holds a higher brelan" in t
               for t in boxes), boxes
    assert any(t.startswith("Dan: a brelan mistigri") and "never paid" in t for t in boxes), boxes
    assert not any("the higher does not pay the lower" in t for t in boxes), boxes


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_after_a_deal_the_plates_show_the_jetons_the_result_box_and_the_log_tell(seed):
    """The next dealer's jeton belongs to the next deal: while the deal just over is shown, no plate counts it."""
    practice = Practice(game="bouillotte", players=("You", "Ann", "Ben"), whole="match", code=f"BO3-std-{seed}")
    rng = random.Random(seed)
    while len(practice.game.deals) < 2:
        practice.table.send_from_browser(rng.choice(moves(practice, rng)))
    layout = practice.table.layout
    told = next(p["text"][0] for p in layout["outcome"]["paragraphs"] if p["kind"] == "chips")
    assert told == "jetons now: " + ", ".join(f"{n} {c}" for n, c in zip(("You", "Ann", "Ben"), chips_shown(layout)))
    log = [e["text"] for e in practice.table.view["log"] if e["kind"] == "deal-end"]
    assert log and log[-1] == "Jetons now: " + ", ".join(f"{n} {c}" for n, c in zip(("You", "Ann", "Ben"),
                                                                                    chips_shown(layout))) + "."


#: Ben's diamonds and Cleo's clubs both count 29: the tie goes to the first from the dealer's right, Ben.
TIE_EXAMPLE = {"game": "bouillotte", "players": ["Ann", "Ben", "Cleo"], "dealer": 0,
               "decks": [["Ad", "Ac", "Kh", "Xd", "Xc", "Xh", "8d", "8c", "8s", "As", "Kc", "Kd", "Ks", "Ah", "Xs",
                          "8h"]],
               "actions": ["pass", "open 2", "hold", "hold"]}


def test_a_tie_of_suits_says_it_goes_to_the_first_from_the_dealers_right():
    stepper = Stepper(record(TIE_EXAMPLE))
    stepper.go_to_event(next(i for i, e in enumerate(stepper._final.events) if e.kind == "pot"))
    told = stepper.caption
    assert told.endswith("Ben has the largest suit, 29 in diamonds (carreau), tied with Cleo's 29: a tie goes to "
                         "the player first from the dealer's right (the privilege)."), told
    stepper.last()
    pot = next(p for p in stepper.table.layout["outcome"]["paragraphs"] if p["kind"] == "pot")
    assert "tied with Cleo's 29: Ben is first from the dealer's right" in json.dumps(pot["text"], ensure_ascii=False)


def test_amounts_are_told_in_jetons_alone_fiches_are_not_counted_on_the_table():
    captions = " ".join(step.caption for step in Stepper(record(CARRE_EXAMPLE)).steps)
    assert "The pot of 31 jetons (between Ben, Cleo and Dan)" in captions and "fiche" not in captions
