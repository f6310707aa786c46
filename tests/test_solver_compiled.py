"""The solvers as installed (compiled by setup.py with mypyc) against their own Python source, card by card.

A compiled install runs the C extension; the static site and a machine without a C compiler run the ``.py`` source.
Both must give every legal card the same value, on full deals and on endings under each house rule that changes
the search. ``source_of`` loads the source under another name, so the pure module runs beside the compiled one.
"""
from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

import bulka_teach.czech.ai.solver as czech_solver
import bulka_teach.trappola.ai.solver as trappola_solver
from bulka_teach.bots.compiled import is_compiled, source_of
from bulka_teach.czech.ai.solver_bench import first_lead as czech_first_lead
from bulka_teach.trappola.ai.solver_bench import first_lead as trappola_first_lead
from bulka_teach.trappola.rules import TrappolaRules
from tests.test_solver import RULES, endgame

CZECH_SOURCE = source_of(czech_solver)
TRAPPOLA_SOURCE = source_of(trappola_solver)


@pytest.mark.skipif(os.environ.get("BULKA_COMPILE") == "0" or shutil.which("cc") is None,
                    reason="the install was asked for pure Python, or this machine has no C compiler")
def test_an_install_with_a_c_compiler_runs_the_compiled_solvers():
    for module in (czech_solver, trappola_solver):
        assert is_compiled(module), f"{module.__name__} runs from its source: {module.__file__}"


def test_a_compiled_solver_is_not_older_than_its_source():
    for module in (czech_solver, trappola_solver):
        if is_compiled(module):
            built, source = Path(module.__file__ or ""), Path(source_of(module).__file__ or "")
            assert built.stat().st_mtime >= source.stat().st_mtime, (
                f"{source} changed after it was compiled: run `pip install -e .` (or scripts/test.sh) again")


@pytest.mark.parametrize("seed", range(1, 9))
def test_czech_full_deals_get_the_same_values_from_the_compiled_solver_and_its_source(seed):
    position = czech_first_lead(seed)
    fast = czech_solver.solve(position)
    pure = CZECH_SOURCE.solve(position)
    assert fast.values == pure.values
    assert fast.nodes == pure.nodes


@pytest.mark.parametrize("rules", RULES)
def test_czech_endings_get_the_same_values_under_every_house_rule(rules):
    compared = 0
    for seed in range(40):
        game = endgame(seed, rules, tricks_left=5)
        if game is None:
            continue
        position = czech_solver.position_from_deal(game.deal)
        assert czech_solver.solve(position).values == CZECH_SOURCE.solve(position).values
        compared += 1
    assert compared >= 10


@pytest.mark.parametrize("seed", range(1, 7))
def test_trappola_full_partien_get_the_same_values_from_the_compiled_solver_and_its_source(seed):
    position = trappola_first_lead(seed)
    rules = TrappolaRules()
    fast = trappola_solver.solve(position, rules)
    pure = TRAPPOLA_SOURCE.solve(position, rules)
    assert fast.values == pure.values
