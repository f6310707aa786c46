"""Trappola's felt in Chromium: the shipped front end (``widgets/table.js``) fed the presenter's own layout of a real
game draws the waiting seats dimmed and without cards, a three-card set as "?" cards of its rank, the Bulka pot,
the learner's hand and a declare button per set (the harness of ``tests/table_harness.py``)."""
from __future__ import annotations

from table_harness import cards, in_chromium, show_layout
from trappola_helpers import EX2, EX2_ACTIONS, trappola

from bulka_teach.table.present import table_layout, table_ui


def _draws_the_trappola_felt(page) -> None:
    game = trappola(EX2, EX2_ACTIONS[:2], players=("Ann", "Ben", "Cleo", "Dan"), queue=[2, 3])
    view = game.view(0)
    show_layout(page, table_layout(view, 0), table_ui(view, "play", 0))
    waiting = page.locator(".bt-seat.bt-waiting")
    assert waiting.count() == 2 and sorted(waiting.evaluate_all("s => s.map(x => x.dataset.seat)")) == ["2", "3"]
    assert page.locator(".bt-seat[data-seat='2'] .bt-card").count() == 0  # a waiting seat shows no cards
    assert page.locator(".bt-meld .bt-unknown").count() == 3  # Ben's kings: three "?" of rank R
    assert page.locator(".bt-meld .bt-unknown").first.inner_text().startswith("R")
    assert page.locator(".bt-pot").inner_text().startswith("the Bulka pot (no. 1)")
    assert cards(page, ".bt-hand.bt-mine .bt-card") == view["deal"]["hand"]
    assert page.locator(".bt-action").count() == 2  # a declare button per set: the knights and the twos


test_the_front_end_draws_the_trappola_felt = in_chromium(_draws_the_trappola_felt)
