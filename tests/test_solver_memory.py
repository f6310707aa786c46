"""The solvers' memory: a practice kernel solves deal after deal for a whole lesson, so what a search keeps must be
bounded (the Czech solver's suit caches) and what it uses must go when it ends (its tables), not at the garbage
collector's next full pass. Figures over whole practice sessions: ``scripts/bench_kernel_memory.py``."""
from __future__ import annotations

import gc
import tracemalloc
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial

import pytest

from bulka_teach.bots.compiled import source_of
from bulka_teach.cards import ITALIAN
from bulka_teach.czech.ai import solver as czech
from bulka_teach.czech.ai.solver_bench import first_lead as czech_first_lead
from bulka_teach.trappola.ai.solver import solve as trappola_solve
from bulka_teach.trappola.ai.solver_bench import first_lead as trappola_first_lead
from bulka_teach.trappola.rules import TrappolaRules, _card_points


def test_czech_suit_caches_stay_within_their_bound_and_the_values_do_not_change(monkeypatch):
    positions = [czech_first_lead(seed) for seed in range(1, 5)]
    czech._SUIT_MOVES.clear()
    czech._SUIT_REPS.clear()
    unbounded = [czech.solve(p).values for p in positions]
    assert len(czech._SUIT_REPS) > 600  # these positions meet more suit patterns than the bound below
    monkeypatch.setattr(czech, "SUIT_CACHE_LIMIT", 300)
    czech._SUIT_MOVES.clear()
    czech._SUIT_REPS.clear()
    bounded = []
    for position in positions:
        bounded.append(czech.solve(position).values)
        assert len(czech._SUIT_REPS) <= 300 and len(czech._SUIT_MOVES) <= 300
    assert bounded == unbounded


def test_czech_suit_caches_stay_within_the_shipped_bound():
    assert 1_000 <= czech.SUIT_CACHE_LIMIT <= 20_000  # a few MB at most, more than a search's working set
    for seed in range(1, 9):
        czech.solve(czech_first_lead(seed))
        assert len(czech._SUIT_REPS) <= czech.SUIT_CACHE_LIMIT and len(czech._SUIT_MOVES) <= czech.SUIT_CACHE_LIMIT


@contextmanager
def _no_collector() -> Iterator[None]:
    """The garbage collector off: what is freed is freed as soon as nothing refers to it."""
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def _left_after(search: Callable[[], object]) -> tuple[int, int]:
    """Bytes a finished ``search`` left allocated, and the most it held while it ran (tracemalloc)."""
    search()  # caches that are meant to stay (bounded) are filled first
    with _no_collector():
        tracemalloc.start()
        try:
            search()
            left, peak = tracemalloc.get_traced_memory()
        finally:
            tracemalloc.stop()
    return left, peak


def test_a_finished_czech_search_frees_its_tables_at_once():
    position = czech_first_lead(3)
    left, peak = _left_after(lambda: czech.solve(position))
    assert peak > 500_000  # the transposition table of a full deal
    assert left < peak // 4  # what stays is CPython's free lists of small tuples


def _tables_left_to_the_collector(search: Callable[[], object]) -> list[int]:
    """The sizes of the non-empty dicts a finished ``search`` left for the garbage collector to free."""
    with _no_collector():
        search()
        gc.set_debug(gc.DEBUG_SAVEALL)
        try:
            gc.collect()
        finally:
            gc.set_debug(0)
        left = [len(found) for found in gc.garbage if isinstance(found, dict) and found]
        gc.garbage.clear()
    return left


@pytest.mark.parametrize("module", [czech, source_of(czech)], ids=["installed", "source"])
def test_every_czech_search_leaves_no_table_to_the_collector(module):
    """A search's tables (thousands of entries) sit in a cycle of its closures: each use empties them as it ends,
    whatever the entry point, compiled or not (the compiled solver's ``best_value`` once left them to the
    collector: a practice kernel held 8 MB more)."""
    position = czech_first_lead(3)
    for call in (module.solve, module.best_value, module.declarer_makes_it):
        assert _tables_left_to_the_collector(partial(call, position)) == [], f"{call.__name__} left its tables"


def test_a_finished_trappola_search_frees_its_tables_at_once():
    position = trappola_first_lead(2)
    left, peak = _left_after(lambda: trappola_solve(position))
    assert peak > 500_000
    assert left < peak // 4


def test_trappola_card_points_by_house_rules_stay_bounded():
    """A student may deal with new card points again and again (the house-rules panel): the table of each set is
    kept for the next search, a bounded number of them."""
    for asso in range(101):
        for re in (4, 5):
            points = TrappolaRules.from_dict({"points_asso": asso, "points_re": re}).card_points()
            assert points[ITALIAN.card("As").index] == asso and points[ITALIAN.card("Rs").index] == re
    assert _card_points.cache_info().currsize <= 64
