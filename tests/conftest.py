"""Shared helpers for the tests: start Czech Bulka games from stacked decks and run actions."""
from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from typing import Any

import pytest
from hypothesis import settings
from playwright.sync_api import Playwright, sync_playwright

from bulka_teach import Record
from bulka_teach.czech.match import CzechBulka
from bulka_teach.czech.stacking import stack_deck

# CI replays the same examples every run (a red CI lands nothing); developers' runs keep exploring.
settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


def czech(deck: Sequence[str] | None = None, actions: Sequence[str] = (), rules: dict[str, Any] | None = None,
          players: Sequence[str] = ("Ann", "Ben"), dealer: int | None = 0, queue: Sequence[int] | None = None,
          decks: Sequence[Sequence[str]] | None = None, seed: int | None = None) -> CzechBulka:
    """A Czech Bulka game from stacked deck(s), with ``actions`` applied (each must be accepted)."""
    if decks is None:
        decks = [deck] if deck is not None else []
    record = Record(game="czech-bulka", players=tuple(players), rules=dict(rules or {}), dealer=dealer,
                    queue=tuple(queue) if queue is not None else None, seed=seed,
                    decks=tuple(tuple(d) for d in decks), actions=tuple(actions))
    return record.replay()


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    """One Playwright for the whole run: its sync API refuses a second instance while one runs in this thread, and
    both the Voilà tests' browser and the static site's offline browser live for the whole session."""
    with sync_playwright() as instance:
        yield instance


@pytest.fixture
def deck():
    """``deck(forehand=[...], dealer=[...], first=..., forehand_dokup=..., dealer_dokup=..., stock_top=[...])``."""
    return stack_deck


@pytest.fixture(scope="module")
def chromium():
    """Chromium in a thread of its own, for the table's front-end tests (``tests/table_harness.py``)."""
    from table_harness import chromium_worker  # imported here: only the browser tests need Playwright

    yield from chromium_worker()
