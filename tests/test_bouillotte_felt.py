"""Bouillotte's presenter drawn by the shipped table module in Chromium: the betting of the seeds' three-player
example with its two pots and the raise stepper, and its showdown with each suit's highest card ringed and the
cards it collects drawn in the seat's facts. ``BULKA_SCREENSHOTS=docs/screenshots`` also saves the pictures."""
from __future__ import annotations

import os
from pathlib import Path

from playwright.sync_api import Page, expect
from table_harness import cards, in_chromium, show_layout
from test_bouillotte_table import SIDE_POT_EXAMPLE, record

from bulka_teach import Record
from bulka_teach.table.present import table_layout, table_ui


def screenshot(page: Page, name: str) -> None:
    folder = os.environ.get("BULKA_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / name), full_page=True)


@in_chromium
def test_the_raise_is_drawn_with_its_range_and_both_pots(page: Page) -> None:
    game = record(SIDE_POT_EXAMPLE, 4).replay()
    view = game.view(1)
    show_layout(page, table_layout(view, 1), table_ui(view, "play", 1))
    expect(page.locator(".bt-pot")).to_have_count(2)
    expect(page.locator(".bt-pot").nth(1)).to_contain_text("only Ann so far")
    assert cards(page, ".bt-hand[data-seat='1'] .bt-card") == ["8d", "8h", "Xs"]
    expect(page.locator(".bt-hand[data-seat='0'] .bt-back")).to_have_count(3)
    expect(page.locator(".bt-retourne .bt-card[data-card='Ah']")).to_have_count(1)
    box = page.locator(".bt-amount[data-action='raise']")
    expect(box.locator(".bt-amount-input")).to_have_value("13")
    box.locator(".bt-amount-input").fill("40")
    expect(box.locator(".bt-amount-outside")).to_contain_text("between 13 and 29")
    screenshot(page, "bouillotte-raise.png")


@in_chromium
def test_the_showdown_rings_each_suits_highest_card_and_draws_what_it_collects(page: Page) -> None:
    game = record(SIDE_POT_EXAMPLE).replay()
    view = game.view_at(0, game.deal_end(0))
    show_layout(page, table_layout(view, 0), table_ui(view, "play", 0))
    expect(page.locator(".bt-hand[data-seat='2'] .bt-card.bt-highlight")).to_have_count(1)
    expect(page.locator(".bt-hand[data-seat='2'] .bt-card.bt-highlight[data-card='Kh']")).to_have_count(1)
    collects = page.locator(".bt-fact.bt-points[data-seat='2']")  # the main pot: 39 in hearts with the retourne
    expect(collects.locator(".bt-tag")).to_have_count(5)  # the ringed Kh, then Kh Xh 8h Ah
    expect(collects).to_contain_text("39")
    expect(page.locator(".bt-outcome")).to_contain_text("jetons now: Ann 18, Ben 30, Cleo 18")
    screenshot(page, "bouillotte-showdown.png")


@in_chromium
def test_five_seats_before_and_at_a_showdown(page: Page) -> None:
    game = Record(game="bouillotte", players=["You", "Ann", "Ben", "Cleo", "Dan"], seed=21).start()
    while game.deal.phase != "betting":
        game.apply("pass")
    opened = False
    while game.to_move is not None and game.deal.number == 1:  # everyone stays in: open, then hold to the end
        legal = game.legal_actions()
        action = "hold" if "hold" in legal else next(a for a in legal if a.startswith("open ")) if not opened \
            else "pass"
        opened = opened or action.startswith("open")
        if game.to_move == 0 and action == "hold":
            view = game.view(0)
            show_layout(page, table_layout(view, 0), table_ui(view, "play", 0))
            expect(page.locator(".bt-seat")).to_have_count(5)
            expect(page.locator(".bt-hand .bt-back")).to_have_count(12)  # four hands of three backs
            screenshot(page, "bouillotte-five-betting.png")
        game.apply(action)
    view = game.view_at(0, game.deal_end(0))
    show_layout(page, table_layout(view, 0), table_ui(view, "play", 0))
    showdown = page.locator(".bt-table").last  # the second table drawn on the page
    expect(showdown.locator(".bt-hand .bt-back")).to_have_count(0)
    expect(showdown.locator(".bt-hand .bt-card[data-card]")).to_have_count(15)
    expect(showdown.locator(".bt-outcome")).to_be_visible()
    screenshot(page, "bouillotte-five-showdown.png")
