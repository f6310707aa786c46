"""The static site's Pyodide folder (``site/pyodide_dist.py``) and IPython's wheel (``site/ipython_wheel.py``),
checked on small wheels here, without building the site (``tests/static_site`` opens the built one).

What a learner's page relies on: every module of the wheels imports from the one zip Pyodide starts with, a
namespace package included, with the metadata the game registry reads (entry points); the kernel finds every
package it would otherwise install at start already loaded; ``IPython.embed`` still works once called."""
from __future__ import annotations

import hashlib
import importlib.util
import json
import subprocess
import sys
import zipfile
from pathlib import Path
from types import ModuleType

import pytest

SITE = Path(__file__).resolve().parents[1] / "site"


def script(name: str) -> ModuleType:
    """One of ``site/``'s scripts as a module (``site`` is no package: its name is the standard library's)."""
    sys.path.insert(0, str(SITE))  # ipython_wheel imports its sibling site_wheel
    try:
        spec = importlib.util.spec_from_file_location(f"site_{name}", SITE / f"{name}.py")
        assert spec and spec.loader
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module
    finally:
        sys.path.remove(str(SITE))


def make_zip(path: Path, files: dict[str, str]) -> Path:
    with zipfile.ZipFile(path, "w") as archive:
        for name, text in files.items():
            archive.writestr(name, text)
    return path


def demo_wheel(folder: Path, name: str = "demo", extra: dict[str, str] | None = None) -> Path:
    info = f"{name}-1.2.dist-info"
    return make_zip(folder / f"{name}-1.2-py3-none-any.whl", {
        f"{name}/__init__.py": "VALUE = 'top'\n",
        f"{name}/_vendored/inner.py": "VALUE = 'namespace'\n",  # a namespace package: no __init__.py
        f"{name}-1.2.data/data/share/front-end.js": "// served by the site itself\n",
        f"{info}/METADATA": f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.2\n",
        f"{info}/entry_points.txt": f"[demo.games]\nfirst = {name}:VALUE\n",
        f"{info}/RECORD": "",
        **(extra or {}),
    })


def in_python(zip_path: Path, code: str) -> str:
    """Run ``code`` in a fresh Python with ``zip_path`` first on sys.path, as Pyodide has its standard library."""
    result = subprocess.run([sys.executable, "-c", f"import sys; sys.path.insert(0, {str(zip_path)!r})\n{code}"],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


def test_every_wheel_imports_from_the_one_zip_with_its_entry_points(tmp_path: Path) -> None:
    dist = script("pyodide_dist")
    stdlib = make_zip(tmp_path / "python_stdlib.zip", {"stdlib_demo.py": "VALUE = 'stdlib'\n"})
    target = tmp_path / "out.zip"
    dist.bundle(stdlib, [demo_wheel(tmp_path)], target)
    assert not [n for n in zipfile.ZipFile(target).namelist() if ".data/" in n], "a wheel's .data folder was kept"
    out = in_python(target, "import stdlib_demo, demo, demo._vendored.inner\n"
                            "from importlib.metadata import entry_points, version\n"
                            "print(stdlib_demo.VALUE, demo.VALUE, demo._vendored.inner.VALUE, version('demo'),\n"
                            "      [e.load() for e in entry_points(group='demo.games')])")
    assert out == "stdlib top namespace 1.2 ['top']"


def test_a_file_in_two_wheels_stops_the_build(tmp_path: Path) -> None:
    dist = script("pyodide_dist")
    stdlib = make_zip(tmp_path / "python_stdlib.zip", {"stdlib_demo.py": ""})
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    clash = {"shared.py": "X = 1\n"}
    wheels = [demo_wheel(tmp_path / "a", "first", clash), demo_wheel(tmp_path / "b", "second", clash)]
    with pytest.raises(SystemExit, match="shared.py"):
        dist.bundle(stdlib, wheels, tmp_path / "out.zip")


def test_the_kernel_finds_its_own_packages_loaded_and_installs_nothing(tmp_path: Path) -> None:
    dist = script("pyodide_dist")
    npm = tmp_path / "npm"
    npm.mkdir()
    for name in dist.CORE:
        (npm / name).write_text("runtime")
    (npm / "pyodide-lock.json").write_text(json.dumps({"info": {"version": "0.29.3"}, "packages": {"numpy": {}}}))
    stdlib = make_zip(tmp_path / "python_stdlib.zip", {"stdlib_demo.py": ""})
    out = tmp_path / "pyodide"
    names = dist.build(npm, out, stdlib, [demo_wheel(tmp_path, "ipython")])
    # the names jupyterlite-pyodide-kernel 0.7.0's worker installs at start unless loadPyodideOptions names them
    assert set(names) == {"micropip", "piplite", "sqlite3", "ipykernel", "comm", "pyodide_kernel", "jedi", "ipython"}
    lock = json.loads((out / "pyodide-lock.json").read_text())
    assert lock["info"] == {"version": "0.29.3"}
    assert {entry["name"] for entry in lock["packages"].values()} == set(names)  # nothing else is fetched
    assert lock["packages"]["ipython"]["version"] == "1.2"
    for entry in lock["packages"].values():
        assert entry["sha256"] == hashlib.sha256((out / entry["file_name"]).read_bytes()).hexdigest()
    assert sorted(p.name for p in out.iterdir()) == sorted(
        [*dist.CORE, "pyodide-lock.json", "python_stdlib.zip", dist.STAND_IN])
    assert in_python(out / "python_stdlib.zip", "import ipython; print(ipython.VALUE)") == "top"


def test_ipython_embed_is_imported_when_called(tmp_path: Path) -> None:
    wheel_script = script("ipython_wheel")
    init = '"""IPython."""\nfrom .core import release\nfrom .terminal.embed import embed\n\n__all__ = ["embed"]\n'
    wheel = make_zip(tmp_path / "ipython-9.0.2-py3-none-any.whl", {
        "IPython/__init__.py": init,
        "IPython/core/__init__.py": "",
        "IPython/core/release.py": "",
        "IPython/terminal/__init__.py": "",
        "IPython/terminal/embed.py": "import sys\ndef embed(*args, **kwargs):\n    return ('embedded', args, kwargs)\n",
        "ipython-9.0.2.dist-info/RECORD": "IPython/__init__.py,sha256=old,1\nIPython/core/release.py,,\n",
    })
    wheel_script.lazy_embed(wheel)
    out = in_python(wheel, "import sys, IPython\n"
                           "print('IPython.terminal.embed' in sys.modules, IPython.embed(1, header='h'))")
    assert out == "False ('embedded', (1,), {'header': 'h'})"
    record = zipfile.ZipFile(wheel).read("ipython-9.0.2.dist-info/RECORD").decode()
    assert "sha256=old" not in record and "IPython/core/release.py,," in record

    (tmp_path / "other").mkdir()
    changed = make_zip(tmp_path / "other" / wheel.name, {"IPython/__init__.py": "from .terminal import embed\n"})
    with pytest.raises(SystemExit, match="does not import embed as expected"):
        wheel_script.lazy_embed(changed)
