"""The stepper: one step per event, each with the engine's explanation, the table as it was."""
from __future__ import annotations

import json
import random
import re

import pytest
from step_checks import check_steps

from bulka_teach import Record
from bulka_teach.table import Stepper

CARD = re.compile(r"\b[789XUOKA][hlab]\b")


def random_record(seed: int, players=("Ann", "Ben"), deals: int = 2) -> Record:
    """A record of ``deals`` deals played by random legal choices (dealt from ``seed``)."""
    game = Record(game="czech-bulka", players=players, seed=seed).start()
    rng = random.Random(seed)
    while len(game.deals) <= deals:
        game.apply(rng.choice(game.legal_actions()))
    return game.record()


@pytest.fixture(scope="module")
def record() -> Record:
    return random_record(7)


def test_every_event_is_told_once_in_order_and_no_two_steps_draw_the_same_table(record):
    game = record.replay()
    for seat in (None, 0, 1):
        stepper = Stepper(record, open_hands=seat is None, seat=seat)
        told = [i for step in stepper.steps for i in step.events]
        assert list(dict.fromkeys(told)) == list(range(len(game.events)))  # a deal's packets share its event
        for k, step in enumerate(stepper.steps):
            stepper.go(k)
            assert stepper.table.ui["caption"] == step.caption and stepper.table.ui["step"] == {
                "index": k, "count": stepper.count}
            said = [game.explain(game.events[i], seat) for i in step.events if game.events[i].kind != "deal"]
            assert step.caption.endswith(" ".join(said)), step.caption  # a deal's packets have sentences of their own
            if not any(game.events[i].kind in ("deal", "cut") for i in step.events):
                assert step.caption == " ".join(said)
            if k:
                before = stepper.steps[k - 1]
                assert [before.layout, before.highlight] != [step.layout, step.highlight], step.caption
        check_steps(stepper)


def test_stepping_there_and_back_gives_the_same_table(record):
    stepper = Stepper(record)
    seen = {}
    for i in range(stepper.count):
        stepper.go(i)
        seen[i] = json.dumps(stepper.table.view, sort_keys=True)
    for i in reversed(range(stepper.count)):
        stepper.go(i)
        assert json.dumps(stepper.table.view, sort_keys=True) == seen[i]
    stepper.go(10)
    stepper.next()
    stepper.prev()
    assert json.dumps(stepper.table.view, sort_keys=True) == seen[10]


def test_closed_stepper_shows_what_the_seat_saw_after_each_action(record):
    stepper = Stepper(record, open_hands=False, seat=1)
    game = record.start()
    ends = [len(game.events) - 1]  # the last event each action (or the deal) produced
    for action in record.actions:
        game.apply(action)
        ends.append(len(game.events) - 1)
    checked = 0
    for k, end in enumerate(ends):
        state = record.with_actions(record.actions[:k]).replay()
        step = stepper.step_of(end)
        if state.deals[-1].first_event <= end and stepper.steps[step].events[-1] == end:
            stepper.go(step)  # the step shows the deal being played after a whole action: the engine's own view
            assert stepper.table.view == state.view(1)
            checked += 1
    assert checked > len(ends) // 2


def test_open_hands_shows_every_playing_hand_from_its_own_view(record):
    stepper = Stepper(record, open_hands=True)
    game = record.start()
    checked = 0
    for action in record.actions:
        game.apply(action)
        if game.deal.phase == "play" and game.deal.number == 1 and stepper.steps[
                stepper.step_of(len(game.events) - 1)].events[-1] == len(game.events) - 1:
            stepper.go_to_event(len(game.events) - 1)  # a step that shows this action's end
            hands = stepper.table.view["deal"]["open_hands"]
            assert hands == {"0": game.view(0)["deal"]["hand"], "1": game.view(1)["deal"]["hand"]}
            assert stepper.table.view["seat"] is None and stepper.table.view["deal"]["hand"] == []
            checked += 1
    assert checked > 5


def test_a_finished_deal_stays_on_the_table_until_the_next_deal_is_dealt(record):
    game = record.replay()
    stepper = Stepper(record)
    score = next(i for i, e in enumerate(game.events) if e.kind in ("score", "fold", "redeal"))
    stepper.go_to_event(score)
    assert stepper.table.view["deal"]["outcome"] is not None
    assert stepper.table.view["deal"]["number"] == 1
    assert stepper.table.view["log"][-1]["text"] == game.explain(game.events[stepper.step.events[-1]], None)
    second = game.deals[1].first_event
    stepper.go_to_event(second)
    assert stepper.table.view["deal"]["outcome"] is None and stepper.table.view["log"][0]["kind"] == "deal"


def test_controls_step_through_the_browser_messages(record):
    stepper = Stepper(record, start=3)
    assert stepper.index == stepper.step_of(3) and 3 in stepper.step.events
    controls = {c["name"]: c["enabled"] for c in stepper.table.ui["controls"]}
    assert controls == {"first": True, "prev": True, "next": True, "last": True}
    at = stepper.index
    stepper.table.send_from_browser({"type": "control", "name": "next"})
    assert stepper.index == at + 1
    stepper.table.send_from_browser({"type": "control", "name": "last"})
    assert stepper.index == stepper.count - 1
    assert {c["name"]: c["enabled"] for c in stepper.table.ui["controls"]}["next"] is False
    stepper.table.send_from_browser({"type": "control", "name": "first"})
    assert stepper.index == 0 and stepper.table.view["deal"] is None  # the cut, before any card is dealt
    assert stepper.table.layout["trick"]["cards"] and stepper.table.view["cut"]  # its cards on the table
    stepper.table.send_from_browser({"type": "card", "card": "Ah"})
    assert stepper.table.ui["notice"]["kind"] == "info" and stepper.index == 0
    with pytest.raises(ValueError, match="steps 0 to"):
        stepper.go(stepper.count)


def test_a_seats_stepper_shows_no_card_before_the_engine_told_that_seat():
    record = random_record(11, deals=1)
    stepper = Stepper(record, open_hands=False, seat=0)
    game = record.start()
    known = set(CARD.findall(json.dumps(game.view(0))))  # every card the engine has shown seat 0 so far
    known_at: list[set[str]] = []  # by event: what seat 0 had been shown once it happened
    steps = range(0, len(game.events))
    for action in (None, *record.actions):
        if action is not None:
            start = len(game.events)
            game.apply(action)
            known |= set(CARD.findall(json.dumps(game.view(0))))
            steps = range(start, len(game.events))
        for i in steps:
            known |= set(CARD.findall(game.explain(game.events[i], 0)))
            known_at.append(set(known))
    for k, step in enumerate(stepper.steps):
        stepper.go(k)
        shown = set(CARD.findall(json.dumps(stepper.table.view) + json.dumps(stepper.table.layout)
                                 + json.dumps(stepper.table.ui)))
        seen = known_at[step.events[-1]]
        assert shown <= seen, f"step {k} shows {shown - seen}, which seat 0 was never shown"
        assert "open_hands" not in (stepper.table.view["deal"] or {})


def test_three_players_open_hands_show_only_the_two_playing():
    record = random_record(5, players=("Ann", "Ben", "Cyril"), deals=1)
    stepper = Stepper(record, open_hands=True)
    stepper.go(stepper.count - 1)
    view = stepper.table.view
    assert set(view["deal"]["open_hands"]) == set(view["deal"]["hand_counts"])
    assert len(view["deal"]["open_hands"]) == 2


def test_the_last_deal_of_a_stacked_record_stays_on_the_table_to_its_last_step():
    from bulka_teach.czech.stacking import stack_deck

    game = Record(game="czech-bulka", players=("Ann", "Ben"), dealer=0, decks=(tuple(stack_deck()),)).start()
    rng = random.Random(2)
    while game.to_move is not None:  # no seed: when the deal ends there is no next deck
        legal = game.legal_actions()
        game.apply("take" if "take" in legal else rng.choice(legal))
    assert game.view(None)["deal"] is None  # the engine has nothing to show once the decks ran out
    stepper = Stepper(game.record(), open_hands=False, seat=0)
    stepper.last()
    view = stepper.table.view
    assert view["deal"]["outcome"] is not None and view["deal"]["number"] == 1
    assert view["log"][-1]["text"] == stepper.caption
