"""What a stepped table's caption tells, checked against the table it draws (tests of the stepper and the lessons).

For every step, the last event the caption tells is the moment shown: a card played lies in the trick (and
in no hand), a trick won is the last trick with the current one empty, the melds are scored from the step
that says so and not before, no outcome before the points are counted, the chips and the bank are what the
payments so far make, the cut's cards lie on the table, and the deal's packets hold 3, 3, 6, 6 cards.
"""
from __future__ import annotations

import re
from typing import Any

from bulka_teach.table import Stepper


def money(events: list[Any], n: int) -> tuple[list[int], int]:
    """The chips and the bank after ``events``, from the payments alone."""
    chips, bank = [0] * n, 0
    for e in events:
        if e.kind == "ante":
            chips, bank = [c - e.data["stake"] for c in chips], e.data["bank"]
        elif e.kind == "pay":
            chips[e.seat] -= e.data["amount"]
            bank = e.data["bank"]
        elif e.kind == "bank-won":
            chips[e.seat] += e.data["bank"]
            bank = 0
    return chips, bank


def hands(view: dict[str, Any]) -> dict[str, list[str]]:
    deal = view["deal"]
    shown = dict(deal.get("open_hands") or {})
    if view["seat"] is not None and deal["hand"]:
        shown[str(view["seat"])] = deal["hand"]
    return shown


def check_steps(stepper: Stepper) -> int:
    """Assert that each step's table shows the moment its caption tells; returns how many steps were checked."""
    events = stepper._final.events
    n = len(stepper.record.players)
    previous_deal_step: dict[int, int] = {}
    for k, step in enumerate(stepper.steps):
        last = step.events[-1]
        event = events[last]
        view, layout = step.view, step.layout
        where = f"step {k} ({step.caption[:80]!r})"
        assert (view["chips"], view["bank"]) == money(events[:last + 1], n), where
        deal = view["deal"]
        if k:
            before = stepper.steps[k - 1]
            assert [before.layout, before.highlight] != [layout, step.highlight], f"{where} draws nothing new"
        if event.kind == "cut":
            assert [c["card"] for c in layout["trick"]["cards"]] == event.data["cards"], where
        if deal is None:
            assert event.kind in ("cut", "cut-tie", "ante"), where
            continue
        trick = [p["card"] for p in deal["trick"]]
        if event.kind == "play":
            assert event.data["card"] in trick, where
            assert all(event.data["card"] not in cards for cards in hands(view).values()), where
        if event.kind == "trick":
            assert deal["tricks"][-1]["cards"] == event.data["cards"] and not trick, where
            assert len(deal["tricks"]) == event.data["number"], where
        if event.kind == "play" and len(trick) == 2:
            assert deal["outcome"] is None, f"{where}: the trick is not won yet, the deal not counted"
        scored = any(m["scored"] for melds in deal["melds"].values() for m in melds)
        told = {e.kind for e in events[deal_first(stepper, last):last + 1]}
        assert scored == ("melds-scored" in told), f"{where}: melds scored {scored}"
        assert (deal["outcome"] is not None) == bool(told & {"score", "fold", "renonc", "redeal"}), where
        if event.kind == "deal":
            counts = sorted(deal["hand_counts"].values())
            dealt = previous_deal_step.setdefault(last, k)
            packet = k - dealt
            assert counts == [[0, 3], [3, 3], [3, 6], [6, 6]][packet] if packet < 4 else counts == [6, 6], where
            if packet < 4:
                assert deal["first_candidate"] is None and not deal["stock_count"], where
        if event.kind == "dokup":
            assert deal["hand_counts"][str(event.seat)] == 9, where
        if event.kind == "take":
            assert set(deal["hand_counts"].values()) == {6}, where
    return len(stepper.steps)


def deal_first(stepper: Stepper, event: int) -> int:
    game = stepper._final
    k = game.deal_index_of(event)
    return game.deals[k].first_event if k is not None else 0


TRICK_NAMED = re.compile(r"\btrick (\d+)(?: of (\d+))?", re.IGNORECASE)


def strings(tree: Any) -> list[str]:
    """Every string a layout holds (labels, captions, aria names)."""
    if isinstance(tree, str):
        return [tree]
    if isinstance(tree, dict):
        return [s for v in tree.values() for s in strings(v)]
    if isinstance(tree, (list, tuple)):
        return [s for v in tree for s in strings(v)]
    return []


def check_tricks(stepper: Stepper, per_deal: int) -> int:
    """Assert that every trick is led by the winner of the one before, in the log and on the table, and that no
    caption nor label of any step names a trick past the last (``per_deal`` tricks); returns the tricks checked.

    A game without tricks (Bouillotte) has none to check: only that no step names one."""
    game = stepper._final
    events = game.events
    due: tuple[int | None, int] | None = None  # (the deal, the seat) that must lead the next trick
    checked = 0
    for i, event in enumerate(events):
        deal = game.deal_index_of(i)
        if event.kind == "trick":
            due = (deal, event.seat) if event.data["number"] < per_deal else None
        elif event.kind == "play" and due is not None and due[0] == deal:
            assert event.seat == due[1], f"event {i}: {event.seat} leads; the last trick's winner is {due[1]}"
            due, checked = None, checked + 1
    for k, step in enumerate(stepper.steps):
        where = f"step {k} ({step.caption[:80]!r})"
        for text in [step.caption, *strings(step.layout)]:
            for number, of in TRICK_NAMED.findall(text):
                assert int(number) <= int(of or per_deal) == per_deal, f"{where}: {text!r} names a trick past the last"
        deal = step.view.get("deal") or {}
        trick, tricks = deal.get("trick") or [], deal.get("tricks") or []
        if trick and tricks:
            assert trick[0]["seat"] == tricks[-1]["winner"], f"{where}: the trick is led by the last one's winner"
            assert step.layout["trick"]["cards"][0]["seat"] == tricks[-1]["winner"], where
    return checked
