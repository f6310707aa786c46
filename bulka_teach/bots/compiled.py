"""Whether a module runs compiled (setup.py builds the exact solvers with mypyc), and its Python source beside it.

A compiled install imports the C extension. ``source_of`` loads the same module's ``.py`` source under another
name, so that one run can time both (``bench solver``) and the tests can hold both to the same answers.
"""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType


def is_compiled(module: ModuleType) -> bool:
    """Whether ``module`` was imported from a C extension rather than from its ``.py`` source."""
    return not (module.__file__ or "").endswith(".py")


def source_of(module: ModuleType) -> ModuleType:
    """The module run from its ``.py`` source: ``module`` itself when it is not compiled, else a sibling module
    named ``<name>_source`` (its relative imports resolve as the original's do)."""
    if not is_compiled(module):
        return module
    name = f"{module.__name__}_source"
    if name in sys.modules:
        return sys.modules[name]
    path = Path(module.__file__ or "").parent / f"{module.__name__.rpartition('.')[2]}.py"
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise ImportError(f"no Python source beside {module.__file__}")
    source = importlib.util.module_from_spec(spec)
    sys.modules[name] = source
    spec.loader.exec_module(source)
    return source
