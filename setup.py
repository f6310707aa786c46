"""The package's one build step beyond pyproject.toml: the exact solvers compiled to C with mypyc.

The two solver modules are the search's hot loop (``bench solver``). mypyc, mypy's compiler, turns the same Python
source into a C extension about 1.7 times faster; nothing else changes, and the ``.py`` source stays the one place
the solver is written. Where no C compiler works (the static site's Pyodide, a bare machine), or with
``BULKA_COMPILE=0`` in the environment, the package installs as pure Python and runs the same code.
"""
from __future__ import annotations

import os

from setuptools import setup

#: The modules compiled: the solvers' searches, which import nothing compiled themselves.
COMPILED = ["bulka_teach/czech/ai/solver.py", "bulka_teach/trappola/ai/solver.py"]


def _extensions() -> list:
    if os.environ.get("BULKA_COMPILE", "1") == "0":
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:  # a build without mypy (say --no-build-isolation in a bare venv): pure Python
        return []
    extensions = mypycify(COMPILED, opt_level="3", group_name="bulka_teach.solvers")
    for extension in extensions:
        extension.optional = True  # a failed compile leaves the pure-Python module, which works the same
    return extensions


setup(ext_modules=_extensions())
