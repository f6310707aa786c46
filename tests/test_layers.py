"""The package's layers (``[tool.importlinter]`` in pyproject.toml) and the static checks that hold its contracts.

Every arrow points one way: the command line, the table, the shared tables, the games, the bots, the core. The core
knows no game, no game knows another or the table, and nothing below the table imports Jupyter.
"""
from __future__ import annotations

import ast
import os
import pathlib
import shutil
import subprocess
import sys
import tomllib

import pytest

ROOT = pathlib.Path(__file__).parents[1]
PACKAGE = ROOT / "bulka_teach"
BIN = pathlib.Path(sys.executable).parent
CORE = ("bulka_teach", "bulka_teach.cards", "bulka_teach.dealing", "bulka_teach.records", "bulka_teach.game",
        "bulka_teach.events", "bulka_teach.errors", "bulka_teach.house_rules", "bulka_teach.registry",
        "bulka_teach.referee", "bulka_teach.quoting")
GAMES = ("bulka_teach.czech", "bulka_teach.trappola", "bulka_teach.bouillotte")
#: Imports inside a function, each for a reason that is not an import circle.
FUNCTION_IMPORTS: dict[tuple[str, str], str] = {
    ("table/url.py", "tornado.websocket"): "the static site's kernel (Pyodide) has no tornado; only a preheated "
                                           "Voilà kernel waits for its request",
    ("table/classmates.py", "."): "the shared tables' client needs tornado, which the static site's kernel lacks: "
                                  "imported once a page talks to a class server",
    ("classroom/store.py", "psycopg"): "PostgreSQL is optional (the postgres extra): a class on SQLite, the "
                                       "default, never needs it",
}
#: What a server has and the static site's browser kernel does not (site/requirements-pyodide.txt).
SERVER_ONLY = ("tornado", "zmq", "voila", "jupyter_server", "nbconvert", "psutil")


def lint_imports(cwd: pathlib.Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(BIN / "lint-imports"), "--no-cache"], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=300)


def test_the_import_contracts_are_kept():
    result = lint_imports(ROOT)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]
    assert "4 kept, 0 broken" in result.stdout


@pytest.mark.parametrize("module, line", [
    ("cards.py", "from . import czech  # the core importing a game"),
    ("czech/rules.py", "from .. import table  # a game importing the table"),
    ("bots/base.py", "import ipywidgets  # the bots importing Jupyter"),
    ("trappola/__init__.py", "from .. import czech  # one game importing another"),
    ("czech/melds.py", "from . import deal  # a circle: deal imports melds"),
    ("tables/seating.py", "from .. import table  # the shared tables importing the notebook's table"),
    ("tables/service.py", "import ipywidgets  # the shared tables importing Jupyter"),
])
def test_a_wrong_arrow_breaks_a_contract(tmp_path, module, line):
    """The contracts can fail: a copy of the package with one wrong import does not pass."""
    shutil.copytree(PACKAGE, tmp_path / "bulka_teach", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    target = tmp_path / "bulka_teach" / module
    target.write_text(target.read_text(encoding="utf-8") + f"\n{line}\n", encoding="utf-8")
    result = lint_imports(tmp_path, dict(os.environ, PYTHONPATH=str(tmp_path)))
    assert result.returncode != 0 and "BROKEN" in result.stdout, result.stdout[-2000:]


def test_importing_the_core_loads_no_game_table_or_bot():
    code = ("import sys\n" + "".join(f"import {m}\n" for m in CORE)
            + "print(sorted(m for m in sys.modules if m.startswith('bulka_teach.')))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, cwd=ROOT)
    loaded = ast.literal_eval(result.stdout.strip())
    assert not [m for m in loaded if m.startswith((*GAMES, "bulka_teach.table", "bulka_teach.bots"))], loaded


def test_a_game_is_loaded_when_it_is_asked_for():
    code = ("import sys\nfrom bulka_teach import Record\n"
            "Record(game='czech-bulka', players=('Ann', 'Ben'), seed=1).start()\n"
            "print(sorted({m.split('.')[1] for m in sys.modules if m.startswith('bulka_teach.')}))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, cwd=ROOT)
    loaded = ast.literal_eval(result.stdout.strip())
    assert "czech" in loaded and "table" not in loaded and "trappola" not in loaded, loaded


def test_the_table_imports_in_the_static_sites_kernel():
    """The site's Pyodide kernel has none of the server's packages: importing the table must not need them."""
    code = ("import sys\n" + "".join(f"sys.modules[{m!r}] = None\n" for m in SERVER_ONLY)
            + "import bulka_teach.table, bulka_teach.czech.stacking\nprint('ok')")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert result.stdout.strip() == "ok", result.stderr[-2000:]


@pytest.mark.parametrize("service, option", [("tables", "--stand-in-after"), ("class", "--base-url")])
def test_the_hub_services_serve_on_their_own_without_jupyter(service, option):
    """A JupyterHub service runs in the hub's image, which has tornado and none of the lessons' Jupyter packages."""
    jupyter = ("ipywidgets", "anywidget", "traitlets", "IPython", "ipykernel", "comm", "voila", "jupyter_client",
               "jupyter_server")
    code = ("import sys\n" + "".join(f"sys.modules[{m!r}] = None\n" for m in jupyter)
            + f"sys.argv = ['serve', {service!r}, '--help']\nimport runpy\n"
            + "runpy.run_module('bulka_teach.serve', run_name='__main__')")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert result.returncode == 0 and option in result.stdout, result.stderr[-2000:]


def test_no_import_hides_inside_a_function():
    """Imports sit at the top of a module (or under TYPE_CHECKING), so the import graph above is the whole truth."""
    found = set()
    for path in PACKAGE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                for inner in ast.walk(node):
                    if isinstance(inner, ast.Import | ast.ImportFrom):
                        module = inner.module if isinstance(inner, ast.ImportFrom) else inner.names[0].name
                        found.add((path.relative_to(PACKAGE).as_posix(), "." * getattr(inner, "level", 0)
                                   + (module or "")))
    assert found == set(FUNCTION_IMPORTS), sorted(found - set(FUNCTION_IMPORTS))


def test_every_package_is_in_the_built_wheel():
    """pyproject.toml lists the packages a wheel (the static site's, a pip install) holds: every folder with an
    ``__init__.py`` must be there, or only an editable install finds it."""
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["packages"])
    found = {".".join(p.parent.relative_to(ROOT).parts) for p in PACKAGE.rglob("__init__.py")}
    assert found <= listed, sorted(found - listed)


def test_the_package_is_marked_typed():
    assert (PACKAGE / "py.typed").exists()


def test_mypy_finds_no_error():
    result = subprocess.run([str(BIN / "mypy"), "bulka_teach"], cwd=ROOT, capture_output=True, text=True,
                            timeout=600)
    assert result.returncode == 0, result.stdout[-4000:]


def test_ruff_finds_nothing():
    result = subprocess.run([str(BIN / "ruff"), "check", "."], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout[-4000:]
