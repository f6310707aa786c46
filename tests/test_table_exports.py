"""``bulka_teach.table`` exports its names lazily (PEP 562): every name of ``__all__`` resolves to what its module
defines, and a page that asks for the practice table and a quiz imports neither the steppers', the puzzles', pass
and play's, the classmates' table nor the pictures' modules (in the static site every imported module costs each
learner's page its start)."""
from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

import bulka_teach.table as table

# the modules a practice page (`from bulka_teach.table import Practice, Quiz`) does not need
NOT_FOR_PRACTICE = ("classmates", "hotseat", "seats_form", "stepper", "puzzle", "pictures", "browser_store",
                    "table_client", "bench")


@pytest.mark.parametrize("name", table.__all__)
def test_every_exported_name_resolves_to_its_modules_object(name: str) -> None:
    value = getattr(table, name)
    module = importlib.import_module(value.__module__)
    assert module.__name__.startswith("bulka_teach.table.")
    assert getattr(module, name) is value
    assert name in dir(table)


def test_from_import_of_every_name_and_an_unknown_name() -> None:
    namespace: dict[str, object] = {}
    exec("from bulka_teach.table import *", namespace)
    assert set(table.__all__) <= set(namespace)
    with pytest.raises(AttributeError, match="NoSuchTable"):
        table.NoSuchTable  # noqa: B018
    with pytest.raises(ImportError):
        exec("from bulka_teach.table import NoSuchTable", {})


def test_the_practice_table_imports_none_of_the_other_tables() -> None:
    code = ("import sys\n"
            "from bulka_teach.table import Practice, Quiz\n"
            "print(' '.join(sorted(m.rsplit('.', 1)[1] for m in sys.modules if m.startswith('bulka_teach.table.'))))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    imported = set(result.stdout.split())
    assert {"practice", "quiz", "widget"} <= imported
    assert not imported & set(NOT_FOR_PRACTICE), f"the practice table imported {imported & set(NOT_FOR_PRACTICE)}"
