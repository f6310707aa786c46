"""Practice against the computer, driven by clicks as the browser sends them: whole deals, whole bulkas,
refusals, undo, new deals, deal codes, house rules, three players, failures — and no hidden card ever
reaching the table."""
from __future__ import annotations

import json
import random
import re
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bulka_teach import IllegalAction
from bulka_teach.bots import Choice, Hint
from bulka_teach.table import Practice

CARD = re.compile(r"\b[789XUOKA][hlab]\b")


def legal_clicks(practice: Practice) -> list[dict]:
    """The browser messages a learner could send now that the engine accepts."""
    ui = practice.table.ui
    return ([{"type": "card", "card": c} for c in ui["clickable"]]
            + [{"type": "action", "action": b["action"]} for b in ui["buttons"]])


def play(practice: Practice, rng: random.Random, until=lambda p: p.finished, limit: int = 3000,
         on_step=lambda p: None) -> list[dict]:
    """Click legal moves at random (Continue after each deal) until ``until``; returns the clicks sent."""
    sent = []
    for _ in range(limit):
        on_step(practice)
        if until(practice):
            return sent
        clicks = legal_clicks(practice)
        message = rng.choice(clicks) if clicks else {"type": "control", "name": "continue"}
        sent.append(message)
        practice.table.send_from_browser(message)
    raise AssertionError("the practice table did not reach its end")


def controls(practice: Practice) -> dict[str, bool]:
    return {c["name"]: c["enabled"] for c in practice.table.ui["controls"]}


def test_a_whole_game_played_by_clicks_reaches_the_score():
    practice = Practice(code="CB2-std-7")
    play(practice, random.Random(1))
    view, ui = practice.table.view, practice.table.ui
    assert view["deal"]["outcome"] is not None and view["to_move"] is None
    assert ui["prompt"] == "This game is over: press New deal to play another game."
    assert controls(practice) == {"new": True, "undo": True, "hint": False, "review": True, "continue": False}
    assert any(e.kind == "game-over" for e in practice.game.events)
    practice.table.send_from_browser({"type": "card", "card": "Ah"})  # after the end: told what to do
    assert practice.table.ui["notice"]["kind"] == "info"


def test_a_whole_bulka_goes_on_until_someone_takes_the_bank():
    practice = Practice(code="CB2-std-3", whole="match")
    play(practice, random.Random(2), limit=20000)
    assert any(e.kind == "bank-won" for e in practice.game.events)
    games = sum(e.kind == "game-over" for e in practice.game.events)
    assert games >= 3
    assert "takes the bank" in practice.table.ui["prompt"] and "(vybral)" in practice.table.ui["prompt"]
    assert "New deal for a new one" in practice.table.ui["prompt"]


def test_after_a_deal_the_finished_deal_stays_until_continue():
    practice = Practice(code="CB2-std-7", whole="match")
    play(practice, random.Random(1), until=lambda p: p.table.view["deal"]["outcome"] is not None)
    assert controls(practice)["continue"] and practice.table.ui["card_verb"] is None
    number = practice.table.view["deal"]["number"]
    finished_log = practice.table.view["log"]
    assert finished_log[-1]["kind"] in ("game-over", "pay", "ante", "redeal")
    practice.control("continue")
    assert practice.table.view["deal"]["outcome"] is None
    assert practice.table.view["deal"]["number"] in (1, number + 1)
    assert practice.table.view == practice.game.view(0)


def test_refused_click_shows_the_engines_explanation_and_leaves_the_record_unchanged():
    practice = Practice(code="CB2-std-7")
    found = 0
    rng = random.Random(4)
    for _ in range(400):
        if practice.finished:
            break
        hand = practice.table.view["deal"]["hand"] if practice.table.view["deal"] else []
        refused = [c for c in hand if c not in practice.table.ui["clickable"]]
        if refused and not controls(practice)["continue"]:
            card = refused[0]
            before = practice.game.record()
            verb = practice.table.ui["card_verb"] or "play"
            with pytest.raises(IllegalAction) as err:
                before.replay().apply(f"{verb} {card}", 0)
            practice.table.send_from_browser({"type": "card", "card": card})
            assert practice.table.ui["notice"]["kind"] == "refused"
            assert practice.table.ui["notice"]["text"] == err.value.message
            assert practice.game.record() == before
            found += 1
        clicks = legal_clicks(practice)
        practice.table.send_from_browser(rng.choice(clicks) if clicks else {"type": "control", "name": "continue"})
    assert found >= 3


def test_undo_goes_back_to_the_learners_previous_decision_by_replay():
    practice = Practice(code="CB2-std-7")
    assert not controls(practice)["undo"]
    practice.control("undo")
    assert practice.table.ui["notice"]["text"].startswith("Nothing to undo")
    rng = random.Random(5)
    snapshots = []
    for _ in range(12):
        snapshots.append((practice.game.record(), practice.table.view, practice.table.ui["caption"]))
        practice.table.send_from_browser(rng.choice(legal_clicks(practice)))
    for record, view, caption in reversed(snapshots):
        practice.table.send_from_browser({"type": "control", "name": "undo"})
        assert practice.game.record() == record
        assert practice.table.view == view and practice.table.ui["caption"] == caption
    assert not controls(practice)["undo"]


def test_new_deal_gives_a_fresh_code_and_forgets_the_old_decisions():
    practice = Practice(code="CB2-std-7")
    practice.table.send_from_browser(legal_clicks(practice)[0])
    practice.table.send_from_browser({"type": "control", "name": "new"})
    assert practice.deal_code != "CB2-std-7" and practice.deal_code.startswith("CB2-std-")
    assert not controls(practice)["undo"], "Undo would take back a move of the deal left behind"


def test_a_deal_code_reproduces_the_deal_and_with_the_same_clicks_the_same_game():
    first = Practice()
    code = first.deal_code
    clicks = play(first, random.Random(6))
    second = Practice(code=code)
    assert second.deal_code == code
    for message in clicks:
        second.table.send_from_browser(message)
    assert second.game.record() == first.game.record()
    assert second.table.view == first.table.view


def test_a_malformed_code_gives_a_clear_notice_and_a_fresh_deal():
    practice = Practice(code="CB2-std")
    notice = practice.table.ui["notice"]
    assert notice["kind"] == "refused"
    assert notice["text"] == ("That deal code cannot be used: CB2-std is not a deal code: a deal code is four parts "
                              "joined by '-', like CB2-std-4KQ7M2XA-N. Copy it again exactly as it was given to you. "
                              "Here is a fresh deal instead.")
    assert practice.deal_code.startswith("CB2-std-") and practice.game.to_move is not None
    assert "is for 3 players" in Practice(code="CB3-std-7").table.ui["notice"]["text"]
    assert "Czech Bulka" in Practice(code="TR2-std-7").table.ui["notice"]["text"]


def test_house_rules_from_the_panel_take_effect_in_the_next_deal():
    practice = Practice(code="CB2-std-7")
    practice.panel.controls["must_beat"].value = True
    practice.panel.controls["stake"].value = 20
    practice.panel.button.click()
    assert re.fullmatch(r"CB2-s20\.b1-[0-9A-Z]{8}-[0-9A-Z]", practice.deal_code)
    assert practice.game.rules.must_beat and practice.table.view["bank"] == 40
    assert practice.table.ui["notice"]["text"] == "A new deal with these house rules (rules id s20.b1)."
    # a code brings its own rules, and the panel shows them
    coded = Practice(code="CB2-c1-7")
    assert coded.panel.values()["bela_mode"] == "capture"


def first_practice_where(rules_id: str, wanted: Callable[[Practice], object], seed: int) -> Practice:
    """The first of deals ``CB2-<rules_id>-0…39``, clicked at random, to reach a position where ``wanted``."""
    rng = random.Random(seed)
    for deal_seed in range(40):
        practice = Practice(code=f"CB2-{rules_id}-{deal_seed}")
        play(practice, rng, until=lambda p: p.finished or wanted(p))
        if wanted(practice):
            return practice
    pytest.fail(f"no deal CB2-{rules_id}-0…39 reached the position wanted")


def a_card_played_against_the_rules(practice: Practice) -> str | None:
    """A card of the learner's hand the rules forbid as the answer to the card led, if there is one."""
    deal, ui = practice.table.view["deal"], practice.table.ui
    if not (deal and deal["trick"] and ui["card_verb"] == "play"):
        return None
    return next((c for c in deal["hand"] if c not in ui["clickable"]), None)


def a_follower_that_does_not_beat(practice: Practice) -> str | None:
    """A card of the suit led that must_beat forbids because another card of that suit beats it."""
    deal, ui = practice.table.view["deal"], practice.table.ui
    if not (deal and deal["trick"] and ui["card_verb"] == "play"):
        return None
    led = deal["trick"][0]["card"]
    same = [c for c in deal["hand"] if c[1] == led[1]]
    losing = [c for c in same if c not in ui["clickable"]]
    return losing[0] if losing and len(losing) < len(same) else None


def test_must_beat_refuses_a_card_that_does_not_beat_when_one_could():
    practice = first_practice_where("b1", a_follower_that_does_not_beat, seed=8)
    before = practice.game.record()
    practice.click(a_follower_that_does_not_beat(practice))
    assert practice.table.ui["notice"]["kind"] == "refused"
    assert "a house rule of this table" in practice.table.ui["notice"]["text"]
    assert practice.game.record() == before


def test_three_players_the_learner_sitting_out_watches_the_others_play_their_game():
    practice = Practice(players=("You", "Ann", "Ben"), code="CB3-std-2")  # the cut seats You out
    assert practice.table.view["sitting_out"] == 0
    assert practice.table.ui["prompt"].startswith("You sit out this game (pauzíruješ): ")
    assert controls(practice)["continue"] and practice.game.actions == []
    practice.click("Ah")
    assert practice.table.ui["notice"]["text"].startswith("You sit out this game")
    practice.control("continue")
    view = practice.table.view
    assert view["deal"]["outcome"] is not None and view["deal"]["outcome"]["kind"] != "redeal"
    assert view["deal"]["hand"] == [] and view["sitting_out"] == 0
    assert view["log"] and practice.table.ui["caption"]
    assert practice.table.ui["prompt"] == "This game is over: press Continue for the next game."
    practice.control("continue")  # the one who sat out plays the next game
    assert practice.table.view["sitting_out"] != 0 and practice.table.view["deal"]["hand"]
    play(practice, random.Random(9))
    assert practice.finished


def test_a_failing_computer_player_shows_an_error_notice_and_leaves_the_game_as_it_was(caplog):
    practice = Practice(code="CB2-std-7")

    class Broken:
        name = "broken"

        def choose(self, view):
            raise RuntimeError("bot crashed")

    while practice.game.to_move != 0 or not legal_clicks(practice):
        practice.control("continue")
    practice.bot = Broken()
    for _ in range(50):  # until a move of ours makes the computer move
        before, view = practice.game.record(), practice.table.view
        practice.table.send_from_browser(legal_clicks(practice)[0])
        if practice.table.ui["notice"] and practice.table.ui["notice"]["kind"] == "error":
            break
    assert practice.table.ui["notice"]["kind"] == "error"
    assert "the table is as it was" in practice.table.ui["notice"]["text"]
    assert practice.game.record() == before and practice.table.view == view
    assert "bot crashed" in caplog.text


def test_a_computer_player_choosing_an_illegal_action_is_caught_too():
    practice = Practice(code="CB2-std-7", bot=type("Bad", (), {"choose": lambda self, v: Choice("play 7z")})())
    assert practice.game.to_move == 0  # the learner (forehand) acts first in this deal
    before = practice.game.record()
    practice.table.send_from_browser({"type": "action", "action": "pass"})  # now the computer must answer
    assert practice.table.ui["notice"]["kind"] == "error" and practice.game.record() == before


def test_renonc_mode_accepts_a_rule_error_and_punishes_it():
    practice = first_practice_where("r1", a_card_played_against_the_rules, seed=3)
    practice.click(a_card_played_against_the_rules(practice))
    assert practice.table.ui["notice"] is None, practice.table.ui["notice"]
    assert practice.table.view["deal"]["outcome"]["kind"] == "renonc"
    assert "Renonc!" in practice.table.ui["caption"]


# --- hidden cards ------------------------------------------------------------------------------
def check_nothing_hidden_shown(players: tuple[str, ...], seed: int, clicks: int, me: int = 0) -> None:
    """Across a whole practice session, the table never holds a card the engine had not shown the learner."""
    practice = Practice(players=players, seat=me, code=f"CB{len(players)}-std-{seed}", whole="match")
    game_known: set[str] = set()
    told_upto = 0

    def check(p: Practice) -> None:
        nonlocal told_upto
        game = p.game
        if told_upto > len(game.events):  # an undo: the log was replayed shorter
            told_upto = 0
        game_known.update(CARD.findall(json.dumps(game.view(me))))
        for event in game.events[told_upto:]:
            game_known.update(CARD.findall(game.explain(event, me)))
        told_upto = len(game.events)
        shown = set(CARD.findall(json.dumps(p.table.view) + json.dumps(p.table.layout) + json.dumps(p.table.ui)))
        assert shown <= game_known, f"the table shows {shown - game_known}, never shown to the learner"
        deal = p.table.view["deal"]
        assert deal is None or "open_hands" not in deal

    rng = random.Random(seed)
    count = [0]

    def enough(p: Practice) -> bool:
        count[0] += 1
        if count[0] % 17 == 0 and p._decisions:  # now and then an undo
            p.table.send_from_browser({"type": "control", "name": "undo"})
            check(p)
        return p.finished or count[0] > clicks

    play(practice, rng, until=enough, on_step=check)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**40 - 1), three=st.booleans(), me=st.integers(0, 2))
def test_no_hidden_card_ever_reaches_the_table(seed, three, me):
    players = ("You", "Ann", "Ben") if three else ("You", "Computer")
    check_nothing_hidden_shown(players, seed, clicks=150, me=me % len(players))


class FakeCoach:
    """Advises the first legal action and remembers the views it was given."""

    def __init__(self):
        self.views = []

    def hint(self, view):
        self.views.append(view)
        return Hint(view["legal"][-1], "Because a test says so.", None, {})


def test_hint_asks_the_coach_with_the_learners_view_and_rings_the_card():
    coach = FakeCoach()
    practice = Practice(code="CB2-std-7", coach=coach)
    assert controls(practice)["hint"]
    practice.table.send_from_browser({"type": "control", "name": "hint"})
    assert coach.views == [practice.game.view(0)]
    assert practice.table.ui["notice"] == {"kind": "info", "id": practice.table.ui["notice"]["id"],
                                           "text": "Hint: Pass. Because a test says so."}
    assert practice.table.ui["busy"] is False and practice.game.actions == []
    while practice.table.ui["card_verb"] != "play":
        practice.table.send_from_browser(legal_clicks(practice)[-1])
    practice.control("hint")
    card = coach.views[-1]["legal"][-1].split()[1]
    assert practice.table.ui["notice"]["text"] == f"Hint: play the {card}. Because a test says so."
    assert practice.table.ui["highlight"] == [card]
    practice.click(card)
    assert practice.table.ui["highlight"] == []


def test_no_hint_when_nothing_is_asked_of_the_learner():
    practice = Practice(players=("You", "Ann", "Ben"), code="CB3-std-2", coach=FakeCoach())  # You sit out
    assert not controls(practice)["hint"]
    practice.control("hint")
    assert practice.table.ui["notice"]["text"].startswith("You sit out this game")


def _at_first_card_with_a_meld(**kwargs) -> Practice:
    """CB2-std-2: the learner takes leaves, the computer leads Ab; about to play 8b, the learner holds a fifty."""
    practice = Practice(code="CB2-std-2", **kwargs)
    practice.act("take")
    assert practice.game.legal_actions() == ["declare 9l-Xl-Ul-Ol", "play 8b"]
    return practice


def test_playing_the_first_card_with_an_undeclared_meld_asks_once_whether_to_declare_it():
    practice = _at_first_card_with_a_meld()
    actions = list(practice.game.actions)
    practice.table.send_from_browser({"type": "card", "card": "8b"})
    ui = practice.table.ui
    assert practice.game.actions == actions, "asking plays nothing"
    assert "fifty (padesát)" in ui["prompt"] and "first card" in ui["prompt"]
    assert [b["action"] for b in ui["buttons"]] == ["declare 9l-Xl-Ul-Ol", "play 8b"]
    assert ui["buttons"][1]["label"] == "Play 8b without declaring"
    practice.table.send_from_browser({"type": "card", "card": "8b"})  # asked once: the card is played
    assert practice.game.actions[len(actions)] == "play 8b"
    assert not any(a.startswith("declare") for a in practice.game.actions)


def test_declaring_from_the_question_then_playing_scores_the_meld():
    practice = _at_first_card_with_a_meld()
    practice.table.send_from_browser({"type": "card", "card": "8b"})
    before = len(practice.game.actions)
    practice.table.send_from_browser({"type": "action", "action": "declare 9l-Xl-Ul-Ol"})
    practice.table.send_from_browser({"type": "card", "card": "8b"})
    assert list(practice.game.actions[before:before + 2]) == ["declare 9l-Xl-Ul-Ol", "play 8b"]
    assert practice.game.view(0)["deal"]["melds"]["0"], "the fifty is declared"


def test_the_declare_question_can_be_turned_off():
    practice = _at_first_card_with_a_meld(ask_to_declare=False)
    practice.table.send_from_browser({"type": "card", "card": "8b"})
    assert "play 8b" in practice.game.actions


def test_the_table_opens_at_the_learners_first_decision_with_what_happened_as_steps():
    practice = Practice(code="CB2-std-2")
    ui = practice.table.ui
    assert practice.game.to_move == 0 and ui["clickable"] == {} and ui["buttons"], "the learner is asked"
    steps = ui["steps"]
    assert len(steps) >= 5 and all(isinstance(s, str) and s for s in steps)
    assert steps[-1] == "Computer passes on leaves (zelené)." and " ".join(steps) == ui["caption"]


def test_the_seat_says_its_figure_counts_the_cards_won():
    practice = Practice(code="CB2-std-7")
    play(practice, random.Random(1), until=lambda p: bool(p.game.deal and p.game.deal.tricks))
    facts = [f for seat in practice.table.layout["seats"] for f in seat["facts"] if f["kind"] == "points"]
    assert facts and all("in cards won" in "".join(p if isinstance(p, str) else "" for p in f["text"])
                         for f in facts)
