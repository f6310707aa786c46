"""Bouillotte's presenter drawn by the shipped table module in Chromium: the betting of the seeds' three-player
example with its two pots and the raise stepper, and its showdown with each suit's highest card ringed and the
cards it collects laid beside the hand. ``BULKA_SCREENSHOTS=docs/screenshots`` also saves the pictures."""
from __future__ import annotations

import os
from pathlib import Path

from playwright.sync_api import Page, expect
from table_harness import cards, in_chromium, show_layout
from test_bouillotte_table import SIDE_POT_EXAMPLE, record

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
    expect(page.locator(".bt-pot").nth(1)).to_contain_text("between Ann")
    assert cards(page, ".bt-hand[data-seat='1'] .bt-card") == ["8d", "8h", "Xs"]
    expect(page.locator(".bt-hand[data-seat='0'] .bt-back")).to_have_count(3)
    expect(page.locator(".bt-retourne .bt-card[data-card='Ah']")).to_have_count(1)
    box = page.locator(".bt-amount[data-action='raise']")
    expect(box.locator(".bt-amount-input")).to_have_value("13")
    box.locator(".bt-amount-input").fill("40")
    expect(box.locator(".bt-amount-outside")).to_contain_text("between 13 and 29")
    screenshot(page, "bouillotte-raise.png")


@in_chromium
def test_the_showdown_rings_each_suits_highest_card_and_lays_out_what_it_collects(page: Page) -> None:
    game = record(SIDE_POT_EXAMPLE).replay()
    view = game.view_at(0, game.deal_end(0))
    show_layout(page, table_layout(view, 0), table_ui(view, "play", 0))
    expect(page.locator(".bt-hand[data-seat='2'] .bt-card.bt-highlight")).to_have_count(1)
    expect(page.locator(".bt-hand[data-seat='2'] .bt-card.bt-highlight[data-card='Kh']")).to_have_count(1)
    assert cards(page, ".bt-collected[data-seat='2'] .bt-card") == ["Kh", "Xh", "8h", "Ah"]
    expect(page.locator(".bt-collected[data-seat='2']")).to_contain_text("39")
    expect(page.locator(".bt-outcome")).to_contain_text("jetons now: Ann 18, Ben 30, Cleo 18")
    screenshot(page, "bouillotte-showdown.png")
